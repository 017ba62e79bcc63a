// The same for code any x86-64-v4 CPU runs (AVX-512; --chip=x86-64-v4),
// on a CPU that has it, equal to tg-run's for the same CPU: a reduction's
// order follows the vector width, so its rounding may differ from this CPU's.
// REQUIRES: x86-64-v4
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TG_RUN_FLAGS=--chip=x86-64-v4 sh %S/Inputs/compare-functions.sh %S/../e2e/elementwise.mlir %t/elementwise %S/Inputs/harness.c --chip=x86-64-v4 | FileCheck %s
// RUN: env TG_RUN_FLAGS=--chip=x86-64-v4 sh %S/Inputs/compare-functions.sh %S/../e2e/reduce.mlir %t/reduce %S/Inputs/harness.c --chip=x86-64-v4 | FileCheck %s
// RUN: env TG_RUN_FLAGS=--chip=x86-64-v4 sh %S/Inputs/compare-functions.sh %S/Inputs/plans.mlir %t/plans %S/Inputs/harness.c --chip=x86-64-v4 | FileCheck %s
// RUN: env TG_RUN_FLAGS=--chip=x86-64-v4 sh %S/Inputs/compare-functions.sh %S/Inputs/wide.mlir %t/wide %S/Inputs/harness.c --chip=x86-64-v4 | FileCheck %s
// Its matrix product uses the level's vector registers.
// RUN: tg-compile %S/Inputs/wide.mlir --function=matmul --chip=x86-64-v4 -o %t/matmul.o
// RUN: llvm-objdump -d %t/matmul.o | FileCheck %s --check-prefix=ISA
// ISA: %zmm
// CHECK-NOT: differs
// CHECK: [[N:[0-9]+]] of [[N]] functions equal to tg-run
