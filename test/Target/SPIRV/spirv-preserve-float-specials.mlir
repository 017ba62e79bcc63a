// RUN: tg-opt %s --pass-pipeline='builtin.module(spirv.module(tg-spirv-preserve-float-specials))' --split-input-file | FileCheck %s

// One SignedZeroInfNanPreserve per entry point and float width computed in.
// CHECK-LABEL: spirv.module @mixed
//       CHECK:   spirv.EntryPoint "GLCompute" @scale
//  CHECK-NEXT:   spirv.ExecutionMode @scale "SignedZeroInfNanPreserve", 32
//  CHECK-NEXT:   spirv.ExecutionMode @scale "SignedZeroInfNanPreserve", 64
//  CHECK-NEXT:   spirv.ExecutionMode @scale "LocalSize", 64, 1, 1
//   CHECK-NOT:   "SignedZeroInfNanPreserve", 16
spirv.module @mixed Logical GLSL450 {
  spirv.func @scale(%x: f32, %y: f64) "None" {
    %0 = spirv.FMul %x, %x : f32
    %1 = spirv.FAdd %y, %y : f64
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @scale
  spirv.ExecutionMode @scale "LocalSize", 64, 1, 1
}

// -----

// A module computing only in integers asks for nothing.
// CHECK-LABEL: spirv.module @integers
//   CHECK-NOT:   SignedZeroInfNanPreserve
spirv.module @integers Logical GLSL450 {
  spirv.func @count(%x: i32) "None" {
    %0 = spirv.IAdd %x, %x : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @count
}

// -----

// f16 counts; a module without entry points gets no execution mode.
// CHECK-LABEL: spirv.module @half
//       CHECK:   spirv.ExecutionMode @h "SignedZeroInfNanPreserve", 16
// CHECK-LABEL: spirv.module @library
//   CHECK-NOT:   spirv.ExecutionMode
spirv.module @half Logical GLSL450 {
  spirv.func @h(%x: f16) "None" {
    %0 = spirv.FNegate %x : f16
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @h
}
spirv.module @library Logical GLSL450 {
  spirv.func @g(%x: f32) "None" {
    %0 = spirv.FNegate %x : f32
    spirv.Return
  }
}
