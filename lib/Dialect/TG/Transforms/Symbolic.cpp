//===- Symbolic.cpp - the tg-symbolic pass --------------------------------===//

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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
    sym::RuleOptions options{&ranges, reassociateFloats};
    populateCanonicalizationRules(set, options);
    populateSymbolicPatterns(set, options);
    populateDivModPatterns(set, ranges);
    populateMovementPushingPatterns(set);
    patterns = std::move(set);
    return success();
  }

  /// A variable whose range is one value is that constant (tinygrad's
  /// `PARAM min==max → CONST`).
  void replaceConstantArguments(IRRewriter &rewriter) {
    getOperation()->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      Block &entry = function.getFunctionBody().front();
      for (BlockArgument arg : entry.getArguments()) {
        std::optional<Bounds> b = ranges.bounds(arg);
        if (!b || !b->isConstant() || arg.use_empty() ||
            !function.getArgAttr(arg.getArgNumber(), kRangeAttrName))
          continue;
        rewriter.setInsertionPointToStart(&entry);
        Type element = getElementTypeOrSelf(arg.getType());
        Value constant = ConstOp::create(rewriter, arg.getLoc(), arg.getType(),
                                         rewriter.getIntegerAttr(element, b->min));
        rewriter.replaceAllUsesWith(arg, constant);
      }
    });
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    IRRewriter rewriter(&getContext());
    replaceConstantArguments(rewriter);
    // tinygrad's UOps are hash-consed, so its rules see equal expressions as
    // one value: rewrite and CSE in turn until neither changes anything.
    for (unsigned round = 0; round < maxRounds; ++round) {
      bool rewritten = false, deduplicated = false;
      // Operands before users, as tinygrad's graph_rewrite: a rule sees its
      // sources already simplified.
      GreedyRewriteConfig config;
      config.setUseTopDownTraversal(true);
      if (failed(applyPatternsGreedily(root, patterns, config, &rewritten))) {
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
