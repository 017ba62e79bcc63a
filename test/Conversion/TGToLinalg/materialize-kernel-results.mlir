// RUN: tg-opt %s --split-input-file --tg-materialize-kernel-results | FileCheck %s

// The result is the output written through destination operands, and
// nothing else reads the output: unchanged.
// CHECK-LABEL: func.func private @threaded(
// CHECK-NOT:     linalg.copy
// CHECK:         return
#id = affine_map<(i) -> (i)>
func.func private @threaded(%x: tensor<4xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A stage folded away: the result is a slice of an input. It is copied
// into the output.
// CHECK-LABEL: func.func private @folded(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xi32>, %[[OUT:.+]]: tensor<2x2xi32>)
// CHECK:         %[[S:.+]] = tensor.extract_slice %[[X]]
// CHECK:         %[[C:.+]] = linalg.copy ins(%[[S]] : tensor<2x2xi32>) outs(%[[OUT]] : tensor<2x2xi32>)
// CHECK:         return %[[C]]
func.func private @folded(%x: tensor<2x3xi32>, %out: tensor<2x2xi32>) -> tensor<2x2xi32> attributes {tg.kernel} {
  %s = tensor.extract_slice %x[0, 0] [2, 2] [1, 1] : tensor<2x3xi32> to tensor<2x2xi32>
  return %s : tensor<2x2xi32>
}

// -----

// An in-place kernel reading its target at other elements (x += flip(x)):
// bufferization computes the result in a temporary, which is copied into
// the output. Running the pass again adds nothing.
// CHECK-LABEL: func.func private @reads_output(
// CHECK-SAME:      %[[OUT:.+]]: tensor<4xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK:         %[[C:.+]] = linalg.copy ins(%[[R]] : tensor<4xf32>) outs(%[[OUT]] : tensor<4xf32>)
// CHECK-NEXT:    return %[[C]]
// CHECK-NOT:     linalg.copy
#flip = affine_map<(i) -> (3 - i)>
#same = affine_map<(i) -> (i)>
func.func private @reads_output(%out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#flip, #same], iterator_types = ["parallel"]}
      ins(%out : tensor<4xf32>) outs(%out : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The output written through a collapse of its size-1 axis and expanded
// back (after tg-cpu-drop-unit-dims): the same buffer, unchanged.
// CHECK-LABEL: func.func private @through_reshapes(
// CHECK-NOT:     linalg.copy
// CHECK:         return
#row = affine_map<(i, j) -> (i, j)>
#sum = affine_map<(i, j) -> (i)>
func.func private @through_reshapes(%x: tensor<8x4xf32>, %out: tensor<8x1xf32>) -> tensor<8x1xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %out [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%flat : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#row, #sum], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %back = tensor.expand_shape %r [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  return %back : tensor<8x1xf32>
}

// -----

// The collapsed output is also read (x += reverse(x) on a collapsed view):
// copied.
// CHECK-LABEL: func.func private @reads_reshaped_output(
// CHECK-SAME:      %[[OUT:.+]]: tensor<4x1xf32>)
// CHECK:         %[[B:.+]] = tensor.expand_shape
// CHECK:         %[[C:.+]] = linalg.copy ins(%[[B]] : tensor<4x1xf32>) outs(%[[OUT]] : tensor<4x1xf32>)
// CHECK-NEXT:    return %[[C]]
#flip = affine_map<(i) -> (3 - i)>
#same = affine_map<(i) -> (i)>
func.func private @reads_reshaped_output(%out: tensor<4x1xf32>) -> tensor<4x1xf32> attributes {tg.kernel} {
  %flat = tensor.collapse_shape %out [[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#flip, #same], iterator_types = ["parallel"]}
      ins(%flat : tensor<4xf32>) outs(%flat : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %back = tensor.expand_shape %r [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  return %back : tensor<4x1xf32>
}

// -----

// Functions that are not kernels are left alone.
// CHECK-LABEL: func.func @host(
// CHECK-NOT:     linalg.copy
func.func @host(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
