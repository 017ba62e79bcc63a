//===- DropUnitDims.cpp - the tg-cpu-drop-unit-dims pass ------------------===//
//
// A reduce keeps its reduced axes with size 1, and a convolution carries a
// unit groups axis: loops of extent 1 and axes read at index 0. Folding them
// away before the kernel optimizer leaves every stage with projected
// permutations, which tiling a stage into its consumer's tiles requires.
// The kernel's output keeps its shape: the loops of the stage writing it
// are dropped only where they do not index it. A reduction's input that
// only bounded its loops (tg-to-linalg's iteration-space tensor, kept while
// a unit loop appeared in no other operand) is then erased: the kernel
// optimizer recognizes a convolution by its two inputs.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "KernelRoot.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUDROPUNITDIMS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// The loops of `generic` whose unit extent may be dropped: all but the unit
/// loops indexing the kernel's output argument. (Listing a loop of larger
/// extent drops nothing, but an empty list would leave the operands' axes
/// read at 0 too.)
SmallVector<unsigned> droppableLoops(linalg::GenericOp generic) {
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  llvm::SmallDenseSet<unsigned> indexOutput;
  for (OpOperand &init : generic.getDpsInitsMutable())
    if (isa<BlockArgument>(init.get()))
      for (AffineExpr result : generic.getMatchingIndexingMap(&init).getResults())
        if (auto dim = dyn_cast<AffineDimExpr>(result))
          indexOutput.insert(dim.getPosition());
  SmallVector<unsigned> loops;
  for (unsigned loop = 0; loop < generic.getNumLoops(); ++loop)
    if (ranges[loop] != 1 || !indexOutput.contains(loop))
      loops.push_back(loop);
  return loops;
}

/// An input read at a constant index along an axis of more elements (a
/// stride-2 convolution's input, [.., 14, 2, ..] read at 0) → that index's
/// slice of it, read at 0, a size-1 axis the unit-dims patterns then fold:
/// every map a projected permutation, which vectorizing a tile requires
/// (ResNet's 1x1 stride-2 downsample ran as scalars).
struct SliceConstantReads : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    auto kernel = generic->getParentOfType<func::FuncOp>();
    if (!kernel || !kernel->hasAttr("tg.kernel") || !generic.hasPureTensorSemantics())
      return failure();
    for (OpOperand *input : generic.getDpsInputOperands()) {
      auto type = dyn_cast<RankedTensorType>(input->get().getType());
      AffineMap map = generic.getMatchingIndexingMap(input);
      if (!type || !type.hasStaticShape() || !isReshapedArgument(input->get()))
        continue;
      SmallVector<SlicedAxis> axes;
      bool sliced = false;
      for (auto [axis, result] : llvm::enumerate(map.getResults())) {
        auto constant = dyn_cast<AffineConstantExpr>(result);
        bool slice = constant && type.getDimSize(axis) != 1;
        sliced |= slice;
        axes.push_back(
            slice ? SlicedAxis{constant.getValue(), 1, 1, rewriter.getAffineConstantExpr(0)}
                  : SlicedAxis{0, type.getDimSize(axis), 1, result});
      }
      if (!sliced)
        continue;
      readThroughSlice(rewriter, generic, *input, axes);
      return success();
    }
    return failure();
  }
};

struct DropUnitDimsPass : tg::impl::TGCPUDropUnitDimsBase<DropUnitDimsPass> {
  void runOnOperation() override {
    linalg::ControlDropUnitDims control;
    control.controlFn = [](Operation *op) -> SmallVector<unsigned> {
      auto generic = dyn_cast<linalg::GenericOp>(op);
      auto kernel = op->getParentOfType<func::FuncOp>();
      if (!generic || !kernel || !kernel->hasAttr("tg.kernel"))
        return {};
      return droppableLoops(generic);
    };
    RewritePatternSet patterns(&getContext());
    linalg::populateFoldUnitExtentDimsPatterns(patterns, control);
    linalg::populateFoldUnitExtentDimsCanonicalizationPatterns(patterns, control);
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    patterns.add<SliceConstantReads>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
