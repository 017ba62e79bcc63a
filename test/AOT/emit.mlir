// tg-compile's other outputs: a self-contained shared library, the
// runtime's executable file (CPU and VULKAN), the kernel graph, the object
// as LLVM IR and as assembly.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo "1 2 3 4 0 0 0 1" > %t/x
// RUN: tg-run %s --input=@%t/x --output=%t/reference

// --emit=lib: libc is all it needs; the harness links it instead of the object.
// RUN: tg-compile %s --emit=lib --name=sm -o %t/libsm.so
// RUN: llvm-readelf --dynamic-table %t/libsm.so | FileCheck %s --check-prefix=LIB
// LIB-NOT: NEEDED{{.*}}lib{{(stdc\+\+|MLIR|LLVM|tgrt)}}
// LIB: NEEDED{{.*}}libc.so
// LIB-NOT: NEEDED{{.*}}lib{{(stdc\+\+|MLIR|LLVM|tgrt)}}
// RUN: llvm-nm --dynamic --defined-only %t/libsm.so | FileCheck %s --check-prefix=LIBSYMS
// LIBSYMS-DAG: T sm_create
// LIBSYMS-DAG: T sm_run_tensors
// RUN: %cc -std=c99 -Wall -Werror -DMODEL_HEADER='"%t/sm.h"' -DPREFIX=sm -DUPREFIX=SM %S/Inputs/harness.c -L%t -lsm -Wl,-rpath,%t -o %t/harness-lib
// RUN: %t/harness-lib %t/reference %t/x | FileCheck %s --check-prefix=SAME
// SAME: output 0 (output0): 8 elements, equal to tg-run's

// --emit=exe: tg-run --executable runs it, on the device it was compiled for.
// RUN: tg-compile %s --emit=exe -o %t/sm.tgx
// RUN: tg-run --executable=%t/sm.tgx --input=@%t/x | FileCheck %s --check-prefix=EXE
// RUN: tg-compile %s --emit=exe --device=VULKAN -o %t/sm-vulkan.tgx
// RUN: tg-run --executable=%t/sm-vulkan.tgx --device=VULKAN --input=@%t/x | FileCheck %s --check-prefix=EXE
// EXE: result #0: tensor<2x4xf32> = {{\[\[}}0.06666667, 0.1333333, 0.2666667, 0.5333334], [0.2, 0.2, 0.2, 0.4]]
// RUN: not tg-run --executable=%t/sm-vulkan.tgx --device=CPU --input=@%t/x 2>&1 | FileCheck %s --check-prefix=WRONGDEV
// WRONGDEV: tg-run: the executable holds a spirv binary, but CPU:0 loads cpu-elf binaries

// --emit=mlir: the kernel graph, every kernel a function.
// RUN: tg-compile %s --emit=mlir -o %t/sm.mlir
// RUN: FileCheck %s --check-prefix=GRAPH < %t/sm.mlir
// GRAPH: func.func @softmax(
// GRAPH-COUNT-3: tg.kernel

// --emit=llvm: kernels and plan as one module that LLVM's own tools compile.
// RUN: tg-compile %s --emit=llvm --name=sm -o %t/sm.ll
// RUN: FileCheck %s --check-prefix=LLVM < %t/sm.ll
// LLVM: ModuleID = 'sm'
// RUN: llc -filetype=obj %t/sm.ll -o %t/from-ll.o
// LLVM-DAG: define {{.*}}i32 @sm_create(
// LLVM-DAG: define {{.*}}i32 @sm_run_tensors(
// LLVM-DAG: define {{.*}}void @sm_r_2_4(

// --emit=asm: the same as assembly, which cc assembles.
// RUN: tg-compile %s --emit=asm --name=sm -o %t/sm.s
// RUN: FileCheck %s --check-prefix=ASM < %t/sm.s
// RUN: %cc -c %t/sm.s -o %t/from-s.o
// ASM-DAG: sm_create:
// ASM-DAG: sm_run_buffers:

func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %m = tg.reduce max %x [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %me = tg.expand %m : tensor<2x1xf32> to tensor<2x4xf32>
  %d = tg.sub %x, %me : tensor<2x4xf32>
  %e = tg.exp2 %d : tensor<2x4xf32>
  %s = tg.reduce add %e [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %se = tg.expand %s : tensor<2x1xf32> to tensor<2x4xf32>
  %r = tg.fdiv %e, %se : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
