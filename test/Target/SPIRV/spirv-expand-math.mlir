// RUN: tg-opt %s --pass-pipeline='builtin.module(gpu.module(tg-spirv-expand-math))' --split-input-file | FileCheck %s

// max: NaN if unordered, the and of the bits if equal (max(-0, +0) = +0),
// else the greater; min: the or of the bits (-0) and the lesser.
// CHECK-LABEL: func.func @extrema
//  CHECK-SAME:   (%[[X:.*]]: f32, %[[Y:.*]]: f32)
//       CHECK:   %[[XB:.*]] = arith.bitcast %[[X]] : f32 to i32
//       CHECK:   %[[YB:.*]] = arith.bitcast %[[Y]] : f32 to i32
//       CHECK:   %[[AND:.*]] = arith.andi %[[XB]], %[[YB]] : i32
//       CHECK:   %[[EQ:.*]] = arith.cmpf oeq, %[[X]], %[[Y]]
//       CHECK:   %[[SAME:.*]] = arith.bitcast %[[AND]] : i32 to f32
//       CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]]
//       CHECK:   %[[PICK:.*]] = arith.select %[[GT]], %[[X]], %[[Y]]
//       CHECK:   %[[ORDERED:.*]] = arith.select %[[EQ]], %[[SAME]], %[[PICK]]
//       CHECK:   %[[UNO:.*]] = arith.cmpf uno, %[[X]], %[[Y]]
//       CHECK:   %[[MAX:.*]] = arith.select %[[UNO]], %{{.*}}, %[[ORDERED]]
//       CHECK:   arith.ori
//       CHECK:   arith.cmpf olt, %[[X]], %[[Y]]
//       CHECK:   arith.cmpf uno, %[[X]], %[[Y]]
//       CHECK:   %[[MIN:.*]] = arith.select
//       CHECK:   return %[[MAX]], %[[MIN]]
gpu.module @tg_kernels {
  func.func @extrema(%x: f32, %y: f32) -> (f32, f32) {
    %max = arith.maximumf %x, %y : f32
    %min = arith.minimumf %x, %y : f32
    return %max, %min : f32, f32
  }
}

// -----

// pow on f32: exp2(y·log2|x|) in f64, both expanded to f64 polynomials
// (Taylor series of 2^f, atanh series of ln m), rounded back to f32, with
// C's special cases by selects.
// CHECK-LABEL: func.func @pow
//  CHECK-SAME:   (%[[X:.*]]: f32, %[[Y:.*]]: f32)
//   CHECK-NOT:   math.powf
//   CHECK-NOT:   math.exp2
//   CHECK-NOT:   math.log2
//   CHECK-NOT:   spirv.GL.Pow
//       CHECK:   arith.extf %[[Y]] : f32 to f64
//       CHECK:   arith.divf {{.*}} : f64
//       CHECK:   arith.fptosi {{.*}} : f64 to i64
//       CHECK:   arith.shli {{.*}} : i64
//       CHECK:   arith.truncf {{.*}} : f64 to f32
//       CHECK:   arith.cmpf uno, %[[X]], %[[Y]]
//       CHECK:   return
gpu.module @tg_kernels {
  func.func @pow(%x: f32, %y: f32) -> f32 {
    %r = math.powf %x, %y : f32
    return %r : f32
  }
}

// -----

// sin on f32: Payne-Hanek reduction in 64-bit integers (the words of 1/2π
// chosen by selects), then GLSL's Sin or Cos of the remainder; GLSL's Sin
// directly for |x| < 1; NaN for inf and NaN.
// CHECK-LABEL: func.func @sin
//   CHECK-NOT:   math.sin
//   CHECK-DAG:   arith.constant 683565275 : i64
//   CHECK-DAG:   arith.muli {{.*}} : i64
//   CHECK-DAG:   arith.uitofp {{.*}} : i64 to f64
//   CHECK-DAG:   spirv.GL.Cos {{.*}} : f32
//   CHECK-DAG:   spirv.GL.Sin {{.*}} : f32
//       CHECK:   return
gpu.module @tg_kernels {
  func.func @sin(%x: f32) -> f32 {
    %r = math.sin %x : f32
    return %r : f32
  }
}

// -----

// Signed remainder: of the magnitudes, unsigned, with the dividend's sign.
// CHECK-LABEL: func.func @remainder
//  CHECK-SAME:   (%[[X:.*]]: i8, %[[Y:.*]]: i8)
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : i8
//       CHECK:   %[[XNEG:.*]] = arith.cmpi slt, %[[X]], %[[ZERO]]
//       CHECK:   %[[MX:.*]] = arith.subi %[[ZERO]], %[[X]]
//       CHECK:   %[[AX:.*]] = arith.select %[[XNEG]], %[[MX]], %[[X]]
//       CHECK:   %[[AY:.*]] = arith.select
//       CHECK:   %[[R:.*]] = arith.remui %[[AX]], %[[AY]] : i8
//       CHECK:   %[[MR:.*]] = arith.subi %[[ZERO]], %[[R]]
//       CHECK:   arith.select %{{.*}}, %[[MR]], %[[R]]
gpu.module @tg_kernels {
  func.func @remainder(%x: i8, %y: i8) -> i8 {
    %r = arith.remsi %x, %y : i8
    return %r : i8
  }
}

// -----

// trunc: ceil or floor on f32; on f64 (no SPIR-V floor and ceil) through
// an integer, with x's sign bit put back (trunc(-0.5) = -0).
// CHECK-LABEL: func.func @trunc
//  CHECK-SAME:   (%[[X:.*]]: f32, %[[D:.*]]: f64)
//       CHECK:   %[[NEG:.*]] = arith.cmpf olt, %[[X]]
//       CHECK:   %[[C:.*]] = math.ceil %[[X]]
//       CHECK:   %[[F:.*]] = math.floor %[[X]]
//       CHECK:   %[[T:.*]] = arith.select %[[NEG]], %[[C]], %[[F]]
//       CHECK:   %[[I:.*]] = arith.fptosi %[[D]] : f64 to i64
//       CHECK:   %[[W:.*]] = arith.sitofp %[[I]] : i64 to f64
//       CHECK:   arith.andi
//       CHECK:   arith.ori
//       CHECK:   return %[[T]]
gpu.module @tg_kernels {
  func.func @trunc(%x: f32, %d: f64) -> (f32, f64) {
    %t = math.trunc %x : f32
    %u = math.trunc %d : f64
    return %t, %u : f32, f64
  }
}

// -----

// Left alone: vector ops, unsigned remainders, and functions outside a
// gpu.module.
// CHECK-LABEL: func.func @kept
//       CHECK:   arith.maximumf %{{.*}} : vector<4xf32>
//       CHECK:   math.sin %{{.*}} : vector<2xf64>
//       CHECK:   arith.remui
//       CHECK:   arith.remsi %{{.*}} : vector<4xi32>
// CHECK-LABEL: func.func @host
//       CHECK:   arith.maximumf
//       CHECK:   math.powf
gpu.module @tg_kernels {
  func.func @kept(%v: vector<4xf32>, %u: vector<4xf32>, %d: vector<2xf64>, %a: i32, %b: i32, %w: vector<4xi32>) -> (vector<4xf32>, vector<2xf64>, i32, vector<4xi32>) {
    %m = arith.maximumf %v, %u : vector<4xf32>
    %s = math.sin %d : vector<2xf64>
    %r = arith.remui %a, %b : i32
    %q = arith.remsi %w, %w : vector<4xi32>
    return %m, %s, %r, %q : vector<4xf32>, vector<2xf64>, i32, vector<4xi32>
  }
}
func.func @host(%x: f32, %y: f32) -> (f32, f32) {
  %m = arith.maximumf %x, %y : f32
  %p = math.powf %x, %y : f32
  return %m, %p : f32, f32
}

// -----

// x / ±0 with a constant divisor: ±inf with x's sign (flipped for -0), NaN
// for x = 0 or NaN, by selects: lavapipe folds the division itself to 0.
// A divisor that is not a constant zero is left alone.
// CHECK-LABEL: func.func @divide_by_zero
//  CHECK-SAME:   (%[[X:.*]]: f32, %[[Y:.*]]: f32)
//   CHECK-DAG:   %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
//   CHECK-DAG:   %[[INF:.*]] = arith.constant 0x7F800000 : f32
//   CHECK-DAG:   %[[NINF:.*]] = arith.constant 0xFF800000 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[NEG:.*]] = arith.cmpi slt
//       CHECK:   %[[SIGNED:.*]] = arith.select %[[NEG]], %[[NINF]], %[[INF]]
//       CHECK:   %[[NONZERO:.*]] = arith.cmpf one, %[[X]], %[[ZERO]]
//       CHECK:   %[[BYPLUS:.*]] = arith.select %[[NONZERO]], %[[SIGNED]], %[[NAN]]
//       CHECK:   %[[NEG2:.*]] = arith.cmpi slt
//       CHECK:   %[[FLIPPED:.*]] = arith.select %[[NEG2]], %[[INF]], %[[NINF]]
//       CHECK:   %[[BYMINUS:.*]] = arith.select %{{.*}}, %[[FLIPPED]], %[[NAN]]
//       CHECK:   %[[KEPT:.*]] = arith.divf %[[X]], %[[Y]]
//       CHECK:   %[[BYTWO:.*]] = arith.divf %[[X]], %{{.*}}
//       CHECK:   return %[[BYPLUS]], %[[BYMINUS]], %[[KEPT]], %[[BYTWO]]
gpu.module @tg_kernels {
  func.func @divide_by_zero(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
    %zero = arith.constant 0.0 : f32
    %negative_zero = arith.constant -0.0 : f32
    %two = arith.constant 2.0 : f32
    %0 = arith.divf %x, %zero : f32
    %1 = arith.divf %x, %negative_zero : f32
    %2 = arith.divf %x, %y : f32
    %3 = arith.divf %x, %two : f32
    return %0, %1, %2, %3 : f32, f32, f32, f32
  }
}

// -----

// sin on f64: no GLSL; Taylor series on [-π/4, π/4], larger |x| reduced by
// Payne-Hanek with six 32-bit limbs of 1/2π (the table's last word only the
// largest exponents reach), the remainder times π/2 as a pair (π/2's rest).
// CHECK-LABEL: func.func @sin_f64
//   CHECK-NOT:   math.sin
//   CHECK-NOT:   spirv.GL
//   CHECK-DAG:   arith.constant 360762385 : i64
//   CHECK-DAG:   arith.constant 6.123233995736766E-17 : f64
//   CHECK-DAG:   arith.constant 0.78539816339744828 : f64
//   CHECK-DAG:   arith.shrsi {{.*}} : i64
//   CHECK-DAG:   arith.sitofp {{.*}} : i64 to f64
//       CHECK:   return
gpu.module @tg_kernels {
  func.func @sin_f64(%x: f64) -> f64 {
    %r = math.sin %x : f64
    return %r : f64
  }
}

// -----

// sqrt on f64: Newton from the f32 root, then one correction by the exact
// residual m − y², y² split by Dekker's product (2^27 + 1).
// CHECK-LABEL: func.func @sqrt_f64
//   CHECK-NOT:   math.sqrt {{.*}} : f64
//   CHECK-DAG:   math.sqrt {{.*}} : f32
//   CHECK-DAG:   arith.constant 0x41A0000002000000 : f64
//       CHECK:   return
gpu.module @tg_kernels {
  func.func @sqrt_f64(%x: f64) -> f64 {
    %r = math.sqrt %x : f64
    return %r : f64
  }
}

// -----

// pow on f64: y·log2|x| as a pair (log2 with log2(e)'s rest, the product by
// Dekker's method), then 2^(high + low): no single f64 holds y·log2|x|.
// CHECK-LABEL: func.func @pow_f64
//   CHECK-NOT:   math.powf
//   CHECK-NOT:   math.log2
//   CHECK-NOT:   math.exp2
//   CHECK-DAG:   arith.constant 2.0355273740931033E-17 : f64
//   CHECK-DAG:   arith.constant 0x41A0000002000000 : f64
//       CHECK:   return
gpu.module @tg_kernels {
  func.func @pow_f64(%x: f64, %y: f64) -> f64 {
    %r = math.powf %x, %y : f64
    return %r : f64
  }
}
