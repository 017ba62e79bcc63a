// A tensor's `tg.name` is any text (ONNX calls tensors `input.1`): the
// header keeps it in its constants, as a C string, and gives the parameter
// that name made a C identifier, unique, and none of C's keywords.
// RUN: tg-compile %s -o %t.o --header=%t.h
// RUN: FileCheck %s < %t.h
// RUN: printf '#include "%t.h"\nint main(void) { return names_run(0, 0, 0, 0, 0, 0) == NAMES_INVALID_ARGUMENT ? 0 : 1; }\n' > %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror %t.c %t.o -lpthread -lm -o %t.exe && %t.exe

// CHECK: /* INPUT 0: "input.1", float32 [2] */
// CHECK: #define NAMES_INPUT_0_NAME "input.1"
// CHECK: #define NAMES_INPUT_1_NAME "int"
// CHECK: #define NAMES_INPUT_2_NAME "a\042b\052/c"
// CHECK: #define NAMES_INPUT_3_NAME "input_1"
// CHECK: #define NAMES_OUTPUT_0_NAME "context"
// CHECK: static const char *const names_input_names[] = {"input.1", "int", "a\042b\052/c", "input_1"};
// CHECK:      int names_run(names_context *context,
// CHECK-NEXT:     const float *input_1,
// CHECK-NEXT:     const float *int_,
// CHECK-NEXT:     const float *a_b__c,
// CHECK-NEXT:     const float *input_1_,
// CHECK-NEXT:     float *context_);
func.func @f(%x: tensor<2xf32> {tg.name = "input.1"}, %y: tensor<2xf32> {tg.name = "int"},
             %z: tensor<2xf32> {tg.name = "a\"b*/c"}, %w: tensor<2xf32> {tg.name = "input_1"})
    -> (tensor<2xf32> {tg.name = "context"}) {
  %0 = tg.add %x, %y : tensor<2xf32>
  %1 = tg.add %0, %z : tensor<2xf32>
  %2 = tg.add %1, %w : tensor<2xf32>
  return %2 : tensor<2xf32>
}
