// Malformed models found by fuzz_onnx (test/fuzz/corpus/onnx/regression-*)
// are errors, never crashes of the importing program.
// RUN: not tg-import-onnx %S/../fuzz/corpus/onnx/regression-converter-crash.onnx -o %t.mlir 2>&1 | FileCheck %s --check-prefix=CONVERTER
// CONVERTER: regression-converter-crash.onnx: the ONNX library crashed checking the model (signal 11): it is malformed
// RUN: not tg-import-onnx %S/../fuzz/corpus/onnx/regression-conv-weight-rank.onnx -o %t.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: node Conv '': the weight has rank 5 (input rank 4)
// RUN: not tg-import-onnx %S/../fuzz/corpus/onnx/regression-conv-stride-0.onnx -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: must be positive
