// libFuzzer: tg IR as tg-opt and tg-run read it: parsed and verified, then
// each public function compiled for the CPU (the tg passes, kernelization,
// the CPU kernel pipeline and code generation). Bad input must end in
// diagnostics, never in a crash, a hang or an overflow.
#include "tg/Compiler/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Parser/Parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry();
    mlir::tg::registerCompilerDialects(*r);
    return r;
  }();
  // A fresh context per input: nothing one input interns leaks into the
  // next, and memory stays flat over millions of runs.
  mlir::MLIRContext context(*registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module)
    return 0;
  std::vector<std::string> functions;
  for (auto function : module->getOps<mlir::func::FuncOp>())
    if (function.isPublic() && !function.isExternal())
      functions.push_back(function.getName().str());
  mlir::tg::CompileOptions options;
  for (const std::string &function : functions)
    (void)mlir::tg::compileFunction(*module, function, options);
  return 0;
}
