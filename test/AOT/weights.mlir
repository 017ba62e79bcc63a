// Parameters: the arguments named after the tensors of a safetensors file
// (--parameters) are data in the object (--weights=embed), read from the
// file by create (--weights=file), or inputs with their initial values in
// the object (--weights=inputs). The results equal tg-run's given the same
// weights as inputs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/write-safetensors.py %t/w.safetensors weight:F32:4,3:1,2,3,4,5,6,7,8,9,10,11,12 bias:F32:3:0.5,-1,2
// RUN: echo "1 0 -1 2 0.5 0.25 3 -2" > %t/x
// RUN: echo "1 2 3 4 5 6 7 8 9 10 11 12" > %t/weight
// RUN: echo "0.5 -1 2" > %t/bias
// RUN: tg-run %s --input=@%t/x --input=@%t/weight --input=@%t/bias --output=%t/reference

// RUN: tg-compile %s --parameters=%t/w.safetensors --name=embedded -o %t/embedded.o
// RUN: FileCheck %s --check-prefix=EMBED < %t/embedded.h
// EMBED:      #define EMBEDDED_NUM_INPUTS 1
// EMBED:      /* INPUT 0: "x", float32 [2, 4] */
// EMBED:      /* The parameters, in the object: 2 tensors, 60 bytes. */
// EMBED-NEXT: #define EMBEDDED_NUM_PARAMETERS 2
// EMBED-NEXT: static const char *const embedded_parameter_names[] = {"weight", "bias"};
// EMBED:      int embedded_create(embedded_context **context);
// EMBED:      int embedded_run(embedded_context *context,
// EMBED-NEXT:     const float *x,
// EMBED-NEXT:     float *y);
// RUN: %cc -std=c99 -Wall -Werror -DMODEL_HEADER='"%t/embedded.h"' -DPREFIX=embedded -DUPREFIX=EMBEDDED %S/Inputs/harness.c %t/embedded.o -lpthread -lm -o %t/embedded
// RUN: %t/embedded %t/reference %t/x | FileCheck %s --check-prefix=SAME
// SAME: output 0 (y): 6 elements, equal to tg-run's

// RUN: tg-compile %s --parameters=%t/w.safetensors --weights=file --name=filed -o %t/filed.o
// RUN: FileCheck %s --check-prefix=FILE < %t/filed.h
// FILE:      #define FILED_WEIGHTS_ERROR 4
// FILE:      /* The parameters, read from the weights file: 2 tensors, 60 bytes. */
// FILE:      static const int64_t filed_parameter_0_shape[] = {4, 3};
// FILE:      int filed_create(filed_context **context, const char *weights);
// RUN: %cc -std=c99 -Wall -Werror -DMODEL_HEADER='"%t/filed.h"' -DPREFIX=filed -DUPREFIX=FILED -DWEIGHTS='"%t/w.safetensors"' %S/Inputs/harness.c %t/filed.o -lpthread -lm -o %t/filed
// RUN: %t/filed %t/reference %t/x | FileCheck %s --check-prefix=SAME
// A weights file that is missing, or whose tensors are not the model's.
// RUN: %cc -std=c99 -Wall -Werror -DMODEL_HEADER='"%t/filed.h"' -DPREFIX=filed -DUPREFIX=FILED -DWEIGHTS='"%t/missing.safetensors"' %S/Inputs/harness.c %t/filed.o -lpthread -lm -o %t/filed-missing
// RUN: not %t/filed-missing %t/reference %t/x | FileCheck %s --check-prefix=MISSING
// MISSING: status 4: cannot open the weights file {{.*}}missing.safetensors
// RUN: %python %S/Inputs/write-safetensors.py %t/transposed.safetensors weight:F32:3,4:1,2,3,4,5,6,7,8,9,10,11,12 bias:F32:3:0.5,-1,2
// RUN: %cc -std=c99 -Wall -Werror -DMODEL_HEADER='"%t/filed.h"' -DPREFIX=filed -DUPREFIX=FILED -DWEIGHTS='"%t/transposed.safetensors"' %S/Inputs/harness.c %t/filed.o -lpthread -lm -o %t/filed-transposed
// RUN: not %t/filed-transposed %t/reference %t/x | FileCheck %s --check-prefix=TRANSPOSED
// TRANSPOSED: status 4: {{.*}}transposed.safetensors: tensor "weight" has another shape than the model's
// RUN: %python %S/Inputs/write-safetensors.py %t/nobias.safetensors weight:F32:4,3:1,2,3,4,5,6,7,8,9,10,11,12
// RUN: %cc -std=c99 -Wall -Werror -DMODEL_HEADER='"%t/filed.h"' -DPREFIX=filed -DUPREFIX=FILED -DWEIGHTS='"%t/nobias.safetensors"' %S/Inputs/harness.c %t/filed.o -lpthread -lm -o %t/filed-nobias
// RUN: not %t/filed-nobias %t/reference %t/x | FileCheck %s --check-prefix=NOBIAS
// NOBIAS: status 4: {{.*}}nobias.safetensors has no tensor named "bias"

// RUN: tg-compile %s --parameters=%t/w.safetensors --weights=inputs --name=trained -o %t/trained.o
// RUN: FileCheck %s --check-prefix=INPUTS < %t/trained.h
// INPUTS:      #define TRAINED_NUM_INPUTS 3
// INPUTS:      /* INPUT 1: "weight", float32 [4, 3], a parameter */
// INPUTS:      const void *trained_initial_value(int32_t input);
// RUN: %cc -std=c99 -Wall -Werror -DMODEL_HEADER='"%t/trained.h"' -DPREFIX=trained -DUPREFIX=TRAINED -DINITIAL_VALUES %S/Inputs/harness.c %t/trained.o -lpthread -lm -o %t/trained
// RUN: %t/trained %t/reference %t/x %t/weight %t/bias | FileCheck %s --check-prefix=SAME
// RUN: %t/trained --initial-values | FileCheck %s --check-prefix=INITIAL
// INITIAL:      input 0 (x): none
// INITIAL-NEXT: input 1 (weight): 1 2 3 4 5 6 7 8 9 10 11 12
// INITIAL-NEXT: input 2 (bias): 0.5 -1 2
// INITIAL-NEXT: input 3: none

// Errors: a file that binds nothing, a tensor of another shape, a parameter
// updated in place that would be read-only data.
// RUN: %python %S/Inputs/write-safetensors.py %t/other.safetensors other:F32:1:1
// RUN: not tg-compile %s --parameters=%t/other.safetensors -o %t/x.o 2>&1 | FileCheck %s --check-prefix=NOTHING
// NOTHING: tg-compile: no argument of @linear is named (tg.name) after a tensor of {{.*}}other.safetensors
// RUN: not tg-compile %s --parameters=%t/transposed.safetensors -o %t/x.o 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tg-compile: {{.*}}transposed.safetensors: tensor "weight" is F32 [3, 4] but argument #1 is F32 [4, 3]
// RUN: not tg-compile %s --parameters=%t/w.safetensors --weights=baked -o %t/x.o 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: tg-compile: --weights=baked is none of embed, file, inputs
// A header of 50,000 nested arrays is refused before it is parsed (a
// recursive parser would overflow the stack).
// RUN: %python -c "import struct, sys; h = b'{\"x\":' + b'[' * 50000 + b']' * 50000 + b'}'; sys.stdout.buffer.write(struct.pack('<Q', len(h)) + h)" > %t/deep.safetensors
// RUN: not tg-compile %s --parameters=%t/deep.safetensors -o %t/x.o 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not tg-run %s --parameters=%t/deep.safetensors 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: deep.safetensors{{.*}}nests deeper than 64 levels
// RUN: %python %S/Inputs/write-safetensors.py %t/count.safetensors count:F32:1:0
// RUN: not tg-compile %S/Inputs/counter.mlir --parameters=%t/count.safetensors -o %t/x.o 2>&1 | FileCheck %s --check-prefix=INPLACE
// INPLACE: counter.mlir:{{[0-9]+}}:1: error: tg-compile: parameter "count" is updated in place, so it cannot be read-only data in the object; take the parameters as inputs or from a file
// RUN: tg-compile %S/Inputs/counter.mlir --parameters=%t/count.safetensors --weights=file -o %t/counter.o

func.func @linear(%x: tensor<2x4xf32> {tg.name = "x"}, %w: tensor<4x3xf32> {tg.name = "weight"},
                  %b: tensor<3xf32> {tg.name = "bias"}) -> (tensor<2x3xf32> {tg.name = "y"}) {
  %xr = tg.reshape %x : tensor<2x4xf32> to tensor<2x4x1xf32>
  %xe = tg.expand %xr : tensor<2x4x1xf32> to tensor<2x4x3xf32>
  %wr = tg.reshape %w : tensor<4x3xf32> to tensor<1x4x3xf32>
  %we = tg.expand %wr : tensor<1x4x3xf32> to tensor<2x4x3xf32>
  %m = tg.mul %xe, %we : tensor<2x4x3xf32>
  %s = tg.reduce add %m [1] : tensor<2x4x3xf32> -> tensor<2x1x3xf32>
  %sr = tg.reshape %s : tensor<2x1x3xf32> to tensor<2x3xf32>
  %br = tg.reshape %b : tensor<3xf32> to tensor<1x3xf32>
  %be = tg.expand %br : tensor<1x3xf32> to tensor<2x3xf32>
  %y = tg.add %sr, %be : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
