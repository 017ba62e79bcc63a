// RUN: tg-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(tg-symbolic,tg-print-ranges),test-tg-match-expected)'

// Ported from tinygrad test/null/test_uop_symbolic.py, TestSymbolic, add/mul/neg/sub: combining like terms, constant folding, identities, bitwise identities.
// Generated from tinygrad's own UOp graphs; one helper_test_variable case per split chunk:
// - the top-level @f is the input UOp exactly as tinygrad builds it (a - b is a + b*-1, a >= c is
//   (a<c) != True, ...). tg-symbolic simplifies it; tg-print-ranges remarks the range of the result, and
//   the remark is the range tinygrad asserts (regex where it asserts none; floats: no remark).
// - module @expected holds @f again (same arguments), returning tinygrad's expected string built exactly
//   as eval(string) builds it. test-tg-match-expected reports an error unless @f's simplified result is
//   the same expression up to the operand order of commutative ops (arguments by position, constants by
//   value and type), like tinygrad's check_uop_against_string (eval, canonicalize commutative order, `is`).
// The pipeline runs tg-symbolic and tg-print-ranges on top-level functions only, never inside @expected.
// See SYMBOLIC-PORT.md.

// tinygrad: a*2+a*3 -> "(a*5)" in [0, 40]
func.func @test_factorize_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.mul %a, %c3 : index
  %2 = tg.add %0, %1 : index
  // expected-remark@+1 {{result #0 in [0, 40]}}
  return %2 : index
}
module @expected {
  func.func @test_factorize_0(%a: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.mul %a, %c5 : index
    return %0 : index
  }
}

// -----

// tinygrad: b+a*2+a*3 -> "(b+(a*5))" in [0, 48]
func.func @test_factorize_1(%b: index {tg.range = array<i64: 0, 8>}, %a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %1 = tg.add %b, %0 : index
  %c3 = tg.const 3 : index
  %2 = tg.mul %a, %c3 : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 48]}}
  return %3 : index
}
module @expected {
  func.func @test_factorize_1(%b: index, %a: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.mul %a, %c5 : index
    %1 = tg.add %b, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: a+a*3 -> "(a*4)" in [0, 32]
func.func @test_factorize_no_mul_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %1 = tg.add %a, %0 : index
  // expected-remark@+1 {{result #0 in [0, 32]}}
  return %1 : index
}
module @expected {
  func.func @test_factorize_no_mul_0(%a: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    return %0 : index
  }
}

// -----

// tinygrad: (a+b)+a*3 -> "(b+(a*4))" in [0, 40]
func.func @test_factorize_no_mul_1(%a: index {tg.range = array<i64: 0, 8>}, %b: index {tg.range = array<i64: 0, 8>}) -> index {
  %0 = tg.add %a, %b : index
  %c3 = tg.const 3 : index
  %1 = tg.mul %a, %c3 : index
  %2 = tg.add %0, %1 : index
  // expected-remark@+1 {{result #0 in [0, 40]}}
  return %2 : index
}
module @expected {
  func.func @test_factorize_no_mul_1(%a: index, %b: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %1 = tg.add %b, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a*3+b)+b*3 -> "((a*3)+(b*4))" in [0, 56]
func.func @test_factorize_no_mul_2(%a: index {tg.range = array<i64: 0, 8>}, %b: index {tg.range = array<i64: 0, 8>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %1 = tg.add %0, %b : index
  %2 = tg.mul %b, %c3 : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 56]}}
  return %3 : index
}
module @expected {
  func.func @test_factorize_no_mul_2(%a: index, %b: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %c4 = tg.const 4 : index
    %1 = tg.mul %b, %c4 : index
    %2 = tg.add %0, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: -Variable("a", 0, 8) -> "(a*-1)" in [-8, 0]
func.func @test_neg_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  // expected-remark@+1 {{result #0 in [-8, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_neg_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8, dtypes.int) ^ 0 -> "a" in [0, 8]
func.func @test_xor_0_0(%a: i32 {tg.range = array<i64: 0, 8>}) -> i32 {
  %c0_i32 = tg.const 0 : i32
  %0 = tg.xor %a, %c0_i32 : i32
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %0 : i32
}
module @expected {
  func.func @test_xor_0_0(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// tinygrad: Variable("a", 0, 8, dtypes.int) | 0 -> "a" in [0, 8]
func.func @test_or_0_0(%a: i32 {tg.range = array<i64: 0, 8>}) -> i32 {
  %c0_i32 = tg.const 0 : i32
  %0 = tg.or %a, %c0_i32 : i32
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %0 : i32
}
module @expected {
  func.func @test_or_0_0(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// tinygrad: Variable("a", 0, 8, dtypes.int) << 0 -> "a" in [0, 8]
func.func @test_shift_0_0(%a: i32 {tg.range = array<i64: 0, 8>}) -> i32 {
  %c0_i32 = tg.const 0 : i32
  %0 = tg.shl %a, %c0_i32 : i32
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %0 : i32
}
module @expected {
  func.func @test_shift_0_0(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// tinygrad: Variable("a", 0, 8, dtypes.int) >> 0 -> "a" in [0, 8]
func.func @test_shift_0_1(%a: i32 {tg.range = array<i64: 0, 8>}) -> i32 {
  %c0_i32 = tg.const 0 : i32
  %0 = tg.shr %a, %c0_i32 : i32
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %0 : i32
}
module @expected {
  func.func @test_shift_0_1(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// tinygrad: (Variable("a", 0, 8, dtypes.int) ^ 5) ^ 5 -> "a" in [0, 8]
func.func @test_xor_self_inverse_0(%a: i32 {tg.range = array<i64: 0, 8>}) -> i32 {
  %c5_i32 = tg.const 5 : i32
  %0 = tg.xor %a, %c5_i32 : i32
  %1 = tg.xor %0, %c5_i32 : i32
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %1 : i32
}
module @expected {
  func.func @test_xor_self_inverse_0(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// tinygrad: Variable("a", 0, 8)+1 -> "(a+1)" in [1, 9]
func.func @test_add_1_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.add %a, %c1 : index
  // expected-remark@+1 {{result #0 in [1, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_add_1_0(%a: index) -> index {
    %c1 = tg.const 1 : index
    %0 = tg.add %a, %c1 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8)-1 -> "(a+-1)" in [-1, 7]
func.func @test_sub_1_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c1 = tg.const 1 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c1, %cm1 : index
  %1 = tg.add %a, %0 : index
  // expected-remark@+1 {{result #0 in [-1, 7]}}
  return %1 : index
}
module @expected {
  func.func @test_sub_1_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.add %a, %cm1 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("fake", 1, 1) -> "1" in [1, 1]
func.func @test_const_var_0(%fake: index {tg.range = array<i64: 1, 1>}) -> index {
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %fake : index
}
module @expected {
  func.func @test_const_var_0(%fake: index) -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: a+a -> "(a*2)" in [0, 16]
func.func @test_add_self_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %0 = tg.add %a, %a : index
  // expected-remark@+1 {{result #0 in [0, 16]}}
  return %0 : index
}
module @expected {
  func.func @test_add_self_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: (a+b)+b -> "(a+(b*2))" in [0, 24]
func.func @test_add_self_1(%a: index {tg.range = array<i64: 0, 8>}, %b: index {tg.range = array<i64: 0, 8>}) -> index {
  %0 = tg.add %a, %b : index
  %1 = tg.add %0, %b : index
  // expected-remark@+1 {{result #0 in [0, 24]}}
  return %1 : index
}
module @expected {
  func.func @test_add_self_1(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %b, %c2 : index
    %1 = tg.add %a, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a*3+b)+a -> "(b+(a*4))" in [0, 40]
func.func @test_add_self_2(%a: index {tg.range = array<i64: 0, 8>}, %b: index {tg.range = array<i64: 0, 8>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %1 = tg.add %0, %b : index
  %2 = tg.add %1, %a : index
  // expected-remark@+1 {{result #0 in [0, 40]}}
  return %2 : index
}
module @expected {
  func.func @test_add_self_2(%a: index, %b: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %1 = tg.add %b, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a+b)+a*3 -> "(b+(a*4))" in [0, 40]
func.func @test_add_self_3(%a: index {tg.range = array<i64: 0, 8>}, %b: index {tg.range = array<i64: 0, 8>}) -> index {
  %0 = tg.add %a, %b : index
  %c3 = tg.const 3 : index
  %1 = tg.mul %a, %c3 : index
  %2 = tg.add %0, %1 : index
  // expected-remark@+1 {{result #0 in [0, 40]}}
  return %2 : index
}
module @expected {
  func.func @test_add_self_3(%a: index, %b: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %1 = tg.add %b, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: a-a -> "0" in [0, 0]
func.func @test_sub_self_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %1 = tg.add %a, %0 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_sub_self_0(%a: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: a*3-a -> "(a*2)" in [0, 16]
func.func @test_sub_self_1(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %cm1 = tg.const -1 : index
  %1 = tg.mul %a, %cm1 : index
  %2 = tg.add %0, %1 : index
  // expected-remark@+1 {{result #0 in [0, 16]}}
  return %2 : index
}
module @expected {
  func.func @test_sub_self_1(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8)*0 -> "0" in [0, 0]
func.func @test_mul_0_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c0 = tg.const 0 : index
  %0 = tg.mul %a, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mul_0_0(%a: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8)*1 -> "a" in [0, 8]
func.func @test_mul_1_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.mul %a, %c1 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %0 : index
}
module @expected {
  func.func @test_mul_1_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8)*2 -> "(a*2)" in [0, 16]
func.func @test_mul_2_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 16]}}
  return %0 : index
}
module @expected {
  func.func @test_mul_2_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8) * 2 + 12 -> "((a*2)+12)" in [12, 28]
func.func @test_add_min_max_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %c12 = tg.const 12 : index
  %1 = tg.add %0, %c12 : index
  // expected-remark@+1 {{result #0 in [12, 28]}}
  return %1 : index
}
module @expected {
  func.func @test_add_min_max_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c12 = tg.const 12 : index
    %1 = tg.add %0, %c12 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)*10)*9 -> "(a*90)" in [0, 450]
func.func @test_mul_mul_0(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.mul %a, %c10 : index
  %c9 = tg.const 9 : index
  %1 = tg.mul %0, %c9 : index
  // expected-remark@+1 {{result #0 in [0, 450]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_mul_0(%a: index) -> index {
    %c90 = tg.const 90 : index
    %0 = tg.mul %a, %c90 : index
    return %0 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 3), Variable("b", 0, 5)])*3 -> "((a*3)+(b*3))" in [0, 24]
func.func @test_distribute_mul_0(%a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 5>}) -> index {
  %0 = tg.add %a, %b : index
  %c3 = tg.const 3 : index
  %1 = tg.mul %0, %c3 : index
  // expected-remark@+1 {{result #0 in [0, 24]}}
  return %1 : index
}
module @expected {
  func.func @test_distribute_mul_0(%a: index, %b: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %1 = tg.mul %b, %c3 : index
    %2 = tg.add %0, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (1+Variable("a", 0, 3))*(-2)+12 -> "((a*-2)+10)" in [4, 10]
func.func @test_distribute_mul_1(%a: index {tg.range = array<i64: 0, 3>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.add %c1, %a : index
  %cm2 = tg.const -2 : index
  %1 = tg.mul %0, %cm2 : index
  %c12 = tg.const 12 : index
  %2 = tg.add %1, %c12 : index
  // expected-remark@+1 {{result #0 in [4, 10]}}
  return %2 : index
}
module @expected {
  func.func @test_distribute_mul_1(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.mul %a, %cm2 : index
    %c10 = tg.const 10 : index
    %1 = tg.add %0, %c10 : index
    return %1 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)]) -> "a" in [0, 7]
func.func @test_sum_0_0(%a: index {tg.range = array<i64: 0, 7>}) -> index {
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %a : index
}
module @expected {
  func.func @test_sum_0_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: (x & -4) >> 2 -> "(x>>2)" in [0, 63]
func.func @test_masked_shr_fold_0(%x: ui32 {tg.range = array<i64: 0, 255>}) -> ui32 {
  %c4294967292_ui32 = tg.const 4294967292 : ui32
  %0 = tg.and %x, %c4294967292_ui32 : ui32
  %c2_ui32 = tg.const 2 : ui32
  %1 = tg.shr %0, %c2_ui32 : ui32
  // expected-remark@+1 {{result #0 in [0, 63]}}
  return %1 : ui32
}
module @expected {
  func.func @test_masked_shr_fold_0(%x: ui32) -> ui32 {
    %c2_ui32 = tg.const 2 : ui32
    %0 = tg.shr %x, %c2_ui32 : ui32
    return %0 : ui32
  }
}

// -----

// tinygrad: usum([uconst(29), Variable("a", 0, 10), uconst(-23)]) -> "(a+6)" in [6, 16]
func.func @test_sum_combine_num_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %c29 = tg.const 29 : index
  %0 = tg.add %c29, %a : index
  %cm23 = tg.const -23 : index
  %1 = tg.add %0, %cm23 : index
  // expected-remark@+1 {{result #0 in [6, 16]}}
  return %1 : index
}
module @expected {
  func.func @test_sum_combine_num_0(%a: index) -> index {
    %c6 = tg.const 6 : index
    %0 = tg.add %a, %c6 : index
    return %0 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 1) * -4 + 1, Variable("a", 0, 1) * 4]) -> "1" in [1, 1]
func.func @test_sum_num_hoisted_and_factors_cancel_out_0(%a: index {tg.range = array<i64: 0, 1>}) -> index {
  %cm4 = tg.const -4 : index
  %0 = tg.mul %a, %cm4 : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c4 = tg.const 4 : index
  %2 = tg.mul %a, %c4 : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %3 : index
}
module @expected {
  func.func @test_sum_num_hoisted_and_factors_cancel_out_0(%a: index) -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (gidx0+lidx2+lidx3)*4 -> "(((gidx0*4)+(lidx2*4))+(lidx3*4))" in [0, 80]
func.func @test_sum_mul_distribute_0(%gidx0: index {tg.range = array<i64: 0, 7>}, %lidx2: index {tg.range = array<i64: 0, 12>}, %lidx3: index {tg.range = array<i64: 0, 1>}) -> index {
  %0 = tg.add %gidx0, %lidx2 : index
  %1 = tg.add %0, %lidx3 : index
  %c4 = tg.const 4 : index
  %2 = tg.mul %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 80]}}
  return %2 : index
}
module @expected {
  func.func @test_sum_mul_distribute_0(%gidx0: index, %lidx2: index, %lidx3: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %gidx0, %c4 : index
    %1 = tg.mul %lidx2, %c4 : index
    %2 = tg.add %0, %1 : index
    %3 = tg.mul %lidx3, %c4 : index
    %4 = tg.add %2, %3 : index
    return %4 : index
  }
}

// -----

// tinygrad: 2*(2*a).reciprocal() -> "a.reciprocal()" in [-inf, inf]
func.func @test_const_reciprocal_0(%a: f32) -> f32 {
  %c2_0_f32 = tg.const 2.000000e+00 : f32
  %0 = tg.mul %c2_0_f32, %a : f32
  %1 = tg.reciprocal %0 : f32
  %2 = tg.mul %c2_0_f32, %1 : f32
  // tinygrad's range [-inf, inf] is not checked: --tg-print-ranges reports no float ranges
  return %2 : f32
}
module @expected {
  func.func @test_const_reciprocal_0(%a: f32) -> f32 {
    %0 = tg.reciprocal %a : f32
    return %0 : f32
  }
}
