//===- SplitStages.cpp - the tg-gpu-split-stages pass ---------------------===//
//
// On a CPU a kernel's stages run one after another in one call; on a GPU the
// threads of one launch cannot wait for each other across workgroups, so
// every stage whose results other threads read is a launch of its own.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/GPU/Passes.h"

#include "Stage.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGGPUSPLITSTAGES
#include "tg/Target/GPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// memref.copy(a, b) → linalg.copy ins(a) outs(b): every stage is a linalg op.
void copiesToLinalg(func::FuncOp kernel) {
  kernel.walk([](memref::CopyOp copy) {
    OpBuilder builder(copy);
    linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(), copy.getTarget());
    copy.erase();
  });
}

/// Clones into `builder` the ops of `stage` and what they use from the
/// kernel's body (views, constants), reading arguments through `mapping`.
void cloneStage(OpBuilder &builder, KernelStage stage, IRMapping &mapping) {
  llvm::SetVector<Operation *> needed;
  SmallVector<Operation *> worklist(stage.ops());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!needed.insert(op))
      continue;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && def->getParentOp() == stage.root->getParentOp() && !mapping.contains(operand))
          worklist.push_back(def);
    });
  }
  SmallVector<Operation *> ordered(needed.begin(), needed.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered)
    builder.clone(*op, mapping);
}

struct SplitStagesPass : tg::impl::TGGPUSplitStagesBase<SplitStagesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> kernels;
    for (auto kernel : module.getOps<func::FuncOp>())
      if (kernel->hasAttr("tg.kernel") && !kernel.isExternal())
        kernels.push_back(kernel);
    for (func::FuncOp kernel : kernels) {
      copiesToLinalg(kernel);
      FailureOr<SmallVector<KernelStage>> stages = findStages(kernel);
      if (failed(stages))
        return signalPassFailure();
      SmallVector<memref::AllocOp> scratch(kernel.getBody().getOps<memref::AllocOp>());
      if (stages->size() == 1 && scratch.empty())
        continue;
      if (failed(split(kernel, *stages, scratch, symbols)))
        return signalPassFailure();
    }
  }

  LogicalResult split(func::FuncOp kernel, ArrayRef<KernelStage> stages,
                      ArrayRef<memref::AllocOp> scratch, SymbolTable &symbols) {
    for (memref::AllocOp alloc : scratch)
      if (!alloc.getType().hasStaticShape())
        return alloc.emitError("tg: a GPU kernel's scratch buffer needs a static shape");
    SmallVector<Type> argumentTypes(kernel.getArgumentTypes());
    for (memref::AllocOp alloc : scratch)
      argumentTypes.push_back(alloc.getType());
    auto type = FunctionType::get(kernel.getContext(), argumentTypes, {});

    SmallVector<func::FuncOp> parts;
    OpBuilder builder(kernel);
    for (auto [index, stage] : llvm::enumerate(stages)) {
      auto part = func::FuncOp::create(builder, kernel.getLoc(),
                                       (kernel.getName() + "s" + Twine(index)).str(), type);
      part->setDiscardableAttrs(kernel->getDiscardableAttrDictionary());
      part.setPrivate();
      symbols.insert(part);
      Block *body = part.addEntryBlock();
      IRMapping mapping;
      for (auto [from, to] : llvm::zip(kernel.getArguments(), body->getArguments()))
        mapping.map(from, to);
      for (auto [alloc, to] :
           llvm::zip(scratch, body->getArguments().drop_front(kernel.getNumArguments())))
        mapping.map(alloc->getResult(0), to);
      OpBuilder inside = OpBuilder::atBlockEnd(body);
      cloneStage(inside, stage, mapping);
      func::ReturnOp::create(inside, kernel.getLoc());
      parts.push_back(part);
    }

    // Each call allocates the scratch buffers and launches the parts in order.
    std::optional<SymbolTable::UseRange> uses = kernel.getSymbolUses(kernel->getParentOp());
    for (SymbolTable::SymbolUse use : *uses) {
      auto call = dyn_cast<func::CallOp>(use.getUser());
      if (!call)
        return use.getUser()->emitError("tg: a kernel is used other than by a call");
      OpBuilder host(call);
      SmallVector<Value> operands(call.getOperands());
      for (memref::AllocOp alloc : scratch)
        operands.push_back(memref::AllocOp::create(host, alloc.getLoc(), alloc.getType()));
      for (func::FuncOp part : parts)
        func::CallOp::create(host, call.getLoc(), part, operands);
      call.erase();
    }
    symbols.erase(kernel);
    return success();
  }
};

} // namespace
