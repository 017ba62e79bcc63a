// RUN: tg-opt %s --split-input-file --tg-cpu-drop-unit-dims | FileCheck %s

// A reduce keeps its reduced axis with size 1: the argument keeps its type,
// the stages write it through a collapse to one axis.
// CHECK-LABEL: func.func private @r_8_256
// CHECK-SAME: (%[[A:.*]]: tensor<8x256xi32>, %[[OUT:.*]]: tensor<8x1xi32>) -> tensor<8x1xi32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[OUT]] {{\[}}[0, 1]] : tensor<8x1xi32> into tensor<8xi32>
// CHECK: %[[INIT:.*]] = linalg.fill {{.*}} outs(%[[FLAT]] : tensor<8xi32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[ROW:.*]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: outs(%[[INIT]] : tensor<8xi32>)
// CHECK: %[[BACK:.*]] = tensor.expand_shape %[[SUM]]
// CHECK: return %[[BACK]] : tensor<8x1xi32>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#keep = affine_map<(d0, d1) -> (d0, 0)>
func.func private @r_8_256(%a: tensor<8x256xi32>, %out: tensor<8x1xi32>) -> tensor<8x1xi32> attributes {tg.kernel} {
  %zero = arith.constant 0 : i32
  %init = linalg.fill ins(%zero : i32) outs(%out : tensor<8x1xi32>) -> tensor<8x1xi32>
  %r = linalg.generic {indexing_maps = [#id2, #keep], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x256xi32>) outs(%init : tensor<8x1xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<8x1xi32>
  return %r : tensor<8x1xi32>
}


// -----

// A unit loop that does not index the output (a convolution's single
// group) is dropped, and with it the operands' size-1 axes.
// CHECK-LABEL: func.func private @r_4_1_8
// CHECK-DAG: tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
// CHECK-DAG: tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins({{.*}} : tensor<4x8xf32>, tensor<8xf32>) outs({{.*}} : tensor<4x8xf32>)
#in = affine_map<(i, u, j) -> (i, u, j)>
#w = affine_map<(i, u, j) -> (u, j)>
#o = affine_map<(i, u, j) -> (i, j)>
func.func private @r_4_1_8(%a: tensor<4x1x8xf32>, %b: tensor<1x8xf32>, %out: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<4x1x8xf32>, tensor<1x8xf32>) outs(%init : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}


// -----

// tg-to-linalg's iteration-space input bounds the unit groups loop, which no
// other operand reads; once the loop is dropped the other operands bound
// every loop and the input is erased, leaving the two inputs of a sum of
// products (what the kernel optimizer tiles).
// CHECK-LABEL: func.func private @r_2_1_4_4_3
// CHECK-NOT: tensor.empty() : tensor<2x1x4x4x3xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<2x6xf32>, tensor<4x3xf32>) outs(%{{.*}} : tensor<2x4x4xf32>)
#dom = affine_map<(n, g, c, x, k) -> (n, g, c, x, k)>
#img = affine_map<(n, g, c, x, k) -> (n, x + k)>
#wts = affine_map<(n, g, c, x, k) -> (c, k)>
#res = affine_map<(n, g, c, x, k) -> (n, c, x)>
func.func private @r_2_1_4_4_3(%x: tensor<2x6xf32>, %w: tensor<4x3xf32>, %out: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %domain = tensor.empty() : tensor<2x1x4x4x3xf32>
  %r = linalg.generic {indexing_maps = [#dom, #img, #wts, #res], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%domain, %x, %w : tensor<2x1x4x4x3xf32>, tensor<2x6xf32>, tensor<4x3xf32>) outs(%init : tensor<2x4x4xf32>) {
  ^bb0(%d: f32, %a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}


// -----

// Unit loops indexing the output are kept: nothing changes.
// CHECK-LABEL: func.func private @E_1_8
// CHECK-NOT: collapse_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%arg0 : tensor<1x8xf32>) outs(%arg1 : tensor<1x8xf32>)
// CHECK-NOT: expand_shape
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func private @E_1_8(%a: tensor<1x8xf32>, %out: tensor<1x8xf32>) -> tensor<1x8xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<1x8xf32>) outs(%out : tensor<1x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}


// -----

// Functions other than kernels are left alone.
// CHECK-LABEL: func.func @not_a_kernel
// CHECK-NOT: collapse_shape
// CHECK: iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME: ins(%arg0 : tensor<4x1x8xf32>)
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#o = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @not_a_kernel(%a: tensor<4x1x8xf32>, %out: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a : tensor<4x1x8xf32>) outs(%out : tensor<4x8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A stride-2 read ([4, 14, 2] read at 0 on its last axis) becomes a slice of
// the argument at that index, whose size-1 axis then folds away: the map is
// a projected permutation.
// CHECK-LABEL: func.func private @E_4_14
// CHECK-SAME: (%[[X:.*]]: tensor<4x28xf32>, %[[OUT:.*]]: tensor<4x14xf32>)
// CHECK: %[[ROWS:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2]] output_shape [4, 14, 2]
// CHECK: %[[EVEN:.*]] = tensor.extract_slice %[[ROWS]][0, 0, 0] [4, 14, 1] [1, 1, 1] : tensor<4x14x2xf32> to tensor<4x14xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID:.*]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[EVEN]] : tensor<4x14xf32>) outs(%[[OUT]] : tensor<4x14xf32>)
#even = affine_map<(d0, d1) -> (d0, d1, 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func private @E_4_14(%x: tensor<4x28xf32>, %out: tensor<4x14xf32>) -> tensor<4x14xf32> attributes {tg.kernel} {
  %rows = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 14, 2] : tensor<4x28xf32> into tensor<4x14x2xf32>
  %r = linalg.generic {indexing_maps = [#even, #id], iterator_types = ["parallel", "parallel"]}
      ins(%rows : tensor<4x14x2xf32>) outs(%out : tensor<4x14xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4x14xf32>
  return %r : tensor<4x14xf32>
}

// -----

// The same read of another stage's result is left as it is: a slice between
// two stages would keep the kernel optimizer from fusing them.
// CHECK-LABEL: func.func private @E_4_14_staged
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK: linalg.generic {indexing_maps = [#[[EVEN2:.*]], #{{.*}}], iterator_types = ["parallel", "parallel"]}
// CHECK-NOT: tensor.extract_slice
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#even2 = affine_map<(d0, d1) -> (d0, d1, 0)>
#id2b = affine_map<(d0, d1) -> (d0, d1)>
func.func private @E_4_14_staged(%x: tensor<4x14x2xf32>, %out: tensor<4x14xf32>) -> tensor<4x14xf32> attributes {tg.kernel} {
  %e = tensor.empty() : tensor<4x14x2xf32>
  %n = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x14x2xf32>) outs(%e : tensor<4x14x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.negf %a : f32
    linalg.yield %v : f32
  } -> tensor<4x14x2xf32>
  %r = linalg.generic {indexing_maps = [#even2, #id2b], iterator_types = ["parallel", "parallel"]}
      ins(%n : tensor<4x14x2xf32>) outs(%out : tensor<4x14xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x14xf32>
  return %r : tensor<4x14xf32>
}
