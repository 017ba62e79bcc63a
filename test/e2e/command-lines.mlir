// Every tool and example has --help, which says what it does without doing
// it, and --version, which gives the project's version and git revision
// rather than LLVM's (llvm::cl, tg::setVersionPrinter).

// RUN: tg-opt --version | FileCheck %s --check-prefix=VERSION
// RUN: tg-run --version | FileCheck %s --check-prefix=VERSION
// RUN: tg-compile --version | FileCheck %s --check-prefix=VERSION
// RUN: tg-import-onnx --version | FileCheck %s --check-prefix=VERSION
// RUN: tg-cache --version | FileCheck %s --check-prefix=VERSION
// RUN: tg-bench --version | FileCheck %s --check-prefix=VERSION
// RUN: tg-roofline --version | FileCheck %s --check-prefix=VERSION
// RUN: fashion_mnist --version | FileCheck %s --check-prefix=VERSION
// RUN: fashion_mnist_aot --version | FileCheck %s --check-prefix=VERSION
// VERSION: tinygrad-mlir {{[0-9]+\.[0-9]+\.[0-9]+}} (git {{([0-9a-f]+(-modified)?|unknown)}})
// VERSION-NEXT: built with LLVM {{[0-9]+}}
// VERSION-NOT: Debian LLVM version

// RUN: tg-opt --help | FileCheck %s --check-prefix=OPT
// OPT: OVERVIEW: tinygrad-mlir optimizer driver
// RUN: tg-run --help | FileCheck %s --check-prefix=EXEC
// EXEC: OVERVIEW: tinygrad-mlir: run a function on a device
// EXEC: --input=
// RUN: tg-compile --help | FileCheck %s --check-prefix=COMPILE
// COMPILE: OVERVIEW: tinygrad-mlir: compile a model ahead of time
// RUN: tg-import-onnx --help | FileCheck %s --check-prefix=IMPORT
// IMPORT: OVERVIEW: tinygrad-mlir: an ONNX model as a tg function
// RUN: tg-cache --help | FileCheck %s --check-prefix=CACHE
// CACHE: OVERVIEW: tg-cache: the disk cache of compiled programs

// RUN: tg-bench --help | FileCheck %s --check-prefix=BENCH
// BENCH: OVERVIEW: tinygrad-mlir: bench/WORKLOADS.md's standard workloads
// BENCH: --list
// BENCH-NOT: --aarch64
// RUN: tg-bench --list | FileCheck %s --check-prefix=LIST
// LIST: matmul_512
// LIST: train_step_cnn_b128
// LIST: roofline
// RUN: not tg-bench no_such_workload 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: tg-bench: no workload named 'no_such_workload' (tg-bench --list names them)

// tg-roofline --help used to run the benchmark.
// RUN: tg-roofline --help | FileCheck %s --check-prefix=ROOFLINE
// ROOFLINE: OVERVIEW: tinygrad-mlir: this machine's peak FLOPS and memory bandwidth
// ROOFLINE-NOT: peak_gflops
// ROOFLINE-NOT: --aarch64

// RUN: fashion_mnist --help | FileCheck %s --check-prefix=TRAIN
// TRAIN: OVERVIEW: tinygrad-mlir: train tinygrad's beautiful_mnist CNN on Fashion-MNIST
// TRAIN-DAG: --epochs=<int>
// TRAIN-DAG: --checkpoint=<path>
// TRAIN-DAG: --resume=<path>
// TRAIN-NOT: --aarch64
// RUN: not fashion_mnist --epochs=0 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: --epochs, --batch-size and --lr must be positive
// RUN: fashion_mnist_aot --help | FileCheck %s --check-prefix=AOT
// AOT: OVERVIEW: tinygrad-mlir: train the Fashion-MNIST CNN, then export
// AOT: --out=<dir>
// RUN: not fashion_mnist_aot 2>&1 | FileCheck %s --check-prefix=REQUIRED
// REQUIRED: for the --out option: must be specified at least once
