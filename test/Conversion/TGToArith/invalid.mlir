// RUN: tg-opt %s --convert-tg-to-arith --verify-diagnostics

func.func @tensor_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{convert-tg-to-arith lowers tg ops on scalars; ops on tensors lower through tg-kernelize and tg-to-linalg first}}
  %0 = tg.exp2 %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
