//===- TestSearchOpts.cpp - what BEAM tries for each kernel ---------------===//
//
// `-test-tg-search-opts`: for every kernel function, the CPU target's BEAM
// search space (TargetBackend::searchOpts) as remarks: where a search
// starts, then the opts one action away from the first of those. The code
// is for x86-64-v4 (512-bit vectors) whatever the machine.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/TargetBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {

struct TestSearchOptsPass : PassWrapper<TestSearchOptsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestSearchOptsPass)
  StringRef getArgument() const final { return "test-tg-search-opts"; }
  StringRef getDescription() const final {
    return "Report the CPU target's BEAM search space for each kernel";
  }

  void runOnOperation() override {
    const tg::TargetBackend *cpu = tg::findTargetBackend("CPU");
    if (!cpu)
      return signalPassFailure();
    tg::TargetOptions options;
    options.chip = "x86-64-v4";
    for (auto kernel : getOperation().getOps<func::FuncOp>()) {
      if (!kernel->hasAttr("tg.kernel"))
        continue;
      std::vector<std::string> start = cpu->searchOpts(kernel, "", options);
      InFlightDiagnostic remark = kernel.emitRemark() << "start: " << llvm::join(start, " ");
      if (start.empty())
        continue;
      remark << "\nfrom " << start.front() << ": "
             << llvm::join(cpu->searchOpts(kernel, start.front(), options), " ");
    }
  }
};

} // namespace

namespace mlir::tg::test {
void registerTestSearchOptsPass() { PassRegistration<TestSearchOptsPass>(); }
} // namespace mlir::tg::test
