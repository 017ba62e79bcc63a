// The comparison the ported tinygrad tests rely on: equal up to the operand
// order of commutative ops and the grouping of associative chains, and
// nothing more.
// RUN: tg-opt %s --split-input-file --verify-diagnostics --test-tg-match-expected

// Commutative operands may come in either order.
func.func @commuted(%a: index, %b: index) -> index {
  %c4 = tg.const 4 : index
  %0 = tg.mul %a, %c4 : index
  %1 = tg.add %b, %0 : index
  return %1 : index
}
module @expected {
  func.func @commuted(%a: index, %b: index) -> index {
    %c4 = tg.const 4 : index
    %0 = tg.mul %a, %c4 : index
    %1 = tg.add %0, %b : index
    return %1 : index
  }
}

// -----

// A non-commutative op keeps its order.
// expected-error@+1 {{result #0 differs from the expected form}}
func.func @ordered(%a: index, %b: index) -> index {
  %0 = tg.floordiv %a, %b : index
  return %0 : index
}
module @expected {
  func.func @ordered(%a: index, %b: index) -> index {
    %0 = tg.floordiv %b, %a : index
    return %0 : index
  }
}

// -----

// A sum may be grouped in any way: (a+b)+c is a+(c+b).
func.func @associated(%a: index, %b: index, %c: index) -> index {
  %0 = tg.add %a, %b : index
  %1 = tg.add %0, %c : index
  return %1 : index
}
module @expected {
  func.func @associated(%a: index, %b: index, %c: index) -> index {
    %0 = tg.add %c, %b : index
    %1 = tg.add %a, %0 : index
    return %1 : index
  }
}

// -----

// But the terms must be the same: a+a+b is not a+b+b.
// expected-error@+1 {{result #0 differs from the expected form}}
func.func @different_terms(%a: index, %b: index) -> index {
  %0 = tg.add %a, %a : index
  %1 = tg.add %0, %b : index
  return %1 : index
}
module @expected {
  func.func @different_terms(%a: index, %b: index) -> index {
    %0 = tg.add %a, %b : index
    %1 = tg.add %0, %b : index
    return %1 : index
  }
}

// -----

// Different associative ops do not mix: (a+b)*c is not a+(b*c).
// expected-error@+1 {{result #0 differs from the expected form}}
func.func @mixed_ops(%a: index, %b: index, %c: index) -> index {
  %0 = tg.add %a, %b : index
  %1 = tg.mul %0, %c : index
  return %1 : index
}
module @expected {
  func.func @mixed_ops(%a: index, %b: index, %c: index) -> index {
    %0 = tg.mul %b, %c : index
    %1 = tg.add %a, %0 : index
    return %1 : index
  }
}

// -----

// Constants compare by value and type.
// expected-error@+1 {{result #0 differs from the expected form}}
func.func @constant(%a: index) -> index {
  %c = tg.const 3 : index
  %0 = tg.add %a, %c : index
  return %0 : index
}
module @expected {
  func.func @constant(%a: index) -> index {
    %c = tg.const 4 : index
    %0 = tg.add %a, %c : index
    return %0 : index
  }
}

// -----

// Arguments correspond by position.
// expected-error@+1 {{result #0 differs from the expected form}}
func.func @argument(%a: index, %b: index) -> index {
  return %a : index
}
module @expected {
  func.func @argument(%a: index, %b: index) -> index {
    return %b : index
  }
}

// -----

// expected-error@+1 {{no `module @expected` to compare with}}
module {
  func.func @alone(%a: index) -> index {
    return %a : index
  }
}
