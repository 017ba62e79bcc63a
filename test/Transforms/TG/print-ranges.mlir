// tinygrad's vmin/vmax: the range every tg op infers from its operands
// (InferIntRangeInterface), from tg.range arguments and from loop bounds.
// RUN: tg-opt %s --tg-print-ranges --split-input-file --verify-diagnostics

func.func @arithmetic(%a: index {tg.range = array<i64: 3, 8>}, %b: index {tg.range = array<i64: -2, 5>}) -> (index, index, index, index, index) {
  %0 = tg.add %a, %b : index
  %1 = tg.sub %a, %b : index
  %2 = tg.mul %a, %b : index
  %3 = tg.neg %a : index
  %4 = tg.max %a, %b : index
  // expected-remark@+5 {{result #0 in [1, 13]}}
  // expected-remark@+4 {{result #1 in [-2, 10]}}
  // expected-remark@+3 {{result #2 in [-16, 40]}}
  // expected-remark@+2 {{result #3 in [-8, -3]}}
  // expected-remark@+1 {{result #4 in [3, 8]}}
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// -----

func.func @divisions(%a: index {tg.range = array<i64: -7, 9>}) -> (index, index, index, index) {
  %c4 = tg.const 4 : index
  %0 = tg.floordiv %a, %c4 : index
  %1 = tg.floormod %a, %c4 : index
  %2 = tg.cdiv %a, %c4 : index
  %3 = tg.cmod %a, %c4 : index
  // expected-remark@+4 {{result #0 in [-2, 2]}}
  // expected-remark@+3 {{result #1 in [0, 3]}}
  // expected-remark@+2 {{result #2 in [-1, 2]}}
  // expected-remark@+1 {{result #3 in [-3, 3]}}
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

// A floormod whose numerator stays within one period is exact.
func.func @floormod_one_period(%a: index {tg.range = array<i64: 5, 7>}, %n: index {tg.range = array<i64: -6, -5>}) -> (index, index) {
  %c4 = tg.const 4 : index
  %0 = tg.floormod %a, %c4 : index
  %1 = tg.floormod %n, %c4 : index
  // expected-remark@+2 {{result #0 in [1, 3]}}
  // expected-remark@+1 {{result #1 in [2, 3]}}
  return %0, %1 : index, index
}

// -----

func.func @comparisons(%a: index {tg.range = array<i64: 3, 8>}, %b: index {tg.range = array<i64: 9, 12>}) -> (i1, i1, i1, i1) {
  %c4 = tg.const 4 : index
  %0 = tg.cmplt %a, %b : index
  %1 = tg.cmplt %a, %c4 : index
  %2 = tg.cmpne %a, %b : index
  %3 = tg.cmpeq %a, %b : index
  // expected-remark@+4 {{result #0 in [1, 1]}}
  // expected-remark@+3 {{result #1 in [0, 1]}}
  // expected-remark@+2 {{result #2 in [1, 1]}}
  // expected-remark@+1 {{result #3 in [0, 0]}}
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

func.func @bits(%a: i32 {tg.range = array<i64: 0, 100>}, %u: ui8 {tg.range = array<i64: 200, 250>}) -> (i32, i32, i32, ui8, ui8) {
  %c15 = tg.const 15 : i32
  %c2 = tg.const 2 : i32
  %c1 = tg.const 1 : ui8
  %0 = tg.and %a, %c15 : i32
  %1 = tg.shl %a, %c2 : i32
  %2 = tg.shr %a, %c2 : i32
  %3 = tg.shr %u, %c1 : ui8
  %4 = tg.max %u, %c1 : ui8
  // expected-remark@+5 {{result #0 in [0, 15]}}
  // expected-remark@+4 {{result #1 in [0, 400]}}
  // expected-remark@+3 {{result #2 in [0, 25]}}
  // expected-remark@+2 {{result #3 in [100, 125]}}
  // expected-remark@+1 {{result #4 in [200, 250]}}
  return %0, %1, %2, %3, %4 : i32, i32, i32, ui8, ui8
}

// -----

func.func @select_and_casts(%c: i1, %a: index {tg.range = array<i64: 3, 8>}, %i: i8 {tg.range = array<i64: -3, 4>}) -> (index, i32, i1, index, i32) {
  %c20 = tg.const 20 : index
  %0 = tg.where %c, %a, %c20 : index
  %1 = tg.cast %i : i8 to i32
  %2 = tg.cast %a : index to i1
  %3 = tg.mulacc %a, %a, %a : index
  %4 = tg.bitcast %1 : i32 to i32
  // expected-remark@+5 {{result #0 in [3, 20]}}
  // expected-remark@+4 {{result #1 in [-3, 4]}}
  // expected-remark@+3 {{result #2 in [1, 1]}}
  // expected-remark@+2 {{result #3 in [12, 72]}}
  // expected-remark@+1 {{result #4 in [-3, 4]}}
  return %0, %1, %2, %3, %4 : index, i32, i1, index, i32
}

// -----

// Overflow gives the full range rather than a wrong one.
func.func @overflow(%a: i8 {tg.range = array<i64: 60, 70>}, %b: i8 {tg.range = array<i64: 100, 120>}) -> (i8, i8) {
  %0 = tg.add %a, %a : i8
  %1 = tg.add %b, %b : i8
  // expected-remark@+2 {{result #0 in [-128, 127]}}
  // expected-remark@+1 {{result #1 in [-56, -16]}}
  return %0, %1 : i8, i8
}

// -----

// Loop induction variables are bounded by the loop.
func.func @loop() -> index {
  %lb = arith.constant 2 : index
  %ub = arith.constant 10 : index
  %step = arith.constant 1 : index
  %init = tg.const 0 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> index {
    %c3 = tg.const 3 : index
    %0 = tg.floordiv %i, %c3 : index
    // expected-remark@+1 {{result #0 in [0, 3]}}
    scf.yield %0 : index
  }
  // A loop-carried value is not analyzed: it has the full range.
  // expected-remark@+1 {{result #0 in [-9223372036854775808, 9223372036854775807]}}
  return %r : index
}

// -----

// Float results have no integer range: nothing is reported for them.
func.func @floats(%x: f32) -> (f32, i1) {
  %0 = tg.exp2 %x : f32
  %1 = tg.cmplt %x, %0 : f32
  // expected-remark@+1 {{result #1 in [0, 1]}}
  return %0, %1 : f32, i1
}
