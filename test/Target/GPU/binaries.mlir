// Representative kernels (elementwise, a reduction shared by a workgroup, a
// matmul, an integer power) compiled for each GPU target, the binaries checked with the
// toolchains' own tools: SPIR-V with spirv-val, the cubin (through the CUDA
// toolkit's ptxas) and the hsaco with llvm-readelf.
//
// RUN: tg-run %s --device=VULKAN --emit-binary=%t.spv
// RUN: spirv-val --target-env vulkan1.1 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=SPIRV
//
// RUN: tg-run %s --device=CUDA --emit-binary=%t.cubin
// RUN: llvm-readelf --file-header --sections %t.cubin | FileCheck %s --check-prefix=CUBIN
// A ptxas on PATH outside its toolkit (no nvvm/libdevice beside it) is
// passed over for a toolkit that has both.
// RUN: env -u CUDA_PATH -u CUDA_HOME PATH=%S/Inputs/ptxas-wrapper:/usr/bin:/bin tg-run %s --device=CUDA --emit-binary=%t.wrapped.cubin
// RUN: llvm-readelf --file-header --sections %t.wrapped.cubin | FileCheck %s --check-prefix=CUBIN
//
// MLIR looks for the AMDGPU device libraries and ld.lld under ROCM_PATH.
// RUN: rm -rf %t.rocm && mkdir -p %t.rocm/amdgcn %t.rocm/llvm/bin
// RUN: ln -s /usr/lib/x86_64-linux-gnu/amdgcn/bitcode %t.rocm/amdgcn/bitcode
// RUN: ln -s /usr/lib/llvm-22/bin/ld.lld %t.rocm/llvm/bin/ld.lld
// RUN: env ROCM_PATH=%t.rocm tg-run %s --device=HIP --emit-binary=%t.hsaco
// RUN: llvm-readelf --file-header --symbols %t.hsaco | FileCheck %s --check-prefix=HSACO

// SPIRV-DAG: OpEntryPoint GLCompute %{{.*}} "E_64_32"
// SPIRV-DAG: OpEntryPoint GLCompute %{{.*}} "r_4_4096"
// SPIRV-DAG: OpExecutionMode %r_4_4096 LocalSize 128 1 1
// SPIRV-DAG: OpEntryPoint GLCompute %{{.*}} "r_64_48_32"
// SPIRV-DAG: OpEntryPoint GLCompute %{{.*}} "E_16"
// SPIRV-DAG: OpControlBarrier
// SPIRV-DAG: OpDecorate %{{.*}} DescriptorSet 0

// CUBIN: Class: ELF64
// CUBIN: Machine: NVIDIA CUDA architecture
// CUBIN-DAG: .text.E_64_32
// CUBIN-DAG: .text.r_4_4096
// CUBIN-DAG: .text.r_64_48_32
// CUBIN-DAG: .nv.shared.r_4_4096
// CUBIN-DAG: .text.E_16

// HSACO: Class: ELF64
// HSACO: Machine: EM_AMDGPU
// HSACO: Flags: {{.*}}gfx90a
// HSACO-DAG: E_64_32.kd
// HSACO-DAG: r_4_4096.kd
// HSACO-DAG: r_64_48_32.kd
// HSACO-DAG: E_16.kd

func.func @kernels(%x: tensor<64x32xf32>, %y: tensor<64x32xf32>, %r: tensor<4x4096xf32>,
                   %w: tensor<32x48xf32>, %u: tensor<16xui64>)
    -> (tensor<64x32xf32>, tensor<4x1xf32>, tensor<64x48xf32>, tensor<16xui64>) {
  %sum = tg.add %x, %y : tensor<64x32xf32>
  %e = tg.exp2 %sum : tensor<64x32xf32>
  %rowsum = tg.reduce add %r [1] : tensor<4x4096xf32> -> tensor<4x1xf32>
  %a = tg.reshape %x : tensor<64x32xf32> to tensor<64x32x1xf32>
  %ae = tg.expand %a : tensor<64x32x1xf32> to tensor<64x32x48xf32>
  %b = tg.reshape %w : tensor<32x48xf32> to tensor<1x32x48xf32>
  %be = tg.expand %b : tensor<1x32x48xf32> to tensor<64x32x48xf32>
  %p = tg.mul %ae, %be : tensor<64x32x48xf32>
  %mm = tg.reduce add %p [1] : tensor<64x32x48xf32> -> tensor<64x1x48xf32>
  %m = tg.reshape %mm : tensor<64x1x48xf32> to tensor<64x48xf32>
  // An integer power is a loop in the kernel (math.ipowi has no lowering).
  %power = tg.pow %u, %u : tensor<16xui64>
  return %e, %rowsum, %m, %power : tensor<64x32xf32>, tensor<4x1xf32>, tensor<64x48xf32>, tensor<16xui64>
}
