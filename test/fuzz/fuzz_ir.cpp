// libFuzzer: tg IR as tg-opt and tg-run read it. Bad input must end in
// diagnostics, never in a crash, a hang or an overflow.
//   fuzz_ir          parsed and verified, then the CPU pipeline as tg-opt
//                    runs it (--tg-to-kernels --tg-cpu-kernels
//                    --tg-cpu-to-llvm): every tg pass, kernelization and the
//                    CPU kernel passes, thousands of inputs a second.
//   fuzz_ir_compile  (TG_FUZZ_IR_COMPILE) each public function through
//                    compileFunction, as tg-run does: the same passes, then
//                    the launch plan, LLVM's code generation, the link and
//                    the executable's writer. Tens of inputs a second.
#include "tg/Compiler/Compiler.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>
#include <memory>
#include <string>

namespace {

// A context serves this many inputs, then a fresh one replaces it. One per
// input (with its dialects loaded) cost more than the rest of the harness
// did: 43 inputs/s even on garbage. One for ever would grow with everything
// the inputs intern.
constexpr unsigned kInputsPerContext = 1000;

struct Session {
  explicit Session(const mlir::DialectRegistry &registry)
      : context(registry, mlir::MLIRContext::Threading::DISABLED),
        pipeline(&context, mlir::ModuleOp::getOperationName()) {
    mlir::LogicalResult parsed = mlir::parsePassPipeline(
        "tg-to-kernels,tg-cpu-kernels,tg-cpu-to-llvm", pipeline);
    if (mlir::failed(parsed))
      llvm::report_fatal_error("fuzz_ir: the CPU pipeline does not parse");
  }
  mlir::MLIRContext context;
  mlir::PassManager pipeline;
};

Session &sessionForNextInput() {
  static mlir::DialectRegistry *registry = [] {
    mlir::tg::registerTGPipelines();
    auto *r = new mlir::DialectRegistry();
    mlir::tg::registerCompilerDialects(*r);
    return r;
  }();
  static std::unique_ptr<Session> session;
  static unsigned served = 0;
  if (!session || ++served == kInputsPerContext) {
    session.reset(); // the old context goes before the new one is made
    session = std::make_unique<Session>(*registry);
    served = 0;
  }
  return *session;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Session &session = sessionForNextInput();
  // Diagnostics are the expected outcome; TG_FUZZ_VERBOSE=1 shows them when
  // an input is replayed.
  static const bool verbose = getenv("TG_FUZZ_VERBOSE") != nullptr;
  mlir::ScopedDiagnosticHandler quiet(&session.context, [](mlir::Diagnostic &diagnostic) {
    if (verbose)
      llvm::errs() << diagnostic.getLocation() << ": " << diagnostic << "\n";
    return mlir::success();
  });
  // MemoryBuffer's copy ends in the zero MLIR's lexer stops at, as a file
  // read by tg-opt does; libFuzzer's bytes have none.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz-input"),
      llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::tg::parseModule(sourceMgr, &session.context, verbose ? llvm::errs() : llvm::nulls());
  if (!module)
    return 0;
  std::vector<std::string> functions;
  for (auto function : module->getOps<mlir::func::FuncOp>())
    if (function.isPublic() && !function.isExternal())
      functions.push_back(function.getName().str());
#ifdef TG_FUZZ_IR_COMPILE
  mlir::tg::CompileOptions options;
  for (const std::string &function : functions)
    (void)mlir::tg::compileFunction(*module, function, options);
#else
  // One function at a time, as compileFunction takes them: one that does
  // not compile leaves the others their turn.
  for (const std::string &name : functions) {
    mlir::OwningOpRef<mlir::ModuleOp> alone = module->clone();
    for (auto other : llvm::make_early_inc_range(alone->getOps<mlir::func::FuncOp>()))
      if (other.getName() != name)
        other.erase();
    bool lowered = mlir::succeeded(session.pipeline.run(*alone));
    if (verbose)
      llvm::errs() << "@" << name << (lowered ? ": lowered to the llvm dialect\n" : ": failed\n");
  }
#endif
  return 0;
}
