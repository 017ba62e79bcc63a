// RUN: tg-opt %s --split-input-file --tg-kernelize | FileCheck %s

// Ported from tinygrad test/null/test_schedule.py: reductions: multireduce, reduce children and paths, chases, split reduce (TestSimpleSchedule, TestSchedule).
// Generated from tinygrad's own tensor graphs: every check_schedule(t, n) call was recorded while tinygrad ran
// the test (DEV=NULL) and the tensors' UOp graphs, taken before scheduling, were translated op by op to tg IR
// (buffers, realized or empty, are function arguments; CONST a tg.const of the shape its use needs; EXPAND a
// reshape + tg.expand; REDUCE a tg.reduce over the leading axes + reshape; STORE+AFTER tg.assign).
// Each case checks that tg-kernelize makes tinygrad's kernel count, except where a `// note:` says why ours
// differs on purpose (and checks ours). See KERNELIZE-PORT.md.

// test: TestSimpleSchedule.test_reduce_doesnt_split
// tinygrad: a = Tensor.empty(16,16).sum(axis=1); a1 = a.reshape(4,4); a2 = a.reshape(16,1,1), check_schedule([a1, a2], 1)
// note: tinygrad 1, ours 3: both results are views (reshapes) of one sum; tinygrad stores the sum once and returns views of it; our function results are buffers of their own, so we realize the sum once (two kernels read it) and copy each view in a kernel (KERNELIZE-PORT.md, C3)
// CHECK-LABEL: func @test_reduce_doesnt_split_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_doesnt_split_0(%arg0: tensor<16x16xf32>) -> (tensor<4x4xf32>, tensor<16x1x1xf32>) {
  %0 = tg.permute %arg0 [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = tg.reduce add %0 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %2 = tg.reshape %1 : tensor<1x16xf32> to tensor<16xf32>
  %3 = tg.reshape %2 : tensor<16xf32> to tensor<4x4xf32>
  %4 = tg.reshape %2 : tensor<16xf32> to tensor<16x1x1xf32>
  return %3, %4 : tensor<4x4xf32>, tensor<16x1x1xf32>
}

// -----

// test: TestSchedule.test_preserve_multistage_reduce
// tinygrad: big_enough = getenv("REDUCEOP_SPLIT_THRESHOLD", 32768); x = Tensor.empty(big_enough).realize(); with Context(SPLIT_REDUCEOP=1): out = (x - x.max(keepdim=True)).max(), check_schedule(out, 3)
// note: tinygrad 3, ours 1: tinygrad splits the 32768-element reduction in two kernels (SPLIT_REDUCEOP=1); we do not split reductions; tinygrad with SPLIT_REDUCEOP=0 makes 1, as we do (KERNELIZE-PORT.md, C12)
// CHECK-LABEL: func @test_preserve_multistage_reduce_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_preserve_multistage_reduce_0(%arg0: tensor<32768xf32>) -> tensor<f32> {
  %0 = tg.reduce max %arg0 [0] : tensor<32768xf32> -> tensor<1xf32>
  %1 = tg.reshape %0 : tensor<1xf32> to tensor<f32>
  %2 = tg.reshape %1 : tensor<f32> to tensor<1xf32>
  %3 = tg.const -1.0 : tensor<1xf32>
  %4 = tg.mul %2, %3 : tensor<1xf32>
  %5 = tg.expand %4 : tensor<1xf32> to tensor<32768xf32>
  %6 = tg.add %arg0, %5 : tensor<32768xf32>
  %7 = tg.reduce max %6 [0] : tensor<32768xf32> -> tensor<1xf32>
  %8 = tg.reshape %7 : tensor<1xf32> to tensor<f32>
  return %8 : tensor<f32>
}

// -----

// test: TestSchedule.test_reduce_same_size
// tinygrad: a = Tensor.empty(4, 4).realize(); out0 = a.sum() + 2; out1 = a.sum() + 4; out2 = out0 * out1, check_schedule([out0, out1, out2], 3)
// CHECK-LABEL: func @test_reduce_same_size_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_same_size_0(%arg0: tensor<4x4xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.const 2.0 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.const 4.0 : tensor<f32>
  %5 = tg.add %1, %4 : tensor<f32>
  %6 = tg.mul %3, %5 : tensor<f32>
  return %3, %5, %6 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_reduce_multiple_paths
// tinygrad: a = Tensor.empty(4, 4).realize(); out0 = a.sum().exp2(); out1 = a.sum() + out0, check_schedule([out0, out1], 2)
// CHECK-LABEL: func @test_reduce_multiple_paths_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_multiple_paths_0(%arg0: tensor<4x4xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.exp2 %1 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  return %2, %3 : tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_multireduce_reduce_multiple_paths
// tinygrad: a = Tensor.empty(4, 4).realize(); out0 = a.sum().exp2(); out1 = a.sum() + out0; b = (a + out0 + out1); out2 = b.sum().exp2(); out3 = b.sum() + out2, check_schedule([out0, out1, out2, out3], 4)
// CHECK-LABEL: func @test_multireduce_reduce_multiple_paths_0(
// CHECK-COUNT-4: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_reduce_multiple_paths_0(%arg0: tensor<4x4xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.exp2 %1 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.reshape %2 : tensor<f32> to tensor<1x1xf32>
  %5 = tg.expand %4 : tensor<1x1xf32> to tensor<4x4xf32>
  %6 = tg.add %arg0, %5 : tensor<4x4xf32>
  %7 = tg.reshape %3 : tensor<f32> to tensor<1x1xf32>
  %8 = tg.expand %7 : tensor<1x1xf32> to tensor<4x4xf32>
  %9 = tg.add %6, %8 : tensor<4x4xf32>
  %10 = tg.reduce add %9 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %11 = tg.reshape %10 : tensor<1x1xf32> to tensor<f32>
  %12 = tg.exp2 %11 : tensor<f32>
  %13 = tg.add %11, %12 : tensor<f32>
  return %2, %3, %12, %13 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_reduce_ext_reduce_child
// tinygrad: a = Tensor.empty(4, 4).realize(); b = Tensor.empty(4, 4).realize(); out0 = a.sum() + b.sum() + 2; out1 = a.sum() + b.sum() + 4, check_schedule([out0, out1], 2)
// CHECK-LABEL: func @test_reduce_ext_reduce_child_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_ext_reduce_child_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.reduce add %arg1 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %3 = tg.reshape %2 : tensor<1x1xf32> to tensor<f32>
  %4 = tg.add %1, %3 : tensor<f32>
  %5 = tg.const 2.0 : tensor<f32>
  %6 = tg.add %4, %5 : tensor<f32>
  %7 = tg.const 4.0 : tensor<f32>
  %8 = tg.add %4, %7 : tensor<f32>
  return %6, %8 : tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_reduce_multiple_paths_midreduce
// tinygrad: a = Tensor.empty(4, 4).realize(); r = a.sum(); out0 = r.exp2(); out1 = (a - out0).max(); out2 = r + out1, check_schedule([r, out0, out1, out2], 4)
// CHECK-LABEL: func @test_reduce_multiple_paths_midreduce_0(
// CHECK-COUNT-4: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_multiple_paths_midreduce_0(%arg0: tensor<4x4xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.exp2 %1 : tensor<f32>
  %3 = tg.const -1.0 : tensor<f32>
  %4 = tg.mul %2, %3 : tensor<f32>
  %5 = tg.reshape %4 : tensor<f32> to tensor<1x1xf32>
  %6 = tg.expand %5 : tensor<1x1xf32> to tensor<4x4xf32>
  %7 = tg.add %arg0, %6 : tensor<4x4xf32>
  %8 = tg.reduce max %7 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %9 = tg.reshape %8 : tensor<1x1xf32> to tensor<f32>
  %10 = tg.add %1, %9 : tensor<f32>
  return %1, %2, %9, %10 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_reduce_multiple_paths_midreduce_fused
// tinygrad: a = Tensor.empty(4, 4).realize(); b = Tensor.empty(4, 4).realize(); out0 = a.sum() + 4; out1 = b.max() + out0*2; out2 = a.sum() + out1, check_schedule([out0, out1, out2], 3)
// CHECK-LABEL: func @test_reduce_multiple_paths_midreduce_fused_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_multiple_paths_midreduce_fused_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.const 4.0 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.reduce max %arg1 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %5 = tg.reshape %4 : tensor<1x1xf32> to tensor<f32>
  %6 = tg.const 2.0 : tensor<f32>
  %7 = tg.mul %3, %6 : tensor<f32>
  %8 = tg.add %5, %7 : tensor<f32>
  %9 = tg.add %1, %8 : tensor<f32>
  return %3, %8, %9 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_reduce_multiple_paths_midexpand
// tinygrad: a = Tensor.empty(4, 4).realize(); b = Tensor.empty(4, 4, 4).realize(); r = a.sum(); out0 = r.exp2(); e = b + out0; out1 = r + e[0][0][0], check_schedule([r, out0, out1, e], 4)
// CHECK-LABEL: func @test_reduce_multiple_paths_midexpand_0(
// CHECK-COUNT-4: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_multiple_paths_midexpand_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4x4xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<4x4x4xf32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.exp2 %1 : tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1x1x1xf32>
  %4 = tg.expand %3 : tensor<1x1x1xf32> to tensor<4x4x4xf32>
  %5 = tg.add %arg1, %4 : tensor<4x4x4xf32>
  %6 = tg.shrink %5 begin [0, 0, 0] end [1, 4, 4] : tensor<4x4x4xf32> -> tensor<1x4x4xf32>
  %7 = tg.reshape %6 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %8 = tg.shrink %7 begin [0, 0] end [1, 4] : tensor<4x4xf32> -> tensor<1x4xf32>
  %9 = tg.reshape %8 : tensor<1x4xf32> to tensor<4xf32>
  %10 = tg.shrink %9 begin [0] end [1] : tensor<4xf32> -> tensor<1xf32>
  %11 = tg.reshape %10 : tensor<1xf32> to tensor<f32>
  %12 = tg.add %1, %11 : tensor<f32>
  return %1, %2, %12, %5 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<4x4x4xf32>
}

// -----

// test: TestSchedule.test_reduce_expand_child
// tinygrad: a = Tensor.empty((32, 32, 32)).realize(); b = Tensor.empty((1, 16)).realize(); out0 = a.sum() + 2; out1 = a.sum() + b, check_schedule([out0, out1], 2)
// CHECK-LABEL: func @test_reduce_expand_child_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_expand_child_0(%arg0: tensor<32x32x32xf32>, %arg1: tensor<1x16xf32>) -> (tensor<f32>, tensor<1x16xf32>) {
  %0 = tg.reduce add %arg0 [0, 1, 2] : tensor<32x32x32xf32> -> tensor<1x1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1x1xf32> to tensor<f32>
  %2 = tg.const 2.0 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.reshape %1 : tensor<f32> to tensor<1x1xf32>
  %5 = tg.expand %4 : tensor<1x1xf32> to tensor<1x16xf32>
  %6 = tg.add %5, %arg1 : tensor<1x16xf32>
  return %3, %6 : tensor<f32>, tensor<1x16xf32>
}

// -----

// test: TestSchedule.test_reduce_broadcast_not_recomputed
// tinygrad: a = Tensor.empty(32, 16).realize(); out = a-a.mean(axis=0, keepdim=True), check_schedule(out, 2)
// CHECK-LABEL: func @test_reduce_broadcast_not_recomputed_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_broadcast_not_recomputed_0(%arg0: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<32x16xf32> -> tensor<1x16xf32>
  %1 = tg.reshape %0 : tensor<1x16xf32> to tensor<16xf32>
  %2 = tg.reshape %1 : tensor<16xf32> to tensor<1x16xf32>
  %3 = tg.const 32.0 : tensor<f32>
  %4 = tg.reciprocal %3 : tensor<f32>
  %5 = tg.reshape %4 : tensor<f32> to tensor<1x1xf32>
  %6 = tg.expand %5 : tensor<1x1xf32> to tensor<1x16xf32>
  %7 = tg.mul %2, %6 : tensor<1x16xf32>
  %8 = tg.const -1.0 : tensor<1x16xf32>
  %9 = tg.mul %7, %8 : tensor<1x16xf32>
  %10 = tg.expand %9 : tensor<1x16xf32> to tensor<32x16xf32>
  %11 = tg.add %arg0, %10 : tensor<32x16xf32>
  return %11 : tensor<32x16xf32>
}

// -----

// test: TestSchedule.test_ugly_reduceop_pairing
// tinygrad: a = Tensor.empty(4, 32).realize(); b = Tensor.empty(4, 32).realize(); c = Tensor.empty(4, 32).realize(); out = (c * a.sum(-1, keepdim=True)).sum(-1) + (b * a.sum(-1, keepdim=True)).sum(-1), check_schedule(out, 2)
// CHECK-LABEL: func @test_ugly_reduceop_pairing_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_ugly_reduceop_pairing_0(%arg0: tensor<4x32xf32>, %arg1: tensor<4x32xf32>, %arg2: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.expand %3 : tensor<4x1xf32> to tensor<4x32xf32>
  %5 = tg.mul %arg2, %4 : tensor<4x32xf32>
  %6 = tg.permute %5 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %7 = tg.reduce add %6 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %8 = tg.reshape %7 : tensor<1x4xf32> to tensor<4xf32>
  %9 = tg.mul %arg1, %4 : tensor<4x32xf32>
  %10 = tg.permute %9 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %11 = tg.reduce add %10 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %12 = tg.reshape %11 : tensor<1x4xf32> to tensor<4xf32>
  %13 = tg.add %8, %12 : tensor<4xf32>
  return %13 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_reduce_expand_reduce_fusion
// tinygrad: a = Tensor.empty(4, 32).realize(); out = (a+a.sum(-1, keepdim=True)).sum(-1), check_schedule(out, 2)
// CHECK-LABEL: func @test_reduce_expand_reduce_fusion_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_expand_reduce_fusion_0(%arg0: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.expand %3 : tensor<4x1xf32> to tensor<4x32xf32>
  %5 = tg.add %arg0, %4 : tensor<4x32xf32>
  %6 = tg.permute %5 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %7 = tg.reduce add %6 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %8 = tg.reshape %7 : tensor<1x4xf32> to tensor<4xf32>
  return %8 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_reduce_expand_reduce_expand_fusion
// tinygrad: a = Tensor.empty(4, 32).realize(); out = a+(a+a.sum(-1,keepdim=True)).sum(-1, keepdim=True), check_schedule(out, 3)
// CHECK-LABEL: func @test_reduce_expand_reduce_expand_fusion_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_expand_reduce_expand_fusion_0(%arg0: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.expand %3 : tensor<4x1xf32> to tensor<4x32xf32>
  %5 = tg.add %arg0, %4 : tensor<4x32xf32>
  %6 = tg.permute %5 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %7 = tg.reduce add %6 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %8 = tg.reshape %7 : tensor<1x4xf32> to tensor<4xf32>
  %9 = tg.reshape %8 : tensor<4xf32> to tensor<4x1xf32>
  %10 = tg.expand %9 : tensor<4x1xf32> to tensor<4x32xf32>
  %11 = tg.add %arg0, %10 : tensor<4x32xf32>
  return %11 : tensor<4x32xf32>
}

// -----

// test: TestSchedule.test_branching_reduces_and_expands_fusion
// tinygrad: a = Tensor.empty(4, 32).realize(); out0 = a+a.sum(-1, keepdim=True); out1 = out0.sum(-1), check_schedule([out0, out1], 3)
// CHECK-LABEL: func @test_branching_reduces_and_expands_fusion_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_branching_reduces_and_expands_fusion_0(%arg0: tensor<4x32xf32>) -> (tensor<4x32xf32>, tensor<4xf32>) {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.expand %3 : tensor<4x1xf32> to tensor<4x32xf32>
  %5 = tg.add %arg0, %4 : tensor<4x32xf32>
  %6 = tg.permute %5 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %7 = tg.reduce add %6 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %8 = tg.reshape %7 : tensor<1x4xf32> to tensor<4xf32>
  return %5, %8 : tensor<4x32xf32>, tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_fusion_simple_sequential
// tinygrad: x = Tensor.empty(4, 32).realize(); y = Tensor.empty(4, 32).realize(); out = (y + x.sum(axis=-1, keepdim=True)).sum(axis=-1), check_schedule(out, 2)
// CHECK-LABEL: func @test_multireduce_fusion_simple_sequential_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_fusion_simple_sequential_0(%arg0: tensor<4x32xf32>, %arg1: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.expand %3 : tensor<4x1xf32> to tensor<4x32xf32>
  %5 = tg.add %arg1, %4 : tensor<4x32xf32>
  %6 = tg.permute %5 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %7 = tg.reduce add %6 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %8 = tg.reshape %7 : tensor<1x4xf32> to tensor<4xf32>
  return %8 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_fusion_simple_parallel
// tinygrad: x = Tensor.empty(4, 32).realize(); y = Tensor.empty(4, 32).realize(); out = y.sum(axis=-1) + x.sum(axis=-1), check_schedule(out, 1)
// CHECK-LABEL: func @test_multireduce_fusion_simple_parallel_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_fusion_simple_parallel_0(%arg0: tensor<4x32xf32>, %arg1: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg1 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %4 = tg.reduce add %3 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %5 = tg.reshape %4 : tensor<1x4xf32> to tensor<4xf32>
  %6 = tg.add %2, %5 : tensor<4xf32>
  return %6 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_fusion_sequential
// tinygrad: x = Tensor.empty(4, 32).realize(); out = x.std(-1), check_schedule(out, 2)
// CHECK-LABEL: func @test_multireduce_fusion_sequential_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_fusion_sequential_0(%arg0: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.const 32.0 : tensor<f32>
  %5 = tg.reciprocal %4 : tensor<f32>
  %6 = tg.reshape %5 : tensor<f32> to tensor<1x1xf32>
  %7 = tg.expand %6 : tensor<1x1xf32> to tensor<4x1xf32>
  %8 = tg.mul %3, %7 : tensor<4x1xf32>
  %9 = tg.const -1.0 : tensor<4x1xf32>
  %10 = tg.mul %8, %9 : tensor<4x1xf32>
  %11 = tg.expand %10 : tensor<4x1xf32> to tensor<4x32xf32>
  %12 = tg.add %arg0, %11 : tensor<4x32xf32>
  %13 = tg.mul %12, %12 : tensor<4x32xf32>
  %14 = tg.permute %13 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %15 = tg.reduce add %14 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %16 = tg.reshape %15 : tensor<1x4xf32> to tensor<4xf32>
  %17 = tg.const 31.0 : tensor<f32>
  %18 = tg.reciprocal %17 : tensor<f32>
  %19 = tg.reshape %18 : tensor<f32> to tensor<1xf32>
  %20 = tg.expand %19 : tensor<1xf32> to tensor<4xf32>
  %21 = tg.mul %16, %20 : tensor<4xf32>
  %22 = tg.sqrt %21 : tensor<4xf32>
  return %22 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_fusion_parallel
// tinygrad: x = Tensor.empty(4, 32).realize(); y = Tensor.empty(4, 32).realize(); out = x.std(-1) + y.std(-1), check_schedule(out, 3)
// CHECK-LABEL: func @test_multireduce_fusion_parallel_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_fusion_parallel_0(%arg0: tensor<4x32xf32>, %arg1: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.const 32.0 : tensor<f32>
  %5 = tg.reciprocal %4 : tensor<f32>
  %6 = tg.reshape %5 : tensor<f32> to tensor<1x1xf32>
  %7 = tg.expand %6 : tensor<1x1xf32> to tensor<4x1xf32>
  %8 = tg.mul %3, %7 : tensor<4x1xf32>
  %9 = tg.const -1.0 : tensor<4x1xf32>
  %10 = tg.mul %8, %9 : tensor<4x1xf32>
  %11 = tg.expand %10 : tensor<4x1xf32> to tensor<4x32xf32>
  %12 = tg.add %arg0, %11 : tensor<4x32xf32>
  %13 = tg.mul %12, %12 : tensor<4x32xf32>
  %14 = tg.permute %13 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %15 = tg.reduce add %14 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %16 = tg.reshape %15 : tensor<1x4xf32> to tensor<4xf32>
  %17 = tg.const 31.0 : tensor<f32>
  %18 = tg.reciprocal %17 : tensor<f32>
  %19 = tg.reshape %18 : tensor<f32> to tensor<1xf32>
  %20 = tg.expand %19 : tensor<1xf32> to tensor<4xf32>
  %21 = tg.mul %16, %20 : tensor<4xf32>
  %22 = tg.sqrt %21 : tensor<4xf32>
  %23 = tg.permute %arg1 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %24 = tg.reduce add %23 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %25 = tg.reshape %24 : tensor<1x4xf32> to tensor<4xf32>
  %26 = tg.reshape %25 : tensor<4xf32> to tensor<4x1xf32>
  %27 = tg.mul %26, %7 : tensor<4x1xf32>
  %28 = tg.mul %27, %9 : tensor<4x1xf32>
  %29 = tg.expand %28 : tensor<4x1xf32> to tensor<4x32xf32>
  %30 = tg.add %arg1, %29 : tensor<4x32xf32>
  %31 = tg.mul %30, %30 : tensor<4x32xf32>
  %32 = tg.permute %31 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %33 = tg.reduce add %32 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %34 = tg.reshape %33 : tensor<1x4xf32> to tensor<4xf32>
  %35 = tg.mul %34, %20 : tensor<4xf32>
  %36 = tg.sqrt %35 : tensor<4xf32>
  %37 = tg.add %22, %36 : tensor<4xf32>
  return %37 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_diffops_sequential
// tinygrad: x = Tensor.empty(4, 32).realize(); out = (x - x.max(-1, keepdim=True)).sum(-1), check_schedule(out, 2)
// CHECK-LABEL: func @test_multireduce_diffops_sequential_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_diffops_sequential_0(%arg0: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce max %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.const -1.0 : tensor<4x1xf32>
  %5 = tg.mul %3, %4 : tensor<4x1xf32>
  %6 = tg.expand %5 : tensor<4x1xf32> to tensor<4x32xf32>
  %7 = tg.add %arg0, %6 : tensor<4x32xf32>
  %8 = tg.permute %7 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %9 = tg.reduce add %8 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %10 = tg.reshape %9 : tensor<1x4xf32> to tensor<4xf32>
  return %10 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_fusion_diffops_parallel
// tinygrad: x = Tensor.empty(4, 32).realize(); y = Tensor.empty(4, 32).realize(); out = x.sum(-1) + y.max(-1), check_schedule(out, 1)
// CHECK-LABEL: func @test_multireduce_fusion_diffops_parallel_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_fusion_diffops_parallel_0(%arg0: tensor<4x32xf32>, %arg1: tensor<4x32xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.permute %arg1 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %4 = tg.reduce max %3 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %5 = tg.reshape %4 : tensor<1x4xf32> to tensor<4xf32>
  %6 = tg.add %2, %5 : tensor<4xf32>
  return %6 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_fusion_sequential_and_parallel
// tinygrad: x = Tensor.empty(4, 32).realize(); y = Tensor.empty(4, 32).realize(); mu = (x - x.max(axis=-1, keepdim=True)).mean(axis=-1, keepdim=True) + (y - y.max(axis=-1, keepdim=True)).mean(axis=-1, keepdim=True); out = [((x - mu).square().sum(-1)/x.shape[-1]).sqrt(), ((y - mu).square().sum(-1)/y.shape[-1]).sqrt()], check_schedule(out, 5)
// CHECK-LABEL: func @test_multireduce_fusion_sequential_and_parallel_0(
// CHECK-COUNT-5: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_fusion_sequential_and_parallel_0(%arg0: tensor<4x32xf32>, %arg1: tensor<4x32xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %1 = tg.reduce max %0 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.const -1.0 : tensor<4x1xf32>
  %5 = tg.mul %3, %4 : tensor<4x1xf32>
  %6 = tg.expand %5 : tensor<4x1xf32> to tensor<4x32xf32>
  %7 = tg.add %arg0, %6 : tensor<4x32xf32>
  %8 = tg.permute %7 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %9 = tg.reduce add %8 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %10 = tg.reshape %9 : tensor<1x4xf32> to tensor<4xf32>
  %11 = tg.reshape %10 : tensor<4xf32> to tensor<4x1xf32>
  %12 = tg.const 32.0 : tensor<f32>
  %13 = tg.reciprocal %12 : tensor<f32>
  %14 = tg.reshape %13 : tensor<f32> to tensor<1x1xf32>
  %15 = tg.expand %14 : tensor<1x1xf32> to tensor<4x1xf32>
  %16 = tg.mul %11, %15 : tensor<4x1xf32>
  %17 = tg.permute %arg1 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %18 = tg.reduce max %17 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %19 = tg.reshape %18 : tensor<1x4xf32> to tensor<4xf32>
  %20 = tg.reshape %19 : tensor<4xf32> to tensor<4x1xf32>
  %21 = tg.mul %20, %4 : tensor<4x1xf32>
  %22 = tg.expand %21 : tensor<4x1xf32> to tensor<4x32xf32>
  %23 = tg.add %arg1, %22 : tensor<4x32xf32>
  %24 = tg.permute %23 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %25 = tg.reduce add %24 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %26 = tg.reshape %25 : tensor<1x4xf32> to tensor<4xf32>
  %27 = tg.reshape %26 : tensor<4xf32> to tensor<4x1xf32>
  %28 = tg.mul %27, %15 : tensor<4x1xf32>
  %29 = tg.add %16, %28 : tensor<4x1xf32>
  %30 = tg.mul %29, %4 : tensor<4x1xf32>
  %31 = tg.expand %30 : tensor<4x1xf32> to tensor<4x32xf32>
  %32 = tg.add %arg0, %31 : tensor<4x32xf32>
  %33 = tg.mul %32, %32 : tensor<4x32xf32>
  %34 = tg.permute %33 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %35 = tg.reduce add %34 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %36 = tg.reshape %35 : tensor<1x4xf32> to tensor<4xf32>
  %37 = tg.reshape %13 : tensor<f32> to tensor<1xf32>
  %38 = tg.expand %37 : tensor<1xf32> to tensor<4xf32>
  %39 = tg.mul %36, %38 : tensor<4xf32>
  %40 = tg.sqrt %39 : tensor<4xf32>
  %41 = tg.add %arg1, %31 : tensor<4x32xf32>
  %42 = tg.mul %41, %41 : tensor<4x32xf32>
  %43 = tg.permute %42 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %44 = tg.reduce add %43 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %45 = tg.reshape %44 : tensor<1x4xf32> to tensor<4xf32>
  %46 = tg.mul %45, %38 : tensor<4xf32>
  %47 = tg.sqrt %46 : tensor<4xf32>
  return %40, %47 : tensor<4xf32>, tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_simple_chase
// tinygrad: a = Tensor.empty(4, 4, 4).realize(); r = (a + (a.sum(0, keepdim=True) + 6)).sum(0) * 2; b = r.sum(0) + 8; c = r.sum(1) + 12, check_schedule([b,c], 4)
// CHECK-LABEL: func @test_multireduce_simple_chase_0(
// CHECK-COUNT-4: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_simple_chase_0(%arg0: tensor<4x4x4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.reduce add %arg0 [0] : tensor<4x4x4xf32> -> tensor<1x4x4xf32>
  %1 = tg.reshape %0 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %2 = tg.reshape %1 : tensor<4x4xf32> to tensor<1x4x4xf32>
  %3 = tg.const 6.0 : tensor<1x4x4xf32>
  %4 = tg.add %2, %3 : tensor<1x4x4xf32>
  %5 = tg.expand %4 : tensor<1x4x4xf32> to tensor<4x4x4xf32>
  %6 = tg.add %arg0, %5 : tensor<4x4x4xf32>
  %7 = tg.reduce add %6 [0] : tensor<4x4x4xf32> -> tensor<1x4x4xf32>
  %8 = tg.reshape %7 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %9 = tg.const 2.0 : tensor<4x4xf32>
  %10 = tg.mul %8, %9 : tensor<4x4xf32>
  %11 = tg.reduce add %10 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %12 = tg.reshape %11 : tensor<1x4xf32> to tensor<4xf32>
  %13 = tg.const 8.0 : tensor<4xf32>
  %14 = tg.add %12, %13 : tensor<4xf32>
  %15 = tg.permute %10 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %16 = tg.reduce add %15 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %17 = tg.reshape %16 : tensor<1x4xf32> to tensor<4xf32>
  %18 = tg.const 12.0 : tensor<4xf32>
  %19 = tg.add %17, %18 : tensor<4xf32>
  return %14, %19 : tensor<4xf32>, tensor<4xf32>
}

// -----

// test: TestSchedule.test_multireduce_push_permute_chase
// tinygrad: a = Tensor.empty(4, 4, 4).realize(); b = Tensor.empty(4, 4).realize(); r = a.sum(2) + b; d = r.T * 4; e = r * (d + a).sum(2), check_schedule([d, e], 3)
// CHECK-LABEL: func @test_multireduce_push_permute_chase_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_push_permute_chase_0(%arg0: tensor<4x4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = tg.permute %arg0 [2, 0, 1] : tensor<4x4x4xf32> -> tensor<4x4x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<4x4x4xf32> -> tensor<1x4x4xf32>
  %2 = tg.reshape %1 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %3 = tg.add %2, %arg1 : tensor<4x4xf32>
  %4 = tg.permute %3 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %5 = tg.const 4.0 : tensor<4x4xf32>
  %6 = tg.mul %4, %5 : tensor<4x4xf32>
  %7 = tg.reshape %6 : tensor<4x4xf32> to tensor<1x4x4xf32>
  %8 = tg.expand %7 : tensor<1x4x4xf32> to tensor<4x4x4xf32>
  %9 = tg.add %8, %arg0 : tensor<4x4x4xf32>
  %10 = tg.permute %9 [2, 0, 1] : tensor<4x4x4xf32> -> tensor<4x4x4xf32>
  %11 = tg.reduce add %10 [0] : tensor<4x4x4xf32> -> tensor<1x4x4xf32>
  %12 = tg.reshape %11 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %13 = tg.mul %3, %12 : tensor<4x4xf32>
  return %6, %13 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_multireduce_midreduce_nochase
// tinygrad: a = Tensor.empty(16, 16).realize(); b = (a.sum(0)+a.max(0) + a.max(1)+a.sum(1)) + 2, check_schedule(b, 1)
// CHECK-LABEL: func @test_multireduce_midreduce_nochase_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_midreduce_nochase_0(%arg0: tensor<16x16xf32>) -> tensor<16xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %1 = tg.reshape %0 : tensor<1x16xf32> to tensor<16xf32>
  %2 = tg.reduce max %arg0 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %3 = tg.reshape %2 : tensor<1x16xf32> to tensor<16xf32>
  %4 = tg.add %1, %3 : tensor<16xf32>
  %5 = tg.permute %arg0 [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %6 = tg.reduce max %5 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %7 = tg.reshape %6 : tensor<1x16xf32> to tensor<16xf32>
  %8 = tg.add %4, %7 : tensor<16xf32>
  %9 = tg.reduce add %5 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %10 = tg.reshape %9 : tensor<1x16xf32> to tensor<16xf32>
  %11 = tg.add %8, %10 : tensor<16xf32>
  %12 = tg.const 2.0 : tensor<16xf32>
  %13 = tg.add %11, %12 : tensor<16xf32>
  return %13 : tensor<16xf32>
}

// -----

// test: TestSchedule.test_partial_fuse1
// tinygrad: a = Tensor.empty(16, 16).realize(); b = Tensor.empty(16, 16).realize(); c = a.sum() + 2; d = (a.sum() - b.sum()) * 4, check_schedule([c, d], 2)
// CHECK-LABEL: func @test_partial_fuse1_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_partial_fuse1_0(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.const 2.0 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.reduce add %arg1 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %5 = tg.reshape %4 : tensor<1x1xf32> to tensor<f32>
  %6 = tg.const -1.0 : tensor<f32>
  %7 = tg.mul %5, %6 : tensor<f32>
  %8 = tg.add %1, %7 : tensor<f32>
  %9 = tg.const 4.0 : tensor<f32>
  %10 = tg.mul %8, %9 : tensor<f32>
  return %3, %10 : tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_partial_fuse2
// tinygrad: a = Tensor.empty(16, 16).realize(); b = Tensor.empty(16, 16).realize(); c = a.sum() + 2; d = b.sum() - c, check_schedule([c, d], 2)
// CHECK-LABEL: func @test_partial_fuse2_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_partial_fuse2_0(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.const 2.0 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.reduce add %arg1 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %5 = tg.reshape %4 : tensor<1x1xf32> to tensor<f32>
  %6 = tg.const -1.0 : tensor<f32>
  %7 = tg.mul %3, %6 : tensor<f32>
  %8 = tg.add %5, %7 : tensor<f32>
  return %3, %8 : tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_partial_fuse3
// tinygrad: a = Tensor.empty(16, 16).realize(); b = Tensor.empty(16, 16).realize(); c = a.sum() + 2; d = a.sum() * 2; e = c * d; f = b.sum() - e, check_schedule([c, d, e, f], 4)
// CHECK-LABEL: func @test_partial_fuse3_0(
// CHECK-COUNT-4: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_partial_fuse3_0(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.const 2.0 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.mul %1, %2 : tensor<f32>
  %5 = tg.mul %3, %4 : tensor<f32>
  %6 = tg.reduce add %arg1 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %7 = tg.reshape %6 : tensor<1x1xf32> to tensor<f32>
  %8 = tg.const -1.0 : tensor<f32>
  %9 = tg.mul %5, %8 : tensor<f32>
  %10 = tg.add %7, %9 : tensor<f32>
  return %3, %4, %5, %10 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_partial_fuse4
// tinygrad: a = Tensor.empty(16, 16).realize(); b = Tensor.empty(16, 16).realize(); c = a.sum() + 2; d = a.sum() * 2; e = c * d; f = (b - d).sum() - e, check_schedule([c, d, e, f], 4)
// CHECK-LABEL: func @test_partial_fuse4_0(
// CHECK-COUNT-4: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_partial_fuse4_0(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.const 2.0 : tensor<f32>
  %3 = tg.add %1, %2 : tensor<f32>
  %4 = tg.mul %1, %2 : tensor<f32>
  %5 = tg.mul %3, %4 : tensor<f32>
  %6 = tg.const -1.0 : tensor<f32>
  %7 = tg.mul %4, %6 : tensor<f32>
  %8 = tg.reshape %7 : tensor<f32> to tensor<1x1xf32>
  %9 = tg.expand %8 : tensor<1x1xf32> to tensor<16x16xf32>
  %10 = tg.add %arg1, %9 : tensor<16x16xf32>
  %11 = tg.reduce add %10 [0, 1] : tensor<16x16xf32> -> tensor<1x1xf32>
  %12 = tg.reshape %11 : tensor<1x1xf32> to tensor<f32>
  %13 = tg.mul %5, %6 : tensor<f32>
  %14 = tg.add %12, %13 : tensor<f32>
  return %3, %4, %5, %14 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_binop_reshape_reduce_fusion
// tinygrad: a = Tensor.empty(100); b = Tensor.empty(100); c = (a+b).reshape(10, 10).sum(axis=0, keepdim=True), check_schedule(c, 1)
// CHECK-LABEL: func @test_binop_reshape_reduce_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_binop_reshape_reduce_fusion_0(%arg0: tensor<100xf32>, %arg1: tensor<100xf32>) -> tensor<1x10xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<100xf32>
  %1 = tg.reshape %0 : tensor<100xf32> to tensor<10x10xf32>
  %2 = tg.reduce add %1 [0] : tensor<10x10xf32> -> tensor<1x10xf32>
  %3 = tg.reshape %2 : tensor<1x10xf32> to tensor<10xf32>
  %4 = tg.reshape %3 : tensor<10xf32> to tensor<1x10xf32>
  return %4 : tensor<1x10xf32>
}

// -----

// test: TestSchedule.test_reduce_reshape_binop_fusion
// tinygrad: a = Tensor.empty(10,10); b = Tensor.empty(10); c = a.sum(axis=0) + b, check_schedule(c, 1)
// CHECK-LABEL: func @test_reduce_reshape_binop_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_reshape_binop_fusion_0(%arg0: tensor<10x10xf32>, %arg1: tensor<10xf32>) -> tensor<10xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<10x10xf32> -> tensor<1x10xf32>
  %1 = tg.reshape %0 : tensor<1x10xf32> to tensor<10xf32>
  %2 = tg.add %1, %arg1 : tensor<10xf32>
  return %2 : tensor<10xf32>
}

// -----

// test: TestSchedule.test_reduce_permute_binop_fusion
// tinygrad: a = Tensor.empty(10,10,10); b = Tensor.empty(10,10,1); c = a.sum(axis=0, keepdim=True).permute(2,1,0) + b, check_schedule(c, 1)
// CHECK-LABEL: func @test_reduce_permute_binop_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_permute_binop_fusion_0(%arg0: tensor<10x10x10xf32>, %arg1: tensor<10x10x1xf32>) -> tensor<10x10x1xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<10x10x10xf32> -> tensor<1x10x10xf32>
  %1 = tg.reshape %0 : tensor<1x10x10xf32> to tensor<10x10xf32>
  %2 = tg.reshape %1 : tensor<10x10xf32> to tensor<1x10x10xf32>
  %3 = tg.permute %2 [2, 1, 0] : tensor<1x10x10xf32> -> tensor<10x10x1xf32>
  %4 = tg.add %3, %arg1 : tensor<10x10x1xf32>
  return %4 : tensor<10x10x1xf32>
}

// -----

// test: TestSchedule.test_binop_early_reshape_reduce_fusion
// tinygrad: a = Tensor.empty(100); b = Tensor.empty(100); c = Tensor.empty(10,10); d = ((a+b).reshape(10,10) + c).sum(axis=0), check_schedule(d, 1)
// CHECK-LABEL: func @test_binop_early_reshape_reduce_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_binop_early_reshape_reduce_fusion_0(%arg0: tensor<100xf32>, %arg1: tensor<100xf32>, %arg2: tensor<10x10xf32>) -> tensor<10xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<100xf32>
  %1 = tg.reshape %0 : tensor<100xf32> to tensor<10x10xf32>
  %2 = tg.add %1, %arg2 : tensor<10x10xf32>
  %3 = tg.reduce add %2 [0] : tensor<10x10xf32> -> tensor<1x10xf32>
  %4 = tg.reshape %3 : tensor<1x10xf32> to tensor<10xf32>
  return %4 : tensor<10xf32>
}

// -----

// test: TestSchedule.test_cache_two_reduceops
// tinygrad: a = Tensor.empty(10); b = a.sum(); c = a.sum(); bc = b+c, check_schedule(bc, 1)
// CHECK-LABEL: func @test_cache_two_reduceops_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cache_two_reduceops_0(%arg0: tensor<10xf32>) -> tensor<f32> {
  %0 = tg.reduce add %arg0 [0] : tensor<10xf32> -> tensor<1xf32>
  %1 = tg.reshape %0 : tensor<1xf32> to tensor<f32>
  %2 = tg.add %1, %1 : tensor<f32>
  return %2 : tensor<f32>
}

// -----

// test: TestSchedule.test_cache_reduce_parent
// tinygrad: x = Tensor.empty(32); r0 = x.mean(axis=0, keepdim=True); r1 = (x - r0).sum(axis=0).div(2); out = r0 + r1, check_schedule(out, 2)
// CHECK-LABEL: func @test_cache_reduce_parent_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cache_reduce_parent_0(%arg0: tensor<32xf32>) -> tensor<1xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<32xf32> -> tensor<1xf32>
  %1 = tg.reshape %0 : tensor<1xf32> to tensor<f32>
  %2 = tg.reshape %1 : tensor<f32> to tensor<1xf32>
  %3 = tg.const 32.0 : tensor<f32>
  %4 = tg.reciprocal %3 : tensor<f32>
  %5 = tg.reshape %4 : tensor<f32> to tensor<1xf32>
  %6 = tg.expand %5 : tensor<1xf32> to tensor<1xf32>
  %7 = tg.mul %2, %6 : tensor<1xf32>
  %8 = tg.const -1.0 : tensor<1xf32>
  %9 = tg.mul %7, %8 : tensor<1xf32>
  %10 = tg.expand %9 : tensor<1xf32> to tensor<32xf32>
  %11 = tg.add %arg0, %10 : tensor<32xf32>
  %12 = tg.reduce add %11 [0] : tensor<32xf32> -> tensor<1xf32>
  %13 = tg.reshape %12 : tensor<1xf32> to tensor<f32>
  %14 = tg.const 2.0 : tensor<f32>
  %15 = tg.reciprocal %14 : tensor<f32>
  %16 = tg.mul %13, %15 : tensor<f32>
  %17 = tg.reshape %16 : tensor<f32> to tensor<1xf32>
  %18 = tg.expand %17 : tensor<1xf32> to tensor<1xf32>
  %19 = tg.add %7, %18 : tensor<1xf32>
  return %19 : tensor<1xf32>
}

// -----

// test: TestSchedule.test_cache_reduce_multiple_children
// tinygrad: x = Tensor.empty(32); y = Tensor.empty(4, 4); r0 = x.mean(axis=0, keepdim=True); r1 = (x - r0).sum(axis=0).div(2); out0 = r0 + y; out1 = r1 + y, check_schedule([out0, out1], 3)
// CHECK-LABEL: func @test_cache_reduce_multiple_children_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cache_reduce_multiple_children_0(%arg0: tensor<32xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = tg.reduce add %arg0 [0] : tensor<32xf32> -> tensor<1xf32>
  %1 = tg.reshape %0 : tensor<1xf32> to tensor<f32>
  %2 = tg.reshape %1 : tensor<f32> to tensor<1xf32>
  %3 = tg.const 32.0 : tensor<f32>
  %4 = tg.reciprocal %3 : tensor<f32>
  %5 = tg.reshape %4 : tensor<f32> to tensor<1xf32>
  %6 = tg.expand %5 : tensor<1xf32> to tensor<1xf32>
  %7 = tg.mul %2, %6 : tensor<1xf32>
  %8 = tg.reshape %7 : tensor<1xf32> to tensor<1x1xf32>
  %9 = tg.expand %8 : tensor<1x1xf32> to tensor<4x4xf32>
  %10 = tg.add %9, %arg1 : tensor<4x4xf32>
  %11 = tg.const -1.0 : tensor<1xf32>
  %12 = tg.mul %7, %11 : tensor<1xf32>
  %13 = tg.expand %12 : tensor<1xf32> to tensor<32xf32>
  %14 = tg.add %arg0, %13 : tensor<32xf32>
  %15 = tg.reduce add %14 [0] : tensor<32xf32> -> tensor<1xf32>
  %16 = tg.reshape %15 : tensor<1xf32> to tensor<f32>
  %17 = tg.const 2.0 : tensor<f32>
  %18 = tg.reciprocal %17 : tensor<f32>
  %19 = tg.mul %16, %18 : tensor<f32>
  %20 = tg.reshape %19 : tensor<f32> to tensor<1x1xf32>
  %21 = tg.expand %20 : tensor<1x1xf32> to tensor<4x4xf32>
  %22 = tg.add %21, %arg1 : tensor<4x4xf32>
  return %10, %22 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_two_sum
// tinygrad: img = Tensor.empty(64,64); x = (img.sum(0) + img.sum(1)); out = x.relu(), check_schedule(out, 1)
// CHECK-LABEL: func @test_two_sum_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_two_sum_0(%arg0: tensor<64x64xf32>) -> tensor<64xf32> {
  %0 = tg.const 0.0 : tensor<64xf32>
  %1 = tg.reduce add %arg0 [0] : tensor<64x64xf32> -> tensor<1x64xf32>
  %2 = tg.reshape %1 : tensor<1x64xf32> to tensor<64xf32>
  %3 = tg.permute %arg0 [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %4 = tg.reduce add %3 [0] : tensor<64x64xf32> -> tensor<1x64xf32>
  %5 = tg.reshape %4 : tensor<1x64xf32> to tensor<64xf32>
  %6 = tg.add %2, %5 : tensor<64xf32>
  %7 = tg.cmplt %0, %6 : tensor<64xf32>
  %8 = tg.where %7, %6, %0 : tensor<64xf32>
  return %8 : tensor<64xf32>
}

// -----

// test: TestSchedule.test_reduce_permute_nofuse
// tinygrad: x = Tensor.empty(32, 32, 32); y = Tensor.empty(32, 32); out = x.sum(axis=2).T+y, check_schedule(out, 1)
// CHECK-LABEL: func @test_reduce_permute_nofuse_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_permute_nofuse_0(%arg0: tensor<32x32x32xf32>, %arg1: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = tg.permute %arg0 [2, 0, 1] : tensor<32x32x32xf32> -> tensor<32x32x32xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x32x32xf32> -> tensor<1x32x32xf32>
  %2 = tg.reshape %1 : tensor<1x32x32xf32> to tensor<32x32xf32>
  %3 = tg.permute %2 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %4 = tg.add %3, %arg1 : tensor<32x32xf32>
  return %4 : tensor<32x32xf32>
}

// -----

// test: TestSchedule.test_multistage_reduce
// tinygrad: x = Tensor.empty(32, 32, 32); out = x.sum(2).relu().sum(1), check_schedule(out, 1)
// CHECK-LABEL: func @test_multistage_reduce_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multistage_reduce_0(%arg0: tensor<32x32x32xf32>) -> tensor<32xf32> {
  %0 = tg.const 0.0 : tensor<32x32xf32>
  %1 = tg.permute %arg0 [2, 0, 1] : tensor<32x32x32xf32> -> tensor<32x32x32xf32>
  %2 = tg.reduce add %1 [0] : tensor<32x32x32xf32> -> tensor<1x32x32xf32>
  %3 = tg.reshape %2 : tensor<1x32x32xf32> to tensor<32x32xf32>
  %4 = tg.cmplt %0, %3 : tensor<32x32xf32>
  %5 = tg.where %4, %3, %0 : tensor<32x32xf32>
  %6 = tg.permute %5 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %7 = tg.reduce add %6 [0] : tensor<32x32xf32> -> tensor<1x32xf32>
  %8 = tg.reshape %7 : tensor<1x32xf32> to tensor<32xf32>
  return %8 : tensor<32xf32>
}

// -----

// test: TestSchedule.test_multistage_reduce_fork
// tinygrad: x = Tensor.empty(32, 32, 32); x = x.sum(2); out2 = x + 1; out = x.relu().sum(1) + out2[0], check_schedule(out, 2)
// CHECK-LABEL: func @test_multistage_reduce_fork_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multistage_reduce_fork_0(%arg0: tensor<32x32x32xf32>) -> tensor<32xf32> {
  %0 = tg.const 0.0 : tensor<32x32xf32>
  %1 = tg.permute %arg0 [2, 0, 1] : tensor<32x32x32xf32> -> tensor<32x32x32xf32>
  %2 = tg.reduce add %1 [0] : tensor<32x32x32xf32> -> tensor<1x32x32xf32>
  %3 = tg.reshape %2 : tensor<1x32x32xf32> to tensor<32x32xf32>
  %4 = tg.cmplt %0, %3 : tensor<32x32xf32>
  %5 = tg.where %4, %3, %0 : tensor<32x32xf32>
  %6 = tg.permute %5 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %7 = tg.reduce add %6 [0] : tensor<32x32xf32> -> tensor<1x32xf32>
  %8 = tg.reshape %7 : tensor<1x32xf32> to tensor<32xf32>
  %9 = tg.const 1.0 : tensor<32x32xf32>
  %10 = tg.add %3, %9 : tensor<32x32xf32>
  %11 = tg.shrink %10 begin [0, 0] end [1, 32] : tensor<32x32xf32> -> tensor<1x32xf32>
  %12 = tg.reshape %11 : tensor<1x32xf32> to tensor<32xf32>
  %13 = tg.add %8, %12 : tensor<32xf32>
  return %13 : tensor<32xf32>
}

// -----

// test: TestSchedule.test_double_sum_ref
// tinygrad: x = Tensor.empty(32, 32, 32); x = x.sum(2); out = x + x[:, 4], check_schedule(out, 2)
// CHECK-LABEL: func @test_double_sum_ref_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_double_sum_ref_0(%arg0: tensor<32x32x32xf32>) -> tensor<32x32xf32> {
  %0 = tg.permute %arg0 [2, 0, 1] : tensor<32x32x32xf32> -> tensor<32x32x32xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x32x32xf32> -> tensor<1x32x32xf32>
  %2 = tg.reshape %1 : tensor<1x32x32xf32> to tensor<32x32xf32>
  %3 = tg.shrink %2 begin [0, 4] end [32, 5] : tensor<32x32xf32> -> tensor<32x1xf32>
  %4 = tg.reshape %3 : tensor<32x1xf32> to tensor<32xf32>
  %5 = tg.reshape %4 : tensor<32xf32> to tensor<1x32xf32>
  %6 = tg.expand %5 : tensor<1x32xf32> to tensor<32x32xf32>
  %7 = tg.add %2, %6 : tensor<32x32xf32>
  return %7 : tensor<32x32xf32>
}

// -----

// test: TestSchedule.test_reduce_simple_chase
// tinygrad: a = Tensor.empty(4, 4, 4); r = a.sum(0) + 6; b = r.sum(0) * 4; c = r.sum(1) * 2, check_schedule([b, c], 3)
// CHECK-LABEL: func @test_reduce_simple_chase_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_simple_chase_0(%arg0: tensor<4x4x4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.reduce add %arg0 [0] : tensor<4x4x4xf32> -> tensor<1x4x4xf32>
  %1 = tg.reshape %0 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %2 = tg.const 6.0 : tensor<4x4xf32>
  %3 = tg.add %1, %2 : tensor<4x4xf32>
  %4 = tg.reduce add %3 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %5 = tg.reshape %4 : tensor<1x4xf32> to tensor<4xf32>
  %6 = tg.const 4.0 : tensor<4xf32>
  %7 = tg.mul %5, %6 : tensor<4xf32>
  %8 = tg.permute %3 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %9 = tg.reduce add %8 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %10 = tg.reshape %9 : tensor<1x4xf32> to tensor<4xf32>
  %11 = tg.const 2.0 : tensor<4xf32>
  %12 = tg.mul %10, %11 : tensor<4xf32>
  return %7, %12 : tensor<4xf32>, tensor<4xf32>
}

// -----

// test: TestSchedule.test_push_permute_chase
// tinygrad: a = Tensor.empty(4, 4, 4); b = Tensor.empty(4, 4); r = a.sum(2) + b; d = r.T * 4; e = r * d, check_schedule([d, e], 3)
// CHECK-LABEL: func @test_push_permute_chase_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_push_permute_chase_0(%arg0: tensor<4x4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = tg.permute %arg0 [2, 0, 1] : tensor<4x4x4xf32> -> tensor<4x4x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<4x4x4xf32> -> tensor<1x4x4xf32>
  %2 = tg.reshape %1 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %3 = tg.add %2, %arg1 : tensor<4x4xf32>
  %4 = tg.permute %3 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %5 = tg.const 4.0 : tensor<4x4xf32>
  %6 = tg.mul %4, %5 : tensor<4x4xf32>
  %7 = tg.mul %3, %6 : tensor<4x4xf32>
  return %6, %7 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_midreduce_nochase
// tinygrad: a = Tensor.empty(16, 16); b = (a.sum(0) + a.max(1)) + 2, check_schedule(b, 1)
// CHECK-LABEL: func @test_midreduce_nochase_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_midreduce_nochase_0(%arg0: tensor<16x16xf32>) -> tensor<16xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %1 = tg.reshape %0 : tensor<1x16xf32> to tensor<16xf32>
  %2 = tg.permute %arg0 [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = tg.reduce max %2 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %4 = tg.reshape %3 : tensor<1x16xf32> to tensor<16xf32>
  %5 = tg.add %1, %4 : tensor<16xf32>
  %6 = tg.const 2.0 : tensor<16xf32>
  %7 = tg.add %5, %6 : tensor<16xf32>
  return %7 : tensor<16xf32>
}

// -----

// test: TestSchedule.test_reduceop_reshape_dont_push
// tinygrad: Tensor.manual_seed(0); x = Tensor.randn(10, 20).realize(); out = x.argmax(1), check_schedule(out, 2)
// CHECK-LABEL: func @test_reduceop_reshape_dont_push_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduceop_reshape_dont_push_0(%arg0: tensor<10x20xf32>) -> tensor<10xi32> {
  %0 = tg.const 20 : tensor<10xi32>
  %1 = tg.permute %arg0 [1, 0] : tensor<10x20xf32> -> tensor<20x10xf32>
  %2 = tg.reduce max %1 [0] : tensor<20x10xf32> -> tensor<1x10xf32>
  %3 = tg.reshape %2 : tensor<1x10xf32> to tensor<10xf32>
  %4 = tg.reshape %3 : tensor<10xf32> to tensor<10x1xf32>
  %5 = tg.expand %4 : tensor<10x1xf32> to tensor<10x20xf32>
  %6 = tg.cmpne %arg0, %5 : tensor<10x20xf32>
  %7 = tg.const true : tensor<10x20xi1>
  %8 = tg.cmpne %6, %7 : tensor<10x20xi1>
  %9 = tg.cast %8 : tensor<10x20xi1> to tensor<10x20xi32>
  %10 = tg.const -1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<20xi32>
  %15 = tg.pad %14 low [19] high [0] : tensor<20xi32> -> tensor<39xi32>
  %16 = tg.reshape %15 : tensor<39xi32> to tensor<1x39xi32>
  %17 = tg.reshape %16 : tensor<1x39xi32> to tensor<39xi32>
  %18 = tg.reshape %17 : tensor<39xi32> to tensor<1x39xi32>
  %19 = tg.expand %18 : tensor<1x39xi32> to tensor<21x39xi32>
  %20 = tg.reshape %19 : tensor<21x39xi32> to tensor<819xi32>
  %21 = tg.shrink %20 begin [0] end [800] : tensor<819xi32> -> tensor<800xi32>
  %22 = tg.reshape %21 : tensor<800xi32> to tensor<20x40xi32>
  %23 = tg.shrink %22 begin [0, 0] end [20, 20] : tensor<20x40xi32> -> tensor<20x20xi32>
  %24 = tg.reshape %23 : tensor<20x20xi32> to tensor<20x20x1xi32>
  %25 = tg.reshape %24 : tensor<20x20x1xi32> to tensor<20x20xi32>
  %26 = tg.permute %25 [1, 0] : tensor<20x20xi32> -> tensor<20x20xi32>
  %27 = tg.permute %26 [1, 0] : tensor<20x20xi32> -> tensor<20x20xi32>
  %28 = tg.reduce add %27 [0] : tensor<20x20xi32> -> tensor<1x20xi32>
  %29 = tg.reshape %28 : tensor<1x20xi32> to tensor<20xi32>
  %30 = tg.const 21 : tensor<20xi32>
  %31 = tg.add %29, %30 : tensor<20xi32>
  %32 = tg.reshape %31 : tensor<20xi32> to tensor<1x20xi32>
  %33 = tg.expand %32 : tensor<1x20xi32> to tensor<10x20xi32>
  %34 = tg.mul %9, %33 : tensor<10x20xi32>
  %35 = tg.permute %34 [1, 0] : tensor<10x20xi32> -> tensor<20x10xi32>
  %36 = tg.reduce max %35 [0] : tensor<20x10xi32> -> tensor<1x10xi32>
  %37 = tg.reshape %36 : tensor<1x10xi32> to tensor<10xi32>
  %38 = tg.const -1 : tensor<10xi32>
  %39 = tg.mul %37, %38 : tensor<10xi32>
  %40 = tg.add %0, %39 : tensor<10xi32>
  return %40 : tensor<10xi32>
}
