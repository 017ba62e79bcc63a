// RUN: tg-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(tg-symbolic,tg-print-ranges),test-tg-match-expected)'

// Ported from tinygrad test/null/test_uop_symbolic.py, TestSymbolic, where/bool/max/cast: select folding and combining, bool logic, casts, bitcasts.
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

// tinygrad: Variable("a", 0, 20).maximum(10).maximum(11) -> "a.maximum(11)" in [11, 20]
func.func @test_max_folds_0(%a: index {tg.range = array<i64: 0, 20>}) -> index {
  %c10 = tg.const 10 : index
  %0 = tg.max %a, %c10 : index
  %c11 = tg.const 11 : index
  %1 = tg.max %0, %c11 : index
  // expected-remark@+1 {{result #0 in [11, 20]}}
  return %1 : index
}
module @expected {
  func.func @test_max_folds_0(%a: index) -> index {
    %c11 = tg.const 11 : index
    %0 = tg.max %a, %c11 : index
    return %0 : index
  }
}

// -----

// tinygrad: Variable("a", 0, 10).cast(dtypes.bool) -> "a!=0" in [0, 1]
func.func @test_cast_bool_0(%a: index {tg.range = array<i64: 0, 10>}) -> i1 {
  %0 = tg.cast %a : index to i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_cast_bool_0(%a: index) -> i1 {
    %c0 = tg.const 0 : index
    %0 = tg.cmpne %a, %c0 : index
    return %0 : i1
  }
}

// -----

// tinygrad: uand([uconst(0), Variable("a", 0, 1)]) -> "0" in [0, 0]
func.func @test_and_fold_0(%a: index {tg.range = array<i64: 0, 1>}) -> index {
  %c0 = tg.const 0 : index
  %0 = tg.mul %c0, %a : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_and_fold_0(%a: index) -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: uand([uconst(1), Variable("a", 0, 1)]) -> "a" in [0, 1]
func.func @test_and_remove_0(%a: index {tg.range = array<i64: 0, 1>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.mul %c1, %a : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_and_remove_0(%a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: c | c.logical_not() -> "True" in [True, True]
func.func @test_bool_or_not_tautology_0(%a: index {tg.range = array<i64: 0, 10>}) -> i1 {
  %c10 = tg.const 10 : index
  %0 = tg.cmplt %a, %c10 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  %2 = tg.or %0, %1 : i1
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_bool_or_not_tautology_0(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: c & c.logical_not() -> "False" in [False, False]
func.func @test_bool_and_not_contradiction_0(%a: index {tg.range = array<i64: 0, 10>}) -> i1 {
  %c10 = tg.const 10 : index
  %0 = tg.cmplt %a, %c10 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  %2 = tg.and %0, %1 : i1
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %2 : i1
}
module @expected {
  func.func @test_bool_and_not_contradiction_0(%a: index) -> i1 {
    %cfalse = tg.const false : i1
    return %cfalse : i1
  }
}

// -----

// tinygrad: idx//4 -> "(idx//4)" in [0, 6]
func.func @test_gated_load_0(%idx: index {tg.range = array<i64: 0, 24>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %idx, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %0 : index
}
module @expected {
  func.func @test_gated_load_0(%idx: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.floordiv %idx, %c4 : index
    return %0 : index
  }
}

// -----

// tinygrad: (idx<4).where(idx//4, uconst(-1)) -> "(idx<4).where((idx//4), -1)" in [-1, 6]
func.func @test_gated_load_1(%idx: index {tg.range = array<i64: 0, 24>}) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.cmplt %idx, %c4 : index
  %1 = tg.floordiv %idx, %c4 : index
  %cm1 = tg.const -1 : index
  %2 = tg.where %0, %1, %cm1 : index
  // expected-remark@+1 {{result #0 in [-1, 6]}}
  return %2 : index
}
module @expected {
  func.func @test_gated_load_1(%idx: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.cmplt %idx, %c4 : index
    %1 = tg.floordiv %idx, %c4 : index
    %cm1 = tg.const -1 : index
    %2 = tg.where %0, %1, %cm1 : index
    return %2 : index
  }
}

// -----

// tinygrad: cond.cast(dtypes.int).ne(0) -> "(a<2)" in [0, 1]
func.func @test_cast_bool_to_int_ne_const_0(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %1 = tg.cast %0 : i1 to i32
  %c0_i32 = tg.const 0 : i32
  %2 = tg.cmpne %1, %c0_i32 : i32
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_cast_bool_to_int_ne_const_0(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: cond.cast(dtypes.int).ne(1) -> "((a<2)!=True)" in [0, 1]
func.func @test_cast_bool_to_int_ne_const_1(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %1 = tg.cast %0 : i1 to i32
  %c1_i32 = tg.const 1 : i32
  %2 = tg.cmpne %1, %c1_i32 : i32
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_cast_bool_to_int_ne_const_1(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: cond.cast(dtypes.int).ne(2) -> "True" in [1, 1]
func.func @test_cast_bool_to_int_ne_const_2(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %1 = tg.cast %0 : i1 to i32
  %c2_i32 = tg.const 2 : i32
  %2 = tg.cmpne %1, %c2_i32 : i32
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_cast_bool_to_int_ne_const_2(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: cond.cast(dtypes.int).ne(-1) -> "True" in [1, 1]
func.func @test_cast_bool_to_int_ne_const_3(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %1 = tg.cast %0 : i1 to i32
  %cm1_i32 = tg.const -1 : i32
  %2 = tg.cmpne %1, %cm1_i32 : i32
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_cast_bool_to_int_ne_const_3(%a: index) -> i1 {
    %ctrue = tg.const true : i1
    return %ctrue : i1
  }
}

// -----

// tinygrad: cond.cast(dtypes.weakint).ne(0) -> "(a<2)" in [0, 1]
func.func @test_cast_bool_to_int_ne_const_4(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %1 = tg.cast %0 : i1 to index
  %c0 = tg.const 0 : index
  %2 = tg.cmpne %1, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_cast_bool_to_int_ne_const_4(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: cond.cast(dtypes.weakint).ne(1) -> "((a<2)!=True)" in [0, 1]
func.func @test_cast_bool_to_int_ne_const_5(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %1 = tg.cast %0 : i1 to index
  %c1 = tg.const 1 : index
  %2 = tg.cmpne %1, %c1 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_cast_bool_to_int_ne_const_5(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: cond = Variable("a", 0, 3) < 2 -> "(a<2)" in [0, 1]
func.func @test_where_removal_0(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %0 : i1
}
module @expected {
  func.func @test_where_removal_0(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: cond.where(u1, u0) -> "(a<2)" in [0, 1]
func.func @test_where_removal_1(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %ctrue = tg.const true : i1
  %cfalse = tg.const false : i1
  %1 = tg.where %0, %ctrue, %cfalse : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_where_removal_1(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: cond.where(u1, u0).where(u1, u0) -> "(a<2)" in [0, 1]
func.func @test_where_removal_2(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %ctrue = tg.const true : i1
  %cfalse = tg.const false : i1
  %1 = tg.where %0, %ctrue, %cfalse : i1
  %2 = tg.where %1, %ctrue, %cfalse : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_where_removal_2(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: cond.where(u0, u1) -> "((a<2)!=True)" in [0, 1]
func.func @test_where_removal_3(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %cfalse = tg.const false : i1
  %ctrue = tg.const true : i1
  %1 = tg.where %0, %cfalse, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_where_removal_3(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    %ctrue = tg.const true : i1
    %1 = tg.cmpne %0, %ctrue : i1
    return %1 : i1
  }
}

// -----

// tinygrad: cond.where(u0, u1).where(u0, u1) -> "(a<2)" in [0, 1]
func.func @test_where_removal_4(%a: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %a, %c2 : index
  %cfalse = tg.const false : i1
  %ctrue = tg.const true : i1
  %1 = tg.where %0, %cfalse, %ctrue : i1
  %2 = tg.where %1, %cfalse, %ctrue : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %2 : i1
}
module @expected {
  func.func @test_where_removal_4(%a: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %a, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: (x < 0).where(0, x) -> "x.maximum(0)" in [0, 10]
func.func @test_equivalent_const_max_0(%x: index {tg.range = array<i64: -10, 10>}) -> index {
  %c0 = tg.const 0 : index
  %0 = tg.cmplt %x, %c0 : index
  %1 = tg.where %0, %c0, %x : index
  // expected-remark@+1 {{result #0 in [0, 10]}}
  return %1 : index
}
module @expected {
  func.func @test_equivalent_const_max_0(%x: index) -> index {
    %c0 = tg.const 0 : index
    %0 = tg.max %x, %c0 : index
    return %0 : index
  }
}

// -----

// tinygrad: (0 < x).where(x, 0) -> "x.maximum(0)" in [0, 10]
func.func @test_equivalent_const_max_1(%x: index {tg.range = array<i64: -10, 10>}) -> index {
  %c0 = tg.const 0 : index
  %0 = tg.cmplt %c0, %x : index
  %1 = tg.where %0, %x, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 10]}}
  return %1 : index
}
module @expected {
  func.func @test_equivalent_const_max_1(%x: index) -> index {
    %c0 = tg.const 0 : index
    %0 = tg.max %x, %c0 : index
    return %0 : index
  }
}

// -----

// tinygrad: aa = cond.where(a, a.ufix(0)) -> "(x<2).where(a, 0)" in [0, 3]
func.func @test_where_combine_0(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c0 = tg.const 0 : index
  %1 = tg.where %0, %a, %c0 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_where_combine_0(%x: index, %a: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %c0 = tg.const 0 : index
    %1 = tg.where %0, %a, %c0 : index
    return %1 : index
  }
}

// -----

// tinygrad: bb = cond.where(b, b.ufix(1)) -> "(x<2).where(b, 1)" in [0, 3]
func.func @test_where_combine_1(%x: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c1 = tg.const 1 : index
  %1 = tg.where %0, %b, %c1 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_where_combine_1(%x: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %c1 = tg.const 1 : index
    %1 = tg.where %0, %b, %c1 : index
    return %1 : index
  }
}

// -----

// tinygrad: aa+bb -> "(x<2).where((a+b), 1)" in [0, 6]
func.func @test_where_combine_2(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c0 = tg.const 0 : index
  %1 = tg.where %0, %a, %c0 : index
  %c1 = tg.const 1 : index
  %2 = tg.where %0, %b, %c1 : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %3 : index
}
module @expected {
  func.func @test_where_combine_2(%x: index, %a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.add %a, %b : index
    %c1 = tg.const 1 : index
    %2 = tg.where %0, %1, %c1 : index
    return %2 : index
  }
}

// -----

// tinygrad: aa.maximum(bb) -> "(x<2).where(a.maximum(b), 1)" in [0, 3]
func.func @test_where_combine_3(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c0 = tg.const 0 : index
  %1 = tg.where %0, %a, %c0 : index
  %c1 = tg.const 1 : index
  %2 = tg.where %0, %b, %c1 : index
  %3 = tg.max %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_where_combine_3(%x: index, %a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.max %a, %b : index
    %c1 = tg.const 1 : index
    %2 = tg.where %0, %1, %c1 : index
    return %2 : index
  }
}

// -----

// tinygrad: (c+aa)+bb -> "(c+(x<2).where((a+b), 1))" in [0, 9]
func.func @test_where_combine_4(%c: index {tg.range = array<i64: 0, 3>}, %x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c0 = tg.const 0 : index
  %1 = tg.where %0, %a, %c0 : index
  %2 = tg.add %c, %1 : index
  %c1 = tg.const 1 : index
  %3 = tg.where %0, %b, %c1 : index
  %4 = tg.add %2, %3 : index
  // expected-remark@+1 {{result #0 in [0, 9]}}
  return %4 : index
}
module @expected {
  func.func @test_where_combine_4(%c: index, %x: index, %a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.add %a, %b : index
    %c1 = tg.const 1 : index
    %2 = tg.where %0, %1, %c1 : index
    %3 = tg.add %c, %2 : index
    return %3 : index
  }
}

// -----

// tinygrad: bb+cc -> "((x<2).where(b, 1)+(x<2).where(c, (c+1)))" in [0, 7]
func.func @test_where_combine_5(%x: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}, %c: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c1 = tg.const 1 : index
  %1 = tg.where %0, %b, %c1 : index
  %2 = tg.add %c, %c1 : index
  %3 = tg.where %0, %c, %2 : index
  %4 = tg.add %1, %3 : index
  // expected-remark@+1 {{result #0 in [0, 7]}}
  return %4 : index
}
module @expected {
  func.func @test_where_combine_5(%x: index, %b: index, %c: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %c1 = tg.const 1 : index
    %1 = tg.where %0, %b, %c1 : index
    %2 = tg.add %c, %c1 : index
    %3 = tg.where %0, %c, %2 : index
    %4 = tg.add %1, %3 : index
    return %4 : index
  }
}

// -----

// tinygrad: ab+ba -> "((x<2).where(a, b)+(x<2).where(b, a))" in [0, 6]
func.func @test_where_combine_6(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %1 = tg.where %0, %a, %b : index
  %2 = tg.where %0, %b, %a : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %3 : index
}
module @expected {
  func.func @test_where_combine_6(%x: index, %a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.where %0, %a, %b : index
    %2 = tg.where %0, %b, %a : index
    %3 = tg.add %1, %2 : index
    return %3 : index
  }
}

// -----

// tinygrad: aa+ab -> "((x<2).where(a, b)+(x<2).where(a, 0))" in [0, 6]
func.func @test_where_combine_7(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c0 = tg.const 0 : index
  %1 = tg.where %0, %a, %c0 : index
  %2 = tg.where %0, %a, %b : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %3 : index
}
module @expected {
  func.func @test_where_combine_7(%x: index, %a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.where %0, %a, %b : index
    %c0 = tg.const 0 : index
    %2 = tg.where %0, %a, %c0 : index
    %3 = tg.add %1, %2 : index
    return %3 : index
  }
}

// -----

// tinygrad: cond.where(a, a.ufix(0)) + cond.where(b.ufix(0), b) -> "(x<2).where(a, b)" in [0, 3]
func.func @test_where_combine_cross_zero_0(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c0 = tg.const 0 : index
  %1 = tg.where %0, %a, %c0 : index
  %2 = tg.where %0, %c0, %b : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_where_combine_cross_zero_0(%x: index, %a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.where %0, %a, %b : index
    return %1 : index
  }
}

// -----

// tinygrad: cond.where(a, a.ufix(0)) + cond.where(a.ufix(0), a) -> "a" in [0, 3]
func.func @test_where_combine_cross_zero_1(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %c0 = tg.const 0 : index
  %1 = tg.where %0, %a, %c0 : index
  %2 = tg.where %0, %c0, %a : index
  %3 = tg.add %1, %2 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_where_combine_cross_zero_1(%x: index, %a: index) -> index {
    return %a : index
  }
}

// -----

// tinygrad: m1.where(a, m2.where(a, b)) -> "((x<2)|(y<2)).where(a, b)" in [0, 3]
func.func @test_where_or_dual_0(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %y: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %1 = tg.cmplt %y, %c2 : index
  %2 = tg.where %1, %a, %b : index
  %3 = tg.where %0, %a, %2 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_where_or_dual_0(%x: index, %a: index, %y: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.cmplt %y, %c2 : index
    %2 = tg.or %0, %1 : i1
    %3 = tg.where %2, %a, %b : index
    return %3 : index
  }
}

// -----

// tinygrad: cond.ne(False) -> "(x<2)" in [0, 1]
func.func @test_bool_ne_false_0(%x: index {tg.range = array<i64: 0, 3>}) -> i1 {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %cfalse = tg.const false : i1
  %1 = tg.cmpne %0, %cfalse : i1
  // expected-remark@+1 {{result #0 in [0, 1]}}
  return %1 : i1
}
module @expected {
  func.func @test_bool_ne_false_0(%x: index) -> i1 {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    return %0 : i1
  }
}

// -----

// tinygrad: assertIs(graph_rewrite(a.bitcast(dtypes.float32).bitcast(a.dtype), sym), a), a=Variable('a',0,3,int32) (no range checked)
func.func @test_bitcast_chain_0(%a: i32 {tg.range = array<i64: 0, 3>}) -> i32 {
  %0 = tg.bitcast %a : i32 to f32
  %1 = tg.bitcast %0 : f32 to i32
  // expected-remark-re@+1 {{result #0 in {{.*}}}}
  return %1 : i32
}
module @expected {
  func.func @test_bitcast_chain_0(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// tinygrad: w = cond.logical_not().where(a, b) -> "(x<2).where(b, a)" in [0, 3]
func.func @test_negation_in_where_0(%x: index {tg.range = array<i64: 0, 3>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c2 = tg.const 2 : index
  %0 = tg.cmplt %x, %c2 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  %2 = tg.where %1, %a, %b : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_negation_in_where_0(%x: index, %a: index, %b: index) -> index {
    %c2 = tg.const 2 : index
    %0 = tg.cmplt %x, %c2 : index
    %1 = tg.where %0, %b, %a : index
    return %1 : index
  }
}

// -----

// tinygrad: cond.where(a, a+1).cast(dtypes.half) -> cond.where(a.cast(half), (a+1).cast(half)), cond=Variable('s',0,3,int)<2, a=Variable('a',0,3,int) (no range checked)
func.func @test_where_cast_0(%s: i32 {tg.range = array<i64: 0, 3>}, %a: i32 {tg.range = array<i64: 0, 3>}) -> f16 {
  %c2_i32 = tg.const 2 : i32
  %0 = tg.cmplt %s, %c2_i32 : i32
  %c1_i32 = tg.const 1 : i32
  %1 = tg.add %a, %c1_i32 : i32
  %2 = tg.where %0, %a, %1 : i32
  %3 = tg.cast %2 : i32 to f16
  return %3 : f16
}
module @expected {
  func.func @test_where_cast_0(%s: i32, %a: i32) -> f16 {
    %c2_i32 = tg.const 2 : i32
    %0 = tg.cmplt %s, %c2_i32 : i32
    %1 = tg.cast %a : i32 to f16
    %c1_i32 = tg.const 1 : i32
    %2 = tg.add %a, %c1_i32 : i32
    %3 = tg.cast %2 : i32 to f16
    %4 = tg.where %0, %1, %3 : f16
    return %4 : f16
  }
}

// -----

// tinygrad: cond.where(a, uconst(2)).cast(dtypes.half) -> cond.where(a.cast(half), UOp.const(2, half)) (no range checked)
func.func @test_where_cast_1(%s: i32 {tg.range = array<i64: 0, 3>}, %a: i32 {tg.range = array<i64: 0, 3>}) -> f16 {
  %c2_i32 = tg.const 2 : i32
  %0 = tg.cmplt %s, %c2_i32 : i32
  %1 = tg.where %0, %a, %c2_i32 : i32
  %2 = tg.cast %1 : i32 to f16
  return %2 : f16
}
module @expected {
  func.func @test_where_cast_1(%s: i32, %a: i32) -> f16 {
    %c2_i32 = tg.const 2 : i32
    %0 = tg.cmplt %s, %c2_i32 : i32
    %1 = tg.cast %a : i32 to f16
    %c2_0_f16 = tg.const 2.000000e+00 : f16
    %2 = tg.where %0, %1, %c2_0_f16 : f16
    return %2 : f16
  }
}

// -----

// tinygrad: UOp.const(True).where(uconst(0.0), a) -> UOp.const(0.0, half), a=Variable('a',0,3,half) (no range checked)
func.func @test_where_const_gate_keeps_stated_width_0(%a: f16) -> f16 {
  %ctrue = tg.const true : i1
  %c0_0_f16 = tg.const 0.000000e+00 : f16
  %0 = tg.where %ctrue, %c0_0_f16, %a : f16
  return %0 : f16
}
module @expected {
  func.func @test_where_const_gate_keeps_stated_width_0(%a: f16) -> f16 {
    %c0_0_f16 = tg.const 0.000000e+00 : f16
    return %c0_0_f16 : f16
  }
}

// -----

// tinygrad: UOp.const(True).where(uconst(0), Variable('i',0,3,int)) -> UOp.const(0, int) (no range checked)
func.func @test_where_const_gate_keeps_stated_width_1(%i: i32 {tg.range = array<i64: 0, 3>}) -> i32 {
  %ctrue = tg.const true : i1
  %c0_i32 = tg.const 0 : i32
  %0 = tg.where %ctrue, %c0_i32, %i : i32
  // expected-remark-re@+1 {{result #0 in {{.*}}}}
  return %0 : i32
}
module @expected {
  func.func @test_where_const_gate_keeps_stated_width_1(%i: i32) -> i32 {
    %c0_i32 = tg.const 0 : i32
    return %c0_i32 : i32
  }
}

// -----

// tinygrad: UOp.const(False).where(uconst(0.0), a) -> a, a=Variable('a',0,3,half) (no range checked)
func.func @test_where_const_gate_keeps_stated_width_2(%a: f16) -> f16 {
  %cfalse = tg.const false : i1
  %c0_0_f16 = tg.const 0.000000e+00 : f16
  %0 = tg.where %cfalse, %c0_0_f16, %a : f16
  return %0 : f16
}
module @expected {
  func.func @test_where_const_gate_keeps_stated_width_2(%a: f16) -> f16 {
    return %a : f16
  }
}

// -----

// tinygrad: UOp.const(True).where(uconst(0.0), uconst(1)) -> uconst(0.0) (weakfloat; f32 here) (no range checked)
func.func @test_where_const_gate_keeps_stated_width_4() -> f32 {
  %ctrue = tg.const true : i1
  %c0_0_f32 = tg.const 0.000000e+00 : f32
  %c1_0_f32 = tg.const 1.000000e+00 : f32
  %0 = tg.where %ctrue, %c0_0_f32, %c1_0_f32 : f32
  return %0 : f32
}
module @expected {
  func.func @test_where_const_gate_keeps_stated_width_4() -> f32 {
    %c0_0_f32 = tg.const 0.000000e+00 : f32
    return %c0_0_f32 : f32
  }
}

// -----

// tinygrad: expr = cond1.where(cond2.where(a, b), b) -> "((s<6)&(2<s)).where(a, b)" in [0, 3]
func.func @test_where_merge_branches_0(%s: index {tg.range = array<i64: 0, 10>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c6 = tg.const 6 : index
  %0 = tg.cmplt %s, %c6 : index
  %c2 = tg.const 2 : index
  %1 = tg.cmplt %c2, %s : index
  %2 = tg.where %1, %a, %b : index
  %3 = tg.where %0, %2, %b : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_where_merge_branches_0(%s: index, %a: index, %b: index) -> index {
    %c6 = tg.const 6 : index
    %0 = tg.cmplt %s, %c6 : index
    %c2 = tg.const 2 : index
    %1 = tg.cmplt %c2, %s : index
    %2 = tg.and %0, %1 : i1
    %3 = tg.where %2, %a, %b : index
    return %3 : index
  }
}

// -----

// tinygrad: expr = cond1.where(cond2.where(a, b), b) -> "(s<5).where(a, b)" in [0, 3]
func.func @test_where_merge_branches2_0(%s: index {tg.range = array<i64: 0, 10>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.cmplt %s, %c5 : index
  %c6 = tg.const 6 : index
  %1 = tg.cmplt %s, %c6 : index
  %2 = tg.where %1, %a, %b : index
  %3 = tg.where %0, %2, %b : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_where_merge_branches2_0(%s: index, %a: index, %b: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.cmplt %s, %c5 : index
    %1 = tg.where %0, %a, %b : index
    return %1 : index
  }
}

// -----

// tinygrad: outer = cond.where(inner * 2, inner + 1) -> "(x<5).where((x*-2), (x+1))" in [-20, 11]
func.func @test_where_closure_folding_0(%x: index {tg.range = array<i64: 0, 10>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.cmplt %x, %c5 : index
  %cm1 = tg.const -1 : index
  %1 = tg.mul %x, %cm1 : index
  %2 = tg.where %0, %1, %x : index
  %c2 = tg.const 2 : index
  %3 = tg.mul %2, %c2 : index
  %c1 = tg.const 1 : index
  %4 = tg.add %2, %c1 : index
  %5 = tg.where %0, %3, %4 : index
  // expected-remark@+1 {{result #0 in [-20, 11]}}
  return %5 : index
}
module @expected {
  func.func @test_where_closure_folding_0(%x: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.cmplt %x, %c5 : index
    %cm2 = tg.const -2 : index
    %1 = tg.mul %x, %cm2 : index
    %c1 = tg.const 1 : index
    %2 = tg.add %x, %c1 : index
    %3 = tg.where %0, %1, %2 : index
    return %3 : index
  }
}

// -----

// tinygrad: cond.where(w2*3, w2+7) -> "(x<5).where((x*-6), (x+8))" in [-60, 18]
func.func @test_where_closure_folding_deep_0(%x: index {tg.range = array<i64: 0, 10>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.cmplt %x, %c5 : index
  %cm1 = tg.const -1 : index
  %1 = tg.mul %x, %cm1 : index
  %2 = tg.where %0, %1, %x : index
  %c2 = tg.const 2 : index
  %3 = tg.mul %2, %c2 : index
  %c1 = tg.const 1 : index
  %4 = tg.add %2, %c1 : index
  %5 = tg.where %0, %3, %4 : index
  %c3 = tg.const 3 : index
  %6 = tg.mul %5, %c3 : index
  %c7 = tg.const 7 : index
  %7 = tg.add %5, %c7 : index
  %8 = tg.where %0, %6, %7 : index
  // expected-remark@+1 {{result #0 in [-60, 18]}}
  return %8 : index
}
module @expected {
  func.func @test_where_closure_folding_deep_0(%x: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.cmplt %x, %c5 : index
    %cm6 = tg.const -6 : index
    %1 = tg.mul %x, %cm6 : index
    %c8 = tg.const 8 : index
    %2 = tg.add %x, %c8 : index
    %3 = tg.where %0, %1, %2 : index
    return %3 : index
  }
}

// -----

// tinygrad: expr = (x<5).where((x<7).where(a, b), (x<7).where(b, a)) -> "(x<5).where((x<7).where(a, b), (x<7).where(b, a))" in [0, 3]
func.func @test_where_closure_folding_different_cond_0(%x: index {tg.range = array<i64: 0, 10>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.cmplt %x, %c5 : index
  %c7 = tg.const 7 : index
  %1 = tg.cmplt %x, %c7 : index
  %2 = tg.where %1, %a, %b : index
  %3 = tg.where %1, %b, %a : index
  %4 = tg.where %0, %2, %3 : index
  // expected-remark@+1 {{result #0 in [0, 3]}}
  return %4 : index
}
module @expected {
  func.func @test_where_closure_folding_different_cond_0(%x: index, %a: index, %b: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.cmplt %x, %c5 : index
    %c7 = tg.const 7 : index
    %1 = tg.cmplt %x, %c7 : index
    %2 = tg.where %1, %a, %b : index
    %3 = tg.where %1, %b, %a : index
    %4 = tg.where %0, %2, %3 : index
    return %4 : index
  }
}

// -----

// tinygrad: expr = (x<5).where((x<5).logical_not().where(a, b)*2, c) -> "(x<5).where((b*2), c)" in [0, 6]
func.func @test_where_closure_folding_derived_cond_0(%x: index {tg.range = array<i64: 0, 10>}, %a: index {tg.range = array<i64: 0, 3>}, %b: index {tg.range = array<i64: 0, 3>}, %c: index {tg.range = array<i64: 0, 3>}) -> index {
  %c5 = tg.const 5 : index
  %0 = tg.cmplt %x, %c5 : index
  %ctrue = tg.const true : i1
  %1 = tg.cmpne %0, %ctrue : i1
  %2 = tg.where %1, %a, %b : index
  %c2 = tg.const 2 : index
  %3 = tg.mul %2, %c2 : index
  %4 = tg.where %0, %3, %c : index
  // expected-remark@+1 {{result #0 in [0, 6]}}
  return %4 : index
}
module @expected {
  func.func @test_where_closure_folding_derived_cond_0(%x: index, %a: index, %b: index, %c: index) -> index {
    %c5 = tg.const 5 : index
    %0 = tg.cmplt %x, %c5 : index
    %c2 = tg.const 2 : index
    %1 = tg.mul %b, %c2 : index
    %2 = tg.where %0, %1, %c : index
    return %2 : index
  }
}
