// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-merge-split-loops))' | FileCheck %s

// A GPT block's qkv projection: the bias is added in the output shape
// [16, 64, 3, 4, 32], reading the sum [16, 64, 384] at d2 * 128 + d3 * 32
// + d4. The three loops merge into one of 384: the stage reads the sum and
// the bias along loops, writes the output through a collapse_shape and
// returns it expanded. The sum's expand_shape and collapse_shape cancel.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[BIAS:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @r_16_64_3_4_32_128
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: %[[OUT:.*]] = tensor.collapse_shape %arg3 {{\[}}[0], [1], [2, 3, 4]] : tensor<16x64x3x4x32xf32> into tensor<16x64x384xf32>
// CHECK: %[[ADD:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[BIAS]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[SUM]], %arg0 : tensor<16x64x384xf32>, tensor<384xf32>) outs(%[[OUT]] : tensor<16x64x384xf32>)
// CHECK: %[[RESULT:.*]] = tensor.expand_shape %[[ADD]] {{\[}}[0], [1], [2, 3, 4]] output_shape [16, 64, 3, 4, 32]
// CHECK: return %[[RESULT]]
#x = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#w = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#sum = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#split = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 128 + d3 * 32 + d4)>
#bias = affine_map<(d0, d1, d2, d3, d4) -> (d2 * 128 + d3 * 32 + d4)>
#out = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @r_16_64_3_4_32_128(%bias: tensor<384xf32>, %x: tensor<16x64x128xf32>, %w: tensor<128x384xf32>, %out: tensor<16x64x3x4x32xf32>) -> tensor<16x64x3x4x32xf32> attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64x384xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x64x384xf32>) -> tensor<16x64x384xf32>
  %sum = linalg.generic {indexing_maps = [#x, #w, #sum], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<16x64x128xf32>, tensor<128x384xf32>) outs(%init : tensor<16x64x384xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x64x384xf32>
  %add = linalg.generic {indexing_maps = [#split, #bias, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%sum, %bias : tensor<16x64x384xf32>, tensor<384xf32>) outs(%out : tensor<16x64x3x4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<16x64x3x4x32xf32>
  return %add : tensor<16x64x3x4x32xf32>
}

// -----

// A max pool of 2 with stride 2 (plus a window bias) reads x at 2 * oh + kh, which linearizes oh
// (parallel) and kh (reduced): one loop cannot be both, so nothing changes.
// CHECK-LABEL: func.func @pool
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "reduction"]
#x = affine_map<(d0, d1) -> (d0 * 2 + d1)>
#k = affine_map<(d0, d1) -> (d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @pool(%x: tensor<24xf32>, %k: tensor<2xf32>, %out: tensor<12xf32>) -> tensor<12xf32> attributes {tg.kernel} {
  %max = linalg.generic {indexing_maps = [#x, #k, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %k : tensor<24xf32>, tensor<2xf32>) outs(%out : tensor<12xf32>) {
  ^bb0(%a: f32, %w: f32, %acc: f32):
    %p = arith.addf %a, %w : f32
    %m = arith.maximumf %acc, %p : f32
    linalg.yield %m : f32
  } -> tensor<12xf32>
  return %max : tensor<12xf32>
}

// -----

// Another operand reads one loop of the run alone (a per-head scale): the
// run is no single axis there, so nothing changes; nor does a stage whose
// body computes with a loop of the run, nor one reading a window (d0 + d1).
// CHECK-LABEL: func.func @split_read_alone
// CHECK-NOT: tensor.expand_shape
// CHECK-LABEL: func.func @indexed
// CHECK-NOT: tensor.expand_shape
// CHECK-LABEL: func.func @window
// CHECK-NOT: tensor.expand_shape
#flat = affine_map<(d0, d1) -> (d0 * 32 + d1)>
#head = affine_map<(d0, d1) -> (d0)>
#out = affine_map<(d0, d1) -> (d0, d1)>
func.func @split_read_alone(%x: tensor<128xf32>, %scale: tensor<4xf32>, %out: tensor<4x32xf32>) -> tensor<4x32xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#flat, #head, #out], iterator_types = ["parallel", "parallel"]}
      ins(%x, %scale : tensor<128xf32>, tensor<4xf32>) outs(%out : tensor<4x32xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}
func.func @indexed(%x: tensor<128xf32>, %out: tensor<4x32xf32>) -> tensor<4x32xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#flat, #out], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128xf32>) outs(%out : tensor<4x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %m = arith.mulf %a, %f : f32
    linalg.yield %m : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}
#window = affine_map<(d0, d1) -> (d0 + d1)>
func.func @window(%x: tensor<35xf32>, %out: tensor<4x32xf32>) -> tensor<4x32xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#window, #out], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<35xf32>) outs(%out : tensor<4x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// An elementwise kernel writing a reshape of its input ([128] as [4, 32]):
// one loop of 128, written through a collapse_shape of the output.
// CHECK-LABEL: func.func @reshaped_copy
// CHECK: %[[OUT:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<4x32xf32> into tensor<128xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK-SAME: ins(%arg0 : tensor<128xf32>) outs(%[[OUT]] : tensor<128xf32>)
#flat = affine_map<(d0, d1) -> (d0 * 32 + d1)>
#out = affine_map<(d0, d1) -> (d0, d1)>
func.func @reshaped_copy(%x: tensor<128xf32>, %out: tensor<4x32xf32>) -> tensor<4x32xf32> attributes {tg.kernel} {
  %r = linalg.generic {indexing_maps = [#flat, #out], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128xf32>) outs(%out : tensor<4x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}
