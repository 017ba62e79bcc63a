//===- RowLoops.h - what a loop over a row's vectors computes ---*- C++ -*-===//

#ifndef TG_LIB_TARGET_CPU_ROWLOOPS_H
#define TG_LIB_TARGET_CPU_ROWLOOPS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tg {

/// Whether computing `value` in `loop`'s body takes a math function or a
/// division: a polynomial or a call, tens of instructions per vector, where
/// an add or a subtraction takes one.
inline bool takesMathFunction(Value value, scf::ForOp loop) {
  SmallVector<Value> pending = {value};
  llvm::DenseSet<Operation *> seen;
  while (!pending.empty()) {
    Operation *op = pending.pop_back_val().getDefiningOp();
    if (!op || !loop->isProperAncestor(op) || !seen.insert(op).second)
      continue;
    if (isa<math::MathDialect>(op->getDialect()) || isa<arith::DivFOp>(op))
      return true;
    llvm::append_range(pending, op->getOperands());
  }
  return false;
}

} // namespace mlir::tg

#endif // TG_LIB_TARGET_CPU_ROWLOOPS_H
