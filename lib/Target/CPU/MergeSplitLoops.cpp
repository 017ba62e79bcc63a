//===- MergeSplitLoops.cpp - the tg-cpu-merge-split-loops pass ------------===//
//
// A GPT block's qkv projection computes [16, 64, 384] and adds its bias in
// the kernel's output shape [16, 64, 3, 4, 32] (q, k and v, 4 heads of 32),
// reading the sum at `d2 * 128 + d3 * 32 + d4`. The optimizer tiles a
// stage after the main one only when it reads along loops, so the kernel
// ran untiled as scalars (17 ms, 6 GFLOPS). Loops that every operand reads
// either as one axis, linearized, or as adjacent axes are one loop split:
// merged, the stage runs [16, 64, 384] and its reads are loops again.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "KernelRoot.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUMERGESPLITLOOPS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// The adjacent loops `expr` linearizes row-major, `d_a * (n_a+1 ... n_b) +
/// ... + d_b` over loop extents `ranges`, covering an axis of `size`
/// elements; empty if it is not such a sum of two or more loops.
ReassociationIndices linearizedLoops(AffineExpr expr, ArrayRef<int64_t> ranges, int64_t size) {
  unsigned numDims = ranges.size();
  if (!expr.isPureAffine() || isa<AffineDimExpr, AffineConstantExpr>(expr))
    return {};
  ReassociationIndices loops;
  SmallVector<int64_t> coefficients;
  for (unsigned dim = 0; dim < numDims; ++dim)
    if (int64_t c = coefficientOf(expr, dim, numDims)) {
      loops.push_back(dim);
      coefficients.push_back(c);
    }
  // No constant term: the value at all loops 0 is 0.
  SmallVector<AffineExpr> zeros(numDims, getAffineConstantExpr(0, expr.getContext()));
  auto atZero = dyn_cast<AffineConstantExpr>(expr.replaceDims(zeros));
  if (loops.size() < 2 || !atZero || atZero.getValue() != 0 || coefficients.back() != 1)
    return {};
  int64_t count = ranges[loops.back()];
  for (size_t i = loops.size() - 1; i-- > 0;) {
    if (loops[i] + 1 != loops[i + 1] || coefficients[i] != count)
      return {};
    count *= ranges[loops[i]];
  }
  return count == size ? loops : ReassociationIndices{};
}

/// How a stage reads its inputs once each linearized run of loops is read
/// along the loops: an input axis splits into the run's extents.
struct SplitReads {
  SmallVector<AffineMap> maps;
  /// Per input, the axes of its expand_shape, empty if it keeps its shape.
  SmallVector<SmallVector<ReassociationIndices>> inputAxes;
  SmallVector<SmallVector<int64_t>> inputShapes;
  SmallVector<ReassociationIndices> runs;
};

/// The stage's reads with each linearized run split, when some input reads
/// one and every read is then loops alone, each run as adjacent axes.
std::optional<SplitReads> splitLinearizedReads(linalg::GenericOp generic) {
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  if (!tileableLoops(ranges))
    return std::nullopt;
  SplitReads split{generic.getIndexingMapsArray(), {}, {}, {}};
  MLIRContext *context = generic.getContext();
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap &map = split.maps[input->getOperandNumber()];
    auto type = cast<RankedTensorType>(input->get().getType());
    SmallVector<AffineExpr> results;
    SmallVector<ReassociationIndices> axes;
    SmallVector<int64_t> shape;
    bool splits = false;
    for (auto [axis, expr] : llvm::enumerate(map.getResults())) {
      ReassociationIndices loops = linearizedLoops(expr, ranges, type.getDimSize(axis));
      splits |= !loops.empty();
      if (!loops.empty() && !llvm::is_contained(split.runs, loops))
        split.runs.push_back(loops);
      axes.emplace_back();
      for (int64_t loop : loops.empty() ? ReassociationIndices{-1} : loops) {
        axes.back().push_back(results.size());
        results.push_back(loop < 0 ? expr : getAffineDimExpr(loop, context));
        shape.push_back(loop < 0 ? type.getDimSize(axis) : ranges[loop]);
      }
    }
    split.inputAxes.push_back(splits ? axes : SmallVector<ReassociationIndices>{});
    split.inputShapes.push_back(shape);
    map = AffineMap::get(map.getNumDims(), 0, results, context);
  }
  auto iterators = generic.getIteratorTypesArray();
  auto mixesIterators = [&](const ReassociationIndices &run) {
    return llvm::any_of(run, [&](int64_t loop) { return iterators[loop] != iterators[run[0]]; });
  };
  if (split.runs.empty() || llvm::any_of(split.runs, mixesIterators) ||
      !llvm::all_of(split.maps, [](AffineMap map) { return map.isProjectedPermutation(); }) ||
      !linalg::areDimSequencesPreserved(split.maps, split.runs))
    return std::nullopt;
  return split;
}

/// `generic` reading its inputs as `split` says, through expand_shapes.
linalg::GenericOp withSplitReads(linalg::GenericOp generic, const SplitReads &split,
                                 RewriterBase &rewriter) {
  SmallVector<Value> inputs;
  for (auto [i, input] : llvm::enumerate(generic.getDpsInputs())) {
    if (split.inputAxes[i].empty()) {
      inputs.push_back(input);
      continue;
    }
    auto type = cast<RankedTensorType>(input.getType()).clone(split.inputShapes[i]);
    inputs.push_back(
        tensor::ExpandShapeOp::create(rewriter, generic.getLoc(), type, input, split.inputAxes[i]));
  }
  auto reading =
      linalg::GenericOp::create(rewriter, generic.getLoc(), generic.getResultTypes(), inputs,
                                generic.getDpsInits(), split.maps, generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), reading.getRegion(),
                              reading.getRegion().begin());
  rewriter.replaceOp(generic, reading->getResults());
  return reading;
}

struct MergeSplitLoopsPass : tg::impl::TGCPUMergeSplitLoopsBase<MergeSplitLoopsPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    // A loop the body computes with would come back through a div and a
    // mod per element.
    SmallVector<linalg::GenericOp> stages = tensorStages(kernel, [](linalg::GenericOp generic) {
      return generic.getBody()->getOps<linalg::IndexOp>().empty();
    });
    IRRewriter rewriter(&getContext());
    bool changed = false;
    for (linalg::GenericOp generic : stages) {
      std::optional<SplitReads> split = splitLinearizedReads(generic);
      if (!split)
        continue;
      rewriter.setInsertionPoint(generic);
      linalg::GenericOp reading = withSplitReads(generic, *split, rewriter);
      FailureOr<linalg::CollapseResult> collapsed =
          linalg::collapseOpIterationDims(reading, split->runs, rewriter);
      // splitLinearizedReads checked what upstream requires: runs of one
      // iterator kind whose every map keeps them together.
      if (failed(collapsed)) {
        reading.emitOpError("has loop runs that were checked mergeable but did not merge");
        return signalPassFailure();
      }
      rewriter.replaceOp(reading, collapsed->results);
      changed = true;
    }
    if (!changed)
      return;
    // The expand_shape of a stage's result and the collapse_shape that
    // reads it back cancel, so no reshape stands between fused stages.
    RewritePatternSet patterns(&getContext());
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, &getContext());
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(kernel, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
