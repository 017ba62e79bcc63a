// RUN: tg-opt %s -split-input-file --tg-to-linalg --mlir-print-local-scope | FileCheck %s

// Every tg.kernel becomes a private function @<kernel name>, marked
// tg.kernel, called where the kernel was. It takes the kernel's inputs and,
// in destination-passing style, the output as its last argument, and
// returns the result computed into it. The caller passes a fresh
// tensor.empty, or, for an in-place kernel, the target it overwrites; the
// kernel then reads the target through its output.

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[Y:[a-z0-9]+]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NOT:     tg.kernel
// CHECK:         %[[DEST:.+]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[R:.+]] = call @k_add(%[[X]], %[[Y]], %[[DEST]]) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[R]] : tensor<2x3xf32>
// CHECK-LABEL: func.func private @k_add(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<2x3xf32>, %[[B:[a-z0-9]+]]: tensor<2x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> attributes {tg.kernel} {
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[OUT]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IA:[a-z0-9_]+]]: f32, %[[IB:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[IA]], %[[IB]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[G]] : tensor<2x3xf32>
func.func @caller(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.kernel(%x, %y) {name = "k_add"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>):
    %s = tg.add %a, %b : tensor<2x3xf32>
    tg.yield %s : tensor<2x3xf32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

// Kernels in order, each result feeding the next call.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[D1:.+]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[R1:.+]] = call @k_first(%[[X]], %[[D1]])
// CHECK:         %[[D2:.+]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[R2:.+]] = call @k_second(%[[R1]], %[[D2]])
// CHECK:         return %[[R2]]
// CHECK-LABEL: func.func private @k_first(
// CHECK:         tg.exp2
// CHECK-LABEL: func.func private @k_second(
// CHECK:         tg.log2
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.kernel(%x) {name = "k_first"} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %e = tg.exp2 %a : tensor<4xf32>
    tg.yield %e : tensor<4xf32>
  }
  %1 = tg.kernel(%0) {name = "k_second"} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %l = tg.log2 %a : tensor<4xf32>
    tg.yield %l : tensor<4xf32>
  }
  return %1 : tensor<4xf32>
}

// -----

// A kernel without a name is @kernel; one without inputs takes only its
// output. A constant is computed in the body, not read.
// CHECK-LABEL: func.func @fill(
// CHECK:         %[[D:.+]] = tensor.empty() : tensor<3xi32>
// CHECK:         call @kernel(%[[D]]) : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-LABEL: func.func private @kernel(
// CHECK-SAME:      %[[OUT:[a-z0-9]+]]: tensor<3xi32>) -> tensor<3xi32> attributes {tg.kernel}
// CHECK:         %[[C:.+]] = tg.const 7 : i32
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>]
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      outs(%[[OUT]] : tensor<3xi32>)
// CHECK-NEXT:    ^bb0(%{{[a-z0-9_]+}}: i32):
// CHECK-NEXT:      linalg.yield %[[C]] : i32
func.func @fill() -> tensor<3xi32> {
  %0 = tg.kernel : () -> tensor<3xi32> {
    %c = tg.const 7 : tensor<3xi32>
    tg.yield %c : tensor<3xi32>
  }
  return %0 : tensor<3xi32>
}

// -----

// A kernel named like an existing symbol gets a unique name.
// CHECK-LABEL: func.func @clash(
// CHECK:         call @[[NAME:clash_[0-9]+]](
// CHECK:         func.func private @[[NAME]](
// CHECK-SAME:      attributes {tg.kernel}
func.func @clash(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.kernel(%x) {name = "clash"} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %e = tg.sqrt %a : tensor<4xf32>
    tg.yield %e : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// In place: result 0 overwrites input 1. The target is no input of the
// function: the caller passes it as the output, and the kernel reads it
// through the output's block argument.
// CHECK-LABEL: func.func @inplace(
// CHECK-SAME:      %[[T:[a-z0-9]+]]: tensor<4x3xf32>, %[[V:[a-z0-9]+]]: tensor<4x3xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[R:.+]] = call @k_inplace(%[[V]], %[[T]]) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK:         return %[[R]]
// CHECK-LABEL: func.func private @k_inplace(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x3xf32>) -> tensor<4x3xf32> attributes {tg.kernel}
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[A]] : tensor<4x3xf32>) outs(%[[OUT]] : tensor<4x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %[[OLD:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[OLD]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @inplace(%t: tensor<4x3xf32>, %v: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = tg.kernel(%v, %t) {name = "k_inplace", inplace = array<i64: 1>} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32> {
  ^bb0(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>):
    %s = tg.add %b, %a : tensor<4x3xf32>
    tg.yield %s : tensor<4x3xf32>
  }
  return %0 : tensor<4x3xf32>
}

// -----

// `inplace = [-1]` is a fresh buffer: nothing is overwritten.
// CHECK-LABEL: func.func @not_inplace(
// CHECK-SAME:      %[[T:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[D:.+]] = tensor.empty() : tensor<4xf32>
// CHECK:         call @k_not_inplace(%[[T]], %[[D]])
func.func @not_inplace(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.kernel(%t) {name = "k_not_inplace", inplace = array<i64: -1>} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %s = tg.add %a, %a : tensor<4xf32>
    tg.yield %s : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// An in-place kernel that reads its target at other indices than the ones
// it writes (x += flip(x)) reads those from the target as an input operand
// (the value before the kernel), not through the output block argument.
// CHECK-LABEL: func.func private @k_inplace_flip(
// CHECK-SAME:      %[[OUT:[a-z0-9]+]]: tensor<4x3xf32>) -> tensor<4x3xf32> attributes {tg.kernel}
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (-d0 + 3, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      ins(%[[OUT]] : tensor<4x3xf32>) outs(%[[OUT]] : tensor<4x3xf32>)
// CHECK-NEXT:    ^bb0(%[[FLIPPED:[a-z0-9_]+]]: f32, %[[OLD:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[OLD]], %[[FLIPPED]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @inplace_flip(%t: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = tg.kernel(%t) {name = "k_inplace_flip", inplace = array<i64: 0>} : (tensor<4x3xf32>) -> tensor<4x3xf32> {
  ^bb0(%b: tensor<4x3xf32>):
    %f = tg.flip %b [0] : tensor<4x3xf32>
    %s = tg.add %b, %f : tensor<4x3xf32>
    tg.yield %s : tensor<4x3xf32>
  }
  return %0 : tensor<4x3xf32>
}

// -----

// An in-place reduction accumulates into the target after filling it with
// the identity; its reads of the target see the value before the kernel
// (the function argument), not the filled accumulator.
// CHECK-LABEL: func.func @inplace_reduce(
// CHECK-SAME:      %[[T:[a-z0-9]+]]: tensor<4x1xf32>, %[[V:[a-z0-9]+]]: tensor<4x5xf32>)
// CHECK:         call @k_inplace_reduce(%[[V]], %[[T]])
// CHECK-LABEL: func.func private @k_inplace_reduce(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x5xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x1xf32>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : tensor<4x1xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[OUT]], %[[A]] : tensor<4x1xf32>, tensor<4x5xf32>) outs(%[[INIT]] : tensor<4x1xf32>)
// CHECK-NEXT:    ^bb0(%[[OLD:[a-z0-9_]+]]: f32, %[[IN:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = tg.mul %[[OLD]], %[[IN]] : f32
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @inplace_reduce(%t: tensor<4x1xf32>, %v: tensor<4x5xf32>) -> tensor<4x1xf32> {
  %0 = tg.kernel(%t, %v) {name = "k_inplace_reduce", inplace = array<i64: 0>} : (tensor<4x1xf32>, tensor<4x5xf32>) -> tensor<4x1xf32> {
  ^bb0(%b: tensor<4x1xf32>, %a: tensor<4x5xf32>):
    %e = tg.expand %b : tensor<4x1xf32> to tensor<4x5xf32>
    %m = tg.mul %e, %a : tensor<4x5xf32>
    %r = tg.reduce add %m [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    tg.yield %r : tensor<4x1xf32>
  }
  return %0 : tensor<4x1xf32>
}

// -----

// The target in the middle of the inputs: the other inputs keep their order
// and the target moves to the output position; inside, input #1 is the
// output block argument.
// CHECK-LABEL: func.func @inplace_middle(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4xf32>, %[[T:[a-z0-9]+]]: tensor<4xf32>, %[[B:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         call @k_inplace_middle(%[[A]], %[[B]], %[[T]])
// CHECK-LABEL: func.func private @k_inplace_middle(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[Z:[a-z0-9]+]]: tensor<4xf32>, %[[OUT:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[X]], %[[Z]] : tensor<4xf32>, tensor<4xf32>) outs(%[[OUT]] : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[IX:[a-z0-9_]+]]: f32, %[[IZ:[a-z0-9_]+]]: f32, %[[OLD:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[NZ:.+]] = tg.mul %[[IZ]], %{{.+}} : f32
// CHECK-NEXT:      %[[D:.+]] = tg.add %[[IX]], %[[NZ]] : f32
// CHECK-NEXT:      %[[M:.+]] = tg.mul %[[D]], %[[OLD]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
func.func @inplace_middle(%a: tensor<4xf32>, %t: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.kernel(%a, %t, %b) {name = "k_inplace_middle", inplace = array<i64: 1>} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>):
    %s = tg.sub %x, %z : tensor<4xf32>
    %m = tg.mul %s, %y : tensor<4xf32>
    tg.yield %m : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// A size-1 axis read at 0 is the output's own element too: (d0, 0) and
// (d0, d1) agree when d1 only takes the value 0.
// CHECK-LABEL: func.func private @k_inplace_unit(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<2x1xi64>, %[[OUT:[a-z0-9]+]]: tensor<2x1xi64>)
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[A]] : tensor<2x1xi64>) outs(%[[OUT]] : tensor<2x1xi64>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: i64, %[[OLD:[a-z0-9_]+]]: i64):
// CHECK-NEXT:      tg.add %[[OLD]], %[[IN]] : i64
func.func @inplace_unit(%t: tensor<2x1xi64>, %v: tensor<2x1xi64>) -> tensor<2x1xi64> {
  %0 = tg.kernel(%v, %t) {name = "k_inplace_unit", inplace = array<i64: 1>} : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi64> {
  ^bb0(%a: tensor<2x1xi64>, %b: tensor<2x1xi64>):
    %r = tg.reshape %b : tensor<2x1xi64> to tensor<2xi64>
    %rb = tg.reshape %r : tensor<2xi64> to tensor<2x1xi64>
    %s = tg.add %rb, %a : tensor<2x1xi64>
    tg.yield %s : tensor<2x1xi64>
  }
  return %0 : tensor<2x1xi64>
}

// -----

// A kernel computing no element is no work: no function, no call.
// CHECK-LABEL: func.func @empty_result(
// CHECK-NEXT:    %[[E:.+]] = tensor.empty() : tensor<0x3xf32>
// CHECK-NEXT:    return %[[E]]
// CHECK-NOT:     func.func private
func.func @empty_result(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {
  %0 = tg.kernel(%x) {name = "E_0_3"} : (tensor<0x3xf32>) -> tensor<0x3xf32> {
  ^bb0(%a: tensor<0x3xf32>):
    %n = tg.neg %a : tensor<0x3xf32>
    tg.yield %n : tensor<0x3xf32>
  }
  return %0 : tensor<0x3xf32>
}

// -----

// An input without elements is not passed: the kernel's loops over it run
// zero times, on an empty tensor of its type (here a product over nothing
// leaves the identity 1).
// CHECK-LABEL: func.func @empty_input(
// CHECK:         call @r_2_0(%{{.+}}) : (tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK-LABEL: func.func private @r_2_0(
// CHECK-SAME:      %[[OUT:[a-z0-9]+]]: tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK:         tensor.empty() : tensor<2x0xf32>
// CHECK:         linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : tensor<2x1xf32>)
func.func @empty_input(%x: tensor<2x0xf32>) -> tensor<2x1xf32> {
  %0 = tg.kernel(%x) {name = "r_2_0"} : (tensor<2x0xf32>) -> tensor<2x1xf32> {
  ^bb0(%a: tensor<2x0xf32>):
    %r = tg.reduce mul %a [1] : tensor<2x0xf32> -> tensor<2x1xf32>
    tg.yield %r : tensor<2x1xf32>
  }
  return %0 : tensor<2x1xf32>
}

// -----

// tg.copy (the program runs on one device) is the value materialized in a
// new tensor: a buffer copy after bufferization.
// CHECK-LABEL: func.func @copy(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[NEW:.+]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[C:.+]] = bufferization.materialize_in_destination %[[X]] in %[[NEW]]
// CHECK:         return %[[C]]
func.func @copy(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.copy %x to "CPU" : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A kernel that ends in a tg.pad leaves zeros around its value: the kernel
// reading its result learns where (tg.zero_border on that argument). A pad
// with more work after it (a where that may fill the border) tells nothing,
// nor does the pad kernel's own input.
// CHECK-LABEL: func.func private @k_pad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<2x3xf32>, %{{[a-z0-9]+}}: tensor<2x7xf32>) -> tensor<2x7xf32> attributes {tg.kernel}
// CHECK-LABEL: func.func private @k_pad_then_where(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<2x3xf32>, %{{[a-z0-9]+}}: tensor<2x7xi1>, %{{[a-z0-9]+}}: tensor<2x7xf32>) -> tensor<2x7xf32> attributes {tg.kernel}
// CHECK-LABEL: func.func private @k_read(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<2x7xf32> {tg.zero_border = #tg.zero_border<low = [0, 1], high = [0, 3]>},
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<2x7xf32>,
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<2x7xf32>) -> tensor<2x7xf32> attributes {tg.kernel}
// CHECK-LABEL: func.func private @k_after(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<2x7xf32>, %{{[a-z0-9]+}}: tensor<2x7xf32>) -> tensor<2x7xf32> attributes {tg.kernel}
func.func @padded(%x: tensor<2x3xf32>, %c: tensor<2x7xi1>) -> tensor<2x7xf32> {
  %p = tg.kernel(%x) {name = "k_pad"} : (tensor<2x3xf32>) -> tensor<2x7xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %r = tg.pad %a low [0, 1] high [0, 3] : tensor<2x3xf32> -> tensor<2x7xf32>
    tg.yield %r : tensor<2x7xf32>
  }
  %q = tg.kernel(%x, %c) {name = "k_pad_then_where"} : (tensor<2x3xf32>, tensor<2x7xi1>) -> tensor<2x7xf32> {
  ^bb0(%a: tensor<2x3xf32>, %m: tensor<2x7xi1>):
    %r = tg.pad %a low [0, 1] high [0, 3] : tensor<2x3xf32> -> tensor<2x7xf32>
    %one = tg.const 1.0 : tensor<2x7xf32>
    %w = tg.where %m, %r, %one : tensor<2x7xf32>
    tg.yield %w : tensor<2x7xf32>
  }
  %s = tg.kernel(%p, %q) {name = "k_read"} : (tensor<2x7xf32>, tensor<2x7xf32>) -> tensor<2x7xf32> {
  ^bb0(%a: tensor<2x7xf32>, %b: tensor<2x7xf32>):
    %r = tg.add %a, %b : tensor<2x7xf32>
    tg.yield %r : tensor<2x7xf32>
  }
  // Values made after the pad's kernel was outlined know nothing of it.
  %t = tg.kernel(%s) {name = "k_after"} : (tensor<2x7xf32>) -> tensor<2x7xf32> {
  ^bb0(%a: tensor<2x7xf32>):
    %r = tg.neg %a : tensor<2x7xf32>
    tg.yield %r : tensor<2x7xf32>
  }
  return %t : tensor<2x7xf32>
}
