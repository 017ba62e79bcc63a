// VIZ=1 writes a page at exit (VIZ_OUT): the graph of what was compiled,
// its kernels, and the module after every pass with its time, the patterns
// it tried and the lines it changed (check_viz_data.py checks the data; the
// viz.* CTest tests open pages in Chromium).

// RUN: rm -f %t.html %t.db
// RUN: env VIZ=1 VIZ_OUT=%t.html tg-run %s --input=1,2,3,4 --input=10,20,30,40 2>&1 | FileCheck %s --check-prefix=WROTE
// WROTE: result #0: tensor<4xf32> = [12, 24, 36, 48]
// WROTE: tinygrad-mlir: VIZ: 1 program written to {{.*}}.html (open it in a browser)
// RUN: %python %S/Inputs/check_viz_data.py %t.html --programs 1 --op arg --op tg.const --op tg.mul --op tg.add --pass tg-kernelize --pass tg-to-linalg --pass convert-func-to-llvm | FileCheck %s --check-prefix=RUNDATA
// RUNDATA: viz: tg-run, 1 programs
// RUNDATA: axpy: 6 nodes, 1 kernels, 3 stages, {{[0-9]+}} passes

// The disk cache is not read with VIZ on: a second run compiles again, so
// its page is complete too.
// RUN: env CACHELEVEL=1 CACHEDB=%t.db tg-run %s --input=1,2,3,4 --input=1,1,1,1 > /dev/null
// RUN: env VIZ=1 VIZ_OUT=%t.html CACHELEVEL=1 CACHEDB=%t.db tg-run %s --input=1,2,3,4 --input=1,1,1,1 2>&1 | FileCheck %s --check-prefix=WROTE2
// WROTE2: tinygrad-mlir: VIZ: 1 program written

// tg-compile writes it as well.
// RUN: env VIZ=1 VIZ_OUT=%t.compile.html tg-compile %s -o %t.o 2>&1 | FileCheck %s --check-prefix=COMPILED
// COMPILED: tinygrad-mlir: VIZ: 1 program written
// RUN: %python %S/Inputs/check_viz_data.py %t.compile.html --programs 1 --pass tg-kernelize | FileCheck %s --check-prefix=COMPILEDATA
// COMPILEDATA: viz: tg-compile, 1 programs

// Without VIZ nothing is written.
// RUN: rm -f %t.html
// RUN: env VIZ_OUT=%t.html tg-run %s --input=1,2,3,4 --input=1,1,1,1 > /dev/null
// RUN: not test -e %t.html
func.func @axpy(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %two = tg.const 2.0 : tensor<4xf32>
  %scaled = tg.mul %two, %x : tensor<4xf32>
  %sum = tg.add %scaled, %y : tensor<4xf32>
  return %sum : tensor<4xf32>
}
