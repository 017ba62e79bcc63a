//===- TargetBackend.h - a compiler target, built in or a plug-in -*- C++ -*-===//
//
// A target turns the kernels of stage 3 (linalg on tensors, one function per
// kernel, and the host function calling them) into one device binary: the
// CPU's shared object, SPIR-V, a cubin, an hsaco, or anything a plug-in
// makes. The compiler driver (tg/Compiler/Compiler.h), tg-opt's pipelines and
// tg-run --list-devices know targets only through the registry below.
//
// A vendor adds a target without touching the core: a shared library built
// against this header and MLIR's (libMLIR.so) that exports
//
//   extern "C" mlir::tg::TargetBackend *tgCreateTargetBackend(unsigned version);
//
// returning a new target when `version` is TG_TARGET_BACKEND_VERSION (else
// null), loaded with `--load-target=PATH` or TG_TARGET_PATH. The interface is
// virtual functions only, so a plug-in calls nothing of the host's but MLIR;
// it reaches the host's passes by name through MLIR's pass registry.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TARGET_TARGETBACKEND_H
#define TG_TARGET_TARGETBACKEND_H

#include "mlir/Support/LLVM.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace mlir {
class ModuleOp;
class OpPassManager;
class Operation;
namespace tg {

/// Bumped whenever TargetBackend or TargetOptions change layout.
#define TG_TARGET_BACKEND_VERSION 3u

/// What the compiler is asked for. Each target reads the options it lists
/// in TargetBackend::options() and rejects the others.
struct TargetOptions {
  /// The chip to compile for (the target's default when empty): a GPU's
  /// (sm_90, gfx90a), or the CPU's LLVM name (x86-64-v3) for the CPU target.
  std::string chip;
  /// CPU: code for any x86-64-v2 machine instead of this one.
  bool portable = false;
  /// CPU: the target triple to generate code for (empty: this machine's).
  std::string triple;
  /// tinygrad's NOOPT=1: no tiling, vectorization or worker split.
  bool noopt = false;
  /// The binary's form. GPU targets: "bin" (the device's code object),
  /// "isa" (PTX or AMDGPU assembly) or "llvm". CPU: "bin" (a shared object
  /// the runtime loads), "obj" (a relocatable object, which tg-compile
  /// links into its own) or "llvm" (the optimized LLVM IR, as text).
  std::string format = "bin";
  /// DEBUG=3: where the GPU targets print the assembly (PTX, AMDGPU) they
  /// compile through; null when it is not wanted.
  llvm::raw_ostream *assemblyLog = nullptr;
};

/// An option a target reads, for --help and docs/architecture.md.
struct TargetOptionInfo {
  std::string name, meaning;
};

/// A target's device binary, and what the runtime needs of each kernel.
struct TargetBinary {
  std::string bytes;
  /// CPU targets: the iterations of each kernel's split loop, which the
  /// runtime may divide among workers (0 or absent: not split).
  std::map<std::string, uint64_t> parallelSize;
};

class TargetBackend {
public:
  virtual ~TargetBackend() = default;

  /// The target's own name: "cpu", "spirv", "nvvm", "rocdl", "c".
  virtual std::string name() const = 0;
  /// The runtime devices that run its binaries ("CPU"; "VULKAN").
  virtual std::vector<std::string> devices() const = 0;
  /// The kind of binary it makes, as runtime plug-ins name what they load
  /// ("cpu-elf", "spirv", "cubin", "hsaco", "c-source").
  virtual std::string binaryKind() const = 0;
  /// The TargetOptions it reads.
  virtual std::vector<TargetOptionInfo> options() const = 0;
  /// Whether it carries out `#tg.opts` given for a kernel (the CPU kernel
  /// optimizer's attribute) instead of choosing its own.
  virtual bool takesKernelOpts() const { return false; }

  /// tg-opt's names for the two pipelines below ("tg-cpu-kernels",
  /// "tg-cpu-to-llvm"). Targets may share a kernel pipeline by name.
  virtual std::string kernelPipelineName() const = 0;
  virtual std::string pipelineName() const = 0;
  /// Stage 4 up to the launch plan: the kernels bufferized, and the host
  /// function calling them with func.call (or gpu.launch_func). Errors
  /// (an option it does not read) go to `errors`.
  virtual LogicalResult buildKernelPipeline(OpPassManager &pm, const TargetOptions &options,
                                            llvm::raw_ostream &errors) const = 0;
  /// The kernels alone (the host function is gone, read as the launch plan)
  /// to the form serialize() reads.
  virtual LogicalResult buildPipeline(OpPassManager &pm, const TargetOptions &options,
                                      llvm::raw_ostream &errors) const = 0;
  /// The device binary of the module buildPipeline made; with `log`
  /// (DEBUG=3) the generated code is printed there too. Errors are emitted
  /// on `module`.
  virtual FailureOr<TargetBinary> serialize(ModuleOp module, const TargetOptions &options,
                                            llvm::raw_ostream *log) const = 0;
  /// One line for DEBUG output: what the code is for ("x86_64 znver4,
  /// 32 64-byte vector registers").
  virtual std::string describe(const TargetOptions &options) const = 0;

  /// BEAM=n (tinygrad's beam search), for a target that takesKernelOpts():
  /// the `#tg.opts` texts one action away from `opts` (a tile doubled or
  /// halved, the vector or split loop moved) for the kernel function
  /// `kernel` of stage 3, which the compiler times on the device; for an
  /// empty `opts`, where a search starts (the target's own choice, and no
  /// opts). Empty: nothing to search.
  virtual std::vector<std::string> searchOpts(Operation *kernel, const std::string &opts,
                                              const TargetOptions &options) const {
    return {};
  }
};

/// Adds a target; its devices must not be served by another one yet.
LogicalResult registerTargetBackend(std::unique_ptr<TargetBackend> target,
                                    llvm::raw_ostream &errors);
/// The built-in targets (CPU, SPIR-V, NVVM, ROCDL), once; then the plug-ins
/// TG_TARGET_PATH names (paths separated by ':'), reporting one that does
/// not load on `errors`.
void registerTargetBackends(llvm::raw_ostream &errors);
/// Loads a target plug-in (see above) and registers its target.
LogicalResult loadTargetPlugin(StringRef path, llvm::raw_ostream &errors);
/// The target for a runtime device kind ("CPU", "vulkan"), or null.
const TargetBackend *findTargetBackend(StringRef device);
/// Every registered target, in registration order.
std::vector<const TargetBackend *> targetBackends();

} // namespace tg
} // namespace mlir

#endif // TG_TARGET_TARGETBACKEND_H
