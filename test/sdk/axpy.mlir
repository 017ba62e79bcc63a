// 2*x + y: what the SDK test compiles with the installed tg-compile.
func.func @axpy(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %two = tg.const 2.0 : tensor<4xf32>
  %scaled = tg.mul %two, %x : tensor<4xf32>
  %sum = tg.add %scaled, %y : tensor<4xf32>
  return %sum : tensor<4xf32>
}
