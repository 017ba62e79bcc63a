//===- EmulateNarrowFloats.cpp - the tg-emulate-narrow-floats pass --------===//

#include "tg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGEMULATENARROWFLOATS
#include "tg/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// extf(x: bf16 → f64) → extf(extf(x → f32) → f64): exact, and the bits
/// conversion below only widens bf16 to f32.
struct ExtendBFloat16ThroughF32 : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op, PatternRewriter &rewriter) const override {
    if (!op.getIn().getType().isBF16() || op.getType().isF32())
      return rewriter.notifyMatchFailure(op, "not a scalar bf16 widened past f32");
    Value wide = arith::ExtFOp::create(rewriter, op.getLoc(), rewriter.getF32Type(), op.getIn());
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, op.getType(), wide);
    return success();
  }
};

struct EmulateNarrowFloatsPass
    : tg::impl::TGEmulateNarrowFloatsBase<EmulateNarrowFloatsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Builder b(context);
    TypeConverter converter;
    arith::populateEmulateUnsupportedFloatsConversions(converter, {b.getBF16Type(), b.getF16Type()},
                                                       b.getF32Type());
    RewritePatternSet emulation(context);
    arith::populateEmulateUnsupportedFloatsPatterns(emulation, converter);
    ConversionTarget target(*context);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    if (failed(applyPartialConversion(getOperation(), target, std::move(emulation))))
      return signalPassFailure();

    RewritePatternSet conversions(context);
    conversions.add<ExtendBFloat16ThroughF32>(context);
    arith::populateExpandBFloat16Patterns(conversions);
    if (failed(applyPatternsGreedily(getOperation(), std::move(conversions))))
      signalPassFailure();
  }
};

} // namespace
