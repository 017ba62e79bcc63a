// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-skip-zero-border))' | FileCheck %s

// A full correlation's register tile, as tg-cpu-apply-opts leaves it: for
// output row y, the loops over ci, ky and kx add products of a row of 4
// gradients and 8 weights. The gradient is zero outside rows and columns
// [2, 10) (tg.zero_border): ky runs only over the steps whose row
// y + ky is inside, [max(0, 2 - y), min(3, 10 - y)). ci moves no bordered
// axis, and kx moves the 4 columns a read takes at once: both keep their
// bounds.
// CHECK-LABEL: func.func private @r_10_4_8_2_3_3
// CHECK: scf.for %[[Y:.*]] = %c0 to %c10 step %c1 {
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args
// CHECK: %[[FIRST:.*]] = arith.subi %c2{{.*}}, %[[Y]] : index
// CHECK: %[[LAST:.*]] = arith.subi %c10{{.*}}, %[[Y]] : index
// CHECK: %[[LB:.*]] = arith.maxsi %c0, %[[FIRST]] : index
// CHECK: %[[UB:.*]] = arith.minsi %c3, %[[LAST]] : index
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %c1 iter_args
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args
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
