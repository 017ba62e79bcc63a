// Constant folding of ALU ops on integers, bools and index: wrap-around,
// C-style cdiv/cmod and Python-style floordiv/floormod, signed or unsigned
// by the element type; what is undefined at run time stays unfolded.
// RUN: tg-opt %s --canonicalize --split-input-file | FileCheck %s

// -----

// CHECK-LABEL: func @add_wraps_i8
// CHECK-NEXT: %[[R:.*]] = tg.const -126 : i8
// CHECK-NEXT: return %[[R]]
func.func @add_wraps_i8() -> i8 {
  %x0 = tg.const 127 : i8
  %x1 = tg.const 3 : i8
  %r = tg.add %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @sub_wraps_i8
// CHECK-NEXT: %[[R:.*]] = tg.const 127 : i8
// CHECK-NEXT: return %[[R]]
func.func @sub_wraps_i8() -> i8 {
  %x0 = tg.const -128 : i8
  %x1 = tg.const 1 : i8
  %r = tg.sub %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @mul_wraps_i8
// CHECK-NEXT: %[[R:.*]] = tg.const 0 : i8
// CHECK-NEXT: return %[[R]]
func.func @mul_wraps_i8() -> i8 {
  %x0 = tg.const 16 : i8
  %x1 = tg.const 16 : i8
  %r = tg.mul %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @mul_i64
// CHECK-NEXT: %[[R:.*]] = tg.const -12884901888 : i64
// CHECK-NEXT: return %[[R]]
func.func @mul_i64() -> i64 {
  %x0 = tg.const 4294967296 : i64
  %x1 = tg.const -3 : i64
  %r = tg.mul %x0, %x1 : i64
  return %r : i64
}

// -----

// CHECK-LABEL: func @neg_min_i8
// CHECK-NEXT: %[[R:.*]] = tg.const -128 : i8
// CHECK-NEXT: return %[[R]]
func.func @neg_min_i8() -> i8 {
  %x0 = tg.const -128 : i8
  %r = tg.neg %x0 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @cdiv_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -3 : i32
// CHECK-NEXT: return %[[R]]
func.func @cdiv_i32() -> i32 {
  %x0 = tg.const -7 : i32
  %x1 = tg.const 2 : i32
  %r = tg.cdiv %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cmod_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -1 : i32
// CHECK-NEXT: return %[[R]]
func.func @cmod_i32() -> i32 {
  %x0 = tg.const -7 : i32
  %x1 = tg.const 2 : i32
  %r = tg.cmod %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floordiv_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -4 : i32
// CHECK-NEXT: return %[[R]]
func.func @floordiv_i32() -> i32 {
  %x0 = tg.const -7 : i32
  %x1 = tg.const 2 : i32
  %r = tg.floordiv %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floormod_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 1 : i32
// CHECK-NEXT: return %[[R]]
func.func @floormod_i32() -> i32 {
  %x0 = tg.const -7 : i32
  %x1 = tg.const 2 : i32
  %r = tg.floormod %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cdiv_negative_divisor_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -3 : i32
// CHECK-NEXT: return %[[R]]
func.func @cdiv_negative_divisor_i32() -> i32 {
  %x0 = tg.const 7 : i32
  %x1 = tg.const -2 : i32
  %r = tg.cdiv %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cmod_negative_divisor_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 1 : i32
// CHECK-NEXT: return %[[R]]
func.func @cmod_negative_divisor_i32() -> i32 {
  %x0 = tg.const 7 : i32
  %x1 = tg.const -2 : i32
  %r = tg.cmod %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floordiv_negative_divisor_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -4 : i32
// CHECK-NEXT: return %[[R]]
func.func @floordiv_negative_divisor_i32() -> i32 {
  %x0 = tg.const 7 : i32
  %x1 = tg.const -2 : i32
  %r = tg.floordiv %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floormod_negative_divisor_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -1 : i32
// CHECK-NEXT: return %[[R]]
func.func @floormod_negative_divisor_i32() -> i32 {
  %x0 = tg.const 7 : i32
  %x1 = tg.const -2 : i32
  %r = tg.floormod %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floordiv_exact_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -4 : i32
// CHECK-NEXT: return %[[R]]
func.func @floordiv_exact_i32() -> i32 {
  %x0 = tg.const -8 : i32
  %x1 = tg.const 2 : i32
  %r = tg.floordiv %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floormod_both_negative_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -1 : i32
// CHECK-NEXT: return %[[R]]
func.func @floormod_both_negative_i32() -> i32 {
  %x0 = tg.const -7 : i32
  %x1 = tg.const -2 : i32
  %r = tg.floormod %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cmod_min_by_minus_one_i8
// CHECK-NEXT: %[[R:.*]] = tg.const 0 : i8
// CHECK-NEXT: return %[[R]]
func.func @cmod_min_by_minus_one_i8() -> i8 {
  %x0 = tg.const -128 : i8
  %x1 = tg.const -1 : i8
  %r = tg.cmod %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @cdiv_by_zero_i32
// CHECK: tg.cdiv
func.func @cdiv_by_zero_i32() -> i32 {
  %x0 = tg.const 1 : i32
  %x1 = tg.const 0 : i32
  %r = tg.cdiv %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cmod_by_zero_i32
// CHECK: tg.cmod
func.func @cmod_by_zero_i32() -> i32 {
  %x0 = tg.const 1 : i32
  %x1 = tg.const 0 : i32
  %r = tg.cmod %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floordiv_by_zero_i32
// CHECK: tg.floordiv
func.func @floordiv_by_zero_i32() -> i32 {
  %x0 = tg.const 1 : i32
  %x1 = tg.const 0 : i32
  %r = tg.floordiv %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @floormod_by_zero_i32
// CHECK: tg.floormod
func.func @floormod_by_zero_i32() -> i32 {
  %x0 = tg.const 1 : i32
  %x1 = tg.const 0 : i32
  %r = tg.floormod %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cdiv_overflow_i8
// CHECK: tg.cdiv
func.func @cdiv_overflow_i8() -> i8 {
  %x0 = tg.const -128 : i8
  %x1 = tg.const -1 : i8
  %r = tg.cdiv %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @floordiv_by_minus_one_wraps_i8
// CHECK-NEXT: %[[R:.*]] = tg.const -128 : i8
// CHECK-NEXT: return %[[R]]
func.func @floordiv_by_minus_one_wraps_i8() -> i8 {
  %x0 = tg.const -128 : i8
  %x1 = tg.const -1 : i8
  %r = tg.floordiv %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @shl_too_far_i8
// CHECK: tg.shl
func.func @shl_too_far_i8() -> i8 {
  %x0 = tg.const 1 : i8
  %x1 = tg.const 8 : i8
  %r = tg.shl %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @shl_negative_i8
// CHECK: tg.shl
func.func @shl_negative_i8() -> i8 {
  %x0 = tg.const 1 : i8
  %x1 = tg.const -1 : i8
  %r = tg.shl %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @shr_too_far_i32
// CHECK: tg.shr
func.func @shr_too_far_i32() -> i32 {
  %x0 = tg.const 1 : i32
  %x1 = tg.const 32 : i32
  %r = tg.shr %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @pow_zero_negative_i32
// CHECK: tg.pow
func.func @pow_zero_negative_i32() -> i32 {
  %x0 = tg.const 0 : i32
  %x1 = tg.const -1 : i32
  %r = tg.pow %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @max_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 1 : i32
// CHECK-NEXT: return %[[R]]
func.func @max_i32() -> i32 {
  %x0 = tg.const -1 : i32
  %x1 = tg.const 1 : i32
  %r = tg.max %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @pow_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 81 : i32
// CHECK-NEXT: return %[[R]]
func.func @pow_i32() -> i32 {
  %x0 = tg.const 3 : i32
  %x1 = tg.const 4 : i32
  %r = tg.pow %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @pow_wraps_i8
// CHECK-NEXT: %[[R:.*]] = tg.const -128 : i8
// CHECK-NEXT: return %[[R]]
func.func @pow_wraps_i8() -> i8 {
  %x0 = tg.const 2 : i8
  %x1 = tg.const 7 : i8
  %r = tg.pow %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @pow_negative_exponent_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 0 : i32
// CHECK-NEXT: return %[[R]]
func.func @pow_negative_exponent_i32() -> i32 {
  %x0 = tg.const 2 : i32
  %x1 = tg.const -1 : i32
  %r = tg.pow %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @pow_minus_one_odd_negative_exponent_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -1 : i32
// CHECK-NEXT: return %[[R]]
func.func @pow_minus_one_odd_negative_exponent_i32() -> i32 {
  %x0 = tg.const -1 : i32
  %x1 = tg.const -3 : i32
  %r = tg.pow %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @pow_minus_one_even_negative_exponent_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 1 : i32
// CHECK-NEXT: return %[[R]]
func.func @pow_minus_one_even_negative_exponent_i32() -> i32 {
  %x0 = tg.const -1 : i32
  %x1 = tg.const -2 : i32
  %r = tg.pow %x0, %x1 : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @shl_i8
// CHECK-NEXT: %[[R:.*]] = tg.const -128 : i8
// CHECK-NEXT: return %[[R]]
func.func @shl_i8() -> i8 {
  %x0 = tg.const 1 : i8
  %x1 = tg.const 7 : i8
  %r = tg.shl %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @shr_arithmetic_i8
// CHECK-NEXT: %[[R:.*]] = tg.const -4 : i8
// CHECK-NEXT: return %[[R]]
func.func @shr_arithmetic_i8() -> i8 {
  %x0 = tg.const -8 : i8
  %x1 = tg.const 1 : i8
  %r = tg.shr %x0, %x1 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @and_i16
// CHECK-NEXT: %[[R:.*]] = tg.const 8 : i16
// CHECK-NEXT: return %[[R]]
func.func @and_i16() -> i16 {
  %x0 = tg.const 12 : i16
  %x1 = tg.const 10 : i16
  %r = tg.and %x0, %x1 : i16
  return %r : i16
}

// -----

// CHECK-LABEL: func @or_i16
// CHECK-NEXT: %[[R:.*]] = tg.const 14 : i16
// CHECK-NEXT: return %[[R]]
func.func @or_i16() -> i16 {
  %x0 = tg.const 12 : i16
  %x1 = tg.const 10 : i16
  %r = tg.or %x0, %x1 : i16
  return %r : i16
}

// -----

// CHECK-LABEL: func @xor_i16
// CHECK-NEXT: %[[R:.*]] = tg.const -13 : i16
// CHECK-NEXT: return %[[R]]
func.func @xor_i16() -> i16 {
  %x0 = tg.const 12 : i16
  %x1 = tg.const -1 : i16
  %r = tg.xor %x0, %x1 : i16
  return %r : i16
}

// -----

// CHECK-LABEL: func @mulacc_wraps_i8
// CHECK-NEXT: %[[R:.*]] = tg.const -127 : i8
// CHECK-NEXT: return %[[R]]
func.func @mulacc_wraps_i8() -> i8 {
  %x0 = tg.const 16 : i8
  %x1 = tg.const 8 : i8
  %x2 = tg.const 1 : i8
  %r = tg.mulacc %x0, %x1, %x2 : i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @cmplt_i8
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_i8() -> i1 {
  %x0 = tg.const -1 : i8
  %x1 = tg.const 1 : i8
  %r = tg.cmplt %x0, %x1 : i8
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmpne_i8
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpne_i8() -> i1 {
  %x0 = tg.const 3 : i8
  %x1 = tg.const 3 : i8
  %r = tg.cmpne %x0, %x1 : i8
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmpeq_i64
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpeq_i64() -> i1 {
  %x0 = tg.const -5 : i64
  %x1 = tg.const -5 : i64
  %r = tg.cmpeq %x0, %x1 : i64
  return %r : i1
}

// -----

// CHECK-LABEL: func @add_tensor_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 3 : tensor<2x2xi32>
// CHECK-NEXT: return %[[R]]
func.func @add_tensor_i32() -> tensor<2x2xi32> {
  %x0 = tg.const 1 : tensor<2x2xi32>
  %x1 = tg.const 2 : tensor<2x2xi32>
  %r = tg.add %x0, %x1 : tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// -----

// CHECK-LABEL: func @add_wraps_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 4 : ui8
// CHECK-NEXT: return %[[R]]
func.func @add_wraps_ui8() -> ui8 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 10 : ui8
  %r = tg.add %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @sub_wraps_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 255 : ui8
// CHECK-NEXT: return %[[R]]
func.func @sub_wraps_ui8() -> ui8 {
  %x0 = tg.const 0 : ui8
  %x1 = tg.const 1 : ui8
  %r = tg.sub %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @neg_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 255 : ui8
// CHECK-NEXT: return %[[R]]
func.func @neg_ui8() -> ui8 {
  %x0 = tg.const 1 : ui8
  %r = tg.neg %x0 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @cdiv_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 83 : ui8
// CHECK-NEXT: return %[[R]]
func.func @cdiv_ui8() -> ui8 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 3 : ui8
  %r = tg.cdiv %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @cmod_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 1 : ui8
// CHECK-NEXT: return %[[R]]
func.func @cmod_ui8() -> ui8 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 3 : ui8
  %r = tg.cmod %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @floordiv_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 83 : ui8
// CHECK-NEXT: return %[[R]]
func.func @floordiv_ui8() -> ui8 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 3 : ui8
  %r = tg.floordiv %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @floormod_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 1 : ui8
// CHECK-NEXT: return %[[R]]
func.func @floormod_ui8() -> ui8 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 3 : ui8
  %r = tg.floormod %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @cdiv_by_zero_ui8
// CHECK: tg.cdiv
func.func @cdiv_by_zero_ui8() -> ui8 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 0 : ui8
  %r = tg.cdiv %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @max_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 250 : ui8
// CHECK-NEXT: return %[[R]]
func.func @max_ui8() -> ui8 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 10 : ui8
  %r = tg.max %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @cmplt_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_ui8() -> i1 {
  %x0 = tg.const 250 : ui8
  %x1 = tg.const 10 : ui8
  %r = tg.cmplt %x0, %x1 : ui8
  return %r : i1
}

// -----

// CHECK-LABEL: func @shr_logical_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 64 : ui8
// CHECK-NEXT: return %[[R]]
func.func @shr_logical_ui8() -> ui8 {
  %x0 = tg.const 128 : ui8
  %x1 = tg.const 1 : ui8
  %r = tg.shr %x0, %x1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @shl_ui32
// CHECK-NEXT: %[[R:.*]] = tg.const 2147483648 : ui32
// CHECK-NEXT: return %[[R]]
func.func @shl_ui32() -> ui32 {
  %x0 = tg.const 3 : ui32
  %x1 = tg.const 31 : ui32
  %r = tg.shl %x0, %x1 : ui32
  return %r : ui32
}

// -----

// CHECK-LABEL: func @pow_ui16
// CHECK-NEXT: %[[R:.*]] = tg.const 0 : ui16
// CHECK-NEXT: return %[[R]]
func.func @pow_ui16() -> ui16 {
  %x0 = tg.const 2 : ui16
  %x1 = tg.const 16 : ui16
  %r = tg.pow %x0, %x1 : ui16
  return %r : ui16
}

// -----

// CHECK-LABEL: func @mul_ui64
// CHECK-NEXT: %[[R:.*]] = tg.const 18446744073709551614 : ui64
// CHECK-NEXT: return %[[R]]
func.func @mul_ui64() -> ui64 {
  %x0 = tg.const 18446744073709551615 : ui64
  %x1 = tg.const 2 : ui64
  %r = tg.mul %x0, %x1 : ui64
  return %r : ui64
}

// -----

// CHECK-LABEL: func @threefry_zero_ui64
// CHECK-NEXT: %[[R:.*]] = tg.const 11077253088097075545 : ui64
// CHECK-NEXT: return %[[R]]
func.func @threefry_zero_ui64() -> ui64 {
  %x0 = tg.const 0 : ui64
  %x1 = tg.const 0 : ui64
  %r = tg.threefry %x0, %x1 : ui64
  return %r : ui64
}

// -----

// CHECK-LABEL: func @threefry_ui64
// CHECK-NEXT: %[[R:.*]] = tg.const 18313067817178486892 : ui64
// CHECK-NEXT: return %[[R]]
func.func @threefry_ui64() -> ui64 {
  %x0 = tg.const 1 : ui64
  %x1 = tg.const 42 : ui64
  %r = tg.threefry %x0, %x1 : ui64
  return %r : ui64
}

// -----

// CHECK-LABEL: func @threefry_high_bits_ui64
// CHECK-NEXT: %[[R:.*]] = tg.const 2445923859953712039 : ui64
// CHECK-NEXT: return %[[R]]
func.func @threefry_high_bits_ui64() -> ui64 {
  %x0 = tg.const 18446744073709551615 : ui64
  %x1 = tg.const 1311768467463790320 : ui64
  %r = tg.threefry %x0, %x1 : ui64
  return %r : ui64
}

// -----

// CHECK-LABEL: func @and_i1
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @and_i1() -> i1 {
  %x0 = tg.const true : i1
  %x1 = tg.const false : i1
  %r = tg.and %x0, %x1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @or_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @or_i1() -> i1 {
  %x0 = tg.const true : i1
  %x1 = tg.const false : i1
  %r = tg.or %x0, %x1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @xor_i1
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @xor_i1() -> i1 {
  %x0 = tg.const true : i1
  %x1 = tg.const true : i1
  %r = tg.xor %x0, %x1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @max_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @max_i1() -> i1 {
  %x0 = tg.const false : i1
  %x1 = tg.const true : i1
  %r = tg.max %x0, %x1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmplt_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_i1() -> i1 {
  %x0 = tg.const false : i1
  %x1 = tg.const true : i1
  %r = tg.cmplt %x0, %x1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmpne_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpne_i1() -> i1 {
  %x0 = tg.const true : i1
  %x1 = tg.const false : i1
  %r = tg.cmpne %x0, %x1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cmpeq_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpeq_i1() -> i1 {
  %x0 = tg.const true : i1
  %x1 = tg.const true : i1
  %r = tg.cmpeq %x0, %x1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @floordiv_index
// CHECK-NEXT: %[[R:.*]] = tg.const -3 : index
// CHECK-NEXT: return %[[R]]
func.func @floordiv_index() -> index {
  %x0 = tg.const -7 : index
  %x1 = tg.const 3 : index
  %r = tg.floordiv %x0, %x1 : index
  return %r : index
}

// -----

// CHECK-LABEL: func @floormod_index
// CHECK-NEXT: %[[R:.*]] = tg.const 2 : index
// CHECK-NEXT: return %[[R]]
func.func @floormod_index() -> index {
  %x0 = tg.const -7 : index
  %x1 = tg.const 3 : index
  %r = tg.floormod %x0, %x1 : index
  return %r : index
}

// -----

// CHECK-LABEL: func @add_wraps_index
// CHECK-NEXT: %[[R:.*]] = tg.const -9223372036854775808 : index
// CHECK-NEXT: return %[[R]]
func.func @add_wraps_index() -> index {
  %x0 = tg.const 9223372036854775807 : index
  %x1 = tg.const 1 : index
  %r = tg.add %x0, %x1 : index
  return %r : index
}

// -----

// CHECK-LABEL: func @cmplt_index
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_index() -> i1 {
  %x0 = tg.const -1 : index
  %x1 = tg.const 0 : index
  %r = tg.cmplt %x0, %x1 : index
  return %r : i1
}

