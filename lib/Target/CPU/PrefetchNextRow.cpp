//===- PrefetchNextRow.cpp - the tg-cpu-prefetch-next-row pass ------------===//
//
// A row kernel that reads each row more than once (softmax: its max, then
// exp2 and the sum, then the outputs) reads the row from memory in its
// first loop and from the cache after. While the first loop waits on
// memory, the others compute and leave memory idle; the hardware
// prefetchers do not look past the row's 4 KB pages. Fetching the next
// row during the second loop overlaps the two.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUPREFETCHNEXTROW
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

constexpr int64_t kCacheLineBytes = 64;

/// The offset position of `row`'s induction variable in `view` when the
/// view is one contiguous row of a kernel argument: unit sizes but the
/// last, of stride 1, where the row loop's index is the only offset that
/// changes in the loop.
std::optional<unsigned> rowOffset(memref::SubViewOp view, scf::ForOp row) {
  auto input = dyn_cast<BlockArgument>(view.getSource());
  if (!input || !isa<func::FuncOp>(input.getOwner()->getParentOp()))
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  MemRefType type = view.getType();
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.empty() || strides.back() != 1 ||
      !type.hasStaticShape() ||
      llvm::any_of(type.getShape().drop_back(), [](int64_t n) { return n != 1; }))
    return std::nullopt;
  std::optional<unsigned> position;
  for (auto [i, ofr] : llvm::enumerate(view.getMixedOffsets())) {
    auto value = dyn_cast<Value>(ofr);
    if (value == row.getInductionVar())
      position = i;
    else if (value && !value.getParentRegion()->isProperAncestor(&row.getRegion()))
      return std::nullopt;
  }
  // The row index selects one row: an axis of size 1 before the row's.
  if (!position || *position + 1 == view.getStaticSizes().size() ||
      view.getStaticSizes()[*position] != 1)
    return std::nullopt;
  return position;
}

/// Whether `loop` steps along `view` by its induction variable: a view of
/// it or a vector read from it starts at the loop's index on the last axis.
bool walksAlong(scf::ForOp loop, Value view) {
  Value column = loop.getInductionVar();
  for (Operation *user : view.getUsers()) {
    if (!loop->isAncestor(user))
      continue;
    if (auto part = dyn_cast<memref::SubViewOp>(user);
        part && part.getMixedOffsets().back() == OpFoldResult(column))
      return true;
    if (auto read = dyn_cast<vector::TransferReadOp>(user);
        read && !read.getIndices().empty() && read.getIndices().back() == column)
      return true;
  }
  return false;
}

/// The second of the loops in `row`'s body that read `view`, when it steps
/// along the view by whole cache lines from 0; null otherwise.
scf::ForOp secondReader(scf::ForOp row, memref::SubViewOp view, int64_t elementBytes) {
  SmallVector<scf::ForOp> readers;
  for (auto loop : row.getBody()->getOps<scf::ForOp>())
    if (llvm::any_of(view->getUsers(), [&](Operation *user) { return loop->isAncestor(user); }))
      readers.push_back(loop);
  if (readers.size() < 2)
    return {};
  scf::ForOp loop = readers[1];
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (lower != 0 || !step || *step * elementBytes % kCacheLineBytes != 0 || !walksAlong(loop, view))
    return {};
  return loop;
}

/// Before `loop`: the view of the row after `row`'s (its last row's at the
/// end); in each step of `loop`, a prefetch of every cache line that step
/// reads of the current row, from that next row.
void prefetchNextRow(scf::ForOp row, memref::SubViewOp view, unsigned rowAxis, scf::ForOp loop,
                     int64_t elementBytes) {
  OpBuilder b(loop);
  Location loc = view.getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = arith::SubIOp::create(b, loc, row.getUpperBound(), one);
  Value following = arith::AddIOp::create(b, loc, row.getInductionVar(), one);
  Value next = arith::MinSIOp::create(b, loc, following, last);
  SmallVector<OpFoldResult> offsets = view.getMixedOffsets();
  offsets[rowAxis] = next;
  Value nextView = memref::SubViewOp::create(b, loc, view.getType(), view.getSource(), offsets,
                                             view.getMixedSizes(), view.getMixedStrides());

  b.setInsertionPointToStart(loop.getBody());
  int64_t step = *getConstantIntValue(loop.getStep());
  int64_t lineElements = kCacheLineBytes / elementBytes;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (int64_t element = 0; element < step; element += lineElements) {
    SmallVector<Value> indices(view.getType().getRank() - 1, zero);
    indices.push_back(element == 0
                          ? loop.getInductionVar()
                          : arith::AddIOp::create(b, loc, loop.getInductionVar(),
                                                  arith::ConstantIndexOp::create(b, loc, element)));
    memref::PrefetchOp::create(b, loc, nextView, indices, /*isWrite=*/false,
                               /*localityHint=*/3, /*isDataCache=*/true);
  }
}

struct PrefetchNextRowPass : tg::impl::TGCPUPrefetchNextRowBase<PrefetchNextRowPass> {
  using TGCPUPrefetchNextRowBase::TGCPUPrefetchNextRowBase;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel") || kernel.isExternal())
      return;
    SmallVector<memref::SubViewOp> views;
    kernel.walk([&](memref::SubViewOp view) { views.push_back(view); });
    for (memref::SubViewOp view : views) {
      auto row = dyn_cast<scf::ForOp>(view->getParentOp());
      if (!row || !isConstantIntValue(row.getStep(), 1))
        continue;
      std::optional<unsigned> rowAxis = rowOffset(view, row);
      MemRefType type = view.getType();
      int64_t elementBytes = type.getElementTypeBitWidth() / 8;
      if (!rowAxis || elementBytes == 0 || type.getShape().back() * elementBytes < minRowBytes)
        continue;
      if (scf::ForOp loop = secondReader(row, view, elementBytes))
        prefetchNextRow(row, view, *rowAxis, loop, elementBytes);
    }
  }
};

} // namespace
