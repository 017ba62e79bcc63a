// A sum over the batch run outside the register tiles (`outer`), its tile
// stored transposed (a weight gradient's [co, ci, k] output, the vector
// lanes along co): tg-cpu-apply-opts accumulates into a scratch laid out
// [ci, k, co] and permutes it into the output after the batch loop, and the
// results agree with the unoptimized kernel's within rounding.
//
// RUN: env NOOPT=1 tg-run %s --function=weight_gradient --random --output=%t.noopt
// RUN: env DEBUG=4 tg-run %s --function=weight_gradient --random --output=%t.outer \
// RUN:   --kernel-opts='r_32_8_3_4_16=#tg.opts<split = 1, vectorize = true, tile = [16, 4, 1, 1, 1], vector = 0, outer = 3>' \
// RUN:   2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.outer | FileCheck %s --check-prefix=CLOSE
//
// CHECK-NOT: applied #tg.opts
// CHECK: IR Dump After TGCPUApplyOpts
// CHECK: func.func private @r_32_8_3_4_16({{.*}}tg.opts = #tg.opts<split = 1, vectorize = true, tile = [16, 4, 1, 1, 1], vector = 0, outer = 3>
// CHECK: vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x16xf32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<4x3x32xf32>) outs(%{{.*}} : tensor<32x4x3xf32>) permutation = [2, 0, 1]
// CLOSE: 768 elements close
//
// RUN: env NOOPT=1 tg-run %s --function=momentum --random --output=%t.momentum.noopt
// RUN: env DEBUG=4 tg-run %s --function=momentum --random --output=%t.momentum \
// RUN:   --kernel-opts='r_32_8_3_4_16=#tg.opts<split = 1, vectorize = true, tile = [16, 4, 1, 1, 1], vector = 0, outer = 3>' \
// RUN:   2>&1 | FileCheck %s --check-prefix=EPILOGUE
// RUN: %python %S/Inputs/check_close.py %t.momentum.noopt %t.momentum | FileCheck %s --check-prefix=CLOSE
//
// EPILOGUE-NOT: applied #tg.opts
// EPILOGUE: IR Dump After TGCPUApplyOpts
// EPILOGUE: func.func private @r_32_8_3_4_16({{.*}}outer = 3>
// EPILOGUE: scf.for %[[STEP:.*]] = %c0 to %c4 step %c1 iter_args({{.*}}) -> (tensor<4x3x32xf32>)
// EPILOGUE: vector.contract
// EPILOGUE: linalg.transpose
// EPILOGUE-NEXT: tensor.extract_slice
// EPILOGUE-NEXT: linalg.generic
// EPILOGUE: arith.mulf %{{.*}}, %cst
// EPILOGUE-NEXT: arith.addf
// EPILOGUE: } {tg.split}

// out[co, ci, k] = sum over b, y of x[b, ci, k, y] * g[b, y, co].
func.func @weight_gradient(%x: tensor<4x8x3x16xf32>, %g: tensor<4x16x32xf32>) -> tensor<32x8x3xf32> {
  %xr = tg.reshape %x : tensor<4x8x3x16xf32> to tensor<1x4x8x3x16xf32>
  %xp = tg.permute %xr [0, 2, 3, 1, 4] : tensor<1x4x8x3x16xf32> -> tensor<1x8x3x4x16xf32>
  %xe = tg.expand %xp : tensor<1x8x3x4x16xf32> to tensor<32x8x3x4x16xf32>
  %gp = tg.permute %g [2, 0, 1] : tensor<4x16x32xf32> -> tensor<32x4x16xf32>
  %gr = tg.reshape %gp : tensor<32x4x16xf32> to tensor<32x1x1x4x16xf32>
  %ge = tg.expand %gr : tensor<32x1x1x4x16xf32> to tensor<32x8x3x4x16xf32>
  %m = tg.mul %xe, %ge : tensor<32x8x3x4x16xf32>
  %s = tg.reduce add %m [3, 4] : tensor<32x8x3x4x16xf32> -> tensor<32x8x3x1x1xf32>
  %r = tg.reshape %s : tensor<32x8x3x1x1xf32> to tensor<32x8x3xf32>
  return %r : tensor<32x8x3xf32>
}

// The same sum with an epilogue, SGD's momentum update v * 0.9 + sum: the
// batch loop runs outside the tiles of the sum alone, and the update runs
// once, after it, on the whole sum.
func.func @momentum(%x: tensor<4x8x3x16xf32>, %g: tensor<4x16x32xf32>, %v: tensor<32x8x3xf32>) -> tensor<32x8x3xf32> {
  %xr = tg.reshape %x : tensor<4x8x3x16xf32> to tensor<1x4x8x3x16xf32>
  %xp = tg.permute %xr [0, 2, 3, 1, 4] : tensor<1x4x8x3x16xf32> -> tensor<1x8x3x4x16xf32>
  %xe = tg.expand %xp : tensor<1x8x3x4x16xf32> to tensor<32x8x3x4x16xf32>
  %gp = tg.permute %g [2, 0, 1] : tensor<4x16x32xf32> -> tensor<32x4x16xf32>
  %gr = tg.reshape %gp : tensor<32x4x16xf32> to tensor<32x1x1x4x16xf32>
  %ge = tg.expand %gr : tensor<32x1x1x4x16xf32> to tensor<32x8x3x4x16xf32>
  %m = tg.mul %xe, %ge : tensor<32x8x3x4x16xf32>
  %s = tg.reduce add %m [3, 4] : tensor<32x8x3x4x16xf32> -> tensor<32x8x3x1x1xf32>
  %sum = tg.reshape %s : tensor<32x8x3x1x1xf32> to tensor<32x8x3xf32>
  %c = tg.const 9.000000e-01 : tensor<32x8x3xf32>
  %decayed = tg.mul %v, %c : tensor<32x8x3xf32>
  %r = tg.add %decayed, %sum : tensor<32x8x3xf32>
  return %r : tensor<32x8x3xf32>
}
