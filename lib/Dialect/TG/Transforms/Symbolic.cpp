//===- Symbolic.cpp - the tg-symbolic pass --------------------------------===//

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "tg/Dialect/TG/IR/Rules.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGSYMBOLIC
#include "tg/Dialect/TG/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

struct SymbolicPass : tg::impl::TGSymbolicBase<SymbolicPass> {
  using TGSymbolicBase::TGSymbolicBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateCanonicalizationRules(set);
    populateSymbolicPatterns(set, ranges);
    populateDivModPatterns(set, ranges);
    populateMovementPushingPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    IRRewriter rewriter(&getContext());
    // tinygrad's UOps are hash-consed, so its rules see equal expressions as
    // one value: rewrite and CSE in turn until neither changes anything.
    for (unsigned round = 0; round < maxRounds; ++round) {
      bool rewritten = false, deduplicated = false;
      if (failed(applyPatternsGreedily(root, patterns,
                                       GreedyRewriteConfig(), &rewritten))) {
        root->emitWarning() << "tg-symbolic: the rules did not reach a fixed "
                               "point; the result is still correct";
        return;
      }
      DominanceInfo dominance(root);
      eliminateCommonSubExpressions(rewriter, dominance, root, &deduplicated);
      if (!rewritten && !deduplicated)
        return;
    }
  }

  IntRanges ranges;
  FrozenRewritePatternSet patterns;
};

} // namespace
