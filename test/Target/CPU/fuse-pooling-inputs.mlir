// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-fuse-pooling-inputs))' | FileCheck %s

// A max pooling (windows of 3, stride 2) of x padded with -inf, as
// where(pad(true), pad(x), -inf): the mask and the padded copy are
// computed in the pooling's windows, from x, and neither is kept.
// CHECK-LABEL: func.func private @max_pool_padded(
// CHECK-SAME:      %[[X:.*]]: tensor<4xf32>
// CHECK-NOT:     -> tensor<6x
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK:           %[[WINDOW:.*]] = linalg.index 1 : index
// CHECK:           tensor.extract %[[X]]
// CHECK:           arith.maximumf
// CHECK-NOT:     linalg.generic
#index = affine_map<(d0) -> (d0)>
#window = affine_map<(d0, d1) -> (d0 * 2 + d1)>
#shape = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func private @max_pool_padded(%x: tensor<4xf32>, %init: tensor<2xf32>) -> tensor<2xf32> attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<6xi1>
  %mask = linalg.generic {indexing_maps = [#index], iterator_types = ["parallel"]} outs(%e1 : tensor<6xi1>) {
  ^bb0(%out: i1):
    %i = linalg.index 0 : index
    %lo = arith.cmpi sge, %i, %c1 : index
    %hi = arith.cmpi slt, %i, %c5 : index
    %in = arith.andi %lo, %hi : i1
    linalg.yield %in : i1
  } -> tensor<6xi1>
  %e2 = tensor.empty() : tensor<6xf32>
  %padded = linalg.generic {indexing_maps = [#index], iterator_types = ["parallel"]} outs(%e2 : tensor<6xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %lo = arith.cmpi sge, %i, %c1 : index
    %hi = arith.cmpi slt, %i, %c5 : index
    %in = arith.andi %lo, %hi : i1
    %shifted = arith.subi %i, %c1 : index
    %j = arith.select %in, %shifted, %c0 : index
    %v = tensor.extract %x[%j] : tensor<4xf32>
    %r = arith.select %in, %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %shape = tensor.empty() : tensor<2x3xf32>
  %fill = linalg.fill ins(%ninf : f32) outs(%init : tensor<2xf32>) -> tensor<2xf32>
  %max = linalg.generic {indexing_maps = [#shape, #window, #window, #out], iterator_types = ["parallel", "reduction"]} ins(%shape, %mask, %padded : tensor<2x3xf32>, tensor<6xi1>, tensor<6xf32>) outs(%fill : tensor<2xf32>) {
  ^bb0(%s: f32, %m: i1, %p: f32, %acc: f32):
    %v = arith.select %m, %p, %ninf : f32
    %r = arith.maximumf %acc, %v : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  return %max : tensor<2xf32>
}

// -----

// A contraction (a sum of products) over a padded input keeps it as a
// stage: its tiles read operands as vectors, not through a gather.
// CHECK-LABEL: func.func private @contraction_keeps_its_pad(
// CHECK:         %[[PADDED:.*]] = linalg.generic
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[PADDED]], %{{.*}} : tensor<6xf32>, tensor<3xf32>)
#index = affine_map<(d0) -> (d0)>
#window = affine_map<(d0, d1) -> (d0 * 2 + d1)>
#weight = affine_map<(d0, d1) -> (d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func private @contraction_keeps_its_pad(%x: tensor<4xf32>, %w: tensor<3xf32>, %init: tensor<2xf32>) -> tensor<2xf32> attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %padded = linalg.generic {indexing_maps = [#index], iterator_types = ["parallel"]} outs(%e : tensor<6xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %lo = arith.cmpi sge, %i, %c1 : index
    %hi = arith.cmpi slt, %i, %c5 : index
    %in = arith.andi %lo, %hi : i1
    %shifted = arith.subi %i, %c1 : index
    %j = arith.select %in, %shifted, %c0 : index
    %v = tensor.extract %x[%j] : tensor<4xf32>
    %r = arith.select %in, %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<2xf32>) -> tensor<2xf32>
  %conv = linalg.generic {indexing_maps = [#window, #weight, #out], iterator_types = ["parallel", "reduction"]} ins(%padded, %w : tensor<6xf32>, tensor<3xf32>) outs(%fill : tensor<2xf32>) {
  ^bb0(%p: f32, %k: f32, %acc: f32):
    %m = arith.mulf %p, %k : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  return %conv : tensor<2xf32>
}

// -----

// A stage with an input (a ReLU of an argument) is not computed from
// indices: the pooling reads it as it is.
// CHECK-LABEL: func.func private @pooling_of_a_computed_stage(
// CHECK:         %[[RELU:.*]] = linalg.generic
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %[[RELU]] : tensor<2x3xf32>, tensor<6xf32>)
#index = affine_map<(d0) -> (d0)>
#window = affine_map<(d0, d1) -> (d0 * 2 + d1)>
#shape = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func private @pooling_of_a_computed_stage(%x: tensor<6xf32>, %init: tensor<2xf32>) -> tensor<2xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %relu = linalg.generic {indexing_maps = [#index, #index], iterator_types = ["parallel"]} ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%v: f32, %out: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %shape = tensor.empty() : tensor<2x3xf32>
  %max = linalg.generic {indexing_maps = [#shape, #window, #out], iterator_types = ["parallel", "reduction"]} ins(%shape, %relu : tensor<2x3xf32>, tensor<6xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%s: f32, %p: f32, %acc: f32):
    %r = arith.maximumf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  return %max : tensor<2xf32>
}

// -----

// A sum of a pad reads it along its loops, each element once: the stage is
// left, and the sum's rows vectorize.
// CHECK-LABEL: func.func private @sum_of_a_pad(
// CHECK:         %[[PADDED:.*]] = linalg.generic
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[PADDED]] : tensor<2x6xf32>)
#pad = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @sum_of_a_pad(%x: tensor<2x4xf32>, %init: tensor<2xf32>) -> tensor<2xf32> attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x6xf32>
  %padded = linalg.generic {indexing_maps = [#pad], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<2x6xf32>) {
  ^bb0(%out: f32):
    %r = linalg.index 0 : index
    %i = linalg.index 1 : index
    %lo = arith.cmpi sge, %i, %c1 : index
    %hi = arith.cmpi slt, %i, %c5 : index
    %in = arith.andi %lo, %hi : i1
    %shifted = arith.subi %i, %c1 : index
    %j = arith.select %in, %shifted, %c0 : index
    %v = tensor.extract %x[%r, %j] : tensor<2x4xf32>
    %p = arith.select %in, %v, %zero : f32
    linalg.yield %p : f32
  } -> tensor<2x6xf32>
  %sum = linalg.generic {indexing_maps = [#pad, #row], iterator_types = ["parallel", "reduction"]} ins(%padded : tensor<2x6xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%p: f32, %acc: f32):
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  return %sum : tensor<2xf32>
}
