//===- KernelRoot.h - the generic a CPU kernel's optimizations act on ----===//

#ifndef TG_LIB_TARGET_CPU_KERNELROOT_H
#define TG_LIB_TARGET_CPU_KERNELROOT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::tg {

/// The linalg.generic that computes a kernel function's result (its last
/// stage, writing the output argument), or null.
inline linalg::GenericOp getKernelRoot(func::FuncOp kernel) {
  auto ret = dyn_cast<func::ReturnOp>(kernel.getBody().front().getTerminator());
  if (!ret || ret.getNumOperands() != 1)
    return {};
  return ret.getOperand(0).getDefiningOp<linalg::GenericOp>();
}

/// Whether the output argument is touched only by the root (directly or
/// through the linalg.fill of its initial value): then workers that each
/// compute a share of the root's iterations write disjoint parts of it.
inline bool onlyRootWritesOutput(func::FuncOp kernel, linalg::GenericOp root) {
  Value output = kernel.getArguments().back();
  for (OpOperand &use : output.getUses()) {
    Operation *user = use.getOwner();
    if (user == root.getOperation() && root.isDpsInit(&use))
      continue;
    auto fill = dyn_cast<linalg::FillOp>(user);
    if (fill && fill->hasOneUse() && *fill->user_begin() == root.getOperation())
      continue;
    return false;
  }
  return true;
}

} // namespace mlir::tg

#endif // TG_LIB_TARGET_CPU_KERNELROOT_H
