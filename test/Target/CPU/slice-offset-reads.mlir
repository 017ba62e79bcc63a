// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-slice-offset-reads))' | FileCheck %s

// A BatchNorm gradient's sum reading the gradient of a padded convolution
// input, [n, c, y + 1, x + 1]: it reads the gradient's slice from
// [0, 0, 1, 1] at the plain loop indices, as it reads x.
// CHECK-DAG: #[[ALL:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func private @r_4_2_6_6
// CHECK: %[[G:.*]] = tensor.extract_slice %arg0[0, 0, 1, 1] [2, 4, 6, 6] [1, 1, 1, 1] : tensor<2x4x8x8xf32> to tensor<2x4x6x6xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ALL]], #[[ALL]], #[[C]]]
// CHECK-SAME: ins(%[[G]], %arg1 : tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>)
#padded = affine_map<(n, c, y, x) -> (n, c, y + 1, x + 1)>
#all = affine_map<(n, c, y, x) -> (n, c, y, x)>
#c = affine_map<(n, c, y, x) -> (c)>
func.func private @r_4_2_6_6(%g: tensor<2x4x8x8xf32>, %x: tensor<2x4x6x6xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#padded, #all, #c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
      ins(%g, %x : tensor<2x4x8x8xf32>, tensor<2x4x6x6xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// A reduction's input that only bounds its loops (tg-to-linalg adds one
// when no read spans them, as a read at an offset does not) goes once the
// read is a slice: a weight gradient's sum reading the gradient of a
// padded input has its two factors. Where the other reads still leave a
// loop unbounded (a window, c + kc), it stays.
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
// CHECK-DAG: #[[G:.*]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func private @r_4_2_6
// CHECK: %[[S:.*]] = tensor.extract_slice %arg1[0, 1, 0] [2, 6, 4] [1, 1, 1] : tensor<2x8x4xf32> to tensor<2x6x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[G]], #[[OUT]]]
// CHECK-SAME: ins(%arg0, %[[S]] : tensor<2x4x6xf32>, tensor<2x6x4xf32>)
// CHECK-LABEL: func.func private @r_2_2_6_3
// CHECK: %[[S:.*]] = tensor.extract_slice %arg1[0, 1, 0]
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %arg0, %[[S]] : tensor<2x2x6x3xf32>, tensor<2x4x6xf32>, tensor<2x6x2xf32>)
#domain = affine_map<(c, n, y) -> (c, n, y)>
#x = affine_map<(c, n, y) -> (n, c, y)>
#gOffset = affine_map<(c, n, y) -> (n, y + 1, c)>
#perChannel = affine_map<(c, n, y) -> (c)>
func.func private @r_4_2_6(%x: tensor<2x4x6xf32>, %g: tensor<2x8x4xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %loops = tensor.empty() : tensor<4x2x6xf32>
  %sum = linalg.generic {indexing_maps = [#domain, #x, #gOffset, #perChannel], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%loops, %x, %g : tensor<4x2x6xf32>, tensor<2x4x6xf32>, tensor<2x8x4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%unused: f32, %a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

#domain4 = affine_map<(c, n, y, kc) -> (c, n, y, kc)>
#xWindow = affine_map<(c, n, y, kc) -> (n, c + kc, y)>
#gOffset4 = affine_map<(c, n, y, kc) -> (n, y + 1, c)>
#perChannel4 = affine_map<(c, n, y, kc) -> (c)>
func.func private @r_2_2_6_3(%x: tensor<2x4x6xf32>, %g: tensor<2x8x2xf32>, %out: tensor<2xf32>) -> tensor<2xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2xf32>) -> tensor<2xf32>
  %loops = tensor.empty() : tensor<2x2x6x3xf32>
  %sum = linalg.generic {indexing_maps = [#domain4, #xWindow, #gOffset4, #perChannel4], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%loops, %x, %g : tensor<2x2x6x3xf32>, tensor<2x4x6xf32>, tensor<2x8x2xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%unused: f32, %a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %sum : tensor<2xf32>
}

// -----

// What stays: a window read (y + ky: two loops in one axis); a read of
// another stage's result at an offset (the slice would stand between the
// two stages); a copy (through a view it would be an identity, which
// folds away and leaves the output unwritten); a read at an offset
// outside kernels.
// CHECK-LABEL: func.func private @r_window
// CHECK-NOT: tensor.extract_slice
// CHECK-LABEL: func.func private @E_stage
// CHECK-NOT: tensor.extract_slice
// CHECK-LABEL: func.func private @E_copy
// CHECK-NOT: tensor.extract_slice
// CHECK-LABEL: func.func @host
// CHECK-NOT: tensor.extract_slice
#window = affine_map<(y, ky) -> (y + ky)>
#tap = affine_map<(y, ky) -> (ky)>
#row = affine_map<(y, ky) -> (y)>
func.func private @r_window(%g: tensor<8xf32>, %w: tensor<3xf32>, %out: tensor<6xf32>) -> tensor<6xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<6xf32>) -> tensor<6xf32>
  %sum = linalg.generic {indexing_maps = [#window, #tap, #row], iterator_types = ["parallel", "reduction"]}
      ins(%g, %w : tensor<8xf32>, tensor<3xf32>) outs(%init : tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %sum : tensor<6xf32>
}
#shifted = affine_map<(x) -> (x + 1)>
#plain = affine_map<(x) -> (x)>
func.func private @E_stage(%g: tensor<8xf32>, %out: tensor<6xf32>) -> tensor<6xf32> attributes {tg.kernel} {
  %e = tensor.empty() : tensor<8xf32>
  %double = linalg.generic {indexing_maps = [#plain, #plain], iterator_types = ["parallel"]}
      ins(%g : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#shifted, #plain], iterator_types = ["parallel"]}
      ins(%double : tensor<8xf32>) outs(%out : tensor<6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %square = arith.mulf %a, %a : f32
    linalg.yield %square : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}
func.func private @E_copy(%g: tensor<8xf32>, %out: tensor<6xf32>) -> tensor<6xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#shifted, #plain], iterator_types = ["parallel"]}
      ins(%g : tensor<8xf32>) outs(%out : tensor<6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}
func.func @host(%g: tensor<8xf32>, %out: tensor<6xf32>) -> tensor<6xf32> {
  %r = linalg.generic {indexing_maps = [#shifted, #plain], iterator_types = ["parallel"]}
      ins(%g : tensor<8xf32>) outs(%out : tensor<6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}
