//===- FoldPermutedStores.cpp - the tg-cpu-fold-permuted-stores pass ------===//
//
// A kernel whose result is another stage's result permuted (tinygrad's
// permute after a reduce) ends in a copy: the kernel optimizer sees it as an
// elementwise epilogue of the reduction, which must then be tiled around
// it. The reduction can as well write the permuted output itself.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUFOLDPERMUTEDSTORES
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Whether `generic` copies its one input to its one output element by
/// element, both through permutations.
bool isPermutedCopy(linalg::GenericOp generic) {
  if (generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() != 0 ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isPermutation(); }))
    return false;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  return body.getOperations().size() == 1 && yield.getValues().front() == body.getArgument(0);
}

/// copy(stage(ins, fill(empty)), out) with permutations P (read), Q (write)
///   → stage(ins, fill(out)) writing through Q ∘ P⁻¹ ∘ its own output map.
struct FoldPermutedCopy : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp copy, PatternRewriter &rewriter) const override {
    if (!isPermutedCopy(copy))
      return failure();
    Value copied = copy.getDpsInputs().front();
    auto stage = copied.getDefiningOp<linalg::GenericOp>();
    if (!stage || stage->getNumResults() != 1 || !copied.hasOneUse() ||
        getElementTypeOrSelf(copied.getType()) != getElementTypeOrSelf(copy.getResult(0).getType()))
      return failure();
    OpOperand *init = stage.getDpsInitOperand(0);
    auto fill = init->get().getDefiningOp<linalg::FillOp>();
    if (!fill || !fill->hasOneUse())
      return failure();
    AffineMap read = copy.getIndexingMapsArray()[0], write = copy.getIndexingMapsArray()[1];
    AffineMap written =
        write.compose(inversePermutation(read)).compose(stage.getMatchingIndexingMap(init));
    Value out = copy.getDpsInits().front();
    Location loc = stage.getLoc();
    Value filled = linalg::FillOp::create(rewriter, loc, fill.getInputs(), ValueRange{out})
                       .getResult(0);
    SmallVector<AffineMap> maps = stage.getIndexingMapsArray();
    maps.back() = written;
    auto folded = linalg::GenericOp::create(rewriter, loc, TypeRange{out.getType()},
                                            stage.getDpsInputs(), ValueRange{filled}, maps,
                                            stage.getIteratorTypesArray());
    rewriter.inlineRegionBefore(stage.getRegion(), folded.getRegion(), folded.getRegion().end());
    rewriter.replaceOp(copy, folded.getResults());
    rewriter.eraseOp(stage);
    rewriter.eraseOp(fill);
    return success();
  }
};

struct FoldPermutedStoresPass
    : tg::impl::TGCPUFoldPermutedStoresBase<FoldPermutedStoresPass> {
  void runOnOperation() override {
    if (!getOperation()->hasAttr("tg.kernel"))
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldPermutedCopy>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
