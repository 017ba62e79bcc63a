// Kernels that read an operand transposed (tg-cpu-choose-opts' blocks of a
// vector of outputs by a few contiguous elements of the transposed input)
// give the unoptimized kernels' results bit for bit, and the blocks are
// carried out as chosen, not replaced by a fallback. The weight's block,
// [16, 3, 3] to [3, 3, 16], is transposed as [16, 9] to [9, 16].
//
// RUN: env NOOPT=1 tg-run %s --function=weight --random --output=%t.weight.noopt
// RUN: tg-run %s --function=weight --random --output=%t.weight
// RUN: cmp %t.weight.noopt %t.weight
// RUN: env NOOPT=1 tg-run %s --function=transpose --random --output=%t.transpose.noopt
// RUN: tg-run %s --function=transpose --random --output=%t.transpose
// RUN: cmp %t.transpose.noopt %t.transpose
// The blocks chosen for AVX-512 (znver4), whatever this machine is:
// RUN: tg-opt %s --tg-to-kernels '--tg-cpu-kernels=chip=znver4' '--tg-cpu-to-llvm=chip=znver4' --mlir-print-ir-after=tg-cpu-flatten-transposes 2>&1 | FileCheck %s --check-prefix=WEIGHT
// RUN: tg-opt %s --tg-to-kernels '--tg-cpu-kernels=chip=znver4' 2>&1 | FileCheck %s --check-prefix=TRANSPOSE
//
// WEIGHT-NOT: tg.opts_fallback
// WEIGHT: IR Dump After TGCPUFlattenTransposes
// WEIGHT: func.func private @E_32_3_3_64({{.*}}tg.opts = #tg.opts<split = -1, vectorize = true, tile = [1, 3, 3, 16]>
// WEIGHT-NOT: tg.opts_fallback
// WEIGHT: vector.transfer_read {{.*}} vector<16x9xf32>
// WEIGHT-NEXT: vector.transpose {{.*}} [1, 0] : vector<16x9xf32> to vector<9x16xf32>
// TRANSPOSE-NOT: tg.opts_fallback
// TRANSPOSE: func.func private @E_520_96({{.*}}tg.opts = #tg.opts<split = 0, vectorize = true, tile = [4, 16]>
// TRANSPOSE-NOT: tg.opts_fallback

// A convolution's weight, channels-last.
func.func @weight(%w: tensor<64x32x3x3xf32>) -> tensor<32x3x3x64xf32> {
  %p = tg.permute %w [1, 2, 3, 0] : tensor<64x32x3x3xf32> -> tensor<32x3x3x64xf32>
  return %p : tensor<32x3x3x64xf32>
}

// A transpose added to another matrix; 520 rows are 130 blocks of 4.
func.func @transpose(%x: tensor<96x520xf32>, %y: tensor<520x96xf32>) -> tensor<520x96xf32> {
  %p = tg.permute %x [1, 0] : tensor<96x520xf32> -> tensor<520x96xf32>
  %s = tg.add %p, %y : tensor<520x96xf32>
  return %s : tensor<520x96xf32>
}
