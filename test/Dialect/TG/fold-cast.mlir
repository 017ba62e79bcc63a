// Constant folding of tg.cast and tg.bitcast between every family of
// element types, with tinygrad's (C's) conversion rules.
// RUN: tg-opt %s --canonicalize --split-input-file | FileCheck %s

// -----

// CHECK-LABEL: func @cast_f32_to_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -2 : i32
// CHECK-NEXT: return %[[R]]
func.func @cast_f32_to_i32() -> i32 {
  %x0 = tg.const -2.7 : f32
  %r = tg.cast %x0 : f32 to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cast_f32_to_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 255 : ui8
// CHECK-NEXT: return %[[R]]
func.func @cast_f32_to_ui8() -> ui8 {
  %x0 = tg.const 255.9 : f32
  %r = tg.cast %x0 : f32 to ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @cast_f32_to_i32_out_of_range
// CHECK: tg.cast
func.func @cast_f32_to_i32_out_of_range() -> i32 {
  %x0 = tg.const 3.0e9 : f32
  %r = tg.cast %x0 : f32 to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cast_f32_to_ui8_negative
// CHECK: tg.cast
func.func @cast_f32_to_ui8_negative() -> ui8 {
  %x0 = tg.const -1.0 : f32
  %r = tg.cast %x0 : f32 to ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @cast_f32_nan_to_i32
// CHECK: tg.cast
func.func @cast_f32_nan_to_i32() -> i32 {
  %x0 = tg.const 0x7FC00000 : f32
  %r = tg.cast %x0 : f32 to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cast_f32_inf_to_i64
// CHECK: tg.cast
func.func @cast_f32_inf_to_i64() -> i64 {
  %x0 = tg.const 0x7F800000 : f32
  %r = tg.cast %x0 : f32 to i64
  return %r : i64
}

// -----

// CHECK-LABEL: func @cast_f64_to_index
// CHECK-NEXT: %[[R:.*]] = tg.const -3 : index
// CHECK-NEXT: return %[[R]]
func.func @cast_f64_to_index() -> index {
  %x0 = tg.const -3.99 : f64
  %r = tg.cast %x0 : f64 to index
  return %r : index
}

// -----

// CHECK-LABEL: func @cast_f32_nan_to_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cast_f32_nan_to_i1() -> i1 {
  %x0 = tg.const 0x7FC00000 : f32
  %r = tg.cast %x0 : f32 to i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cast_f32_zero_to_i1
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cast_f32_zero_to_i1() -> i1 {
  %x0 = tg.const -0.0 : f32
  %r = tg.cast %x0 : f32 to i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cast_i32_to_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cast_i32_to_i1() -> i1 {
  %x0 = tg.const 5 : i32
  %r = tg.cast %x0 : i32 to i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cast_ui8_zero_to_i1
// CHECK-NEXT: %[[R:.*]] = tg.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cast_ui8_zero_to_i1() -> i1 {
  %x0 = tg.const 0 : ui8
  %r = tg.cast %x0 : ui8 to i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cast_i1_to_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 1 : i32
// CHECK-NEXT: return %[[R]]
func.func @cast_i1_to_i32() -> i32 {
  %x0 = tg.const true : i1
  %r = tg.cast %x0 : i1 to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cast_i1_to_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 1.000000e+00 : f32
// CHECK-NEXT: return %[[R]]
func.func @cast_i1_to_f32() -> f32 {
  %x0 = tg.const true : i1
  %r = tg.cast %x0 : i1 to f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @cast_i32_to_f32_rounds
// CHECK-NEXT: %[[R:.*]] = tg.const 0x4B800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @cast_i32_to_f32_rounds() -> f32 {
  %x0 = tg.const 16777217 : i32
  %r = tg.cast %x0 : i32 to f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @cast_ui32_to_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 4.2949673E+9 : f32
// CHECK-NEXT: return %[[R]]
func.func @cast_ui32_to_f32() -> f32 {
  %x0 = tg.const 4294967295 : ui32
  %r = tg.cast %x0 : ui32 to f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @cast_i8_to_f16
// CHECK-NEXT: %[[R:.*]] = tg.const -1.280000e+02 : f16
// CHECK-NEXT: return %[[R]]
func.func @cast_i8_to_f16() -> f16 {
  %x0 = tg.const -128 : i8
  %r = tg.cast %x0 : i8 to f16
  return %r : f16
}

// -----

// CHECK-LABEL: func @cast_i8_to_i32_sign_extends
// CHECK-NEXT: %[[R:.*]] = tg.const -1 : i32
// CHECK-NEXT: return %[[R]]
func.func @cast_i8_to_i32_sign_extends() -> i32 {
  %x0 = tg.const -1 : i8
  %r = tg.cast %x0 : i8 to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cast_i8_to_ui8
// CHECK-NEXT: %[[R:.*]] = tg.const 255 : ui8
// CHECK-NEXT: return %[[R]]
func.func @cast_i8_to_ui8() -> ui8 {
  %x0 = tg.const -1 : i8
  %r = tg.cast %x0 : i8 to ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func @cast_ui8_to_i32_zero_extends
// CHECK-NEXT: %[[R:.*]] = tg.const 255 : i32
// CHECK-NEXT: return %[[R]]
func.func @cast_ui8_to_i32_zero_extends() -> i32 {
  %x0 = tg.const 255 : ui8
  %r = tg.cast %x0 : ui8 to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cast_i32_to_i8_wraps
// CHECK-NEXT: %[[R:.*]] = tg.const 44 : i8
// CHECK-NEXT: return %[[R]]
func.func @cast_i32_to_i8_wraps() -> i8 {
  %x0 = tg.const 300 : i32
  %r = tg.cast %x0 : i32 to i8
  return %r : i8
}

// -----

// CHECK-LABEL: func @cast_index_to_i32
// CHECK-NEXT: %[[R:.*]] = tg.const -7 : i32
// CHECK-NEXT: return %[[R]]
func.func @cast_index_to_i32() -> i32 {
  %x0 = tg.const -7 : index
  %r = tg.cast %x0 : index to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @cast_ui64_to_index
// CHECK-NEXT: %[[R:.*]] = tg.const -1 : index
// CHECK-NEXT: return %[[R]]
func.func @cast_ui64_to_index() -> index {
  %x0 = tg.const 18446744073709551615 : ui64
  %r = tg.cast %x0 : ui64 to index
  return %r : index
}

// -----

// CHECK-LABEL: func @cast_f32_to_f16_overflows
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7C00 : f16
// CHECK-NEXT: return %[[R]]
func.func @cast_f32_to_f16_overflows() -> f16 {
  %x0 = tg.const 65520.0 : f32
  %r = tg.cast %x0 : f32 to f16
  return %r : f16
}

// -----

// CHECK-LABEL: func @cast_f64_to_f32
// CHECK-NEXT: %[[R:.*]] = tg.const 1.000000e-01 : f32
// CHECK-NEXT: return %[[R]]
func.func @cast_f64_to_f32() -> f32 {
  %x0 = tg.const 0.1 : f64
  %r = tg.cast %x0 : f64 to f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @cast_f32_to_bf16
// CHECK-NEXT: %[[R:.*]] = tg.const 3.140630e+00 : bf16
// CHECK-NEXT: return %[[R]]
func.func @cast_f32_to_bf16() -> bf16 {
  %x0 = tg.const 3.14159274 : f32
  %r = tg.cast %x0 : f32 to bf16
  return %r : bf16
}

// -----

// CHECK-LABEL: func @cast_tensor_f32_to_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 7 : tensor<3xi32>
// CHECK-NEXT: return %[[R]]
func.func @cast_tensor_f32_to_i32() -> tensor<3xi32> {
  %x0 = tg.const 7.9 : tensor<3xf32>
  %r = tg.cast %x0 : tensor<3xf32> to tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// CHECK-LABEL: func @bitcast_f32_to_i32
// CHECK-NEXT: %[[R:.*]] = tg.const 1065353216 : i32
// CHECK-NEXT: return %[[R]]
func.func @bitcast_f32_to_i32() -> i32 {
  %x0 = tg.const 1.0 : f32
  %r = tg.bitcast %x0 : f32 to i32
  return %r : i32
}

// -----

// CHECK-LABEL: func @bitcast_i32_to_ui32
// CHECK-NEXT: %[[R:.*]] = tg.const 4294967295 : ui32
// CHECK-NEXT: return %[[R]]
func.func @bitcast_i32_to_ui32() -> ui32 {
  %x0 = tg.const -1 : i32
  %r = tg.bitcast %x0 : i32 to ui32
  return %r : ui32
}

// -----

// CHECK-LABEL: func @bitcast_f16_to_bf16
// CHECK-NEXT: %[[R:.*]] = tg.const 7.812500e-03 : bf16
// CHECK-NEXT: return %[[R]]
func.func @bitcast_f16_to_bf16() -> bf16 {
  %x0 = tg.const 1.0 : f16
  %r = tg.bitcast %x0 : f16 to bf16
  return %r : bf16
}

// -----

// CHECK-LABEL: func @bitcast_ui32_to_f32_nan
// CHECK-NEXT: %[[R:.*]] = tg.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @bitcast_ui32_to_f32_nan() -> f32 {
  %x0 = tg.const 2143289344 : ui32
  %r = tg.bitcast %x0 : ui32 to f32
  return %r : f32
}

// -----

// CHECK-LABEL: func @bitcast_i1_to_i1
// CHECK-NEXT: %[[R:.*]] = tg.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @bitcast_i1_to_i1() -> i1 {
  %x0 = tg.const true : i1
  %r = tg.bitcast %x0 : i1 to i1
  return %r : i1
}

// -----

// CHECK-LABEL: func @cast_to_same_type
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @cast_to_same_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.cast %x : tensor<4xf32> to tensor<4xf32>
  %1 = tg.bitcast %0 : tensor<4xf32> to tensor<4xf32>
  return %1 : tensor<4xf32>
}

