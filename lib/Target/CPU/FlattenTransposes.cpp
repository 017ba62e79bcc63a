//===- FlattenTransposes.cpp - the tg-cpu-flatten-transposes pass ---------===//
//
// A transposing copy's tile (a weight [cout, cin, 3, 3] copied as
// [cin, 3, 3, cout]) is a 3-d vector.transpose, which upstream lowers
// element by element: only a 2-d one becomes a shuffle. The 3x3 axes move
// together, so the transpose is a 2-d one of [16, 9], and the tile's reads
// and writes, contiguous along those axes, take the merged shape too.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUFLATTENTRANSPOSES
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// transpose(v : 16x3x3, [1, 2, 0])
///   → shape_cast(transpose(shape_cast(v) : 16x9, [1, 0]) : 9x16) : 3x3x16
/// Source axes that stay adjacent and in order in the result merge.
struct MergeAdjacentTransposedAxes : OpRewritePattern<vector::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransposeOp transpose,
                                PatternRewriter &rewriter) const override {
    VectorType type = transpose.getSourceVectorType();
    if (type.isScalable())
      return failure();
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    // Runs of the result's axes that are consecutive source axes, in the
    // result's order: {first source axis, length}.
    SmallVector<std::pair<int64_t, int64_t>> runs;
    for (int64_t axis : permutation) {
      if (!runs.empty() && runs.back().first + runs.back().second == axis)
        ++runs.back().second;
      else
        runs.push_back({axis, 1});
    }
    if (runs.size() < 2 || runs.size() == permutation.size())
      return failure();
    SmallVector<std::pair<int64_t, int64_t>> sourceOrder = runs;
    llvm::sort(sourceOrder);
    SmallVector<int64_t> mergedShape, mergedPermutation;
    for (auto [first, length] : sourceOrder) {
      int64_t size = 1;
      for (int64_t axis = first; axis < first + length; ++axis)
        size *= type.getDimSize(axis);
      mergedShape.push_back(size);
    }
    for (auto run : runs)
      mergedPermutation.push_back(llvm::find(sourceOrder, run) - sourceOrder.begin());
    Location loc = transpose.getLoc();
    Value merged = vector::ShapeCastOp::create(
        rewriter, loc, VectorType::get(mergedShape, type.getElementType()), transpose.getVector());
    Value transposed = vector::TransposeOp::create(rewriter, loc, merged, mergedPermutation);
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(transpose, transpose.getResultVectorType(),
                                                     transposed);
    return success();
  }
};

/// The buffer `access` reads or writes with its vector's axes merged into
/// `merged`'s, and the access's indices into it; failure unless the axes
/// merged past each group's first are accessed whole (the vector's extent
/// is the buffer's, at index 0, in bounds), the buffer is contiguous along
/// them, and its merged last axis is too (a vector load or store, not a
/// strided one).
FailureOr<std::pair<Value, SmallVector<Value>>>
mergeAccessedAxes(PatternRewriter &rewriter, VectorTransferOpInterface access, VectorType merged) {
  VectorType wide = access.getVectorType();
  auto buffer = dyn_cast<MemRefType>(access.getBase().getType());
  if (!buffer || access.getMask() || !access.getPermutationMap().isIdentity() ||
      access.hasOutOfBoundsDim() || wide.getRank() != buffer.getRank() || wide.isScalable() ||
      !buffer.hasStaticShape() || merged.getRank() >= wide.getRank())
    return failure();
  std::optional<SmallVector<ReassociationIndices>> groups =
      getReassociationIndicesForCollapse(wide.getShape(), merged.getShape());
  if (!groups || !memref::CollapseShapeOp::isGuaranteedCollapsible(buffer, *groups) ||
      !memref::CollapseShapeOp::computeCollapsedType(buffer, *groups).isLastDimUnitStride())
    return failure();
  ValueRange indices = access.getIndices();
  for (const ReassociationIndices &group : *groups)
    for (int64_t axis : ArrayRef<int64_t>(group).drop_front())
      if (wide.getDimSize(axis) != buffer.getDimSize(axis) || !isZeroInteger(indices[axis]))
        return failure();
  Location loc = access.getLoc();
  Value mergedBuffer = memref::CollapseShapeOp::create(rewriter, loc, access.getBase(), *groups);
  // Each group's first index, scaled by the elements of the axes after it.
  SmallVector<Value> mergedIndices;
  for (const ReassociationIndices &group : *groups) {
    int64_t inner = 1;
    for (int64_t axis : ArrayRef<int64_t>(group).drop_front())
      inner *= buffer.getDimSize(axis);
    Value index = indices[group.front()];
    if (inner != 1)
      index = arith::MulIOp::create(rewriter, loc, index,
                                    arith::ConstantIndexOp::create(rewriter, loc, inner));
    mergedIndices.push_back(index);
  }
  return std::make_pair(mergedBuffer, std::move(mergedIndices));
}

/// transpose(shape_cast(transfer_read(m) : 16x3x3) : 16x9)
///   → transpose(transfer_read(collapse_shape(m) [[0], [1, 2]]) : 16x9)
struct ReadMergedAxes : OpRewritePattern<vector::ShapeCastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ShapeCastOp cast,
                                PatternRewriter &rewriter) const override {
    auto read = cast.getSource().getDefiningOp<vector::TransferReadOp>();
    if (!read || !llvm::all_of(cast->getUsers(), llvm::IsaPred<vector::TransposeOp>))
      return failure();
    auto access = mergeAccessedAxes(rewriter, read, cast.getResultVectorType());
    if (failed(access))
      return failure();
    auto [merged, indices] = *access;
    SmallVector<bool> inBounds(cast.getResultVectorType().getRank(), true);
    rewriter.replaceOpWithNewOp<vector::TransferReadOp>(cast, cast.getResultVectorType(), merged,
                                                        indices, read.getPadding(), inBounds);
    return success();
  }
};

/// transfer_write(shape_cast(transpose(v) : 9x16) : 3x3x16, m)
///   → transfer_write(transpose(v) : 9x16, collapse_shape(m) [[0, 1], [2]])
struct WriteMergedAxes : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    auto cast = write.getVector().getDefiningOp<vector::ShapeCastOp>();
    if (!cast || !cast.getSource().getDefiningOp<vector::TransposeOp>())
      return failure();
    auto access = mergeAccessedAxes(rewriter, write, cast.getSourceVectorType());
    if (failed(access))
      return failure();
    auto [merged, indices] = *access;
    SmallVector<bool> inBounds(cast.getSourceVectorType().getRank(), true);
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(write, cast.getSource(), merged, indices,
                                                         inBounds);
    return success();
  }
};

struct FlattenTransposesPass : tg::impl::TGCPUFlattenTransposesBase<FlattenTransposesPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel"))
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<MergeAdjacentTransposedAxes, ReadMergedAxes, WriteMergedAxes>(&getContext());
    if (failed(applyPatternsGreedily(kernel, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
