//===- ROCDLTarget.cpp - the ROCDL (HIP) target ---------------------------===//

#include "tg/Target/ROCDL/ROCDLTarget.h"

#include "tg/Target/GPU/GPUTarget.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tg;

namespace {

/// gfx90a (MI200).
constexpr StringLiteral kDefaultChip = "gfx90a";

class ROCDLTarget final : public GPUTargetBackend {
public:
  std::string name() const override { return "rocdl"; }
  std::vector<std::string> devices() const override { return {"HIP"}; }
  std::string binaryKind() const override { return "hsaco"; }
  std::vector<TargetOptionInfo> options() const override {
    return {{"chip", "the GPU (default " + kDefaultChip.str() + ")"},
            {"format", "bin (an hsaco), isa (AMDGPU assembly) or llvm"}};
  }
  std::string pipelineName() const override { return "tg-gpu-to-rocdl"; }

  /// gpu.func kernels to ROCDL, then to an hsaco (MLIR finds the device
  /// libraries and ld.lld under ROCM_PATH). Kernels take one pointer per
  /// buffer.
  LogicalResult buildPipeline(OpPassManager &pm, const TargetOptions &options,
                              llvm::raw_ostream &errors) const override {
    if (failed(addKernelIndexing(pm, errors)))
      return failure();
    if (failed(parsePassPipeline(
            "rocdl-attach-target{module=tg_kernels O=3 chip=" + chip(options) +
                "},"
                "gpu.module(convert-scf-to-cf,convert-gpu-to-rocdl{use-bare-ptr-memref-call-conv="
                "1 runtime=HIP},canonicalize,cse,reconcile-unrealized-casts)",
            pm, errors)))
      return failure();
    return addModuleToBinary(pm, options, options.format, /*toolkit=*/"", "AMDGPU assembly",
                             errors);
  }

  std::string describe(const TargetOptions &options) const override {
    return chip(options) + ", code object through ROCDL";
  }

private:
  static std::string chip(const TargetOptions &options) {
    return options.chip.empty() ? kDefaultChip.str() : options.chip;
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::tg::createROCDLTargetBackend() {
  return std::make_unique<ROCDLTarget>();
}
