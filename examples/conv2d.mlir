// conv2d of a 16x64x56x56 input with 64x64x3x3 weights, stride 1, padding 1
// (bench/WORKLOADS.md's conv2d_16x64x56x56_k3), written as tinygrad's
// Tensor.conv2d writes it: pad, then _pool's windows from movement ops
// alone (the padded rows repeated e=4 times, flattened, shrunk to
// k*(n+1) = 3*59, reshaped to [3, 59] so that element [ky, y] is row
// y + ky, and shrunk to [3, 56]); then the windows times the weights,
// summed over input channels and the 3x3 window.
//   DEBUG=2 tg-run examples/conv2d.mlir --random --repeat=5
func.func @conv2d(%x: tensor<16x64x56x56xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<16x64x56x56xf32> {
  %p = tg.pad %x low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<16x64x56x56xf32> -> tensor<16x64x58x58xf32>
  %r0 = tg.reshape %p : tensor<16x64x58x58xf32> to tensor<16x64x1x58x1x58xf32>
  %e0 = tg.expand %r0 : tensor<16x64x1x58x1x58xf32> to tensor<16x64x4x58x4x58xf32>
  %r1 = tg.reshape %e0 : tensor<16x64x4x58x4x58xf32> to tensor<16x64x232x232xf32>
  %s0 = tg.shrink %r1 begin [0, 0, 0, 0] end [16, 64, 177, 177] : tensor<16x64x232x232xf32> -> tensor<16x64x177x177xf32>
  %r2 = tg.reshape %s0 : tensor<16x64x177x177xf32> to tensor<16x64x3x59x3x59xf32>
  %s1 = tg.shrink %r2 begin [0, 0, 0, 0, 0, 0] end [16, 64, 3, 56, 3, 56] : tensor<16x64x3x59x3x59xf32> -> tensor<16x64x3x56x3x56xf32>
  %q = tg.permute %s1 [0, 3, 5, 1, 2, 4] : tensor<16x64x3x56x3x56xf32> -> tensor<16x56x56x64x3x3xf32>
  %q1 = tg.reshape %q : tensor<16x56x56x64x3x3xf32> to tensor<16x1x56x56x64x3x3xf32>
  %xe = tg.expand %q1 : tensor<16x1x56x56x64x3x3xf32> to tensor<16x64x56x56x64x3x3xf32>
  %w1 = tg.reshape %w : tensor<64x64x3x3xf32> to tensor<1x64x1x1x64x3x3xf32>
  %we = tg.expand %w1 : tensor<1x64x1x1x64x3x3xf32> to tensor<16x64x56x56x64x3x3xf32>
  %m = tg.mul %xe, %we : tensor<16x64x56x56x64x3x3xf32>
  %s = tg.reduce add %m [4, 5, 6] : tensor<16x64x56x56x64x3x3xf32> -> tensor<16x64x56x56x1x1x1xf32>
  %o = tg.reshape %s : tensor<16x64x56x56x1x1x1xf32> to tensor<16x64x56x56xf32>
  return %o : tensor<16x64x56x56xf32>
}
