//===- MaterializeKernelResults.cpp - tg-materialize-kernel-results -------===//

#include "tg/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGMATERIALIZEKERNELRESULTS
#include "tg/Conversion/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Whether `result` is `output` written through destination operands only.
bool threadsOutput(Value result, Value output) {
  while (result != output) {
    auto dps = result.getDefiningOp<DestinationStyleOpInterface>();
    if (!dps)
      return false;
    result = dps.getDpsInitOperand(cast<OpResult>(result).getResultNumber())->get();
  }
  return true;
}

/// Whether anything but a destination operand uses `output`: such a read
/// of the old value makes bufferization write the new one elsewhere.
bool readOtherwise(Value output) {
  return llvm::any_of(output.getUses(), [](OpOperand &use) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
    return !dps || !dps.isDpsInit(&use);
  });
}

struct MaterializeKernelResultsPass
    : tg::impl::TGMaterializeKernelResultsBase<MaterializeKernelResultsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](func::FuncOp kernel) {
      if (!kernel->hasAttr("tg.kernel") || kernel.isExternal() || kernel.getNumArguments() == 0)
        return;
      auto ret = cast<func::ReturnOp>(kernel.getBody().front().getTerminator());
      Value output = kernel.getArguments().back();
      if (ret.getNumOperands() != 1 || !isa<TensorType>(output.getType()))
        return;
      Value result = ret.getOperand(0);
      auto copy = result.getDefiningOp<linalg::CopyOp>();
      if (result == output || (copy && copy.getOutputs()[0] == output) ||
          (threadsOutput(result, output) && !readOtherwise(output)))
        return;
      rewriter.setInsertionPoint(ret);
      ret.getOperandsMutable().assign(
          linalg::CopyOp::create(rewriter, ret.getLoc(), result, output).getResult(0));
    });
  }
};

} // namespace
