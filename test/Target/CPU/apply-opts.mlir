// RUN: tg-opt %s --split-input-file --tg-cpu-apply-opts --verify-diagnostics | FileCheck %s

// Split and register tiles of a matmul: the rows loop is the split loop,
// the fill of the output folds into the zero accumulator of each tile, and
// the reduction steps one k at a time with the 4x64 accumulator carried in
// registers.
// CHECK-LABEL: func.func private @r_64_128_32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4x64xf32>
// CHECK: %[[ROWS:.*]] = scf.for %{{.*}} iter_args(%{{.*}}) -> (tensor<64x128xf32>) {
// CHECK:   scf.for %{{.*}} iter_args(%{{.*}}) -> (tensor<4x128xf32>) {
// CHECK:     %[[ACC:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[ZERO]]) -> (vector<4x64xf32>) {
// CHECK:       %[[LHS:.*]] = vector.transfer_read {{.*}} : tensor<4x1xf32>, vector<4x1xf32>
// CHECK:       %[[RHS:.*]] = vector.transfer_read {{.*}} : tensor<1x64xf32>, vector<1x64xf32>
// CHECK:       %[[C:.*]] = vector.contract {{.*}} %[[LHS]], %[[RHS]], %[[A]] : vector<4x1xf32>, vector<1x64xf32> into vector<4x64xf32>
// CHECK:       scf.yield %[[C]] : vector<4x64xf32>
// CHECK:     vector.transfer_write %[[ACC]]
// CHECK: } {tg.split}
// CHECK: return %[[ROWS]]
// Each strip of B (32x64) is read by one tile: not copied.
// CHECK-NOT: tensor.empty
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_128_32(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>, %out: tensor<64x128xf32>) -> tensor<64x128xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%init : tensor<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// -----

// Split by column strips: each worker copies its 512x64 strip of B (128 KB,
// rows 1 KB apart in B) into a contiguous tensor once, a row at a time
// (each a contiguous copy), and every row tile of the strip reads the copy.
// A's rows are each read by one tile: not copied.
// CHECK-LABEL: func.func private @r_64_256_512
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c64
// CHECK:   %[[STRIP:.*]] = tensor.extract_slice %arg1[0, %[[J]]] [512, 64] [1, 1] : tensor<512x256xf32> to tensor<512x64xf32>
// CHECK:   %[[EMPTY:.*]] = tensor.empty() : tensor<512x64xf32>
// CHECK:   %[[PACKED:.*]] = scf.for %[[ROW:.*]] = %c0 to %c512 step %c1 iter_args(%[[P:.*]] = %[[EMPTY]]) -> (tensor<512x64xf32>)
// CHECK:     %[[R:.*]] = tensor.extract_slice %[[STRIP]][%[[ROW]], 0] [1, 64] [1, 1] : tensor<512x64xf32> to tensor<1x64xf32>
// CHECK:     %[[W:.*]] = tensor.insert_slice %[[R]] into %[[P]][%[[ROW]], 0] [1, 64] [1, 1] : tensor<1x64xf32> into tensor<512x64xf32>
// CHECK:     scf.yield %[[W]]
// CHECK:   scf.for %{{.*}} step %c4
// CHECK-NOT: tensor.empty
// CHECK:     scf.for %[[K:[^ ]*]] = {{.*}} -> (vector<4x64xf32>)
// CHECK:       tensor.extract_slice %[[PACKED]][%[[K]], 0] [1, 64] [1, 1]
// CHECK: } {tg.split}
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_256_512(%a: tensor<64x512xf32>, %b: tensor<512x256xf32>, %out: tensor<64x256xf32>) -> tensor<64x256xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 1, vectorize = true, tile = [4, 64, 1]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x512xf32>, tensor<512x256xf32>) outs(%init : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// -----

// A short reduction's strips pack too: 128x32 of B, 16 KB, rows 4 KB apart
// (the shape of a Linear layer's input gradient).
// CHECK-LABEL: func.func private @r_64_1024_128
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c32
// CHECK:   tensor.extract_slice %arg1[0, %[[J]]] [128, 32] [1, 1] : tensor<128x1024xf32> to tensor<128x32xf32>
// CHECK:   tensor.empty() : tensor<128x32xf32>
// CHECK: } {tg.split}
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_1024_128(%a: tensor<64x128xf32>, %b: tensor<128x1024xf32>, %out: tensor<64x1024xf32>) -> tensor<64x1024xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 1, vectorize = true, tile = [2, 32, 1]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x128xf32>, tensor<128x1024xf32>) outs(%init : tensor<64x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}

// -----

// A strip of 16x32 (2 KB) stays in the first-level cache where it is: not
// copied.
// CHECK-LABEL: func.func private @r_64_1024_16
// CHECK-NOT: tensor.empty
// CHECK: } {tg.split}
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_1024_16(%a: tensor<64x16xf32>, %b: tensor<16x1024xf32>, %out: tensor<64x1024xf32>) -> tensor<64x1024xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 1, vectorize = true, tile = [2, 32, 1]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x16xf32>, tensor<16x1024xf32>) outs(%init : tensor<64x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}

// -----

// Split by rows, the column strips are the inner loop: each strip is read
// by one tile only, so nothing is copied.
// CHECK-LABEL: func.func private @r_64_256_512_by_rows
// CHECK-NOT: tensor.empty
// CHECK: } {tg.split}
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_256_512_by_rows(%a: tensor<64x512xf32>, %b: tensor<512x256xf32>, %out: tensor<64x256xf32>) -> tensor<64x256xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x512xf32>, tensor<512x256xf32>) outs(%init : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// -----

// A convolution tile: one loop over output rows y (the 16 channels and 8
// columns are one tile); in the tile the unit loops (batch, y, ky, kx) are
// dropped so the window read x + kx becomes a plain vector read, and the
// input-channel loop stays as the contraction's k. The weights (rows) come
// first.
// CHECK-LABEL: func.func private @r_1_16_8_8_4_3_3
// CHECK: scf.for {{.*}} -> (tensor<1x16x8x8xf32>)
// CHECK: scf.for {{.*}} -> (vector<16x8xf32>)
// CHECK: scf.for {{.*}} -> (vector<16x8xf32>)
// CHECK: scf.for {{.*}} -> (vector<16x8xf32>)
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : tensor<1x8xf32>, vector<1x8xf32>
// CHECK: %[[W:.*]] = vector.transfer_read {{.*}} : tensor<16x1xf32>, vector<16x1xf32>
// CHECK: vector.contract {{.*}} %[[W]], %[[X]], %{{.*}} : vector<16x1xf32>, vector<1x8xf32> into vector<16x8xf32>
// CHECK-NOT: tg.split
#in = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#w = affine_map<(n, co, y, x, c, ky, kx) -> (co, c, ky, kx)>
#o = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_1_16_8_8_4_3_3(%x: tensor<1x4x10x10xf32>, %w: tensor<16x4x3x3xf32>, %out: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 16, 1, 8, 1, 1, 1]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x4x10x10xf32>, tensor<16x4x3x3xf32>) outs(%init : tensor<1x16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

// -----

// Split only: the earlier stage (a row max) is fused into the split loop,
// so each worker computes the rows it needs; nothing is vectorized.
// CHECK-LABEL: func.func private @E_64_128
// CHECK: scf.for %[[ROW:.*]] = {{.*}} -> (tensor<64x128xf32>) {
// CHECK:   linalg.fill {{.*}} -> tensor<1xf32>
// CHECK:   %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:   } -> tensor<1xf32>
// CHECK:   linalg.generic {{.*}} ins(%{{.*}}, %[[MAX]] : tensor<1x128xf32>, tensor<1xf32>)
// CHECK:   } -> tensor<1x128xf32>
// CHECK: } {tg.split}
// CHECK-NOT: vector.
#id = affine_map<(i, j) -> (i, j)>
#rows = affine_map<(i, j) -> (i)>
func.func private @E_64_128(%x: tensor<64x128xf32>, %out: tensor<64x128xf32>) -> tensor<64x128xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = false>} {
  %low = arith.constant 0xFF800000 : f32
  %empty = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%low : f32) outs(%empty : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #rows, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<64x128xf32>, tensor<64xf32>) outs(%out : tensor<64x128xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// -----

// Elementwise vectors along the last axis, with a broadcast operand.
// CHECK-LABEL: func.func private @E_4_128
// CHECK: scf.for
// CHECK: scf.for
// CHECK-DAG: vector.transfer_read {{.*}} : tensor<64xf32>, vector<64xf32>
// CHECK-DAG: vector.transfer_read {{.*}} : tensor<64xf32>, vector<64xf32>
// CHECK: arith.addf {{.*}} : vector<64xf32>
// CHECK: vector.transfer_write {{.*}} : vector<64xf32>, tensor<64xf32>
#id1 = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func private @E_4_128(%x: tensor<4x128xf32>, %b: tensor<128xf32>, %out: tensor<4x128xf32>) -> tensor<4x128xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 64]>} {
  %r = linalg.generic {indexing_maps = [#id1, #col, #id1], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<4x128xf32>, tensor<128xf32>) outs(%out : tensor<4x128xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x128xf32>
  return %r : tensor<4x128xf32>
}

// -----

// Partial sums (tinygrad's UNROLL of a reduce): each row accumulates 64
// lanes in a loop-carried vector, merged once after the loop.
// CHECK-LABEL: func.func private @r_8_256
// CHECK: scf.for {{.*}} -> (tensor<8xf32>) {
// CHECK:   %[[ACC:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (vector<64xf32>) {
// CHECK:     %[[V:.*]] = vector.transfer_read {{.*}} : tensor<64xf32>, vector<64xf32>
// CHECK:     %[[S:.*]] = arith.addf %[[A]], %[[V]] : vector<64xf32>
// CHECK:     scf.yield %[[S]] : vector<64xf32>
// CHECK:   vector.multi_reduction <add>, {{.*}} [1] : vector<1x64xf32> to vector<1xf32>
// CHECK: } {tg.split}
#rx = affine_map<(i, k) -> (i, k)>
#rrow = affine_map<(i, k) -> (i)>
func.func private @r_8_256(%x: tensor<8x256xf32>, %out: tensor<8xf32>) -> tensor<8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 64]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#rx, #rrow], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x256xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// No split and no tiles: nothing changes.
// CHECK-LABEL: func.func private @E_8
// CHECK-NOT: scf.for
// CHECK: linalg.generic
#l = affine_map<(i) -> (i)>
func.func private @E_8(%x: tensor<8xf32>, %out: tensor<8xf32>) -> tensor<8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = false>} {
  %r = linalg.generic {indexing_maps = [#l, #l], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%out : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// The vector axis along the output channels (vector = 1), which the output
// stores along a slower axis than x: the tile's loops put the channels
// last, so the accumulator is 4 rows of x by 16 channels, one vector each,
// and the outer products broadcast the input's pixels over vectors of the
// channels-last weights. The accumulator starts as the fill's zeros, not
// read back from the slice the fill wrote (no scratch), already in rows;
// it is transposed once after the reduction loops, not in every step.
// CHECK-LABEL: func.func private @r_1_16_4_4_8_3_3
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x16xf32>
// CHECK-NOT: vector.transfer_read {{.*}} : tensor<16x4xf32>
// CHECK: %[[ACC:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZEROS]]) -> (vector<4x16xf32>) {
// CHECK-NOT: vector.transpose
// CHECK: vector.contract {{.*}} : vector<1x4xf32>, vector<1x16xf32> into vector<4x16xf32>
// CHECK-NOT: vector.transpose
// CHECK: scf.yield
// CHECK: %[[BACK:.*]] = vector.transpose %[[ACC]], [1, 0] : vector<4x16xf32> to vector<16x4xf32>
// CHECK: vector.transfer_write %[[BACK]]
#inC = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#wC = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#oC = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_1_16_4_4_8_3_3(%x: tensor<1x8x6x6xf32>, %w: tensor<8x3x3x16xf32>, %out: tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 16, 1, 4, 1, 1, 1], vector = 1>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %r = linalg.generic {indexing_maps = [#inC, #wC, #oC], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x8x6x6xf32>, tensor<8x3x3x16xf32>) outs(%init : tensor<1x16x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x16x4x4xf32>
  return %r : tensor<1x16x4x4xf32>
}

// -----

// The same tile over two row loops (2 rows of y by 4 of x): the
// accumulator is permuted into loop order, 2x4 rows of 16 channels (not
// 16x2 rows of 4 lanes of x), carried so through the reduction loops and
// permuted back once after them.
// CHECK-LABEL: func.func private @r_1_16_4_4_8_3_3_rows
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<2x4x16xf32>
// CHECK: %[[ACC:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZEROS]]) -> (vector<2x4x16xf32>) {
// CHECK-NOT: vector.transpose
// CHECK: vector.contract {{.*}} : vector<1x2x4xf32>, vector<1x16xf32> into vector<2x4x16xf32>
// CHECK-NOT: vector.transpose
// CHECK: scf.yield
// CHECK: %[[BACK:.*]] = vector.transpose %[[ACC]], [2, 0, 1] : vector<2x4x16xf32> to vector<16x2x4xf32>
// CHECK: vector.transfer_write %[[BACK]]
#inR = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, y + ky, x + kx)>
#wR = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#oR = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_1_16_4_4_8_3_3_rows(%x: tensor<1x8x6x6xf32>, %w: tensor<8x3x3x16xf32>, %out: tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 16, 2, 4, 1, 1, 1], vector = 1>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %r = linalg.generic {indexing_maps = [#inR, #wR, #oR], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x8x6x6xf32>, tensor<8x3x3x16xf32>) outs(%init : tensor<1x16x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x16x4x4xf32>
  return %r : tensor<1x16x4x4xf32>
}

// -----

// The same with stride 2: the tile's 4 rows of x read the input `2x + kx`,
// kx fixed in the tile, which the vectorizer does not take; they are read
// `x` from a slice with stride 2 instead (a scalar per row, broadcast over
// the channels by the outer products).
// CHECK-LABEL: func.func private @r_1_16_4_4_8_3_3_s2
// CHECK: scf.for
// CHECK: %[[STRIDED:.*]] = tensor.extract_slice %{{.*}}[0, 0] [1, 4] [1, 2] : tensor<1x7xf32> to tensor<1x4xf32>
// CHECK: %[[PIXELS:.*]] = vector.transfer_read %[[STRIDED]]{{.*}} : tensor<1x4xf32>, vector<1x4xf32>
// CHECK: vector.contract {{.*}} %[[PIXELS]], %{{.*}} : vector<1x4xf32>, vector<1x16xf32> into vector<4x16xf32>
#inS = affine_map<(n, co, y, x, c, ky, kx) -> (n, c, 2 * y + ky, 2 * x + kx)>
#wC = affine_map<(n, co, y, x, c, ky, kx) -> (c, ky, kx, co)>
#oC = affine_map<(n, co, y, x, c, ky, kx) -> (n, co, y, x)>
func.func private @r_1_16_4_4_8_3_3_s2(%x: tensor<1x8x9x9xf32>, %w: tensor<8x3x3x16xf32>, %out: tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 16, 1, 4, 1, 1, 1], vector = 1>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %r = linalg.generic {indexing_maps = [#inS, #wC, #oC], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x8x9x9xf32>, tensor<8x3x3x16xf32>) outs(%init : tensor<1x16x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x16x4x4xf32>
  return %r : tensor<1x16x4x4xf32>
}

// -----

#mk3 = affine_map<(m, n, k) -> (m, k)>
#kn3 = affine_map<(m, n, k) -> (k, n)>
#mn3 = affine_map<(m, n, k) -> (m, n)>
// expected-error @+1 {{tg.opts vectorizes along loop 2, which is not a parallel loop of the kernel's main op}}
func.func private @vector_along_reduction(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %out: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [4, 8, 1], vector = 2>} {
  %r = linalg.generic {indexing_maps = [#mk3, #kn3, #mn3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%out : tensor<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#mk2 = affine_map<(m, n, k) -> (m, k)>
#kn2 = affine_map<(m, n, k) -> (k, n)>
#mn2 = affine_map<(m, n, k) -> (m, n)>
// expected-error @+1 {{tg.opts splits loop 2, which is not a parallel loop of the kernel}}
func.func private @split_reduction(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %out: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 2, vectorize = false>} {
  %r = linalg.generic {indexing_maps = [#mk2, #kn2, #mn2], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%out : tensor<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#l2 = affine_map<(i) -> (i)>
// expected-error @+1 {{tg.opts has 2 tile sizes for a kernel of 1 loops}}
func.func private @wrong_tiles(%x: tensor<8xf32>, %out: tensor<8xf32>) -> tensor<8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = false, tile = [4, 4]>} {
  %r = linalg.generic {indexing_maps = [#l2, #l2], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%out : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

#f = affine_map<(i, j) -> (i, j)>
// expected-error @+1 {{tg.opts splits a kernel whose output is read or written outside its last stage}}
func.func private @split_reads_output(%out: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = false>} {
  %empty = tensor.empty() : tensor<8x8xf32>
  %flipped = linalg.generic {indexing_maps = [#f], iterator_types = ["parallel", "parallel"]}
      outs(%empty : tensor<8x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c7 = arith.constant 7 : index
    %fi = arith.subi %c7, %i : index
    %v = tensor.extract %out[%fi, %j] : tensor<8x8xf32>
    linalg.yield %v : f32
  } -> tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [#f, #f], iterator_types = ["parallel", "parallel"]}
      ins(%flipped : tensor<8x8xf32>) outs(%out : tensor<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// expected-error @+1 {{tg.opts on a kernel whose result is not computed by a linalg.generic}}
func.func private @no_generic(%x: tensor<8xf32>, %out: tensor<8xf32>) -> tensor<8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = false>} {
  return %x : tensor<8xf32>
}

// -----

// An epilogue root (a bias) after a matmul whose rows operand goes through
// a ReLU: the tiles are the matmul's, the epilogue's tile computes the
// matmul tile first and adds the bias to the accumulator in registers,
// the ReLU runs on the vector read of each step.
// CHECK-LABEL: func.func private @r_32_64_16
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4x1xf32>
// CHECK-DAG: %[[NOACC:.*]] = arith.constant dense<0.000000e+00> : vector<4x64xf32>
// CHECK: %[[ROWS:.*]] = scf.for %{{.*}} iter_args(%{{.*}}) -> (tensor<32x64xf32>) {
// CHECK:   %[[ACC:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[NOACC]]) -> (vector<4x64xf32>) {
// CHECK:     %[[LHS:.*]] = vector.transfer_read {{.*}} : tensor<4x1xf32>, vector<4x1xf32>
// CHECK:     %[[RHS:.*]] = vector.transfer_read {{.*}} : tensor<1x64xf32>, vector<1x64xf32>
// CHECK:     %[[RELU:.*]] = arith.maximumf %[[LHS]], %[[ZERO]] : vector<4x1xf32>
// CHECK:     %[[C:.*]] = vector.contract {{.*}} %[[RELU]], %[[RHS]], %[[A]]
// CHECK:     scf.yield %[[C]] : vector<4x64xf32>
// CHECK:   %[[BIAS:.*]] = vector.transfer_read %arg2{{.*}} : tensor<64xf32>, vector<64xf32>
// CHECK:   %[[ROWBIAS:.*]] = vector.broadcast %[[BIAS]] : vector<64xf32> to vector<4x64xf32>
// CHECK:   %[[SUM:.*]] = arith.addf %[[ACC]], %[[ROWBIAS]] : vector<4x64xf32>
// CHECK:   vector.transfer_write %[[SUM]]
// CHECK-NOT: linalg.generic
// CHECK: } {tg.split}
// CHECK: return %[[ROWS]]
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func private @r_32_64_16(%a: tensor<32x16xf32>, %b: tensor<16x64xf32>, %bias: tensor<64xf32>, %out: tensor<32x64xf32>) -> tensor<32x64xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]>} {
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

// Opts that cannot be carried out fall back instead of failing: a stride-2
// convolution's tile of 4 columns by 3 of the window's reads its input
// `2x + kx` with both loops in the tile, which no vector read is. Halved
// tiles (2 columns) fail too; one column by 3 of the window vectorizes.
// The kernel records what was applied and why.
// CHECK-LABEL: func.func private @r_4_4_4_3_3_3
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 1, 1, 1, 1, 3]>
// CHECK-SAME: tg.opts_fallback = "tg.opts: could not vectorize this tile with #tg.opts<split = -1, vectorize = true, tile = [4, 1, 4, 1, 1, 3]>"
// CHECK: scf.for
// CHECK: return
#window = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4 + d1 * 2, d5 + d2 * 2)>
#weight = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>
#sum = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d1)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func private @r_4_4_4_3_3_3(%x: tensor<1x3x9x9xf32>, %w: tensor<4x3x3x3xf32>, %bias: tensor<4xf32>, %out: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [4, 1, 4, 1, 1, 3]>} {
  %zero = arith.constant 0.000000e+00 : f32
  %collapsed = tensor.collapse_shape %x [[0, 1], [2], [3]] : tensor<1x3x9x9xf32> into tensor<3x9x9xf32>
  %empty = tensor.empty() : tensor<4x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
  %conv = linalg.generic {indexing_maps = [#window, #weight, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%collapsed, %w : tensor<3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%init : tensor<4x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x4x4xf32>
  %r = linalg.generic {indexing_maps = [#sum, #channel, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %bias : tensor<4x4x4xf32>, tensor<4xf32>) outs(%out : tensor<1x4x4x4xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    %positive = arith.cmpf olt, %zero, %s : f32
    %relu = arith.select %positive, %s, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// A reduction loop outside the tiles (outer = 2, the batch): the output is
// filled once, then carried through the batch loop; in each step the tile
// starts from the output's partial sums and adds the step's products over
// y to them in registers.
// CHECK-LABEL: func.func private @r_4_32_2_8
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%[[PARTIAL:.*]] = %[[FILL]]) -> (tensor<4x32xf32>)
// CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK:     %[[START:.*]] = vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x16xf32>
// CHECK:     scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args(%[[ACC:.*]] = %[[START]]) -> (vector<4x16xf32>)
// CHECK:       vector.contract {{.*}} %[[ACC]]
// CHECK:     vector.transfer_write
#x = affine_map<(ci, co, b, y) -> (b, ci, y)>
#g = affine_map<(ci, co, b, y) -> (b, y, co)>
#o = affine_map<(ci, co, b, y) -> (ci, co)>
func.func private @r_4_32_2_8(%x: tensor<2x4x8xf32>, %g: tensor<2x8x32xf32>, %out: tensor<4x32xf32>) -> tensor<4x32xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [4, 16, 1, 1], outer = 2>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4x32xf32>) -> tensor<4x32xf32>
  %r = linalg.generic {indexing_maps = [#x, #g, #o], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %g : tensor<2x4x8xf32>, tensor<2x8x32xf32>) outs(%init : tensor<4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// The same sum stored transposed (a weight gradient's [co, ci] output, the
// vector lanes along co): the outer steps accumulate into a scratch laid
// out as the tile's loops, [ci, co], and read and write each step's 4x16
// partial sums a row at a time; the scratch is transposed into the output
// once, after the batch loop. The output's own fill is gone.
// CHECK-LABEL: func.func private @r_32_4_2_8
// CHECK-NOT: linalg.fill
// CHECK: %[[SCRATCH:.*]] = tensor.empty() : tensor<4x32xf32>
// CHECK: %[[ZEROS:.*]] = linalg.fill {{.*}} outs(%[[SCRATCH]] : tensor<4x32xf32>)
// CHECK: %[[SUMS:.*]] = scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[ZEROS]]) -> (tensor<4x32xf32>)
// CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK:     %[[START:.*]] = vector.transfer_read {{.*}} {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x16xf32>
// CHECK:     scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args(%[[ACC:.*]] = %[[START]]) -> (vector<4x16xf32>)
// CHECK:       vector.contract {{.*}} %[[ACC]]
// CHECK:     vector.transfer_write {{.*}} {in_bounds = [true, true]} : vector<4x16xf32>, tensor<4x16xf32>
// CHECK: linalg.transpose ins(%[[SUMS]] : tensor<4x32xf32>) outs(%{{.*}} : tensor<32x4xf32>) permutation = [1, 0]
#xT = affine_map<(ci, co, b, y) -> (b, ci, y)>
#gT = affine_map<(ci, co, b, y) -> (b, y, co)>
#oT = affine_map<(ci, co, b, y) -> (co, ci)>
func.func private @r_32_4_2_8(%x: tensor<2x4x8xf32>, %g: tensor<2x8x32xf32>, %out: tensor<32x4xf32>) -> tensor<32x4xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [4, 16, 1, 1], vector = 1, outer = 2>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<32x4xf32>) -> tensor<32x4xf32>
  %r = linalg.generic {indexing_maps = [#xT, #gT, #oT], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %g : tensor<2x4x8xf32>, tensor<2x8x32xf32>) outs(%init : tensor<32x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x4xf32>
  return %r : tensor<32x4xf32>
}

// -----

// The same, split by the columns: each worker's chunk of the scratch (8x16)
// is filled before the batch loop and stays a linalg.fill, lowered to a
// loop; as a vector of the whole chunk it unrolled into a store per vector
// (12800 floats in beautiful_mnist's 5x5 weight gradient). The tile's 4x16
// partial sums are read from it and written back, as above.
// CHECK-LABEL: func.func private @r_32_8_2_8
// CHECK-NOT: vector<8x16xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK:   %[[ZEROS:.*]] = linalg.fill {{.*}} -> tensor<8x16xf32>
// CHECK:   scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[ZEROS]]) -> (tensor<8x16xf32>)
// CHECK:     vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x16xf32>
// CHECK-NOT: vector<8x16xf32>
// CHECK: } {tg.split}
#xS = affine_map<(ci, co, b, y) -> (b, ci, y)>
#gS = affine_map<(ci, co, b, y) -> (b, y, co)>
#oS = affine_map<(ci, co, b, y) -> (co, ci)>
func.func private @r_32_8_2_8(%x: tensor<2x8x8xf32>, %g: tensor<2x8x32xf32>, %out: tensor<32x8xf32>) -> tensor<32x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 1, vectorize = true, tile = [4, 16, 1, 1], vector = 1, outer = 2>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<32x8xf32>) -> tensor<32x8xf32>
  %r = linalg.generic {indexing_maps = [#xS, #gS, #oS], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %g : tensor<2x8x8xf32>, tensor<2x8x32xf32>) outs(%init : tensor<32x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x8xf32>
  return %r : tensor<32x8xf32>
}

// -----

// Softmax with its reductions fused row by row (tg-kernelize's
// fuse-row-reductions): the split loop runs over rows and computes, for its
// row, the max and the sum of exponentials in 64 lanes each (the max once,
// though both the sum and the output read it), then the row's outputs 64
// columns at a time, while the row is in cache.
// CHECK-LABEL: func.func private @r_8_256_256_256
// CHECK: scf.for {{.*}} -> (tensor<8x256xf32>) {
// CHECK:   scf.for {{.*}} -> (vector<64xf32>) {
// CHECK:     arith.maximumf {{.*}} : vector<64xf32>
// CHECK:   vector.multi_reduction <maximumf>, {{.*}} [1] : vector<1x64xf32> to vector<1xf32>
// CHECK-NOT: arith.maximumf
// CHECK:   scf.for {{.*}} -> (vector<64xf32>) {
// CHECK:     math.exp2 {{.*}} : vector<64xf32>
// CHECK:   vector.multi_reduction <add>, {{.*}} [1] : vector<1x64xf32> to vector<1xf32>
// CHECK:   scf.for {{.*}} -> (tensor<1x256xf32>) {
// CHECK:     math.exp2 {{.*}} : vector<64xf32>
// CHECK:     arith.divf {{.*}} : vector<64xf32>
// CHECK: } {tg.split}
// CHECK-NOT: linalg.generic
#sx = affine_map<(i, j) -> (i, j)>
#srow = affine_map<(i, j) -> (i)>
func.func private @r_8_256_256_256(%x: tensor<8x256xf32>, %out: tensor<8x256xf32>) -> tensor<8x256xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 64]>} {
  %lowest = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8xf32>
  %m0 = linalg.fill ins(%lowest : f32) outs(%e0 : tensor<8xf32>) -> tensor<8xf32>
  %m = linalg.generic {indexing_maps = [#sx, #srow], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x256xf32>) outs(%m0 : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#sx, #srow, #srow], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x256xf32>, tensor<8xf32>) outs(%s0 : tensor<8xf32>) {
  ^bb0(%a: f32, %max: f32, %acc: f32):
    %d = arith.subf %a, %max : f32
    %p = math.exp2 %d : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#sx, #srow, #srow, #sx], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m, %s : tensor<8x256xf32>, tensor<8xf32>, tensor<8xf32>) outs(%out : tensor<8x256xf32>) {
  ^bb0(%a: f32, %max: f32, %sum: f32, %o: f32):
    %d = arith.subf %a, %max : f32
    %p = math.exp2 %d : f32
    %r = arith.divf %p, %sum : f32
    linalg.yield %r : f32
  } -> tensor<8x256xf32>
  return %y : tensor<8x256xf32>
}

// -----

// A variance without a split: the rows are tiled by 2 (the tile's rows),
// with the mean fused into each row tile and computed for its 2 rows in 8
// lanes; the variance's own partial sums follow.
// CHECK-LABEL: func.func private @r_4_24_24
// CHECK: scf.for {{.*}} -> (tensor<4xf32>) {
// CHECK:   scf.for {{.*}} -> (vector<2x8xf32>) {
// CHECK:   vector.multi_reduction <add>, {{.*}} [1] : vector<2x8xf32> to vector<2xf32>
// CHECK:   scf.for {{.*}} -> (vector<2x8xf32>) {
// CHECK:     arith.mulf {{.*}} : vector<2x8xf32>
// CHECK:   vector.multi_reduction <add>, {{.*}} [1] : vector<2x8xf32> to vector<2xf32>
// CHECK-NOT: linalg.generic
#vx = affine_map<(i, k) -> (i, k)>
#vrow = affine_map<(i, k) -> (i)>
func.func private @r_4_24_24(%x: tensor<4x24xf32>, %out: tensor<4xf32>) -> tensor<4xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [2, 8]>} {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %mean = linalg.generic {indexing_maps = [#vx, #vrow], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x24xf32>) outs(%s0 : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %v0 = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  %v = linalg.generic {indexing_maps = [#vx, #vrow, #vrow], iterator_types = ["parallel", "reduction"]}
      ins(%x, %mean : tensor<4x24xf32>, tensor<4xf32>) outs(%v0 : tensor<4xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %sq = arith.mulf %d, %d : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %v : tensor<4xf32>
}

// -----

// An average pool that does not count padding: the window's sum and its
// count of elements, both read per output element. The sum vectorizes in
// each tile; the count, a sum of constants, stays a scalar loop (linalg's
// vectorizer would add the constant once instead of once per step).
// CHECK-LABEL: func.func private @r_4_8_2_2
// CHECK: scf.for
// CHECK:   vector.multi_reduction <add>, {{.*}} : vector<8x2xf32> to vector<8xf32>
// CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:     arith.addf %{{.*}}, %cst{{.*}} : f32
// CHECK:   arith.divf {{.*}} : vector<8xf32>
#pshape = affine_map<(i, j, k) -> (i, j, k)>
#pwin = affine_map<(i, j, k) -> (i + k, j)>
#pout = affine_map<(i, j, k) -> (i, j)>
#pid = affine_map<(i, j) -> (i, j)>
func.func private @r_4_8_2_2(%x: tensor<5x8xf32>, %out: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 8]>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %window = tensor.empty() : tensor<4x8x2xf32>
  %e0 = tensor.empty() : tensor<4x8xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %sum = linalg.generic {indexing_maps = [#pshape, #pwin, #pout], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%window, %x : tensor<4x8x2xf32>, tensor<5x8xf32>) outs(%s0 : tensor<4x8xf32>) {
  ^bb0(%w: f32, %a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %c0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %count = linalg.generic {indexing_maps = [#pshape, #pout], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%window : tensor<4x8x2xf32>) outs(%c0 : tensor<4x8xf32>) {
  ^bb0(%w: f32, %acc: f32):
    %r = arith.addf %acc, %one : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#pid, #pid, #pid], iterator_types = ["parallel", "parallel"]}
      ins(%sum, %count : tensor<4x8xf32>, tensor<4x8xf32>) outs(%out : tensor<4x8xf32>) {
  ^bb0(%s: f32, %n: f32, %o: f32):
    %r = arith.divf %s, %n : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// A convolution whose bias is added by the root: the reduction's fill
// writes into a tile of scratch (tensor.empty), and the accumulator starts
// as the fill's zeros instead of being read back from there, so no scratch
// is left to bufferize (it was the whole output, in every worker).
// With one input channel, no reduction loop is read as a plain index, so
// every reduction loop is dropped from the tile and there is no
// vector.contract: the step's products are added with math.fma, as the
// contraction's outer products would be (a multiply and an add ran
// beautiful_mnist's first convolution 1.4x slower).
// CHECK-LABEL: func.func private @r_2_16_8_8_3_3
// CHECK-NOT: tensor.empty
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<16x8xf32>
// CHECK-NOT: tensor.empty
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZEROS]]) -> (vector<16x8xf32>)
// CHECK: scf.for {{.*}} iter_args(%[[SUM:.*]] = %{{.*}}) -> (vector<16x8xf32>)
// CHECK-NOT: arith.mulf
// CHECK: %[[NEXT:.*]] = math.fma %{{.*}}, %{{.*}}, %[[SUM]] : vector<16x8xf32>
// CHECK-NEXT: scf.yield %[[NEXT]]
// CHECK-NOT: tensor.empty
// CHECK: return
#cin = affine_map<(n, c, y, x, ky, kx) -> (n, y + ky, x + kx)>
#cw = affine_map<(n, c, y, x, ky, kx) -> (ky, kx, c)>
#cout = affine_map<(n, c, y, x, ky, kx) -> (n, c, y, x)>
#cid = affine_map<(n, c, y, x) -> (n, c, y, x)>
#cbias = affine_map<(n, c, y, x) -> (c)>
func.func private @r_2_16_8_8_3_3(%x: tensor<2x10x10xf32>, %w: tensor<3x3x16xf32>, %bias: tensor<16xf32>, %out: tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 8, 1, 1]>} {
  %zero = arith.constant 0.0 : f32
  %scratch = tensor.empty() : tensor<2x16x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%scratch : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
  %conv = linalg.generic {indexing_maps = [#cin, #cw, #cout], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x10x10xf32>, tensor<3x3x16xf32>) outs(%init : tensor<2x16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x16x8x8xf32>
  %r = linalg.generic {indexing_maps = [#cid, #cbias, #cid], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %bias : tensor<2x16x8x8xf32>, tensor<16xf32>) outs(%out : tensor<2x16x8x8xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x16x8x8xf32>
  return %r : tensor<2x16x8x8xf32>
}

// -----

// A BatchNorm gradient's sum of products over n and x, partial sums in 16
// lanes: the factors, g and x - mean, vary along the same loops and
// multiply lane by lane, so the tile's unit reduction loop n is dropped and
// each step adds its products with one fma (a vector.contract over a unit
// loop lowered them element by element).
// CHECK-LABEL: func.func private @r_2_4_64
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<16xf32>) {
// CHECK: %[[D:.*]] = arith.subf {{.*}} : vector<16xf32>
// CHECK: math.fma %{{.*}}, %[[D]], %[[ACC]] : vector<16xf32>
// CHECK-NOT: vector.contract
// CHECK: vector.multi_reduction <add>
#bg = affine_map<(n, c, x) -> (n, c, x)>
#bc = affine_map<(n, c, x) -> (c)>
func.func private @r_2_4_64(%g: tensor<4x2x64xf32>, %x: tensor<4x2x64xf32>, %mean: tensor<2xf32>, %out: tensor<2xf32>) -> tensor<2xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 1, vectorize = true, tile = [1, 1, 16]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#bg, #bg, #bc, #bc], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%g, %x, %mean : tensor<4x2x64xf32>, tensor<4x2x64xf32>, tensor<2xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32, %m: f32, %acc: f32):
    %d = arith.subf %b, %m : f32
    %p = arith.mulf %a, %d : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// A convolution split by output channels whose input is zero-padded in the
// kernel: every chunk of the split reads all of the padded input, so the
// padding is computed once, before the split loop, rather than again in
// each of its 32 chunks; the scaled weights, of which each chunk reads its
// own channel, are computed inside it.
// CHECK-LABEL: func.func private @r_2_32_8_8_3_3
// CHECK: %[[PADDED:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x10x10xf32>)
// CHECK: tensor.extract
// CHECK: scf.for
// CHECK-NOT: outs(%{{.*}} : tensor<2x10x10xf32>)
// CHECK: %[[SCALED:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3x3x1xf32>)
// CHECK: arith.mulf
// CHECK-NOT: outs(%{{.*}} : tensor<2x10x10xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[PADDED]], %[[SCALED]] : tensor<2x10x10xf32>, tensor<3x3x1xf32>)
// CHECK: } {tg.split}
#pad = affine_map<(n, y, x) -> (n, y, x)>
#kkc = affine_map<(ky, kx, c) -> (ky, kx, c)>
#pin = affine_map<(n, c, y, x, ky, kx) -> (n, y + ky, x + kx)>
#pw = affine_map<(n, c, y, x, ky, kx) -> (ky, kx, c)>
#pout = affine_map<(n, c, y, x, ky, kx) -> (n, c, y, x)>
func.func private @r_2_32_8_8_3_3(%x: tensor<2x8x8xf32>, %w: tensor<3x3x32xf32>, %out: tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = 1, vectorize = false>} {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %empty = tensor.empty() : tensor<2x10x10xf32>
  %padded = linalg.generic {indexing_maps = [#pad], iterator_types = ["parallel", "parallel", "parallel"]} outs(%empty : tensor<2x10x10xf32>) {
  ^bb0(%o: f32):
    %n = linalg.index 0 : index
    %y = linalg.index 1 : index
    %x1 = linalg.index 2 : index
    %yl = arith.cmpi uge, %y, %c1 : index
    %yh = arith.cmpi ult, %y, %c9 : index
    %xl = arith.cmpi uge, %x1, %c1 : index
    %xh = arith.cmpi ult, %x1, %c9 : index
    %yin = arith.andi %yl, %yh : i1
    %xin = arith.andi %xl, %xh : i1
    %in = arith.andi %yin, %xin : i1
    %ys = arith.subi %y, %c1 : index
    %xs = arith.subi %x1, %c1 : index
    %yc = arith.select %in, %ys, %c0 : index
    %xc = arith.select %in, %xs, %c0 : index
    %v = tensor.extract %x[%n, %yc, %xc] : tensor<2x8x8xf32>
    %r = arith.select %in, %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x10x10xf32>
  %wempty = tensor.empty() : tensor<3x3x32xf32>
  %scaled = linalg.generic {indexing_maps = [#kkc, #kkc], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<3x3x32xf32>) outs(%wempty : tensor<3x3x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %two : f32
    linalg.yield %s : f32
  } -> tensor<3x3x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %conv = linalg.generic {indexing_maps = [#pin, #pw, #pout], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%padded, %scaled : tensor<2x10x10xf32>, tensor<3x3x32xf32>) outs(%init : tensor<2x32x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x32x8x8xf32>
  return %conv : tensor<2x32x8x8xf32>
}

// -----

// Six rows of a matmul with a bias, which do not divide its 20 rows: the
// row loop is peeled into three whole tiles and the last two rows, each
// with static shapes, so both vectorize and add the bias in registers.
// CHECK-LABEL: func.func private @r_20_64_32
// CHECK-NOT: tg.opts_fallback
// CHECK: scf.for %{{.*}} = %c0 to %c18 step %c6 iter_args(%{{.*}}) -> (tensor<20x64xf32>) {
// CHECK:   scf.for {{.*}} -> (vector<6x64xf32>) {
// CHECK:     vector.contract {{.*}} : vector<6x1xf32>, vector<1x64xf32> into vector<6x64xf32>
// CHECK:   arith.addf {{.*}} : vector<6x64xf32>
// CHECK: tensor.extract_slice %arg0[18, 0] [2, 32]
// CHECK: scf.for {{.*}} -> (vector<2x64xf32>) {
// CHECK:   vector.contract {{.*}} : vector<2x1xf32>, vector<1x64xf32> into vector<2x64xf32>
// CHECK: arith.addf {{.*}} : vector<2x64xf32>
// CHECK-NOT: linalg.generic
#pmk = affine_map<(m, n, k) -> (m, k)>
#pkn = affine_map<(m, n, k) -> (k, n)>
#pmn = affine_map<(m, n, k) -> (m, n)>
#pid = affine_map<(m, n) -> (m, n)>
#pcol = affine_map<(m, n) -> (n)>
func.func private @r_20_64_32(%a: tensor<20x32xf32>, %b: tensor<32x64xf32>, %bias: tensor<64xf32>, %out: tensor<20x64xf32>) -> tensor<20x64xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [6, 64, 1]>} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<20x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<20x64xf32>) -> tensor<20x64xf32>
  %mm = linalg.generic {indexing_maps = [#pmk, #pkn, #pmn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<20x32xf32>, tensor<32x64xf32>) outs(%init : tensor<20x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<20x64xf32>
  %r = linalg.generic {indexing_maps = [#pid, #pcol, #pid], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<20x64xf32>, tensor<64xf32>) outs(%out : tensor<20x64xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<20x64xf32>
  return %r : tensor<20x64xf32>
}

// -----

// A row's sum read by its outputs (fused row by row, as softmax's are),
// with columns tiled by 16 of 24: the row stages are vectorized after the
// tiles, so the tiles are not peeled; halved to 8, they divide.
// CHECK-LABEL: func.func private @E_4_24_24
// CHECK-SAME: tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 8]>
// CHECK-SAME: tg.opts_fallback = "tg.opts: tiles of a kernel with reductions read per row must divide their loops with #tg.opts<split = -1, vectorize = true, tile = [1, 16]>"
#dx = affine_map<(i, k) -> (i, k)>
#drow = affine_map<(i, k) -> (i)>
func.func private @E_4_24_24(%x: tensor<4x24xf32>, %out: tensor<4x24xf32>) -> tensor<4x24xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 16]>} {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#dx, #drow], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x24xf32>) outs(%s0 : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#dx, #drow, #dx], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<4x24xf32>, tensor<4xf32>) outs(%out : tensor<4x24xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %d = arith.subf %a, %s : f32
    linalg.yield %d : f32
  } -> tensor<4x24xf32>
  return %y : tensor<4x24xf32>
}

// -----

// A tile larger than its loop (6 rows of 4, as a BEAM search may try) is
// the whole loop: one tile of 4 rows, vectorized.
// CHECK-LABEL: func.func private @r_4_64_32
// CHECK-NOT: tg.opts_fallback
// CHECK: scf.for {{.*}} -> (vector<4x64xf32>) {
// CHECK:   vector.contract {{.*}} : vector<4x1xf32>, vector<1x64xf32> into vector<4x64xf32>
// CHECK-NOT: linalg.generic
#smk = affine_map<(m, n, k) -> (m, k)>
#skn = affine_map<(m, n, k) -> (k, n)>
#smn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_4_64_32(%a: tensor<4x32xf32>, %b: tensor<32x64xf32>, %out: tensor<4x64xf32>) -> tensor<4x64xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = true, tile = [6, 64, 1]>} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<4x64xf32>) -> tensor<4x64xf32>
  %r = linalg.generic {indexing_maps = [#smk, #skn, #smn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x32xf32>, tensor<32x64xf32>) outs(%init : tensor<4x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}
