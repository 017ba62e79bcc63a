// PROFILE=1 puts each worker's part of a CPU launch on its own track
// ("CPU:0 worker N"), inside the launch: with THREADS=2 a kernel the
// optimizer splits runs on both workers (check_profile.py checks the
// nesting). This is also what shows that CPU kernels run in parallel.

// RUN: rm -f %t.json
// RUN: env THREADS=2 PROFILE=1 PROFILE_OUT=%t.json CACHELEVEL=0 tg-run %s --random --repeat=2 --output=%t.out 2>&1 | FileCheck %s --check-prefix=WROTE
// WROTE: tinygrad-mlir: PROFILE: {{[0-9]+}} events written
// RUN: %python %S/Inputs/check_profile.py %t.json --compiles 1 --launches 2 --workers 2 | FileCheck %s
// CHECK: profile: CPU:0 2, CPU:0 worker 0 2, CPU:0 worker 1 2, compile {{[0-9]+}}, copies {{[0-9]+}}

// One thread, one worker.
// RUN: env THREADS=1 PROFILE=1 PROFILE_OUT=%t.json CACHELEVEL=0 tg-run %s --random --output=%t.out > /dev/null 2>&1
// RUN: %python %S/Inputs/check_profile.py %t.json --launches 1 --workers 1 | FileCheck %s --check-prefix=ONE
// ONE: profile: CPU:0 1, CPU:0 worker 0 1,
func.func @matmul(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %a3 = tg.reshape %a : tensor<128x128xf32> to tensor<128x1x128xf32>
  %ae = tg.expand %a3 : tensor<128x1x128xf32> to tensor<128x128x128xf32>
  %bt = tg.permute %b [1, 0] : tensor<128x128xf32> -> tensor<128x128xf32>
  %b3 = tg.reshape %bt : tensor<128x128xf32> to tensor<1x128x128xf32>
  %be = tg.expand %b3 : tensor<1x128x128xf32> to tensor<128x128x128xf32>
  %m = tg.mul %ae, %be : tensor<128x128x128xf32>
  %r = tg.reduce add %m [2] : tensor<128x128x128xf32> -> tensor<128x128x1xf32>
  %c = tg.reshape %r : tensor<128x128x1xf32> to tensor<128x128xf32>
  return %c : tensor<128x128xf32>
}
