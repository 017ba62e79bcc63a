//===- NVVMTarget.cpp - the NVVM (CUDA) target ----------------------------===//

#include "tg/Target/NVVM/NVVMTarget.h"

#include "tg/Target/GPU/GPUTarget.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::tg;

namespace {

/// sm_90 is the oldest chip CUDA 13's ptxas still takes with every feature
/// the NVVM lowering uses.
constexpr StringLiteral kDefaultChip = "sm_90";

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


class NVVMTarget final : public GPUTargetBackend {
public:
  std::string name() const override { return "nvvm"; }
  std::vector<std::string> devices() const override { return {"CUDA"}; }
  std::string binaryKind() const override { return "cubin"; }
  std::vector<TargetOptionInfo> options() const override {
    return {{"chip", "the GPU (default " + kDefaultChip.str() + ")"},
            {"format", "bin (a cubin; PTX without a CUDA toolkit), isa (PTX) or llvm"}};
  }
  std::string pipelineName() const override { return "tg-gpu-to-nvvm"; }

  /// gpu.func kernels to NVVM, then to a cubin through ptxas or to PTX.
  /// Kernels take one pointer per buffer.
  LogicalResult buildPipeline(OpPassManager &pm, const TargetOptions &options,
                              llvm::raw_ostream &errors) const override {
    if (failed(addKernelIndexing(pm, errors)))
      return failure();
    if (failed(parsePassPipeline(
            "nvvm-attach-target{module=tg_kernels O=3 chip=" + chip(options) +
                " features=+ptx80},"
                "gpu.module(convert-scf-to-cf,convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv="
                "1},canonicalize,cse,reconcile-unrealized-casts)",
            pm, errors)))
      return failure();
    // A cubin with the toolkit's ptxas when there is one, PTX for the
    // driver's JIT when not.
    std::string toolkit = options.format == "bin" ? cudaToolkit() : "";
    StringRef format = options.format == "bin" && toolkit.empty() ? "isa" : options.format;
    return addModuleToBinary(pm, options, format, toolkit, "PTX", errors);
  }

  std::string describe(const TargetOptions &options) const override {
    std::string toolkit = cudaToolkit();
    return chip(options) + ", " +
           (toolkit.empty() ? "PTX for the driver (no CUDA toolkit found)"
                            : "cubin through " + toolkit + "/bin/ptxas");
  }

private:
  static std::string chip(const TargetOptions &options) {
    return options.chip.empty() ? kDefaultChip.str() : options.chip;
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::tg::createNVVMTargetBackend() {
  return std::make_unique<NVVMTarget>();
}
