// The compiler's stages, run one by one from tg-opt.
// RUN: tg-opt %s --tg-to-kernels | FileCheck %s --check-prefix=KERNELS
// RUN: tg-opt %s --tg-to-kernels --tg-cpu-kernels | FileCheck %s --check-prefix=BUFFERS
// RUN: tg-opt %s --tg-to-kernels --tg-cpu-kernels=noopt | FileCheck %s --check-prefix=NOOPT
// RUN: tg-opt %s --tg-to-kernels --tg-cpu-kernels --tg-cpu-to-llvm | FileCheck %s --check-prefix=LLVM

// KERNELS-LABEL: func.func @matmul
// KERNELS: %[[OUT:.*]] = tensor.empty() : tensor<64x64xf32>
// KERNELS: call @r_64_64_64(%{{.*}}, %{{.*}}, %[[OUT]])
// KERNELS-LABEL: func.func private @r_64_64_64
// KERNELS-SAME: attributes {tg.kernel}
// KERNELS: linalg.fill
// KERNELS: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// KERNELS: tg.mul
// KERNELS: tg.add

// BUFFERS-LABEL: func.func @matmul
// BUFFERS: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x64xf32>
// BUFFERS: call @r_64_64_64(%{{.*}}, %{{.*}}, %[[OUT]])
// BUFFERS: return %[[OUT]]
// BUFFERS-LABEL: func.func private @r_64_64_64
// BUFFERS-SAME: memref<64x64xf32>
// BUFFERS-SAME: tg.opts = #tg.opts<split = 0, vectorize = true, tile = [{{[0-9]+}}, {{[0-9]+}}, 1]>
// BUFFERS: vector.contract
// BUFFERS: } {tg.split}

// NOOPT-LABEL: func.func private @r_64_64_64
// NOOPT-SAME: tg.opts = #tg.opts<split = -1, vectorize = false>
// NOOPT-NOT: vector.
// NOOPT: linalg.generic

// LLVM: llvm.func @matmul(
// LLVM: llvm.call @r_64_64_64.body(
// LLVM: llvm.func internal @r_64_64_64.body(
// LLVM-SAME: tg.parallel_size = {{[0-9]+}} : i64
// LLVM: llvm.intr.fmuladd
// LLVM: llvm.func @r_64_64_64(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
func.func @matmul(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a3 = tg.reshape %a : tensor<64x64xf32> to tensor<64x1x64xf32>
  %ae = tg.expand %a3 : tensor<64x1x64xf32> to tensor<64x64x64xf32>
  %bt = tg.permute %b [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %b3 = tg.reshape %bt : tensor<64x64xf32> to tensor<1x64x64xf32>
  %be = tg.expand %b3 : tensor<1x64x64xf32> to tensor<64x64x64xf32>
  %m = tg.mul %ae, %be : tensor<64x64x64xf32>
  %r = tg.reduce add %m [2] : tensor<64x64x64xf32> -> tensor<64x64x1xf32>
  %o = tg.reshape %r : tensor<64x64x1xf32> to tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}
