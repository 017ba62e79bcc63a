//===- OptimizeSmallForSize.cpp - the tg-cpu-optimize-small-for-size pass -===//
//
// LLVM's O2 unrolls and vectorizes every loop it can. For a kernel that the
// kernel optimizer left as plain loops and that runs microseconds, that
// effort buys nothing at run time and costs compile time in every cold
// first step: such a kernel gets LLVM's optsize.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUOPTIMIZESMALLFORSIZE
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// The loop iterations of `kernel`'s linalg ops and copies, or nullopt when
/// it has loops of its own or of unknown length.
std::optional<int64_t> loopIterations(func::FuncOp kernel) {
  int64_t iterations = 0;
  WalkResult walk = kernel.walk([&](Operation *op) {
    int64_t count = 1;
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      for (int64_t range : linalgOp.getStaticLoopRanges()) {
        if (ShapedType::isDynamic(range))
          return WalkResult::interrupt();
        count *= range;
      }
    } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      auto type = cast<MemRefType>(copy.getTarget().getType());
      if (!type.hasStaticShape())
        return WalkResult::interrupt();
      count = type.getNumElements();
    } else if (isa<LoopLikeOpInterface>(op)) {
      return WalkResult::interrupt();
    } else {
      return WalkResult::advance();
    }
    iterations += count;
    return WalkResult::skip();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return iterations;
}

struct OptimizeSmallForSizePass
    : tg::impl::TGCPUOptimizeSmallForSizeBase<OptimizeSmallForSizePass> {
  using TGCPUOptimizeSmallForSizeBase::TGCPUOptimizeSmallForSizeBase;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel") || kernel.isExternal())
      return;
    std::optional<int64_t> iterations = loopIterations(kernel);
    if (!iterations || *iterations > maxIterations)
      return;
    Builder builder(&getContext());
    kernel->setAttr("passthrough", builder.getStrArrayAttr({"optsize"}));
  }
};

} // namespace
