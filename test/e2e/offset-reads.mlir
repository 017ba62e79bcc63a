// A BatchNorm gradient's sum over n, y and x of a product with a padded
// convolution input's gradient, read at [n, c, y + 1, x + 1]: the read
// becomes a view of the gradient from [0, 0, 1, 1] (tg-cpu-slice-offset-
// reads), so the sum is tiled as a row reduction of 16 lanes, each step
// an fma. The sums agree with ones computed in Python in double precision.
// A copy at an offset (ONNX's Split) keeps its read: read through a view,
// the copy would fold away and leave its output unwritten.
//
// RUN: %python %S/Inputs/offset_read_sums.py %t.g %t.x %t.expected
// RUN: tg-run %s --function=sums --input=@%t.g --input=@%t.x --output=%t.out
// RUN: %python %S/Inputs/check_close.py %t.expected %t.out | FileCheck %s --check-prefix=CLOSE
// RUN: tg-opt %s --tg-to-kernels '--tg-cpu-kernels=chip=znver4' | FileCheck %s
// RUN: tg-run %s --function=split --input='1 2 3 4 5 6' | FileCheck %s --check-prefix=SPLIT
//
// CLOSE: 16 elements close
// SPLIT: result #0: tensor<2xf32> = [1, 2]
// SPLIT: result #1: tensor<4xf32> = [3, 4, 5, 6]
// CHECK-LABEL: func.func private @r_16_2_8_32(
// CHECK: memref.subview %arg0[0, 0, 1, 1] [2, 16, 8, 32] [1, 1, 1, 1]
// CHECK: scf.for {{.*}} -> (vector<2x16xf32>)
// CHECK: math.fma {{.*}} : vector<2x16xf32>
func.func @sums(%g: tensor<2x16x10x34xf32>, %x: tensor<2x16x8x32xf32>) -> tensor<1x16x1x1xf32> {
  %s = tg.shrink %g begin [0, 0, 1, 1] end [2, 16, 9, 33] : tensor<2x16x10x34xf32> -> tensor<2x16x8x32xf32>
  %m = tg.mul %s, %x : tensor<2x16x8x32xf32>
  %r = tg.reduce add %m [0, 2, 3] : tensor<2x16x8x32xf32> -> tensor<1x16x1x1xf32>
  return %r : tensor<1x16x1x1xf32>
}

func.func @split(%x: tensor<6xf32>) -> (tensor<2xf32>, tensor<4xf32>) {
  %a = tg.shrink %x begin [0] end [2] : tensor<6xf32> -> tensor<2xf32>
  %b = tg.shrink %x begin [2] end [6] : tensor<6xf32> -> tensor<4xf32>
  %ca = tg.contiguous %a : tensor<2xf32>
  %cb = tg.contiguous %b : tensor<4xf32>
  return %ca, %cb : tensor<2xf32>, tensor<4xf32>
}
