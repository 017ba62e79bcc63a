// RUN: tg-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(tg-symbolic,tg-print-ranges),test-tg-match-expected)'

// Ported from tinygrad test/null/test_uop_symbolic.py, TestSymbolic, comparisons: <, >, >=, <=, != True folds and factoring of sums compared with constants.
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

// tinygrad: Variable("a", 3, 8) < 4 -> "(a<4)" in [0, 1]
func.func @test_cmp_simple_0(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.cmplt %a, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_cmp_simple_0(%a: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %a, %c4 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) >= 8 -> "((a<8)!=True)" in [0, 1]
func.func @test_cmp_simple_1(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c8 = tg.const 8 : index
  %0 = tg.cmplt %a, %c8 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_cmp_simple_1(%a: index) -> i1 {
    %c8 = tg.const 8 : index
    %0 = tg.cmplt %a, %c8 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) >= 77 -> "False" in [0, 0]
func.func @test_ge_0(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c77 = tg.const 77 : index
  %0 = tg.cmplt %a, %c77 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : i1
}
module @expected {
  func.func @test_ge_0(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) >= 9 -> "False" in [0, 0]
func.func @test_ge_1(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c9 = tg.const 9 : index
  %0 = tg.cmplt %a, %c9 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : i1
}
module @expected {
  func.func @test_ge_1(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) >= 8 -> "((a<8)!=True)" in [0, 1]
func.func @test_ge_2(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c8 = tg.const 8 : index
  %0 = tg.cmplt %a, %c8 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_ge_2(%a: index) -> i1 {
    %c8 = tg.const 8 : index
    %0 = tg.cmplt %a, %c8 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) >= 4 -> "((a<4)!=True)" in [0, 1]
func.func @test_ge_3(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.cmplt %a, %c4 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_ge_3(%a: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %a, %c4 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) >= 3 -> "True" in [1, 1]
func.func @test_ge_4(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c3 = tg.const 3 : index
  %0 = tg.cmplt %a, %c3 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_ge_4(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) >= 2 -> "True" in [1, 1]
func.func @test_ge_5(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_ge_5(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) < 77 -> "True" in [1, 1]
func.func @test_lt_0(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c77 = tg.const 77 : index
  %0 = tg.cmplt %a, %c77 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_0(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) < 9 -> "True" in [1, 1]
func.func @test_lt_1(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c9 = tg.const 9 : index
  %0 = tg.cmplt %a, %c9 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_1(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) < 8 -> "(a<8)" in [0, 1]
func.func @test_lt_2(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c8 = tg.const 8 : index
  %0 = tg.cmplt %a, %c8 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_2(%a: index) -> i1 {
    %c8 = tg.const 8 : index
    %0 = tg.cmplt %a, %c8 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) < 4 -> "(a<4)" in [0, 1]
func.func @test_lt_3(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.cmplt %a, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_3(%a: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %a, %c4 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) < 3 -> "False" in [0, 0]
func.func @test_lt_4(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c3 = tg.const 3 : index
  %0 = tg.cmplt %a, %c3 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_4(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 8) < 2 -> "False" in [0, 0]
func.func @test_lt_5(%a: index {tg.range = array<i64: 3, 8>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_5(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 4) < Variable("b", 5, 6) -> "True" in [1, 1]
func.func @test_lt_6(%a: index {tg.range = array<i64: 3, 4>}, %b: index {tg.range = array<i64: 5, 6>}) -> i1 {
  %0 = tg.cmplt %a, %b : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_6(%a: index, %b: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 5) < Variable("b", 5, 6) -> "(a<b)" in [0, 1]
func.func @test_lt_7(%a: index {tg.range = array<i64: 3, 5>}, %b: index {tg.range = array<i64: 5, 6>}) -> i1 {
  %0 = tg.cmplt %a, %b : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_7(%a: index, %b: index) -> i1 {
    %0 = tg.cmplt %a, %b : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 5, 6) < Variable("b", 3, 5) -> "False" in [0, 0]
func.func @test_lt_8(%a: index {tg.range = array<i64: 5, 6>}, %b: index {tg.range = array<i64: 3, 5>}) -> i1 {
  %0 = tg.cmplt %a, %b : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_8(%a: index, %b: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: Variable("a", 3, 4) < Variable("a", 3, 4) -> "False" in [0, 0]
func.func @test_lt_9(%a: index {tg.range = array<i64: 3, 4>}) -> i1 {
  %0 = tg.cmplt %a, %a : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_9(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: expr = (Variable("idx", 0, 511)*4 + Variable("FLOAT4_INDEX", 0, 3)) < 512 -> "(idx<128)" in [0, 1]
func.func @test_lt_divides_0(%idx: index {tg.range = array<i64: 0, 511>}, %FLOAT4_INDEX: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %idx, %c4 : index
  %1 = tg.add %0, %FLOAT4_INDEX : index
  %c512 = tg.const 512 : index
  %2 = tg.cmplt %1, %c512 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_lt_divides_0(%idx: index, %FLOAT4_INDEX: index) -> i1 {
    %c128 = tg.const 128 : index
    %0 = tg.cmplt %idx, %c128 : index
    return %0 : i1
  }
}

// -----

// tinygrad: expr = uand([(Variable("idx1", 0, 511)*4 + Variable("FLOAT4_INDEX", 0, 3)) < 512, (Variable("idx2", 0, 511)*4 + Variable("FLOAT4_INDEX", 0, 3)) < 512]) -> "((idx1<128)&(idx2<128))" in [0, 1]
func.func @test_lt_divides_and_0(%idx1: index {tg.range = array<i64: 0, 511>}, %FLOAT4_INDEX: index {tg.range = array<i64: 0, 3>}, %idx2: index {tg.range = array<i64: 0, 511>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %idx1, %c4 : index
  %1 = tg.add %0, %FLOAT4_INDEX : index
  %c512 = tg.const 512 : index
  %2 = tg.cmplt %1, %c512 : index
  %3 = tg.mul %idx2, %c4 : index
  %4 = tg.add %3, %FLOAT4_INDEX : index
  %5 = tg.cmplt %4, %c512 : index
  %6 = tg.and %2, %5 : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %6 : i1
}
module @expected {
  func.func @test_lt_divides_and_0(%idx1: index, %FLOAT4_INDEX: index, %idx2: index) -> i1 {
    %c128 = tg.const 128 : index
    %0 = tg.cmplt %idx1, %c128 : index
    %1 = tg.cmplt %idx2, %c128 : index
    %2 = tg.and %0, %1 : i1
    return %2 : i1
  }
}

// -----

// tinygrad: expr = (Variable("idx1", 0, 511)*4 + Variable("FLOAT4_INDEX", 0, 256)) < 512 -> "(((idx1*4)+FLOAT4_INDEX)<512)" in [0, 1]
// note: tinygrad literally returns "((FLOAT4_INDEX+idx1*4)<512)"; its test compares modulo the order of commutative index operands
func.func @test_lt_factors_0(%idx1: index {tg.range = array<i64: 0, 511>}, %FLOAT4_INDEX: index {tg.range = array<i64: 0, 256>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %idx1, %c4 : index
  %1 = tg.add %0, %FLOAT4_INDEX : index
  %c512 = tg.const 512 : index
  %2 = tg.cmplt %1, %c512 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_lt_factors_0(%idx1: index, %FLOAT4_INDEX: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.mul %idx1, %c4 : index
    %1 = tg.add %0, %FLOAT4_INDEX : index
    %c512 = tg.const 512 : index
    %2 = tg.cmplt %1, %c512 : index
    return %2 : i1
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7) * 4, Variable("b", 0, 3)]) < 16 -> "(a<4)" in [0, 1]
func.func @test_sum_lt_fold_0(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.add %0, %b : index
  %c16 = tg.const 16 : index
  %2 = tg.cmplt %1, %c16 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_sum_lt_fold_0(%a: index, %b: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %a, %c4 : index
    return %0 : i1
  }
}

// -----

// tinygrad: usum([Variable("a", 0, 7) * 4, Variable("b", 0, 4)]) < 16 -> "(((a*4)+b)<16)" in [0, 1]
// note: tinygrad literally returns "((b+a*4)<16)"; its test compares modulo the order of commutative index operands
func.func @test_sum_lt_fold_1(%a: index {tg.range = array<i64: 0, 7>}, %b: index {tg.range = array<i64: 0, 4>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.add %0, %b : index
  %c16 = tg.const 16 : index
  %2 = tg.cmplt %1, %c16 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_sum_lt_fold_1(%a: index, %b: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %1 = tg.add %0, %b : index
    %c16 = tg.const 16 : index
    %2 = tg.cmplt %1, %c16 : index
    return %2 : i1
  }
}

// -----

// tinygrad: usum([Variable("uidx", 0, 3), Variable("a", 0, 1529) * 12]) < (4 * 67) -> "(a<23)" in [0, 1]
func.func @test_sum_lt_fold_2(%uidx: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 1529>}) -> i1 {
  %c12 = tg.const 12 : index
  %0 = tg.mul %a, %c12 : index
  %1 = tg.add %uidx, %0 : index
  %c268 = tg.const 268 : index
  %2 = tg.cmplt %1, %c268 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_sum_lt_fold_2(%uidx: index, %a: index) -> i1 {
    %c23 = tg.const 23 : index
    %0 = tg.cmplt %a, %c23 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 5)*4 < 13 -> "(a<4)" in [0, 1]
func.func @test_mul_lt_0(%a: index {tg.range = array<i64: 0, 5>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c13 = tg.const 13 : index
  %1 = tg.cmplt %0, %c13 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_mul_lt_0(%a: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %a, %c4 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 5)*4 < 16 -> "(a<4)" in [0, 1]
func.func @test_mul_lt_1(%a: index {tg.range = array<i64: 0, 5>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c16 = tg.const 16 : index
  %1 = tg.cmplt %0, %c16 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_mul_lt_1(%a: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %a, %c4 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", -5, 5)*4 < -13 -> "(a<-3)" in [0, 1]
func.func @test_mul_lt_2(%a: index {tg.range = array<i64: -5, 5>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %cm13 = tg.const -13 : index
  %1 = tg.cmplt %0, %cm13 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_mul_lt_2(%a: index) -> i1 {
    %cm3 = tg.const -3 : index
    %0 = tg.cmplt %a, %cm3 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", -5, 5)*-4 < 13 -> "((a*-1)<4)" in [0, 1]
func.func @test_mul_lt_3(%a: index {tg.range = array<i64: -5, 5>}) -> i1 {
  %cm4 = tg.const -4 : index
  %0 = tg.mul %a, %cm4 : index
  %c13 = tg.const 13 : index
  %1 = tg.cmplt %0, %c13 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_mul_lt_3(%a: index) -> i1 {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c4 = tg.const 4 : index
    %1 = tg.cmplt %0, %c4 : index
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, c1)*c0 < c1 -> "(a<9007199254740993)" in [0, 1]
func.func @test_mul_lt_4(%a: index {tg.range = array<i64: 0, 18014398509481985>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %c18014398509481985 = tg.const 18014398509481985 : index
  %1 = tg.cmplt %0, %c18014398509481985 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_mul_lt_4(%a: index) -> i1 {
    %c9007199254740993 = tg.const 9007199254740993 : index
    %0 = tg.cmplt %a, %c9007199254740993 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, -c1)*c0 < c1 -> "((a*-1)<-9007199254740991)" in [0, 1]
func.func @test_mul_lt_5(%a: index {tg.range = array<i64: 0, 18014398509481983>}) -> i1 {
  %cm2 = tg.const -2 : index
  %0 = tg.mul %a, %cm2 : index
  %cm18014398509481983 = tg.const -18014398509481983 : index
  %1 = tg.cmplt %0, %cm18014398509481983 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_mul_lt_5(%a: index) -> i1 {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %cm9007199254740991 = tg.const -9007199254740991 : index
    %1 = tg.cmplt %0, %cm9007199254740991 : index
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 5)*(-2) < 0 -> "((a*-1)<0)" in [0, 1]
func.func @test_mul_lt_6(%a: index {tg.range = array<i64: 0, 5>}) -> i1 {
  %cm2 = tg.const -2 : index
  %0 = tg.mul %a, %cm2 : index
  %c0 = tg.const 0 : index
  %1 = tg.cmplt %0, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_mul_lt_6(%a: index) -> i1 {
    %cm1 = tg.const -1 : index
    %0 = tg.mul %a, %cm1 : index
    %c0 = tg.const 0 : index
    %1 = tg.cmplt %0, %c0 : index
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 5)*4 >= 12 -> "((a<3)!=True)" in [0, 1]
func.func @test_mul_lt_7(%a: index {tg.range = array<i64: 0, 5>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c12 = tg.const 12 : index
  %1 = tg.cmplt %0, %c12 : index
  %ctrue = tg.const true : i1
  %2 = tg.cmpne %1, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_mul_lt_7(%a: index) -> i1 {
    %c3 = tg.const 3 : index
    %0 = tg.cmplt %a, %c3 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 5)*4 >= 13 -> "((a<4)!=True)" in [0, 1]
func.func @test_mul_lt_8(%a: index {tg.range = array<i64: 0, 5>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %c13 = tg.const 13 : index
  %1 = tg.cmplt %0, %c13 : index
  %ctrue = tg.const true : i1
  %2 = tg.cmpne %1, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_mul_lt_8(%a: index) -> i1 {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %a, %c4 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 6) >= 25 -> "False" in [0, 0]
func.func @test_ge_remove_0(%a: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %c25 = tg.const 25 : index
  %0 = tg.cmplt %a, %c25 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : i1
}
module @expected {
  func.func @test_ge_remove_0(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 6) < -3 -> "False" in [0, 0]
func.func @test_lt_remove_0(%a: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %cm3 = tg.const -3 : index
  %0 = tg.cmplt %a, %cm3 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_remove_0(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 6) < 3 -> "(a<3)" in [0, 1]
func.func @test_lt_remove_1(%a: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %c3 = tg.const 3 : index
  %0 = tg.cmplt %a, %c3 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_remove_1(%a: index) -> i1 {
    %c3 = tg.const 3 : index
    %0 = tg.cmplt %a, %c3 : index
    return %0 : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 6) < 8 -> "True" in [1, 1]
func.func @test_lt_remove_2(%a: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %c8 = tg.const 8 : index
  %0 = tg.cmplt %a, %c8 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_lt_remove_2(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: Variable("a", 0, 6) + 2 < 3 -> "(a<1)" in [0, 1]
func.func @test_lt_sum_remove_0(%a: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.add %a, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.cmplt %0, %c3 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_lt_sum_remove_0(%a: index) -> i1 {
    %c1 = tg.const 1 : index
    %0 = tg.cmplt %a, %c1 : index
    return %0 : i1
  }
}

// -----

// tinygrad: (Variable("a", 0, 6)*6+Variable("b", 0, 6)*6) < 8 -> "(((a*3)+(b*3))<4)" in [0, 1]
func.func @test_lt_simple_factor_0(%a: index {tg.range = array<i64: 0, 6>}, %b: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c6 : index
  %1 = tg.mul %b, %c6 : index
  %2 = tg.add %0, %1 : index
  %c8 = tg.const 8 : index
  %3 = tg.cmplt %2, %c8 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %3 : i1
}
module @expected {
  func.func @test_lt_simple_factor_0(%a: index, %b: index) -> i1 {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %1 = tg.mul %b, %c3 : index
    %2 = tg.add %0, %1 : index
    %c4 = tg.const 4 : index
    %3 = tg.cmplt %2, %c4 : index
    return %3 : i1
  }
}

// -----

// tinygrad: (Variable("a", 0, 6)*6 + Variable("b", 0, 6)*4 + Variable("c", 0, 6)*8) < 4 -> "((((a*3)+(b*2))+(c*4))<2)" in [0, 1]
func.func @test_lt_sum_factor_rhs_partial_0(%a: index {tg.range = array<i64: 0, 6>}, %b: index {tg.range = array<i64: 0, 6>}, %c: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c6 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c8 = tg.const 8 : index
  %3 = tg.mul %c, %c8 : index
  %4 = tg.add %2, %3 : index
  %5 = tg.cmplt %4, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %5 : i1
}
module @expected {
  func.func @test_lt_sum_factor_rhs_partial_0(%a: index, %b: index, %c: index) -> i1 {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %c2 = tg.const 2 : index
    %1 = tg.mul %b, %c2 : index
    %2 = tg.add %0, %1 : index
    %c4 = tg.const 4 : index
    %3 = tg.mul %c, %c4 : index
    %4 = tg.add %2, %3 : index
    %5 = tg.cmplt %4, %c2 : index
    return %5 : i1
  }
}

// -----

// tinygrad: (Variable("a", 0, 6)*6 + Variable("b", 0, 6)*4 + Variable("c", 0, 6)*8) < 2 -> "((((a*3)+(b*2))+(c*4))<1)" in [0, 1]
func.func @test_lt_sum_factor_rhs_all_0(%a: index {tg.range = array<i64: 0, 6>}, %b: index {tg.range = array<i64: 0, 6>}, %c: index {tg.range = array<i64: 0, 6>}) -> i1 {
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c6 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c8 = tg.const 8 : index
  %3 = tg.mul %c, %c8 : index
  %4 = tg.add %2, %3 : index
  %c2 = tg.const 2 : index
  %5 = tg.cmplt %4, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %5 : i1
}
module @expected {
  func.func @test_lt_sum_factor_rhs_all_0(%a: index, %b: index, %c: index) -> i1 {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %c2 = tg.const 2 : index
    %1 = tg.mul %b, %c2 : index
    %2 = tg.add %0, %1 : index
    %c4 = tg.const 4 : index
    %3 = tg.mul %c, %c4 : index
    %4 = tg.add %2, %3 : index
    %c1 = tg.const 1 : index
    %5 = tg.cmplt %4, %c1 : index
    return %5 : i1
  }
}

// -----

// tinygrad: idx//4<3 -> "(idx<12)" in [0, 1]
func.func @test_floordiv_lt_0(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %idx, %c4 : index
  %c3 = tg.const 3 : index
  %1 = tg.cmplt %0, %c3 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_floordiv_lt_0(%idx: index) -> i1 {
    %c12 = tg.const 12 : index
    %0 = tg.cmplt %idx, %c12 : index
    return %0 : i1
  }
}

// -----

// tinygrad: (idx-20)//4<-3 -> "(idx<8)" in [0, 1]
func.func @test_floordiv_lt_1(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %c20 = tg.const 20 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c20, %cm1 : index
  %1 = tg.add %idx, %0 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %cm3 = tg.const -3 : index
  %3 = tg.cmplt %2, %cm3 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %3 : i1
}
module @expected {
  func.func @test_floordiv_lt_1(%idx: index) -> i1 {
    %c8 = tg.const 8 : index
    %0 = tg.cmplt %idx, %c8 : index
    return %0 : i1
  }
}

// -----

// tinygrad: (idx-10)//4<0 -> "(idx<10)" in [0, 1]
func.func @test_floordiv_lt_2(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %c10 = tg.const 10 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c10, %cm1 : index
  %1 = tg.add %idx, %0 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %c0 = tg.const 0 : index
  %3 = tg.cmplt %2, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %3 : i1
}
module @expected {
  func.func @test_floordiv_lt_2(%idx: index) -> i1 {
    %c10 = tg.const 10 : index
    %0 = tg.cmplt %idx, %c10 : index
    return %0 : i1
  }
}

// -----

// tinygrad: idx//-4<-3 -> "(12<idx)" in [0, 1]
func.func @test_floordiv_lt_3(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %cm4 = tg.const -4 : index
  %0 = tg.floordiv %idx, %cm4 : index
  %cm3 = tg.const -3 : index
  %1 = tg.cmplt %0, %cm3 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_floordiv_lt_3(%idx: index) -> i1 {
    %c12 = tg.const 12 : index
    %0 = tg.cmplt %c12, %idx : index
    return %0 : i1
  }
}

// -----

// tinygrad: idx//-4<-5 -> "(20<idx)" in [0, 1]
func.func @test_floordiv_lt_4(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %cm4 = tg.const -4 : index
  %0 = tg.floordiv %idx, %cm4 : index
  %cm5 = tg.const -5 : index
  %1 = tg.cmplt %0, %cm5 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_floordiv_lt_4(%idx: index) -> i1 {
    %c20 = tg.const 20 : index
    %0 = tg.cmplt %c20, %idx : index
    return %0 : i1
  }
}

// -----

// tinygrad: idx//-4<-6 -> "False" in [0, 0]
func.func @test_floordiv_lt_5(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %cm4 = tg.const -4 : index
  %0 = tg.floordiv %idx, %cm4 : index
  %cm6 = tg.const -6 : index
  %1 = tg.cmplt %0, %cm6 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : i1
}
module @expected {
  func.func @test_floordiv_lt_5(%idx: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: (idx-10)//-4<0 -> "(8<(idx+-2))" in [0, 1]
func.func @test_floordiv_lt_6(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %c10 = tg.const 10 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c10, %cm1 : index
  %1 = tg.add %idx, %0 : index
  %cm4 = tg.const -4 : index
  %2 = tg.floordiv %1, %cm4 : index
  %c0 = tg.const 0 : index
  %3 = tg.cmplt %2, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %3 : i1
}
module @expected {
  func.func @test_floordiv_lt_6(%idx: index) -> i1 {
    %c8 = tg.const 8 : index
    %cm2 = tg.const -2 : index
    %0 = tg.add %idx, %cm2 : index
    %1 = tg.cmplt %c8, %0 : index
    return %1 : i1
  }
}

// -----

// tinygrad: (idx-20)//-4<2 -> "(12<idx)" in [0, 1]
func.func @test_floordiv_lt_7(%idx: index {tg.range = array<i64: 0, 24>}) -> i1 {
  %c20 = tg.const 20 : index
  %cm1 = tg.const -1 : index
  %0 = tg.mul %c20, %cm1 : index
  %1 = tg.add %idx, %0 : index
  %cm4 = tg.const -4 : index
  %2 = tg.floordiv %1, %cm4 : index
  %c2 = tg.const 2 : index
  %3 = tg.cmplt %2, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %3 : i1
}
module @expected {
  func.func @test_floordiv_lt_7(%idx: index) -> i1 {
    %c12 = tg.const 12 : index
    %0 = tg.cmplt %c12, %idx : index
    return %0 : i1
  }
}

// -----

// tinygrad: idx//4 < 0 -> "(idx<0)" in [0, 1]
func.func @test_floordiv_lt_negative_c_0(%idx: index {tg.range = array<i64: -20, 20>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %idx, %c4 : index
  %c0 = tg.const 0 : index
  %1 = tg.cmplt %0, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_floordiv_lt_negative_c_0(%idx: index) -> i1 {
    %c0 = tg.const 0 : index
    %0 = tg.cmplt %idx, %c0 : index
    return %0 : i1
  }
}

// -----

// tinygrad: idx//4 < -1 -> "(idx<-4)" in [0, 1]
func.func @test_floordiv_lt_negative_c_1(%idx: index {tg.range = array<i64: -20, 20>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %idx, %c4 : index
  %cm1 = tg.const -1 : index
  %1 = tg.cmplt %0, %cm1 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_floordiv_lt_negative_c_1(%idx: index) -> i1 {
    %cm4 = tg.const -4 : index
    %0 = tg.cmplt %idx, %cm4 : index
    return %0 : i1
  }
}

// -----

// tinygrad: idx//4 < -2 -> "(idx<-8)" in [0, 1]
func.func @test_floordiv_lt_negative_c_2(%idx: index {tg.range = array<i64: -20, 20>}) -> i1 {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %idx, %c4 : index
  %cm2 = tg.const -2 : index
  %1 = tg.cmplt %0, %cm2 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_floordiv_lt_negative_c_2(%idx: index) -> i1 {
    %cm8 = tg.const -8 : index
    %0 = tg.cmplt %idx, %cm8 : index
    return %0 : i1
  }
}

// -----

// tinygrad: a<2 -> "(a<2)" in [0, 1]
func.func @test_simplex_lt_0(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_simplex_lt_0(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: a<=2 -> "((2<a)!=True)" in [0, 1]
func.func @test_simplex_lt_1(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %c2, %a : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_simplex_lt_1(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %c2, %a : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: a>1 -> "(1<a)" in [0, 1]
func.func @test_simplex_lt_2(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c1 = tg.const 1 : index
  %0 = tg.cmplt %c1, %a : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_simplex_lt_2(%a: index) -> i1 {
    %c1 = tg.const 1 : index
    %0 = tg.cmplt %c1, %a : index
    return %0 : i1
  }
}

// -----

// tinygrad: a>=1 -> "((a<1)!=True)" in [0, 1]
func.func @test_simplex_lt_3(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c1 = tg.const 1 : index
  %0 = tg.cmplt %a, %c1 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_simplex_lt_3(%a: index) -> i1 {
    %c1 = tg.const 1 : index
    %0 = tg.cmplt %a, %c1 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: (a<1).ne(True) -> "((a<1)!=True)" in [0, 1]
func.func @test_simplex_lt_4(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c1 = tg.const 1 : index
  %0 = tg.cmplt %a, %c1 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_simplex_lt_4(%a: index) -> i1 {
    %c1 = tg.const 1 : index
    %0 = tg.cmplt %a, %c1 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: (a+b<1).ne(True) -> "(((a+b)<1)!=True)" in [0, 1]
func.func @test_simplex_lt_5(%a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %0 = tg.add %a, %b : index
  %c1 = tg.const 1 : index
  %1 = tg.cmplt %0, %c1 : index
  %ctrue = tg.const true : i1
  %2 = tg.cmpne %1, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_simplex_lt_5(%a: index, %b: index) -> i1 {
    %0 = tg.add %a, %b : index
    %c1 = tg.const 1 : index
    %1 = tg.cmplt %0, %c1 : index
    %ctrue = tg.const true : i1
    %2 = tg.cmpne %1, %ctrue : i1
    return %2 : i1
  }
}

// -----

// tinygrad: (a*3+b*4<1).ne(True) -> "(((a+b)<1)!=True)" in [0, 1]
func.func @test_simplex_lt_6(%a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c1 = tg.const 1 : index
  %3 = tg.cmplt %2, %c1 : index
  %ctrue = tg.const true : i1
  %4 = tg.cmpne %3, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %4 : i1
}
module @expected {
  func.func @test_simplex_lt_6(%a: index, %b: index) -> i1 {
    %0 = tg.add %a, %b : index
    %c1 = tg.const 1 : index
    %1 = tg.cmplt %0, %c1 : index
    %ctrue = tg.const true : i1
    %2 = tg.cmpne %1, %ctrue : i1
    return %2 : i1
  }
}

// -----

// tinygrad: (a*(-3)+b*4<1).ne(True) -> "((((a*-3)+(b*4))<1)!=True)" in [0, 1]
func.func @test_simplex_lt_7(%a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %cm3 = tg.const -3 : index
  %0 = tg.mul %a, %cm3 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %b, %c4 : index
  %2 = tg.add %0, %1 : index
  %c1 = tg.const 1 : index
  %3 = tg.cmplt %2, %c1 : index
  %ctrue = tg.const true : i1
  %4 = tg.cmpne %3, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %4 : i1
}
module @expected {
  func.func @test_simplex_lt_7(%a: index, %b: index) -> i1 {
    %cm3 = tg.const -3 : index
    %0 = tg.mul %a, %cm3 : index
    %c4 = tg.const 4 : index
    %1 = tg.mul %b, %c4 : index
    %2 = tg.add %0, %1 : index
    %c1 = tg.const 1 : index
    %3 = tg.cmplt %2, %c1 : index
    %ctrue = tg.const true : i1
    %4 = tg.cmpne %3, %ctrue : i1
    return %4 : i1
  }
}

// -----

// tinygrad: (a*3+d*4<1).ne(True) -> "((((a*3)+(d*4))<1)!=True)" in [0, 1]
// note: tinygrad literally returns "(((d*4+a*3)<1)!=True)"; its test compares modulo the order of commutative index operands
func.func @test_simplex_lt_8(%a: index {tg.range = array<i64: 0, 3>}, %d: index {tg.range = array<i64: -3, 3>}) -> i1 {
  %c3 = tg.const 3 : index
  %0 = tg.mul %a, %c3 : index
  %c4 = tg.const 4 : index
  %1 = tg.mul %d, %c4 : index
  %2 = tg.add %0, %1 : index
  %c1 = tg.const 1 : index
  %3 = tg.cmplt %2, %c1 : index
  %ctrue = tg.const true : i1
  %4 = tg.cmpne %3, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %4 : i1
}
module @expected {
  func.func @test_simplex_lt_8(%a: index, %d: index) -> i1 {
    %c3 = tg.const 3 : index
    %0 = tg.mul %a, %c3 : index
    %c4 = tg.const 4 : index
    %1 = tg.mul %d, %c4 : index
    %2 = tg.add %0, %1 : index
    %c1 = tg.const 1 : index
    %3 = tg.cmplt %2, %c1 : index
    %ctrue = tg.const true : i1
    %4 = tg.cmpne %3, %ctrue : i1
    return %4 : i1
  }
}

// -----

// tinygrad: (a+b+c*2<1).ne(True) -> "((((a+b)+c)<1)!=True)" in [0, 1]
// note: tinygrad literally returns "(((c+(a+b))<1)!=True)"; its test compares modulo the order of commutative index operands
func.func @test_simplex_lt_9(%a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}, %c: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %0 = tg.add %a, %b : index
  %c2 = tg.const 2 : index
  %1 = tg.mul %c, %c2 : index
  %2 = tg.add %0, %1 : index
  %c1 = tg.const 1 : index
  %3 = tg.cmplt %2, %c1 : index
  %ctrue = tg.const true : i1
  %4 = tg.cmpne %3, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %4 : i1
}
module @expected {
  func.func @test_simplex_lt_9(%a: index, %b: index, %c: index) -> i1 {
    %0 = tg.add %a, %b : index
    %1 = tg.add %0, %c : index
    %c1 = tg.const 1 : index
    %2 = tg.cmplt %1, %c1 : index
    %ctrue = tg.const true : i1
    %3 = tg.cmpne %2, %ctrue : i1
    return %3 : i1
  }
}

// -----

// tinygrad: (a+b*2+c*4<1).ne(True) -> "((((a+b)+c)<1)!=True)" in [0, 1]
// note: tinygrad literally returns "(((c+(a+b))<1)!=True)"; its test compares modulo the order of commutative index operands
func.func @test_simplex_lt_10(%a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}, %c: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.mul %b, %c2 : index
  %1 = tg.add %a, %0 : index
  %c4 = tg.const 4 : index
  %2 = tg.mul %c, %c4 : index
  %3 = tg.add %1, %2 : index
  %c1 = tg.const 1 : index
  %4 = tg.cmplt %3, %c1 : index
  %ctrue = tg.const true : i1
  %5 = tg.cmpne %4, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %5 : i1
}
module @expected {
  func.func @test_simplex_lt_10(%a: index, %b: index, %c: index) -> i1 {
    %0 = tg.add %a, %b : index
    %1 = tg.add %0, %c : index
    %c1 = tg.const 1 : index
    %2 = tg.cmplt %1, %c1 : index
    %ctrue = tg.const true : i1
    %3 = tg.cmpne %2, %ctrue : i1
    return %3 : i1
  }
}

// -----

// tinygrad: -a<-b -> "(b<a)" in [False, True]
func.func @test_neg_in_comp_0(%a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %a, %cm1 : index
  %1 = tg.mul %b, %cm1 : index
  %2 = tg.cmplt %0, %1 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_neg_in_comp_0(%a: index, %b: index) -> i1 {
    %0 = tg.cmplt %b, %a : index
    return %0 : i1
  }
}

// -----

// tinygrad: denominator = (a*-2)+1 -> "((a*-2)+1)" in [-19, -1]
func.func @test_symbolic_div_0(%a: index {tg.range = array<i64: 1, 10>}) -> index {
  %cm2 = tg.const -2 : index
  %0 = tg.mul %a, %cm2 : index
  %c1 = tg.const 1 : index
  %1 = tg.add %0, %c1 : index
  // expected-remark@+1 {{result #0 in [-19, -1]}}
  return %1 : index
}
module @expected {
  func.func @test_symbolic_div_0(%a: index) -> index {
    %cm2 = tg.const -2 : index
    %0 = tg.mul %a, %cm2 : index
    %c1 = tg.const 1 : index
    %1 = tg.add %0, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: numerator = ((((a*2)+-1)*2)+1)*a -> "(a*((a*4)+-1))" in [3, 390]
func.func @test_symbolic_div_1(%a: index {tg.range = array<i64: 1, 10>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %cm1 = tg.const -1 : index
  %1 = tg.add %0, %cm1 : index
  %2 = tg.mul %1, %c2 : index
  %c1 = tg.const 1 : index
  %3 = tg.add %2, %c1 : index
  %4 = tg.mul %3, %a : index
  // expected-remark@+1 {{result #0 in [3, 390]}}
  return %4 : index
}
module @expected {
  func.func @test_symbolic_div_1(%a: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %cm1 = tg.const -1 : index
    %1 = tg.add %0, %cm1 : index
    %2 = tg.mul %a, %1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (numerator//denominator)<=0 -> "True" in [1, 1]
func.func @test_symbolic_div_2(%a: index {tg.range = array<i64: 1, 10>}) -> i1 {
  %c0 = tg.const 0 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %a, %c2 : index
  %cm1 = tg.const -1 : index
  %1 = tg.add %0, %cm1 : index
  %2 = tg.mul %1, %c2 : index
  %c1 = tg.const 1 : index
  %3 = tg.add %2, %c1 : index
  %4 = tg.mul %3, %a : index
  %cm2 = tg.const -2 : index
  %5 = tg.mul %a, %cm2 : index
  %6 = tg.add %5, %c1 : index
  %7 = tg.floordiv %4, %6 : index
  %8 = tg.cmplt %c0, %7 : index
  %ctrue = tg.const true : i1
  %9 = tg.cmpne %8, %ctrue : i1
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %9 : i1
}
module @expected {
  func.func @test_symbolic_div_2(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}
