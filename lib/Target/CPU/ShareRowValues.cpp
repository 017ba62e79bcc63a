//===- ShareRowValues.cpp - the tg-cpu-share-row-values pass ---------------===//
//
// A row-fused softmax (tg-kernelize's fuse-row-reductions, tiled by
// tg-cpu-apply-opts's rows step) walks each row three times: its max, the
// sum of exp2(x - max), then the outputs exp2(x - max) / sum. The exp2 is
// computed twice, and it is most of the kernel's work: the kernel is
// compute-bound, its rows are in cache. Keeping the sum's values in a row of
// scratch, which the output loop reads back from L1, computes each once.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "RowLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUSHAREROWVALUES
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Whether a value of `first`'s body is, at each iteration, what a value of
/// `second`'s body is at the same iteration: the same side-effect-free ops,
/// on the loops' induction variables and on the same values from outside.
class SameInBothLoops {
public:
  SameInBothLoops(scf::ForOp first, scf::ForOp second) : first(first), second(second) {}

  bool operator()(Value a, Value b) {
    bool aInside = first.getRegion().isAncestor(a.getParentRegion());
    bool bInside = second.getRegion().isAncestor(b.getParentRegion());
    if (!aInside || !bInside)
      return !aInside && !bInside && a == b;
    if (a == first.getInductionVar() || b == second.getInductionVar())
      return a == first.getInductionVar() && b == second.getInductionVar();
    auto resultA = dyn_cast<OpResult>(a), resultB = dyn_cast<OpResult>(b);
    if (!resultA || !resultB || resultA.getResultNumber() != resultB.getResultNumber())
      return false; // a carried value, or an argument of a nested block
    auto [known, unseen] = same.try_emplace({a, b}, false);
    if (!unseen)
      return known->second;
    Operation *opA = resultA.getOwner(), *opB = resultB.getOwner();
    bool equal = isMemoryEffectFree(opA) && opA->getNumRegions() == 0 &&
                 OperationEquivalence::isEquivalentTo(
                     opA, opB,
                     [&](Value x, Value y) { return success((*this)(x, y)); },
                     /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
    same[{a, b}] = equal;
    return equal;
  }

private:
  scf::ForOp first, second;
  DenseMap<std::pair<Value, Value>, bool> same;
};

/// The 1-D vectors `loop` adds into the vectors it carries (the `v` of
/// `acc + v`, `max(acc, v)`, ...) that are worth keeping: those that take a
/// math function or a division, more than the scratch's store and load
/// cost.
SmallVector<Value> reducedValues(scf::ForOp loop) {
  SmallVector<Value> values;
  for (BlockArgument carried : loop.getRegionIterArgs()) {
    auto type = dyn_cast<VectorType>(carried.getType());
    if (!type || type.getRank() != 1)
      continue;
    for (Operation *combine : carried.getUsers()) {
      if (combine->getNumOperands() != 2 || combine->getParentOp() != loop)
        continue;
      Value other = combine->getOperand(combine->getOperand(0) == carried ? 1 : 0);
      if (other != carried && other.getType() == type && tg::takesMathFunction(other, loop))
        values.push_back(other);
    }
  }
  return values;
}

/// Whether `loop` runs from 0 to a multiple of `width` in steps of `width`:
/// the vector of iteration i is elements [i, i + width) of a row.
bool stepsByVectors(scf::ForOp loop, int64_t width) {
  std::optional<int64_t> end = getConstantIntValue(loop.getUpperBound());
  return isConstantIntValue(loop.getLowerBound(), 0) && end && *end % width == 0 &&
         isConstantIntValue(loop.getStep(), width);
}

/// `reduction` (a loop that sums `kept`) also writes `kept` into a row of
/// scratch, which `reader` reads instead of computing `recomputed`.
void keepInScratch(scf::ForOp reduction, Value kept, scf::ForOp reader, Value recomputed,
                   RewriterBase &rewriter) {
  auto type = cast<VectorType>(kept.getType());
  int64_t length = *getConstantIntValue(reduction.getUpperBound());
  Location loc = reduction.getLoc();
  rewriter.setInsertionPoint(reduction);
  Value scratch = tensor::EmptyOp::create(rewriter, loc, ArrayRef<int64_t>{length},
                                          type.getElementType());
  FailureOr<LoopLikeOpInterface> extended = reduction.replaceWithAdditionalYields(
      rewriter, scratch, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location at, ArrayRef<BlockArgument> row) -> SmallVector<Value> {
        Value iteration = row.front().getOwner()->getArgument(0);
        return {vector::TransferWriteOp::create(builder, at, kept, row.front(),
                                                ValueRange{iteration}, ArrayRef<bool>{true})
                    .getResult()};
      });
  Value written = (*extended)->getResults().back();

  rewriter.setInsertionPoint(reader);
  Value padding = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
  rewriter.setInsertionPoint(recomputed.getDefiningOp());
  Value read = vector::TransferReadOp::create(rewriter, loc, type, written,
                                              ValueRange{reader.getInductionVar()}, padding,
                                              ArrayRef<bool>{true});
  rewriter.replaceAllUsesWith(recomputed, read);
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*reader.getBody())))
    if (isOpTriviallyDead(&op))
      rewriter.eraseOp(&op);
}

/// Shares one value between `reduction` and a later loop of its block with
/// the same iterations; whether it did.
bool shareOne(scf::ForOp reduction, RewriterBase &rewriter) {
  for (Value kept : reducedValues(reduction)) {
    int64_t width = cast<VectorType>(kept.getType()).getNumElements();
    if (!stepsByVectors(reduction, width))
      continue;
    for (Operation *next = reduction->getNextNode(); next; next = next->getNextNode()) {
      auto reader = dyn_cast<scf::ForOp>(next);
      if (!reader || !stepsByVectors(reader, width) ||
          getConstantIntValue(reader.getUpperBound()) !=
              getConstantIntValue(reduction.getUpperBound()))
        continue;
      SameInBothLoops same(reduction, reader);
      for (Operation &op : *reader.getBody())
        for (Value result : op.getResults())
          if (result.getType() == kept.getType() && same(kept, result)) {
            keepInScratch(reduction, kept, reader, result, rewriter);
            return true;
          }
    }
  }
  return false;
}

struct ShareRowValuesPass : tg::impl::TGCPUShareRowValuesBase<ShareRowValuesPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel"))
      return;
    IRRewriter rewriter(&getContext());
    // Each change replaces a loop; the walk starts again on the new IR.
    bool changed = true;
    while (changed) {
      changed = false;
      kernel.walk([&](scf::ForOp loop) {
        if (!shareOne(loop, rewriter))
          return WalkResult::advance();
        changed = true;
        return WalkResult::interrupt();
      });
    }
  }
};

} // namespace
