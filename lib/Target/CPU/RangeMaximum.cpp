//===- RangeMaximum.cpp - the tg-cpu-range-maximum pass -------------------===//
//
// IEEE maximum, which tg.max and the max reductions mean, is six x86
// instructions per register through LLVM's generic lowering. AVX-512DQ's
// vrangeps computes it for all but NaN operands in one; a compare and a
// masked add put the NaNs back.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"
#include "tg/Transforms/VectorRegisters.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPURANGEMAXIMUM
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// vrangeps' immediate: bits 1:0 = 01 select the larger value, bits 3:2 =
/// 01 take its sign from the comparison (so +0 is larger than -0).
constexpr int32_t kLargerWithComparedSign = 5;
/// The rounding operand for "the current direction": range only compares.
constexpr int32_t kCurrentDirection = 4;

/// One register's IEEE maximum: vrangeps, with NaN operands giving a + b.
Value rangeMaximum(PatternRewriter &rewriter, Location loc, Value a, Value b) {
  auto zmm = cast<VectorType>(a.getType());
  auto i32 = [&](int32_t value) {
    return arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(value));
  };
  Value allLanes = arith::ConstantOp::create(rewriter, loc, rewriter.getI16IntegerAttr(-1));
  Value passThrough = arith::ConstantOp::create(rewriter, loc, DenseElementsAttr::get(zmm, 0.0f));
  Value range = LLVM::CallIntrinsicOp::create(
                    rewriter, loc, zmm, rewriter.getStringAttr("llvm.x86.avx512.mask.range.ps.512"),
                    ValueRange{a, b, i32(kLargerWithComparedSign), passThrough, allLanes,
                               i32(kCurrentDirection)})
                    .getResult(0);
  Value unordered = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, a, b);
  Value nan = arith::AddFOp::create(rewriter, loc, a, b);
  return arith::SelectOp::create(rewriter, loc, unordered, nan, range);
}

/// maximumf(a, b : vector<4x16xf32>) → rangeMaximum of each register
struct MaximumByRange : OpRewritePattern<arith::MaximumFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::MaximumFOp maximum,
                                PatternRewriter &rewriter) const override {
    if (!tg::fillsZmmRegisters(maximum.getType()))
      return failure();
    Location loc = maximum.getLoc();
    rewriter.replaceOp(maximum, tg::mapZmmRegisters(rewriter, loc, maximum.getLhs(),
                                                    maximum.getRhs(), [&](Value a, Value b) {
                                                      return rangeMaximum(rewriter, loc, a, b);
                                                    }));
    return success();
  }
};

struct RangeMaximumPass : tg::impl::TGCPURangeMaximumBase<RangeMaximumPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel"))
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<MaximumByRange>(&getContext());
    if (failed(applyPatternsGreedily(kernel, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
