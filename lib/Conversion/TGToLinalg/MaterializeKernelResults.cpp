//===- MaterializeKernelResults.cpp - tg-materialize-kernel-results -------===//

#include "tg/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGMATERIALIZEKERNELRESULTS
#include "tg/Conversion/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// The tensor a reshape views (the same buffer once bufferized), or null.
Value reshapeSource(Operation *op) {
  if (auto expand = dyn_cast_or_null<tensor::ExpandShapeOp>(op))
    return expand.getSrc();
  if (auto collapse = dyn_cast_or_null<tensor::CollapseShapeOp>(op))
    return collapse.getSrc();
  return nullptr;
}

/// Whether `result` is `output` written through destination operands and
/// reshapes only.
bool threadsOutput(Value result, Value output) {
  while (result != output) {
    if (Value source = reshapeSource(result.getDefiningOp())) {
      result = source;
      continue;
    }
    auto dps = result.getDefiningOp<DestinationStyleOpInterface>();
    if (!dps)
      return false;
    result = dps.getDpsInitOperand(cast<OpResult>(result).getResultNumber())->get();
  }
  return true;
}

/// Whether anything but a destination operand, directly or through
/// reshapes, uses `output`: such a read of the old value makes
/// bufferization write the new one elsewhere.
bool readOtherwise(Value output) {
  return llvm::any_of(output.getUses(), [](OpOperand &use) {
    if (reshapeSource(use.getOwner()))
      return readOtherwise(use.getOwner()->getResult(0));
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
