// RUN: tg-opt %s -split-input-file --tg-to-linalg --mlir-print-local-scope | FileCheck %s

// Chains of movement ops compose into one index per read, simplified with
// tg-symbolic's rules before reads are classified: a chain that is affine in
// the end becomes an indexing map, masks that are always true disappear, and
// what is not affine stays index arithmetic on a tensor.extract.

// pad -> permute -> shrink, reaching into the padding on one axis:
// p = pad(x, low [0, 1], high [1, 0]) : 3x4; t = p^T : 4x3;
// s[i, j] = t[i + 1, j + 1] = p[j + 1, i + 1] = (j + 1 < 2) ? x[j + 1, i] : 0.
// Only the row mask j < 1 survives; the column index is just i.
// CHECK-LABEL: func.func private @k_pad_permute_shrink(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xi32>, %[[OUT:[a-z0-9]+]]: tensor<3x2xi32>)
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0 : i32
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C1:.+]] = tg.const 1 : index
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      outs(%[[OUT]] : tensor<3x2xi32>)
// CHECK-DAG:       %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[J:.+]] = linalg.index 1 : index
// CHECK-DAG:       %[[J1:.+]] = tg.add %[[J]], %[[C1]] : index
// CHECK-DAG:       %[[VALID:.+]] = tg.cmplt %[[J]], %[[C1]] : index
// CHECK-DAG:       %[[ROW:.+]] = tg.where %[[VALID]], %[[J1]], %[[C0]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[ROW]], %[[I]]] : tensor<2x3xi32>
// CHECK:           %[[M:.+]] = tg.where %[[VALID]], %[[V]], %[[ZERO]] : i32
// CHECK:           linalg.yield %[[M]] : i32
func.func @pad_permute_shrink(%x: tensor<2x3xi32>) -> tensor<3x2xi32> {
  %0 = tg.kernel(%x) {name = "k_pad_permute_shrink"} : (tensor<2x3xi32>) -> tensor<3x2xi32> {
  ^bb0(%a: tensor<2x3xi32>):
    %p = tg.pad %a low [0, 1] high [1, 0] : tensor<2x3xi32> -> tensor<3x4xi32>
    %t = tg.permute %p [1, 0] : tensor<3x4xi32> -> tensor<4x3xi32>
    %s = tg.shrink %t begin [1, 1] end [4, 3] : tensor<4x3xi32> -> tensor<3x2xi32>
    tg.yield %s : tensor<3x2xi32>
  }
  return %0 : tensor<3x2xi32>
}

// -----

// The same chain with a shrink that stays inside the data: s[i, j] =
// p[j, i + 1] = x[j, i]. Both masks are always true, the read is a transpose.
// CHECK-LABEL: func.func private @k_pad_permute_shrink_inside(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xi32>, %[[OUT:[a-z0-9]+]]: tensor<3x2xi32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[X]] : tensor<2x3xi32>) outs(%[[OUT]] : tensor<3x2xi32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: i32, %{{[a-z0-9_]+}}: i32):
// CHECK-NEXT:      linalg.yield %[[IN]] : i32
func.func @pad_permute_shrink_inside(%x: tensor<2x3xi32>) -> tensor<3x2xi32> {
  %0 = tg.kernel(%x) {name = "k_pad_permute_shrink_inside"} : (tensor<2x3xi32>) -> tensor<3x2xi32> {
  ^bb0(%a: tensor<2x3xi32>):
    %p = tg.pad %a low [0, 1] high [1, 0] : tensor<2x3xi32> -> tensor<3x4xi32>
    %t = tg.permute %p [1, 0] : tensor<3x4xi32> -> tensor<4x3xi32>
    %s = tg.shrink %t begin [1, 0] end [4, 2] : tensor<4x3xi32> -> tensor<3x2xi32>
    tg.yield %s : tensor<3x2xi32>
  }
  return %0 : tensor<3x2xi32>
}

// -----

// A shrink that removes exactly the padding: the identity read.
// CHECK-LABEL: func.func private @k_pad_shrink_cancel(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<4xf32>) outs(%{{.+}} : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:      %[[E:.+]] = tg.exp2 %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
func.func @pad_shrink_cancel(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.kernel(%x) {name = "k_pad_shrink_cancel"} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %p = tg.pad %a low [2] high [2] : tensor<4xf32> -> tensor<8xf32>
    %s = tg.shrink %p begin [2] end [6] : tensor<8xf32> -> tensor<4xf32>
    %e = tg.exp2 %s : tensor<4xf32>
    tg.yield %e : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// A shrink that keeps part of the padding on both axes:
// q = pad(x, [1, 1], [1, 1]) : 4x5; s[i, j] = q[i + 1, j + 2], valid for
// i < 2 and j < 2, reading x[i, j + 1]. The lower bounds are always met.
// CHECK-LABEL: func.func private @k_pad_shrink_partial(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xi32>, %{{[a-z0-9]+}}: tensor<3x3xi32>)
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0 : i32
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C1:.+]] = tg.const 1 : index
// CHECK-DAG:     %[[C2:.+]] = tg.const 2 : index
// CHECK:         linalg.generic
// CHECK-DAG:       %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[J:.+]] = linalg.index 1 : index
// CHECK-DAG:       %[[IV:.+]] = tg.cmplt %[[I]], %[[C2]] : index
// CHECK-DAG:       %[[ROW:.+]] = tg.where %[[IV]], %[[I]], %[[C0]] : index
// CHECK-DAG:       %[[J1:.+]] = tg.add %[[J]], %[[C1]] : index
// CHECK-DAG:       %[[JV:.+]] = tg.cmplt %[[J]], %[[C2]] : index
// CHECK-DAG:       %[[COL:.+]] = tg.where %[[JV]], %[[J1]], %[[C0]] : index
// CHECK-DAG:       %[[VALID:.+]] = tg.and %[[IV]], %[[JV]] : i1
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[ROW]], %[[COL]]] : tensor<2x3xi32>
// CHECK:           %[[M:.+]] = tg.where %[[VALID]], %[[V]], %[[ZERO]] : i32
// CHECK:           linalg.yield %[[M]] : i32
func.func @pad_shrink_partial(%x: tensor<2x3xi32>) -> tensor<3x3xi32> {
  %0 = tg.kernel(%x) {name = "k_pad_shrink_partial"} : (tensor<2x3xi32>) -> tensor<3x3xi32> {
  ^bb0(%a: tensor<2x3xi32>):
    %q = tg.pad %a low [1, 1] high [1, 1] : tensor<2x3xi32> -> tensor<4x5xi32>
    %s = tg.shrink %q begin [1, 2] end [4, 5] : tensor<4x5xi32> -> tensor<3x3xi32>
    tg.yield %s : tensor<3x3xi32>
  }
  return %0 : tensor<3x3xi32>
}

// -----

// pad of a flip: the clamped index (i < 3 ? i : 0) is then flipped (2 - .),
// so the read stays in bounds in the padding too.
// CHECK-LABEL: func.func private @k_pad_of_flip(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<3xf16>, %{{[a-z0-9]+}}: tensor<4xf16>)
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0.000000e+00 : f16
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C2:.+]] = tg.const 2 : index
// CHECK-DAG:     %[[C3:.+]] = tg.const 3 : index
// CHECK-DAG:     %[[CM1:.+]] = tg.const -1 : index
// CHECK:         linalg.generic
// CHECK:           %[[I:.+]] = linalg.index 0 : index
// CHECK:           %[[VALID:.+]] = tg.cmplt %[[I]], %[[C3]] : index
// CHECK:           %[[CLAMPED:.+]] = tg.where %[[VALID]], %[[I]], %[[C0]] : index
// CHECK:           %[[NEG:.+]] = tg.mul %[[CLAMPED]], %[[CM1]] : index
// CHECK:           %[[IDX:.+]] = tg.add %[[NEG]], %[[C2]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[IDX]]] : tensor<3xf16>
// CHECK:           %[[M:.+]] = tg.where %[[VALID]], %[[V]], %[[ZERO]] : f16
// CHECK:           linalg.yield %[[M]] : f16
func.func @pad_of_flip(%x: tensor<3xf16>) -> tensor<4xf16> {
  %0 = tg.kernel(%x) {name = "k_pad_of_flip"} : (tensor<3xf16>) -> tensor<4xf16> {
  ^bb0(%a: tensor<3xf16>):
    %f = tg.flip %a [0] : tensor<3xf16>
    %p = tg.pad %f low [0] high [1] : tensor<3xf16> -> tensor<4xf16>
    tg.yield %p : tensor<4xf16>
  }
  return %0 : tensor<4xf16>
}

// -----

// A shrink of a flip: s[i] = x[4 - (i + 1)] = x[3 - i].
// CHECK-LABEL: func.func private @k_shrink_of_flip(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (-d0 + 3)>, affine_map<(d0) -> (d0)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<5xf32>) outs(%{{.+}} : tensor<2xf32>)
func.func @shrink_of_flip(%x: tensor<5xf32>) -> tensor<2xf32> {
  %0 = tg.kernel(%x) {name = "k_shrink_of_flip"} : (tensor<5xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<5xf32>):
    %f = tg.flip %a [0] : tensor<5xf32>
    %s = tg.shrink %f begin [1] end [3] : tensor<5xf32> -> tensor<2xf32>
    tg.yield %s : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

// A flip of a split input: the split is a view of the input, [2, 3], read
// at out[i, j] = x[i, 2 - j].
// CHECK-LABEL: func.func private @k_flip_of_reshape(
// CHECK:         %[[VIEW:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, -d1 + 2)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[VIEW]] : tensor<2x3xf32>) outs(%{{.+}} : tensor<2x3xf32>)
func.func @flip_of_reshape(%x: tensor<6xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x) {name = "k_flip_of_reshape"} : (tensor<6xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<6xf32>):
    %r = tg.reshape %a : tensor<6xf32> to tensor<2x3xf32>
    %f = tg.flip %r [1] : tensor<2x3xf32>
    tg.yield %f : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// Merging and splitting back again simplifies to the identity:
// ((3i + j) floordiv 3, (3i + j) floormod 3) = (i, j).
// CHECK-LABEL: func.func private @k_reshape_roundtrip(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<2x3xf32>) outs(%{{.+}} : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:      %[[E:.+]] = tg.exp2 %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
func.func @reshape_roundtrip(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x) {name = "k_reshape_roundtrip"} : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %r = tg.reshape %a : tensor<2x3xf32> to tensor<6xf32>
    %s = tg.reshape %r : tensor<6xf32> to tensor<2x3xf32>
    %e = tg.exp2 %s : tensor<2x3xf32>
    tg.yield %e : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// A reshape of a permuted view is not affine: out[i] = t[i floordiv 2,
// i floormod 2] = x[i floormod 2, i floordiv 2]. Split into [3, 2], the
// read is x transposed along the loops.
// CHECK-LABEL: func.func private @k_reshape_of_permute(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xi32>, %[[OUT:[a-z0-9]+]]: tensor<6xi32>)
// CHECK:         %[[SPLIT:.+]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [3, 2]
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[X]] : tensor<2x3xi32>) outs(%[[SPLIT]] : tensor<3x2xi32>)
// CHECK-NEXT:    ^bb0(%[[V:[a-z0-9_]+]]: i32, %{{[a-z0-9_]+}}: i32):
// CHECK-NEXT:      linalg.yield %[[V]] : i32
// CHECK:         tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<3x2xi32> into tensor<6xi32>
func.func @reshape_of_permute(%x: tensor<2x3xi32>) -> tensor<6xi32> {
  %0 = tg.kernel(%x) {name = "k_reshape_of_permute"} : (tensor<2x3xi32>) -> tensor<6xi32> {
  ^bb0(%a: tensor<2x3xi32>):
    %t = tg.permute %a [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>
    %r = tg.reshape %t : tensor<3x2xi32> to tensor<6xi32>
    tg.yield %r : tensor<6xi32>
  }
  return %0 : tensor<6xi32>
}

// -----

// Split an axis, expand the new one and permute: out[i, j, k] = x[j, i].
// CHECK-LABEL: func.func private @k_split_expand_permute(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%{{.+}} : tensor<2x3xi32>) outs(%{{.+}} : tensor<3x2x2xi32>)
func.func @split_expand_permute(%x: tensor<2x3xi32>) -> tensor<3x2x2xi32> {
  %0 = tg.kernel(%x) {name = "k_split_expand_permute"} : (tensor<2x3xi32>) -> tensor<3x2x2xi32> {
  ^bb0(%a: tensor<2x3xi32>):
    %r = tg.reshape %a : tensor<2x3xi32> to tensor<2x3x1xi32>
    %e = tg.expand %r : tensor<2x3x1xi32> to tensor<2x3x2xi32>
    %t = tg.permute %e [1, 0, 2] : tensor<2x3x2xi32> -> tensor<3x2x2xi32>
    tg.yield %t : tensor<3x2x2xi32>
  }
  return %0 : tensor<3x2x2xi32>
}

// -----

// permute of an expand: the broadcast axis moves with the permutation.
// CHECK-LABEL: func.func private @k_permute_of_expand(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d1, 0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%{{.+}} : tensor<3x1xf32>) outs(%{{.+}} : tensor<4x3xf32>)
func.func @permute_of_expand(%x: tensor<3x1xf32>) -> tensor<4x3xf32> {
  %0 = tg.kernel(%x) {name = "k_permute_of_expand"} : (tensor<3x1xf32>) -> tensor<4x3xf32> {
  ^bb0(%a: tensor<3x1xf32>):
    %e = tg.expand %a : tensor<3x1xf32> to tensor<3x4xf32>
    %t = tg.permute %e [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
    tg.yield %t : tensor<4x3xf32>
  }
  return %0 : tensor<4x3xf32>
}

// -----

// pad, then merge the padded axes: the merge's floordiv/floormod feed the
// pad's mask. out[i] = p[i floordiv 4, i floormod 4], p = pad(x, [0, 1], [0, 1]):
// split into [2, 4], the mask is on the inner loop's index.
// CHECK-LABEL: func.func private @k_pad_then_merge(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x2xf32>, %[[OUT:[a-z0-9]+]]: tensor<8xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0.000000e+00 : f32
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C1:.+]] = tg.const 1 : index
// CHECK-DAG:     %[[C3:.+]] = tg.const 3 : index
// CHECK-DAG:     %[[CM1:.+]] = tg.const -1 : index
// CHECK-DAG:     %[[TRUE:.+]] = tg.const true : i1
// CHECK:         %[[SPLIT:.+]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [2, 4]
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%[[SPLIT]] : tensor<2x4xf32>)
// CHECK-DAG:       %[[ROW:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[COL:.+]] = linalg.index 1 : index
// CHECK-DAG:       %[[SHIFTED:.+]] = tg.add %[[COL]], %[[CM1]] : index
// CHECK-DAG:       %[[LOW:.+]] = tg.cmplt %[[COL]], %[[C1]] : index
// CHECK-DAG:       %[[NOTLOW:.+]] = tg.cmpne %[[LOW]], %[[TRUE]] : i1
// CHECK-DAG:       %[[HIGH:.+]] = tg.cmplt %[[COL]], %[[C3]] : index
// CHECK-DAG:       %[[VALID:.+]] = tg.and %[[NOTLOW]], %[[HIGH]] : i1
// CHECK-DAG:       %[[CLAMPED:.+]] = tg.where %[[VALID]], %[[SHIFTED]], %[[C0]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[ROW]], %[[CLAMPED]]] : tensor<2x2xf32>
// CHECK:           %[[M:.+]] = tg.where %[[VALID]], %[[V]], %[[ZERO]] : f32
// CHECK:           linalg.yield %[[M]] : f32
func.func @pad_then_merge(%x: tensor<2x2xf32>) -> tensor<8xf32> {
  %0 = tg.kernel(%x) {name = "k_pad_then_merge"} : (tensor<2x2xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<2x2xf32>):
    %q = tg.pad %a low [0, 1] high [0, 1] : tensor<2x2xf32> -> tensor<2x4xf32>
    %r = tg.reshape %q : tensor<2x4xf32> to tensor<8xf32>
    tg.yield %r : tensor<8xf32>
  }
  return %0 : tensor<8xf32>
}
