// RUN: tg-opt %s -split-input-file --tg-to-linalg --mlir-print-local-scope | FileCheck %s

// A loop whose index the kernel reads only as `i floordiv k` and
// `i floormod k` is split into [n / k, k]: its reads are then at affine
// indices and become operands of the generic, whose output is the kernel's
// result expanded, collapsed back after it.

// Nearest upsampling by 2: out[i] = x[i floordiv 2].
// CHECK-LABEL: func.func private @k_upsample(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[OUT:[a-z0-9]+]]: tensor<8xf32>)
// CHECK:         %[[SPLIT:.+]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [4, 2]
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]] : tensor<4xf32>) outs(%[[SPLIT]] : tensor<4x2xf32>)
// CHECK-NOT:       tg.floordiv
// CHECK-NOT:       tensor.extract
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<4x2xf32> into tensor<8xf32>
// CHECK:         return %[[FLAT]]
func.func @upsample(%x: tensor<4xf32>) -> tensor<8xf32> {
  %0 = tg.kernel(%x) {name = "k_upsample"} : (tensor<4xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<4xf32>):
    %r = tg.reshape %a : tensor<4xf32> to tensor<4x1xf32>
    %e = tg.expand %r : tensor<4x1xf32> to tensor<4x2xf32>
    %f = tg.reshape %e : tensor<4x2xf32> to tensor<8xf32>
    tg.yield %f : tensor<8xf32>
  }
  return %0 : tensor<8xf32>
}

// -----

// Two phases interleaved (a stride-2 convolution's input gradient along one
// axis): out[i] = (i mod 2 == 0 ? a[i / 2] : 0) + (i mod 2 == 1 ? b[i / 2] : 0).
// Both reads become operands; the phase is the inner loop's index.
// CHECK-LABEL: func.func private @k_interleave(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<3xf32>, %[[B:[a-z0-9]+]]: tensor<3xf32>, %[[OUT:[a-z0-9]+]]: tensor<6xf32>)
// CHECK:         %[[SPLIT:.+]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [3, 2]
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<3xf32>, tensor<3xf32>) outs(%[[SPLIT]] : tensor<3x2xf32>)
// CHECK:           %[[PHASE:.+]] = linalg.index 1 : index
// CHECK-NOT:       tg.floormod
// CHECK-NOT:       tensor.extract
// CHECK:         tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
func.func @interleave(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<6xf32> {
  %0 = tg.kernel(%a, %b) {name = "k_interleave"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32> {
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %xr = tg.reshape %x : tensor<3xf32> to tensor<3x1xf32>
    %xp = tg.pad %xr low [0, 0] high [0, 1] : tensor<3x1xf32> -> tensor<3x2xf32>
    %yr = tg.reshape %y : tensor<3xf32> to tensor<3x1xf32>
    %yp = tg.pad %yr low [0, 1] high [0, 0] : tensor<3x1xf32> -> tensor<3x2xf32>
    %s = tg.add %xp, %yp : tensor<3x2xf32>
    %f = tg.reshape %s : tensor<3x2xf32> to tensor<6xf32>
    tg.yield %f : tensor<6xf32>
  }
  return %0 : tensor<6xf32>
}

// -----

// A 2x2 pooling's gradient reads the pooled value at [y / 2, x / 2] and the
// input at [y, x]: both loops split, and the input, read along the split
// loop as one axis, is read through expand_shape.
// CHECK-LABEL: func.func private @k_pool_grad(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x6xf32>, %[[M:[a-z0-9]+]]: tensor<2x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x6xf32>)
// CHECK-DAG:     %[[XS:.+]] = tensor.expand_shape %[[X]] {{\[}}[0, 1], [2, 3]] output_shape [2, 2, 3, 2]
// CHECK-DAG:     %[[OS:.+]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1], [2, 3]] output_shape [2, 2, 3, 2]
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-NOT:       tensor.extract
// CHECK:         tensor.collapse_shape %[[R]] {{\[}}[0, 1], [2, 3]] : tensor<2x2x3x2xf32> into tensor<4x6xf32>
func.func @pool_grad(%x: tensor<4x6xf32>, %m: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %0 = tg.kernel(%x, %m) {name = "k_pool_grad"} : (tensor<4x6xf32>, tensor<2x3xf32>) -> tensor<4x6xf32> {
  ^bb0(%a: tensor<4x6xf32>, %b: tensor<2x3xf32>):
    %r = tg.reshape %b : tensor<2x3xf32> to tensor<2x1x3x1xf32>
    %e = tg.expand %r : tensor<2x1x3x1xf32> to tensor<2x2x3x2xf32>
    %f = tg.reshape %e : tensor<2x2x3x2xf32> to tensor<4x6xf32>
    %eq = tg.cmpeq %a, %f : tensor<4x6xf32>
    %c = tg.cast %eq : tensor<4x6xi1> to tensor<4x6xf32>
    tg.yield %c : tensor<4x6xf32>
  }
  return %0 : tensor<4x6xf32>
}

// -----

// What stays: an index also read another way than floordiv and floormod
// (here flipped, at 5 - i), and a divisor that does not divide the loop
// (a 7-long loop read at i floordiv 2).
// CHECK-LABEL: func.func private @k_upsample_flipped(
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-NOT:     tensor.expand_shape
// CHECK:         tensor.extract
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         return
func.func @upsample_flipped(%x: tensor<3xf32>, %y: tensor<6xf32>) -> tensor<6xf32> {
  %0 = tg.kernel(%x, %y) {name = "k_upsample_flipped"} : (tensor<3xf32>, tensor<6xf32>) -> tensor<6xf32> {
  ^bb0(%a: tensor<3xf32>, %b: tensor<6xf32>):
    %r = tg.reshape %a : tensor<3xf32> to tensor<3x1xf32>
    %e = tg.expand %r : tensor<3x1xf32> to tensor<3x2xf32>
    %f = tg.reshape %e : tensor<3x2xf32> to tensor<6xf32>
    %g = tg.flip %b [0] : tensor<6xf32>
    %s = tg.add %f, %g : tensor<6xf32>
    tg.yield %s : tensor<6xf32>
  }
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func private @k_upsample_uneven(
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-NOT:     tensor.expand_shape
// CHECK:         tg.floordiv
// CHECK:         tensor.extract
// CHECK:         return
func.func @upsample_uneven(%x: tensor<4xf32>) -> tensor<7xf32> {
  %0 = tg.kernel(%x) {name = "k_upsample_uneven"} : (tensor<4xf32>) -> tensor<7xf32> {
  ^bb0(%a: tensor<4xf32>):
    %r = tg.reshape %a : tensor<4xf32> to tensor<4x1xf32>
    %e = tg.expand %r : tensor<4x1xf32> to tensor<4x2xf32>
    %f = tg.reshape %e : tensor<4x2xf32> to tensor<8xf32>
    %s = tg.shrink %f begin [0] end [7] : tensor<8xf32> -> tensor<7xf32>
    tg.yield %s : tensor<7xf32>
  }
  return %0 : tensor<7xf32>
}
