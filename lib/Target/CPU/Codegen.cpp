//===- Codegen.cpp - CPU kernels to machine code --------------------------===//

#include "tg/Target/CPU/Codegen.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/Verifier.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Support/Threading.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <atomic>
#include <mutex>
#include <thread>

LLD_HAS_DRIVER(elf)

using namespace mlir;
using namespace mlir::tg;

namespace {

constexpr const char *kPortableCPU = "x86-64-v2";

/// Runs the LLVM O2 pipeline on `module`: the kernels are vectorized and
/// tiled before LLVM sees them, and O3 took twice as long (a GPT training
/// step's code: 18 s against 9) for no kernel measurably faster.
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
  builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2).run(module, modules);
}

/// lld keeps global state: one link at a time.
std::mutex linkerMutex;

void initializeTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
}

/// The LLVM target machine for `machine`, or null with `error` set.
std::unique_ptr<llvm::TargetMachine> targetMachine(const CPUMachine &machine, std::string &error) {
  initializeTargets();
  llvm::Triple triple(machine.triple);
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  llvm::TargetOptions targetOptions;
  // No multiply and add are fused behind the IR's back: elementwise
  // arithmetic rounds after every op, as on the GPU targets (SPIR-V's are
  // decorated NoContraction), so devices agree bit for bit. Contractions
  // (matmul and convolution tiles) ask for their vector.fma themselves.
  targetOptions.AllowFPOpFusion = llvm::FPOpFusion::Standard;
  // LLVM's own vectorizer turns a loop over a strided axis (a transposing
  // copy) into scatters or gathers, which run element by element and are
  // slower than scalar code here (a channels-last copy of 11 MB: 4.5 GB/s
  // with scatters, 33 without).
  std::string features = machine.features;
  if (triple.isX86())
    features += std::string(features.empty() ? "" : ",") + "+prefer-no-gather,+prefer-no-scatter";
  // Instruction selection and register allocation at the default level:
  // Aggressive took an eighth longer on the CNN training step's kernels
  // (cold first step 1.26 -> 1.12 s) and made none measurably faster.
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, machine.cpu, features, targetOptions, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Default));
}

} // namespace

/// The size in bytes of the first CPU's data or unified cache of `level`,
/// as Linux reports it (/sys/devices/system/cpu/cpu0/cache/index*/), or 0.
static int64_t hostDataCacheBytes(int level) {
  auto read = [](const llvm::Twine &path) -> std::string {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFileAsStream(path);
    return file ? (*file)->getBuffer().trim().str() : std::string();
  };
  for (int index = 0;; ++index) {
    std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    if (!llvm::sys::fs::is_directory(dir))
      return 0;
    std::string type = read(dir + "/type");
    if (read(dir + "/level") != std::to_string(level) || type == "Instruction")
      continue;
    std::string text = read(dir + "/size");
    StringRef size = text;
    int64_t scale = size.consume_back("K") ? 1 << 10 : size.consume_back("M") ? 1 << 20 : 1;
    int64_t bytes = 0;
    return size.getAsInteger(10, bytes) ? 0 : bytes * scale;
  }
}

/// The features `cpu` of `triple` has, as "+name,...": a named CPU's are
/// what its LLVM definition implies, as the host's are what it reports.
static FailureOr<std::string> namedCPUFeatures(const llvm::Triple &triple, StringRef cpu,
                                               std::string &error) {
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return failure();
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, cpu, ""));
  if (!subtarget || !subtarget->isCPUStringValid(cpu)) {
    error = "LLVM knows no CPU \"" + cpu.str() + "\" for " + triple.str();
    return failure();
  }
  std::string features;
  for (const llvm::SubtargetFeatureKV &feature : subtarget->getAllProcessorFeatures())
    if (subtarget->getFeatureBits().test(feature.Value))
      features += (features.empty() ? "+" : ",+") + std::string(feature.Key);
  return features;
}

FailureOr<CPUMachine> mlir::tg::cpuMachine(StringRef triple, StringRef cpu, bool portable,
                                           std::string &error) {
  if (portable && !cpu.empty() && cpu != kPortableCPU) {
    error = "a CPU (" + cpu.str() + ") and portable code for any " + kPortableCPU +
            " are asked for at once";
    return failure();
  }
  initializeTargets();
  llvm::Triple host(llvm::sys::getDefaultTargetTriple());
  llvm::Triple normalized(triple.empty() ? host.str() : llvm::Triple::normalize(triple));
  bool cross = normalized.getArch() != host.getArch();
  if (portable)
    cpu = kPortableCPU;
  if (cpu.empty() && cross)
    cpu = "generic";
  if (!cpu.empty()) {
    FailureOr<std::string> features = namedCPUFeatures(normalized, cpu, error);
    if (failed(features))
      return failure();
    return CPUMachine{normalized.str(), cpu.str(), *features};
  }
  CPUMachine machine{normalized.str(), llvm::sys::getHostCPUName().str(), ""};
  for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
    machine.features +=
        (machine.features.empty() ? "" : ",") + std::string(enabled ? "+" : "-") + name.str();
  machine.firstLevelCacheBytes = hostDataCacheBytes(1);
  machine.coreCacheBytes = hostDataCacheBytes(2);
  return machine;
}

std::string mlir::tg::describe(const CPUMachine &machine) {
  std::string text = machine.triple + " " + machine.cpu;
  if (machine.firstLevelCacheBytes > 0 && machine.coreCacheBytes > 0)
    text += ", " + std::to_string(machine.firstLevelCacheBytes >> 10) + " KB L1d and " +
            std::to_string(machine.coreCacheBytes >> 10) + " KB L2 per core";
  return text;
}

int64_t mlir::tg::cpuVectorBytes(const CPUMachine &machine) {
  llvm::StringRef features = machine.features;
  if (features.contains("+avx512f"))
    return 64;
  return features.contains("+avx") ? 32 : 16;
}

int64_t mlir::tg::cpuVectorRegisters(const CPUMachine &machine) {
  if (llvm::Triple(machine.triple).isAArch64())
    return 32;
  return llvm::StringRef(machine.features).contains("+avx512f") ? 32 : 16;
}

FailureOr<std::string> mlir::tg::emitCPUObject(llvm::Module &module,
                                               const CPUCodegenOptions &options,
                                               std::string &error) {
  std::unique_ptr<llvm::TargetMachine> machine = targetMachine(options.machine, error);
  if (!machine) {
    error = "no LLVM target for " + options.machine.triple + ": " + error;
    return failure();
  }
  module.setDataLayout(machine->createDataLayout());
  module.setTargetTriple(llvm::Triple(options.machine.triple));
  optimize(module, *machine);
  if (options.llvmIR)
    module.print(*options.llvmIR, nullptr);
  auto emit = [&](llvm::CodeGenFileType type, llvm::raw_pwrite_stream &out) {
    llvm::legacy::PassManager passes;
    if (machine->addPassesToEmitFile(passes, out, nullptr, type))
      return false;
    passes.run(module);
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
  if (!emit(llvm::CodeGenFileType::ObjectFile, objectStream)) {
    error = "the target " + options.machine.triple + " cannot emit object files";
    return failure();
  }
  return std::string(object.str());
}

FailureOr<std::vector<std::string>> mlir::tg::emitCPUObjects(ModuleOp module,
                                                             const CPUCodegenOptions &options) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  module.getContext()->appendDialectRegistry(registry);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return module.emitError("tg: translating the kernels to LLVM IR failed");
  // Parts of the module compile on every core, when it defines several
  // functions and no single listing (assembly, LLVM IR) is asked for.
  unsigned functions =
      llvm::count_if(*llvmModule, [](const llvm::Function &f) { return !f.isDeclaration(); });
  unsigned workers = std::min(functions, llvm::hardware_concurrency().compute_thread_count());
  std::string error;
  if (workers <= 1 || options.assembly || options.llvmIR) {
    FailureOr<std::string> object = emitCPUObject(*llvmModule, options, error);
    if (failed(object))
      return module.emitError("tg: ") << error;
    return std::vector<std::string>{std::move(*object)};
  }
  // Helpers that conversions define once per module (math.ipowi's) are
  // linkonce: in one part, inlined and then dropped while another part
  // still calls them. Made plain definitions, each lives in one part. Weak
  // ones (tg-cpu-cached-scratch's) are neither inlined nor dropped, and
  // stay weak: the runtime's own definitions take their place, and two
  // AOT objects that both carry them link together.
  for (llvm::GlobalValue &value : llvmModule->global_values())
    if (!value.isDeclaration() && value.hasLinkOnceLinkage())
      value.setLinkage(llvm::GlobalValue::ExternalLinkage);
  // Each part goes to a worker as bitcode, read into a context of its own:
  // an LLVMContext is not shared between threads. Workers take the largest
  // part left: with one part per core, SplitModule's balance by size gave
  // the CNN step's workers 376 and 695 ms, as one kernel's code takes
  // longer than its size says. Eight parts per worker balance them; one
  // per kernel cost more than it balanced, as every part builds LLVM's
  // pipelines again (about 3 ms) and SplitModule copies the module once
  // per part: the CNN step's workers took 651-707 ms in 74 parts and
  // 555-575 in 16, GPT's training step's 749-866 in 125 and 584-681.
  std::vector<llvm::SmallString<0>> bitcode;
  llvm::SplitModule(
      *llvmModule, std::min(functions, 8 * workers),
      [&](std::unique_ptr<llvm::Module> part) {
        if (llvm::none_of(*part, [](const llvm::Function &f) { return !f.isDeclaration(); }))
          return;
        llvm::raw_svector_ostream os(bitcode.emplace_back());
        llvm::WriteBitcodeToFile(*part, os);
      },
      /*PreserveLocals=*/false, /*RoundRobin=*/false);
  llvm::sort(bitcode, [](const auto &a, const auto &b) { return a.size() > b.size(); });
  std::vector<std::string> objects(bitcode.size()), errors(bitcode.size());
  std::atomic<size_t> next = 0;
  std::vector<std::thread> threads;
  for (unsigned worker = 0; worker < workers; ++worker)
    threads.emplace_back([&] {
      for (size_t i = next++; i < bitcode.size(); i = next++) {
        llvm::LLVMContext context;
        llvm::Expected<std::unique_ptr<llvm::Module>> part = llvm::parseBitcodeFile(
            llvm::MemoryBufferRef(bitcode[i].str(), "kernels"), context);
        if (!part) {
          errors[i] = llvm::toString(part.takeError());
          continue;
        }
        FailureOr<std::string> object = emitCPUObject(**part, options, errors[i]);
        if (succeeded(object))
          objects[i] = std::move(*object);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (const std::string &partError : errors)
    if (!partError.empty())
      return module.emitError("tg: ") << partError;
  return objects;
}

FailureOr<std::string> mlir::tg::linkCPUObjects(ArrayRef<std::string> objects,
                                                const CPUMachine &machine, bool shared,
                                                bool pthreads, std::string &error) {
  // lld links files: a private directory for the objects and the result.
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("tg-link", dir)) {
    error = "cannot create a temporary directory: " + ec.message();
    return failure();
  }
  llvm::scope_exit cleanup([&] { llvm::sys::fs::remove_directories(dir); });
  std::vector<std::string> paths;
  for (auto [i, object] : llvm::enumerate(objects)) {
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, "input" + std::to_string(i) + ".o");
    std::error_code ec;
    llvm::raw_fd_ostream file(path, ec);
    if (ec) {
      error = "cannot write " + path.str().str() + ": " + ec.message();
      return failure();
    }
    file << object;
    paths.push_back(path.str().str());
  }
  llvm::SmallString<128> output(dir);
  llvm::sys::path::append(output, "output");
  llvm::Triple triple(machine.triple);
  std::string multiarch = "-L/usr/lib/" + triple.getArchName().str() + "-linux-gnu";
  std::string multiarchRoot = "-L/lib/" + triple.getArchName().str() + "-linux-gnu";
  std::string cross = "-L/usr/" + triple.getArchName().str() + "-linux-gnu/lib";
  std::vector<const char *> args = {"ld.lld", "-o", output.c_str()};
  if (shared)
    args.insert(args.end(), {"-shared", "--hash-style=gnu", "-O2"});
  else
    args.push_back("-r");
  for (const std::string &path : paths)
    args.push_back(path.c_str());
  // LLVM calls compiler-rt's builtins for what the machine has no
  // instruction for: without AVX512-BF16, copying bf16 through vector
  // registers calls __truncsfbf2 (Zen 2), which no shared library here has.
  std::string builtins =
      TG_CLANG_RUNTIME_DIR "/libclang_rt.builtins-" + triple.getArchName().str() + ".a";
  if (llvm::sys::fs::exists(builtins))
    args.push_back(builtins.c_str());
  // Kernels call libm for transcendentals; a shared result says it needs it.
  if (shared) {
    args.insert(args.end(), {"--as-needed", multiarch.c_str(), multiarchRoot.c_str(),
                             cross.c_str(), "-lm"});
    // A library with workers also names libc: it can be opened on its own
    // (dlopen, Python's ctypes) with its symbol versions bound.
    if (pthreads)
      args.insert(args.end(), {"-lpthread", "-lc"});
  }
  std::string linkerOutput;
  llvm::raw_string_ostream linkerLog(linkerOutput);
  {
    std::lock_guard<std::mutex> lock(linkerMutex);
    lld::Result result = lld::lldMain(args, linkerLog, linkerLog, {{lld::Gnu, &lld::elf::link}});
    if (result.retCode != 0) {
      error = "linking failed: " + linkerOutput;
      return failure();
    }
  }
  auto linked = llvm::MemoryBuffer::getFile(output);
  if (!linked) {
    error = "cannot read the linked file: " + linked.getError().message();
    return failure();
  }
  return (*linked)->getBuffer().str();
}
