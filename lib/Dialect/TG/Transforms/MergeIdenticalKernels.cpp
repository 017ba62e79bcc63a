//===- MergeIdenticalKernels.cpp - the tg-merge-identical-kernels pass ----===//
//
// A kernel is compiled once however many times a graph launches it: copies
// that tg-kernelize outlined separately (an optimizer's update of each
// parameter of one shape) are merged into the first of their kind.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGMERGEIDENTICALKERNELS
#include "tg/Dialect/TG/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// A function's attributes but its name.
DictionaryAttr attributesButName(func::FuncOp function) {
  NamedAttrList attributes(function->getAttrDictionary());
  attributes.erase(SymbolTable::getSymbolAttrName());
  return attributes.getDictionary(function.getContext());
}

bool sameKernel(func::FuncOp a, func::FuncOp b) {
  return attributesButName(a) == attributesButName(b) &&
         OperationEquivalence::isRegionEquivalentTo(&a.getBody(), &b.getBody(),
                                                    OperationEquivalence::IgnoreLocations);
}

struct MergeIdenticalKernelsPass
    : tg::impl::TGMergeIdenticalKernelsBase<MergeIdenticalKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The first kernel of each kind, by function type.
    DenseMap<Type, SmallVector<func::FuncOp>> kinds;
    for (auto kernel : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (!kernel->hasAttr("tg.kernel") || !kernel.isPrivate() || kernel.isExternal())
        continue;
      SmallVector<func::FuncOp> &firsts = kinds[kernel.getFunctionType()];
      auto first = llvm::find_if(firsts, [&](func::FuncOp f) { return sameKernel(f, kernel); });
      if (first == firsts.end()) {
        firsts.push_back(kernel);
        continue;
      }
      if (failed(SymbolTable::replaceAllSymbolUses(kernel, first->getSymNameAttr(), module)))
        return signalPassFailure();
      kernel.erase();
    }
  }
};

} // namespace
