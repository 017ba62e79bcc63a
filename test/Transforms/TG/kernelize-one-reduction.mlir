// tg-kernelize{one-reduction-per-kernel}: what the compiler's pipeline asks
// for. Every kernel computes at most one reduction that reads a buffer; by
// default the pass nests them as tinygrad does (TINYGRAD prefix).
// RUN: tg-opt %s --split-input-file --tg-kernelize=one-reduction-per-kernel=true | FileCheck %s
// RUN: tg-opt %s --split-input-file --tg-kernelize | FileCheck %s --check-prefix=TINYGRAD

// A sum of a ReLU of products (a global average pool of a convolution):
// the products' sum gets a buffer, the outer sum reads it.
// CHECK-LABEL: func @nested
// CHECK: %[[INNER:.*]] = tg.kernel(%arg0, %arg1) {name = "r_4_8_8"} {{.*}} -> tensor<4x8x1xf32>
// CHECK: tg.kernel(%[[INNER]]) {name = "r_4_8"} {{.*}} -> tensor<4x1x1xf32>
// CHECK-NOT: tg.kernel
// TINYGRAD-LABEL: func @nested
// TINYGRAD: tg.kernel(%arg0, %arg1) {name = "r_4_8_8"} {{.*}} -> tensor<4x1x1xf32>
// TINYGRAD-NOT: tg.kernel
func.func @nested(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x1x1xf32> {
  %xr = tg.reshape %x : tensor<4x8xf32> to tensor<4x1x8xf32>
  %xe = tg.expand %xr : tensor<4x1x8xf32> to tensor<4x8x8xf32>
  %wr = tg.reshape %w : tensor<8x8xf32> to tensor<1x8x8xf32>
  %we = tg.expand %wr : tensor<1x8x8xf32> to tensor<4x8x8xf32>
  %p = tg.mul %xe, %we : tensor<4x8x8xf32>
  %mm = tg.reduce add %p [2] : tensor<4x8x8xf32> -> tensor<4x8x1xf32>
  %zero = tg.const 0.0 : tensor<4x8x1xf32>
  %r = tg.max %mm, %zero : tensor<4x8x1xf32>
  %s = tg.reduce add %r [1] : tensor<4x8x1xf32> -> tensor<4x1x1xf32>
  return %s : tensor<4x1x1xf32>
}

// -----

// Two sums added (a residual block's convolution and its downsampling
// one): the first gets a buffer, the second is the kernel's main stage.
// CHECK-LABEL: func @parallel
// CHECK: %[[FIRST:.*]] = tg.kernel(%arg0) {name = "r_4_8"}
// CHECK: tg.kernel(%arg1, %[[FIRST]]) {name = "r_4_8n1"}
// CHECK-NOT: tg.kernel
// TINYGRAD-LABEL: func @parallel
// TINYGRAD: tg.kernel(%arg0, %arg1)
// TINYGRAD-NOT: tg.kernel
func.func @parallel(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %a = tg.reduce add %x [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %b = tg.reduce add %y [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %s = tg.add %a, %b : tensor<4x1xf32>
  return %s : tensor<4x1xf32>
}

// -----

// A sum of constants (an arange's running count) reads no buffer: it stays
// in the kernel of the sum that uses it.
// CHECK-LABEL: func @with_constants
// CHECK: tg.kernel(%arg0) {name = "r_4_8_8"}
// CHECK-NOT: tg.kernel
// TINYGRAD-LABEL: func @with_constants
// TINYGRAD: tg.kernel(%arg0) {name = "r_4_8_8"}
func.func @with_constants(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %one = tg.const 1.0 : tensor<4x8xf32>
  %count = tg.reduce add %one [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %countx = tg.expand %count : tensor<4x1xf32> to tensor<4x8xf32>
  %p = tg.mul %x, %countx : tensor<4x8xf32>
  %s = tg.reduce add %p [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  return %s : tensor<4x1xf32>
}

// -----

// A product's sum padded into a wider tensor, beside another value padded
// into the rest (attention's dQ, dK and dV assembled into d(qkv)): the
// kernel would read the sum at indices a where computes, which the CPU's
// optimizer cannot tile, so the sum gets a buffer and the assembly reads it.
// CHECK-LABEL: func @padded
// CHECK: %[[SUM:.*]] = tg.kernel(%arg0, %arg1) {name = "r_4_8_8"} {{.*}} -> tensor<4x8x1xf32>
// CHECK: tg.kernel(%arg2, %[[SUM]]) {name = "E_4_16"} {{.*}} -> tensor<4x16xf32>
// CHECK-NOT: tg.kernel
// TINYGRAD-LABEL: func @padded
// TINYGRAD: tg.kernel(%arg0, %arg1, %arg2) {{.*}} -> tensor<4x16xf32>
// TINYGRAD-NOT: tg.kernel
func.func @padded(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %xr = tg.reshape %x : tensor<4x8xf32> to tensor<4x1x8xf32>
  %xe = tg.expand %xr : tensor<4x1x8xf32> to tensor<4x8x8xf32>
  %wr = tg.reshape %w : tensor<8x8xf32> to tensor<1x8x8xf32>
  %we = tg.expand %wr : tensor<1x8x8xf32> to tensor<4x8x8xf32>
  %p = tg.mul %xe, %we : tensor<4x8x8xf32>
  %mm = tg.reduce add %p [2] : tensor<4x8x8xf32> -> tensor<4x8x1xf32>
  %m = tg.reshape %mm : tensor<4x8x1xf32> to tensor<4x8xf32>
  %left = tg.pad %m low [0, 0] high [0, 8] : tensor<4x8xf32> -> tensor<4x16xf32>
  %right = tg.pad %y low [0, 8] high [0, 0] : tensor<4x8xf32> -> tensor<4x16xf32>
  %s = tg.add %left, %right : tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}
