// RUN: tg-opt %s --split-input-file --tg-transpose-contraction-operands | FileCheck %s
// RUN: tg-opt %s --split-input-file --tg-transpose-contraction-operands="min-reuse=64 short-product=64" | FileCheck %s --check-prefix=LOW

// A Linear layer's forward, x·Wᵀ: W [n, k] is the factor the lanes (n)
// index, read across its rows. It gets a copy laid out [k, n], which the
// product reads as a view in its own shape.
// CHECK-LABEL: func.func @a_bt
// CHECK: %[[T:.*]] = tg.permute %{{.*}} [0, 2, 1] : tensor<1x1024x1024xf32> -> tensor<1x1024x1024xf32>
// CHECK: %[[C:.*]] = tg.contiguous %[[T]]
// CHECK: %[[V:.*]] = tg.permute %[[C]] [0, 2, 1]
// CHECK: %[[E:.*]] = tg.expand %[[V]]
// CHECK: tg.mul %{{.*}}, %[[E]]
func.func @a_bt(%a: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024x1xf32> {
  %a3 = tg.reshape %a : tensor<1024x1024xf32> to tensor<1024x1x1024xf32>
  %ae = tg.expand %a3 : tensor<1024x1x1024xf32> to tensor<1024x1024x1024xf32>
  %w3 = tg.reshape %w : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %we = tg.expand %w3 : tensor<1x1024x1024xf32> to tensor<1024x1024x1024xf32>
  %m = tg.mul %ae, %we : tensor<1024x1024x1024xf32>
  %r = tg.reduce add %m [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  return %r : tensor<1024x1024x1xf32>
}

// -----

// A weight gradient, aᵀ·b: a [k, m] is the factor read a scalar at a time
// along the reduction (k), across its rows. Its copy is the view itself
// made contiguous ([m, 1, k]): no permutation is left around it.
// CHECK-LABEL: func.func @at_b
// CHECK: %[[AT:.*]] = tg.permute %arg0 [1, 0]
// CHECK: %[[A3:.*]] = tg.reshape %[[AT]]
// CHECK: %[[C:.*]] = tg.contiguous %[[A3]] : tensor<1024x1x1024xf32>
// CHECK: tg.expand %[[C]]
// CHECK-NOT: tg.contiguous
func.func @at_b(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024x1xf32> {
  %at = tg.permute %a [1, 0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  %a3 = tg.reshape %at : tensor<1024x1024xf32> to tensor<1024x1x1024xf32>
  %ae = tg.expand %a3 : tensor<1024x1x1024xf32> to tensor<1024x1024x1024xf32>
  %bt = tg.permute %b [1, 0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  %b3 = tg.reshape %bt : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %be = tg.expand %b3 : tensor<1x1024x1024xf32> to tensor<1024x1024x1024xf32>
  %m = tg.mul %ae, %be : tensor<1024x1024x1024xf32>
  %r = tg.reduce add %m [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  return %r : tensor<1024x1024x1xf32>
}

// -----

// a·b reads both along their rows: nothing changes.
// CHECK-LABEL: func.func @a_b
// CHECK-NOT: tg.contiguous
func.func @a_b(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024x1xf32> {
  %a3 = tg.reshape %a : tensor<1024x1024xf32> to tensor<1024x1x1024xf32>
  %ae = tg.expand %a3 : tensor<1024x1x1024xf32> to tensor<1024x1024x1024xf32>
  %bt = tg.permute %b [1, 0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  %b3 = tg.reshape %bt : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %be = tg.expand %b3 : tensor<1x1024x1024xf32> to tensor<1024x1024x1024xf32>
  %m = tg.mul %ae, %be : tensor<1024x1024x1024xf32>
  %r = tg.reduce add %m [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  return %r : tensor<1024x1024x1xf32>
}

// -----

// A weight read by two products (a Linear layer applied twice) is copied
// once.
// CHECK-LABEL: func.func @shared_weight
// CHECK-COUNT-1: tg.contiguous
// CHECK-NOT: tg.contiguous
func.func @shared_weight(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> (tensor<1024x1024x1xf32>, tensor<1024x1024x1xf32>) {
  %w3 = tg.reshape %w : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %we = tg.expand %w3 : tensor<1x1024x1024xf32> to tensor<1024x1024x1024xf32>
  %a3 = tg.reshape %a : tensor<1024x1024xf32> to tensor<1024x1x1024xf32>
  %ae = tg.expand %a3 : tensor<1024x1x1024xf32> to tensor<1024x1024x1024xf32>
  %m1 = tg.mul %ae, %we : tensor<1024x1024x1024xf32>
  %r1 = tg.reduce add %m1 [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  %b3 = tg.reshape %b : tensor<1024x1024xf32> to tensor<1024x1x1024xf32>
  %be = tg.expand %b3 : tensor<1024x1x1024xf32> to tensor<1024x1024x1024xf32>
  %m2 = tg.mul %be, %we : tensor<1024x1024x1024xf32>
  %r2 = tg.reduce add %m2 [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  return %r1, %r2 : tensor<1024x1024x1xf32>, tensor<1024x1024x1xf32>
}

// -----

// A matrix-vector product reads the weight once: a copy would double its
// cost.
// CHECK-LABEL: func.func @matvec
// CHECK-NOT: tg.contiguous
func.func @matvec(%x: tensor<1x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1x1024x1xf32> {
  %x3 = tg.reshape %x : tensor<1x1024xf32> to tensor<1x1x1024xf32>
  %xe = tg.expand %x3 : tensor<1x1x1024xf32> to tensor<1x1024x1024xf32>
  %w3 = tg.reshape %w : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %m = tg.mul %xe, %w3 : tensor<1x1024x1024xf32>
  %r = tg.reduce add %m [2] : tensor<1x1024x1024xf32> -> tensor<1x1024x1xf32>
  return %r : tensor<1x1024x1xf32>
}

// -----

// Read 128 times in dot products of 784 terms (an MLP's first layer): the
// copy cost more than it gained, so it is left, unless the thresholds say
// otherwise (LOW). Dot products of 128 terms are copied at 128 reads.
// CHECK-LABEL: func.func @long_products
// CHECK-NOT: tg.contiguous
// LOW-LABEL: func.func @long_products
// LOW: tg.contiguous
func.func @long_products(%x: tensor<128x784xf32>, %w: tensor<512x784xf32>) -> tensor<128x512x1xf32> {
  %x3 = tg.reshape %x : tensor<128x784xf32> to tensor<128x1x784xf32>
  %xe = tg.expand %x3 : tensor<128x1x784xf32> to tensor<128x512x784xf32>
  %w3 = tg.reshape %w : tensor<512x784xf32> to tensor<1x512x784xf32>
  %we = tg.expand %w3 : tensor<1x512x784xf32> to tensor<128x512x784xf32>
  %m = tg.mul %xe, %we : tensor<128x512x784xf32>
  %r = tg.reduce add %m [2] : tensor<128x512x784xf32> -> tensor<128x512x1xf32>
  return %r : tensor<128x512x1xf32>
}

// -----

// CHECK-LABEL: func.func @short_products
// CHECK: tg.contiguous
func.func @short_products(%x: tensor<128x128xf32>, %w: tensor<512x128xf32>) -> tensor<128x512x1xf32> {
  %x3 = tg.reshape %x : tensor<128x128xf32> to tensor<128x1x128xf32>
  %xe = tg.expand %x3 : tensor<128x1x128xf32> to tensor<128x512x128xf32>
  %w3 = tg.reshape %w : tensor<512x128xf32> to tensor<1x512x128xf32>
  %we = tg.expand %w3 : tensor<1x512x128xf32> to tensor<128x512x128xf32>
  %m = tg.mul %xe, %we : tensor<128x512x128xf32>
  %r = tg.reduce add %m [2] : tensor<128x512x128xf32> -> tensor<128x512x1xf32>
  return %r : tensor<128x512x1xf32>
}

// -----

// Factors that are not views of a buffer keep their reads: a computed one
// (its copy would be computed, and its layout is its kernel's), a padded
// window.
// CHECK-LABEL: func.func @computed_and_window
// CHECK-NOT: tg.contiguous
func.func @computed_and_window(%a: tensor<1024x1024xf32>, %w: tensor<1024x1020xf32>) -> (tensor<1024x1024x1xf32>, tensor<1024x1024x1xf32>) {
  %a3 = tg.reshape %a : tensor<1024x1024xf32> to tensor<1024x1x1024xf32>
  %ae = tg.expand %a3 : tensor<1024x1x1024xf32> to tensor<1024x1024x1024xf32>
  %e = tg.exp2 %a : tensor<1024x1024xf32>
  %e3 = tg.reshape %e : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %ee = tg.expand %e3 : tensor<1x1024x1024xf32> to tensor<1024x1024x1024xf32>
  %m1 = tg.mul %ae, %ee : tensor<1024x1024x1024xf32>
  %r1 = tg.reduce add %m1 [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  %p = tg.pad %w low [0, 2] high [0, 2] : tensor<1024x1020xf32> -> tensor<1024x1024xf32>
  %p3 = tg.reshape %p : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %pe = tg.expand %p3 : tensor<1x1024x1024xf32> to tensor<1024x1024x1024xf32>
  %m2 = tg.mul %ae, %pe : tensor<1024x1024x1024xf32>
  %r2 = tg.reduce add %m2 [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  return %r1, %r2 : tensor<1024x1024x1xf32>, tensor<1024x1024x1xf32>
}

// -----

// An elementwise product summed over rows reads both factors along the
// lanes: no contraction, nothing changes.
// CHECK-LABEL: func.func @summed_elementwise
// CHECK-NOT: tg.contiguous
func.func @summed_elementwise(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1x1024xf32> {
  %at = tg.permute %a [1, 0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  %m = tg.mul %at, %b : tensor<1024x1024xf32>
  %r = tg.reduce add %m [0] : tensor<1024x1024xf32> -> tensor<1x1024xf32>
  return %r : tensor<1x1024xf32>
}

// -----

// Attention's scores q·kᵀ over heads of 32, both sliced from one qkv
// projection [2, 64, 2, 32] (a sum plus its bias, which tg-kernelize keeps
// in a buffer): k, which the lanes (the 64 keys) index, is a slice read
// across rows, and gets a copy with the keys fastest. q, read along the
// head's 32 terms, keeps its reads.
// CHECK-LABEL: func.func @attention_scores
// CHECK: %[[SUM:.*]] = tg.add
// CHECK: %[[QKV:.*]] = tg.reshape %[[SUM]]
// CHECK: %[[K:.*]] = tg.shrink %[[QKV]] begin [0, 0, 1, 0] end [2, 64, 2, 32]
// CHECK-NOT: tg.contiguous
// CHECK: %[[KV:.*]] = tg.reshape %[[K]] : tensor<2x64x1x32xf32> to tensor<2x1x64x32xf32>
// CHECK: %[[T:.*]] = tg.permute %[[KV]] [0, 1, 3, 2]
// CHECK: %[[C:.*]] = tg.contiguous %[[T]] : tensor<2x1x32x64xf32>
// CHECK: %[[BACK:.*]] = tg.permute %[[C]] [0, 1, 3, 2]
// CHECK: tg.expand %[[BACK]]
// CHECK-NOT: tg.contiguous
func.func @attention_scores(%x: tensor<2x64x16xf32>, %w: tensor<16x64xf32>, %bias: tensor<2x64x64xf32>) -> tensor<2x64x64x1xf32> {
  %x4 = tg.reshape %x : tensor<2x64x16xf32> to tensor<2x64x1x16xf32>
  %xe = tg.expand %x4 : tensor<2x64x1x16xf32> to tensor<2x64x64x16xf32>
  %wt = tg.permute %w [1, 0] : tensor<16x64xf32> -> tensor<64x16xf32>
  %w4 = tg.reshape %wt : tensor<64x16xf32> to tensor<1x1x64x16xf32>
  %we = tg.expand %w4 : tensor<1x1x64x16xf32> to tensor<2x64x64x16xf32>
  %p = tg.mul %xe, %we : tensor<2x64x64x16xf32>
  %s = tg.reduce add %p [3] : tensor<2x64x64x16xf32> -> tensor<2x64x64x1xf32>
  %s3 = tg.reshape %s : tensor<2x64x64x1xf32> to tensor<2x64x64xf32>
  %sum = tg.add %s3, %bias : tensor<2x64x64xf32>
  %qkv = tg.reshape %sum : tensor<2x64x64xf32> to tensor<2x64x2x32xf32>
  %q = tg.shrink %qkv begin [0, 0, 0, 0] end [2, 64, 1, 32] : tensor<2x64x2x32xf32> -> tensor<2x64x1x32xf32>
  %k = tg.shrink %qkv begin [0, 0, 1, 0] end [2, 64, 2, 32] : tensor<2x64x2x32xf32> -> tensor<2x64x1x32xf32>
  %q4 = tg.reshape %q : tensor<2x64x1x32xf32> to tensor<2x64x1x32xf32>
  %qe = tg.expand %q4 : tensor<2x64x1x32xf32> to tensor<2x64x64x32xf32>
  %k4 = tg.reshape %k : tensor<2x64x1x32xf32> to tensor<2x1x64x32xf32>
  %ke = tg.expand %k4 : tensor<2x1x64x32xf32> to tensor<2x64x64x32xf32>
  %m = tg.mul %qe, %ke : tensor<2x64x64x32xf32>
  %r = tg.reduce add %m [3] : tensor<2x64x64x32xf32> -> tensor<2x64x64x1xf32>
  return %r : tensor<2x64x64x1xf32>
}

// -----

// A weight computed by a deep graph whose ops share operands (each adds a
// value to itself, as x·x chains and a gelu gradient do): it is no view of
// a buffer, so nothing is copied. The walk that finds out remembers what
// it has seen; without that it follows 2^40 paths and never ends.
// CHECK-LABEL: func.func @shared_operands
// CHECK-NOT: tg.contiguous
func.func @shared_operands(%a: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024x1xf32> {
  %d0 = tg.add %w, %w : tensor<1024x1024xf32>
  %d1 = tg.add %d0, %d0 : tensor<1024x1024xf32>
  %d2 = tg.add %d1, %d1 : tensor<1024x1024xf32>
  %d3 = tg.add %d2, %d2 : tensor<1024x1024xf32>
  %d4 = tg.add %d3, %d3 : tensor<1024x1024xf32>
  %d5 = tg.add %d4, %d4 : tensor<1024x1024xf32>
  %d6 = tg.add %d5, %d5 : tensor<1024x1024xf32>
  %d7 = tg.add %d6, %d6 : tensor<1024x1024xf32>
  %d8 = tg.add %d7, %d7 : tensor<1024x1024xf32>
  %d9 = tg.add %d8, %d8 : tensor<1024x1024xf32>
  %d10 = tg.add %d9, %d9 : tensor<1024x1024xf32>
  %d11 = tg.add %d10, %d10 : tensor<1024x1024xf32>
  %d12 = tg.add %d11, %d11 : tensor<1024x1024xf32>
  %d13 = tg.add %d12, %d12 : tensor<1024x1024xf32>
  %d14 = tg.add %d13, %d13 : tensor<1024x1024xf32>
  %d15 = tg.add %d14, %d14 : tensor<1024x1024xf32>
  %d16 = tg.add %d15, %d15 : tensor<1024x1024xf32>
  %d17 = tg.add %d16, %d16 : tensor<1024x1024xf32>
  %d18 = tg.add %d17, %d17 : tensor<1024x1024xf32>
  %d19 = tg.add %d18, %d18 : tensor<1024x1024xf32>
  %d20 = tg.add %d19, %d19 : tensor<1024x1024xf32>
  %d21 = tg.add %d20, %d20 : tensor<1024x1024xf32>
  %d22 = tg.add %d21, %d21 : tensor<1024x1024xf32>
  %d23 = tg.add %d22, %d22 : tensor<1024x1024xf32>
  %d24 = tg.add %d23, %d23 : tensor<1024x1024xf32>
  %d25 = tg.add %d24, %d24 : tensor<1024x1024xf32>
  %d26 = tg.add %d25, %d25 : tensor<1024x1024xf32>
  %d27 = tg.add %d26, %d26 : tensor<1024x1024xf32>
  %d28 = tg.add %d27, %d27 : tensor<1024x1024xf32>
  %d29 = tg.add %d28, %d28 : tensor<1024x1024xf32>
  %d30 = tg.add %d29, %d29 : tensor<1024x1024xf32>
  %d31 = tg.add %d30, %d30 : tensor<1024x1024xf32>
  %d32 = tg.add %d31, %d31 : tensor<1024x1024xf32>
  %d33 = tg.add %d32, %d32 : tensor<1024x1024xf32>
  %d34 = tg.add %d33, %d33 : tensor<1024x1024xf32>
  %d35 = tg.add %d34, %d34 : tensor<1024x1024xf32>
  %d36 = tg.add %d35, %d35 : tensor<1024x1024xf32>
  %d37 = tg.add %d36, %d36 : tensor<1024x1024xf32>
  %d38 = tg.add %d37, %d37 : tensor<1024x1024xf32>
  %d39 = tg.add %d38, %d38 : tensor<1024x1024xf32>
  %a3 = tg.reshape %a : tensor<1024x1024xf32> to tensor<1024x1x1024xf32>
  %ae = tg.expand %a3 : tensor<1024x1x1024xf32> to tensor<1024x1024x1024xf32>
  %w3 = tg.reshape %d39 : tensor<1024x1024xf32> to tensor<1x1024x1024xf32>
  %we = tg.expand %w3 : tensor<1x1024x1024xf32> to tensor<1024x1024x1024xf32>
  %m = tg.mul %ae, %we : tensor<1024x1024x1024xf32>
  %r = tg.reduce add %m [2] : tensor<1024x1024x1024xf32> -> tensor<1024x1024x1xf32>
  return %r : tensor<1024x1024x1xf32>
}
