//===- Codegen.h - CPU kernels to machine code -------------------*- C++ -*-===//
#ifndef TG_TARGET_CPU_CODEGEN_H
#define TG_TARGET_CPU_CODEGEN_H

#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace mlir {
class ModuleOp;
namespace tg {

/// What CPU code is generated for: this machine's CPU; a named one (an LLVM
/// CPU name: x86-64-v3, the x86-64 levels, neoverse-n1); any x86-64-v2 CPU
/// (`portable`); or another target triple (`aarch64-linux-gnu`), its generic
/// CPU unless one is named.
struct CPUMachine {
  std::string triple, cpu, features;
  /// A core's first-level data cache and its own next level (L2), in bytes,
  /// as the host reports them; 0 for a named CPU, whose sizes LLVM does not
  /// know (the kernel optimizer then assumes tg-cpu-choose-opts' defaults).
  int64_t firstLevelCacheBytes = 0, coreCacheBytes = 0;
};
/// The machine for `triple` (empty: this one), `cpu` (empty: the triple's
/// own) and `portable`, or an error message when LLVM has no target for the
/// triple or no such CPU.
FailureOr<CPUMachine> cpuMachine(StringRef triple, StringRef cpu, bool portable,
                                 std::string &error);
/// "x86_64-pc-linux-gnu znver4", for DEBUG output.
std::string describe(const CPUMachine &machine);
/// The width in bytes of its vector registers (64 with AVX-512, 32 with
/// AVX, else 16), for the kernel optimizer's register tiles.
int64_t cpuVectorBytes(const CPUMachine &machine);
/// How many vector registers it has (32 with AVX-512 and on AArch64, else
/// 16), for the register tiles' accumulators.
int64_t cpuVectorRegisters(const CPUMachine &machine);

struct CPUCodegenOptions {
  CPUMachine machine;
  /// Where to print the generated assembly (DEBUG=3), if anywhere.
  llvm::raw_ostream *assembly = nullptr;
  /// Where to print the optimized LLVM IR, if anywhere.
  llvm::raw_ostream *llvmIR = nullptr;
};

/// Translates `module` (LLVM dialect) to LLVM IR, optimizes it for the
/// machine and emits relocatable ELF objects, in process through LLVM's
/// TargetMachine: its kernels split over the cores, one object each
/// (one object when there is one kernel, one core, or a listing to print).
/// Errors are emitted on `module`.
FailureOr<std::vector<std::string>> emitCPUObjects(ModuleOp module,
                                                   const CPUCodegenOptions &options);
/// The same for a module already in LLVM IR; errors go to `error`.
FailureOr<std::string> emitCPUObject(llvm::Module &module, const CPUCodegenOptions &options,
                                     std::string &error);

/// Links ELF objects with lld, in process: a shared object (`shared`, which
/// needs libm and, with `pthreads`, libpthread), or one relocatable object
/// (not `shared`: `ld -r`). Errors go to `error`.
FailureOr<std::string> linkCPUObjects(ArrayRef<std::string> objects, const CPUMachine &machine,
                                      bool shared, bool pthreads, std::string &error);

} // namespace tg
} // namespace mlir

#endif // TG_TARGET_CPU_CODEGEN_H
