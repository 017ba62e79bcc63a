//===- Stage.h - the stages of a bufferized kernel --------------*- C++ -*-===//

#ifndef TG_LIB_TARGET_GPU_STAGE_H
#define TG_LIB_TARGET_GPU_STAGE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tg {

/// One stage of a kernel: a linalg op on memrefs and, when the op reduces
/// into its output, the linalg.fill just before it that gives the initial
/// value.
struct KernelStage {
  linalg::FillOp init;
  linalg::LinalgOp root;

  SmallVector<Operation *, 2> ops() const {
    SmallVector<Operation *, 2> result;
    if (init)
      result.push_back(init);
    result.push_back(root);
    return result;
  }
};

/// The stages of a bufferized kernel function in order; an error on ops
/// that are neither stages nor views, constants or allocations.
inline FailureOr<SmallVector<KernelStage>> findStages(func::FuncOp kernel) {
  SmallVector<KernelStage> stages;
  linalg::FillOp pendingInit;
  for (Operation &op : kernel.getBody().front()) {
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      if (pendingInit)
        stages.push_back({{}, pendingInit});
      pendingInit = fill;
      continue;
    }
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      bool initializes = pendingInit && linalgOp.getNumDpsInits() == 1 &&
                         linalgOp.getNumReductionLoops() > 0 &&
                         linalgOp.getDpsInits()[0] == pendingInit.getDpsInits()[0];
      if (pendingInit && !initializes)
        stages.push_back({{}, pendingInit});
      stages.push_back({initializes ? pendingInit : linalg::FillOp(), linalgOp});
      pendingInit = {};
      continue;
    }
    if (isa<func::ReturnOp, memref::AllocOp>(op) || isMemoryEffectFree(&op))
      continue;
    return op.emitError("tg: a GPU kernel cannot hold this operation");
  }
  if (pendingInit)
    stages.push_back({{}, pendingInit});
  if (stages.empty())
    return kernel.emitError("tg: a kernel with nothing to compute");
  return stages;
}

/// How a reduction combines its output with one value per iteration: the
/// op that yields `combine(out, value)`, where `out` (the output's block
/// argument) is used by that op alone, and its kind.
struct Combiner {
  Operation *op;
  arith::AtomicRMWKind kind;
  /// The operand that is not the output: the value of one iteration.
  Value value() const { return op->getOperand(0) == out ? op->getOperand(1) : op->getOperand(0); }
  Value out;
};

inline std::optional<Combiner> findCombiner(linalg::LinalgOp root) {
  if (root.getNumDpsInits() != 1 || root.getNumReductionLoops() == 0 ||
      !isa<linalg::GenericOp>(root))
    return std::nullopt;
  Block *body = root.getBlock();
  Value out = body->getArguments().back();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Operation *op = yield.getOperand(0).getDefiningOp();
  if (!op || op->getBlock() != body || op->getNumOperands() != 2 || !op->hasOneUse() ||
      !out.hasOneUse() ||
      *out.user_begin() != op || op->getOperand(0) == op->getOperand(1))
    return std::nullopt;
  using Kind = arith::AtomicRMWKind;
  std::optional<Kind> kind =
      llvm::TypeSwitch<Operation *, std::optional<Kind>>(op)
          .Case([](arith::AddFOp) { return Kind::addf; })
          .Case([](arith::AddIOp) { return Kind::addi; })
          .Case([](arith::MulFOp) { return Kind::mulf; })
          .Case([](arith::MulIOp) { return Kind::muli; })
          .Case([](arith::MaximumFOp) { return Kind::maximumf; })
          .Case([](arith::MaxNumFOp) { return Kind::maxnumf; })
          .Case([](arith::MaxSIOp) { return Kind::maxs; })
          .Case([](arith::MaxUIOp) { return Kind::maxu; })
          .Case([](arith::MinimumFOp) { return Kind::minimumf; })
          .Case([](arith::MinNumFOp) { return Kind::minnumf; })
          .Case([](arith::MinSIOp) { return Kind::mins; })
          .Case([](arith::MinUIOp) { return Kind::minu; })
          .Case([](arith::OrIOp) { return Kind::ori; })
          .Case([](arith::AndIOp) { return Kind::andi; })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind)
    return std::nullopt;
  return Combiner{op, *kind, out};
}

/// The product of `ranges` at `positions`.
inline int64_t product(ArrayRef<int64_t> ranges, ArrayRef<unsigned> positions) {
  int64_t result = 1;
  for (unsigned position : positions)
    result *= ranges[position];
  return result;
}

} // namespace mlir::tg

#endif // TG_LIB_TARGET_GPU_STAGE_H
