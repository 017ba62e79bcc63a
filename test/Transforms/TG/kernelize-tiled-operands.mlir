// tg-kernelize{realize-tiled-operands}: what the compiler's pipeline asks
// for. An elementwise value that computes something and that a summed
// product reads through a broadcast (a relu before a matmul or a
// convolution) gets a buffer when it has 65,536 elements or more, instead of
// being recomputed at every load of the product's register tiles. Without
// the option the pass keeps tinygrad's kernels (TINYGRAD prefix).
// RUN: tg-opt %s --split-input-file --tg-kernelize="one-reduction-per-kernel=true realize-tiled-operands=true" | FileCheck %s
// RUN: tg-opt %s --split-input-file --tg-kernelize=one-reduction-per-kernel=true | FileCheck %s --check-prefix=TINYGRAD

// A relu before a matmul, 65,536 elements: its own kernel computes it once,
// and the matmul reads the buffer (not a max at every load of its tiles).
// CHECK-LABEL: func @relu_then_matmul
// CHECK: %[[RELU:.*]] = tg.kernel(%arg0) {name = "E_256_256"}
// CHECK: tg.max
// CHECK: tg.kernel(%arg1, %[[RELU]]) {name = "r_256_64_256"}
// CHECK-NOT: tg.max
// CHECK: tg.reduce add
// TINYGRAD-LABEL: func @relu_then_matmul
// TINYGRAD: tg.kernel(%arg0, %arg1) {name = "r_256_64_256"}
// TINYGRAD: tg.max
// TINYGRAD-NOT: tg.kernel(
func.func @relu_then_matmul(%x: tensor<256x256xf32>, %w: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %zero = tg.const 0.0 : tensor<256x256xf32>
  %r = tg.max %x, %zero : tensor<256x256xf32>
  %a = tg.reshape %r : tensor<256x256xf32> to tensor<256x256x1xf32>
  %ae = tg.expand %a : tensor<256x256x1xf32> to tensor<256x256x64xf32>
  %b = tg.reshape %w : tensor<256x64xf32> to tensor<1x256x64xf32>
  %be = tg.expand %b : tensor<1x256x64xf32> to tensor<256x256x64xf32>
  %p = tg.mul %ae, %be : tensor<256x256x64xf32>
  %s = tg.reduce add %p [1] : tensor<256x256x64xf32> -> tensor<256x1x64xf32>
  %o = tg.reshape %s : tensor<256x1x64xf32> to tensor<256x64xf32>
  return %o : tensor<256x64xf32>
}

// -----

// Smaller (128 x 256): a kernel of its own would cost more; fused.
// CHECK-LABEL: func @small_operand
// TINYGRAD-LABEL: func @small_operand
// CHECK: tg.kernel(%arg0, %arg1) {name = "r_128_64_256"}
// CHECK: tg.max
// CHECK-NOT: tg.kernel(
func.func @small_operand(%x: tensor<128x256xf32>, %w: tensor<256x64xf32>) -> tensor<128x64xf32> {
  %zero = tg.const 0.0 : tensor<128x256xf32>
  %r = tg.max %x, %zero : tensor<128x256xf32>
  %a = tg.reshape %r : tensor<128x256xf32> to tensor<128x256x1xf32>
  %ae = tg.expand %a : tensor<128x256x1xf32> to tensor<128x256x64xf32>
  %b = tg.reshape %w : tensor<256x64xf32> to tensor<1x256x64xf32>
  %be = tg.expand %b : tensor<1x256x64xf32> to tensor<128x256x64xf32>
  %p = tg.mul %ae, %be : tensor<128x256x64xf32>
  %s = tg.reduce add %p [1] : tensor<128x256x64xf32> -> tensor<128x1x64xf32>
  %o = tg.reshape %s : tensor<128x1x64xf32> to tensor<128x64xf32>
  return %o : tensor<128x64xf32>
}

// -----

// Only a view of a buffer (a transpose) computes nothing: read in place.
// CHECK-LABEL: func @view_operand
// CHECK: tg.kernel(%arg0, %arg1) {name = "r_256_64_256"}
// CHECK-NOT: tg.kernel(
func.func @view_operand(%x: tensor<256x256xf32>, %w: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %r = tg.permute %x [1, 0] : tensor<256x256xf32> -> tensor<256x256xf32>
  %a = tg.reshape %r : tensor<256x256xf32> to tensor<256x256x1xf32>
  %ae = tg.expand %a : tensor<256x256x1xf32> to tensor<256x256x64xf32>
  %b = tg.reshape %w : tensor<256x64xf32> to tensor<1x256x64xf32>
  %be = tg.expand %b : tensor<1x256x64xf32> to tensor<256x256x64xf32>
  %p = tg.mul %ae, %be : tensor<256x256x64xf32>
  %s = tg.reduce add %p [1] : tensor<256x256x64xf32> -> tensor<256x1x64xf32>
  %o = tg.reshape %s : tensor<256x1x64xf32> to tensor<256x64xf32>
  return %o : tensor<256x64xf32>
}

// -----

// A relu read elementwise by a product (no broadcast: each element once)
// stays fused.
// CHECK-LABEL: func @elementwise_product
// CHECK: tg.kernel(%arg0, %arg1) {name = "r_256_256"}
// CHECK: tg.max
// CHECK-NOT: tg.kernel(
func.func @elementwise_product(%x: tensor<256x256xf32>, %y: tensor<256x256xf32>) -> tensor<256x1xf32> {
  %zero = tg.const 0.0 : tensor<256x256xf32>
  %r = tg.max %x, %zero : tensor<256x256xf32>
  %p = tg.mul %r, %y : tensor<256x256xf32>
  %s = tg.reduce add %p [1] : tensor<256x256xf32> -> tensor<256x1xf32>
  return %s : tensor<256x1xf32>
}
