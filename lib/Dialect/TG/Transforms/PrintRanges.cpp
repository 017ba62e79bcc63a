//===- PrintRanges.cpp - the tg-print-ranges pass -------------------------===//

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "tg/Dialect/TG/Transforms/Passes.h"


namespace mlir::tg {
#define GEN_PASS_DEF_TGPRINTRANGES
#include "tg/Dialect/TG/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

struct PrintRangesPass : tg::impl::TGPrintRangesBase<PrintRangesPass> {
  void runOnOperation() override {
    IntRanges ranges;
    getOperation()->walk([&](Operation *terminator) {
      if (!terminator->hasTrait<OpTrait::ReturnLike>())
        return;
      for (auto [i, value] : llvm::enumerate(terminator->getOperands()))
        if (std::optional<Bounds> b = ranges.bounds(value))
          terminator->emitRemark() << "result #" << i << " in [" << b->min
                                   << ", " << b->max << "]";
    });
  }
};

} // namespace
