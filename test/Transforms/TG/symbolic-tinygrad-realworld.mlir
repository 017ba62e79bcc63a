// RUN: tg-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(tg-symbolic,tg-print-ranges),test-tg-match-expected)'

// Ported from tinygrad test/null/test_uop_symbolic.py, TestSymbolicRealWorld: an index expression from resnet (half).
// Generated from tinygrad's own UOp graphs; one helper_test_variable case per split chunk:
// - the top-level @f is the input UOp exactly as tinygrad builds it (a - b is a + b*-1, a >= c is
//   (a<c) != True, ...). tg-symbolic simplifies it; tg-print-ranges remarks the range of the result, and
//   the remark is the range tinygrad asserts (regex where it asserts none; floats: no remark).
// - module @expected holds @f again (same arguments), returning tinygrad's expected string built exactly
//   as eval(string) builds it. test-tg-match-expected reports an error unless @f's simplified result is
//   the same expression up to the operand order of commutative ops (arguments by position, constants by
//   value and type), like tinygrad's check_uop_against_string (eval, canonicalize commutative order, `is`).
// The pipeline runs tg-symbolic and tg-print-ranges on top-level functions only, never inside @expected.
// See SYMBOLIC-PORT.md.

// tinygrad: ((((1+lidx5)%16)*49)+(((262145+lidx5)//16)*802816)+(gidx0*3211264)+(gidx1*784)+(gidx2*8)+(lidx4*100352)+-13151129600+lidx3)
//   -> render "(lidx3+((lidx5+1)//16*802816+(lidx5+1)%16*49+gidx0*3211264+gidx1*784+gidx2*8+lidx4*100352)+2207744)" (no range checked)
func.func @test_resnet_half_0(%lidx5: index {tg.range = array<i64: 0, 15>}, %gidx0: index {tg.range = array<i64: 0, 3>}, %gidx1: index {tg.range = array<i64: 0, 127>}, %gidx2: index {tg.range = array<i64: 0, 7>}, %lidx4: index {tg.range = array<i64: 0, 1>}, %lidx3: index {tg.range = array<i64: 0, 7>}) -> index {
  %c1 = tg.const 1 : index
  %0 = tg.add %c1, %lidx5 : index
  %c16 = tg.const 16 : index
  %1 = tg.floormod %0, %c16 : index
  %c49 = tg.const 49 : index
  %2 = tg.mul %1, %c49 : index
  %c262145 = tg.const 262145 : index
  %3 = tg.add %c262145, %lidx5 : index
  %4 = tg.floordiv %3, %c16 : index
  %c802816 = tg.const 802816 : index
  %5 = tg.mul %4, %c802816 : index
  %6 = tg.add %2, %5 : index
  %c3211264 = tg.const 3211264 : index
  %7 = tg.mul %gidx0, %c3211264 : index
  %8 = tg.add %6, %7 : index
  %c784 = tg.const 784 : index
  %9 = tg.mul %gidx1, %c784 : index
  %10 = tg.add %8, %9 : index
  %c8 = tg.const 8 : index
  %11 = tg.mul %gidx2, %c8 : index
  %12 = tg.add %10, %11 : index
  %c100352 = tg.const 100352 : index
  %13 = tg.mul %lidx4, %c100352 : index
  %14 = tg.add %12, %13 : index
  %cm13151129600 = tg.const -13151129600 : index
  %15 = tg.add %14, %cm13151129600 : index
  %16 = tg.add %15, %lidx3 : index
  // expected-remark-re@+1 {{result #0 in {{.*}}}}
  return %16 : index
}
module @expected {
  func.func @test_resnet_half_0(%lidx5: index, %gidx0: index, %gidx1: index, %gidx2: index, %lidx4: index, %lidx3: index) -> index {
    %c1 = tg.const 1 : index
    %0 = tg.add %lidx5, %c1 : index
    %c16 = tg.const 16 : index
    %1 = tg.floordiv %0, %c16 : index
    %c802816 = tg.const 802816 : index
    %2 = tg.mul %1, %c802816 : index
    %3 = tg.floormod %0, %c16 : index
    %c49 = tg.const 49 : index
    %4 = tg.mul %3, %c49 : index
    %5 = tg.add %2, %4 : index
    %c3211264 = tg.const 3211264 : index
    %6 = tg.mul %gidx0, %c3211264 : index
    %7 = tg.add %5, %6 : index
    %c784 = tg.const 784 : index
    %8 = tg.mul %gidx1, %c784 : index
    %9 = tg.add %7, %8 : index
    %c8 = tg.const 8 : index
    %10 = tg.mul %gidx2, %c8 : index
    %11 = tg.add %9, %10 : index
    %c100352 = tg.const 100352 : index
    %12 = tg.mul %lidx4, %c100352 : index
    %13 = tg.add %11, %12 : index
    %14 = tg.add %lidx3, %13 : index
    %c2207744 = tg.const 2207744 : index
    %15 = tg.add %14, %c2207744 : index
    return %15 : index
  }
}
