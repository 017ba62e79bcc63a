//===- PreserveFloatSpecials.cpp - tg-spirv-preserve-float-specials -------===//

#include "tg/Target/SPIRV/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

#include "llvm/ADT/SmallSet.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGSPIRVPRESERVEFLOATSPECIALS
#include "tg/Target/SPIRV/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// The widths of the float scalars and vectors `module` computes with.
llvm::SmallSet<int32_t, 3> floatWidths(spirv::ModuleOp module) {
  llvm::SmallSet<int32_t, 3> widths;
  auto note = [&](Type type) {
    if (auto vector = dyn_cast<VectorType>(type))
      type = vector.getElementType();
    if (auto scalar = dyn_cast<FloatType>(type))
      widths.insert(scalar.getWidth());
  };
  module.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      note(type);
    for (Type type : op->getOperandTypes())
      note(type);
  });
  return widths;
}

struct SPIRVPreserveFloatSpecialsPass
    : tg::impl::TGSPIRVPreserveFloatSpecialsBase<SPIRVPreserveFloatSpecialsPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    llvm::SmallSet<int32_t, 3> widths = floatWidths(module);
    SmallVector<spirv::EntryPointOp> entryPoints(module.getOps<spirv::EntryPointOp>());
    OpBuilder builder(module.getBody(), std::prev(module.getBody()->end()));
    for (spirv::EntryPointOp entryPoint : entryPoints) {
      builder.setInsertionPointAfter(entryPoint);
      for (int32_t width : {16, 32, 64})
        if (widths.contains(width))
          spirv::ExecutionModeOp::create(builder, entryPoint.getLoc(), entryPoint.getFn(),
                                         spirv::ExecutionMode::SignedZeroInfNanPreserve,
                                         builder.getI32ArrayAttr({width}));
    }
  }
};

} // namespace
