// The knobs, as tg-run --help ends and docs/user-guide.md shows them: each
// with its values, its meaning and who reads it.
// RUN: tg-run --help | FileCheck %s --check-prefix=HELP
// HELP: Environment knobs:
// HELP: DEV=NAME[:N]
// HELP: BEAM=N {{.*}}(the tensor library, tg-run, tg-compile)
//
// An empty knob is unset, as in tinygrad: BEAM= searches nothing.
// RUN: env BEAM= CACHELEVEL=0 tg-run %s --input=1,2 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY-NOT: BEAM
// EMPTY: result #0: tensor<2xf32> = [2, 4]
func.func @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tg.add %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
