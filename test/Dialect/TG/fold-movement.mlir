// Folds of movement, reduce and where ops: a movement op that changes nothing
// is its operand, one applied to a constant is a constant of the new shape,
// and reductions of constants fold where the result is exact.
// RUN: tg-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<2x1x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @identities(%x: tensor<2x1x3xf32>) -> tensor<2x1x3xf32> {
  %0 = tg.reshape %x : tensor<2x1x3xf32> to tensor<2x1x3xf32>
  %1 = tg.permute %0 [0, 1, 2] : tensor<2x1x3xf32> -> tensor<2x1x3xf32>
  %2 = tg.expand %1 : tensor<2x1x3xf32> to tensor<2x1x3xf32>
  %3 = tg.pad %2 low [0, 0, 0] high [0, 0, 0] : tensor<2x1x3xf32> -> tensor<2x1x3xf32>
  %4 = tg.shrink %3 begin [0, 0, 0] end [2, 1, 3] : tensor<2x1x3xf32> -> tensor<2x1x3xf32>
  %5 = tg.flip %4 [1] : tensor<2x1x3xf32>
  %6 = tg.reduce add %5 [1] : tensor<2x1x3xf32> -> tensor<2x1x3xf32>
  return %6 : tensor<2x1x3xf32>
}

// -----

// CHECK-LABEL: func @not_identities
// CHECK: tg.permute
// CHECK: tg.flip
// CHECK: tg.reduce
func.func @not_identities(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x1xf32>) {
  %0 = tg.permute %x [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = tg.flip %x [1] : tensor<2x3xf32>
  %2 = tg.reduce max %x [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x1xf32>
}

// -----

// CHECK-LABEL: func @movement_of_constants
// CHECK-DAG: tg.const 7 : tensor<6xi32>
// CHECK-DAG: tg.const 7 : tensor<3x2xi32>
// CHECK-DAG: tg.const 7 : tensor<4x3xi32>
// CHECK-DAG: tg.const 7 : tensor<1x2xi32>
// CHECK-DAG: tg.const 0 : tensor<4x5xi32>
// CHECK-NOT: tg.reshape
// CHECK-NOT: tg.permute
// CHECK-NOT: tg.expand
// CHECK-NOT: tg.shrink
func.func @movement_of_constants() -> (tensor<6xi32>, tensor<3x2xi32>, tensor<4x3xi32>, tensor<1x2xi32>, tensor<2x3xi32>, tensor<4x5xi32>) {
  %c = tg.const 7 : tensor<2x3xi32>
  %c1 = tg.const 7 : tensor<1x3xi32>
  %z = tg.const 0 : tensor<2x3xi32>
  %0 = tg.reshape %c : tensor<2x3xi32> to tensor<6xi32>
  %1 = tg.permute %c [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>
  %2 = tg.expand %c1 : tensor<1x3xi32> to tensor<4x3xi32>
  %3 = tg.shrink %c begin [0, 1] end [1, 3] : tensor<2x3xi32> -> tensor<1x2xi32>
  %4 = tg.flip %c [0, 1] : tensor<2x3xi32>
  %5 = tg.pad %z low [1, 1] high [1, 1] : tensor<2x3xi32> -> tensor<4x5xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<6xi32>, tensor<3x2xi32>, tensor<4x3xi32>, tensor<1x2xi32>, tensor<2x3xi32>, tensor<4x5xi32>
}

// -----

// A pad of a non-zero constant is not a splat: it stays.
// CHECK-LABEL: func @pad_of_nonzero_constant
// CHECK: tg.pad
func.func @pad_of_nonzero_constant() -> tensor<4xf32> {
  %c = tg.const 1.0 : tensor<2xf32>
  %0 = tg.pad %c low [1] high [1] : tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// -0.0 padded with +0.0 is not a splat either.
// CHECK-LABEL: func @pad_of_negative_zero
// CHECK: tg.pad
func.func @pad_of_negative_zero() -> tensor<4xf32> {
  %c = tg.const -0.0 : tensor<2xf32>
  %0 = tg.pad %c low [1] high [1] : tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @reduce_of_constants
// CHECK-DAG: tg.const 30 : tensor<2x1xi32>
// CHECK-DAG: tg.const 32 : tensor<1x1xui8>
// CHECK-DAG: tg.const 1.500000e+00 : tensor<1x3xf32>
// CHECK-NOT: tg.reduce
func.func @reduce_of_constants() -> (tensor<2x1xi32>, tensor<1x1xui8>, tensor<1x3xf32>) {
  %a = tg.const 10 : tensor<2x3xi32>
  %b = tg.const 2 : tensor<5x1xui8>
  %c = tg.const 1.5 : tensor<2x3xf32>
  %0 = tg.reduce add %a [1] : tensor<2x3xi32> -> tensor<2x1xi32>
  %1 = tg.reduce mul %b [0] : tensor<5x1xui8> -> tensor<1x1xui8>
  %2 = tg.reduce max %c [0] : tensor<2x3xf32> -> tensor<1x3xf32>
  return %0, %1, %2 : tensor<2x1xi32>, tensor<1x1xui8>, tensor<1x3xf32>
}

// -----

// Reductions over no elements give the identity, whatever the constant:
// the lowest value for max, 0 for add, 1 for mul. A result with no
// elements folds too.
// CHECK-LABEL: func @reduce_of_nothing
// CHECK-DAG: tg.const 0xFF800000 : tensor<2x1xf32>
// CHECK-DAG: tg.const false : tensor<2x1xi1>
// CHECK-DAG: tg.const -128 : tensor<1xi8>
// CHECK-DAG: tg.const 0 : tensor<1xi32>
// CHECK-DAG: tg.const 1 : tensor<1xi32>
// CHECK-NOT: tg.reduce
func.func @reduce_of_nothing() -> (tensor<2x1xf32>, tensor<2x1xi1>, tensor<1xi8>, tensor<1xi32>, tensor<1xi32>, tensor<0x1xi32>) {
  %f = tg.const 5.0 : tensor<2x0xf32>
  %b = tg.const true : tensor<2x0xi1>
  %i8 = tg.const 7 : tensor<0xi8>
  %i = tg.const 7 : tensor<0xi32>
  %e = tg.const 7 : tensor<0x3xi32>
  %0 = tg.reduce max %f [1] : tensor<2x0xf32> -> tensor<2x1xf32>
  %1 = tg.reduce max %b [1] : tensor<2x0xi1> -> tensor<2x1xi1>
  %2 = tg.reduce max %i8 [0] : tensor<0xi8> -> tensor<1xi8>
  %3 = tg.reduce add %i [0] : tensor<0xi32> -> tensor<1xi32>
  %4 = tg.reduce mul %i [0] : tensor<0xi32> -> tensor<1xi32>
  %5 = tg.reduce add %e [1] : tensor<0x3xi32> -> tensor<0x1xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x1xf32>, tensor<2x1xi1>, tensor<1xi8>, tensor<1xi32>, tensor<1xi32>, tensor<0x1xi32>
}

// -----

// Sums of float constants depend on the order of the additions: not folded.
// CHECK-LABEL: func @float_sum_of_constants
// CHECK: tg.reduce add
func.func @float_sum_of_constants() -> tensor<1xf32> {
  %c = tg.const 0.1 : tensor<10xf32>
  %0 = tg.reduce add %c [0] : tensor<10xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// CHECK-LABEL: func @where_folds
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<4xi1>)
// CHECK-NEXT: return %[[A]], %[[B]], %[[A]]
func.func @where_folds(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = tg.const true : tensor<4xi1>
  %f = tg.const false : tensor<4xi1>
  %0 = tg.where %t, %a, %b : tensor<4xf32>
  %1 = tg.where %f, %a, %b : tensor<4xf32>
  %2 = tg.where %c, %a, %a : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
