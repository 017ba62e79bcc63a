//===- MovementPatterns.cpp - movement ops toward the buffers -------------===//
//
// A reshape, permute, flip or shrink of an elementwise op that has no other
// user moves onto the op's operands: `permute(a + b) → permute(a) +
// permute(b)`. Movement ops then sit directly on buffers, where tg-kernelize
// folds them into index maps, and a shrink computes only the elements it
// keeps. Expand and pad stay: moving them would compute more, or change the
// value of the padding (f(0) need not be 0).
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tg;

namespace {

template <typename MovementOp>
struct PushThroughElementwise : OpRewritePattern<MovementOp> {
  using OpRewritePattern<MovementOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MovementOp op,
                                PatternRewriter &rewriter) const override {
    Operation *elementwise = op.getX().getDefiningOp();
    if (!elementwise || !isa<TGDialect>(elementwise->getDialect()) ||
        !elementwise->hasTrait<OpTrait::Elementwise>() ||
        !elementwise->hasOneUse() || elementwise->getNumResults() != 1)
      return failure();
    IRMapping mapping;
    for (Value operand : elementwise->getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      // The same movement applied to the operand: only the element type may
      // differ (comparisons and casts change it).
      Operation *moved = rewriter.clone(*op);
      moved->setOperand(0, operand);
      moved->getResult(0).setType(op.getType().clone(type.getElementType()));
      mapping.map(operand, moved->getResult(0));
    }
    Operation *pushed = rewriter.clone(*elementwise, mapping);
    pushed->getResult(0).setType(op.getType().clone(
        cast<RankedTensorType>(elementwise->getResult(0).getType()).getElementType()));
    rewriter.replaceOp(op, pushed->getResults());
    return success();
  }
};

} // namespace

void mlir::tg::populateMovementPushingPatterns(RewritePatternSet &patterns) {
  patterns.add<PushThroughElementwise<ReshapeOp>, PushThroughElementwise<PermuteOp>,
               PushThroughElementwise<FlipOp>, PushThroughElementwise<ShrinkOp>>(
      patterns.getContext());
}
