// tg-compile --emit=obj: the object and its header, a plain C program that
// links only the object, its outputs against tg-run's, its errors.
// RUN: tg-compile %s --name=softmax -o %t.o --header=%t.h
// RUN: FileCheck %s --check-prefix=HEADER < %t.h
// RUN: llvm-nm --extern-only %t.o | FileCheck %s --check-prefix=SYMBOLS
// RUN: %cc -std=c99 -Wall -Wextra -Werror -DMODEL_HEADER='"%t.h"' -DPREFIX=softmax -DUPREFIX=SOFTMAX %S/Inputs/harness.c %t.o -lpthread -lm -o %t.exe
// RUN: ldd %t.exe | FileCheck %s --check-prefix=LIBS
// RUN: echo "1 2 3 4 0 0 0 1 -1 -2 -3 -4 100 -100 0.5 0.25" > %t.logits
// RUN: tg-run %s --input=@%t.logits --output=%t.reference
// RUN: %t.exe %t.reference %t.logits | FileCheck %s --check-prefix=OUT
// RUN: env THREADS=1 %t.exe %t.reference %t.logits | FileCheck %s --check-prefix=OUT
// RUN: %t.exe --errors | FileCheck %s --check-prefix=ERRORS

// HEADER:      #ifndef SOFTMAX_H
// HEADER:      typedef struct softmax_context softmax_context;
// HEADER:      #define SOFTMAX_OK 0
// HEADER:      #define SOFTMAX_SHAPE_MISMATCH 3
// HEADER:      #define SOFTMAX_NUM_INPUTS 1
// HEADER-NEXT: #define SOFTMAX_NUM_OUTPUTS 1
// HEADER:      /* INPUT 0: "logits", float32 [4, 4] */
// HEADER-NEXT: #define SOFTMAX_INPUT_0_NAME "logits"
// HEADER-NEXT: #define SOFTMAX_INPUT_0_DTYPE SOFTMAX_DTYPE_FLOAT32
// HEADER-NEXT: #define SOFTMAX_INPUT_0_RANK 2
// HEADER-NEXT: #define SOFTMAX_INPUT_0_ELEMENTS 16
// HEADER-NEXT: #define SOFTMAX_INPUT_0_BYTES 64
// HEADER-NEXT: #define SOFTMAX_INPUT_0_SHAPE {4, 4}
// HEADER:      /* OUTPUT 0: "probabilities", float32 [4, 4] */
// HEADER:      static const char *const softmax_input_names[] = {"logits"};
// HEADER:      int softmax_create(softmax_context **context);
// HEADER-NEXT: void softmax_destroy(softmax_context *context);
// HEADER:      int softmax_run(softmax_context *context,
// HEADER-NEXT:     const float *logits,
// HEADER-NEXT:     float *probabilities);
// HEADER:      int softmax_run_buffers(softmax_context *context, void *const *inputs, void *const *outputs);
// HEADER:      int softmax_run_tensors(softmax_context *context, const softmax_tensor *inputs, int64_t num_inputs,
// HEADER:      const char *softmax_last_error(void);

// Everything the object exports carries the prefix, or is the workers'
// support (weak, shared by every model in a program).
// SYMBOLS-NOT: {{ [TDR] (tg_|softmax_)[^a]}}
// SYMBOLS-DAG: T softmax_create
// SYMBOLS-DAG: T softmax_destroy
// SYMBOLS-DAG: T softmax_last_error
// SYMBOLS-DAG: T softmax_run
// SYMBOLS-DAG: T softmax_run_buffers
// SYMBOLS-DAG: T softmax_run_tensors
// SYMBOLS-DAG: W tg_aot_launch
// SYMBOLS-DAG: U pthread_create

// LIBS-NOT: libMLIR
// LIBS-NOT: libLLVM
// LIBS-NOT: libstdc++
// LIBS-NOT: libtgrt

// OUT: output 0 (probabilities): 16 elements, equal to tg-run's

// ERRORS:      create(NULL): status 1: softmax_create: `context` is NULL
// ERRORS-NEXT: create: status 0
// ERRORS-NEXT: run_tensors(NULL context): status 1: softmax_run_tensors: `context` is NULL
// ERRORS-NEXT: run_tensors(one input too many): status 3: softmax_run_tensors: the model has 1 input
// ERRORS-NEXT: run_tensors(NULL inputs): status 1: softmax_run_tensors: `inputs` is NULL
// ERRORS-NEXT: run_tensors(input 0 of another dtype): status 3: softmax_run_tensors: input 0 (logits) must be float32 [4, 4]
// ERRORS-NEXT: run_tensors(input 0 of another rank): status 3: softmax_run_tensors: input 0 (logits) must be float32 [4, 4]
// ERRORS-NEXT: run_tensors(input 0 one longer): status 3: softmax_run_tensors: input 0 (logits) must be float32 [4, 4]
// ERRORS-NEXT: run_tensors(input 0 without a shape): status 1: softmax_run_tensors: the shape of input 0 (logits) is NULL
// ERRORS-NEXT: run_tensors(input 0 without data): status 1: softmax_run_tensors: the data of input 0 (logits) is NULL
// ERRORS-NEXT: run_buffers(output 0 NULL): status 1: softmax_run: output 0 (probabilities) is NULL
// ERRORS-NEXT: run_tensors: status 0

func.func @softmax(%x: tensor<4x4xf32> {tg.name = "logits"}) -> (tensor<4x4xf32> {tg.name = "probabilities"}) {
  %m = tg.reduce max %x [1] : tensor<4x4xf32> -> tensor<4x1xf32>
  %me = tg.expand %m : tensor<4x1xf32> to tensor<4x4xf32>
  %d = tg.sub %x, %me : tensor<4x4xf32>
  %e = tg.exp2 %d : tensor<4x4xf32>
  %s = tg.reduce add %e [1] : tensor<4x4xf32> -> tensor<4x1xf32>
  %se = tg.expand %s : tensor<4x1xf32> to tensor<4x4xf32>
  %r = tg.fdiv %e, %se : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
