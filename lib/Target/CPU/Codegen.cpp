//===- Codegen.cpp - CPU kernels to an ELF shared object ------------------===//

#include "tg/Target/CPU/Codegen.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

LLD_HAS_DRIVER(elf)

using namespace mlir;
using namespace mlir::tg;

namespace {

constexpr const char *kPortableCPU = "x86-64-v2";

struct Target {
  std::string triple, cpu, features;
};

Target hostTarget(bool portable) {
  Target t{llvm::sys::getDefaultTargetTriple(), kPortableCPU, ""};
  if (portable)
    return t;
  t.cpu = llvm::sys::getHostCPUName().str();
  std::string features;
  for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
    features += (features.empty() ? "" : ",") + std::string(enabled ? "+" : "-") + name.str();
  t.features = features;
  return t;
}

/// Runs the LLVM O3 pipeline on `module`.
void optimize(llvm::Module &module, llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3).run(module, modules);
}

/// lld keeps global state: one link at a time.
std::mutex linkerMutex;

} // namespace

std::string mlir::tg::cpuTargetDescription(bool portable) {
  Target t = hostTarget(portable);
  return t.triple + " " + t.cpu;
}

int64_t mlir::tg::cpuVectorBytes(bool portable) {
  if (portable)
    return 16;
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 64;
  return features.lookup("avx") ? 32 : 16;
}

FailureOr<std::string> mlir::tg::emitCPUSharedObject(ModuleOp module,
                                                     const CPUCodegenOptions &options) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  module.getContext()->appendDialectRegistry(registry);

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return module.emitError("tg: translating the kernels to LLVM IR failed");

  Target t = hostTarget(options.portable);
  std::string error;
  llvm::Triple triple(t.triple);
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return module.emitError("tg: no LLVM target for ") << t.triple << ": " << error;
  llvm::TargetOptions targetOptions;
  // No multiply and add are fused behind the IR's back: elementwise
  // arithmetic rounds after every op, as on the GPU targets (SPIR-V's are
  // decorated NoContraction), so devices agree bit for bit. Contractions
  // (matmul and convolution tiles) ask for their vector.fma themselves.
  targetOptions.AllowFPOpFusion = llvm::FPOpFusion::Standard;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, t.cpu, t.features, targetOptions, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  llvmModule->setDataLayout(machine->createDataLayout());
  llvmModule->setTargetTriple(triple);
  optimize(*llvmModule, *machine);

  auto emit = [&](llvm::CodeGenFileType type, llvm::raw_pwrite_stream &out) {
    llvm::legacy::PassManager passes;
    if (machine->addPassesToEmitFile(passes, out, nullptr, type))
      return false;
    passes.run(*llvmModule);
    return true;
  };
  if (options.assembly) {
    llvm::SmallString<0> text;
    llvm::raw_svector_ostream os(text);
    if (emit(llvm::CodeGenFileType::AssemblyFile, os))
      *options.assembly << text;
  }
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream objectStream(object);
  if (!emit(llvm::CodeGenFileType::ObjectFile, objectStream))
    return module.emitError("tg: the target cannot emit object files");

  // lld links files: a private directory for the object and the library.
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("tg-kernels", dir))
    return module.emitError("tg: cannot create a temporary directory: ") << ec.message();
  llvm::scope_exit cleanup([&] { llvm::sys::fs::remove_directories(dir); });
  llvm::SmallString<128> objectPath(dir), libraryPath(dir);
  llvm::sys::path::append(objectPath, "kernels.o");
  llvm::sys::path::append(libraryPath, "kernels.so");
  {
    std::error_code ec;
    llvm::raw_fd_ostream file(objectPath, ec);
    if (ec)
      return module.emitError("tg: cannot write ") << objectPath << ": " << ec.message();
    file << object;
  }
  std::string linkerOutput;
  llvm::raw_string_ostream linkerLog(linkerOutput);
  // Kernels call libm for transcendentals: the library says it needs it.
  std::string multiarch = "-L/usr/lib/" + triple.getArchName().str() + "-linux-gnu";
  std::string multiarchRoot = "-L/lib/" + triple.getArchName().str() + "-linux-gnu";
  const char *args[] = {"ld.lld", "-shared", "--hash-style=gnu", "-O2", "-o",
                        libraryPath.c_str(), objectPath.c_str(), "--as-needed",
                        multiarch.c_str(), multiarchRoot.c_str(), "-lm"};
  {
    std::lock_guard<std::mutex> lock(linkerMutex);
    lld::Result result = lld::lldMain(args, linkerLog, linkerLog, {{lld::Gnu, &lld::elf::link}});
    if (result.retCode != 0)
      return module.emitError("tg: linking the kernels failed: ") << linkerOutput;
  }
  auto library = llvm::MemoryBuffer::getFile(libraryPath);
  if (!library)
    return module.emitError("tg: cannot read the linked kernels: ")
           << library.getError().message();
  return (*library)->getBuffer().str();
}
