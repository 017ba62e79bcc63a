// RUN: tg-opt %s --split-input-file --tg-cpu-choose-opts | FileCheck %s
// RUN: tg-opt %s --split-input-file --tg-cpu-choose-opts='vector-bytes=16 vector-registers=16' | FileCheck %s --check-prefix=SSE
// RUN: tg-opt %s --split-input-file --tg-cpu-choose-opts='vector-bytes=32 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: tg-opt %s --split-input-file --tg-cpu-choose-opts='vector-bytes=32 vector-registers=16 first-level-cache-bytes=32768 core-cache-bytes=524288' | FileCheck %s --check-prefix=ZEN2
// RUN: tg-opt %s --split-input-file --tg-cpu-choose-opts='noopt=true' | FileCheck %s --check-prefix=NOOPT

// A matmul: 64 columns (four 512-bit vectors) by 4 rows of accumulators, k
// one step at a time; split over the rows (4 column strips are too few to
// divide evenly).
// CHECK-LABEL: func.func private @r_64_64_64
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]>
// With SSE's 16 registers of 16 bytes: 16 columns (four vectors) by 2 rows,
// 8 accumulators (4 rows of 4 spilled with AVX2's 16: see r_1024_1024_1024).
// SSE-LABEL: func.func private @r_64_64_64
// SSE-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [2, 16, 1]>
// AVX2's rows do not deepen (see r_1024_1024_1024): they are the split loop.
// AVX2-LABEL: func.func private @r_64_64_64
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [2, 32, 1]>
// NOOPT-LABEL: func.func private @r_64_64_64
// NOOPT-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_64_64(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %out: tensor<64x64xf32>) -> tensor<64x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// The CNN's Linear(9216, 128) input gradient, a sum of 128 steps: AVX2's
// rows deepen to six by two vectors, 12 accumulators that hide the FMA's
// latency (Zen 2: 2.50 -> 1.69 ms); a sum of 64 keeps two rows by four
// vectors (see r_64_64_64).
// AVX2-LABEL: func.func private @r_128_9216_128
// AVX2-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [6, 16, 1]>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_128_9216_128(%a: tensor<128x128xf32>, %b: tensor<128x9216xf32>, %out: tensor<128x9216xf32>) -> tensor<128x9216xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x9216xf32>) -> tensor<128x9216xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<128x128xf32>, tensor<128x9216xf32>) outs(%init : tensor<128x9216xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x9216xf32>
  return %r : tensor<128x9216xf32>
}

// -----

// A matmul with 16 strips of 64 columns or more: the workers split the
// strips, and each reuses its strip of B across all the row tiles.
// CHECK-LABEL: func.func private @r_64_1024_64
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [4, 64, 1]>
// SSE-LABEL: func.func private @r_64_1024_64
// SSE-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [2, 16, 1]>
// Nor here: 64 steps of k are too few.
// AVX2-LABEL: func.func private @r_64_1024_64
// AVX2-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [2, 32, 1]>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_1024_64(%a: tensor<64x64xf32>, %b: tensor<64x1024xf32>, %out: tensor<64x1024xf32>) -> tensor<64x1024xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x64xf32>, tensor<64x1024xf32>) outs(%init : tensor<64x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}

// -----

// A convolution reading a padded copy at window indices: 8 columns along x
// (the widest power of two dividing 56), 16 rows of output channels; the
// workers split y (56 tiles; the batch's 2 would leave workers idle when
// there are more than two).
// CHECK-LABEL: func.func private @r_2_32_56_56_16_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 16, 1, 8, 1, 1, 1]>
#in = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w = affine_map<(n, co, y, x, c, ky, kx) -> (co, c, ky, kx)>
#o = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_2_32_56_56_16_3_3(%x: tensor<2x16x58x58xf32>, %w: tensor<32x16x3x3xf32>, %out: tensor<2x32x56x56xf32>) -> tensor<2x32x56x56xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x32x56x56xf32>) -> tensor<2x32x56x56xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x16x58x58xf32>, tensor<32x16x3x3xf32>) outs(%init : tensor<2x32x56x56xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x32x56x56xf32>
  return %r : tensor<2x32x56x56xf32>
}

// -----

// A first layer's convolution of one input channel on 26x26 maps,
// channels-last weights: the width makes no tile (26 has no power-of-two
// width), so the channels are the columns, a vector of 16, and 13 pixels
// the rows, stored transposed even though each output sums only 9 steps.
// CHECK-LABEL: func.func private @r_128_32_26_26_1_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 13, 1, 1], vector = 1>
#in1 = affine_map<(n, co, y, x, ky, kx) -> (n, y + ky, x + kx)>
#w1 = affine_map<(n, co, y, x, ky, kx) -> (ky, kx, co)>
#o1 = affine_map<(n, co, y, x, ky, kx) -> (n, co, y, x)>
func.func private @r_128_32_26_26_1_3_3(%x: tensor<128x28x28xf32>, %w: tensor<3x3x32xf32>, %out: tensor<128x32x26x26xf32>) -> tensor<128x32x26x26xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x32x26x26xf32>) -> tensor<128x32x26x26xf32>
  %r = linalg.generic {indexing_maps = [#in1, #w1, #o1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<128x28x28xf32>, tensor<3x3x32xf32>) outs(%init : tensor<128x32x26x26xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x32x26x26xf32>
  return %r : tensor<128x32x26x26xf32>
}

// -----

// A stride-2 convolution of one image with channels-last weights: the
// output channels are the columns, and the rows are the image's columns,
// read two apart (tg-cpu-apply-opts reads them from a strided slice): 7
// rows of 32 columns.
// CHECK-LABEL: func.func private @r_128_7_7_16_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [32, 1, 7, 1, 1, 1], vector = 0>
#in2 = affine_map<(co, y, x, c, ky, kx) -> (c, 2 * y + ky, 2 * x + kx)>
#w2 = affine_map<(co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o2 = affine_map<(co, y, x, c, ky, kx) -> (co, y, x)>
func.func private @r_128_7_7_16_3_3(%x: tensor<16x15x15xf32>, %w: tensor<16x3x3x128xf32>, %out: tensor<128x7x7xf32>) -> tensor<128x7x7xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x7x7xf32>) -> tensor<128x7x7xf32>
  %r = linalg.generic {indexing_maps = [#in2, #w2, #o2], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<16x15x15xf32>, tensor<16x3x3x128xf32>) outs(%init : tensor<128x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x7x7xf32>
  return %r : tensor<128x7x7xf32>
}

// -----

// ResNet-18's 256x14x14 convolution of one image: 2.4 MB of weights, more
// than a core's cache, in 8 column strips (too few for the balanced split):
// split over the columns, each worker reads half the weights for all its
// rows, where split over the rows each would read them all for each row.
// CHECK-LABEL: func.func private @r_256_14_14_256_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [32, 1, 7, 1, 1, 1], vector = 0>
#in3 = affine_map<(co, y, x, c, ky, kx) -> (c, y + ky, x + kx)>
#w3 = affine_map<(co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o3 = affine_map<(co, y, x, c, ky, kx) -> (co, y, x)>
func.func private @r_256_14_14_256_3_3(%x: tensor<256x16x16xf32>, %w: tensor<256x3x3x256xf32>, %out: tensor<256x14x14xf32>) -> tensor<256x14x14xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<256x14x14xf32>) -> tensor<256x14x14xf32>
  %r = linalg.generic {indexing_maps = [#in3, #w3, #o3], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<256x16x16xf32>, tensor<256x3x3x256xf32>) outs(%init : tensor<256x14x14xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<256x14x14xf32>
  return %r : tensor<256x14x14xf32>
}

// -----

// The same from 128 channels: 1.2 MB of weights stay in a core's cache, and
// the rows, 14 of them, split.
// CHECK-LABEL: func.func private @r_256_14_14_128_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [32, 1, 7, 1, 1, 1], vector = 0>
#in4 = affine_map<(co, y, x, c, ky, kx) -> (c, y + ky, x + kx)>
#w4 = affine_map<(co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o4 = affine_map<(co, y, x, c, ky, kx) -> (co, y, x)>
func.func private @r_256_14_14_128_3_3(%x: tensor<128x16x16xf32>, %w: tensor<128x3x3x256xf32>, %out: tensor<256x14x14xf32>) -> tensor<256x14x14xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<256x14x14xf32>) -> tensor<256x14x14xf32>
  %r = linalg.generic {indexing_maps = [#in4, #w4, #o4], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<128x16x16xf32>, tensor<128x3x3x256xf32>) outs(%init : tensor<256x14x14xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<256x14x14xf32>
  return %r : tensor<256x14x14xf32>
}

// -----

// The same convolution with stride 2: its columns are read two apart, which
// no vector load does, so it is not vectorized (it used to be, and then
// failed to compile).
// CHECK-LABEL: func.func private @r_2_32_28_28_16_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = false>
#in2 = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y * 2 + ky, x * 2 + kx)>
#w = affine_map<(n, co, y, x, c, ky, kx) -> (co, c, ky, kx)>
#o = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_2_32_28_28_16_3_3(%x: tensor<2x16x58x58xf32>, %w: tensor<32x16x3x3xf32>, %out: tensor<2x32x28x28xf32>) -> tensor<2x32x28x28xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x32x28x28xf32>) -> tensor<2x32x28x28xf32>
  %r = linalg.generic {indexing_maps = [#in2, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x16x58x58xf32>, tensor<32x16x3x3xf32>) outs(%init : tensor<2x32x28x28xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x32x28x28xf32>
  return %r : tensor<2x32x28x28xf32>
}

// -----

// A Linear's forward, x·Wᵀ: both inputs run along k, which neither output
// axis is, so there is no column for outer products; register tiles of dot
// products instead: 4 rows of x by 4 rows of W, each output a vector of 16
// partial sums along k, merged after the loop. In AVX2's 16 registers 16
// accumulators spill: 2 rows of x by 4 of W.
// CHECK-LABEL: func.func private @r_64_48_256
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 4, 16]>
// AVX2-LABEL: func.func private @r_64_48_256
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [2, 4, 8]>
#xk = affine_map<(b, j, k) -> (b, k)>
#wk = affine_map<(b, j, k) -> (j, k)>
#bj = affine_map<(b, j, k) -> (b, j)>
func.func private @r_64_48_256(%x: tensor<64x256xf32>, %w: tensor<48x256xf32>, %out: tensor<64x48xf32>) -> tensor<64x48xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r = linalg.generic {indexing_maps = [#xk, #wk, #bj], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<64x256xf32>, tensor<48x256xf32>) outs(%init : tensor<64x48xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}

// -----

// A convolution with channels-last weights on a 26-wide map (the CNN's
// input gradient): no power of two of at least 4 divides 26, so the vector
// axis is the output channels, which the weights hold contiguously: 16 of
// them (one vector) by 13 rows along x (two vectors by 2 rows would do
// fewer products per step), stored transposed (vector = 1).
// CHECK-LABEL: func.func private @r_2_32_26_26_16_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 16, 1, 13, 1, 1, 1], vector = 1>
#inL = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#wL = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#oL = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_2_32_26_26_16_3_3(%x: tensor<2x16x28x28xf32>, %w: tensor<16x3x3x32xf32>, %out: tensor<2x32x26x26xf32>) -> tensor<2x32x26x26xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x32x26x26xf32>) -> tensor<2x32x26x26xf32>
  %r = linalg.generic {indexing_maps = [#inL, #wL, #oL], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x16x28x28xf32>, tensor<16x3x3x32xf32>) outs(%init : tensor<2x32x26x26xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x32x26x26xf32>
  return %r : tensor<2x32x26x26xf32>
}

// -----

// The same with stride 2: the input's pixels are read two apart, which
// makes no difference to a row of the tile (a scalar broadcast over the
// channels): 16 channels by 13 rows along x, as with stride 1.
// CHECK-LABEL: func.func private @r_2_32_13_13_16_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 16, 1, 13, 1, 1, 1], vector = 1>
#inS = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y * 2 + ky, x * 2 + kx)>
#wL = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#oL = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_2_32_13_13_16_3_3(%x: tensor<2x16x28x28xf32>, %w: tensor<16x3x3x32xf32>, %out: tensor<2x32x13x13xf32>) -> tensor<2x32x13x13xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x32x13x13xf32>) -> tensor<2x32x13x13xf32>
  %r = linalg.generic {indexing_maps = [#inS, #wL, #oL], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x16x28x28xf32>, tensor<16x3x3x32xf32>) outs(%init : tensor<2x32x13x13xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x32x13x13xf32>
  return %r : tensor<2x32x13x13xf32>
}

// -----

// 64 channels-last weights of 3x3 windows on 8x8 maps: 4 pixels by 64
// channels and 8 by 32 make as many products, and the weights a tile reads
// (147 KB for 64 channels) stream from the second-level cache, so the
// narrower tile, which reads half as many per step, wins (its pixels share
// the input's lines). With AVX2's 16 registers (8 accumulators), 8 pixels
// by 8 channels ties with 4 pixels by 16 channels: the channels win, along
// which the window does not slide. The 8-wide rows keep 4 pixels: neither 5
// nor 6 divides them (deepenSlidingRows).
// CHECK-LABEL: func.func private @r_128_64_8_8_64_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 32, 1, 8, 1, 1, 1], vector = 1>
// AVX2-LABEL: func.func private @r_128_64_8_8_64_3_3
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 4, 1, 1, 1], vector = 1>
#in64 = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w64 = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o64 = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_128_64_8_8_64_3_3(%x: tensor<128x64x10x10xf32>, %w: tensor<64x3x3x64xf32>, %out: tensor<128x64x8x8xf32>) -> tensor<128x64x8x8xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x64x8x8xf32>) -> tensor<128x64x8x8xf32>
  %r = linalg.generic {indexing_maps = [#in64, #w64, #o64], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<128x64x10x10xf32>, tensor<64x3x3x64xf32>) outs(%init : tensor<128x64x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x64x8x8xf32>
  return %r : tensor<128x64x8x8xf32>
}

// -----

// beautiful_mnist's 5x5 convolution of 32 channels on 20x20 maps: 5 pixels
// by 32 channels, not 10 by 16, which the rule above does not make narrower
// than two vectors (one vector loads once per multiply). With AVX2's 16
// registers, 8 accumulators: 4 pixels by 16 channels, deepened to the 5
// pixels that divide the row, 10 accumulators (deepenSlidingRows).
// CHECK-LABEL: func.func private @r_128_32_20_20_32_5_5
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 32, 1, 5, 1, 1, 1], vector = 1>
// AVX2-LABEL: func.func private @r_128_32_20_20_32_5_5
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 5, 1, 1, 1], vector = 1>
#in32 = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w32 = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o32 = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_128_32_20_20_32_5_5(%x: tensor<128x32x24x24xf32>, %w: tensor<32x5x5x32xf32>, %out: tensor<128x32x20x20xf32>) -> tensor<128x32x20x20xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x32x20x20xf32>) -> tensor<128x32x20x20xf32>
  %r = linalg.generic {indexing_maps = [#in32, #w32, #o32], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<128x32x24x24xf32>, tensor<32x5x5x32xf32>) outs(%init : tensor<128x32x20x20xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x32x20x20xf32>
  return %r : tensor<128x32x20x20xf32>
}

// -----

// GPT's weight gradient, xᵀ·g over 1024 positions: x's rows are adjacent
// too, but each step reads a new line of them (no window slides along
// them), so the tile stays 4 rows by 64 columns.
// CHECK-LABEL: func.func private @r_384_128_1024
// CHECK-SAME: tile = [1, 4, 64]>
#xg = affine_map<(k, i, j) -> (k, i)>
#gg = affine_map<(k, i, j) -> (k, j)>
#og = affine_map<(k, i, j) -> (i, j)>
func.func private @r_384_128_1024(%x: tensor<1024x384xf32>, %g: tensor<1024x128xf32>, %out: tensor<384x128xf32>) -> tensor<384x128xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<384x128xf32>) -> tensor<384x128xf32>
  %r = linalg.generic {indexing_maps = [#xg, #gg, #og], iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%x, %g : tensor<1024x384xf32>, tensor<1024x128xf32>) outs(%init : tensor<384x128xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<384x128xf32>
  return %r : tensor<384x128xf32>
}

// -----

// Elementwise with a broadcast row: vectors of 64 along the last axis.
// CHECK-LABEL: func.func private @E_256_256
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 64]>
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func private @E_256_256(%x: tensor<256x256xf32>, %b: tensor<256xf32>, %out: tensor<256x256xf32>) -> tensor<256x256xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<256x256xf32>, tensor<256xf32>) outs(%out : tensor<256x256xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// -----

// A transposed read is not contiguous along the innermost loop: blocks of
// a vector of outputs (16, four with 16-byte vectors) by 4 contiguous
// elements of the transposed input. The workers split the input's rows
// (the innermost loop, 16 chunks), not the output's.
// CHECK-LABEL: func.func private @E_256_256_T
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [4, 16]>
// SSE-LABEL: func.func private @E_256_256_T
// SSE-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [4, 4]>
#t = affine_map<(i, j) -> (j, i)>
#id2 = affine_map<(i, j) -> (i, j)>
func.func private @E_256_256_T(%x: tensor<256x256xf32>, %out: tensor<256x256xf32>) -> tensor<256x256xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#t, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<256x256xf32>) outs(%out : tensor<256x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.negf %a : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// -----

// A convolution weight copied channels-last ([cout, cin, ky, kx] as
// [cin, ky, kx, cout]): a vector of output channels by the whole 3x3 window,
// the nine elements the transposed input holds contiguously.
// CHECK-LABEL: func.func private @E_64_3_3_64
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 3, 3, 16]>
#ohw = affine_map<(i, y, x, o) -> (o, i, y, x)>
#ihwo = affine_map<(i, y, x, o) -> (i, y, x, o)>
func.func private @E_64_3_3_64(%w: tensor<64x64x3x3xf32>, %out: tensor<64x3x3x64xf32>) -> tensor<64x3x3x64xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#ohw, #ihwo], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w : tensor<64x64x3x3xf32>) outs(%out : tensor<64x3x3x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<64x3x3x64xf32>
  return %r : tensor<64x3x3x64xf32>
}

// -----

// With 256 output channels (16 chunks of a vector), the workers split them:
// each reads whole rows of the weight (ResNet-18's 512x512x3x3 copy: 1.26-1.33
// ms split by input channels, 0.97 by output channels).
// CHECK-LABEL: func.func private @E_256_3_3_256
// CHECK-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 3, 3, 16]>
#ohw = affine_map<(i, y, x, o) -> (o, i, y, x)>
#ihwo = affine_map<(i, y, x, o) -> (i, y, x, o)>
func.func private @E_256_3_3_256(%w: tensor<256x256x3x3xf32>, %out: tensor<256x3x3x256xf32>) -> tensor<256x3x3x256xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#ohw, #ihwo], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w : tensor<256x256x3x3xf32>) outs(%out : tensor<256x3x3x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<256x3x3x256xf32>
  return %r : tensor<256x3x3x256xf32>
}

// -----

// Activations copied channels-last ([n, c, y, x] as [n, y, x, c]): split by
// images, the transposed input's first axis, though the channels (the
// innermost loop) have 16 chunks too; 4 pixels of a row by 16 channels.
// CHECK-LABEL: func.func private @E_16_28_28_256
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 1, 4, 16]>
#nchw = affine_map<(n, y, x, c) -> (n, c, y, x)>
#nhwc = affine_map<(n, y, x, c) -> (n, y, x, c)>
func.func private @E_16_28_28_256(%x: tensor<16x256x28x28xf32>, %out: tensor<16x28x28x256xf32>) -> tensor<16x28x28x256xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#nchw, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<16x256x28x28xf32>) outs(%out : tensor<16x28x28x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<16x28x28x256xf32>
  return %r : tensor<16x28x28x256xf32>
}

// -----

// The CNN's activations copied channels-last: the 64 rows of 24 that a
// sweep of the channels reads (6 KB) stay in half the first-level cache,
// and the tiles after it read them again from there: 2 pixels of a row.
// CHECK-LABEL: func.func private @E_128_24_24_64
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 1, 2, 16]>
// ZEN2-LABEL: func.func private @E_128_24_24_64
// ZEN2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 1, 2, 8]>
#nchw = affine_map<(n, y, x, c) -> (n, c, y, x)>
#nhwc = affine_map<(n, y, x, c) -> (n, y, x, c)>
func.func private @E_128_24_24_64(%x: tensor<128x64x24x24xf32>, %out: tensor<128x24x24x64xf32>) -> tensor<128x24x24x64xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#nchw, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<128x64x24x24xf32>) outs(%out : tensor<128x24x24x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<128x24x24x64xf32>
  return %r : tensor<128x24x24x64xf32>
}

// -----

// Rows of 80: a sweep of the 64 channels reads 20 KB, more than half of
// Zen 2's 32 KB, and the runs stay 4 long.
// ZEN2-LABEL: func.func private @E_16_80_80_64
// ZEN2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 1, 4, 8]>
#nchw = affine_map<(n, y, x, c) -> (n, c, y, x)>
#nhwc = affine_map<(n, y, x, c) -> (n, y, x, c)>
func.func private @E_16_80_80_64(%x: tensor<16x64x80x80xf32>, %out: tensor<16x80x80x64xf32>) -> tensor<16x80x80x64xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#nchw, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<16x64x80x80xf32>) outs(%out : tensor<16x80x80x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<16x80x80x64xf32>
  return %r : tensor<16x80x80x64xf32>
}

// -----

// A 2x2 max pooling's gradient over [n, c, y, dy, x, dx]: the window column
// dx (2) is too short for a vector, and the vector takes x with it, both
// every operand's last axes (the pooled ones read x alone, broadcast along
// dx): blocks of 4 window pairs, 8 contiguous floats.
// CHECK-LABEL: func.func private @E_8_4_24_24
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 1, 1, 1, 4, 2]>
// AVX2-LABEL: func.func private @E_8_4_24_24
// AVX2-SAME: tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 1, 1, 1, 4, 2]>
#window = affine_map<(n, c, y, dy, x, dx) -> (n, c, y, dy, x, dx)>
#pooled = affine_map<(n, c, y, dy, x, dx) -> (n, c, y, x)>
func.func private @E_8_4_24_24(%x: tensor<8x4x12x2x12x2xf32>, %m: tensor<8x4x12x12xf32>, %g: tensor<8x4x12x12xf32>, %out: tensor<8x4x12x2x12x2xf32>) -> tensor<8x4x12x2x12x2xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#window, #pooled, #pooled, #window], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %m, %g : tensor<8x4x12x2x12x2xf32>, tensor<8x4x12x12xf32>, tensor<8x4x12x12xf32>) outs(%out : tensor<8x4x12x2x12x2xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %eq = arith.cmpf oeq, %a, %b : f32
    %s = arith.select %eq, %c, %zero : f32
    linalg.yield %s : f32
  } -> tensor<8x4x12x2x12x2xf32>
  return %r : tensor<8x4x12x2x12x2xf32>
}

// -----

// Read with the window's axes the other way round ([.., dx, x]), the block
// would gather: no vector.
// CHECK-LABEL: func.func private @E_8_4_24_24_swapped
// CHECK-SAME: vectorize = false
#window = affine_map<(n, c, y, dy, x, dx) -> (n, c, y, dy, x, dx)>
#swapped = affine_map<(n, c, y, dy, x, dx) -> (n, c, y, dy, dx, x)>
func.func private @E_8_4_24_24_swapped(%x: tensor<8x4x12x2x2x12xf32>, %out: tensor<8x4x12x2x12x2xf32>) -> tensor<8x4x12x2x12x2xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#swapped, #window], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<8x4x12x2x2x12xf32>) outs(%out : tensor<8x4x12x2x12x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.negf %a : f32
    linalg.yield %s : f32
  } -> tensor<8x4x12x2x12x2xf32>
  return %r : tensor<8x4x12x2x12x2xf32>
}

// -----

// A row of 17 (a prime) gives the transposed input one element per row of a
// block, a gather: left scalar, as without the rule.
// CHECK-LABEL: func.func private @E_3_12_17_8
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
#nchw = affine_map<(n, y, x, c) -> (n, c, y, x)>
#nhwc = affine_map<(n, y, x, c) -> (n, y, x, c)>
func.func private @E_3_12_17_8(%x: tensor<3x8x12x17xf32>, %out: tensor<3x12x17x8xf32>) -> tensor<3x12x17x8xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#nchw, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<3x8x12x17xf32>) outs(%out : tensor<3x12x17x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<3x12x17x8xf32>
  return %r : tensor<3x12x17x8xf32>
}

// -----

// A transpose whose innermost loop has 3 elements has no vector of outputs
// to make: left scalar (and, at 12288 iterations, not split).
// CHECK-LABEL: func.func private @E_4096_3_T
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
#t3 = affine_map<(i, j) -> (j, i)>
#id3 = affine_map<(i, j) -> (i, j)>
func.func private @E_4096_3_T(%x: tensor<3x4096xf32>, %out: tensor<4096x3xf32>) -> tensor<4096x3xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#t3, #id3], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x4096xf32>) outs(%out : tensor<4096x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4096x3xf32>
  return %r : tensor<4096x3xf32>
}

// -----

// Small work is not split (fewer than 32768 iterations); 7 columns cannot
// be vectorized.
// CHECK-LABEL: func.func private @E_7
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
#v = affine_map<(i) -> (i)>
func.func private @E_7(%x: tensor<7xf32>, %out: tensor<7xf32>) -> tensor<7xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]}
      ins(%x : tensor<7xf32>) outs(%out : tensor<7xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.negf %a : f32
    linalg.yield %s : f32
  } -> tensor<7xf32>
  return %r : tensor<7xf32>
}

// -----

// A row of 36 floats (a 6x6 map, its loops merged): no vector of 8 or more
// divides it, one of four floats (a 16-byte register) does. Four bytes
// would fill no register: a row of 36 bytes stays scalar.
// CHECK-LABEL: func.func private @E_128_36
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 4]>
// CHECK-LABEL: func.func private @E_128_36_i8
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
#id = affine_map<(i, j) -> (i, j)>
func.func private @E_128_36(%x: tensor<128x36xf32>, %out: tensor<128x36xf32>) -> tensor<128x36xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x36xf32>) outs(%out : tensor<128x36xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.negf %a : f32
    linalg.yield %s : f32
  } -> tensor<128x36xf32>
  return %r : tensor<128x36xf32>
}
func.func private @E_128_36_i8(%x: tensor<128x36xi8>, %out: tensor<128x36xi8>) -> tensor<128x36xi8> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x36xi8>) outs(%out : tensor<128x36xi8>) {
  ^bb0(%a: i8, %o: i8):
    %s = arith.addi %a, %a : i8
    linalg.yield %s : i8
  } -> tensor<128x36xi8>
  return %r : tensor<128x36xi8>
}

// -----

// An in-place kernel whose earlier stage reads its own output at other
// indices must not be split: a worker would read rows another one wrote.
// CHECK-LABEL: func.func private @E_256_256_flip
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 64]>
#f = affine_map<(i, j) -> (i, j)>
func.func private @E_256_256_flip(%out: tensor<256x256xf32>) -> tensor<256x256xf32> attributes {tg.kernel} {
  %empty = tensor.empty() : tensor<256x256xf32>
  %flipped = linalg.generic {indexing_maps = [#f], iterator_types = ["parallel", "parallel"]}
      outs(%empty : tensor<256x256xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c255 = arith.constant 255 : index
    %fi = arith.subi %c255, %i : index
    %v = tensor.extract %out[%fi, %j] : tensor<256x256xf32>
    linalg.yield %v : f32
  } -> tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [#f, #f], iterator_types = ["parallel", "parallel"]}
      ins(%flipped : tensor<256x256xf32>) outs(%out : tensor<256x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// -----

// A choice already made (by BEAM search or a test) is kept; functions that
// are not kernels are left alone.
// CHECK-LABEL: func.func private @E_1024
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
// CHECK-LABEL: func.func @host
// CHECK-NOT: tg.opts
#l = affine_map<(i) -> (i)>
func.func private @E_1024(%x: tensor<1024xf32>, %out: tensor<1024xf32>) -> tensor<1024xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = false>} {
  %r = linalg.generic {indexing_maps = [#l, #l], iterator_types = ["parallel"]}
      ins(%x : tensor<1024xf32>) outs(%out : tensor<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
func.func @host(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  return %x : tensor<1024xf32>
}

// -----

// A sum along the innermost axis, read contiguously: 64 partial sums (four
// 512-bit vectors) per row, rows split across workers.
// CHECK-LABEL: func.func private @r_512_1024
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 64]>
#x = affine_map<(i, k) -> (i, k)>
#row = affine_map<(i, k) -> (i)>
func.func private @r_512_1024(%x: tensor<512x1024xf32>, %out: tensor<512xf32>) -> tensor<512xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<512xf32>) -> tensor<512xf32>
  %r = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<512x1024xf32>) outs(%init : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<512xf32>
  return %r : tensor<512xf32>
}

// -----

// A row of 64 (an 8x8 map read as one row): the widest vector tile that
// leaves two steps of the row, 32 partial sums.
// CHECK-LABEL: func.func private @r_1024_64
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 32]>
#x = affine_map<(i, k) -> (i, k)>
#row = affine_map<(i, k) -> (i)>
func.func private @r_1024_64(%x: tensor<1024x64xf32>, %out: tensor<1024xf32>) -> tensor<1024xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<1024xf32>) -> tensor<1024xf32>
  %r = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1024x64xf32>) outs(%init : tensor<1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// A BatchNorm gradient's sum over a 6x6 map (its loops merged into 36):
// vectors of four floats, the narrowest register, and eight images' rows
// at a time for as many partial sums.
// CHECK-LABEL: func.func private @r_64_128_36
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [8, 1, 4]>
// SSE-LABEL: func.func private @r_64_128_36
// SSE-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [2, 1, 4]>
#g = affine_map<(n, c, k) -> (n, c, k)>
#channel = affine_map<(n, c, k) -> (c)>
func.func private @r_64_128_36(%g: tensor<128x64x36xf32>, %out: tensor<64xf32>) -> tensor<64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#g, #channel], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%g : tensor<128x64x36xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// A bias gradient: a sum over batch, height and width, read contiguously
// along the width. 24 columns hold only a half vector (8 of 16 lanes), so
// the height is unrolled too: 4 rows by 8 columns of partial sums.
// CHECK-LABEL: func.func private @r_64_128_24_24
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [1, 1, 4, 8]>
// SSE-LABEL: func.func private @r_64_128_24_24
// SSE-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [1, 1, 1, 8]>
#g = affine_map<(n, c, h, w) -> (n, c, h, w)>
#channel = affine_map<(n, c, h, w) -> (c)>
func.func private @r_64_128_24_24(%g: tensor<128x64x24x24xf32>, %out: tensor<64xf32>) -> tensor<64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#g, #channel], iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
      ins(%g : tensor<128x64x24x24xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// Max pooling 2x2: a window of 4 that no other rule vectorizes; vectors of
// 4 images, the window's loops unrolled.
// CHECK-LABEL: func.func private @r_128_64_12_12_2_2
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 1, 1, 1, 1, 1]>
#image = affine_map<(n, c, y, x, ky, kx) -> (n, c, y, ky, x, kx)>
#pooled = affine_map<(n, c, y, x, ky, kx) -> (n, c, y, x)>
func.func private @r_128_64_12_12_2_2(%x: tensor<128x64x12x2x12x2xf32>, %out: tensor<128x64x12x12xf32>) -> tensor<128x64x12x12xf32> attributes {tg.kernel} {
  %lowest = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%lowest : f32) outs(%out : tensor<128x64x12x12xf32>) -> tensor<128x64x12x12xf32>
  %r = linalg.generic {indexing_maps = [#image, #pooled], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<128x64x12x2x12x2xf32>) outs(%init : tensor<128x64x12x12xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %acc, %a : f32
    linalg.yield %m : f32
  } -> tensor<128x64x12x12xf32>
  return %r : tensor<128x64x12x12xf32>
}

// -----

// A window of 5x5 is too large to unroll: no vectors.
// CHECK-LABEL: func.func private @r_8_16_4_4_5_5
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = false>
#image5 = affine_map<(n, c, y, x, ky, kx) -> (n, c, y, ky, x, kx)>
#pooled5 = affine_map<(n, c, y, x, ky, kx) -> (n, c, y, x)>
func.func private @r_8_16_4_4_5_5(%x: tensor<8x16x4x5x4x5xf32>, %out: tensor<8x16x4x4xf32>) -> tensor<8x16x4x4xf32> attributes {tg.kernel} {
  %lowest = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%lowest : f32) outs(%out : tensor<8x16x4x4xf32>) -> tensor<8x16x4x4xf32>
  %r = linalg.generic {indexing_maps = [#image5, #pooled5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<8x16x4x5x4x5xf32>) outs(%init : tensor<8x16x4x4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %acc, %a : f32
    linalg.yield %m : f32
  } -> tensor<8x16x4x4xf32>
  return %r : tensor<8x16x4x4xf32>
}

// -----

// An empty window: nothing to tile.
// CHECK-LABEL: func.func private @r_4_3_0
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
#empty = affine_map<(i, j, k) -> (i, k, j)>
#sums = affine_map<(i, j, k) -> (i, j)>
func.func private @r_4_3_0(%x: tensor<4x0x3xf32>, %out: tensor<4x3xf32>) -> tensor<4x3xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#empty, #sums], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x0x3xf32>) outs(%init : tensor<4x3xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// A sum over the outer axis (each row added into the result): the
// reduction is not innermost, so no partial sums; only the split.
// CHECK-LABEL: func.func private @r_1024_512
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = false>
#xt = affine_map<(k, j) -> (k, j)>
#col = affine_map<(k, j) -> (j)>
func.func private @r_1024_512(%x: tensor<1024x512xf32>, %out: tensor<512xf32>) -> tensor<512xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<512xf32>) -> tensor<512xf32>
  %r = linalg.generic {indexing_maps = [#xt, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<1024x512xf32>) outs(%init : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<512xf32>
  return %r : tensor<512xf32>
}

// -----

// With the reduced axis kept (read at 0 in the output map), the partial
// results would have no axis to live on: no partial sums.
// CHECK-LABEL: func.func private @r_512_1024_keepdim
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = false>
#xk = affine_map<(i, k) -> (i, k)>
#rowk = affine_map<(i, k) -> (i, 0)>
func.func private @r_512_1024_keepdim(%x: tensor<512x1024xf32>, %out: tensor<512x1xf32>) -> tensor<512x1xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<512x1xf32>) -> tensor<512x1xf32>
  %r = linalg.generic {indexing_maps = [#xk, #rowk], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<512x1024xf32>) outs(%init : tensor<512x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<512x1xf32>
  return %r : tensor<512x1xf32>
}

// -----

// A matmul with a bias epilogue (the root) and a ReLU on its rows'
// operand: the main stage is the matmul, tiled as above in its own loops;
// the epilogue reads it element by element and the bias along the
// columns, so the whole kernel vectorizes.
// CHECK-LABEL: func.func private @r_32_64_16
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func private @r_32_64_16(%a: tensor<32x16xf32>, %b: tensor<16x64xf32>, %bias: tensor<64xf32>, %out: tensor<32x64xf32>) -> tensor<32x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<32x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<32x16xf32>, tensor<16x64xf32>) outs(%init : tensor<32x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %relu = arith.maximumf %x, %zero : f32
    %p = arith.mulf %relu, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<32x64xf32>, tensor<64xf32>) outs(%out : tensor<32x64xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// -----

// A flip reads against its loops (2 - y): tiling would compute its slices
// wrong, so nothing is tiled, split or vectorized, however large.
// CHECK-LABEL: func.func private @E_64_64_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
#flip = affine_map<(a, b, y, x) -> (b, a, 2 - y, 2 - x)>
#id = affine_map<(a, b, y, x) -> (a, b, y, x)>
func.func private @E_64_64_3_3(%w: tensor<64x64x3x3xf32>, %out: tensor<64x64x3x3xf32>) -> tensor<64x64x3x3xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#flip, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w : tensor<64x64x3x3xf32>) outs(%out : tensor<64x64x3x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<64x64x3x3xf32>
  return %r : tensor<64x64x3x3xf32>
}

// -----

// Six columns: no power of two of at least 4 divides them, but they fit in
// one vector, which takes the whole axis (LLVM pads it).
// CHECK-LABEL: func.func private @r_2_32_6_6_16_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 16, 1, 6, 1, 1, 1]>
#in = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w = affine_map<(n, co, y, x, c, ky, kx) -> (co, c, ky, kx)>
#o = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_2_32_6_6_16_3_3(%x: tensor<2x16x8x8xf32>, %w: tensor<32x16x3x3xf32>, %out: tensor<2x32x6x6xf32>) -> tensor<2x32x6x6xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x32x6x6xf32>) -> tensor<2x32x6x6xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x16x8x8xf32>, tensor<32x16x3x3xf32>) outs(%init : tensor<2x32x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x32x6x6xf32>
  return %r : tensor<2x32x6x6xf32>
}


// -----

// The root writes the output through a collapse of its unit axis and is
// expanded back (after tg-cpu-drop-unit-dims): it is still the root.
// CHECK-LABEL: func.func private @r_64_64_64
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_64_64(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %out: tensor<1x64x64xf32>) -> tensor<1x64x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %out [[0, 1], [2]] : tensor<1x64x64xf32> into tensor<64x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%flat : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %back = tensor.expand_shape %r [[0, 1], [2]] output_shape [1, 64, 64] : tensor<64x64xf32> into tensor<1x64x64xf32>
  return %back : tensor<1x64x64xf32>
}


// -----

// A weight gradient summed as [ky, kx, co] and permuted into the weights'
// [co, 1, ky, kx] by an epilogue whose unit loop (one input channel) the
// sum does not have: the main stage is the sum, co its columns.
// Each tile reads 170 KB over the whole sum, 21 KB per image: the batch
// loop runs outside the tiles, so one image's slice stays in the first-level
// cache for all five of them.
// CHECK-LABEL: func.func private @r_32_5_5_8_12_12
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 5, 32, 1, 1, 1], outer = 3>
#x = affine_map<(ky, kx, co, n, y, x) -> (n, y + ky, x + kx)>
#g = affine_map<(ky, kx, co, n, y, x) -> (n, y, x, co)>
#kkc = affine_map<(ky, kx, co, n, y, x) -> (ky, kx, co)>
#toWeight = affine_map<(co, ci, ky, kx) -> (ky, kx, co)>
#id4 = affine_map<(co, ci, ky, kx) -> (co, ci, ky, kx)>
func.func private @r_32_5_5_8_12_12(%x: tensor<8x16x16xf32>, %g: tensor<8x12x12x32xf32>, %out: tensor<32x1x5x5xf32>) -> tensor<32x1x5x5xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<5x5x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<5x5x32xf32>) -> tensor<5x5x32xf32>
  %dw = linalg.generic {indexing_maps = [#x, #g, #kkc], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<8x16x16xf32>, tensor<8x12x12x32xf32>) outs(%init : tensor<5x5x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<5x5x32xf32>
  %r = linalg.generic {indexing_maps = [#toWeight, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%dw : tensor<5x5x32xf32>) outs(%out : tensor<32x1x5x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<32x1x5x5xf32>
  return %r : tensor<32x1x5x5xf32>
}

// -----

// A weight gradient's sum over the batch and the pixels: each 4x64 tile
// would read 4.4 MB over its whole sum, once per tile, so the batch loop
// runs outside the tiles (outer = 2) and each image's slices stay in cache
// for every tile.
// CHECK-LABEL: func.func private @r_32_64_64_16_16
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1, 1], outer = 2>
#x = affine_map<(ci, co, b, y, x) -> (b, ci, y, x)>
#g = affine_map<(ci, co, b, y, x) -> (b, y, x, co)>
#o = affine_map<(ci, co, b, y, x) -> (ci, co)>
func.func private @r_32_64_64_16_16(%x: tensor<64x32x16x16xf32>, %g: tensor<64x16x16x64xf32>, %out: tensor<32x64xf32>) -> tensor<32x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #o], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<64x32x16x16xf32>, tensor<64x16x16x64xf32>) outs(%init : tensor<32x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// -----

// The same sum with an epilogue, SGD's momentum update (ResNet-18's weight
// gradients): the batch loop runs outside the tiles all the same, and the
// update after it (tg-cpu-apply-opts).
// CHECK-LABEL: func.func private @r_32_64_64_16_16n1
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1, 1], outer = 2>
#x = affine_map<(ci, co, b, y, x) -> (b, ci, y, x)>
#g = affine_map<(ci, co, b, y, x) -> (b, y, x, co)>
#o = affine_map<(ci, co, b, y, x) -> (ci, co)>
#id2 = affine_map<(ci, co) -> (ci, co)>
func.func private @r_32_64_64_16_16n1(%x: tensor<64x32x16x16xf32>, %g: tensor<64x16x16x64xf32>, %v: tensor<32x64xf32>, %out: tensor<32x64xf32>) -> tensor<32x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %momentum = arith.constant 0.9 : f32
  %empty = tensor.empty() : tensor<32x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<32x64xf32>) -> tensor<32x64xf32>
  %sum = linalg.generic {indexing_maps = [#x, #g, #o], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<64x32x16x16xf32>, tensor<64x16x16x64xf32>) outs(%init : tensor<32x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%sum, %v : tensor<32x64xf32>, tensor<32x64xf32>) outs(%out : tensor<32x64xf32>) {
  ^bb0(%s: f32, %old: f32, %o: f32):
    %d = arith.mulf %old, %momentum : f32
    %n = arith.addf %d, %s : f32
    linalg.yield %n : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// -----

// beautiful_mnist's last weight gradient, over 6x6 maps: 36 steps of the
// pixels for each image, enough to pay for loading and storing the tile's
// accumulators once per image, so the batch loop runs outside the tiles.
// CHECK-LABEL: func.func private @r_64_64_128_6_6
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1, 1], outer = 2>
#x = affine_map<(ci, co, b, y, x) -> (b, ci, y, x)>
#g = affine_map<(ci, co, b, y, x) -> (b, y, x, co)>
#o = affine_map<(ci, co, b, y, x) -> (ci, co)>
func.func private @r_64_64_128_6_6(%x: tensor<128x64x6x6xf32>, %g: tensor<128x6x6x64xf32>, %out: tensor<64x64xf32>) -> tensor<64x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #o], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<128x64x6x6xf32>, tensor<128x6x6x64xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// The same over 5x5 maps (and twice the images, so that each tile still
// reads more than 1 MB): 25 steps per image are too few, and the batch loop
// stays inside the tiles.
// CHECK-LABEL: func.func private @r_64_64_256_5_5
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1, 1]>
#x = affine_map<(ci, co, b, y, x) -> (b, ci, y, x)>
#g = affine_map<(ci, co, b, y, x) -> (b, y, x, co)>
#o = affine_map<(ci, co, b, y, x) -> (ci, co)>
func.func private @r_64_64_256_5_5(%x: tensor<256x64x5x5xf32>, %g: tensor<256x5x5x64xf32>, %out: tensor<64x64xf32>) -> tensor<64x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #o], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<256x64x5x5xf32>, tensor<256x5x5x64xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// A 5x5 convolution of 20x20 maps with channels-last weights: 32 output
// channels (the vector) by 5 pixels of a row, whose inputs share cache
// lines, rather than by 8 images (more products per step, but each image's
// inputs far from the others'); split along y.
// CHECK-LABEL: func.func private @r_8_32_20_20_32_5_5
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 32, 1, 5, 1, 1, 1], vector = 1>
#in = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_8_32_20_20_32_5_5(%x: tensor<8x32x24x24xf32>, %w: tensor<32x5x5x32xf32>, %out: tensor<8x32x20x20xf32>) -> tensor<8x32x20x20xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<8x32x20x20xf32>) -> tensor<8x32x20x20xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<8x32x24x24xf32>, tensor<32x5x5x32xf32>) outs(%init : tensor<8x32x20x20xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x32x20x20xf32>
  return %r : tensor<8x32x20x20xf32>
}

// -----

// 10x10 maps: 10 columns along x would fill 10 of 16 lanes, so the vector
// runs along the 32 channels, by 5 pixels of a row. AVX2's 8 accumulators
// first take one vector by 5 pixels, then two (widenSlidingColumns: 10
// accumulators; beautiful_mnist's input gradient over 10x10 maps, 4.8-4.9
// -> 2.8 ms on Zen 2).
// CHECK-LABEL: func.func private @r_8_32_10_10_64_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 32, 1, 5, 1, 1, 1], vector = 1>
// AVX2-LABEL: func.func private @r_8_32_10_10_64_3_3
// AVX2-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 16, 1, 5, 1, 1, 1], vector = 1>
#in = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_8_32_10_10_64_3_3(%x: tensor<8x64x12x12xf32>, %w: tensor<64x3x3x32xf32>, %out: tensor<8x32x10x10xf32>) -> tensor<8x32x10x10xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<8x32x10x10xf32>) -> tensor<8x32x10x10xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<8x64x12x12xf32>, tensor<64x3x3x32xf32>) outs(%init : tensor<8x32x10x10xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x32x10x10xf32>
  return %r : tensor<8x32x10x10xf32>
}

// -----

// A 3x3 convolution of 64 channels over 8x8 maps (beautiful_mnist's last):
// AVX2's 8 accumulators take one vector of channels by the 6 pixels of a
// row, then two vectors by 3 pixels of 2 rows, whose window slides too
// (widenSlidingColumns: 12 accumulators, 2.9-3.1 -> 2.4-2.5 ms on Zen 2;
// two vectors by 6 pixels spilled). SSE's 16-byte vectors keep one by 6.
// AVX2-LABEL: func.func private @r_128_64_6_6_64_3_3
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 2, 3, 1, 1, 1], vector = 1>
// SSE-LABEL: func.func private @r_128_64_6_6_64_3_3
// SSE-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [1, 4, 1, 6, 1, 1, 1], vector = 1>
#in6 = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w6 = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o6 = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_128_64_6_6_64_3_3(%x: tensor<128x64x8x8xf32>, %w: tensor<64x3x3x64xf32>, %out: tensor<128x64x6x6xf32>) -> tensor<128x64x6x6xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x64x6x6xf32>) -> tensor<128x64x6x6xf32>
  %r = linalg.generic {indexing_maps = [#in6, #w6, #o6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<128x64x8x8xf32>, tensor<64x3x3x64xf32>) outs(%init : tensor<128x64x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x64x6x6xf32>
  return %r : tensor<128x64x6x6xf32>
}

// -----

// A softmax over 4 rows of 16384 (its max and sum fused in, read per row):
// its columns have more tiles, but a worker splitting them would compute
// its rows' max and sum again for each share, so the rows are split.
// CHECK-LABEL: func.func private @r_4_16384_16384
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 64]>
#sx = affine_map<(i, j) -> (i, j)>
#srow = affine_map<(i, j) -> (i)>
func.func private @r_4_16384_16384(%x: tensor<4x16384xf32>, %out: tensor<4x16384xf32>) -> tensor<4x16384xf32> attributes {tg.kernel} {
  %lowest = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %m0 = linalg.fill ins(%lowest : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#sx, #srow], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x16384xf32>) outs(%m0 : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#sx, #srow, #sx], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x16384xf32>, tensor<4xf32>) outs(%out : tensor<4x16384xf32>) {
  ^bb0(%a: f32, %max: f32, %o: f32):
    %d = arith.subf %a, %max : f32
    linalg.yield %d : f32
  } -> tensor<4x16384xf32>
  return %y : tensor<4x16384xf32>
}

// -----

// The same elementwise kernel without the max: the columns split.
// CHECK-LABEL: func.func private @E_4_16384
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [1, 64]>
#sx = affine_map<(i, j) -> (i, j)>
#srow = affine_map<(i, j) -> (i)>
func.func private @E_4_16384(%x: tensor<4x16384xf32>, %m: tensor<4xf32>, %out: tensor<4x16384xf32>) -> tensor<4x16384xf32> attributes {tg.kernel} {
  %y = linalg.generic {indexing_maps = [#sx, #srow, #sx], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x16384xf32>, tensor<4xf32>) outs(%out : tensor<4x16384xf32>) {
  ^bb0(%a: f32, %max: f32, %o: f32):
    %d = arith.subf %a, %max : f32
    linalg.yield %d : f32
  } -> tensor<4x16384xf32>
  return %y : tensor<4x16384xf32>
}

// -----

// A weight gradient whose output gradients (6.4 MB, read along the tile's
// 64-channel columns) exceed a core's cache, the batch loop outside the
// tiles: the workers split the output channels, each streaming its half of
// them once, rather than the input channels, where each of the 16 chunks
// would stream all of them again. Without a window (a 1x1 convolution), the
// 4x64 tile does not turn.
// CHECK-LABEL: func.func private @r_64_128_16_28_28
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [4, 64, 1, 1, 1], outer = 2>
#x = affine_map<(ci, co, b, y, x) -> (b, ci, y, x)>
#g = affine_map<(ci, co, b, y, x) -> (b, y, x, co)>
#o = affine_map<(ci, co, b, y, x) -> (ci, co)>
func.func private @r_64_128_16_28_28(%x: tensor<16x64x28x28xf32>, %g: tensor<16x28x28x128xf32>, %out: tensor<64x128xf32>) -> tensor<64x128xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #o], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<16x64x28x28xf32>, tensor<16x28x28x128xf32>) outs(%init : tensor<64x128xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// -----

// ResNet-18's weight gradient over 7x7 maps of 512 channels: a 4x64 tile
// reads 213 KB over its whole sum, more than the first-level cache, but 13
// KB per image: the batch loop runs outside the tiles. With it outside, a
// convolution's tile turns to 8 input channels by 32 output channels, and
// the workers split the input channels.
// CHECK-LABEL: func.func private @r_3_3_512_512_16_7_7
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 1, 8, 32, 1, 1, 1], outer = 4>
#xr_3_3_512_512_16_7_7 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, ci, y + ky, x + kx)>
#gr_3_3_512_512_16_7_7 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, y, x, co)>
#or_3_3_512_512_16_7_7 = affine_map<(ky, kx, ci, co, n, y, x) -> (ky, kx, ci, co)>
func.func private @r_3_3_512_512_16_7_7(%x: tensor<16x512x9x9xf32>, %g: tensor<16x7x7x512xf32>, %out: tensor<3x3x512x512xf32>) -> tensor<3x3x512x512xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<3x3x512x512xf32>) -> tensor<3x3x512x512xf32>
  %r = linalg.generic {indexing_maps = [#xr_3_3_512_512_16_7_7, #gr_3_3_512_512_16_7_7, #or_3_3_512_512_16_7_7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<16x512x9x9xf32>, tensor<16x7x7x512xf32>) outs(%init : tensor<3x3x512x512xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x3x512x512xf32>
  return %r : tensor<3x3x512x512xf32>
}

// -----

// Over 28x28 maps of 128 channels, 4x64 tiles would split the output
// channels (two chunks); turned, the workers split the 16 chunks of 8 input
// channels (by output channels, a 7x7 layer's took 26 ms instead of 16).
// CHECK-LABEL: func.func private @r_3_3_128_128_16_28_28
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 1, 8, 32, 1, 1, 1], outer = 4>
#xr_3_3_128_128_16_28_28 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, ci, y + ky, x + kx)>
#gr_3_3_128_128_16_28_28 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, y, x, co)>
#or_3_3_128_128_16_28_28 = affine_map<(ky, kx, ci, co, n, y, x) -> (ky, kx, ci, co)>
func.func private @r_3_3_128_128_16_28_28(%x: tensor<16x128x30x30xf32>, %g: tensor<16x28x28x128xf32>, %out: tensor<3x3x128x128xf32>) -> tensor<3x3x128x128xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<3x3x128x128xf32>) -> tensor<3x3x128x128xf32>
  %r = linalg.generic {indexing_maps = [#xr_3_3_128_128_16_28_28, #gr_3_3_128_128_16_28_28, #or_3_3_128_128_16_28_28], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<16x128x30x30xf32>, tensor<16x28x28x128xf32>) outs(%init : tensor<3x3x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x3x128x128xf32>
  return %r : tensor<3x3x128x128xf32>
}

// -----

// The same over 14x14 maps of 256 channels: 53 KB per image overflows the
// first-level cache too, and the whole sum (853 KB) stays in the next: the
// batch loop stays inside the tiles, which take 6 of the 256 input channels
// (rows 256 floats apart), the last tile 4 (14.4 -> 13.0 ms with 4 rows).
// CHECK-LABEL: func.func private @r_3_3_256_256_16_14_14
// CHECK-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 6, 64, 1, 1, 1]>
#xr_3_3_256_256_16_14_14 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, ci, y + ky, x + kx)>
#gr_3_3_256_256_16_14_14 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, y, x, co)>
#or_3_3_256_256_16_14_14 = affine_map<(ky, kx, ci, co, n, y, x) -> (ky, kx, ci, co)>
func.func private @r_3_3_256_256_16_14_14(%x: tensor<16x256x16x16xf32>, %g: tensor<16x14x14x256xf32>, %out: tensor<3x3x256x256xf32>) -> tensor<3x3x256x256xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<3x3x256x256xf32>) -> tensor<3x3x256x256xf32>
  %r = linalg.generic {indexing_maps = [#xr_3_3_256_256_16_14_14, #gr_3_3_256_256_16_14_14, #or_3_3_256_256_16_14_14], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<16x256x16x16xf32>, tensor<16x14x14x256xf32>) outs(%init : tensor<3x3x256x256xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x3x256x256xf32>
  return %r : tensor<3x3x256x256xf32>
}

// -----

// ResNet-18's first weight gradient: one image's slices (3.8 MB of input
// and output gradients) exceed a core's cache, a row of all 16 images'
// does not: the output rows run outside the tiles (outer = 5, not the batch
// loop 4). The split loop runs outside them, so the workers split the
// output channels, each streaming half of the 51 MB of output gradients
// once, rather than the kernel rows, each of whose 7 chunks would stream all
// of them.
// CHECK-LABEL: func.func private @r_7_7_3_64_16_112_112
// CHECK-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 7, 1, 32, 1, 1, 1], outer = 5>
#xr_7_7_3_64_16_112_112 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, ci, y + ky, x + kx)>
#gr_7_7_3_64_16_112_112 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, y, x, co)>
#or_7_7_3_64_16_112_112 = affine_map<(ky, kx, ci, co, n, y, x) -> (ky, kx, ci, co)>
func.func private @r_7_7_3_64_16_112_112(%x: tensor<16x3x230x230xf32>, %g: tensor<16x112x112x64xf32>, %out: tensor<7x7x3x64xf32>) -> tensor<7x7x3x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<7x7x3x64xf32>) -> tensor<7x7x3x64xf32>
  %r = linalg.generic {indexing_maps = [#xr_7_7_3_64_16_112_112, #gr_7_7_3_64_16_112_112, #or_7_7_3_64_16_112_112], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<16x3x230x230xf32>, tensor<16x112x112x64xf32>) outs(%init : tensor<7x7x3x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<7x7x3x64xf32>
  return %r : tensor<7x7x3x64xf32>
}

// -----

// beautiful_mnist's first weight gradient: 5 window columns by 32 channels
// with the images outside the tiles would split by the 5 kernel rows, which
// two workers share unevenly, each streaming all 9.4 MB of output
// gradients; the channels are halved instead and split, each worker
// reading its half once. AVX2's 8 accumulators first take one vector of
// channels by the 5 window columns, then two, still split by channels in
// two chunks (widenSlidingColumns: Zen 2, 1.4-1.8 -> 0.9-1.2 ms).
// CHECK-LABEL: func.func private @r_32_5_5_128_24_24
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 5, 16, 1, 1, 1], outer = 3>
// AVX2-LABEL: func.func private @r_32_5_5_128_24_24
// AVX2-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 5, 16, 1, 1, 1], outer = 3>
#x_first = affine_map<(ky, kx, co, n, y, x) -> (n, ky + y, kx + x)>
#g_first = affine_map<(ky, kx, co, n, y, x) -> (n, y, x, co)>
#o_first = affine_map<(ky, kx, co, n, y, x) -> (ky, kx, co)>
func.func private @r_32_5_5_128_24_24(%x: tensor<128x28x28xf32>, %g: tensor<128x24x24x32xf32>, %out: tensor<5x5x32xf32>) -> tensor<5x5x32xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<5x5x32xf32>) -> tensor<5x5x32xf32>
  %r = linalg.generic {indexing_maps = [#x_first, #g_first, #o_first], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<128x28x28xf32>, tensor<128x24x24x32xf32>) outs(%init : tensor<5x5x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<5x5x32xf32>
  return %r : tensor<5x5x32xf32>
}

// -----

// beautiful_mnist's 5x5 weight gradient, stored as [co, ci, ky, kx] with its
// tile along the output channels (transposed, vector = 3) and the batch
// outside the tiles: rows of 8 input channels, not of the 5 window columns
// whose inputs lie next to each other (which win without `outer`); split by
// its 4 chunks of input channels, which two workers share evenly, rather
// than by its 5 kernel rows; its 32 channels stay whole (the rows split
// evenly: halving the columns is for rows that do not). With AVX2's 8
// accumulators, 4 input channels by 32 channels turn to 16 channels, in two
// chunks split among the workers, by 5 window columns, whose window slides
// over 20 steps of x (deepenSlidingRows; Zen 2: 18.6-19.0 ms as it was,
// split by 8 chunks of 4 input channels; 16.7-17.3 split by the output
// channels; 14.8-15.1 with 6 input channels, 13.2-13.5 with 5 window columns).
// CHECK-LABEL: func.func private @r_32_32_5_5_128_20_20
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 1, 8, 32, 1, 1, 1], vector = 3, outer = 4>
// AVX2-LABEL: func.func private @r_32_32_5_5_128_20_20
// AVX2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 5, 1, 16, 1, 1, 1], vector = 3, outer = 4>
#xr_32_32_5_5 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, ci, ky + y, kx + x)>
#gr_32_32_5_5 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, y, x, co)>
#or_32_32_5_5 = affine_map<(ky, kx, ci, co, n, y, x) -> (co, ci, ky, kx)>
func.func private @r_32_32_5_5_128_20_20(%x: tensor<128x32x24x24xf32>, %g: tensor<128x20x20x32xf32>, %out: tensor<32x32x5x5xf32>) -> tensor<32x32x5x5xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<32x32x5x5xf32>) -> tensor<32x32x5x5xf32>
  %r = linalg.generic {indexing_maps = [#xr_32_32_5_5, #gr_32_32_5_5, #or_32_32_5_5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<128x32x24x24xf32>, tensor<128x20x20x32xf32>) outs(%init : tensor<32x32x5x5xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x32x5x5xf32>
  return %r : tensor<32x32x5x5xf32>
}

// -----

// beautiful_mnist's last 3x3 weight gradient, over 6x6 maps: with AVX2,
// turned to 16 output channels by 4 input channels, it would split by 16
// chunks of input channels; it splits by its 4 chunks of output channels
// instead, so that its rows take 6 input channels (Zen 2: 2.16-2.59 ms
// split by input channels; 2.21-2.26 by output channels; 1.77-2.01 with 6
// rows). Its 3 window columns are too few rows to take in their place.
// AVX2-LABEL: func.func private @r_64_64_3_3_128_6_6
// AVX2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 6, 16, 1, 1, 1], vector = 3, outer = 4>
#xr_64_64_3_3 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, ci, ky + y, kx + x)>
#gr_64_64_3_3 = affine_map<(ky, kx, ci, co, n, y, x) -> (n, y, x, co)>
#or_64_64_3_3 = affine_map<(ky, kx, ci, co, n, y, x) -> (co, ci, ky, kx)>
func.func private @r_64_64_3_3_128_6_6(%x: tensor<128x64x8x8xf32>, %g: tensor<128x6x6x64xf32>, %out: tensor<64x64x3x3xf32>) -> tensor<64x64x3x3xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x64x3x3xf32>) -> tensor<64x64x3x3xf32>
  %r = linalg.generic {indexing_maps = [#xr_64_64_3_3, #gr_64_64_3_3, #or_64_64_3_3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<128x64x8x8xf32>, tensor<128x6x6x64xf32>) outs(%init : tensor<64x64x3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64x3x3xf32>
  return %r : tensor<64x64x3x3xf32>
}

// -----

// A 1024² matmul: its rows of A lie 4 KB apart, so a tile takes 6 rows by 64
// columns (24 of AVX-512's 32 registers; the last row tile, 4 rows, is
// peeled by tg-cpu-apply-opts). r_64_1024_64 keeps 4 rows: 64 steps of k
// are too few to pay for it; r_64_64_64 too: its rows are the split loop.
// With AVX2's 16 registers, 6 rows of two vectors: 12 accumulators (Zen 2:
// 58 GFLOPS with 4 rows of four vectors, which spilled; 3 rows, 75; 2 rows,
// 129-139; 6 rows of two, 169-171). SSE's 16-byte vectors keep 2 rows of
// four (x86-64's baseline, without FMA: 24 GFLOPS, 18 with 6 rows of two).
// CHECK-LABEL: func.func private @r_1024_1024_1024
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [6, 64, 1]>
// SSE-LABEL: func.func private @r_1024_1024_1024
// SSE-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [2, 16, 1]>
// AVX2-LABEL: func.func private @r_1024_1024_1024
// AVX2-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [6, 16, 1]>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_1024_1024_1024(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %out: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%init : tensor<1024x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

// -----

// GPT's weight gradient of a 128x512 Linear, summed over 16x64 positions
// with an outer loop: its column factor (2 MB) fills a core's cache, so its
// 8 strips of 64 columns split, each worker reading half of it once.
// CHECK-LABEL: func.func private @r_128_512_16_64
// CHECK-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 4, 64], outer = 0>
#gx = affine_map<(b, t, i, o) -> (b, i, t)>
#gg = affine_map<(b, t, i, o) -> (b, t, o)>
#gw = affine_map<(b, t, i, o) -> (i, o)>
func.func private @r_128_512_16_64(%x: tensor<16x128x64xf32>, %g: tensor<16x64x512xf32>, %out: tensor<128x512xf32>) -> tensor<128x512xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x512xf32>) -> tensor<128x512xf32>
  %r = linalg.generic {indexing_maps = [#gx, #gg, #gw], iterator_types = ["reduction", "reduction", "parallel", "parallel"]}
      ins(%x, %g : tensor<16x128x64xf32>, tensor<16x64x512xf32>) outs(%init : tensor<128x512xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}

// -----

// A 512² matmul: B (1 MB, half a core's cache) in 8 strips of 64 columns,
// too few for the balanced split; a plain product (no window, no outer
// loop) splits them, each worker packing its strips once, rather than
// every 4-row tile reading all of B. Not split by rows, the tile takes 6
// (AVX2's by two vectors).
// CHECK-LABEL: func.func private @r_512_512_512
// CHECK-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [6, 64, 1]>
// AVX2-LABEL: func.func private @r_512_512_512
// AVX2-SAME: tg.opts = #tg.opts<split = 1, vectorize = true, tile = [6, 16, 1]>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_512_512_512(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %out: tensor<512x512xf32>) -> tensor<512x512xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%init : tensor<512x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

// -----

// beautiful_mnist's 5x5 input gradient: g padded, by the flipped weights
// read channels-last. With AVX2's 8 accumulators, 8 pixels (a window
// sliding along g's rows) by 8 channels ties with 8 channels by 8 pixels,
// and with 16 channels by 4 pixels: the channels win (Zen 2: 74 -> 117-129
// GFLOPS for both backward convolutions), and take 6 pixels, which divide
// the row (deepenSlidingRows); AVX-512 takes 32 channels.
// CHECK-LABEL: func.func private @r_128_32_24_24_32_5_5
// CHECK-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 32, 1, 8, 1, 1, 1], vector = 1>
// AVX2-LABEL: func.func private @r_128_32_24_24_32_5_5
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 6, 1, 1, 1], vector = 1>
#gIn = affine_map<(n, ci, y, x, co, ky, kx) -> (n, co, y + ky, x + kx)>
#wFlipped = affine_map<(n, ci, y, x, co, ky, kx) -> (co, ky, kx, ci)>
#dx = affine_map<(n, ci, y, x, co, ky, kx) -> (n, ci, y, x)>
func.func private @r_128_32_24_24_32_5_5(%g: tensor<128x32x28x28xf32>, %w: tensor<32x5x5x32xf32>, %out: tensor<128x32x24x24xf32>) -> tensor<128x32x24x24xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#gIn, #wFlipped, #dx], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%g, %w : tensor<128x32x28x28xf32>, tensor<32x5x5x32xf32>) outs(%out : tensor<128x32x24x24xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x32x24x24xf32>
  return %r : tensor<128x32x24x24xf32>
}

// -----

// The CNN's 3x3 convolution of 32 channels on 24x24 maps: with AVX2, 4
// pixels by 16 channels, not deepened to 6 pixels: LLVM unrolls a window of
// 3 steps whole and 12 accumulators then spill (deepenSlidingRows).
// AVX2-LABEL: func.func private @r_128_64_24_24_32_3_3
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 4, 1, 1, 1], vector = 1>
#in3 = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w3 = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#o3 = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_128_64_24_24_32_3_3(%x: tensor<128x32x26x26xf32>, %w: tensor<32x3x3x64xf32>, %out: tensor<128x64x24x24xf32>) -> tensor<128x64x24x24xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x64x24x24xf32>) -> tensor<128x64x24x24xf32>
  %r = linalg.generic {indexing_maps = [#in3, #w3, #o3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<128x32x26x26xf32>, tensor<32x3x3x64xf32>) outs(%init : tensor<128x64x24x24xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x64x24x24xf32>
  return %r : tensor<128x64x24x24xf32>
}

// -----

// beautiful_mnist's first convolution, one input channel, 5x5 on 24x24
// maps: with AVX2, 4 pixels by 16 channels, not deepened: 25 steps, too few
// for the accumulators' load and store (deepenSlidingRows).
// AVX2-LABEL: func.func private @r_128_32_24_24_1_5_5
// AVX2-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 4, 1, 1], vector = 1>
#in5 = affine_map<(n, co, y, x, ky, kx) -> (n, y + ky, x + kx)>
#w5 = affine_map<(n, co, y, x, ky, kx) -> (ky, kx, co)>
#o5 = affine_map<(n, co, y, x, ky, kx) -> (n, co, y, x)>
func.func private @r_128_32_24_24_1_5_5(%x: tensor<128x28x28xf32>, %w: tensor<5x5x32xf32>, %out: tensor<128x32x24x24xf32>) -> tensor<128x32x24x24xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<128x32x24x24xf32>) -> tensor<128x32x24x24xf32>
  %r = linalg.generic {indexing_maps = [#in5, #w5, #o5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<128x28x28xf32>, tensor<5x5x32xf32>) outs(%init : tensor<128x32x24x24xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x32x24x24xf32>
  return %r : tensor<128x32x24x24xf32>
}

// -----

// ResNet-18's 512x512x3x3 weight gradient at batch 16: with the batch loop
// outside the tiles, every image loads and stores a chunk's outputs, 32
// output channels of 3x3x512: 589 KB. In a core's 2 MB (AVX2's run, the
// default caches) they stay within half of it, and the tile turns to 6 input
// channels by 16 output channels (295 KB); in half of Zen 2's 512 KB they
// would not, and the kernel keeps its whole reduction inside the tiles,
// whose rows (input channels, 81 floats apart) deepen to 6 by two vectors
// (Zen 2, in the training step: 28.0 -> 23.8 ms).
// AVX2-LABEL: func.func private @r_512_512_3_3_16_7_7
// AVX2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 6, 16, 1, 1, 1], outer = 4>
// ZEN2-LABEL: func.func private @r_512_512_3_3_16_7_7
// ZEN2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 6, 16, 1, 1, 1]>
#x = affine_map<(ky, kx, ci, co, b, y, x) -> (b, ci, ky + y, kx + x)>
#g = affine_map<(ky, kx, ci, co, b, y, x) -> (b, y, x, co)>
#w = affine_map<(ky, kx, ci, co, b, y, x) -> (ky, kx, ci, co)>
func.func private @r_512_512_3_3_16_7_7(%x: tensor<16x512x9x9xf32>, %g: tensor<16x7x7x512xf32>, %out: tensor<3x3x512x512xf32>) -> tensor<3x3x512x512xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<3x3x512x512xf32>) -> tensor<3x3x512x512xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #w], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<16x512x9x9xf32>, tensor<16x7x7x512xf32>) outs(%init : tensor<3x3x512x512xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x3x512x512xf32>
  return %r : tensor<3x3x512x512xf32>
}

// -----

// The CNN's weight gradient over 24x24 maps: with the batch loop outside the
// tiles, AVX2's 2 input channels by 32 output channels turn to 16 output
// channels by 6 input channels (12 accumulators), more products from half
// the loads of the output gradients, and the split stays on the output
// channels (AVX-512's 4 by 64 turns to 8 by 32 and splits the input
// channels). A chunk's outputs, 18 KB, stay within half of Zen 2's 512 KB.
// CHECK-LABEL: func.func private @r_64_32_3_3_128_24_24
// CHECK-SAME: tg.opts = #tg.opts<split = 2, vectorize = true, tile = [1, 1, 8, 32, 1, 1, 1], outer = 4>
// AVX2-LABEL: func.func private @r_64_32_3_3_128_24_24
// AVX2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 6, 16, 1, 1, 1], outer = 4>
// ZEN2-LABEL: func.func private @r_64_32_3_3_128_24_24
// ZEN2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 6, 16, 1, 1, 1], outer = 4>
#x = affine_map<(ky, kx, ci, co, b, y, x) -> (b, ci, ky + y, kx + x)>
#g = affine_map<(ky, kx, ci, co, b, y, x) -> (b, y, x, co)>
#w = affine_map<(ky, kx, ci, co, b, y, x) -> (ky, kx, ci, co)>
func.func private @r_64_32_3_3_128_24_24(%x: tensor<128x32x26x26xf32>, %g: tensor<128x24x24x64xf32>, %out: tensor<3x3x32x64xf32>) -> tensor<3x3x32x64xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<3x3x32x64xf32>) -> tensor<3x3x32x64xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #w], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<128x32x26x26xf32>, tensor<128x24x24x64xf32>) outs(%init : tensor<3x3x32x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x3x32x64xf32>
  return %r : tensor<3x3x32x64xf32>
}

// -----

// The same with stride 2 (ResNet-18's over 28x28 maps): AVX2's tile does not
// turn, as 4 input channels of whole 56x56 images, read every other element,
// overflow a first-level cache.
// AVX2-LABEL: func.func private @r_128_64_3_3_16_28_28
// AVX2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 2, 32, 1, 1, 1], outer = 4>
// ZEN2-LABEL: func.func private @r_128_64_3_3_16_28_28
// ZEN2-SAME: tg.opts = #tg.opts<split = 3, vectorize = true, tile = [1, 1, 2, 32, 1, 1, 1], outer = 4>
#x = affine_map<(ky, kx, ci, co, b, y, x) -> (b, ci, ky + y * 2, kx + x * 2)>
#g = affine_map<(ky, kx, ci, co, b, y, x) -> (b, y, x, co)>
#w = affine_map<(ky, kx, ci, co, b, y, x) -> (ky, kx, ci, co)>
func.func private @r_128_64_3_3_16_28_28(%x: tensor<16x64x58x58xf32>, %g: tensor<16x28x28x128xf32>, %out: tensor<3x3x64x128xf32>) -> tensor<3x3x64x128xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<3x3x64x128xf32>) -> tensor<3x3x64x128xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #w], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : tensor<16x64x58x58xf32>, tensor<16x28x28x128xf32>) outs(%init : tensor<3x3x64x128xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x3x64x128xf32>
  return %r : tensor<3x3x64x128xf32>
}
