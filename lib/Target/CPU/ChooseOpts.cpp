//===- ChooseOpts.cpp - the tg-cpu-choose-opts pass -----------------------===//

#include "tg/Target/CPU/Passes.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUCHOOSEOPTS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// Fewer iterations than this are not worth waking a second worker for
/// (tinygrad splits at about 128K ops per thread).
constexpr int64_t kMinIterationsToSplit = 32768;

struct ChooseOptsPass : tg::impl::TGCPUChooseOptsBase<ChooseOptsPass> {
  using TGCPUChooseOptsBase::TGCPUChooseOptsBase;

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp kernel) {
      if (!kernel->hasAttr("tg.kernel") || kernel->hasAttr("tg.opts"))
        return;
      kernel->setAttr("tg.opts", choose(kernel));
    });
  }

  KernelOptsAttr choose(func::FuncOp kernel) {
    MLIRContext *context = kernel.getContext();
    KernelOptsAttr none = KernelOptsAttr::get(context, -1, false, {});
    SmallVector<linalg::GenericOp> generics;
    for (Operation &op : kernel.getBody().front())
      if (auto generic = dyn_cast<linalg::GenericOp>(op))
        generics.push_back(generic);
    // Workers each run all stages on their share of rows: only a kernel of
    // one generic splits without a stage reading another worker's rows.
    if (disable || generics.size() != 1)
      return none;
    linalg::GenericOp main = generics.front();
    SmallVector<int64_t> ranges = main.getStaticLoopRanges();
    if (llvm::any_of(ranges, ShapedType::isDynamic))
      return none;
    int64_t iterations = 1;
    for (int64_t r : ranges)
      iterations *= r;
    auto iterators = main.getIteratorTypesArray();
    for (auto [loop, type] : llvm::enumerate(iterators))
      if (type == utils::IteratorType::parallel && ranges[loop] >= 2 &&
          iterations >= kMinIterationsToSplit)
        return KernelOptsAttr::get(context, loop, false, {});
    return none;
  }
};

} // namespace
