//===- CPUTarget.h - the CPU target --------------------------------*- C++ -*-===//
#ifndef TG_TARGET_CPU_CPUTARGET_H
#define TG_TARGET_CPU_CPUTARGET_H

#include "tg/Target/TargetBackend.h"

namespace mlir::tg {

/// Kernels tiled, vectorized and split by the kernel optimizer, lowered to
/// LLVM, compiled for this machine's CPU (or any x86-64-v2) and linked
/// into one ELF shared object in process; served to the CPU device.
std::unique_ptr<TargetBackend> createCPUTargetBackend();

} // namespace mlir::tg

#endif // TG_TARGET_CPU_CPUTARGET_H
