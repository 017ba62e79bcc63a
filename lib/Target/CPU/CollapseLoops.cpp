//===- CollapseLoops.cpp - the tg-cpu-collapse-loops pass -----------------===//
//
// A BatchNorm's statistics sum x[n, c, h, w] over n, h and w. With a 20x20
// map the innermost reduction is 20 wide, which no vector divides, and the
// kernel ran as scalars (0.63 ms for 128x32x20x20, 10 GB/s). Read as one
// 400-wide row, the same sum fills vectors (0.12 ms, 55 GB/s). Its backward
// pass is elementwise over a map too: over 6x6 maps it ran as scalars
// (0.52 ms for 128x64x6x6), along rows of 36 in 4-float vectors in 0.14 ms.
// The loops are merged with upstream's collapseOpIterationDims, which reads
// the inputs through tensor.collapse_shape, a view once bufferized.
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
#define GEN_PASS_DEF_TGCPUCOLLAPSELOOPS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// Whether `generic` reads loops `run` (adjacent, in order) as one axis:
/// every operand reads them as adjacent axes in loop order, or not at all.
/// Upstream's test takes projected permutations only: a window read
/// (`y + ky`) merges nothing.
bool readsAsOneAxis(linalg::GenericOp generic, const ReassociationIndices &run) {
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  return llvm::all_of(maps, [](AffineMap map) { return map.isProjectedPermutation(); }) &&
         linalg::areDimSequencesPreserved(maps, run);
}

/// The loops the body computes with (linalg.index): merged, such a loop's
/// index would come back through a div and a mod per element.
llvm::SmallDenseSet<int64_t> indexedLoops(linalg::GenericOp generic) {
  llvm::SmallDenseSet<int64_t> indexed;
  generic.getBody()->walk([&](linalg::IndexOp index) { indexed.insert(index.getDim()); });
  return indexed;
}

/// The runs of two or more adjacent reduction loops of `generic` that it
/// reads as one axis and does not compute with.
SmallVector<ReassociationIndices> collapsibleReductions(linalg::GenericOp generic) {
  auto iterators = generic.getIteratorTypesArray();
  llvm::SmallDenseSet<int64_t> indexed = indexedLoops(generic);
  auto mergeable = [&](int64_t loop) {
    return iterators[loop] == utils::IteratorType::reduction && !indexed.contains(loop);
  };
  SmallVector<ReassociationIndices> runs;
  for (int64_t loop = 0; loop < int64_t(iterators.size());) {
    ReassociationIndices run = {loop};
    while (mergeable(run.front()) && run.back() + 1 < int64_t(iterators.size()) &&
           mergeable(run.back() + 1)) {
      run.push_back(run.back() + 1);
      if (!readsAsOneAxis(generic, run)) {
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

/// The run of an elementwise stage's innermost loops that it reads as one
/// axis and does not compute with, from the second loop on (the first
/// stays for the workers to split): the loop its vectors run along, made
/// longer.
SmallVector<ReassociationIndices> collapsibleInnermostLoops(linalg::GenericOp generic) {
  int64_t loops = generic.getNumLoops();
  llvm::SmallDenseSet<int64_t> indexed = indexedLoops(generic);
  ReassociationIndices run;
  for (int64_t loop = loops - 1; loop >= 1 && !indexed.contains(loop); --loop) {
    ReassociationIndices longer = {loop};
    longer.append(run.begin(), run.end());
    if (!readsAsOneAxis(generic, longer))
      break;
    run = std::move(longer);
  }
  if (run.size() < 2)
    return {};
  return {run};
}

struct CollapseLoopsPass : tg::impl::TGCPUCollapseLoopsBase<CollapseLoopsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> stages =
        tensorStages(getOperation(), [&](linalg::GenericOp generic) {
          return llvm::all_of(generic.getDpsInputs(), isReshapedArgument) &&
                 (generic.getNumReductionLoops() > 1 ||
                  (generic.getNumReductionLoops() == 0 &&
                   generic == getKernelRoot(getOperation()) &&
                   llvm::all_of(generic.getDpsInits(), isReshapedArgument)));
        });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp generic : stages) {
      SmallVector<ReassociationIndices> runs = generic.getNumReductionLoops()
                                                   ? collapsibleReductions(generic)
                                                   : collapsibleInnermostLoops(generic);
      if (runs.empty())
        continue;
      rewriter.setInsertionPoint(generic);
      // Where upstream refuses (it checks before it rewrites), the stage
      // keeps its loops, which compute the same values.
      FailureOr<linalg::CollapseResult> collapsed =
          linalg::collapseOpIterationDims(generic, runs, rewriter);
      if (succeeded(collapsed))
        rewriter.replaceOp(generic, collapsed->results);
    }
  }
};

} // namespace
