// tinygrad's knobs that this build does not implement are reported once
// each, not silently ignored; the implemented ones are not reported, and
// the run goes on.
//
// RUN: env BEAM=2 VIZ=1 VIZ_OUT=%t.html DEBUG=1 tg-run %s --input=1,2 2>&1 | FileCheck %s
// CHECK-COUNT-1: tinygrad-mlir: BEAM=2 is not implemented in this build and is ignored
// CHECK-NOT: is not implemented
// CHECK: result #0: tensor<2xf32> = [2, 4]
//
// An empty knob is unset, as in tinygrad.
// RUN: env BEAM= tg-run %s --input=1,2 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY-NOT: not implemented
// EMPTY: result #0
//
// The list, as tg-run --help ends and docs/user-guide.md shows it.
// RUN: tg-run --help | FileCheck %s --check-prefix=HELP
// HELP: Environment knobs:
// HELP: DEV=NAME[:N]
// HELP: BEAM=N {{.*}}(not implemented yet: warns once)
func.func @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tg.add %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
