//===- CollapseReductionLoops.cpp - the tg-cpu-collapse-reduction-loops pass ===//
//
// A BatchNorm's statistics sum x[n, c, h, w] over n, h and w. With a 20x20
// map the innermost reduction is 20 wide, which no vector divides, and the
// kernel ran as scalars (0.63 ms for 128x32x20x20, 10 GB/s). Read as one
// 400-wide row, the same sum fills vectors (0.12 ms, 55 GB/s). The loops
// are merged with upstream's collapseOpIterationDims, which reads the
// inputs through tensor.collapse_shape, a view once bufferized.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "KernelRoot.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUCOLLAPSEREDUCTIONLOOPS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// The runs of two or more adjacent reduction loops of `generic` that every
/// operand reads as adjacent axes in loop order, or not at all, and that
/// the body does not compute with (linalg.index): merged, such a loop's
/// index would come back through a div and a mod per element. Upstream's
/// test of the reads takes projected permutations only: a window read
/// (`y + ky`) merges nothing.
SmallVector<ReassociationIndices> collapsibleReductions(linalg::GenericOp generic) {
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  auto iterators = generic.getIteratorTypesArray();
  SmallVector<ReassociationIndices> runs;
  if (!llvm::all_of(maps, [](AffineMap map) { return map.isProjectedPermutation(); }))
    return runs;
  llvm::SmallDenseSet<int64_t> indexed;
  generic.getBody()->walk([&](linalg::IndexOp index) { indexed.insert(index.getDim()); });
  auto mergeable = [&](int64_t loop) {
    return iterators[loop] == utils::IteratorType::reduction && !indexed.contains(loop);
  };
  for (int64_t loop = 0; loop < int64_t(iterators.size());) {
    ReassociationIndices run = {loop};
    while (mergeable(run.front()) && run.back() + 1 < int64_t(iterators.size()) &&
           mergeable(run.back() + 1)) {
      run.push_back(run.back() + 1);
      if (!linalg::areDimSequencesPreserved(maps, run)) {
        run.pop_back();
        break;
      }
    }
    loop = run.back() + 1;
    if (run.size() > 1)
      runs.push_back(std::move(run));
  }
  return runs;
}

struct CollapseReductionLoopsPass
    : tg::impl::TGCPUCollapseReductionLoopsBase<CollapseReductionLoopsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> stages =
        tensorStages(getOperation(), [](linalg::GenericOp generic) {
          return generic.getNumReductionLoops() > 1 &&
                 llvm::all_of(generic.getDpsInputs(), isReshapedArgument);
        });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp generic : stages) {
      SmallVector<ReassociationIndices> runs = collapsibleReductions(generic);
      if (runs.empty())
        continue;
      rewriter.setInsertionPoint(generic);
      // Where upstream refuses (it checks before it rewrites), the stage
      // keeps its loops, which compute the same sums.
      FailureOr<linalg::CollapseResult> collapsed =
          linalg::collapseOpIterationDims(generic, runs, rewriter);
      if (succeeded(collapsed))
        rewriter.replaceOp(generic, collapsed->results);
    }
  }
};

} // namespace
