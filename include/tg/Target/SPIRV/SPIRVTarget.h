//===- SPIRVTarget.h - the SPIRV target ---------------------------------*- C++ -*-===//
#ifndef TG_TARGET_SPIRV_SPIRVTARGET_H
#define TG_TARGET_SPIRV_SPIRVTARGET_H

#include "tg/Target/TargetBackend.h"

namespace mlir::tg {

/// Vulkan: kernels as one SPIR-V module (served to the VULKAN device).
std::unique_ptr<TargetBackend> createSPIRVTargetBackend();

} // namespace mlir::tg

#endif // TG_TARGET_SPIRV_SPIRVTARGET_H
