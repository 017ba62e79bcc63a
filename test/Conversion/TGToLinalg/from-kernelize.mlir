// RUN: tg-opt %s -split-input-file --tg-kernelize --tg-to-linalg --mlir-print-local-scope | FileCheck %s

// tg-to-linalg on the kernels tg-kernelize makes: no tg.kernel is left, each
// kernel is a call to a private kernel function named by the kernelizer.

// CHECK-LABEL: func.func @add(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[Y:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-NOT:     tg.kernel
// CHECK:         %[[D:.+]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[R:.+]] = call @E_2_3(%[[X]], %[[Y]], %[[D]])
// CHECK:         return %[[R]]
// CHECK-LABEL: func.func private @E_2_3(
// CHECK-SAME:      attributes {tg.kernel}
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK:           tg.add
// CHECK-NOT:     tg.kernel
func.func @add(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.add %x, %y : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// tg.assign: the kernel overwrites the target, which the caller passes as
// the output and the kernel reads through the output block argument.
// CHECK-LABEL: func.func @assign(
// CHECK-SAME:      %[[T:[a-z0-9]+]]: tensor<4x3xf32>, %[[V:[a-z0-9]+]]: tensor<4x3xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[R:.+]] = call @E_4_3(%[[V]], %[[T]]) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK:         return %[[R]]
// CHECK-LABEL: func.func private @E_4_3(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x3xf32>)
// CHECK:         %[[TWO:.+]] = tg.const 2.000000e+00 : f32
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[A]] : tensor<4x3xf32>) outs(%[[OUT]] : tensor<4x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %[[OLD:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[M:.+]] = tg.mul %[[IN]], %[[TWO]] : f32
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[OLD]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @assign(%t: tensor<4x3xf32>, %v: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %c = tg.const 2.0 : tensor<4x3xf32>
  %m = tg.mul %v, %c : tensor<4x3xf32>
  %s = tg.add %t, %m : tensor<4x3xf32>
  %a = tg.assign %t, %s : tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// -----

// x - max(x) along rows: the max is realized (it is broadcast again), so two
// kernels; the second reads the first's buffer at (i, 0).
// CHECK-LABEL: func.func @shift_by_max(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xf32>)
// CHECK:         %[[D1:.+]] = tensor.empty() : tensor<4x1xf32>
// CHECK:         %[[MAX:.+]] = call @r_4_5(%[[X]], %[[D1]])
// CHECK:         %[[D2:.+]] = tensor.empty() : tensor<4x5xf32>
// CHECK:         %[[R:.+]] = call @E_4_5(%[[X]], %[[MAX]], %[[D2]])
// CHECK:         return %[[R]]
// CHECK-LABEL: func.func private @r_4_5(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK:           tg.max
// CHECK-LABEL: func.func private @E_4_5(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
func.func @shift_by_max(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %m = tg.reduce max %x [1] : tensor<4x5xf32> -> tensor<4x1xf32>
  %e = tg.expand %m : tensor<4x1xf32> to tensor<4x5xf32>
  %d = tg.sub %x, %e : tensor<4x5xf32>
  return %d : tensor<4x5xf32>
}

// -----

// A matmul written as tinygrad does (reshape, expand, permute, multiply,
// reduce, reshape) is one contraction generic writing the output.
// CHECK-LABEL: func.func private @r_2_4_3(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<2x3xf32>, %[[B:[a-z0-9]+]]: tensor<3x4xf32>, %[[OUT:[a-z0-9]+]]: tensor<2x4xf32>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : tensor<2x4xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK-NOT:     linalg.generic
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %ar = tg.reshape %a : tensor<2x3xf32> to tensor<2x1x3xf32>
  %ae = tg.expand %ar : tensor<2x1x3xf32> to tensor<2x4x3xf32>
  %bt = tg.permute %b [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
  %br = tg.reshape %bt : tensor<4x3xf32> to tensor<1x4x3xf32>
  %be = tg.expand %br : tensor<1x4x3xf32> to tensor<2x4x3xf32>
  %m = tg.mul %ae, %be : tensor<2x4x3xf32>
  %s = tg.reduce add %m [2] : tensor<2x4x3xf32> -> tensor<2x4x1xf32>
  %r = tg.reshape %s : tensor<2x4x1xf32> to tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
