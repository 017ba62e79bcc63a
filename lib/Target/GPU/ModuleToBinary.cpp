//===- ModuleToBinary.cpp - gpu-module-to-binary, showing the assembly ----===//
//
// Upstream's gpu-module-to-binary, driven through the same function, with
// an ISA callback: for DEBUG=3 the PTX or AMDGPU assembly each gpu.module
// compiles through is printed to the compile log before it is assembled.
// Not declared in ODS: it takes the log's stream, which a textual pipeline
// cannot pass; the GPU targets add it only when there is a log.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/GPU/GPUTarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;

namespace {

class ModuleToBinaryPass : public PassWrapper<ModuleToBinaryPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ModuleToBinaryPass)

  ModuleToBinaryPass(std::string toolkit, gpu::CompilationTarget format, std::string language,
                     llvm::raw_ostream &log)
      : toolkit_(std::move(toolkit)), format_(format), language_(std::move(language)),
        log_(log) {}

  StringRef getArgument() const override { return "tg-gpu-module-to-binary"; }
  StringRef getDescription() const override {
    return "gpu-module-to-binary, printing the assembly on the way (DEBUG=3)";
  }

  void runOnOperation() override {
    // A serializer that does not hand its assembly to the callback (ROCDL's
    // for code objects) has it taken from a copy compiled to assembly.
    OwningOpRef<ModuleOp> copy = getOperation().clone();
    bool printed = false;
    auto printAssembly = [&](StringRef assembly) {
      print(assembly);
      printed = true;
    };
    if (failed(transform(getOperation(), format_, printAssembly)))
      return signalPassFailure();
    if (printed || failed(transform(*copy, gpu::CompilationTarget::Assembly, {})))
      return;
    for (auto binary : copy->getOps<gpu::BinaryOp>())
      for (Attribute object : binary.getObjects())
        print(cast<gpu::ObjectAttr>(object).getObject().getValue());
  }

private:
  LogicalResult transform(ModuleOp module, gpu::CompilationTarget format,
                          function_ref<void(StringRef)> isaCallback) {
    // As upstream's pass: the symbol table is built when a target asks.
    std::optional<SymbolTable> symbols;
    auto symbolTable = [&]() -> SymbolTable * {
      if (!symbols)
        symbols.emplace(module);
      return &*symbols;
    };
    gpu::TargetOptions options(toolkit_, {}, {}, {}, format, symbolTable, {}, {}, {},
                               isaCallback);
    return gpu::transformGpuModulesToBinaries(module, nullptr, options);
  }

  void print(StringRef assembly) {
    log_ << "tg: " << language_ << ", " << assembly.size() << " bytes:\n" << assembly;
    if (!assembly.ends_with("\n"))
      log_ << "\n";
  }

  std::string toolkit_;
  gpu::CompilationTarget format_;
  std::string language_;
  llvm::raw_ostream &log_;
};

} // namespace

LogicalResult mlir::tg::GPUTargetBackend::addModuleToBinary(OpPassManager &pm,
                                                           const TargetOptions &options,
                                                           StringRef format, StringRef toolkit,
                                                           StringRef language,
                                                           llvm::raw_ostream &errors) {
  if (!options.assemblyLog) {
    std::string text = ("gpu-module-to-binary{format=" + format).str();
    if (!toolkit.empty())
      text += (" toolkit=" + toolkit).str();
    return parsePassPipeline(text + "}", pm, errors);
  }
  std::optional<gpu::CompilationTarget> target =
      llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(format)
          .Case("offloading", gpu::CompilationTarget::Offload)
          .Case("llvm", gpu::CompilationTarget::Offload)
          .Case("isa", gpu::CompilationTarget::Assembly)
          .Case("bin", gpu::CompilationTarget::Binary)
          .Case("fatbin", gpu::CompilationTarget::Fatbin)
          .Default(std::nullopt);
  if (!target) {
    errors << "unknown binary format '" << format << "'";
    return failure();
  }
  pm.addPass(std::make_unique<ModuleToBinaryPass>(toolkit.str(), *target, language.str(),
                                                  *options.assemblyLog));
  return success();
}
