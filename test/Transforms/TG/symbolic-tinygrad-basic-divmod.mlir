// RUN: tg-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(tg-symbolic,tg-print-ranges),test-tg-match-expected)'

// Ported from tinygrad test/null/test_uop_symbolic.py, TestSymbolic, floor division and floor modulo (divandmod.py): factoring, congruences, nesting, recombining.
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

// tinygrad: Variable("a", 2, 3)//2 -> "1" in [1, 1]
func.func @test_div_reduction_0(%a: index {tg.range = array<i64: 2, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floordiv %a, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_div_reduction_0(%a: index) -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 2)*-1)//3 -> "((a*-1)//3)" in [-1, 0]
func.func @test_mul_neg_1_0(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c3 = tg.const 3 : index
  %1 = tg.floordiv %0, %c3 : index
  // expected-remark@+1 {{result #0 in [-1, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_neg_1_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c3 = tg.const 3 : index
    %1 = tg.floordiv %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 2, 7)*-1)//3 -> "((a*-1)//3)" in [-3, -1]
func.func @test_mul_neg_1_1(%a: index {tg.range = array<i64: 2, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c3 = tg.const 3 : index
  %1 = tg.floordiv %0, %c3 : index
  // expected-remark@+1 {{result #0 in [-3, -1]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_neg_1_1(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c3 = tg.const 3 : index
    %1 = tg.floordiv %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8)//1 -> "a" in [0, 8]
func.func @test_div_1_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.floordiv %a, %c1 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %0 : index
}
module @expected {
  func.func @test_div_1_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: Variable("a", 0, 8)%1 -> "0" in [0, 0]
func.func @test_mod_1_0(%a: index {tg.range = array<i64: 0, 8>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.floormod %a, %c1 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_1_0(%a: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 7) // 20 -> "0" in [0, 0]
func.func @test_div_remove_0(%a: index {tg.range = array<i64: 0, 7>}) -> index {
  %c20 = tg.const 20 : index
  %0 = tg.floordiv %a, %c20 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_remove_0(%a: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: Variable("a", 1, 7) // -2 -> "(a//-2)" in [-4, -1]
func.func @test_div_neg_min_max_0(%a: index {tg.range = array<i64: 1, 7>}) -> index {
  %cm2 = tg.const -2 : index
  %0 = tg.floordiv %a, %cm2 : index
  // expected-remark@+1 {{result #0 in [-4, -1]}}
  return %0 : index
}
module @expected {
  func.func @test_div_neg_min_max_0(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.floordiv %a, %cm2 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 6) // -2 -> "(a//-2)" in [-3, 0]
func.func @test_div_neg_min_max_1(%a: index {tg.range = array<i64: 0, 6>}) -> index {
  %cm2 = tg.const -2 : index
  %0 = tg.floordiv %a, %cm2 : index
  // expected-remark@+1 {{result #0 in [-3, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_neg_min_max_1(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.floordiv %a, %cm2 : index
    return %0 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7), Variable("b", 0, 3)]) // 20 -> "0" in [0, 0]
func.func @test_sum_div_remove_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %0 = tg.add %a, %b : index
  %c20 = tg.const 20 : index
  %1 = tg.floordiv %0, %c20 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_sum_div_remove_0(%a: index, %b: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7), Variable("b", 0, 3)]) // 2 -> "((a+b)//2)" in [0, 5]
// note: tinygrad literally returns "((b+a)//2)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_min_max_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %0 = tg.add %a, %b : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 5]}}
  return %1 : index
}
module @expected {
  func.func @test_sum_div_min_max_0(%a: index, %b: index) -> index {
    %0 = tg.add %a, %b : index
    %c2 = tg.const 2 : index
    %1 = tg.floordiv %0, %c2 : index
    return %1 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*4, Variable("b", 0, 3)*4]) // 2 -> "((a*2)+(b*2))" in [0, 20]
// note: tinygrad literally returns "(b*2+a*2)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_mod_factor_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c2 = tg.const 2 : index
  %3 = tg.floordiv %2, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %3 : index
}
module @expected {
  func.func @test_sum_div_mod_factor_0(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %1 = tg.mul %b, %c2 : index
    %2 = tg.add %0, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*4, Variable("b", 0, 3)*4]) % 2 -> "0" in [0, 0]
func.func @test_sum_div_mod_factor_1(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c2 = tg.const 2 : index
  %3 = tg.floormod %2, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %3 : index
}
module @expected {
  func.func @test_sum_div_mod_factor_1(%a: index, %b: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*5, Variable("b", 0, 3)*4]) // 2 -> "((a*2)+(b*2)+(a//2))" in [0, 23]
// note: tinygrad literally returns "(b*2+a*2+a//2)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_some_factor_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.mul %a, %c5 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c2 = tg.const 2 : index
  %3 = tg.floordiv %2, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 23]}}
  return %3 : index
}
module @expected {
  func.func @test_sum_div_some_factor_0(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %1 = tg.mul %b, %c2 : index
    %2 = tg.add %0, %1 : index
    %3 = tg.floordiv %a, %c2 : index
    %4 = tg.add %2, %3 : index
    return %4 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 7)*4 + Variable("b", 0, 3)*4 + 7) // 16 -> "(((a+b)+1)//4)" in [0, 2]
// note: tinygrad literally returns "((b+a+1)//4)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_trim_const_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c7 = tg.const 7 : index
  %3 = tg.add %2, %c7 : index
  %c16 = tg.const 16 : index
  %4 = tg.floordiv %3, %c16 : index
  // expected-remark@+1 {{result #0 in [0, 2]}}
  return %4 : index
}
module @expected {
  func.func @test_sum_div_trim_const_0(%a: index, %b: index) -> index {
    %0 = tg.add %a, %b : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c4 = tg.const 4 : index
    %2 = tg.floordiv %1, %c4 : index
    return %2 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*6, Variable("b", 0, 7)*6]) // 16 -> "(((a*3)+(b*3))//8)" in [0, 5]
func.func @test_sum_div_some_partial_factor_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 7>}) -> index {
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c6 : index
  %1 = tg.mul %b, %c6 : index
  %2 = tg.add %0, %1 : index
  %c16 = tg.const 16 : index
  %3 = tg.floordiv %2, %c16 : index
  // expected-remark@+1 {{result #0 in [0, 5]}}
  return %3 : index
}
module @expected {
  func.func @test_sum_div_some_partial_factor_0(%a: index, %b: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %1 = tg.mul %b, %c3 : index
    %2 = tg.add %0, %1 : index
    %c8 = tg.const 8 : index
    %3 = tg.floordiv %2, %c8 : index
    return %3 : index
  }
}

// -----

// tinygrad: usum([uconst(16), Variable("a", 0, 7)*6, Variable("b", 0, 7)*6]) // 16 -> "((((a*3)+(b*3))//8)+1)" in [1, 6]
func.func @test_sum_div_some_partial_factor_1(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 7>}) -> index {
  %c16 = tg.const 16 : index
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c6 : index
  %1 = tg.add %c16, %0 : index
  %2 = tg.mul %b, %c6 : index
  %3 = tg.add %1, %2 : index
  %4 = tg.floordiv %3, %c16 : index
  // expected-remark@+1 {{result #0 in [1, 6]}}
  return %4 : index
}
module @expected {
  func.func @test_sum_div_some_partial_factor_1(%a: index, %b: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %1 = tg.mul %b, %c3 : index
    %2 = tg.add %0, %1 : index
    %c8 = tg.const 8 : index
    %3 = tg.floordiv %2, %c8 : index
    %c1 = tg.const 1 : index
    %4 = tg.add %3, %c1 : index
    return %4 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 7)*30+20)//20 -> "((a+(a//2))+1)" in [1, 11]
func.func @test_sum_div_some_partial_factor_2(%a: index {tg.range = array<i64: 0, 7>}) -> index {
  %c30 = tg.const 30 : index
  %0 = tg.mul %a, %c30 : index
  %c20 = tg.const 20 : index
  %1 = tg.add %0, %c20 : index
  %2 = tg.floordiv %1, %c20 : index
  // expected-remark@+1 {{result #0 in [1, 11]}}
  return %2 : index
}
module @expected {
  func.func @test_sum_div_some_partial_factor_2(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %a, %c2 : index
    %1 = tg.add %a, %0 : index
    %c1 = tg.const 1 : index
    %2 = tg.add %1, %c1 : index
    return %2 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*5, Variable("b", 0, 3)*5]) // 2 -> "((a*2)+(b*2)+((a+b)//2))" in [0, 25]
// note: tinygrad literally returns "(b*2+a*2+(b+a)//2)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_no_factor_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.mul %a, %c5 : index
  %1 = tg.mul %b, %c5 : index
  %2 = tg.add %0, %1 : index
  %c2 = tg.const 2 : index
  %3 = tg.floordiv %2, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 25]}}
  return %3 : index
}
module @expected {
  func.func @test_sum_div_no_factor_0(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %1 = tg.mul %b, %c2 : index
    %2 = tg.add %0, %1 : index
    %3 = tg.add %a, %b : index
    %4 = tg.floordiv %3, %c2 : index
    %5 = tg.add %2, %4 : index
    return %5 : index
  }
}

// -----

// tinygrad: Variable("x", 0, 10)%Variable("y", 1, 10) -> "(x%y)" in [0, 9]
func.func @test_mod_min_max_0(%x: index {tg.range = array<i64: 0, 10>}, %y: index {tg.range = array<i64: 1, 10>}) -> index {
  %0 = tg.floormod %x, %y : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_min_max_0(%x: index, %y: index) -> index {
    %0 = tg.floormod %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", -10, 0)%Variable("y", 1, 10) -> "(x%y)" in [0, 9]
func.func @test_mod_min_max_1(%x: index {tg.range = array<i64: -10, 0>}, %y: index {tg.range = array<i64: 1, 10>}) -> index {
  %0 = tg.floormod %x, %y : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_min_max_1(%x: index, %y: index) -> index {
    %0 = tg.floormod %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", 0, 10)%Variable("y", -10, -1) -> "(x%y)" in [-9, 0]
func.func @test_mod_min_max_2(%x: index {tg.range = array<i64: 0, 10>}, %y: index {tg.range = array<i64: -10, -1>}) -> index {
  %0 = tg.floormod %x, %y : index
  // expected-remark@+1 {{result #0 in [-9, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_min_max_2(%x: index, %y: index) -> index {
    %0 = tg.floormod %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", -10, 0)%Variable("y", -10, -1) -> "(x%y)" in [-9, 0]
func.func @test_mod_min_max_3(%x: index {tg.range = array<i64: -10, 0>}, %y: index {tg.range = array<i64: -10, -1>}) -> index {
  %0 = tg.floormod %x, %y : index
  // expected-remark@+1 {{result #0 in [-9, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_min_max_3(%x: index, %y: index) -> index {
    %0 = tg.floormod %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", -10, 10)%Variable("y", -10, -1) -> "(x%y)" in [-9, 0]
func.func @test_mod_min_max_4(%x: index {tg.range = array<i64: -10, 10>}, %y: index {tg.range = array<i64: -10, -1>}) -> index {
  %0 = tg.floormod %x, %y : index
  // expected-remark@+1 {{result #0 in [-9, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_min_max_4(%x: index, %y: index) -> index {
    %0 = tg.floormod %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 2, 7) // 2 -> "(a//2)" in [1, 3]
func.func @test_div_min_max_0(%a: index {tg.range = array<i64: 2, 7>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floordiv %a, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 3]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 6) // 2 -> "(a//2)" in [0, 3]
func.func @test_div_min_max_1(%a: index {tg.range = array<i64: 0, 6>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floordiv %a, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_1(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", 0, 10)//Variable("y", 1, 10) -> "(x//y)" in [0, 10]
func.func @test_div_min_max_2(%x: index {tg.range = array<i64: 0, 10>}, %y: index {tg.range = array<i64: 1, 10>}) -> index {
  %0 = tg.floordiv %x, %y : index
  // expected-remark@+1 {{result #0 in [0, 10]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_2(%x: index, %y: index) -> index {
    %0 = tg.floordiv %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", -10, 0)//Variable("y", 1, 10) -> "(x//y)" in [-10, 0]
func.func @test_div_min_max_3(%x: index {tg.range = array<i64: -10, 0>}, %y: index {tg.range = array<i64: 1, 10>}) -> index {
  %0 = tg.floordiv %x, %y : index
  // expected-remark@+1 {{result #0 in [-10, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_3(%x: index, %y: index) -> index {
    %0 = tg.floordiv %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", 0, 10)//Variable("y", -10, -1) -> "(x//y)" in [-10, 0]
func.func @test_div_min_max_4(%x: index {tg.range = array<i64: 0, 10>}, %y: index {tg.range = array<i64: -10, -1>}) -> index {
  %0 = tg.floordiv %x, %y : index
  // expected-remark@+1 {{result #0 in [-10, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_4(%x: index, %y: index) -> index {
    %0 = tg.floordiv %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", -10, 0)//Variable("y", -10, -1) -> "(x//y)" in [0, 10]
func.func @test_div_min_max_5(%x: index {tg.range = array<i64: -10, 0>}, %y: index {tg.range = array<i64: -10, -1>}) -> index {
  %0 = tg.floordiv %x, %y : index
  // expected-remark@+1 {{result #0 in [0, 10]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_5(%x: index, %y: index) -> index {
    %0 = tg.floordiv %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", -10, 10)//Variable("y", 1, 10) -> "(x//y)" in [-10, 10]
func.func @test_div_min_max_6(%x: index {tg.range = array<i64: -10, 10>}, %y: index {tg.range = array<i64: 1, 10>}) -> index {
  %0 = tg.floordiv %x, %y : index
  // expected-remark@+1 {{result #0 in [-10, 10]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_6(%x: index, %y: index) -> index {
    %0 = tg.floordiv %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("x", -10, 10)//Variable("y", -10, -1) -> "(x//y)" in [-10, 10]
func.func @test_div_min_max_7(%x: index {tg.range = array<i64: -10, 10>}, %y: index {tg.range = array<i64: -10, -1>}) -> index {
  %0 = tg.floordiv %x, %y : index
  // expected-remark@+1 {{result #0 in [-10, 10]}}
  return %0 : index
}
module @expected {
  func.func @test_div_min_max_7(%x: index, %y: index) -> index {
    %0 = tg.floordiv %x, %y : index
    return %0 : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*100, Variable("b", 0, 3)*50]) % 100 -> "((b%2)*50)" in [0, 50]
func.func @test_mod_factor_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c100 = tg.const 100 : index
  %0 = tg.mul %a, %c100 : index
  %c50 = tg.const 50 : index
  %1 = tg.mul %b, %c50 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.floormod %2, %c100 : index
  // expected-remark@+1 {{result #0 in [0, 50]}}
  return %3 : index
}
module @expected {
  func.func @test_mod_factor_0(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %b, %c2 : index
    %c50 = tg.const 50 : index
    %1 = tg.mul %0, %c50 : index
    return %1 : index
  }
}

// -----

// tinygrad: (1+Variable("a",1,2))%2 -> "(a+-1)" in [0, 1]
func.func @test_mod_to_sub_0(%a: index {tg.range = array<i64: 1, 2>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.add %c1, %a : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_to_sub_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.add %a, %cm1 : index
    return %0 : index
  }
}

// -----

// tinygrad: (3+3*Variable("a",0,3))%4 -> "((a*-1)+3)" in [0, 3]
func.func @test_mod_congruence_0(%a: index {tg.range = array<i64: 0, 3>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %c3, %a : index
  %1 = tg.add %c3, %0 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_congruence_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c3 = tg.const 3 : index
    %1 = tg.add %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (17+13*Variable("a",0,3))%18 -> "((a*-5)+17)" in [2, 17]
func.func @test_mod_congruence_1(%a: index {tg.range = array<i64: 0, 3>}) -> index {
  %c17 = tg.const 17 : index
  %c13 = tg.const 13 : index
  %0 = tg.mul %c13, %a : index
  %1 = tg.add %c17, %0 : index
  %c18 = tg.const 18 : index
  %2 = tg.floormod %1, %c18 : index
  // expected-remark@+1 {{result #0 in [2, 17]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_congruence_1(%a: index) -> index {
    %cm5 = tg.const -5 : index
    %0 = tg.mul %a, %cm5 : index
    %c17 = tg.const 17 : index
    %1 = tg.add %0, %c17 : index
    return %1 : index
  }
}

// -----

// tinygrad: (2+9*Variable("a",0,3))%18 -> "(((a%2)*9)+2)" in [2, 11]
func.func @test_mod_congruence_2(%a: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %c9 = tg.const 9 : index
  %0 = tg.mul %c9, %a : index
  %1 = tg.add %c2, %0 : index
  %c18 = tg.const 18 : index
  %2 = tg.floormod %1, %c18 : index
  // expected-remark@+1 {{result #0 in [2, 11]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_congruence_2(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %a, %c2 : index
    %c9 = tg.const 9 : index
    %1 = tg.mul %0, %c9 : index
    %2 = tg.add %1, %c2 : index
    return %2 : index
  }
}

// -----

// tinygrad: (6*(Variable("a", 0, 2)+1))%9 -> "((a*-3)+6)" in [0, 6]
func.func @test_mod_congruence_mul_add_0(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c6 = tg.const 6 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %a, %c1 : index
  %1 = tg.mul %c6, %0 : index
  %c9 = tg.const 9 : index
  %2 = tg.floormod %1, %c9 : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_congruence_mul_add_0(%a: index) -> index {
    %cm3 = tg.const -3 : index
    %0 = tg.mul %a, %cm3 : index
    %c6 = tg.const 6 : index
    %1 = tg.add %0, %c6 : index
    return %1 : index
  }
}

// -----

// tinygrad: (9+9*Variable("x",0,3)+9*Variable("y",0,3))%10 -> "(((x*-1)+(y*-1))+9)" in [3, 9]
func.func @test_mod_congruence_multiple_vars_0(%x: index {tg.range = array<i64: 0, 3>}, %y: index {tg.range = array<i64: 0, 3>}) -> index {
  %c9 = tg.const 9 : index
  %0 = tg.mul %c9, %x : index
  %1 = tg.add %c9, %0 : index
  %2 = tg.mul %c9, %y : index
  %3 = tg.add %1, %2 : index
  %c10 = tg.const 10 : index
  %4 = tg.floormod %3, %c10 : index
  // expected-remark@+1 {{result #0 in [3, 9]}}
  return %4 : index
}
module @expected {
  func.func @test_mod_congruence_multiple_vars_0(%x: index, %y: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %x, %cm1 : index
    %1 = tg.mul %y, %cm1 : index
    %2 = tg.add %0, %1 : index
    %c9 = tg.const 9 : index
    %3 = tg.add %2, %c9 : index
    return %3 : index
  }
}

// -----

// tinygrad: (7+9*Variable("x",0,2)+9*Variable("y",0,2)+Variable("z",0,2))%10 -> "(((z+(x*-1))+(y*-1))+7)" in [3, 9]
func.func @test_mod_congruence_multiple_vars_1(%x: index {tg.range = array<i64: 0, 2>}, %y: index {tg.range = array<i64: 0, 2>}, %z: index {tg.range = array<i64: 0, 2>}) -> index {
  %c7 = tg.const 7 : index
  %c9 = tg.const 9 : index
  %0 = tg.mul %c9, %x : index
  %1 = tg.add %c7, %0 : index
  %2 = tg.mul %c9, %y : index
  %3 = tg.add %1, %2 : index
  %4 = tg.add %3, %z : index
  %c10 = tg.const 10 : index
  %5 = tg.floormod %4, %c10 : index
  // expected-remark@+1 {{result #0 in [3, 9]}}
  return %5 : index
}
module @expected {
  func.func @test_mod_congruence_multiple_vars_1(%x: index, %y: index, %z: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %x, %cm1 : index
    %1 = tg.add %z, %0 : index
    %2 = tg.mul %y, %cm1 : index
    %3 = tg.add %1, %2 : index
    %c7 = tg.const 7 : index
    %4 = tg.add %3, %c7 : index
    return %4 : index
  }
}

// -----

// tinygrad: (10+12*Variable("x",0,2)+Variable("y", 0, 4)%3)%13 -> "(((x*-1)+(y%3))+10)" in [8, 12]
func.func @test_mod_congruence_multiple_vars_2(%x: index {tg.range = array<i64: 0, 2>}, %y: index {tg.range = array<i64: 0, 4>}) -> index {
  %c10 = tg.const 10 : index
  %c12 = tg.const 12 : index
  %0 = tg.mul %c12, %x : index
  %1 = tg.add %c10, %0 : index
  %c3 = tg.const 3 : index
  %2 = tg.floormod %y, %c3 : index
  %3 = tg.add %1, %2 : index
  %c13 = tg.const 13 : index
  %4 = tg.floormod %3, %c13 : index
  // expected-remark@+1 {{result #0 in [8, 12]}}
  return %4 : index
}
module @expected {
  func.func @test_mod_congruence_multiple_vars_2(%x: index, %y: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %x, %cm1 : index
    %c3 = tg.const 3 : index
    %1 = tg.floormod %y, %c3 : index
    %2 = tg.add %0, %1 : index
    %c10 = tg.const 10 : index
    %3 = tg.add %2, %c10 : index
    return %3 : index
  }
}

// -----

// tinygrad: (3+2*Variable("x",0,1)+3*Variable("y",0,1))%4 -> "((x*-2)+(y*-1)+3)" in [0, 3]
func.func @test_mod_congruence_tied_remainder_0(%x: index {tg.range = array<i64: 0, 1>}, %y: index {tg.range = array<i64: 0, 1>}) -> index {
  %c3 = tg.const 3 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c2, %x : index
  %1 = tg.add %c3, %0 : index
  %2 = tg.mul %c3, %y : index
  %3 = tg.add %1, %2 : index
  %c4 = tg.const 4 : index
  %4 = tg.floormod %3, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %4 : index
}
module @expected {
  func.func @test_mod_congruence_tied_remainder_0(%x: index, %y: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.mul %x, %cm2 : index
    %cm1 = tg.const -1 : index
    %1 = tg.mul %y, %cm1 : index
    %2 = tg.add %0, %1 : index
    %c3 = tg.const 3 : index
    %3 = tg.add %2, %c3 : index
    return %3 : index
  }
}

// -----

// tinygrad: (3+6*Variable("x",0,1)+7*Variable("y",0,1))%4 -> "((x*-2)+(y*-1)+3)" in [0, 3]
func.func @test_mod_congruence_tied_remainder_1(%x: index {tg.range = array<i64: 0, 1>}, %y: index {tg.range = array<i64: 0, 1>}) -> index {
  %c3 = tg.const 3 : index
  %c6 = tg.const 6 : index
  %0 = tg.mul %c6, %x : index
  %1 = tg.add %c3, %0 : index
  %c7 = tg.const 7 : index
  %2 = tg.mul %c7, %y : index
  %3 = tg.add %1, %2 : index
  %c4 = tg.const 4 : index
  %4 = tg.floormod %3, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %4 : index
}
module @expected {
  func.func @test_mod_congruence_tied_remainder_1(%x: index, %y: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.mul %x, %cm2 : index
    %cm1 = tg.const -1 : index
    %1 = tg.mul %y, %cm1 : index
    %2 = tg.add %0, %1 : index
    %c3 = tg.const 3 : index
    %3 = tg.add %2, %c3 : index
    return %3 : index
  }
}

// -----

// tinygrad: (3+3*Variable("a",0,3))//4 -> "a" in [0, 3]
func.func @test_div_congruence_0(%a: index {tg.range = array<i64: 0, 3>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %c3, %a : index
  %1 = tg.add %c3, %0 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_div_congruence_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: (18+17*Variable("a",0,2)+17)//18 -> "(a+1)" in [1, 3]
func.func @test_div_congruence_1(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c18 = tg.const 18 : index
  %c17 = tg.const 17 : index
  %0 = tg.mul %c17, %a : index
  %1 = tg.add %c18, %0 : index
  %2 = tg.add %1, %c17 : index
  %3 = tg.floordiv %2, %c18 : index
  // expected-remark@+1 {{result #0 in [1, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_div_congruence_1(%a: index) -> index {
    %c1 = tg.const 1 : index
    %0 = tg.add %a, %c1 : index
    return %0 : index
  }
}

// -----

// tinygrad: (9+(9+10)*Variable("x",0,3)+(8+10)*Variable("y",0,2))//10 -> "((x*2)+(y*2))" in [0, 10]
// note: tinygrad literally returns "(y*2+x*2)"; its test compares modulo the order of commutative index operands
func.func @test_div_congruence_multiple_vars_0(%x: index {tg.range = array<i64: 0, 3>}, %y: index {tg.range = array<i64: 0, 2>}) -> index {
  %c9 = tg.const 9 : index
  %c19 = tg.const 19 : index
  %0 = tg.mul %c19, %x : index
  %1 = tg.add %c9, %0 : index
  %c18 = tg.const 18 : index
  %2 = tg.mul %c18, %y : index
  %3 = tg.add %1, %2 : index
  %c10 = tg.const 10 : index
  %4 = tg.floordiv %3, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 10]}}
  return %4 : index
}
module @expected {
  func.func @test_div_congruence_multiple_vars_0(%x: index, %y: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %x, %c2 : index
    %1 = tg.mul %y, %c2 : index
    %2 = tg.add %0, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (3+Variable("a",0,1))%4 -> "((a*-3)+3)" in [0, 3]
func.func @test_mod_binary_expression_0(%a: index {tg.range = array<i64: 0, 1>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.add %c3, %a : index
  %c4 = tg.const 4 : index
  %1 = tg.floormod %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_binary_expression_0(%a: index) -> index {
    %cm3 = tg.const -3 : index
    %0 = tg.mul %a, %cm3 : index
    %c3 = tg.const 3 : index
    %1 = tg.add %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (3+Variable("a",4,5))%4 -> "((a*-3)+15)" in [0, 3]
func.func @test_mod_binary_expression_1(%a: index {tg.range = array<i64: 4, 5>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.add %c3, %a : index
  %c4 = tg.const 4 : index
  %1 = tg.floormod %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_binary_expression_1(%a: index) -> index {
    %cm3 = tg.const -3 : index
    %0 = tg.mul %a, %cm3 : index
    %c15 = tg.const 15 : index
    %1 = tg.add %0, %c15 : index
    return %1 : index
  }
}

// -----

// tinygrad: (3+Variable("a",0,1))//4 -> "a" in [0, 1]
func.func @test_div_binary_expression_0(%a: index {tg.range = array<i64: 0, 1>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.add %c3, %a : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_div_binary_expression_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*4, uconst(3)]) // 4 -> "a" in [0, 7]
func.func @test_sum_div_const_0(%a: index {tg.range = array<i64: 0, 7>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %2 : index
}
module @expected {
  func.func @test_sum_div_const_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7)*4, uconst(3)]) // 16 -> "(a//4)" in [0, 1]
func.func @test_sum_div_const_big_0(%a: index {tg.range = array<i64: 0, 7>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c16 = tg.const 16 : index
  %2 = tg.floordiv %1, %c16 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_sum_div_const_big_0(%a: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floordiv %a, %c4 : index
    return %0 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 20)*10)%9 -> "(a%9)" in [0, 8]
func.func @test_mul_mod_large_0(%a: index {tg.range = array<i64: 0, 20>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.mul %a, %c10 : index
  %c9 = tg.const 9 : index
  %1 = tg.floormod %0, %c9 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_mod_large_0(%a: index) -> index {
    %c9 = tg.const 9 : index
    %0 = tg.floormod %a, %c9 : index
    return %0 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)*10)%9 -> "a" in [0, 5]
func.func @test_mul_mod_small_0(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.mul %a, %c10 : index
  %c9 = tg.const 9 : index
  %1 = tg.floormod %0, %c9 : index
  // expected-remark@+1 {{result #0 in [0, 5]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_mod_small_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 31)%12)%4 -> "(a%4)" in [0, 3]
func.func @test_mod_mod_0(%a: index {tg.range = array<i64: 0, 31>}) -> index {
  %c12 = tg.const 12 : index
  %0 = tg.floormod %a, %c12 : index
  %c4 = tg.const 4 : index
  %1 = tg.floormod %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_mod_0(%a: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floormod %a, %c4 : index
    return %0 : index
  }
}

// -----

// tinygrad: ((4*Variable("a", 0, 31)) % 12) % 4 -> "0" in [0, 0]
func.func @test_mod_mod_1(%a: index {tg.range = array<i64: 0, 31>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %c4, %a : index
  %c12 = tg.const 12 : index
  %1 = tg.floormod %0, %c12 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_mod_1(%a: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: ((5*Variable("a", 0, 31)) % 12) % 5 -> "(((a*5)%12)%5)" in [0, 4]
func.func @test_mod_mod_2(%a: index {tg.range = array<i64: 0, 31>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.mul %c5, %a : index
  %c12 = tg.const 12 : index
  %1 = tg.floormod %0, %c12 : index
  %2 = tg.floormod %1, %c5 : index
  // expected-remark@+1 {{result #0 in [0, 4]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_mod_2(%a: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.mul %a, %c5 : index
    %c12 = tg.const 12 : index
    %1 = tg.floormod %0, %c12 : index
    %2 = tg.floormod %1, %c5 : index
    return %2 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 31) % 4) % 12 -> "(a%4)" in [0, 3]
func.func @test_mod_mod_3(%a: index {tg.range = array<i64: 0, 31>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floormod %a, %c4 : index
  %c12 = tg.const 12 : index
  %1 = tg.floormod %0, %c12 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_mod_3(%a: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floormod %a, %c4 : index
    return %0 : index
  }
}

// -----

// tinygrad: ((((v1%2)*2)+((v3+-1)%5))+-2)%5 -> "((v3+v1%2*2+2)%5)" in [0, 4]
func.func @test_mod_mod_wrong_sign_0(%v1: index {tg.range = array<i64: 0, 128>}, %v3: index {tg.range = array<i64: 0, 7>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floormod %v1, %c2 : index
  %1 = tg.mul %0, %c2 : index
  %cm1 = tg.const -1 : index
  %2 = tg.add %v3, %cm1 : index
  %c5 = tg.const 5 : index
  %3 = tg.floormod %2, %c5 : index
  %4 = tg.add %1, %3 : index
  %cm2 = tg.const -2 : index
  %5 = tg.add %4, %cm2 : index
  %6 = tg.floormod %5, %c5 : index
  // expected-remark@+1 {{result #0 in [0, 4]}}
  return %6 : index
}
module @expected {
  func.func @test_mod_mod_wrong_sign_0(%v1: index, %v3: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %v1, %c2 : index
    %1 = tg.mul %0, %c2 : index
    %2 = tg.add %v3, %1 : index
    %3 = tg.add %2, %c2 : index
    %c5 = tg.const 5 : index
    %4 = tg.floormod %3, %c5 : index
    return %4 : index
  }
}

// -----

// tinygrad: ((((v3+3)%7)+(v2+-2))%7)%7 -> "((v2+v3+1)%7)" in [0, 6]
// note: tinygrad literally returns "((v3+v2+1)%7)"; its test compares modulo the order of commutative index operands
func.func @test_mod_mod_wrong_sign2_0(%v3: index {tg.range = array<i64: 0, 4>}, %v2: index {tg.range = array<i64: 0, 8>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.add %v3, %c3 : index
  %c7 = tg.const 7 : index
  %1 = tg.floormod %0, %c7 : index
  %cm2 = tg.const -2 : index
  %2 = tg.add %v2, %cm2 : index
  %3 = tg.add %1, %2 : index
  %4 = tg.floormod %3, %c7 : index
  %5 = tg.floormod %4, %c7 : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %5 : index
}
module @expected {
  func.func @test_mod_mod_wrong_sign2_0(%v3: index, %v2: index) -> index {
    %0 = tg.add %v2, %v3 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c7 = tg.const 7 : index
    %2 = tg.floormod %1, %c7 : index
    return %2 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 1800)//10)//9 -> "(a//90)" in [0, 20]
func.func @test_div_div_0(%a: index {tg.range = array<i64: 0, 1800>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.floordiv %a, %c10 : index
  %c9 = tg.const 9 : index
  %1 = tg.floordiv %0, %c9 : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %1 : index
}
module @expected {
  func.func @test_div_div_0(%a: index) -> index {
    %c90 = tg.const 90 : index
    %0 = tg.floordiv %a, %c90 : index
    return %0 : index
  }
}

// -----

// tinygrad: (a//2+1)//2 -> "((a+2)//4)" in [0, 31]
func.func @test_div_const_div_0(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floordiv %a, %c2 : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %2 = tg.floordiv %1, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 31]}}
  return %2 : index
}
module @expected {
  func.func @test_div_const_div_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.add %a, %c2 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    return %1 : index
  }
}

// -----

// tinygrad: ((-a)//2-1)//2 -> "((a*-1+2)//4+-1)" in [-32, -1]
func.func @test_div_const_div_1(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  %c1 = tg.const 1 : index
  %2 = tg.mul %c1, %cm1 : index
  %3 = tg.add %1, %2 : index
  %4 = tg.floordiv %3, %c2 : index
  // expected-remark@+1 {{result #0 in [-32, -1]}}
  return %4 : index
}
module @expected {
  func.func @test_div_const_div_1(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c2 = tg.const 2 : index
    %1 = tg.add %0, %c2 : index
    %c4 = tg.const 4 : index
    %2 = tg.floordiv %1, %c4 : index
    %3 = tg.add %2, %cm1 : index
    return %3 : index
  }
}

// -----

// tinygrad: ((-a)//2+10)//2 -> "(a*-1//4+5)" in [-26, 5]
func.func @test_div_const_div_2(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  %c10 = tg.const 10 : index
  %2 = tg.add %1, %c10 : index
  %3 = tg.floordiv %2, %c2 : index
  // expected-remark@+1 {{result #0 in [-26, 5]}}
  return %3 : index
}
module @expected {
  func.func @test_div_const_div_2(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    %c5 = tg.const 5 : index
    %2 = tg.add %1, %c5 : index
    return %2 : index
  }
}

// -----

// tinygrad: ((a-10)//2+10)//2 -> "((a+2)//4+2)" in [2, 33]
func.func @test_div_const_div_wrong_sign_0(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %c10 = tg.const 10 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c10, %cm1 : index
  %1 = tg.add %a, %0 : index
  %c2 = tg.const 2 : index
  %2 = tg.floordiv %1, %c2 : index
  %3 = tg.add %2, %c10 : index
  %4 = tg.floordiv %3, %c2 : index
  // expected-remark@+1 {{result #0 in [2, 33]}}
  return %4 : index
}
module @expected {
  func.func @test_div_const_div_wrong_sign_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.add %a, %c2 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    %2 = tg.add %1, %c2 : index
    return %2 : index
  }
}

// -----

// tinygrad: ((a+10)//-2+10)//-4 -> "((a//-2+-3)//-4+-2)" in [-2, 14]
func.func @test_div_const_div_wrong_sign_divisor_0(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.add %a, %c10 : index
  %cm2 = tg.const -2 : index
  %1 = tg.floordiv %0, %cm2 : index
  %2 = tg.add %1, %c10 : index
  %cm4 = tg.const -4 : index
  %3 = tg.floordiv %2, %cm4 : index
  // expected-remark@+1 {{result #0 in [-2, 14]}}
  return %3 : index
}
module @expected {
  func.func @test_div_const_div_wrong_sign_divisor_0(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.floordiv %a, %cm2 : index
    %cm3 = tg.const -3 : index
    %1 = tg.add %0, %cm3 : index
    %cm4 = tg.const -4 : index
    %2 = tg.floordiv %1, %cm4 : index
    %3 = tg.add %2, %cm2 : index
    return %3 : index
  }
}

// -----

// tinygrad: (a//-2)//-3 -> "((a//-2)//-3)" in [0, 20]
func.func @test_nested_div_negative_divisor_0(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %cm2 = tg.const -2 : index
  %0 = tg.floordiv %a, %cm2 : index
  %cm3 = tg.const -3 : index
  %1 = tg.floordiv %0, %cm3 : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %1 : index
}
module @expected {
  func.func @test_nested_div_negative_divisor_0(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.floordiv %a, %cm2 : index
    %cm3 = tg.const -3 : index
    %1 = tg.floordiv %0, %cm3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a//2)//-3 -> "((a//2)//-3)" in [-21, 0]
func.func @test_nested_div_negative_divisor_1(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floordiv %a, %c2 : index
  %cm3 = tg.const -3 : index
  %1 = tg.floordiv %0, %cm3 : index
  // expected-remark@+1 {{result #0 in [-21, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_nested_div_negative_divisor_1(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %a, %c2 : index
    %cm3 = tg.const -3 : index
    %1 = tg.floordiv %0, %cm3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a//-2)//3 -> "(a//-6)" in [-21, 0]
func.func @test_nested_div_negative_divisor_2(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %cm2 = tg.const -2 : index
  %0 = tg.floordiv %a, %cm2 : index
  %c3 = tg.const 3 : index
  %1 = tg.floordiv %0, %c3 : index
  // expected-remark@+1 {{result #0 in [-21, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_nested_div_negative_divisor_2(%a: index) -> index {
    %cm6 = tg.const -6 : index
    %0 = tg.floordiv %a, %cm6 : index
    return %0 : index
  }
}

// -----

// tinygrad: (a//-2+1)//3 -> "((a+-2)//-6)" in [-21, 0]
func.func @test_div_const_div_neg_inner_divisor_0(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %cm2 = tg.const -2 : index
  %0 = tg.floordiv %a, %cm2 : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c3 = tg.const 3 : index
  %2 = tg.floordiv %1, %c3 : index
  // expected-remark@+1 {{result #0 in [-21, 0]}}
  return %2 : index
}
module @expected {
  func.func @test_div_const_div_neg_inner_divisor_0(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.add %a, %cm2 : index
    %cm6 = tg.const -6 : index
    %1 = tg.floordiv %0, %cm6 : index
    return %1 : index
  }
}

// -----

// tinygrad: (-a)%4 -> "(a*-1%4)" in [0, 3]
func.func @test_neg_mod_0(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c4 = tg.const 4 : index
  %1 = tg.floormod %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_neg_mod_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c4 = tg.const 4 : index
    %1 = tg.floormod %0, %c4 : index
    return %1 : index
  }
}

// -----

// tinygrad: a%-4 -> "(a%-4)" in [-3, 0]
func.func @test_neg_mod_1(%a: index {tg.range = array<i64: 0, 124>}) -> index {
  %cm4 = tg.const -4 : index
  %0 = tg.floormod %a, %cm4 : index
  // expected-remark@+1 {{result #0 in [-3, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_neg_mod_1(%a: index) -> index {
    %cm4 = tg.const -4 : index
    %0 = tg.floormod %a, %cm4 : index
    return %0 : index
  }
}

// -----

// tinygrad: usum([Variable("b", 0, 2), Variable("a", 0, 5)*10])%9 -> "(b+a)" in [0, 7]
func.func @test_mod_mul_sum_0(%b: index {tg.range = array<i64: 0, 2>}, %a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.mul %a, %c10 : index
  %1 = tg.add %b, %0 : index
  %c9 = tg.const 9 : index
  %2 = tg.floormod %1, %c9 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_mul_sum_0(%b: index, %a: index) -> index {
    %0 = tg.add %b, %a : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 6)%100 -> "a" in [0, 6]
func.func @test_mod_remove_0(%a: index {tg.range = array<i64: 0, 6>}) -> index {
  %c100 = tg.const 100 : index
  %0 = tg.floormod %a, %c100 : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_remove_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: Variable("a", -20, 20)%10 -> "(a%10)" in [0, 9]
func.func @test_big_mod_0(%a: index {tg.range = array<i64: -20, 20>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.floormod %a, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_big_mod_0(%a: index) -> index {
    %c10 = tg.const 10 : index
    %0 = tg.floormod %a, %c10 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", -20, 0)%10 -> "(a%10)" in [0, 9]
func.func @test_big_mod_1(%a: index {tg.range = array<i64: -20, 0>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.floormod %a, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_big_mod_1(%a: index) -> index {
    %c10 = tg.const 10 : index
    %0 = tg.floormod %a, %c10 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", -20, 1)%10 -> "(a%10)" in [0, 9]
func.func @test_big_mod_2(%a: index {tg.range = array<i64: -20, 1>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.floormod %a, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_big_mod_2(%a: index) -> index {
    %c10 = tg.const 10 : index
    %0 = tg.floormod %a, %c10 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 20)%10 -> "(a%10)" in [0, 9]
func.func @test_big_mod_3(%a: index {tg.range = array<i64: 0, 20>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.floormod %a, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_big_mod_3(%a: index) -> index {
    %c10 = tg.const 10 : index
    %0 = tg.floormod %a, %c10 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", -1, 20)%10 -> "(a%10)" in [0, 9]
func.func @test_big_mod_4(%a: index {tg.range = array<i64: -1, 20>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.floormod %a, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %0 : index
}
module @expected {
  func.func @test_big_mod_4(%a: index) -> index {
    %c10 = tg.const 10 : index
    %0 = tg.floormod %a, %c10 : index
    return %0 : index
  }
}

// -----

// tinygrad: usum([uconst(-29), Variable("a", 0, 10), Variable("b", 0, 10)*28]) % 28 -> "((a+27)%28)" in [0, 27]
func.func @test_mod_factor_negative_0(%a: index {tg.range = array<i64: 0, 10>}, %b: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm29 = tg.const -29 : index
  %0 = tg.add %cm29, %a : index
  %c28 = tg.const 28 : index
  %1 = tg.mul %b, %c28 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.floormod %2, %c28 : index
  // expected-remark@+1 {{result #0 in [0, 27]}}
  return %3 : index
}
module @expected {
  func.func @test_mod_factor_negative_0(%a: index, %b: index) -> index {
    %c27 = tg.const 27 : index
    %0 = tg.add %a, %c27 : index
    %c28 = tg.const 28 : index
    %1 = tg.floormod %0, %c28 : index
    return %1 : index
  }
}

// -----

// tinygrad: usum([uconst(-29), Variable("a", 0, 100), Variable("b", 0, 10)*28]) % 28 -> "((a+27)%28)" in [0, 27]
func.func @test_mod_factor_negative_1(%a: index {tg.range = array<i64: 0, 100>}, %b: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm29 = tg.const -29 : index
  %0 = tg.add %cm29, %a : index
  %c28 = tg.const 28 : index
  %1 = tg.mul %b, %c28 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.floormod %2, %c28 : index
  // expected-remark@+1 {{result #0 in [0, 27]}}
  return %3 : index
}
module @expected {
  func.func @test_mod_factor_negative_1(%a: index, %b: index) -> index {
    %c27 = tg.const 27 : index
    %0 = tg.add %a, %c27 : index
    %c28 = tg.const 28 : index
    %1 = tg.floormod %0, %c28 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x-50)%3 -> "((x+1)%3)" in [0, 2]
func.func @test_mod_const_reduction_negative_offset_0(%x: index {tg.range = array<i64: 0, 100>}) -> index {
  %c50 = tg.const 50 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c50, %cm1 : index
  %1 = tg.add %x, %0 : index
  %c3 = tg.const 3 : index
  %2 = tg.floormod %1, %c3 : index
  // expected-remark@+1 {{result #0 in [0, 2]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_const_reduction_negative_offset_0(%x: index) -> index {
    %c1 = tg.const 1 : index
    %0 = tg.add %x, %c1 : index
    %c3 = tg.const 3 : index
    %1 = tg.floormod %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x-50)%-3 -> "((x+-2)%-3)" in [-2, 0]
func.func @test_mod_const_reduction_negative_offset_1(%x: index {tg.range = array<i64: 0, 100>}) -> index {
  %c50 = tg.const 50 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c50, %cm1 : index
  %1 = tg.add %x, %0 : index
  %cm3 = tg.const -3 : index
  %2 = tg.floormod %1, %cm3 : index
  // expected-remark@+1 {{result #0 in [-2, 0]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_const_reduction_negative_offset_1(%x: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.add %x, %cm2 : index
    %cm3 = tg.const -3 : index
    %1 = tg.floormod %0, %cm3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x+7)%-13 -> "((x+-6)%-13)" in [-12, 0]
func.func @test_mod_const_reduction_negative_offset_2(%x: index {tg.range = array<i64: 0, 100>}) -> index {
  %c7 = tg.const 7 : index
  %0 = tg.add %x, %c7 : index
  %cm13 = tg.const -13 : index
  %1 = tg.floormod %0, %cm13 : index
  // expected-remark@+1 {{result #0 in [-12, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_const_reduction_negative_offset_2(%x: index) -> index {
    %cm6 = tg.const -6 : index
    %0 = tg.add %x, %cm6 : index
    %cm13 = tg.const -13 : index
    %1 = tg.floormod %0, %cm13 : index
    return %1 : index
  }
}

// -----

// tinygrad: usum([uconst(-40), Variable("a", 0, 10)*2, Variable("b", 0, 10)*40])//40 -> "(b+-1)" in [-1, 9]
func.func @test_div_cancel_0(%a: index {tg.range = array<i64: 0, 10>}, %b: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm40 = tg.const -40 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %1 = tg.add %cm40, %0 : index
  %c40 = tg.const 40 : index
  %2 = tg.mul %b, %c40 : index
  %3 = tg.add %1, %2 : index
  %4 = tg.floordiv %3, %c40 : index
  // expected-remark@+1 {{result #0 in [-1, 9]}}
  return %4 : index
}
module @expected {
  func.func @test_div_cancel_0(%a: index, %b: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.add %b, %cm1 : index
    return %0 : index
  }
}

// -----

// tinygrad: usum([uconst(-40), Variable("a", 0, 10)*2, Variable("b", 0, 10)*40]) % 40 -> "(a*2)" in [0, 20]
func.func @test_mod_cancel_0(%a: index {tg.range = array<i64: 0, 10>}, %b: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm40 = tg.const -40 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %1 = tg.add %cm40, %0 : index
  %c40 = tg.const 40 : index
  %2 = tg.mul %b, %c40 : index
  %3 = tg.add %1, %2 : index
  %4 = tg.floormod %3, %c40 : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %4 : index
}
module @expected {
  func.func @test_mod_cancel_0(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 10)*4)//4 -> "a" in [0, 10]
func.func @test_mul_div_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 10]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_div_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: (lidx1+((gidx1*18)+(ridx1005*18)+(lidx0*162))+(gidx0*2)+(ridx1006*2)+-40)//18 -> "(gidx1+ridx1005+lidx0*9+(gidx0+ridx1006+7)//9+-3)" in [-3, 20]
// note: tinygrad literally returns "(ridx1005+gidx1+lidx0*9+(ridx1006+gidx0+7)//9+-3)"; its test compares modulo the order of commutative index operands
func.func @test_div_drop_small_terms_0(%lidx1: index {tg.range = array<i64: 0, 1>}, %gidx1: index {tg.range = array<i64: 0, 10>}, %ridx1005: index {tg.range = array<i64: 0, 2>}, %lidx0: index {tg.range = array<i64: 0, 1>}, %gidx0: index {tg.range = array<i64: 0, 10>}, %ridx1006: index {tg.range = array<i64: 0, 2>}) -> index {
  %c18 = tg.const 18 : index
  %0 = tg.mul %gidx1, %c18 : index
  %1 = tg.mul %ridx1005, %c18 : index
  %2 = tg.add %0, %1 : index
  %c162 = tg.const 162 : index
  %3 = tg.mul %lidx0, %c162 : index
  %4 = tg.add %2, %3 : index
  %5 = tg.add %lidx1, %4 : index
  %c2 = tg.const 2 : index
  %6 = tg.mul %gidx0, %c2 : index
  %7 = tg.add %5, %6 : index
  %8 = tg.mul %ridx1006, %c2 : index
  %9 = tg.add %7, %8 : index
  %cm40 = tg.const -40 : index
  %10 = tg.add %9, %cm40 : index
  %11 = tg.floordiv %10, %c18 : index
  // expected-remark@+1 {{result #0 in [-3, 20]}}
  return %11 : index
}
module @expected {
  func.func @test_div_drop_small_terms_0(%lidx1: index, %gidx1: index, %ridx1005: index, %lidx0: index, %gidx0: index, %ridx1006: index) -> index {
    %0 = tg.add %gidx1, %ridx1005 : index
    %c9 = tg.const 9 : index
    %1 = tg.mul %lidx0, %c9 : index
    %2 = tg.add %0, %1 : index
    %3 = tg.add %gidx0, %ridx1006 : index
    %c7 = tg.const 7 : index
    %4 = tg.add %3, %c7 : index
    %5 = tg.floordiv %4, %c9 : index
    %6 = tg.add %2, %5 : index
    %cm3 = tg.const -3 : index
    %7 = tg.add %6, %cm3 : index
    return %7 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)-2)//4 -> "((a+2)//4+-1)" in [-1, 0]
func.func @test_add_div_0(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c2 = tg.const 2 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c2, %cm1 : index
  %1 = tg.add %a, %0 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [-1, 0]}}
  return %2 : index
}
module @expected {
  func.func @test_add_div_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.add %a, %c2 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    %cm1 = tg.const -1 : index
    %2 = tg.add %1, %cm1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)-1)//4 -> "((a+3)//4+-1)" in [-1, 1]
func.func @test_add_div_1(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c1 = tg.const 1 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c1, %cm1 : index
  %1 = tg.add %a, %0 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [-1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_add_div_1(%a: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.add %a, %c3 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    %cm1 = tg.const -1 : index
    %2 = tg.add %1, %cm1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5))//4 -> "(a//4)" in [0, 1]
func.func @test_add_div_2(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %a, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_add_div_2(%a: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floordiv %a, %c4 : index
    return %0 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)+1)//4 -> "((a+1)//4)" in [0, 1]
func.func @test_add_div_3(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.add %a, %c1 : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_add_div_3(%a: index) -> index {
    %c1 = tg.const 1 : index
    %0 = tg.add %a, %c1 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)+2)//4 -> "((a+2)//4)" in [0, 1]
func.func @test_add_div_4(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.add %a, %c2 : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_add_div_4(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.add %a, %c2 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)+3)//4 -> "((a+3)//4)" in [0, 2]
func.func @test_add_div_5(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.add %a, %c3 : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_add_div_5(%a: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.add %a, %c3 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)+4)//4 -> "(a//4+1)" in [1, 2]
func.func @test_add_div_6(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.add %a, %c4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_add_div_6(%a: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floordiv %a, %c4 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 5)+5)//4 -> "((a+1)//4+1)" in [1, 2]
func.func @test_add_div_7(%a: index {tg.range = array<i64: 0, 5>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.add %a, %c5 : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_add_div_7(%a: index) -> index {
    %c1 = tg.const 1 : index
    %0 = tg.add %a, %c1 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    %2 = tg.add %1, %c1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (-Variable("a", 0, 255)+256)//2 -> "(a*-1//2+128)" in [0, 128]
func.func @test_div_neg_rem_0(%a: index {tg.range = array<i64: 0, 255>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c256 = tg.const 256 : index
  %1 = tg.add %0, %c256 : index
  %c2 = tg.const 2 : index
  %2 = tg.floordiv %1, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 128]}}
  return %2 : index
}
module @expected {
  func.func @test_div_neg_rem_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c2 = tg.const 2 : index
    %1 = tg.floordiv %0, %c2 : index
    %c128 = tg.const 128 : index
    %2 = tg.add %1, %c128 : index
    return %2 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 10)*8)//4 -> "(a*2)" in [0, 20]
func.func @test_mul_div_factor_mul_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %c8 = tg.const 8 : index
  %0 = tg.mul %a, %c8 : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_div_factor_mul_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 10)*-8+16)//4 -> "((a*-2)+4)" in [-16, 4]
func.func @test_mul_div_factor_mul_neg_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm8 = tg.const -8 : index
  %0 = tg.mul %a, %cm8 : index
  %c16 = tg.const 16 : index
  %1 = tg.add %0, %c16 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [-16, 4]}}
  return %2 : index
}
module @expected {
  func.func @test_mul_div_factor_mul_neg_0(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.mul %a, %cm2 : index
    %c4 = tg.const 4 : index
    %1 = tg.add %0, %c4 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 10)*4)//8 -> "(a//2)" in [0, 5]
func.func @test_mul_div_factor_div_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c8 = tg.const 8 : index
  %1 = tg.floordiv %0, %c8 : index
  // expected-remark@+1 {{result #0 in [0, 5]}}
  return %1 : index
}
module @expected {
  func.func @test_mul_div_factor_div_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 10)*-4+4)//8 -> "((a*-1+1)//2)" in [-5, 0]
func.func @test_mul_div_factor_div_neg_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm4 = tg.const -4 : index
  %0 = tg.mul %a, %cm4 : index
  %c4 = tg.const 4 : index
  %1 = tg.add %0, %c4 : index
  %c8 = tg.const 8 : index
  %2 = tg.floordiv %1, %c8 : index
  // expected-remark@+1 {{result #0 in [-5, 0]}}
  return %2 : index
}
module @expected {
  func.func @test_mul_div_factor_div_neg_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c2 = tg.const 2 : index
    %2 = tg.floordiv %1, %c2 : index
    return %2 : index
  }
}

// -----

// tinygrad: (3*a+9*b)//(3*d) -> "((a+(b*3))//d)" in [-40, 40]
func.func @test_div_symbolic_const_gcd_0(%a: index {tg.range = array<i64: -10, 10>}, %b: index {tg.range = array<i64: -10, 10>}, %d: index {tg.range = array<i64: 1, 10>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %c3, %a : index
  %c9 = tg.const 9 : index
  %1 = tg.mul %c9, %b : index
  %2 = tg.add %0, %1 : index
  %3 = tg.mul %c3, %d : index
  %4 = tg.floordiv %2, %3 : index
  // expected-remark@+1 {{result #0 in [-40, 40]}}
  return %4 : index
}
module @expected {
  func.func @test_div_symbolic_const_gcd_0(%a: index, %b: index, %d: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.mul %b, %c3 : index
    %1 = tg.add %a, %0 : index
    %2 = tg.floordiv %1, %d : index
    return %2 : index
  }
}

// -----

// tinygrad: (d1*a*b*d1)//(d1) -> "(a*(b*d1))" in [-1000, 1000]
func.func @test_symbolic_gcd_div_0(%d1: index {tg.range = array<i64: 1, 10>}, %a: index {tg.range = array<i64: -10, 10>}, %b: index {tg.range = array<i64: -10, 10>}) -> index {
  %0 = tg.mul %d1, %a : index
  %1 = tg.mul %0, %b : index
  %2 = tg.mul %1, %d1 : index
  %3 = tg.floordiv %2, %d1 : index
  // expected-remark@+1 {{result #0 in [-1000, 1000]}}
  return %3 : index
}
module @expected {
  func.func @test_symbolic_gcd_div_0(%d1: index, %a: index, %b: index) -> index {
    %0 = tg.mul %b, %d1 : index
    %1 = tg.mul %a, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (d1*a*d2*b*d1)//(d1*d2) -> "(a*(b*d1))" in [-1000, 1000]
func.func @test_symbolic_gcd_div_1(%d1: index {tg.range = array<i64: 1, 10>}, %a: index {tg.range = array<i64: -10, 10>}, %d2: index {tg.range = array<i64: -10, -1>}, %b: index {tg.range = array<i64: -10, 10>}) -> index {
  %0 = tg.mul %d1, %a : index
  %1 = tg.mul %0, %d2 : index
  %2 = tg.mul %1, %b : index
  %3 = tg.mul %2, %d1 : index
  %4 = tg.mul %d1, %d2 : index
  %5 = tg.floordiv %3, %4 : index
  // expected-remark@+1 {{result #0 in [-1000, 1000]}}
  return %5 : index
}
module @expected {
  func.func @test_symbolic_gcd_div_1(%d1: index, %a: index, %d2: index, %b: index) -> index {
    %0 = tg.mul %b, %d1 : index
    %1 = tg.mul %a, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (d1*a + b*d1)//(d1) -> "(a+b)" in [-20, 20]
func.func @test_symbolic_gcd_div_2(%d1: index {tg.range = array<i64: 1, 10>}, %a: index {tg.range = array<i64: -10, 10>}, %b: index {tg.range = array<i64: -10, 10>}) -> index {
  %0 = tg.mul %d1, %a : index
  %1 = tg.mul %b, %d1 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.floordiv %2, %d1 : index
  // expected-remark@+1 {{result #0 in [-20, 20]}}
  return %3 : index
}
module @expected {
  func.func @test_symbolic_gcd_div_2(%d1: index, %a: index, %b: index) -> index {
    %0 = tg.add %a, %b : index
    return %0 : index
  }
}

// -----

// tinygrad: (d1*a + b*d1 + c*d1)//(d1) -> "(c+(a+b))" in [-30, 30]
func.func @test_symbolic_gcd_div_3(%d1: index {tg.range = array<i64: 1, 10>}, %a: index {tg.range = array<i64: -10, 10>}, %b: index {tg.range = array<i64: -10, 10>}, %c: index {tg.range = array<i64: -10, 10>}) -> index {
  %0 = tg.mul %d1, %a : index
  %1 = tg.mul %b, %d1 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.mul %c, %d1 : index
  %4 = tg.add %2, %3 : index
  %5 = tg.floordiv %4, %d1 : index
  // expected-remark@+1 {{result #0 in [-30, 30]}}
  return %5 : index
}
module @expected {
  func.func @test_symbolic_gcd_div_3(%d1: index, %a: index, %b: index, %c: index) -> index {
    %0 = tg.add %a, %b : index
    %1 = tg.add %c, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (3*a*d1 + 9*b*d1)//(3*d1*d2) -> "((a+b*3)//d2)" in [-40, 40]
func.func @test_symbolic_gcd_div_4(%a: index {tg.range = array<i64: -10, 10>}, %d1: index {tg.range = array<i64: 1, 10>}, %b: index {tg.range = array<i64: -10, 10>}, %d2: index {tg.range = array<i64: -10, -1>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %c3, %a : index
  %1 = tg.mul %0, %d1 : index
  %c9 = tg.const 9 : index
  %2 = tg.mul %c9, %b : index
  %3 = tg.mul %2, %d1 : index
  %4 = tg.add %1, %3 : index
  %5 = tg.mul %c3, %d1 : index
  %6 = tg.mul %5, %d2 : index
  %7 = tg.floordiv %4, %6 : index
  // expected-remark@+1 {{result #0 in [-40, 40]}}
  return %7 : index
}
module @expected {
  func.func @test_symbolic_gcd_div_4(%a: index, %d1: index, %b: index, %d2: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.mul %b, %c3 : index
    %1 = tg.add %a, %0 : index
    %2 = tg.floordiv %1, %d2 : index
    return %2 : index
  }
}

// -----

// tinygrad: (3*a*d1 + 9*b*d1+3)//(3*d1*d2) -> "((a*d1+b*d1*3+1)//(d1*d2))" in [-401, 399]
// note: tinygrad literally returns "((a*d1+b*d1*3+1)//(d2*d1))"; its test compares modulo the order of commutative index operands
func.func @test_symbolic_gcd_div_5(%a: index {tg.range = array<i64: -10, 10>}, %d1: index {tg.range = array<i64: 1, 10>}, %b: index {tg.range = array<i64: -10, 10>}, %d2: index {tg.range = array<i64: -10, -1>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %c3, %a : index
  %1 = tg.mul %0, %d1 : index
  %c9 = tg.const 9 : index
  %2 = tg.mul %c9, %b : index
  %3 = tg.mul %2, %d1 : index
  %4 = tg.add %1, %3 : index
  %5 = tg.add %4, %c3 : index
  %6 = tg.mul %c3, %d1 : index
  %7 = tg.mul %6, %d2 : index
  %8 = tg.floordiv %5, %7 : index
  // expected-remark@+1 {{result #0 in [-401, 399]}}
  return %8 : index
}
module @expected {
  func.func @test_symbolic_gcd_div_5(%a: index, %d1: index, %b: index, %d2: index) -> index {
    %0 = tg.mul %a, %d1 : index
    %1 = tg.mul %b, %d1 : index
    %c3 = tg.const 3 : index
    %2 = tg.mul %1, %c3 : index
    %3 = tg.add %0, %2 : index
    %c1 = tg.const 1 : index
    %4 = tg.add %3, %c1 : index
    %5 = tg.mul %d1, %d2 : index
    %6 = tg.floordiv %4, %5 : index
    return %6 : index
  }
}

// -----

// tinygrad: (d*a+b)//d -> "(a+(b//d))" in [0, 20]
func.func @test_symbolic_factor_remainder_div_0(%d: index {tg.range = array<i64: 1, 10>}, %a: index {tg.range = array<i64: 0, 10>}, %b: index {tg.range = array<i64: 0, 10>}) -> index {
  %0 = tg.mul %d, %a : index
  %1 = tg.add %0, %b : index
  %2 = tg.floordiv %1, %d : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %2 : index
}
module @expected {
  func.func @test_symbolic_factor_remainder_div_0(%d: index, %a: index, %b: index) -> index {
    %0 = tg.floordiv %b, %d : index
    %1 = tg.add %a, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (d*a*20+b)//(5*d) -> "((a*4)+(b//(d*5)))" in [0, 42]
func.func @test_symbolic_factor_remainder_div_1(%d: index {tg.range = array<i64: 1, 10>}, %a: index {tg.range = array<i64: 0, 10>}, %b: index {tg.range = array<i64: 0, 10>}) -> index {
  %0 = tg.mul %d, %a : index
  %c20 = tg.const 20 : index
  %1 = tg.mul %0, %c20 : index
  %2 = tg.add %1, %b : index
  %c5 = tg.const 5 : index
  %3 = tg.mul %c5, %d : index
  %4 = tg.floordiv %2, %3 : index
  // expected-remark@+1 {{result #0 in [0, 42]}}
  return %4 : index
}
module @expected {
  func.func @test_symbolic_factor_remainder_div_1(%d: index, %a: index, %b: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %c5 = tg.const 5 : index
    %1 = tg.mul %d, %c5 : index
    %2 = tg.floordiv %b, %1 : index
    %3 = tg.add %0, %2 : index
    return %3 : index
  }
}

// -----

// tinygrad: (d*a*20+b*d*5+10)//(5*d) -> "((b+(a*4))+(2//d))" in [0, 52]
func.func @test_symbolic_factor_remainder_div_2(%d: index {tg.range = array<i64: 1, 10>}, %a: index {tg.range = array<i64: 0, 10>}, %b: index {tg.range = array<i64: 0, 10>}) -> index {
  %0 = tg.mul %d, %a : index
  %c20 = tg.const 20 : index
  %1 = tg.mul %0, %c20 : index
  %2 = tg.mul %b, %d : index
  %c5 = tg.const 5 : index
  %3 = tg.mul %2, %c5 : index
  %4 = tg.add %1, %3 : index
  %c10 = tg.const 10 : index
  %5 = tg.add %4, %c10 : index
  %6 = tg.mul %c5, %d : index
  %7 = tg.floordiv %5, %6 : index
  // expected-remark@+1 {{result #0 in [0, 52]}}
  return %7 : index
}
module @expected {
  func.func @test_symbolic_factor_remainder_div_2(%d: index, %a: index, %b: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %1 = tg.add %b, %0 : index
    %c2 = tg.const 2 : index
    %2 = tg.floordiv %c2, %d : index
    %3 = tg.add %1, %2 : index
    return %3 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 10)*-4+4)%8 -> "((a*-1+1)%2*4)" in [0, 4]
func.func @test_mod_gcd_factor_neg_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm4 = tg.const -4 : index
  %0 = tg.mul %a, %cm4 : index
  %c4 = tg.const 4 : index
  %1 = tg.add %0, %c4 : index
  %c8 = tg.const 8 : index
  %2 = tg.floormod %1, %c8 : index
  // expected-remark@+1 {{result #0 in [0, 4]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_gcd_factor_neg_0(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c2 = tg.const 2 : index
    %2 = tg.floormod %1, %c2 : index
    %c4 = tg.const 4 : index
    %3 = tg.mul %2, %c4 : index
    return %3 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 10)*-8+20)%4 -> "0" in [0, 0]
func.func @test_mod_gcd_fold_neg_0(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %cm8 = tg.const -8 : index
  %0 = tg.mul %a, %cm8 : index
  %c20 = tg.const 20 : index
  %1 = tg.add %0, %c20 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_gcd_fold_neg_0(%a: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: usum([Variable("idx0", 0, 127)*4, Variable("idx2", 0, 3)])//4 -> "idx0" in [0, 127]
func.func @test_sum_div_partial_remove_0(%idx0: index {tg.range = array<i64: 0, 127>}, %idx2: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %idx0, %c4 : index
  %1 = tg.add %0, %idx2 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 127]}}
  return %2 : index
}
module @expected {
  func.func @test_sum_div_partial_remove_0(%idx0: index, %idx2: index) -> index {
    return %idx0 : index
  }
}

// -----

// tinygrad: (Variable("a", 0, 2)-12)//8 -> "-2" in [-2, -2]
func.func @test_floordiv_const_evaluation_0(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c12 = tg.const 12 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c12, %cm1 : index
  %1 = tg.add %a, %0 : index
  %c8 = tg.const 8 : index
  %2 = tg.floordiv %1, %c8 : index
  // expected-remark@+1 {{result #0 in [-2, -2]}}
  return %2 : index
}
module @expected {
  func.func @test_floordiv_const_evaluation_0(%a: index) -> index {
    %cm2 = tg.const -2 : index
    return %cm2 : index
  }
}

// -----

// tinygrad: (-Variable("a", 0, 2))//7 -> "(a*-1//7)" in [-1, 0]
func.func @test_floordiv_const_evaluation_1(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c7 = tg.const 7 : index
  %1 = tg.floordiv %0, %c7 : index
  // expected-remark@+1 {{result #0 in [-1, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_floordiv_const_evaluation_1(%a: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c7 = tg.const 7 : index
    %1 = tg.floordiv %0, %c7 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("a", 1, 1)*-3)%8 -> "5" in [5, 5]
func.func @test_floormod_const_evaluation_0(%a: index {tg.range = array<i64: 1, 1>}) -> index {
  %cm3 = tg.const -3 : index
  %0 = tg.mul %a, %cm3 : index
  %c8 = tg.const 8 : index
  %1 = tg.floormod %0, %c8 : index
  // expected-remark@+1 {{result #0 in [5, 5]}}
  return %1 : index
}
module @expected {
  func.func @test_floormod_const_evaluation_0(%a: index) -> index {
    %c5 = tg.const 5 : index
    return %c5 : index
  }
}

// -----

// tinygrad: (-Variable("a", 10, 10))%7 -> "4" in [4, 4]
func.func @test_floormod_const_evaluation_1(%a: index {tg.range = array<i64: 10, 10>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %c7 = tg.const 7 : index
  %1 = tg.floormod %0, %c7 : index
  // expected-remark@+1 {{result #0 in [4, 4]}}
  return %1 : index
}
module @expected {
  func.func @test_floormod_const_evaluation_1(%a: index) -> index {
    %c4 = tg.const 4 : index
    return %c4 : index
  }
}

// -----

// tinygrad: (Variable("idx", 0, 9)*-10)//11 -> "(idx*-1)" in [-9, 0]
func.func @test_div_numerator_negative_0(%idx: index {tg.range = array<i64: 0, 9>}) -> index {
  %cm10 = tg.const -10 : index
  %0 = tg.mul %idx, %cm10 : index
  %c11 = tg.const 11 : index
  %1 = tg.floordiv %0, %c11 : index
  // expected-remark@+1 {{result #0 in [-9, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_div_numerator_negative_0(%idx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %idx, %cm1 : index
    return %0 : index
  }
}

// -----

// tinygrad: (((ridx0*-7)+ridx1)+63)//35 -> "((ridx0*-1+4)//5+1)" in [0, 1]
func.func @test_nest_div_negative_factor_0(%ridx0: index {tg.range = array<i64: 0, 9>}, %ridx1: index {tg.range = array<i64: 0, 6>}) -> index {
  %cm7 = tg.const -7 : index
  %0 = tg.mul %ridx0, %cm7 : index
  %1 = tg.add %0, %ridx1 : index
  %c63 = tg.const 63 : index
  %2 = tg.add %1, %c63 : index
  %c35 = tg.const 35 : index
  %3 = tg.floordiv %2, %c35 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %3 : index
}
module @expected {
  func.func @test_nest_div_negative_factor_0(%ridx0: index, %ridx1: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %ridx0, %cm1 : index
    %c4 = tg.const 4 : index
    %1 = tg.add %0, %c4 : index
    %c5 = tg.const 5 : index
    %2 = tg.floordiv %1, %c5 : index
    %c1 = tg.const 1 : index
    %3 = tg.add %2, %c1 : index
    return %3 : index
  }
}

// -----

// tinygrad: (a*4 + b)//12 -> "(a//3)" in [-4, 3]
func.func @test_floordiv_factor_nest_negative_numerator_0(%a: index {tg.range = array<i64: -10, 10>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.add %0, %b : index
  %c12 = tg.const 12 : index
  %2 = tg.floordiv %1, %c12 : index
  // expected-remark@+1 {{result #0 in [-4, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_floordiv_factor_nest_negative_numerator_0(%a: index, %b: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.floordiv %a, %c3 : index
    return %0 : index
  }
}

// -----

// tinygrad: (a*2 + 7)//8 -> "((a+3)//4)" in [0, 2]
func.func @test_floordiv_gcd_with_remainder_negative_numerator_0(%a: index {tg.range = array<i64: -1, 5>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %c7 = tg.const 7 : index
  %1 = tg.add %0, %c7 : index
  %c8 = tg.const 8 : index
  %2 = tg.floordiv %1, %c8 : index
  // expected-remark@+1 {{result #0 in [0, 2]}}
  return %2 : index
}
module @expected {
  func.func @test_floordiv_gcd_with_remainder_negative_numerator_0(%a: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.add %a, %c3 : index
    %c4 = tg.const 4 : index
    %1 = tg.floordiv %0, %c4 : index
    return %1 : index
  }
}

// -----

// tinygrad: (Variable("idx", 0, 16)*4)%8//4 -> "(idx%2)" in [0, 1]
func.func @test_div_into_mod_0(%idx: index {tg.range = array<i64: 0, 16>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %idx, %c4 : index
  %c8 = tg.const 8 : index
  %1 = tg.floormod %0, %c8 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_div_into_mod_0(%idx: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %idx, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: x % 6 // 3 -> "(x//3%2)" in [0, 1]
func.func @test_mod_div_reorder_0(%x: index {tg.range = array<i64: 0, 23>}) -> index {
  %c6 = tg.const 6 : index
  %0 = tg.floormod %x, %c6 : index
  %c3 = tg.const 3 : index
  %1 = tg.floordiv %0, %c3 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_div_reorder_0(%x: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.floordiv %x, %c3 : index
    %c2 = tg.const 2 : index
    %1 = tg.floormod %0, %c2 : index
    return %1 : index
  }
}

// -----

// tinygrad: x % 12 // 4 -> "(x//4%3)" in [0, 2]
func.func @test_mod_div_reorder_1(%x: index {tg.range = array<i64: 0, 23>}) -> index {
  %c12 = tg.const 12 : index
  %0 = tg.floormod %x, %c12 : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_mod_div_reorder_1(%x: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floordiv %x, %c4 : index
    %c3 = tg.const 3 : index
    %1 = tg.floormod %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: x%12//4*4 + x%4 + x//12*12 -> "x" in [0, 23]
func.func @test_mod_div_reorder_2(%x: index {tg.range = array<i64: 0, 23>}) -> index {
  %c12 = tg.const 12 : index
  %0 = tg.floormod %x, %c12 : index
  %c4 = tg.const 4 : index
  %1 = tg.floordiv %0, %c4 : index
  %2 = tg.mul %1, %c4 : index
  %3 = tg.floormod %x, %c4 : index
  %4 = tg.add %2, %3 : index
  %5 = tg.floordiv %x, %c12 : index
  %6 = tg.mul %5, %c12 : index
  %7 = tg.add %4, %6 : index
  // expected-remark@+1 {{result #0 in [0, 23]}}
  return %7 : index
}
module @expected {
  func.func @test_mod_div_reorder_2(%x: index) -> index {
    return %x : index
  }
}

// -----

// tinygrad: (-Variable("idx", 0, 100)+199)//-4 + 50 -> "((idx*-1+-1)//-4)" in [0, 25]
func.func @test_div_neg_cancel_0(%idx: index {tg.range = array<i64: 0, 100>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %idx, %cm1 : index
  %c199 = tg.const 199 : index
  %1 = tg.add %0, %c199 : index
  %cm4 = tg.const -4 : index
  %2 = tg.floordiv %1, %cm4 : index
  %c50 = tg.const 50 : index
  %3 = tg.add %2, %c50 : index
  // expected-remark@+1 {{result #0 in [0, 25]}}
  return %3 : index
}
module @expected {
  func.func @test_div_neg_cancel_0(%idx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %idx, %cm1 : index
    %1 = tg.add %0, %cm1 : index
    %cm4 = tg.const -4 : index
    %2 = tg.floordiv %1, %cm4 : index
    return %2 : index
  }
}

// -----

// tinygrad: (-Variable("idx", 0, 100)+200)//-4 + 50 -> "(idx*-1//-4)" in [0, 25]
func.func @test_div_neg_cancel_1(%idx: index {tg.range = array<i64: 0, 100>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %idx, %cm1 : index
  %c200 = tg.const 200 : index
  %1 = tg.add %0, %c200 : index
  %cm4 = tg.const -4 : index
  %2 = tg.floordiv %1, %cm4 : index
  %c50 = tg.const 50 : index
  %3 = tg.add %2, %c50 : index
  // expected-remark@+1 {{result #0 in [0, 25]}}
  return %3 : index
}
module @expected {
  func.func @test_div_neg_cancel_1(%idx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %idx, %cm1 : index
    %cm4 = tg.const -4 : index
    %1 = tg.floordiv %0, %cm4 : index
    return %1 : index
  }
}

// -----

// tinygrad: (-Variable("idx", 0, 100)+201)//-4 + 50 -> "((idx*-1+-3)//-4+-1)" in [-1, 24]
func.func @test_div_neg_cancel_2(%idx: index {tg.range = array<i64: 0, 100>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %idx, %cm1 : index
  %c201 = tg.const 201 : index
  %1 = tg.add %0, %c201 : index
  %cm4 = tg.const -4 : index
  %2 = tg.floordiv %1, %cm4 : index
  %c50 = tg.const 50 : index
  %3 = tg.add %2, %c50 : index
  // expected-remark@+1 {{result #0 in [-1, 24]}}
  return %3 : index
}
module @expected {
  func.func @test_div_neg_cancel_2(%idx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %idx, %cm1 : index
    %cm3 = tg.const -3 : index
    %1 = tg.add %0, %cm3 : index
    %cm4 = tg.const -4 : index
    %2 = tg.floordiv %1, %cm4 : index
    %3 = tg.add %2, %cm1 : index
    return %3 : index
  }
}

// -----

// tinygrad: (-Variable("idx", 0, 100))//2 -> "(idx*-1//2)" in [-50, 0]
func.func @test_div_neg_cancel_3(%idx: index {tg.range = array<i64: 0, 100>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %idx, %cm1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [-50, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_div_neg_cancel_3(%idx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %idx, %cm1 : index
    %c2 = tg.const 2 : index
    %1 = tg.floordiv %0, %c2 : index
    return %1 : index
  }
}

// -----

// tinygrad: Variable("idx", 0, 100)//-2 -> "(idx//-2)" in [-50, 0]
func.func @test_div_neg_cancel_4(%idx: index {tg.range = array<i64: 0, 100>}) -> index {
  %cm2 = tg.const -2 : index
  %0 = tg.floordiv %idx, %cm2 : index
  // expected-remark@+1 {{result #0 in [-50, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_neg_cancel_4(%idx: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.floordiv %idx, %cm2 : index
    return %0 : index
  }
}

// -----

// tinygrad: (gidx0+19)//20 -> "((gidx0+19)//20)" in [0, 2]
func.func @test_sum_div_big_const_0(%gidx0: index {tg.range = array<i64: 0, 24>}) -> index {
  %c19 = tg.const 19 : index
  %0 = tg.add %gidx0, %c19 : index
  %c20 = tg.const 20 : index
  %1 = tg.floordiv %0, %c20 : index
  // expected-remark@+1 {{result #0 in [0, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_sum_div_big_const_0(%gidx0: index) -> index {
    %c19 = tg.const 19 : index
    %0 = tg.add %gidx0, %c19 : index
    %c20 = tg.const 20 : index
    %1 = tg.floordiv %0, %c20 : index
    return %1 : index
  }
}

// -----

// tinygrad: (gidx0+20)//20 -> "((gidx0//20)+1)" in [1, 2]
func.func @test_sum_div_big_const_1(%gidx0: index {tg.range = array<i64: 0, 24>}) -> index {
  %c20 = tg.const 20 : index
  %0 = tg.add %gidx0, %c20 : index
  %1 = tg.floordiv %0, %c20 : index
  // expected-remark@+1 {{result #0 in [1, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_sum_div_big_const_1(%gidx0: index) -> index {
    %c20 = tg.const 20 : index
    %0 = tg.floordiv %gidx0, %c20 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: (gidx0+21)//20 -> "(((gidx0+1)//20)+1)" in [1, 2]
func.func @test_sum_div_big_const_2(%gidx0: index {tg.range = array<i64: 0, 24>}) -> index {
  %c21 = tg.const 21 : index
  %0 = tg.add %gidx0, %c21 : index
  %c20 = tg.const 20 : index
  %1 = tg.floordiv %0, %c20 : index
  // expected-remark@+1 {{result #0 in [1, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_sum_div_big_const_2(%gidx0: index) -> index {
    %c1 = tg.const 1 : index
    %0 = tg.add %gidx0, %c1 : index
    %c20 = tg.const 20 : index
    %1 = tg.floordiv %0, %c20 : index
    %2 = tg.add %1, %c1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (alu0+lidx2*2+1)//20 -> "((((((gidx0//5)+lidx2)//5)+lidx1)//2)+(((gidx2*32)+(gidx1*8))+(lidx0*16)))" in [0, 8192]
// note: tinygrad literally returns "(gidx1*8+gidx2*32+lidx0*16+(lidx1+(lidx2+gidx0//5)//5)//2)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_complex1_0(%gidx2: index {tg.range = array<i64: 0, 255>}, %gidx1: index {tg.range = array<i64: 0, 1>}, %gidx0: index {tg.range = array<i64: 0, 24>}, %lidx0: index {tg.range = array<i64: 0, 1>}, %lidx1: index {tg.range = array<i64: 0, 15>}, %lidx2: index {tg.range = array<i64: 0, 3>}) -> index {
  %c640 = tg.const 640 : index
  %0 = tg.mul %gidx2, %c640 : index
  %c160 = tg.const 160 : index
  %1 = tg.mul %gidx1, %c160 : index
  %2 = tg.add %0, %1 : index
  %c5 = tg.const 5 : index
  %3 = tg.floordiv %gidx0, %c5 : index
  %c2 = tg.const 2 : index
  %4 = tg.mul %3, %c2 : index
  %5 = tg.add %2, %4 : index
  %c320 = tg.const 320 : index
  %6 = tg.mul %lidx0, %c320 : index
  %7 = tg.add %5, %6 : index
  %c10 = tg.const 10 : index
  %8 = tg.mul %lidx1, %c10 : index
  %9 = tg.add %7, %8 : index
  %10 = tg.mul %lidx2, %c2 : index
  %11 = tg.add %9, %10 : index
  %c1 = tg.const 1 : index
  %12 = tg.add %11, %c1 : index
  %c20 = tg.const 20 : index
  %13 = tg.floordiv %12, %c20 : index
  // expected-remark@+1 {{result #0 in [0, 8192]}}
  return %13 : index
}
module @expected {
  func.func @test_sum_div_complex1_0(%gidx2: index, %gidx1: index, %gidx0: index, %lidx0: index, %lidx1: index, %lidx2: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.floordiv %gidx0, %c5 : index
    %1 = tg.add %0, %lidx2 : index
    %2 = tg.floordiv %1, %c5 : index
    %3 = tg.add %2, %lidx1 : index
    %c2 = tg.const 2 : index
    %4 = tg.floordiv %3, %c2 : index
    %c32 = tg.const 32 : index
    %5 = tg.mul %gidx2, %c32 : index
    %c8 = tg.const 8 : index
    %6 = tg.mul %gidx1, %c8 : index
    %7 = tg.add %5, %6 : index
    %c16 = tg.const 16 : index
    %8 = tg.mul %lidx0, %c16 : index
    %9 = tg.add %7, %8 : index
    %10 = tg.add %4, %9 : index
    return %10 : index
  }
}

// -----

// tinygrad: (gidx0*4+lidx2*2+1)//10 -> "(((gidx0*2)+lidx2)//5)" in [0, 3]
// note: tinygrad literally returns "((lidx2+gidx0*2)//5)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_complex2_0(%gidx0: index {tg.range = array<i64: 0, 7>}, %lidx2: index {tg.range = array<i64: 0, 1>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %gidx0, %c4 : index
  %c2 = tg.const 2 : index
  %1 = tg.mul %lidx2, %c2 : index
  %2 = tg.add %0, %1 : index
  %c1 = tg.const 1 : index
  %3 = tg.add %2, %c1 : index
  %c10 = tg.const 10 : index
  %4 = tg.floordiv %3, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %4 : index
}
module @expected {
  func.func @test_sum_div_complex2_0(%gidx0: index, %lidx2: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %gidx0, %c2 : index
    %1 = tg.add %0, %lidx2 : index
    %c5 = tg.const 5 : index
    %2 = tg.floordiv %1, %c5 : index
    return %2 : index
  }
}

// -----

// tinygrad: (gidx0*4+lidx2*2+lidx3)//10 -> "(((gidx0*2)+lidx2)//5)" in [0, 3]
// note: tinygrad literally returns "((lidx2+gidx0*2)//5)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_complex2_1(%gidx0: index {tg.range = array<i64: 0, 7>}, %lidx2: index {tg.range = array<i64: 0, 1>}, %lidx3: index {tg.range = array<i64: 0, 1>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %gidx0, %c4 : index
  %c2 = tg.const 2 : index
  %1 = tg.mul %lidx2, %c2 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.add %2, %lidx3 : index
  %c10 = tg.const 10 : index
  %4 = tg.floordiv %3, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %4 : index
}
module @expected {
  func.func @test_sum_div_complex2_1(%gidx0: index, %lidx2: index, %lidx3: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %gidx0, %c2 : index
    %1 = tg.add %0, %lidx2 : index
    %c5 = tg.const 5 : index
    %2 = tg.floordiv %1, %c5 : index
    return %2 : index
  }
}

// -----

// tinygrad: (gidx0*2+lidx2)//10 -> "(gidx0//5)" in [0, 1]
func.func @test_sum_div_complex2_2(%gidx0: index {tg.range = array<i64: 0, 7>}, %lidx2: index {tg.range = array<i64: 0, 1>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %gidx0, %c2 : index
  %1 = tg.add %0, %lidx2 : index
  %c10 = tg.const 10 : index
  %2 = tg.floordiv %1, %c10 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_sum_div_complex2_2(%gidx0: index, %lidx2: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.floordiv %gidx0, %c5 : index
    return %0 : index
  }
}

// -----

// tinygrad: (gidx0*4+lidx2*2+lidx3)//12 -> "(((lidx2//2)+gidx0)//3)" in [0, 4]
// note: tinygrad literally returns "((gidx0+lidx2//2)//3)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_complex3_0(%gidx0: index {tg.range = array<i64: 0, 7>}, %lidx2: index {tg.range = array<i64: 0, 12>}, %lidx3: index {tg.range = array<i64: 0, 1>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %gidx0, %c4 : index
  %c2 = tg.const 2 : index
  %1 = tg.mul %lidx2, %c2 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.add %2, %lidx3 : index
  %c12 = tg.const 12 : index
  %4 = tg.floordiv %3, %c12 : index
  // expected-remark@+1 {{result #0 in [0, 4]}}
  return %4 : index
}
module @expected {
  func.func @test_sum_div_complex3_0(%gidx0: index, %lidx2: index, %lidx3: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %lidx2, %c2 : index
    %1 = tg.add %0, %gidx0 : index
    %c3 = tg.const 3 : index
    %2 = tg.floordiv %1, %c3 : index
    return %2 : index
  }
}

// -----

// tinygrad: (lidx2*2+gidx0*4+lidx3)//12 -> "(((lidx2//2)+gidx0)//3)" in [0, 4]
// note: tinygrad literally returns "((gidx0+lidx2//2)//3)"; its test compares modulo the order of commutative index operands
func.func @test_sum_div_complex3_1(%lidx2: index {tg.range = array<i64: 0, 12>}, %gidx0: index {tg.range = array<i64: 0, 7>}, %lidx3: index {tg.range = array<i64: 0, 1>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %lidx2, %c2 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %gidx0, %c4 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.add %2, %lidx3 : index
  %c12 = tg.const 12 : index
  %4 = tg.floordiv %3, %c12 : index
  // expected-remark@+1 {{result #0 in [0, 4]}}
  return %4 : index
}
module @expected {
  func.func @test_sum_div_complex3_1(%lidx2: index, %gidx0: index, %lidx3: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %lidx2, %c2 : index
    %1 = tg.add %0, %gidx0 : index
    %c3 = tg.const 3 : index
    %2 = tg.floordiv %1, %c3 : index
    return %2 : index
  }
}

// -----

// tinygrad: (gidx0*3+lidx2*19+lidx3*38)//(3*19) -> "((lidx2+(lidx3*2))//3)" in [0, 12]
func.func @test_sum_div_complex4_0(%gidx0: index {tg.range = array<i64: 0, 2>}, %lidx2: index {tg.range = array<i64: 0, 12>}, %lidx3: index {tg.range = array<i64: 0, 12>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %gidx0, %c3 : index
  %c19 = tg.const 19 : index
  %1 = tg.mul %lidx2, %c19 : index
  %2 = tg.add %0, %1 : index
  %c38 = tg.const 38 : index
  %3 = tg.mul %lidx3, %c38 : index
  %4 = tg.add %2, %3 : index
  %c57 = tg.const 57 : index
  %5 = tg.floordiv %4, %c57 : index
  // expected-remark@+1 {{result #0 in [0, 12]}}
  return %5 : index
}
module @expected {
  func.func @test_sum_div_complex4_0(%gidx0: index, %lidx2: index, %lidx3: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %lidx3, %c2 : index
    %1 = tg.add %lidx2, %0 : index
    %c3 = tg.const 3 : index
    %2 = tg.floordiv %1, %c3 : index
    return %2 : index
  }
}

// -----

// tinygrad: (d*a+b)%d -> "b" in [0, 1]
func.func @test_mod_variable_denom_factor_remainder_0(%d: index {tg.range = array<i64: 2, 5>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 1>}) -> index {
  %0 = tg.mul %d, %a : index
  %1 = tg.add %0, %b : index
  %2 = tg.floormod %1, %d : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_variable_denom_factor_remainder_0(%d: index, %a: index, %b: index) -> index {
    return %b : index
  }
}

// -----

// tinygrad: x//y -> "2" in [2, 2]
func.func @test_divmod_variable_denom_fold_to_const_0(%x: index {tg.range = array<i64: 20, 23>}, %y: index {tg.range = array<i64: 8, 10>}) -> index {
  %0 = tg.floordiv %x, %y : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %0 : index
}
module @expected {
  func.func @test_divmod_variable_denom_fold_to_const_0(%x: index, %y: index) -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: x%y -> "(x+(y*-2))" in [0, 7]
func.func @test_divmod_variable_denom_fold_to_const_1(%x: index {tg.range = array<i64: 20, 23>}, %y: index {tg.range = array<i64: 8, 10>}) -> index {
  %0 = tg.floormod %x, %y : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %0 : index
}
module @expected {
  func.func @test_divmod_variable_denom_fold_to_const_1(%x: index, %y: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.mul %y, %cm2 : index
    %1 = tg.add %x, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: x//y -> "(x//y)" in [-2147483648, 2147483647]
func.func @test_divmod_variable_denom_fold_to_const_2(%x: i32 {tg.range = array<i64: -10, 10>}, %y: i32 {tg.range = array<i64: -8, 9>}) -> i32 {
  %0 = tg.floordiv %x, %y : i32
  // expected-remark@+1 {{result #0 in [-2147483648, 2147483647]}}
  return %0 : i32
}
module @expected {
  func.func @test_divmod_variable_denom_fold_to_const_2(%x: i32, %y: i32) -> i32 {
    %0 = tg.floordiv %x, %y : i32
    return %0 : i32
  }
}

// -----

// tinygrad: x%y -> "(x%y)" in [-2147483648, 2147483647]
func.func @test_divmod_variable_denom_fold_to_const_3(%x: i32 {tg.range = array<i64: -10, 10>}, %y: i32 {tg.range = array<i64: -8, 9>}) -> i32 {
  %0 = tg.floormod %x, %y : i32
  // expected-remark@+1 {{result #0 in [-2147483648, 2147483647]}}
  return %0 : i32
}
module @expected {
  func.func @test_divmod_variable_denom_fold_to_const_3(%x: i32, %y: i32) -> i32 {
    %0 = tg.floormod %x, %y : i32
    return %0 : i32
  }
}

// -----

// tinygrad: (-gidx*8-lidx+999)//-4 + 250 -> "((lidx*-1+gidx*-8+-1)//-4)" in [0, 250]
func.func @test_div_neg_all_range_0(%gidx: index {tg.range = array<i64: 0, 124>}, %lidx: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx, %cm1 : index
  %c8 = tg.const 8 : index
  %1 = tg.mul %0, %c8 : index
  %2 = tg.mul %lidx, %cm1 : index
  %3 = tg.add %1, %2 : index
  %c999 = tg.const 999 : index
  %4 = tg.add %3, %c999 : index
  %cm4 = tg.const -4 : index
  %5 = tg.floordiv %4, %cm4 : index
  %c250 = tg.const 250 : index
  %6 = tg.add %5, %c250 : index
  // expected-remark@+1 {{result #0 in [0, 250]}}
  return %6 : index
}
module @expected {
  func.func @test_div_neg_all_range_0(%gidx: index, %lidx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx, %cm1 : index
    %cm8 = tg.const -8 : index
    %1 = tg.mul %gidx, %cm8 : index
    %2 = tg.add %0, %1 : index
    %3 = tg.add %2, %cm1 : index
    %cm4 = tg.const -4 : index
    %4 = tg.floordiv %3, %cm4 : index
    return %4 : index
  }
}

// -----

// tinygrad: (-gidx*8-lidx+1000)//-4 + 250 -> "((lidx*-1+gidx*-8)//-4)" in [0, 249]
func.func @test_div_neg_all_range_1(%gidx: index {tg.range = array<i64: 0, 124>}, %lidx: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx, %cm1 : index
  %c8 = tg.const 8 : index
  %1 = tg.mul %0, %c8 : index
  %2 = tg.mul %lidx, %cm1 : index
  %3 = tg.add %1, %2 : index
  %c1000 = tg.const 1000 : index
  %4 = tg.add %3, %c1000 : index
  %cm4 = tg.const -4 : index
  %5 = tg.floordiv %4, %cm4 : index
  %c250 = tg.const 250 : index
  %6 = tg.add %5, %c250 : index
  // expected-remark@+1 {{result #0 in [0, 249]}}
  return %6 : index
}
module @expected {
  func.func @test_div_neg_all_range_1(%gidx: index, %lidx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx, %cm1 : index
    %cm8 = tg.const -8 : index
    %1 = tg.mul %gidx, %cm8 : index
    %2 = tg.add %0, %1 : index
    %cm4 = tg.const -4 : index
    %3 = tg.floordiv %2, %cm4 : index
    return %3 : index
  }
}

// -----

// tinygrad: (-gidx*8-lidx+1001)//-4 + 250 -> "((lidx*-1+gidx*-8+-3)//-4+-1)" in [-1, 249]
func.func @test_div_neg_all_range_2(%gidx: index {tg.range = array<i64: 0, 124>}, %lidx: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx, %cm1 : index
  %c8 = tg.const 8 : index
  %1 = tg.mul %0, %c8 : index
  %2 = tg.mul %lidx, %cm1 : index
  %3 = tg.add %1, %2 : index
  %c1001 = tg.const 1001 : index
  %4 = tg.add %3, %c1001 : index
  %cm4 = tg.const -4 : index
  %5 = tg.floordiv %4, %cm4 : index
  %c250 = tg.const 250 : index
  %6 = tg.add %5, %c250 : index
  // expected-remark@+1 {{result #0 in [-1, 249]}}
  return %6 : index
}
module @expected {
  func.func @test_div_neg_all_range_2(%gidx: index, %lidx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx, %cm1 : index
    %cm8 = tg.const -8 : index
    %1 = tg.mul %gidx, %cm8 : index
    %2 = tg.add %0, %1 : index
    %cm3 = tg.const -3 : index
    %3 = tg.add %2, %cm3 : index
    %cm4 = tg.const -4 : index
    %4 = tg.floordiv %3, %cm4 : index
    %5 = tg.add %4, %cm1 : index
    return %5 : index
  }
}

// -----

// tinygrad: (-gidx*8-lidx+1002)//-4 + 250 -> "((lidx*-1+gidx*-8+-2)//-4+-1)" in [-1, 249]
func.func @test_div_neg_all_range_3(%gidx: index {tg.range = array<i64: 0, 124>}, %lidx: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx, %cm1 : index
  %c8 = tg.const 8 : index
  %1 = tg.mul %0, %c8 : index
  %2 = tg.mul %lidx, %cm1 : index
  %3 = tg.add %1, %2 : index
  %c1002 = tg.const 1002 : index
  %4 = tg.add %3, %c1002 : index
  %cm4 = tg.const -4 : index
  %5 = tg.floordiv %4, %cm4 : index
  %c250 = tg.const 250 : index
  %6 = tg.add %5, %c250 : index
  // expected-remark@+1 {{result #0 in [-1, 249]}}
  return %6 : index
}
module @expected {
  func.func @test_div_neg_all_range_3(%gidx: index, %lidx: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx, %cm1 : index
    %cm8 = tg.const -8 : index
    %1 = tg.mul %gidx, %cm8 : index
    %2 = tg.add %0, %1 : index
    %cm2 = tg.const -2 : index
    %3 = tg.add %2, %cm2 : index
    %cm4 = tg.const -4 : index
    %4 = tg.floordiv %3, %cm4 : index
    %5 = tg.add %4, %cm1 : index
    return %5 : index
  }
}

// -----

// tinygrad: ((alu2+14)//(-32))+4 -> "((lidx0*-1+lidx1*-1+-18)//-32+3)" in [3, 4]
func.func @test_div_neg_then_neg_0(%lidx0: index {tg.range = array<i64: 0, 7>}, %lidx1: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %lidx0, %cm1 : index
  %1 = tg.mul %lidx1, %cm1 : index
  %2 = tg.add %0, %1 : index
  %c14 = tg.const 14 : index
  %3 = tg.add %2, %c14 : index
  %cm32 = tg.const -32 : index
  %4 = tg.floordiv %3, %cm32 : index
  %c4 = tg.const 4 : index
  %5 = tg.add %4, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 4]}}
  return %5 : index
}
module @expected {
  func.func @test_div_neg_then_neg_0(%lidx0: index, %lidx1: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx0, %cm1 : index
    %1 = tg.mul %lidx1, %cm1 : index
    %2 = tg.add %0, %1 : index
    %cm18 = tg.const -18 : index
    %3 = tg.add %2, %cm18 : index
    %cm32 = tg.const -32 : index
    %4 = tg.floordiv %3, %cm32 : index
    %c3 = tg.const 3 : index
    %5 = tg.add %4, %c3 : index
    return %5 : index
  }
}

// -----

// tinygrad: -(((alu2+14)//(-32))+4) -> "((lidx0*-1+lidx1*-1+-18)//-32*-1+-3)" in [-4, -3]
func.func @test_div_neg_then_neg_1(%lidx0: index {tg.range = array<i64: 0, 7>}, %lidx1: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %lidx0, %cm1 : index
  %1 = tg.mul %lidx1, %cm1 : index
  %2 = tg.add %0, %1 : index
  %c14 = tg.const 14 : index
  %3 = tg.add %2, %c14 : index
  %cm32 = tg.const -32 : index
  %4 = tg.floordiv %3, %cm32 : index
  %c4 = tg.const 4 : index
  %5 = tg.add %4, %c4 : index
  %6 = tg.mul %5, %cm1 : index
  // expected-remark@+1 {{result #0 in [-4, -3]}}
  return %6 : index
}
module @expected {
  func.func @test_div_neg_then_neg_1(%lidx0: index, %lidx1: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx0, %cm1 : index
    %1 = tg.mul %lidx1, %cm1 : index
    %2 = tg.add %0, %1 : index
    %cm18 = tg.const -18 : index
    %3 = tg.add %2, %cm18 : index
    %cm32 = tg.const -32 : index
    %4 = tg.floordiv %3, %cm32 : index
    %5 = tg.mul %4, %cm1 : index
    %cm3 = tg.const -3 : index
    %6 = tg.add %5, %cm3 : index
    return %6 : index
  }
}

// -----

// tinygrad: ((alu2+134)//(-32))+4 -> "((lidx0*-1+lidx1*-1+-26)//-32+-1)" in [-1, 0]
func.func @test_div_neg_then_neg_2(%lidx0: index {tg.range = array<i64: 0, 7>}, %lidx1: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %lidx0, %cm1 : index
  %1 = tg.mul %lidx1, %cm1 : index
  %2 = tg.add %0, %1 : index
  %c134 = tg.const 134 : index
  %3 = tg.add %2, %c134 : index
  %cm32 = tg.const -32 : index
  %4 = tg.floordiv %3, %cm32 : index
  %c4 = tg.const 4 : index
  %5 = tg.add %4, %c4 : index
  // expected-remark@+1 {{result #0 in [-1, 0]}}
  return %5 : index
}
module @expected {
  func.func @test_div_neg_then_neg_2(%lidx0: index, %lidx1: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx0, %cm1 : index
    %1 = tg.mul %lidx1, %cm1 : index
    %2 = tg.add %0, %1 : index
    %cm26 = tg.const -26 : index
    %3 = tg.add %2, %cm26 : index
    %cm32 = tg.const -32 : index
    %4 = tg.floordiv %3, %cm32 : index
    %5 = tg.add %4, %cm1 : index
    return %5 : index
  }
}

// -----

// tinygrad: ((alu2+142)//(-32))+4 -> "((lidx0*-1+lidx1*-1+-18)//-32+-1)" in [-1, 0]
func.func @test_div_neg_then_neg_3(%lidx0: index {tg.range = array<i64: 0, 7>}, %lidx1: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %lidx0, %cm1 : index
  %1 = tg.mul %lidx1, %cm1 : index
  %2 = tg.add %0, %1 : index
  %c142 = tg.const 142 : index
  %3 = tg.add %2, %c142 : index
  %cm32 = tg.const -32 : index
  %4 = tg.floordiv %3, %cm32 : index
  %c4 = tg.const 4 : index
  %5 = tg.add %4, %c4 : index
  // expected-remark@+1 {{result #0 in [-1, 0]}}
  return %5 : index
}
module @expected {
  func.func @test_div_neg_then_neg_3(%lidx0: index, %lidx1: index) -> index {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %lidx0, %cm1 : index
    %1 = tg.mul %lidx1, %cm1 : index
    %2 = tg.add %0, %1 : index
    %cm18 = tg.const -18 : index
    %3 = tg.add %2, %cm18 : index
    %cm32 = tg.const -32 : index
    %4 = tg.floordiv %3, %cm32 : index
    %5 = tg.add %4, %cm1 : index
    return %5 : index
  }
}

// -----

// tinygrad: ((alu2+150)//(-32))+4 -> "-1" in [-1, -1]
func.func @test_div_neg_then_neg_4(%lidx0: index {tg.range = array<i64: 0, 7>}, %lidx1: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %lidx0, %cm1 : index
  %1 = tg.mul %lidx1, %cm1 : index
  %2 = tg.add %0, %1 : index
  %c150 = tg.const 150 : index
  %3 = tg.add %2, %c150 : index
  %cm32 = tg.const -32 : index
  %4 = tg.floordiv %3, %cm32 : index
  %c4 = tg.const 4 : index
  %5 = tg.add %4, %c4 : index
  // expected-remark@+1 {{result #0 in [-1, -1]}}
  return %5 : index
}
module @expected {
  func.func @test_div_neg_then_neg_4(%lidx0: index, %lidx1: index) -> index {
    %cm1 = tg.const -1 : index
    return %cm1 : index
  }
}

// -----

// tinygrad: ((alu2+158)//(-32))+4 -> "-1" in [-1, -1]
func.func @test_div_neg_then_neg_5(%lidx0: index {tg.range = array<i64: 0, 7>}, %lidx1: index {tg.range = array<i64: 0, 7>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %lidx0, %cm1 : index
  %1 = tg.mul %lidx1, %cm1 : index
  %2 = tg.add %0, %1 : index
  %c158 = tg.const 158 : index
  %3 = tg.add %2, %c158 : index
  %cm32 = tg.const -32 : index
  %4 = tg.floordiv %3, %cm32 : index
  %c4 = tg.const 4 : index
  %5 = tg.add %4, %c4 : index
  // expected-remark@+1 {{result #0 in [-1, -1]}}
  return %5 : index
}
module @expected {
  func.func @test_div_neg_then_neg_5(%lidx0: index, %lidx1: index) -> index {
    %cm1 = tg.const -1 : index
    return %cm1 : index
  }
}

// -----

// tinygrad: gidx%4+(gidx//4)*4 -> "gidx" in [0, 124]
func.func @test_div_mod_recombine_0(%gidx: index {tg.range = array<i64: 0, 124>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floormod %gidx, %c4 : index
  %1 = tg.floordiv %gidx, %c4 : index
  %2 = tg.mul %1, %c4 : index
  %3 = tg.add %0, %2 : index
  // expected-remark@+1 {{result #0 in [0, 124]}}
  return %3 : index
}
module @expected {
  func.func @test_div_mod_recombine_0(%gidx: index) -> index {
    return %gidx : index
  }
}

// -----

// tinygrad: (gidx//4)*4+gidx%4 -> "gidx" in [0, 124]
func.func @test_div_mod_recombine_1(%gidx: index {tg.range = array<i64: 0, 124>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %gidx, %c4 : index
  %1 = tg.mul %0, %c4 : index
  %2 = tg.floormod %gidx, %c4 : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 124]}}
  return %3 : index
}
module @expected {
  func.func @test_div_mod_recombine_1(%gidx: index) -> index {
    return %gidx : index
  }
}

// -----

// tinygrad: lidx+gidx%4+(gidx//4)*4 -> "(gidx+lidx)" in [0, 248]
func.func @test_div_mod_recombine_2(%lidx: index {tg.range = array<i64: 0, 124>}, %gidx: index {tg.range = array<i64: 0, 124>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floormod %gidx, %c4 : index
  %1 = tg.add %lidx, %0 : index
  %2 = tg.floordiv %gidx, %c4 : index
  %3 = tg.mul %2, %c4 : index
  %4 = tg.add %1, %3 : index
  // expected-remark@+1 {{result #0 in [0, 248]}}
  return %4 : index
}
module @expected {
  func.func @test_div_mod_recombine_2(%lidx: index, %gidx: index) -> index {
    %0 = tg.add %gidx, %lidx : index
    return %0 : index
  }
}

// -----

// tinygrad: lidx+(gidx//4)*4+gidx%4 -> "(gidx+lidx)" in [0, 248]
func.func @test_div_mod_recombine_3(%lidx: index {tg.range = array<i64: 0, 124>}, %gidx: index {tg.range = array<i64: 0, 124>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %gidx, %c4 : index
  %1 = tg.mul %0, %c4 : index
  %2 = tg.add %lidx, %1 : index
  %3 = tg.floormod %gidx, %c4 : index
  %4 = tg.add %2, %3 : index
  // expected-remark@+1 {{result #0 in [0, 248]}}
  return %4 : index
}
module @expected {
  func.func @test_div_mod_recombine_3(%lidx: index, %gidx: index) -> index {
    %0 = tg.add %gidx, %lidx : index
    return %0 : index
  }
}

// -----

// tinygrad: lidx+(gidx//4)*8+2*(gidx%4) -> "(lidx+(gidx*2))" in [0, 372]
func.func @test_div_mod_recombine_4(%lidx: index {tg.range = array<i64: 0, 124>}, %gidx: index {tg.range = array<i64: 0, 124>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %gidx, %c4 : index
  %c8 = tg.const 8 : index
  %1 = tg.mul %0, %c8 : index
  %2 = tg.add %lidx, %1 : index
  %c2 = tg.const 2 : index
  %3 = tg.floormod %gidx, %c4 : index
  %4 = tg.mul %c2, %3 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [0, 372]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_4(%lidx: index, %gidx: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %gidx, %c2 : index
    %1 = tg.add %lidx, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: lidx+2*(gidx%4)+(gidx//4)*8 -> "(lidx+(gidx*2))" in [0, 372]
func.func @test_div_mod_recombine_5(%lidx: index {tg.range = array<i64: 0, 124>}, %gidx: index {tg.range = array<i64: 0, 124>}) -> index {
  %c2 = tg.const 2 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %gidx, %c4 : index
  %1 = tg.mul %c2, %0 : index
  %2 = tg.add %lidx, %1 : index
  %3 = tg.floordiv %gidx, %c4 : index
  %c8 = tg.const 8 : index
  %4 = tg.mul %3, %c8 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [0, 372]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_5(%lidx: index, %gidx: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %gidx, %c2 : index
    %1 = tg.add %lidx, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (gidx//2)%4+(gidx//8)*4 -> "gidx//2" in [0, 7]
func.func @test_div_mod_recombine_partial_0(%gidx: index {tg.range = array<i64: 0, 15>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floordiv %gidx, %c2 : index
  %c4 = tg.const 4 : index
  %1 = tg.floormod %0, %c4 : index
  %c8 = tg.const 8 : index
  %2 = tg.floordiv %gidx, %c8 : index
  %3 = tg.mul %2, %c4 : index
  %4 = tg.add %1, %3 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %4 : index
}
module @expected {
  func.func @test_div_mod_recombine_partial_0(%gidx: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %gidx, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: (31 * a + 1) % 30 + ((31 * a + 1) // 30) * 30 -> "((a*31)+1)" in [1, 63]
func.func @test_div_mod_recombine_folded_mod_0(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c31 = tg.const 31 : index
  %0 = tg.mul %c31, %a : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c30 = tg.const 30 : index
  %2 = tg.floormod %1, %c30 : index
  %3 = tg.floordiv %1, %c30 : index
  %4 = tg.mul %3, %c30 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [1, 63]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_folded_mod_0(%a: index) -> index {
    %c31 = tg.const 31 : index
    %0 = tg.mul %a, %c31 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: (31 * b + 1) % 18 + ((31 * b + 1) // 18) * 18 -> "((b*31)+1)" in [1, 3101]
func.func @test_div_mod_recombine_folded_mod_1(%b: index {tg.range = array<i64: 0, 100>}) -> index {
  %c31 = tg.const 31 : index
  %0 = tg.mul %c31, %b : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c18 = tg.const 18 : index
  %2 = tg.floormod %1, %c18 : index
  %3 = tg.floordiv %1, %c18 : index
  %4 = tg.mul %3, %c18 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [1, 3101]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_folded_mod_1(%b: index) -> index {
    %c31 = tg.const 31 : index
    %0 = tg.mul %b, %c31 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: gidx//3%224*3 + gidx%3 + gidx//672*672 -> "gidx" in [0, 150527]
func.func @test_div_mod_recombine_3level_0(%gidx: index {tg.range = array<i64: 0, 150527>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.floordiv %gidx, %c3 : index
  %c224 = tg.const 224 : index
  %1 = tg.floormod %0, %c224 : index
  %2 = tg.mul %1, %c3 : index
  %3 = tg.floormod %gidx, %c3 : index
  %4 = tg.add %2, %3 : index
  %c672 = tg.const 672 : index
  %5 = tg.floordiv %gidx, %c672 : index
  %6 = tg.mul %5, %c672 : index
  %7 = tg.add %4, %6 : index
  // expected-remark@+1 {{result #0 in [0, 150527]}}
  return %7 : index
}
module @expected {
  func.func @test_div_mod_recombine_3level_0(%gidx: index) -> index {
    return %gidx : index
  }
}

// -----

// tinygrad: x//11%7*11 + x%11 + x//77*77 -> "x" in [0, 384]
func.func @test_div_mod_recombine_3level_1(%x: index {tg.range = array<i64: 0, 384>}) -> index {
  %c11 = tg.const 11 : index
  %0 = tg.floordiv %x, %c11 : index
  %c7 = tg.const 7 : index
  %1 = tg.floormod %0, %c7 : index
  %2 = tg.mul %1, %c11 : index
  %3 = tg.floormod %x, %c11 : index
  %4 = tg.add %2, %3 : index
  %c77 = tg.const 77 : index
  %5 = tg.floordiv %x, %c77 : index
  %6 = tg.mul %5, %c77 : index
  %7 = tg.add %4, %6 : index
  // expected-remark@+1 {{result #0 in [0, 384]}}
  return %7 : index
}
module @expected {
  func.func @test_div_mod_recombine_3level_1(%x: index) -> index {
    return %x : index
  }
}

// -----

// tinygrad: x2//7%6*14 + x2//42*84 -> "(x2//7*14)" in [0, 406]
func.func @test_div_mod_recombine_3level_2(%x2: index {tg.range = array<i64: 0, 209>}) -> index {
  %c7 = tg.const 7 : index
  %0 = tg.floordiv %x2, %c7 : index
  %c6 = tg.const 6 : index
  %1 = tg.floormod %0, %c6 : index
  %c14 = tg.const 14 : index
  %2 = tg.mul %1, %c14 : index
  %c42 = tg.const 42 : index
  %3 = tg.floordiv %x2, %c42 : index
  %c84 = tg.const 84 : index
  %4 = tg.mul %3, %c84 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [0, 406]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_3level_2(%x2: index) -> index {
    %c7 = tg.const 7 : index
    %0 = tg.floordiv %x2, %c7 : index
    %c14 = tg.const 14 : index
    %1 = tg.mul %0, %c14 : index
    return %1 : index
  }
}

// -----

// tinygrad: xn//3%224*3 + xn%3 + xn//672*672 -> "x" in [-1000, 1000]
func.func @test_div_mod_recombine_3level_3(%x: index {tg.range = array<i64: -1000, 1000>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.floordiv %x, %c3 : index
  %c224 = tg.const 224 : index
  %1 = tg.floormod %0, %c224 : index
  %2 = tg.mul %1, %c3 : index
  %3 = tg.floormod %x, %c3 : index
  %4 = tg.add %2, %3 : index
  %c672 = tg.const 672 : index
  %5 = tg.floordiv %x, %c672 : index
  %6 = tg.mul %5, %c672 : index
  %7 = tg.add %4, %6 : index
  // expected-remark@+1 {{result #0 in [-1000, 1000]}}
  return %7 : index
}
module @expected {
  func.func @test_div_mod_recombine_3level_3(%x: index) -> index {
    return %x : index
  }
}

// -----

// tinygrad: xn//3%7*3 + xn//21*21 -> "(x//3*3)" in [-1002, 999]
func.func @test_div_mod_recombine_3level_4(%x: index {tg.range = array<i64: -1000, 1000>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.floordiv %x, %c3 : index
  %c7 = tg.const 7 : index
  %1 = tg.floormod %0, %c7 : index
  %2 = tg.mul %1, %c3 : index
  %c21 = tg.const 21 : index
  %3 = tg.floordiv %x, %c21 : index
  %4 = tg.mul %3, %c21 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [-1002, 999]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_3level_4(%x: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.floordiv %x, %c3 : index
    %1 = tg.mul %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: gidx//3%224*3 + gidx//600*600 -> "(gidx//600*600+gidx//3%224*3)" in [0, 150669]
func.func @test_div_mod_recombine_3level_5(%gidx: index {tg.range = array<i64: 0, 150527>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.floordiv %gidx, %c3 : index
  %c224 = tg.const 224 : index
  %1 = tg.floormod %0, %c224 : index
  %2 = tg.mul %1, %c3 : index
  %c600 = tg.const 600 : index
  %3 = tg.floordiv %gidx, %c600 : index
  %4 = tg.mul %3, %c600 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [0, 150669]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_3level_5(%gidx: index) -> index {
    %c600 = tg.const 600 : index
    %0 = tg.floordiv %gidx, %c600 : index
    %1 = tg.mul %0, %c600 : index
    %c3 = tg.const 3 : index
    %2 = tg.floordiv %gidx, %c3 : index
    %c224 = tg.const 224 : index
    %3 = tg.floormod %2, %c224 : index
    %4 = tg.mul %3, %c3 : index
    %5 = tg.add %1, %4 : index
    return %5 : index
  }
}

// -----

// tinygrad: gidx//3%224*3 + gidx//672*700 -> "(gidx//672*700+gidx//3%224*3)" in [0, 156769]
func.func @test_div_mod_recombine_3level_6(%gidx: index {tg.range = array<i64: 0, 150527>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.floordiv %gidx, %c3 : index
  %c224 = tg.const 224 : index
  %1 = tg.floormod %0, %c224 : index
  %2 = tg.mul %1, %c3 : index
  %c672 = tg.const 672 : index
  %3 = tg.floordiv %gidx, %c672 : index
  %c700 = tg.const 700 : index
  %4 = tg.mul %3, %c700 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [0, 156769]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_3level_6(%gidx: index) -> index {
    %c672 = tg.const 672 : index
    %0 = tg.floordiv %gidx, %c672 : index
    %c700 = tg.const 700 : index
    %1 = tg.mul %0, %c700 : index
    %c3 = tg.const 3 : index
    %2 = tg.floordiv %gidx, %c3 : index
    %c224 = tg.const 224 : index
    %3 = tg.floormod %2, %c224 : index
    %4 = tg.mul %3, %c3 : index
    %5 = tg.add %1, %4 : index
    return %5 : index
  }
}

// -----

// tinygrad: exp = (16 * b + 2) % 18 + ((16 * b + 2) // 18) * 18 -> "((b*16)+2)" in [2, 1602]
func.func @test_div_mod_recombine_with_gcd_0(%b: index {tg.range = array<i64: 0, 100>}) -> index {
  %c16 = tg.const 16 : index
  %0 = tg.mul %c16, %b : index
  %c2 = tg.const 2 : index
  %1 = tg.add %0, %c2 : index
  %c18 = tg.const 18 : index
  %2 = tg.floormod %1, %c18 : index
  %3 = tg.floordiv %1, %c18 : index
  %4 = tg.mul %3, %c18 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [2, 1602]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_with_gcd_0(%b: index) -> index {
    %c16 = tg.const 16 : index
    %0 = tg.mul %b, %c16 : index
    %c2 = tg.const 2 : index
    %1 = tg.add %0, %c2 : index
    return %1 : index
  }
}

// -----

// tinygrad: (30 * b + 1) % 18 + ((30 * b + 1) // 18) * 18 -> "((b*30)+1)" in [1, 3001]
func.func @test_div_mod_recombine_with_gcd_1(%b: index {tg.range = array<i64: 0, 100>}) -> index {
  %c30 = tg.const 30 : index
  %0 = tg.mul %c30, %b : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c18 = tg.const 18 : index
  %2 = tg.floormod %1, %c18 : index
  %3 = tg.floordiv %1, %c18 : index
  %4 = tg.mul %3, %c18 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [1, 3001]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_with_gcd_1(%b: index) -> index {
    %c30 = tg.const 30 : index
    %0 = tg.mul %b, %c30 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: (31*b+1)//18 -> "(((b*13)+1)//18+b)" in [0, 172]
// note: tinygrad literally returns "(b+(b*13+1)//18)"; its test compares modulo the order of commutative index operands
func.func @test_div_partial_quotient_0(%b: index {tg.range = array<i64: 0, 100>}) -> index {
  %c31 = tg.const 31 : index
  %0 = tg.mul %c31, %b : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c18 = tg.const 18 : index
  %2 = tg.floordiv %1, %c18 : index
  // expected-remark@+1 {{result #0 in [0, 172]}}
  return %2 : index
}
module @expected {
  func.func @test_div_partial_quotient_0(%b: index) -> index {
    %c13 = tg.const 13 : index
    %0 = tg.mul %b, %c13 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c18 = tg.const 18 : index
    %2 = tg.floordiv %1, %c18 : index
    %3 = tg.add %2, %b : index
    return %3 : index
  }
}

// -----

// tinygrad: (19*b+3)//7 -> "(((b*5)+3)//7+(b*2))" in [0, 271]
// note: tinygrad literally returns "(b*2+(b*5+3)//7)"; its test compares modulo the order of commutative index operands
func.func @test_div_partial_quotient_1(%b: index {tg.range = array<i64: 0, 100>}) -> index {
  %c19 = tg.const 19 : index
  %0 = tg.mul %c19, %b : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c7 = tg.const 7 : index
  %2 = tg.floordiv %1, %c7 : index
  // expected-remark@+1 {{result #0 in [0, 271]}}
  return %2 : index
}
module @expected {
  func.func @test_div_partial_quotient_1(%b: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.mul %b, %c5 : index
    %c3 = tg.const 3 : index
    %1 = tg.add %0, %c3 : index
    %c7 = tg.const 7 : index
    %2 = tg.floordiv %1, %c7 : index
    %c2 = tg.const 2 : index
    %3 = tg.mul %b, %c2 : index
    %4 = tg.add %2, %3 : index
    return %4 : index
  }
}

// -----

// tinygrad: (a*4)//6 -> "(a*2//3)" in [0, 1]
func.func @test_gcd_with_remainder_0(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c6 = tg.const 6 : index
  %1 = tg.floordiv %0, %c6 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_gcd_with_remainder_0(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c3 = tg.const 3 : index
    %1 = tg.floordiv %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a*4+1)//6 -> "(a*2//3)" in [0, 1]
func.func @test_gcd_with_remainder_1(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c6 = tg.const 6 : index
  %2 = tg.floordiv %1, %c6 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_gcd_with_remainder_1(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c3 = tg.const 3 : index
    %1 = tg.floordiv %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a*4+2)//6 -> "((a*2+1)//3)" in [0, 1]
func.func @test_gcd_with_remainder_2(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c2 = tg.const 2 : index
  %1 = tg.add %0, %c2 : index
  %c6 = tg.const 6 : index
  %2 = tg.floordiv %1, %c6 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_gcd_with_remainder_2(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c3 = tg.const 3 : index
    %2 = tg.floordiv %1, %c3 : index
    return %2 : index
  }
}

// -----

// tinygrad: (a*4+3)//6 -> "((a*2+1)//3)" in [0, 1]
func.func @test_gcd_with_remainder_3(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c6 = tg.const 6 : index
  %2 = tg.floordiv %1, %c6 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_gcd_with_remainder_3(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c3 = tg.const 3 : index
    %2 = tg.floordiv %1, %c3 : index
    return %2 : index
  }
}

// -----

// tinygrad: (a*4)%6 -> "(a*2%3*2)" in [0, 4]
func.func @test_gcd_with_remainder_4(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c6 = tg.const 6 : index
  %1 = tg.floormod %0, %c6 : index
  // expected-remark@+1 {{result #0 in [0, 4]}}
  return %1 : index
}
module @expected {
  func.func @test_gcd_with_remainder_4(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c3 = tg.const 3 : index
    %1 = tg.floormod %0, %c3 : index
    %2 = tg.mul %1, %c2 : index
    return %2 : index
  }
}

// -----

// tinygrad: (a*4+1)%6 -> "(a*2%3*2+1)" in [1, 5]
func.func @test_gcd_with_remainder_5(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c6 = tg.const 6 : index
  %2 = tg.floormod %1, %c6 : index
  // expected-remark@+1 {{result #0 in [1, 5]}}
  return %2 : index
}
module @expected {
  func.func @test_gcd_with_remainder_5(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c3 = tg.const 3 : index
    %1 = tg.floormod %0, %c3 : index
    %2 = tg.mul %1, %c2 : index
    %c1 = tg.const 1 : index
    %3 = tg.add %2, %c1 : index
    return %3 : index
  }
}

// -----

// tinygrad: (a*4+2)%6 -> "((a*2+1)%3*2)" in [0, 4]
func.func @test_gcd_with_remainder_6(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c2 = tg.const 2 : index
  %1 = tg.add %0, %c2 : index
  %c6 = tg.const 6 : index
  %2 = tg.floormod %1, %c6 : index
  // expected-remark@+1 {{result #0 in [0, 4]}}
  return %2 : index
}
module @expected {
  func.func @test_gcd_with_remainder_6(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c3 = tg.const 3 : index
    %2 = tg.floormod %1, %c3 : index
    %3 = tg.mul %2, %c2 : index
    return %3 : index
  }
}

// -----

// tinygrad: (a*4+3)%6 -> "((a*2+1)%3*2+1)" in [1, 5]
func.func @test_gcd_with_remainder_7(%a: index {tg.range = array<i64: 0, 2>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c6 = tg.const 6 : index
  %2 = tg.floormod %1, %c6 : index
  // expected-remark@+1 {{result #0 in [1, 5]}}
  return %2 : index
}
module @expected {
  func.func @test_gcd_with_remainder_7(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    %c3 = tg.const 3 : index
    %2 = tg.floormod %1, %c3 : index
    %3 = tg.mul %2, %c2 : index
    %4 = tg.add %3, %c1 : index
    return %4 : index
  }
}

// -----

// tinygrad: (19*b+3)%7 + ((19*b+3)//7)*7 -> "((b*19)+3)" in [3, 1903]
func.func @test_div_mod_recombine_large_coeff_0(%b: index {tg.range = array<i64: 0, 100>}) -> index {
  %c19 = tg.const 19 : index
  %0 = tg.mul %c19, %b : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c7 = tg.const 7 : index
  %2 = tg.floormod %1, %c7 : index
  %3 = tg.floordiv %1, %c7 : index
  %4 = tg.mul %3, %c7 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [3, 1903]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_large_coeff_0(%b: index) -> index {
    %c19 = tg.const 19 : index
    %0 = tg.mul %b, %c19 : index
    %c3 = tg.const 3 : index
    %1 = tg.add %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (25*a+3)%10 + ((25*a+3)//10)*10 -> "((a*25)+3)" in [3, 253]
func.func @test_div_mod_recombine_large_coeff_1(%a: index {tg.range = array<i64: 0, 10>}) -> index {
  %c25 = tg.const 25 : index
  %0 = tg.mul %c25, %a : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c10 = tg.const 10 : index
  %2 = tg.floormod %1, %c10 : index
  %3 = tg.floordiv %1, %c10 : index
  %4 = tg.mul %3, %c10 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [3, 253]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_large_coeff_1(%a: index) -> index {
    %c25 = tg.const 25 : index
    %0 = tg.mul %a, %c25 : index
    %c3 = tg.const 3 : index
    %1 = tg.add %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: ((b//(-3))%(-2)) + (b//6)*(-2) -> "(b//6*-2+b//-3%-2)" in [-33, 34]
func.func @test_div_mod_recombine_negative_div_unsound_0(%b: index {tg.range = array<i64: -100, 100>}) -> index {
  %cm3 = tg.const -3 : index
  %0 = tg.floordiv %b, %cm3 : index
  %cm2 = tg.const -2 : index
  %1 = tg.floormod %0, %cm2 : index
  %c6 = tg.const 6 : index
  %2 = tg.floordiv %b, %c6 : index
  %3 = tg.mul %2, %cm2 : index
  %4 = tg.add %1, %3 : index
  // expected-remark@+1 {{result #0 in [-33, 34]}}
  return %4 : index
}
module @expected {
  func.func @test_div_mod_recombine_negative_div_unsound_0(%b: index) -> index {
    %c6 = tg.const 6 : index
    %0 = tg.floordiv %b, %c6 : index
    %cm2 = tg.const -2 : index
    %1 = tg.mul %0, %cm2 : index
    %cm3 = tg.const -3 : index
    %2 = tg.floordiv %b, %cm3 : index
    %3 = tg.floormod %2, %cm2 : index
    %4 = tg.add %1, %3 : index
    return %4 : index
  }
}

// -----

// tinygrad: (x%4)*3 + ((x//4)%2)*12 -> "(x%8*3)" in [0, 21]
func.func @test_mod_recombine_with_outer_mul_0(%x: index {tg.range = array<i64: 0, 100>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floormod %x, %c4 : index
  %c3 = tg.const 3 : index
  %1 = tg.mul %0, %c3 : index
  %2 = tg.floordiv %x, %c4 : index
  %c2 = tg.const 2 : index
  %3 = tg.floormod %2, %c2 : index
  %c12 = tg.const 12 : index
  %4 = tg.mul %3, %c12 : index
  %5 = tg.add %1, %4 : index
  // expected-remark@+1 {{result #0 in [0, 21]}}
  return %5 : index
}
module @expected {
  func.func @test_mod_recombine_with_outer_mul_0(%x: index) -> index {
    %c8 = tg.const 8 : index
    %0 = tg.floormod %x, %c8 : index
    %c3 = tg.const 3 : index
    %1 = tg.mul %0, %c3 : index
    return %1 : index
  }
}

// -----

// tinygrad: (y%11)*5 + ((y//11)%7)*55 -> "(y%77*5)" in [0, 380]
func.func @test_mod_recombine_with_outer_mul_1(%y: index {tg.range = array<i64: 0, 384>}) -> index {
  %c11 = tg.const 11 : index
  %0 = tg.floormod %y, %c11 : index
  %c5 = tg.const 5 : index
  %1 = tg.mul %0, %c5 : index
  %2 = tg.floordiv %y, %c11 : index
  %c7 = tg.const 7 : index
  %3 = tg.floormod %2, %c7 : index
  %c55 = tg.const 55 : index
  %4 = tg.mul %3, %c55 : index
  %5 = tg.add %1, %4 : index
  // expected-remark@+1 {{result #0 in [0, 380]}}
  return %5 : index
}
module @expected {
  func.func @test_mod_recombine_with_outer_mul_1(%y: index) -> index {
    %c77 = tg.const 77 : index
    %0 = tg.floormod %y, %c77 : index
    %c5 = tg.const 5 : index
    %1 = tg.mul %0, %c5 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x%4)*-2 + ((x//4)%2)*-8 -> "(x%8*-2)" in [-14, 0]
func.func @test_mod_recombine_with_outer_mul_2(%x: index {tg.range = array<i64: 0, 100>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floormod %x, %c4 : index
  %cm2 = tg.const -2 : index
  %1 = tg.mul %0, %cm2 : index
  %2 = tg.floordiv %x, %c4 : index
  %c2 = tg.const 2 : index
  %3 = tg.floormod %2, %c2 : index
  %cm8 = tg.const -8 : index
  %4 = tg.mul %3, %cm8 : index
  %5 = tg.add %1, %4 : index
  // expected-remark@+1 {{result #0 in [-14, 0]}}
  return %5 : index
}
module @expected {
  func.func @test_mod_recombine_with_outer_mul_2(%x: index) -> index {
    %c8 = tg.const 8 : index
    %0 = tg.floormod %x, %c8 : index
    %cm2 = tg.const -2 : index
    %1 = tg.mul %0, %cm2 : index
    return %1 : index
  }
}

// -----

// tinygrad: (gidx0*4+lidx0)%8 -> "(lidx0+gidx0%2*4)" in [0, 7]
func.func @test_mod_nest_by_factor_0(%gidx0: index {tg.range = array<i64: 0, 15>}, %lidx0: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %gidx0, %c4 : index
  %1 = tg.add %0, %lidx0 : index
  %c8 = tg.const 8 : index
  %2 = tg.floormod %1, %c8 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_nest_by_factor_0(%gidx0: index, %lidx0: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %gidx0, %c2 : index
    %c4 = tg.const 4 : index
    %1 = tg.mul %0, %c4 : index
    %2 = tg.add %lidx0, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (gidx0*2+lidx1)%8 -> "(lidx1+gidx0%4*2)" in [0, 7]
func.func @test_mod_nest_by_factor_1(%gidx0: index {tg.range = array<i64: 0, 15>}, %lidx1: index {tg.range = array<i64: 0, 1>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %gidx0, %c2 : index
  %1 = tg.add %0, %lidx1 : index
  %c8 = tg.const 8 : index
  %2 = tg.floormod %1, %c8 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_nest_by_factor_1(%gidx0: index, %lidx1: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floormod %gidx0, %c4 : index
    %c2 = tg.const 2 : index
    %1 = tg.mul %0, %c2 : index
    %2 = tg.add %lidx1, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (a*3+b)%9 -> "(b+a%3*3)" in [0, 8]
func.func @test_mod_nest_by_factor_2(%a: index {tg.range = array<i64: 0, 10>}, %b: index {tg.range = array<i64: 0, 2>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %1 = tg.add %0, %b : index
  %c9 = tg.const 9 : index
  %2 = tg.floormod %1, %c9 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %2 : index
}
module @expected {
  func.func @test_mod_nest_by_factor_2(%a: index, %b: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.floormod %a, %c3 : index
    %1 = tg.mul %0, %c3 : index
    %2 = tg.add %b, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (a*4+b+2)%8 -> "(b+a%2*4+2)" in [2, 7]
func.func @test_mod_nest_by_factor_with_const_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 1>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.add %0, %b : index
  %c2 = tg.const 2 : index
  %2 = tg.add %1, %c2 : index
  %c8 = tg.const 8 : index
  %3 = tg.floormod %2, %c8 : index
  // expected-remark@+1 {{result #0 in [2, 7]}}
  return %3 : index
}
module @expected {
  func.func @test_mod_nest_by_factor_with_const_0(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %a, %c2 : index
    %c4 = tg.const 4 : index
    %1 = tg.mul %0, %c4 : index
    %2 = tg.add %b, %1 : index
    %3 = tg.add %2, %c2 : index
    return %3 : index
  }
}

// -----

// tinygrad: (a*6+b2+3)%12 -> "(b+a%2*6+3)" in [3, 11]
func.func @test_mod_nest_by_factor_with_const_1(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 2>}) -> index {
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c6 : index
  %1 = tg.add %0, %b : index
  %c3 = tg.const 3 : index
  %2 = tg.add %1, %c3 : index
  %c12 = tg.const 12 : index
  %3 = tg.floormod %2, %c12 : index
  // expected-remark@+1 {{result #0 in [3, 11]}}
  return %3 : index
}
module @expected {
  func.func @test_mod_nest_by_factor_with_const_1(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %a, %c2 : index
    %c6 = tg.const 6 : index
    %1 = tg.mul %0, %c6 : index
    %2 = tg.add %b, %1 : index
    %c3 = tg.const 3 : index
    %3 = tg.add %2, %c3 : index
    return %3 : index
  }
}

// -----

// tinygrad: (a*3+b+1)%6 -> "(b+a%2*3+1)" in [1, 5]
func.func @test_mod_nest_by_factor_with_const_2(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 1>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %1 = tg.add %0, %b : index
  %c1 = tg.const 1 : index
  %2 = tg.add %1, %c1 : index
  %c6 = tg.const 6 : index
  %3 = tg.floormod %2, %c6 : index
  // expected-remark@+1 {{result #0 in [1, 5]}}
  return %3 : index
}
module @expected {
  func.func @test_mod_nest_by_factor_with_const_2(%a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %a, %c2 : index
    %c3 = tg.const 3 : index
    %1 = tg.mul %0, %c3 : index
    %2 = tg.add %b, %1 : index
    %c1 = tg.const 1 : index
    %3 = tg.add %2, %c1 : index
    return %3 : index
  }
}

// -----

// tinygrad: (160*a + 5*b + 4*c) // 60 -> "(a*2+(b+a*8)//12)" in [0, 7]
func.func @test_div_nest_by_factor_with_const_0(%a: index {tg.range = array<i64: 0, 2>}, %b: index {tg.range = array<i64: 0, 31>}, %c: index {tg.range = array<i64: 0, 1>}) -> index {
  %c160 = tg.const 160 : index
  %0 = tg.mul %c160, %a : index
  %c5 = tg.const 5 : index
  %1 = tg.mul %c5, %b : index
  %2 = tg.add %0, %1 : index
  %c4 = tg.const 4 : index
  %3 = tg.mul %c4, %c : index
  %4 = tg.add %2, %3 : index
  %c60 = tg.const 60 : index
  %5 = tg.floordiv %4, %c60 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %5 : index
}
module @expected {
  func.func @test_div_nest_by_factor_with_const_0(%a: index, %b: index, %c: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %c8 = tg.const 8 : index
    %1 = tg.mul %a, %c8 : index
    %2 = tg.add %b, %1 : index
    %c12 = tg.const 12 : index
    %3 = tg.floordiv %2, %c12 : index
    %4 = tg.add %0, %3 : index
    return %4 : index
  }
}

// -----

// tinygrad: (160*a + 5*b + 4*c + 1) // 60 -> "(a*2+(b+c+a*8)//12)" in [0, 8]
// note: tinygrad literally returns "(a*2+(c+b+a*8)//12)"; its test compares modulo the order of commutative index operands
func.func @test_div_nest_by_factor_with_const_1(%a: index {tg.range = array<i64: 0, 2>}, %b: index {tg.range = array<i64: 0, 31>}, %c: index {tg.range = array<i64: 0, 1>}) -> index {
  %c160 = tg.const 160 : index
  %0 = tg.mul %c160, %a : index
  %c5 = tg.const 5 : index
  %1 = tg.mul %c5, %b : index
  %2 = tg.add %0, %1 : index
  %c4 = tg.const 4 : index
  %3 = tg.mul %c4, %c : index
  %4 = tg.add %2, %3 : index
  %c1 = tg.const 1 : index
  %5 = tg.add %4, %c1 : index
  %c60 = tg.const 60 : index
  %6 = tg.floordiv %5, %c60 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %6 : index
}
module @expected {
  func.func @test_div_nest_by_factor_with_const_1(%a: index, %b: index, %c: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %1 = tg.add %b, %c : index
    %c8 = tg.const 8 : index
    %2 = tg.mul %a, %c8 : index
    %3 = tg.add %1, %2 : index
    %c12 = tg.const 12 : index
    %4 = tg.floordiv %3, %c12 : index
    %5 = tg.add %0, %4 : index
    return %5 : index
  }
}

// -----

// tinygrad: (160*a + 5*b + 4*c + 2) // 60 -> "(a*2+(b+c+a*8)//12)" in [0, 8]
// note: tinygrad literally returns "(a*2+(c+b+a*8)//12)"; its test compares modulo the order of commutative index operands
func.func @test_div_nest_by_factor_with_const_2(%a: index {tg.range = array<i64: 0, 2>}, %b: index {tg.range = array<i64: 0, 31>}, %c: index {tg.range = array<i64: 0, 1>}) -> index {
  %c160 = tg.const 160 : index
  %0 = tg.mul %c160, %a : index
  %c5 = tg.const 5 : index
  %1 = tg.mul %c5, %b : index
  %2 = tg.add %0, %1 : index
  %c4 = tg.const 4 : index
  %3 = tg.mul %c4, %c : index
  %4 = tg.add %2, %3 : index
  %c2 = tg.const 2 : index
  %5 = tg.add %4, %c2 : index
  %c60 = tg.const 60 : index
  %6 = tg.floordiv %5, %c60 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %6 : index
}
module @expected {
  func.func @test_div_nest_by_factor_with_const_2(%a: index, %b: index, %c: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %1 = tg.add %b, %c : index
    %c8 = tg.const 8 : index
    %2 = tg.mul %a, %c8 : index
    %3 = tg.add %1, %2 : index
    %c12 = tg.const 12 : index
    %4 = tg.floordiv %3, %c12 : index
    %5 = tg.add %0, %4 : index
    return %5 : index
  }
}

// -----

// tinygrad: (160*a + 5*b + 4*c + 3) // 60 -> "(a*2+(b+c+a*8)//12)" in [0, 8]
// note: tinygrad literally returns "(a*2+(c+b+a*8)//12)"; its test compares modulo the order of commutative index operands
func.func @test_div_nest_by_factor_with_const_3(%a: index {tg.range = array<i64: 0, 2>}, %b: index {tg.range = array<i64: 0, 31>}, %c: index {tg.range = array<i64: 0, 1>}) -> index {
  %c160 = tg.const 160 : index
  %0 = tg.mul %c160, %a : index
  %c5 = tg.const 5 : index
  %1 = tg.mul %c5, %b : index
  %2 = tg.add %0, %1 : index
  %c4 = tg.const 4 : index
  %3 = tg.mul %c4, %c : index
  %4 = tg.add %2, %3 : index
  %c3 = tg.const 3 : index
  %5 = tg.add %4, %c3 : index
  %c60 = tg.const 60 : index
  %6 = tg.floordiv %5, %c60 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %6 : index
}
module @expected {
  func.func @test_div_nest_by_factor_with_const_3(%a: index, %b: index, %c: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %1 = tg.add %b, %c : index
    %c8 = tg.const 8 : index
    %2 = tg.mul %a, %c8 : index
    %3 = tg.add %1, %2 : index
    %c12 = tg.const 12 : index
    %4 = tg.floordiv %3, %c12 : index
    %5 = tg.add %0, %4 : index
    return %5 : index
  }
}

// -----

// tinygrad: (160*a + 5*b + 4*c + 59) // 60 -> "(a*2+(b+c+a*8+11)//12)" in [0, 8]
// note: tinygrad literally returns "(a*2+(c+b+a*8+11)//12)"; its test compares modulo the order of commutative index operands
func.func @test_div_nest_by_factor_with_const_4(%a: index {tg.range = array<i64: 0, 2>}, %b: index {tg.range = array<i64: 0, 31>}, %c: index {tg.range = array<i64: 0, 1>}) -> index {
  %c160 = tg.const 160 : index
  %0 = tg.mul %c160, %a : index
  %c5 = tg.const 5 : index
  %1 = tg.mul %c5, %b : index
  %2 = tg.add %0, %1 : index
  %c4 = tg.const 4 : index
  %3 = tg.mul %c4, %c : index
  %4 = tg.add %2, %3 : index
  %c59 = tg.const 59 : index
  %5 = tg.add %4, %c59 : index
  %c60 = tg.const 60 : index
  %6 = tg.floordiv %5, %c60 : index
  // expected-remark@+1 {{result #0 in [0, 8]}}
  return %6 : index
}
module @expected {
  func.func @test_div_nest_by_factor_with_const_4(%a: index, %b: index, %c: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.mul %a, %c2 : index
    %1 = tg.add %b, %c : index
    %c8 = tg.const 8 : index
    %2 = tg.mul %a, %c8 : index
    %3 = tg.add %1, %2 : index
    %c11 = tg.const 11 : index
    %4 = tg.add %3, %c11 : index
    %c12 = tg.const 12 : index
    %5 = tg.floordiv %4, %c12 : index
    %6 = tg.add %0, %5 : index
    return %6 : index
  }
}

// -----

// tinygrad: (x//8)*8 + x%8 -> "(lidx0+gidx0*4)" in [0, 63]
func.func @test_div_mod_recombine_after_nesting_0(%gidx0: index {tg.range = array<i64: 0, 15>}, %lidx0: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %gidx0, %c4 : index
  %1 = tg.add %0, %lidx0 : index
  %c8 = tg.const 8 : index
  %2 = tg.floordiv %1, %c8 : index
  %3 = tg.mul %2, %c8 : index
  %4 = tg.floormod %1, %c8 : index
  %5 = tg.add %3, %4 : index
  // expected-remark@+1 {{result #0 in [0, 63]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_after_nesting_0(%gidx0: index, %lidx0: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %gidx0, %c4 : index
    %1 = tg.add %lidx0, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x//8)*16 + (x%8)*2 -> "(gidx0*8+lidx0*2)" in [0, 126]
// note: tinygrad literally returns "(lidx0*2+gidx0*8)"; its test compares modulo the order of commutative index operands
func.func @test_div_mod_recombine_after_nesting_1(%gidx0: index {tg.range = array<i64: 0, 15>}, %lidx0: index {tg.range = array<i64: 0, 3>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %gidx0, %c4 : index
  %1 = tg.add %0, %lidx0 : index
  %c8 = tg.const 8 : index
  %2 = tg.floordiv %1, %c8 : index
  %c16 = tg.const 16 : index
  %3 = tg.mul %2, %c16 : index
  %4 = tg.floormod %1, %c8 : index
  %c2 = tg.const 2 : index
  %5 = tg.mul %4, %c2 : index
  %6 = tg.add %3, %5 : index
  // expected-remark@+1 {{result #0 in [0, 126]}}
  return %6 : index
}
module @expected {
  func.func @test_div_mod_recombine_after_nesting_1(%gidx0: index, %lidx0: index) -> index {
    %c8 = tg.const 8 : index
    %0 = tg.mul %gidx0, %c8 : index
    %c2 = tg.const 2 : index
    %1 = tg.mul %lidx0, %c2 : index
    %2 = tg.add %0, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (y//12)*12 + y%12 -> "(b+a*6)" in [0, 43]
func.func @test_div_mod_recombine_after_nesting_2(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 1>}) -> index {
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c6 : index
  %1 = tg.add %0, %b : index
  %c12 = tg.const 12 : index
  %2 = tg.floordiv %1, %c12 : index
  %3 = tg.mul %2, %c12 : index
  %4 = tg.floormod %1, %c12 : index
  %5 = tg.add %3, %4 : index
  // expected-remark@+1 {{result #0 in [0, 43]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_after_nesting_2(%a: index, %b: index) -> index {
    %c6 = tg.const 6 : index
    %0 = tg.mul %a, %c6 : index
    %1 = tg.add %b, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x//10)*10 + x%10 -> "(a*10+(a+b//5)//2*10+(b+a*5)%10)" in [0, 119]
func.func @test_div_mod_recombine_after_asymmetric_fold_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 14>}) -> index {
  %c15 = tg.const 15 : index
  %0 = tg.mul %a, %c15 : index
  %1 = tg.add %0, %b : index
  %c10 = tg.const 10 : index
  %2 = tg.floordiv %1, %c10 : index
  %3 = tg.mul %2, %c10 : index
  %4 = tg.floormod %1, %c10 : index
  %5 = tg.add %3, %4 : index
  // expected-remark@+1 {{result #0 in [0, 119]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_after_asymmetric_fold_0(%a: index, %b: index) -> index {
    %c10 = tg.const 10 : index
    %0 = tg.mul %a, %c10 : index
    %c5 = tg.const 5 : index
    %1 = tg.floordiv %b, %c5 : index
    %2 = tg.add %a, %1 : index
    %c2 = tg.const 2 : index
    %3 = tg.floordiv %2, %c2 : index
    %4 = tg.mul %3, %c10 : index
    %5 = tg.add %0, %4 : index
    %6 = tg.mul %a, %c5 : index
    %7 = tg.add %b, %6 : index
    %8 = tg.floormod %7, %c10 : index
    %9 = tg.add %5, %8 : index
    return %9 : index
  }
}

// -----

// tinygrad: (x//10)*2 + (x//5)%2 -> "(a*3+b//5)" in [0, 23]
func.func @test_div_mod_recombine_after_asymmetric_fold_1(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 14>}) -> index {
  %c15 = tg.const 15 : index
  %0 = tg.mul %a, %c15 : index
  %1 = tg.add %0, %b : index
  %c10 = tg.const 10 : index
  %2 = tg.floordiv %1, %c10 : index
  %c2 = tg.const 2 : index
  %3 = tg.mul %2, %c2 : index
  %c5 = tg.const 5 : index
  %4 = tg.floordiv %1, %c5 : index
  %5 = tg.floormod %4, %c2 : index
  %6 = tg.add %3, %5 : index
  // expected-remark@+1 {{result #0 in [0, 23]}}
  return %6 : index
}
module @expected {
  func.func @test_div_mod_recombine_after_asymmetric_fold_1(%a: index, %b: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %c5 = tg.const 5 : index
    %1 = tg.floordiv %b, %c5 : index
    %2 = tg.add %0, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: ((x//3)%4)*2 + ((x//12)%5)*8 -> "x//3%20*2" in [0, 38]
func.func @test_div_mod_recombine_merged_quotient_0(%x: index {tg.range = array<i64: 0, 199>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.floordiv %x, %c3 : index
  %c4 = tg.const 4 : index
  %1 = tg.floormod %0, %c4 : index
  %c2 = tg.const 2 : index
  %2 = tg.mul %1, %c2 : index
  %c12 = tg.const 12 : index
  %3 = tg.floordiv %x, %c12 : index
  %c5 = tg.const 5 : index
  %4 = tg.floormod %3, %c5 : index
  %c8 = tg.const 8 : index
  %5 = tg.mul %4, %c8 : index
  %6 = tg.add %2, %5 : index
  // expected-remark@+1 {{result #0 in [0, 38]}}
  return %6 : index
}
module @expected {
  func.func @test_div_mod_recombine_merged_quotient_0(%x: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.floordiv %x, %c3 : index
    %c20 = tg.const 20 : index
    %1 = tg.floormod %0, %c20 : index
    %c2 = tg.const 2 : index
    %2 = tg.mul %1, %c2 : index
    return %2 : index
  }
}

// -----

// tinygrad: ((x//3 + 1)%4) + ((x+3)//12)*4 -> "x//3+1" in [1, 67]
func.func @test_div_mod_recombine_merged_quotient_1(%x: index {tg.range = array<i64: 0, 199>}) -> index {
  %c3 = tg.const 3 : index
  %0 = tg.floordiv %x, %c3 : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  %3 = tg.add %x, %c3 : index
  %c12 = tg.const 12 : index
  %4 = tg.floordiv %3, %c12 : index
  %5 = tg.mul %4, %c4 : index
  %6 = tg.add %2, %5 : index
  // expected-remark@+1 {{result #0 in [1, 67]}}
  return %6 : index
}
module @expected {
  func.func @test_div_mod_recombine_merged_quotient_1(%x: index) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.floordiv %x, %c3 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: x%(-3) + ((x//(-3))%5)*(-3) -> "x%-15" in [-14, 0]
func.func @test_div_mod_recombine_negative_div_0(%x: index {tg.range = array<i64: 0, 199>}) -> index {
  %cm3 = tg.const -3 : index
  %0 = tg.floormod %x, %cm3 : index
  %1 = tg.floordiv %x, %cm3 : index
  %c5 = tg.const 5 : index
  %2 = tg.floormod %1, %c5 : index
  %3 = tg.mul %2, %cm3 : index
  %4 = tg.add %0, %3 : index
  // expected-remark@+1 {{result #0 in [-14, 0]}}
  return %4 : index
}
module @expected {
  func.func @test_div_mod_recombine_negative_div_0(%x: index) -> index {
    %cm15 = tg.const -15 : index
    %0 = tg.floormod %x, %cm15 : index
    return %0 : index
  }
}

// -----

// tinygrad: (x-50)%3 + ((x-50)//3)*3 -> "(x+-50)" in [-50, 50]
func.func @test_div_mod_recombine_shifted_quotient_0(%x: index {tg.range = array<i64: 0, 100>}) -> index {
  %c50 = tg.const 50 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c50, %cm1 : index
  %1 = tg.add %x, %0 : index
  %c3 = tg.const 3 : index
  %2 = tg.floormod %1, %c3 : index
  %3 = tg.floordiv %1, %c3 : index
  %4 = tg.mul %3, %c3 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [-50, 50]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_shifted_quotient_0(%x: index) -> index {
    %cm50 = tg.const -50 : index
    %0 = tg.add %x, %cm50 : index
    return %0 : index
  }
}

// -----

// tinygrad: (x-50)%3 + (((x-50)//3)%5)*3 -> "((x+10)%15)" in [0, 14]
func.func @test_div_mod_recombine_shifted_quotient_1(%x: index {tg.range = array<i64: 0, 100>}) -> index {
  %c50 = tg.const 50 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c50, %cm1 : index
  %1 = tg.add %x, %0 : index
  %c3 = tg.const 3 : index
  %2 = tg.floormod %1, %c3 : index
  %3 = tg.floordiv %1, %c3 : index
  %c5 = tg.const 5 : index
  %4 = tg.floormod %3, %c5 : index
  %5 = tg.mul %4, %c3 : index
  %6 = tg.add %2, %5 : index
  // expected-remark@+1 {{result #0 in [0, 14]}}
  return %6 : index
}
module @expected {
  func.func @test_div_mod_recombine_shifted_quotient_1(%x: index) -> index {
    %c10 = tg.const 10 : index
    %0 = tg.add %x, %c10 : index
    %c15 = tg.const 15 : index
    %1 = tg.floormod %0, %c15 : index
    return %1 : index
  }
}

// -----

// tinygrad: ((y-50)//5)%4 + ((y-50)//20)*4 -> "(y//5+-10)" in [-10, 9]
func.func @test_div_mod_recombine_shifted_quotient_2(%y: index {tg.range = array<i64: 0, 99>}) -> index {
  %c50 = tg.const 50 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c50, %cm1 : index
  %1 = tg.add %y, %0 : index
  %c5 = tg.const 5 : index
  %2 = tg.floordiv %1, %c5 : index
  %c4 = tg.const 4 : index
  %3 = tg.floormod %2, %c4 : index
  %c20 = tg.const 20 : index
  %4 = tg.floordiv %1, %c20 : index
  %5 = tg.mul %4, %c4 : index
  %6 = tg.add %3, %5 : index
  // expected-remark@+1 {{result #0 in [-10, 9]}}
  return %6 : index
}
module @expected {
  func.func @test_div_mod_recombine_shifted_quotient_2(%y: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.floordiv %y, %c5 : index
    %cm10 = tg.const -10 : index
    %1 = tg.add %0, %cm10 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x//8)*4 + y + (x//2)%4 -> "(y+x//2)" in [0, 20]
func.func @test_div_mod_recombine_in_additive_sum_0(%x: index {tg.range = array<i64: 0, 31>}, %y: index {tg.range = array<i64: 0, 5>}) -> index {
  %c8 = tg.const 8 : index
  %0 = tg.floordiv %x, %c8 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %0, %c4 : index
  %2 = tg.add %1, %y : index
  %c2 = tg.const 2 : index
  %3 = tg.floordiv %x, %c2 : index
  %4 = tg.floormod %3, %c4 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_in_additive_sum_0(%x: index, %y: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %x, %c2 : index
    %1 = tg.add %y, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: y + (x//8)*4 + (x//2)%4 -> "(y+x//2)" in [0, 20]
func.func @test_div_mod_recombine_in_additive_sum_1(%y: index {tg.range = array<i64: 0, 5>}, %x: index {tg.range = array<i64: 0, 31>}) -> index {
  %c8 = tg.const 8 : index
  %0 = tg.floordiv %x, %c8 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %0, %c4 : index
  %2 = tg.add %y, %1 : index
  %c2 = tg.const 2 : index
  %3 = tg.floordiv %x, %c2 : index
  %4 = tg.floormod %3, %c4 : index
  %5 = tg.add %2, %4 : index
  // expected-remark@+1 {{result #0 in [0, 20]}}
  return %5 : index
}
module @expected {
  func.func @test_div_mod_recombine_in_additive_sum_1(%y: index, %x: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floordiv %x, %c2 : index
    %1 = tg.add %y, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (x//2)%4*2 + x%2 -> "(x%8)" in [0, 7]
func.func @test_div_mod_recompose_low_order_remainder_0(%x: index {tg.range = array<i64: 0, 127>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.floordiv %x, %c2 : index
  %c4 = tg.const 4 : index
  %1 = tg.floormod %0, %c4 : index
  %2 = tg.mul %1, %c2 : index
  %3 = tg.floormod %x, %c2 : index
  %4 = tg.add %2, %3 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %4 : index
}
module @expected {
  func.func @test_div_mod_recompose_low_order_remainder_0(%x: index) -> index {
    %c8 = tg.const 8 : index
    %0 = tg.floormod %x, %c8 : index
    return %0 : index
  }
}

// -----

// tinygrad: src_idx = (combined//4)*4 + combined%4 -> "(r1+r0*8)" in [0, 63]
func.func @test_reshape_index_roundtrip_0(%r0: index {tg.range = array<i64: 0, 7>}, %r1: index {tg.range = array<i64: 0, 7>}) -> index {
  %c8 = tg.const 8 : index
  %0 = tg.mul %r0, %c8 : index
  %1 = tg.add %0, %r1 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.mul %2, %c4 : index
  %4 = tg.floormod %1, %c4 : index
  %5 = tg.add %3, %4 : index
  // expected-remark@+1 {{result #0 in [0, 63]}}
  return %5 : index
}
module @expected {
  func.func @test_reshape_index_roundtrip_0(%r0: index, %r1: index) -> index {
    %c8 = tg.const 8 : index
    %0 = tg.mul %r0, %c8 : index
    %1 = tg.add %r1, %0 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a % -8) // 2 -> "(a%-8//2)" in [-4, 0]
func.func @test_nested_div_mod_negative_inner_divisor_0(%a: index {tg.range = array<i64: 0, 100>}) -> index {
  %cm8 = tg.const -8 : index
  %0 = tg.floormod %a, %cm8 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [-4, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_nested_div_mod_negative_inner_divisor_0(%a: index) -> index {
    %cm8 = tg.const -8 : index
    %0 = tg.floormod %a, %cm8 : index
    %c2 = tg.const 2 : index
    %1 = tg.floordiv %0, %c2 : index
    return %1 : index
  }
}

// -----

// tinygrad: (a % -8) % 2 -> "(a%2)" in [0, 1]
func.func @test_nested_div_mod_negative_inner_divisor_1(%a: index {tg.range = array<i64: 0, 100>}) -> index {
  %cm8 = tg.const -8 : index
  %0 = tg.floormod %a, %cm8 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_nested_div_mod_negative_inner_divisor_1(%a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.floormod %a, %c2 : index
    return %0 : index
  }
}

// -----

// tinygrad: ((x + (-1064)) % 512) % 4 -> "(x%4)" in [0, 3]
func.func @test_nested_mod_negative_range_0(%x: index {tg.range = array<i64: 0, 1575>}) -> index {
  %cm1064 = tg.const -1064 : index
  %0 = tg.add %x, %cm1064 : index
  %c512 = tg.const 512 : index
  %1 = tg.floormod %0, %c512 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_nested_mod_negative_range_0(%x: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floormod %x, %c4 : index
    return %0 : index
  }
}

// -----

// tinygrad: ((x + (-1064)) % 512) % 128 -> "((x+88)%128)" in [0, 127]
func.func @test_nested_mod_negative_range_1(%x: index {tg.range = array<i64: 0, 1575>}) -> index {
  %cm1064 = tg.const -1064 : index
  %0 = tg.add %x, %cm1064 : index
  %c512 = tg.const 512 : index
  %1 = tg.floormod %0, %c512 : index
  %c128 = tg.const 128 : index
  %2 = tg.floormod %1, %c128 : index
  // expected-remark@+1 {{result #0 in [0, 127]}}
  return %2 : index
}
module @expected {
  func.func @test_nested_mod_negative_range_1(%x: index) -> index {
    %c88 = tg.const 88 : index
    %0 = tg.add %x, %c88 : index
    %c128 = tg.const 128 : index
    %1 = tg.floormod %0, %c128 : index
    return %1 : index
  }
}
