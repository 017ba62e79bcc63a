// RUN: tg-opt %s --tg-emulate-narrow-floats | FileCheck %s

// bf16 arithmetic is f32 arithmetic on the widened bits, rounded back to
// nearest even by integer arithmetic, NaN kept NaN.
// CHECK-LABEL: func.func @add
//  CHECK-SAME:   (%[[A:.*]]: bf16, %[[B:.*]]: bf16)
//   CHECK-DAG:   %[[BB:.*]] = arith.bitcast %[[B]] : bf16 to i16
//   CHECK-DAG:   %[[AB:.*]] = arith.bitcast %[[A]] : bf16 to i16
//       CHECK:   %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
//       CHECK:   %[[NAN:.*]] = arith.cmpf une, %[[SUM]], %[[SUM]] : f32
//       CHECK:   %[[ROUNDED:.*]] = arith.trunci %{{.*}} : i32 to i16
//       CHECK:   %[[BITS:.*]] = arith.select %[[NAN]], %{{.*}}, %[[ROUNDED]] : i16
//       CHECK:   %[[R:.*]] = arith.bitcast %[[BITS]] : i16 to bf16
//       CHECK:   return %[[R]]
//   CHECK-NOT:   bf16 to f32
func.func @add(%a: bf16, %b: bf16) -> bf16 {
  %r = arith.addf %a, %b : bf16
  return %r : bf16
}

// bf16 to f64 goes through f32: the bits shifted into an f32, then extf.
// CHECK-LABEL: func.func @widen
//       CHECK:   %[[BITS:.*]] = arith.bitcast %{{.*}} : bf16 to i16
//       CHECK:   %[[WIDE:.*]] = arith.extui %[[BITS]] : i16 to i32
//       CHECK:   %[[SHIFTED:.*]] = arith.shli %[[WIDE]], %{{.*}} : i32
//       CHECK:   %[[F32:.*]] = arith.bitcast %[[SHIFTED]] : i32 to f32
//       CHECK:   %[[F64:.*]] = arith.extf %[[F32]] : f32 to f64
//       CHECK:   return %[[F64]]
func.func @widen(%a: bf16) -> f64 {
  %r = arith.extf %a : bf16 to f64
  return %r : f64
}

// f32 and f64 arithmetic and f32 to f64 are left alone.
// CHECK-LABEL: func.func @wide
//  CHECK-NEXT:   %[[S:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
//  CHECK-NEXT:   %[[E:.*]] = arith.extf %[[S]] : f32 to f64
//  CHECK-NEXT:   return %[[E]]
func.func @wide(%a: f32, %b: f32) -> f64 {
  %s = arith.addf %a, %b : f32
  %r = arith.extf %s : f32 to f64
  return %r : f64
}
