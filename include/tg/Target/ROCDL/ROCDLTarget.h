//===- ROCDLTarget.h - the ROCDL target ---------------------------------*- C++ -*-===//
#ifndef TG_TARGET_ROCDL_ROCDLTARGET_H
#define TG_TARGET_ROCDL_ROCDLTARGET_H

#include "tg/Target/TargetBackend.h"

namespace mlir::tg {

/// HIP: kernels through ROCDL to an AMDGPU code object (served to the HIP device).
std::unique_ptr<TargetBackend> createROCDLTargetBackend();

} // namespace mlir::tg

#endif // TG_TARGET_ROCDL_ROCDLTARGET_H
