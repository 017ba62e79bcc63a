// The same for code any x86-64-v2 CPU runs (--portable), equal to tg-run's
// for the same CPU: a reduction's order follows the vector width, so its
// rounding may differ from this CPU's.
// REQUIRES: x86_64
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TG_RUN_FLAGS=--portable sh %S/Inputs/compare-functions.sh %S/../e2e/elementwise.mlir %t/elementwise %S/Inputs/harness.c --portable | FileCheck %s
// RUN: env TG_RUN_FLAGS=--portable sh %S/Inputs/compare-functions.sh %S/../e2e/reduce.mlir %t/reduce %S/Inputs/harness.c --portable | FileCheck %s
// RUN: env TG_RUN_FLAGS=--portable sh %S/Inputs/compare-functions.sh %S/Inputs/plans.mlir %t/plans %S/Inputs/harness.c --portable | FileCheck %s
// RUN: env TG_RUN_FLAGS=--portable sh %S/Inputs/compare-functions.sh %S/Inputs/wide.mlir %t/wide %S/Inputs/harness.c --portable | FileCheck %s
// CHECK-NOT: differs
// CHECK: [[N:[0-9]+]] of [[N]] functions equal to tg-run
