// tg-run's errors: each is one clear sentence on stderr and a non-zero exit,
// never a crash (`not` fails on a crash as well as on success).

// Malformed IR, and IR that parses but does not verify.
// RUN: echo 'func.func @f(' > %t.malformed.mlir
// RUN: not tg-run %t.malformed.mlir 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: error: expected non-function type
// MALFORMED: tg-run: the input is not valid IR (see the errors above)
// RUN: echo 'func.func @f(%x: tensor<2xf32>) -> tensor<3xf32> { %0 = tg.reshape %x : tensor<2xf32> to tensor<3xf32> return %0 : tensor<3xf32> }' > %t.invalid.mlir
// RUN: not tg-run %t.invalid.mlir --input=1,2 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: error: 'tg.reshape' op cannot reshape 2 elements into 3
// INVALID: tg-run: the input is not valid IR (see the errors above)

// A file that is not there.
// RUN: not tg-run %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: tg-run: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory

// Functions: an unknown name, and no name when there are several.
// RUN: not tg-run %s --function=nope --input=1,2 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: tg-run: no function 'nope' in the module (it has: f, g, scalar, to_cpu, decl)
// RUN: not tg-run %s --input=1,2 2>&1 | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: tg-run: the module has 4 public functions; choose one with --function

// The inputs: too few, too many, the wrong number of elements, a value that
// is not one of the type.
// RUN: not tg-run %s --function=g --input=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=FEW
// FEW: tg-run: @g takes 2 arguments, but 1 --input were given (--random fills the rest)
// RUN: not tg-run %s --function=f --input=1,2 --input=3,4 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: tg-run: @f takes 1 arguments, but 2 --input were given
// RUN: not tg-run %s --function=g --input=1,2,3 --input=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tg-run: --input #0 (tensor<2x3xf32>) has 3 values but the argument has 6 elements
// RUN: not tg-run %s --function=g --input=1,2,3,4,5,6 --input=1,2,3,4,5 2>&1 | FileCheck %s --check-prefix=COUNT1
// COUNT1: tg-run: --input #1 (tensor<2x3xi32>) has 5 values but the argument has 6 elements
// RUN: not tg-run %s --function=g --input=1,2,x,4,5,6 --input=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: tg-run: --input #0 (tensor<2x3xf32>) 'x' is not a value of this type
// RUN: not tg-run %s --function=g --input=1,2,3,4,5,6 --input=1,2,3.5,4,5,6 2>&1 | FileCheck %s --check-prefix=NOTINT
// NOTINT: tg-run: --input #1 (tensor<2x3xi32>) '3.5' is not a value of this type

// Devices: backends whose driver or device is missing here (this machine
// has no NVIDIA driver; the HIP runtime finds no GPU), and a name that is none.
// RUN: not tg-run %s --function=f --device=CUDA --input=1,2 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: tg-run: the CUDA backend ({{.*}}libtgrt-backend-cuda.so) has no devices: libcuda.so.1 is not installed (the NVIDIA driver)
// RUN: not env DEV=HIP tg-run %s --function=f --input=1,2 2>&1 | FileCheck %s --check-prefix=HIP
// HIP: tg-run: the HIP backend ({{.*}}libtgrt-backend-hip.so) has no devices: {{.*}}HIP
// RUN: not tg-run %s --function=f --device=TPU --input=1,2 2>&1 | FileCheck %s --check-prefix=NODEV
// NODEV: tg-run: the TPU backend is not installed: there is no libtgrt-backend-tpu.so in {{.*}} (next to libtgrt) (the backends found are CPU, CUDA, HIP, VULKAN)

// A function the compiler cannot take: a scalar argument.
// RUN: not tg-run %s --function=scalar --input=1 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: error: tg: argument of unsupported type 'f32'
// SCALAR: tg-run: compiling @scalar failed (see the errors above)

// A declaration has nothing to compile.
// RUN: not tg-run %s --function=decl --input=1,2 2>&1 | FileCheck %s --check-prefix=DECL
// DECL: tg-run: {{.*}}decl
// A program runs on one device: a copy to another one is refused, where it is.
// RUN: not tg-run %s --function=to_cpu --device=VULKAN --emit-binary=%t.spv 2>&1 | FileCheck %s --check-prefix=SPAN
// SPAN: errors.mlir:[[@LINE+19]]:8: error: tg: a copy to CPU in a program compiled for VULKAN: programs that span devices are not supported yet

func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tg.add %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @g(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) -> tensor<2x3xf32> {
  %0 = tg.cast %y : tensor<2x3xi32> to tensor<2x3xf32>
  %1 = tg.add %x, %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

func.func @scalar(%x: f32) -> f32 {
  %0 = tg.add %x, %x : f32
  return %0 : f32
}

func.func @to_cpu(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tg.copy %x to "CPU" : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func private @decl(%x: tensor<2xf32>) -> tensor<2xf32>
