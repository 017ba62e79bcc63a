// Reductions through the whole CPU pipeline, expected values by hand.
// x = [[1, 2, 3], [4, 5, 6]]; reduced axes are kept as size 1.

// RUN: tg-run %s --function=axes --input=1,2,3,4,5,6 | FileCheck %s --check-prefix=AXES
// AXES: result #0: tensor<2x1xf32> = {{\[\[}}6], [15]]
// AXES: result #1: tensor<1x3xf32> = {{\[\[}}5, 7, 9]]
// AXES: result #2: tensor<1x1xf32> = {{\[\[}}21]]
// AXES: result #3: tensor<2x1xf32> = {{\[\[}}6], [120]]
// AXES: result #4: tensor<1x3xf32> = {{\[\[}}4, 5, 6]]
// AXES: result #5: tensor<1x1xf32> = {{\[\[}}720]]
func.func @axes(%x: tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<1x3xf32>, tensor<1x1xf32>, tensor<2x1xf32>, tensor<1x3xf32>, tensor<1x1xf32>) {
  %0 = tg.reduce add %x [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %1 = tg.reduce add %x [0] : tensor<2x3xf32> -> tensor<1x3xf32>
  %2 = tg.reduce add %x [0, 1] : tensor<2x3xf32> -> tensor<1x1xf32>
  %3 = tg.reduce mul %x [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %4 = tg.reduce max %x [0] : tensor<2x3xf32> -> tensor<1x3xf32>
  %5 = tg.reduce mul %x [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x1xf32>, tensor<1x3xf32>, tensor<1x1xf32>, tensor<2x1xf32>, tensor<1x3xf32>, tensor<1x1xf32>
}

// Integer sums wrap; max is signed or unsigned by the element type (the
// bytes 0x80 and 0x7f: -128 < 127 as i8, 128 > 127 as ui8); max of bools
// is any; the middle axis of a 2x2x2 tensor, and two outer ones.
// RUN: tg-run %s --function=types --input=100,100,100 --input=-128,127 --input=128,127 --input=false,false,false,true --input=1,2,3,4,5,6,7,8 | FileCheck %s --check-prefix=TYPES
// TYPES: result #0: tensor<1xi8> = [44]
// TYPES: result #1: tensor<1xi8> = [127]
// TYPES: result #2: tensor<1xui8> = [128]
// TYPES: result #3: tensor<2x1xi1> = {{\[\[}}false], [true]]
// TYPES: result #4: tensor<2x1x2xi64> = {{\[\[\[}}4, 6]], {{\[\[}}12, 14]]]
// TYPES: result #5: tensor<1x2x1xi64> = {{\[\[\[}}14], [22]]]
func.func @types(%a: tensor<3xi8>, %s: tensor<2xi8>, %u: tensor<2xui8>, %b: tensor<2x2xi1>, %c: tensor<2x2x2xi64>) -> (tensor<1xi8>, tensor<1xi8>, tensor<1xui8>, tensor<2x1xi1>, tensor<2x1x2xi64>, tensor<1x2x1xi64>) {
  %0 = tg.reduce add %a [0] : tensor<3xi8> -> tensor<1xi8>
  %1 = tg.reduce max %s [0] : tensor<2xi8> -> tensor<1xi8>
  %2 = tg.reduce max %u [0] : tensor<2xui8> -> tensor<1xui8>
  %3 = tg.reduce max %b [1] : tensor<2x2xi1> -> tensor<2x1xi1>
  %4 = tg.reduce add %c [1] : tensor<2x2x2xi64> -> tensor<2x1x2xi64>
  %5 = tg.reduce add %c [0, 2] : tensor<2x2x2xi64> -> tensor<1x2x1xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<1xi8>, tensor<1xi8>, tensor<1xui8>, tensor<2x1xi1>, tensor<2x1x2xi64>, tensor<1x2x1xi64>
}

// expand then reduce: the sum of 4 copies of y; and a row's sum taken back
// from every element of the row (two kernels: the reduce, then the
// elementwise op that reads it through an expand).
// RUN: tg-run %s --function=expand_reduce --input=1,2,3 --input=1,2,3,4,5,6 | FileCheck %s --check-prefix=EXPAND
// EXPAND: result #0: tensor<1x3xf32> = {{\[\[}}4, 8, 12]]
// EXPAND: result #1: tensor<2x3xf32> = {{\[\[}}-5, -4, -3], [-11, -10, -9]]
// RUN: env DEBUG=2 tg-run %s --function=expand_reduce --input=1,2,3 --input=1,2,3,4,5,6 2>&1 >/dev/null | FileCheck %s --check-prefix=KERNELS
// KERNELS-DAG: {{^}}  r_{{[0-9_]+}} {{ *[0-9.]+}} us
// KERNELS-DAG: {{^}}  E_2_3 {{ *[0-9.]+}} us
// KERNELS: {{^}}scheduled 3 kernels, compiled in {{[0-9.]+}} s; 3 launches took {{[0-9.]+}} ms
func.func @expand_reduce(%y: tensor<1x3xf32>, %x: tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<2x3xf32>) {
  %e = tg.expand %y : tensor<1x3xf32> to tensor<4x3xf32>
  %0 = tg.reduce add %e [0] : tensor<4x3xf32> -> tensor<1x3xf32>
  %s = tg.reduce add %x [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %se = tg.expand %s : tensor<2x1xf32> to tensor<2x3xf32>
  %1 = tg.sub %x, %se : tensor<2x3xf32>
  return %0, %1 : tensor<1x3xf32>, tensor<2x3xf32>
}

// Reductions of nothing give the identity: 0, 1, the lowest value.
// RUN: tg-run %s --function=empty --input= --input= | FileCheck %s --check-prefix=EMPTY
// EMPTY: result #0: tensor<1xf32> = [0]
// EMPTY: result #1: tensor<1xf32> = [1]
// EMPTY: result #2: tensor<1xf32> = [-inf]
// EMPTY: result #3: tensor<1xi32> = [-2147483648]
func.func @empty(%x: tensor<0xf32>, %i: tensor<0xi32>) -> (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xi32>) {
  %0 = tg.reduce add %x [0] : tensor<0xf32> -> tensor<1xf32>
  %1 = tg.reduce mul %x [0] : tensor<0xf32> -> tensor<1xf32>
  %2 = tg.reduce max %x [0] : tensor<0xf32> -> tensor<1xf32>
  %3 = tg.reduce max %i [0] : tensor<0xi32> -> tensor<1xi32>
  return %0, %1, %2, %3 : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xi32>
}

// The same with an empty axis among others.
// RUN: tg-run %s --function=empty_axis --input= | FileCheck %s --check-prefix=EMPTYAXIS
// EMPTYAXIS: result #0: tensor<2x1xf32> = {{\[\[}}1], [1]]
func.func @empty_axis(%x: tensor<2x0xf32>) -> tensor<2x1xf32> {
  %0 = tg.reduce mul %x [1] : tensor<2x0xf32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// A BatchNorm's sums over batch, height and width (x[n, c, h, w] = 1..64 in
// order): tg-cpu-collapse-loops reads each image's 4x4 map as one
// 16-wide row, which then fills vectors; the sums and the max by hand.
// RUN: tg-run %s --function=per_channel --input=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64 | FileCheck %s --check-prefix=CHANNEL
// CHANNEL: result #0: tensor<1x2x1x1xf32> = {{\[\[\[\[}}784]], {{\[\[}}1296]]]]
// CHANNEL: result #1: tensor<1x2x1x1xf32> = {{\[\[\[\[}}48]], {{\[\[}}64]]]]
// RUN: tg-opt %s --tg-to-kernels --tg-cpu-kernels | FileCheck %s --check-prefix=CHANNELOPTS
// CHANNELOPTS: func.func private @r_2_2_4_4({{.*}}tg.opts = #tg.opts<split = -1, vectorize = true, tile = [2, 1, 8]>
func.func @per_channel(%x: tensor<2x2x4x4xf32>) -> (tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>) {
  %0 = tg.reduce add %x [0, 2, 3] : tensor<2x2x4x4xf32> -> tensor<1x2x1x1xf32>
  %1 = tg.reduce max %x [0, 2, 3] : tensor<2x2x4x4xf32> -> tensor<1x2x1x1xf32>
  return %0, %1 : tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>
}
