// RUN: tg-opt %s --split-input-file --tg-kernelize | FileCheck %s

// Ported from tinygrad test/null/test_schedule.py: arange, indexing, argmax/argmin, pad/shrink around reductions, cat/stack (TestSchedule).
// Generated from tinygrad's own tensor graphs: every check_schedule(t, n) call was recorded while tinygrad ran
// the test (DEV=NULL) and the tensors' UOp graphs, taken before scheduling, were translated op by op to tg IR
// (buffers, realized or empty, are function arguments; CONST a tg.const of the shape its use needs; EXPAND a
// reshape + tg.expand; REDUCE a tg.reduce over the leading axes + reshape; STORE+AFTER tg.assign).
// Each case checks that tg-kernelize makes tinygrad's kernel count, except where a `// note:` says why ours
// differs on purpose (and checks ours). See KERNELIZE-PORT.md.

// test: TestSchedule.test_arange_avgpool2d
// tinygrad: x = Tensor.arange(25).reshape(1,1,5,5).cast(dtypes.float32); t = x.avg_pool2d(padding=1).clone(), check_schedule(t, kcount) with N = 1
// CHECK-LABEL: func @test_arange_avgpool2d_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_avgpool2d_0(%arg0: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<25xi32>
  %5 = tg.pad %4 low [24] high [0] : tensor<25xi32> -> tensor<49xi32>
  %6 = tg.reshape %5 : tensor<49xi32> to tensor<1x49xi32>
  %7 = tg.reshape %6 : tensor<1x49xi32> to tensor<49xi32>
  %8 = tg.reshape %7 : tensor<49xi32> to tensor<1x49xi32>
  %9 = tg.expand %8 : tensor<1x49xi32> to tensor<26x49xi32>
  %10 = tg.reshape %9 : tensor<26x49xi32> to tensor<1274xi32>
  %11 = tg.shrink %10 begin [0] end [1250] : tensor<1274xi32> -> tensor<1250xi32>
  %12 = tg.reshape %11 : tensor<1250xi32> to tensor<25x50xi32>
  %13 = tg.shrink %12 begin [0, 0] end [25, 25] : tensor<25x50xi32> -> tensor<25x25xi32>
  %14 = tg.reshape %13 : tensor<25x25xi32> to tensor<25x25x1xi32>
  %15 = tg.reshape %14 : tensor<25x25x1xi32> to tensor<25x25xi32>
  %16 = tg.permute %15 [1, 0] : tensor<25x25xi32> -> tensor<25x25xi32>
  %17 = tg.permute %16 [1, 0] : tensor<25x25xi32> -> tensor<25x25xi32>
  %18 = tg.reduce add %17 [0] : tensor<25x25xi32> -> tensor<1x25xi32>
  %19 = tg.reshape %18 : tensor<1x25xi32> to tensor<25xi32>
  %20 = tg.const -1 : tensor<25xi32>
  %21 = tg.add %19, %20 : tensor<25xi32>
  %22 = tg.reshape %21 : tensor<25xi32> to tensor<1x1x5x5xi32>
  %23 = tg.cast %22 : tensor<1x1x5x5xi32> to tensor<1x1x5x5xf32>
  %24 = tg.pad %23 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x1x5x5xf32> -> tensor<1x1x7x7xf32>
  %25 = tg.reshape %24 : tensor<1x1x7x7xf32> to tensor<1x1x1x7x1x7xf32>
  %26 = tg.reshape %25 : tensor<1x1x1x7x1x7xf32> to tensor<1x1x7x7xf32>
  %27 = tg.reshape %26 : tensor<1x1x7x7xf32> to tensor<1x1x1x1x7x7xf32>
  %28 = tg.expand %27 : tensor<1x1x1x1x7x7xf32> to tensor<3x3x1x1x7x7xf32>
  %29 = tg.permute %28 [2, 3, 0, 4, 1, 5] : tensor<3x3x1x1x7x7xf32> -> tensor<1x1x3x7x3x7xf32>
  %30 = tg.reshape %29 : tensor<1x1x3x7x3x7xf32> to tensor<1x1x21x21xf32>
  %31 = tg.shrink %30 begin [0, 0, 0, 0] end [1, 1, 16, 16] : tensor<1x1x21x21xf32> -> tensor<1x1x16x16xf32>
  %32 = tg.reshape %31 : tensor<1x1x16x16xf32> to tensor<1x1x2x8x2x8xf32>
  %33 = tg.shrink %32 begin [0, 0, 0, 0, 0, 0] end [1, 1, 2, 6, 2, 6] : tensor<1x1x2x8x2x8xf32> -> tensor<1x1x2x6x2x6xf32>
  %34 = tg.reshape %33 : tensor<1x1x2x6x2x6xf32> to tensor<1x1x2x3x2x2x3x2xf32>
  %35 = tg.shrink %34 begin [0, 0, 0, 0, 0, 0, 0, 0] end [1, 1, 2, 3, 1, 2, 3, 1] : tensor<1x1x2x3x2x2x3x2xf32> -> tensor<1x1x2x3x1x2x3x1xf32>
  %36 = tg.reshape %35 : tensor<1x1x2x3x1x2x3x1xf32> to tensor<1x1x2x3x2x3xf32>
  %37 = tg.permute %36 [0, 1, 3, 5, 2, 4] : tensor<1x1x2x3x2x3xf32> -> tensor<1x1x3x3x2x2xf32>
  %38 = tg.permute %37 [4, 5, 0, 1, 2, 3] : tensor<1x1x3x3x2x2xf32> -> tensor<2x2x1x1x3x3xf32>
  %39 = tg.reduce add %38 [0, 1] : tensor<2x2x1x1x3x3xf32> -> tensor<1x1x1x1x3x3xf32>
  %40 = tg.reshape %39 : tensor<1x1x1x1x3x3xf32> to tensor<1x1x3x3xf32>
  %41 = tg.const 4.0 : tensor<f32>
  %42 = tg.reciprocal %41 : tensor<f32>
  %43 = tg.reshape %42 : tensor<f32> to tensor<1x1x1x1xf32>
  %44 = tg.expand %43 : tensor<1x1x1x1xf32> to tensor<1x1x3x3xf32>
  %45 = tg.mul %40, %44 : tensor<1x1x3x3xf32>
  %46 = tg.assign %arg0, %45 : tensor<1x1x3x3xf32>
  return %46 : tensor<1x1x3x3xf32>
}

// -----

// test: TestSchedule.test_arange_avgpool2d_fused_noopt
// tinygrad: with Context(NOOPT=1): self.test_arange_avgpool2d(kcount=1); [test_arange_avgpool2d:] x = Tensor.arange(25).reshape(1,1,5,5).cast(dtypes.float32); t = x.avg_pool2d(padding=1).clone(), check_schedule(t, kcount) with N = 1
// CHECK-LABEL: func @test_arange_avgpool2d_fused_noopt_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_avgpool2d_fused_noopt_0(%arg0: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<25xi32>
  %5 = tg.pad %4 low [24] high [0] : tensor<25xi32> -> tensor<49xi32>
  %6 = tg.reshape %5 : tensor<49xi32> to tensor<1x49xi32>
  %7 = tg.reshape %6 : tensor<1x49xi32> to tensor<49xi32>
  %8 = tg.reshape %7 : tensor<49xi32> to tensor<1x49xi32>
  %9 = tg.expand %8 : tensor<1x49xi32> to tensor<26x49xi32>
  %10 = tg.reshape %9 : tensor<26x49xi32> to tensor<1274xi32>
  %11 = tg.shrink %10 begin [0] end [1250] : tensor<1274xi32> -> tensor<1250xi32>
  %12 = tg.reshape %11 : tensor<1250xi32> to tensor<25x50xi32>
  %13 = tg.shrink %12 begin [0, 0] end [25, 25] : tensor<25x50xi32> -> tensor<25x25xi32>
  %14 = tg.reshape %13 : tensor<25x25xi32> to tensor<25x25x1xi32>
  %15 = tg.reshape %14 : tensor<25x25x1xi32> to tensor<25x25xi32>
  %16 = tg.permute %15 [1, 0] : tensor<25x25xi32> -> tensor<25x25xi32>
  %17 = tg.permute %16 [1, 0] : tensor<25x25xi32> -> tensor<25x25xi32>
  %18 = tg.reduce add %17 [0] : tensor<25x25xi32> -> tensor<1x25xi32>
  %19 = tg.reshape %18 : tensor<1x25xi32> to tensor<25xi32>
  %20 = tg.const -1 : tensor<25xi32>
  %21 = tg.add %19, %20 : tensor<25xi32>
  %22 = tg.reshape %21 : tensor<25xi32> to tensor<1x1x5x5xi32>
  %23 = tg.cast %22 : tensor<1x1x5x5xi32> to tensor<1x1x5x5xf32>
  %24 = tg.pad %23 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x1x5x5xf32> -> tensor<1x1x7x7xf32>
  %25 = tg.reshape %24 : tensor<1x1x7x7xf32> to tensor<1x1x1x7x1x7xf32>
  %26 = tg.reshape %25 : tensor<1x1x1x7x1x7xf32> to tensor<1x1x7x7xf32>
  %27 = tg.reshape %26 : tensor<1x1x7x7xf32> to tensor<1x1x1x1x7x7xf32>
  %28 = tg.expand %27 : tensor<1x1x1x1x7x7xf32> to tensor<3x3x1x1x7x7xf32>
  %29 = tg.permute %28 [2, 3, 0, 4, 1, 5] : tensor<3x3x1x1x7x7xf32> -> tensor<1x1x3x7x3x7xf32>
  %30 = tg.reshape %29 : tensor<1x1x3x7x3x7xf32> to tensor<1x1x21x21xf32>
  %31 = tg.shrink %30 begin [0, 0, 0, 0] end [1, 1, 16, 16] : tensor<1x1x21x21xf32> -> tensor<1x1x16x16xf32>
  %32 = tg.reshape %31 : tensor<1x1x16x16xf32> to tensor<1x1x2x8x2x8xf32>
  %33 = tg.shrink %32 begin [0, 0, 0, 0, 0, 0] end [1, 1, 2, 6, 2, 6] : tensor<1x1x2x8x2x8xf32> -> tensor<1x1x2x6x2x6xf32>
  %34 = tg.reshape %33 : tensor<1x1x2x6x2x6xf32> to tensor<1x1x2x3x2x2x3x2xf32>
  %35 = tg.shrink %34 begin [0, 0, 0, 0, 0, 0, 0, 0] end [1, 1, 2, 3, 1, 2, 3, 1] : tensor<1x1x2x3x2x2x3x2xf32> -> tensor<1x1x2x3x1x2x3x1xf32>
  %36 = tg.reshape %35 : tensor<1x1x2x3x1x2x3x1xf32> to tensor<1x1x2x3x2x3xf32>
  %37 = tg.permute %36 [0, 1, 3, 5, 2, 4] : tensor<1x1x2x3x2x3xf32> -> tensor<1x1x3x3x2x2xf32>
  %38 = tg.permute %37 [4, 5, 0, 1, 2, 3] : tensor<1x1x3x3x2x2xf32> -> tensor<2x2x1x1x3x3xf32>
  %39 = tg.reduce add %38 [0, 1] : tensor<2x2x1x1x3x3xf32> -> tensor<1x1x1x1x3x3xf32>
  %40 = tg.reshape %39 : tensor<1x1x1x1x3x3xf32> to tensor<1x1x3x3xf32>
  %41 = tg.const 4.0 : tensor<f32>
  %42 = tg.reciprocal %41 : tensor<f32>
  %43 = tg.reshape %42 : tensor<f32> to tensor<1x1x1x1xf32>
  %44 = tg.expand %43 : tensor<1x1x1x1xf32> to tensor<1x1x3x3xf32>
  %45 = tg.mul %40, %44 : tensor<1x1x3x3xf32>
  %46 = tg.assign %arg0, %45 : tensor<1x1x3x3xf32>
  return %46 : tensor<1x1x3x3xf32>
}

// -----

// test: TestSchedule.test_arange_sum
// tinygrad: a = Tensor.arange(6).reshape(3, 2).sum(axis=1).clone(), check_schedule(a, 1)
// CHECK-LABEL: func @test_arange_sum_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_sum_0(%arg0: tensor<3xi32>) -> tensor<3xi32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<6xi32>
  %5 = tg.pad %4 low [5] high [0] : tensor<6xi32> -> tensor<11xi32>
  %6 = tg.reshape %5 : tensor<11xi32> to tensor<1x11xi32>
  %7 = tg.reshape %6 : tensor<1x11xi32> to tensor<11xi32>
  %8 = tg.reshape %7 : tensor<11xi32> to tensor<1x11xi32>
  %9 = tg.expand %8 : tensor<1x11xi32> to tensor<7x11xi32>
  %10 = tg.reshape %9 : tensor<7x11xi32> to tensor<77xi32>
  %11 = tg.shrink %10 begin [0] end [72] : tensor<77xi32> -> tensor<72xi32>
  %12 = tg.reshape %11 : tensor<72xi32> to tensor<6x12xi32>
  %13 = tg.shrink %12 begin [0, 0] end [6, 6] : tensor<6x12xi32> -> tensor<6x6xi32>
  %14 = tg.reshape %13 : tensor<6x6xi32> to tensor<6x6x1xi32>
  %15 = tg.reshape %14 : tensor<6x6x1xi32> to tensor<6x6xi32>
  %16 = tg.permute %15 [1, 0] : tensor<6x6xi32> -> tensor<6x6xi32>
  %17 = tg.permute %16 [1, 0] : tensor<6x6xi32> -> tensor<6x6xi32>
  %18 = tg.reduce add %17 [0] : tensor<6x6xi32> -> tensor<1x6xi32>
  %19 = tg.reshape %18 : tensor<1x6xi32> to tensor<6xi32>
  %20 = tg.const -1 : tensor<6xi32>
  %21 = tg.add %19, %20 : tensor<6xi32>
  %22 = tg.reshape %21 : tensor<6xi32> to tensor<3x2xi32>
  %23 = tg.permute %22 [1, 0] : tensor<3x2xi32> -> tensor<2x3xi32>
  %24 = tg.reduce add %23 [0] : tensor<2x3xi32> -> tensor<1x3xi32>
  %25 = tg.reshape %24 : tensor<1x3xi32> to tensor<3xi32>
  %26 = tg.assign %arg0, %25 : tensor<3xi32>
  return %26 : tensor<3xi32>
}

// -----

// test: TestSchedule.test_arange_sum_alt
// tinygrad: a = (Tensor.arange(5).reshape(1,5).expand(6,5)*Tensor(2)).reshape(1,6,5).sum(axis=2).clone(), check_schedule(a, 1)
// CHECK-LABEL: func @test_arange_sum_alt_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_sum_alt_0(%arg0: tensor<1x6xi32>) -> tensor<1x6xi32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<5xi32>
  %5 = tg.pad %4 low [4] high [0] : tensor<5xi32> -> tensor<9xi32>
  %6 = tg.reshape %5 : tensor<9xi32> to tensor<1x9xi32>
  %7 = tg.reshape %6 : tensor<1x9xi32> to tensor<9xi32>
  %8 = tg.reshape %7 : tensor<9xi32> to tensor<1x9xi32>
  %9 = tg.expand %8 : tensor<1x9xi32> to tensor<6x9xi32>
  %10 = tg.reshape %9 : tensor<6x9xi32> to tensor<54xi32>
  %11 = tg.shrink %10 begin [0] end [50] : tensor<54xi32> -> tensor<50xi32>
  %12 = tg.reshape %11 : tensor<50xi32> to tensor<5x10xi32>
  %13 = tg.shrink %12 begin [0, 0] end [5, 5] : tensor<5x10xi32> -> tensor<5x5xi32>
  %14 = tg.reshape %13 : tensor<5x5xi32> to tensor<5x5x1xi32>
  %15 = tg.reshape %14 : tensor<5x5x1xi32> to tensor<5x5xi32>
  %16 = tg.permute %15 [1, 0] : tensor<5x5xi32> -> tensor<5x5xi32>
  %17 = tg.permute %16 [1, 0] : tensor<5x5xi32> -> tensor<5x5xi32>
  %18 = tg.reduce add %17 [0] : tensor<5x5xi32> -> tensor<1x5xi32>
  %19 = tg.reshape %18 : tensor<1x5xi32> to tensor<5xi32>
  %20 = tg.const -1 : tensor<5xi32>
  %21 = tg.add %19, %20 : tensor<5xi32>
  %22 = tg.reshape %21 : tensor<5xi32> to tensor<1x5xi32>
  %23 = tg.reshape %22 : tensor<1x5xi32> to tensor<5xi32>
  %24 = tg.reshape %23 : tensor<5xi32> to tensor<1x5xi32>
  %25 = tg.expand %24 : tensor<1x5xi32> to tensor<6x5xi32>
  %26 = tg.const 2 : tensor<6x5xi32>
  %27 = tg.mul %25, %26 : tensor<6x5xi32>
  %28 = tg.reshape %27 : tensor<6x5xi32> to tensor<1x6x5xi32>
  %29 = tg.permute %28 [2, 0, 1] : tensor<1x6x5xi32> -> tensor<5x1x6xi32>
  %30 = tg.reduce add %29 [0] : tensor<5x1x6xi32> -> tensor<1x1x6xi32>
  %31 = tg.reshape %30 : tensor<1x1x6xi32> to tensor<1x6xi32>
  %32 = tg.assign %arg0, %31 : tensor<1x6xi32>
  return %32 : tensor<1x6xi32>
}

// -----

// test: TestSchedule.test_permute_arange
// tinygrad: a = Tensor.arange(6).reshape(6, 1, 1).permute(2, 0, 1).sum(axis=1).clone(), check_schedule(a, 1)
// CHECK-LABEL: func @test_permute_arange_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_permute_arange_0(%arg0: tensor<1x1xi32>) -> tensor<1x1xi32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<6xi32>
  %5 = tg.pad %4 low [5] high [0] : tensor<6xi32> -> tensor<11xi32>
  %6 = tg.reshape %5 : tensor<11xi32> to tensor<1x11xi32>
  %7 = tg.reshape %6 : tensor<1x11xi32> to tensor<11xi32>
  %8 = tg.reshape %7 : tensor<11xi32> to tensor<1x11xi32>
  %9 = tg.expand %8 : tensor<1x11xi32> to tensor<7x11xi32>
  %10 = tg.reshape %9 : tensor<7x11xi32> to tensor<77xi32>
  %11 = tg.shrink %10 begin [0] end [72] : tensor<77xi32> -> tensor<72xi32>
  %12 = tg.reshape %11 : tensor<72xi32> to tensor<6x12xi32>
  %13 = tg.shrink %12 begin [0, 0] end [6, 6] : tensor<6x12xi32> -> tensor<6x6xi32>
  %14 = tg.reshape %13 : tensor<6x6xi32> to tensor<6x6x1xi32>
  %15 = tg.reshape %14 : tensor<6x6x1xi32> to tensor<6x6xi32>
  %16 = tg.permute %15 [1, 0] : tensor<6x6xi32> -> tensor<6x6xi32>
  %17 = tg.permute %16 [1, 0] : tensor<6x6xi32> -> tensor<6x6xi32>
  %18 = tg.reduce add %17 [0] : tensor<6x6xi32> -> tensor<1x6xi32>
  %19 = tg.reshape %18 : tensor<1x6xi32> to tensor<6xi32>
  %20 = tg.const -1 : tensor<6xi32>
  %21 = tg.add %19, %20 : tensor<6xi32>
  %22 = tg.reshape %21 : tensor<6xi32> to tensor<6x1x1xi32>
  %23 = tg.permute %22 [2, 0, 1] : tensor<6x1x1xi32> -> tensor<1x6x1xi32>
  %24 = tg.permute %23 [1, 0, 2] : tensor<1x6x1xi32> -> tensor<6x1x1xi32>
  %25 = tg.reduce add %24 [0] : tensor<6x1x1xi32> -> tensor<1x1x1xi32>
  %26 = tg.reshape %25 : tensor<1x1x1xi32> to tensor<1x1xi32>
  %27 = tg.assign %arg0, %26 : tensor<1x1xi32>
  return %27 : tensor<1x1xi32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 0
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_0(%arg0: tensor<2x2xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 2 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<2xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<2xi32>
  %14 = tg.pad %13 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %15 = tg.reshape %14 : tensor<3xi32> to tensor<1x3xi32>
  %16 = tg.reshape %15 : tensor<1x3xi32> to tensor<3xi32>
  %17 = tg.reshape %16 : tensor<3xi32> to tensor<1x3xi32>
  %18 = tg.expand %17 : tensor<1x3xi32> to tensor<3x3xi32>
  %19 = tg.reshape %18 : tensor<3x3xi32> to tensor<9xi32>
  %20 = tg.shrink %19 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %21 = tg.reshape %20 : tensor<8xi32> to tensor<2x4xi32>
  %22 = tg.shrink %21 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %23 = tg.reshape %22 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %24 = tg.reshape %23 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %25 = tg.permute %24 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.reduce add %26 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %28 = tg.reshape %27 : tensor<1x2xi32> to tensor<2xi32>
  %29 = tg.const -1 : tensor<2xi32>
  %30 = tg.add %28, %29 : tensor<2xi32>
  %31 = tg.cmpne %8, %30 : tensor<2xi32>
  %32 = tg.const true : tensor<2xi1>
  %33 = tg.cmpne %31, %32 : tensor<2xi1>
  %34 = tg.reshape %4 : tensor<i32> to tensor<1x1xi32>
  %35 = tg.reshape %34 : tensor<1x1xi32> to tensor<i32>
  %36 = tg.reshape %35 : tensor<i32> to tensor<1x1xi32>
  %37 = tg.expand %36 : tensor<1x1xi32> to tensor<2x2xi32>
  %38 = tg.reshape %30 : tensor<2xi32> to tensor<2x1xi32>
  %39 = tg.expand %38 : tensor<2x1xi32> to tensor<2x2xi32>
  %40 = tg.cmpne %37, %39 : tensor<2x2xi32>
  %41 = tg.const true : tensor<2x2xi1>
  %42 = tg.cmpne %40, %41 : tensor<2x2xi1>
  %43 = tg.const 0.0 : tensor<2x2xf32>
  %44 = tg.where %42, %arg0, %43 : tensor<2x2xf32>
  %45 = tg.reduce add %44 [0] : tensor<2x2xf32> -> tensor<1x2xf32>
  %46 = tg.reshape %45 : tensor<1x2xf32> to tensor<2xf32>
  %47 = tg.const 0.0 : tensor<2xf32>
  %48 = tg.where %33, %46, %47 : tensor<2xf32>
  %49 = tg.reduce add %48 [0] : tensor<2xf32> -> tensor<1xf32>
  %50 = tg.reshape %49 : tensor<1xf32> to tensor<f32>
  return %50 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 1
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_1(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_1(%arg0: tensor<2x2xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 2 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<2xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<2xi32>
  %15 = tg.pad %14 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %16 = tg.reshape %15 : tensor<3xi32> to tensor<1x3xi32>
  %17 = tg.reshape %16 : tensor<1x3xi32> to tensor<3xi32>
  %18 = tg.reshape %17 : tensor<3xi32> to tensor<1x3xi32>
  %19 = tg.expand %18 : tensor<1x3xi32> to tensor<3x3xi32>
  %20 = tg.reshape %19 : tensor<3x3xi32> to tensor<9xi32>
  %21 = tg.shrink %20 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %22 = tg.reshape %21 : tensor<8xi32> to tensor<2x4xi32>
  %23 = tg.shrink %22 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %24 = tg.reshape %23 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %25 = tg.reshape %24 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.permute %26 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %28 = tg.reduce add %27 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %29 = tg.reshape %28 : tensor<1x2xi32> to tensor<2xi32>
  %30 = tg.const -1 : tensor<2xi32>
  %31 = tg.add %29, %30 : tensor<2xi32>
  %32 = tg.cmpne %9, %31 : tensor<2xi32>
  %33 = tg.const true : tensor<2xi1>
  %34 = tg.cmpne %32, %33 : tensor<2xi1>
  %35 = tg.cmplt %1, %1 : tensor<i32>
  %36 = tg.add %1, %3 : tensor<i32>
  %37 = tg.where %35, %36, %1 : tensor<i32>
  %38 = tg.reshape %37 : tensor<i32> to tensor<1x1xi32>
  %39 = tg.reshape %38 : tensor<1x1xi32> to tensor<i32>
  %40 = tg.reshape %39 : tensor<i32> to tensor<1x1xi32>
  %41 = tg.expand %40 : tensor<1x1xi32> to tensor<2x2xi32>
  %42 = tg.reshape %31 : tensor<2xi32> to tensor<2x1xi32>
  %43 = tg.expand %42 : tensor<2x1xi32> to tensor<2x2xi32>
  %44 = tg.cmpne %41, %43 : tensor<2x2xi32>
  %45 = tg.const true : tensor<2x2xi1>
  %46 = tg.cmpne %44, %45 : tensor<2x2xi1>
  %47 = tg.const 0.0 : tensor<2x2xf32>
  %48 = tg.where %46, %arg0, %47 : tensor<2x2xf32>
  %49 = tg.reduce add %48 [0] : tensor<2x2xf32> -> tensor<1x2xf32>
  %50 = tg.reshape %49 : tensor<1x2xf32> to tensor<2xf32>
  %51 = tg.const 0.0 : tensor<2xf32>
  %52 = tg.where %34, %50, %51 : tensor<2xf32>
  %53 = tg.reduce add %52 [0] : tensor<2xf32> -> tensor<1xf32>
  %54 = tg.reshape %53 : tensor<1xf32> to tensor<f32>
  return %54 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 2
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_2(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_2(%arg0: tensor<2x2xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 2 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<2xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<2xi32>
  %14 = tg.pad %13 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %15 = tg.reshape %14 : tensor<3xi32> to tensor<1x3xi32>
  %16 = tg.reshape %15 : tensor<1x3xi32> to tensor<3xi32>
  %17 = tg.reshape %16 : tensor<3xi32> to tensor<1x3xi32>
  %18 = tg.expand %17 : tensor<1x3xi32> to tensor<3x3xi32>
  %19 = tg.reshape %18 : tensor<3x3xi32> to tensor<9xi32>
  %20 = tg.shrink %19 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %21 = tg.reshape %20 : tensor<8xi32> to tensor<2x4xi32>
  %22 = tg.shrink %21 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %23 = tg.reshape %22 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %24 = tg.reshape %23 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %25 = tg.permute %24 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.reduce add %26 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %28 = tg.reshape %27 : tensor<1x2xi32> to tensor<2xi32>
  %29 = tg.const -1 : tensor<2xi32>
  %30 = tg.add %28, %29 : tensor<2xi32>
  %31 = tg.cmpne %8, %30 : tensor<2xi32>
  %32 = tg.const true : tensor<2xi1>
  %33 = tg.cmpne %31, %32 : tensor<2xi1>
  %34 = tg.const 1 : tensor<i32>
  %35 = tg.cmplt %34, %0 : tensor<i32>
  %36 = tg.add %34, %2 : tensor<i32>
  %37 = tg.where %35, %36, %34 : tensor<i32>
  %38 = tg.reshape %37 : tensor<i32> to tensor<1x1xi32>
  %39 = tg.reshape %38 : tensor<1x1xi32> to tensor<i32>
  %40 = tg.reshape %39 : tensor<i32> to tensor<1x1xi32>
  %41 = tg.expand %40 : tensor<1x1xi32> to tensor<2x2xi32>
  %42 = tg.reshape %30 : tensor<2xi32> to tensor<2x1xi32>
  %43 = tg.expand %42 : tensor<2x1xi32> to tensor<2x2xi32>
  %44 = tg.cmpne %41, %43 : tensor<2x2xi32>
  %45 = tg.const true : tensor<2x2xi1>
  %46 = tg.cmpne %44, %45 : tensor<2x2xi1>
  %47 = tg.const 0.0 : tensor<2x2xf32>
  %48 = tg.where %46, %arg0, %47 : tensor<2x2xf32>
  %49 = tg.reduce add %48 [0] : tensor<2x2xf32> -> tensor<1x2xf32>
  %50 = tg.reshape %49 : tensor<1x2xf32> to tensor<2xf32>
  %51 = tg.const 0.0 : tensor<2xf32>
  %52 = tg.where %33, %50, %51 : tensor<2xf32>
  %53 = tg.reduce add %52 [0] : tensor<2xf32> -> tensor<1xf32>
  %54 = tg.reshape %53 : tensor<1xf32> to tensor<f32>
  return %54 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 3
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_3(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_3(%arg0: tensor<2x2xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 2 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<2xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<2xi32>
  %15 = tg.pad %14 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %16 = tg.reshape %15 : tensor<3xi32> to tensor<1x3xi32>
  %17 = tg.reshape %16 : tensor<1x3xi32> to tensor<3xi32>
  %18 = tg.reshape %17 : tensor<3xi32> to tensor<1x3xi32>
  %19 = tg.expand %18 : tensor<1x3xi32> to tensor<3x3xi32>
  %20 = tg.reshape %19 : tensor<3x3xi32> to tensor<9xi32>
  %21 = tg.shrink %20 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %22 = tg.reshape %21 : tensor<8xi32> to tensor<2x4xi32>
  %23 = tg.shrink %22 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %24 = tg.reshape %23 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %25 = tg.reshape %24 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.permute %26 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %28 = tg.reduce add %27 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %29 = tg.reshape %28 : tensor<1x2xi32> to tensor<2xi32>
  %30 = tg.const -1 : tensor<2xi32>
  %31 = tg.add %29, %30 : tensor<2xi32>
  %32 = tg.cmpne %9, %31 : tensor<2xi32>
  %33 = tg.const true : tensor<2xi1>
  %34 = tg.cmpne %32, %33 : tensor<2xi1>
  %35 = tg.reshape %5 : tensor<i32> to tensor<1x1xi32>
  %36 = tg.reshape %35 : tensor<1x1xi32> to tensor<i32>
  %37 = tg.reshape %36 : tensor<i32> to tensor<1x1xi32>
  %38 = tg.expand %37 : tensor<1x1xi32> to tensor<2x2xi32>
  %39 = tg.reshape %31 : tensor<2xi32> to tensor<2x1xi32>
  %40 = tg.expand %39 : tensor<2x1xi32> to tensor<2x2xi32>
  %41 = tg.cmpne %38, %40 : tensor<2x2xi32>
  %42 = tg.const true : tensor<2x2xi1>
  %43 = tg.cmpne %41, %42 : tensor<2x2xi1>
  %44 = tg.const 0.0 : tensor<2x2xf32>
  %45 = tg.where %43, %arg0, %44 : tensor<2x2xf32>
  %46 = tg.reduce add %45 [0] : tensor<2x2xf32> -> tensor<1x2xf32>
  %47 = tg.reshape %46 : tensor<1x2xf32> to tensor<2xf32>
  %48 = tg.const 0.0 : tensor<2xf32>
  %49 = tg.where %34, %47, %48 : tensor<2xf32>
  %50 = tg.reduce add %49 [0] : tensor<2xf32> -> tensor<1xf32>
  %51 = tg.reshape %50 : tensor<1xf32> to tensor<f32>
  return %51 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 4
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_4(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_4(%arg0: tensor<2x3xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 3 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<3xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<3xi32>
  %14 = tg.pad %13 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %15 = tg.reshape %14 : tensor<5xi32> to tensor<1x5xi32>
  %16 = tg.reshape %15 : tensor<1x5xi32> to tensor<5xi32>
  %17 = tg.reshape %16 : tensor<5xi32> to tensor<1x5xi32>
  %18 = tg.expand %17 : tensor<1x5xi32> to tensor<4x5xi32>
  %19 = tg.reshape %18 : tensor<4x5xi32> to tensor<20xi32>
  %20 = tg.shrink %19 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %21 = tg.reshape %20 : tensor<18xi32> to tensor<3x6xi32>
  %22 = tg.shrink %21 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %23 = tg.reshape %22 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %24 = tg.reshape %23 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %25 = tg.permute %24 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.reduce add %26 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %28 = tg.reshape %27 : tensor<1x3xi32> to tensor<3xi32>
  %29 = tg.const -1 : tensor<3xi32>
  %30 = tg.add %28, %29 : tensor<3xi32>
  %31 = tg.cmpne %8, %30 : tensor<3xi32>
  %32 = tg.const true : tensor<3xi1>
  %33 = tg.cmpne %31, %32 : tensor<3xi1>
  %34 = tg.const 2 : tensor<i32>
  %35 = tg.add %0, %34 : tensor<i32>
  %36 = tg.where %1, %35, %0 : tensor<i32>
  %37 = tg.reshape %36 : tensor<i32> to tensor<1x1xi32>
  %38 = tg.reshape %37 : tensor<1x1xi32> to tensor<i32>
  %39 = tg.reshape %38 : tensor<i32> to tensor<1x1xi32>
  %40 = tg.expand %39 : tensor<1x1xi32> to tensor<2x3xi32>
  %41 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %42 = tg.expand %41 : tensor<1xi32> to tensor<2xi32>
  %43 = tg.pad %42 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %44 = tg.reshape %43 : tensor<3xi32> to tensor<1x3xi32>
  %45 = tg.reshape %44 : tensor<1x3xi32> to tensor<3xi32>
  %46 = tg.reshape %45 : tensor<3xi32> to tensor<1x3xi32>
  %47 = tg.expand %46 : tensor<1x3xi32> to tensor<3x3xi32>
  %48 = tg.reshape %47 : tensor<3x3xi32> to tensor<9xi32>
  %49 = tg.shrink %48 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %50 = tg.reshape %49 : tensor<8xi32> to tensor<2x4xi32>
  %51 = tg.shrink %50 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %52 = tg.reshape %51 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %53 = tg.reshape %52 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %54 = tg.permute %53 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %55 = tg.permute %54 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %56 = tg.reduce add %55 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %57 = tg.reshape %56 : tensor<1x2xi32> to tensor<2xi32>
  %58 = tg.const -1 : tensor<2xi32>
  %59 = tg.add %57, %58 : tensor<2xi32>
  %60 = tg.reshape %59 : tensor<2xi32> to tensor<2x1xi32>
  %61 = tg.expand %60 : tensor<2x1xi32> to tensor<2x3xi32>
  %62 = tg.cmpne %40, %61 : tensor<2x3xi32>
  %63 = tg.const true : tensor<2x3xi1>
  %64 = tg.cmpne %62, %63 : tensor<2x3xi1>
  %65 = tg.const 0.0 : tensor<2x3xf32>
  %66 = tg.where %64, %arg0, %65 : tensor<2x3xf32>
  %67 = tg.reduce add %66 [0] : tensor<2x3xf32> -> tensor<1x3xf32>
  %68 = tg.reshape %67 : tensor<1x3xf32> to tensor<3xf32>
  %69 = tg.const 0.0 : tensor<3xf32>
  %70 = tg.where %33, %68, %69 : tensor<3xf32>
  %71 = tg.reduce add %70 [0] : tensor<3xf32> -> tensor<1xf32>
  %72 = tg.reshape %71 : tensor<1xf32> to tensor<f32>
  return %72 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 5
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_5(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_5(%arg0: tensor<2x3xf32>) -> tensor<f32> {
  %0 = tg.const 2 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 3 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<3xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<3xi32>
  %15 = tg.pad %14 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %16 = tg.reshape %15 : tensor<5xi32> to tensor<1x5xi32>
  %17 = tg.reshape %16 : tensor<1x5xi32> to tensor<5xi32>
  %18 = tg.reshape %17 : tensor<5xi32> to tensor<1x5xi32>
  %19 = tg.expand %18 : tensor<1x5xi32> to tensor<4x5xi32>
  %20 = tg.reshape %19 : tensor<4x5xi32> to tensor<20xi32>
  %21 = tg.shrink %20 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %22 = tg.reshape %21 : tensor<18xi32> to tensor<3x6xi32>
  %23 = tg.shrink %22 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %24 = tg.reshape %23 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %25 = tg.reshape %24 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.permute %26 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %28 = tg.reduce add %27 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %29 = tg.reshape %28 : tensor<1x3xi32> to tensor<3xi32>
  %30 = tg.const -1 : tensor<3xi32>
  %31 = tg.add %29, %30 : tensor<3xi32>
  %32 = tg.cmpne %9, %31 : tensor<3xi32>
  %33 = tg.const true : tensor<3xi1>
  %34 = tg.cmpne %32, %33 : tensor<3xi1>
  %35 = tg.cmplt %1, %1 : tensor<i32>
  %36 = tg.add %1, %0 : tensor<i32>
  %37 = tg.where %35, %36, %1 : tensor<i32>
  %38 = tg.reshape %37 : tensor<i32> to tensor<1x1xi32>
  %39 = tg.reshape %38 : tensor<1x1xi32> to tensor<i32>
  %40 = tg.reshape %39 : tensor<i32> to tensor<1x1xi32>
  %41 = tg.expand %40 : tensor<1x1xi32> to tensor<2x3xi32>
  %42 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %43 = tg.expand %42 : tensor<1xi32> to tensor<2xi32>
  %44 = tg.pad %43 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %45 = tg.reshape %44 : tensor<3xi32> to tensor<1x3xi32>
  %46 = tg.reshape %45 : tensor<1x3xi32> to tensor<3xi32>
  %47 = tg.reshape %46 : tensor<3xi32> to tensor<1x3xi32>
  %48 = tg.expand %47 : tensor<1x3xi32> to tensor<3x3xi32>
  %49 = tg.reshape %48 : tensor<3x3xi32> to tensor<9xi32>
  %50 = tg.shrink %49 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %51 = tg.reshape %50 : tensor<8xi32> to tensor<2x4xi32>
  %52 = tg.shrink %51 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %53 = tg.reshape %52 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %54 = tg.reshape %53 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %55 = tg.permute %54 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %56 = tg.permute %55 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %57 = tg.reduce add %56 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %58 = tg.reshape %57 : tensor<1x2xi32> to tensor<2xi32>
  %59 = tg.const -1 : tensor<2xi32>
  %60 = tg.add %58, %59 : tensor<2xi32>
  %61 = tg.reshape %60 : tensor<2xi32> to tensor<2x1xi32>
  %62 = tg.expand %61 : tensor<2x1xi32> to tensor<2x3xi32>
  %63 = tg.cmpne %41, %62 : tensor<2x3xi32>
  %64 = tg.const true : tensor<2x3xi1>
  %65 = tg.cmpne %63, %64 : tensor<2x3xi1>
  %66 = tg.const 0.0 : tensor<2x3xf32>
  %67 = tg.where %65, %arg0, %66 : tensor<2x3xf32>
  %68 = tg.reduce add %67 [0] : tensor<2x3xf32> -> tensor<1x3xf32>
  %69 = tg.reshape %68 : tensor<1x3xf32> to tensor<3xf32>
  %70 = tg.const 0.0 : tensor<3xf32>
  %71 = tg.where %34, %69, %70 : tensor<3xf32>
  %72 = tg.reduce add %71 [0] : tensor<3xf32> -> tensor<1xf32>
  %73 = tg.reshape %72 : tensor<1xf32> to tensor<f32>
  return %73 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 6
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_6(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_6(%arg0: tensor<2x3xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 3 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<3xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<3xi32>
  %14 = tg.pad %13 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %15 = tg.reshape %14 : tensor<5xi32> to tensor<1x5xi32>
  %16 = tg.reshape %15 : tensor<1x5xi32> to tensor<5xi32>
  %17 = tg.reshape %16 : tensor<5xi32> to tensor<1x5xi32>
  %18 = tg.expand %17 : tensor<1x5xi32> to tensor<4x5xi32>
  %19 = tg.reshape %18 : tensor<4x5xi32> to tensor<20xi32>
  %20 = tg.shrink %19 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %21 = tg.reshape %20 : tensor<18xi32> to tensor<3x6xi32>
  %22 = tg.shrink %21 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %23 = tg.reshape %22 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %24 = tg.reshape %23 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %25 = tg.permute %24 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.reduce add %26 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %28 = tg.reshape %27 : tensor<1x3xi32> to tensor<3xi32>
  %29 = tg.const -1 : tensor<3xi32>
  %30 = tg.add %28, %29 : tensor<3xi32>
  %31 = tg.cmpne %8, %30 : tensor<3xi32>
  %32 = tg.const true : tensor<3xi1>
  %33 = tg.cmpne %31, %32 : tensor<3xi1>
  %34 = tg.const 1 : tensor<i32>
  %35 = tg.cmplt %34, %0 : tensor<i32>
  %36 = tg.const 2 : tensor<i32>
  %37 = tg.add %34, %36 : tensor<i32>
  %38 = tg.where %35, %37, %34 : tensor<i32>
  %39 = tg.reshape %38 : tensor<i32> to tensor<1x1xi32>
  %40 = tg.reshape %39 : tensor<1x1xi32> to tensor<i32>
  %41 = tg.reshape %40 : tensor<i32> to tensor<1x1xi32>
  %42 = tg.expand %41 : tensor<1x1xi32> to tensor<2x3xi32>
  %43 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %44 = tg.expand %43 : tensor<1xi32> to tensor<2xi32>
  %45 = tg.pad %44 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %46 = tg.reshape %45 : tensor<3xi32> to tensor<1x3xi32>
  %47 = tg.reshape %46 : tensor<1x3xi32> to tensor<3xi32>
  %48 = tg.reshape %47 : tensor<3xi32> to tensor<1x3xi32>
  %49 = tg.expand %48 : tensor<1x3xi32> to tensor<3x3xi32>
  %50 = tg.reshape %49 : tensor<3x3xi32> to tensor<9xi32>
  %51 = tg.shrink %50 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %52 = tg.reshape %51 : tensor<8xi32> to tensor<2x4xi32>
  %53 = tg.shrink %52 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %54 = tg.reshape %53 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %55 = tg.reshape %54 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %56 = tg.permute %55 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %57 = tg.permute %56 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %58 = tg.reduce add %57 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %59 = tg.reshape %58 : tensor<1x2xi32> to tensor<2xi32>
  %60 = tg.const -1 : tensor<2xi32>
  %61 = tg.add %59, %60 : tensor<2xi32>
  %62 = tg.reshape %61 : tensor<2xi32> to tensor<2x1xi32>
  %63 = tg.expand %62 : tensor<2x1xi32> to tensor<2x3xi32>
  %64 = tg.cmpne %42, %63 : tensor<2x3xi32>
  %65 = tg.const true : tensor<2x3xi1>
  %66 = tg.cmpne %64, %65 : tensor<2x3xi1>
  %67 = tg.const 0.0 : tensor<2x3xf32>
  %68 = tg.where %66, %arg0, %67 : tensor<2x3xf32>
  %69 = tg.reduce add %68 [0] : tensor<2x3xf32> -> tensor<1x3xf32>
  %70 = tg.reshape %69 : tensor<1x3xf32> to tensor<3xf32>
  %71 = tg.const 0.0 : tensor<3xf32>
  %72 = tg.where %33, %70, %71 : tensor<3xf32>
  %73 = tg.reduce add %72 [0] : tensor<3xf32> -> tensor<1xf32>
  %74 = tg.reshape %73 : tensor<1xf32> to tensor<f32>
  return %74 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 7
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_7(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_7(%arg0: tensor<2x3xf32>) -> tensor<f32> {
  %0 = tg.const 2 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 3 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<3xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<3xi32>
  %15 = tg.pad %14 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %16 = tg.reshape %15 : tensor<5xi32> to tensor<1x5xi32>
  %17 = tg.reshape %16 : tensor<1x5xi32> to tensor<5xi32>
  %18 = tg.reshape %17 : tensor<5xi32> to tensor<1x5xi32>
  %19 = tg.expand %18 : tensor<1x5xi32> to tensor<4x5xi32>
  %20 = tg.reshape %19 : tensor<4x5xi32> to tensor<20xi32>
  %21 = tg.shrink %20 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %22 = tg.reshape %21 : tensor<18xi32> to tensor<3x6xi32>
  %23 = tg.shrink %22 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %24 = tg.reshape %23 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %25 = tg.reshape %24 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.permute %26 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %28 = tg.reduce add %27 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %29 = tg.reshape %28 : tensor<1x3xi32> to tensor<3xi32>
  %30 = tg.const -1 : tensor<3xi32>
  %31 = tg.add %29, %30 : tensor<3xi32>
  %32 = tg.cmpne %9, %31 : tensor<3xi32>
  %33 = tg.const true : tensor<3xi1>
  %34 = tg.cmpne %32, %33 : tensor<3xi1>
  %35 = tg.const 1 : tensor<i32>
  %36 = tg.cmplt %35, %1 : tensor<i32>
  %37 = tg.add %35, %0 : tensor<i32>
  %38 = tg.where %36, %37, %35 : tensor<i32>
  %39 = tg.reshape %38 : tensor<i32> to tensor<1x1xi32>
  %40 = tg.reshape %39 : tensor<1x1xi32> to tensor<i32>
  %41 = tg.reshape %40 : tensor<i32> to tensor<1x1xi32>
  %42 = tg.expand %41 : tensor<1x1xi32> to tensor<2x3xi32>
  %43 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %44 = tg.expand %43 : tensor<1xi32> to tensor<2xi32>
  %45 = tg.pad %44 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %46 = tg.reshape %45 : tensor<3xi32> to tensor<1x3xi32>
  %47 = tg.reshape %46 : tensor<1x3xi32> to tensor<3xi32>
  %48 = tg.reshape %47 : tensor<3xi32> to tensor<1x3xi32>
  %49 = tg.expand %48 : tensor<1x3xi32> to tensor<3x3xi32>
  %50 = tg.reshape %49 : tensor<3x3xi32> to tensor<9xi32>
  %51 = tg.shrink %50 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %52 = tg.reshape %51 : tensor<8xi32> to tensor<2x4xi32>
  %53 = tg.shrink %52 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %54 = tg.reshape %53 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %55 = tg.reshape %54 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %56 = tg.permute %55 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %57 = tg.permute %56 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %58 = tg.reduce add %57 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %59 = tg.reshape %58 : tensor<1x2xi32> to tensor<2xi32>
  %60 = tg.const -1 : tensor<2xi32>
  %61 = tg.add %59, %60 : tensor<2xi32>
  %62 = tg.reshape %61 : tensor<2xi32> to tensor<2x1xi32>
  %63 = tg.expand %62 : tensor<2x1xi32> to tensor<2x3xi32>
  %64 = tg.cmpne %42, %63 : tensor<2x3xi32>
  %65 = tg.const true : tensor<2x3xi1>
  %66 = tg.cmpne %64, %65 : tensor<2x3xi1>
  %67 = tg.const 0.0 : tensor<2x3xf32>
  %68 = tg.where %66, %arg0, %67 : tensor<2x3xf32>
  %69 = tg.reduce add %68 [0] : tensor<2x3xf32> -> tensor<1x3xf32>
  %70 = tg.reshape %69 : tensor<1x3xf32> to tensor<3xf32>
  %71 = tg.const 0.0 : tensor<3xf32>
  %72 = tg.where %34, %70, %71 : tensor<3xf32>
  %73 = tg.reduce add %72 [0] : tensor<3xf32> -> tensor<1xf32>
  %74 = tg.reshape %73 : tensor<1xf32> to tensor<f32>
  return %74 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 8
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_8(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_8(%arg0: tensor<3x2xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 2 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<2xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<2xi32>
  %14 = tg.pad %13 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %15 = tg.reshape %14 : tensor<3xi32> to tensor<1x3xi32>
  %16 = tg.reshape %15 : tensor<1x3xi32> to tensor<3xi32>
  %17 = tg.reshape %16 : tensor<3xi32> to tensor<1x3xi32>
  %18 = tg.expand %17 : tensor<1x3xi32> to tensor<3x3xi32>
  %19 = tg.reshape %18 : tensor<3x3xi32> to tensor<9xi32>
  %20 = tg.shrink %19 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %21 = tg.reshape %20 : tensor<8xi32> to tensor<2x4xi32>
  %22 = tg.shrink %21 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %23 = tg.reshape %22 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %24 = tg.reshape %23 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %25 = tg.permute %24 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.reduce add %26 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %28 = tg.reshape %27 : tensor<1x2xi32> to tensor<2xi32>
  %29 = tg.const -1 : tensor<2xi32>
  %30 = tg.add %28, %29 : tensor<2xi32>
  %31 = tg.cmpne %8, %30 : tensor<2xi32>
  %32 = tg.const true : tensor<2xi1>
  %33 = tg.cmpne %31, %32 : tensor<2xi1>
  %34 = tg.const 3 : tensor<i32>
  %35 = tg.add %0, %34 : tensor<i32>
  %36 = tg.where %1, %35, %0 : tensor<i32>
  %37 = tg.reshape %36 : tensor<i32> to tensor<1x1xi32>
  %38 = tg.reshape %37 : tensor<1x1xi32> to tensor<i32>
  %39 = tg.reshape %38 : tensor<i32> to tensor<1x1xi32>
  %40 = tg.expand %39 : tensor<1x1xi32> to tensor<3x2xi32>
  %41 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %42 = tg.expand %41 : tensor<1xi32> to tensor<3xi32>
  %43 = tg.pad %42 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %44 = tg.reshape %43 : tensor<5xi32> to tensor<1x5xi32>
  %45 = tg.reshape %44 : tensor<1x5xi32> to tensor<5xi32>
  %46 = tg.reshape %45 : tensor<5xi32> to tensor<1x5xi32>
  %47 = tg.expand %46 : tensor<1x5xi32> to tensor<4x5xi32>
  %48 = tg.reshape %47 : tensor<4x5xi32> to tensor<20xi32>
  %49 = tg.shrink %48 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %50 = tg.reshape %49 : tensor<18xi32> to tensor<3x6xi32>
  %51 = tg.shrink %50 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %52 = tg.reshape %51 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %53 = tg.reshape %52 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %54 = tg.permute %53 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %55 = tg.permute %54 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %56 = tg.reduce add %55 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %57 = tg.reshape %56 : tensor<1x3xi32> to tensor<3xi32>
  %58 = tg.const -1 : tensor<3xi32>
  %59 = tg.add %57, %58 : tensor<3xi32>
  %60 = tg.reshape %59 : tensor<3xi32> to tensor<3x1xi32>
  %61 = tg.expand %60 : tensor<3x1xi32> to tensor<3x2xi32>
  %62 = tg.cmpne %40, %61 : tensor<3x2xi32>
  %63 = tg.const true : tensor<3x2xi1>
  %64 = tg.cmpne %62, %63 : tensor<3x2xi1>
  %65 = tg.const 0.0 : tensor<3x2xf32>
  %66 = tg.where %64, %arg0, %65 : tensor<3x2xf32>
  %67 = tg.reduce add %66 [0] : tensor<3x2xf32> -> tensor<1x2xf32>
  %68 = tg.reshape %67 : tensor<1x2xf32> to tensor<2xf32>
  %69 = tg.const 0.0 : tensor<2xf32>
  %70 = tg.where %33, %68, %69 : tensor<2xf32>
  %71 = tg.reduce add %70 [0] : tensor<2xf32> -> tensor<1xf32>
  %72 = tg.reshape %71 : tensor<1xf32> to tensor<f32>
  return %72 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 9
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_9(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_9(%arg0: tensor<3x2xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 2 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<2xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<2xi32>
  %15 = tg.pad %14 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %16 = tg.reshape %15 : tensor<3xi32> to tensor<1x3xi32>
  %17 = tg.reshape %16 : tensor<1x3xi32> to tensor<3xi32>
  %18 = tg.reshape %17 : tensor<3xi32> to tensor<1x3xi32>
  %19 = tg.expand %18 : tensor<1x3xi32> to tensor<3x3xi32>
  %20 = tg.reshape %19 : tensor<3x3xi32> to tensor<9xi32>
  %21 = tg.shrink %20 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %22 = tg.reshape %21 : tensor<8xi32> to tensor<2x4xi32>
  %23 = tg.shrink %22 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %24 = tg.reshape %23 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %25 = tg.reshape %24 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.permute %26 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %28 = tg.reduce add %27 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %29 = tg.reshape %28 : tensor<1x2xi32> to tensor<2xi32>
  %30 = tg.const -1 : tensor<2xi32>
  %31 = tg.add %29, %30 : tensor<2xi32>
  %32 = tg.cmpne %9, %31 : tensor<2xi32>
  %33 = tg.const true : tensor<2xi1>
  %34 = tg.cmpne %32, %33 : tensor<2xi1>
  %35 = tg.cmplt %1, %1 : tensor<i32>
  %36 = tg.const 3 : tensor<i32>
  %37 = tg.add %1, %36 : tensor<i32>
  %38 = tg.where %35, %37, %1 : tensor<i32>
  %39 = tg.reshape %38 : tensor<i32> to tensor<1x1xi32>
  %40 = tg.reshape %39 : tensor<1x1xi32> to tensor<i32>
  %41 = tg.reshape %40 : tensor<i32> to tensor<1x1xi32>
  %42 = tg.expand %41 : tensor<1x1xi32> to tensor<3x2xi32>
  %43 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %44 = tg.expand %43 : tensor<1xi32> to tensor<3xi32>
  %45 = tg.pad %44 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %46 = tg.reshape %45 : tensor<5xi32> to tensor<1x5xi32>
  %47 = tg.reshape %46 : tensor<1x5xi32> to tensor<5xi32>
  %48 = tg.reshape %47 : tensor<5xi32> to tensor<1x5xi32>
  %49 = tg.expand %48 : tensor<1x5xi32> to tensor<4x5xi32>
  %50 = tg.reshape %49 : tensor<4x5xi32> to tensor<20xi32>
  %51 = tg.shrink %50 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %52 = tg.reshape %51 : tensor<18xi32> to tensor<3x6xi32>
  %53 = tg.shrink %52 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %54 = tg.reshape %53 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %55 = tg.reshape %54 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %56 = tg.permute %55 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %57 = tg.permute %56 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %58 = tg.reduce add %57 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %59 = tg.reshape %58 : tensor<1x3xi32> to tensor<3xi32>
  %60 = tg.const -1 : tensor<3xi32>
  %61 = tg.add %59, %60 : tensor<3xi32>
  %62 = tg.reshape %61 : tensor<3xi32> to tensor<3x1xi32>
  %63 = tg.expand %62 : tensor<3x1xi32> to tensor<3x2xi32>
  %64 = tg.cmpne %42, %63 : tensor<3x2xi32>
  %65 = tg.const true : tensor<3x2xi1>
  %66 = tg.cmpne %64, %65 : tensor<3x2xi1>
  %67 = tg.const 0.0 : tensor<3x2xf32>
  %68 = tg.where %66, %arg0, %67 : tensor<3x2xf32>
  %69 = tg.reduce add %68 [0] : tensor<3x2xf32> -> tensor<1x2xf32>
  %70 = tg.reshape %69 : tensor<1x2xf32> to tensor<2xf32>
  %71 = tg.const 0.0 : tensor<2xf32>
  %72 = tg.where %34, %70, %71 : tensor<2xf32>
  %73 = tg.reduce add %72 [0] : tensor<2xf32> -> tensor<1xf32>
  %74 = tg.reshape %73 : tensor<1xf32> to tensor<f32>
  return %74 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 10
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_10(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_10(%arg0: tensor<3x2xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 2 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<2xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<2xi32>
  %14 = tg.pad %13 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %15 = tg.reshape %14 : tensor<3xi32> to tensor<1x3xi32>
  %16 = tg.reshape %15 : tensor<1x3xi32> to tensor<3xi32>
  %17 = tg.reshape %16 : tensor<3xi32> to tensor<1x3xi32>
  %18 = tg.expand %17 : tensor<1x3xi32> to tensor<3x3xi32>
  %19 = tg.reshape %18 : tensor<3x3xi32> to tensor<9xi32>
  %20 = tg.shrink %19 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %21 = tg.reshape %20 : tensor<8xi32> to tensor<2x4xi32>
  %22 = tg.shrink %21 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %23 = tg.reshape %22 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %24 = tg.reshape %23 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %25 = tg.permute %24 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.reduce add %26 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %28 = tg.reshape %27 : tensor<1x2xi32> to tensor<2xi32>
  %29 = tg.const -1 : tensor<2xi32>
  %30 = tg.add %28, %29 : tensor<2xi32>
  %31 = tg.cmpne %8, %30 : tensor<2xi32>
  %32 = tg.const true : tensor<2xi1>
  %33 = tg.cmpne %31, %32 : tensor<2xi1>
  %34 = tg.cmplt %2, %0 : tensor<i32>
  %35 = tg.const 3 : tensor<i32>
  %36 = tg.add %2, %35 : tensor<i32>
  %37 = tg.where %34, %36, %2 : tensor<i32>
  %38 = tg.reshape %37 : tensor<i32> to tensor<1x1xi32>
  %39 = tg.reshape %38 : tensor<1x1xi32> to tensor<i32>
  %40 = tg.reshape %39 : tensor<i32> to tensor<1x1xi32>
  %41 = tg.expand %40 : tensor<1x1xi32> to tensor<3x2xi32>
  %42 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %43 = tg.expand %42 : tensor<1xi32> to tensor<3xi32>
  %44 = tg.pad %43 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %45 = tg.reshape %44 : tensor<5xi32> to tensor<1x5xi32>
  %46 = tg.reshape %45 : tensor<1x5xi32> to tensor<5xi32>
  %47 = tg.reshape %46 : tensor<5xi32> to tensor<1x5xi32>
  %48 = tg.expand %47 : tensor<1x5xi32> to tensor<4x5xi32>
  %49 = tg.reshape %48 : tensor<4x5xi32> to tensor<20xi32>
  %50 = tg.shrink %49 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %51 = tg.reshape %50 : tensor<18xi32> to tensor<3x6xi32>
  %52 = tg.shrink %51 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %53 = tg.reshape %52 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %54 = tg.reshape %53 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %55 = tg.permute %54 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %56 = tg.permute %55 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %57 = tg.reduce add %56 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %58 = tg.reshape %57 : tensor<1x3xi32> to tensor<3xi32>
  %59 = tg.const -1 : tensor<3xi32>
  %60 = tg.add %58, %59 : tensor<3xi32>
  %61 = tg.reshape %60 : tensor<3xi32> to tensor<3x1xi32>
  %62 = tg.expand %61 : tensor<3x1xi32> to tensor<3x2xi32>
  %63 = tg.cmpne %41, %62 : tensor<3x2xi32>
  %64 = tg.const true : tensor<3x2xi1>
  %65 = tg.cmpne %63, %64 : tensor<3x2xi1>
  %66 = tg.const 0.0 : tensor<3x2xf32>
  %67 = tg.where %65, %arg0, %66 : tensor<3x2xf32>
  %68 = tg.reduce add %67 [0] : tensor<3x2xf32> -> tensor<1x2xf32>
  %69 = tg.reshape %68 : tensor<1x2xf32> to tensor<2xf32>
  %70 = tg.const 0.0 : tensor<2xf32>
  %71 = tg.where %33, %69, %70 : tensor<2xf32>
  %72 = tg.reduce add %71 [0] : tensor<2xf32> -> tensor<1xf32>
  %73 = tg.reshape %72 : tensor<1xf32> to tensor<f32>
  return %73 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 11
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_11(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_11(%arg0: tensor<3x2xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 2 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<2xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<2xi32>
  %15 = tg.pad %14 low [1] high [0] : tensor<2xi32> -> tensor<3xi32>
  %16 = tg.reshape %15 : tensor<3xi32> to tensor<1x3xi32>
  %17 = tg.reshape %16 : tensor<1x3xi32> to tensor<3xi32>
  %18 = tg.reshape %17 : tensor<3xi32> to tensor<1x3xi32>
  %19 = tg.expand %18 : tensor<1x3xi32> to tensor<3x3xi32>
  %20 = tg.reshape %19 : tensor<3x3xi32> to tensor<9xi32>
  %21 = tg.shrink %20 begin [0] end [8] : tensor<9xi32> -> tensor<8xi32>
  %22 = tg.reshape %21 : tensor<8xi32> to tensor<2x4xi32>
  %23 = tg.shrink %22 begin [0, 0] end [2, 2] : tensor<2x4xi32> -> tensor<2x2xi32>
  %24 = tg.reshape %23 : tensor<2x2xi32> to tensor<2x2x1xi32>
  %25 = tg.reshape %24 : tensor<2x2x1xi32> to tensor<2x2xi32>
  %26 = tg.permute %25 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %27 = tg.permute %26 [1, 0] : tensor<2x2xi32> -> tensor<2x2xi32>
  %28 = tg.reduce add %27 [0] : tensor<2x2xi32> -> tensor<1x2xi32>
  %29 = tg.reshape %28 : tensor<1x2xi32> to tensor<2xi32>
  %30 = tg.const -1 : tensor<2xi32>
  %31 = tg.add %29, %30 : tensor<2xi32>
  %32 = tg.cmpne %9, %31 : tensor<2xi32>
  %33 = tg.const true : tensor<2xi1>
  %34 = tg.cmpne %32, %33 : tensor<2xi1>
  %35 = tg.cmplt %3, %1 : tensor<i32>
  %36 = tg.const 3 : tensor<i32>
  %37 = tg.add %3, %36 : tensor<i32>
  %38 = tg.where %35, %37, %3 : tensor<i32>
  %39 = tg.reshape %38 : tensor<i32> to tensor<1x1xi32>
  %40 = tg.reshape %39 : tensor<1x1xi32> to tensor<i32>
  %41 = tg.reshape %40 : tensor<i32> to tensor<1x1xi32>
  %42 = tg.expand %41 : tensor<1x1xi32> to tensor<3x2xi32>
  %43 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %44 = tg.expand %43 : tensor<1xi32> to tensor<3xi32>
  %45 = tg.pad %44 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %46 = tg.reshape %45 : tensor<5xi32> to tensor<1x5xi32>
  %47 = tg.reshape %46 : tensor<1x5xi32> to tensor<5xi32>
  %48 = tg.reshape %47 : tensor<5xi32> to tensor<1x5xi32>
  %49 = tg.expand %48 : tensor<1x5xi32> to tensor<4x5xi32>
  %50 = tg.reshape %49 : tensor<4x5xi32> to tensor<20xi32>
  %51 = tg.shrink %50 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %52 = tg.reshape %51 : tensor<18xi32> to tensor<3x6xi32>
  %53 = tg.shrink %52 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %54 = tg.reshape %53 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %55 = tg.reshape %54 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %56 = tg.permute %55 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %57 = tg.permute %56 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %58 = tg.reduce add %57 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %59 = tg.reshape %58 : tensor<1x3xi32> to tensor<3xi32>
  %60 = tg.const -1 : tensor<3xi32>
  %61 = tg.add %59, %60 : tensor<3xi32>
  %62 = tg.reshape %61 : tensor<3xi32> to tensor<3x1xi32>
  %63 = tg.expand %62 : tensor<3x1xi32> to tensor<3x2xi32>
  %64 = tg.cmpne %42, %63 : tensor<3x2xi32>
  %65 = tg.const true : tensor<3x2xi1>
  %66 = tg.cmpne %64, %65 : tensor<3x2xi1>
  %67 = tg.const 0.0 : tensor<3x2xf32>
  %68 = tg.where %66, %arg0, %67 : tensor<3x2xf32>
  %69 = tg.reduce add %68 [0] : tensor<3x2xf32> -> tensor<1x2xf32>
  %70 = tg.reshape %69 : tensor<1x2xf32> to tensor<2xf32>
  %71 = tg.const 0.0 : tensor<2xf32>
  %72 = tg.where %34, %70, %71 : tensor<2xf32>
  %73 = tg.reduce add %72 [0] : tensor<2xf32> -> tensor<1xf32>
  %74 = tg.reshape %73 : tensor<1xf32> to tensor<f32>
  return %74 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 12
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_12(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_12(%arg0: tensor<3x3xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 3 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<3xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<3xi32>
  %14 = tg.pad %13 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %15 = tg.reshape %14 : tensor<5xi32> to tensor<1x5xi32>
  %16 = tg.reshape %15 : tensor<1x5xi32> to tensor<5xi32>
  %17 = tg.reshape %16 : tensor<5xi32> to tensor<1x5xi32>
  %18 = tg.expand %17 : tensor<1x5xi32> to tensor<4x5xi32>
  %19 = tg.reshape %18 : tensor<4x5xi32> to tensor<20xi32>
  %20 = tg.shrink %19 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %21 = tg.reshape %20 : tensor<18xi32> to tensor<3x6xi32>
  %22 = tg.shrink %21 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %23 = tg.reshape %22 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %24 = tg.reshape %23 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %25 = tg.permute %24 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.reduce add %26 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %28 = tg.reshape %27 : tensor<1x3xi32> to tensor<3xi32>
  %29 = tg.const -1 : tensor<3xi32>
  %30 = tg.add %28, %29 : tensor<3xi32>
  %31 = tg.cmpne %8, %30 : tensor<3xi32>
  %32 = tg.const true : tensor<3xi1>
  %33 = tg.cmpne %31, %32 : tensor<3xi1>
  %34 = tg.reshape %4 : tensor<i32> to tensor<1x1xi32>
  %35 = tg.reshape %34 : tensor<1x1xi32> to tensor<i32>
  %36 = tg.reshape %35 : tensor<i32> to tensor<1x1xi32>
  %37 = tg.expand %36 : tensor<1x1xi32> to tensor<3x3xi32>
  %38 = tg.reshape %30 : tensor<3xi32> to tensor<3x1xi32>
  %39 = tg.expand %38 : tensor<3x1xi32> to tensor<3x3xi32>
  %40 = tg.cmpne %37, %39 : tensor<3x3xi32>
  %41 = tg.const true : tensor<3x3xi1>
  %42 = tg.cmpne %40, %41 : tensor<3x3xi1>
  %43 = tg.const 0.0 : tensor<3x3xf32>
  %44 = tg.where %42, %arg0, %43 : tensor<3x3xf32>
  %45 = tg.reduce add %44 [0] : tensor<3x3xf32> -> tensor<1x3xf32>
  %46 = tg.reshape %45 : tensor<1x3xf32> to tensor<3xf32>
  %47 = tg.const 0.0 : tensor<3xf32>
  %48 = tg.where %33, %46, %47 : tensor<3xf32>
  %49 = tg.reduce add %48 [0] : tensor<3xf32> -> tensor<1xf32>
  %50 = tg.reshape %49 : tensor<1xf32> to tensor<f32>
  return %50 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 13
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_13(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_13(%arg0: tensor<3x3xf32>) -> tensor<f32> {
  %0 = tg.const 2 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 3 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<3xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<3xi32>
  %15 = tg.pad %14 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %16 = tg.reshape %15 : tensor<5xi32> to tensor<1x5xi32>
  %17 = tg.reshape %16 : tensor<1x5xi32> to tensor<5xi32>
  %18 = tg.reshape %17 : tensor<5xi32> to tensor<1x5xi32>
  %19 = tg.expand %18 : tensor<1x5xi32> to tensor<4x5xi32>
  %20 = tg.reshape %19 : tensor<4x5xi32> to tensor<20xi32>
  %21 = tg.shrink %20 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %22 = tg.reshape %21 : tensor<18xi32> to tensor<3x6xi32>
  %23 = tg.shrink %22 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %24 = tg.reshape %23 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %25 = tg.reshape %24 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.permute %26 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %28 = tg.reduce add %27 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %29 = tg.reshape %28 : tensor<1x3xi32> to tensor<3xi32>
  %30 = tg.const -1 : tensor<3xi32>
  %31 = tg.add %29, %30 : tensor<3xi32>
  %32 = tg.cmpne %9, %31 : tensor<3xi32>
  %33 = tg.const true : tensor<3xi1>
  %34 = tg.cmpne %32, %33 : tensor<3xi1>
  %35 = tg.cmplt %1, %1 : tensor<i32>
  %36 = tg.add %1, %3 : tensor<i32>
  %37 = tg.where %35, %36, %1 : tensor<i32>
  %38 = tg.reshape %37 : tensor<i32> to tensor<1x1xi32>
  %39 = tg.reshape %38 : tensor<1x1xi32> to tensor<i32>
  %40 = tg.reshape %39 : tensor<i32> to tensor<1x1xi32>
  %41 = tg.expand %40 : tensor<1x1xi32> to tensor<3x3xi32>
  %42 = tg.reshape %31 : tensor<3xi32> to tensor<3x1xi32>
  %43 = tg.expand %42 : tensor<3x1xi32> to tensor<3x3xi32>
  %44 = tg.cmpne %41, %43 : tensor<3x3xi32>
  %45 = tg.const true : tensor<3x3xi1>
  %46 = tg.cmpne %44, %45 : tensor<3x3xi1>
  %47 = tg.const 0.0 : tensor<3x3xf32>
  %48 = tg.where %46, %arg0, %47 : tensor<3x3xf32>
  %49 = tg.reduce add %48 [0] : tensor<3x3xf32> -> tensor<1x3xf32>
  %50 = tg.reshape %49 : tensor<1x3xf32> to tensor<3xf32>
  %51 = tg.const 0.0 : tensor<3xf32>
  %52 = tg.where %34, %50, %51 : tensor<3xf32>
  %53 = tg.reduce add %52 [0] : tensor<3xf32> -> tensor<1xf32>
  %54 = tg.reshape %53 : tensor<1xf32> to tensor<f32>
  return %54 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 14
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_14(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_14(%arg0: tensor<3x3xf32>) -> tensor<f32> {
  %0 = tg.const 0 : tensor<i32>
  %1 = tg.cmplt %0, %0 : tensor<i32>
  %2 = tg.const 3 : tensor<i32>
  %3 = tg.add %0, %2 : tensor<i32>
  %4 = tg.where %1, %3, %0 : tensor<i32>
  %5 = tg.reshape %4 : tensor<i32> to tensor<1xi32>
  %6 = tg.reshape %5 : tensor<1xi32> to tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.expand %7 : tensor<1xi32> to tensor<3xi32>
  %9 = tg.const 1 : tensor<i32>
  %10 = tg.reshape %9 : tensor<i32> to tensor<1xi32>
  %11 = tg.reshape %10 : tensor<1xi32> to tensor<i32>
  %12 = tg.reshape %11 : tensor<i32> to tensor<1xi32>
  %13 = tg.expand %12 : tensor<1xi32> to tensor<3xi32>
  %14 = tg.pad %13 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %15 = tg.reshape %14 : tensor<5xi32> to tensor<1x5xi32>
  %16 = tg.reshape %15 : tensor<1x5xi32> to tensor<5xi32>
  %17 = tg.reshape %16 : tensor<5xi32> to tensor<1x5xi32>
  %18 = tg.expand %17 : tensor<1x5xi32> to tensor<4x5xi32>
  %19 = tg.reshape %18 : tensor<4x5xi32> to tensor<20xi32>
  %20 = tg.shrink %19 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %21 = tg.reshape %20 : tensor<18xi32> to tensor<3x6xi32>
  %22 = tg.shrink %21 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %23 = tg.reshape %22 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %24 = tg.reshape %23 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %25 = tg.permute %24 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.reduce add %26 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %28 = tg.reshape %27 : tensor<1x3xi32> to tensor<3xi32>
  %29 = tg.const -1 : tensor<3xi32>
  %30 = tg.add %28, %29 : tensor<3xi32>
  %31 = tg.cmpne %8, %30 : tensor<3xi32>
  %32 = tg.const true : tensor<3xi1>
  %33 = tg.cmpne %31, %32 : tensor<3xi1>
  %34 = tg.const 2 : tensor<i32>
  %35 = tg.cmplt %34, %0 : tensor<i32>
  %36 = tg.add %34, %2 : tensor<i32>
  %37 = tg.where %35, %36, %34 : tensor<i32>
  %38 = tg.reshape %37 : tensor<i32> to tensor<1x1xi32>
  %39 = tg.reshape %38 : tensor<1x1xi32> to tensor<i32>
  %40 = tg.reshape %39 : tensor<i32> to tensor<1x1xi32>
  %41 = tg.expand %40 : tensor<1x1xi32> to tensor<3x3xi32>
  %42 = tg.reshape %30 : tensor<3xi32> to tensor<3x1xi32>
  %43 = tg.expand %42 : tensor<3x1xi32> to tensor<3x3xi32>
  %44 = tg.cmpne %41, %43 : tensor<3x3xi32>
  %45 = tg.const true : tensor<3x3xi1>
  %46 = tg.cmpne %44, %45 : tensor<3x3xi1>
  %47 = tg.const 0.0 : tensor<3x3xf32>
  %48 = tg.where %46, %arg0, %47 : tensor<3x3xf32>
  %49 = tg.reduce add %48 [0] : tensor<3x3xf32> -> tensor<1x3xf32>
  %50 = tg.reshape %49 : tensor<1x3xf32> to tensor<3xf32>
  %51 = tg.const 0.0 : tensor<3xf32>
  %52 = tg.where %33, %50, %51 : tensor<3xf32>
  %53 = tg.reduce add %52 [0] : tensor<3xf32> -> tensor<1xf32>
  %54 = tg.reshape %53 : tensor<1xf32> to tensor<f32>
  return %54 : tensor<f32>
}

// -----

// test: TestSchedule.test_indexing_scalars, call 15
// tinygrad: for x, y in [(2,2), (2,3), (3,2), (3,3)]: for a, b in [(0,0), (0,y-1), (x-1,0), (x-1,y-1)]: X = Tensor.zeros(x, y).realize(); xt = X[Tensor(a)][Tensor(b)], check_schedule(xt, 1)
// CHECK-LABEL: func @test_indexing_scalars_15(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_indexing_scalars_15(%arg0: tensor<3x3xf32>) -> tensor<f32> {
  %0 = tg.const 2 : tensor<i32>
  %1 = tg.const 0 : tensor<i32>
  %2 = tg.cmplt %0, %1 : tensor<i32>
  %3 = tg.const 3 : tensor<i32>
  %4 = tg.add %0, %3 : tensor<i32>
  %5 = tg.where %2, %4, %0 : tensor<i32>
  %6 = tg.reshape %5 : tensor<i32> to tensor<1xi32>
  %7 = tg.reshape %6 : tensor<1xi32> to tensor<i32>
  %8 = tg.reshape %7 : tensor<i32> to tensor<1xi32>
  %9 = tg.expand %8 : tensor<1xi32> to tensor<3xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<3xi32>
  %15 = tg.pad %14 low [2] high [0] : tensor<3xi32> -> tensor<5xi32>
  %16 = tg.reshape %15 : tensor<5xi32> to tensor<1x5xi32>
  %17 = tg.reshape %16 : tensor<1x5xi32> to tensor<5xi32>
  %18 = tg.reshape %17 : tensor<5xi32> to tensor<1x5xi32>
  %19 = tg.expand %18 : tensor<1x5xi32> to tensor<4x5xi32>
  %20 = tg.reshape %19 : tensor<4x5xi32> to tensor<20xi32>
  %21 = tg.shrink %20 begin [0] end [18] : tensor<20xi32> -> tensor<18xi32>
  %22 = tg.reshape %21 : tensor<18xi32> to tensor<3x6xi32>
  %23 = tg.shrink %22 begin [0, 0] end [3, 3] : tensor<3x6xi32> -> tensor<3x3xi32>
  %24 = tg.reshape %23 : tensor<3x3xi32> to tensor<3x3x1xi32>
  %25 = tg.reshape %24 : tensor<3x3x1xi32> to tensor<3x3xi32>
  %26 = tg.permute %25 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %27 = tg.permute %26 [1, 0] : tensor<3x3xi32> -> tensor<3x3xi32>
  %28 = tg.reduce add %27 [0] : tensor<3x3xi32> -> tensor<1x3xi32>
  %29 = tg.reshape %28 : tensor<1x3xi32> to tensor<3xi32>
  %30 = tg.const -1 : tensor<3xi32>
  %31 = tg.add %29, %30 : tensor<3xi32>
  %32 = tg.cmpne %9, %31 : tensor<3xi32>
  %33 = tg.const true : tensor<3xi1>
  %34 = tg.cmpne %32, %33 : tensor<3xi1>
  %35 = tg.reshape %5 : tensor<i32> to tensor<1x1xi32>
  %36 = tg.reshape %35 : tensor<1x1xi32> to tensor<i32>
  %37 = tg.reshape %36 : tensor<i32> to tensor<1x1xi32>
  %38 = tg.expand %37 : tensor<1x1xi32> to tensor<3x3xi32>
  %39 = tg.reshape %31 : tensor<3xi32> to tensor<3x1xi32>
  %40 = tg.expand %39 : tensor<3x1xi32> to tensor<3x3xi32>
  %41 = tg.cmpne %38, %40 : tensor<3x3xi32>
  %42 = tg.const true : tensor<3x3xi1>
  %43 = tg.cmpne %41, %42 : tensor<3x3xi1>
  %44 = tg.const 0.0 : tensor<3x3xf32>
  %45 = tg.where %43, %arg0, %44 : tensor<3x3xf32>
  %46 = tg.reduce add %45 [0] : tensor<3x3xf32> -> tensor<1x3xf32>
  %47 = tg.reshape %46 : tensor<1x3xf32> to tensor<3xf32>
  %48 = tg.const 0.0 : tensor<3xf32>
  %49 = tg.where %34, %47, %48 : tensor<3xf32>
  %50 = tg.reduce add %49 [0] : tensor<3xf32> -> tensor<1xf32>
  %51 = tg.reshape %50 : tensor<1xf32> to tensor<f32>
  return %51 : tensor<f32>
}

// -----

// test: TestSchedule.test_push_pads_elementwise
// tinygrad: x = Tensor.full((4,4), 2.).contiguous().realize(); y = Tensor.full((4,4), 4.).contiguous().realize(); z = (x.reciprocal()*y).pad((None, (0,1),)).sum(), check_schedule(z, 1)
// CHECK-LABEL: func @test_push_pads_elementwise_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_push_pads_elementwise_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<f32> {
  %0 = tg.reciprocal %arg0 : tensor<4x4xf32>
  %1 = tg.mul %0, %arg1 : tensor<4x4xf32>
  %2 = tg.pad %1 low [0, 0] high [0, 1] : tensor<4x4xf32> -> tensor<4x5xf32>
  %3 = tg.reduce add %2 [0, 1] : tensor<4x5xf32> -> tensor<1x1xf32>
  %4 = tg.reshape %3 : tensor<1x1xf32> to tensor<f32>
  return %4 : tensor<f32>
}

// -----

// test: TestSchedule.test_push_pads_contiguous
// tinygrad: x = Tensor.full((4,1), 2.).contiguous(); y = Tensor.full((4,4), 4.).contiguous(); z = (x.reciprocal().expand(4,4)*y).pad((None, (0,1),)).sum(), check_schedule(z, 1, [x,y])
// CHECK-LABEL: func @test_push_pads_contiguous_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_push_pads_contiguous_0(%arg0: tensor<4x1xf32>, %arg1: tensor<4x4xf32>) -> tensor<f32> {
  %0 = tg.reciprocal %arg0 : tensor<4x1xf32>
  %1 = tg.reshape %0 : tensor<4x1xf32> to tensor<4xf32>
  %2 = tg.reshape %1 : tensor<4xf32> to tensor<1x4xf32>
  %3 = tg.expand %2 : tensor<1x4xf32> to tensor<4x4xf32>
  %4 = tg.permute %3 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %5 = tg.mul %4, %arg1 : tensor<4x4xf32>
  %6 = tg.pad %5 low [0, 0] high [0, 1] : tensor<4x4xf32> -> tensor<4x5xf32>
  %7 = tg.reduce add %6 [0, 1] : tensor<4x5xf32> -> tensor<1x1xf32>
  %8 = tg.reshape %7 : tensor<1x1xf32> to tensor<f32>
  return %8 : tensor<f32>
}

// -----

// test: TestSchedule.test_multireduce_shrink
// tinygrad: a = Tensor.empty(32, 32).realize(); b = Tensor.empty(32, 32).realize(); c = Tensor.empty(16).realize(); a_out = a.sum(1); a_out = a_out[:16]; b_out = b.sum(1); b_out = b_out[:16]; out = a_out + b_out + c, check_schedule(out, 1)
// CHECK-LABEL: func @test_multireduce_shrink_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_shrink_0(%arg0: tensor<32x32xf32>, %arg1: tensor<32x32xf32>, %arg2: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x32xf32> -> tensor<1x32xf32>
  %2 = tg.reshape %1 : tensor<1x32xf32> to tensor<32xf32>
  %3 = tg.shrink %2 begin [0] end [16] : tensor<32xf32> -> tensor<16xf32>
  %4 = tg.permute %arg1 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %5 = tg.reduce add %4 [0] : tensor<32x32xf32> -> tensor<1x32xf32>
  %6 = tg.reshape %5 : tensor<1x32xf32> to tensor<32xf32>
  %7 = tg.shrink %6 begin [0] end [16] : tensor<32xf32> -> tensor<16xf32>
  %8 = tg.add %3, %7 : tensor<16xf32>
  %9 = tg.add %8, %arg2 : tensor<16xf32>
  return %9 : tensor<16xf32>
}

// -----

// test: TestSchedule.test_multireduce_push_shrink_chase
// tinygrad: a = Tensor.empty(16, 16).realize(); b = Tensor.empty(4).realize(); c = Tensor.empty(16, ).realize(); d = Tensor.empty(16, 16).realize(); r = a.sum(1) + c; out = r[:4] * b + d.sum(1)[:4], check_schedule(out, 1)
// CHECK-LABEL: func @test_multireduce_push_shrink_chase_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_push_shrink_chase_0(%arg0: tensor<16x16xf32>, %arg1: tensor<4xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x16xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = tg.reduce add %0 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %2 = tg.reshape %1 : tensor<1x16xf32> to tensor<16xf32>
  %3 = tg.add %2, %arg2 : tensor<16xf32>
  %4 = tg.shrink %3 begin [0] end [4] : tensor<16xf32> -> tensor<4xf32>
  %5 = tg.mul %4, %arg1 : tensor<4xf32>
  %6 = tg.permute %arg3 [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %7 = tg.reduce add %6 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %8 = tg.reshape %7 : tensor<1x16xf32> to tensor<16xf32>
  %9 = tg.shrink %8 begin [0] end [4] : tensor<16xf32> -> tensor<4xf32>
  %10 = tg.add %5, %9 : tensor<4xf32>
  return %10 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_pad_reduce_safe
// tinygrad: a = Tensor.empty(3, 4, 5).realize(); b = Tensor.empty(3, 4, 5).realize(); out = (a + b).pad(((0, 1), (0, 1), (0, 1)), value=1.0).sum().contiguous(), check_schedule(out, 1)
// CHECK-LABEL: func @test_pad_reduce_safe_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_pad_reduce_safe_0(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x4x5xf32>) -> tensor<f32> {
  %0 = tg.const true : tensor<i1>
  %1 = tg.reshape %0 : tensor<i1> to tensor<1x1x1xi1>
  %2 = tg.expand %1 : tensor<1x1x1xi1> to tensor<3x4x5xi1>
  %3 = tg.pad %2 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xi1> -> tensor<4x5x6xi1>
  %4 = tg.add %arg0, %arg1 : tensor<3x4x5xf32>
  %5 = tg.pad %4 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xf32> -> tensor<4x5x6xf32>
  %6 = tg.const 1.0 : tensor<4x5x6xf32>
  %7 = tg.where %3, %5, %6 : tensor<4x5x6xf32>
  %8 = tg.reduce add %7 [0, 1, 2] : tensor<4x5x6xf32> -> tensor<1x1x1xf32>
  %9 = tg.reshape %8 : tensor<1x1x1xf32> to tensor<f32>
  %10 = tg.contiguous %9 : tensor<f32>
  return %10 : tensor<f32>
}

// -----

// test: TestSchedule.test_multireduce_pad_reduce_safe
// tinygrad: a = Tensor.empty(3, 4, 5).realize(); b = Tensor.empty(3, 4, 5).realize(); out = (a.pad(((0, 1), (0, 1), (0, 1)), value=1.0).sum(keepdim=True)+b.pad(((0, 1), (0, 1), (0, 1)), value=1.0).sum()).contiguous(), check_schedule(out, 1)
// CHECK-LABEL: func @test_multireduce_pad_reduce_safe_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_pad_reduce_safe_0(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x4x5xf32>) -> tensor<1x1x1xf32> {
  %0 = tg.const true : tensor<i1>
  %1 = tg.reshape %0 : tensor<i1> to tensor<1x1x1xi1>
  %2 = tg.expand %1 : tensor<1x1x1xi1> to tensor<3x4x5xi1>
  %3 = tg.pad %2 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xi1> -> tensor<4x5x6xi1>
  %4 = tg.pad %arg0 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xf32> -> tensor<4x5x6xf32>
  %5 = tg.const 1.0 : tensor<4x5x6xf32>
  %6 = tg.where %3, %4, %5 : tensor<4x5x6xf32>
  %7 = tg.reduce add %6 [0, 1, 2] : tensor<4x5x6xf32> -> tensor<1x1x1xf32>
  %8 = tg.reshape %7 : tensor<1x1x1xf32> to tensor<f32>
  %9 = tg.reshape %8 : tensor<f32> to tensor<1x1x1xf32>
  %10 = tg.pad %arg1 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xf32> -> tensor<4x5x6xf32>
  %11 = tg.where %3, %10, %5 : tensor<4x5x6xf32>
  %12 = tg.reduce add %11 [0, 1, 2] : tensor<4x5x6xf32> -> tensor<1x1x1xf32>
  %13 = tg.reshape %12 : tensor<1x1x1xf32> to tensor<f32>
  %14 = tg.reshape %13 : tensor<f32> to tensor<1x1x1xf32>
  %15 = tg.expand %14 : tensor<1x1x1xf32> to tensor<1x1x1xf32>
  %16 = tg.add %9, %15 : tensor<1x1x1xf32>
  %17 = tg.contiguous %16 : tensor<1x1x1xf32>
  return %17 : tensor<1x1x1xf32>
}

// -----

// test: TestSchedule.test_pad_reduce_unsafe
// tinygrad: a = Tensor.empty(3, 4, 5).realize(); out = a.log2().pad(((0, 1), (0, 1), (0, 1)), value=1.0).sum().contiguous(), check_schedule(out, 1)
// CHECK-LABEL: func @test_pad_reduce_unsafe_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_pad_reduce_unsafe_0(%arg0: tensor<3x4x5xf32>) -> tensor<f32> {
  %0 = tg.const true : tensor<i1>
  %1 = tg.reshape %0 : tensor<i1> to tensor<1x1x1xi1>
  %2 = tg.expand %1 : tensor<1x1x1xi1> to tensor<3x4x5xi1>
  %3 = tg.pad %2 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xi1> -> tensor<4x5x6xi1>
  %4 = tg.log2 %arg0 : tensor<3x4x5xf32>
  %5 = tg.pad %4 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xf32> -> tensor<4x5x6xf32>
  %6 = tg.const 1.0 : tensor<4x5x6xf32>
  %7 = tg.where %3, %5, %6 : tensor<4x5x6xf32>
  %8 = tg.reduce add %7 [0, 1, 2] : tensor<4x5x6xf32> -> tensor<1x1x1xf32>
  %9 = tg.reshape %8 : tensor<1x1x1xf32> to tensor<f32>
  %10 = tg.contiguous %9 : tensor<f32>
  return %10 : tensor<f32>
}

// -----

// test: TestSchedule.test_multireduce_pad_reduce_unsafe
// tinygrad: a = Tensor.empty(3, 4, 5).abs().realize(); b = Tensor.empty(3, 4, 5).abs().realize(); out = (a.log2().pad(((0, 1), (0, 1), (0, 1)), value=1.0).sum()+b).abs().log2().pad(((0, 1), (0, 1), (0, 1)), value=1.0).sum().contiguous(), check_schedule(out, 1)
// CHECK-LABEL: func @test_multireduce_pad_reduce_unsafe_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multireduce_pad_reduce_unsafe_0(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x4x5xf32>) -> tensor<f32> {
  %0 = tg.const true : tensor<i1>
  %1 = tg.reshape %0 : tensor<i1> to tensor<1x1x1xi1>
  %2 = tg.expand %1 : tensor<1x1x1xi1> to tensor<3x4x5xi1>
  %3 = tg.pad %2 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xi1> -> tensor<4x5x6xi1>
  %4 = tg.log2 %arg0 : tensor<3x4x5xf32>
  %5 = tg.pad %4 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xf32> -> tensor<4x5x6xf32>
  %6 = tg.const 1.0 : tensor<4x5x6xf32>
  %7 = tg.where %3, %5, %6 : tensor<4x5x6xf32>
  %8 = tg.reduce add %7 [0, 1, 2] : tensor<4x5x6xf32> -> tensor<1x1x1xf32>
  %9 = tg.reshape %8 : tensor<1x1x1xf32> to tensor<f32>
  %10 = tg.reshape %9 : tensor<f32> to tensor<1x1x1xf32>
  %11 = tg.expand %10 : tensor<1x1x1xf32> to tensor<3x4x5xf32>
  %12 = tg.add %11, %arg1 : tensor<3x4x5xf32>
  %13 = tg.const 0.0 : tensor<3x4x5xf32>
  %14 = tg.cmpne %12, %13 : tensor<3x4x5xf32>
  %15 = tg.cmplt %12, %13 : tensor<3x4x5xf32>
  %16 = tg.const -1.0 : tensor<f32>
  %17 = tg.reshape %16 : tensor<f32> to tensor<1x1x1xf32>
  %18 = tg.expand %17 : tensor<1x1x1xf32> to tensor<3x4x5xf32>
  %19 = tg.const 1.0 : tensor<f32>
  %20 = tg.reshape %19 : tensor<f32> to tensor<1x1x1xf32>
  %21 = tg.expand %20 : tensor<1x1x1xf32> to tensor<3x4x5xf32>
  %22 = tg.where %15, %18, %21 : tensor<3x4x5xf32>
  %23 = tg.const 0.0 : tensor<f32>
  %24 = tg.reshape %23 : tensor<f32> to tensor<1x1x1xf32>
  %25 = tg.expand %24 : tensor<1x1x1xf32> to tensor<3x4x5xf32>
  %26 = tg.where %14, %22, %25 : tensor<3x4x5xf32>
  %27 = tg.mul %12, %26 : tensor<3x4x5xf32>
  %28 = tg.log2 %27 : tensor<3x4x5xf32>
  %29 = tg.pad %28 low [0, 0, 0] high [1, 1, 1] : tensor<3x4x5xf32> -> tensor<4x5x6xf32>
  %30 = tg.where %3, %29, %6 : tensor<4x5x6xf32>
  %31 = tg.reduce add %30 [0, 1, 2] : tensor<4x5x6xf32> -> tensor<1x1x1xf32>
  %32 = tg.reshape %31 : tensor<1x1x1xf32> to tensor<f32>
  %33 = tg.contiguous %32 : tensor<f32>
  return %33 : tensor<f32>
}

// -----

// test: TestSchedule.test_shrink_pad_safe
// tinygrad: a = Tensor.ones((3, )).contiguous().realize(); b = Tensor.ones((3, )).contiguous().realize(); out = (a + b).shrink(((0, 1),)).pad(((0, 1),)).contiguous(), check_schedule(out, 1)
// CHECK-LABEL: func @test_shrink_pad_safe_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_shrink_pad_safe_0(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<2xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<3xf32>
  %1 = tg.shrink %0 begin [0] end [1] : tensor<3xf32> -> tensor<1xf32>
  %2 = tg.pad %1 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %3 = tg.contiguous %2 : tensor<2xf32>
  return %3 : tensor<2xf32>
}

// -----

// test: TestSchedule.test_shrink_pad_unsafe
// tinygrad: a = Tensor.ones((3, )).contiguous().realize(); out = a.exp2().shrink(((0, 1),)).pad(((0, 1),)).contiguous(), check_schedule(out, 1)
// CHECK-LABEL: func @test_shrink_pad_unsafe_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_shrink_pad_unsafe_0(%arg0: tensor<3xf32>) -> tensor<2xf32> {
  %0 = tg.exp2 %arg0 : tensor<3xf32>
  %1 = tg.shrink %0 begin [0] end [1] : tensor<3xf32> -> tensor<1xf32>
  %2 = tg.pad %1 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %3 = tg.contiguous %2 : tensor<2xf32>
  return %3 : tensor<2xf32>
}

// -----

// test: TestSchedule.test_base_change_shrink_pad
// tinygrad: a = Tensor.ones(3, 3).contiguous().realize(); b = a.exp2(); c = b[:-1, :-1]; d = c.pad(((0, 1), (0, 1))) * 2, check_schedule(d, 1)
// CHECK-LABEL: func @test_base_change_shrink_pad_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_base_change_shrink_pad_0(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = tg.exp2 %arg0 : tensor<3x3xf32>
  %1 = tg.shrink %0 begin [0, 0] end [2, 2] : tensor<3x3xf32> -> tensor<2x2xf32>
  %2 = tg.pad %1 low [0, 0] high [1, 1] : tensor<2x2xf32> -> tensor<3x3xf32>
  %3 = tg.const 2.0 : tensor<3x3xf32>
  %4 = tg.mul %2, %3 : tensor<3x3xf32>
  return %4 : tensor<3x3xf32>
}

// -----

// test: TestSchedule.test_base_change_expand_pad
// tinygrad: a = Tensor.ones(3, 3).contiguous().realize(); b = a.exp2(); c = b[:, None, :]; d = c.pad(((0, 0), (1, 1), (0, 0))) * 2, check_schedule(d, 1)
// CHECK-LABEL: func @test_base_change_expand_pad_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_base_change_expand_pad_0(%arg0: tensor<3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = tg.exp2 %arg0 : tensor<3x3xf32>
  %1 = tg.reshape %0 : tensor<3x3xf32> to tensor<3x1x3xf32>
  %2 = tg.pad %1 low [0, 1, 0] high [0, 1, 0] : tensor<3x1x3xf32> -> tensor<3x3x3xf32>
  %3 = tg.const 2.0 : tensor<3x3x3xf32>
  %4 = tg.mul %2, %3 : tensor<3x3x3xf32>
  return %4 : tensor<3x3x3xf32>
}

// -----

// test: TestSchedule.test_fuse_arange_pad_replicate_mode
// tinygrad: x = Tensor.empty(3,3,3,3); y = x.pad((-1,2,2,-1), mode="replicate"); dx = y.sum().gradient(x)[0], check_schedule(dx, 0)
// note: tinygrad 0, ours 1: the result (dx of a replicate pad) depends only on shapes; a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_fuse_arange_pad_replicate_mode_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_fuse_arange_pad_replicate_mode_0() -> tensor<3x3x3x3xf32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1x1x1x1xf32>
  %2 = tg.expand %1 : tensor<1x1x1x1xf32> to tensor<3x3x4x4xf32>
  %3 = tg.pad %2 low [0, 0, 0, 1] high [0, 0, 1, 0] : tensor<3x3x4x4xf32> -> tensor<3x3x5x5xf32>
  %4 = tg.shrink %3 begin [0, 0, 0, 3] end [3, 3, 5, 5] : tensor<3x3x5x5xf32> -> tensor<3x3x5x2xf32>
  %5 = tg.permute %4 [3, 0, 1, 2] : tensor<3x3x5x2xf32> -> tensor<2x3x3x5xf32>
  %6 = tg.reduce add %5 [0] : tensor<2x3x3x5xf32> -> tensor<1x3x3x5xf32>
  %7 = tg.reshape %6 : tensor<1x3x3x5xf32> to tensor<3x3x5xf32>
  %8 = tg.reshape %7 : tensor<3x3x5xf32> to tensor<3x3x5x1xf32>
  %9 = tg.pad %8 low [0, 0, 0, 2] high [0, 0, 0, 0] : tensor<3x3x5x1xf32> -> tensor<3x3x5x3xf32>
  %10 = tg.shrink %3 begin [0, 0, 0, 0] end [3, 3, 5, 3] : tensor<3x3x5x5xf32> -> tensor<3x3x5x3xf32>
  %11 = tg.add %9, %10 : tensor<3x3x5x3xf32>
  %12 = tg.shrink %11 begin [0, 0, 2, 0] end [3, 3, 5, 3] : tensor<3x3x5x3xf32> -> tensor<3x3x3x3xf32>
  %13 = tg.shrink %11 begin [0, 0, 0, 0] end [3, 3, 2, 3] : tensor<3x3x5x3xf32> -> tensor<3x3x2x3xf32>
  %14 = tg.permute %13 [2, 0, 1, 3] : tensor<3x3x2x3xf32> -> tensor<2x3x3x3xf32>
  %15 = tg.reduce add %14 [0] : tensor<2x3x3x3xf32> -> tensor<1x3x3x3xf32>
  %16 = tg.reshape %15 : tensor<1x3x3x3xf32> to tensor<3x3x3xf32>
  %17 = tg.reshape %16 : tensor<3x3x3xf32> to tensor<3x3x1x3xf32>
  %18 = tg.pad %17 low [0, 0, 0, 0] high [0, 0, 2, 0] : tensor<3x3x1x3xf32> -> tensor<3x3x3x3xf32>
  %19 = tg.add %12, %18 : tensor<3x3x3x3xf32>
  %20 = tg.reshape %19 : tensor<3x3x3x3xf32> to tensor<3x1x3x3x3xf32>
  %21 = tg.permute %20 [1, 0, 2, 3, 4] : tensor<3x1x3x3x3xf32> -> tensor<1x3x3x3x3xf32>
  %22 = tg.reshape %21 : tensor<1x3x3x3x3xf32> to tensor<3x3x3x3xf32>
  %23 = tg.reshape %22 : tensor<3x3x3x3xf32> to tensor<1x3x3x3x3xf32>
  %24 = tg.reshape %23 : tensor<1x3x3x3x3xf32> to tensor<3x3x3x3xf32>
  return %24 : tensor<3x3x3x3xf32>
}

// -----

// test: TestSchedule.test_base_change_pad_expand
// tinygrad: a = Tensor.full((4, 4), 1.).contiguous().realize(); b = Tensor.full((4, 4), 2.).contiguous().realize(); c = (a + b).pad(((1, 1), (1, 1))); d = c.cast(dtypes.int).expand((2, 6, 6)) * 4, check_schedule(d, 1)
// CHECK-LABEL: func @test_base_change_pad_expand_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_base_change_pad_expand_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<2x6x6xi32> {
  %0 = tg.add %arg0, %arg1 : tensor<4x4xf32>
  %1 = tg.pad %0 low [1, 1] high [1, 1] : tensor<4x4xf32> -> tensor<6x6xf32>
  %2 = tg.cast %1 : tensor<6x6xf32> to tensor<6x6xi32>
  %3 = tg.reshape %2 : tensor<6x6xi32> to tensor<1x6x6xi32>
  %4 = tg.expand %3 : tensor<1x6x6xi32> to tensor<2x6x6xi32>
  %5 = tg.const 4 : tensor<2x6x6xi32>
  %6 = tg.mul %4, %5 : tensor<2x6x6xi32>
  return %6 : tensor<2x6x6xi32>
}

// -----

// test: TestSchedule.test_pad_reduce_unsafe_multiview_st
// tinygrad: P = Tensor.ones(3, 3).contiguous(); sums = P.sum(axis=1, keepdim=True); P /= sums; p = P[0]; p = p.pad(((1, 0), )); p = p.repeat([2]), check_schedule(p, 4)
// CHECK-LABEL: func @test_pad_reduce_unsafe_multiview_st_0(
// CHECK-COUNT-4: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_pad_reduce_unsafe_multiview_st_0(%arg0: tensor<3x3xf32>) -> tensor<8xf32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1x1xf32>
  %2 = tg.reshape %1 : tensor<1x1xf32> to tensor<f32>
  %3 = tg.reshape %2 : tensor<f32> to tensor<1x1xf32>
  %4 = tg.expand %3 : tensor<1x1xf32> to tensor<3x3xf32>
  %5 = tg.assign %arg0, %4 : tensor<3x3xf32>
  %6 = tg.contiguous %5 : tensor<3x3xf32>
  %7 = tg.permute %6 [1, 0] : tensor<3x3xf32> -> tensor<3x3xf32>
  %8 = tg.reduce add %7 [0] : tensor<3x3xf32> -> tensor<1x3xf32>
  %9 = tg.reshape %8 : tensor<1x3xf32> to tensor<3xf32>
  %10 = tg.reshape %9 : tensor<3xf32> to tensor<3x1xf32>
  %11 = tg.reciprocal %10 : tensor<3x1xf32>
  %12 = tg.expand %11 : tensor<3x1xf32> to tensor<3x3xf32>
  %13 = tg.mul %6, %12 : tensor<3x3xf32>
  %14 = tg.assign %6, %13 : tensor<3x3xf32>
  %15 = tg.shrink %14 begin [0, 0] end [1, 3] : tensor<3x3xf32> -> tensor<1x3xf32>
  %16 = tg.reshape %15 : tensor<1x3xf32> to tensor<3xf32>
  %17 = tg.pad %16 low [1] high [0] : tensor<3xf32> -> tensor<4xf32>
  %18 = tg.reshape %17 : tensor<4xf32> to tensor<1x4xf32>
  %19 = tg.reshape %18 : tensor<1x4xf32> to tensor<4xf32>
  %20 = tg.reshape %19 : tensor<4xf32> to tensor<1x4xf32>
  %21 = tg.expand %20 : tensor<1x4xf32> to tensor<2x4xf32>
  %22 = tg.reshape %21 : tensor<2x4xf32> to tensor<8xf32>
  return %22 : tensor<8xf32>
}

// -----

// test: TestSchedule.test_simple_indexing
// tinygrad: X = Tensor.empty(10, 10).realize(); idxs = Tensor([0, 2]).realize(); xt = X[idxs], check_schedule(xt, 1)
// CHECK-LABEL: func @test_simple_indexing_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_simple_indexing_0(%arg0: tensor<10x10xf32>, %arg1: tensor<2xi32>) -> tensor<2x10xf32> {
  %0 = tg.const 0 : tensor<2xi32>
  %1 = tg.cmplt %arg1, %0 : tensor<2xi32>
  %2 = tg.const 10 : tensor<2xi32>
  %3 = tg.add %arg1, %2 : tensor<2xi32>
  %4 = tg.where %1, %3, %arg1 : tensor<2xi32>
  %5 = tg.reshape %4 : tensor<2xi32> to tensor<2x1x1xi32>
  %6 = tg.reshape %5 : tensor<2x1x1xi32> to tensor<2xi32>
  %7 = tg.reshape %6 : tensor<2xi32> to tensor<1x1x2xi32>
  %8 = tg.expand %7 : tensor<1x1x2xi32> to tensor<10x10x2xi32>
  %9 = tg.permute %8 [2, 0, 1] : tensor<10x10x2xi32> -> tensor<2x10x10xi32>
  %10 = tg.const 1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<10xi32>
  %15 = tg.pad %14 low [9] high [0] : tensor<10xi32> -> tensor<19xi32>
  %16 = tg.reshape %15 : tensor<19xi32> to tensor<1x19xi32>
  %17 = tg.reshape %16 : tensor<1x19xi32> to tensor<19xi32>
  %18 = tg.reshape %17 : tensor<19xi32> to tensor<1x19xi32>
  %19 = tg.expand %18 : tensor<1x19xi32> to tensor<11x19xi32>
  %20 = tg.reshape %19 : tensor<11x19xi32> to tensor<209xi32>
  %21 = tg.shrink %20 begin [0] end [200] : tensor<209xi32> -> tensor<200xi32>
  %22 = tg.reshape %21 : tensor<200xi32> to tensor<10x20xi32>
  %23 = tg.shrink %22 begin [0, 0] end [10, 10] : tensor<10x20xi32> -> tensor<10x10xi32>
  %24 = tg.reshape %23 : tensor<10x10xi32> to tensor<10x10x1xi32>
  %25 = tg.reshape %24 : tensor<10x10x1xi32> to tensor<10x10xi32>
  %26 = tg.permute %25 [1, 0] : tensor<10x10xi32> -> tensor<10x10xi32>
  %27 = tg.permute %26 [1, 0] : tensor<10x10xi32> -> tensor<10x10xi32>
  %28 = tg.reduce add %27 [0] : tensor<10x10xi32> -> tensor<1x10xi32>
  %29 = tg.reshape %28 : tensor<1x10xi32> to tensor<10xi32>
  %30 = tg.const -1 : tensor<10xi32>
  %31 = tg.add %29, %30 : tensor<10xi32>
  %32 = tg.reshape %31 : tensor<10xi32> to tensor<10x1xi32>
  %33 = tg.reshape %32 : tensor<10x1xi32> to tensor<1x10x1xi32>
  %34 = tg.expand %33 : tensor<1x10x1xi32> to tensor<2x10x10xi32>
  %35 = tg.cmpne %9, %34 : tensor<2x10x10xi32>
  %36 = tg.const true : tensor<2x10x10xi1>
  %37 = tg.cmpne %35, %36 : tensor<2x10x10xi1>
  %38 = tg.reshape %arg0 : tensor<10x10xf32> to tensor<1x10x10xf32>
  %39 = tg.expand %38 : tensor<1x10x10xf32> to tensor<2x10x10xf32>
  %40 = tg.const 0.0 : tensor<2x10x10xf32>
  %41 = tg.where %37, %39, %40 : tensor<2x10x10xf32>
  %42 = tg.permute %41 [1, 0, 2] : tensor<2x10x10xf32> -> tensor<10x2x10xf32>
  %43 = tg.reduce add %42 [0] : tensor<10x2x10xf32> -> tensor<1x2x10xf32>
  %44 = tg.reshape %43 : tensor<1x2x10xf32> to tensor<2x10xf32>
  return %44 : tensor<2x10xf32>
}

// -----

// test: TestSchedule.test_simple_indexing_alt
// tinygrad: X = Tensor.arange(16).reshape(4, 4); xt = X[[1, 2], [-1, 2]], check_schedule(xt, 1)
// CHECK-LABEL: func @test_simple_indexing_alt_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_simple_indexing_alt_0(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<2xi32> {
  %0 = tg.copy %arg0 to "CPU" : tensor<2xi32>
  %1 = tg.const 0 : tensor<2xi32>
  %2 = tg.cmplt %0, %1 : tensor<2xi32>
  %3 = tg.const true : tensor<2xi1>
  %4 = tg.cmpne %2, %3 : tensor<2xi1>
  %5 = tg.const 4 : tensor<2xi32>
  %6 = tg.cmplt %0, %5 : tensor<2xi32>
  %7 = tg.and %4, %6 : tensor<2xi1>
  %8 = tg.copy %arg1 to "CPU" : tensor<2xi32>
  %9 = tg.cmplt %8, %1 : tensor<2xi32>
  %10 = tg.cmpne %9, %3 : tensor<2xi1>
  %11 = tg.cmplt %8, %5 : tensor<2xi32>
  %12 = tg.and %10, %11 : tensor<2xi1>
  %13 = tg.and %7, %12 : tensor<2xi1>
  %14 = tg.mul %0, %5 : tensor<2xi32>
  %15 = tg.const 1 : tensor<2xi32>
  %16 = tg.mul %8, %15 : tensor<2xi32>
  %17 = tg.add %14, %16 : tensor<2xi32>
  %18 = tg.where %13, %17, %1 : tensor<2xi32>
  %19 = tg.cmplt %18, %1 : tensor<2xi32>
  %20 = tg.const 16 : tensor<2xi32>
  %21 = tg.add %18, %20 : tensor<2xi32>
  %22 = tg.where %19, %21, %18 : tensor<2xi32>
  %23 = tg.reshape %22 : tensor<2xi32> to tensor<2x1xi32>
  %24 = tg.reshape %23 : tensor<2x1xi32> to tensor<2xi32>
  %25 = tg.reshape %24 : tensor<2xi32> to tensor<1x2xi32>
  %26 = tg.expand %25 : tensor<1x2xi32> to tensor<16x2xi32>
  %27 = tg.permute %26 [1, 0] : tensor<16x2xi32> -> tensor<2x16xi32>
  %28 = tg.const 1 : tensor<i32>
  %29 = tg.reshape %28 : tensor<i32> to tensor<1xi32>
  %30 = tg.reshape %29 : tensor<1xi32> to tensor<i32>
  %31 = tg.reshape %30 : tensor<i32> to tensor<1xi32>
  %32 = tg.expand %31 : tensor<1xi32> to tensor<16xi32>
  %33 = tg.pad %32 low [15] high [0] : tensor<16xi32> -> tensor<31xi32>
  %34 = tg.reshape %33 : tensor<31xi32> to tensor<1x31xi32>
  %35 = tg.reshape %34 : tensor<1x31xi32> to tensor<31xi32>
  %36 = tg.reshape %35 : tensor<31xi32> to tensor<1x31xi32>
  %37 = tg.expand %36 : tensor<1x31xi32> to tensor<17x31xi32>
  %38 = tg.reshape %37 : tensor<17x31xi32> to tensor<527xi32>
  %39 = tg.shrink %38 begin [0] end [512] : tensor<527xi32> -> tensor<512xi32>
  %40 = tg.reshape %39 : tensor<512xi32> to tensor<16x32xi32>
  %41 = tg.shrink %40 begin [0, 0] end [16, 16] : tensor<16x32xi32> -> tensor<16x16xi32>
  %42 = tg.reshape %41 : tensor<16x16xi32> to tensor<16x16x1xi32>
  %43 = tg.reshape %42 : tensor<16x16x1xi32> to tensor<16x16xi32>
  %44 = tg.permute %43 [1, 0] : tensor<16x16xi32> -> tensor<16x16xi32>
  %45 = tg.permute %44 [1, 0] : tensor<16x16xi32> -> tensor<16x16xi32>
  %46 = tg.reduce add %45 [0] : tensor<16x16xi32> -> tensor<1x16xi32>
  %47 = tg.reshape %46 : tensor<1x16xi32> to tensor<16xi32>
  %48 = tg.const -1 : tensor<16xi32>
  %49 = tg.add %47, %48 : tensor<16xi32>
  %50 = tg.reshape %49 : tensor<16xi32> to tensor<1x16xi32>
  %51 = tg.expand %50 : tensor<1x16xi32> to tensor<2x16xi32>
  %52 = tg.cmpne %27, %51 : tensor<2x16xi32>
  %53 = tg.const true : tensor<2x16xi1>
  %54 = tg.cmpne %52, %53 : tensor<2x16xi1>
  %55 = tg.reshape %49 : tensor<16xi32> to tensor<4x4xi32>
  %56 = tg.reshape %55 : tensor<4x4xi32> to tensor<16xi32>
  %57 = tg.reshape %56 : tensor<16xi32> to tensor<1x16xi32>
  %58 = tg.expand %57 : tensor<1x16xi32> to tensor<2x16xi32>
  %59 = tg.const 0 : tensor<2x16xi32>
  %60 = tg.where %54, %58, %59 : tensor<2x16xi32>
  %61 = tg.permute %60 [1, 0] : tensor<2x16xi32> -> tensor<16x2xi32>
  %62 = tg.reduce add %61 [0] : tensor<16x2xi32> -> tensor<1x2xi32>
  %63 = tg.reshape %62 : tensor<1x2xi32> to tensor<2xi32>
  %64 = tg.where %13, %63, %1 : tensor<2xi32>
  return %64 : tensor<2xi32>
}

// -----

// test: TestSchedule.test_advanced_indexing
// tinygrad: X = Tensor.arange(10)+1; xt = X[[0, -1]], check_schedule(xt, 1)
// CHECK-LABEL: func @test_advanced_indexing_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_advanced_indexing_0(%arg0: tensor<2xi32>) -> tensor<2xi32> {
  %0 = tg.copy %arg0 to "CPU" : tensor<2xi32>
  %1 = tg.reshape %0 : tensor<2xi32> to tensor<2x1xi32>
  %2 = tg.reshape %1 : tensor<2x1xi32> to tensor<2xi32>
  %3 = tg.reshape %2 : tensor<2xi32> to tensor<1x2xi32>
  %4 = tg.expand %3 : tensor<1x2xi32> to tensor<10x2xi32>
  %5 = tg.permute %4 [1, 0] : tensor<10x2xi32> -> tensor<2x10xi32>
  %6 = tg.const 1 : tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.reshape %7 : tensor<1xi32> to tensor<i32>
  %9 = tg.reshape %8 : tensor<i32> to tensor<1xi32>
  %10 = tg.expand %9 : tensor<1xi32> to tensor<10xi32>
  %11 = tg.pad %10 low [9] high [0] : tensor<10xi32> -> tensor<19xi32>
  %12 = tg.reshape %11 : tensor<19xi32> to tensor<1x19xi32>
  %13 = tg.reshape %12 : tensor<1x19xi32> to tensor<19xi32>
  %14 = tg.reshape %13 : tensor<19xi32> to tensor<1x19xi32>
  %15 = tg.expand %14 : tensor<1x19xi32> to tensor<11x19xi32>
  %16 = tg.reshape %15 : tensor<11x19xi32> to tensor<209xi32>
  %17 = tg.shrink %16 begin [0] end [200] : tensor<209xi32> -> tensor<200xi32>
  %18 = tg.reshape %17 : tensor<200xi32> to tensor<10x20xi32>
  %19 = tg.shrink %18 begin [0, 0] end [10, 10] : tensor<10x20xi32> -> tensor<10x10xi32>
  %20 = tg.reshape %19 : tensor<10x10xi32> to tensor<10x10x1xi32>
  %21 = tg.reshape %20 : tensor<10x10x1xi32> to tensor<10x10xi32>
  %22 = tg.permute %21 [1, 0] : tensor<10x10xi32> -> tensor<10x10xi32>
  %23 = tg.permute %22 [1, 0] : tensor<10x10xi32> -> tensor<10x10xi32>
  %24 = tg.reduce add %23 [0] : tensor<10x10xi32> -> tensor<1x10xi32>
  %25 = tg.reshape %24 : tensor<1x10xi32> to tensor<10xi32>
  %26 = tg.const -1 : tensor<10xi32>
  %27 = tg.add %25, %26 : tensor<10xi32>
  %28 = tg.reshape %27 : tensor<10xi32> to tensor<1x10xi32>
  %29 = tg.expand %28 : tensor<1x10xi32> to tensor<2x10xi32>
  %30 = tg.cmpne %5, %29 : tensor<2x10xi32>
  %31 = tg.const true : tensor<2x10xi1>
  %32 = tg.cmpne %30, %31 : tensor<2x10xi1>
  %33 = tg.const 1 : tensor<10xi32>
  %34 = tg.add %27, %33 : tensor<10xi32>
  %35 = tg.reshape %34 : tensor<10xi32> to tensor<1x10xi32>
  %36 = tg.expand %35 : tensor<1x10xi32> to tensor<2x10xi32>
  %37 = tg.const 0 : tensor<2x10xi32>
  %38 = tg.where %32, %36, %37 : tensor<2x10xi32>
  %39 = tg.permute %38 [1, 0] : tensor<2x10xi32> -> tensor<10x2xi32>
  %40 = tg.reduce add %39 [0] : tensor<10x2xi32> -> tensor<1x2xi32>
  %41 = tg.reshape %40 : tensor<1x2xi32> to tensor<2xi32>
  return %41 : tensor<2xi32>
}

// -----

// test: TestSchedule.test_advanced_indexing_alt
// tinygrad: X = Tensor.arange(6).reshape(3, 2)+1; xt = X[[Tensor([2]), Tensor([1])]], check_schedule(xt, 1)
// CHECK-LABEL: func @test_advanced_indexing_alt_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_advanced_indexing_alt_0(%arg0: tensor<1xi32>, %arg1: tensor<1xi32>) -> tensor<1xi32> {
  %0 = tg.copy %arg0 to "CPU" : tensor<1xi32>
  %1 = tg.const 0 : tensor<1xi32>
  %2 = tg.cmplt %0, %1 : tensor<1xi32>
  %3 = tg.const 3 : tensor<1xi32>
  %4 = tg.add %0, %3 : tensor<1xi32>
  %5 = tg.where %2, %4, %0 : tensor<1xi32>
  %6 = tg.cmplt %5, %1 : tensor<1xi32>
  %7 = tg.const true : tensor<1xi1>
  %8 = tg.cmpne %6, %7 : tensor<1xi1>
  %9 = tg.cmplt %5, %3 : tensor<1xi32>
  %10 = tg.and %8, %9 : tensor<1xi1>
  %11 = tg.copy %arg1 to "CPU" : tensor<1xi32>
  %12 = tg.cmplt %11, %1 : tensor<1xi32>
  %13 = tg.const 2 : tensor<1xi32>
  %14 = tg.add %11, %13 : tensor<1xi32>
  %15 = tg.where %12, %14, %11 : tensor<1xi32>
  %16 = tg.cmplt %15, %1 : tensor<1xi32>
  %17 = tg.cmpne %16, %7 : tensor<1xi1>
  %18 = tg.cmplt %15, %13 : tensor<1xi32>
  %19 = tg.and %17, %18 : tensor<1xi1>
  %20 = tg.and %10, %19 : tensor<1xi1>
  %21 = tg.mul %5, %13 : tensor<1xi32>
  %22 = tg.const 1 : tensor<1xi32>
  %23 = tg.mul %15, %22 : tensor<1xi32>
  %24 = tg.add %21, %23 : tensor<1xi32>
  %25 = tg.where %20, %24, %1 : tensor<1xi32>
  %26 = tg.cmplt %25, %1 : tensor<1xi32>
  %27 = tg.const 6 : tensor<1xi32>
  %28 = tg.add %25, %27 : tensor<1xi32>
  %29 = tg.where %26, %28, %25 : tensor<1xi32>
  %30 = tg.reshape %29 : tensor<1xi32> to tensor<1x1xi32>
  %31 = tg.reshape %30 : tensor<1x1xi32> to tensor<1xi32>
  %32 = tg.reshape %31 : tensor<1xi32> to tensor<1x1xi32>
  %33 = tg.expand %32 : tensor<1x1xi32> to tensor<6x1xi32>
  %34 = tg.permute %33 [1, 0] : tensor<6x1xi32> -> tensor<1x6xi32>
  %35 = tg.const 1 : tensor<i32>
  %36 = tg.reshape %35 : tensor<i32> to tensor<1xi32>
  %37 = tg.reshape %36 : tensor<1xi32> to tensor<i32>
  %38 = tg.reshape %37 : tensor<i32> to tensor<1xi32>
  %39 = tg.expand %38 : tensor<1xi32> to tensor<6xi32>
  %40 = tg.pad %39 low [5] high [0] : tensor<6xi32> -> tensor<11xi32>
  %41 = tg.reshape %40 : tensor<11xi32> to tensor<1x11xi32>
  %42 = tg.reshape %41 : tensor<1x11xi32> to tensor<11xi32>
  %43 = tg.reshape %42 : tensor<11xi32> to tensor<1x11xi32>
  %44 = tg.expand %43 : tensor<1x11xi32> to tensor<7x11xi32>
  %45 = tg.reshape %44 : tensor<7x11xi32> to tensor<77xi32>
  %46 = tg.shrink %45 begin [0] end [72] : tensor<77xi32> -> tensor<72xi32>
  %47 = tg.reshape %46 : tensor<72xi32> to tensor<6x12xi32>
  %48 = tg.shrink %47 begin [0, 0] end [6, 6] : tensor<6x12xi32> -> tensor<6x6xi32>
  %49 = tg.reshape %48 : tensor<6x6xi32> to tensor<6x6x1xi32>
  %50 = tg.reshape %49 : tensor<6x6x1xi32> to tensor<6x6xi32>
  %51 = tg.permute %50 [1, 0] : tensor<6x6xi32> -> tensor<6x6xi32>
  %52 = tg.permute %51 [1, 0] : tensor<6x6xi32> -> tensor<6x6xi32>
  %53 = tg.reduce add %52 [0] : tensor<6x6xi32> -> tensor<1x6xi32>
  %54 = tg.reshape %53 : tensor<1x6xi32> to tensor<6xi32>
  %55 = tg.const -1 : tensor<6xi32>
  %56 = tg.add %54, %55 : tensor<6xi32>
  %57 = tg.reshape %56 : tensor<6xi32> to tensor<1x6xi32>
  %58 = tg.expand %57 : tensor<1x6xi32> to tensor<1x6xi32>
  %59 = tg.cmpne %34, %58 : tensor<1x6xi32>
  %60 = tg.const true : tensor<1x6xi1>
  %61 = tg.cmpne %59, %60 : tensor<1x6xi1>
  %62 = tg.reshape %56 : tensor<6xi32> to tensor<3x2xi32>
  %63 = tg.const 1 : tensor<3x2xi32>
  %64 = tg.add %62, %63 : tensor<3x2xi32>
  %65 = tg.reshape %64 : tensor<3x2xi32> to tensor<6xi32>
  %66 = tg.reshape %65 : tensor<6xi32> to tensor<1x6xi32>
  %67 = tg.const 0 : tensor<1x6xi32>
  %68 = tg.where %61, %66, %67 : tensor<1x6xi32>
  %69 = tg.permute %68 [1, 0] : tensor<1x6xi32> -> tensor<6x1xi32>
  %70 = tg.reduce add %69 [0] : tensor<6x1xi32> -> tensor<1x1xi32>
  %71 = tg.reshape %70 : tensor<1x1xi32> to tensor<1xi32>
  %72 = tg.where %20, %71, %1 : tensor<1xi32>
  return %72 : tensor<1xi32>
}

// -----

// test: TestSchedule.test_split_advanced_indexing_not_recomputed
// tinygrad: with Context(SPLIT_REDUCEOP=1): X = Tensor.empty(32768, 4).realize(); idx = Tensor.randint(4, high=X.shape[0]), check_schedule(X[idx], 3, [Tensor._device_rng_counters[idx.device]])
// note: STACK (Tensor.stack/cat) written as reshape+pad+add per slice
// note: tinygrad 3, ours 2: tinygrad splits the 32768-element reduction in two kernels (SPLIT_REDUCEOP=1); we do not split reductions; tinygrad with SPLIT_REDUCEOP=0 makes 2, as we do (KERNELIZE-PORT.md, C12)
// CHECK-LABEL: func @test_split_advanced_indexing_not_recomputed_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_split_advanced_indexing_not_recomputed_0(%arg0: tensor<2xui32>, %arg1: tensor<2xui32>, %arg2: tensor<32768x4xf32>) -> tensor<4x4xf32> {
  %0 = tg.const 32768.0 : tensor<4xf32>
  %1 = tg.const 1 : tensor<ui32>
  %2 = tg.reshape %1 : tensor<ui32> to tensor<1xui32>
  %3 = tg.reshape %2 : tensor<1xui32> to tensor<ui32>
  %4 = tg.reshape %3 : tensor<ui32> to tensor<1xui32>
  %5 = tg.expand %4 : tensor<1xui32> to tensor<2xui32>
  %6 = tg.pad %5 low [1] high [0] : tensor<2xui32> -> tensor<3xui32>
  %7 = tg.reshape %6 : tensor<3xui32> to tensor<1x3xui32>
  %8 = tg.reshape %7 : tensor<1x3xui32> to tensor<3xui32>
  %9 = tg.reshape %8 : tensor<3xui32> to tensor<1x3xui32>
  %10 = tg.expand %9 : tensor<1x3xui32> to tensor<3x3xui32>
  %11 = tg.reshape %10 : tensor<3x3xui32> to tensor<9xui32>
  %12 = tg.shrink %11 begin [0] end [8] : tensor<9xui32> -> tensor<8xui32>
  %13 = tg.reshape %12 : tensor<8xui32> to tensor<2x4xui32>
  %14 = tg.shrink %13 begin [0, 0] end [2, 2] : tensor<2x4xui32> -> tensor<2x2xui32>
  %15 = tg.reshape %14 : tensor<2x2xui32> to tensor<2x2x1xui32>
  %16 = tg.reshape %15 : tensor<2x2x1xui32> to tensor<2x2xui32>
  %17 = tg.permute %16 [1, 0] : tensor<2x2xui32> -> tensor<2x2xui32>
  %18 = tg.permute %17 [1, 0] : tensor<2x2xui32> -> tensor<2x2xui32>
  %19 = tg.reduce add %18 [0] : tensor<2x2xui32> -> tensor<1x2xui32>
  %20 = tg.reshape %19 : tensor<1x2xui32> to tensor<2xui32>
  %21 = tg.const 4294967295 : tensor<2xui32>
  %22 = tg.add %20, %21 : tensor<2xui32>
  %23 = tg.const 2 : tensor<2xui32>
  %24 = tg.add %22, %23 : tensor<2xui32>
  %25 = tg.cast %24 : tensor<2xui32> to tensor<2xui64>
  %26 = tg.const 32 : tensor<2xui64>
  %27 = tg.shl %25, %26 : tensor<2xui64>
  %28 = tg.cast %22 : tensor<2xui32> to tensor<2xui64>
  %29 = tg.or %27, %28 : tensor<2xui64>
  %30 = tg.shrink %arg1 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %31 = tg.const 4 : tensor<ui32>
  %32 = tg.const 4294967295 : tensor<ui32>
  %33 = tg.mul %31, %32 : tensor<ui32>
  %34 = tg.reshape %33 : tensor<ui32> to tensor<1xui32>
  %35 = tg.expand %34 : tensor<1xui32> to tensor<1xui32>
  %36 = tg.add %30, %35 : tensor<1xui32>
  %37 = tg.reshape %36 : tensor<1xui32> to tensor<1x1xui32>
  %38 = tg.pad %37 low [0, 0] high [1, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %39 = tg.shrink %arg1 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %40 = tg.const 0 : tensor<ui32>
  %41 = tg.mul %40, %32 : tensor<ui32>
  %42 = tg.reshape %41 : tensor<ui32> to tensor<1xui32>
  %43 = tg.expand %42 : tensor<1xui32> to tensor<1xui32>
  %44 = tg.add %39, %43 : tensor<1xui32>
  %45 = tg.reshape %30 : tensor<1xui32> to tensor<ui32>
  %46 = tg.cmplt %45, %31 : tensor<ui32>
  %47 = tg.cast %46 : tensor<i1> to tensor<ui32>
  %48 = tg.mul %47, %32 : tensor<ui32>
  %49 = tg.reshape %48 : tensor<ui32> to tensor<1xui32>
  %50 = tg.expand %49 : tensor<1xui32> to tensor<1xui32>
  %51 = tg.add %44, %50 : tensor<1xui32>
  %52 = tg.reshape %51 : tensor<1xui32> to tensor<1x1xui32>
  %53 = tg.pad %52 low [1, 0] high [0, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %54 = tg.add %38, %53 : tensor<2x1xui32>
  %55 = tg.reshape %54 : tensor<2x1xui32> to tensor<2xui32>
  %56 = tg.shrink %55 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %57 = tg.const 0 : tensor<1xui32>
  %58 = tg.add %56, %57 : tensor<1xui32>
  %59 = tg.shrink %55 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %60 = tg.add %59, %57 : tensor<1xui32>
  %61 = tg.cmplt %60, %59 : tensor<1xui32>
  %62 = tg.cast %61 : tensor<1xi1> to tensor<1xui32>
  %63 = tg.add %58, %62 : tensor<1xui32>
  %64 = tg.cast %63 : tensor<1xui32> to tensor<1xui64>
  %65 = tg.const 32 : tensor<1xui64>
  %66 = tg.shl %64, %65 : tensor<1xui64>
  %67 = tg.cast %60 : tensor<1xui32> to tensor<1xui64>
  %68 = tg.or %66, %67 : tensor<1xui64>
  %69 = tg.shrink %arg0 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %70 = tg.reshape %69 : tensor<1xui32> to tensor<ui32>
  %71 = tg.cast %70 : tensor<ui32> to tensor<ui64>
  %72 = tg.const 32 : tensor<ui64>
  %73 = tg.shl %71, %72 : tensor<ui64>
  %74 = tg.shrink %arg0 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %75 = tg.reshape %74 : tensor<1xui32> to tensor<ui32>
  %76 = tg.cast %75 : tensor<ui32> to tensor<ui64>
  %77 = tg.or %73, %76 : tensor<ui64>
  %78 = tg.reshape %77 : tensor<ui64> to tensor<1xui64>
  %79 = tg.expand %78 : tensor<1xui64> to tensor<1xui64>
  %80 = tg.threefry %68, %79 : tensor<1xui64>
  %81 = tg.cast %80 : tensor<1xui64> to tensor<1xui32>
  %82 = tg.reshape %81 : tensor<1xui32> to tensor<1x1xui32>
  %83 = tg.pad %82 low [0, 0] high [1, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %84 = tg.shr %80, %65 : tensor<1xui64>
  %85 = tg.cast %84 : tensor<1xui64> to tensor<1xui32>
  %86 = tg.reshape %85 : tensor<1xui32> to tensor<1x1xui32>
  %87 = tg.pad %86 low [1, 0] high [0, 0] : tensor<1x1xui32> -> tensor<2x1xui32>
  %88 = tg.add %83, %87 : tensor<2x1xui32>
  %89 = tg.reshape %88 : tensor<2x1xui32> to tensor<2xui32>
  %90 = tg.shrink %89 begin [1] end [2] : tensor<2xui32> -> tensor<1xui32>
  %91 = tg.reshape %90 : tensor<1xui32> to tensor<ui32>
  %92 = tg.cast %91 : tensor<ui32> to tensor<ui64>
  %93 = tg.shl %92, %72 : tensor<ui64>
  %94 = tg.shrink %89 begin [0] end [1] : tensor<2xui32> -> tensor<1xui32>
  %95 = tg.reshape %94 : tensor<1xui32> to tensor<ui32>
  %96 = tg.cast %95 : tensor<ui32> to tensor<ui64>
  %97 = tg.or %93, %96 : tensor<ui64>
  %98 = tg.reshape %97 : tensor<ui64> to tensor<1xui64>
  %99 = tg.expand %98 : tensor<1xui64> to tensor<2xui64>
  %100 = tg.threefry %29, %99 : tensor<2xui64>
  %101 = tg.cast %100 : tensor<2xui64> to tensor<2xui32>
  %102 = tg.reshape %101 : tensor<2xui32> to tensor<1x2xui32>
  %103 = tg.pad %102 low [0, 0] high [1, 0] : tensor<1x2xui32> -> tensor<2x2xui32>
  %104 = tg.shr %100, %26 : tensor<2xui64>
  %105 = tg.cast %104 : tensor<2xui64> to tensor<2xui32>
  %106 = tg.reshape %105 : tensor<2xui32> to tensor<1x2xui32>
  %107 = tg.pad %106 low [1, 0] high [0, 0] : tensor<1x2xui32> -> tensor<2x2xui32>
  %108 = tg.add %103, %107 : tensor<2x2xui32>
  %109 = tg.reshape %108 : tensor<2x2xui32> to tensor<4xui32>
  %110 = tg.reshape %109 : tensor<4xui32> to tensor<1x4xui32>
  %111 = tg.reshape %110 : tensor<1x4xui32> to tensor<4xui32>
  %112 = tg.const 9 : tensor<4xui32>
  %113 = tg.shr %111, %112 : tensor<4xui32>
  %114 = tg.const 1065353216 : tensor<4xui32>
  %115 = tg.or %113, %114 : tensor<4xui32>
  %116 = tg.bitcast %115 : tensor<4xui32> to tensor<4xf32>
  %117 = tg.const 1.0 : tensor<f32>
  %118 = tg.const -1.0 : tensor<f32>
  %119 = tg.mul %117, %118 : tensor<f32>
  %120 = tg.reshape %119 : tensor<f32> to tensor<1xf32>
  %121 = tg.expand %120 : tensor<1xf32> to tensor<4xf32>
  %122 = tg.add %116, %121 : tensor<4xf32>
  %123 = tg.contiguous %122 : tensor<4xf32>
  %124 = tg.mul %0, %123 : tensor<4xf32>
  %125 = tg.cast %124 : tensor<4xf32> to tensor<4xi32>
  %126 = tg.const 0 : tensor<4xi32>
  %127 = tg.add %125, %126 : tensor<4xi32>
  %128 = tg.cmplt %127, %126 : tensor<4xi32>
  %129 = tg.const 32768 : tensor<4xi32>
  %130 = tg.add %127, %129 : tensor<4xi32>
  %131 = tg.where %128, %130, %127 : tensor<4xi32>
  %132 = tg.reshape %131 : tensor<4xi32> to tensor<4x1x1xi32>
  %133 = tg.reshape %132 : tensor<4x1x1xi32> to tensor<4xi32>
  %134 = tg.reshape %133 : tensor<4xi32> to tensor<1x1x4xi32>
  %135 = tg.expand %134 : tensor<1x1x4xi32> to tensor<32768x4x4xi32>
  %136 = tg.permute %135 [2, 0, 1] : tensor<32768x4x4xi32> -> tensor<4x32768x4xi32>
  %137 = tg.const 1 : tensor<i32>
  %138 = tg.reshape %137 : tensor<i32> to tensor<1xi32>
  %139 = tg.reshape %138 : tensor<1xi32> to tensor<i32>
  %140 = tg.reshape %139 : tensor<i32> to tensor<1xi32>
  %141 = tg.expand %140 : tensor<1xi32> to tensor<32768xi32>
  %142 = tg.pad %141 low [32767] high [0] : tensor<32768xi32> -> tensor<65535xi32>
  %143 = tg.reshape %142 : tensor<65535xi32> to tensor<1x65535xi32>
  %144 = tg.reshape %143 : tensor<1x65535xi32> to tensor<65535xi32>
  %145 = tg.reshape %144 : tensor<65535xi32> to tensor<1x65535xi32>
  %146 = tg.expand %145 : tensor<1x65535xi32> to tensor<32769x65535xi32>
  %147 = tg.reshape %146 : tensor<32769x65535xi32> to tensor<2147516415xi32>
  %148 = tg.shrink %147 begin [0] end [2147483648] : tensor<2147516415xi32> -> tensor<2147483648xi32>
  %149 = tg.reshape %148 : tensor<2147483648xi32> to tensor<32768x65536xi32>
  %150 = tg.shrink %149 begin [0, 0] end [32768, 32768] : tensor<32768x65536xi32> -> tensor<32768x32768xi32>
  %151 = tg.reshape %150 : tensor<32768x32768xi32> to tensor<32768x32768x1xi32>
  %152 = tg.reshape %151 : tensor<32768x32768x1xi32> to tensor<32768x32768xi32>
  %153 = tg.permute %152 [1, 0] : tensor<32768x32768xi32> -> tensor<32768x32768xi32>
  %154 = tg.permute %153 [1, 0] : tensor<32768x32768xi32> -> tensor<32768x32768xi32>
  %155 = tg.reduce add %154 [0] : tensor<32768x32768xi32> -> tensor<1x32768xi32>
  %156 = tg.reshape %155 : tensor<1x32768xi32> to tensor<32768xi32>
  %157 = tg.const -1 : tensor<32768xi32>
  %158 = tg.add %156, %157 : tensor<32768xi32>
  %159 = tg.reshape %158 : tensor<32768xi32> to tensor<32768x1xi32>
  %160 = tg.reshape %159 : tensor<32768x1xi32> to tensor<1x32768x1xi32>
  %161 = tg.expand %160 : tensor<1x32768x1xi32> to tensor<4x32768x4xi32>
  %162 = tg.cmpne %136, %161 : tensor<4x32768x4xi32>
  %163 = tg.const true : tensor<4x32768x4xi1>
  %164 = tg.cmpne %162, %163 : tensor<4x32768x4xi1>
  %165 = tg.reshape %arg2 : tensor<32768x4xf32> to tensor<1x32768x4xf32>
  %166 = tg.expand %165 : tensor<1x32768x4xf32> to tensor<4x32768x4xf32>
  %167 = tg.const 0.0 : tensor<4x32768x4xf32>
  %168 = tg.where %164, %166, %167 : tensor<4x32768x4xf32>
  %169 = tg.permute %168 [1, 0, 2] : tensor<4x32768x4xf32> -> tensor<32768x4x4xf32>
  %170 = tg.reduce add %169 [0] : tensor<32768x4x4xf32> -> tensor<1x4x4xf32>
  %171 = tg.reshape %170 : tensor<1x4x4xf32> to tensor<4x4xf32>
  return %171 : tensor<4x4xf32>
}

// -----

// test: TestSchedule.test_arange_push_through_expand
// tinygrad: a = Tensor.arange(4,); b = Tensor.empty(4, 4).realize(); out = (a+b).sum(), check_schedule(out, 1)
// CHECK-LABEL: func @test_arange_push_through_expand_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_push_through_expand_0(%arg0: tensor<4x4xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<4xi32>
  %5 = tg.pad %4 low [3] high [0] : tensor<4xi32> -> tensor<7xi32>
  %6 = tg.reshape %5 : tensor<7xi32> to tensor<1x7xi32>
  %7 = tg.reshape %6 : tensor<1x7xi32> to tensor<7xi32>
  %8 = tg.reshape %7 : tensor<7xi32> to tensor<1x7xi32>
  %9 = tg.expand %8 : tensor<1x7xi32> to tensor<5x7xi32>
  %10 = tg.reshape %9 : tensor<5x7xi32> to tensor<35xi32>
  %11 = tg.shrink %10 begin [0] end [32] : tensor<35xi32> -> tensor<32xi32>
  %12 = tg.reshape %11 : tensor<32xi32> to tensor<4x8xi32>
  %13 = tg.shrink %12 begin [0, 0] end [4, 4] : tensor<4x8xi32> -> tensor<4x4xi32>
  %14 = tg.reshape %13 : tensor<4x4xi32> to tensor<4x4x1xi32>
  %15 = tg.reshape %14 : tensor<4x4x1xi32> to tensor<4x4xi32>
  %16 = tg.permute %15 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %17 = tg.permute %16 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %18 = tg.reduce add %17 [0] : tensor<4x4xi32> -> tensor<1x4xi32>
  %19 = tg.reshape %18 : tensor<1x4xi32> to tensor<4xi32>
  %20 = tg.const -1 : tensor<4xi32>
  %21 = tg.add %19, %20 : tensor<4xi32>
  %22 = tg.cast %21 : tensor<4xi32> to tensor<4xf32>
  %23 = tg.reshape %22 : tensor<4xf32> to tensor<1x4xf32>
  %24 = tg.expand %23 : tensor<1x4xf32> to tensor<4x4xf32>
  %25 = tg.add %24, %arg0 : tensor<4x4xf32>
  %26 = tg.reduce add %25 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %27 = tg.reshape %26 : tensor<1x1xf32> to tensor<f32>
  return %27 : tensor<f32>
}

// -----

// test: TestSchedule.test_argmin
// tinygrad: x = Tensor.empty(4, 32).realize(); out = x.argmin(-1), check_schedule(out, 2)
// CHECK-LABEL: func @test_argmin_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_argmin_0(%arg0: tensor<4x32xf32>) -> tensor<4xi32> {
  %0 = tg.const 32 : tensor<4xi32>
  %1 = tg.const -1.0 : tensor<4x32xf32>
  %2 = tg.mul %arg0, %1 : tensor<4x32xf32>
  %3 = tg.permute %2 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %4 = tg.reduce max %3 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %5 = tg.reshape %4 : tensor<1x4xf32> to tensor<4xf32>
  %6 = tg.reshape %5 : tensor<4xf32> to tensor<4x1xf32>
  %7 = tg.expand %6 : tensor<4x1xf32> to tensor<4x32xf32>
  %8 = tg.cmpne %2, %7 : tensor<4x32xf32>
  %9 = tg.const true : tensor<4x32xi1>
  %10 = tg.cmpne %8, %9 : tensor<4x32xi1>
  %11 = tg.cast %10 : tensor<4x32xi1> to tensor<4x32xi32>
  %12 = tg.const -1 : tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.reshape %13 : tensor<1xi32> to tensor<i32>
  %15 = tg.reshape %14 : tensor<i32> to tensor<1xi32>
  %16 = tg.expand %15 : tensor<1xi32> to tensor<32xi32>
  %17 = tg.pad %16 low [31] high [0] : tensor<32xi32> -> tensor<63xi32>
  %18 = tg.reshape %17 : tensor<63xi32> to tensor<1x63xi32>
  %19 = tg.reshape %18 : tensor<1x63xi32> to tensor<63xi32>
  %20 = tg.reshape %19 : tensor<63xi32> to tensor<1x63xi32>
  %21 = tg.expand %20 : tensor<1x63xi32> to tensor<33x63xi32>
  %22 = tg.reshape %21 : tensor<33x63xi32> to tensor<2079xi32>
  %23 = tg.shrink %22 begin [0] end [2048] : tensor<2079xi32> -> tensor<2048xi32>
  %24 = tg.reshape %23 : tensor<2048xi32> to tensor<32x64xi32>
  %25 = tg.shrink %24 begin [0, 0] end [32, 32] : tensor<32x64xi32> -> tensor<32x32xi32>
  %26 = tg.reshape %25 : tensor<32x32xi32> to tensor<32x32x1xi32>
  %27 = tg.reshape %26 : tensor<32x32x1xi32> to tensor<32x32xi32>
  %28 = tg.permute %27 [1, 0] : tensor<32x32xi32> -> tensor<32x32xi32>
  %29 = tg.permute %28 [1, 0] : tensor<32x32xi32> -> tensor<32x32xi32>
  %30 = tg.reduce add %29 [0] : tensor<32x32xi32> -> tensor<1x32xi32>
  %31 = tg.reshape %30 : tensor<1x32xi32> to tensor<32xi32>
  %32 = tg.const 33 : tensor<32xi32>
  %33 = tg.add %31, %32 : tensor<32xi32>
  %34 = tg.reshape %33 : tensor<32xi32> to tensor<1x32xi32>
  %35 = tg.expand %34 : tensor<1x32xi32> to tensor<4x32xi32>
  %36 = tg.mul %11, %35 : tensor<4x32xi32>
  %37 = tg.permute %36 [1, 0] : tensor<4x32xi32> -> tensor<32x4xi32>
  %38 = tg.reduce max %37 [0] : tensor<32x4xi32> -> tensor<1x4xi32>
  %39 = tg.reshape %38 : tensor<1x4xi32> to tensor<4xi32>
  %40 = tg.const -1 : tensor<4xi32>
  %41 = tg.mul %39, %40 : tensor<4xi32>
  %42 = tg.add %0, %41 : tensor<4xi32>
  return %42 : tensor<4xi32>
}

// -----

// test: TestSchedule.test_argmax
// tinygrad: x = Tensor.empty(4, 32).realize(); out = x.argmax(-1), check_schedule(out, 2)
// CHECK-LABEL: func @test_argmax_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_argmax_0(%arg0: tensor<4x32xf32>) -> tensor<4xi32> {
  %0 = tg.const 32 : tensor<4xi32>
  %1 = tg.permute %arg0 [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %2 = tg.reduce max %1 [0] : tensor<32x4xf32> -> tensor<1x4xf32>
  %3 = tg.reshape %2 : tensor<1x4xf32> to tensor<4xf32>
  %4 = tg.reshape %3 : tensor<4xf32> to tensor<4x1xf32>
  %5 = tg.expand %4 : tensor<4x1xf32> to tensor<4x32xf32>
  %6 = tg.cmpne %arg0, %5 : tensor<4x32xf32>
  %7 = tg.const true : tensor<4x32xi1>
  %8 = tg.cmpne %6, %7 : tensor<4x32xi1>
  %9 = tg.cast %8 : tensor<4x32xi1> to tensor<4x32xi32>
  %10 = tg.const -1 : tensor<i32>
  %11 = tg.reshape %10 : tensor<i32> to tensor<1xi32>
  %12 = tg.reshape %11 : tensor<1xi32> to tensor<i32>
  %13 = tg.reshape %12 : tensor<i32> to tensor<1xi32>
  %14 = tg.expand %13 : tensor<1xi32> to tensor<32xi32>
  %15 = tg.pad %14 low [31] high [0] : tensor<32xi32> -> tensor<63xi32>
  %16 = tg.reshape %15 : tensor<63xi32> to tensor<1x63xi32>
  %17 = tg.reshape %16 : tensor<1x63xi32> to tensor<63xi32>
  %18 = tg.reshape %17 : tensor<63xi32> to tensor<1x63xi32>
  %19 = tg.expand %18 : tensor<1x63xi32> to tensor<33x63xi32>
  %20 = tg.reshape %19 : tensor<33x63xi32> to tensor<2079xi32>
  %21 = tg.shrink %20 begin [0] end [2048] : tensor<2079xi32> -> tensor<2048xi32>
  %22 = tg.reshape %21 : tensor<2048xi32> to tensor<32x64xi32>
  %23 = tg.shrink %22 begin [0, 0] end [32, 32] : tensor<32x64xi32> -> tensor<32x32xi32>
  %24 = tg.reshape %23 : tensor<32x32xi32> to tensor<32x32x1xi32>
  %25 = tg.reshape %24 : tensor<32x32x1xi32> to tensor<32x32xi32>
  %26 = tg.permute %25 [1, 0] : tensor<32x32xi32> -> tensor<32x32xi32>
  %27 = tg.permute %26 [1, 0] : tensor<32x32xi32> -> tensor<32x32xi32>
  %28 = tg.reduce add %27 [0] : tensor<32x32xi32> -> tensor<1x32xi32>
  %29 = tg.reshape %28 : tensor<1x32xi32> to tensor<32xi32>
  %30 = tg.const 33 : tensor<32xi32>
  %31 = tg.add %29, %30 : tensor<32xi32>
  %32 = tg.reshape %31 : tensor<32xi32> to tensor<1x32xi32>
  %33 = tg.expand %32 : tensor<1x32xi32> to tensor<4x32xi32>
  %34 = tg.mul %9, %33 : tensor<4x32xi32>
  %35 = tg.permute %34 [1, 0] : tensor<4x32xi32> -> tensor<32x4xi32>
  %36 = tg.reduce max %35 [0] : tensor<32x4xi32> -> tensor<1x4xi32>
  %37 = tg.reshape %36 : tensor<1x4xi32> to tensor<4xi32>
  %38 = tg.const -1 : tensor<4xi32>
  %39 = tg.mul %37, %38 : tensor<4xi32>
  %40 = tg.add %0, %39 : tensor<4xi32>
  return %40 : tensor<4xi32>
}

// -----

// test: TestSchedule.test_arange_transposed
// tinygrad: x = Tensor.empty(4, 1).realize(); a = ((Tensor.arange(4,)*x).T).sum(), check_schedule(a, 1)
// CHECK-LABEL: func @test_arange_transposed_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_transposed_0(%arg0: tensor<4x1xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<4xi32>
  %5 = tg.pad %4 low [3] high [0] : tensor<4xi32> -> tensor<7xi32>
  %6 = tg.reshape %5 : tensor<7xi32> to tensor<1x7xi32>
  %7 = tg.reshape %6 : tensor<1x7xi32> to tensor<7xi32>
  %8 = tg.reshape %7 : tensor<7xi32> to tensor<1x7xi32>
  %9 = tg.expand %8 : tensor<1x7xi32> to tensor<5x7xi32>
  %10 = tg.reshape %9 : tensor<5x7xi32> to tensor<35xi32>
  %11 = tg.shrink %10 begin [0] end [32] : tensor<35xi32> -> tensor<32xi32>
  %12 = tg.reshape %11 : tensor<32xi32> to tensor<4x8xi32>
  %13 = tg.shrink %12 begin [0, 0] end [4, 4] : tensor<4x8xi32> -> tensor<4x4xi32>
  %14 = tg.reshape %13 : tensor<4x4xi32> to tensor<4x4x1xi32>
  %15 = tg.reshape %14 : tensor<4x4x1xi32> to tensor<4x4xi32>
  %16 = tg.permute %15 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %17 = tg.permute %16 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %18 = tg.reduce add %17 [0] : tensor<4x4xi32> -> tensor<1x4xi32>
  %19 = tg.reshape %18 : tensor<1x4xi32> to tensor<4xi32>
  %20 = tg.const -1 : tensor<4xi32>
  %21 = tg.add %19, %20 : tensor<4xi32>
  %22 = tg.cast %21 : tensor<4xi32> to tensor<4xf32>
  %23 = tg.reshape %22 : tensor<4xf32> to tensor<1x4xf32>
  %24 = tg.expand %23 : tensor<1x4xf32> to tensor<4x4xf32>
  %25 = tg.expand %arg0 : tensor<4x1xf32> to tensor<4x4xf32>
  %26 = tg.mul %24, %25 : tensor<4x4xf32>
  %27 = tg.permute %26 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %28 = tg.reduce add %27 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %29 = tg.reshape %28 : tensor<1x1xf32> to tensor<f32>
  return %29 : tensor<f32>
}

// -----

// test: TestSchedule.test_div_padded_arange
// tinygrad: x = Tensor.full((2,2), 16, buffer=False); y = x.div(Tensor.linspace(2, 8, steps=4, dtype=dtypes.int).reshape(2,2), rounding_mode="trunc").pad(((1,1), (1,1))); out = y.sum(axis=1).clone(), check_schedule(out, 1)
// CHECK-LABEL: func @test_div_padded_arange_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_div_padded_arange_0(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tg.const 16 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1x1xi32>
  %2 = tg.expand %1 : tensor<1x1xi32> to tensor<2x2xi32>
  %3 = tg.const 2.0 : tensor<4xf32>
  %4 = tg.const 1.0 : tensor<f32>
  %5 = tg.reshape %4 : tensor<f32> to tensor<1xf32>
  %6 = tg.reshape %5 : tensor<1xf32> to tensor<f32>
  %7 = tg.reshape %6 : tensor<f32> to tensor<1xf32>
  %8 = tg.expand %7 : tensor<1xf32> to tensor<4xf32>
  %9 = tg.pad %8 low [3] high [0] : tensor<4xf32> -> tensor<7xf32>
  %10 = tg.reshape %9 : tensor<7xf32> to tensor<1x7xf32>
  %11 = tg.reshape %10 : tensor<1x7xf32> to tensor<7xf32>
  %12 = tg.reshape %11 : tensor<7xf32> to tensor<1x7xf32>
  %13 = tg.expand %12 : tensor<1x7xf32> to tensor<5x7xf32>
  %14 = tg.reshape %13 : tensor<5x7xf32> to tensor<35xf32>
  %15 = tg.shrink %14 begin [0] end [32] : tensor<35xf32> -> tensor<32xf32>
  %16 = tg.reshape %15 : tensor<32xf32> to tensor<4x8xf32>
  %17 = tg.shrink %16 begin [0, 0] end [4, 4] : tensor<4x8xf32> -> tensor<4x4xf32>
  %18 = tg.reshape %17 : tensor<4x4xf32> to tensor<4x4x1xf32>
  %19 = tg.reshape %18 : tensor<4x4x1xf32> to tensor<4x4xf32>
  %20 = tg.permute %19 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %21 = tg.permute %20 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %22 = tg.reduce add %21 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %23 = tg.reshape %22 : tensor<1x4xf32> to tensor<4xf32>
  %24 = tg.const -1.0 : tensor<4xf32>
  %25 = tg.add %23, %24 : tensor<4xf32>
  %26 = tg.mul %25, %3 : tensor<4xf32>
  %27 = tg.add %3, %26 : tensor<4xf32>
  %28 = tg.cast %27 : tensor<4xf32> to tensor<4xi32>
  %29 = tg.reshape %28 : tensor<4xi32> to tensor<2x2xi32>
  %30 = tg.cdiv %2, %29 : tensor<2x2xi32>
  %31 = tg.pad %30 low [1, 1] high [1, 1] : tensor<2x2xi32> -> tensor<4x4xi32>
  %32 = tg.permute %31 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %33 = tg.reduce add %32 [0] : tensor<4x4xi32> -> tensor<1x4xi32>
  %34 = tg.reshape %33 : tensor<1x4xi32> to tensor<4xi32>
  %35 = tg.assign %arg0, %34 : tensor<4xi32>
  return %35 : tensor<4xi32>
}

// -----

// test: TestSchedule.test_arange_transposed_descendants
// tinygrad: x = Tensor.empty(4, 1).realize(); a = (Tensor.arange(4,)*x).T; b = Tensor.empty(4, 4).realize(); out = (a+b).sum(), check_schedule(out, 1)
// CHECK-LABEL: func @test_arange_transposed_descendants_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_transposed_descendants_0(%arg0: tensor<4x1xf32>, %arg1: tensor<4x4xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<4xi32>
  %5 = tg.pad %4 low [3] high [0] : tensor<4xi32> -> tensor<7xi32>
  %6 = tg.reshape %5 : tensor<7xi32> to tensor<1x7xi32>
  %7 = tg.reshape %6 : tensor<1x7xi32> to tensor<7xi32>
  %8 = tg.reshape %7 : tensor<7xi32> to tensor<1x7xi32>
  %9 = tg.expand %8 : tensor<1x7xi32> to tensor<5x7xi32>
  %10 = tg.reshape %9 : tensor<5x7xi32> to tensor<35xi32>
  %11 = tg.shrink %10 begin [0] end [32] : tensor<35xi32> -> tensor<32xi32>
  %12 = tg.reshape %11 : tensor<32xi32> to tensor<4x8xi32>
  %13 = tg.shrink %12 begin [0, 0] end [4, 4] : tensor<4x8xi32> -> tensor<4x4xi32>
  %14 = tg.reshape %13 : tensor<4x4xi32> to tensor<4x4x1xi32>
  %15 = tg.reshape %14 : tensor<4x4x1xi32> to tensor<4x4xi32>
  %16 = tg.permute %15 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %17 = tg.permute %16 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %18 = tg.reduce add %17 [0] : tensor<4x4xi32> -> tensor<1x4xi32>
  %19 = tg.reshape %18 : tensor<1x4xi32> to tensor<4xi32>
  %20 = tg.const -1 : tensor<4xi32>
  %21 = tg.add %19, %20 : tensor<4xi32>
  %22 = tg.cast %21 : tensor<4xi32> to tensor<4xf32>
  %23 = tg.reshape %22 : tensor<4xf32> to tensor<1x4xf32>
  %24 = tg.expand %23 : tensor<1x4xf32> to tensor<4x4xf32>
  %25 = tg.expand %arg0 : tensor<4x1xf32> to tensor<4x4xf32>
  %26 = tg.mul %24, %25 : tensor<4x4xf32>
  %27 = tg.permute %26 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %28 = tg.add %27, %arg1 : tensor<4x4xf32>
  %29 = tg.reduce add %28 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %30 = tg.reshape %29 : tensor<1x1xf32> to tensor<f32>
  return %30 : tensor<f32>
}

// -----

// test: TestSchedule.test_arange_index
// tinygrad: x = Tensor.empty(5, 2).realize(); a = Tensor.arange(10); out = (x + a[2]).sum(), check_schedule(out, 1)
// CHECK-LABEL: func @test_arange_index_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_index_0(%arg0: tensor<5x2xf32>) -> tensor<f32> {
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
  %22 = tg.shrink %21 begin [2] end [3] : tensor<10xi32> -> tensor<1xi32>
  %23 = tg.reshape %22 : tensor<1xi32> to tensor<i32>
  %24 = tg.cast %23 : tensor<i32> to tensor<f32>
  %25 = tg.reshape %24 : tensor<f32> to tensor<1x1xf32>
  %26 = tg.expand %25 : tensor<1x1xf32> to tensor<5x2xf32>
  %27 = tg.add %arg0, %26 : tensor<5x2xf32>
  %28 = tg.reduce add %27 [0, 1] : tensor<5x2xf32> -> tensor<1x1xf32>
  %29 = tg.reshape %28 : tensor<1x1xf32> to tensor<f32>
  return %29 : tensor<f32>
}

// -----

// test: TestSchedule.test_arange_index_contiguous
// tinygrad: x = Tensor.empty(5, 2).realize(); a = Tensor.arange(10).clone(); out = (x + a[2]).sum(), check_schedule(out, 2)
// CHECK-LABEL: func @test_arange_index_contiguous_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_index_contiguous_0(%arg0: tensor<5x2xf32>, %arg1: tensor<10xi32>) -> tensor<f32> {
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
  %22 = tg.assign %arg1, %21 : tensor<10xi32>
  %23 = tg.shrink %22 begin [2] end [3] : tensor<10xi32> -> tensor<1xi32>
  %24 = tg.reshape %23 : tensor<1xi32> to tensor<i32>
  %25 = tg.cast %24 : tensor<i32> to tensor<f32>
  %26 = tg.reshape %25 : tensor<f32> to tensor<1x1xf32>
  %27 = tg.expand %26 : tensor<1x1xf32> to tensor<5x2xf32>
  %28 = tg.add %arg0, %27 : tensor<5x2xf32>
  %29 = tg.reduce add %28 [0, 1] : tensor<5x2xf32> -> tensor<1x1xf32>
  %30 = tg.reshape %29 : tensor<1x1xf32> to tensor<f32>
  return %30 : tensor<f32>
}

// -----

// test: TestSchedule.test_arange_index_child
// tinygrad: x = Tensor.empty(5, 2).realize(); a = Tensor.arange(10)+1; out = (x + a[2]).sum(), check_schedule(out, 1)
// CHECK-LABEL: func @test_arange_index_child_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_index_child_0(%arg0: tensor<5x2xf32>) -> tensor<f32> {
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
  %24 = tg.shrink %23 begin [2] end [3] : tensor<10xi32> -> tensor<1xi32>
  %25 = tg.reshape %24 : tensor<1xi32> to tensor<i32>
  %26 = tg.cast %25 : tensor<i32> to tensor<f32>
  %27 = tg.reshape %26 : tensor<f32> to tensor<1x1xf32>
  %28 = tg.expand %27 : tensor<1x1xf32> to tensor<5x2xf32>
  %29 = tg.add %arg0, %28 : tensor<5x2xf32>
  %30 = tg.reduce add %29 [0, 1] : tensor<5x2xf32> -> tensor<1x1xf32>
  %31 = tg.reshape %30 : tensor<1x1xf32> to tensor<f32>
  return %31 : tensor<f32>
}

// -----

// test: TestSchedule.test_arange_fuse_grouped_children
// tinygrad: X = Tensor.empty(4, 4).realize(); r = (X+Tensor.arange(16).reshape(4, 4)).sum(); out0 = r+2; out1 = r+3, check_schedule([out0, out1], 2)
// CHECK-LABEL: func @test_arange_fuse_grouped_children_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_fuse_grouped_children_0(%arg0: tensor<4x4xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<16xi32>
  %5 = tg.pad %4 low [15] high [0] : tensor<16xi32> -> tensor<31xi32>
  %6 = tg.reshape %5 : tensor<31xi32> to tensor<1x31xi32>
  %7 = tg.reshape %6 : tensor<1x31xi32> to tensor<31xi32>
  %8 = tg.reshape %7 : tensor<31xi32> to tensor<1x31xi32>
  %9 = tg.expand %8 : tensor<1x31xi32> to tensor<17x31xi32>
  %10 = tg.reshape %9 : tensor<17x31xi32> to tensor<527xi32>
  %11 = tg.shrink %10 begin [0] end [512] : tensor<527xi32> -> tensor<512xi32>
  %12 = tg.reshape %11 : tensor<512xi32> to tensor<16x32xi32>
  %13 = tg.shrink %12 begin [0, 0] end [16, 16] : tensor<16x32xi32> -> tensor<16x16xi32>
  %14 = tg.reshape %13 : tensor<16x16xi32> to tensor<16x16x1xi32>
  %15 = tg.reshape %14 : tensor<16x16x1xi32> to tensor<16x16xi32>
  %16 = tg.permute %15 [1, 0] : tensor<16x16xi32> -> tensor<16x16xi32>
  %17 = tg.permute %16 [1, 0] : tensor<16x16xi32> -> tensor<16x16xi32>
  %18 = tg.reduce add %17 [0] : tensor<16x16xi32> -> tensor<1x16xi32>
  %19 = tg.reshape %18 : tensor<1x16xi32> to tensor<16xi32>
  %20 = tg.const -1 : tensor<16xi32>
  %21 = tg.add %19, %20 : tensor<16xi32>
  %22 = tg.reshape %21 : tensor<16xi32> to tensor<4x4xi32>
  %23 = tg.cast %22 : tensor<4x4xi32> to tensor<4x4xf32>
  %24 = tg.add %arg0, %23 : tensor<4x4xf32>
  %25 = tg.reduce add %24 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %26 = tg.reshape %25 : tensor<1x1xf32> to tensor<f32>
  %27 = tg.const 2.0 : tensor<f32>
  %28 = tg.add %26, %27 : tensor<f32>
  %29 = tg.const 3.0 : tensor<f32>
  %30 = tg.add %26, %29 : tensor<f32>
  return %28, %30 : tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_simplify_padded_const
// tinygrad: a, _ = Tensor.empty(1022).cummax(axis=0), check_schedule(a, 3)
// CHECK-LABEL: func @test_simplify_padded_const_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_simplify_padded_const_0(%arg0: tensor<1022xf32>) -> tensor<1022xf32> {
  %0 = tg.const true : tensor<i1>
  %1 = tg.reshape %0 : tensor<i1> to tensor<1x1xi1>
  %2 = tg.expand %1 : tensor<1x1xi1> to tensor<4x256xi1>
  %3 = tg.pad %2 low [0, 255] high [0, 0] : tensor<4x256xi1> -> tensor<4x511xi1>
  %4 = tg.reshape %0 : tensor<i1> to tensor<1xi1>
  %5 = tg.expand %4 : tensor<1xi1> to tensor<1022xi1>
  %6 = tg.pad %5 low [2] high [0] : tensor<1022xi1> -> tensor<1024xi1>
  %7 = tg.pad %arg0 low [2] high [0] : tensor<1022xf32> -> tensor<1024xf32>
  %8 = tg.const 0xFF800000 : tensor<1024xf32>
  %9 = tg.where %6, %7, %8 : tensor<1024xf32>
  %10 = tg.reshape %9 : tensor<1024xf32> to tensor<4x256xf32>
  %11 = tg.pad %10 low [0, 255] high [0, 0] : tensor<4x256xf32> -> tensor<4x511xf32>
  %12 = tg.const 0xFF800000 : tensor<4x511xf32>
  %13 = tg.where %3, %11, %12 : tensor<4x511xf32>
  %14 = tg.reshape %13 : tensor<4x511xf32> to tensor<4x1x511xf32>
  %15 = tg.reshape %14 : tensor<4x1x511xf32> to tensor<4x511xf32>
  %16 = tg.reshape %15 : tensor<4x511xf32> to tensor<1x4x511xf32>
  %17 = tg.expand %16 : tensor<1x4x511xf32> to tensor<257x4x511xf32>
  %18 = tg.permute %17 [1, 0, 2] : tensor<257x4x511xf32> -> tensor<4x257x511xf32>
  %19 = tg.reshape %18 : tensor<4x257x511xf32> to tensor<4x131327xf32>
  %20 = tg.shrink %19 begin [0, 0] end [4, 131072] : tensor<4x131327xf32> -> tensor<4x131072xf32>
  %21 = tg.reshape %20 : tensor<4x131072xf32> to tensor<4x256x512xf32>
  %22 = tg.shrink %21 begin [0, 0, 0] end [4, 256, 256] : tensor<4x256x512xf32> -> tensor<4x256x256xf32>
  %23 = tg.reshape %22 : tensor<4x256x256xf32> to tensor<4x256x256x1xf32>
  %24 = tg.reshape %23 : tensor<4x256x256x1xf32> to tensor<4x256x256xf32>
  %25 = tg.permute %24 [0, 2, 1] : tensor<4x256x256xf32> -> tensor<4x256x256xf32>
  %26 = tg.permute %25 [2, 0, 1] : tensor<4x256x256xf32> -> tensor<256x4x256xf32>
  %27 = tg.reduce max %26 [0] : tensor<256x4x256xf32> -> tensor<1x4x256xf32>
  %28 = tg.reshape %27 : tensor<1x4x256xf32> to tensor<4x256xf32>
  %29 = tg.reshape %0 : tensor<i1> to tensor<1xi1>
  %30 = tg.expand %29 : tensor<1xi1> to tensor<3xi1>
  %31 = tg.pad %30 low [1] high [0] : tensor<3xi1> -> tensor<4xi1>
  %32 = tg.reshape %0 : tensor<i1> to tensor<1xi1>
  %33 = tg.expand %32 : tensor<1xi1> to tensor<4xi1>
  %34 = tg.pad %33 low [3] high [0] : tensor<4xi1> -> tensor<7xi1>
  %35 = tg.shrink %28 begin [0, 255] end [4, 256] : tensor<4x256xf32> -> tensor<4x1xf32>
  %36 = tg.reshape %35 : tensor<4x1xf32> to tensor<4xf32>
  %37 = tg.pad %36 low [3] high [0] : tensor<4xf32> -> tensor<7xf32>
  %38 = tg.const 0xFF800000 : tensor<7xf32>
  %39 = tg.where %34, %37, %38 : tensor<7xf32>
  %40 = tg.reshape %39 : tensor<7xf32> to tensor<1x7xf32>
  %41 = tg.reshape %40 : tensor<1x7xf32> to tensor<7xf32>
  %42 = tg.reshape %41 : tensor<7xf32> to tensor<1x7xf32>
  %43 = tg.expand %42 : tensor<1x7xf32> to tensor<5x7xf32>
  %44 = tg.reshape %43 : tensor<5x7xf32> to tensor<35xf32>
  %45 = tg.shrink %44 begin [0] end [32] : tensor<35xf32> -> tensor<32xf32>
  %46 = tg.reshape %45 : tensor<32xf32> to tensor<4x8xf32>
  %47 = tg.shrink %46 begin [0, 0] end [4, 4] : tensor<4x8xf32> -> tensor<4x4xf32>
  %48 = tg.reshape %47 : tensor<4x4xf32> to tensor<4x4x1xf32>
  %49 = tg.reshape %48 : tensor<4x4x1xf32> to tensor<4x4xf32>
  %50 = tg.permute %49 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %51 = tg.permute %50 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %52 = tg.reduce max %51 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %53 = tg.reshape %52 : tensor<1x4xf32> to tensor<4xf32>
  %54 = tg.shrink %53 begin [0] end [3] : tensor<4xf32> -> tensor<3xf32>
  %55 = tg.pad %54 low [1] high [0] : tensor<3xf32> -> tensor<4xf32>
  %56 = tg.const 0xFF800000 : tensor<4xf32>
  %57 = tg.where %31, %55, %56 : tensor<4xf32>
  %58 = tg.reshape %57 : tensor<4xf32> to tensor<4x1xf32>
  %59 = tg.expand %58 : tensor<4x1xf32> to tensor<4x256xf32>
  %60 = tg.max %28, %59 : tensor<4x256xf32>
  %61 = tg.reshape %60 : tensor<4x256xf32> to tensor<1024xf32>
  %62 = tg.shrink %61 begin [2] end [1024] : tensor<1024xf32> -> tensor<1022xf32>
  return %62 : tensor<1022xf32>
}

// -----

// test: TestSchedule.test_shrink_fuse
// tinygrad: a = Tensor.empty(8192, 16); b = Tensor.empty(8192, 16); c = a * b; d = Tensor.empty(1, 16); e = c[0] * d, check_schedule(e, 1)
// CHECK-LABEL: func @test_shrink_fuse_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_shrink_fuse_0(%arg0: tensor<8192x16xf32>, %arg1: tensor<8192x16xf32>, %arg2: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %0 = tg.mul %arg0, %arg1 : tensor<8192x16xf32>
  %1 = tg.shrink %0 begin [0, 0] end [1, 16] : tensor<8192x16xf32> -> tensor<1x16xf32>
  %2 = tg.reshape %1 : tensor<1x16xf32> to tensor<16xf32>
  %3 = tg.reshape %2 : tensor<16xf32> to tensor<1x16xf32>
  %4 = tg.expand %3 : tensor<1x16xf32> to tensor<1x16xf32>
  %5 = tg.mul %4, %arg2 : tensor<1x16xf32>
  return %5 : tensor<1x16xf32>
}

// -----

// test: TestSchedule.test_reduce_shrink
// tinygrad: x = Tensor.empty(32, 32); y = Tensor.empty(16); x = x.sum(1); x = x[:16]; out = x + y, check_schedule(out, 1)
// CHECK-LABEL: func @test_reduce_shrink_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_shrink_0(%arg0: tensor<32x32xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x32xf32> -> tensor<1x32xf32>
  %2 = tg.reshape %1 : tensor<1x32xf32> to tensor<32xf32>
  %3 = tg.shrink %2 begin [0] end [16] : tensor<32xf32> -> tensor<16xf32>
  %4 = tg.add %3, %arg1 : tensor<16xf32>
  return %4 : tensor<16xf32>
}

// -----

// test: TestSchedule.test_reduce_shrink_child
// tinygrad: a = Tensor.empty(100, 100); b = Tensor.empty(10,); c = a.sum() + b[0]; d = a.sum() + 2, check_schedule([c, d], 2)
// CHECK-LABEL: func @test_reduce_shrink_child_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_shrink_child_0(%arg0: tensor<100x100xf32>, %arg1: tensor<10xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<100x100xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.shrink %arg1 begin [0] end [1] : tensor<10xf32> -> tensor<1xf32>
  %3 = tg.reshape %2 : tensor<1xf32> to tensor<f32>
  %4 = tg.add %1, %3 : tensor<f32>
  %5 = tg.const 2.0 : tensor<f32>
  %6 = tg.add %1, %5 : tensor<f32>
  return %4, %6 : tensor<f32>, tensor<f32>
}

// -----

// test: TestSchedule.test_reduce_multiple_paths_midshrink
// tinygrad: a = Tensor.empty(4, 4); r = a.sum(axis=1); out0 = r.exp2(); out1 = out0[0] + out0, check_schedule([r, out0, out1], 3)
// CHECK-LABEL: func @test_reduce_multiple_paths_midshrink_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_multiple_paths_midshrink_0(%arg0: tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.exp2 %2 : tensor<4xf32>
  %4 = tg.shrink %3 begin [0] end [1] : tensor<4xf32> -> tensor<1xf32>
  %5 = tg.reshape %4 : tensor<1xf32> to tensor<f32>
  %6 = tg.reshape %5 : tensor<f32> to tensor<1xf32>
  %7 = tg.expand %6 : tensor<1xf32> to tensor<4xf32>
  %8 = tg.add %7, %3 : tensor<4xf32>
  return %2, %3, %8 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// test: TestSchedule.test_reduce_shrink_output
// tinygrad: a = Tensor.empty(4, 4); r = a.sum(keepdim=True); out0 = r.exp2(); out1 = out0[0] + Tensor.empty(1, ), check_schedule([r, out0, out1], 3)
// CHECK-LABEL: func @test_reduce_shrink_output_0(
// CHECK-COUNT-3: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_reduce_shrink_output_0(%arg0: tensor<4x4xf32>, %arg1: tensor<1xf32>) -> (tensor<1x1xf32>, tensor<1x1xf32>, tensor<1xf32>) {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4xf32> -> tensor<1x1xf32>
  %1 = tg.reshape %0 : tensor<1x1xf32> to tensor<f32>
  %2 = tg.reshape %1 : tensor<f32> to tensor<1x1xf32>
  %3 = tg.exp2 %2 : tensor<1x1xf32>
  %4 = tg.reshape %3 : tensor<1x1xf32> to tensor<1xf32>
  %5 = tg.add %4, %arg1 : tensor<1xf32>
  return %2, %3, %5 : tensor<1x1xf32>, tensor<1x1xf32>, tensor<1xf32>
}

// -----

// test: TestSchedule.test_push_shrink_chase
// tinygrad: a = Tensor.empty(16, 16); b = Tensor.empty(4); c = Tensor.empty(16, ); r = a.sum(1) + c; d = r[:4] * b, check_schedule(d, 1)
// CHECK-LABEL: func @test_push_shrink_chase_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_push_shrink_chase_0(%arg0: tensor<16x16xf32>, %arg1: tensor<4xf32>, %arg2: tensor<16xf32>) -> tensor<4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = tg.reduce add %0 [0] : tensor<16x16xf32> -> tensor<1x16xf32>
  %2 = tg.reshape %1 : tensor<1x16xf32> to tensor<16xf32>
  %3 = tg.add %2, %arg2 : tensor<16xf32>
  %4 = tg.shrink %3 begin [0] end [4] : tensor<16xf32> -> tensor<4xf32>
  %5 = tg.mul %4, %arg1 : tensor<4xf32>
  return %5 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_advanced_simple_indexing_combined
// tinygrad: X = Tensor.arange(16).reshape(4, 4); xt = X[1:2, [-1, 2]], check_schedule(xt, 1)
// CHECK-LABEL: func @test_advanced_simple_indexing_combined_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_advanced_simple_indexing_combined_0(%arg0: tensor<2xi32>) -> tensor<1x2xi32> {
  %0 = tg.copy %arg0 to "CPU" : tensor<2xi32>
  %1 = tg.reshape %0 : tensor<2xi32> to tensor<2x1xi32>
  %2 = tg.reshape %1 : tensor<2x1xi32> to tensor<2xi32>
  %3 = tg.reshape %2 : tensor<2xi32> to tensor<1x1x2xi32>
  %4 = tg.expand %3 : tensor<1x1x2xi32> to tensor<1x4x2xi32>
  %5 = tg.permute %4 [0, 2, 1] : tensor<1x4x2xi32> -> tensor<1x2x4xi32>
  %6 = tg.const 1 : tensor<i32>
  %7 = tg.reshape %6 : tensor<i32> to tensor<1xi32>
  %8 = tg.reshape %7 : tensor<1xi32> to tensor<i32>
  %9 = tg.reshape %8 : tensor<i32> to tensor<1xi32>
  %10 = tg.expand %9 : tensor<1xi32> to tensor<4xi32>
  %11 = tg.pad %10 low [3] high [0] : tensor<4xi32> -> tensor<7xi32>
  %12 = tg.reshape %11 : tensor<7xi32> to tensor<1x7xi32>
  %13 = tg.reshape %12 : tensor<1x7xi32> to tensor<7xi32>
  %14 = tg.reshape %13 : tensor<7xi32> to tensor<1x7xi32>
  %15 = tg.expand %14 : tensor<1x7xi32> to tensor<5x7xi32>
  %16 = tg.reshape %15 : tensor<5x7xi32> to tensor<35xi32>
  %17 = tg.shrink %16 begin [0] end [32] : tensor<35xi32> -> tensor<32xi32>
  %18 = tg.reshape %17 : tensor<32xi32> to tensor<4x8xi32>
  %19 = tg.shrink %18 begin [0, 0] end [4, 4] : tensor<4x8xi32> -> tensor<4x4xi32>
  %20 = tg.reshape %19 : tensor<4x4xi32> to tensor<4x4x1xi32>
  %21 = tg.reshape %20 : tensor<4x4x1xi32> to tensor<4x4xi32>
  %22 = tg.permute %21 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %23 = tg.permute %22 [1, 0] : tensor<4x4xi32> -> tensor<4x4xi32>
  %24 = tg.reduce add %23 [0] : tensor<4x4xi32> -> tensor<1x4xi32>
  %25 = tg.reshape %24 : tensor<1x4xi32> to tensor<4xi32>
  %26 = tg.const -1 : tensor<4xi32>
  %27 = tg.add %25, %26 : tensor<4xi32>
  %28 = tg.reshape %27 : tensor<4xi32> to tensor<1x1x4xi32>
  %29 = tg.expand %28 : tensor<1x1x4xi32> to tensor<1x2x4xi32>
  %30 = tg.cmpne %5, %29 : tensor<1x2x4xi32>
  %31 = tg.const true : tensor<1x2x4xi1>
  %32 = tg.cmpne %30, %31 : tensor<1x2x4xi1>
  %33 = tg.reshape %8 : tensor<i32> to tensor<1xi32>
  %34 = tg.expand %33 : tensor<1xi32> to tensor<16xi32>
  %35 = tg.pad %34 low [15] high [0] : tensor<16xi32> -> tensor<31xi32>
  %36 = tg.reshape %35 : tensor<31xi32> to tensor<1x31xi32>
  %37 = tg.reshape %36 : tensor<1x31xi32> to tensor<31xi32>
  %38 = tg.reshape %37 : tensor<31xi32> to tensor<1x31xi32>
  %39 = tg.expand %38 : tensor<1x31xi32> to tensor<17x31xi32>
  %40 = tg.reshape %39 : tensor<17x31xi32> to tensor<527xi32>
  %41 = tg.shrink %40 begin [0] end [512] : tensor<527xi32> -> tensor<512xi32>
  %42 = tg.reshape %41 : tensor<512xi32> to tensor<16x32xi32>
  %43 = tg.shrink %42 begin [0, 0] end [16, 16] : tensor<16x32xi32> -> tensor<16x16xi32>
  %44 = tg.reshape %43 : tensor<16x16xi32> to tensor<16x16x1xi32>
  %45 = tg.reshape %44 : tensor<16x16x1xi32> to tensor<16x16xi32>
  %46 = tg.permute %45 [1, 0] : tensor<16x16xi32> -> tensor<16x16xi32>
  %47 = tg.permute %46 [1, 0] : tensor<16x16xi32> -> tensor<16x16xi32>
  %48 = tg.reduce add %47 [0] : tensor<16x16xi32> -> tensor<1x16xi32>
  %49 = tg.reshape %48 : tensor<1x16xi32> to tensor<16xi32>
  %50 = tg.const -1 : tensor<16xi32>
  %51 = tg.add %49, %50 : tensor<16xi32>
  %52 = tg.reshape %51 : tensor<16xi32> to tensor<4x4xi32>
  %53 = tg.shrink %52 begin [1, 0] end [2, 4] : tensor<4x4xi32> -> tensor<1x4xi32>
  %54 = tg.reshape %53 : tensor<1x4xi32> to tensor<1x1x4xi32>
  %55 = tg.expand %54 : tensor<1x1x4xi32> to tensor<1x2x4xi32>
  %56 = tg.const 0 : tensor<1x2x4xi32>
  %57 = tg.where %32, %55, %56 : tensor<1x2x4xi32>
  %58 = tg.permute %57 [2, 0, 1] : tensor<1x2x4xi32> -> tensor<4x1x2xi32>
  %59 = tg.reduce add %58 [0] : tensor<4x1x2xi32> -> tensor<1x1x2xi32>
  %60 = tg.reshape %59 : tensor<1x1x2xi32> to tensor<1x2xi32>
  return %60 : tensor<1x2xi32>
}

// -----

// test: TestSchedule.test_arange_index_shrink
// tinygrad: Tensor.manual_seed(0); with Context(TRACK_MATCH_STATS=0): x = Tensor.randn(11).realize(); a = Tensor.arange(22); out = (x + a[:11]).sum(), check_schedule(out, 1)
// CHECK-LABEL: func @test_arange_index_shrink_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_arange_index_shrink_0(%arg0: tensor<11xf32>) -> tensor<f32> {
  %0 = tg.const 1 : tensor<i32>
  %1 = tg.reshape %0 : tensor<i32> to tensor<1xi32>
  %2 = tg.reshape %1 : tensor<1xi32> to tensor<i32>
  %3 = tg.reshape %2 : tensor<i32> to tensor<1xi32>
  %4 = tg.expand %3 : tensor<1xi32> to tensor<22xi32>
  %5 = tg.pad %4 low [21] high [0] : tensor<22xi32> -> tensor<43xi32>
  %6 = tg.reshape %5 : tensor<43xi32> to tensor<1x43xi32>
  %7 = tg.reshape %6 : tensor<1x43xi32> to tensor<43xi32>
  %8 = tg.reshape %7 : tensor<43xi32> to tensor<1x43xi32>
  %9 = tg.expand %8 : tensor<1x43xi32> to tensor<23x43xi32>
  %10 = tg.reshape %9 : tensor<23x43xi32> to tensor<989xi32>
  %11 = tg.shrink %10 begin [0] end [968] : tensor<989xi32> -> tensor<968xi32>
  %12 = tg.reshape %11 : tensor<968xi32> to tensor<22x44xi32>
  %13 = tg.shrink %12 begin [0, 0] end [22, 22] : tensor<22x44xi32> -> tensor<22x22xi32>
  %14 = tg.reshape %13 : tensor<22x22xi32> to tensor<22x22x1xi32>
  %15 = tg.reshape %14 : tensor<22x22x1xi32> to tensor<22x22xi32>
  %16 = tg.permute %15 [1, 0] : tensor<22x22xi32> -> tensor<22x22xi32>
  %17 = tg.permute %16 [1, 0] : tensor<22x22xi32> -> tensor<22x22xi32>
  %18 = tg.reduce add %17 [0] : tensor<22x22xi32> -> tensor<1x22xi32>
  %19 = tg.reshape %18 : tensor<1x22xi32> to tensor<22xi32>
  %20 = tg.const -1 : tensor<22xi32>
  %21 = tg.add %19, %20 : tensor<22xi32>
  %22 = tg.shrink %21 begin [0] end [11] : tensor<22xi32> -> tensor<11xi32>
  %23 = tg.cast %22 : tensor<11xi32> to tensor<11xf32>
  %24 = tg.add %arg0, %23 : tensor<11xf32>
  %25 = tg.reduce add %24 [0] : tensor<11xf32> -> tensor<1xf32>
  %26 = tg.reshape %25 : tensor<1xf32> to tensor<f32>
  return %26 : tensor<f32>
}

// -----

// test: TestSchedule.test_fuse_arange_avg_pool2d_ceil_mode
// tinygrad: x = Tensor.avg_pool2d(Tensor.empty(1,1,6,6), kernel_size=(3,3), padding=1, stride=3, ceil_mode=True), check_schedule(x, 1)
// CHECK-LABEL: func @test_fuse_arange_avg_pool2d_ceil_mode_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_fuse_arange_avg_pool2d_ceil_mode_0(%arg0: tensor<1x1x6x6xf32>) -> tensor<1x1x3x3xf32> {
  %0 = tg.pad %arg0 low [0, 0, 1, 1] high [0, 0, 2, 2] : tensor<1x1x6x6xf32> -> tensor<1x1x9x9xf32>
  %1 = tg.reshape %0 : tensor<1x1x9x9xf32> to tensor<1x1x1x9x1x9xf32>
  %2 = tg.reshape %1 : tensor<1x1x1x9x1x9xf32> to tensor<1x1x9x9xf32>
  %3 = tg.reshape %2 : tensor<1x1x9x9xf32> to tensor<1x1x1x1x9x9xf32>
  %4 = tg.expand %3 : tensor<1x1x1x1x9x9xf32> to tensor<4x4x1x1x9x9xf32>
  %5 = tg.permute %4 [2, 3, 0, 4, 1, 5] : tensor<4x4x1x1x9x9xf32> -> tensor<1x1x4x9x4x9xf32>
  %6 = tg.reshape %5 : tensor<1x1x4x9x4x9xf32> to tensor<1x1x36x36xf32>
  %7 = tg.shrink %6 begin [0, 0, 0, 0] end [1, 1, 30, 30] : tensor<1x1x36x36xf32> -> tensor<1x1x30x30xf32>
  %8 = tg.reshape %7 : tensor<1x1x30x30xf32> to tensor<1x1x3x10x3x10xf32>
  %9 = tg.shrink %8 begin [0, 0, 0, 0, 0, 0] end [1, 1, 3, 9, 3, 9] : tensor<1x1x3x10x3x10xf32> -> tensor<1x1x3x9x3x9xf32>
  %10 = tg.reshape %9 : tensor<1x1x3x9x3x9xf32> to tensor<1x1x3x3x3x3x3x3xf32>
  %11 = tg.shrink %10 begin [0, 0, 0, 0, 0, 0, 0, 0] end [1, 1, 3, 3, 1, 3, 3, 1] : tensor<1x1x3x3x3x3x3x3xf32> -> tensor<1x1x3x3x1x3x3x1xf32>
  %12 = tg.reshape %11 : tensor<1x1x3x3x1x3x3x1xf32> to tensor<1x1x3x3x3x3xf32>
  %13 = tg.permute %12 [0, 1, 3, 5, 2, 4] : tensor<1x1x3x3x3x3xf32> -> tensor<1x1x3x3x3x3xf32>
  %14 = tg.permute %13 [4, 5, 0, 1, 2, 3] : tensor<1x1x3x3x3x3xf32> -> tensor<3x3x1x1x3x3xf32>
  %15 = tg.reduce add %14 [0, 1] : tensor<3x3x1x1x3x3xf32> -> tensor<1x1x1x1x3x3xf32>
  %16 = tg.reshape %15 : tensor<1x1x1x1x3x3xf32> to tensor<1x1x3x3xf32>
  %17 = tg.const 1.0 : tensor<f32>
  %18 = tg.reshape %17 : tensor<f32> to tensor<1x1x1x1xf32>
  %19 = tg.expand %18 : tensor<1x1x1x1xf32> to tensor<1x1x8x8xf32>
  %20 = tg.pad %19 low [0, 0, 0, 0] high [0, 0, 1, 1] : tensor<1x1x8x8xf32> -> tensor<1x1x9x9xf32>
  %21 = tg.reshape %20 : tensor<1x1x9x9xf32> to tensor<1x1x1x9x1x9xf32>
  %22 = tg.reshape %21 : tensor<1x1x1x9x1x9xf32> to tensor<1x1x9x9xf32>
  %23 = tg.reshape %22 : tensor<1x1x9x9xf32> to tensor<1x1x1x1x9x9xf32>
  %24 = tg.expand %23 : tensor<1x1x1x1x9x9xf32> to tensor<4x4x1x1x9x9xf32>
  %25 = tg.permute %24 [2, 3, 0, 4, 1, 5] : tensor<4x4x1x1x9x9xf32> -> tensor<1x1x4x9x4x9xf32>
  %26 = tg.reshape %25 : tensor<1x1x4x9x4x9xf32> to tensor<1x1x36x36xf32>
  %27 = tg.shrink %26 begin [0, 0, 0, 0] end [1, 1, 30, 30] : tensor<1x1x36x36xf32> -> tensor<1x1x30x30xf32>
  %28 = tg.reshape %27 : tensor<1x1x30x30xf32> to tensor<1x1x3x10x3x10xf32>
  %29 = tg.shrink %28 begin [0, 0, 0, 0, 0, 0] end [1, 1, 3, 9, 3, 9] : tensor<1x1x3x10x3x10xf32> -> tensor<1x1x3x9x3x9xf32>
  %30 = tg.reshape %29 : tensor<1x1x3x9x3x9xf32> to tensor<1x1x3x3x3x3x3x3xf32>
  %31 = tg.shrink %30 begin [0, 0, 0, 0, 0, 0, 0, 0] end [1, 1, 3, 3, 1, 3, 3, 1] : tensor<1x1x3x3x3x3x3x3xf32> -> tensor<1x1x3x3x1x3x3x1xf32>
  %32 = tg.reshape %31 : tensor<1x1x3x3x1x3x3x1xf32> to tensor<1x1x3x3x3x3xf32>
  %33 = tg.permute %32 [0, 1, 3, 5, 2, 4] : tensor<1x1x3x3x3x3xf32> -> tensor<1x1x3x3x3x3xf32>
  %34 = tg.permute %33 [4, 5, 0, 1, 2, 3] : tensor<1x1x3x3x3x3xf32> -> tensor<3x3x1x1x3x3xf32>
  %35 = tg.reduce add %34 [0, 1] : tensor<3x3x1x1x3x3xf32> -> tensor<1x1x1x1x3x3xf32>
  %36 = tg.reshape %35 : tensor<1x1x1x1x3x3xf32> to tensor<1x1x3x3xf32>
  %37 = tg.reciprocal %36 : tensor<1x1x3x3xf32>
  %38 = tg.mul %16, %37 : tensor<1x1x3x3xf32>
  return %38 : tensor<1x1x3x3xf32>
}

// -----

// test: TestSchedule.test_fuse_arange_pad_circular_mode_bw
// tinygrad: x = Tensor.empty(1,1,5,5,5); out = x.pad((1,2,3,5,1,2), mode="circular"); g = out.sum().gradient(x)[0].clone(), check_schedule(g, 1)
// CHECK-LABEL: func @test_fuse_arange_pad_circular_mode_bw_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_fuse_arange_pad_circular_mode_bw_0(%arg0: tensor<1x1x5x5x5xf32>) -> tensor<1x1x5x5x5xf32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1x1xf32>
  %2 = tg.reshape %1 : tensor<1x1xf32> to tensor<1x1x1x1x1xf32>
  %3 = tg.expand %2 : tensor<1x1x1x1x1xf32> to tensor<8x13x8x1x1xf32>
  %4 = tg.permute %3 [3, 4, 0, 1, 2] : tensor<8x13x8x1x1xf32> -> tensor<1x1x8x13x8xf32>
  %5 = tg.pad %4 low [0, 0, 4, 2, 4] high [0, 0, 3, 0, 3] : tensor<1x1x8x13x8xf32> -> tensor<1x1x15x15x15xf32>
  %6 = tg.reshape %5 : tensor<1x1x15x15x15xf32> to tensor<1x1x3x5x3x5x3x5xf32>
  %7 = tg.permute %6 [2, 4, 6, 0, 1, 3, 5, 7] : tensor<1x1x3x5x3x5x3x5xf32> -> tensor<3x3x3x1x1x5x5x5xf32>
  %8 = tg.reduce add %7 [0, 1, 2] : tensor<3x3x3x1x1x5x5x5xf32> -> tensor<1x1x1x1x1x5x5x5xf32>
  %9 = tg.reshape %8 : tensor<1x1x1x1x1x5x5x5xf32> to tensor<1x1x5x5x5xf32>
  %10 = tg.reshape %9 : tensor<1x1x5x5x5xf32> to tensor<1x1x1x5x1x5x1x5xf32>
  %11 = tg.reshape %10 : tensor<1x1x1x5x1x5x1x5xf32> to tensor<1x1x5x5x5xf32>
  %12 = tg.assign %arg0, %11 : tensor<1x1x5x5x5xf32>
  return %12 : tensor<1x1x5x5x5xf32>
}

// -----

// test: TestFusionOp.test_recursive_pad
// tinygrad: val = 1.0; a = Tensor(val); for _ in range(24): a = Tensor.stack(a, a)[0], check_schedule(a, 0)
// note: STACK (Tensor.stack/cat) written as reshape+pad+add per slice
// note: tinygrad 0, ours 1: a function result is always a buffer in our executables, so this constant result is filled by a kernel without inputs; tinygrad stores nothing for a value without a device (KERNELIZE-PORT.md, C2)
// CHECK-LABEL: func @test_recursive_pad_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_recursive_pad_0() -> tensor<f32> {
  %0 = tg.const 1.0 : tensor<f32>
  %1 = tg.reshape %0 : tensor<f32> to tensor<1xf32>
  %2 = tg.pad %1 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %3 = tg.reshape %0 : tensor<f32> to tensor<1xf32>
  %4 = tg.pad %3 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %5 = tg.add %2, %4 : tensor<2xf32>
  %6 = tg.shrink %5 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %7 = tg.reshape %6 : tensor<1xf32> to tensor<f32>
  %8 = tg.reshape %7 : tensor<f32> to tensor<1xf32>
  %9 = tg.pad %8 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %10 = tg.reshape %7 : tensor<f32> to tensor<1xf32>
  %11 = tg.pad %10 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %12 = tg.add %9, %11 : tensor<2xf32>
  %13 = tg.shrink %12 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %14 = tg.reshape %13 : tensor<1xf32> to tensor<f32>
  %15 = tg.reshape %14 : tensor<f32> to tensor<1xf32>
  %16 = tg.pad %15 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %17 = tg.reshape %14 : tensor<f32> to tensor<1xf32>
  %18 = tg.pad %17 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %19 = tg.add %16, %18 : tensor<2xf32>
  %20 = tg.shrink %19 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %21 = tg.reshape %20 : tensor<1xf32> to tensor<f32>
  %22 = tg.reshape %21 : tensor<f32> to tensor<1xf32>
  %23 = tg.pad %22 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %24 = tg.reshape %21 : tensor<f32> to tensor<1xf32>
  %25 = tg.pad %24 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %26 = tg.add %23, %25 : tensor<2xf32>
  %27 = tg.shrink %26 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %28 = tg.reshape %27 : tensor<1xf32> to tensor<f32>
  %29 = tg.reshape %28 : tensor<f32> to tensor<1xf32>
  %30 = tg.pad %29 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %31 = tg.reshape %28 : tensor<f32> to tensor<1xf32>
  %32 = tg.pad %31 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %33 = tg.add %30, %32 : tensor<2xf32>
  %34 = tg.shrink %33 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %35 = tg.reshape %34 : tensor<1xf32> to tensor<f32>
  %36 = tg.reshape %35 : tensor<f32> to tensor<1xf32>
  %37 = tg.pad %36 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %38 = tg.reshape %35 : tensor<f32> to tensor<1xf32>
  %39 = tg.pad %38 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %40 = tg.add %37, %39 : tensor<2xf32>
  %41 = tg.shrink %40 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %42 = tg.reshape %41 : tensor<1xf32> to tensor<f32>
  %43 = tg.reshape %42 : tensor<f32> to tensor<1xf32>
  %44 = tg.pad %43 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %45 = tg.reshape %42 : tensor<f32> to tensor<1xf32>
  %46 = tg.pad %45 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %47 = tg.add %44, %46 : tensor<2xf32>
  %48 = tg.shrink %47 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %49 = tg.reshape %48 : tensor<1xf32> to tensor<f32>
  %50 = tg.reshape %49 : tensor<f32> to tensor<1xf32>
  %51 = tg.pad %50 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %52 = tg.reshape %49 : tensor<f32> to tensor<1xf32>
  %53 = tg.pad %52 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %54 = tg.add %51, %53 : tensor<2xf32>
  %55 = tg.shrink %54 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %56 = tg.reshape %55 : tensor<1xf32> to tensor<f32>
  %57 = tg.reshape %56 : tensor<f32> to tensor<1xf32>
  %58 = tg.pad %57 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %59 = tg.reshape %56 : tensor<f32> to tensor<1xf32>
  %60 = tg.pad %59 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %61 = tg.add %58, %60 : tensor<2xf32>
  %62 = tg.shrink %61 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %63 = tg.reshape %62 : tensor<1xf32> to tensor<f32>
  %64 = tg.reshape %63 : tensor<f32> to tensor<1xf32>
  %65 = tg.pad %64 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %66 = tg.reshape %63 : tensor<f32> to tensor<1xf32>
  %67 = tg.pad %66 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %68 = tg.add %65, %67 : tensor<2xf32>
  %69 = tg.shrink %68 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %70 = tg.reshape %69 : tensor<1xf32> to tensor<f32>
  %71 = tg.reshape %70 : tensor<f32> to tensor<1xf32>
  %72 = tg.pad %71 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %73 = tg.reshape %70 : tensor<f32> to tensor<1xf32>
  %74 = tg.pad %73 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %75 = tg.add %72, %74 : tensor<2xf32>
  %76 = tg.shrink %75 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %77 = tg.reshape %76 : tensor<1xf32> to tensor<f32>
  %78 = tg.reshape %77 : tensor<f32> to tensor<1xf32>
  %79 = tg.pad %78 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %80 = tg.reshape %77 : tensor<f32> to tensor<1xf32>
  %81 = tg.pad %80 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %82 = tg.add %79, %81 : tensor<2xf32>
  %83 = tg.shrink %82 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %84 = tg.reshape %83 : tensor<1xf32> to tensor<f32>
  %85 = tg.reshape %84 : tensor<f32> to tensor<1xf32>
  %86 = tg.pad %85 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %87 = tg.reshape %84 : tensor<f32> to tensor<1xf32>
  %88 = tg.pad %87 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %89 = tg.add %86, %88 : tensor<2xf32>
  %90 = tg.shrink %89 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %91 = tg.reshape %90 : tensor<1xf32> to tensor<f32>
  %92 = tg.reshape %91 : tensor<f32> to tensor<1xf32>
  %93 = tg.pad %92 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %94 = tg.reshape %91 : tensor<f32> to tensor<1xf32>
  %95 = tg.pad %94 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %96 = tg.add %93, %95 : tensor<2xf32>
  %97 = tg.shrink %96 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %98 = tg.reshape %97 : tensor<1xf32> to tensor<f32>
  %99 = tg.reshape %98 : tensor<f32> to tensor<1xf32>
  %100 = tg.pad %99 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %101 = tg.reshape %98 : tensor<f32> to tensor<1xf32>
  %102 = tg.pad %101 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %103 = tg.add %100, %102 : tensor<2xf32>
  %104 = tg.shrink %103 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %105 = tg.reshape %104 : tensor<1xf32> to tensor<f32>
  %106 = tg.reshape %105 : tensor<f32> to tensor<1xf32>
  %107 = tg.pad %106 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %108 = tg.reshape %105 : tensor<f32> to tensor<1xf32>
  %109 = tg.pad %108 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %110 = tg.add %107, %109 : tensor<2xf32>
  %111 = tg.shrink %110 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %112 = tg.reshape %111 : tensor<1xf32> to tensor<f32>
  %113 = tg.reshape %112 : tensor<f32> to tensor<1xf32>
  %114 = tg.pad %113 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %115 = tg.reshape %112 : tensor<f32> to tensor<1xf32>
  %116 = tg.pad %115 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %117 = tg.add %114, %116 : tensor<2xf32>
  %118 = tg.shrink %117 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %119 = tg.reshape %118 : tensor<1xf32> to tensor<f32>
  %120 = tg.reshape %119 : tensor<f32> to tensor<1xf32>
  %121 = tg.pad %120 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %122 = tg.reshape %119 : tensor<f32> to tensor<1xf32>
  %123 = tg.pad %122 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %124 = tg.add %121, %123 : tensor<2xf32>
  %125 = tg.shrink %124 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %126 = tg.reshape %125 : tensor<1xf32> to tensor<f32>
  %127 = tg.reshape %126 : tensor<f32> to tensor<1xf32>
  %128 = tg.pad %127 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %129 = tg.reshape %126 : tensor<f32> to tensor<1xf32>
  %130 = tg.pad %129 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %131 = tg.add %128, %130 : tensor<2xf32>
  %132 = tg.shrink %131 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %133 = tg.reshape %132 : tensor<1xf32> to tensor<f32>
  %134 = tg.reshape %133 : tensor<f32> to tensor<1xf32>
  %135 = tg.pad %134 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %136 = tg.reshape %133 : tensor<f32> to tensor<1xf32>
  %137 = tg.pad %136 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %138 = tg.add %135, %137 : tensor<2xf32>
  %139 = tg.shrink %138 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %140 = tg.reshape %139 : tensor<1xf32> to tensor<f32>
  %141 = tg.reshape %140 : tensor<f32> to tensor<1xf32>
  %142 = tg.pad %141 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %143 = tg.reshape %140 : tensor<f32> to tensor<1xf32>
  %144 = tg.pad %143 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %145 = tg.add %142, %144 : tensor<2xf32>
  %146 = tg.shrink %145 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %147 = tg.reshape %146 : tensor<1xf32> to tensor<f32>
  %148 = tg.reshape %147 : tensor<f32> to tensor<1xf32>
  %149 = tg.pad %148 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %150 = tg.reshape %147 : tensor<f32> to tensor<1xf32>
  %151 = tg.pad %150 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %152 = tg.add %149, %151 : tensor<2xf32>
  %153 = tg.shrink %152 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %154 = tg.reshape %153 : tensor<1xf32> to tensor<f32>
  %155 = tg.reshape %154 : tensor<f32> to tensor<1xf32>
  %156 = tg.pad %155 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %157 = tg.reshape %154 : tensor<f32> to tensor<1xf32>
  %158 = tg.pad %157 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %159 = tg.add %156, %158 : tensor<2xf32>
  %160 = tg.shrink %159 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %161 = tg.reshape %160 : tensor<1xf32> to tensor<f32>
  %162 = tg.reshape %161 : tensor<f32> to tensor<1xf32>
  %163 = tg.pad %162 low [0] high [1] : tensor<1xf32> -> tensor<2xf32>
  %164 = tg.reshape %161 : tensor<f32> to tensor<1xf32>
  %165 = tg.pad %164 low [1] high [0] : tensor<1xf32> -> tensor<2xf32>
  %166 = tg.add %163, %165 : tensor<2xf32>
  %167 = tg.shrink %166 begin [0] end [1] : tensor<2xf32> -> tensor<1xf32>
  %168 = tg.reshape %167 : tensor<1xf32> to tensor<f32>
  return %168 : tensor<f32>
}
