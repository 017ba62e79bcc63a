//===- Decompose.cpp - the tg-decompose pass ------------------------------===//

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGDECOMPOSE
#include "tg/Dialect/TG/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// The mnemonics of tg's ALU ops: the names `native-ops` may list.
llvm::StringSet<> aluMnemonics(MLIRContext *context) {
  llvm::StringSet<> names;
  for (RegisteredOperationName name : context->getRegisteredOperations())
    if (name.getDialectNamespace() == TGDialect::getDialectNamespace() &&
        name.hasTrait<OpTrait::Elementwise>())
      names.insert(name.stripDialect());
  return names;
}

struct DecomposePass : tg::impl::TGDecomposeBase<DecomposePass> {
  using TGDecomposeBase::TGDecomposeBase;

  LogicalResult initialize(MLIRContext *context) override {
    llvm::StringSet<> known = aluMnemonics(context);
    for (const std::string &name : nativeOps)
      if (!known.contains(name))
        return emitError(UnknownLoc::get(context))
               << "tg-decompose: '" << name
               << "' in native-ops is not a tg ALU op";
    RewritePatternSet set(context);
    populateDecompositionPatterns(set, nativeOps, ranges);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      getOperation()->emitWarning()
          << "tg-decompose: the decompositions did not reach a fixed point";
  }

  IntRanges ranges;
  FrozenRewritePatternSet patterns;
};

} // namespace
