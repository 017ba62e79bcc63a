// DEBUG=3 prints the code each target generates: for VULKAN the SPIR-V
// binary disassembled (SPIRV-Tools, as spirv-dis prints it), for CUDA the
// PTX that ptxas assembles, for HIP the AMDGPU assembly of the code object.
// The binaries are the same as without DEBUG.
// RUN: env DEBUG=3 tg-run %s --device=VULKAN --emit-binary=%t.spv 2>&1 | FileCheck %s --check-prefix=SPIRV
// SPIRV: tg: SPIR-V, {{[0-9]+}} bytes:
// SPIRV: ; SPIR-V
// SPIRV: OpCapability Shader
// SPIRV: OpEntryPoint GLCompute %E_3 "E_3"
// SPIRV: OpExecutionMode %E_3 LocalSize 3 1 1
// SPIRV: OpFMul %float
// SPIRV: OpFunctionEnd
// RUN: spirv-val --target-env vulkan1.1 %t.spv

// RUN: env DEBUG=3 tg-run %s --device=CUDA --emit-binary=%t.debug.cubin 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: tg: PTX, {{[0-9]+}} bytes:
// PTX: .target sm_90
// PTX: .visible .entry E_3(
// PTX: add.rn.f32
// PTX: tg: nvvm binary of {{[0-9]+}} bytes
// RUN: tg-run %s --device=CUDA --emit-binary=%t.cubin
// RUN: cmp %t.cubin %t.debug.cubin

// RUN: rm -rf %t.rocm && mkdir -p %t.rocm/amdgcn %t.rocm/llvm/bin
// RUN: ln -s /usr/lib/x86_64-linux-gnu/amdgcn/bitcode %t.rocm/amdgcn/bitcode
// RUN: ln -s /usr/lib/llvm-22/bin/ld.lld %t.rocm/llvm/bin/ld.lld
// RUN: env DEBUG=3 ROCM_PATH=%t.rocm tg-run %s --device=HIP --emit-binary=%t.debug.hsaco 2>&1 | FileCheck %s --check-prefix=AMDGPU
// AMDGPU: tg: AMDGPU assembly, {{[0-9]+}} bytes:
// AMDGPU: .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
// AMDGPU: E_3:
// AMDGPU: v_add_f32
// AMDGPU: s_endpgm
// AMDGPU: tg: rocdl binary of {{[0-9]+}} bytes
// RUN: env ROCM_PATH=%t.rocm tg-run %s --device=HIP --emit-binary=%t.hsaco
// RUN: cmp %t.hsaco %t.debug.hsaco

func.func @twice(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = tg.add %x, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
