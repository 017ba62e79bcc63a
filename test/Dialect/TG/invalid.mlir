// Every verifier rule of the tg dialect, each with its located message.
// RUN: tg-opt %s -split-input-file -verify-diagnostics

func.func @broadcast(%a: tensor<4xf32>, %b: tensor<1xf32>) {
  // expected-error@+1 {{'tg.add' op has operand #1 of type 'tensor<1xf32>' but operand #0 of type 'tensor<4xf32>': shapes must match exactly (tg never broadcasts implicitly; use tg.expand)}}
  %0 = "tg.add"(%a, %b) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scalar_with_tensor(%a: tensor<4xf32>, %b: f32) {
  // expected-error@+1 {{'tg.mul' op has operand #1 of type 'f32' but operand #0 of type 'tensor<4xf32>'}}
  %0 = "tg.mul"(%a, %b) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return
}

// -----

func.func @element_types_differ(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+1 {{'tg.sub' op requires the same type for all operands and results}}
  %0 = "tg.sub"(%a, %b) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @fdiv_of_ints(%a: i32) {
  // expected-error@+1 {{'tg.fdiv' op operand #0 must be float scalar or statically shaped tensor}}
  %0 = tg.fdiv %a, %a : i32
  return
}

// -----

func.func @exp2_of_ints(%a: tensor<2xi32>) {
  // expected-error@+1 {{'tg.exp2' op operand #0 must be float scalar or statically shaped tensor}}
  %0 = tg.exp2 %a : tensor<2xi32>
  return
}

// -----

func.func @cdiv_of_floats(%a: f32) {
  // expected-error@+1 {{'tg.cdiv' op operand #0 must be integer or index scalar or statically shaped tensor}}
  %0 = tg.cdiv %a, %a : f32
  return
}

// -----

func.func @shift_of_floats(%a: f32) {
  // expected-error@+1 {{'tg.shl' op operand #0 must be integer or index scalar or statically shaped tensor}}
  %0 = tg.shl %a, %a : f32
  return
}

// -----

func.func @bitwise_on_floats(%a: tensor<3xf64>) {
  // expected-error@+1 {{'tg.and' op operand #0 must be integer, index or bool scalar or statically shaped tensor}}
  %0 = tg.and %a, %a : tensor<3xf64>
  return
}

// -----

func.func @arith_on_bools(%a: i1) {
  // expected-error@+1 {{'tg.add' op operand #0 must be float, integer or index scalar or statically shaped tensor}}
  %0 = tg.add %a, %a : i1
  return
}

// -----

func.func @threefry_not_ui64(%a: i64) {
  // expected-error@+1 {{'tg.threefry' op operand #0 must be ui64 scalar or statically shaped tensor}}
  %0 = tg.threefry %a, %a : i64
  return
}

// -----

func.func @dynamic_shape(%a: tensor<?xf32>) {
  // expected-error@+1 {{'tg.neg' op operand #0 must be float, integer or index scalar or statically shaped tensor}}
  %0 = tg.neg %a : tensor<?xf32>
  return
}

// -----

func.func @explicitly_signed(%a: si32) {
  // expected-error@+1 {{'tg.neg' op operand #0 must be float, integer or index scalar or statically shaped tensor}}
  %0 = tg.neg %a : si32
  return
}

// -----

func.func @index_tensor(%a: tensor<4xindex>) {
  // expected-error@+1 {{'tg.neg' op operand #0 must be float, integer or index scalar or statically shaped tensor}}
  %0 = tg.neg %a : tensor<4xindex>
  return
}

// -----

func.func @compare_result_not_bool(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.cmplt' op result #0 must be bool scalar or statically shaped tensor}}
  %0 = "tg.cmplt"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @compare_operands_differ(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error@+1 {{'tg.cmpne' op requires all operands to have the same type}}
  %0 = "tg.cmpne"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @where_condition_not_bool(%c: tensor<4xi32>, %a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.where' op operand #0 must be bool scalar or statically shaped tensor}}
  %0 = "tg.where"(%c, %a, %a) : (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @where_branches_differ(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+1 {{'tg.where' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "tg.where"(%c, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @where_condition_shape(%c: tensor<2xi1>, %a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.where' op failed to verify that condition is the bool (i1) form of the result type}}
  %0 = "tg.where"(%c, %a, %a) : (tensor<2xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cast_changes_shape(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.cast' op has result #0 of type 'tensor<2xi32>' but operand #0 of type 'tensor<4xf32>': shapes must match exactly}}
  %0 = tg.cast %a : tensor<4xf32> to tensor<2xi32>
  return
}

// -----

func.func @bitcast_width(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.bitcast' op cannot reinterpret 'f32' as 'f16': bit widths differ (32 vs 16)}}
  %0 = tg.bitcast %a : tensor<4xf32> to tensor<4xf16>
  return
}

// -----

func.func @bitcast_index(%a: index) {
  // expected-error@+1 {{'tg.bitcast' op operand #0 must be fixed-width scalar or statically shaped tensor}}
  %0 = tg.bitcast %a : index to i64
  return
}

// -----

func.func @const_type_mismatch() {
  // expected-error@+1 {{'tg.const' op value of type 'i32' does not match the element type 'f32'}}
  %0 = "tg.const"() {value = 1 : i32} : () -> tensor<2xf32>
  return
}

// -----

func.func @const_not_a_number() {
  // expected-error@+1 {{'tg.const' op value must be an integer or float attribute, got dense<1.000000e+00> : tensor<2xf32>}}
  %0 = "tg.const"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  return
}

// -----

func.func @const_out_of_range() {
  // expected-error@+1 {{integer literal does not fit 8-bit signed type}}
  %0 = tg.const 128 : i8
  return
}

// -----

func.func @const_negative_unsigned() {
  // expected-error@+1 {{integer literal does not fit 8-bit unsigned type}}
  %0 = tg.const -1 : ui8
  return
}

// -----

func.func @const_float_for_int() {
  // expected-error@+1 {{expected an integer literal for an integer type}}
  %0 = tg.const 1.5 : i32
  return
}

// -----

func.func @const_bool_for_float() {
  // expected-error@+1 {{a bool literal cannot be a float constant}}
  %0 = tg.const true : f32
  return
}

// -----

func.func @const_bad_bool() {
  // expected-error@+1 {{an i1 constant is true, false, 0 or 1}}
  %0 = tg.const 2 : i1
  return
}

// -----

func.func @const_wide_bit_pattern() {
  // expected-error@+1 {{hexadecimal bit pattern does not fit 16 bits}}
  %0 = tg.const 0x1FFFF : f16
  return
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.reshape' op cannot reshape 6 elements into 8 ('tensor<2x3xf32>' to 'tensor<8xf32>')}}
  %0 = tg.reshape %a : tensor<2x3xf32> to tensor<8xf32>
  return
}

// -----

func.func @reshape_element_type(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.reshape' op changes the element type from 'f32' to 'i32'}}
  %0 = tg.reshape %a : tensor<2x3xf32> to tensor<6xi32>
  return
}

// -----

func.func @permute_length(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.permute' op order has 3 entries for rank 2}}
  %0 = tg.permute %a [0, 1, 2] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @permute_repeats(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.permute' op axis 0 is listed twice}}
  %0 = tg.permute %a [0, 0] : tensor<2x3xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @permute_range(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.permute' op axis 2 is out of range for rank 2}}
  %0 = tg.permute %a [2, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @permute_wrong_result(%a: tensor<2x3xf32>) {
  // expected-error@+2 {{'tg.permute' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error@+1 {{'tg.permute' op failed to infer returned types}}
  %0 = tg.permute %a [1, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @expand_not_one(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.expand' op axis 0 of size 2 cannot expand to 4; only size-1 axes expand}}
  %0 = tg.expand %a : tensor<2x3xf32> to tensor<4x3xf32>
  return
}

// -----

func.func @expand_rank(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tg.expand' op cannot change the rank (1 to 2); reshape to add size-1 axes first}}
  %0 = tg.expand %a : tensor<3xf32> to tensor<4x3xf32>
  return
}

// -----

func.func @expand_element_type(%a: tensor<1xf32>) {
  // expected-error@+1 {{'tg.expand' op changes the element type from 'f32' to 'f16'}}
  %0 = tg.expand %a : tensor<1xf32> to tensor<4xf16>
  return
}

// -----

func.func @pad_negative(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.pad' op pads axis 1 by a negative amount (-1, 0); use tg.shrink to cut}}
  %0 = tg.pad %a low [0, -1] high [0, 0] : tensor<2x3xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @pad_length(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.pad' op needs one low and one high amount per axis (rank 2), got 1 and 2}}
  %0 = tg.pad %a low [0] high [0, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @shrink_bounds(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.shrink' op bounds [1, 4) of axis 1 are not within [0, 3]}}
  %0 = tg.shrink %a begin [0, 1] end [2, 4] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @shrink_reversed(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.shrink' op bounds [2, 1) of axis 0 are not within [0, 2]}}
  %0 = tg.shrink %a begin [2, 0] end [1, 3] : tensor<2x3xf32> -> tensor<1x3xf32>
  return
}

// -----

func.func @shrink_length(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.shrink' op needs one begin and one end per axis (rank 2), got 2 and 1}}
  %0 = tg.shrink %a begin [0, 0] end [2] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @flip_repeats(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.flip' op axis 1 is listed twice}}
  %0 = tg.flip %a [1, 1] : tensor<2x3xf32>
  return
}

// -----

func.func @flip_range(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.flip' op axis -1 is out of range for rank 2}}
  %0 = tg.flip %a [-1] : tensor<2x3xf32>
  return
}

// -----

func.func @reduce_range(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.reduce' op axis 5 is out of range for rank 2}}
  %0 = tg.reduce add %a [5] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @reduce_repeats(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tg.reduce' op axis 0 is listed twice}}
  %0 = tg.reduce max %a [0, 0] : tensor<2x3xf32> -> tensor<1x3xf32>
  return
}

// -----

func.func @reduce_bool_sum(%a: tensor<4xi1>) {
  // expected-error@+1 {{'tg.reduce' op cannot add-reduce bool values; cast them first (only max, tinygrad's any, reduces bool)}}
  %0 = tg.reduce add %a [0] : tensor<4xi1> -> tensor<1xi1>
  return
}

// -----

func.func @reduce_scalar(%a: f32) {
  // expected-error@+1 {{'tg.reduce' op operand #0 must be statically shaped tensor}}
  %0 = "tg.reduce"(%a) {kind = 0 : i32, axes = array<i64>} : (f32) -> f32
  return
}

// -----

func.func @copy_device(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.copy' op "cuda:x" is not a device name: a kind in capitals (CPU, VULKAN), optionally with :N}}
  %0 = tg.copy %a to "cuda:x" : tensor<4xf32>
  return
}

// -----

func.func @copy_device_empty(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.copy' op "" is not a device name}}
  %0 = tg.copy %a to "" : tensor<4xf32>
  return
}

// -----

func.func @assign_types(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+1 {{'tg.assign' op requires the same type for all operands and results}}
  %0 = "tg.assign"(%a, %b) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @contiguous_scalar(%a: f32) {
  // expected-error@+1 {{'tg.contiguous' op operand #0 must be statically shaped tensor}}
  %0 = "tg.contiguous"(%a) : (f32) -> f32
  return
}

// -----

func.func @kernel_arguments(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.kernel' op has 1 inputs but 2 block arguments}}
  %0 = tg.kernel(%a) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    tg.yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_argument_type(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.kernel' op block argument #0 has type 'tensor<4xf16>' but input #0 has type 'tensor<4xf32>'}}
  %0 = tg.kernel(%a) : (tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%x: tensor<4xf16>):
    tg.yield %x : tensor<4xf16>
  }
  return
}

// -----

func.func @kernel_yield(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.kernel' op yields 1 values of types 'tensor<4xf32>' but the kernel returns 'tensor<2xf32>'}}
  %0 = tg.kernel(%a) : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<4xf32>):
    tg.yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_foreign_op(%a: tensor<4xf32>) {
  %0 = tg.kernel(%a) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>):
    // expected-error@+1 {{'arith.addf' op cannot appear in a tg.kernel: kernel bodies hold tg compute ops only}}
    %y = arith.addf %x, %x : tensor<4xf32>
    tg.yield %y : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_scheduling_op(%a: tensor<4xf32>) {
  %0 = tg.kernel(%a) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>):
    // expected-error@+1 {{'tg.contiguous' op is a scheduling op and cannot appear inside a tg.kernel (tg-kernelize resolves it)}}
    %y = tg.contiguous %x : tensor<4xf32>
    tg.yield %y : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_captures(%a: tensor<4xf32>) {
  // expected-note@+1 {{required by region isolation constraints}}
  %0 = tg.kernel : () -> tensor<4xf32> {
    // expected-error@+1 {{using value defined outside the region}}
    tg.yield %a : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_inplace_count(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.kernel' op inplace names 2 operands for 1 results}}
  %0 = tg.kernel(%a) {inplace = array<i64: 0, 0>} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>):
    tg.yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_inplace_missing(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.kernel' op result #0 overwrites input #3, which does not exist}}
  %0 = tg.kernel(%a) {inplace = array<i64: 3>} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>):
    tg.yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_inplace_type(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.kernel' op result #0 of type 'tensor<1xf32>' cannot overwrite input #0 of type 'tensor<4xf32>'}}
  %0 = tg.kernel(%a) {inplace = array<i64: 0>} : (tensor<4xf32>) -> tensor<1xf32> {
  ^bb0(%x: tensor<4xf32>):
    %r = tg.reduce add %x [0] : tensor<4xf32> -> tensor<1xf32>
    tg.yield %r : tensor<1xf32>
  }
  return
}

// -----

func.func @yield_outside_kernel(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tg.yield' op expects parent op 'tg.kernel'}}
  tg.yield %a : tensor<4xf32>
}

// -----

// expected-error@+1 {{'tg.range' of argument #0 must be array<i64: lo, hi>, got array<i64: 1, 2, 3>}}
func.func @range_form(%a: index {tg.range = array<i64: 1, 2, 3>}) {
  return
}

// -----

// expected-error@+1 {{'tg.range' of argument #0 is empty: 5 > 2}}
func.func @range_empty(%a: index {tg.range = array<i64: 5, 2>}) {
  return
}

// -----

// expected-error@+1 {{'tg.range' bounds argument #0 of type 'f32', which is not an integer or index}}
func.func @range_float(%a: f32 {tg.range = array<i64: 0, 2>}) {
  return
}

// -----

// expected-error@+1 {{unknown tg argument attribute 'tg.bounds'}}
func.func @range_unknown(%a: index {tg.bounds = array<i64: 0, 2>}) {
  return
}

// -----

// expected-error@+1 {{'tg.name' of argument #0 must be a non-empty string, got ""}}
func.func @name_empty(%a: tensor<2xf32> {tg.name = ""}) {
  return
}

// -----

// expected-error@+1 {{'tg.name' of result #0 must be a non-empty string, got 3 : i64}}
func.func @result_name_not_string(%a: tensor<2xf32>) -> (tensor<2xf32> {tg.name = 3}) {
  return %a : tensor<2xf32>
}

// -----

// expected-error@+1 {{unknown tg result attribute 'tg.range'}}
func.func @result_range(%a: index) -> (index {tg.range = array<i64: 0, 2>}) {
  return %a : index
}

// -----

// 2^64 elements: the element count itself overflows int64.
func.func @elements_overflow(%a: tensor<4294967296x4294967296xi8>) {
  // expected-error@+1 {{'tg.neg' op operand #0 of type 'tensor<4294967296x4294967296xi8>' is too large: its byte size does not fit in int64}}
  %r = tg.neg %a : tensor<4294967296x4294967296xi8>
  return
}

// -----

// 2^61 float32 elements fit, their 2^63 bytes do not.
func.func @bytes_overflow(%a: tensor<2305843009213693952xf32>) {
  // expected-error@+1 {{'tg.exp2' op operand #0 of type 'tensor<2305843009213693952xf32>' is too large}}
  %r = tg.exp2 %a : tensor<2305843009213693952xf32>
  return
}

// -----

func.func @result_overflow(%a: tensor<1xf32>) {
  // expected-error@+1 {{'tg.expand' op result #0 of type 'tensor<2305843009213693952xf32>' is too large}}
  %r = tg.expand %a : tensor<1xf32> to tensor<2305843009213693952xf32>
  return
}

// -----

// expected-error@+1 {{'tg.zero_border' of argument #0 must be a #tg.zero_border, got array<i64: 1, 1>}}
func.func @zero_border_form(%a: tensor<4xf32> {tg.zero_border = array<i64: 1, 1>}) {
  return
}

// -----

// expected-error@+1 {{'tg.zero_border' of argument #0 has 1 axes, which its type does not: 'tensor<4x4xf32>'}}
func.func @zero_border_rank(%a: tensor<4x4xf32> {tg.zero_border = #tg.zero_border<low = [1], high = [1]>}) {
  return
}

// -----

// expected-error@+1 {{'tg.zero_border' of argument #0 is wider than axis 1 (4 elements)}}
func.func @zero_border_wide(%a: memref<4x4xf32> {tg.zero_border = #tg.zero_border<low = [0, 3], high = [0, 2]>}) {
  return
}

// -----

// expected-error@+1 {{#tg.zero_border has 2 low and 1 high amounts; it needs one of each per axis}}
func.func @zero_border_amounts(%a: tensor<4x4xf32> {tg.zero_border = #tg.zero_border<low = [0, 1], high = [1]>}) {
  return
}

// -----

// expected-error@+1 {{#tg.zero_border amounts must be non-negative}}
func.func @zero_border_negative(%a: tensor<4x4xf32> {tg.zero_border = #tg.zero_border<low = [0, -1], high = [0, 1]>}) {
  return
}
