// RUN: tg-opt %s -split-input-file --tg-to-linalg --mlir-print-local-scope | FileCheck %s

// Reductions: one linalg.generic per tg.reduce, looping over the reduce's
// input shape (reduced axes are "reduction" iterators), accumulating from
// the reduction's identity (a linalg.fill) into a tensor with the reduced
// axes kept as size 1. A reduce that is the kernel's result, or reaches it
// through a reshape that only adds or drops size-1 axes, accumulates
// straight into the kernel's output. The iteration-domain input (a
// tensor.empty shaped like the loops) is dropped once the promoted reads
// bound every loop.

// A row sum: the output is the accumulator, x bounds both loops.
// CHECK-LABEL: func.func private @k_row_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x1xf32>) -> tensor<4x1xf32> attributes {tg.kernel}
// CHECK:         %[[ZERO:.+]] = tg.const 0.000000e+00 : f32
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[OUT]] : tensor<4x1xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<4x5xf32>) outs(%[[INIT]] : tensor<4x1xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[R]] : tensor<4x1xf32>
func.func @row_sum(%x: tensor<4x5xf32>) -> tensor<4x1xf32> {
  %0 = tg.kernel(%x) {name = "k_row_sum"} : (tensor<4x5xf32>) -> tensor<4x1xf32> {
  ^bb0(%a: tensor<4x5xf32>):
    %r = tg.reduce add %a [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    tg.yield %r : tensor<4x1xf32>
  }
  return %0 : tensor<4x1xf32>
}

// -----

// Reducing every axis with mul: identity 1, both loops are reductions.
// CHECK-LABEL: func.func private @k_prod_all(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xi64>, %[[OUT:[a-z0-9]+]]: tensor<1x1xi64>)
// CHECK:         %[[ONE:.+]] = tg.const 1 : i64
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ONE]] : i64) outs(%[[OUT]] : tensor<1x1xi64>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, 0)>]
// CHECK-SAME:      iterator_types = ["reduction", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<4x5xi64>) outs(%[[INIT]] : tensor<1x1xi64>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: i64, %[[ACC:[a-z0-9_]+]]: i64):
// CHECK-NEXT:      %[[P:.+]] = tg.mul %[[ACC]], %[[IN]] : i64
// CHECK-NEXT:      linalg.yield %[[P]] : i64
func.func @prod_all(%x: tensor<4x5xi64>) -> tensor<1x1xi64> {
  %0 = tg.kernel(%x) {name = "k_prod_all"} : (tensor<4x5xi64>) -> tensor<1x1xi64> {
  ^bb0(%a: tensor<4x5xi64>):
    %r = tg.reduce mul %a [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
    tg.yield %r : tensor<1x1xi64>
  }
  return %0 : tensor<1x1xi64>
}

// -----

// max of floats starts at -inf.
// CHECK-LABEL: func.func private @k_max_f32(
// CHECK:         %[[NEGINF:.+]] = tg.const 0xFF800000 : f32
// CHECK:         linalg.fill ins(%[[NEGINF]] : f32)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>]
// CHECK-SAME:      iterator_types = ["reduction", "parallel"]
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[M:.+]] = tg.max %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
func.func @max_f32(%x: tensor<4x5xf32>) -> tensor<1x5xf32> {
  %0 = tg.kernel(%x) {name = "k_max_f32"} : (tensor<4x5xf32>) -> tensor<1x5xf32> {
  ^bb0(%a: tensor<4x5xf32>):
    %r = tg.reduce max %a [0] : tensor<4x5xf32> -> tensor<1x5xf32>
    tg.yield %r : tensor<1x5xf32>
  }
  return %0 : tensor<1x5xf32>
}

// -----

// max of bf16 starts at -inf too.
// CHECK-LABEL: func.func private @k_max_bf16(
// CHECK:         %[[NEGINF:.+]] = tg.const 0xFF80 : bf16
// CHECK:         linalg.fill ins(%[[NEGINF]] : bf16)
func.func @max_bf16(%x: tensor<8xbf16>) -> tensor<1xbf16> {
  %0 = tg.kernel(%x) {name = "k_max_bf16"} : (tensor<8xbf16>) -> tensor<1xbf16> {
  ^bb0(%a: tensor<8xbf16>):
    %r = tg.reduce max %a [0] : tensor<8xbf16> -> tensor<1xbf16>
    tg.yield %r : tensor<1xbf16>
  }
  return %0 : tensor<1xbf16>
}

// -----

// max of signed integers starts at the lowest value.
// CHECK-LABEL: func.func private @k_max_i32(
// CHECK:         %[[MIN:.+]] = tg.const -2147483648 : i32
// CHECK:         linalg.fill ins(%[[MIN]] : i32)
// CHECK:         tg.max %{{.+}}, %{{.+}} : i32
func.func @max_i32(%x: tensor<7xi32>) -> tensor<1xi32> {
  %0 = tg.kernel(%x) {name = "k_max_i32"} : (tensor<7xi32>) -> tensor<1xi32> {
  ^bb0(%a: tensor<7xi32>):
    %r = tg.reduce max %a [0] : tensor<7xi32> -> tensor<1xi32>
    tg.yield %r : tensor<1xi32>
  }
  return %0 : tensor<1xi32>
}

// -----

// max of unsigned integers starts at 0.
// CHECK-LABEL: func.func private @k_max_ui16(
// CHECK:         %[[ZERO:.+]] = tg.const 0 : ui16
// CHECK:         linalg.fill ins(%[[ZERO]] : ui16)
// CHECK:         tg.max %{{.+}}, %{{.+}} : ui16
func.func @max_ui16(%x: tensor<7xui16>) -> tensor<1xui16> {
  %0 = tg.kernel(%x) {name = "k_max_ui16"} : (tensor<7xui16>) -> tensor<1xui16> {
  ^bb0(%a: tensor<7xui16>):
    %r = tg.reduce max %a [0] : tensor<7xui16> -> tensor<1xui16>
    tg.yield %r : tensor<1xui16>
  }
  return %0 : tensor<1xui16>
}

// -----

// any(): max of bool starts at false (and max on bool is or).
// CHECK-LABEL: func.func private @k_any(
// CHECK:         %[[FALSE:.+]] = tg.const false : i1
// CHECK:         linalg.fill ins(%[[FALSE]] : i1)
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: i1, %[[ACC:[a-z0-9_]+]]: i1):
// CHECK-NEXT:      %[[OR:.+]] = tg.or %[[ACC]], %[[IN]] : i1
// CHECK-NEXT:      linalg.yield %[[OR]] : i1
func.func @any(%x: tensor<4xi1>) -> tensor<1xi1> {
  %0 = tg.kernel(%x) {name = "k_any"} : (tensor<4xi1>) -> tensor<1xi1> {
  ^bb0(%a: tensor<4xi1>):
    %r = tg.reduce max %a [0] : tensor<4xi1> -> tensor<1xi1>
    tg.yield %r : tensor<1xi1>
  }
  return %0 : tensor<1xi1>
}

// -----

// A matmul: the reduce's [2, 4, 1] result reaches the [2, 4] output through
// a reshape that only drops a size-1 axis, so the reduction accumulates into
// the output and the kernel is one generic. The expanded and permuted
// operands read a[i, k] and b[k, j].
// CHECK-LABEL: func.func private @k_matmul(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<2x3xf32>, %[[B:[a-z0-9]+]]: tensor<3x4xf32>, %[[OUT:[a-z0-9]+]]: tensor<2x4xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : tensor<2x4xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK-NEXT:    ^bb0(%[[X:[a-z0-9_]+]]: f32, %[[Y:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = tg.mul %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]] : tensor<2x4xf32>
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = tg.kernel(%a, %b) {name = "k_matmul"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> {
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>):
    %xr = tg.reshape %x : tensor<2x3xf32> to tensor<2x1x3xf32>
    %xe = tg.expand %xr : tensor<2x1x3xf32> to tensor<2x4x3xf32>
    %yt = tg.permute %y [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
    %yr = tg.reshape %yt : tensor<4x3xf32> to tensor<1x4x3xf32>
    %ye = tg.expand %yr : tensor<1x4x3xf32> to tensor<2x4x3xf32>
    %m = tg.mul %xe, %ye : tensor<2x4x3xf32>
    %s = tg.reduce add %m [2] : tensor<2x4x3xf32> -> tensor<2x4x1xf32>
    %r = tg.reshape %s : tensor<2x4x1xf32> to tensor<2x4xf32>
    tg.yield %r : tensor<2x4xf32>
  }
  return %0 : tensor<2x4xf32>
}

// -----

// A reshape that moves the size-1 axis ([4, 1] -> [1, 4]) also writes the
// output directly: its kept axis 0 lands in output axis 1.
// CHECK-LABEL: func.func private @k_row_sum_transposed(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xf32>, %[[OUT:[a-z0-9]+]]: tensor<1x4xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : tensor<1x4xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<4x5xf32>) outs(%[[INIT]] : tensor<1x4xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @row_sum_transposed(%x: tensor<4x5xf32>) -> tensor<1x4xf32> {
  %0 = tg.kernel(%x) {name = "k_row_sum_transposed"} : (tensor<4x5xf32>) -> tensor<1x4xf32> {
  ^bb0(%a: tensor<4x5xf32>):
    %s = tg.reduce add %a [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    %r = tg.reshape %s : tensor<4x1xf32> to tensor<1x4xf32>
    tg.yield %r : tensor<1x4xf32>
  }
  return %0 : tensor<1x4xf32>
}

// -----

// Reducing to a rank-0 output: the output map has no results.
// CHECK-LABEL: func.func private @k_max_scalar(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<5xi32>, %[[OUT:[a-z0-9]+]]: tensor<i32>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : i32) outs(%[[OUT]] : tensor<i32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>]
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<5xi32>) outs(%[[INIT]] : tensor<i32>)
// CHECK:         return %[[R]] : tensor<i32>
func.func @max_scalar(%x: tensor<5xi32>) -> tensor<i32> {
  %0 = tg.kernel(%x) {name = "k_max_scalar"} : (tensor<5xi32>) -> tensor<i32> {
  ^bb0(%a: tensor<5xi32>):
    %r = tg.reduce max %a [0] : tensor<5xi32> -> tensor<1xi32>
    %o = tg.reshape %r : tensor<1xi32> to tensor<i32>
    tg.yield %o : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// A reshape that reorders the kept axes ([2, 3, 1] -> [3, 2]) is more than
// adding or dropping size-1 axes: the reduction goes to a temporary and a
// second stage copies it through the reshape's index arithmetic.
// CHECK-LABEL: func.func private @k_sum_then_regroup(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3x4xf32>, %[[OUT:[a-z0-9]+]]: tensor<3x2xf32>)
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C2:.+]] = tg.const 2 : index
// CHECK-DAG:     %[[C3:.+]] = tg.const 3 : index
// CHECK:         %[[TMP:.+]] = tensor.empty() : tensor<2x3x1xf32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[TMP]] : tensor<2x3x1xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<2x3x1xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      outs(%[[OUT]] : tensor<3x2xf32>)
// CHECK-DAG:       %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[J:.+]] = linalg.index 1 : index
// CHECK-DAG:       %[[I2:.+]] = tg.mul %[[I]], %[[C2]] : index
// CHECK-DAG:       %[[FLAT:.+]] = tg.add %[[I2]], %[[J]] : index
// CHECK-DAG:       %[[MOD:.+]] = tg.floormod %[[FLAT]], %[[C3]] : index
// CHECK-DAG:       %[[DIV:.+]] = tg.floordiv %[[FLAT]], %[[C3]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[SUM]][%[[DIV]], %[[MOD]], %[[C0]]] : tensor<2x3x1xf32>
// CHECK:           linalg.yield %[[V]] : f32
// CHECK:         return %[[R]] : tensor<3x2xf32>
func.func @sum_then_regroup(%x: tensor<2x3x4xf32>) -> tensor<3x2xf32> {
  %0 = tg.kernel(%x) {name = "k_sum_then_regroup"} : (tensor<2x3x4xf32>) -> tensor<3x2xf32> {
  ^bb0(%a: tensor<2x3x4xf32>):
    %r = tg.reduce add %a [2] : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
    %o = tg.reshape %r : tensor<2x3x1xf32> to tensor<3x2xf32>
    tg.yield %o : tensor<3x2xf32>
  }
  return %0 : tensor<3x2xf32>
}

// -----

// A reduce with another use besides the reshape does not write the output
// directly, even though the reshape only drops a size-1 axis.
// CHECK-LABEL: func.func private @k_sum_two_uses(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xf32>, %[[OUT:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[TMP:.+]] = tensor.empty() : tensor<4x1xf32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[TMP]] : tensor<4x1xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:      outs(%[[INIT]] : tensor<4x1xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0, 0)>, affine_map<(d0) -> (d0)>]
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      ins(%[[SUM]] : tensor<4x1xf32>) outs(%[[OUT]] : tensor<4xf32>)
// CHECK:         return %[[R]] : tensor<4xf32>
func.func @sum_two_uses(%x: tensor<4x5xf32>) -> tensor<4xf32> {
  %0 = tg.kernel(%x) {name = "k_sum_two_uses"} : (tensor<4x5xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x5xf32>):
    %s = tg.reduce add %a [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    %unused = tg.exp2 %s : tensor<4x1xf32>
    %r = tg.reshape %s : tensor<4x1xf32> to tensor<4xf32>
    tg.yield %r : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// Elementwise work after a reduction: the reduction goes to a temporary, the
// output stage reads it at (i, 0).
// CHECK-LABEL: func.func private @k_max_then_exp(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x1xf32>)
// CHECK:         %[[TMP:.+]] = tensor.empty() : tensor<4x1xf32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[TMP]] : tensor<4x1xf32>)
// CHECK:         %[[MAX:.+]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<4x5xf32>) outs(%[[INIT]] : tensor<4x1xf32>)
// CHECK:           tg.max
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[MAX]] : tensor<4x1xf32>) outs(%[[OUT]] : tensor<4x1xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:      %[[E:.+]] = tg.exp2 %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
// CHECK:         return %[[R]] : tensor<4x1xf32>
func.func @max_then_exp(%x: tensor<4x5xf32>) -> tensor<4x1xf32> {
  %0 = tg.kernel(%x) {name = "k_max_then_exp"} : (tensor<4x5xf32>) -> tensor<4x1xf32> {
  ^bb0(%a: tensor<4x5xf32>):
    %m = tg.reduce max %a [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    %e = tg.exp2 %m : tensor<4x1xf32>
    tg.yield %e : tensor<4x1xf32>
  }
  return %0 : tensor<4x1xf32>
}

// -----

// Two reductions in one kernel (softmax's denominator): the max is a stage
// of its own; the sum reads x and the max, broadcast along the reduced axis.
// CHECK-LABEL: func.func private @k_sum_exp_shifted(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x1xf32>)
// CHECK-DAG:     %[[NEGINF:.+]] = tg.const 0xFF800000 : f32
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0.000000e+00 : f32
// CHECK:         %[[TMP:.+]] = tensor.empty() : tensor<4x1xf32>
// CHECK:         %[[MINIT:.+]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%[[TMP]] : tensor<4x1xf32>)
// CHECK:         %[[MAX:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<4x5xf32>) outs(%[[MINIT]] : tensor<4x1xf32>)
// CHECK:         %[[SINIT:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[OUT]] : tensor<4x1xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]], %[[MAX]] : tensor<4x5xf32>, tensor<4x1xf32>) outs(%[[SINIT]] : tensor<4x1xf32>)
// CHECK:           tg.exp2
// CHECK:         return %[[SUM]] : tensor<4x1xf32>
func.func @sum_exp_shifted(%x: tensor<4x5xf32>) -> tensor<4x1xf32> {
  %0 = tg.kernel(%x) {name = "k_sum_exp_shifted"} : (tensor<4x5xf32>) -> tensor<4x1xf32> {
  ^bb0(%a: tensor<4x5xf32>):
    %m = tg.reduce max %a [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    %e = tg.expand %m : tensor<4x1xf32> to tensor<4x5xf32>
    %d = tg.sub %a, %e : tensor<4x5xf32>
    %x2 = tg.exp2 %d : tensor<4x5xf32>
    %s = tg.reduce add %x2 [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    tg.yield %s : tensor<4x1xf32>
  }
  return %0 : tensor<4x1xf32>
}

// -----

// x.sum() + y: the scalar sum is a stage, broadcast by the output stage.
// CHECK-LABEL: func.func private @k_sum_plus(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<5xf32>, %[[Y:[a-z0-9]+]]: tensor<5xf32>, %[[OUT:[a-z0-9]+]]: tensor<5xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>]
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<5xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      ins(%[[SUM]], %[[Y]] : tensor<1xf32>, tensor<5xf32>) outs(%[[OUT]] : tensor<5xf32>)
func.func @sum_plus(%x: tensor<5xf32>, %y: tensor<5xf32>) -> tensor<5xf32> {
  %0 = tg.kernel(%x, %y) {name = "k_sum_plus"} : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32> {
  ^bb0(%a: tensor<5xf32>, %b: tensor<5xf32>):
    %s = tg.reduce add %a [0] : tensor<5xf32> -> tensor<1xf32>
    %e = tg.expand %s : tensor<1xf32> to tensor<5xf32>
    %r = tg.add %e, %b : tensor<5xf32>
    tg.yield %r : tensor<5xf32>
  }
  return %0 : tensor<5xf32>
}

// -----

// expand then reduce: x is read at (i, 0), which bounds no reduction loop,
// so the iteration-domain input stays.
// CHECK-LABEL: func.func private @k_expand_then_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x1xf32>, %[[OUT:[a-z0-9]+]]: tensor<4x1xf32>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : tensor<4x1xf32>)
// CHECK:         %[[DOMAIN:.+]] = tensor.empty() : tensor<4x5xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[DOMAIN]], %[[X]] : tensor<4x5xf32>, tensor<4x1xf32>) outs(%[[INIT]] : tensor<4x1xf32>)
// CHECK-NEXT:    ^bb0(%{{[a-z0-9_]+}}: f32, %[[IN:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @expand_then_sum(%x: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %0 = tg.kernel(%x) {name = "k_expand_then_sum"} : (tensor<4x1xf32>) -> tensor<4x1xf32> {
  ^bb0(%a: tensor<4x1xf32>):
    %e = tg.expand %a : tensor<4x1xf32> to tensor<4x5xf32>
    %r = tg.reduce add %e [1] : tensor<4x5xf32> -> tensor<4x1xf32>
    tg.yield %r : tensor<4x1xf32>
  }
  return %0 : tensor<4x1xf32>
}

// -----

// A size-1 loop that no read indexes (x is read at (i, 0, k)) keeps the
// domain input too.
// CHECK-LABEL: func.func private @k_max_unit_axis(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x1x5xui8>, %[[OUT:[a-z0-9]+]]: tensor<1x4xui8>)
// CHECK:         %[[DOMAIN:.+]] = tensor.empty() : tensor<4x1x5xui8>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (0, d0)>]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[DOMAIN]], %[[X]] : tensor<4x1x5xui8>, tensor<4x1x5xui8>)
func.func @max_unit_axis(%x: tensor<4x1x5xui8>) -> tensor<1x4xui8> {
  %0 = tg.kernel(%x) {name = "k_max_unit_axis"} : (tensor<4x1x5xui8>) -> tensor<1x4xui8> {
  ^bb0(%a: tensor<4x1x5xui8>):
    %r = tg.reduce max %a [2] : tensor<4x1x5xui8> -> tensor<4x1x1xui8>
    %o = tg.reshape %r : tensor<4x1x1xui8> to tensor<1x4xui8>
    tg.yield %o : tensor<1x4xui8>
  }
  return %0 : tensor<1x4xui8>
}

// -----

// A reduction of a constant reads nothing: the domain input bounds the loop.
// CHECK-LABEL: func.func private @k_const_sum(
// CHECK-SAME:      %[[OUT:[a-z0-9]+]]: tensor<1xf16>)
// CHECK-DAG:     %[[TWO:.+]] = tg.const 2.000000e+00 : f16
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0.000000e+00 : f16
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f16) outs(%[[OUT]] : tensor<1xf16>)
// CHECK:         %[[DOMAIN:.+]] = tensor.empty() : tensor<7xf16>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>]
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[DOMAIN]] : tensor<7xf16>) outs(%[[INIT]] : tensor<1xf16>)
// CHECK-NEXT:    ^bb0(%{{[a-z0-9_]+}}: f16, %[[ACC:[a-z0-9_]+]]: f16):
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[ACC]], %[[TWO]] : f16
// CHECK-NEXT:      linalg.yield %[[S]] : f16
func.func @const_sum() -> tensor<1xf16> {
  %0 = tg.kernel {name = "k_const_sum"} : () -> tensor<1xf16> {
    %c = tg.const 2.0 : tensor<7xf16>
    %r = tg.reduce add %c [0] : tensor<7xf16> -> tensor<1xf16>
    tg.yield %r : tensor<1xf16>
  }
  return %0 : tensor<1xf16>
}

// -----

// A reduction over a reshape of a permuted view: the read is not affine, so
// it stays a tensor.extract and the domain input keeps bounding the loop.
// CHECK-LABEL: func.func private @k_sum_of_transposed_flat(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[OUT:[a-z0-9]+]]: tensor<1xf32>)
// CHECK-DAG:     %[[C2:.+]] = tg.const 2 : index
// CHECK:         %[[DOMAIN:.+]] = tensor.empty() : tensor<6xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>]
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[DOMAIN]] : tensor<6xf32>)
// CHECK:           %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[MOD:.+]] = tg.floormod %[[I]], %[[C2]] : index
// CHECK-DAG:       %[[DIV:.+]] = tg.floordiv %[[I]], %[[C2]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[MOD]], %[[DIV]]] : tensor<2x3xf32>
// CHECK:           tg.add %{{.+}}, %[[V]] : f32
func.func @sum_of_transposed_flat(%x: tensor<2x3xf32>) -> tensor<1xf32> {
  %0 = tg.kernel(%x) {name = "k_sum_of_transposed_flat"} : (tensor<2x3xf32>) -> tensor<1xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %t = tg.permute %a [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
    %r = tg.reshape %t : tensor<3x2xf32> to tensor<6xf32>
    %s = tg.reduce add %r [0] : tensor<6xf32> -> tensor<1xf32>
    tg.yield %s : tensor<1xf32>
  }
  return %0 : tensor<1xf32>
}
