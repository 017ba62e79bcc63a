// A convolution's input gradient, as the tensor library writes it: the
// output gradient padded by k - 1 = 2 on each side, then a full 3x3
// correlation. tg-to-linalg tells the convolution's kernel where the zeros
// are (tg.zero_border); tg-cpu-skip-zero-border narrows its loop over ky
// to the rows inside, and the products of kx's first and last steps, whose
// 8 columns straddle the border, to the 6 inside. The results agree with
// the unoptimized kernels' (which run every step) within rounding. The
// border is not passed on to LLVM, which would warn of an unknown
// parameter attribute.
//
// RUN: env NOOPT=1 tg-run %s --random --output=%t.noopt
// RUN: tg-run %s --random --output=%t.opt 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.opt | FileCheck %s --check-prefix=CLOSE
// RUN: tg-opt %s --tg-to-kernels | FileCheck %s --check-prefix=BORDER
// RUN: tg-opt %s --tg-to-kernels '--tg-cpu-kernels=chip=znver4' | FileCheck %s
//
// QUIET-NOT: warning
// CLOSE: 2048 elements close
// BORDER-LABEL: func.func private @r_32_8_8_16_3_3(
// BORDER-SAME: {tg.zero_border = #tg.zero_border<low = [0, 0, 2, 2], high = [0, 0, 2, 2]>}
// CHECK-LABEL: func.func private @r_32_8_8_16_3_3(
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: scf.for
// CHECK: vector.contract {{.*}} : vector<1x6xf32>, vector<1x32xf32> into vector<6x32xf32>
// CHECK: scf.for
// CHECK: vector.contract {{.*}} : vector<1x8xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK: vector.contract {{.*}} : vector<1x6xf32>, vector<1x32xf32> into vector<6x32xf32>
func.func @input_gradient(%g: tensor<1x16x6x6xf32>, %w: tensor<16x3x3x32xf32>) -> tensor<1x32x8x8xf32> {
  %p = tg.pad %g low [0, 0, 2, 2] high [0, 0, 2, 2] : tensor<1x16x6x6xf32> -> tensor<1x16x10x10xf32>
  %x = tg.contiguous %p : tensor<1x16x10x10xf32>
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
