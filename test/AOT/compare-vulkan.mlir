// GPU objects for Vulkan (lavapipe here), from C through libtgrt: the same
// outputs as tg-run on VULKAN, bit for bit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env CC="%cc" TG_RUN_FLAGS=--device=VULKAN LIBS="-I%tg_runtime_include -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir" sh %S/Inputs/compare-functions.sh %S/../e2e/elementwise.mlir %t/elementwise %S/Inputs/harness.c --device=VULKAN | FileCheck %s
// RUN: env CC="%cc" TG_RUN_FLAGS=--device=VULKAN LIBS="-I%tg_runtime_include -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir" sh %S/Inputs/compare-functions.sh %S/../e2e/reduce.mlir %t/reduce %S/Inputs/harness.c --device=VULKAN | FileCheck %s
// RUN: env CC="%cc" TG_RUN_FLAGS=--device=VULKAN LIBS="-I%tg_runtime_include -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir" sh %S/Inputs/compare-functions.sh %S/Inputs/plans.mlir %t/plans %S/Inputs/harness.c --device=VULKAN | FileCheck %s
// CHECK-NOT: differs
// CHECK: [[N:[0-9]+]] of [[N]] functions equal to tg-run
