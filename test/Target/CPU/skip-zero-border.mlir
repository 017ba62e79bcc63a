// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-skip-zero-border))' | FileCheck %s

// A full correlation's register tile, as tg-cpu-apply-opts leaves it: for
// output row y, the loops over ci, ky and kx add products of a row of 4
// gradients and 8 weights. The gradient is zero outside rows and columns
// [2, 10) (tg.zero_border): ky runs only over the steps whose row
// y + ky is inside, [max(0, 2 - y), min(3, 10 - y)). ci moves no bordered
// axis and keeps its bounds. kx moves the 4 columns a read takes at once:
// its first step reads columns 0 to 3, of which 0 and 1 are zeros; that
// step is peeled off, and its product narrowed to lanes 2 and 3 of the
// read and rows 2 and 3 of the sum. Its last step reads columns 2 to 5,
// all data, and stays in the loop. The border, used, leaves the argument.
// CHECK-LABEL: func.func private @r_10_4_8_2_3_3
// CHECK-SAME: (%{{[^:]*}}: memref<2x12x12xf32>, %
// CHECK: scf.for %[[Y:.*]] = %c0 to %c10 step %c1 {
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args
// CHECK: %[[FIRST:.*]] = arith.subi %c2{{.*}}, %[[Y]] : index
// CHECK: %[[LAST:.*]] = arith.subi %c10{{.*}}, %[[Y]] : index
// CHECK: %[[LB:.*]] = arith.maxsi %c0, %[[FIRST]] : index
// CHECK: %[[UB:.*]] = arith.minsi %c3, %[[LAST]] : index
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %c1 iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NOT: scf.for
// CHECK: %[[READ:.*]] = vector.transfer_read %{{.*}} : memref<1x4xf32, {{.*}}>, vector<1x4xf32>
// CHECK: %[[LANES:.*]] = vector.extract_strided_slice %[[READ]] {offsets = [0, 2], sizes = [1, 2], strides = [1, 1]} : vector<1x4xf32> to vector<1x2xf32>
// CHECK: %[[ROWS:.*]] = vector.extract_strided_slice %[[ACC]] {offsets = [2, 0], sizes = [2, 8], strides = [1, 1]} : vector<4x8xf32> to vector<2x8xf32>
// CHECK: %[[PART:.*]] = vector.contract {{.*}} %[[LANES]], %{{.*}}, %[[ROWS]] : vector<1x2xf32>, vector<1x8xf32> into vector<2x8xf32>
// CHECK: %[[KX0:.*]] = vector.insert_strided_slice %[[PART]], %[[ACC]] {offsets = [2, 0], strides = [1, 1]} : vector<2x8xf32> into vector<4x8xf32>
// CHECK: scf.for %{{.*}} = %c1{{.*}} to %c3{{.*}} step %c1 iter_args(%{{.*}} = %[[KX0]])
// CHECK: vector.contract {{.*}} : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
#lhs = affine_map<(i, j, k) -> (k, i)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func private @r_10_4_8_2_3_3(%g: memref<2x12x12xf32> {tg.zero_border = #tg.zero_border<low = [0, 2, 2], high = [0, 2, 2]>}, %w: memref<2x3x3x8xf32>, %out: memref<10x4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %window = memref.subview %g[0, %y, 0] [2, 3, 12] [1, 1, 1] : memref<2x12x12xf32> to memref<2x3x12xf32, strided<[144, 12, 1], offset: ?>>
    %sum = scf.for %ci = %c0 to %c2 step %c1 iter_args(%a0 = %zero) -> (vector<4x8xf32>) {
      %a1 = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a2 = %a0) -> (vector<4x8xf32>) {
        %a3 = scf.for %kx = %c0 to %c3 step %c1 iter_args(%a4 = %a2) -> (vector<4x8xf32>) {
          %row = memref.subview %window[%ci, %ky, %kx] [1, 1, 4] [1, 1, 1] : memref<2x3x12xf32, strided<[144, 12, 1], offset: ?>> to memref<1x4xf32, strided<[144, 1], offset: ?>>
          %weights = memref.subview %w[%ci, %ky, %kx, 0] [1, 1, 1, 8] [1, 1, 1, 1] : memref<2x3x3x8xf32> to memref<1x8xf32, strided<[72, 1], offset: ?>>
          %l = vector.transfer_read %row[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[144, 1], offset: ?>>, vector<1x4xf32>
          %r = vector.transfer_read %weights[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x8xf32, strided<[72, 1], offset: ?>>, vector<1x8xf32>
          %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a4 : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
          scf.yield %s : vector<4x8xf32>
        }
        scf.yield %a3 : vector<4x8xf32>
      }
      scf.yield %a1 : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}

// -----

// What keeps its bounds: a step that also writes memory; a step whose
// products are combined by max (0 need not be neutral); reads of an
// argument without a zero border; a read that may run out of bounds (its
// lanes there are the padding value, not the argument's zeros).
// CHECK-LABEL: func.func private @r_writes
// CHECK-NOT: arith.maxsi
// CHECK-LABEL: func.func private @r_max
// CHECK-NOT: arith.maxsi
// CHECK-LABEL: func.func private @r_no_border
// CHECK-NOT: arith.maxsi
// CHECK-LABEL: func.func private @r_out_of_bounds
// CHECK-NOT: arith.maxsi
#lhs = affine_map<(i, j, k) -> (k, i)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func private @r_writes(%g: memref<12x12xf32> {tg.zero_border = #tg.zero_border<low = [2, 2], high = [2, 2]>}, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>, %seen: memref<3xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %g[%y, 0] [3, 12] [1, 1] : memref<12x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      %one = arith.constant 1.0 : f32
      memref.store %one, %seen[%ky] : memref<3xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}
func.func private @r_max(%g: memref<12x12xf32> {tg.zero_border = #tg.zero_border<low = [2, 2], high = [2, 2]>}, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %g[%y, 0] [3, 12] [1, 1] : memref<12x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}
func.func private @r_no_border(%g: memref<12x12xf32>, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %g[%y, 0] [3, 12] [1, 1] : memref<12x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}

func.func private @r_out_of_bounds(%g: memref<12x12xf32> {tg.zero_border = #tg.zero_border<low = [2, 2], high = [2, 2]>}, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %g[%y, 0] [3, 12] [1, 1] : memref<12x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [false, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}

// -----

// The same step as @r_writes without the store: its row y + ky is
// narrowed to [2, 10). Outside kernels nothing changes.
// CHECK-LABEL: func.func private @r_rows
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK-LABEL: func.func @host
// CHECK-SAME: tg.zero_border
// CHECK-NOT: arith.maxsi
#lhs = affine_map<(i, j, k) -> (k, i)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func private @r_rows(%g: memref<12x12xf32> {tg.zero_border = #tg.zero_border<low = [2, 2], high = [2, 2]>}, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %g[%y, 0] [3, 12] [1, 1] : memref<12x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}
func.func @host(%g: memref<12x12xf32> {tg.zero_border = #tg.zero_border<low = [2, 2], high = [2, 2]>}, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %g[%y, 0] [3, 12] [1, 1] : memref<12x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}

// -----

// Reads are traced through a collapse of unit axes (an image of a batch of
// one), not through one that merges two wide axes (rows 2 and 3 of the
// 2x12x12 argument read as one axis of 24: the row is no longer one axis
// of the argument).
// CHECK-LABEL: func.func private @r_unit_batch
// CHECK: arith.maxsi
// CHECK-LABEL: func.func private @r_merged_rows
// CHECK-NOT: arith.maxsi
#lhs = affine_map<(i, j, k) -> (k, i)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func private @r_unit_batch(%g: memref<1x12x12xf32> {tg.zero_border = #tg.zero_border<low = [0, 2, 2], high = [0, 2, 2]>}, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  %image = memref.collapse_shape %g [[0, 1], [2]] : memref<1x12x12xf32> into memref<12x12xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %image[%y, 0] [3, 12] [1, 1] : memref<12x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}
func.func private @r_merged_rows(%g: memref<2x12x12xf32> {tg.zero_border = #tg.zero_border<low = [0, 2, 2], high = [0, 2, 2]>}, %w: memref<3x8xf32>, %out: memref<10x4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  %rows = memref.collapse_shape %g [[0, 1], [2]] : memref<2x12x12xf32> into memref<24x12xf32>
  scf.for %y = %c0 to %c10 step %c1 {
    %sum = scf.for %ky = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<4x8xf32>) {
      %row = memref.subview %rows[%y, 0] [3, 12] [1, 1] : memref<24x12xf32> to memref<3x12xf32, strided<[12, 1], offset: ?>>
      %shifted = memref.subview %row[%ky, 0] [1, 4] [1, 1] : memref<3x12xf32, strided<[12, 1], offset: ?>> to memref<1x4xf32, strided<[12, 1], offset: ?>>
      %l = vector.transfer_read %shifted[%c0, %c0], %pad {in_bounds = [true, true]} : memref<1x4xf32, strided<[12, 1], offset: ?>>, vector<1x4xf32>
      %r = vector.transfer_read %w[%ky, %c0], %pad {in_bounds = [true, true]} : memref<3x8xf32>, vector<1x8xf32>
      %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
      scf.yield %s : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%y, %c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<10x4x8xf32>
  }
  return
}

// -----

// A row of 12 outputs in tiles of 4 columns, as a full correlation over
// data in columns [2, 12) reads it: tile x reads columns x + kx to
// x + kx + 3. The first tile reads zeros at kx = 0 (lanes 0 and 1) and
// kx = 1 (lane 0), the last at kx = 1 (lane 3) and kx = 2 (lanes 2 and
// 3). Both are peeled off the loop over tiles, their steps of kx
// unrolled, and each product narrowed to its lanes of data; the middle
// tile reads data only and keeps its loops.
// CHECK-LABEL: func.func private @r_12_8_2_3
// CHECK: scf.for %{{.*}} = %c0 to %c2{{[_0-9]*}} step %c1{{[_0-9]*}} iter_args
// CHECK-NOT: scf.for
// CHECK: vector.contract {{.*}} into vector<2x8xf32>
// CHECK-NOT: scf.for
// CHECK: vector.contract {{.*}} into vector<3x8xf32>
// CHECK-NOT: scf.for
// CHECK: vector.contract {{.*}} : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%c0{{.*}}, %c0{{.*}}]
// CHECK: scf.for %[[X:.*]] = %c4{{.*}} to %c8{{.*}} step %c4 {
// CHECK: scf.for %{{.*}} = %c0 to %c2{{[_0-9]*}} step %c1{{[_0-9]*}} iter_args
// CHECK: scf.for %{{.*}} = %c0 to %c3{{[_0-9]*}} step %c1{{[_0-9]*}} iter_args
// CHECK: vector.contract {{.*}} into vector<4x8xf32>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%[[X]], %c0{{.*}}]
// CHECK: scf.for %{{.*}} = %c0 to %c2{{[_0-9]*}} step %c1{{[_0-9]*}} iter_args
// CHECK-NOT: scf.for
// CHECK: vector.contract {{.*}} : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
// CHECK-NOT: scf.for
// CHECK: vector.contract {{.*}} into vector<3x8xf32>
// CHECK-NOT: scf.for
// CHECK: vector.contract {{.*}} into vector<2x8xf32>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%c8{{.*}}, %c0{{.*}}]
#lhs = affine_map<(i, j, k) -> (k, i)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func private @r_12_8_2_3(%g: memref<2x14xf32> {tg.zero_border = #tg.zero_border<low = [0, 2], high = [0, 2]>}, %w: memref<2x3x8xf32>, %out: memref<12x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %x = %c0 to %c12 step %c4 {
    %sum = scf.for %ci = %c0 to %c2 step %c1 iter_args(%a0 = %zero) -> (vector<4x8xf32>) {
      %a1 = scf.for %kx = %c0 to %c3 step %c1 iter_args(%a2 = %a0) -> (vector<4x8xf32>) {
        %column = arith.addi %x, %kx : index
        %l = vector.transfer_read %g[%ci, %column], %pad {in_bounds = [true, true]} : memref<2x14xf32>, vector<1x4xf32>
        %r = vector.transfer_read %w[%ci, %kx, %c0], %pad {in_bounds = [true, true]} : memref<2x3x8xf32>, vector<1x8xf32>
        %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a2 : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
        scf.yield %s : vector<4x8xf32>
      }
      scf.yield %a1 : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%x, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<12x8xf32>
  }
  return
}

// -----

// What keeps its tiles: columns moved by a step of 9 or more (kx of a
// 9x9, too long to unroll); a tile loop whose bounds are not constants;
// the loop the workers split (tg.split: every worker would run the
// peeled tiles); lanes the product sums over (a dot product of columns,
// not an output's lanes).
// CHECK-LABEL: func.func private @r_long_steps
// CHECK-NOT: vector.extract_strided_slice
// CHECK-LABEL: func.func private @r_dynamic_tiles
// CHECK-NOT: vector.extract_strided_slice
// CHECK-LABEL: func.func private @r_split_tiles
// CHECK-NOT: vector.extract_strided_slice
// CHECK-LABEL: func.func private @r_summed_lanes
// CHECK-NOT: vector.extract_strided_slice
// CHECK-NOT: scf.for %{{.*}} = %c1
#lhs = affine_map<(i, j, k) -> (k, i)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func private @r_long_steps(%g: memref<2x24xf32> {tg.zero_border = #tg.zero_border<low = [0, 8], high = [0, 8]>}, %w: memref<2x9x8xf32>, %out: memref<16x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c16 = arith.constant 16 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %x = %c0 to %c16 step %c4 {
    %sum = scf.for %ci = %c0 to %c2 step %c1 iter_args(%a0 = %zero) -> (vector<4x8xf32>) {
      %a1 = scf.for %kx = %c0 to %c9 step %c1 iter_args(%a2 = %a0) -> (vector<4x8xf32>) {
        %column = arith.addi %x, %kx : index
        %l = vector.transfer_read %g[%ci, %column], %pad {in_bounds = [true, true]} : memref<2x24xf32>, vector<1x4xf32>
        %r = vector.transfer_read %w[%ci, %kx, %c0], %pad {in_bounds = [true, true]} : memref<2x9x8xf32>, vector<1x8xf32>
        %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a2 : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
        scf.yield %s : vector<4x8xf32>
      }
      scf.yield %a1 : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%x, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<16x8xf32>
  }
  return
}
func.func private @r_dynamic_tiles(%g: memref<2x14xf32> {tg.zero_border = #tg.zero_border<low = [0, 2], high = [0, 2]>}, %w: memref<2x3x8xf32>, %out: memref<12x8xf32>, %end: index) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %x = %c0 to %end step %c4 {
    %sum = scf.for %ci = %c0 to %c2 step %c1 iter_args(%a0 = %zero) -> (vector<4x8xf32>) {
      %a1 = scf.for %kx = %c0 to %c3 step %c1 iter_args(%a2 = %a0) -> (vector<4x8xf32>) {
        %column = arith.addi %x, %kx : index
        %l = vector.transfer_read %g[%ci, %column], %pad {in_bounds = [true, true]} : memref<2x14xf32>, vector<1x4xf32>
        %r = vector.transfer_read %w[%ci, %kx, %c0], %pad {in_bounds = [true, true]} : memref<2x3x8xf32>, vector<1x8xf32>
        %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a2 : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
        scf.yield %s : vector<4x8xf32>
      }
      scf.yield %a1 : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%x, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<12x8xf32>
  }
  return
}
func.func private @r_split_tiles(%g: memref<2x14xf32> {tg.zero_border = #tg.zero_border<low = [0, 2], high = [0, 2]>}, %w: memref<2x3x8xf32>, %out: memref<12x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  scf.for %x = %c0 to %c12 step %c4 {
    %sum = scf.for %ci = %c0 to %c2 step %c1 iter_args(%a0 = %zero) -> (vector<4x8xf32>) {
      %a1 = scf.for %kx = %c0 to %c3 step %c1 iter_args(%a2 = %a0) -> (vector<4x8xf32>) {
        %column = arith.addi %x, %kx : index
        %l = vector.transfer_read %g[%ci, %column], %pad {in_bounds = [true, true]} : memref<2x14xf32>, vector<1x4xf32>
        %r = vector.transfer_read %w[%ci, %kx, %c0], %pad {in_bounds = [true, true]} : memref<2x3x8xf32>, vector<1x8xf32>
        %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a2 : vector<1x4xf32>, vector<1x8xf32> into vector<4x8xf32>
        scf.yield %s : vector<4x8xf32>
      }
      scf.yield %a1 : vector<4x8xf32>
    }
    vector.transfer_write %sum, %out[%x, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<12x8xf32>
  } {tg.split}
  return
}
#dot_lhs = affine_map<(j, k) -> (k)>
#dot_rhs = affine_map<(j, k) -> (k, j)>
#dot_acc = affine_map<(j, k) -> (j)>
func.func private @r_summed_lanes(%g: memref<14xf32> {tg.zero_border = #tg.zero_border<low = [2], high = [2]>}, %w: memref<3x4x8xf32>, %out: memref<8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %sum = scf.for %kx = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (vector<8xf32>) {
    %l = vector.transfer_read %g[%kx], %pad {in_bounds = [true]} : memref<14xf32>, vector<4xf32>
    %r = vector.transfer_read %w[%kx, %c0, %c0], %pad {in_bounds = [true, true]} : memref<3x4x8xf32>, vector<4x8xf32>
    %s = vector.contract {indexing_maps = [#dot_lhs, #dot_rhs, #dot_acc], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %a : vector<4xf32>, vector<4x8xf32> into vector<8xf32>
    scf.yield %s : vector<8xf32>
  }
  vector.transfer_write %sum, %out[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  return
}
