// RUN: tg-opt %s --split-input-file --test-tg-search-opts -o /dev/null 2>&1 | FileCheck %s

// BEAM's search space for a matmul: it starts from the optimizer's choice
// and from no opts; one action away from the choice are the row and column
// tiles doubled and halved, the columns grown by a half (96 of 128, the last
// tile partial; not the rows: they are split, and 6 does not divide 64), k
// unrolled by 2, the vector lanes along the rows, the work split along the
// columns or not at all, and no vectors.
// CHECK: remark: start: #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]> #tg.opts<split = -1, vectorize = false>
// CHECK-NEXT{LITERAL}: from #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1]>:
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = true, tile = [8, 64, 1]> #tg.opts<split = 0, vectorize = true, tile = [2, 64, 1]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = true, tile = [4, 128, 1]> #tg.opts<split = 0, vectorize = true, tile = [4, 32, 1]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = true, tile = [4, 96, 1]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = true, tile = [4, 64, 2]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1], vector = 0>
// CHECK-SAME{LITERAL}: #tg.opts<split = 1, vectorize = true, tile = [4, 64, 1]> #tg.opts<split = -1, vectorize = true, tile = [4, 64, 1]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = false, tile = [4, 64, 1]>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_64_128_32(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>, %out: tensor<64x128xf32>) -> tensor<64x128xf32> attributes {tg.kernel} {
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

// A kernel that reads an input backwards (a flip) is not tiled by the
// optimizer, whose tiles would slice it wrongly, and has no search space:
// BEAM leaves it alone.
// CHECK: remark: start: {{$}}
#flip = affine_map<(i) -> (7 - i)>
#id = affine_map<(i) -> (i)>
func.func private @E_8(%a: tensor<8xf32>, %out: tensor<8xf32>) -> tensor<8xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#flip, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%out : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A sum over two reduction loops without an epilogue (a weight gradient's
// batch and pixels, y and x merged into one loop by
// tg-cpu-collapse-loops): from the optimizer's choice, which
// runs the batch loop outside the tiles, the last action runs it inside
// again; the others keep it.
// CHECK: remark: start: #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1], outer = 2>
// CHECK-NEXT{LITERAL}: from #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1], outer = 2>:
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = false, tile = [4, 64, 1, 1], outer = 2> #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1]>
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

// The same sum with an epilogue (SGD's momentum update): the search runs
// the batch loop outside the tiles or inside them just the same.
// CHECK: remark: start: #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1], outer = 2>
// CHECK-NEXT{LITERAL}: from #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1], outer = 2>:
// CHECK-SAME{LITERAL}: #tg.opts<split = 0, vectorize = false, tile = [4, 64, 1, 1], outer = 2> #tg.opts<split = 0, vectorize = true, tile = [4, 64, 1, 1]>
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

// A BatchNorm's sums over batch, height and width: the search sees the
// kernel as the optimizer does, after tg-cpu-collapse-loops has
// merged height and width, so every opts has three loops (tiles of the
// four unmerged loops fail to apply: BEAM timed the optimizer's own choice
// as "inf ms").
// CHECK: remark: start: #tg.opts<split = -1, vectorize = true, tile = [1, 1, 64]> #tg.opts<split = -1, vectorize = false>
// CHECK-NEXT{LITERAL}: from #tg.opts<split = -1, vectorize = true, tile = [1, 1, 64]>:
// CHECK-SAME{LITERAL}: #tg.opts<split = -1, vectorize = true, tile = [2, 1, 64]> #tg.opts<split = -1, vectorize = true, tile = [1, 2, 64]>
// CHECK-SAME{LITERAL}: #tg.opts<split = -1, vectorize = true, tile = [1, 1, 32]>
#nchw = affine_map<(c, n, y, x) -> (n, c, y, x)>
#c = affine_map<(c, n, y, x) -> (c)>
func.func private @r_8_4_24_24(%x: tensor<4x8x24x24xf32>, %out: tensor<8xf32>) -> tensor<8xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#nchw, #c], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<4x8x24x24xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A 1024² matmul, 6 rows by 64 columns split by columns: the rows doubled,
// halved, grown and shrunk by a half (12, 3, 9 and 4; all but 4 leave a
// partial tile, peeled), the columns 128, 32 and 96, which the split loop
// must divide: not 96; the work is not split by the rows, which 6 does not
// divide.
// CHECK: remark: start: #tg.opts<split = 1, vectorize = true, tile = [6, 64, 1]>
// CHECK-NEXT{LITERAL}: from #tg.opts<split = 1, vectorize = true, tile = [6, 64, 1]>:
// CHECK-SAME{LITERAL}: #tg.opts<split = 1, vectorize = true, tile = [12, 64, 1]> #tg.opts<split = 1, vectorize = true, tile = [3, 64, 1]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 1, vectorize = true, tile = [9, 64, 1]> #tg.opts<split = 1, vectorize = true, tile = [4, 64, 1]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 1, vectorize = true, tile = [6, 128, 1]> #tg.opts<split = 1, vectorize = true, tile = [6, 32, 1]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 1, vectorize = true, tile = [6, 64, 2]>
// CHECK-SAME{LITERAL}: #tg.opts<split = 1, vectorize = true, tile = [6, 64, 1], vector = 0>
// CHECK-SAME{LITERAL}: #tg.opts<split = -1, vectorize = true, tile = [6, 64, 1]>
#bmk = affine_map<(m, n, k) -> (m, k)>
#bkn = affine_map<(m, n, k) -> (k, n)>
#bmn = affine_map<(m, n, k) -> (m, n)>
func.func private @r_1024_1024_1024(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %out: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.generic {indexing_maps = [#bmk, #bkn, #bmn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%init : tensor<1024x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
