// A BatchNorm's backward pass over 6x6 maps: a row of 6 (or the map's 36)
// fits no vector of 8 or more floats. tg-cpu-collapse-loops reads each map
// as one row of 36, in the weight gradient's sum and in the elementwise
// input gradient alike, and tg-cpu-choose-opts runs both in vectors of
// four floats (a 16-byte register). The results agree with the
// unoptimized kernels' within rounding.
//
// RUN: env NOOPT=1 tg-run %s --random --output=%t.noopt
// RUN: tg-run %s --random --output=%t.opt
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.opt | FileCheck %s --check-prefix=CLOSE
// RUN: tg-opt %s --tg-to-kernels '--tg-cpu-kernels=chip=znver4' | FileCheck %s
//
// CLOSE: 4624 elements close
// CHECK-LABEL: func.func private @r_16_8_6_6({{.*}}tg.opts = #tg.opts<split = -1, vectorize = true, tile = [8, 1, 4]>
// CHECK: vector.transfer_read {{.*}} : memref<8x4xf32, strided<[576, 1], offset: ?>>, vector<8x4xf32>
// CHECK-LABEL: func.func private @E_8_16_6_6({{.*}}tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 1, 4]>
// CHECK: vector.transfer_read {{.*}} : memref<4xf32, strided<[1], offset: ?>>, vector<4xf32>
func.func @batchnorm_backward(%x: tensor<8x16x6x6xf32>, %g: tensor<8x16x6x6xf32>, %scale: tensor<1x16x1x1xf32>) -> (tensor<1x16x1x1xf32>, tensor<8x16x6x6xf32>) {
  %0 = tg.mul %g, %x : tensor<8x16x6x6xf32>
  %1 = tg.reduce add %0 [0, 2, 3] : tensor<8x16x6x6xf32> -> tensor<1x16x1x1xf32>
  %2 = tg.expand %scale : tensor<1x16x1x1xf32> to tensor<8x16x6x6xf32>
  %3 = tg.mul %g, %2 : tensor<8x16x6x6xf32>
  return %1, %3 : tensor<1x16x1x1xf32>, tensor<8x16x6x6xf32>
}
