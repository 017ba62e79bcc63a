// The rules that always help: tg's canonicalization patterns, each with the
// cases it must leave alone.
// RUN: tg-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func @self_folding
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @self_folding(%x: index, %y: index) -> (index, index, index, index, index, index, index) {
  %c0 = tg.const 0 : index
  %c1 = tg.const 1 : index
  %0 = tg.add %x, %c0 : index
  %1 = tg.xor %x, %c0 : index
  %2 = tg.or %c0, %x : index
  %3 = tg.mul %x, %c1 : index
  %4 = tg.floordiv %x, %c1 : index
  %5 = tg.shl %x, %c0 : index
  %xy = tg.xor %x, %y : index
  %6 = tg.xor %xy, %y : index
  return %0, %1, %2, %3, %4, %5, %6 : index, index, index, index, index, index, index
}

// -----

// x+0.0 is not x for x = -0.0; x+(-0.0) is.
// CHECK-LABEL: func @float_zero
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[R:.*]] = tg.add %[[X]], %{{.*}} : f32
// CHECK: return %[[R]], %[[X]], %[[X]]
func.func @float_zero(%x: f32) -> (f32, f32, f32) {
  %pz = tg.const 0.0 : f32
  %nz = tg.const -0.0 : f32
  %one = tg.const 1.0 : f32
  %0 = tg.add %x, %pz : f32
  %1 = tg.add %x, %nz : f32
  %2 = tg.mul %x, %one : f32
  return %0, %1, %2 : f32, f32, f32
}

// -----

// CHECK-LABEL: func @zero_folding
// CHECK-DAG: %[[Z:.*]] = tg.const 0 : index
// CHECK-DAG: %[[F:.*]] = tg.const false : i1
// CHECK: return %[[Z]], %[[Z]], %[[Z]], %[[Z]], %[[F]], %[[F]]
func.func @zero_folding(%x: index) -> (index, index, index, index, i1, i1) {
  %c0 = tg.const 0 : index
  %0 = tg.mul %x, %c0 : index
  %1 = tg.and %x, %c0 : index
  %2 = tg.xor %x, %x : index
  %3 = tg.floormod %x, %x : index
  %4 = tg.cmplt %x, %x : index
  %5 = tg.cmpne %x, %x : index
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, i1, i1
}

// -----

// x*0 is NaN for x = inf and x != x is true for NaN: floats keep both.
// CHECK-LABEL: func @float_zero_folding
// CHECK: tg.mul
// CHECK: tg.cmpne
func.func @float_zero_folding(%x: f32) -> (f32, i1) {
  %c0 = tg.const 0.0 : f32
  %0 = tg.mul %x, %c0 : f32
  %1 = tg.cmpne %x, %x : f32
  return %0, %1 : f32, i1
}

// -----

// CHECK-LABEL: func @tinygrad_form
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK-DAG: %[[M1:.*]] = tg.const -1 : index
// CHECK: %[[NY:.*]] = tg.mul %[[Y]], %[[M1]] : index
// CHECK: %[[D:.*]] = tg.add %[[X]], %[[NY]] : index
// CHECK: %[[NX:.*]] = tg.mul %[[X]], %[[M1]] : index
// CHECK: return %[[D]], %[[NX]]
func.func @tinygrad_form(%x: index, %y: index) -> (index, index) {
  %0 = tg.sub %x, %y : index
  %1 = tg.neg %x : index
  return %0, %1 : index, index
}

// -----

// CHECK-LABEL: func @bool_algebra
// CHECK-SAME: (%[[P:.*]]: i1, %[[Q:.*]]: i1)
// CHECK-DAG: %[[T:.*]] = tg.const true : i1
// CHECK-DAG: %[[F:.*]] = tg.const false : i1
// CHECK: %[[OR:.*]] = tg.or %[[P]], %[[Q]] : i1
// CHECK: %[[NOT:.*]] = tg.cmpne %[[P]], %[[T]] : i1
// CHECK: return %[[P]], %[[F]], %[[T]], %[[P]], %[[P]], %[[P]], %[[OR]], %[[T]], %[[P]], %[[NOT]]
func.func @bool_algebra(%p: i1, %q: i1) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %t = tg.const true : i1
  %f = tg.const false : i1
  %0 = tg.and %p, %t : i1
  %1 = tg.and %p, %f : i1
  %2 = tg.or %p, %t : i1
  %3 = tg.or %p, %f : i1
  %4 = tg.and %p, %p : i1
  %n = tg.cmpne %p, %t : i1
  %5 = tg.cmpne %n, %t : i1
  %6 = tg.max %p, %q : i1
  %7 = tg.or %p, %n : i1
  %8 = tg.where %p, %t, %f : i1
  %9 = tg.where %p, %f, %t : i1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func @cast_folding
// CHECK-SAME: (%[[I:.*]]: i8, %[[F:.*]]: f32, %[[B:.*]]: i1)
// CHECK: %[[W:.*]] = tg.cast %[[I]] : i8 to i64
// CHECK: %[[NE:.*]] = tg.cmpne %[[F]], %{{.*}} : f32
// CHECK: %[[BC:.*]] = tg.bitcast %[[F]] : f32 to ui32
// CHECK: return %[[I]], %[[W]], %[[NE]], %[[BC]], %[[B]]
func.func @cast_folding(%i: i8, %f: f32, %b: i1) -> (i8, i64, i1, ui32, i1) {
  // a lossless round trip is the value itself
  %0 = tg.cast %i : i8 to i32
  %1 = tg.cast %0 : i32 to i8
  // a lossless intermediate is skipped
  %2 = tg.cast %0 : i32 to i64
  %3 = tg.cast %f : f32 to i1
  %4 = tg.bitcast %f : f32 to i32
  %5 = tg.bitcast %4 : i32 to ui32
  %6 = tg.cast %b : i1 to i32
  %c0 = tg.const 0 : i32
  %7 = tg.cmpne %6, %c0 : i32
  return %1, %2, %3, %5, %7 : i8, i64, i1, ui32, i1
}

// -----

// A narrowing intermediate cast changes values: it stays.
// CHECK-LABEL: func @lossy_cast_round_trip
// CHECK: tg.cast %{{.*}} : i32 to i8
// CHECK: tg.cast %{{.*}} : i8 to i32
func.func @lossy_cast_round_trip(%i: i32) -> i32 {
  %0 = tg.cast %i : i32 to i8
  %1 = tg.cast %0 : i8 to i32
  return %1 : i32
}

// -----

// CHECK-LABEL: func @where_folding
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK: %[[S:.*]] = tg.where %[[A]], %[[Y]], %[[X]] : f32
// CHECK: %[[AND:.*]] = tg.and %[[A]], %[[B]] : i1
// CHECK: %[[S2:.*]] = tg.where %[[AND]], %[[X]], %[[Y]] : f32
// CHECK: %[[OR:.*]] = tg.or %[[A]], %[[B]] : i1
// CHECK: %[[S3:.*]] = tg.where %[[OR]], %[[X]], %[[Y]] : f32
// CHECK: return %[[S]], %[[S2]], %[[S3]]
func.func @where_folding(%a: i1, %b: i1, %x: f32, %y: f32) -> (f32, f32, f32) {
  %t = tg.const true : i1
  %na = tg.cmpne %a, %t : i1
  %0 = tg.where %na, %x, %y : f32
  %in = tg.where %b, %x, %y : f32
  %1 = tg.where %a, %in, %y : f32
  %in2 = tg.where %b, %x, %y : f32
  %2 = tg.where %a, %x, %in2 : f32
  return %0, %1, %2 : f32, f32, f32
}

// -----

// CHECK-LABEL: func @term_combining
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK-DAG: %[[C7:.*]] = tg.const 7 : index
// CHECK-DAG: %[[C2:.*]] = tg.const 2 : index
// CHECK-DAG: %[[C5:.*]] = tg.const 5 : index
// CHECK: %[[X7:.*]] = tg.mul %[[X]], %[[C7]] : index
// CHECK: %[[X2:.*]] = tg.mul %[[X]], %[[C2]] : index
// CHECK: %[[X5:.*]] = tg.mul %[[X]], %[[C5]] : index
// CHECK: %[[R:.*]] = tg.add %[[Y]], %[[X5]] : index
// CHECK: return %[[X7]], %[[X2]], %[[R]]
func.func @term_combining(%x: index, %y: index) -> (index, index, index) {
  %c3 = tg.const 3 : index
  %c4 = tg.const 4 : index
  %c2 = tg.const 2 : index
  %a = tg.mul %x, %c3 : index
  %b = tg.mul %x, %c4 : index
  %0 = tg.add %a, %b : index
  %1 = tg.add %x, %x : index
  %ya = tg.add %y, %a : index
  %xc2 = tg.mul %x, %c2 : index
  %2 = tg.add %ya, %xc2 : index
  return %0, %1, %2 : index, index, index
}

// -----

// Float terms do not combine: x*3 + x*4 rounds differently from x*7.
// CHECK-LABEL: func @float_terms_stay
// CHECK: tg.mul
// CHECK: tg.mul
// CHECK: tg.add
func.func @float_terms_stay(%x: f32) -> f32 {
  %c3 = tg.const 3.0 : f32
  %c4 = tg.const 4.0 : f32
  %a = tg.mul %x, %c3 : f32
  %b = tg.mul %x, %c4 : f32
  %0 = tg.add %a, %b : f32
  return %0 : f32
}

// -----

// CHECK-LABEL: func @constant_regrouping
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK-DAG: %[[C5:.*]] = tg.const 5 : index
// CHECK-DAG: %[[C6:.*]] = tg.const 6 : index
// CHECK-DAG: %[[C12:.*]] = tg.const 12 : index
// CHECK: %[[A:.*]] = tg.add %[[X]], %[[C5]] : index
// CHECK: %[[M:.*]] = tg.mul %[[X]], %[[C6]] : index
// CHECK: %[[XY:.*]] = tg.add %[[X]], %[[Y]] : index
// CHECK: %[[B:.*]] = tg.add %[[XY]], %[[C5]] : index
// CHECK: %[[D:.*]] = tg.floordiv %[[X]], %[[C12]] : index
// CHECK: return %[[A]], %[[M]], %[[B]], %[[D]]
func.func @constant_regrouping(%x: index, %y: index) -> (index, index, index, index) {
  %c2 = tg.const 2 : index
  %c3 = tg.const 3 : index
  %c4 = tg.const 4 : index
  %a2 = tg.add %x, %c2 : index
  %0 = tg.add %a2, %c3 : index
  %m2 = tg.mul %x, %c2 : index
  %1 = tg.mul %m2, %c3 : index
  %x5 = tg.add %x, %c2 : index
  %x5b = tg.add %x5, %c3 : index
  %2 = tg.add %x5b, %y : index
  %d3 = tg.floordiv %x, %c3 : index
  %3 = tg.floordiv %d3, %c4 : index
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

// (x//c1)//c2 only merges for c2 > 0.
// CHECK-LABEL: func @nested_floordiv_negative
// CHECK: tg.floordiv
// CHECK: tg.floordiv
func.func @nested_floordiv_negative(%x: index) -> index {
  %c3 = tg.const 3 : index
  %cm4 = tg.const -4 : index
  %d = tg.floordiv %x, %c3 : index
  %0 = tg.floordiv %d, %cm4 : index
  return %0 : index
}

// -----

// CHECK-LABEL: func @movement_merging
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[R:.*]] = tg.reshape %[[X]] : tensor<2x3x4xf32> to tensor<24xf32>
// CHECK: %[[P:.*]] = tg.permute %[[X]] [2, 1, 0] : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
// CHECK: %[[S:.*]] = tg.shrink %[[X]] begin [1, 1, 1] end [2, 2, 3] : tensor<2x3x4xf32> -> tensor<1x1x2xf32>
// CHECK: %[[PD:.*]] = tg.pad %[[X]] low [1, 0, 0] high [0, 2, 0] : tensor<2x3x4xf32> -> tensor<3x5x4xf32>
// CHECK: %[[F:.*]] = tg.flip %[[X]] [1] : tensor<2x3x4xf32>
// CHECK: %[[U:.*]] = tg.shrink %[[X]] begin [0, 1, 0] end [2, 3, 4] : tensor<2x3x4xf32> -> tensor<2x2x4xf32>
// CHECK: return %[[R]], %[[P]], %[[S]], %[[PD]], %[[F]], %[[U]], %[[X]]
func.func @movement_merging(%x: tensor<2x3x4xf32>) -> (tensor<24xf32>, tensor<4x3x2xf32>, tensor<1x1x2xf32>, tensor<3x5x4xf32>, tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x3x4xf32>) {
  %r1 = tg.reshape %x : tensor<2x3x4xf32> to tensor<6x4xf32>
  %0 = tg.reshape %r1 : tensor<6x4xf32> to tensor<24xf32>
  %p1 = tg.permute %x [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = tg.permute %p1 [1, 0, 2] : tensor<3x4x2xf32> -> tensor<4x3x2xf32>
  %s1 = tg.shrink %x begin [1, 0, 1] end [2, 3, 4] : tensor<2x3x4xf32> -> tensor<1x3x3xf32>
  %2 = tg.shrink %s1 begin [0, 1, 0] end [1, 2, 2] : tensor<1x3x3xf32> -> tensor<1x1x2xf32>
  %pd1 = tg.pad %x low [1, 0, 0] high [0, 1, 0] : tensor<2x3x4xf32> -> tensor<3x4x4xf32>
  %3 = tg.pad %pd1 low [0, 0, 0] high [0, 1, 0] : tensor<3x4x4xf32> -> tensor<3x5x4xf32>
  %f1 = tg.flip %x [0, 1] : tensor<2x3x4xf32>
  %4 = tg.flip %f1 [0] : tensor<2x3x4xf32>
  // a shrink that undoes part of a pad is a shrink of the source
  %pd2 = tg.pad %x low [0, 2, 0] high [0, 1, 0] : tensor<2x3x4xf32> -> tensor<2x6x4xf32>
  %5 = tg.shrink %pd2 begin [0, 3, 0] end [2, 5, 4] : tensor<2x6x4xf32> -> tensor<2x2x4xf32>
  // and one that undoes all of it is the source
  %pd3 = tg.pad %x low [1, 1, 1] high [1, 1, 1] : tensor<2x3x4xf32> -> tensor<4x5x6xf32>
  %6 = tg.shrink %pd3 begin [1, 1, 1] end [3, 4, 5] : tensor<4x5x6xf32> -> tensor<2x3x4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<24xf32>, tensor<4x3x2xf32>, tensor<1x1x2xf32>, tensor<3x5x4xf32>, tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x3x4xf32>
}

// -----

// A permute's size-1 axes leave before it when a reshape only drops or adds
// size-1 axes after it: then the permutes around the drop merge (a matmul's
// weight gradient, [1, 128, 96] permuted, dropped and permuted back, is one
// reshape), and a reshape that keeps the unit axes moves them last.
// CHECK-LABEL: func @reshape_of_permute
// CHECK-SAME: (%[[X:.*]]: tensor<1x128x96xf32>, %[[Y:.*]]: tensor<2x1x3xf32>, %[[Z:.*]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]] = tg.reshape %[[X]] : tensor<1x128x96xf32> to tensor<128x96xf32>
// CHECK: %[[D:.*]] = tg.reshape %[[Y]] : tensor<2x1x3xf32> to tensor<2x3xf32>
// CHECK: %[[P:.*]] = tg.permute %[[D]] [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK: %[[U:.*]] = tg.reshape %[[P]] : tensor<3x2xf32> to tensor<1x3x2x1xf32>
// CHECK: %[[Q:.*]] = tg.permute %[[Z]] [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK: %[[V:.*]] = tg.reshape %[[Q]] : tensor<3x2xf32> to tensor<3x1x2xf32>
// CHECK: return %[[R]], %[[U]], %[[V]]
func.func @reshape_of_permute(%x: tensor<1x128x96xf32>, %y: tensor<2x1x3xf32>, %z: tensor<2x3xf32>) -> (tensor<128x96xf32>, tensor<1x3x2x1xf32>, tensor<3x1x2xf32>) {
  %p = tg.permute %x [0, 2, 1] : tensor<1x128x96xf32> -> tensor<1x96x128xf32>
  %r = tg.reshape %p : tensor<1x96x128xf32> to tensor<96x128xf32>
  %0 = tg.permute %r [1, 0] : tensor<96x128xf32> -> tensor<128x96xf32>
  %q = tg.permute %y [1, 2, 0] : tensor<2x1x3xf32> -> tensor<1x3x2xf32>
  %1 = tg.reshape %q : tensor<1x3x2xf32> to tensor<1x3x2x1xf32>
  // no size-1 axis before the permute: nothing to move
  %t = tg.permute %z [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %2 = tg.reshape %t : tensor<3x2xf32> to tensor<3x1x2xf32>
  return %0, %1, %2 : tensor<128x96xf32>, tensor<1x3x2x1xf32>, tensor<3x1x2xf32>
}

// -----

// A shrink that keeps some of the padding stays.
// CHECK-LABEL: func @shrink_keeps_padding
// CHECK: tg.pad
// CHECK: tg.shrink
func.func @shrink_keeps_padding(%x: tensor<4xf32>) -> tensor<3xf32> {
  %0 = tg.pad %x low [2] high [0] : tensor<4xf32> -> tensor<6xf32>
  %1 = tg.shrink %0 begin [1] end [4] : tensor<6xf32> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}
