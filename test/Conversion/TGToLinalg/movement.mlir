// RUN: tg-opt %s -split-input-file --tg-to-linalg --mlir-print-local-scope | FileCheck %s

// Movement ops inside a kernel become index arithmetic, composed from the
// output back to the input (tinygrad's rangeify). After tg-symbolic's rules,
// a read whose indices are affine in the loop indices is an operand of the
// linalg.generic with that indexing map; any other read stays a
// tensor.extract at computed indices, masked with tg.where for padding.

// permute: result axis i is input axis order[i].
// CHECK-LABEL: func.func private @k_permute(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<3x2xf32>) -> tensor<3x2xf32> attributes {tg.kernel}
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]] : tensor<2x3xf32>) outs(%[[OUT]] : tensor<3x2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:      %[[E:.+]] = tg.exp2 %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
// CHECK:         return %[[R]] : tensor<3x2xf32>
// CHECK-NOT:     tensor.extract
func.func @permute(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = tg.kernel(%x) {name = "k_permute"} : (tensor<2x3xf32>) -> tensor<3x2xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %t = tg.permute %a [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
    %e = tg.exp2 %t : tensor<3x2xf32>
    tg.yield %e : tensor<3x2xf32>
  }
  return %0 : tensor<3x2xf32>
}

// -----

// A rank-3 permutation: output (i, j, k) reads x[k, i, j] for order [2, 0, 1].
// CHECK-LABEL: func.func private @k_permute3(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
func.func @permute3(%x: tensor<2x3x4xi32>) -> tensor<4x2x3xi32> {
  %0 = tg.kernel(%x) {name = "k_permute3"} : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32> {
  ^bb0(%a: tensor<2x3x4xi32>):
    %t = tg.permute %a [2, 0, 1] : tensor<2x3x4xi32> -> tensor<4x2x3xi32>
    tg.yield %t : tensor<4x2x3xi32>
  }
  return %0 : tensor<4x2x3xi32>
}

// -----

// expand: a broadcast axis is read at 0.
// CHECK-LABEL: func.func private @k_expand(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x3xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]] : tensor<1x3xf32>) outs(%[[OUT]] : tensor<4x3xf32>)
func.func @expand(%x: tensor<1x3xf32>) -> tensor<4x3xf32> {
  %0 = tg.kernel(%x) {name = "k_expand"} : (tensor<1x3xf32>) -> tensor<4x3xf32> {
  ^bb0(%a: tensor<1x3xf32>):
    %e = tg.expand %a : tensor<1x3xf32> to tensor<4x3xf32>
    %n = tg.neg %e : tensor<4x3xf32>
    tg.yield %n : tensor<4x3xf32>
  }
  return %0 : tensor<4x3xf32>
}

// -----

// A scalar broadcast: reshape to rank 1, then expand. The read has no indices.
// CHECK-LABEL: func.func private @k_scalar_broadcast(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>]
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      ins(%{{.+}} : tensor<f32>)
func.func @scalar_broadcast(%x: tensor<f32>) -> tensor<3xf32> {
  %0 = tg.kernel(%x) {name = "k_scalar_broadcast"} : (tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>):
    %r = tg.reshape %a : tensor<f32> to tensor<1xf32>
    %e = tg.expand %r : tensor<1xf32> to tensor<3xf32>
    tg.yield %e : tensor<3xf32>
  }
  return %0 : tensor<3xf32>
}

// -----

// shrink: index + begin.
// CHECK-LABEL: func.func private @k_shrink(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0 + 1, d1 + 2)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<4x5xf32>) outs(%{{.+}} : tensor<2x3xf32>)
func.func @shrink(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x) {name = "k_shrink"} : (tensor<4x5xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<4x5xf32>):
    %s = tg.shrink %a begin [1, 2] end [3, 5] : tensor<4x5xf32> -> tensor<2x3xf32>
    %e = tg.exp2 %s : tensor<2x3xf32>
    tg.yield %e : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// flip: n - 1 - i on the flipped axis only.
// CHECK-LABEL: func.func private @k_flip(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, -d1 + 2)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<2x3xf32>)
func.func @flip(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x) {name = "k_flip"} : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %f = tg.flip %a [1] : tensor<2x3xf32>
    %e = tg.exp2 %f : tensor<2x3xf32>
    tg.yield %e : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func private @k_flip_all(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (-d0 + 1, -d1 + 2)>, affine_map<(d0, d1) -> (d0, d1)>]
func.func @flip_all(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x) {name = "k_flip_all"} : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %f = tg.flip %a [0, 1] : tensor<2x3xf32>
    tg.yield %f : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// Flipping twice is the identity (symbolic simplification of n-1-(n-1-i));
// the same input read at two different indices is two operands.
// CHECK-LABEL: func.func private @k_flip_twice(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, -d1 + 2)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[X]], %[[X]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[OUT]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[A:[a-z0-9_]+]]: f32, %[[B:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @flip_twice(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x) {name = "k_flip_twice"} : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %f = tg.flip %a [1] : tensor<2x3xf32>
    %g = tg.flip %f [1] : tensor<2x3xf32>
    %s = tg.add %g, %f : tensor<2x3xf32>
    tg.yield %s : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// pad: not affine. The element at i - low is read under the mask
// low <= i < low + n, at an index clamped to 0 outside it, and the padding
// is zero. Here axis 0 is padded before (1 <= i) and axis 1 after (j < 3).
// CHECK-LABEL: func.func private @k_pad(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<3x5xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0.000000e+00 : f32
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C1:.+]] = tg.const 1 : index
// CHECK-DAG:     %[[C3:.+]] = tg.const 3 : index
// CHECK-DAG:     %[[CM1:.+]] = tg.const -1 : index
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      outs(%[[OUT]] : tensor<3x5xf32>)
// CHECK-DAG:       %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[J:.+]] = linalg.index 1 : index
// CHECK-DAG:       %[[IM1:.+]] = tg.add %[[I]], %[[CM1]] : index
// CHECK-DAG:       %[[ILOW:.+]] = tg.cmplt %[[I]], %[[C1]] : index
// CHECK-DAG:       %[[ROW:.+]] = tg.where %[[ILOW]], %[[C0]], %[[IM1]] : index
// CHECK-DAG:       %[[JIN:.+]] = tg.cmplt %[[J]], %[[C3]] : index
// CHECK-DAG:       %[[COL:.+]] = tg.where %[[JIN]], %[[J]], %[[C0]] : index
// CHECK-DAG:       %[[VALID:.+]] = tg.and %{{.+}}, %[[JIN]] : i1
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[ROW]], %[[COL]]] : tensor<2x3xf32>
// CHECK:           %[[M:.+]] = tg.where %[[VALID]], %[[V]], %[[ZERO]] : f32
// CHECK:           %[[E:.+]] = tg.exp2 %[[M]] : f32
// CHECK:           linalg.yield %[[E]] : f32
func.func @pad(%x: tensor<2x3xf32>) -> tensor<3x5xf32> {
  %0 = tg.kernel(%x) {name = "k_pad"} : (tensor<2x3xf32>) -> tensor<3x5xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %p = tg.pad %a low [1, 0] high [0, 2] : tensor<2x3xf32> -> tensor<3x5xf32>
    %e = tg.exp2 %p : tensor<3x5xf32>
    tg.yield %e : tensor<3x5xf32>
  }
  return %0 : tensor<3x5xf32>
}

// -----

// Padding on both sides of one axis: 1 <= i < 3; bool pads with false.
// CHECK-LABEL: func.func private @k_pad_bool(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2xi1>, %[[OUT:[a-z0-9]+]]: tensor<4xi1>)
// CHECK-DAG:     %[[FALSE:.+]] = tg.const false : i1
// CHECK-DAG:     %[[TRUE:.+]] = tg.const true : i1
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C1:.+]] = tg.const 1 : index
// CHECK-DAG:     %[[C3:.+]] = tg.const 3 : index
// CHECK-DAG:     %[[CM1:.+]] = tg.const -1 : index
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%[[OUT]] : tensor<4xi1>)
// CHECK-DAG:       %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[IM1:.+]] = tg.add %[[I]], %[[CM1]] : index
// CHECK-DAG:       %[[BELOW:.+]] = tg.cmplt %[[I]], %[[C1]] : index
// CHECK-DAG:       %[[ABOVE_LOW:.+]] = tg.cmpne %[[BELOW]], %[[TRUE]] : i1
// CHECK-DAG:       %[[BELOW_HIGH:.+]] = tg.cmplt %[[I]], %[[C3]] : index
// CHECK-DAG:       %[[VALID:.+]] = tg.and %[[ABOVE_LOW]], %[[BELOW_HIGH]] : i1
// CHECK-DAG:       %[[IDX:.+]] = tg.where %[[VALID]], %[[IM1]], %[[C0]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[IDX]]] : tensor<2xi1>
// CHECK:           %[[M:.+]] = tg.where %[[VALID]], %[[V]], %[[FALSE]] : i1
// CHECK:           linalg.yield %[[M]] : i1
func.func @pad_bool(%x: tensor<2xi1>) -> tensor<4xi1> {
  %0 = tg.kernel(%x) {name = "k_pad_bool"} : (tensor<2xi1>) -> tensor<4xi1> {
  ^bb0(%a: tensor<2xi1>):
    %p = tg.pad %a low [1] high [1] : tensor<2xi1> -> tensor<4xi1>
    tg.yield %p : tensor<4xi1>
  }
  return %0 : tensor<4xi1>
}

// -----

// The reshapes below are of a computed value (an exp2), whose elements
// are found by the reshape's index arithmetic; a reshape of a kernel input
// is a view of its buffer instead (reshape_input_view).
// reshape that splits an axis: (i, j) reads flat index i * 3 + j, affine.
// CHECK-LABEL: func.func private @k_reshape_split(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0 * 3 + d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<6xf32>) outs(%{{.+}} : tensor<2x3xf32>)
func.func @reshape_split(%x: tensor<6xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_split"} : (tensor<6xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<6xf32>):
    %x2 = tg.exp2 %a : tensor<6xf32>
    %r = tg.reshape %x2 : tensor<6xf32> to tensor<2x3xf32>
    tg.yield %r : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// Splitting the leading axis of a rank-2 tensor leaves the other axis alone.
// CHECK-LABEL: func.func private @k_reshape_split_lead(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d0 * 3 + d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
func.func @reshape_split_lead(%x: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_split_lead"} : (tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  ^bb0(%a: tensor<6x4xf32>):
    %x2 = tg.exp2 %a : tensor<6x4xf32>
    %r = tg.reshape %x2 : tensor<6x4xf32> to tensor<2x3x4xf32>
    tg.yield %r : tensor<2x3x4xf32>
  }
  return %0 : tensor<2x3x4xf32>
}

// -----

// reshape that merges axes: the flat index i is split again as
// (i floordiv 3, i floormod 3), which is not affine; the loop is split
// into [2, 3] instead (split-div-mod-loops.mlir), and the read is along
// the loops: the output is expanded, the result collapsed back.
// CHECK-LABEL: func.func private @k_reshape_merge(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<6xf32>)
// CHECK:         %[[SPLIT:.+]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [2, 3]
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]] : tensor<2x3xf32>) outs(%[[SPLIT]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[V:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:      %[[E:.+]] = tg.exp2 %[[V]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
// CHECK:         tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
func.func @reshape_merge(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_merge"} : (tensor<2x3xf32>) -> tensor<6xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %x2 = tg.exp2 %a : tensor<2x3xf32>
    %r = tg.reshape %x2 : tensor<2x3xf32> to tensor<6xf32>
    tg.yield %r : tensor<6xf32>
  }
  return %0 : tensor<6xf32>
}

// -----

// Regrouping [4, 6] -> [2, 12]: (i, j) is flat 12i + j, read at
// (2i + j floordiv 6, j floormod 6) once simplified; j splits into [2, 6],
// and the read is at (2i + j0, j1), an affine map.
// CHECK-LABEL: func.func private @k_reshape_regroup(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x6xf32>, %[[OUT:[a-z0-9]+]]: tensor<2x12xf32>)
// CHECK:         %[[SPLIT:.+]] = tensor.expand_shape %[[OUT]] {{\[}}[0], [1, 2]] output_shape [2, 2, 6]
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d1 + d0 * 2, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-SAME:      ins(%[[X]] : tensor<4x6xf32>) outs(%[[SPLIT]] : tensor<2x2x6xf32>)
// CHECK-NOT:       tensor.extract
// CHECK:         tensor.collapse_shape %[[R]] {{\[}}[0], [1, 2]] : tensor<2x2x6xf32> into tensor<2x12xf32>
func.func @reshape_regroup(%x: tensor<4x6xf32>) -> tensor<2x12xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_regroup"} : (tensor<4x6xf32>) -> tensor<2x12xf32> {
  ^bb0(%a: tensor<4x6xf32>):
    %x2 = tg.exp2 %a : tensor<4x6xf32>
    %r = tg.reshape %x2 : tensor<4x6xf32> to tensor<2x12xf32>
    tg.yield %r : tensor<2x12xf32>
  }
  return %0 : tensor<2x12xf32>
}

// -----

// Adding size-1 axes: they are not read (their loop index is always 0).
// CHECK-LABEL: func.func private @k_reshape_unit(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<4xf32>) outs(%{{.+}} : tensor<1x4x1xf32>)
func.func @reshape_unit(%x: tensor<4xf32>) -> tensor<1x4x1xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_unit"} : (tensor<4xf32>) -> tensor<1x4x1xf32> {
  ^bb0(%a: tensor<4xf32>):
    %x2 = tg.exp2 %a : tensor<4xf32>
    %r = tg.reshape %x2 : tensor<4xf32> to tensor<1x4x1xf32>
    tg.yield %r : tensor<1x4x1xf32>
  }
  return %0 : tensor<1x4x1xf32>
}

// -----

// A size-1 input axis in the middle of a merged group is read at 0:
// [2, 1, 3] -> [3, 1, 2] reads x[(2i + k) floordiv 3, 0, (2i + k) floormod 3].
// CHECK-LABEL: func.func private @k_reshape_unit_middle(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x1x3xf32>, %{{[a-z0-9]+}}: tensor<3x1x2xf32>)
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C2:.+]] = tg.const 2 : index
// CHECK-DAG:     %[[C3:.+]] = tg.const 3 : index
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-DAG:       %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[K:.+]] = linalg.index 2 : index
// CHECK-DAG:       %[[I2:.+]] = tg.mul %[[I]], %[[C2]] : index
// CHECK-DAG:       %[[FLAT:.+]] = tg.add %[[I2]], %[[K]] : index
// CHECK-DAG:       %[[MOD:.+]] = tg.floormod %[[FLAT]], %[[C3]] : index
// CHECK-DAG:       %[[DIV:.+]] = tg.floordiv %[[FLAT]], %[[C3]] : index
// CHECK:           tensor.extract %[[X]][%[[DIV]], %[[C0]], %[[MOD]]] : tensor<2x1x3xf32>
func.func @reshape_unit_middle(%x: tensor<2x1x3xf32>) -> tensor<3x1x2xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_unit_middle"} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32> {
  ^bb0(%a: tensor<2x1x3xf32>):
    %x2 = tg.exp2 %a : tensor<2x1x3xf32>
    %r = tg.reshape %x2 : tensor<2x1x3xf32> to tensor<3x1x2xf32>
    tg.yield %r : tensor<3x1x2xf32>
  }
  return %0 : tensor<3x1x2xf32>
}

// -----

// A reshape of a kernel input is a view of its buffer: collapsed to one
// axis and expanded to the new shape, then read at plain loop indices (a
// flatten before a matmul; no floordiv or floormod).
// CHECK-LABEL: func.func private @k_reshape_input_view(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3x4xf32>, %{{[a-z0-9]+}}: tensor<2x12xf32>)
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK:         %[[VIEW:.+]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [2, 12] : tensor<24xf32> into tensor<2x12xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[VIEW]] : tensor<2x12xf32>)
// CHECK-NOT:       floordiv
// CHECK-NOT:       floormod
// CHECK:           tg.exp2
func.func @reshape_input_view(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_input_view"} : (tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  ^bb0(%a: tensor<2x3x4xf32>):
    %r = tg.reshape %a : tensor<2x3x4xf32> to tensor<2x12xf32>
    %e = tg.exp2 %r : tensor<2x12xf32>
    tg.yield %e : tensor<2x12xf32>
  }
  return %0 : tensor<2x12xf32>
}

// -----

// An in-place kernel reads its target at the index it writes: a reshape of
// the target is not a view (the read stays the output's block argument).
// CHECK-LABEL: func.func private @k_reshape_target(
// CHECK-NOT:     collapse_shape
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.+}} : tensor<6xf32>) outs(%{{.+}} : tensor<6xf32>)
func.func @reshape_target(%t: tensor<6xf32>, %x: tensor<6xf32>) -> tensor<6xf32> {
  %0 = tg.kernel(%t, %x) {name = "k_reshape_target", inplace = array<i64: 0>} : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32> {
  ^bb0(%a: tensor<6xf32>, %b: tensor<6xf32>):
    %r = tg.reshape %a : tensor<6xf32> to tensor<2x3xf32>
    %f = tg.reshape %r : tensor<2x3xf32> to tensor<6xf32>
    %s = tg.add %f, %b : tensor<6xf32>
    tg.yield %s : tensor<6xf32>
  }
  return %0 : tensor<6xf32>
}

// -----

// A shrink keeping the front of an axis reads it at the plain loop index:
// the operand is sliced to the loop's extent, from which linalg takes it.
// CHECK-LABEL: func.func private @k_shrink_front(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<8x5xf32>
// CHECK:         %[[S:.+]] = tensor.extract_slice %[[X]][0, 0] [3, 5] [1, 1] : tensor<8x5xf32> to tensor<3x5xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[S]] : tensor<3x5xf32>)
func.func @shrink_front(%x: tensor<8x5xf32>) -> tensor<3x5xf32> {
  %0 = tg.kernel(%x) {name = "k_shrink_front"} : (tensor<8x5xf32>) -> tensor<3x5xf32> {
  ^bb0(%a: tensor<8x5xf32>):
    %s = tg.shrink %a begin [0, 0] end [3, 5] : tensor<8x5xf32> -> tensor<3x5xf32>
    %n = tg.neg %s : tensor<3x5xf32>
    tg.yield %n : tensor<3x5xf32>
  }
  return %0 : tensor<3x5xf32>
}
