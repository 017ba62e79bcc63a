// RUN: tg-opt %s --tg-merge-identical-kernels | FileCheck %s

// Adam's update of two parameters of one shape: the same kernel outlined
// twice, on other buffers. The second goes, and its call launches the
// first. A kernel that differs in a constant, one that differs in an
// attribute (its opts), one that differs in an argument's attribute (its
// zeros, which tg-cpu-skip-zero-border skips), and a public function stay,
// and so do their calls.

// CHECK-LABEL: func.func @graph
// CHECK: call @E_32(%arg0, %arg1)
// CHECK: call @E_32(%arg2, %arg3)
// CHECK: call @E_32n2(%arg0, %arg1)
// CHECK: call @E_32n3(%arg0, %arg1)
// CHECK: call @E_32_public(%arg0, %arg1)
// CHECK: call @E_32n4(%arg0, %arg1)
// CHECK: func.func private @E_32(
// CHECK-NOT: func.func private @E_32n1(
// CHECK: func.func private @E_32n2(
// CHECK: arith.constant 2.000000e+00
// CHECK: func.func private @E_32n3({{.*}}tg.opts
// CHECK: func.func @E_32_public(
// CHECK: func.func private @E_32n4({{.*}}tg.zero_border
func.func @graph(%p: tensor<32xf32>, %g: tensor<32xf32>, %q: tensor<32xf32>, %h: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) {
  %0 = call @E_32(%p, %g) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %1 = call @E_32n1(%q, %h) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %2 = call @E_32n2(%p, %g) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %3 = call @E_32n3(%p, %g) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %4 = call @E_32_public(%p, %g) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %5 = call @E_32n4(%p, %g) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
}

#id = affine_map<(d0) -> (d0)>

func.func private @E_32(%g: tensor<32xf32>, %p: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel} {
  %lr = arith.constant 1.000000e-01 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<32xf32>) outs(%p : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %lr : f32
    %s = arith.subf %b, %m : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}

func.func private @E_32n1(%g: tensor<32xf32>, %p: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel} {
  %lr = arith.constant 1.000000e-01 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<32xf32>) outs(%p : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %lr : f32
    %s = arith.subf %b, %m : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}

func.func private @E_32n2(%g: tensor<32xf32>, %p: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel} {
  %lr = arith.constant 2.000000e+00 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<32xf32>) outs(%p : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %lr : f32
    %s = arith.subf %b, %m : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}

func.func private @E_32n3(%g: tensor<32xf32>, %p: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = false>} {
  %lr = arith.constant 1.000000e-01 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<32xf32>) outs(%p : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %lr : f32
    %s = arith.subf %b, %m : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}

func.func @E_32_public(%g: tensor<32xf32>, %p: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel} {
  %lr = arith.constant 1.000000e-01 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<32xf32>) outs(%p : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %lr : f32
    %s = arith.subf %b, %m : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}

func.func private @E_32n4(%g: tensor<32xf32> {tg.zero_border = #tg.zero_border<low = [1], high = [1]>}, %p: tensor<32xf32>) -> tensor<32xf32> attributes {tg.kernel} {
  %lr = arith.constant 1.000000e-01 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<32xf32>) outs(%p : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %lr : f32
    %s = arith.subf %b, %m : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}
