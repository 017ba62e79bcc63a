// tg-run takes arguments and results of rank up to 8, what the runtime
// reports a shape of (tgrt_executable_input): a higher rank is refused with
// the argument or result it is, never read past the shape.

// RUN: tg-run %s --function=rank8 --input=1,2 | FileCheck %s --check-prefix=RANK8
// RANK8: result #0: tensor<1x1x1x1x1x1x1x2xf32> = {{\[\[\[\[\[\[\[\[}}2, 4]]]]]]]]
// RUN: not tg-run %s --function=arg9 --input=1,2 2>&1 | FileCheck %s --check-prefix=ARG9
// RUN: not tg-run %s --function=arg9 --random 2>&1 | FileCheck %s --check-prefix=ARG9
// ARG9: tg-run: argument #1 of @arg9 has rank 9, but tg-run takes tensors of rank up to 8
// RUN: not tg-run %s --function=result9 --input=1,2 2>&1 | FileCheck %s --check-prefix=RESULT9
// RESULT9: tg-run: result #1 of @result9 has rank 9, but tg-run takes tensors of rank up to 8

func.func @rank8(%x: tensor<1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x2xf32> {
  %0 = tg.add %x, %x : tensor<1x1x1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x1x1x2xf32>
}

func.func @arg9(%x: tensor<2xf32>, %y: tensor<1x1x1x1x1x1x1x1x2xf32>) -> tensor<2xf32> {
  %0 = tg.reshape %y : tensor<1x1x1x1x1x1x1x1x2xf32> to tensor<2xf32>
  %1 = tg.add %x, %0 : tensor<2xf32>
  return %1 : tensor<2xf32>
}

func.func @result9(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<1x1x1x1x1x1x1x1x2xf32>) {
  %0 = tg.add %x, %x : tensor<2xf32>
  %1 = tg.reshape %0 : tensor<2xf32> to tensor<1x1x1x1x1x1x1x1x2xf32>
  return %0, %1 : tensor<2xf32>, tensor<1x1x1x1x1x1x1x1x2xf32>
}
