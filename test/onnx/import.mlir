// ONNX models from the backend test suite (Debian's libonnx-testdata) into
// tg functions, object files and headers.
// REQUIRES: onnx-testdata
// RUN: rm -rf %t && mkdir -p %t

// A convolution: the input, then the initializers as named arguments whose
// values go to the safetensors file.
// RUN: tg-import-onnx %onnx_data/pytorch-converted/test_Conv2d/model.onnx -o %t/conv.mlir 2>&1 | FileCheck %s --check-prefix=WROTE
// WROTE: tg-import-onnx: wrote {{.*}}conv.mlir and {{.*}}conv.safetensors
// RUN: FileCheck %s --check-prefix=CONV < %t/conv.mlir
// CONV: func.func @model(%arg0: tensor<2x3x7x5xf32> {tg.name = "0"}, %arg1: tensor<4x3x3x2xf32> {tg.name = "1"}, %arg2: tensor<4xf32> {tg.name = "2"}) -> (tensor<2x4x5x4xf32> {tg.name = "3"})
// CONV: tg.reduce add
// RUN: tg-compile %t/conv.mlir --parameters=%t/conv.safetensors --name=imported -o %t/imported.o
// RUN: FileCheck %s --check-prefix=HEADER < %t/imported.h

// tg-compile takes the model itself; its initializers are embedded.
// RUN: tg-compile %onnx_data/pytorch-converted/test_Conv2d/model.onnx --name=conv2d -o %t/conv2d.o
// RUN: FileCheck %s --check-prefix=DIRECT < %t/conv2d.h
// DIRECT: #define CONV2D_NUM_INPUTS 1
// DIRECT: #define CONV2D_NUM_OUTPUTS 1
// DIRECT: int conv2d_run(conv2d_context *context,
// HEADER: #define IMPORTED_NUM_INPUTS 1
// RUN: llvm-nm %t/conv2d.o | FileCheck %s --check-prefix=SYMBOLS
// SYMBOLS: T conv2d_create
// SYMBOLS: T conv2d_run

// tg-run runs the model itself, or the imported function with its
// parameters, alike; --input fills the arguments no parameter gives.
// RUN: tg-run %onnx_data/pytorch-converted/test_Conv2d/model.onnx --input=splat:0.5 --output=%t/direct.txt
// RUN: tg-run %t/conv.mlir --parameters=%t/conv.safetensors --input=splat:0.5 --output=%t/imported.txt
// RUN: cmp %t/direct.txt %t/imported.txt
// RUN: not tg-run %t/conv.mlir --parameters=%t/conv.safetensors --input=splat:0.5 --input=splat:1 2>&1 | FileCheck %s --check-prefix=TOO-MANY
// TOO-MANY: tg-run: @model takes 1 arguments besides parameters, but 2 --input were given
// RUN: tg-run %onnx_data/node/test_add/model.onnx --input=splat:1 --input=splat:2 | FileCheck %s --check-prefix=ADD
// ADD: result #0: tensor<3x4x5xf32> = {{\[\[\[}}3, 3, 3, 3, 3]

// An op the importer lacks is a located error naming the node, op and opset.
// RUN: not tg-import-onnx %onnx_data/simple/test_sequence_model1/model.onnx -o %t/sequence.mlir 2>&1 | FileCheck %s --check-prefix=NO-OP
// RUN: not tg-compile %onnx_data/simple/test_sequence_model1/model.onnx -o %t/sequence.o 2>&1 | FileCheck %s --check-prefix=NO-OP
// RUN: not tg-run %onnx_data/simple/test_sequence_model1/model.onnx 2>&1 | FileCheck %s --check-prefix=NO-OP
// NO-OP: test_sequence_model1/model.onnx: node 0 (SequenceEmpty, opset 12): the op is not supported

// A file that is not a model, and one that is not there.
// RUN: not tg-import-onnx %s -o %t/text.mlir 2>&1 | FileCheck %s --check-prefix=NOTMODEL
// NOTMODEL: tg-import-onnx: {{.*}}import.mlir: not an ONNX model (the protobuf does not parse)
// RUN: not tg-import-onnx %t/missing.onnx 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tg-import-onnx: tg::onnx::load: cannot open {{.*}}missing.onnx
