//===- Compiler.cpp - a tg function to an executable ----------------------===//

#include "tg/Compiler/Compiler.h"

#include "ExecutableWriter.h"

#include "tg/Conversion/Passes.h"
#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Dialect/TG/Transforms/Passes.h"
#include "tg/Target/CPU/Codegen.h"
#include "tg/Target/CPU/Passes.h"
#include "tg/Target/GPU/Binary.h"
#include "tg/Target/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace mlir::tg;

namespace {

void registerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllPasses();
    registerTGPasses();
    registerTGConversionPasses();
    registerTGCPUPasses();
    registerTGGPUPasses();
  });
}

/// Runs a textual pipeline on the module (what `tg-opt
/// --pass-pipeline='builtin.module(...)'` takes between the parentheses).
LogicalResult runPipeline(ModuleOp module, StringRef pipeline,
                          const CompileOptions &options) {
  PassManager pm(module.getContext());
  if (failed(parsePassPipeline(pipeline, pm, llvm::errs())))
    return module.emitError("tg: invalid pass pipeline: ") << pipeline;
  if (options.debug >= 4 && options.log) {
    module.getContext()->disableMultithreading();
    pm.enableIRPrinting([](Pass *, Operation *) { return false; },
                        [](Pass *, Operation *) { return true; },
                        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/true,
                        /*printAfterOnlyOnFailure=*/false, *options.log);
  }
  return pm.run(module);
}

constexpr StringLiteral kTensorPipeline =
    "func.func(tg-symbolic,canonicalize,cse),tg-kernelize,tg-to-linalg,"
    "tg-materialize-kernel-results";

/// Stage 4's common start: tg ops to arith/math on tensors, with narrow
/// floats computed in f32 as on every target.
constexpr StringLiteral kToArithPipeline =
    "convert-tg-to-arith,math-extend-to-supported-types{target-type=f32},"
    "tg-cpu-emulate-narrow-floats,canonicalize,";

constexpr StringLiteral kBufferizePipeline =
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    // CSE first: in-place slices bufferize to copies between two equal
    // subviews, which only fold away once the subviews are one value.
    "canonicalize,cse,canonicalize,drop-equivalent-buffer-results,canonicalize";

/// Stage 4 on CPU up to the kernel optimizer: tg ops to arith, every
/// kernel's last stage writing its output.
std::string cpuPreparePipeline() {
  return kToArithPipeline.str() +
         // Canonicalization and dropping unit dims can fold a kernel's last
         // stage away (an identity copy of a slice): its result must still
         // end in the output.
         "tg-cpu-drop-unit-dims,canonicalize,tg-materialize-kernel-results";
}

/// The kernel optimizer (choose, apply) and bufferization.
std::string cpuOptimizePipeline(bool noopt, bool portable) {
  return "tg-cpu-choose-opts{noopt=" + std::string(noopt ? "true" : "false") +
         " vector-bytes=" + std::to_string(cpuVectorBytes(portable)) + "},tg-cpu-apply-opts," +
         kBufferizePipeline.str() + ",tg-cpu-free-scratch";
}

/// Gives the kernels named in `kernelOpts` those opts, which the chooser
/// then leaves as they are.
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
    auto opts = dyn_cast_or_null<KernelOptsAttr>(parseAttribute(text, module.getContext()));
    if (!opts)
      return kernel.emitError("tg: the opts for @") << name << " are not a #tg.opts<...>: " << text;
    kernel->setAttr("tg.opts", opts);
  }
  return success();
}

std::string gpuKernelsPipeline() {
  return kToArithPipeline.str() + "tg-materialize-kernel-results," + kBufferizePipeline.str() +
         ",tg-gpu-split-stages,tg-gpu-choose-launch,tg-gpu-map-kernels";
}

/// What every GPU target runs first on the gpu.module: loads and stores on
/// the arguments themselves, plain index arithmetic, integer powers as loops.
constexpr StringLiteral kGPUIndexingPipeline =
    "fold-memref-alias-ops,lower-affine,canonicalize,cse,loop-invariant-code-motion,"
    "gpu.module(tg-gpu-expand-math)";

/// Vulkan 1.1 with the storage and arithmetic of every tg element type
/// (lavapipe and desktop GPUs have them); exp2 and log2 as on the CPU (GLSL's
/// are not exact enough, and have no f64 forms).
constexpr StringLiteral kSPIRVPipeline =
    "tg-cpu-approximate-math,gpu.module(tg-spirv-expand-math),arith-expand,"
    "spirv-attach-target{module=tg_kernels ver=v1.3 client_api=Vulkan "
    "caps=Shader,Int64,Int16,Int8,Float64,Float16,StorageBuffer16BitAccess,"
    "StorageBuffer8BitAccess,SignedZeroInfNanPreserve "
    "exts=SPV_KHR_storage_buffer_storage_class,SPV_KHR_8bit_storage,SPV_KHR_16bit_storage,"
    "SPV_KHR_float_controls},"
    "gpu.module(tg-spirv-prepare-kernels,canonicalize,convert-math-to-spirv),"
    "map-memref-spirv-storage-class{client-api=vulkan},convert-gpu-to-spirv,"
    "spirv.module(spirv-lower-abi-attrs,tg-spirv-preserve-float-specials,tg-spirv-forbid-contraction,"
    "spirv-update-vce)";

struct GPUTargetOptions : PassPipelineOptions<GPUTargetOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("The GPU to compile for")};
  Option<std::string> format{*this, "format", llvm::cl::init("bin"),
                             llvm::cl::desc("gpu-module-to-binary's format: bin, isa (PTX "
                                            "or AMDGPU assembly), llvm")};
};

/// gpu.func kernels to NVVM, then to a cubin through ptxas (`format=bin`)
/// or PTX (`format=isa`). Kernels take one pointer per buffer.
std::string nvvmPipeline(StringRef chip, StringRef binaryOptions) {
  return ("nvvm-attach-target{module=tg_kernels O=3 chip=" + chip +
          " features=+ptx80},"
          "gpu.module(convert-scf-to-cf,convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=1},"
          "canonicalize,cse,reconcile-unrealized-casts),"
          "gpu-module-to-binary{" + binaryOptions + "}")
      .str();
}

/// gpu.func kernels to ROCDL, then to an hsaco. Kernels take one pointer
/// per buffer.
std::string rocdlPipeline(StringRef chip, StringRef binaryOptions) {
  return ("rocdl-attach-target{module=tg_kernels O=3 chip=" + chip + "},"
          "gpu.module(convert-scf-to-cf,convert-gpu-to-rocdl{use-bare-ptr-memref-call-conv=1 "
          "runtime=HIP},canonicalize,cse,reconcile-unrealized-casts),"
          "gpu-module-to-binary{" + binaryOptions + "}")
      .str();
}

/// A GPU device kind the compiler targets, and how.
struct GPUTarget {
  StringLiteral device;
  tg_binary_kind kind;
  StringLiteral chip;
  std::string (*pipeline)(StringRef chip, StringRef binaryOptions);
};

/// The CUDA toolkit whose ptxas and libdevice compile PTX to cubins: the
/// first of $CUDA_PATH, $CUDA_HOME, the toolkit of the ptxas on PATH and
/// /usr/local/cuda that has both; empty when none does. A ptxas on PATH may
/// be a wrapper script outside its toolkit (/usr/local/bin/ptxas), so a
/// candidate counts only with its libdevice next to it.
std::string cudaToolkit() {
  SmallVector<std::string> candidates;
  for (const char *variable : {"CUDA_PATH", "CUDA_HOME"})
    if (const char *path = std::getenv(variable); path && *path)
      candidates.push_back(path);
  if (llvm::ErrorOr<std::string> ptxas = llvm::sys::findProgramByName("ptxas"))
    candidates.push_back(llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas)).str());
  candidates.push_back("/usr/local/cuda");
  for (const std::string &toolkit : candidates)
    if (llvm::sys::fs::can_execute(toolkit + "/bin/ptxas") &&
        llvm::sys::fs::exists(toolkit + "/nvvm/libdevice/libdevice.10.bc"))
      return toolkit;
  return "";
}

/// gpu-module-to-binary's options for `device`: CUDA makes a cubin with the
/// toolkit's ptxas when there is one, and PTX for the driver's JIT when not.
std::string binaryOptions(StringRef device, StringRef format) {
  if (device != "CUDA" || format != "bin")
    return ("format=" + format).str();
  std::string toolkit = cudaToolkit();
  return toolkit.empty() ? "format=isa" : "format=bin toolkit=" + toolkit;
}

std::string spirvPipeline(StringRef, StringRef) { return kSPIRVPipeline.str(); }

// sm_90 is the oldest chip CUDA 13's ptxas still takes with every feature
// the NVVM lowering uses; gfx90a (MI200) is the HIP default.
constexpr GPUTarget kGPUTargets[] = {
    {"VULKAN", TG_BINARY_SPIRV, "", spirvPipeline},
    {"CUDA", TG_BINARY_CUBIN, "sm_90", nvvmPipeline},
    {"HIP", TG_BINARY_HSACO, "gfx90a", rocdlPipeline},
};

const GPUTarget *findGPUTarget(StringRef device) {
  for (const GPUTarget &target : kGPUTargets)
    if (device.equals_insensitive(target.device))
      return &target;
  return nullptr;
}

constexpr StringLiteral kLoopsPipeline =
    "convert-linalg-to-loops,tg-cpu-kernel-abi,canonicalize";

struct CPUKernelsOptions : PassPipelineOptions<CPUKernelsOptions> {
  Option<bool> noopt{*this, "noopt", llvm::cl::desc("tinygrad's NOOPT=1")};
  Option<bool> portable{*this, "portable",
                        llvm::cl::desc("Choose tiles for any x86-64-v2 CPU, not this one")};
};

/// Adds a textual pipeline to `pm`; the texts above are fixed and parse.
void addPipeline(OpPassManager &pm, StringRef pipeline) {
  LogicalResult parsed = parsePassPipeline(pipeline, pm, llvm::errs());
  assert(succeeded(parsed) && "the compiler's pipelines parse");
  (void)parsed;
}

constexpr StringLiteral kLLVMPipeline =
    "tg-cpu-approximate-math,func.func(lower-vector-multi-reduction),convert-vector-to-scf,expand-strided-metadata,lower-affine,"
    "convert-math-to-funcs,convert-vector-to-llvm{vector-contract-lowering=outerproduct},"
    "finalize-memref-to-llvm,"
    "convert-scf-to-cf,convert-math-to-llvm,convert-arith-to-llvm,"
    "convert-func-to-llvm{use-bare-ptr-memref-call-conv=1},convert-cf-to-llvm,"
    "convert-ub-to-llvm,reconcile-unrealized-casts,tg-cpu-entry-points";

/// Estimates of a kernel's work, for DEBUG=2, taken from its generics on
/// tensors (before tiling changes their loop ranges): tg ops on data (not on
/// indices) per iteration, and the bytes of its arguments.
KernelSummary summarize(func::FuncOp kernel) {
  KernelSummary summary{kernel.getName().str(), 1, 0, 0};
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

/// Stage 4 for a GPU: the kernels become gpu.funcs, the host function the
/// launch plan, and the gpu.module the target's binary.
FailureOr<Executable> compileForGPU(ModuleOp module, ModuleOp original, StringRef name,
                                    const GPUTarget &target,
                                    ArrayRef<KernelSummary> summaries, ExecutableWriter &writer,
                                    const CompileOptions &options) {
  DialectRegistry registry;
  registerAllToLLVMIRTranslations(registry);
  module.getContext()->appendDialectRegistry(registry);
  if (failed(runPipeline(module, gpuKernelsPipeline(), options)))
    return failure();
  auto function = module.lookupSymbol<func::FuncOp>(name);
  if (failed(writer.readPlan(function)))
    return failure();
  function.erase();

  Executable executable;
  if (auto kernels = module.lookupSymbol<gpu::GPUModuleOp>("tg_kernels")) {
    for (auto kernel : kernels.getOps<gpu::GPUFuncOp>()) {
      // A kernel split into stages reports its estimates on its first part.
      KernelSummary summary{kernel.getName().str(), 0, 0, 0};
      for (const KernelSummary &whole : summaries)
        if (summary.name == whole.name || summary.name == whole.name + "s0")
          summary = {summary.name, 0, whole.flops, whole.bytes};
      writer.setKernelInfo(summary.name, summary.name, 0, summary.flops, summary.bytes);
      executable.kernels.push_back(summary);
    }
  }
  // A program of copies alone has no kernels, and so no binary.
  FailureOr<std::string> binary = std::string();
  if (!executable.kernels.empty()) {
    StringRef chip = options.chip.empty() ? StringRef(target.chip) : StringRef(options.chip);
    if (failed(runPipeline(
            module,
            (kGPUIndexingPipeline + "," + target.pipeline(chip, binaryOptions(target.device, "bin")))
                .str(),
            options)))
      return failure();
    binary = extractGPUBinary(module);
    if (failed(binary))
      return failure();
  }
  if (options.debug >= 3 && options.log)
    *options.log << "tg: " << target.device << " binary of " << binary->size() << " bytes\n";
  FailureOr<std::string> blob = writer.finish(*binary, target.kind, original);
  if (failed(blob))
    return failure();
  executable.blob = std::move(*blob);
  return executable;
}

} // namespace

void mlir::tg::registerTGPipelines() {
  registerPasses();
  PassPipelineRegistration<>(
      "tg-to-kernels",
      "Stages 1-3: simplify, kernelize, and lower each kernel to linalg on tensors",
      [](OpPassManager &pm) { addPipeline(pm, kTensorPipeline); });
  PassPipelineRegistration<CPUKernelsOptions>(
      "tg-cpu-kernels",
      "Stage 4 on CPU: kernel optimizer (choose, apply), bufferization",
      [](OpPassManager &pm, const CPUKernelsOptions &options) {
        addPipeline(pm, cpuPreparePipeline());
        addPipeline(pm, cpuOptimizePipeline(options.noopt, options.portable));
      });
  PassPipelineRegistration<>(
      "tg-gpu-kernels",
      "Stage 4 on GPUs: bufferization, one kernel per stage, each a gpu.func launched by "
      "gpu.launch_func",
      [](OpPassManager &pm) { addPipeline(pm, gpuKernelsPipeline()); });
  PassPipelineRegistration<>(
      "tg-gpu-to-spirv",
      "Stage 4 for Vulkan: the gpu.module of kernels to one spirv.module",
      [](OpPassManager &pm) {
        addPipeline(pm, kGPUIndexingPipeline);
        addPipeline(pm, kSPIRVPipeline);
      });
  PassPipelineRegistration<GPUTargetOptions>(
      "tg-gpu-to-nvvm",
      "Stage 4 for CUDA: the gpu.module of kernels to NVVM, then a cubin (or PTX) in a gpu.binary",
      [](OpPassManager &pm, const GPUTargetOptions &options) {
        addPipeline(pm, kGPUIndexingPipeline);
        addPipeline(pm, nvvmPipeline(options.chip.empty() ? StringRef(findGPUTarget("CUDA")->chip)
                                                           : StringRef(options.chip.getValue()),
                                     binaryOptions("CUDA", options.format)));
      });
  PassPipelineRegistration<GPUTargetOptions>(
      "tg-gpu-to-rocdl",
      "Stage 4 for HIP: the gpu.module of kernels to ROCDL, then an hsaco in a gpu.binary",
      [](OpPassManager &pm, const GPUTargetOptions &options) {
        addPipeline(pm, kGPUIndexingPipeline);
        addPipeline(pm, rocdlPipeline(options.chip.empty() ? StringRef(findGPUTarget("HIP")->chip)
                                                            : StringRef(options.chip.getValue()),
                                      binaryOptions("HIP", options.format)));
      });
  PassPipelineRegistration<>(
      "tg-cpu-to-llvm", "Stage 4 on CPU: bufferized kernels to loops, then to the LLVM dialect",
      [](OpPassManager &pm) {
        addPipeline(pm, kLoopsPipeline);
        addPipeline(pm, kLLVMPipeline);
      });
}

FailureOr<Executable> mlir::tg::compileFunction(ModuleOp original, StringRef name,
                                                const CompileOptions &options) {
  registerPasses();
  const GPUTarget *gpuTarget = findGPUTarget(options.device);
  if (options.device != "CPU" && !gpuTarget)
    return original.emitError("tg: no compiler target for device ")
           << options.device << "; the targets are CPU, VULKAN, CUDA and HIP";
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

  ExecutableWriter writer;
  writer.setName(name);
  for (Type type : function.getArgumentTypes())
    if (failed(writer.addSignatureType(type, /*isInput=*/true)))
      return function.emitError("tg: argument of unsupported type ") << type;
  for (Type type : function.getResultTypes())
    if (failed(writer.addSignatureType(type, /*isInput=*/false)))
      return function.emitError("tg: result of unsupported type ") << type;

  if (failed(runPipeline(*module, kTensorPipeline, options)))
    return failure();
  std::vector<KernelSummary> summaries;
  for (auto kernel : module->getOps<func::FuncOp>())
    if (kernel->hasAttr("tg.kernel"))
      summaries.push_back(summarize(kernel));
  if (gpuTarget && !options.kernelOpts.empty())
    return original.emitError("tg: kernel opts are CPU opts; ") << options.device
                                                                << " chooses its launches itself";
  if (gpuTarget)
    return compileForGPU(*module, original, name, *gpuTarget, summaries, writer, options);
  if (failed(runPipeline(*module, cpuPreparePipeline(), options)) ||
      failed(forceKernelOpts(*module, options.kernelOpts)) ||
      failed(runPipeline(*module, cpuOptimizePipeline(options.noopt, options.portable), options)))
    return failure();
  if (options.debug >= 2 && options.log)
    for (auto kernel : module->getOps<func::FuncOp>())
      if (auto why = kernel->getAttrOfType<StringAttr>("tg.opts_fallback"))
        *options.log << "tg: " << kernel.getName() << ": " << why.getValue() << "; applied "
                     << kernel->getAttr("tg.opts") << " instead\n";

  // The bufferized function is the launch plan; the kernels are the rest.
  function = module->lookupSymbol<func::FuncOp>(name);
  if (failed(writer.readPlan(function)))
    return failure();
  function.erase();
  if (failed(runPipeline(*module, kLoopsPipeline, options)))
    return failure();

  Executable executable;
  for (KernelSummary summary : summaries) {
    auto kernel = module->lookupSymbol<func::FuncOp>(summary.name);
    if (auto size = kernel->getAttrOfType<IntegerAttr>("tg.parallel_size"))
      summary.parallelSize = size.getInt();
    writer.setKernelInfo(summary.name, summary.name,
                         summary.parallelSize, summary.flops, summary.bytes);
    executable.kernels.push_back(summary);
  }
  if (failed(runPipeline(*module, kLLVMPipeline, options)))
    return failure();

  CPUCodegenOptions codegen;
  codegen.portable = options.portable;
  if (options.debug >= 3)
    codegen.assembly = options.log;
  FailureOr<std::string> binary = emitCPUSharedObject(*module, codegen);
  if (failed(binary))
    return failure();
  FailureOr<std::string> blob = writer.finish(*binary, TG_BINARY_CPU_ELF, original);
  if (failed(blob))
    return failure();
  executable.blob = std::move(*blob);
  return executable;
}
