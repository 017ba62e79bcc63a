// RUN: tg-opt %s --pass-pipeline='builtin.module(spirv.module(tg-spirv-forbid-contraction))' | FileCheck %s
// RUN: tg-opt %s --no-implicit-module --pass-pipeline='spirv.module(tg-spirv-forbid-contraction)' \
// RUN:   | mlir-translate --no-implicit-module --serialize-spirv | spirv-dis | FileCheck %s --check-prefix=BINARY

// Float multiplies, adds and subtractions of every width and shape are
// decorated; integer arithmetic, division and the rest are not.
// CHECK-LABEL: spirv.func @uniform
//       CHECK:   spirv.FMul %{{.*}} {no_contraction} : f32
//       CHECK:   spirv.FAdd %{{.*}} {no_contraction} : f32
//       CHECK:   spirv.FSub %{{.*}} {no_contraction} : vector<4xf16>
//       CHECK:   spirv.FMul %{{.*}} {no_contraction} : f64
//       CHECK:   spirv.FDiv
//   CHECK-NOT:   no_contraction
//       CHECK:   spirv.IMul
//   CHECK-NOT:   no_contraction
//       CHECK:   spirv.Return
// BINARY-COUNT-4: OpDecorate %{{.*}} NoContraction
// BINARY-NOT: NoContraction
spirv.module @m Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Float16, Float64], []> {
  spirv.func @uniform(%u: f32, %low: f32, %h: vector<4xf16>, %d: f64, %i: i32) "None" {
    %0 = spirv.FMul %u, %u : f32
    %1 = spirv.FAdd %0, %low : f32
    %2 = spirv.FSub %h, %h : vector<4xf16>
    %3 = spirv.FMul %d, %d : f64
    %4 = spirv.FDiv %d, %d : f64
    %5 = spirv.IMul %i, %i : i32
    spirv.Return
  }
}
