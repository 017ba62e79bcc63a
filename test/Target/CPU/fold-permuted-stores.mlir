// RUN: tg-opt %s --split-input-file --tg-cpu-fold-permuted-stores | FileCheck %s

// A weight gradient summed as [ky, kx, cin, cout] and copied to its output
// as [cout, cin, ky, kx]: the sum writes the output itself, through the
// permutation, starting from a fill of the output.
// CHECK-DAG: #[[WRITE:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d2, d0, d1)>
// CHECK-LABEL: func.func private @r_4_2_3_3_8
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%arg2 : tensor<4x2x3x3xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[WRITE]]]
// CHECK-SAME: outs(%[[FILL]] : tensor<4x2x3x3xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return %[[SUM]]
#x = affine_map<(ky, kx, ci, co, b) -> (b, ci, ky, kx)>
#g = affine_map<(ky, kx, ci, co, b) -> (b, co)>
#acc = affine_map<(ky, kx, ci, co, b) -> (ky, kx, ci, co)>
#read = affine_map<(a, b, c, d) -> (c, d, b, a)>
#id = affine_map<(a, b, c, d) -> (a, b, c, d)>
func.func private @r_4_2_3_3_8(%x: tensor<8x2x3x3xf32>, %g: tensor<8x4xf32>, %out: tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<3x3x2x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x3x2x4xf32>) -> tensor<3x3x2x4xf32>
  %sum = linalg.generic {indexing_maps = [#x, #g, #acc], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %g : tensor<8x2x3x3xf32>, tensor<8x4xf32>) outs(%init : tensor<3x3x2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x3x2x4xf32>
  %r = linalg.generic {indexing_maps = [#read, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<3x3x2x4xf32>) outs(%out : tensor<4x2x3x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4x2x3x3xf32>
  return %r : tensor<4x2x3x3xf32>
}

// -----

// A copy that computes (a ReLU after the permute) is an epilogue: kept.
// CHECK-LABEL: func.func private @relu_after_permute
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK: arith.maximumf
#in = affine_map<(i, j, k) -> (i, k)>
#out = affine_map<(i, j, k) -> (i, j)>
#t = affine_map<(a, b) -> (b, a)>
#i2 = affine_map<(a, b) -> (a, b)>
func.func private @relu_after_permute(%x: tensor<4x8xf32>, %out: tensor<6x4xf32>) -> tensor<6x4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x6xf32>) -> tensor<4x6xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4x6xf32>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %c, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#t, #i2], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<4x6xf32>) outs(%out : tensor<6x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

// A stage whose result is also returned is not folded into its copy.
// CHECK-LABEL: func.func private @copied_and_returned
// CHECK-COUNT-2: linalg.generic
#in = affine_map<(i, j, k) -> (i, k)>
#out = affine_map<(i, j, k) -> (i, j)>
#t = affine_map<(a, b) -> (b, a)>
#i2 = affine_map<(a, b) -> (a, b)>
func.func private @copied_and_returned(%x: tensor<4x8xf32>, %out: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4x6xf32>) attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x6xf32>) -> tensor<4x6xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4x6xf32>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %c, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#t, #i2], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<4x6xf32>) outs(%out : tensor<6x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %r, %sum : tensor<6x4xf32>, tensor<4x6xf32>
}

// -----

// Outside a kernel nothing changes.
// CHECK-LABEL: func.func @host
// CHECK-COUNT-2: linalg.generic
#in = affine_map<(i, j, k) -> (i, k)>
#out = affine_map<(i, j, k) -> (i, j)>
#t = affine_map<(a, b) -> (b, a)>
#i2 = affine_map<(a, b) -> (a, b)>
func.func @host(%x: tensor<4x8xf32>, %out: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x6xf32>) -> tensor<4x6xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4x6xf32>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %c, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#t, #i2], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<4x6xf32>) outs(%out : tensor<6x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}
