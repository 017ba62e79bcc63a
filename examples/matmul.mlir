// C = A @ B for 512x512 matrices, written as tinygrad writes it: A is
// reshaped to [M, 1, K] and B transposed to [1, N, K], both expanded to
// [M, N, K], multiplied, and summed over K. tg-kernelize fuses it into one
// kernel; the CPU kernel optimizer tiles it into register blocks.
//   DEBUG=2 tg-run examples/matmul.mlir --random --repeat=10
func.func @matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %a3 = tg.reshape %a : tensor<512x512xf32> to tensor<512x1x512xf32>
  %ae = tg.expand %a3 : tensor<512x1x512xf32> to tensor<512x512x512xf32>
  %bt = tg.permute %b [1, 0] : tensor<512x512xf32> -> tensor<512x512xf32>
  %b3 = tg.reshape %bt : tensor<512x512xf32> to tensor<1x512x512xf32>
  %be = tg.expand %b3 : tensor<1x512x512xf32> to tensor<512x512x512xf32>
  %m = tg.mul %ae, %be : tensor<512x512x512xf32>
  %r = tg.reduce add %m [2] : tensor<512x512x512xf32> -> tensor<512x512x1xf32>
  %c = tg.reshape %r : tensor<512x512x1xf32> to tensor<512x512xf32>
  return %c : tensor<512x512xf32>
}
