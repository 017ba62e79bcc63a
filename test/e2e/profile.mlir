// PROFILE=1 writes a Chrome trace at exit (PROFILE_OUT): the compile with
// its stages and passes, the launches on the device's track, the copies,
// and the program cache's misses and hits (check_profile.py checks how the
// events nest).

// RUN: rm -f %t.json %t.db
// RUN: env PROFILE=1 PROFILE_OUT=%t.json CACHELEVEL=1 CACHEDB=%t.db tg-run %s --input=1,2,3 --repeat=2 2>&1 | FileCheck %s --check-prefix=WROTE
// WROTE: result #0: tensor<3xf32> = [2, 4, 6]
// WROTE: tinygrad-mlir: PROFILE: {{[0-9]+}} events written to {{.*}}.json (open it in https://ui.perfetto.dev)
// RUN: %python %S/Inputs/check_profile.py %t.json --compiles 1 --launches 2 --cache "disk miss" | FileCheck %s --check-prefix=FIRST
// FIRST: profile: CPU:0 2, CPU:0 worker 0 2, compile {{[0-9]+}}, copies 2, program cache 1

// The second run finds the program on disk: no compile.
// RUN: env PROFILE=1 PROFILE_OUT=%t.json CACHELEVEL=1 CACHEDB=%t.db tg-run %s --input=1,2,3 > /dev/null 2>&1
// RUN: %python %S/Inputs/check_profile.py %t.json --compiles 0 --launches 1 --cache "disk hit" | FileCheck %s --check-prefix=SECOND
// SECOND: profile: CPU:0 1, CPU:0 worker 0 1, copies 2, program cache 1

// Without PROFILE nothing is written.
// RUN: rm -f %t.json
// RUN: env PROFILE_OUT=%t.json tg-run %s --input=1,2,3 > /dev/null
// RUN: not test -e %t.json
func.func @double(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = tg.add %x, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
