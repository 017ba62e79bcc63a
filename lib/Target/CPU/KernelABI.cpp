//===- KernelABI.cpp - the tg-cpu-kernel-abi pass -------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUKERNELABI
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

struct KernelABIPass : tg::impl::TGCPUKernelABIBase<KernelABIPass> {
  void runOnOperation() override {
    auto result = getOperation().walk([&](func::FuncOp kernel) {
      if (!kernel->hasAttr("tg.kernel"))
        return WalkResult::advance();
      return failed(lower(kernel)) ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A call from host code (the launch plan) runs the whole kernel: worker 0
    // of 1.
    getOperation().walk([&](func::CallOp call) {
      auto callee = getOperation().lookupSymbol<func::FuncOp>(call.getCallee());
      if (!callee || !callee->hasAttr("tg.kernel"))
        return;
      OpBuilder b(call);
      Value zero = arith::ConstantIndexOp::create(b, call.getLoc(), 0);
      Value one = arith::ConstantIndexOp::create(b, call.getLoc(), 1);
      call.getOperandsMutable().append(ValueRange{zero, one});
    });
  }

  LogicalResult lower(func::FuncOp kernel) {
    OpBuilder b(kernel.getContext());
    Location loc = kernel.getLoc();
    unsigned first = kernel.getNumArguments();
    if (failed(kernel.insertArguments({first, first}, {b.getIndexType(), b.getIndexType()},
                                      {nullptr, nullptr}, {loc, loc})))
      return failure();
    Value worker = kernel.getArgument(first), workers = kernel.getArgument(first + 1);

    int64_t parallelSize = 1;
    auto opts = kernel->getAttrOfType<KernelOptsAttr>("tg.opts");
    if (opts && opts.getSplit() >= 0) {
      scf::ForOp loop;
      kernel.walk([&](scf::ForOp forOp) {
        if (forOp->hasAttr("tg.split"))
          loop = forOp;
      });
      if (!loop || loop->getParentOp() != kernel)
        return kernel.emitError("tg-cpu-kernel-abi: the kernel splits, but has no "
                                "top-level loop marked tg.split");
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (!lb || !ub || !step || *step <= 0)
        return kernel.emitError("tg-cpu-kernel-abi: the split loop must have constant bounds");
      parallelSize = (*ub - *lb + *step - 1) / *step;
      // Iterations [worker·n/W, (worker+1)·n/W) of n.
      b.setInsertionPoint(loop);
      auto c = [&](int64_t v) -> Value { return arith::ConstantIndexOp::create(b, loc, v); };
      Value n = c(parallelSize), lower = c(*lb), stride = c(*step);
      auto shareStart = [&](Value w) -> Value {
        Value begin = arith::DivUIOp::create(b, loc, arith::MulIOp::create(b, loc, w, n), workers);
        return b.createOrFold<arith::AddIOp>(loc, lower,
                                             arith::MulIOp::create(b, loc, begin, stride));
      };
      Value begin = shareStart(worker);
      Value end = arith::MinSIOp::create(
          b, loc, shareStart(arith::AddIOp::create(b, loc, worker, c(1))), c(*ub));
      loop.getLowerBoundMutable().assign(begin);
      loop.getUpperBoundMutable().assign(end);
    }
    kernel->setAttr("tg.parallel_size", b.getI64IntegerAttr(parallelSize));
    return success();
  }
};

} // namespace
