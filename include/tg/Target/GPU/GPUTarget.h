//===- GPUTarget.h - what the GPU targets share --------------------*- C++ -*-===//
#ifndef TG_TARGET_GPU_GPUTARGET_H
#define TG_TARGET_GPU_GPUTARGET_H

#include "tg/Target/TargetBackend.h"

namespace mlir::tg {

/// A GPU target: its kernel pipeline is `tg-gpu-kernels` (bufferized
/// kernels split into stages that need no grid-wide barrier, each a
/// gpu.func launched by gpu.launch_func); its pipeline starts from the
/// gpu.module of kernels with addKernelIndexing and ends in one gpu.binary
/// (or a spirv.module, which the SPIR-V target serializes itself).
class GPUTargetBackend : public TargetBackend {
public:
  std::string kernelPipelineName() const override { return "tg-gpu-kernels"; }
  LogicalResult buildKernelPipeline(OpPassManager &pm, const TargetOptions &options,
                                    llvm::raw_ostream &errors) const override;
  /// The object of the module's one gpu.binary.
  FailureOr<TargetBinary> serialize(ModuleOp module, const TargetOptions &options,
                                    llvm::raw_ostream *log) const override;

protected:
  /// What every GPU target runs first on the gpu.module: loads and stores
  /// on the arguments themselves, plain index arithmetic, integer powers as
  /// loops.
  static LogicalResult addKernelIndexing(OpPassManager &pm, llvm::raw_ostream &errors);
  /// The pipeline's last step, gpu-module-to-binary in `format` (with the
  /// CUDA `toolkit` when not empty); with options.assemblyLog (DEBUG=3) the
  /// `language` (PTX, AMDGPU assembly) it compiles through is printed there.
  static LogicalResult addModuleToBinary(OpPassManager &pm, const TargetOptions &options,
                                         StringRef format, StringRef toolkit, StringRef language,
                                         llvm::raw_ostream &errors);
};

} // namespace mlir::tg

#endif // TG_TARGET_GPU_GPUTARGET_H
