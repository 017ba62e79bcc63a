// A stride-2 read of a kernel argument (ResNet's 1x1 stride-2 downsample)
// is sliced by tg-cpu-drop-unit-dims, so the convolution's register tiles
// vectorize instead of falling back to scalars; its results agree with the
// unoptimized kernel's within rounding (the sums run in another order).
//
// RUN: env NOOPT=1 tg-run %s --random --output=%t.noopt
// RUN: env DEBUG=4 tg-run %s --random --output=%t.tiled 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.tiled | FileCheck %s --check-prefix=CLOSE
//
// CHECK: IR Dump After TGCPUApplyOpts
// CHECK: func.func private @r_64_7_7_32({{.*}}tg.opts = #tg.opts<split = 1, vectorize = true, tile = [16, 1, 7, 1]>
// CHECK-NOT: could not vectorize
// CLOSE: 3136 elements close

// [1, 32, 14, 14] to [1, 64, 7, 7], the weights channels-last [32, 64].
func.func @downsample(%x: tensor<1x32x14x14xf32>, %w: tensor<32x64xf32>) -> tensor<1x64x7x7xf32> {
  %xr = tg.reshape %x : tensor<1x32x14x14xf32> to tensor<1x32x7x2x7x2xf32>
  %xs = tg.shrink %xr begin [0, 0, 0, 0, 0, 0] end [1, 32, 7, 1, 7, 1] : tensor<1x32x7x2x7x2xf32> -> tensor<1x32x7x1x7x1xf32>
  %xq = tg.reshape %xs : tensor<1x32x7x1x7x1xf32> to tensor<1x32x7x7xf32>
  %xp = tg.permute %xq [0, 2, 3, 1] : tensor<1x32x7x7xf32> -> tensor<1x7x7x32xf32>
  %xt = tg.reshape %xp : tensor<1x7x7x32xf32> to tensor<1x1x7x7x32xf32>
  %xe = tg.expand %xt : tensor<1x1x7x7x32xf32> to tensor<1x64x7x7x32xf32>
  %wt = tg.permute %w [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  %wr = tg.reshape %wt : tensor<64x32xf32> to tensor<1x64x1x1x32xf32>
  %we = tg.expand %wr : tensor<1x64x1x1x32xf32> to tensor<1x64x7x7x32xf32>
  %m = tg.mul %xe, %we : tensor<1x64x7x7x32xf32>
  %s = tg.reduce add %m [4] : tensor<1x64x7x7x32xf32> -> tensor<1x64x7x7x1xf32>
  %r = tg.reshape %s : tensor<1x64x7x7x1xf32> to tensor<1x64x7x7xf32>
  return %r : tensor<1x64x7x7xf32>
}
