// Launch plans with something to get right beyond kernels in a row: an
// argument returned as it is, one value returned twice, an argument
// updated in place and returned, a result with no elements, an intermediate
// buffer read by two kernels, inputs and outputs of several dtypes, a
// function of no arguments.

func.func @argument_returned(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %y = tg.add %x, %x : tensor<3xf32>
  return %x, %y : tensor<3xf32>, tensor<3xf32>
}

func.func @returned_twice(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %y = tg.mul %x, %x : tensor<2x3xf32>
  return %y, %y : tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @updated_in_place(%w: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %v = tg.sub %w, %g : tensor<4xf32>
  %r = tg.add %w, %w : tensor<4xf32>
  %n = tg.assign %w, %v : tensor<4xf32>
  return %n, %r : tensor<4xf32>, tensor<4xf32>
}

func.func @no_elements(%z: tensor<3xf32>, %x: tensor<2x0xf32>) -> (tensor<2x0xf32>, tensor<3xf32>) {
  %c = tg.const 1.0 : tensor<2x0xf32>
  %y = tg.add %x, %c : tensor<2x0xf32>
  %w = tg.add %z, %z : tensor<3xf32>
  return %y, %w : tensor<2x0xf32>, tensor<3xf32>
}

func.func @intermediate(%x: tensor<8x16xf32>) -> (tensor<8x1xf32>, tensor<8x16xf32>) {
  %s = tg.reduce add %x [1] : tensor<8x16xf32> -> tensor<8x1xf32>
  %e = tg.expand %s : tensor<8x1xf32> to tensor<8x16xf32>
  %d = tg.fdiv %x, %e : tensor<8x16xf32>
  %c = tg.const 2.0 : tensor<8x1xf32>
  %t = tg.mul %s, %c : tensor<8x1xf32>
  return %t, %d : tensor<8x1xf32>, tensor<8x16xf32>
}

func.func @dtypes(%a: tensor<5xi64>, %b: tensor<5xf64>, %c: tensor<5xi1>, %d: tensor<5xf16>) -> (tensor<5xf64>, tensor<5xi1>, tensor<5xf16>, tensor<5xui8>) {
  %af = tg.cast %a : tensor<5xi64> to tensor<5xf64>
  %s = tg.add %af, %b : tensor<5xf64>
  %lt = tg.cmplt %af, %b : tensor<5xf64>
  %either = tg.cmpne %lt, %c : tensor<5xi1>
  %dd = tg.mul %d, %d : tensor<5xf16>
  %u = tg.cast %a : tensor<5xi64> to tensor<5xui8>
  return %s, %either, %dd, %u : tensor<5xf64>, tensor<5xi1>, tensor<5xf16>, tensor<5xui8>
}

func.func @no_arguments() -> tensor<2x2xi32> {
  %c = tg.const 7 : tensor<2x2xi32>
  return %c : tensor<2x2xi32>
}
