// DEBUG=3 prints the code each target generates: for VULKAN the SPIR-V
// binary disassembled (SPIRV-Tools, as spirv-dis prints it).
// RUN: env DEBUG=3 tg-run %s --device=VULKAN --emit-binary=%t.spv 2>&1 | FileCheck %s --check-prefix=SPIRV
// SPIRV: tg: SPIR-V, {{[0-9]+}} bytes:
// SPIRV: ; SPIR-V
// SPIRV: OpCapability Shader
// SPIRV: OpEntryPoint GLCompute %E_3 "E_3"
// SPIRV: OpExecutionMode %E_3 LocalSize 3 1 1
// SPIRV: OpFMul %float
// SPIRV: OpFunctionEnd
// RUN: spirv-val --target-env vulkan1.1 %t.spv
func.func @twice(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = tg.add %x, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
