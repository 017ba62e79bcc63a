// Every function of the end-to-end tests, compiled ahead of time into an
// object for this machine and run from C, equals tg-run bit for bit on the
// same inputs (Inputs/compare-functions.sh).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh %S/Inputs/compare-functions.sh %S/../e2e/casts.mlir %t/casts %S/Inputs/harness.c | FileCheck %s
// RUN: sh %S/Inputs/compare-functions.sh %S/../e2e/elementwise.mlir %t/elementwise %S/Inputs/harness.c | FileCheck %s
// RUN: sh %S/Inputs/compare-functions.sh %S/../e2e/kernelize.mlir %t/kernelize %S/Inputs/harness.c | FileCheck %s
// RUN: sh %S/Inputs/compare-functions.sh %S/../e2e/movement.mlir %t/movement %S/Inputs/harness.c | FileCheck %s
// RUN: sh %S/Inputs/compare-functions.sh %S/../e2e/reduce.mlir %t/reduce %S/Inputs/harness.c | FileCheck %s
// RUN: sh %S/Inputs/compare-functions.sh %S/../e2e/kernel-opts.mlir %t/kernel-opts %S/Inputs/harness.c | FileCheck %s
// RUN: sh %S/Inputs/compare-functions.sh %S/Inputs/plans.mlir %t/plans %S/Inputs/harness.c | FileCheck %s
// CHECK-NOT: differs
// CHECK: [[N:[0-9]+]] of [[N]] functions equal to tg-run
