//===- Compiler.cpp - a tg function to an executable ----------------------===//

#include "tg/Compiler/Compiler.h"

#include "ExecutableWriter.h"

#include "tg/Conversion/Passes.h"
#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Dialect/TG/Transforms/Passes.h"
#include "tg/Target/CPU/Codegen.h"
#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

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

std::string bufferizePipeline(bool noopt, bool portable) {
  return "convert-tg-to-arith,math-extend-to-supported-types{target-type=f32},"
         // Canonicalization and dropping unit dims can fold a kernel's last
         // stage away (an identity copy of a slice): its result must still
         // end in the output.
         "tg-cpu-emulate-narrow-floats,canonicalize,tg-cpu-drop-unit-dims,canonicalize,"
         "tg-materialize-kernel-results,"
         "tg-cpu-choose-opts{noopt=" +
         std::string(noopt ? "true" : "false") +
         " vector-bytes=" + std::to_string(cpuVectorBytes(portable)) +
         "},tg-cpu-apply-opts,"
         "one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map},"
         // CSE first: in-place slices bufferize to copies between two equal
         // subviews, which only fold away once the subviews are one value.
         "canonicalize,cse,canonicalize,drop-equivalent-buffer-results,canonicalize,"
         "tg-cpu-free-scratch";
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
        addPipeline(pm, bufferizePipeline(options.noopt, options.portable));
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
  if (options.device != "CPU")
    return original.emitError("tg: no compiler target for device ")
           << options.device << " yet; CPU is the one target";
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
  if (failed(runPipeline(*module, bufferizePipeline(options.noopt, options.portable), options)))
    return failure();

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
