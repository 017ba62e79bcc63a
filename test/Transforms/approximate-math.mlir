// RUN: tg-opt %s --tg-approximate-math | FileCheck %s
// RUN: tg-opt %s --tg-approximate-math=ldexp=true | FileCheck %s --check-prefix=LDEXP

// f32 exp2: 2^n · p(x − n) with n = round(x), p a polynomial of degree 6
// (six fused multiply-adds) and 2^n two exponent-bit constructions; no libm
// call is left.
// CHECK-LABEL: func.func @exp2_f32
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-DAG: %[[LOW:.*]] = arith.constant -3.000000e+02 : f32
// CHECK-DAG: %[[HIGH:.*]] = arith.constant 3.000000e+02 : f32
// CHECK: %[[CLAMPED:.*]] = arith.minimumf %[[X]], %[[HIGH]]
// CHECK: %[[XC:.*]] = arith.maximumf %[[CLAMPED]], %[[LOW]]
// CHECK: %[[N:.*]] = math.roundeven %[[XC]] : f32
// CHECK: %[[F:.*]] = arith.subf %[[XC]], %[[N]]
// CHECK-COUNT-6: math.fma {{.*}}, %[[F]], {{.*}} : f32
// CHECK: arith.fptosi
// CHECK: arith.shrsi
// CHECK: arith.shli
// CHECK-NOT: math.exp
// CHECK: return
// With ldexp (AVX-512), the same polynomial scaled by llvm.ldexp in one
// step; its exponent n, clamped, with NaN's taken as 0.
// LDEXP-LABEL: func.func @exp2_f32
// LDEXP-COUNT-6: math.fma
// LDEXP: %[[E:.*]] = arith.fptosi {{.*}} : f32 to i32
// LDEXP: llvm.call_intrinsic "llvm.ldexp"(%{{.*}}, %[[E]]) : (f32, i32) -> f32
// LDEXP-NOT: arith.shli
// LDEXP: return
func.func @exp2_f32(%x: f32) -> f32 {
  %y = math.exp2 %x : f32
  return %y : f32
}

// f32 log2: subnormal arguments are scaled by 2^24 first.
// CHECK-LABEL: func.func @log2_f32
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-DAG: %[[TINY:.*]] = arith.constant 1.17549435E-38 : f32
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 0x4B800000 : f32
// CHECK: %[[SUB:.*]] = arith.cmpf olt, %[[X]], %[[TINY]]
// CHECK: %[[SCALED:.*]] = arith.mulf %[[X]], %[[SCALE]]
// CHECK: arith.select %[[SUB]], %[[SCALED]], %[[X]]
// CHECK-NOT: math.log2
// CHECK: return
func.func @log2_f32(%x: f32) -> f32 {
  %y = math.log2 %x : f32
  return %y : f32
}

// Vectors get the same polynomials.
// CHECK-LABEL: func.func @exp2_log2_vector
// CHECK-NOT: math.exp
// CHECK-NOT: math.log2
// CHECK: return
func.func @exp2_log2_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %y = math.exp2 %x : vector<16xf32>
  %z = math.log2 %y : vector<16xf32>
  return %z : vector<16xf32>
}

// With ldexp, a vector of two axes is scaled as LLVM's one-axis vector.
// LDEXP-LABEL: func.func @exp2_matrix
// LDEXP: %[[P:.*]] = vector.shape_cast %{{.*}} : vector<4x2xf32> to vector<8xf32>
// LDEXP: %[[E:.*]] = vector.shape_cast %{{.*}} : vector<4x2xi32> to vector<8xi32>
// LDEXP: %[[S:.*]] = llvm.call_intrinsic "llvm.ldexp"(%[[P]], %[[E]]) : (vector<8xf32>, vector<8xi32>) -> vector<8xf32>
// LDEXP: vector.shape_cast %[[S]] : vector<8xf32> to vector<4x2xf32>
func.func @exp2_matrix(%x: vector<4x2xf32>) -> vector<4x2xf32> {
  %y = math.exp2 %x : vector<4x2xf32>
  return %y : vector<4x2xf32>
}

// Other types and functions keep their exact libm calls.
// CHECK-LABEL: func.func @kept
// CHECK: math.exp2 %{{.*}} : f64
// CHECK: math.log2 %{{.*}} : f64
// CHECK: math.sin %{{.*}} : f32
func.func @kept(%x: f64, %s: f32) -> (f64, f32) {
  %y = math.exp2 %x : f64
  %z = math.log2 %y : f64
  %w = math.sin %s : f32
  return %z, %w : f64, f32
}
