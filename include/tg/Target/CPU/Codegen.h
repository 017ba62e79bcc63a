//===- Codegen.h - CPU kernels to an ELF shared object ----------*- C++ -*-===//
#ifndef TG_TARGET_CPU_CODEGEN_H
#define TG_TARGET_CPU_CODEGEN_H

#include "mlir/Support/LLVM.h"

#include <string>

namespace llvm {
class raw_ostream;
}

namespace mlir {
class ModuleOp;
namespace tg {

struct CPUCodegenOptions {
  /// Code for any x86-64-v2 machine instead of this one's CPU.
  bool portable = false;
  /// Where to print the generated assembly (DEBUG=3), if anywhere.
  llvm::raw_ostream *assembly = nullptr;
};

/// Translates `module` (LLVM dialect) to LLVM IR, optimizes it for the
/// target, emits machine code in process through LLVM's TargetMachine and
/// links it into an ELF shared object with lld, also in process. Errors are
/// emitted on `module`.
FailureOr<std::string> emitCPUSharedObject(ModuleOp module,
                                           const CPUCodegenOptions &options);

/// The CPU name and features code is generated for.
std::string cpuTargetDescription(bool portable);

/// The width in bytes of that CPU's vector registers (64 with AVX-512, 32
/// with AVX, else 16), for the kernel optimizer's register tiles.
int64_t cpuVectorBytes(bool portable);

} // namespace tg
} // namespace mlir

#endif // TG_TARGET_CPU_CODEGEN_H
