// RUN: tg-opt %s --split-input-file --tg-to-linalg --verify-diagnostics

func.func @two_results(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{tg-to-linalg: a kernel with 2 results; kernels compute one result each (as tg-kernelize makes them)}}
  %0:2 = tg.kernel(%a) {name = "E_4"} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: tensor<4xf32>):
    %n = tg.neg %x : tensor<4xf32>
    tg.yield %x, %n : tensor<4xf32>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @no_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{tg-to-linalg: a kernel with 0 results; kernels compute one result each (as tg-kernelize makes them)}}
  tg.kernel(%a) {name = "E_none"} : (tensor<4xf32>) -> () {
  ^bb0(%x: tensor<4xf32>):
    tg.yield
  }
  return
}
