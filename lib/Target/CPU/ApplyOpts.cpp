//===- ApplyOpts.cpp - the tg-cpu-apply-opts pass -------------------------===//
//
// Carries out a kernel's #tg.opts on tensors, where tiles are values and
// loop-invariant accumulators can be hoisted (after bufferization, memref
// arguments might alias and nothing moves):
//
//   1. split:     the split loop is tiled alone and every producer stage is
//                 fused into it, so each worker computes its share from
//                 scratch (`tg.split` marks the loop for the kernel ABI);
//   2. tile:      the other parallel loops are tiled, with the initial fill
//                 of the output fused into the tile; then the reduction loops;
//   3. vectorize: the tiled root and the fused fills become vector ops (a
//                 contraction becomes vector.contract), and accumulators
//                 read and written in every reduction step are hoisted into
//                 loop-carried vectors.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "KernelRoot.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUAPPLYOPTS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

SmallVector<OpFoldResult> indexAttrs(Builder &b, ArrayRef<int64_t> values) {
  return llvm::map_to_vector(values, [&](int64_t v) -> OpFoldResult {
    return b.getIndexAttr(v);
  });
}

/// Tiles `op` with `sizes` (0: untiled), fusing the producers `fuse` accepts
/// into the innermost loop. Returns the tiled op, or null when no loop was
/// made because every size is 0.
FailureOr<linalg::LinalgOp> tileAndFuse(RewriterBase &rewriter, linalg::LinalgOp op,
                                        ArrayRef<int64_t> sizes,
                                        function_ref<bool(Operation *)> fuse,
                                        SmallVector<LoopLikeOpInterface> *loops = nullptr) {
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
    return op;
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions.setTileSizes(indexAttrs(rewriter, sizes));
  options.setFusionControlFn([&](tensor::ExtractSliceOp, OpResult producer, bool)
                                 -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
    if (!fuse(producer.getOwner()))
      return std::nullopt;
    return scf::SCFTileAndFuseOptions::ControlFnResult{};
  });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> tiled = scf::tileConsumerAndFuseProducersUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  for (auto [original, replacement] : tiled->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  if (loops)
    *loops = tiled->loops;
  return cast<linalg::LinalgOp>(tiled->tiledAndFusedOps.front());
}

/// The last reduction loop that appears in indexing maps only as a whole
/// index (a matmul's k, a convolution's input channel; not its window
/// offsets, which are summed with an output index).
std::optional<unsigned> plainReductionLoop(linalg::GenericOp generic) {
  SmallVector<unsigned> reductions;
  generic.getReductionDims(reductions);
  for (unsigned loop : llvm::reverse(reductions)) {
    bool plain = llvm::all_of(generic.getIndexingMapsArray(), [&](AffineMap map) {
      return llvm::all_of(map.getResults(), [&](AffineExpr result) {
        return isa<AffineDimExpr>(result) || !result.isFunctionOfDim(loop);
      });
    });
    if (plain)
      return loop;
  }
  return std::nullopt;
}

/// vector.contract(a, b) → vector.contract(b, a) when a holds the result's
/// last axis: the outer-product lowering then broadcasts scalars of the other
/// operand over vectors along that axis instead of transposing every step.
struct PutRowOperandFirst : OpRewritePattern<vector::ContractionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ContractionOp contract,
                                PatternRewriter &rewriter) const override {
    auto maps = contract.getIndexingMapsArray();
    AffineMap result = maps[2];
    if (result.getNumResults() == 0 ||
        !isa<FloatType>(getElementTypeOrSelf(contract.getLhsType())))
      return failure();
    AffineExpr column = result.getResults().back();
    auto reads = [&](AffineMap map) { return llvm::is_contained(map.getResults(), column); };
    if (!reads(maps[0]) || reads(maps[1]))
      return failure();
    rewriter.replaceOpWithNewOp<vector::ContractionOp>(
        contract, contract.getRhs(), contract.getLhs(), contract.getAcc(),
        rewriter.getAffineMapArrayAttr({maps[1], maps[0], maps[2]}),
        contract.getIteratorTypes(), contract.getKind());
    return success();
  }
};

struct ApplyOptsPass : tg::impl::TGCPUApplyOptsBase<ApplyOptsPass> {
  void runOnOperation() override {
    SmallVector<func::FuncOp> kernels;
    for (auto kernel : getOperation().getOps<func::FuncOp>())
      if (kernel->hasAttr("tg.opts"))
        kernels.push_back(kernel);
    for (func::FuncOp kernel : kernels)
      if (failed(apply(kernel, kernel->getAttrOfType<KernelOptsAttr>("tg.opts"))))
        return signalPassFailure();
  }

  LogicalResult apply(func::FuncOp kernel, KernelOptsAttr opts) {
    if (opts.getSplit() < 0 && opts.getTile().empty())
      return success();
    linalg::GenericOp root = getKernelRoot(kernel);
    if (!root)
      return kernel.emitError("tg.opts on a kernel whose result is not computed by a "
                              "linalg.generic");
    unsigned numLoops = root.getNumLoops();
    SmallVector<int64_t> tile(opts.getTile());
    if (!tile.empty() && tile.size() != numLoops)
      return kernel.emitError() << "tg.opts has " << tile.size()
                                << " tile sizes for a kernel of " << numLoops << " loops";
    tile.resize(numLoops, 0);
    auto iterators = root.getIteratorTypesArray();
    int64_t split = opts.getSplit();
    if (split >= static_cast<int64_t>(numLoops) ||
        (split >= 0 && iterators[split] != utils::IteratorType::parallel))
      return kernel.emitError() << "tg.opts splits loop " << split
                                << ", which is not a parallel loop of the kernel";
    if (split >= 0 && !onlyRootWritesOutput(kernel, root))
      return kernel.emitError() << "tg.opts splits a kernel whose output is read or "
                                   "written outside its last stage";

    IRRewriter rewriter(&getContext());
    linalg::LinalgOp tiled = root;
    if (split >= 0) {
      SmallVector<int64_t> sizes(numLoops, 0);
      sizes[split] = std::max<int64_t>(1, tile[split]);
      SmallVector<LoopLikeOpInterface> loops;
      FailureOr<linalg::LinalgOp> result =
          tileAndFuse(rewriter, tiled, sizes, [](Operation *) { return true; }, &loops);
      if (failed(result))
        return kernel.emitError("tg.opts: could not tile the split loop");
      tiled = *result;
      loops.front()->setAttr("tg.split", rewriter.getUnitAttr());
      tile[split] = 0;
    }

    // Parallel tiles; then reduction steps of 1, or T > 1 partial sums.
    SmallVector<int64_t> parallelTile(tile), stepTile(tile), partialTile(numLoops, 0);
    for (unsigned loop = 0; loop < numLoops; ++loop) {
      bool parallel = iterators[loop] == utils::IteratorType::parallel;
      (parallel ? stepTile : parallelTile)[loop] = 0;
      if (!parallel && tile[loop] > 1) {
        partialTile[loop] = tile[loop];
        stepTile[loop] = 0;
      }
    }
    auto isFill = [](Operation *op) { return isa<linalg::FillOp>(op); };
    FailureOr<linalg::LinalgOp> result = tileAndFuse(rewriter, tiled, parallelTile, isFill);
    if (succeeded(result))
      result = tileAndFuse(rewriter, *result, stepTile, [](Operation *) { return false; });
    SmallVector<Operation *> merges;
    if (succeeded(result))
      result = tilePartialReduction(rewriter, *result, partialTile, merges);
    if (failed(result))
      return kernel.emitError("tg.opts: could not tile the kernel");
    tiled = *result;

    if (opts.getVectorize() && failed(vectorize(tiled, merges, rewriter)))
      return failure();
    return cleanUp(kernel);
  }

  /// tinygrad's UNROLL of a reduce: the reduction loops with a tile T > 1
  /// accumulate T partial results side by side (vector lanes), merged once
  /// at the end; `merges` receives the merging ops.
  FailureOr<linalg::LinalgOp> tilePartialReduction(RewriterBase &rewriter, linalg::LinalgOp op,
                                                   ArrayRef<int64_t> sizes,
                                                   SmallVector<Operation *> &merges) {
    SmallVector<unsigned> dims;
    for (auto [loop, size] : llvm::enumerate(sizes))
      if (size > 0)
        dims.push_back(loop);
    if (dims.empty())
      return op;
    scf::SCFTilingOptions options;
    options.setTileSizes(indexAttrs(rewriter, sizes));
    options.setReductionTilingStrategy(ReductionTilingStrategy::PartialReductionOuterReduction);
    options.setReductionDims(dims);
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> tiled =
        scf::tileUsingSCF(rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(tiled))
      return failure();
    rewriter.replaceOp(op, tiled->replacements);
    merges = tiled->mergeOps;
    return cast<linalg::LinalgOp>(tiled->tiledOps.back());
  }

  /// Vectorizes the tiled root, the ops merging its partial sums and the
  /// fills fused into its tile loops.
  LogicalResult vectorize(linalg::LinalgOp root, ArrayRef<Operation *> merges,
                          RewriterBase &rewriter) {
    // A tile's unit loops go first: a window read `y + ky` with ky fixed in
    // the tile is then a plain `y`, which the vectorizer accepts. One
    // reduction loop that every operand reads as a plain index stays, so a
    // sum of products still vectorizes to a vector.contract (lowered to
    // outer products).
    if (auto generic = dyn_cast<linalg::GenericOp>(root.getOperation());
        generic && llvm::is_contained(generic.getStaticLoopRanges(), 1)) {
      linalg::ControlDropUnitDims control;
      control.rankReductionStrategy =
          linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
      control.controlFn = [](Operation *op) {
        auto generic = cast<linalg::GenericOp>(op);
        std::optional<unsigned> kept = plainReductionLoop(generic);
        SmallVector<unsigned> droppable;
        for (unsigned loop = 0; loop < generic.getNumLoops(); ++loop)
          if (loop != kept)
            droppable.push_back(loop);
        return droppable;
      };
      rewriter.setInsertionPoint(generic);
      FailureOr<linalg::DropUnitDimsResult> dropped =
          linalg::dropUnitDims(rewriter, generic, control);
      if (succeeded(dropped)) {
        rewriter.replaceOp(generic, dropped->replacements);
        root = cast<linalg::LinalgOp>(dropped->resultOp.getOperation());
      }
    }
    SmallVector<Operation *> tiles = {root};
    llvm::append_range(tiles, merges);
    for (Operation *loop = root->getParentOp(); !isa<func::FuncOp>(loop);
         loop = loop->getParentOp())
      loop->walk([&](linalg::FillOp fill) {
        if (!llvm::is_contained(tiles, fill.getOperation()))
          tiles.push_back(fill);
      });
    for (Operation *op : tiles) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> vectorized = linalg::vectorize(
          rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
          /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
          /*assumeDynamicDimsMatchVecSizes=*/false, /*createNamedContraction=*/true);
      if (failed(vectorized))
        return op->emitError("tg.opts: could not vectorize this tile");
      rewriter.replaceOp(op, vectorized->replacements);
    }
    return success();
  }

  /// Folds the tile loops' index arithmetic and slices, then hoists the
  /// accumulators out of the reduction loops (innermost first).
  LogicalResult cleanUp(func::FuncOp kernel) {
    // Products reduced along the reduction loop read as vector.contract
    // before canonicalization folds a unit reduction into a shape_cast; the
    // broadcasts in its operands' reads fold into its indexing maps.
    RewritePatternSet contractions(&getContext());
    vector::populateVectorReductionToContractPatterns(contractions);
    vector::populateVectorTransferPermutationMapLoweringPatterns(contractions);
    contractions.add<PutRowOperandFirst>(&getContext());
    if (failed(applyPatternsGreedily(kernel, std::move(contractions))))
      return kernel.emitError("tg.opts: forming contractions did not converge");
    RewritePatternSet patterns(&getContext());
    for (Dialect *dialect : getContext().getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : getContext().getRegisteredOperations())
      name.getCanonicalizationPatterns(patterns, &getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));
    if (failed(applyPatternsGreedily(kernel, frozen)))
      return kernel.emitError("tg.opts: canonicalization did not converge");
    IRRewriter rewriter(&getContext());
    SmallVector<LoopLikeOpInterface> loops;
    kernel.walk([&](LoopLikeOpInterface loop) { loops.push_back(loop); });
    for (LoopLikeOpInterface loop : loops)
      hoistLoopInvariantSubsets(rewriter, loop);
    return applyPatternsGreedily(kernel, frozen);
  }
};

} // namespace
