// A convolution's register tile over two row loops (2 rows of y by 4 of x,
// vectors along the 32 output channels), as a BEAM search may try it:
// tg-cpu-apply-opts carries it out without a fallback, its accumulator in
// loop order (2x4 rows of 32 channels), and the results agree with the
// unoptimized kernel's within rounding.
//
// RUN: env NOOPT=1 tg-run %s --random --output=%t.noopt
// RUN: env DEBUG=4 tg-run %s --random --output=%t.rows \
// RUN:   --kernel-opts='r_32_8_8_16_3_3=#tg.opts<split = 1, vectorize = true, tile = [32, 2, 4, 1, 1, 1], vector = 0>' \
// RUN:   2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.rows | FileCheck %s --check-prefix=CLOSE
//
// CHECK-NOT: applied #tg.opts
// CHECK: IR Dump After TGCPUApplyOpts
// CHECK: func.func private @r_32_8_8_16_3_3({{.*}}tg.opts = #tg.opts<split = 1, vectorize = true, tile = [32, 2, 4, 1, 1, 1], vector = 0>
// CHECK: vector.contract {{.*}} into vector<2x4x32xf32>
// CHECK: vector.transpose {{.*}} : vector<2x4x32xf32> to vector<32x2x4xf32>
// CLOSE: 2048 elements close

// A 3x3 convolution, [1, 16, 10, 10] to [1, 32, 8, 8], as the tensor library
// writes it, its weights channels-last [16, 3, 3, 32].
func.func @conv(%x: tensor<1x16x10x10xf32>, %w: tensor<16x3x3x32xf32>) -> tensor<1x32x8x8xf32> {
  %wt = tg.permute %w [3, 0, 1, 2] : tensor<16x3x3x32xf32> -> tensor<32x16x3x3xf32>
  %1 = tg.reshape %x : tensor<1x16x10x10xf32> to tensor<1x16x1x10x1x10xf32>
  %2 = tg.expand %1 : tensor<1x16x1x10x1x10xf32> to tensor<1x16x4x10x4x10xf32>
  %3 = tg.reshape %2 : tensor<1x16x4x10x4x10xf32> to tensor<1x16x40x40xf32>
  %4 = tg.shrink %3 begin [0, 0, 0, 0] end [1, 16, 33, 33] : tensor<1x16x40x40xf32> -> tensor<1x16x33x33xf32>
  %5 = tg.reshape %4 : tensor<1x16x33x33xf32> to tensor<1x16x3x11x3x11xf32>
  %6 = tg.shrink %5 begin [0, 0, 0, 0, 0, 0] end [1, 16, 3, 8, 3, 8] : tensor<1x16x3x11x3x11xf32> -> tensor<1x16x3x8x3x8xf32>
  %7 = tg.permute %6 [0, 1, 3, 5, 2, 4] : tensor<1x16x3x8x3x8xf32> -> tensor<1x16x8x8x3x3xf32>
  %8 = tg.reshape %7 : tensor<1x16x8x8x3x3xf32> to tensor<1x1x16x1x8x8x3x3xf32>
  %9 = tg.expand %8 : tensor<1x1x16x1x8x8x3x3xf32> to tensor<1x1x16x32x8x8x3x3xf32>
  %10 = tg.permute %9 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x16x32x8x8x3x3xf32> -> tensor<1x1x32x8x8x16x3x3xf32>
  %11 = tg.reshape %wt : tensor<32x16x3x3xf32> to tensor<1x1x32x1x1x16x3x3xf32>
  %12 = tg.expand %11 : tensor<1x1x32x1x1x16x3x3xf32> to tensor<1x1x32x8x8x16x3x3xf32>
  %13 = tg.mul %10, %12 : tensor<1x1x32x8x8x16x3x3xf32>
  %14 = tg.reduce add %13 [5, 6, 7] : tensor<1x1x32x8x8x16x3x3xf32> -> tensor<1x1x32x8x8x1x1x1xf32>
  %15 = tg.reshape %14 : tensor<1x1x32x8x8x1x1x1xf32> to tensor<1x32x8x8xf32>
  return %15 : tensor<1x32x8x8xf32>
}
