// RUN: tg-opt %s --split-input-file --tg-kernelize | FileCheck %s

// Ported from tinygrad test/null/test_schedule.py: elementwise fusion: binop/unary chains, casts, permutes and reshapes (TestSchedule, TestFusionOp).
// Generated from tinygrad's own tensor graphs: every check_schedule(t, n) call was recorded while tinygrad ran
// the test (DEV=NULL) and the tensors' UOp graphs, taken before scheduling, were translated op by op to tg IR
// (buffers, realized or empty, are function arguments; CONST a tg.const of the shape its use needs; EXPAND a
// reshape + tg.expand; REDUCE a tg.reduce over the leading axes + reshape; STORE+AFTER tg.assign).
// Each case checks that tg-kernelize makes tinygrad's kernel count, except where a `// note:` says why ours
// differs on purpose (and checks ours). See KERNELIZE-PORT.md.

// test: TestSchedule.test_expand_buffer_before_cast
// tinygrad: a = Tensor.zeros(4, 2, 1).realize().permute((1, 0, 2)); b = a.cast(dtypes.half).expand((2, 4, 4))+2, check_schedule(b, 1)
// CHECK-LABEL: func @test_expand_buffer_before_cast_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_expand_buffer_before_cast_0(%arg0: tensor<4x2x1xf32>) -> tensor<2x4x4xf16> {
  %0 = tg.permute %arg0 [1, 0, 2] : tensor<4x2x1xf32> -> tensor<2x4x1xf32>
  %1 = tg.cast %0 : tensor<2x4x1xf32> to tensor<2x4x1xf16>
  %2 = tg.reshape %1 : tensor<2x4x1xf16> to tensor<2x4xf16>
  %3 = tg.reshape %2 : tensor<2x4xf16> to tensor<1x2x4xf16>
  %4 = tg.expand %3 : tensor<1x2x4xf16> to tensor<4x2x4xf16>
  %5 = tg.permute %4 [1, 2, 0] : tensor<4x2x4xf16> -> tensor<2x4x4xf16>
  %6 = tg.const 2.0 : tensor<2x4x4xf16>
  %7 = tg.add %5, %6 : tensor<2x4x4xf16>
  return %7 : tensor<2x4x4xf16>
}

// -----

// test: TestSchedule.test_allow_push_permutes
// tinygrad: a = Tensor.empty(10,10,10).realize(); b = Tensor.empty(10,10,1).realize(); c = a.sum(axis=0, keepdim=True).permute(2,1,0) + b, check_schedule(c, 1)
// CHECK-LABEL: func @test_allow_push_permutes_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_allow_push_permutes_0(%arg0: tensor<10x10x10xf32>, %arg1: tensor<10x10x1xf32>) -> tensor<10x10x1xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<10x10x10xf32> -> tensor<1x10x10xf32>
  %1 = tg.reshape %0 : tensor<1x10x10xf32> to tensor<10x10xf32>
  %2 = tg.reshape %1 : tensor<10x10xf32> to tensor<1x10x10xf32>
  %3 = tg.permute %2 [2, 1, 0] : tensor<1x10x10xf32> -> tensor<10x10x1xf32>
  %4 = tg.add %3, %arg1 : tensor<10x10x1xf32>
  return %4 : tensor<10x10x1xf32>
}

// -----

// test: TestSchedule.test_div_collapse_buffer
// tinygrad: a = Tensor.full((4,), 4.0).contiguous().realize(); b = Tensor.full((4,), 2.0).contiguous().realize(); expr = (a*b)/b, check_schedule(expr, 1)
// CHECK-LABEL: func @test_div_collapse_buffer_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_div_collapse_buffer_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.mul %arg0, %arg1 : tensor<4xf32>
  %1 = tg.reciprocal %arg1 : tensor<4xf32>
  %2 = tg.mul %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_div_collapse_const
// tinygrad: a = Tensor.full((4,), 4.0).contiguous().realize(); expr = a/a, check_schedule(expr, 1)
// CHECK-LABEL: func @test_div_collapse_const_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_div_collapse_const_0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.reciprocal %arg0 : tensor<4xf32>
  %1 = tg.mul %arg0, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_div_collapse
// tinygrad: a = Tensor.full((4,), 1.0).contiguous().realize(); b = Tensor.full((4,), 2.0).contiguous().realize(); c = Tensor.full((4,), 3.0).contiguous().realize(); expr = (a/b)/c; expr.realize(), assert_kernel_count(1)
// note: ported from assert_kernel_count after realize
// CHECK-LABEL: func @test_div_collapse_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_div_collapse_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.reciprocal %arg1 : tensor<4xf32>
  %1 = tg.mul %arg0, %0 : tensor<4xf32>
  %2 = tg.reciprocal %arg2 : tensor<4xf32>
  %3 = tg.mul %1, %2 : tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

// test: TestSchedule.test_base_change_expand_expand
// tinygrad: a = Tensor.ones(4, 4).contiguous().realize(); b = a.cast(dtypes.half).expand(2, 4, 4); c = b.cast(dtypes.int).expand(2, 2, 4, 4), check_schedule(c, 1)
// CHECK-LABEL: func @test_base_change_expand_expand_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_base_change_expand_expand_0(%arg0: tensor<4x4xf32>) -> tensor<2x2x4x4xi32> {
  %0 = tg.cast %arg0 : tensor<4x4xf32> to tensor<4x4xf16>
  %1 = tg.reshape %0 : tensor<4x4xf16> to tensor<1x4x4xf16>
  %2 = tg.expand %1 : tensor<1x4x4xf16> to tensor<2x4x4xf16>
  %3 = tg.cast %2 : tensor<2x4x4xf16> to tensor<2x4x4xi32>
  %4 = tg.reshape %3 : tensor<2x4x4xi32> to tensor<1x2x4x4xi32>
  %5 = tg.expand %4 : tensor<1x2x4x4xi32> to tensor<2x2x4x4xi32>
  return %5 : tensor<2x2x4x4xi32>
}

// -----

// test: TestSchedule.test_late_fusion_simple
// tinygrad: self._test_fusion([(4, 4), (4, 1)], lambda a,b:a.sum(1, keepdim=True)+b, 1); [_test_fusion:] with Context(DEBUG=0, TRACK_MATCH_STATS=0):, check_schedule(f(*(Tensor.empty(s).realize() for s in shapes)), cnt) with N = 1
// CHECK-LABEL: func @test_late_fusion_simple_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_late_fusion_simple_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<4x1xf32>
  %4 = tg.add %3, %arg1 : tensor<4x1xf32>
  return %4 : tensor<4x1xf32>
}

// -----

// test: TestSchedule.test_late_fusion_post_reshape
// tinygrad: self._test_fusion([(4, 4), (1, 4)], lambda a,b:a.sum(1).reshape(b.shape)+b, 1); [_test_fusion:] with Context(DEBUG=0, TRACK_MATCH_STATS=0):, check_schedule(f(*(Tensor.empty(s).realize() for s in shapes)), cnt) with N = 1
// CHECK-LABEL: func @test_late_fusion_post_reshape_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_late_fusion_post_reshape_0(%arg0: tensor<4x4xf32>, %arg1: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<4x4xf32> -> tensor<1x4xf32>
  %2 = tg.reshape %1 : tensor<1x4xf32> to tensor<4xf32>
  %3 = tg.reshape %2 : tensor<4xf32> to tensor<1x4xf32>
  %4 = tg.add %3, %arg1 : tensor<1x4xf32>
  return %4 : tensor<1x4xf32>
}

// -----

// test: TestSchedule.test_late_fusion_post_permute
// tinygrad: self._test_fusion([(4, 6, 4), (4, 4, 1)], lambda a,b:a.sum(1, keepdim=True).permute((2, 0, 1))+b, 1); [_test_fusion:] with Context(DEBUG=0, TRACK_MATCH_STATS=0):, check_schedule(f(*(Tensor.empty(s).realize() for s in shapes)), cnt) with N = 1
// CHECK-LABEL: func @test_late_fusion_post_permute_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_late_fusion_post_permute_0(%arg0: tensor<4x6x4xf32>, %arg1: tensor<4x4x1xf32>) -> tensor<4x4x1xf32> {
  %0 = tg.permute %arg0 [1, 0, 2] : tensor<4x6x4xf32> -> tensor<6x4x4xf32>
  %1 = tg.reduce add %0 [0] : tensor<6x4x4xf32> -> tensor<1x4x4xf32>
  %2 = tg.reshape %1 : tensor<1x4x4xf32> to tensor<4x4xf32>
  %3 = tg.reshape %2 : tensor<4x4xf32> to tensor<4x1x4xf32>
  %4 = tg.permute %3 [2, 0, 1] : tensor<4x1x4xf32> -> tensor<4x4x1xf32>
  %5 = tg.add %4, %arg1 : tensor<4x4x1xf32>
  return %5 : tensor<4x4x1xf32>
}

// -----

// test: TestSchedule.test_late_fusion_double_transpose
// tinygrad: self._test_fusion([(32, 16, 1)], lambda a:(a.expand(32, 16, 16).sum((2,), keepdim=True).permute((1, 0, 2))+2).permute((1, 0, 2)).contiguous(), 1); [_test_fusion:] with Context(DEBUG=0, TRACK_MATCH_STATS=0):, check_schedule(f(*(Tensor.empty(s).realize() for s in shapes)), cnt) with N = 1
// CHECK-LABEL: func @test_late_fusion_double_transpose_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_late_fusion_double_transpose_0(%arg0: tensor<32x16x1xf32>) -> tensor<32x16x1xf32> {
  %0 = tg.reshape %arg0 : tensor<32x16x1xf32> to tensor<32x16xf32>
  %1 = tg.reshape %0 : tensor<32x16xf32> to tensor<1x32x16xf32>
  %2 = tg.expand %1 : tensor<1x32x16xf32> to tensor<16x32x16xf32>
  %3 = tg.permute %2 [1, 2, 0] : tensor<16x32x16xf32> -> tensor<32x16x16xf32>
  %4 = tg.permute %3 [2, 0, 1] : tensor<32x16x16xf32> -> tensor<16x32x16xf32>
  %5 = tg.reduce add %4 [0] : tensor<16x32x16xf32> -> tensor<1x32x16xf32>
  %6 = tg.reshape %5 : tensor<1x32x16xf32> to tensor<32x16xf32>
  %7 = tg.reshape %6 : tensor<32x16xf32> to tensor<32x16x1xf32>
  %8 = tg.permute %7 [1, 0, 2] : tensor<32x16x1xf32> -> tensor<16x32x1xf32>
  %9 = tg.const 2.0 : tensor<16x32x1xf32>
  %10 = tg.add %8, %9 : tensor<16x32x1xf32>
  %11 = tg.permute %10 [1, 0, 2] : tensor<16x32x1xf32> -> tensor<32x16x1xf32>
  %12 = tg.contiguous %11 : tensor<32x16x1xf32>
  return %12 : tensor<32x16x1xf32>
}

// -----

// test: TestSchedule.test_late_fusion_post_expand
// tinygrad: self._test_fusion([(32, 32)], lambda a:a-a.sum(1), 2); [_test_fusion:] with Context(DEBUG=0, TRACK_MATCH_STATS=0):, check_schedule(f(*(Tensor.empty(s).realize() for s in shapes)), cnt) with N = 2
// CHECK-LABEL: func @test_late_fusion_post_expand_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_late_fusion_post_expand_0(%arg0: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x32xf32> -> tensor<1x32xf32>
  %2 = tg.reshape %1 : tensor<1x32xf32> to tensor<32xf32>
  %3 = tg.const -1.0 : tensor<32xf32>
  %4 = tg.mul %2, %3 : tensor<32xf32>
  %5 = tg.reshape %4 : tensor<32xf32> to tensor<1x32xf32>
  %6 = tg.expand %5 : tensor<1x32xf32> to tensor<32x32xf32>
  %7 = tg.add %arg0, %6 : tensor<32x32xf32>
  return %7 : tensor<32x32xf32>
}

// -----

// test: TestSchedule.test_push_through_reshape
// tinygrad: x = Tensor.empty(10, 20).realize(); out = x.argmax(1), check_schedule(out, 2)
// CHECK-LABEL: func @test_push_through_reshape_0(
// CHECK-COUNT-2: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_push_through_reshape_0(%arg0: tensor<10x20xf32>) -> tensor<10xi32> {
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

// -----

// test: TestSchedule.test_basic_binop_fusion
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = Tensor.empty(10); d = a+b+c, check_schedule(d, 1)
// CHECK-LABEL: func @test_basic_binop_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_basic_binop_fusion_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xf32>) -> tensor<10xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<10xf32>
  %1 = tg.add %0, %arg2 : tensor<10xf32>
  return %1 : tensor<10xf32>
}

// -----

// test: TestSchedule.test_basic_binop_fusion_deep
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = Tensor.empty(10); d = Tensor.empty(10); e = a+b+c+d, check_schedule(e, 1)
// CHECK-LABEL: func @test_basic_binop_fusion_deep_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_basic_binop_fusion_deep_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xf32>, %arg3: tensor<10xf32>) -> tensor<10xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<10xf32>
  %1 = tg.add %0, %arg2 : tensor<10xf32>
  %2 = tg.add %1, %arg3 : tensor<10xf32>
  return %2 : tensor<10xf32>
}

// -----

// test: TestSchedule.test_mulacc_fusion
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = (a*b).sum(), check_schedule(c, 1)
// CHECK-LABEL: func @test_mulacc_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_mulacc_fusion_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>) -> tensor<f32> {
  %0 = tg.mul %arg0, %arg1 : tensor<10xf32>
  %1 = tg.reduce add %0 [0] : tensor<10xf32> -> tensor<1xf32>
  %2 = tg.reshape %1 : tensor<1xf32> to tensor<f32>
  return %2 : tensor<f32>
}

// -----

// test: TestSchedule.test_binop_reshape_fusion
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = Tensor.empty(5,2); d = (a+b).reshape(5,2)+c, check_schedule(d, 1)
// CHECK-LABEL: func @test_binop_reshape_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_binop_reshape_fusion_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>, %arg2: tensor<5x2xf32>) -> tensor<5x2xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<10xf32>
  %1 = tg.reshape %0 : tensor<10xf32> to tensor<5x2xf32>
  %2 = tg.add %1, %arg2 : tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// test: TestSchedule.test_binop_permute_fusion
// tinygrad: a = Tensor.empty(2,5); b = Tensor.empty(2,5); c = Tensor.empty(5,2); d = (a+b).permute(1,0)+c, check_schedule(d, 1)
// CHECK-LABEL: func @test_binop_permute_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_binop_permute_fusion_0(%arg0: tensor<2x5xf32>, %arg1: tensor<2x5xf32>, %arg2: tensor<5x2xf32>) -> tensor<5x2xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<2x5xf32>
  %1 = tg.permute %0 [1, 0] : tensor<2x5xf32> -> tensor<5x2xf32>
  %2 = tg.add %1, %arg2 : tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// test: TestSchedule.test_diamond_folded
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = Tensor.empty(10); d = Tensor.empty(10); ab = a+b; e = (ab+c) + (ab+d), check_schedule(e, 1)
// CHECK-LABEL: func @test_diamond_folded_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_diamond_folded_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xf32>, %arg3: tensor<10xf32>) -> tensor<10xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<10xf32>
  %1 = tg.add %0, %arg2 : tensor<10xf32>
  %2 = tg.add %0, %arg3 : tensor<10xf32>
  %3 = tg.add %1, %2 : tensor<10xf32>
  return %3 : tensor<10xf32>
}

// -----

// test: TestSchedule.test_cache_binaryop
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = a+b; d = a+b, check_schedule(d, 0, [c])
// CHECK-LABEL: func @test_cache_binaryop_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cache_binaryop_0(%arg0: tensor<10xf32>) -> tensor<10xf32> {
  return %arg0 : tensor<10xf32>
}

// -----

// test: TestSchedule.test_cache_binaryop_reshaped
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = a+b; d = a.reshape(10,1)+b.reshape(10,1), check_schedule(d, 1, [c])
// CHECK-LABEL: func @test_cache_binaryop_reshaped_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cache_binaryop_reshaped_0(%arg0: tensor<10x1xf32>, %arg1: tensor<10x1xf32>) -> tensor<10x1xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<10x1xf32>
  return %0 : tensor<10x1xf32>
}

// -----

// test: TestSchedule.test_cache_binaryop_transpose
// tinygrad: a = Tensor.empty(10,10); b = Tensor.empty(10,10); c = (a.T*b.T).T; d = a*b, check_schedule(d, 1, [c])
// CHECK-LABEL: func @test_cache_binaryop_transpose_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_cache_binaryop_transpose_0(%arg0: tensor<10x10xf32>, %arg1: tensor<10x10xf32>) -> tensor<10x10xf32> {
  %0 = tg.mul %arg0, %arg1 : tensor<10x10xf32>
  return %0 : tensor<10x10xf32>
}

// -----

// test: TestSchedule.test_fold_double_unary
// tinygrad: y = Tensor.empty(2); out = y.sum(keepdim=True).sqrt().neg(), check_schedule(out, 1)
// CHECK-LABEL: func @test_fold_double_unary_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_fold_double_unary_0(%arg0: tensor<2xf32>) -> tensor<1xf32> {
  %0 = tg.reduce add %arg0 [0] : tensor<2xf32> -> tensor<1xf32>
  %1 = tg.reshape %0 : tensor<1xf32> to tensor<f32>
  %2 = tg.reshape %1 : tensor<f32> to tensor<1xf32>
  %3 = tg.sqrt %2 : tensor<1xf32>
  %4 = tg.const -1.0 : tensor<1xf32>
  %5 = tg.mul %3, %4 : tensor<1xf32>
  return %5 : tensor<1xf32>
}

// -----

// test: TestSchedule.test_push_permute_through_reshape
// tinygrad: a = Tensor.empty(16,16); b = Tensor.empty(16,16); c = (a+b).reshape(4,4,4,4).permute(2,3,0,1).contiguous(), check_schedule(c, 1)
// CHECK-LABEL: func @test_push_permute_through_reshape_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_push_permute_through_reshape_0(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>) -> tensor<4x4x4x4xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<16x16xf32>
  %1 = tg.reshape %0 : tensor<16x16xf32> to tensor<4x4x4x4xf32>
  %2 = tg.permute %1 [2, 3, 0, 1] : tensor<4x4x4x4xf32> -> tensor<4x4x4x4xf32>
  %3 = tg.contiguous %2 : tensor<4x4x4x4xf32>
  return %3 : tensor<4x4x4x4xf32>
}

// -----

// test: TestSchedule.test_push_permute_through_reshape_alt
// tinygrad: a = Tensor.empty(4,4,4,4); b = Tensor.empty(4,4,4,4); c = (a+b).reshape(16,16).permute(1,0).contiguous(), check_schedule(c, 1)
// CHECK-LABEL: func @test_push_permute_through_reshape_alt_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_push_permute_through_reshape_alt_0(%arg0: tensor<4x4x4x4xf32>, %arg1: tensor<4x4x4x4xf32>) -> tensor<16x16xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<4x4x4x4xf32>
  %1 = tg.reshape %0 : tensor<4x4x4x4xf32> to tensor<16x16xf32>
  %2 = tg.permute %1 [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = tg.contiguous %2 : tensor<16x16xf32>
  return %3 : tensor<16x16xf32>
}

// -----

// test: TestSchedule.test_no_binop_rerun
// tinygrad: a = Tensor.empty(16); b = Tensor.empty(16); c = a+b; d = (a+b).reshape(16,1), check_schedule(d, 0, [c])
// CHECK-LABEL: func @test_no_binop_rerun_0(
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_no_binop_rerun_0(%arg0: tensor<16x1xf32>) -> tensor<16x1xf32> {
  return %arg0 : tensor<16x1xf32>
}

// -----

// test: TestSchedule.test_multi_permute_should_collapse
// tinygrad: a = Tensor.empty(4,4,4,4); b = Tensor.empty(16); c = a.sum((0,1)).cast(dtypes.float16).permute(1,0).reshape(4,4,1).permute(1,0,2).reshape(16) + b, check_schedule(c, 1)
// CHECK-LABEL: func @test_multi_permute_should_collapse_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_multi_permute_should_collapse_0(%arg0: tensor<4x4x4x4xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tg.reduce add %arg0 [0, 1] : tensor<4x4x4x4xf32> -> tensor<1x1x4x4xf32>
  %1 = tg.reshape %0 : tensor<1x1x4x4xf32> to tensor<4x4xf32>
  %2 = tg.cast %1 : tensor<4x4xf32> to tensor<4x4xf16>
  %3 = tg.permute %2 [1, 0] : tensor<4x4xf16> -> tensor<4x4xf16>
  %4 = tg.reshape %3 : tensor<4x4xf16> to tensor<4x4x1xf16>
  %5 = tg.permute %4 [1, 0, 2] : tensor<4x4x1xf16> -> tensor<4x4x1xf16>
  %6 = tg.reshape %5 : tensor<4x4x1xf16> to tensor<16xf16>
  %7 = tg.cast %6 : tensor<16xf16> to tensor<16xf32>
  %8 = tg.add %7, %arg1 : tensor<16xf32>
  return %8 : tensor<16xf32>
}

// -----

// test: TestSchedule.test_fancy_reshape_fusion
// tinygrad: a = Tensor.empty(10); b = Tensor.empty(10); c = a+b; d = a.reshape(10,1)+b.reshape(10,1); out = c.sum() + d.sum(), check_schedule(out, 1)
// CHECK-LABEL: func @test_fancy_reshape_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_fancy_reshape_fusion_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>) -> tensor<f32> {
  %0 = tg.add %arg0, %arg1 : tensor<10xf32>
  %1 = tg.reduce add %0 [0] : tensor<10xf32> -> tensor<1xf32>
  %2 = tg.reshape %1 : tensor<1xf32> to tensor<f32>
  %3 = tg.reshape %arg0 : tensor<10xf32> to tensor<10x1xf32>
  %4 = tg.reshape %arg1 : tensor<10xf32> to tensor<10x1xf32>
  %5 = tg.add %3, %4 : tensor<10x1xf32>
  %6 = tg.reduce add %5 [0] : tensor<10x1xf32> -> tensor<1x1xf32>
  %7 = tg.reshape %6 : tensor<1x1xf32> to tensor<1xf32>
  %8 = tg.reshape %7 : tensor<1xf32> to tensor<f32>
  %9 = tg.add %2, %8 : tensor<f32>
  return %9 : tensor<f32>
}

// -----

// test: TestSchedule.test_children_dont_push
// tinygrad: a = Tensor.empty(10, 10, 1); b = Tensor.empty(10, 10, 1); d = (a+b).expand(10, 10, 10); e = (a+b).permute(2,1,0); f = d+e, check_schedule(f, 1)
// CHECK-LABEL: func @test_children_dont_push_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_children_dont_push_0(%arg0: tensor<10x10x1xf32>, %arg1: tensor<10x10x1xf32>) -> tensor<10x10x10xf32> {
  %0 = tg.add %arg0, %arg1 : tensor<10x10x1xf32>
  %1 = tg.reshape %0 : tensor<10x10x1xf32> to tensor<10x10xf32>
  %2 = tg.reshape %1 : tensor<10x10xf32> to tensor<1x10x10xf32>
  %3 = tg.expand %2 : tensor<1x10x10xf32> to tensor<10x10x10xf32>
  %4 = tg.permute %3 [1, 2, 0] : tensor<10x10x10xf32> -> tensor<10x10x10xf32>
  %5 = tg.permute %0 [2, 1, 0] : tensor<10x10x1xf32> -> tensor<1x10x10xf32>
  %6 = tg.expand %5 : tensor<1x10x10xf32> to tensor<10x10x10xf32>
  %7 = tg.add %4, %6 : tensor<10x10x10xf32>
  return %7 : tensor<10x10x10xf32>
}

// -----

// test: TestSchedule.test_permute_breaks_fusion
// tinygrad: a = Tensor.empty(10, 10, 10); b = Tensor.empty(10, 10); c = (a.sum(axis=2) + b).permute(1,0); d = c.permute(1,0), check_schedule(d, 1)
// CHECK-LABEL: func @test_permute_breaks_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_permute_breaks_fusion_0(%arg0: tensor<10x10x10xf32>, %arg1: tensor<10x10xf32>) -> tensor<10x10xf32> {
  %0 = tg.permute %arg0 [2, 0, 1] : tensor<10x10x10xf32> -> tensor<10x10x10xf32>
  %1 = tg.reduce add %0 [0] : tensor<10x10x10xf32> -> tensor<1x10x10xf32>
  %2 = tg.reshape %1 : tensor<1x10x10xf32> to tensor<10x10xf32>
  %3 = tg.add %2, %arg1 : tensor<10x10xf32>
  %4 = tg.permute %3 [1, 0] : tensor<10x10xf32> -> tensor<10x10xf32>
  %5 = tg.permute %4 [1, 0] : tensor<10x10xf32> -> tensor<10x10xf32>
  return %5 : tensor<10x10xf32>
}

// -----

// test: TestSchedule.test_some_permute_fusion, call 0
// tinygrad: a = Tensor.empty(8192, 16); b = Tensor.empty(1, 16); d = (a.T + b.expand(8192, 16).T); c = a + b.expand(8192, 16); e = d.T, check_schedule(c, 1)
// CHECK-LABEL: func @test_some_permute_fusion_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_some_permute_fusion_0(%arg0: tensor<8192x16xf32>, %arg1: tensor<1x16xf32>) -> tensor<8192x16xf32> {
  %0 = tg.reshape %arg1 : tensor<1x16xf32> to tensor<16xf32>
  %1 = tg.reshape %0 : tensor<16xf32> to tensor<1x16xf32>
  %2 = tg.expand %1 : tensor<1x16xf32> to tensor<8192x16xf32>
  %3 = tg.add %arg0, %2 : tensor<8192x16xf32>
  return %3 : tensor<8192x16xf32>
}

// -----

// test: TestSchedule.test_some_permute_fusion, call 1
// tinygrad: a = Tensor.empty(8192, 16); b = Tensor.empty(1, 16); d = (a.T + b.expand(8192, 16).T); c = a + b.expand(8192, 16); e = d.T, check_schedule(e, 1)
// CHECK-LABEL: func @test_some_permute_fusion_1(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_some_permute_fusion_1(%arg0: tensor<8192x16xf32>, %arg1: tensor<1x16xf32>) -> tensor<8192x16xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<8192x16xf32> -> tensor<16x8192xf32>
  %1 = tg.reshape %arg1 : tensor<1x16xf32> to tensor<16xf32>
  %2 = tg.reshape %1 : tensor<16xf32> to tensor<1x16xf32>
  %3 = tg.expand %2 : tensor<1x16xf32> to tensor<8192x16xf32>
  %4 = tg.permute %3 [1, 0] : tensor<8192x16xf32> -> tensor<16x8192xf32>
  %5 = tg.add %0, %4 : tensor<16x8192xf32>
  %6 = tg.permute %5 [1, 0] : tensor<16x8192xf32> -> tensor<8192x16xf32>
  return %6 : tensor<8192x16xf32>
}

// -----

// test: TestSchedule.test_expand_fuse
// tinygrad: a = Tensor.empty(1, 16); b = Tensor.empty(1, 16); c = a * b; d = Tensor.empty(8192, 16); e = c * d, check_schedule(e, 1)
// CHECK-LABEL: func @test_expand_fuse_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_expand_fuse_0(%arg0: tensor<1x16xf32>, %arg1: tensor<1x16xf32>, %arg2: tensor<8192x16xf32>) -> tensor<8192x16xf32> {
  %0 = tg.mul %arg0, %arg1 : tensor<1x16xf32>
  %1 = tg.expand %0 : tensor<1x16xf32> to tensor<8192x16xf32>
  %2 = tg.mul %1, %arg2 : tensor<8192x16xf32>
  return %2 : tensor<8192x16xf32>
}

// -----

// test: TestSchedule.test_bitcast_fuses
// tinygrad: x = Tensor.empty(1, dtype=dtypes.float32); a = x.exp2().bitcast(dtypes.int32); b = x.bitcast(dtypes.int32), check_schedule(a+b, 1)
// CHECK-LABEL: func @test_bitcast_fuses_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_bitcast_fuses_0(%arg0: tensor<1xf32>) -> tensor<1xi32> {
  %0 = tg.exp2 %arg0 : tensor<1xf32>
  %1 = tg.bitcast %0 : tensor<1xf32> to tensor<1xi32>
  %2 = tg.bitcast %arg0 : tensor<1xf32> to tensor<1xi32>
  %3 = tg.add %1, %2 : tensor<1xi32>
  return %3 : tensor<1xi32>
}

// -----

// test: TestFusionOp.test_recursive_reshape
// tinygrad: a = Tensor.empty(32, 32).realize(); b = Tensor.empty(16, 2).realize(); r = a.sum(1); for _ in range(24): r = r.reshape(16, 2) + b, check_schedule(r, 1)
// CHECK-LABEL: func @test_recursive_reshape_0(
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK: return
func.func @test_recursive_reshape_0(%arg0: tensor<32x32xf32>, %arg1: tensor<16x2xf32>) -> tensor<16x2xf32> {
  %0 = tg.permute %arg0 [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %1 = tg.reduce add %0 [0] : tensor<32x32xf32> -> tensor<1x32xf32>
  %2 = tg.reshape %1 : tensor<1x32xf32> to tensor<32xf32>
  %3 = tg.reshape %2 : tensor<32xf32> to tensor<16x2xf32>
  %4 = tg.add %3, %arg1 : tensor<16x2xf32>
  %5 = tg.add %4, %arg1 : tensor<16x2xf32>
  %6 = tg.add %5, %arg1 : tensor<16x2xf32>
  %7 = tg.add %6, %arg1 : tensor<16x2xf32>
  %8 = tg.add %7, %arg1 : tensor<16x2xf32>
  %9 = tg.add %8, %arg1 : tensor<16x2xf32>
  %10 = tg.add %9, %arg1 : tensor<16x2xf32>
  %11 = tg.add %10, %arg1 : tensor<16x2xf32>
  %12 = tg.add %11, %arg1 : tensor<16x2xf32>
  %13 = tg.add %12, %arg1 : tensor<16x2xf32>
  %14 = tg.add %13, %arg1 : tensor<16x2xf32>
  %15 = tg.add %14, %arg1 : tensor<16x2xf32>
  %16 = tg.add %15, %arg1 : tensor<16x2xf32>
  %17 = tg.add %16, %arg1 : tensor<16x2xf32>
  %18 = tg.add %17, %arg1 : tensor<16x2xf32>
  %19 = tg.add %18, %arg1 : tensor<16x2xf32>
  %20 = tg.add %19, %arg1 : tensor<16x2xf32>
  %21 = tg.add %20, %arg1 : tensor<16x2xf32>
  %22 = tg.add %21, %arg1 : tensor<16x2xf32>
  %23 = tg.add %22, %arg1 : tensor<16x2xf32>
  %24 = tg.add %23, %arg1 : tensor<16x2xf32>
  %25 = tg.add %24, %arg1 : tensor<16x2xf32>
  %26 = tg.add %25, %arg1 : tensor<16x2xf32>
  %27 = tg.add %26, %arg1 : tensor<16x2xf32>
  return %27 : tensor<16x2xf32>
}
