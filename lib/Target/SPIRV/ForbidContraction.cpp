//===- ForbidContraction.cpp - the tg-spirv-forbid-contraction pass -------===//

#include "tg/Target/SPIRV/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGSPIRVFORBIDCONTRACTION
#include "tg/Target/SPIRV/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

struct SPIRVForbidContractionPass
    : tg::impl::TGSPIRVForbidContractionBase<SPIRVForbidContractionPass> {
  void runOnOperation() override {
    // The serializer writes a unit attribute named after a decoration in
    // snake case as that decoration.
    UnitAttr unit = UnitAttr::get(&getContext());
    getOperation().walk([&](Operation *op) {
      if (isa<spirv::FMulOp, spirv::FAddOp, spirv::FSubOp>(op))
        op->setAttr("no_contraction", unit);
    });
  }
};

} // namespace
