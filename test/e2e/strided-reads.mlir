// Strided reads of a convolution's input vectorize instead of falling back
// to scalars, and the results agree with the unoptimized kernel's within
// rounding (the sums run in another order):
// - a stride-2 read of a kernel argument (ResNet's 1x1 stride-2 downsample)
//   is sliced by tg-cpu-drop-unit-dims;
// - a 3x3 stride-2 convolution's register tile of 7 output columns reads
//   its input `2x + kx`, from a strided slice tg-cpu-apply-opts makes.
//
// RUN: env NOOPT=1 tg-run %s --function=downsample --random --output=%t.noopt
// RUN: tg-run %s --function=downsample --random --output=%t.tiled
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.tiled | FileCheck %s --check-prefix=CLOSE
// RUN: env NOOPT=1 tg-run %s --function=conv_s2 --random --output=%t.s2.noopt
// RUN: tg-run %s --function=conv_s2 --random --output=%t.s2.tiled
// RUN: %python %S/Inputs/check_close.py %t.s2.noopt %t.s2.tiled | FileCheck %s --check-prefix=S2-CLOSE
// The tiles chosen for AVX-512 (znver4), whatever this machine is:
// RUN: tg-opt %s --tg-to-kernels '--tg-cpu-kernels=chip=znver4' --mlir-print-ir-after=tg-cpu-apply-opts 2>&1 | FileCheck %s
// RUN: tg-opt %s --tg-to-kernels '--tg-cpu-kernels=chip=znver4' --mlir-print-ir-after=tg-cpu-apply-opts 2>&1 | FileCheck %s --check-prefix=S2
//
// CHECK: IR Dump After TGCPUApplyOpts
// CHECK: func.func private @r_64_7_7_32({{.*}}tg.opts = #tg.opts<split = 1, vectorize = true, tile = [32, 1, 7, 1], vector = 0>
// CHECK-NOT: could not vectorize
// CLOSE: 3136 elements close
//
// S2: IR Dump After TGCPUApplyOpts
// S2: func.func private @r_32_7_7_16_3_3({{.*}}tg.opts = #tg.opts<split = 1, vectorize = true, tile = [32, 1, 7, 1, 1, 1], vector = 0>
// S2-NOT: could not vectorize
// S2: tensor.extract_slice {{.*}} [1, 7] [1, 2] : tensor<1x13xf32> to tensor<1x7xf32>
// S2: vector.contract
// S2-CLOSE: 1568 elements close

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

// A 3x3 convolution with stride 2, [1, 16, 15, 15] to [1, 32, 7, 7], as the
// tensor library writes it (conv2d(w, stride=2)), its weights channels-last [16, 3, 3, 32].
func.func @conv_s2(%x: tensor<1x16x15x15xf32>, %w: tensor<16x3x3x32xf32>) -> tensor<1x32x7x7xf32> {
  %wt = tg.permute %w [3, 0, 1, 2] : tensor<16x3x3x32xf32> -> tensor<32x16x3x3xf32>
  %1 = tg.reshape %x : tensor<1x16x15x15xf32> to tensor<1x16x1x15x1x15xf32>
  %2 = tg.expand %1 : tensor<1x16x1x15x1x15xf32> to tensor<1x16x4x15x4x15xf32>
  %3 = tg.reshape %2 : tensor<1x16x4x15x4x15xf32> to tensor<1x16x60x60xf32>
  %4 = tg.shrink %3 begin [0, 0, 0, 0] end [1, 16, 48, 48] : tensor<1x16x60x60xf32> -> tensor<1x16x48x48xf32>
  %5 = tg.reshape %4 : tensor<1x16x48x48xf32> to tensor<1x16x3x16x3x16xf32>
  %6 = tg.shrink %5 begin [0, 0, 0, 0, 0, 0] end [1, 16, 3, 14, 3, 14] : tensor<1x16x3x16x3x16xf32> -> tensor<1x16x3x14x3x14xf32>
  %7 = tg.reshape %6 : tensor<1x16x3x14x3x14xf32> to tensor<1x16x3x7x2x3x7x2xf32>
  %8 = tg.shrink %7 begin [0, 0, 0, 0, 0, 0, 0, 0] end [1, 16, 3, 7, 1, 3, 7, 1] : tensor<1x16x3x7x2x3x7x2xf32> -> tensor<1x16x3x7x1x3x7x1xf32>
  %9 = tg.reshape %8 : tensor<1x16x3x7x1x3x7x1xf32> to tensor<1x16x3x7x3x7xf32>
  %10 = tg.permute %9 [0, 1, 3, 5, 2, 4] : tensor<1x16x3x7x3x7xf32> -> tensor<1x16x7x7x3x3xf32>
  %11 = tg.reshape %10 : tensor<1x16x7x7x3x3xf32> to tensor<1x1x16x1x7x7x3x3xf32>
  %12 = tg.expand %11 : tensor<1x1x16x1x7x7x3x3xf32> to tensor<1x1x16x32x7x7x3x3xf32>
  %13 = tg.permute %12 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x16x32x7x7x3x3xf32> -> tensor<1x1x32x7x7x16x3x3xf32>
  %14 = tg.reshape %wt : tensor<32x16x3x3xf32> to tensor<1x1x32x1x1x16x3x3xf32>
  %15 = tg.expand %14 : tensor<1x1x32x1x1x16x3x3xf32> to tensor<1x1x32x7x7x16x3x3xf32>
  %16 = tg.mul %13, %15 : tensor<1x1x32x7x7x16x3x3xf32>
  %17 = tg.reduce add %16 [5, 6, 7] : tensor<1x1x32x7x7x16x3x3xf32> -> tensor<1x1x32x7x7x1x1x1xf32>
  %18 = tg.reshape %17 : tensor<1x1x32x7x7x1x1x1xf32> to tensor<1x32x7x7xf32>
  return %18 : tensor<1x32x7x7xf32>
}
