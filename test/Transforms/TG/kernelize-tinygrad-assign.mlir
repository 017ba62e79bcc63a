// RUN: tg-opt %s --split-input-file --tg-kernelize | FileCheck %s

// Ported from tinygrad test/null/test_schedule.py: assign (STORE+AFTER onto a buffer): the tests with `assign` in the name.
// Generated from tinygrad's own tensor graphs: every check_schedule(t, n) call was recorded while tinygrad ran
// the test (DEV=NULL) and the tensors' UOp graphs, taken before scheduling, were translated op by op to tg IR
// (buffers, realized or empty, are function arguments; CONST a tg.const of the shape its use needs; EXPAND a
// reshape + tg.expand; REDUCE a tg.reduce over the leading axes + reshape; STORE+AFTER tg.assign).
// Each case checks that tg-kernelize makes tinygrad's kernel count, except where a `// note:` says why ours
// differs on purpose (and checks ours). See KERNELIZE-PORT.md.

// test: TestSchedule.test_basic_binop_fusion_assign
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = Tensor.empty(10); d = a+b+c; e = Tensor.empty(10).assign(d), check_schedule(e, 1)
// CHECK-LABEL: func @test_basic_binop_fusion_assign_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_basic_binop_fusion_assign_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xf32>, %arg3: tensor<10xf32>) -> tensor<10xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<10xf32>
  %1 = tg.add %0, %arg2 : tensor<10xf32>
  %2 = tg.assign %arg3, %1 : tensor<10xf32>
  return %2 : tensor<10xf32>
}

// -----

// test: TestSchedule.test_mulacc_fusion_assign
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = (a*b).sum(); d = Tensor.empty(1).assign(c), check_schedule(d, 1)
// CHECK-LABEL: func @test_mulacc_fusion_assign_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_mulacc_fusion_assign_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>, %arg2: tensor<1xf32>) -> tensor<1xf32> {
  %0 = tg.mul %arg0, %arg1 : tensor<10xf32>
  %1 = tg.reduce add %0 [0] : tensor<10xf32> -> tensor<1xf32>
  %2 = tg.reshape %1 : tensor<1xf32> to tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1xf32>
  %4 = tg.expand %3 : tensor<1xf32> to tensor<1xf32>
  %5 = tg.assign %arg2, %4 : tensor<1xf32>
  return %5 : tensor<1xf32>
}

// -----

// test: TestSchedule.test_detach_assign
// tinygrad: a = Tensor.ones(4, 4).contiguous().realize(); buf1, buf2 = Tensor.empty(4, 4).contiguous(), Tensor.empty(4, 4).contiguous(); r = buf2.assign(buf1.assign(a + 1.0) * 2.0), check_schedule(r.detach().contiguous(), 2)
// CHECK-LABEL: func @test_detach_assign_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_detach_assign_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.const 1.0 : tensor<4x4xf32>
  %1 = tg.add %arg0, %0 : tensor<4x4xf32>
  %2 = tg.assign %arg1, %1 : tensor<4x4xf32>
  %3 = tg.const 2.0 : tensor<4x4xf32>
  %4 = tg.mul %2, %3 : tensor<4x4xf32>
  %5 = tg.assign %arg2, %4 : tensor<4x4xf32>
  %6 = tg.detach %5 : tensor<4x4xf32>
  %7 = tg.contiguous %6 : tensor<4x4xf32>
  return %7 : tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_contiguous_backward_assign
// tinygrad: a = Tensor.ones(4, 4).contiguous().realize(); buf1, buf2 = Tensor.empty(4, 4).contiguous(), Tensor.empty(4, 4).contiguous(); r = buf2.assign(buf1.assign(a + 1.0) * 2.0), check_schedule(r.contiguous_backward().contiguous(), 2)
// CHECK-LABEL: func @test_contiguous_backward_assign_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_contiguous_backward_assign_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.const 1.0 : tensor<4x4xf32>
  %1 = tg.add %arg0, %0 : tensor<4x4xf32>
  %2 = tg.assign %arg1, %1 : tensor<4x4xf32>
  %3 = tg.const 2.0 : tensor<4x4xf32>
  %4 = tg.mul %2, %3 : tensor<4x4xf32>
  %5 = tg.assign %arg2, %4 : tensor<4x4xf32>
  %6 = tg.contiguous_backward %5 : tensor<4x4xf32>
  %7 = tg.contiguous %6 : tensor<4x4xf32>
  return %7 : tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_dedup_assign
// tinygrad: a = Tensor.ones(4).contiguous().realize(); b = Tensor.full((4,), 2.).contiguous(); first = a.assign(b); second = a.assign(b), check_schedule([first, second], 2)
// CHECK-LABEL: func @test_dedup_assign_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_dedup_assign_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.const 2.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1xf32>
  %2 = tg.reshape %1 : tensor<1xf32> to tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1xf32>
  %4 = tg.expand %3 : tensor<1xf32> to tensor<4xf32>
  %5 = tg.assign %arg1, %4 : tensor<4xf32>
  %6 = tg.contiguous %5 : tensor<4xf32>
  %7 = tg.assign %arg0, %6 : tensor<4xf32>
  %8 = tg.assign %7, %6 : tensor<4xf32>
  return %8, %8 : tensor<4xf32>, tensor<4xf32>
}
