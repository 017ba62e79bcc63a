// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-collapse-loops))' | FileCheck %s

// A BatchNorm's sum over batch, height and width: h and w, adjacent in the
// loops and in x, become one 400-wide loop reading x through a reshape;
// n, outside the channel loop, stays.
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func private @r_32_128_20_20
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<128x32x20x20xf32> into tensor<128x32x400xf32>
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[OUT]]], iterator_types = ["reduction", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[ROWS]] : tensor<128x32x400xf32>)
#x = affine_map<(n, c, h, w) -> (n, c, h, w)>
#out = affine_map<(n, c, h, w) -> (c)>
func.func private @r_32_128_20_20(%x: tensor<128x32x20x20xf32>, %out: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<32xf32>) -> tensor<32xf32>
  %sum = linalg.generic {indexing_maps = [#x, #out], iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<128x32x20x20xf32>) outs(%init : tensor<32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %sum : tensor<32xf32>
}

// -----

// The variance: the mean, read by channel alone, reads none of the merged
// loops; all three reductions are adjacent here and merge into one.
// CHECK-LABEL: func.func private @r_32_8_20_20
// CHECK-DAG: tensor.collapse_shape %arg0 {{\[}}[0], [1, 2, 3]] : tensor<32x8x20x20xf32> into tensor<32x3200xf32>
// CHECK: iterator_types = ["parallel", "reduction"]
// CHECK: arith.subf
#x = affine_map<(c, n, h, w) -> (c, n, h, w)>
#c = affine_map<(c, n, h, w) -> (c)>
func.func private @r_32_8_20_20(%x: tensor<32x8x20x20xf32>, %mean: tensor<32xf32>, %out: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<32xf32>) -> tensor<32xf32>
  %sum = linalg.generic {indexing_maps = [#x, #c, #c], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %mean : tensor<32x8x20x20xf32>, tensor<32xf32>) outs(%init : tensor<32xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %sum : tensor<32xf32>
}

// -----

// What stays: a convolution's window reads (`y + ky`) are no axes of their
// own; a transposed read (w before h in the input) is no row; a stage
// reading another stage's result would be kept from fusing with it by a
// reshape in between (nor does the elementwise stage it reads change,
// which is not the kernel's root); a slice of an argument is strided, and
// reshaping it would copy it.
// CHECK-LABEL: func.func private @r_4_6_6_2_3_3
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
#in = affine_map<(co, y, x, ci, ky, kx) -> (ci, y + ky, x + kx)>
#w = affine_map<(co, y, x, ci, ky, kx) -> (co, ci, ky, kx)>
#o = affine_map<(co, y, x, ci, ky, kx) -> (co, y, x)>
func.func private @r_4_6_6_2_3_3(%x: tensor<2x8x8xf32>, %w: tensor<4x2x3x3xf32>, %out: tensor<4x6x6xf32>) -> tensor<4x6x6xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4x6x6xf32>) -> tensor<4x6x6xf32>
  %conv = linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x8x8xf32>, tensor<4x2x3x3xf32>) outs(%init : tensor<4x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x6x6xf32>
  return %conv : tensor<4x6x6xf32>
}

// -----

// CHECK-LABEL: func.func private @r_4_5_6_transposed
// CHECK-NOT: tensor.collapse_shape
#x = affine_map<(c, h, w) -> (c, w, h)>
#out = affine_map<(c, h, w) -> (c)>
func.func private @r_4_5_6_transposed(%x: tensor<4x6x5xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#x, #out], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x6x5xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// An elementwise kernel (a BatchNorm's backward over 6x6 maps): h and w,
// read together by every full-size operand and not at all by the
// per-channel ones, become one 36-wide loop; c, which the per-channel
// operands read alone, stays, as does n. The output is written through the
// same reshape.
// CHECK-DAG: #[[FULL:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[CHANNEL:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func private @E_128_64_6_6
// CHECK-DAG: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<128x64x6x6xf32> into tensor<128x64x36xf32>
// CHECK-DAG: %[[OUT:.*]] = tensor.collapse_shape %arg2 {{\[}}[0], [1], [2, 3]] : tensor<128x64x6x6xf32> into tensor<128x64x36xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[CHANNEL]], #[[FULL]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[X]], %arg1 : tensor<128x64x36xf32>, tensor<64xf32>) outs(%[[OUT]] : tensor<128x64x36xf32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[R]] {{\[}}[0], [1], [2, 3]] output_shape [128, 64, 6, 6]
// CHECK: return %[[E]]
#full = affine_map<(n, c, h, w) -> (n, c, h, w)>
#channel = affine_map<(n, c, h, w) -> (c)>
func.func private @E_128_64_6_6(%x: tensor<128x64x6x6xf32>, %scale: tensor<64xf32>, %out: tensor<128x64x6x6xf32>) -> tensor<128x64x6x6xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#full, #channel, #full], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %scale : tensor<128x64x6x6xf32>, tensor<64xf32>) outs(%out : tensor<128x64x6x6xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<128x64x6x6xf32>
  return %r : tensor<128x64x6x6xf32>
}

// -----

// Read alike by every operand, all loops but the first merge: the first
// stays for the workers to split.
// CHECK-LABEL: func.func private @E_4_5_6
// CHECK: tensor.collapse_shape %arg0 {{\[}}[0], [1, 2]] : tensor<4x5x6xf32> into tensor<4x30xf32>
// CHECK: iterator_types = ["parallel", "parallel"]
#id = affine_map<(a, b, c) -> (a, b, c)>
func.func private @E_4_5_6(%x: tensor<4x5x6xf32>, %out: tensor<4x5x6xf32>) -> tensor<4x5x6xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x5x6xf32>) outs(%out : tensor<4x5x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<4x5x6xf32>
  return %r : tensor<4x5x6xf32>
}

// -----

// What stays of elementwise kernels: a transposed read (w before h) is no
// row; a loop the body computes with (a pad's mask) is kept, and with it
// the loops outside it; a kernel of two loops keeps both.
// CHECK-LABEL: func.func private @E_4_5_6_transposed
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "parallel", "parallel"]
#x = affine_map<(c, h, w) -> (c, w, h)>
#id = affine_map<(c, h, w) -> (c, h, w)>
func.func private @E_4_5_6_transposed(%x: tensor<4x6x5xf32>, %out: tensor<4x5x6xf32>) -> tensor<4x5x6xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#x, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x6x5xf32>) outs(%out : tensor<4x5x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4x5x6xf32>
  return %r : tensor<4x5x6xf32>
}

// -----

// CHECK-LABEL: func.func private @E_4_5_6_indexed
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "parallel", "parallel"]
#id = affine_map<(c, h, w) -> (c, h, w)>
func.func private @E_4_5_6_indexed(%x: tensor<4x5x6xf32>, %out: tensor<4x5x6xf32>) -> tensor<4x5x6xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x5x6xf32>) outs(%out : tensor<4x5x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %w = linalg.index 2 : index
    %border = arith.cmpi ult, %w, %c1 : index
    %kept = arith.select %border, %zero, %a : f32
    linalg.yield %kept : f32
  } -> tensor<4x5x6xf32>
  return %r : tensor<4x5x6xf32>
}

// -----

// CHECK-LABEL: func.func private @E_4_30
// CHECK-NOT: tensor.collapse_shape
#id = affine_map<(a, b) -> (a, b)>
func.func private @E_4_30(%x: tensor<4x30xf32>, %out: tensor<4x30xf32>) -> tensor<4x30xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x30xf32>) outs(%out : tensor<4x30xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<4x30xf32>
  return %r : tensor<4x30xf32>
}

// -----

// CHECK-LABEL: func.func private @r_4_5_6_of_a_stage
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "reduction", "reduction"]
#id = affine_map<(a, b, c) -> (a, b, c)>
#out = affine_map<(a, b, c) -> (a)>
func.func private @r_4_5_6_of_a_stage(%x: tensor<4x5x6xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x5x6xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x5x6xf32>) outs(%empty : tensor<4x5x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<4x5x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #out], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%e : tensor<4x5x6xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func private @r_4_5_6_of_a_slice
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "reduction", "reduction"]
#id = affine_map<(a, b, c) -> (a, b, c)>
#out = affine_map<(a, b, c) -> (a)>
func.func private @r_4_5_6_of_a_slice(%x: tensor<4x5x8xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %slice = tensor.extract_slice %x[0, 0, 1] [4, 5, 6] [1, 1, 1] : tensor<4x5x8xf32> to tensor<4x5x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #out], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%slice : tensor<4x5x6xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// A body that computes with a loop's index (a mask from the row's parity)
// keeps that loop: merged, the index would come back from the merged one
// through a div and a mod per element.
// CHECK-LABEL: func.func private @r_4_5_6_indexed
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "reduction", "reduction"]
#x = affine_map<(c, h, w) -> (c, h, w)>
#out = affine_map<(c, h, w) -> (c)>
func.func private @r_4_5_6_indexed(%x: tensor<4x5x6xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#x, #out], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x5x6xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %h = linalg.index 1 : index
    %parity = arith.remui %h, %two : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %kept = arith.select %even, %a, %zero : f32
    %s = arith.addf %acc, %kept : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// Outside kernels nothing changes.
// CHECK-LABEL: func.func @host
// CHECK-NOT: tensor.collapse_shape
#x = affine_map<(c, h, w) -> (c, h, w)>
#out = affine_map<(c, h, w) -> (c)>
func.func @host(%x: tensor<4x5x6xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %sum = linalg.generic {indexing_maps = [#x, #out], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x5x6xf32>) outs(%out : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}
