//===- ApplyOpts.cpp - the tg-cpu-apply-opts pass -------------------------===//
//
// Carries out a kernel's #tg.opts on tensors, where tiles are values and
// loop-invariant accumulators can be hoisted (after bufferization, memref
// arguments might alias and nothing moves). The opts name the loops of the
// kernel's main op: its root, or the reduction an elementwise root (a bias,
// an activation) finishes, which is fused into the root's tiles.
//
//   1. split:     the split loop is tiled alone and every producer stage a
//                 tile reads part of is fused into it, so each worker
//                 computes its share from scratch; a stage every tile reads
//                 whole runs once per worker, before the loop (`tg.split`
//                 marks the loop for the kernel ABI);
//   rows:         reductions the kernel reads once per row (softmax's max
//                 and sum) are fused into a loop over row tiles and computed
//                 in vector lanes, before the row's outputs, while the rows
//                 are in cache;
//   outer:        a reduction loop over more data than a cache holds runs
//                 outside the tiles, a step at a time, the tiles adding to
//                 the output (an epilogue runs once, after it);
//   2. tile:      the other parallel loops are tiled, with the main op and
//                 its initial fill fused into the tile; then the main op's
//                 reduction loops. Wide strips that every tile of an inner
//                 loop reads are copied contiguous first (packed); a loop
//                 its tile does not divide ends in a partial tile, peeled
//                 off so that every tile has static shapes;
//   3. vectorize: the tiled main op, its fills no larger than the tile and
//                 its epilogue become vector ops (a contraction becomes
//                 vector.contract), and accumulators read and written in
//                 every reduction step are hoisted into loop-carried
//                 vectors, laid out as rows of vectors along the opts'
//                 `vector` loop.
//
// The optimizer never makes a compile fail: opts that cannot be carried out
// fall back, on a fresh copy of the kernel each time, to halved tiles, then
// no vectorization, then no tiles, then nothing. The kernel records what was
// applied (`tg.opts`) and why it differs from the choice (`tg.opts_fallback`).
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "KernelRoot.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/SmallBitVector.h"

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

/// Whether `slice`, what a tile reads of a producer's result, is only part
/// of it: a stage whose whole result every tile reads (a convolution's zero
/// padding, split by output channels) is computed once, before the loop,
/// instead of again in every tile.
bool readsPart(tensor::ExtractSliceOp slice, Operation *) {
  return slice.getSourceType().getShape() != slice.getResultType().getShape();
}

/// Fuses no producer into a tile.
bool fuseNone(tensor::ExtractSliceOp, Operation *) { return false; }

/// Tiles `op` with `sizes` (0: untiled), fusing the producers `fuse` accepts
/// (given the slice of the producer a tile reads) into the innermost loop.
/// Returns the tiled op, or null when no loop was made because every size
/// is 0.
FailureOr<linalg::LinalgOp>
tileAndFuse(RewriterBase &rewriter, linalg::LinalgOp op, ArrayRef<int64_t> sizes,
            function_ref<bool(tensor::ExtractSliceOp, Operation *)> fuse,
            SmallVector<LoopLikeOpInterface> *loops = nullptr, ArrayRef<int64_t> order = {}) {
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
    return op;
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions.setTileSizes(indexAttrs(rewriter, sizes));
  options.tilingOptions.setInterchange(order);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp slice, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!fuse(slice, producer.getOwner()))
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

/// The parallel loops that `value`, computed in `generic`'s body, depends
/// on through the inputs it reads.
llvm::SmallBitVector parallelLoopsRead(linalg::GenericOp generic, Value value) {
  llvm::SmallBitVector loops(generic.getNumLoops());
  auto iterators = generic.getIteratorTypesArray();
  SmallVector<Value> pending = {value};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!pending.empty()) {
    Value next = pending.pop_back_val();
    if (auto argument = dyn_cast<BlockArgument>(next)) {
      if (argument.getOwner() != generic.getBody())
        continue;
      OpOperand &operand = generic->getOpOperand(argument.getArgNumber());
      for (AffineExpr result : generic.getMatchingIndexingMap(&operand).getResults())
        for (unsigned loop = 0; loop < generic.getNumLoops(); ++loop)
          if (iterators[loop] == utils::IteratorType::parallel && result.isFunctionOfDim(loop))
            loops.set(loop);
    } else if (Operation *op = next.getDefiningOp();
               op && op->getBlock() == generic.getBody() && seen.insert(op).second) {
      llvm::append_range(pending, op->getOperands());
    }
  }
  return loops;
}

/// Whether the body's `out + a * b` multiplies factors that vary along the
/// same output loops (a BatchNorm gradient's sum of (x - mean) * g), lane by
/// lane once vectorized, rather than a row by a column (a matmul's a[i, k]
/// and b[k, j]), whose sum is a contraction of outer products.
bool multipliesLaneByLane(linalg::GenericOp generic) {
  Operation *multiply = outputPlusProduct(generic).multiply;
  return multiply && parallelLoopsRead(generic, multiply->getOperand(0)) ==
                         parallelLoopsRead(generic, multiply->getOperand(1));
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

/// vector.contract whose accumulator is laid out against the loop order
/// (acc[i][j] with loop j before i; a tile of two row loops: acc[c][y][x]
/// with c last) → the same contraction on the accumulator permuted into loop
/// order, permuted back: the outer products then run along the last loop,
/// which tg-cpu-apply-opts put there as the vector axis (the output's
/// channels of a convolution, stored along a slower axis of the output).
/// The permutes leave the reduction loops with CarryTransposedVector.
struct ContractInLoopOrder : OpRewritePattern<vector::ContractionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ContractionOp contract,
                                PatternRewriter &rewriter) const override {
    auto acc = dyn_cast<VectorType>(contract.getAccType());
    SmallVector<AffineMap> maps = contract.getIndexingMapsArray();
    if (!acc || acc.getRank() < 2 || !maps[2].isProjectedPermutation())
      return failure();
    // toLoopOrder[i]: the accumulator axis of the i-th result loop.
    auto toLoopOrder = llvm::to_vector(llvm::seq<int64_t>(0, acc.getRank()));
    llvm::sort(toLoopOrder, [&](int64_t a, int64_t b) {
      return maps[2].getDimPosition(a) < maps[2].getDimPosition(b);
    });
    if (llvm::is_sorted(toLoopOrder))
      return failure();
    SmallVector<AffineExpr> inLoopOrder =
        llvm::map_to_vector(toLoopOrder, [&](int64_t axis) { return maps[2].getResult(axis); });
    maps[2] = AffineMap::get(maps[2].getNumDims(), 0, inLoopOrder, contract.getContext());
    Location loc = contract.getLoc();
    Value permutedAcc = vector::TransposeOp::create(rewriter, loc, contract.getAcc(), toLoopOrder);
    auto permuted = vector::ContractionOp::create(
        rewriter, loc, contract.getLhs(), contract.getRhs(), permutedAcc,
        rewriter.getAffineMapArrayAttr(maps), contract.getIteratorTypes(), contract.getKind());
    rewriter.replaceOpWithNewOp<vector::TransposeOp>(contract, permuted,
                                                     invertPermutationVector(toLoopOrder));
    return success();
  }
};

/// An scf.for carrying a vector that it permutes first thing and yields
/// permuted back → the loop carries the permuted vector: a tile whose
/// vector axis is not the output's last axis keeps its accumulator hoisted
/// out of the reduction loop in the outer-product layout, and permutes it
/// once before and once after the loop rather than twice in every
/// reduction step.
struct CarryTransposedVector : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp loop, PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
      BlockArgument arg = loop.getRegionIterArgs()[i];
      if (!arg.hasOneUse())
        continue;
      auto first = dyn_cast<vector::TransposeOp>(*arg.user_begin());
      auto last = loop.getYieldedValues()[i].getDefiningOp<vector::TransposeOp>();
      if (!first || !last ||
          last.getPermutation() != ArrayRef(invertPermutationVector(first.getPermutation())))
        continue;
      Location loc = loop.getLoc();
      OpOperand &init = loop.getInitArgsMutable()[i];
      OpResult result = loop->getResult(i);
      Type permuted = first.getType();
      rewriter.setInsertionPoint(loop);
      Value permutedInit =
          vector::TransposeOp::create(rewriter, loc, init.get(), first.getPermutation());
      rewriter.modifyOpInPlace(loop, [&] {
        init.set(permutedInit);
        arg.setType(permuted);
        result.setType(permuted);
      });
      rewriter.replaceAllUsesWith(first, arg);
      rewriter.eraseOp(first);
      Operation *yield = loop.getBody()->getTerminator();
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(i, last.getVector()); });
      rewriter.setInsertionPointAfter(loop);
      auto back = vector::TransposeOp::create(rewriter, loc, result, last.getPermutation());
      rewriter.replaceAllUsesExcept(result, back, back);
      return success();
    }
    return failure();
  }
};

/// transfer_read(extract_slice(transfer_write(v, t))) → shape_cast(v), when
/// the write fills all of t and the slice and the read take all of it back:
/// a tile's accumulator starts as its fill, written into a slice of scratch
/// and read back through a rank-reducing slice. Forwarded, the scratch is
/// dead; left, bufferization allocated the main op's whole output as
/// scratch in every worker on every launch (a 1000-image convolution: 74 MB
/// each, page-faulted anew each time).
struct ForwardWrittenTile : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    auto write = slice ? slice.getSource().getDefiningOp<vector::TransferWriteOp>() : nullptr;
    if (!write || read.getMask() || write.getMask() || !slice.hasZeroOffset() ||
        !slice.hasUnitStride())
      return failure();
    auto whole = [](auto transfer, ArrayRef<int64_t> shape) {
      return transfer.getPermutationMap().isMinorIdentity() &&
             transfer.getVectorType().getShape() == shape &&
             llvm::all_of(transfer.getIndices(), [](Value index) { return isZeroInteger(index); });
    };
    if (!whole(write, slice.getSourceType().getShape()) ||
        !whole(read, slice.getResultType().getShape()) ||
        slice.getSourceType().getNumElements() != slice.getResultType().getNumElements())
      return failure();
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(read, read.getVectorType(), write.getVector());
    return success();
  }
};

/// What to try when `chosen` cannot be applied, in order: its tiles halved
/// while every size stays whole, the tiles without vectorization, the split
/// alone, nothing (which always applies).
SmallVector<KernelOptsAttr> fallbacksOf(KernelOptsAttr chosen) {
  MLIRContext *context = chosen.getContext();
  SmallVector<KernelOptsAttr> fallbacks;
  auto add = [&](int64_t split, bool vectorize, ArrayRef<int64_t> tile) {
    auto opts = KernelOptsAttr::get(context, split, vectorize, tile,
                                    vectorize ? chosen.getVector() : -1,
                                    tile.empty() ? -1 : chosen.getOuter());
    if (opts != chosen && !llvm::is_contained(fallbacks, opts))
      fallbacks.push_back(opts);
  };
  SmallVector<int64_t> tile(chosen.getTile());
  while (chosen.getVectorize() && llvm::any_of(tile, [](int64_t s) { return s > 1 && s % 2 == 0; })) {
    for (int64_t &size : tile)
      if (size > 1 && size % 2 == 0)
        size /= 2;
    add(chosen.getSplit(), true, tile);
  }
  add(chosen.getSplit(), false, chosen.getTile());
  add(chosen.getSplit(), false, {});
  add(-1, false, {});
  return fallbacks;
}

struct ApplyOptsPass : tg::impl::TGCPUApplyOptsBase<ApplyOptsPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    auto opts = kernel->getAttrOfType<KernelOptsAttr>("tg.opts");
    if (!opts)
      return;
    if (failed(verifyOpts(kernel, opts)))
      return signalPassFailure();
    applyOrFallBack(kernel);
  }

  /// Applies the kernel's opts, or the first fallback that applies.
  void applyOrFallBack(func::FuncOp kernel) {
    auto chosen = kernel->getAttrOfType<KernelOptsAttr>("tg.opts");
    std::string firstError;
    SmallVector<KernelOptsAttr> attempts = {chosen};
    llvm::append_range(attempts, fallbacksOf(chosen));
    for (KernelOptsAttr opts : attempts) {
      // A failed attempt leaves its copy half rewritten; the kernel itself
      // is only replaced by a copy that succeeded.
      OwningOpRef<ModuleOp> scratch = ModuleOp::create(kernel.getLoc());
      auto copy = cast<func::FuncOp>(kernel->clone());
      scratch->push_back(copy);
      std::string error;
      LogicalResult applied = failure();
      {
        ScopedDiagnosticHandler capture(&getContext(), [&](Diagnostic &d) {
          if (error.empty())
            error = d.str();
          return success();
        });
        applied = apply(copy, opts);
      }
      if (failed(applied)) {
        if (firstError.empty())
          firstError = error.empty() ? "tg.opts: the rewrites did not converge" : error;
        continue;
      }
      kernel.getBody().takeBody(copy.getBody());
      if (opts != chosen) {
        std::string why;
        llvm::raw_string_ostream os(why);
        os << firstError << " with " << chosen;
        kernel->setAttr("tg.opts", opts);
        kernel->setAttr("tg.opts_fallback", StringAttr::get(&getContext(), why));
      }
      return;
    }
    llvm_unreachable("applying no opts cannot fail");
  }

  /// Whether `opts` fit the kernel at all: opts that name loops it does not
  /// have are an error to report, not a choice to fall back from.
  LogicalResult verifyOpts(func::FuncOp kernel, KernelOptsAttr opts) {
    if (opts.getSplit() < 0 && opts.getTile().empty() && opts.getOuter() < 0)
      return success();
    linalg::GenericOp root = getKernelRoot(kernel);
    if (!root)
      return kernel.emitError("tg.opts on a kernel whose result is not computed by a "
                              "linalg.generic");
    MainOp main = getMainOp(root);
    unsigned numLoops = main.op.getNumLoops();
    size_t tiles = opts.getTile().size();
    if (tiles != 0 && tiles != numLoops)
      return kernel.emitError() << "tg.opts has " << tiles << " tile sizes for a kernel of "
                                << numLoops << " loops";
    auto iterators = main.op.getIteratorTypesArray();
    int64_t split = opts.getSplit();
    if (split >= static_cast<int64_t>(numLoops) ||
        (split >= 0 && (iterators[split] != utils::IteratorType::parallel ||
                        !llvm::is_contained(main.loopOfRootLoop, unsigned(split)))))
      return kernel.emitError() << "tg.opts splits loop " << split
                                << ", which is not a parallel loop of the kernel's last stage";
    int64_t vector = opts.getVector();
    if (vector >= static_cast<int64_t>(numLoops) ||
        (vector >= 0 && iterators[vector] != utils::IteratorType::parallel))
      return kernel.emitError() << "tg.opts vectorizes along loop " << vector
                                << ", which is not a parallel loop of the kernel's main op";
    if (split >= 0 && !onlyRootWritesOutput(kernel, root))
      return kernel.emitError() << "tg.opts splits a kernel whose output is read or "
                                   "written outside its last stage";
    int64_t outer = opts.getOuter();
    if (outer >= static_cast<int64_t>(numLoops) ||
        (outer >= 0 && iterators[outer] != utils::IteratorType::reduction))
      return kernel.emitError() << "tg.opts runs loop " << outer
                                << " outside the tiles, which is not a reduction loop of the "
                                   "kernel's main op";
    if (outer >= 0 && tiles == 0)
      return kernel.emitError()
             << "tg.opts runs a reduction loop outside the tiles of a kernel without tiles";
    return success();
  }

  /// Carries out opts that verifyOpts accepted.
  LogicalResult apply(func::FuncOp kernel, KernelOptsAttr opts) {
    if (opts.getSplit() < 0 && opts.getTile().empty())
      return success();
    linalg::GenericOp root = getKernelRoot(kernel);
    MainOp main = getMainOp(root);
    bool epilogue = main.op != root;
    unsigned numLoops = main.op.getNumLoops();
    SmallVector<int64_t> tile(opts.getTile());
    tile.resize(numLoops, 0);
    // A tile larger than its loop (6 rows of 4) is the whole loop.
    for (auto [size, range] : llvm::zip(tile, main.op.getStaticLoopRanges()))
      if (!ShapedType::isDynamic(range))
        size = std::min(size, range);
    auto iterators = main.op.getIteratorTypesArray();
    int64_t split = opts.getSplit();
    IRRewriter rewriter(&getContext());
    // The root is tiled by the sizes of the main op's loops it runs with
    // (its own unit loops are left untiled: 0).
    auto rootSizes = [&](ArrayRef<int64_t> mainSizes) {
      return llvm::map_to_vector(main.loopOfRootLoop, [&](unsigned loop) {
        return loop == MainOp::kNoLoop ? int64_t(0) : mainSizes[loop];
      });
    };
    // Tiling the root fuses the main op into its tile; find it there.
    auto tileRoot = [&](ArrayRef<int64_t> sizes,
                        function_ref<bool(tensor::ExtractSliceOp, Operation *)> fuse,
                        SmallVector<LoopLikeOpInterface> *loops,
                        ArrayRef<int64_t> order = {}) -> LogicalResult {
      FailureOr<linalg::LinalgOp> tiled =
          tileAndFuse(rewriter, root, rootSizes(sizes), fuse, loops, order);
      if (failed(tiled))
        return failure();
      root = cast<linalg::GenericOp>(tiled->getOperation());
      MainOp fused = getMainOp(root);
      if (fused.op == root) {
        if (epilogue)
          return failure();
        main.op = root;
      } else {
        main.op = fused.op;
      }
      return success();
    };

    if (split >= 0) {
      SmallVector<int64_t> sizes(numLoops, 0);
      sizes[split] = std::max<int64_t>(1, tile[split]);
      SmallVector<LoopLikeOpInterface> loops;
      if (failed(tileRoot(sizes, readsPart, &loops)))
        return kernel.emitError("tg.opts: could not tile the split loop");
      loops.front()->setAttr("tg.split", rewriter.getUnitAttr());
      tile[split] = 0;
    }
    // Reductions read once per row (softmax's max and sum, fused by
    // tg-kernelize's fuse-row-reductions): the row loops are tiled with
    // every stage fused, so a tile computes its rows' reductions and then
    // their outputs while the rows are in cache.
    SmallVector<linalg::GenericOp> rowStages;
    if (std::optional<SmallVector<unsigned>> rows = rowLoops(main, root)) {
      SmallVector<int64_t> sizes(numLoops, 0);
      for (unsigned loop : *rows)
        if (int64_t(loop) != split)
          sizes[loop] = std::max<int64_t>(1, tile[loop]);
      if (failed(tileRoot(sizes, readsPart, nullptr)))
        return kernel.emitError("tg.opts: could not tile the rows of the reductions read per row");
      for (unsigned loop : *rows)
        tile[loop] = 0;
      // A stage read by two others (softmax's max, read by the sum and by
      // the output) is fused once for each; the copies are one computation.
      DominanceInfo dominance;
      eliminateCommonSubExpressions(rewriter, dominance, kernel);
      root->getBlock()->walk([&](linalg::GenericOp stage) {
        if (stage != main.op && stage.getNumReductionLoops() != 0)
          rowStages.push_back(stage);
      });
    }
    if (int64_t outer = opts.getOuter(); outer >= 0) {
      // An epilogue (a weight gradient's momentum update) would see the
      // partial sums: it is left untiled after the loop, to run once.
      if (epilogue) {
        root = main.op;
        main = getMainOp(root);
        epilogue = false;
      }
      root = accumulateInLoopOrder(rewriter, root, opts.getVector());
      main.op = root;
      // The output carries the partial sums from one step to the next; its
      // initial fill stays outside.
      SmallVector<int64_t> sizes(numLoops, 0);
      sizes[outer] = 1;
      if (failed(tileRoot(sizes, fuseNone, nullptr)))
        return kernel.emitError("tg.opts: could not run the reduction loop outside the tiles");
      tile[outer] = 0;
    }

    // Parallel tiles (of the root, with the main op and its initial fill
    // fused); then reduction steps of 1, or T > 1 partial sums.
    SmallVector<int64_t> parallelTile(tile), stepTile(tile), partialTile(numLoops, 0);
    for (unsigned loop = 0; loop < numLoops; ++loop) {
      bool parallel = iterators[loop] == utils::IteratorType::parallel;
      (parallel ? stepTile : parallelTile)[loop] = 0;
      if (!parallel && tile[loop] > 1) {
        partialTile[loop] = tile[loop];
        stepTile[loop] = 0;
      }
    }
    Operation *mainBeforeTiling = main.op;
    auto isFillOrMain = [&](tensor::ExtractSliceOp, Operation *op) {
      return isa<linalg::FillOp>(op) || op == mainBeforeTiling;
    };
    SmallVector<LoopLikeOpInterface> tileLoops;
    if (failed(tileRoot(parallelTile, isFillOrMain, &tileLoops,
                        columnsFirst(main, parallelTile, opts.getVector()))))
      return kernel.emitError("tg.opts: could not tile the kernel");
    if (failed(packReusedStrips(rewriter, main.op)))
      return failure();
    SmallVector<TileOps> tiles = {{root, main.op}};
    if (!rowStages.empty() && llvm::any_of(tileLoops, isUneven))
      return kernel.emitError("tg.opts: tiles of a kernel with reductions read per row must "
                              "divide their loops");
    if (failed(peelPartialTiles(rewriter, tileLoops, tiles)))
      return kernel.emitError("tg.opts: could not peel the partial tiles");

    if (opts.getVectorize())
      for (linalg::GenericOp stage : rowStages)
        if (failed(vectorizeRowStage(stage, rewriter)))
          return failure();
    for (TileOps tile : tiles) {
      FailureOr<linalg::LinalgOp> tiledMain = tileAndFuse(rewriter, tile.main, stepTile, fuseNone);
      SmallVector<Operation *> merges;
      if (succeeded(tiledMain))
        tiledMain = tilePartialReduction(rewriter, *tiledMain, partialTile, merges);
      if (failed(tiledMain))
        return kernel.emitError("tg.opts: could not tile the kernel's reduction");
      if (!opts.getVectorize())
        continue;
      if (failed(vectorize(*tiledMain, merges, opts.getVector(), rewriter)))
        return failure();
      if (epilogue &&
          failed(vectorizeOne(dropUnitLoops(rewriter, tile.root, std::nullopt), rewriter)))
        return failure();
    }
    return cleanUp(kernel);
  }

  /// A tile of the root and the main op fused into it.
  struct TileOps {
    linalg::GenericOp root;
    linalg::LinalgOp main;
  };

  /// Whether `loop` has static bounds and a step that does not divide them.
  static bool isUneven(LoopLikeOpInterface loop) {
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    if (!forOp)
      return false;
    std::optional<int64_t> lower = getConstantIntValue(forOp.getLowerBound());
    std::optional<int64_t> upper = getConstantIntValue(forOp.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
    return lower && upper && step && (*upper - *lower) % *step != 0;
  }

  /// Tile loops whose tile does not divide their extent (6 rows of a
  /// matmul's 1024) → a loop of whole tiles followed by the last, partial
  /// tile (scf's loop peeling, innermost loop first, so an outer loop's
  /// partial tile has the inner one's peeled too). Canonicalized, every
  /// copy has static shapes and vectorizes. `tiles` (the one tile) → the
  /// tile of each copy, in program order.
  LogicalResult peelPartialTiles(RewriterBase &rewriter, ArrayRef<LoopLikeOpInterface> loops,
                                 SmallVector<TileOps> &tiles) {
    SmallVector<scf::ForOp> uneven;
    for (LoopLikeOpInterface loop : llvm::reverse(loops))
      if (isUneven(loop))
        uneven.push_back(cast<scf::ForOp>(loop.getOperation()));
    if (uneven.empty())
      return success();
    constexpr StringLiteral kRoot = "tg.peeled_root", kMain = "tg.peeled_main";
    TileOps tile = tiles.front();
    tile.root->setAttr(kRoot, rewriter.getUnitAttr());
    tile.main->setAttr(kMain, rewriter.getUnitAttr());
    Operation *scope = uneven.back()->getParentOp();
    for (scf::ForOp loop : uneven) {
      scf::ForOp partial;
      if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)))
        return failure();
    }
    if (failed(applyPatternsGreedily(scope, canonicalizationPatterns())))
      return failure();
    SmallVector<linalg::GenericOp> roots;
    SmallVector<linalg::LinalgOp> mains;
    scope->walk([&](linalg::LinalgOp op) {
      if (op->removeAttr(kRoot))
        roots.push_back(cast<linalg::GenericOp>(op.getOperation()));
      if (op->removeAttr(kMain))
        mains.push_back(op);
    });
    if (roots.size() != mains.size() || mains.size() < 2)
      return failure();
    tiles.clear();
    for (auto [root, main] : llvm::zip(roots, mains))
      tiles.push_back({root, main});
    return success();
  }

  /// A register tile stored along a slower output axis than its vector
  /// loop, run outside the tiles (`outer`), loads and stores its
  /// accumulator element by element in every outer step (a 3x3 weight
  /// gradient's 4x64 tile: 512 scalar moves per 1024 FMAs). `root` (the
  /// main op, its output filled) → the same sum into a scratch whose axes
  /// follow the tile's loops, `vectorLoop` last, which the outer steps read
  /// and write a vector at a time, permuted into the output after them. The
  /// root is returned; unchanged when its output is in that order already.
  static linalg::GenericOp accumulateInLoopOrder(RewriterBase &rewriter, linalg::GenericOp root,
                                                 int64_t vectorLoop) {
    if (root.getNumDpsInits() != 1)
      return root;
    OpOperand *init = root.getDpsInitOperand(0);
    auto fill = init->get().getDefiningOp<linalg::FillOp>();
    AffineMap written = root.getMatchingIndexingMap(init);
    SmallVector<int64_t> ranges = root.getStaticLoopRanges();
    if (vectorLoop < 0 || !fill || !written.isProjectedPermutation() || !tileableLoops(ranges))
      return root;
    SmallVector<unsigned> order;
    for (AffineExpr axis : written.getResults())
      order.push_back(cast<AffineDimExpr>(axis).getPosition());
    llvm::sort(order);
    auto vectorAxis = llvm::find(order, unsigned(vectorLoop));
    if (vectorAxis == order.end())
      return root;
    order.erase(vectorAxis);
    order.push_back(vectorLoop);
    SmallVector<int64_t> permutation, shape;
    for (AffineExpr axis : written.getResults())
      permutation.push_back(llvm::find(order, cast<AffineDimExpr>(axis).getPosition()) -
                            order.begin());
    if (llvm::is_sorted(permutation))
      return root;
    for (unsigned loop : order)
      shape.push_back(ranges[loop]);
    Location loc = root.getLoc();
    rewriter.setInsertionPoint(root);
    Type element = getElementTypeOrSelf(init->get().getType());
    Value scratch = tensor::EmptyOp::create(rewriter, loc, shape, element);
    Value zeros =
        linalg::FillOp::create(rewriter, loc, fill.getDpsInputs()[0], scratch).getResult(0);
    SmallVector<AffineMap> maps = root.getIndexingMapsArray();
    maps[init->getOperandNumber()] =
        AffineMap::getMultiDimMapWithTargets(written.getNumDims(), order, rewriter.getContext());
    auto inLoopOrder =
        linalg::GenericOp::create(rewriter, loc, TypeRange{zeros.getType()}, root.getDpsInputs(),
                                  ValueRange{zeros}, maps, root.getIteratorTypesArray());
    rewriter.inlineRegionBefore(root.getRegion(), inLoopOrder.getRegion(),
                                inLoopOrder.getRegion().end());
    auto permuted = linalg::TransposeOp::create(rewriter, loc, inLoopOrder.getResult(0),
                                                fill.getDpsInits()[0], permutation);
    rewriter.replaceOp(root, permuted->getResults());
    if (fill->use_empty())
      rewriter.eraseOp(fill);
    return inLoopOrder;
  }

  /// The order of the root's tile loops for a reduction's register tiles:
  /// the vector loop's (the columns) outermost, so the tiles of one column
  /// strip, which read the same part of the column operand (64 columns of a
  /// matmul's B, all of k), run one after another while it is in cache,
  /// rather than all of B per row tile. None for other kernels.
  static SmallVector<int64_t> columnsFirst(MainOp main, ArrayRef<int64_t> tile,
                                           int64_t vectorLoop) {
    if (main.op.getNumReductionLoops() == 0)
      return {};
    vectorLoop = columnLoop(main.op.getIteratorTypesArray(), tile, vectorLoop);
    auto column = llvm::find(main.loopOfRootLoop, unsigned(vectorLoop));
    if (vectorLoop < 0 || column == main.loopOfRootLoop.end())
      return {};
    SmallVector<int64_t> order = {column - main.loopOfRootLoop.begin()};
    for (int64_t loop = 0; loop < int64_t(main.loopOfRootLoop.size()); ++loop)
      if (loop != order.front())
        order.push_back(loop);
    return order;
  }

  /// A reduction stage computed per row tile → partial results in up to 64
  /// lanes along its input's contiguous reduction loop, merged at the end,
  /// each step vectorized (as the main op's reduction is, tinygrad's UNROLL).
  LogicalResult vectorizeRowStage(linalg::GenericOp stage, RewriterBase &rewriter) {
    // A sum of constants (a pool's count of the window's valid elements)
    // stays scalar: linalg's vectorizer adds its constant once, not once per
    // reduction step.
    if (llvm::all_of(stage.getRegionInputArgs(), [](BlockArgument in) { return in.use_empty(); }))
      return success();
    SmallVector<int64_t> ranges = stage.getStaticLoopRanges();
    if (!tileableLoops(ranges))
      return stage.emitError("tg.opts: a reduction read per row has dynamic loops");
    SmallVector<unsigned> reductions;
    stage.getReductionDims(reductions);
    // The reduction loop of the first input's last axis: its elements lie
    // next to each other.
    unsigned lanesLoop = reductions.back();
    AffineMap read = stage.getMatchingIndexingMap(stage.getDpsInputOperand(0));
    if (auto last = dyn_cast_or_null<AffineDimExpr>(
            read.getNumResults() ? read.getResults().back() : AffineExpr());
        last && llvm::is_contained(reductions, last.getPosition()))
      lanesLoop = last.getPosition();
    int64_t extent = ranges[lanesLoop], lanes = 0;
    for (int64_t width : {64, 32, 16, 8})
      if (extent % width == 0 && lanes == 0)
        lanes = width;
    SmallVector<int64_t> steps(ranges.size(), 0), partial(ranges.size(), 0);
    for (unsigned loop : reductions)
      steps[loop] = 1;
    if (lanes != 0 && lanes < extent) {
      steps[lanesLoop] = 0;
      partial[lanesLoop] = lanes;
    } else if (extent <= 64) {
      steps[lanesLoop] = 0; // whole, one vector
    }
    FailureOr<linalg::LinalgOp> tiled = tileAndFuse(rewriter, stage, steps, fuseNone);
    SmallVector<Operation *> merges;
    if (succeeded(tiled))
      tiled = tilePartialReduction(rewriter, *tiled, partial, merges);
    if (failed(tiled))
      return stage.emitError("tg.opts: could not tile a reduction read per row");
    SmallVector<Operation *> ops = {
        dropUnitLoops(rewriter, cast<linalg::GenericOp>(tiled->getOperation()), std::nullopt)};
    llvm::append_range(ops, merges);
    for (Operation *op : ops)
      if (failed(vectorizeOne(op, rewriter)))
        return failure();
    return success();
  }

  /// A strip of an operand that a register tile reads from a wider tensor
  /// (a matmul's B: all of k, a tile's columns) → a contiguous copy of it,
  /// made once where it is sliced and read by every tile of the loops
  /// inside. Rows of a wide matrix lie a power of two apart and share a few
  /// cache sets; the copy's rows, one after another, stay in cache (BLAS
  /// packs its panels for the same reason; tinygrad does not).
  LogicalResult packReusedStrips(RewriterBase &rewriter, linalg::LinalgOp main) {
    auto innerLoop = main->getParentOfType<scf::ForOp>();
    if (!innerLoop || main.getNumReductionLoops() == 0)
      return success();
    for (OpOperand *input : main.getDpsInputOperands()) {
      // Tiling the inner loops slices the strip whole again in each.
      auto strip = input->get().getDefiningOp<tensor::ExtractSliceOp>();
      while (strip && innerLoop->isAncestor(strip) && isWhole(strip))
        strip = strip.getSource().getDefiningOp<tensor::ExtractSliceOp>();
      if (!strip || innerLoop->isAncestor(strip) || !isWideStrip(strip))
        continue;
      RankedTensorType type = strip.getResultType();
      rewriter.setInsertionPointAfter(strip);
      Value empty =
          tensor::EmptyOp::create(rewriter, strip.getLoc(), type.getShape(), type.getElementType());
      auto copy = linalg::CopyOp::create(rewriter, strip.getLoc(), strip.getResult(), empty);
      rewriter.modifyOpInPlace(main, [&] { input->set(copy.getResult(0)); });
      if (failed(copyRowByRow(rewriter, copy)))
        return failure();
    }
    return success();
  }

  /// `copy` → a loop over its rows, each row a contiguous slice copied
  /// whole (its vector read and write fold into an insert_slice, which
  /// bufferizes to a copy between contiguous buffers, a memcpy). Copied
  /// element by element, as one strided copy lowers, the copy stays scalar
  /// unless LLVM proves that source and copy do not overlap: it did for a
  /// matmul's B strip, not for ResNet-18's 512-channel weights packed 32
  /// channels at a time (r_512_7_7_512_3_3 at batch 1: 1.78-1.82 ms
  /// element by element, 1.03-1.07 row by row).
  LogicalResult copyRowByRow(RewriterBase &rewriter, linalg::CopyOp copy) {
    int64_t rank = copy.getRank(copy.getDpsInitOperand(0));
    SmallVector<int64_t> rows(rank, 1);
    rows.back() = 0;
    scf::SCFTilingOptions options;
    options.setTileSizes(indexAttrs(rewriter, rows));
    rewriter.setInsertionPoint(copy);
    FailureOr<scf::SCFTilingResult> tiled =
        scf::tileUsingSCF(rewriter, cast<TilingInterface>(copy.getOperation()), options);
    if (failed(tiled))
      return copy.emitError("tg.opts: could not copy a packed strip row by row");
    rewriter.replaceOp(copy, tiled->replacements);
    return vectorizeOne(tiled->tiledOps.front(), rewriter);
  }

  /// Whether `slice` takes all of its source.
  static bool isWhole(tensor::ExtractSliceOp slice) {
    return slice.getSourceType() == slice.getResultType() &&
           llvm::all_of(slice.getStaticOffsets(), [](int64_t o) { return o == 0; });
  }

  /// Whether `strip` is worth a copy: at least kPackBytes, and its rows are
  /// parts of longer rows of its source. A quarter of a 32 KB first-level
  /// cache is already too much to keep there when its rows share a few sets
  /// (the CNN's Linear(9216, 128) backward, 128 rows of 32 columns, 16 KB
  /// 36 KB apart: 5.2 -> 3.0 ms per gradient in the training step, 1.9 when
  /// run alone; 2 KB packs nothing more in the standard workloads).
  static bool isWideStrip(tensor::ExtractSliceOp strip) {
    constexpr int64_t kPackBytes = 8 * 1024;
    RankedTensorType type = strip.getResultType(), source = strip.getSourceType();
    if (!type.hasStaticShape() || !source.hasStaticShape() || type.getRank() < 2 ||
        !type.getElementType().isIntOrFloat() ||
        !llvm::all_of(strip.getStaticStrides(), [](int64_t s) { return s == 1; }))
      return false;
    int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
    return bytes >= kPackBytes && type.getShape().back() < source.getShape().back();
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

  /// Vectorizes the tiled main op, the ops merging its partial sums and the
  /// fills fused into its tile loops; `vectorLoop` (when not -1) is the
  /// main op's loop whose elements become the vector lanes.
  LogicalResult vectorize(linalg::LinalgOp main, ArrayRef<Operation *> merges,
                          int64_t vectorLoop, RewriterBase &rewriter) {
    if (auto generic = dyn_cast<linalg::GenericOp>(main.getOperation())) {
      // The vector loop goes last among the parallel loops: the result of a
      // vector.contract is laid out in loop order, and its last axis is
      // the one the outer products run along.
      if (vectorLoop >= 0) {
        SmallVector<unsigned> order, reductions;
        for (auto [loop, type] : llvm::enumerate(generic.getIteratorTypesArray()))
          if (static_cast<int64_t>(loop) != vectorLoop)
            (type == utils::IteratorType::parallel ? order : reductions).push_back(loop);
        order.push_back(vectorLoop);
        llvm::append_range(order, reductions);
        rewriter.setInsertionPoint(generic);
        FailureOr<linalg::GenericOp> interchanged =
            linalg::interchangeGenericOp(rewriter, generic, order);
        if (failed(interchanged))
          return generic.emitError("tg.opts: could not put the vector loop last");
        generic = *interchanged;
      }
      // A tile's unit loops go first: a window read `y + ky` with ky fixed
      // in the tile is then a plain `y`, which the vectorizer accepts. One
      // reduction loop that every operand reads as a plain index stays, so
      // a sum of products still vectorizes to a vector.contract (lowered to
      // outer products), unless its factors multiply lane by lane: their
      // contract over a unit loop was lowered element by element (ResNet-18's
      // BatchNorm gradient sums over 16x64x56x56: 5.1 -> 1.1 ms).
      bool sums = generic.getNumReductionLoops() > 0;
      generic =
          dropUnitLoops(rewriter, generic,
                        multipliesLaneByLane(generic) ? std::nullopt : plainReductionLoop(generic));
      if (sums && generic.getNumReductionLoops() == 0)
        multiplyAddInOneStep(rewriter, generic);
      sliceStridedReads(rewriter, generic);
      main = generic;
    }
    SmallVector<Operation *> tiles = {main};
    llvm::append_range(tiles, merges);
    // A fill larger than the tile (a worker's chunk of outputs, filled once
    // before a reduction loop outside the tiles) stays a loop: as one vector
    // it unrolled into a store per vector (beautiful_mnist's 5x5 weight
    // gradient split by output channels, 12800 floats: compiled in 0.24 s,
    // against 0.09).
    auto tileType = cast<ShapedType>(main.getDpsInits()[0].getType());
    auto largerThanTile = [&](linalg::FillOp fill) {
      auto type = cast<ShapedType>(fill.getDpsInits()[0].getType());
      return type.hasStaticShape() && tileType.hasStaticShape() &&
             type.getNumElements() > tileType.getNumElements();
    };
    for (Operation *loop = main->getParentOp(); !isa<func::FuncOp>(loop);
         loop = loop->getParentOp())
      loop->walk([&](linalg::FillOp fill) {
        if (!llvm::is_contained(tiles, fill.getOperation()) && !largerThanTile(fill))
          tiles.push_back(fill);
      });
    for (Operation *op : tiles)
      if (failed(vectorizeOne(op, rewriter)))
        return failure();
    return success();
  }

  /// A tile's read `s * d + c` (s > 1) of an input → a read `d` of the
  /// input's slice from c with stride s: the vectorizer takes projected
  /// permutations only, and a stride-2 convolution's row tile reads its
  /// input `2x + kx`, kx fixed in the tile. Each element read is then a
  /// scalar load broadcast over the tile's columns, as the outer products
  /// use it.
  static void sliceStridedReads(RewriterBase &rewriter, linalg::GenericOp tile) {
    SmallVector<int64_t> ranges = tile.getStaticLoopRanges();
    for (OpOperand *input : tile.getDpsInputOperands()) {
      auto type = dyn_cast<RankedTensorType>(input->get().getType());
      AffineMap map = tile.getMatchingIndexingMap(input);
      if (!type || !type.hasStaticShape() || map.getNumSymbols() != 0)
        continue;
      SmallVector<SlicedAxis> axes;
      bool strided = false;
      for (auto [axis, result] : llvm::enumerate(map.getResults())) {
        std::optional<StridedRead> read = stridedRead(result, map.getNumDims());
        if (read && !ShapedType::isDynamic(ranges[read->loop]) &&
            read->offset + read->stride * (ranges[read->loop] - 1) < type.getDimSize(axis)) {
          strided = true;
          axes.push_back({read->offset, ranges[read->loop], read->stride,
                          rewriter.getAffineDimExpr(read->loop)});
        } else {
          axes.push_back({0, type.getDimSize(axis), 1, result});
        }
      }
      if (strided)
        readThroughSlice(rewriter, tile, *input, axes);
    }
  }

  /// A read `stride * loop + offset` with stride > 1.
  struct StridedRead {
    unsigned loop;
    int64_t stride, offset;
  };
  static std::optional<StridedRead> stridedRead(AffineExpr result, unsigned numDims) {
    if (!result.isPureAffine())
      return std::nullopt;
    std::optional<StridedRead> read;
    for (unsigned dim = 0; dim < numDims; ++dim) {
      int64_t stride = coefficientOf(result, dim, numDims);
      if (stride == 0)
        continue;
      if (read || stride < 2)
        return std::nullopt;
      read = StridedRead{dim, stride, 0};
    }
    if (!read)
      return std::nullopt;
    SmallVector<AffineExpr> zeros(numDims, getAffineConstantExpr(0, result.getContext()));
    auto offset = dyn_cast<AffineConstantExpr>(result.replaceDims(zeros));
    if (!offset || offset.getValue() < 0)
      return std::nullopt;
    read->offset = offset.getValue();
    return read;
  }

  /// `out + a * b` → `fma(a, b, out)` in the body of a sum of products's
  /// tile whose reduction loops were all dropped (none is read as a plain
  /// index: a convolution of one input channel), which vectorizes to a
  /// multiply and an add rather than a vector.contract, whose outer
  /// products are fmas.
  void multiplyAddInOneStep(RewriterBase &rewriter, linalg::GenericOp tile) {
    auto [add, product] = outputPlusProduct(tile);
    auto multiply = dyn_cast_or_null<arith::MulFOp>(product);
    if (!isa_and_nonnull<arith::AddFOp>(add) || !multiply || !multiply->hasOneUse())
      return;
    Value sum = tile.getMatchingBlockArgument(tile.getDpsInitOperand(0));
    rewriter.setInsertionPoint(add);
    rewriter.replaceOpWithNewOp<math::FmaOp>(add, multiply.getLhs(), multiply.getRhs(), sum);
    rewriter.eraseOp(multiply);
  }

  /// Removes the loops of extent 1 but `kept` from a tile, and the unit axes
  /// of its operands with them (a kept size-1 axis read at 0 included).
  linalg::GenericOp dropUnitLoops(RewriterBase &rewriter, linalg::GenericOp tile,
                                  std::optional<unsigned> kept) {
    if (!llvm::is_contained(tile.getStaticLoopRanges(), 1))
      return tile;
    linalg::ControlDropUnitDims control;
    control.rankReductionStrategy =
        linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
    control.controlFn = [&](Operation *op) {
      SmallVector<unsigned> droppable;
      for (unsigned loop = 0; loop < tile.getNumLoops(); ++loop)
        if (loop != kept)
          droppable.push_back(loop);
      return droppable;
    };
    rewriter.setInsertionPoint(tile);
    FailureOr<linalg::DropUnitDimsResult> dropped =
        linalg::dropUnitDims(rewriter, tile, control);
    if (failed(dropped))
      return tile;
    rewriter.replaceOp(tile, dropped->replacements);
    return cast<linalg::GenericOp>(dropped->resultOp.getOperation());
  }

  RewritePatternSet canonicalizationPatterns() {
    RewritePatternSet patterns(&getContext());
    for (Dialect *dialect : getContext().getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : getContext().getRegisteredOperations())
      name.getCanonicalizationPatterns(patterns, &getContext());
    return patterns;
  }

  LogicalResult vectorizeOne(Operation *op, RewriterBase &rewriter) {
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> vectorized = linalg::vectorize(
        rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
        /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
        /*assumeDynamicDimsMatchVecSizes=*/false, /*createNamedContraction=*/true);
    if (failed(vectorized))
      return op->emitError("tg.opts: could not vectorize this tile");
    rewriter.replaceOp(op, vectorized->replacements);
    return success();
  }

  /// Folds the tile loops' index arithmetic and slices, then hoists the
  /// accumulators out of the reduction loops (innermost first).
  LogicalResult cleanUp(func::FuncOp kernel) {
    // Products reduced along the reduction loop read as vector.contract
    // before canonicalization folds a unit reduction into a shape_cast; the
    // broadcasts in its operands' reads fold into its indexing maps.
    // An elementwise prologue (a ReLU of an input) moves before the
    // broadcast of its operand, so it runs once per element read.
    RewritePatternSet contractions(&getContext());
    vector::populateSinkVectorOpsPatterns(contractions);
    vector::populateVectorReductionToContractPatterns(contractions);
    vector::populateVectorTransferPermutationMapLoweringPatterns(contractions);
    contractions.add<PutRowOperandFirst>(&getContext());
    if (failed(applyPatternsGreedily(kernel, std::move(contractions))))
      return kernel.emitError("tg.opts: forming contractions did not converge");
    auto canonicalization = [&] {
      RewritePatternSet patterns = canonicalizationPatterns();
      patterns.add<ForwardWrittenTile>(&getContext());
      return patterns;
    };
    if (failed(applyPatternsGreedily(kernel, canonicalization())))
      return kernel.emitError("tg.opts: canonicalization did not converge");
    IRRewriter rewriter(&getContext());
    SmallVector<LoopLikeOpInterface> loops;
    kernel.walk([&](LoopLikeOpInterface loop) { loops.push_back(loop); });
    for (LoopLikeOpInterface loop : loops)
      hoistLoopInvariantSubsets(rewriter, loop);
    // With the accumulators in loop-carried vectors, a tile vectorized
    // along a slower axis of its output gets its outer-product layout.
    RewritePatternSet layout = canonicalization();
    layout.add<ContractInLoopOrder, PutRowOperandFirst, CarryTransposedVector>(&getContext());
    return applyPatternsGreedily(kernel, std::move(layout));
  }
};

} // namespace
