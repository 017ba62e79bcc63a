// Softmax through the whole CPU pipeline: three kernels (tinygrad's count),
// numbers checked against values computed by hand (exp2 of x - max).
// RUN: tg-run %s --input=1,2,3,4,0,0,0,1 | FileCheck %s
// RUN: env DEBUG=1 tg-run %s --input=1,2,3,4,0,0,0,1 2>&1 >/dev/null | FileCheck %s --check-prefix=DEBUG

// CHECK: result #0: tensor<2x4xf32> = {{\[\[}}0.06666667, 0.1333333, 0.2666667, 0.5333334], [0.2, 0.2, 0.2, 0.4]]
// DEBUG: scheduled 3 kernels
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %m = tg.reduce max %x [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %me = tg.expand %m : tensor<2x1xf32> to tensor<2x4xf32>
  %d = tg.sub %x, %me : tensor<2x4xf32>
  %e = tg.exp2 %d : tensor<2x4xf32>
  %s = tg.reduce add %e [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %se = tg.expand %s : tensor<2x1xf32> to tensor<2x4xf32>
  %r = tg.fdiv %e, %se : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
