//===- Binary.h - the device binary of a lowered gpu.module -----*- C++ -*-===//
#ifndef TG_TARGET_GPU_BINARY_H
#define TG_TARGET_GPU_BINARY_H

#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class ModuleOp;
namespace tg {

/// The device binary of a module whose kernels were lowered for a GPU: the
/// serialized spirv.module (Vulkan), or the object that gpu-module-to-binary
/// put in its gpu.binary (a cubin or PTX for CUDA, an hsaco for HIP).
/// Errors are emitted on the module.
FailureOr<std::string> extractGPUBinary(ModuleOp module);

} // namespace tg
} // namespace mlir

#endif // TG_TARGET_GPU_BINARY_H
