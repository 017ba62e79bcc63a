// RUN: tg-opt %s --tg-print-ranges --split-input-file --verify-diagnostics > /dev/null

// Ported from tinygrad test/null/test_uop_symbolic.py, TestBounds: value ranges of unsimplified index expressions (no simplification).
// tinygrad asserts vmin/vmax of the UOps as built, so this runs --tg-print-ranges alone (no --tg-symbolic).
// See SYMBOLIC-PORT.md.

// tinygrad: gidx0 has vmin/vmax (0, 2559) (gidx0 = Variable('gidx0', 0, 2559))
func.func @test_unrolled_arange_0(%gidx0: index {tg.range = array<i64: 0, 2559>}) -> index {
  // expected-remark@+1 {{result #0 in [0, 2559]}}
  return %gidx0 : index
}

// -----

// tinygrad: alu0 = gidx0 * -1 has vmin/vmax (-2559, 0) (gidx0 = Variable('gidx0', 0, 2559))
func.func @test_unrolled_arange_1(%gidx0: index {tg.range = array<i64: 0, 2559>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx0, %cm1 : index
  // expected-remark@+1 {{result #0 in [-2559, 0]}}
  return %0 : index
}

// -----

// tinygrad: alu0+2559 has vmin/vmax (0, 2559) (gidx0 = Variable('gidx0', 0, 2559))
func.func @test_unrolled_arange_2(%gidx0: index {tg.range = array<i64: 0, 2559>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx0, %cm1 : index
  %c2559 = tg.const 2559 : index
  %1 = tg.add %0, %c2559 : index
  // expected-remark@+1 {{result #0 in [0, 2559]}}
  return %1 : index
}

// -----

// tinygrad: (alu0+2559)//-4 has vmin/vmax (-640, 0) (gidx0 = Variable('gidx0', 0, 2559))
func.func @test_unrolled_arange_3(%gidx0: index {tg.range = array<i64: 0, 2559>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx0, %cm1 : index
  %c2559 = tg.const 2559 : index
  %1 = tg.add %0, %c2559 : index
  %cm4 = tg.const -4 : index
  %2 = tg.floordiv %1, %cm4 : index
  // expected-remark@+1 {{result #0 in [-640, 0]}}
  return %2 : index
}

// -----

// tinygrad: ((alu0+2559)//-4)*(-1) has vmin/vmax (0, 640) (gidx0 = Variable('gidx0', 0, 2559))
func.func @test_unrolled_arange_4(%gidx0: index {tg.range = array<i64: 0, 2559>}) -> index {
  %cm1 = tg.const -1 : index
  %0 = tg.mul %gidx0, %cm1 : index
  %c2559 = tg.const 2559 : index
  %1 = tg.add %0, %c2559 : index
  %cm4 = tg.const -4 : index
  %2 = tg.floordiv %1, %cm4 : index
  %3 = tg.mul %2, %cm1 : index
  // expected-remark@+1 {{result #0 in [0, 640]}}
  return %3 : index
}
