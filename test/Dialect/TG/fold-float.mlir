// Constant folding of ALU ops on floats: IEEE rounding in each type, NaN
// compares false and propagates through max, infinities from overflow and
// division by zero, libm results for the transcendentals.
// RUN: tg-opt %s --canonicalize --split-input-file | FileCheck %s

// -----

// CHECK-LABEL: func @add_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 3.750000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @add_f32() -> f32 {
  %x0 = tg.const 1.5 : f32
  %x1 = tg.const 2.25 : f32
  %r = tg.add %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @sub_f32
// CHECK-NEXT: %[[R:.*]] = tg.const -7.500000e-01 : f32
// CHECK-NEXT: return %[[R]]
func.func @sub_f32() -> f32 {
  %x0 = tg.const 1.5 : f32
  %x1 = tg.const 2.25 : f32
  %r = tg.sub %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @mul_f32
// CHECK-NEXT: %[[R:.*]] = tg.const -3.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @mul_f32() -> f32 {
  %x0 = tg.const 1.5 : f32
  %x1 = tg.const -2.0 : f32
  %r = tg.mul %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @fdiv_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0.333333343 : f32
// CHECK-NEXT: return %[[R]]
func.func @fdiv_f32() -> f32 {
  %x0 = tg.const 1.0 : f32
  %x1 = tg.const 3.0 : f32
  %r = tg.fdiv %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @fdiv_by_zero_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7F800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @fdiv_by_zero_f32() -> f32 {
  %x0 = tg.const 1.0 : f32
  %x1 = tg.const 0.0 : f32
  %r = tg.fdiv %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @fdiv_by_negative_zero_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0xFF800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @fdiv_by_negative_zero_f32() -> f32 {
  %x0 = tg.const 1.0 : f32
  %x1 = tg.const -0.0 : f32
  %r = tg.fdiv %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @fdiv_zero_by_zero_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @fdiv_zero_by_zero_f32() -> f32 {
  %x0 = tg.const 0.0 : f32
  %x1 = tg.const 0.0 : f32
  %r = tg.fdiv %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @max_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 2.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @max_f32() -> f32 {
  %x0 = tg.const -1.0 : f32
  %x1 = tg.const 2.0 : f32
  %r = tg.max %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @max_nan_first_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @max_nan_first_f32() -> f32 {
  %x0 = tg.const 0x7FC00000 : f32
  %x1 = tg.const 2.0 : f32
  %r = tg.max %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @max_nan_second_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @max_nan_second_f32() -> f32 {
  %x0 = tg.const 2.0 : f32
  %x1 = tg.const 0x7FC00000 : f32
  %r = tg.max %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @max_signed_zeros_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @max_signed_zeros_f32() -> f32 {
  %x0 = tg.const -0.0 : f32
  %x1 = tg.const 0.0 : f32
  %r = tg.max %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @pow_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 1.024000e+03 : f32
// CHECK-NEXT: return %[[R]]
func.func @pow_f32() -> f32 {
  %x0 = tg.const 2.0 : f32
  %x1 = tg.const 10.0 : f32
  %r = tg.pow %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @pow_negative_base_fraction_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @pow_negative_base_fraction_f32() -> f32 {
  %x0 = tg.const -8.0 : f32
  %x1 = tg.const 0.5 : f32
  %r = tg.pow %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @pow_zero_negative_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7F800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @pow_zero_negative_f32() -> f32 {
  %x0 = tg.const 0.0 : f32
  %x1 = tg.const -1.0 : f32
  %r = tg.pow %x0, %x1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @exp2_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 8.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @exp2_f32() -> f32 {
  %x0 = tg.const 3.0 : f32
  %r = tg.exp2 %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @exp2_overflow_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7F800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @exp2_overflow_f32() -> f32 {
  %x0 = tg.const 200.0 : f32
  %r = tg.exp2 %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @exp2_neg_inf_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @exp2_neg_inf_f32() -> f32 {
  %x0 = tg.const 0xFF800000 : f32
  %r = tg.exp2 %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @log2_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 3.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @log2_f32() -> f32 {
  %x0 = tg.const 8.0 : f32
  %r = tg.log2 %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @log2_zero_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0xFF800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @log2_zero_f32() -> f32 {
  %x0 = tg.const 0.0 : f32
  %r = tg.log2 %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @log2_negative_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @log2_negative_f32() -> f32 {
  %x0 = tg.const -1.0 : f32
  %r = tg.log2 %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @sin_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @sin_f32() -> f32 {
  %x0 = tg.const 0.0 : f32
  %r = tg.sin %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @sin_inf_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @sin_inf_f32() -> f32 {
  %x0 = tg.const 0x7F800000 : f32
  %r = tg.sin %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @sqrt_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 1.500000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @sqrt_f32() -> f32 {
  %x0 = tg.const 2.25 : f32
  %r = tg.sqrt %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @sqrt_negative_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @sqrt_negative_f32() -> f32 {
  %x0 = tg.const -1.0 : f32
  %r = tg.sqrt %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @reciprocal_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 2.500000e-01 : f32
// CHECK-NEXT: return %[[R]]
func.func @reciprocal_f32() -> f32 {
  %x0 = tg.const 4.0 : f32
  %r = tg.reciprocal %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @reciprocal_zero_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7F800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @reciprocal_zero_f32() -> f32 {
  %x0 = tg.const 0.0 : f32
  %r = tg.reciprocal %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @reciprocal_negative_zero_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0xFF800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @reciprocal_negative_zero_f32() -> f32 {
  %x0 = tg.const -0.0 : f32
  %r = tg.reciprocal %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @neg_f32
// CHECK-NEXT: %[[R:.*]] = tg.const -0.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @neg_f32() -> f32 {
  %x0 = tg.const 0.0 : f32
  %r = tg.neg %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @trunc_f32
// CHECK-NEXT: %[[R:.*]] = tg.const -2.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @trunc_f32() -> f32 {
  %x0 = tg.const -2.7 : f32
  %r = tg.trunc %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @trunc_inf_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 0xFF800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @trunc_inf_f32() -> f32 {
  %x0 = tg.const 0xFF800000 : f32
  %r = tg.trunc %x0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @mulacc_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 6.500000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @mulacc_f32() -> f32 {
  %x0 = tg.const 2.0 : f32
  %x1 = tg.const 3.0 : f32
  %x2 = tg.const 0.5 : f32
  %r = tg.mulacc %x0, %x1, %x2 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @cmplt_f32
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_f32() -> i1 {
  %x0 = tg.const 1.0 : f32
  %x1 = tg.const 2.0 : f32
  %r = tg.cmplt %x0, %x1 : f32
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmplt_nan_f32
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_nan_f32() -> i1 {
  %x0 = tg.const 0x7FC00000 : f32
  %x1 = tg.const 2.0 : f32
  %r = tg.cmplt %x0, %x1 : f32
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmpne_nan_f32
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpne_nan_f32() -> i1 {
  %x0 = tg.const 0x7FC00000 : f32
  %x1 = tg.const 0x7FC00000 : f32
  %r = tg.cmpne %x0, %x1 : f32
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmpeq_nan_f32
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpeq_nan_f32() -> i1 {
  %x0 = tg.const 0x7FC00000 : f32
  %x1 = tg.const 0x7FC00000 : f32
  %r = tg.cmpeq %x0, %x1 : f32
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmpeq_signed_zeros_f32
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpeq_signed_zeros_f32() -> i1 {
  %x0 = tg.const -0.0 : f32
  %x1 = tg.const 0.0 : f32
  %r = tg.cmpeq %x0, %x1 : f32
  return %r : i1
}

// -----

// CHECK-LABEL: func @add_rounds_to_even_bf16
// CHECK-NEXT: %[[R:.*]] = tg.const 1.000000e+00 : bf16
// CHECK-NEXT: return %[[R]]
func.func @add_rounds_to_even_bf16() -> bf16 {
  %x0 = tg.const 1.0 : bf16
  %x1 = tg.const 0.00390625 : bf16
  %r = tg.add %x0, %x1 : bf16
  return %r : bf16
}

// -----

// CHECK-LABEL: func @add_overflows_f16
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7C00 : f16
// CHECK-NEXT: return %[[R]]
func.func @add_overflows_f16() -> f16 {
  %x0 = tg.const 65504.0 : f16
  %x1 = tg.const 32.0 : f16
  %r = tg.add %x0, %x1 : f16
  return %r : f16
}

// -----

// CHECK-LABEL: func @mul_f16
// CHECK-NEXT: %[[R:.*]] = tg.const 2.998050e-01 : f16
// CHECK-NEXT: return %[[R]]
func.func @mul_f16() -> f16 {
  %x0 = tg.const 0.1 : f16
  %x1 = tg.const 3.0 : f16
  %r = tg.mul %x0, %x1 : f16
  return %r : f16
}

// -----

// CHECK-LABEL: func @exp2_f16
// CHECK-NEXT: %[[R:.*]] = tg.const 5.000000e-01 : f16
// CHECK-NEXT: return %[[R]]
func.func @exp2_f16() -> f16 {
  %x0 = tg.const -1.0 : f16
  %r = tg.exp2 %x0 : f16
  return %r : f16
}

// -----

// CHECK-LABEL: func @add_f64
// CHECK-NEXT: %[[R:.*]] = tg.const 0.30000000000000004 : f64
// CHECK-NEXT: return %[[R]]
func.func @add_f64() -> f64 {
  %x0 = tg.const 0.1 : f64
  %x1 = tg.const 0.2 : f64
  %r = tg.add %x0, %x1 : f64
  return %r : f64
}

// -----

// CHECK-LABEL: func @sqrt_f64
// CHECK-NEXT: %[[R:.*]] = tg.const 1.4142135623730951 : f64
// CHECK-NEXT: return %[[R]]
func.func @sqrt_f64() -> f64 {
  %x0 = tg.const 2.0 : f64
  %r = tg.sqrt %x0 : f64
  return %r : f64
}

// -----

// CHECK-LABEL: func @max_tensor_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 1.000000e+00 : tensor<3xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_tensor_f32() -> tensor<3xf32> {
  %x0 = tg.const 1.0 : tensor<3xf32>
  %x1 = tg.const -1.0 : tensor<3xf32>
  %r = tg.max %x0, %x1 : tensor<3xf32>
  return %r : tensor<3xf32>
}

