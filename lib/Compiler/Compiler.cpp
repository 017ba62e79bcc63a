//===- Compiler.cpp - a tg function to an executable ----------------------===//
//
// The driver knows targets only through the registry (tg/Target/
// TargetBackend.h): stages 1-3 are the same for all; then the target of the
// device runs its kernel pipeline up to the launch plan, which the executable
// writer reads from the host function, and its pipeline and serializer make
// the device binary of the kernels.
//
//===----------------------------------------------------------------------===//

#include "tg/Compiler/Compiler.h"
#include "tg/Compiler/Profile.h"
#include "tg/Compiler/Viz.h"

#include "ExecutableWriter.h"
#include "Stages.h"

#include "tg/Conversion/Passes.h"
#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/Transforms/Passes.h"
#include "tg/Target/CPU/Passes.h"
#include "tg/Target/GPU/Passes.h"
#include "tg/Target/SPIRV/Passes.h"
#include "tg/Target/TargetBackend.h"
#include "tg/Transforms/Passes.h"
#include "tg/Transforms/Pipelines.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tg;

namespace {

/// Where in `text` the first bracket deeper than kMaxIRNesting opens, or
/// StringRef::npos. Only a closer that matches the innermost opener closes
/// it, and the '>' of an arrow closes nothing.
size_t findTooDeepBracket(StringRef text) {
  SmallVector<char, 64> open;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i; // an escaped quote does not end the string
    } else if (c == '/' && text.substr(i).starts_with("//")) {
      i = std::min(text.find('\n', i), text.size());
    } else if (StringRef("([{<").contains(c)) {
      open.push_back(c);
      if (open.size() > kMaxIRNesting)
        return i;
    } else if (!open.empty() && ((c == ')' && open.back() == '(') ||
                                 (c == ']' && open.back() == '[') ||
                                 (c == '}' && open.back() == '{') ||
                                 (c == '>' && open.back() == '<' && text[i - 1] != '-'))) {
      open.pop_back();
    }
  }
  return StringRef::npos;
}

std::string tooDeepMessage() {
  return "brackets nest deeper than " + std::to_string(kMaxIRNesting) + " levels, more than tg reads";
}

void registerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllPasses();
    registerTGPasses();
    registerTGConversionPasses();
    registerTGKernelPasses();
    registerTGCPUPasses();
    registerTGGPUPasses();
    registerTGSPIRVPasses();
    registerTargetBackends(llvm::errs());
  });
}

/// Runs the pipeline `build` makes on the module; with DEBUG=4 the IR after
/// every pass goes to the log, with VIZ to the page.
LogicalResult runPipeline(ModuleOp module, StringRef stage,
                          function_ref<LogicalResult(OpPassManager &, llvm::raw_ostream &)> build,
                          const CompileOptions &options, viz::ProgramRecorder *recorder) {
  profile::Span span("compile", stage, "stage");
  PassManager pm(module.getContext());
  profile::instrument(pm);
  if (recorder)
    recorder->instrument(pm, stage);
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(build(pm, os)))
    return module.emitError("tg: the pipeline does not build: ") << errors;
  if (options.debug >= 4 && options.log) {
    module.getContext()->disableMultithreading();
    pm.enableIRPrinting([](Pass *, Operation *) { return false; },
                        [](Pass *, Operation *) { return true; },
                        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/true,
                        /*printAfterOnlyOnFailure=*/false, *options.log);
  }
  return pm.run(module);
}

LogicalResult addTensorPipeline(OpPassManager &pm, llvm::raw_ostream &errors) {
  return parsePassPipeline(kTensorPipeline, pm, errors);
}

/// The options of the target's list that `options` sets to anything but
/// their defaults, and are not in `read`: one that is set and not read is
/// an error.
std::string unreadOption(const TargetBackend &target, const TargetOptions &options) {
  TargetOptions defaults;
  std::pair<const char *, bool> set[] = {{"chip", options.chip != defaults.chip},
                                         {"portable", options.portable},
                                         {"triple", options.triple != defaults.triple},
                                         {"noopt", options.noopt},
                                         {"format", options.format != defaults.format}};
  for (const auto &[name, isSet] : set) {
    std::string option = name;
    if (isSet && llvm::none_of(target.options(),
                               [&](const TargetOptionInfo &o) { return o.name == option; }))
      return option;
  }
  return "";
}

/// tg-opt's options for a target's pipelines: every TargetOptions field;
/// a target rejects the ones it does not read.
struct TargetPipelineOptions : PassPipelineOptions<TargetPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The chip: a GPU's, or the CPU's LLVM name")};
  Option<bool> portable{*this, "portable",
                        llvm::cl::desc("CPU: code for any x86-64-v2 CPU, not this one")};
  Option<bool> noopt{*this, "noopt", llvm::cl::desc("tinygrad's NOOPT=1")};
  Option<std::string> format{*this, "format", llvm::cl::init("bin"),
                             llvm::cl::desc("GPU targets: bin, isa or llvm")};

  Option<std::string> triple{*this, "triple", llvm::cl::desc("CPU: another target triple")};

  TargetOptions get() const { return {chip, portable, triple, noopt, format}; }
};

/// Registers `build` of `target` as the tg-opt pipeline `name`.
void registerTargetPipeline(
    const TargetBackend &target, const std::string &name, const std::string &description,
    LogicalResult (TargetBackend::*build)(OpPassManager &, const TargetOptions &,
                                          llvm::raw_ostream &) const) {
  registerPassPipeline(
      name, description,
      [&target, build, name](OpPassManager &pm, StringRef text,
                             function_ref<LogicalResult(const Twine &)> errorHandler) {
        TargetPipelineOptions parsed;
        if (failed(parsed.parseFromString(text)))
          return errorHandler("invalid options for " + name + ": " + text);
        TargetOptions options = parsed.get();
        if (std::string unread = unreadOption(target, options); !unread.empty())
          return errorHandler("the " + target.name() + " target has no option " + unread);
        std::string errors;
        llvm::raw_string_ostream os(errors);
        if (failed((target.*build)(pm, options, os)))
          return errorHandler(errors);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> print) {
        print(TargetPipelineOptions());
      });
}

/// Gives the kernels named in `kernelOpts` those opts, which the target's
/// kernel optimizer then carries out instead of its own choice.
LogicalResult forceKernelOpts(ModuleOp module, const std::map<std::string, std::string> &kernelOpts) {
  for (const auto &[name, text] : kernelOpts) {
    auto kernel = module.lookupSymbol<func::FuncOp>(name);
    if (!kernel || !kernel->hasAttr("tg.kernel")) {
      InFlightDiagnostic error = module.emitError("tg: no kernel @") << name << " to give opts to; the kernels are";
      for (auto other : module.getOps<func::FuncOp>())
        if (other->hasAttr("tg.kernel"))
          error << " @" << other.getName();
      return error;
    }
    if (size_t tooDeep = findTooDeepBracket(text); tooDeep != StringRef::npos)
      return kernel.emitError("tg: the opts for @")
             << name << " at character " << tooDeep + 1 << ": " << tooDeepMessage();
    auto opts = dyn_cast_or_null<KernelOptsAttr>(parseAttribute(text, module.getContext()));
    if (!opts)
      return kernel.emitError("tg: the opts for @") << name << " are not a #tg.opts<...>: " << text;
    kernel->setAttr("tg.opts", opts);
  }
  return success();
}

/// Estimates of a kernel's work, for DEBUG=2, taken from its generics on
/// tensors (before tiling changes their loop ranges): tg ops on data (not on
/// indices) per iteration, and the bytes of its arguments.
KernelSummary summarize(func::FuncOp kernel) {
  KernelSummary summary{kernel.getName().str(), 0, 0, 0};
  kernel.walk([&](linalg::LinalgOp op) {
    uint64_t iterations = 1;
    for (int64_t range : op.getStaticLoopRanges())
      iterations *= ShapedType::isDynamic(range) ? 1 : range;
    uint64_t perIteration = 0;
    op->walk([&](Operation *inner) {
      perIteration += isa<TGDialect>(inner->getDialect()) && inner->getNumResults() == 1 &&
                      !inner->getResult(0).getType().isIndex() && !isa<ConstOp>(inner);
    });
    summary.flops += iterations * perIteration;
  });
  for (Type type : kernel.getArgumentTypes())
    if (auto shaped = dyn_cast<ShapedType>(type); shaped && shaped.hasStaticShape())
      summary.bytes += shaped.getNumElements() *
                       std::max<uint64_t>(1, shaped.getElementTypeBitWidth() / 8);
  return summary;
}

/// The estimates of the compiled kernel `name`: its own, or a kernel's that
/// the target split into stages `<kernel>s0`, `<kernel>s1`... (reported on
/// the first stage).
KernelSummary summaryOf(StringRef name, ArrayRef<KernelSummary> summaries) {
  for (const KernelSummary &whole : summaries)
    if (name == whole.name || name == whole.name + "s0")
      return {name.str(), 0, whole.flops, whole.bytes};
  return {name.str(), 0, 0, 0};
}

/// The device kinds the registered targets serve, for an error message.
std::string servedDevices() {
  std::string list;
  for (const TargetBackend *target : targetBackends())
    for (const std::string &device : target->devices())
      list += (list.empty() ? "" : ", ") + device;
  return list;
}

} // namespace

void mlir::tg::registerTGPipelines() {
  registerPasses();
  PassPipelineRegistration<>(
      "tg-to-kernels",
      "Stages 1-3: simplify, kernelize, and lower each kernel to linalg on tensors",
      [](OpPassManager &pm) {
        LogicalResult parsed = addTensorPipeline(pm, llvm::errs());
        assert(succeeded(parsed) && "the tensor pipeline parses");
        (void)parsed;
      });
  // A kernel pipeline may serve several targets' devices.
  std::map<std::string, std::vector<std::string>> kernelPipelineDevices;
  for (const TargetBackend *target : targetBackends())
    for (const std::string &device : target->devices())
      kernelPipelineDevices[target->kernelPipelineName()].push_back(device);
  std::set<std::string> registered;
  for (const TargetBackend *target : targetBackends()) {
    std::string devices = llvm::join(target->devices(), ", ");
    std::string name = target->kernelPipelineName();
    if (registered.insert(name).second)
      registerTargetPipeline(*target, name,
                             "Stage 4 for " + llvm::join(kernelPipelineDevices[name], ", ") +
                                 " up to the launch plan: kernels bufferized, the host "
                                 "function launching them",
                             &TargetBackend::buildKernelPipeline);
    if (registered.insert(target->pipelineName()).second)
      registerTargetPipeline(*target, target->pipelineName(),
                             "Stage 4 for " + devices + ": the kernels (" + target->name() +
                                 " target) to the form of a " + target->binaryKind() +
                                 " binary",
                             &TargetBackend::buildPipeline);
  }
}

void mlir::tg::registerCompilerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerTGDialect(registry);
}

LogicalResult mlir::tg::checkIRNesting(const llvm::SourceMgr &sourceMgr,
                                       llvm::raw_ostream &errors) {
  StringRef text = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  size_t tooDeep = findTooDeepBracket(text);
  if (tooDeep == StringRef::npos)
    return success();
  sourceMgr.PrintMessage(errors, llvm::SMLoc::getFromPointer(text.data() + tooDeep),
                         llvm::SourceMgr::DK_Error, tooDeepMessage());
  return failure();
}

OwningOpRef<ModuleOp> mlir::tg::parseModule(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                                            llvm::raw_ostream &errors) {
  if (failed(checkIRNesting(sourceMgr, errors)))
    return nullptr;
  return parseSourceFile<ModuleOp>(sourceMgr, context);
}

FailureOr<std::string> mlir::tg::chooseFunction(ModuleOp module, StringRef requested,
                                                std::string &error) {
  if (requested.empty()) {
    std::vector<std::string> candidates;
    for (auto fn : module.getOps<func::FuncOp>())
      if (fn.isPublic() && !fn.isExternal())
        candidates.push_back(fn.getName().str());
    if (candidates.size() == 1)
      return candidates.front();
    error = "the module has " + std::to_string(candidates.size()) +
            " public functions; choose one with --function";
    return failure();
  }
  if (module.lookupSymbol<func::FuncOp>(requested))
    return requested.str();
  std::string known;
  for (auto fn : module.getOps<func::FuncOp>())
    known += (known.empty() ? "" : ", ") + fn.getName().str();
  error = "no function '" + requested.str() + "' in the module (it has: " + known + ")";
  return failure();
}

FailureOr<Executable> mlir::tg::compileFunction(ModuleOp original, StringRef name,
                                                const CompileOptions &options) {
  registerPasses();
  profile::Span span("compile", "compile @" + name + " for " + options.device, "compile");
  const TargetBackend *target = findTargetBackend(options.device);
  if (!target)
    return original.emitError("tg: no compiler target for device ")
           << options.device << "; the targets serve " << servedDevices();
  TargetOptions targetOptions{options.chip, options.portable, options.triple, options.noopt,
                              options.format, options.debug >= 3 ? options.log : nullptr};
  if (options.debug >= 2 && options.log)
    *options.log << "tg: compiling @" << name << " for " << options.device << " with the "
                 << target->name() << " target: " << target->describe(targetOptions) << "\n";

  OwningOpRef<ModuleOp> module = original.clone();
  auto function = module->lookupSymbol<func::FuncOp>(name);
  if (!function)
    return original.emitError("tg: no function @") << name << " in the module";
  if (function.isExternal())
    return function.emitError("tg: @") << name << " is a declaration; it has no body to compile";
  // Only the requested function is compiled.
  for (auto other : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
    if (other != function)
      other.erase();

  // One executable runs on one device: copies within it are buffer copies.
  WalkResult copies = function.walk([&](CopyOp copy) {
    StringRef kind = copy.getDevice().split(':').first;
    if (kind.equals_insensitive(options.device))
      return WalkResult::advance();
    copy.emitError("tg: a copy to ") << copy.getDevice() << " in a program compiled for "
                                     << options.device
                                     << ": programs that span devices are not supported yet";
    return WalkResult::interrupt();
  });
  if (copies.wasInterrupted())
    return failure();
  viz::ProgramRecorder recorder(function, options.device);

  ExecutableWriter writer;
  writer.setName(name);
  for (Type type : function.getArgumentTypes())
    if (failed(writer.addSignatureType(type, /*isInput=*/true)))
      return function.emitError("tg: argument of unsupported type ") << type;
  for (Type type : function.getResultTypes())
    if (failed(writer.addSignatureType(type, /*isInput=*/false)))
      return function.emitError("tg: result of unsupported type ") << type;

  // Stages 1-3.
  if (failed(runPipeline(*module, "stages 1-3: simplify, kernelize, to linalg", addTensorPipeline,
                         options, &recorder)))
    return failure();
  if (!options.kernelOpts.empty() && !target->takesKernelOpts())
    return original.emitError("tg: kernel opts are CPU opts; the ")
           << target->name() << " target for " << options.device << " chooses its own";
  if (failed(forceKernelOpts(*module, options.kernelOpts)))
    return failure();
  // Kernels named for one program, so two programs' objects link together.
  if (!options.symbolPrefix.empty()) {
    SymbolTable symbols(*module);
    for (auto kernel : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
      if (kernel->hasAttr("tg.kernel") &&
          failed(symbols.rename(kernel, options.symbolPrefix + kernel.getName().str())))
        return kernel.emitError("tg: cannot rename the kernel");
  }
  std::vector<KernelSummary> summaries;
  for (auto kernel : module->getOps<func::FuncOp>())
    if (kernel->hasAttr("tg.kernel"))
      summaries.push_back(summarize(kernel));

  // Stage 4, with the kernels' opts searched for first under BEAM.
  DialectRegistry translations;
  registerAllToLLVMIRTranslations(translations);
  module->getContext()->appendDialectRegistry(translations);
  if (options.beam > 0 && failed(searchKernelOpts(*module, *target, targetOptions, options)))
    return failure();
  return finishCompile(*module, name, *target, targetOptions, options, writer, summaries,
                       &recorder, original);
}

FailureOr<Executable> mlir::tg::finishCompile(ModuleOp module, StringRef name,
                                              const TargetBackend &target,
                                              const TargetOptions &targetOptions,
                                              const CompileOptions &options,
                                              ExecutableWriter &writer,
                                              ArrayRef<KernelSummary> summaries,
                                              viz::ProgramRecorder *recorder, Operation *where) {
  auto build = [&](auto member) {
    return [&target, member, &targetOptions](OpPassManager &pm, llvm::raw_ostream &errors) {
      return (target.*member)(pm, targetOptions, errors);
    };
  };
  if (failed(runPipeline(module, target.kernelPipelineName(),
                         build(&TargetBackend::buildKernelPipeline), options, recorder)))
    return failure();
  if (options.debug >= 2 && options.log)
    for (auto kernel : module.getOps<func::FuncOp>())
      if (auto why = kernel->getAttrOfType<StringAttr>("tg.opts_fallback"))
        *options.log << "tg: " << kernel.getName() << ": " << why.getValue() << "; applied "
                     << kernel->getAttr("tg.opts") << " instead\n";
  Executable executable;
  for (auto kernel : module.getOps<func::FuncOp>())
    if (auto opts = kernel->getAttr("tg.opts"))
      llvm::raw_string_ostream(executable.appliedOpts[kernel.getName().str()]) << opts;
  auto function = module.lookupSymbol<func::FuncOp>(name);
  if (failed(writer.readPlan(function)))
    return failure();
  function.erase();
  const ExecutableWriter::Sharing &sharing = writer.sharing();
  if (options.debug >= 2 && options.log && sharing.buffersAfter < sharing.buffersBefore)
    *options.log << "tg: memory planned: " << sharing.buffersBefore << " intermediates of "
                 << llvm::format("%.2f", sharing.bytesBefore / 1e6) << " MB in "
                 << sharing.buffersAfter << " buffers of "
                 << llvm::format("%.2f", sharing.bytesAfter / 1e6) << " MB\n";

  // The kernels to the device binary. A program of copies alone has none.
  std::vector<std::string> launched = writer.kernelNames();
  TargetBinary binary;
  if (!launched.empty()) {
    if (failed(runPipeline(module, target.pipelineName(), build(&TargetBackend::buildPipeline),
                           options, recorder)))
      return failure();
    profile::Span serializing("compile", "serialize: " + target.binaryKind(), "stage");
    FailureOr<TargetBinary> serialized =
        target.serialize(module, targetOptions, options.debug >= 3 ? options.log : nullptr);
    if (failed(serialized))
      return failure();
    binary = std::move(*serialized);
  }
  for (const std::string &kernel : launched) {
    KernelSummary summary = summaryOf(kernel, summaries);
    auto size = binary.parallelSize.find(kernel);
    summary.parallelSize = size == binary.parallelSize.end() ? 0 : size->second;
    writer.setKernelInfo(kernel, kernel, summary.parallelSize, summary.flops, summary.bytes);
    executable.kernels.push_back(summary);
  }
  if (recorder)
    recorder->setKernels(executable.kernels);
  FailureOr<std::string> blob = writer.finish(binary.bytes, target.binaryKind(), where);
  if (failed(blob))
    return failure();
  executable.blob = std::move(*blob);
  return executable;
}
