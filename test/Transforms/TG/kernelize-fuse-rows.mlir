// tg-kernelize{fuse-row-reductions}: what the compiler's pipeline asks for
// (tinygrad's PCONTIG). A reduction that a broadcast reads, over rows of 64
// elements or more, fuses into the one kernel that reads it, when that
// kernel reads it once per row (at an index that depends on the output's
// first loops, all of them, and on no other loop) and reads the buffers it
// reads. Without the option the pass keeps tinygrad's kernels (TINYGRAD
// prefix).
// RUN: tg-opt %s --split-input-file --tg-kernelize="one-reduction-per-kernel=true fuse-row-reductions=true" | FileCheck %s
// RUN: tg-opt %s --split-input-file --tg-kernelize=one-reduction-per-kernel=true | FileCheck %s --check-prefix=TINYGRAD

// Softmax over rows: the max and the sum of exponentials are computed in
// the kernel that divides. The max is read by the sum and by the division:
// it fuses once the sum has.
// CHECK-LABEL: func @softmax
// CHECK: tg.kernel(%arg0) {name = "r_4_64_64_64"}
// CHECK: tg.reduce max
// CHECK: tg.reduce add
// CHECK: tg.fdiv
// CHECK-NOT: tg.kernel
// TINYGRAD-LABEL: func @softmax
// TINYGRAD-COUNT-3: tg.kernel(
// TINYGRAD-NOT: tg.kernel(
func.func @softmax(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %m = tg.reduce max %x [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  %me = tg.expand %m : tensor<4x1xf32> to tensor<4x64xf32>
  %d = tg.sub %x, %me : tensor<4x64xf32>
  %e = tg.exp2 %d : tensor<4x64xf32>
  %s = tg.reduce add %e [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  %se = tg.expand %s : tensor<4x1xf32> to tensor<4x64xf32>
  %r = tg.fdiv %e, %se : tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// -----

// A variance: the mean fuses into the reduction that reads it in its loop,
// once per row of the output.
// CHECK-LABEL: func @variance
// CHECK: tg.kernel(%arg0) {name = "r_2_3_64_64"}
// CHECK-NOT: tg.kernel
// TINYGRAD-LABEL: func @variance
// TINYGRAD-COUNT-2: tg.kernel(
func.func @variance(%x: tensor<2x3x64xf32>) -> tensor<2x3x1xf32> {
  %s = tg.reduce add %x [2] : tensor<2x3x64xf32> -> tensor<2x3x1xf32>
  %n = tg.const 0.015625 : tensor<2x3x1xf32>
  %mean = tg.mul %s, %n : tensor<2x3x1xf32>
  %me = tg.expand %mean : tensor<2x3x1xf32> to tensor<2x3x64xf32>
  %d = tg.sub %x, %me : tensor<2x3x64xf32>
  %sq = tg.mul %d, %d : tensor<2x3x64xf32>
  %v = tg.reduce add %sq [2] : tensor<2x3x64xf32> -> tensor<2x3x1xf32>
  return %v : tensor<2x3x1xf32>
}

// -----

// A layer norm: the value the broadcast ends is 1/sqrt(var + eps), the first
// elementwise op after the variance; it fuses, then the mean, which the
// variance and the output read.
// CHECK-LABEL: func @layernorm
// CHECK: tg.kernel(%arg0) {name = "r_4_64_64_64"}
// CHECK-NOT: tg.kernel
// TINYGRAD-LABEL: func @layernorm
// TINYGRAD-COUNT-3: tg.kernel(
func.func @layernorm(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %s = tg.reduce add %x [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  %n = tg.const 0.015625 : tensor<4x1xf32>
  %mean = tg.mul %s, %n : tensor<4x1xf32>
  %me = tg.expand %mean : tensor<4x1xf32> to tensor<4x64xf32>
  %d = tg.sub %x, %me : tensor<4x64xf32>
  %sq = tg.mul %d, %d : tensor<4x64xf32>
  %ss = tg.reduce add %sq [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  %var = tg.mul %ss, %n : tensor<4x1xf32>
  %eps = tg.const 1.0e-5 : tensor<4x1xf32>
  %ve = tg.add %var, %eps : tensor<4x1xf32>
  %sd = tg.sqrt %ve : tensor<4x1xf32>
  %rstd = tg.reciprocal %sd : tensor<4x1xf32>
  %re = tg.expand %rstd : tensor<4x1xf32> to tensor<4x64xf32>
  %y = tg.mul %d, %re : tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----

// Softmax over rows of 8: too short to gain from the cache, or to vectorize
// a row tile. tinygrad's three kernels.
// CHECK-LABEL: func @short_rows
// CHECK-COUNT-3: tg.kernel(
// CHECK-NOT: tg.kernel(
func.func @short_rows(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %m = tg.reduce max %x [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %me = tg.expand %m : tensor<4x1xf32> to tensor<4x8xf32>
  %d = tg.sub %x, %me : tensor<4x8xf32>
  %e = tg.exp2 %d : tensor<4x8xf32>
  %s = tg.reduce add %e [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %se = tg.expand %s : tensor<4x1xf32> to tensor<4x8xf32>
  %r = tg.fdiv %e, %se : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Softmax over columns: the max of column j is read at the output's second
// loop, inside the first; fused, it would be computed again for every row.
// It keeps its buffer.
// CHECK-LABEL: func @over_columns
// CHECK: %[[MAX:.*]] = tg.kernel(%arg0) {name = "r_8_64"}
// CHECK: tg.kernel(%arg0, %[[MAX]]) {name = "E_64_8"}
// CHECK-NOT: tg.kernel
func.func @over_columns(%x: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %m = tg.reduce max %x [0] : tensor<64x8xf32> -> tensor<1x8xf32>
  %me = tg.expand %m : tensor<1x8xf32> to tensor<64x8xf32>
  %d = tg.sub %x, %me : tensor<64x8xf32>
  return %d : tensor<64x8xf32>
}

// -----

// The sum of row i read at column i (a permuted broadcast): the read
// depends on the second loop only, not on the rows. It keeps its buffer.
// CHECK-LABEL: func @transposed
// CHECK: %[[SUM:.*]] = tg.kernel(%arg0) {name = "r_64_64"}
// CHECK: tg.kernel(%arg0, %[[SUM]]) {name = "E_64_64"}
// CHECK-NOT: tg.kernel
func.func @transposed(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %s = tg.reduce add %x [1] : tensor<64x64xf32> -> tensor<64x1xf32>
  %t = tg.reshape %s : tensor<64x1xf32> to tensor<1x64xf32>
  %te = tg.expand %t : tensor<1x64xf32> to tensor<64x64xf32>
  %r = tg.add %x, %te : tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Two kernels read the row's max (two results): it keeps its buffer, so
// that neither computes it again.
// CHECK-LABEL: func @two_readers
// CHECK: %[[MAX:.*]] = tg.kernel(%arg0) {name = "r_4_64"}
// CHECK: tg.kernel(%arg0, %[[MAX]]) {name = "E_4_64"}
// CHECK: tg.kernel(%arg0, %[[MAX]]) {name = "E_4_64n1"}
// CHECK-NOT: tg.kernel
func.func @two_readers(%x: tensor<4x64xf32>) -> (tensor<4x64xf32>, tensor<4x64xf32>) {
  %m = tg.reduce max %x [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  %me = tg.expand %m : tensor<4x1xf32> to tensor<4x64xf32>
  %d = tg.sub %x, %me : tensor<4x64xf32>
  %p = tg.add %x, %me : tensor<4x64xf32>
  return %d, %p : tensor<4x64xf32>, tensor<4x64xf32>
}

// -----

// A reduction that is itself a result is stored, and read from its buffer.
// CHECK-LABEL: func @returned
// CHECK: %[[MAX:.*]] = tg.kernel(%arg0) {name = "r_4_64"}
// CHECK: tg.kernel(%arg0, %[[MAX]]) {name = "E_4_64"}
// CHECK-NOT: tg.kernel
func.func @returned(%x: tensor<4x64xf32>) -> (tensor<4x1xf32>, tensor<4x64xf32>) {
  %m = tg.reduce max %x [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  %me = tg.expand %m : tensor<4x1xf32> to tensor<4x64xf32>
  %d = tg.sub %x, %me : tensor<4x64xf32>
  return %m, %d : tensor<4x1xf32>, tensor<4x64xf32>
}

// -----

// A row's sum of products of other buffers (a gradient read through a
// pool's window): the kernel reading it per row does not read those
// buffers, so fusing saves no memory traffic and would lose the sum's own
// tiles. It keeps its buffer.
// CHECK-LABEL: func @other_buffers
// CHECK: %[[SUM:.*]] = tg.kernel(%arg1, %arg2) {name = "r_4_64"}
// CHECK: tg.kernel(%arg0, %[[SUM]]) {name = "E_4_8"}
// CHECK-NOT: tg.kernel
func.func @other_buffers(%x: tensor<4x8xf32>, %a: tensor<4x64xf32>, %w: tensor<4x64xf32>) -> tensor<4x8xf32> {
  %p = tg.mul %a, %w : tensor<4x64xf32>
  %s = tg.reduce add %p [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  %se = tg.expand %s : tensor<4x1xf32> to tensor<4x8xf32>
  %r = tg.mul %x, %se : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Two sums added (not read through a broadcast): one-reduction-per-kernel
// gave the first a buffer, and it keeps it.
// CHECK-LABEL: func @parallel
// CHECK: %[[FIRST:.*]] = tg.kernel(%arg0) {name = "r_4_8"}
// CHECK: tg.kernel(%arg1, %[[FIRST]]) {name = "r_4_8n1"}
// CHECK-NOT: tg.kernel
func.func @parallel(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %a = tg.reduce add %x [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %b = tg.reduce add %y [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %s = tg.add %a, %b : tensor<4x1xf32>
  return %s : tensor<4x1xf32>
}
