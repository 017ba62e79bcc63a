//===- ApplyOpts.cpp - the tg-cpu-apply-opts pass -------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUAPPLYOPTS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

struct ApplyOptsPass : tg::impl::TGCPUApplyOptsBase<ApplyOptsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    auto result = getOperation().walk([&](func::FuncOp kernel) {
      auto opts = kernel->getAttrOfType<KernelOptsAttr>("tg.opts");
      if (!opts || opts.getSplit() <= 0)
        return WalkResult::advance();
      linalg::GenericOp main;
      for (Operation &op : kernel.getBody().front())
        if (auto generic = dyn_cast<linalg::GenericOp>(op))
          main = generic;
      if (!main || opts.getSplit() >= main.getNumLoops()) {
        kernel.emitError() << "tg.opts splits loop " << opts.getSplit()
                           << ", which the kernel's main generic does not have";
        return WalkResult::interrupt();
      }
      // The split loop goes outermost, where the kernel ABI divides it.
      SmallVector<unsigned> order = {static_cast<unsigned>(opts.getSplit())};
      for (unsigned loop = 0; loop < main.getNumLoops(); ++loop)
        if (loop != opts.getSplit())
          order.push_back(loop);
      rewriter.setInsertionPoint(main);
      if (failed(linalg::interchangeGenericOp(rewriter, main, order))) {
        kernel.emitError("tg.opts: could not interchange the split loop outermost");
        return WalkResult::interrupt();
      }
      kernel->setAttr("tg.opts", KernelOptsAttr::get(&getContext(), 0,
                                                     opts.getVectorize(),
                                                     opts.getTile()));
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
