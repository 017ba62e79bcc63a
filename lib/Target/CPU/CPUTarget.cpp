//===- CPUTarget.cpp - the CPU target -------------------------------------===//

#include "tg/Target/CPU/CPUTarget.h"

#include "tg/Target/CPU/Codegen.h"

#include "SearchOpts.h"
#include "tg/Transforms/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tg;

namespace {

constexpr StringLiteral kLoopsPipeline =
    "func.func(tg-cpu-optimize-small-for-size),convert-linalg-to-loops,tg-cpu-kernel-abi,"
    "canonicalize";

/// The lowerings that do not add functions or globals run on each kernel
/// on its own, and so on every core: run on the whole module, the CNN
/// training step's took 361 ms on one. A register tile stored transposed
/// becomes one shuffle, which LLVM lowers to unpacks and permutes: element
/// by element (the default), a one-channel convolution tiled 16x8 had 128
/// shuffle instructions against 56, and ran 1.4-1.7 ms against 0.9. A 3-d
/// one is one shuffle too once the axes it moves together are merged.
constexpr StringLiteral kLLVMPipeline =
    "func.func(tg-cpu-flatten-transposes,lower-vector-multi-reduction,"
    "convert-vector-to-scf{full-unroll=true},expand-strided-metadata,lower-affine),"
    "convert-math-to-funcs,"
    "func.func(convert-vector-to-llvm{vector-contract-lowering=outerproduct "
    "vector-transpose-lowering=shuffle1d}),"
    "finalize-memref-to-llvm,"
    "func.func(convert-scf-to-cf,convert-math-to-llvm,convert-arith-to-llvm),"
    "convert-func-to-llvm{use-bare-ptr-memref-call-conv=1},convert-cf-to-llvm,"
    "llvm.func(convert-ub-to-llvm,reconcile-unrealized-casts),tg-cpu-cached-scratch,"
    "tg-cpu-entry-points";

/// The machine `options` name; its error goes to `errors`.
FailureOr<CPUMachine> machineOrReport(const TargetOptions &options, llvm::raw_ostream &errors) {
  std::string error;
  FailureOr<CPUMachine> machine = cpuMachine(options.triple, options.chip, options.portable, error);
  if (failed(machine))
    errors << error;
  return machine;
}

/// tg-cpu-choose-opts sized for `machine`, as the kernel pipeline and BEAM's
/// candidates both run it.
std::string chooseOptsPass(const CPUMachine &machine, bool noopt) {
  std::string caches;
  if (machine.firstLevelCacheBytes > 0)
    caches += " first-level-cache-bytes=" + std::to_string(machine.firstLevelCacheBytes);
  if (machine.coreCacheBytes > 0)
    caches += " core-cache-bytes=" + std::to_string(machine.coreCacheBytes);
  return "tg-cpu-choose-opts{noopt=" + std::string(noopt ? "true" : "false") +
         " vector-bytes=" + std::to_string(cpuVectorBytes(machine)) +
         " vector-registers=" + std::to_string(cpuVectorRegisters(machine)) + caches + "}";
}

class CPUTarget final : public TargetBackend {
public:
  std::string name() const override { return "cpu"; }
  std::vector<std::string> devices() const override { return {"CPU"}; }
  std::string binaryKind() const override { return "cpu-elf"; }
  std::vector<TargetOptionInfo> options() const override {
    return {{"noopt", "tinygrad's NOOPT=1: no tiling, vectorization or worker split"},
            {"chip", "the CPU, by its LLVM name (x86-64-v3, neoverse-n1), instead of this one"},
            {"portable", "code for any x86-64-v2 CPU instead of this one"},
            {"triple", "code for another target triple (aarch64-linux-gnu), its generic CPU"},
            {"format", "bin (a shared object), obj (a relocatable object, for tg-compile) or "
                       "llvm (the optimized LLVM IR)"}};
  }
  bool takesKernelOpts() const override { return true; }
  std::string kernelPipelineName() const override { return "tg-cpu-kernels"; }
  std::string pipelineName() const override { return "tg-cpu-to-llvm"; }

  LogicalResult buildKernelPipeline(OpPassManager &pm, const TargetOptions &options,
                                    llvm::raw_ostream &errors) const override {
    FailureOr<CPUMachine> machine = machineOrReport(options, errors);
    if (failed(machine))
      return failure();
    std::string optimizer = chooseOptsPass(*machine, options.noopt) +
                            ",func.func(tg-cpu-apply-opts,tg-cpu-share-row-values,"
                            "tg-cpu-narrow-partial-sums{vector-bytes=" +
                            std::to_string(cpuVectorBytes(*machine)) + "})";
    return parsePassPipeline(
        (kToArithPipeline + "," + kCPUPreparePipeline + "," + optimizer + "," + kBufferizePipeline +
         ",func.func(buffer-loop-hoisting,tg-cpu-expand-strided-copies),tg-cpu-free-scratch,"
         "func.func(tg-cpu-skip-zero-border,tg-cpu-stream-stores,tg-cpu-prefetch-next-row)")
            .str(),
        pm, errors);
  }

  LogicalResult buildPipeline(OpPassManager &pm, const TargetOptions &options,
                              llvm::raw_ostream &errors) const override {
    FailureOr<CPUMachine> machine = machineOrReport(options, errors);
    if (failed(machine))
      return failure();
    // AVX-512's vscalefps scales by 2^n in one instruction.
    bool scalef = StringRef(machine->features).contains("+avx512f");
    std::string approximateMath = std::string("tg-approximate-math{round-by-adding=true scalef=") +
                                  (scalef ? "true" : "false") + "},";
    // AVX-512DQ's vrangeps is IEEE maximum but for NaNs in one instruction.
    if (StringRef(machine->features).contains("+avx512dq"))
      approximateMath += "func.func(tg-cpu-range-maximum),";
    return parsePassPipeline((kLoopsPipeline + "," + approximateMath + kLLVMPipeline).str(), pm,
                             errors);
  }

  FailureOr<TargetBinary> serialize(ModuleOp module, const TargetOptions &options,
                                    llvm::raw_ostream *log) const override {
    if (options.format != "bin" && options.format != "obj" && options.format != "llvm")
      return module.emitError("tg: the cpu target writes bin, obj or llvm, not ")
             << options.format;
    TargetBinary binary;
    for (auto kernel : module.getOps<LLVM::LLVMFuncOp>())
      if (auto size = kernel->getAttrOfType<IntegerAttr>("tg.parallel_size"))
        binary.parallelSize[kernel.getName().str()] = size.getInt();
    std::string error;
    FailureOr<CPUMachine> machine = cpuMachine(options.triple, options.chip, options.portable, error);
    if (failed(machine))
      return module.emitError("tg: ") << error;
    CPUCodegenOptions codegen;
    codegen.machine = *machine;
    codegen.assembly = log;
    std::string llvmIR;
    llvm::raw_string_ostream llvmIRStream(llvmIR);
    if (options.format == "llvm")
      codegen.llvmIR = &llvmIRStream;
    FailureOr<std::vector<std::string>> objects = emitCPUObjects(module, codegen);
    if (failed(objects))
      return failure();
    if (options.format == "llvm") {
      binary.bytes = std::move(llvmIR);
      return binary;
    }
    if (options.format == "obj") {
      FailureOr<std::string> object =
          objects->size() == 1 ? FailureOr<std::string>(std::move(objects->front()))
                               : linkCPUObjects(*objects, *machine, /*shared=*/false,
                                                /*pthreads=*/false, error);
      if (failed(object))
        return module.emitError("tg: the kernels: ") << error;
      binary.bytes = std::move(*object);
      return binary;
    }
    FailureOr<std::string> library =
        linkCPUObjects(*objects, *machine, /*shared=*/true, /*pthreads=*/false, error);
    if (failed(library))
      return module.emitError("tg: the kernels: ") << error;
    binary.bytes = std::move(*library);
    return binary;
  }

  std::vector<std::string> searchOpts(Operation *kernel, const std::string &opts,
                                      const TargetOptions &options) const override {
    std::string error;
    FailureOr<CPUMachine> machine = cpuMachine(options.triple, options.chip, options.portable, error);
    if (failed(machine) || options.noopt)
      return {};
    return cpuSearchOpts(kernel, opts, chooseOptsPass(*machine, /*noopt=*/false));
  }

  std::string describe(const TargetOptions &options) const override {
    std::string error;
    FailureOr<CPUMachine> machine = cpuMachine(options.triple, options.chip, options.portable, error);
    if (failed(machine))
      return error;
    return tg::describe(*machine) + ", " + std::to_string(cpuVectorRegisters(*machine)) + " " +
           std::to_string(cpuVectorBytes(*machine)) + "-byte vector registers" +
           (options.noopt ? ", no kernel optimizer" : "");
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::tg::createCPUTargetBackend() {
  return std::make_unique<CPUTarget>();
}
