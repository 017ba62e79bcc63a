//===- EmulateNarrowFloats.cpp - the tg-cpu-emulate-narrow-floats pass ----===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUEMULATENARROWFLOATS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

struct EmulateNarrowFloatsPass
    : tg::impl::TGCPUEmulateNarrowFloatsBase<EmulateNarrowFloatsPass> {
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
    arith::populateExpandBFloat16Patterns(conversions);
    if (failed(applyPatternsGreedily(getOperation(), std::move(conversions))))
      signalPassFailure();
  }
};

} // namespace
