// RUN: tg-opt %s --tg-approximate-math | FileCheck %s
// RUN: tg-opt %s --tg-approximate-math=round-by-adding=true | FileCheck %s --check-prefix=ADDING
// RUN: tg-opt %s --tg-approximate-math=scalef=true | FileCheck %s --check-prefix=SCALEF

// f32 exp2: 2^n · p(x − n) with n = round(x), p a polynomial of degree 6
// (six fused multiply-adds) and 2^n two exponent-bit constructions; no libm
// call is left. x is clamped to [-252, 254] by selects (x86's
// one-instruction minps and maxps, NaN kept); n is converted to an integer
// with NaN taken as 0 (arith.fptosi of NaN is poison).
// CHECK-LABEL: func.func @exp2_f32
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-DAG: %[[LOW:.*]] = arith.constant -2.520000e+02 : f32
// CHECK-DAG: %[[HIGH:.*]] = arith.constant 2.540000e+02 : f32
// CHECK: %[[ABOVE:.*]] = arith.cmpf olt, %[[HIGH]], %[[X]]
// CHECK: %[[CLAMPED:.*]] = arith.select %[[ABOVE]], %[[HIGH]], %[[X]]
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[CLAMPED]], %[[LOW]]
// CHECK: %[[XC:.*]] = arith.select %[[BELOW]], %[[LOW]], %[[CLAMPED]]
// CHECK: %[[N:.*]] = math.roundeven %[[XC]] : f32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[N]], %[[N]]
// CHECK: %[[DEFINED:.*]] = arith.select %[[NAN]], %{{.*}}, %[[N]]
// CHECK: %[[K:.*]] = arith.fptosi %[[DEFINED]] : f32 to i32
// CHECK: %[[F:.*]] = arith.subf %[[XC]], %[[N]]
// CHECK-COUNT-6: math.fma {{.*}}, %[[F]], {{.*}} : f32
// CHECK: arith.shrsi %[[K]]
// CHECK: arith.shli
// CHECK-NOT: math.exp
// CHECK: return
// With round-by-adding (the CPU's): when |x| ≤ 125 (every lane's, compared
// as integer bits, the largest of a vector's: a NaN's exceed every
// number's), 2^n · p is a normal float and n, rounded and converted as it
// is (never NaN there), goes straight into p's exponent bits.
// Otherwise the clamp and the halves, n rounded by adding and subtracting
// 1.5 · 2^23, whose sum's bits hold n: no roundeven, NaN guard or fptosi.
// ADDING-LABEL: func.func @exp2_f32
// ADDING-SAME: (%[[X:.*]]: f32)
// ADDING-DAG: %[[SIGNLESS:.*]] = arith.constant 2147483647 : i32
// ADDING-DAG: %[[BOUND:.*]] = arith.constant 1123680256 : i32
// ADDING-DAG: %[[SHIFT:.*]] = arith.constant 0x4B400000 : f32
// ADDING-DAG: %[[SHIFTBITS:.*]] = arith.constant 1262485504 : i32
// ADDING: %[[XBITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// ADDING: %[[MAGNITUDE:.*]] = arith.andi %[[XBITS]], %[[SIGNLESS]]
// ADDING: %[[NORMAL:.*]] = arith.cmpi sle, %[[MAGNITUDE]], %[[BOUND]]
// ADDING: %[[Y:.*]] = scf.if %[[NORMAL]] -> (f32) {
// ADDING:   %[[N:.*]] = math.roundeven %[[X]]
// ADDING:   %[[F:.*]] = arith.subf %[[X]], %[[N]]
// ADDING-COUNT-6: math.fma {{.*}}, %[[F]], {{.*}} : f32
// ADDING:   %[[K:.*]] = arith.fptosi %[[N]] : f32 to i32
// ADDING:   %[[EXPONENT:.*]] = arith.shli %[[K]]
// ADDING:   %[[P:.*]] = arith.bitcast %{{.*}} : f32 to i32
// ADDING:   %[[R:.*]] = arith.addi %[[P]], %[[EXPONENT]]
// ADDING:   %[[RF:.*]] = arith.bitcast %[[R]] : i32 to f32
// ADDING:   scf.yield %[[RF]]
// ADDING: } else {
// ADDING:   %[[CLAMPED:.*]] = arith.select
// ADDING:   %[[XC:.*]] = arith.select %{{.*}}, %{{.*}}, %[[CLAMPED]]
// ADDING:   %[[SUM2:.*]] = arith.addf %[[XC]], %[[SHIFT]]
// ADDING:   %[[BITS2:.*]] = arith.bitcast %[[SUM2]] : f32 to i32
// ADDING:   %[[N2:.*]] = arith.subf %[[SUM2]], %[[SHIFT]]
// ADDING:   %[[K:.*]] = arith.subi %[[BITS2]], %[[SHIFTBITS]]
// ADDING:   %[[F2:.*]] = arith.subf %[[XC]], %[[N2]]
// ADDING-COUNT-6: math.fma {{.*}}, %[[F2]], {{.*}} : f32
// ADDING:   arith.shrsi %[[K]]
// ADDING-NOT: math.roundeven
// ADDING-NOT: arith.fptosi
// ADDING: return %[[Y]]
// With scalef (AVX-512), a scalar is scaled by llvm.ldexp in one step, by
// the same integer n.
// SCALEF-LABEL: func.func @exp2_f32
// SCALEF: %[[E:.*]] = arith.fptosi {{.*}} : f32 to i32
// SCALEF-COUNT-6: math.fma
// SCALEF: llvm.call_intrinsic "llvm.ldexp"(%{{.*}}, %[[E]]) : (f32, i32) -> f32
// SCALEF-NOT: arith.shli
// SCALEF: return
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

// Vectors get the same polynomials; with round-by-adding, the range of
// every lane decides the branch.
// CHECK-LABEL: func.func @exp2_log2_vector
// CHECK-NOT: math.exp
// CHECK-NOT: math.log2
// CHECK: return
// ADDING-LABEL: func.func @exp2_log2_vector
// ADDING: %[[MAGNITUDE:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<16xi32>
// ADDING: %[[LARGEST:.*]] = vector.reduction <maxsi>, %[[MAGNITUDE]] : vector<16xi32> into i32
// ADDING: %[[NORMAL:.*]] = arith.cmpi sle, %[[LARGEST]], %{{.*}} : i32
// ADDING: scf.if %[[NORMAL]] -> (vector<16xf32>)
// ADDING-NOT: math.exp
// ADDING: return
func.func @exp2_log2_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %y = math.exp2 %x : vector<16xf32>
  %z = math.log2 %y : vector<16xf32>
  return %z : vector<16xf32>
}

// With scalef, a vector that is no whole number of 16-lane registers is
// scaled by llvm.ldexp, as LLVM's one-axis vector.
// SCALEF-LABEL: func.func @exp2_matrix
// SCALEF: %[[P:.*]] = vector.shape_cast %{{.*}} : vector<4x2xf32> to vector<8xf32>
// SCALEF: %[[E:.*]] = vector.shape_cast %{{.*}} : vector<4x2xi32> to vector<8xi32>
// SCALEF: %[[S:.*]] = llvm.call_intrinsic "llvm.ldexp"(%[[P]], %[[E]]) : (vector<8xf32>, vector<8xi32>) -> vector<8xf32>
// SCALEF: vector.shape_cast %[[S]] : vector<8xf32> to vector<4x2xf32>
func.func @exp2_matrix(%x: vector<4x2xf32>) -> vector<4x2xf32> {
  %y = math.exp2 %x : vector<4x2xf32>
  return %y : vector<4x2xf32>
}

// With scalef, a vector of whole 16-lane registers is scaled register by
// register by vscalefps, by the float n itself: no clamp (vscalefps scales
// the NaN that x − n is for x = ±inf to +inf and +0), no conversion to an
// integer, no NaN guard, no llvm.ldexp.
// SCALEF-LABEL: func.func @exp2_registers
// SCALEF-SAME: (%[[X:.*]]: vector<2x16xf32>)
// SCALEF-NOT: arith.minimumf
// SCALEF: %[[N:.*]] = math.roundeven %[[X]] : vector<2x16xf32>
// SCALEF-COUNT-6: math.fma
// SCALEF: %[[FLATN:.*]] = vector.shape_cast %[[N]] : vector<2x16xf32> to vector<32xf32>
// SCALEF-NOT: arith.fptosi
// SCALEF-NOT: arith.cmpf
// SCALEF: %[[N0:.*]] = vector.extract_strided_slice %[[FLATN]] {offsets = [0], sizes = [16], strides = [1]}
// SCALEF: %[[S0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%{{.*}}, %[[N0]], %{{.*}}, %{{.*}}, %{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>, i16, i32) -> vector<16xf32>
// SCALEF: %[[R0:.*]] = vector.insert_strided_slice %[[S0]], %{{.*}} {offsets = [0], strides = [1]} : vector<16xf32> into vector<32xf32>
// SCALEF: %[[N1:.*]] = vector.extract_strided_slice %[[FLATN]] {offsets = [16], sizes = [16], strides = [1]}
// SCALEF: %[[S1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%{{.*}}, %[[N1]], %{{.*}}, %{{.*}}, %{{.*}})
// SCALEF: %[[R1:.*]] = vector.insert_strided_slice %[[S1]], %[[R0]] {offsets = [16], strides = [1]}
// SCALEF: %[[Y:.*]] = vector.shape_cast %[[R1]] : vector<32xf32> to vector<2x16xf32>
// SCALEF-NOT: llvm.ldexp
// SCALEF: return %[[Y]]
func.func @exp2_registers(%x: vector<2x16xf32>) -> vector<2x16xf32> {
  %y = math.exp2 %x : vector<2x16xf32>
  return %y : vector<2x16xf32>
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
