// tg-symbolic beyond tinygrad's own cases: what it must leave alone, the
// pass options, and movement ops pushed toward the buffers.
// RUN: tg-opt %s --tg-symbolic --split-input-file | FileCheck %s
// RUN: tg-opt %s --tg-symbolic=reassociate-floats=false --split-input-file | FileCheck %s --check-prefix=EXACT

// tinygrad's test_div_by_factor_tie_break: both candidates of nest_by_factor
// are exact; tg-symbolic keeps the smaller, (a+b)//2.
// CHECK-LABEL: func @tie_break
// CHECK-SAME: (%[[A:[^:]*]]: index {{.*}}, %[[B:[^:]*]]: index
// CHECK-DAG: %[[C2:.*]] = tg.const 2 : index
// CHECK: %[[S:.*]] = tg.add %[[A]], %[[B]] : index
// CHECK: %[[D:.*]] = tg.floordiv %[[S]], %[[C2]] : index
// CHECK: return %[[D]]
func.func @tie_break(%a: index {tg.range = array<i64: 0, 1>}, %b: index {tg.range = array<i64: 0, 1>}) -> index {
  %c2 = tg.const 2 : index
  %c3 = tg.const 3 : index
  %c6 = tg.const 6 : index
  %0 = tg.mul %a, %c2 : index
  %1 = tg.mul %b, %c3 : index
  %2 = tg.add %0, %1 : index
  %3 = tg.add %2, %c2 : index
  %4 = tg.floordiv %3, %c6 : index
  return %4 : index
}

// -----

// A variable whose range is one value is that constant.
// CHECK-LABEL: func @constant_variable
// CHECK: %[[C:.*]] = tg.const 10 : index
// CHECK: return %[[C]]
func.func @constant_variable(%a: index {tg.range = array<i64: 5, 5>}) -> index {
  %0 = tg.add %a, %a : index
  return %0 : index
}

// -----

// x + 100 < 50 is not x < -50 when x + 100 can overflow i8.
// CHECK-LABEL: func @no_rewrite_across_overflow
// CHECK: %[[S:.*]] = tg.add
// CHECK: tg.cmplt %[[S]]
func.func @no_rewrite_across_overflow(%x: i8 {tg.range = array<i64: -128, 127>}) -> i1 {
  %c100 = tg.const 100 : i8
  %c50 = tg.const 50 : i8
  %0 = tg.add %x, %c100 : i8
  %1 = tg.cmplt %0, %c50 : i8
  return %1 : i1
}

// -----

// When the range shows no overflow, the same rule applies to i8.
// CHECK-LABEL: func @rewrite_without_overflow
// CHECK-SAME: (%[[X:[^:]*]]: i8
// CHECK: %[[C:.*]] = tg.const -50 : i8
// CHECK: %[[R:.*]] = tg.cmplt %[[X]], %[[C]] : i8
// CHECK: return %[[R]]
func.func @rewrite_without_overflow(%x: i8 {tg.range = array<i64: -100, 20>}) -> i1 {
  %c100 = tg.const 100 : i8
  %c50 = tg.const 50 : i8
  %0 = tg.add %x, %c100 : i8
  %1 = tg.cmplt %0, %c50 : i8
  return %1 : i1
}

// -----

// Division rules need a known range: an unbounded argument keeps its division.
// CHECK-LABEL: func @unknown_range_keeps_division
// CHECK: tg.floordiv
func.func @unknown_range_keeps_division(%x: index) -> index {
  %c4 = tg.const 4 : index
  %c3 = tg.const 3 : index
  %0 = tg.mul %x, %c4 : index
  %1 = tg.add %0, %c3 : index
  %2 = tg.floordiv %1, %c4 : index
  return %2 : index
}

// -----

// Float constants regroup as in tinygrad, unless reassociate-floats=false.
// CHECK-LABEL: func @float_regrouping
// CHECK-SAME: (%[[X:[^:]*]]: f32)
// CHECK-NEXT: return %[[X]]
// EXACT-LABEL: func @float_regrouping
// EXACT: tg.mul
// EXACT: tg.mul
func.func @float_regrouping(%x: f32) -> f32 {
  %c2 = tg.const 2.0 : f32
  %half = tg.const 0.5 : f32
  %0 = tg.mul %x, %c2 : f32
  %1 = tg.mul %0, %half : f32
  return %1 : f32
}

// -----

// Movement ops move through single-use elementwise ops onto the buffers.
// CHECK-LABEL: func @push_movement
// CHECK-SAME: (%[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[PA:.*]] = tg.permute %[[A]] [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK-DAG: %[[PB:.*]] = tg.permute %[[B]] [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK: %[[LT:.*]] = tg.cmplt %[[PA]], %[[PB]] : tensor<3x2xf32>
// CHECK: return %[[LT]]
func.func @push_movement(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xi1> {
  %0 = tg.cmplt %a, %b : tensor<2x3xf32>
  %1 = tg.permute %0 [1, 0] : tensor<2x3xi1> -> tensor<3x2xi1>
  return %1 : tensor<3x2xi1>
}

// -----

// A shrink of an elementwise op computes only what it keeps.
// CHECK-LABEL: func @push_shrink
// CHECK-SAME: (%[[A:[^:]*]]: tensor<8xf32>)
// CHECK: %[[S:.*]] = tg.shrink %[[A]] begin [2] end [4] : tensor<8xf32> -> tensor<2xf32>
// CHECK: %[[E:.*]] = tg.exp2 %[[S]] : tensor<2xf32>
// CHECK: return %[[E]]
func.func @push_shrink(%a: tensor<8xf32>) -> tensor<2xf32> {
  %0 = tg.exp2 %a : tensor<8xf32>
  %1 = tg.shrink %0 begin [2] end [4] : tensor<8xf32> -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Not through an op with another user (it would be computed twice), and never
// expand or pad (more work, and f(0) need not be 0).
// CHECK-LABEL: func @keep_movement
// CHECK: %[[E:.*]] = tg.exp2
// CHECK: tg.permute %[[E]]
// CHECK: %[[L:.*]] = tg.log2
// CHECK: tg.pad %[[L]]
// CHECK: %[[S:.*]] = tg.sqrt
// CHECK: tg.expand %[[S]]
func.func @keep_movement(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = tg.exp2 %a : tensor<2x3xf32>
  %1 = tg.permute %0 [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %2 = tg.log2 %a : tensor<2x3xf32>
  %3 = tg.pad %2 low [1, 0] high [1, 0] : tensor<2x3xf32> -> tensor<4x3xf32>
  %4 = tg.sqrt %b : tensor<1x3xf32>
  %5 = tg.expand %4 : tensor<1x3xf32> to tensor<4x3xf32>
  return %0, %1, %3, %5 : tensor<2x3xf32>, tensor<3x2xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// where(c, t, f): c is true inside t and false inside f, so both branches
// are x and so is the result.
// CHECK-LABEL: func @where_closure
// CHECK-SAME: (%[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32)
// CHECK-NEXT: return %[[X]]
func.func @where_closure(%c: i1, %x: i32, %y: i32) -> i32 {
  %inner = tg.where %c, %x, %y : i32
  %other = tg.where %c, %y, %x : i32
  %0 = tg.where %c, %inner, %other : i32
  return %0 : i32
}

// -----

// The closure stops at a reduce (and at movement ops): below it the same
// %c stands for other elements, so the inner where must stay.
// CHECK-LABEL: func @where_closure_stops_at_reduce
// CHECK: %[[SAFE:.*]] = tg.where %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK: tg.reduce add %[[SAFE]] [0]
func.func @where_closure_stops_at_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = tg.const 0.000000e+00 : tensor<4xf32>
  %c = tg.cmpeq %x, %zero : tensor<4xf32>
  %one = tg.const 1.000000e+00 : tensor<4xf32>
  %safe = tg.where %c, %one, %x : tensor<4xf32>
  %sum = tg.reduce add %safe [0] : tensor<4xf32> -> tensor<1xf32>
  %b = tg.expand %sum : tensor<1xf32> to tensor<4xf32>
  %r = tg.where %c, %b, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
