// RUN: tg-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(tg-symbolic,tg-print-ranges),test-tg-match-expected)'

// Ported from tinygrad test/null/test_uop_symbolic.py, TestSymbolicNumeric: every f(const i), i in [0, 10), folds to the constant f(i).
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

// tinygrad: (lambda x: (x%4))(uconst(0)) -> 0
func.func @test_mod_4_0() -> index {
  %c0 = tg.const 0 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_0() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(1)) -> 1
func.func @test_mod_4_1() -> index {
  %c1 = tg.const 1 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_1() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(2)) -> 2
func.func @test_mod_4_2() -> index {
  %c2 = tg.const 2 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c2, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_2() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(3)) -> 3
func.func @test_mod_4_3() -> index {
  %c3 = tg.const 3 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c3, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_3() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(4)) -> 0
func.func @test_mod_4_4() -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c4, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_4() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(5)) -> 1
func.func @test_mod_4_5() -> index {
  %c5 = tg.const 5 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c5, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_5() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(6)) -> 2
func.func @test_mod_4_6() -> index {
  %c6 = tg.const 6 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c6, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_6() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(7)) -> 3
func.func @test_mod_4_7() -> index {
  %c7 = tg.const 7 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c7, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_7() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(8)) -> 0
func.func @test_mod_4_8() -> index {
  %c8 = tg.const 8 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c8, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_8() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x%4))(uconst(9)) -> 1
func.func @test_mod_4_9() -> index {
  %c9 = tg.const 9 : index
  %c4 = tg.const 4 : index
  %0 = tg.floormod %c9, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_mod_4_9() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(0)) -> 0
func.func @test_div_4_0() -> index {
  %c0 = tg.const 0 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c0, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_0() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(1)) -> 0
func.func @test_div_4_1() -> index {
  %c1 = tg.const 1 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_1() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(2)) -> 0
func.func @test_div_4_2() -> index {
  %c2 = tg.const 2 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c2, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_2() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(3)) -> 0
func.func @test_div_4_3() -> index {
  %c3 = tg.const 3 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c3, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_3() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(4)) -> 1
func.func @test_div_4_4() -> index {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c4, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_4() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(5)) -> 1
func.func @test_div_4_5() -> index {
  %c5 = tg.const 5 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c5, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_5() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(6)) -> 1
func.func @test_div_4_6() -> index {
  %c6 = tg.const 6 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c6, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_6() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(7)) -> 1
func.func @test_div_4_7() -> index {
  %c7 = tg.const 7 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c7, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_7() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(8)) -> 2
func.func @test_div_4_8() -> index {
  %c8 = tg.const 8 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c8, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_8() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x//4))(uconst(9)) -> 2
func.func @test_div_4_9() -> index {
  %c9 = tg.const 9 : index
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %c9, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %0 : index
}
module @expected {
  func.func @test_div_4_9() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(0)) -> 0
func.func @test_plus_1_div_2_0() -> index {
  %c0 = tg.const 0 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c0, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_0() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(1)) -> 1
func.func @test_plus_1_div_2_1() -> index {
  %c1 = tg.const 1 : index
  %0 = tg.add %c1, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_1() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(2)) -> 1
func.func @test_plus_1_div_2_2() -> index {
  %c2 = tg.const 2 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c2, %c1 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_2() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(3)) -> 2
func.func @test_plus_1_div_2_3() -> index {
  %c3 = tg.const 3 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c3, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_3() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(4)) -> 2
func.func @test_plus_1_div_2_4() -> index {
  %c4 = tg.const 4 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c4, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_4() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(5)) -> 3
func.func @test_plus_1_div_2_5() -> index {
  %c5 = tg.const 5 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c5, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_5() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(6)) -> 3
func.func @test_plus_1_div_2_6() -> index {
  %c6 = tg.const 6 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c6, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_6() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(7)) -> 4
func.func @test_plus_1_div_2_7() -> index {
  %c7 = tg.const 7 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c7, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [4, 4]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_7() -> index {
    %c4 = tg.const 4 : index
    return %c4 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(8)) -> 4
func.func @test_plus_1_div_2_8() -> index {
  %c8 = tg.const 8 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c8, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [4, 4]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_8() -> index {
    %c4 = tg.const 4 : index
    return %c4 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)//2)(uconst(9)) -> 5
func.func @test_plus_1_div_2_9() -> index {
  %c9 = tg.const 9 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c9, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floordiv %0, %c2 : index
  // expected-remark@+1 {{result #0 in [5, 5]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_div_2_9() -> index {
    %c5 = tg.const 5 : index
    return %c5 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(0)) -> 1
func.func @test_plus_1_mod_2_0() -> index {
  %c0 = tg.const 0 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c0, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_0() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(1)) -> 0
func.func @test_plus_1_mod_2_1() -> index {
  %c1 = tg.const 1 : index
  %0 = tg.add %c1, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_1() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(2)) -> 1
func.func @test_plus_1_mod_2_2() -> index {
  %c2 = tg.const 2 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c2, %c1 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_2() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(3)) -> 0
func.func @test_plus_1_mod_2_3() -> index {
  %c3 = tg.const 3 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c3, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_3() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(4)) -> 1
func.func @test_plus_1_mod_2_4() -> index {
  %c4 = tg.const 4 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c4, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_4() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(5)) -> 0
func.func @test_plus_1_mod_2_5() -> index {
  %c5 = tg.const 5 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c5, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_5() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(6)) -> 1
func.func @test_plus_1_mod_2_6() -> index {
  %c6 = tg.const 6 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c6, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_6() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(7)) -> 0
func.func @test_plus_1_mod_2_7() -> index {
  %c7 = tg.const 7 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c7, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_7() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(8)) -> 1
func.func @test_plus_1_mod_2_8() -> index {
  %c8 = tg.const 8 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c8, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_8() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x+1)%2)(uconst(9)) -> 0
func.func @test_plus_1_mod_2_9() -> index {
  %c9 = tg.const 9 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %c9, %c1 : index
  %c2 = tg.const 2 : index
  %1 = tg.floormod %0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %1 : index
}
module @expected {
  func.func @test_plus_1_mod_2_9() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(0)) -> 0
func.func @test_times_2_0() -> index {
  %c0 = tg.const 0 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c0, %c2 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_0() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(1)) -> 2
func.func @test_times_2_1() -> index {
  %c1 = tg.const 1 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c1, %c2 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_1() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(2)) -> 4
func.func @test_times_2_2() -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %c2, %c2 : index
  // expected-remark@+1 {{result #0 in [4, 4]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_2() -> index {
    %c4 = tg.const 4 : index
    return %c4 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(3)) -> 6
func.func @test_times_2_3() -> index {
  %c3 = tg.const 3 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c3, %c2 : index
  // expected-remark@+1 {{result #0 in [6, 6]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_3() -> index {
    %c6 = tg.const 6 : index
    return %c6 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(4)) -> 8
func.func @test_times_2_4() -> index {
  %c4 = tg.const 4 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c4, %c2 : index
  // expected-remark@+1 {{result #0 in [8, 8]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_4() -> index {
    %c8 = tg.const 8 : index
    return %c8 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(5)) -> 10
func.func @test_times_2_5() -> index {
  %c5 = tg.const 5 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c5, %c2 : index
  // expected-remark@+1 {{result #0 in [10, 10]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_5() -> index {
    %c10 = tg.const 10 : index
    return %c10 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(6)) -> 12
func.func @test_times_2_6() -> index {
  %c6 = tg.const 6 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c6, %c2 : index
  // expected-remark@+1 {{result #0 in [12, 12]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_6() -> index {
    %c12 = tg.const 12 : index
    return %c12 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(7)) -> 14
func.func @test_times_2_7() -> index {
  %c7 = tg.const 7 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c7, %c2 : index
  // expected-remark@+1 {{result #0 in [14, 14]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_7() -> index {
    %c14 = tg.const 14 : index
    return %c14 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(8)) -> 16
func.func @test_times_2_8() -> index {
  %c8 = tg.const 8 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c8, %c2 : index
  // expected-remark@+1 {{result #0 in [16, 16]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_8() -> index {
    %c16 = tg.const 16 : index
    return %c16 : index
  }
}

// -----

// tinygrad: (lambda x: x*2)(uconst(9)) -> 18
func.func @test_times_2_9() -> index {
  %c9 = tg.const 9 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c9, %c2 : index
  // expected-remark@+1 {{result #0 in [18, 18]}}
  return %0 : index
}
module @expected {
  func.func @test_times_2_9() -> index {
    %c18 = tg.const 18 : index
    return %c18 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(0)) -> 3
func.func @test_times_2_plus_3_0() -> index {
  %c0 = tg.const 0 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c0, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_0() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(1)) -> 5
func.func @test_times_2_plus_3_1() -> index {
  %c1 = tg.const 1 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c1, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [5, 5]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_1() -> index {
    %c5 = tg.const 5 : index
    return %c5 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(2)) -> 7
func.func @test_times_2_plus_3_2() -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %c2, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [7, 7]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_2() -> index {
    %c7 = tg.const 7 : index
    return %c7 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(3)) -> 9
func.func @test_times_2_plus_3_3() -> index {
  %c3 = tg.const 3 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c3, %c2 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [9, 9]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_3() -> index {
    %c9 = tg.const 9 : index
    return %c9 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(4)) -> 11
func.func @test_times_2_plus_3_4() -> index {
  %c4 = tg.const 4 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c4, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [11, 11]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_4() -> index {
    %c11 = tg.const 11 : index
    return %c11 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(5)) -> 13
func.func @test_times_2_plus_3_5() -> index {
  %c5 = tg.const 5 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c5, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [13, 13]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_5() -> index {
    %c13 = tg.const 13 : index
    return %c13 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(6)) -> 15
func.func @test_times_2_plus_3_6() -> index {
  %c6 = tg.const 6 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c6, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [15, 15]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_6() -> index {
    %c15 = tg.const 15 : index
    return %c15 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(7)) -> 17
func.func @test_times_2_plus_3_7() -> index {
  %c7 = tg.const 7 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c7, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [17, 17]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_7() -> index {
    %c17 = tg.const 17 : index
    return %c17 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(8)) -> 19
func.func @test_times_2_plus_3_8() -> index {
  %c8 = tg.const 8 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c8, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [19, 19]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_8() -> index {
    %c19 = tg.const 19 : index
    return %c19 : index
  }
}

// -----

// tinygrad: (lambda x: x*2 + 3)(uconst(9)) -> 21
func.func @test_times_2_plus_3_9() -> index {
  %c9 = tg.const 9 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c9, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  // expected-remark@+1 {{result #0 in [21, 21]}}
  return %1 : index
}
module @expected {
  func.func @test_times_2_plus_3_9() -> index {
    %c21 = tg.const 21 : index
    return %c21 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(0)) -> 3
func.func @test_times_2_plus_3_mod_4_0() -> index {
  %c0 = tg.const 0 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c0, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_0() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(1)) -> 1
func.func @test_times_2_plus_3_mod_4_1() -> index {
  %c1 = tg.const 1 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c1, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_1() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(2)) -> 3
func.func @test_times_2_plus_3_mod_4_2() -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %c2, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_2() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(3)) -> 1
func.func @test_times_2_plus_3_mod_4_3() -> index {
  %c3 = tg.const 3 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c3, %c2 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_3() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(4)) -> 3
func.func @test_times_2_plus_3_mod_4_4() -> index {
  %c4 = tg.const 4 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c4, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_4() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(5)) -> 1
func.func @test_times_2_plus_3_mod_4_5() -> index {
  %c5 = tg.const 5 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c5, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_5() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(6)) -> 3
func.func @test_times_2_plus_3_mod_4_6() -> index {
  %c6 = tg.const 6 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c6, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_6() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(7)) -> 1
func.func @test_times_2_plus_3_mod_4_7() -> index {
  %c7 = tg.const 7 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c7, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_7() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(8)) -> 3
func.func @test_times_2_plus_3_mod_4_8() -> index {
  %c8 = tg.const 8 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c8, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_8() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)%4)(uconst(9)) -> 1
func.func @test_times_2_plus_3_mod_4_9() -> index {
  %c9 = tg.const 9 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c9, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floormod %1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_mod_4_9() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(0)) -> 0
func.func @test_times_2_plus_3_div_4_0() -> index {
  %c0 = tg.const 0 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c0, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_0() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(1)) -> 1
func.func @test_times_2_plus_3_div_4_1() -> index {
  %c1 = tg.const 1 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c1, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_1() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(2)) -> 1
func.func @test_times_2_plus_3_div_4_2() -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %c2, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_2() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(3)) -> 2
func.func @test_times_2_plus_3_div_4_3() -> index {
  %c3 = tg.const 3 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c3, %c2 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_3() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(4)) -> 2
func.func @test_times_2_plus_3_div_4_4() -> index {
  %c4 = tg.const 4 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c4, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_4() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(5)) -> 3
func.func @test_times_2_plus_3_div_4_5() -> index {
  %c5 = tg.const 5 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c5, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_5() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(6)) -> 3
func.func @test_times_2_plus_3_div_4_6() -> index {
  %c6 = tg.const 6 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c6, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_6() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(7)) -> 4
func.func @test_times_2_plus_3_div_4_7() -> index {
  %c7 = tg.const 7 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c7, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [4, 4]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_7() -> index {
    %c4 = tg.const 4 : index
    return %c4 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(8)) -> 4
func.func @test_times_2_plus_3_div_4_8() -> index {
  %c8 = tg.const 8 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c8, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [4, 4]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_8() -> index {
    %c4 = tg.const 4 : index
    return %c4 : index
  }
}

// -----

// tinygrad: (lambda x: (x*2 + 3)//4)(uconst(9)) -> 5
func.func @test_times_2_plus_3_div_4_9() -> index {
  %c9 = tg.const 9 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c9, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  // expected-remark@+1 {{result #0 in [5, 5]}}
  return %2 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_9() -> index {
    %c5 = tg.const 5 : index
    return %c5 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(0)) -> 0
func.func @test_times_2_plus_3_div_4_mod_4_0() -> index {
  %c0 = tg.const 0 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c0, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_0() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(1)) -> 1
func.func @test_times_2_plus_3_div_4_mod_4_1() -> index {
  %c1 = tg.const 1 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c1, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_1() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(2)) -> 1
func.func @test_times_2_plus_3_div_4_mod_4_2() -> index {
  %c2 = tg.const 2 : index
  %0 = tg.mul %c2, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_2() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(3)) -> 2
func.func @test_times_2_plus_3_div_4_mod_4_3() -> index {
  %c3 = tg.const 3 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c3, %c2 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_3() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(4)) -> 2
func.func @test_times_2_plus_3_div_4_mod_4_4() -> index {
  %c4 = tg.const 4 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c4, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [2, 2]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_4() -> index {
    %c2 = tg.const 2 : index
    return %c2 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(5)) -> 3
func.func @test_times_2_plus_3_div_4_mod_4_5() -> index {
  %c5 = tg.const 5 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c5, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_5() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(6)) -> 3
func.func @test_times_2_plus_3_div_4_mod_4_6() -> index {
  %c6 = tg.const 6 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c6, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [3, 3]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_6() -> index {
    %c3 = tg.const 3 : index
    return %c3 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(7)) -> 0
func.func @test_times_2_plus_3_div_4_mod_4_7() -> index {
  %c7 = tg.const 7 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c7, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_7() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(8)) -> 0
func.func @test_times_2_plus_3_div_4_mod_4_8() -> index {
  %c8 = tg.const 8 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c8, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [0, 0]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_8() -> index {
    %c0 = tg.const 0 : index
    return %c0 : index
  }
}

// -----

// tinygrad: (lambda x: ((x*2 + 3)//4)%4)(uconst(9)) -> 1
func.func @test_times_2_plus_3_div_4_mod_4_9() -> index {
  %c9 = tg.const 9 : index
  %c2 = tg.const 2 : index
  %0 = tg.mul %c9, %c2 : index
  %c3 = tg.const 3 : index
  %1 = tg.add %0, %c3 : index
  %c4 = tg.const 4 : index
  %2 = tg.floordiv %1, %c4 : index
  %3 = tg.floormod %2, %c4 : index
  // expected-remark@+1 {{result #0 in [1, 1]}}
  return %3 : index
}
module @expected {
  func.func @test_times_2_plus_3_div_4_mod_4_9() -> index {
    %c1 = tg.const 1 : index
    return %c1 : index
  }
}
