// Shapes large enough for the kernel optimizer's vectors and register tiles,
// so that code for a CPU with wider vector registers differs in its
// instructions, not only in its name.

// A matrix product as tinygrad writes it: expand, multiply, sum.
func.func @matmul(%a: tensor<64x96xf32>, %b: tensor<96x48xf32>) -> tensor<64x48xf32> {
  %a3 = tg.reshape %a : tensor<64x96xf32> to tensor<64x96x1xf32>
  %ae = tg.expand %a3 : tensor<64x96x1xf32> to tensor<64x96x48xf32>
  %b3 = tg.reshape %b : tensor<96x48xf32> to tensor<1x96x48xf32>
  %be = tg.expand %b3 : tensor<1x96x48xf32> to tensor<64x96x48xf32>
  %p = tg.mul %ae, %be : tensor<64x96x48xf32>
  %s = tg.reduce add %p [1] : tensor<64x96x48xf32> -> tensor<64x1x48xf32>
  %r = tg.reshape %s : tensor<64x1x48xf32> to tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}

// Elementwise work and a row reduction over 1024 elements a row.
func.func @rows(%x: tensor<16x1024xf32>) -> (tensor<16x1024xf32>, tensor<16x1xf32>) {
  %e = tg.exp2 %x : tensor<16x1024xf32>
  %m = tg.max %x, %e : tensor<16x1024xf32>
  %s = tg.reduce add %m [1] : tensor<16x1024xf32> -> tensor<16x1xf32>
  return %m, %s : tensor<16x1024xf32>, tensor<16x1xf32>
}
