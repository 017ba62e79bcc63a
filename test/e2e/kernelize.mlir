// The kernels tg-kernelize makes beyond fusion, through the whole CPU
// pipeline: copies into an assign's target, assignments that cannot write in
// place, a reduction realized once for two kernels, results with no
// elements. Expected values by hand.

// A tg.assign of a buffer is a copy kernel (tinygrad's clone).
// RUN: tg-run %s --function=copy --input=0,0,0,0 --input=1,2,3,4 | FileCheck %s --check-prefix=COPY
// COPY: result #0: tensor<4xf32> = [1, 2, 3, 4]
func.func @copy(%dst: tensor<4xf32>, %src: tensor<4xf32>) -> tensor<4xf32> {
  %n = tg.assign %dst, %src : tensor<4xf32>
  return %n : tensor<4xf32>
}

// w - g is computed in place; w + w.T and w - sum(w) read w where they do not
// write it, so they are computed into a buffer of their own and copied.
// RUN: tg-run %s --function=in_place --input=1,2,3,4 --input=1,1,1,1 | FileCheck %s --check-prefix=INPLACE
// INPLACE: result #0: tensor<4xf32> = [0, 1, 2, 3]
// RUN: tg-run %s --function=transposed --input=1,2,3,4 | FileCheck %s --check-prefix=TRANSPOSED
// TRANSPOSED: result #0: tensor<2x2xf32> = {{\[\[}}2, 5], [5, 8]]
// RUN: tg-run %s --function=minus_sum --input=1,2,3,4 | FileCheck %s --check-prefix=SUM
// SUM: result #0: tensor<4xf32> = [-9, -8, -7, -6]
// A kernel reading the old w runs before the in-place update: (w - g, 2w).
// RUN: tg-run %s --function=reader_first --input=1,2,3,4 --input=1,1,1,1 | FileCheck %s --check-prefix=READER
// READER: result #0: tensor<4xf32> = [0, 1, 2, 3]
// READER: result #1: tensor<4xf32> = [2, 4, 6, 8]
func.func @in_place(%w: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %v = tg.sub %w, %g : tensor<4xf32>
  %n = tg.assign %w, %v : tensor<4xf32>
  return %n : tensor<4xf32>
}
func.func @reader_first(%w: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %v = tg.sub %w, %g : tensor<4xf32>
  %r = tg.add %w, %w : tensor<4xf32>
  %n = tg.assign %w, %v : tensor<4xf32>
  return %n, %r : tensor<4xf32>, tensor<4xf32>
}
func.func @transposed(%w: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %t = tg.permute %w [1, 0] : tensor<2x2xf32> -> tensor<2x2xf32>
  %v = tg.add %w, %t : tensor<2x2xf32>
  %n = tg.assign %w, %v : tensor<2x2xf32>
  return %n : tensor<2x2xf32>
}
func.func @minus_sum(%w: tensor<4xf32>) -> tensor<4xf32> {
  %s = tg.reduce add %w [0] : tensor<4xf32> -> tensor<1xf32>
  %e = tg.expand %s : tensor<1xf32> to tensor<4xf32>
  %v = tg.sub %w, %e : tensor<4xf32>
  %n = tg.assign %w, %v : tensor<4xf32>
  return %n : tensor<4xf32>
}

// Row sums of [[1, 2, 3], [4, 5, 6]] are realized once and read by two
// kernels: 2·s and s + 2.
// RUN: tg-run %s --function=shared --input=1,2,3,4,5,6 | FileCheck %s --check-prefix=SHARED
// SHARED: result #0: tensor<2x1xf32> = {{\[\[}}12], [30]]
// SHARED: result #1: tensor<2x1xf32> = {{\[\[}}8], [17]]
func.func @shared(%x: tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>) {
  %s = tg.reduce add %x [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %c = tg.const 2.0 : tensor<2x1xf32>
  %a = tg.mul %s, %c : tensor<2x1xf32>
  %b = tg.add %s, %c : tensor<2x1xf32>
  return %a, %b : tensor<2x1xf32>, tensor<2x1xf32>
}

// A result with no elements gets no kernel; an empty view inside a kernel
// reads nothing (z + pad(z[0:0]) is z).
// RUN: tg-run %s --function=empty --input=1,2,3 --random | FileCheck %s --check-prefix=EMPTY
// EMPTY: result #0: tensor<2x0xf32> = {{\[\[}}], []]
// EMPTY: result #1: tensor<3xf32> = [1, 2, 3]
func.func @empty(%z: tensor<3xf32>, %x: tensor<2x0xf32>) -> (tensor<2x0xf32>, tensor<3xf32>) {
  %c = tg.const 1.0 : tensor<2x0xf32>
  %y = tg.add %x, %c : tensor<2x0xf32>
  %s = tg.shrink %z begin [0] end [0] : tensor<3xf32> -> tensor<0xf32>
  %p = tg.pad %s low [1] high [2] : tensor<0xf32> -> tensor<3xf32>
  %w = tg.add %z, %p : tensor<3xf32>
  return %y, %w : tensor<2x0xf32>, tensor<3xf32>
}
