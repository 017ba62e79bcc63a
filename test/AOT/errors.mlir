// tg-compile's errors: one clear sentence, located in the input where it
// has a place there, and a non-zero exit; never a crash.

// Malformed IR, a missing file, an output that cannot be written.
// RUN: echo 'func.func @f(' > %t.malformed.mlir
// RUN: not tg-compile %t.malformed.mlir -o %t.o 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: malformed.mlir:1:14: error: expected non-function type
// MALFORMED: tg-compile: the input is not valid IR (see the errors above)
// RUN: not tg-compile %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: tg-compile: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory
// RUN: not tg-compile %s --function=f -o %t.no-such-directory/f.o 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: tg-compile: cannot open output file '{{.*}}no-such-directory/f.o'

// Options: what to emit, the prefix, the function, the target.
// RUN: not tg-compile %s --function=f --emit=elf 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: tg-compile: --emit=elf is none of obj, lib, exe, mlir, llvm, asm
// RUN: not tg-compile %s --function=f --name=2fast 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: tg-compile: --name=2fast is not a C identifier
// RUN: not tg-compile %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: tg-compile: the module has 3 public functions; choose one with --function
// RUN: not tg-compile %s --function=nope -o %t.o 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: tg-compile: no function 'nope' in the module (it has: f, scalar, to_vulkan, decl)
// RUN: not tg-compile %s --function=f --target=riscv64-linux-gnu -o %t.o 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: error: tg-compile: this build has no worker support for riscv64 (it has x86_64{{.*}})
// RUN: not tg-compile %s --function=f --target=nonsense -o %t.o 2>&1 | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: error: tg-compile: {{.*}}nonsense
// RUN: not tg-compile %s --function=f --chip=pentium9 -o %t.o 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: tg-compile: LLVM knows no CPU "pentium9" for {{.*}}
// RUN: not tg-compile %s --function=f --chip=x86-64-v3 --portable -o %t.o 2>&1 | FileCheck %s --check-prefix=PORTABLE
// PORTABLE: error: tg-compile: a CPU (x86-64-v3) and portable code for any x86-64-v2 are asked for at once

// Functions the compiler cannot take, with the place that says why.
// RUN: not tg-compile %s --function=scalar -o %t.o 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: errors.mlir:[[@LINE+12]]:1: error: tg: argument of unsupported type 'f32'
// SCALAR: tg-compile: compiling @scalar failed (see the errors above)
// RUN: not tg-compile %s --function=to_vulkan -o %t.o 2>&1 | FileCheck %s --check-prefix=SPAN
// SPAN: errors.mlir:[[@LINE+15]]:8: error: tg: a copy to VULKAN in a program compiled for CPU
// RUN: not tg-compile %s --function=decl -o %t.o 2>&1 | FileCheck %s --check-prefix=DECL
// DECL: errors.mlir:[[@LINE+17]]:1: error: tg: @decl is a declaration; it has no body to compile

func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tg.add %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @scalar(%x: f32) -> f32 {
  %0 = tg.add %x, %x : f32
  return %0 : f32
}

func.func @to_vulkan(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tg.copy %x to "VULKAN" : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func private @decl(%x: tensor<2xf32>) -> tensor<2xf32>
