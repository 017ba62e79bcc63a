//===- ChooseLaunch.cpp - the tg-gpu-choose-launch pass -------------------===//
//
// The GPU side of tinygrad's hand_coded_optimizations, kept to its first
// decision: which threads compute which outputs. A long reduction into few
// outputs leaves most of a GPU idle with one thread per output, so those
// share each output's reduction among a workgroup (tinygrad's GROUP opt).
//
//===----------------------------------------------------------------------===//

#include "tg/Target/GPU/Passes.h"

#include "Stage.h"

#include "tg/Dialect/TG/IR/TGOps.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGGPUCHOOSELAUNCH
#include "tg/Target/GPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

constexpr int64_t kThreadsPerOutput = 256;
constexpr int64_t kThreadsPerReduction = 128;

struct ChooseLaunchPass : tg::impl::TGGPUChooseLaunchBase<ChooseLaunchPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<func::FuncOp>()) {
      if (!kernel->hasAttr("tg.kernel") || kernel.isExternal() || kernel->hasAttr("tg.launch"))
        continue;
      FailureOr<SmallVector<KernelStage>> stages = findStages(kernel);
      if (failed(stages))
        return signalPassFailure();
      if (stages->size() != 1) {
        kernel.emitError("tg: a GPU kernel of ") << stages->size()
            << " stages; run tg-gpu-split-stages first";
        return signalPassFailure();
      }
      linalg::LinalgOp root = stages->front().root;
      if (llvm::any_of(root.getStaticLoopRanges(), ShapedType::isDynamic)) {
        root.emitError("tg: a GPU kernel needs static loop ranges");
        return signalPassFailure();
      }
      kernel->setAttr("tg.launch", choose(root));
    }
  }

  GPULaunchAttr choose(linalg::LinalgOp root) {
    SmallVector<int64_t> ranges = root.getStaticLoopRanges();
    SmallVector<unsigned> parallel, reduction;
    root.getParallelDims(parallel);
    root.getReductionDims(reduction);
    int64_t outputs = product(ranges, parallel);
    int64_t reduced = product(ranges, reduction);
    std::optional<Combiner> combiner = findCombiner(root);
    bool wideElements = combiner && combiner->out.getType().getIntOrFloatBitWidth() >= 32;
    if (wideElements && outputs <= groupOutputs && reduced >= groupReduceLength)
      return GPULaunchAttr::get(&getContext(),
                                std::min<int64_t>(kThreadsPerReduction, llvm::bit_floor(
                                    static_cast<uint64_t>(reduced))),
                                /*groupReduce=*/true);
    return GPULaunchAttr::get(&getContext(),
                              std::clamp<int64_t>(outputs, 1, kThreadsPerOutput),
                              /*groupReduce=*/false);
  }
};

} // namespace
