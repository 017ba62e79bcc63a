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

std::string tensorPipeline(const CompileOptions &options) {
  return "func.func(tg-symbolic,canonicalize,cse),tg-kernelize,tg-to-linalg";
}

std::string bufferizePipeline(const CompileOptions &options) {
  return std::string("tg-cpu-choose-opts{noopt=") +
         (options.noopt ? "true" : "false") +
         "},tg-cpu-apply-opts,convert-tg-to-arith,canonicalize,"
         "one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map},"
         "drop-equivalent-buffer-results,canonicalize,cse";
}

constexpr StringLiteral kLoopsPipeline =
    "convert-linalg-to-loops,tg-cpu-kernel-abi,canonicalize";

constexpr StringLiteral kLLVMPipeline =
    "convert-vector-to-scf,expand-strided-metadata,lower-affine,"
    "convert-math-to-funcs,convert-vector-to-llvm,finalize-memref-to-llvm,"
    "convert-scf-to-cf,convert-math-to-llvm,convert-arith-to-llvm,"
    "convert-func-to-llvm{use-bare-ptr-memref-call-conv=1},convert-cf-to-llvm,"
    "reconcile-unrealized-casts,tg-cpu-entry-points";

/// Estimates of a kernel's work, for DEBUG=2: arith and math ops per
/// iteration of each linalg op, and the bytes of its arguments.
KernelSummary summarize(func::FuncOp kernel) {
  KernelSummary summary{kernel.getName().str(), 1, 0, 0};
  kernel.walk([&](linalg::LinalgOp op) {
    uint64_t iterations = 1;
    for (int64_t range : op.getStaticLoopRanges())
      iterations *= ShapedType::isDynamic(range) ? 1 : range;
    uint64_t perIteration = 0;
    op->walk([&](Operation *inner) {
      StringRef dialect = inner->getDialect()->getNamespace();
      perIteration += (dialect == "arith" || dialect == "math") && inner != op;
    });
    summary.flops += iterations * perIteration;
  });
  for (Type type : kernel.getArgumentTypes())
    if (auto memref = dyn_cast<MemRefType>(type); memref && memref.hasStaticShape())
      summary.bytes += memref.getNumElements() *
                       std::max<uint64_t>(1, memref.getElementTypeBitWidth() / 8);
  return summary;
}

} // namespace

void mlir::tg::buildTensorPipeline(OpPassManager &pm, const CompileOptions &options) {
  registerPasses();
  (void)parsePassPipeline(tensorPipeline(options), pm);
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
  // Only the requested function is compiled.
  for (auto other : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
    if (other != function)
      other.erase();

  ExecutableWriter writer;
  writer.setName(name);
  for (Type type : function.getArgumentTypes())
    if (failed(writer.addSignatureType(type, /*isInput=*/true)))
      return function.emitError("tg: argument of unsupported type ") << type;
  for (Type type : function.getResultTypes())
    if (failed(writer.addSignatureType(type, /*isInput=*/false)))
      return function.emitError("tg: result of unsupported type ") << type;

  if (failed(runPipeline(*module, tensorPipeline(options), options)) ||
      failed(runPipeline(*module, bufferizePipeline(options), options)))
    return failure();

  // The bufferized function is the launch plan; the kernels are the rest.
  function = module->lookupSymbol<func::FuncOp>(name);
  if (failed(writer.readPlan(function)))
    return failure();
  function.erase();
  if (failed(runPipeline(*module, kLoopsPipeline, options)))
    return failure();

  Executable executable;
  for (auto kernel : module->getOps<func::FuncOp>()) {
    KernelSummary summary = summarize(kernel);
    if (auto size = kernel->getAttrOfType<IntegerAttr>("tg.parallel_size"))
      summary.parallelSize = size.getInt();
    writer.setKernelInfo(summary.name, cpuEntryPointName(summary.name),
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
