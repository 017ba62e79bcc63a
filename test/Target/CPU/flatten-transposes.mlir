// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-flatten-transposes))' | FileCheck %s

// A weight [64, 32, 3, 3] copied as [32, 3, 3, 64], 16 output channels at a
// time: the 3x3 axes move together, so the transpose is a 2-d one of
// [16, 9], read 9 contiguous elements a row and written 9 rows of 16.
// CHECK-LABEL: func.func private @E_32_3_3_64
// CHECK-SAME: (%[[W:.*]]: memref<16x3x3xf32, strided<[288, 3, 1], offset: ?>>, %[[OUT:.*]]: memref<3x3x16xf32, strided<[192, 64, 1], offset: ?>>)
// CHECK: %[[SOURCE:.*]] = memref.collapse_shape %[[W]] {{\[}}[0], [1, 2]] : memref<16x3x3xf32, strided<[288, 3, 1], offset: ?>> into memref<16x9xf32, strided<[288, 1], offset: ?>>
// CHECK: %[[TILE:.*]] = vector.transfer_read %[[SOURCE]][%c0, %c0], %{{.*}} {in_bounds = [true, true]} : memref<16x9xf32, strided<[288, 1], offset: ?>>, vector<16x9xf32>
// CHECK: %[[T:.*]] = vector.transpose %[[TILE]], [1, 0] : vector<16x9xf32> to vector<9x16xf32>
// CHECK: %[[TARGET:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0, 1], [2]] : memref<3x3x16xf32, strided<[192, 64, 1], offset: ?>> into memref<9x16xf32, strided<[64, 1], offset: ?>>
// CHECK: vector.transfer_write %[[T]], %[[TARGET]][%c0, %c0] {in_bounds = [true, true]} : vector<9x16xf32>, memref<9x16xf32, strided<[64, 1], offset: ?>>
// CHECK-NOT: vector.shape_cast
func.func private @E_32_3_3_64(%w: memref<16x3x3xf32, strided<[288, 3, 1], offset: ?>>, %out: memref<3x3x16xf32, strided<[192, 64, 1], offset: ?>>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %tile = vector.transfer_read %w[%c0, %c0, %c0], %pad {in_bounds = [true, true, true]} : memref<16x3x3xf32, strided<[288, 3, 1], offset: ?>>, vector<16x3x3xf32>
  %t = vector.transpose %tile, [1, 2, 0] : vector<16x3x3xf32> to vector<3x3x16xf32>
  vector.transfer_write %t, %out[%c0, %c0, %c0] {in_bounds = [true, true, true]} : vector<3x3x16xf32>, memref<3x3x16xf32, strided<[192, 64, 1], offset: ?>>
  return
}

// -----

// A row tile's accumulator, 2 rows of 5 by 32 channels, permuted back
// [2, 0, 1]: the row axes stay together, a 2-d transpose of [10, 32].
// The values are no access of memory: they stay in registers, shape-cast.
// CHECK-LABEL: func.func private @rows
// CHECK: %[[M:.*]] = vector.shape_cast %arg0 : vector<2x5x32xf32> to vector<10x32xf32>
// CHECK: %[[T:.*]] = vector.transpose %[[M]], [1, 0] : vector<10x32xf32> to vector<32x10xf32>
// CHECK: %[[R:.*]] = vector.shape_cast %[[T]] : vector<32x10xf32> to vector<32x2x5xf32>
// CHECK: return %[[R]]
func.func private @rows(%acc: vector<2x5x32xf32>) -> vector<32x2x5xf32> attributes {tg.kernel} {
  %t = vector.transpose %acc, [2, 0, 1] : vector<2x5x32xf32> to vector<32x2x5xf32>
  return %t : vector<32x2x5xf32>
}

// -----

// Nothing stays together in [1, 0, 2] (rows of 16 swapped whole, which
// upstream already moves a row at a time): unchanged.
// CHECK-LABEL: func.func private @swap_rows
// CHECK-NEXT: vector.transpose %arg0, [1, 0, 2] : vector<2x4x16xf32> to vector<4x2x16xf32>
// CHECK-NOT: vector.shape_cast
func.func private @swap_rows(%v: vector<2x4x16xf32>) -> vector<4x2x16xf32> attributes {tg.kernel} {
  %t = vector.transpose %v, [1, 0, 2] : vector<2x4x16xf32> to vector<4x2x16xf32>
  return %t : vector<4x2x16xf32>
}

// -----

// Part of the 3x3 axes (2 of 3 columns) is no contiguous run of 6: the
// transpose merges its axes, but the read stays 3-d and is shape-cast.
// CHECK-LABEL: func.func private @part_of_a_row
// CHECK-NOT: memref.collapse_shape
// CHECK: %[[TILE:.*]] = vector.transfer_read %arg0[%c0, %c0, %c0], %{{.*}} : memref<16x3x3xf32>, vector<16x3x2xf32>
// CHECK: vector.shape_cast %[[TILE]] : vector<16x3x2xf32> to vector<16x6xf32>
// CHECK: vector.transpose %{{.*}}, [1, 0] : vector<16x6xf32> to vector<6x16xf32>
func.func private @part_of_a_row(%w: memref<16x3x3xf32>) -> vector<3x2x16xf32> attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %tile = vector.transfer_read %w[%c0, %c0, %c0], %pad {in_bounds = [true, true, true]} : memref<16x3x3xf32>, vector<16x3x2xf32>
  %t = vector.transpose %tile, [1, 2, 0] : vector<16x3x2xf32> to vector<3x2x16xf32>
  return %t : vector<3x2x16xf32>
}

// -----

// Rows 1 to 3 of 4, whole: elements 3 to 11 of each channel's 12, read
// at [0, 3] of the merged buffer.
// CHECK-LABEL: func.func private @from_the_second_row
// CHECK: %[[SOURCE:.*]] = memref.collapse_shape %arg0 {{\[}}[0], [1, 2]] : memref<16x4x3xf32> into memref<16x12xf32>
// CHECK: vector.transfer_read %[[SOURCE]][%c0, %c3], %{{.*}} {in_bounds = [true, true]} : memref<16x12xf32>, vector<16x9xf32>
func.func private @from_the_second_row(%w: memref<16x4x3xf32>) -> vector<3x3x16xf32> attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = ub.poison : f32
  %tile = vector.transfer_read %w[%c0, %c1, %c0], %pad {in_bounds = [true, true, true]} : memref<16x4x3xf32>, vector<16x3x3xf32>
  %t = vector.transpose %tile, [1, 2, 0] : vector<16x3x3xf32> to vector<3x3x16xf32>
  return %t : vector<3x3x16xf32>
}

// -----

// A read that may run past the rows (padded there), or that starts inside
// a row, is no run of whole rows: it stays 3-d.
// CHECK-LABEL: func.func private @not_whole_rows
// CHECK-NOT: memref.collapse_shape
// CHECK: vector.transfer_read %arg0[%c0, %arg1, %c0], %{{.*}} {in_bounds = [true, false, true]} : memref<16x4x3xf32>, vector<16x3x3xf32>
// CHECK: vector.transfer_read %arg0[%c0, %c0, %c1], %{{.*}} : memref<16x4x3xf32>, vector<16x3x2xf32>
func.func private @not_whole_rows(%w: memref<16x4x3xf32>, %row: index) -> (vector<3x3x16xf32>, vector<3x2x16xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = ub.poison : f32
  %a = vector.transfer_read %w[%c0, %row, %c0], %pad {in_bounds = [true, false, true]} : memref<16x4x3xf32>, vector<16x3x3xf32>
  %ta = vector.transpose %a, [1, 2, 0] : vector<16x3x3xf32> to vector<3x3x16xf32>
  %b = vector.transfer_read %w[%c0, %c0, %c1], %pad {in_bounds = [true, true, true]} : memref<16x4x3xf32>, vector<16x3x2xf32>
  %tb = vector.transpose %b, [1, 2, 0] : vector<16x3x2xf32> to vector<3x2x16xf32>
  return %ta, %tb : vector<3x3x16xf32>, vector<3x2x16xf32>
}

// -----

// Merging a unit axis that is strided would make the read a strided one
// (rows of 4 elements 10 apart), and a shape_cast that no transpose uses is
// left to the lowering: both reads stay as they are.
// CHECK-LABEL: func.func private @strided_or_no_transpose
// CHECK-NOT: memref.collapse_shape
// CHECK: vector.transfer_read %arg0{{.*}} : memref<2x4x1xf32, strided<[40, 10, 1]>>, vector<2x4x1xf32>
// CHECK: vector.transfer_read %arg1{{.*}} : memref<4x16xf32>, vector<4x16xf32>
func.func private @strided_or_no_transpose(%m: memref<2x4x1xf32, strided<[40, 10, 1]>>, %n: memref<4x16xf32>) -> (vector<4x2xf32>, vector<64xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %a = vector.transfer_read %m[%c0, %c0, %c0], %pad {in_bounds = [true, true, true]} : memref<2x4x1xf32, strided<[40, 10, 1]>>, vector<2x4x1xf32>
  %b = vector.shape_cast %a : vector<2x4x1xf32> to vector<2x4xf32>
  %t = vector.transpose %b, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %c = vector.transfer_read %n[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x16xf32>, vector<4x16xf32>
  %d = vector.shape_cast %c : vector<4x16xf32> to vector<64xf32>
  return %t, %d : vector<4x2xf32>, vector<64xf32>
}

// -----

// Outside a kernel function nothing changes.
// CHECK-LABEL: func.func @graph
// CHECK-NEXT: vector.transpose %arg0, [1, 2, 0] : vector<16x3x3xf32> to vector<3x3x16xf32>
func.func @graph(%v: vector<16x3x3xf32>) -> vector<3x3x16xf32> {
  %t = vector.transpose %v, [1, 2, 0] : vector<16x3x3xf32> to vector<3x3x16xf32>
  return %t : vector<3x3x16xf32>
}
