// Cross-compiled for aarch64-linux-gnu, linked by Debian's cross gcc and run
// under qemu-user: the same outputs as tg-run on this machine, bit for bit.
// REQUIRES: aarch64-cross
// RUN: rm -rf %t && mkdir -p %t
// RUN: tg-compile %S/../e2e/softmax.mlir --target=aarch64-linux-gnu --name=softmax -o %t/softmax.o
// RUN: llvm-readelf --file-header %t/softmax.o | FileCheck %s --check-prefix=ELF
// ELF: Class: ELF64
// ELF: Type: REL (Relocatable file)
// ELF: Machine: AArch64
// RUN: env CC=aarch64-linux-gnu-gcc RUN="qemu-aarch64 -L /usr/aarch64-linux-gnu" sh %S/Inputs/compare-functions.sh %S/../e2e/casts.mlir %t/casts %S/Inputs/harness.c --target=aarch64-linux-gnu | FileCheck %s
// RUN: env CC=aarch64-linux-gnu-gcc RUN="qemu-aarch64 -L /usr/aarch64-linux-gnu" sh %S/Inputs/compare-functions.sh %S/../e2e/elementwise.mlir %t/elementwise %S/Inputs/harness.c --target=aarch64-linux-gnu | FileCheck %s
// RUN: env CC=aarch64-linux-gnu-gcc RUN="qemu-aarch64 -L /usr/aarch64-linux-gnu" sh %S/Inputs/compare-functions.sh %S/../e2e/reduce.mlir %t/reduce %S/Inputs/harness.c --target=aarch64-linux-gnu | FileCheck %s
// RUN: env CC=aarch64-linux-gnu-gcc RUN="qemu-aarch64 -L /usr/aarch64-linux-gnu" sh %S/Inputs/compare-functions.sh %S/Inputs/plans.mlir %t/plans %S/Inputs/harness.c --target=aarch64-linux-gnu | FileCheck %s
// A named aarch64 CPU (--chip) runs there too.
// RUN: env CC=aarch64-linux-gnu-gcc RUN="qemu-aarch64 -L /usr/aarch64-linux-gnu" sh %S/Inputs/compare-functions.sh %S/../e2e/reduce.mlir %t/reduce-neoverse %S/Inputs/harness.c --target=aarch64-linux-gnu --chip=neoverse-n1 | FileCheck %s
// CHECK-NOT: differs
// CHECK: [[N:[0-9]+]] of [[N]] functions equal to tg-run
