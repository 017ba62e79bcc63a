//===- SliceOffsetReads.cpp - the tg-cpu-slice-offset-reads pass ----------===//
//
// A stage that reads a kernel argument at a constant offset (a BatchNorm's
// backward reading the gradient of a padded convolution input at
// `[n, c, y + 1, x + 1]`) reads through an indexing map that is no
// projected permutation, which the kernel optimizer's tile rules and the
// vectorizer take: ResNet-18's sums over 16x64x112x112 ran one element at
// a time. The read becomes a slice of the argument from the offset, read
// at the plain index:
//
//   generic ins(%g : 16x64x114x114) map (n, c, y, x) -> (n, c, y + 1, x + 1)
//     → %s = extract_slice %g[0, 0, 1, 1] [16, 64, 112, 112] [1, 1, 1, 1]
//       generic ins(%s : 16x64x112x112) map (n, c, y, x) -> (n, c, y, x)
//
// Once bufferized, the slice is a view: nothing is copied.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "KernelRoot.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUSLICEOFFSETREADS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// `d + c` (c >= 0) as {d, c}; a plain `d` is {d, 0}.
std::optional<std::pair<unsigned, int64_t>> dimPlusOffset(AffineExpr result) {
  if (auto dim = dyn_cast<AffineDimExpr>(result))
    return std::make_pair(dim.getPosition(), int64_t(0));
  auto sum = dyn_cast<AffineBinaryOpExpr>(result);
  if (!sum || sum.getKind() != AffineExprKind::Add)
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(sum.getLHS());
  auto offset = dyn_cast<AffineConstantExpr>(sum.getRHS());
  if (!dim || !offset || offset.getValue() < 0)
    return std::nullopt;
  return std::make_pair(dim.getPosition(), offset.getValue());
}

/// read(%arg, (.., d + c, ..)) → read(extract_slice(%arg, c), (.., d, ..))
struct SliceOffsetRead : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    // A copy would read its slice through identity maps, which folds the
    // copy away and leaves the kernel's output unwritten.
    if (llvm::all_of(generic.getBody()->getTerminator()->getOperands(),
                     [](Value yielded) { return isa<BlockArgument>(yielded); }))
      return failure();
    SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    if (llvm::any_of(ranges, ShapedType::isDynamic))
      return failure();
    for (OpOperand *input : generic.getDpsInputOperands())
      if (succeeded(sliceRead(rewriter, generic, *input, ranges)))
        return success();
    return failure();
  }

  /// Slices `input` when it is read at an offset along some axis. An input
  /// another stage writes stays: a slice between the two would keep them
  /// from fusing.
  static LogicalResult sliceRead(PatternRewriter &rewriter, linalg::GenericOp generic,
                                 OpOperand &input, ArrayRef<int64_t> ranges) {
    auto type = dyn_cast<RankedTensorType>(input.get().getType());
    AffineMap map = generic.getMatchingIndexingMap(&input);
    if (!type || !type.hasStaticShape() || map.getNumSymbols() != 0 ||
        isa_and_nonnull<linalg::LinalgOp>(input.get().getDefiningOp()))
      return failure();
    SmallVector<SlicedAxis> axes;
    bool offset = false;
    for (auto [axis, result] : llvm::enumerate(map.getResults())) {
      std::optional<std::pair<unsigned, int64_t>> read = dimPlusOffset(result);
      if (!read || read->second + ranges[read->first] > type.getDimSize(axis))
        return failure();
      offset |= read->second != 0;
      axes.push_back(
          {read->second, ranges[read->first], 1, rewriter.getAffineDimExpr(read->first)});
    }
    if (!offset)
      return failure();
    readThroughSlice(rewriter, generic, input, axes);
    return success();
  }
};

struct SliceOffsetReadsPass : tg::impl::TGCPUSliceOffsetReadsBase<SliceOffsetReadsPass> {
  void runOnOperation() override {
    if (!getOperation()->hasAttr("tg.kernel"))
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<SliceOffsetRead>(&getContext());
    // An input that only gave the loops their bounds (tg-to-linalg adds
    // one when no read spans them, as an offset read does not) goes once
    // the slices do: the tile rules see a sum of products' two factors.
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
