//===- NVVMTarget.h - the NVVM target ---------------------------------*- C++ -*-===//
#ifndef TG_TARGET_NVVM_NVVMTARGET_H
#define TG_TARGET_NVVM_NVVMTARGET_H

#include "tg/Target/TargetBackend.h"

namespace mlir::tg {

/// CUDA: kernels through NVVM to a cubin, or PTX without a CUDA toolkit (served to the CUDA device).
std::unique_ptr<TargetBackend> createNVVMTargetBackend();

} // namespace mlir::tg

#endif // TG_TARGET_NVVM_NVVMTARGET_H
