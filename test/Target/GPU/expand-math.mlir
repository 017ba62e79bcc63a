// RUN: tg-opt %s --pass-pipeline='builtin.module(gpu.module(tg-gpu-expand-math))' --split-input-file | FileCheck %s

// A signed power: by squaring in a loop for n >= 0; 1, ±1 or 0 for n < 0.
// CHECK-LABEL: func.func @signed
//  CHECK-SAME:   (%[[X:.*]]: i32, %[[N:.*]]: i32)
//   CHECK-NOT:   math.ipowi
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : i32
//   CHECK-DAG:   %[[ONE:.*]] = arith.constant 1 : i32
//   CHECK-DAG:   %[[MINUS:.*]] = arith.constant -1 : i32
//       CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[N]], %[[ZERO]]
//       CHECK:   %[[ODD:.*]] = arith.trunci %[[N]] : i32 to i1
//       CHECK:   %[[SIGN:.*]] = arith.select %[[ODD]], %[[MINUS]], %[[ONE]]
//       CHECK:   %[[IS1:.*]] = arith.cmpi eq, %[[X]], %[[ONE]]
//       CHECK:   %[[ISM1:.*]] = arith.cmpi eq, %[[X]], %[[MINUS]]
//       CHECK:   %[[OFM1:.*]] = arith.select %[[ISM1]], %[[SIGN]], %[[ZERO]]
//       CHECK:   %[[RECIP:.*]] = arith.select %[[IS1]], %[[ONE]], %[[OFM1]]
//       CHECK:   %[[E:.*]] = arith.select %[[NEG]], %[[ZERO]], %[[N]]
//       CHECK:   %[[LOOP:.*]]:3 = scf.while (%[[R:.*]] = %[[ONE]], %[[B:.*]] = %[[X]], %[[REST:.*]] = %[[E]])
//       CHECK:     %[[MORE:.*]] = arith.cmpi ne, %[[REST]], %[[ZERO]]
//       CHECK:     scf.condition(%[[MORE]]) %[[R]], %[[B]], %[[REST]]
//       CHECK:   do {
//       CHECK:     %[[BIT:.*]] = arith.trunci %{{.*}} : i32 to i1
//       CHECK:     %[[TIMES:.*]] = arith.muli
//       CHECK:     %[[NEXT:.*]] = arith.select %[[BIT]], %[[TIMES]]
//       CHECK:     %[[SQUARE:.*]] = arith.muli
//       CHECK:     %[[HALF:.*]] = arith.shrui
//       CHECK:     scf.yield %[[NEXT]], %[[SQUARE]], %[[HALF]]
//       CHECK:   %[[RESULT:.*]] = arith.select %[[NEG]], %[[RECIP]], %[[LOOP]]#0
//       CHECK:   return %[[RESULT]]
gpu.module @tg_kernels {
  func.func @signed(%x: i32, %n: i32) -> i32 {
    %r = math.ipowi %x, %n : i32
    return %r : i32
  }
}

// -----

// An unsigned power, written as a power of zero-extended operands truncated
// back, is computed in the narrow type: no i128, no negative branch.
// CHECK-LABEL: func.func @unsigned
//  CHECK-SAME:   (%[[X:.*]]: i64, %[[N:.*]]: i64)
//   CHECK-NOT:   i128
//   CHECK-NOT:   cmpi slt
//       CHECK:   %[[LOOP:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[X]], %{{.*}} = %[[N]]) : (i64, i64, i64)
//       CHECK:   return %[[LOOP]]#0, %[[LOOP]]#0
gpu.module @tg_kernels {
  func.func @unsigned(%x: i64, %n: i64) -> (i64, i64) {
    %wx = arith.extui %x : i64 to i128
    %wn = arith.extui %n : i64 to i128
    %p = math.ipowi %wx, %wn : i128
    %r = arith.trunci %p : i128 to i64
    %s = arith.trunci %p : i128 to i64
    return %r, %s : i64, i64
  }
}

// -----

// Left alone: a wide power used wide (it is expanded as a signed power of
// its own type), vector powers, and functions outside a gpu.module.
// CHECK-LABEL: func.func @used_wide
//       CHECK:   scf.while {{.*}} : (i64, i64, i64)
//       CHECK:   arith.trunci
// CHECK-LABEL: func.func @vector
//       CHECK:   math.ipowi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-LABEL: func.func @host
//       CHECK:   math.ipowi
gpu.module @tg_kernels {
  func.func @used_wide(%x: i32, %n: i32) -> (i32, i64) {
    %wx = arith.extui %x : i32 to i64
    %wn = arith.extui %n : i32 to i64
    %p = math.ipowi %wx, %wn : i64
    %r = arith.trunci %p : i64 to i32
    return %r, %p : i32, i64
  }
  func.func @vector(%x: vector<4xi32>, %n: vector<4xi32>) -> vector<4xi32> {
    %r = math.ipowi %x, %n : vector<4xi32>
    return %r : vector<4xi32>
  }
}
func.func @host(%x: i32, %n: i32) -> i32 {
  %r = math.ipowi %x, %n : i32
  return %r : i32
}
