// RUN: tg-opt %s --split-input-file --tg-kernelize | FileCheck %s

// Ported from tinygrad test/null/test_schedule.py: buffers and constants: contiguous, clone, dedup, constants, views of buffers, zero-size (TestBufferUOp, TestContiguous, TestView, TestUOpBecome, TestBufferView, TestInvalidTensor and the matching TestSchedule tests).
// Generated from tinygrad's own tensor graphs: every check_schedule(t, n) call was recorded while tinygrad ran
// the test (DEV=NULL) and the tensors' UOp graphs, taken before scheduling, were translated op by op to tg IR
// (buffers, realized or empty, are function arguments; CONST a tg.const of the shape its use needs; EXPAND a
// reshape + tg.expand; REDUCE a tg.reduce over the leading axes + reshape; STORE+AFTER tg.assign).
// Each case checks that tg-kernelize makes tinygrad's kernel count, except where a `// note:` says why ours
// differs on purpose (and checks ours). See KERNELIZE-PORT.md.

// test: TestBufferUOp.test_const_does_not_realize
// tinygrad: a = Tensor(1), check_schedule(a, 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_const_does_not_realize_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_const_does_not_realize_0() -> tensor<i32> {
  %0 = tg.const 1 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

// test: TestContiguous.test_contiguous_buffer
// tinygrad: a = Tensor.empty(4); b = a.contiguous(), check_schedule(b, 0)
// CHECK-LABEL: func @test_contiguous_buffer_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_contiguous_buffer_0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

// -----

// test: TestContiguous.test_contiguous_buffer_view
// tinygrad: a = Tensor.empty(4); b = a.reshape((2, 2)).contiguous(), check_schedule(b, 0)
// CHECK-LABEL: func @test_contiguous_buffer_view_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_contiguous_buffer_view_0(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %arg0 : tensor<2x2xf32>
}

// -----

// test: TestContiguous.test_non_contiguous_buffer_view
// tinygrad: a = Tensor.empty(4, 1); b = a.expand((4, 4)).contiguous(), check_schedule(b, 1)
// CHECK-LABEL: func @test_non_contiguous_buffer_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_non_contiguous_buffer_view_0(%arg0: tensor<4x1xf32>) -> tensor<4x4xf32> {
  %0 = tg.reshape %arg0 : tensor<4x1xf32> to tensor<4xf32>
  %1 = tg.reshape %0 : tensor<4xf32> to tensor<1x4xf32>
  %2 = tg.expand %1 : tensor<1x4xf32> to tensor<4x4xf32>
  %3 = tg.permute %2 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %4 = tg.contiguous %3 : tensor<4x4xf32>
  return %4 : tensor<4x4xf32>
}

// -----

// test: TestContiguous.test_size_change_buffer_view
// tinygrad: a = Tensor.empty(4); b = a.reshape((1, 1, 4)).shrink(((0, 1), (0, 1), (0, 3))).contiguous(), check_schedule(b, 0)
// note: tinygrad 0, ours 1: .contiguous() of a contiguous slice of a buffer is a zero-copy buffer view (SLICE) in tinygrad; we copy it in a kernel (KERNELIZE-PORT.md, C4)
// CHECK-LABEL: func @test_size_change_buffer_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_size_change_buffer_view_0(%arg0: tensor<1x1x4xf32>) -> tensor<1x1x3xf32> {
  %0 = tg.shrink %arg0 begin [0, 0, 0] end [1, 1, 3] : tensor<1x1x4xf32> -> tensor<1x1x3xf32>
  %1 = tg.contiguous %0 : tensor<1x1x3xf32>
  return %1 : tensor<1x1x3xf32>
}

// -----

// test: TestContiguous.test_double_contiguous_realizes_once
// tinygrad: a = Tensor.empty(4, 1); b = a.expand((4, 4)).contiguous().contiguous(), check_schedule(b, 1)
// CHECK-LABEL: func @test_double_contiguous_realizes_once_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_double_contiguous_realizes_once_0(%arg0: tensor<4x1xf32>) -> tensor<4x4xf32> {
  %0 = tg.reshape %arg0 : tensor<4x1xf32> to tensor<4xf32>
  %1 = tg.reshape %0 : tensor<4xf32> to tensor<1x4xf32>
  %2 = tg.expand %1 : tensor<1x4xf32> to tensor<4x4xf32>
  %3 = tg.permute %2 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %4 = tg.contiguous %3 : tensor<4x4xf32>
  return %4 : tensor<4x4xf32>
}

// -----

// test: TestContiguous.test_view_does_not_realize
// tinygrad: a = Tensor.empty(4); b = a.expand((4, 4)), check_schedule(b, 0)
// note: tinygrad 0, ours 1: the result is a view (an expand) of an argument; tinygrad returns the view, our function results are buffers of their own, so a kernel copies it (KERNELIZE-PORT.md, C3)
// CHECK-LABEL: func @test_view_does_not_realize_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_view_does_not_realize_0(%arg0: tensor<4xf32>) -> tensor<4x4xf32> {
  %0 = tg.reshape %arg0 : tensor<4xf32> to tensor<1x4xf32>
  %1 = tg.expand %0 : tensor<1x4xf32> to tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// test: TestContiguous.test_contiguous_view_realizes
// tinygrad: a = Tensor.empty(4); b = a.expand((4, 4)).contiguous(), check_schedule(b, 1)
// CHECK-LABEL: func @test_contiguous_view_realizes_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_contiguous_view_realizes_0(%arg0: tensor<4xf32>) -> tensor<4x4xf32> {
  %0 = tg.reshape %arg0 : tensor<4xf32> to tensor<1x4xf32>
  %1 = tg.expand %0 : tensor<1x4xf32> to tensor<4x4xf32>
  %2 = tg.contiguous %1 : tensor<4x4xf32>
  return %2 : tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_clone_doesnt_dedup
// tinygrad: src = Tensor.ones(4).contiguous().realize(); a = src.clone(); b = src.clone(), check_schedule([a, b], 2, filter_sink=False)
// note: filter_sink=False: tinygrad counts every scheduled call, copies and buffer views included
// CHECK-LABEL: func @test_clone_doesnt_dedup_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_clone_doesnt_dedup_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.assign %arg1, %arg0 : tensor<4xf32>
  %1 = tg.assign %arg2, %arg0 : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// test: TestSchedule.test_zero_size_children
// tinygrad: r = Tensor.ones(1,2).contiguous().realize().sum(axis=(1,), keepdim=True); ax = r.reshape(1)*2; ay = r.reshape(1).shrink(((1,1),))*2; out = ax+ay.pad(((1, 0),)), check_schedule(out, 1)
// CHECK-LABEL: func @test_zero_size_children_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_zero_size_children_0(%arg0: tensor<1x2xf32>) -> tensor<1xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<1x2xf32> -> tensor<2x1xf32>
  %1 = tg.reduce add %0 [0] : tensor<2x1xf32> -> tensor<1x1xf32>
  %2 = tg.reshape %1 : tensor<1x1xf32> to tensor<1xf32>
  %3 = tg.reshape %2 : tensor<1xf32> to tensor<1x1xf32>
  %4 = tg.reshape %3 : tensor<1x1xf32> to tensor<1xf32>
  %5 = tg.const 2.0 : tensor<1xf32>
  %6 = tg.mul %4, %5 : tensor<1xf32>
  %7 = tg.shrink %4 begin [1] end [1] : tensor<1xf32> -> tensor<0xf32>
  %8 = tg.const 2.0 : tensor<0xf32>
  %9 = tg.mul %7, %8 : tensor<0xf32>
  %10 = tg.pad %9 low [1] high [0] : tensor<0xf32> -> tensor<1xf32>
  %11 = tg.add %6, %10 : tensor<1xf32>
  return %11 : tensor<1xf32>
}

// -----

// test: TestSchedule.test_cast_const_view, call 0
// tinygrad: a = Tensor.ones((4, 4), dtype=dtypes.float32, buffer=False); casted_view = a.cast(dtypes.int32), check_schedule(casted_view, 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_cast_const_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cast_const_view_0() -> tensor<4x4xi32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1x1xf32>
  %2 = tg.reshape %1 : tensor<1x1xf32> to tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1x1xf32>
  %4 = tg.expand %3 : tensor<1x1xf32> to tensor<4x4xf32>
  %5 = tg.cast %4 : tensor<4x4xf32> to tensor<4x4xi32>
  return %5 : tensor<4x4xi32>
}

// -----

// test: TestSchedule.test_cast_const_view, call 1
// tinygrad: a = Tensor.ones((4, 4), dtype=dtypes.float32, buffer=False); casted_view = a.cast(dtypes.int32); realized_const_view = casted_view.contiguous(), check_schedule(realized_const_view, 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_cast_const_view_1(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cast_const_view_1() -> tensor<4x4xi32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1x1xf32>
  %2 = tg.reshape %1 : tensor<1x1xf32> to tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1x1xf32>
  %4 = tg.expand %3 : tensor<1x1xf32> to tensor<4x4xf32>
  %5 = tg.cast %4 : tensor<4x4xf32> to tensor<4x4xi32>
  return %5 : tensor<4x4xi32>
}

// -----

// test: TestSchedule.test_user_contiguous
// tinygrad: x = Tensor.empty(5, 2).realize(); a = (Tensor.arange(10)+1).clone(); out = (x + a[2]).sum(), check_schedule(out, 2)
// CHECK-LABEL: func @test_user_contiguous_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_user_contiguous_0(%arg0: tensor<5x2xf32>, %arg1: tensor<10xi32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<10xi32>
  %5 = tg.pad %4 low [9] high [0] : tensor<10xi32> -> tensor<19xi32>
  %6 = tg.reshape %5 : tensor<19xi32> to tensor<1x19xi32>
  %7 = tg.reshape %6 : tensor<1x19xi32> to tensor<19xi32>
  %8 = tg.reshape %7 : tensor<19xi32> to tensor<1x19xi32>
  %9 = tg.expand %8 : tensor<1x19xi32> to tensor<11x19xi32>
  %10 = tg.reshape %9 : tensor<11x19xi32> to tensor<209xi32>
  %11 = tg.shrink %10 begin [0] end [200] : tensor<209xi32> -> tensor<200xi32>
  %12 = tg.reshape %11 : tensor<200xi32> to tensor<10x20xi32>
  %13 = tg.shrink %12 begin [0, 0] end [10, 10] : tensor<10x20xi32> -> tensor<10x10xi32>
  %14 = tg.reshape %13 : tensor<10x10xi32> to tensor<10x10x1xi32>
  %15 = tg.reshape %14 : tensor<10x10x1xi32> to tensor<10x10xi32>
  %16 = tg.permute %15 [1, 0] : tensor<10x10xi32> -> tensor<10x10xi32>
  %17 = tg.permute %16 [1, 0] : tensor<10x10xi32> -> tensor<10x10xi32>
  %18 = tg.reduce add %17 [0] : tensor<10x10xi32> -> tensor<1x10xi32>
  %19 = tg.reshape %18 : tensor<1x10xi32> to tensor<10xi32>
  %20 = tg.const -1 : tensor<10xi32>
  %21 = tg.add %19, %20 : tensor<10xi32>
  %22 = tg.const 1 : tensor<10xi32>
  %23 = tg.add %21, %22 : tensor<10xi32>
  %24 = tg.assign %arg1, %23 : tensor<10xi32>
  %25 = tg.shrink %24 begin [2] end [3] : tensor<10xi32> -> tensor<1xi32>
  %26 = tg.reshape %25 : tensor<1xi32> to tensor<i32>
  %27 = tg.cast %26 : tensor<i32> to tensor<f32>
  %28 = tg.reshape %27 : tensor<f32> to tensor<1x1xf32>
  %29 = tg.expand %28 : tensor<1x1xf32> to tensor<5x2xf32>
  %30 = tg.add %arg0, %29 : tensor<5x2xf32>
  %31 = tg.reduce add %30 [0, 1] : tensor<5x2xf32> -> tensor<1x1xf32>
  %32 = tg.reshape %31 : tensor<1x1xf32> to tensor<f32>
  return %32 : tensor<f32>
}

// -----

// test: TestSchedule.test_const_mul
// tinygrad: b = Tensor(2) * 4; self.assertIsNone(b.uop.device), check_schedule(b, 0, filter_sink=False)
// note: filter_sink=False: tinygrad counts every scheduled call, copies and buffer views included
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_const_mul_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_const_mul_0() -> tensor<i32> {
  %0 = tg.const 2 : tensor<i32>
  %1 = tg.const 4 : tensor<i32>
  %2 = tg.mul %0, %1 : tensor<i32>
  return %2 : tensor<i32>
}

// -----

// test: TestSchedule.test_rand
// tinygrad: x = Tensor.rand(32), check_schedule(x, 1, [Tensor._device_rng_counters[x.device]])
// note: STACK (Tensor.stack/cat) written as reshape+pad+add per slice
// CHECK-LABEL: func @test_rand_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_rand_0(%arg0: tensor<2xui32>, %arg1: tensor<2xui32>) -> tensor<32xf32> {
  %0 = tg.const 1 : tensor<ui32>
  %1 = tg.reshape %0 : tensor<ui32> to tensor<1xui32>
  %2 = tg.reshape %1 : tensor<1xui32> to tensor<ui32>
  %3 = tg.reshape %2 : tensor<ui32> to tensor<1xui32>
  %4 = tg.expand %3 : tensor<1xui32> to tensor<16xui32>
  %5 = tg.pad %4 low [15] high [0] : tensor<16xui32> -> tensor<31xui32>
  %6 = tg.reshape %5 : tensor<31xui32> to tensor<1x31xui32>
  %7 = tg.reshape %6 : tensor<1x31xui32> to tensor<31xui32>
  %8 = tg.reshape %7 : tensor<31xui32> to tensor<1x31xui32>
  %9 = tg.expand %8 : tensor<1x31xui32> to tensor<17x31xui32>
  %10 = tg.reshape %9 : tensor<17x31xui32> to tensor<527xui32>
  %11 = tg.shrink %10 begin [0] end [512] : tensor<527xui32> -> tensor<512xui32>
  %12 = tg.reshape %11 : tensor<512xui32> to tensor<16x32xui32>
  %13 = tg.shrink %12 begin [0, 0] end [16, 16] : tensor<16x32xui32> -> tensor<16x16xui32>
  %14 = tg.reshape %13 : tensor<16x16xui32> to tensor<16x16x1xui32>
  %15 = tg.reshape %14 : tensor<16x16x1xui32> to tensor<16x16xui32>
  %16 = tg.permute %15 [1, 0] : tensor<16x16xui32> -> tensor<16x16xui32>
  %17 = tg.permute %16 [1, 0] : tensor<16x16xui32> -> tensor<16x16xui32>
  %18 = tg.reduce add %17 [0] : tensor<16x16xui32> -> tensor<1x16xui32>
  %19 = tg.reshape %18 : tensor<1x16xui32> to tensor<16xui32>
  %20 = tg.const 4294967295 : tensor<16xui32>
  %21 = tg.add %19, %20 : tensor<16xui32>
  %22 = tg.const 16 : tensor<16xui32>
  %23 = tg.add %21, %22 : tensor<16xui32>
  %24 = tg.cast %23 : tensor<16xui32> to tensor<16xui64>
  %25 = tg.const 32 : tensor<16xui64>
  %26 = tg.shl %24, %25 : tensor<16xui64>
  %27 = tg.cast %21 : tensor<16xui32> to tensor<16xui64>
  %28 = tg.or %26, %27 : tensor<16xui64>
  %29 = tg.shrink %arg1 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %30 = tg.const 32 : tensor<ui32>
  %31 = tg.const 4294967295 : tensor<ui32>
  %32 = tg.mul %30, %31 : tensor<ui32>
  %33 = tg.reshape %32 : tensor<ui32> to tensor<1xui32>
  %34 = tg.expand %33 : tensor<1xui32> to tensor<1xui32>
  %35 = tg.add %29, %34 : tensor<1xui32>
  %36 = tg.reshape %35 : tensor<1xui32> to tensor<1x1xui32>
  %37 = tg.pad %36 low [0, 0] high [1, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %38 = tg.shrink %arg1 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %39 = tg.const 0 : tensor<ui32>
  %40 = tg.mul %39, %31 : tensor<ui32>
  %41 = tg.reshape %40 : tensor<ui32> to tensor<1xui32>
  %42 = tg.expand %41 : tensor<1xui32> to tensor<1xui32>
  %43 = tg.add %38, %42 : tensor<1xui32>
  %44 = tg.reshape %29 : tensor<1xui32> to tensor<ui32>
  %45 = tg.cmplt %44, %30 : tensor<ui32>
  %46 = tg.cast %45 : tensor<i1> to tensor<ui32>
  %47 = tg.mul %46, %31 : tensor<ui32>
  %48 = tg.reshape %47 : tensor<ui32> to tensor<1xui32>
  %49 = tg.expand %48 : tensor<1xui32> to tensor<1xui32>
  %50 = tg.add %43, %49 : tensor<1xui32>
  %51 = tg.reshape %50 : tensor<1xui32> to tensor<1x1xui32>
  %52 = tg.pad %51 low [1, 0] high [0, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %53 = tg.add %37, %52 : tensor<2x1xui32>
  %54 = tg.reshape %53 : tensor<2x1xui32> to tensor<2xui32>
  %55 = tg.shrink %54 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %56 = tg.const 0 : tensor<1xui32>
  %57 = tg.add %55, %56 : tensor<1xui32>
  %58 = tg.shrink %54 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %59 = tg.add %58, %56 : tensor<1xui32>
  %60 = tg.cmplt %59, %58 : tensor<1xui32>
  %61 = tg.cast %60 : tensor<1xi1> to tensor<1xui32>
  %62 = tg.add %57, %61 : tensor<1xui32>
  %63 = tg.cast %62 : tensor<1xui32> to tensor<1xui64>
  %64 = tg.const 32 : tensor<1xui64>
  %65 = tg.shl %63, %64 : tensor<1xui64>
  %66 = tg.cast %59 : tensor<1xui32> to tensor<1xui64>
  %67 = tg.or %65, %66 : tensor<1xui64>
  %68 = tg.shrink %arg0 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %69 = tg.reshape %68 : tensor<1xui32> to tensor<ui32>
  %70 = tg.cast %69 : tensor<ui32> to tensor<ui64>
  %71 = tg.const 32 : tensor<ui64>
  %72 = tg.shl %70, %71 : tensor<ui64>
  %73 = tg.shrink %arg0 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %74 = tg.reshape %73 : tensor<1xui32> to tensor<ui32>
  %75 = tg.cast %74 : tensor<ui32> to tensor<ui64>
  %76 = tg.or %72, %75 : tensor<ui64>
  %77 = tg.reshape %76 : tensor<ui64> to tensor<1xui64>
  %78 = tg.expand %77 : tensor<1xui64> to tensor<1xui64>
  %79 = tg.threefry %67, %78 : tensor<1xui64>
  %80 = tg.cast %79 : tensor<1xui64> to tensor<1xui32>
  %81 = tg.reshape %80 : tensor<1xui32> to tensor<1x1xui32>
  %82 = tg.pad %81 low [0, 0] high [1, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %83 = tg.shr %79, %64 : tensor<1xui64>
  %84 = tg.cast %83 : tensor<1xui64> to tensor<1xui32>
  %85 = tg.reshape %84 : tensor<1xui32> to tensor<1x1xui32>
  %86 = tg.pad %85 low [1, 0] high [0, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %87 = tg.add %82, %86 : tensor<2x1xui32>
  %88 = tg.reshape %87 : tensor<2x1xui32> to tensor<2xui32>
  %89 = tg.shrink %88 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %90 = tg.reshape %89 : tensor<1xui32> to tensor<ui32>
  %91 = tg.cast %90 : tensor<ui32> to tensor<ui64>
  %92 = tg.shl %91, %71 : tensor<ui64>
  %93 = tg.shrink %88 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %94 = tg.reshape %93 : tensor<1xui32> to tensor<ui32>
  %95 = tg.cast %94 : tensor<ui32> to tensor<ui64>
  %96 = tg.or %92, %95 : tensor<ui64>
  %97 = tg.reshape %96 : tensor<ui64> to tensor<1xui64>
  %98 = tg.expand %97 : tensor<1xui64> to tensor<16xui64>
  %99 = tg.threefry %28, %98 : tensor<16xui64>
  %100 = tg.cast %99 : tensor<16xui64> to tensor<16xui32>
  %101 = tg.reshape %100 : tensor<16xui32> to tensor<1x16xui32>
  %102 = tg.pad %101 low [0, 0] high [1, 0] : tensor<1x16xui32> -> tensor<2x16xui32>
  %103 = tg.shr %99, %25 : tensor<16xui64>
  %104 = tg.cast %103 : tensor<16xui64> to tensor<16xui32>
  %105 = tg.reshape %104 : tensor<16xui32> to tensor<1x16xui32>
  %106 = tg.pad %105 low [1, 0] high [0, 0] : tensor<1x16xui32> -> tensor<2x16xui32>
  %107 = tg.add %102, %106 : tensor<2x16xui32>
  %108 = tg.reshape %107 : tensor<2x16xui32> to tensor<32xui32>
  %109 = tg.reshape %108 : tensor<32xui32> to tensor<1x32xui32>
  %110 = tg.reshape %109 : tensor<1x32xui32> to tensor<32xui32>
  %111 = tg.const 9 : tensor<32xui32>
  %112 = tg.shr %110, %111 : tensor<32xui32>
  %113 = tg.const 1065353216 : tensor<32xui32>
  %114 = tg.or %112, %113 : tensor<32xui32>
  %115 = tg.bitcast %114 : tensor<32xui32> to tensor<32xf32>
  %116 = tg.const 1.0 : tensor<f32>
  %117 = tg.const -1.0 : tensor<f32>
  %118 = tg.mul %116, %117 : tensor<f32>
  %119 = tg.reshape %118 : tensor<f32> to tensor<1xf32>
  %120 = tg.expand %119 : tensor<1xf32> to tensor<32xf32>
  %121 = tg.add %115, %120 : tensor<32xf32>
  %122 = tg.contiguous %121 : tensor<32xf32>
  return %122 : tensor<32xf32>
}

// -----

// test: TestSchedule.test_rand_recompute_arange
// tinygrad: x = Tensor.rand(32), check_schedule(x, 1, [Tensor._device_rng_counters[x.device]])
// note: STACK (Tensor.stack/cat) written as reshape+pad+add per slice
// CHECK-LABEL: func @test_rand_recompute_arange_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_rand_recompute_arange_0(%arg0: tensor<2xui32>, %arg1: tensor<2xui32>) -> tensor<32xf32> {
  %0 = tg.const 1 : tensor<ui32>
  %1 = tg.reshape %0 : tensor<ui32> to tensor<1xui32>
  %2 = tg.reshape %1 : tensor<1xui32> to tensor<ui32>
  %3 = tg.reshape %2 : tensor<ui32> to tensor<1xui32>
  %4 = tg.expand %3 : tensor<1xui32> to tensor<16xui32>
  %5 = tg.pad %4 low [15] high [0] : tensor<16xui32> -> tensor<31xui32>
  %6 = tg.reshape %5 : tensor<31xui32> to tensor<1x31xui32>
  %7 = tg.reshape %6 : tensor<1x31xui32> to tensor<31xui32>
  %8 = tg.reshape %7 : tensor<31xui32> to tensor<1x31xui32>
  %9 = tg.expand %8 : tensor<1x31xui32> to tensor<17x31xui32>
  %10 = tg.reshape %9 : tensor<17x31xui32> to tensor<527xui32>
  %11 = tg.shrink %10 begin [0] end [512] : tensor<527xui32> -> tensor<512xui32>
  %12 = tg.reshape %11 : tensor<512xui32> to tensor<16x32xui32>
  %13 = tg.shrink %12 begin [0, 0] end [16, 16] : tensor<16x32xui32> -> tensor<16x16xui32>
  %14 = tg.reshape %13 : tensor<16x16xui32> to tensor<16x16x1xui32>
  %15 = tg.reshape %14 : tensor<16x16x1xui32> to tensor<16x16xui32>
  %16 = tg.permute %15 [1, 0] : tensor<16x16xui32> -> tensor<16x16xui32>
  %17 = tg.permute %16 [1, 0] : tensor<16x16xui32> -> tensor<16x16xui32>
  %18 = tg.reduce add %17 [0] : tensor<16x16xui32> -> tensor<1x16xui32>
  %19 = tg.reshape %18 : tensor<1x16xui32> to tensor<16xui32>
  %20 = tg.const 4294967295 : tensor<16xui32>
  %21 = tg.add %19, %20 : tensor<16xui32>
  %22 = tg.const 16 : tensor<16xui32>
  %23 = tg.add %21, %22 : tensor<16xui32>
  %24 = tg.cast %23 : tensor<16xui32> to tensor<16xui64>
  %25 = tg.const 32 : tensor<16xui64>
  %26 = tg.shl %24, %25 : tensor<16xui64>
  %27 = tg.cast %21 : tensor<16xui32> to tensor<16xui64>
  %28 = tg.or %26, %27 : tensor<16xui64>
  %29 = tg.shrink %arg1 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %30 = tg.const 32 : tensor<ui32>
  %31 = tg.const 4294967295 : tensor<ui32>
  %32 = tg.mul %30, %31 : tensor<ui32>
  %33 = tg.reshape %32 : tensor<ui32> to tensor<1xui32>
  %34 = tg.expand %33 : tensor<1xui32> to tensor<1xui32>
  %35 = tg.add %29, %34 : tensor<1xui32>
  %36 = tg.reshape %35 : tensor<1xui32> to tensor<1x1xui32>
  %37 = tg.pad %36 low [0, 0] high [1, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %38 = tg.shrink %arg1 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %39 = tg.const 0 : tensor<ui32>
  %40 = tg.mul %39, %31 : tensor<ui32>
  %41 = tg.reshape %40 : tensor<ui32> to tensor<1xui32>
  %42 = tg.expand %41 : tensor<1xui32> to tensor<1xui32>
  %43 = tg.add %38, %42 : tensor<1xui32>
  %44 = tg.reshape %29 : tensor<1xui32> to tensor<ui32>
  %45 = tg.cmplt %44, %30 : tensor<ui32>
  %46 = tg.cast %45 : tensor<i1> to tensor<ui32>
  %47 = tg.mul %46, %31 : tensor<ui32>
  %48 = tg.reshape %47 : tensor<ui32> to tensor<1xui32>
  %49 = tg.expand %48 : tensor<1xui32> to tensor<1xui32>
  %50 = tg.add %43, %49 : tensor<1xui32>
  %51 = tg.reshape %50 : tensor<1xui32> to tensor<1x1xui32>
  %52 = tg.pad %51 low [1, 0] high [0, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %53 = tg.add %37, %52 : tensor<2x1xui32>
  %54 = tg.reshape %53 : tensor<2x1xui32> to tensor<2xui32>
  %55 = tg.shrink %54 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %56 = tg.const 0 : tensor<1xui32>
  %57 = tg.add %55, %56 : tensor<1xui32>
  %58 = tg.shrink %54 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %59 = tg.add %58, %56 : tensor<1xui32>
  %60 = tg.cmplt %59, %58 : tensor<1xui32>
  %61 = tg.cast %60 : tensor<1xi1> to tensor<1xui32>
  %62 = tg.add %57, %61 : tensor<1xui32>
  %63 = tg.cast %62 : tensor<1xui32> to tensor<1xui64>
  %64 = tg.const 32 : tensor<1xui64>
  %65 = tg.shl %63, %64 : tensor<1xui64>
  %66 = tg.cast %59 : tensor<1xui32> to tensor<1xui64>
  %67 = tg.or %65, %66 : tensor<1xui64>
  %68 = tg.shrink %arg0 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %69 = tg.reshape %68 : tensor<1xui32> to tensor<ui32>
  %70 = tg.cast %69 : tensor<ui32> to tensor<ui64>
  %71 = tg.const 32 : tensor<ui64>
  %72 = tg.shl %70, %71 : tensor<ui64>
  %73 = tg.shrink %arg0 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %74 = tg.reshape %73 : tensor<1xui32> to tensor<ui32>
  %75 = tg.cast %74 : tensor<ui32> to tensor<ui64>
  %76 = tg.or %72, %75 : tensor<ui64>
  %77 = tg.reshape %76 : tensor<ui64> to tensor<1xui64>
  %78 = tg.expand %77 : tensor<1xui64> to tensor<1xui64>
  %79 = tg.threefry %67, %78 : tensor<1xui64>
  %80 = tg.cast %79 : tensor<1xui64> to tensor<1xui32>
  %81 = tg.reshape %80 : tensor<1xui32> to tensor<1x1xui32>
  %82 = tg.pad %81 low [0, 0] high [1, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %83 = tg.shr %79, %64 : tensor<1xui64>
  %84 = tg.cast %83 : tensor<1xui64> to tensor<1xui32>
  %85 = tg.reshape %84 : tensor<1xui32> to tensor<1x1xui32>
  %86 = tg.pad %85 low [1, 0] high [0, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %87 = tg.add %82, %86 : tensor<2x1xui32>
  %88 = tg.reshape %87 : tensor<2x1xui32> to tensor<2xui32>
  %89 = tg.shrink %88 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %90 = tg.reshape %89 : tensor<1xui32> to tensor<ui32>
  %91 = tg.cast %90 : tensor<ui32> to tensor<ui64>
  %92 = tg.shl %91, %71 : tensor<ui64>
  %93 = tg.shrink %88 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %94 = tg.reshape %93 : tensor<1xui32> to tensor<ui32>
  %95 = tg.cast %94 : tensor<ui32> to tensor<ui64>
  %96 = tg.or %92, %95 : tensor<ui64>
  %97 = tg.reshape %96 : tensor<ui64> to tensor<1xui64>
  %98 = tg.expand %97 : tensor<1xui64> to tensor<16xui64>
  %99 = tg.threefry %28, %98 : tensor<16xui64>
  %100 = tg.cast %99 : tensor<16xui64> to tensor<16xui32>
  %101 = tg.reshape %100 : tensor<16xui32> to tensor<1x16xui32>
  %102 = tg.pad %101 low [0, 0] high [1, 0] : tensor<1x16xui32> -> tensor<2x16xui32>
  %103 = tg.shr %99, %25 : tensor<16xui64>
  %104 = tg.cast %103 : tensor<16xui64> to tensor<16xui32>
  %105 = tg.reshape %104 : tensor<16xui32> to tensor<1x16xui32>
  %106 = tg.pad %105 low [1, 0] high [0, 0] : tensor<1x16xui32> -> tensor<2x16xui32>
  %107 = tg.add %102, %106 : tensor<2x16xui32>
  %108 = tg.reshape %107 : tensor<2x16xui32> to tensor<32xui32>
  %109 = tg.reshape %108 : tensor<32xui32> to tensor<1x32xui32>
  %110 = tg.reshape %109 : tensor<1x32xui32> to tensor<32xui32>
  %111 = tg.const 9 : tensor<32xui32>
  %112 = tg.shr %110, %111 : tensor<32xui32>
  %113 = tg.const 1065353216 : tensor<32xui32>
  %114 = tg.or %112, %113 : tensor<32xui32>
  %115 = tg.bitcast %114 : tensor<32xui32> to tensor<32xf32>
  %116 = tg.const 1.0 : tensor<f32>
  %117 = tg.const -1.0 : tensor<f32>
  %118 = tg.mul %116, %117 : tensor<f32>
  %119 = tg.reshape %118 : tensor<f32> to tensor<1xf32>
  %120 = tg.expand %119 : tensor<1xf32> to tensor<32xf32>
  %121 = tg.add %115, %120 : tensor<32xf32>
  %122 = tg.contiguous %121 : tensor<32xf32>
  return %122 : tensor<32xf32>
}

// -----

// test: TestSchedule.test_realize_view_of_realized_has_empty_schedule
// tinygrad: t = Tensor.zeros((3, 3)).contiguous().realize(); v = t[1]; assert v.uop.is_realized, check_schedule(v, 0)
// note: tinygrad 0, ours 1: the result is a view (a shrink) of an argument; tinygrad returns the view, our function results are buffers of their own, so a kernel copies it (KERNELIZE-PORT.md, C3)
// CHECK-LABEL: func @test_realize_view_of_realized_has_empty_schedule_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_realize_view_of_realized_has_empty_schedule_0(%arg0: tensor<3x3xf32>) -> tensor<3xf32> {
  %0 = tg.shrink %arg0 begin [1, 0] end [2, 3] : tensor<3x3xf32> -> tensor<1x3xf32>
  %1 = tg.reshape %0 : tensor<1x3xf32> to tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// test: TestSchedule.test_constants_are_embedded
// tinygrad: a = Tensor.empty(3,3) * 2, check_schedule(a, 1, filter_sink=False)
// note: filter_sink=False: tinygrad counts every scheduled call, copies and buffer views included
// CHECK-LABEL: func @test_constants_are_embedded_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_constants_are_embedded_0(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = tg.const 2.0 : tensor<3x3xf32>
  %1 = tg.mul %arg0, %0 : tensor<3x3xf32>
  return %1 : tensor<3x3xf32>
}

// -----

// test: TestSchedule.tests_constants_are_folded
// tinygrad: a = Tensor(2), check_schedule(a, 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @tests_constants_are_folded_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @tests_constants_are_folded_0() -> tensor<i32> {
  %0 = tg.const 2 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

// test: TestSchedule.test_no_dedup_empty
// tinygrad: a = Tensor.empty((4,)); b = Tensor.empty((4,)), check_schedule([a, b], 0, filter_sink=False)
// note: filter_sink=False: tinygrad counts every scheduled call, copies and buffer views included
// CHECK-LABEL: func @test_no_dedup_empty_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_no_dedup_empty_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  return %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// test: TestSchedule.test_dedup_outputs
// tinygrad: a = Tensor.full((4, 4), 1.).contiguous().realize(); b = Tensor.full((4, 4), 1.).contiguous().realize(), check_schedule([a+b, a+b], 1)
// CHECK-LABEL: func @test_dedup_outputs_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_dedup_outputs_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = tg.add %arg0, %arg1 : tensor<4x4xf32>
  return %0, %0 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_const_realize, call 0
// tinygrad: t = Tensor.ones(2, buffer=False), check_schedule(t[0], 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_const_realize_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_const_realize_0() -> tensor<f32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1xf32>
  %2 = tg.reshape %1 : tensor<1xf32> to tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1xf32>
  %4 = tg.expand %3 : tensor<1xf32> to tensor<2xf32>
  %5 = tg.shrink %4 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %6 = tg.reshape %5 : tensor<1xf32> to tensor<f32>
  return %6 : tensor<f32>
}

// -----

// test: TestSchedule.test_const_realize, call 1
// tinygrad: t = Tensor.ones(2, buffer=False), check_schedule(t[1], 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_const_realize_1(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_const_realize_1() -> tensor<f32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1xf32>
  %2 = tg.reshape %1 : tensor<1xf32> to tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1xf32>
  %4 = tg.expand %3 : tensor<1xf32> to tensor<2xf32>
  %5 = tg.shrink %4 begin [1] end [2] : tensor<2xf32> -> tensor<1xf32>
  %6 = tg.reshape %5 : tensor<1xf32> to tensor<f32>
  return %6 : tensor<f32>
}

// -----

// test: TestSchedule.test_contiguous_while_contiguous
// tinygrad: x = Tensor.empty(1, 64, 32, 32); out = x.contiguous(), check_schedule(out, 0, filter_sink=False)
// note: filter_sink=False: tinygrad counts every scheduled call, copies and buffer views included
// CHECK-LABEL: func @test_contiguous_while_contiguous_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_contiguous_while_contiguous_0(%arg0: tensor<1x64x32x32xf32>) -> tensor<1x64x32x32xf32> {
  return %arg0 : tensor<1x64x32x32xf32>
}

// -----

// test: TestSchedule.test_contiguous_while_not_contiguous
// tinygrad: x = Tensor.empty(1, 64, 32, 32); out = x.permute(0,2,3,1).contiguous(), check_schedule(out, 1, filter_sink=False)
// note: filter_sink=False: tinygrad counts every scheduled call, copies and buffer views included
// CHECK-LABEL: func @test_contiguous_while_not_contiguous_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_contiguous_while_not_contiguous_0(%arg0: tensor<1x64x32x32xf32>) -> tensor<1x32x32x64xf32> {
  %0 = tg.permute %arg0 [0, 2, 3, 1] : tensor<1x64x32x32xf32> -> tensor<1x32x32x64xf32>
  %1 = tg.contiguous %0 : tensor<1x32x32x64xf32>
  return %1 : tensor<1x32x32x64xf32>
}

// -----

// test: TestSchedule.test_fold_with_contiguous
// tinygrad: a = Tensor.randn(16, 16, 16).realize(); b = Tensor.randn(16, 16).realize(); c = (a.sum(2).contiguous() + b).contiguous(), check_schedule(c, 2)
// CHECK-LABEL: func @test_fold_with_contiguous_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_fold_with_contiguous_0(%arg0: tensor<16x16x16xf32>, %arg1: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = tg.permute %arg0 [2, 0, 1] : tensor<16x16x16xf32> -> tensor<16x16x16xf32>
  %1 = tg.reduce add %0 [0] : tensor<16x16x16xf32> -> tensor<1x16x16xf32>
  %2 = tg.reshape %1 : tensor<1x16x16xf32> to tensor<16x16xf32>
  %3 = tg.contiguous %2 : tensor<16x16xf32>
  %4 = tg.add %3, %arg1 : tensor<16x16xf32>
  %5 = tg.contiguous %4 : tensor<16x16xf32>
  return %5 : tensor<16x16xf32>
}

// -----

// test: TestSchedule.test_zero_size
// tinygrad: x = Tensor.empty(2, 3, 0); out = x + 1, check_schedule(out, 0, filter_sink=False)
// note: filter_sink=False: tinygrad counts every scheduled call, copies and buffer views included
// CHECK-LABEL: func @test_zero_size_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_zero_size_0(%arg0: tensor<2x3x0xf32>) -> tensor<2x3x0xf32> {
  %0 = tg.const 1.0 : tensor<2x3x0xf32>
  %1 = tg.add %arg0, %0 : tensor<2x3x0xf32>
  return %1 : tensor<2x3x0xf32>
}

// -----

// test: TestSchedule.test_contiguous_add
// tinygrad: x = Tensor.empty(32); y = Tensor.empty(32); z = Tensor.empty(32); out = (x+y).contiguous()+z, check_schedule(out, 2)
// CHECK-LABEL: func @test_contiguous_add_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_contiguous_add_0(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<32xf32>
  %1 = tg.contiguous %0 : tensor<32xf32>
  %2 = tg.add %1, %arg2 : tensor<32xf32>
  return %2 : tensor<32xf32>
}

// -----

// test: TestSchedule.test_const_schedule
// tinygrad: constv = Tensor.empty(2, 2).const_like(10).uop, check_schedule(constv, 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_const_schedule_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_const_schedule_0() -> tensor<2x2xf32> {
  %0 = tg.const 10.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1x1xf32>
  %2 = tg.expand %1 : tensor<1x1xf32> to tensor<2x2xf32>
  return %2 : tensor<2x2xf32>
}

// -----

// test: TestSchedule.test_const_schedule_contig
// tinygrad: constv = Tensor.empty(2, 2).const_like(10).uop.contiguous(), check_schedule(constv, 0)
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_const_schedule_contig_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_const_schedule_contig_0() -> tensor<2x2xf32> {
  %0 = tg.const 10.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1x1xf32>
  %2 = tg.expand %1 : tensor<1x1xf32> to tensor<2x2xf32>
  return %2 : tensor<2x2xf32>
}

// -----

// test: TestView.test_zero_size_alt
// tinygrad: a = Tensor.empty(135, 0, 9); b = a.pad(((0, 0), (0, 0), (18, 0))), check_schedule(b, 0)
// CHECK-LABEL: func @test_zero_size_alt_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_zero_size_alt_0(%arg0: tensor<135x0x9xf32>) -> tensor<135x0x27xf32> {
  %0 = tg.pad %arg0 low [0, 0, 18] high [0, 0, 0] : tensor<135x0x9xf32> -> tensor<135x0x27xf32>
  return %0 : tensor<135x0x27xf32>
}

// -----

// test: TestUOpBecome.test_new_buffer
// tinygrad: a = Tensor.empty(4, 4); b = Tensor.empty(4, 4); add = a+b, check_schedule(add, 1)
// CHECK-LABEL: func @test_new_buffer_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_new_buffer_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// test: TestUOpBecome.test_new_buffer_view
// tinygrad: a = Tensor.empty(4, 4); b = Tensor.empty(4, 4); add = (a+b).reshape(8, 2), check_schedule(add, 1)
// CHECK-LABEL: func @test_new_buffer_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_new_buffer_view_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<8x2xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<4x4xf32>
  %1 = tg.reshape %0 : tensor<4x4xf32> to tensor<8x2xf32>
  return %1 : tensor<8x2xf32>
}

// -----

// test: TestUOpBecome.test_new_flat_buffer
// tinygrad: a = Tensor.empty(4,); b = Tensor.empty(4,); add = a+b, check_schedule(add, 1)
// CHECK-LABEL: func @test_new_flat_buffer_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_new_flat_buffer_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// test: TestUOpBecome.test_reorder_expand_alt
// tinygrad: x = Tensor.empty(4, 1); y = Tensor.empty(4, 1); img = Tensor.empty(4, 4); z = (img*x) / y, check_schedule(z, 1)
// CHECK-LABEL: func @test_reorder_expand_alt_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reorder_expand_alt_0(%arg0: tensor<4x1xf32>, %arg1: tensor<4x1xf32>, %arg2: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.expand %arg0 : tensor<4x1xf32> to tensor<4x4xf32>
  %1 = tg.mul %arg2, %0 : tensor<4x4xf32>
  %2 = tg.reciprocal %arg1 : tensor<4x1xf32>
  %3 = tg.expand %2 : tensor<4x1xf32> to tensor<4x4xf32>
  %4 = tg.mul %1, %3 : tensor<4x4xf32>
  return %4 : tensor<4x4xf32>
}

// -----

// test: TestUOpBecome.test_become_existing_buffer
// tinygrad: a = Tensor.empty(4, 4); b = a*1; assert UPat(Ops.MUL).match(b.uop, {}), check_schedule(b, 0)
// note: @expectedFailure in tinygrad: tinygrad itself gets 1
// note: tinygrad 0, ours 1: tinygrad's @expectedFailure: tinygrad itself makes 1, as we do (KERNELIZE-PORT.md, C6)
// CHECK-LABEL: func @test_become_existing_buffer_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_become_existing_buffer_0(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.const 1.0 : tensor<4x4xf32>
  %1 = tg.mul %arg0, %0 : tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// test: TestUOpBecome.test_become_existing_buf_simple
// tinygrad: a = Tensor.empty(4, 4); b = a+0, check_schedule(b, 0)
// note: @expectedFailure in tinygrad: tinygrad itself gets 1
// note: tinygrad 0, ours 1: tinygrad's @expectedFailure: tinygrad itself makes 1, as we do (KERNELIZE-PORT.md, C6)
// CHECK-LABEL: func @test_become_existing_buf_simple_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_become_existing_buf_simple_0(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.const 0.0 : tensor<4x4xf32>
  %1 = tg.add %arg0, %0 : tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// test: TestUOpBecome.test_become_existing_buf_view
// tinygrad: a = Tensor.empty(4, 4); b = a.permute((1, 0))+0, check_schedule(b, 0)
// note: @expectedFailure in tinygrad: tinygrad itself gets 1
// note: tinygrad 0, ours 1: tinygrad's @expectedFailure: tinygrad itself makes 1, as we do (KERNELIZE-PORT.md, C6)
// CHECK-LABEL: func @test_become_existing_buf_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_become_existing_buf_view_0(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %1 = tg.const 0.0 : tensor<4x4xf32>
  %2 = tg.add %0, %1 : tensor<4x4xf32>
  return %2 : tensor<4x4xf32>
}

// -----

// test: TestUOpBecome.test_become_existing_buf_view_alt
// tinygrad: a = Tensor.empty(4, 4); b = a.permute((1, 0)).reshape((8, 2))+0, check_schedule(b, 0)
// note: @expectedFailure in tinygrad: tinygrad itself gets 1
// note: tinygrad 0, ours 1: tinygrad's @expectedFailure: tinygrad itself makes 1, as we do (KERNELIZE-PORT.md, C6)
// CHECK-LABEL: func @test_become_existing_buf_view_alt_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_become_existing_buf_view_alt_0(%arg0: tensor<4x4xf32>) -> tensor<8x2xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %1 = tg.reshape %0 : tensor<4x4xf32> to tensor<8x2xf32>
  %2 = tg.const 0.0 : tensor<8x2xf32>
  %3 = tg.add %1, %2 : tensor<8x2xf32>
  return %3 : tensor<8x2xf32>
}

// -----

// test: TestUOpBecome.test_become_existing_buf_complex
// tinygrad: a = Tensor.empty(4, 4); b = (a.permute((1, 0))+0).reshape((8, 2))+0, check_schedule(b, 0)
// note: @expectedFailure in tinygrad: tinygrad itself gets 1
// note: tinygrad 0, ours 1: tinygrad's @expectedFailure: tinygrad itself makes 1, as we do (KERNELIZE-PORT.md, C6)
// CHECK-LABEL: func @test_become_existing_buf_complex_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_become_existing_buf_complex_0(%arg0: tensor<4x4xf32>) -> tensor<8x2xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %1 = tg.const 0.0 : tensor<4x4xf32>
  %2 = tg.add %0, %1 : tensor<4x4xf32>
  %3 = tg.reshape %2 : tensor<4x4xf32> to tensor<8x2xf32>
  %4 = tg.const 0.0 : tensor<8x2xf32>
  %5 = tg.add %3, %4 : tensor<8x2xf32>
  return %5 : tensor<8x2xf32>
}

// -----

// test: TestUOpBecome.test_become_multiple_choices
// tinygrad: a = Tensor.empty(16); b = (a.reshape(1, 1, 4, 1, 4)+0).reshape(1, 1, 4, 4).shrink(((0, 1), (0, 1), (0, 3), (0, 3)))+0; c = (a.reshape(1, 1, 4, 4)+0).shrink(((0, 1), (0, 1), (0, 3), (0, 3)))+0, check_schedule([b, c], 0)
// note: @expectedFailure in tinygrad: tinygrad itself gets 2
// note: tinygrad 0, ours 2: tinygrad's @expectedFailure: tinygrad itself makes 2, as we do (KERNELIZE-PORT.md, C6)
// CHECK-LABEL: func @test_become_multiple_choices_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_become_multiple_choices_0(%arg0: tensor<16xf32>) -> (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) {
  %0 = tg.reshape %arg0 : tensor<16xf32> to tensor<1x1x4x1x4xf32>
  %1 = tg.const 0.0 : tensor<1x1x4x1x4xf32>
  %2 = tg.add %0, %1 : tensor<1x1x4x1x4xf32>
  %3 = tg.reshape %2 : tensor<1x1x4x1x4xf32> to tensor<1x1x4x4xf32>
  %4 = tg.shrink %3 begin [0, 0, 0, 0] end [1, 1, 3, 3] : tensor<1x1x4x4xf32> -> tensor<1x1x3x3xf32>
  %5 = tg.const 0.0 : tensor<1x1x3x3xf32>
  %6 = tg.add %4, %5 : tensor<1x1x3x3xf32>
  %7 = tg.reshape %arg0 : tensor<16xf32> to tensor<1x1x4x4xf32>
  %8 = tg.const 0.0 : tensor<1x1x4x4xf32>
  %9 = tg.add %7, %8 : tensor<1x1x4x4xf32>
  %10 = tg.shrink %9 begin [0, 0, 0, 0] end [1, 1, 3, 3] : tensor<1x1x4x4xf32> -> tensor<1x1x3x3xf32>
  %11 = tg.add %10, %5 : tensor<1x1x3x3xf32>
  return %6, %11 : tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>
}

// -----

// test: TestBufferView.test_shrink_contiguous_is_buffer_view
// tinygrad: a = Tensor.arange(100).clone().realize(); b = a.shrink(((10, 50),)).contiguous(), check_schedule(b, 0)
// note: tinygrad 0, ours 1: .contiguous() of a contiguous slice of a buffer is a zero-copy buffer view (SLICE) in tinygrad; we copy it in a kernel (KERNELIZE-PORT.md, C4)
// CHECK-LABEL: func @test_shrink_contiguous_is_buffer_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_shrink_contiguous_is_buffer_view_0(%arg0: tensor<100xi32>) -> tensor<40xi32> {
  %0 = tg.shrink %arg0 begin [10] end [50] : tensor<100xi32> -> tensor<40xi32>
  %1 = tg.contiguous %0 : tensor<40xi32>
  return %1 : tensor<40xi32>
}

// -----

// test: TestBufferView.test_shrink_2d_contiguous_is_buffer_view
// tinygrad: a = Tensor.arange(100).reshape(10,10).clone().realize(); b = a.shrink(((1, 5),None)).contiguous(), check_schedule(b, 0)
// note: tinygrad 0, ours 1: .contiguous() of a contiguous slice of a buffer is a zero-copy buffer view (SLICE) in tinygrad; we copy it in a kernel (KERNELIZE-PORT.md, C4)
// CHECK-LABEL: func @test_shrink_2d_contiguous_is_buffer_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_shrink_2d_contiguous_is_buffer_view_0(%arg0: tensor<10x10xi32>) -> tensor<4x10xi32> {
  %0 = tg.shrink %arg0 begin [1, 0] end [5, 10] : tensor<10x10xi32> -> tensor<4x10xi32>
  %1 = tg.contiguous %0 : tensor<4x10xi32>
  return %1 : tensor<4x10xi32>
}

// -----

// test: TestBufferView.test_chained_shrink_is_buffer_view
// tinygrad: a = Tensor.arange(1000).clone().realize(); b = a.shrink(((200, 800),)).shrink(((0, 300),)).reshape((30, 10)).shrink(((20, 25), (0, 10))).contiguous(), check_schedule(b, 0)
// note: tinygrad 0, ours 1: .contiguous() of a contiguous slice of a buffer is a zero-copy buffer view (SLICE) in tinygrad; we copy it in a kernel (KERNELIZE-PORT.md, C4)
// CHECK-LABEL: func @test_chained_shrink_is_buffer_view_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_chained_shrink_is_buffer_view_0(%arg0: tensor<1000xi32>) -> tensor<5x10xi32> {
  %0 = tg.shrink %arg0 begin [200] end [800] : tensor<1000xi32> -> tensor<600xi32>
  %1 = tg.shrink %0 begin [0] end [300] : tensor<600xi32> -> tensor<300xi32>
  %2 = tg.reshape %1 : tensor<300xi32> to tensor<30x10xi32>
  %3 = tg.shrink %2 begin [20, 0] end [25, 10] : tensor<30x10xi32> -> tensor<5x10xi32>
  %4 = tg.contiguous %3 : tensor<5x10xi32>
  return %4 : tensor<5x10xi32>
}
