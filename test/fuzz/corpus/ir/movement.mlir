// Movement ops through the whole CPU pipeline on x = [[1, 2, 3], [4, 5, 6]],
// expected values worked out by hand.

// RUN: tg-run %s --function=views --input=1,2,3,4,5,6 --input=7,8,9 | FileCheck %s --check-prefix=VIEWS
// VIEWS: result #0: tensor<3x2xi32> = {{\[\[}}1, 4], [2, 5], [3, 6]]
// VIEWS: result #1: tensor<3x5xi32> = {{\[\[}}0, 0, 0, 0, 0], [1, 2, 3, 0, 0], [4, 5, 6, 0, 0]]
// VIEWS: result #2: tensor<2x2xi32> = {{\[\[}}2, 3], [5, 6]]
// VIEWS: result #3: tensor<2x3xi32> = {{\[\[}}3, 2, 1], [6, 5, 4]]
// VIEWS: result #4: tensor<2x3xi32> = {{\[\[}}6, 5, 4], [3, 2, 1]]
// VIEWS: result #5: tensor<2x3xi32> = {{\[\[}}7, 8, 9], [7, 8, 9]]
// VIEWS: result #6: tensor<3x2xi32> = {{\[\[}}1, 2], [3, 4], [5, 6]]
func.func @views(%x: tensor<2x3xi32>, %y: tensor<1x3xi32>) -> (tensor<3x2xi32>, tensor<3x5xi32>, tensor<2x2xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<3x2xi32>) {
  %0 = tg.permute %x [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>
  %1 = tg.pad %x low [1, 0] high [0, 2] : tensor<2x3xi32> -> tensor<3x5xi32>
  %2 = tg.shrink %x begin [0, 1] end [2, 3] : tensor<2x3xi32> -> tensor<2x2xi32>
  %3 = tg.flip %x [1] : tensor<2x3xi32>
  %4 = tg.flip %x [0, 1] : tensor<2x3xi32>
  %5 = tg.expand %y : tensor<1x3xi32> to tensor<2x3xi32>
  %6 = tg.reshape %x : tensor<2x3xi32> to tensor<3x2xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3x2xi32>, tensor<3x5xi32>, tensor<2x2xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<3x2xi32>
}

// Chains: a reshape of a permuted view (the permute is materialized), pad
// then permute then shrink, and a shrink that reaches into the padding.
// RUN: tg-run %s --function=chains --input=1,2,3,4,5,6 | FileCheck %s --check-prefix=CHAINS
// CHAINS: result #0: tensor<6xi32> = [1, 4, 2, 5, 3, 6]
// CHAINS: result #1: tensor<3x2xi32> = {{\[\[}}4, 0], [5, 0], [6, 0]]
// CHAINS: result #2: tensor<3x3xi32> = {{\[\[}}2, 3, 0], [5, 6, 0], [0, 0, 0]]
// CHAINS: result #3: tensor<3x2x2xi32> = {{\[\[\[}}1, 1], [4, 4]], {{\[\[}}2, 2], [5, 5]], {{\[\[}}3, 3], [6, 6]]]
func.func @chains(%x: tensor<2x3xi32>) -> (tensor<6xi32>, tensor<3x2xi32>, tensor<3x3xi32>, tensor<3x2x2xi32>) {
  %t = tg.permute %x [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>
  %0 = tg.reshape %t : tensor<3x2xi32> to tensor<6xi32>
  // [[0, 1, 2, 3], [0, 4, 5, 6], [0, 0, 0, 0]] -> transposed -> rows 1..3, columns 1..2
  %p = tg.pad %x low [0, 1] high [1, 0] : tensor<2x3xi32> -> tensor<3x4xi32>
  %pt = tg.permute %p [1, 0] : tensor<3x4xi32> -> tensor<4x3xi32>
  %1 = tg.shrink %pt begin [1, 1] end [4, 3] : tensor<4x3xi32> -> tensor<3x2xi32>
  // a border of zeros all around, then rows 1..3, columns 2..4
  %q = tg.pad %x low [1, 1] high [1, 1] : tensor<2x3xi32> -> tensor<4x5xi32>
  %2 = tg.shrink %q begin [1, 2] end [4, 5] : tensor<4x5xi32> -> tensor<3x3xi32>
  // split an axis, expand the new one, and permute
  %r = tg.reshape %x : tensor<2x3xi32> to tensor<2x3x1xi32>
  %e = tg.expand %r : tensor<2x3x1xi32> to tensor<2x3x2xi32>
  %3 = tg.permute %e [1, 0, 2] : tensor<2x3x2xi32> -> tensor<3x2x2xi32>
  return %0, %1, %2, %3 : tensor<6xi32>, tensor<3x2xi32>, tensor<3x3xi32>, tensor<3x2x2xi32>
}

// Element sizes other than 4 bytes, and pad's zero for bool (false) and
// floats (+0).
// RUN: tg-run %s --function=dtypes --input=true,true --input=1.5,-2,65504 --input=18446744073709551615,1 | FileCheck %s --check-prefix=DTYPES
// DTYPES: result #0: tensor<4xi1> = [false, true, true, false]
// DTYPES: result #1: tensor<4xf16> = [65504, -2, 1.5, 0]
// DTYPES: result #2: tensor<2x2xui64> = {{\[\[}}18446744073709551615, 1], [18446744073709551615, 1]]
func.func @dtypes(%b: tensor<2xi1>, %h: tensor<3xf16>, %u: tensor<1x2xui64>) -> (tensor<4xi1>, tensor<4xf16>, tensor<2x2xui64>) {
  %0 = tg.pad %b low [1] high [1] : tensor<2xi1> -> tensor<4xi1>
  %f = tg.flip %h [0] : tensor<3xf16>
  %1 = tg.pad %f low [0] high [1] : tensor<3xf16> -> tensor<4xf16>
  %2 = tg.expand %u : tensor<1x2xui64> to tensor<2x2xui64>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xf16>, tensor<2x2xui64>
}

// Shrinks that keep the start of an axis.
// RUN: tg-run %s --function=shrink_front --input=1,2,3,4,5,6 | FileCheck %s --check-prefix=FRONT
// FRONT: result #0: tensor<1x2xi32> = {{\[\[}}1, 2]]
// FRONT: result #1: tensor<2x2xi32> = {{\[\[}}1, 2], [4, 5]]
func.func @shrink_front(%x: tensor<2x3xi32>) -> (tensor<1x2xi32>, tensor<2x2xi32>) {
  %0 = tg.shrink %x begin [0, 0] end [1, 2] : tensor<2x3xi32> -> tensor<1x2xi32>
  %1 = tg.shrink %x begin [0, 0] end [2, 2] : tensor<2x3xi32> -> tensor<2x2xi32>
  return %0, %1 : tensor<1x2xi32>, tensor<2x2xi32>
}
