//===- Compiler.h - a tg function to an executable --------------*- C++ -*-===//
//
// Drives a module through the stages of the pipeline (tg → kernels → linalg
// → target code) and packs the result as one executable (tg_executable.h)
// that the runtime loads: the kernels' binary, the buffer table and the
// launch order.
//
//===----------------------------------------------------------------------===//
#ifndef TG_COMPILER_COMPILER_H
#define TG_COMPILER_COMPILER_H

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
class ModuleOp;
namespace tg {

struct CompileOptions {
  /// Device kind the code is for ("CPU", "VULKAN", ...): the registered
  /// target serving it compiles.
  std::string device = "CPU";
  /// The chip to compile for: CUDA's and HIP's GPU (sm_90, gfx90a when
  /// empty), or the CPU's LLVM name (x86-64-v3; this machine's when empty).
  std::string chip;
  /// CPU: code for any x86-64-v2 machine instead of this one's CPU.
  bool portable = false;
  /// CPU: the target triple (empty: this machine's).
  std::string triple;
  /// The binary's form (TargetOptions::format): "bin", or "obj" for a CPU
  /// relocatable object.
  std::string format = "bin";
  /// Prepended to every kernel's name, and so to its symbol.
  std::string symbolPrefix;
  /// tinygrad's NOOPT=1: no tiling, vectorization or worker split.
  bool noopt = false;
  /// CPU: opts to apply instead of the optimizer's choice, by kernel name,
  /// as `#tg.opts<...>` text (what a BEAM search varies). Opts that cannot
  /// be applied fall back as the optimizer's own do.
  std::map<std::string, std::string> kernelOpts;
  /// tinygrad's BEAM=n: for a target that takes kernel opts (the CPU), each
  /// kernel's opts are searched for by timing candidates on the device,
  /// keeping the n fastest each round; the result is kept in the disk
  /// cache, keyed by the kernel, the device and n. 0: the optimizer's own
  /// choice.
  int beam = 0;
  /// tinygrad's DEBUG: 2 says which kernels' opts fell back, 3 prints the
  /// generated code, 4 the IR after every pass, to `log`.
  int debug = 0;
  llvm::raw_ostream *log = nullptr;
};

/// What one kernel of an executable is, for DEBUG output.
struct KernelSummary {
  std::string name;
  uint64_t parallelSize;
  uint64_t flops, bytes;
};

struct Executable {
  std::string blob; // tg_executable.h
  std::vector<KernelSummary> kernels;
  /// CPU: the `#tg.opts` each kernel was compiled with, by kernel name
  /// (what was applied, after any fallback).
  std::map<std::string, std::string> appliedOpts;
};

/// Registers every pass of the project, the registered targets (built in,
/// and TG_TARGET_PATH's plug-ins), and the compiler's stages as pass
/// pipelines, for tg-opt: `tg-to-kernels` (stages 1-3), then each target's
/// kernel pipeline and pipeline (`tg-cpu-kernels{noopt portable}`,
/// `tg-cpu-to-llvm`, `tg-gpu-kernels`, `tg-gpu-to-spirv`,
/// `tg-gpu-to-nvvm{chip format}`, ...). compileFunction runs the same ones,
/// reading the launch plan from the host function between a target's two.
void registerTGPipelines();

/// The dialects and extensions the compiler's pipelines use, the tg
/// dialect (with its canonicalization patterns) among them: what a context
/// that compiles needs.
void registerCompilerDialects(DialectRegistry &registry);

/// How deeply brackets ([, {, (, <) may nest in IR text the tools read.
/// MLIR's parser recurses once per level, so a few thousand overflow the
/// stack; the deepest of our tests and examples nests 6.
constexpr unsigned kMaxIRNesting = 256;

/// Fails, with an error located at the first bracket that opens deeper than
/// kMaxIRNesting (on `errors`), when the main buffer of `sourceMgr` nests
/// that deep. Brackets in strings and comments do not count.
LogicalResult checkIRNesting(const llvm::SourceMgr &sourceMgr, llvm::raw_ostream &errors);

/// The module in the main buffer of `sourceMgr`, parsed as parseSourceFile
/// does after checkIRNesting: what every tool that reads IR text calls.
/// Errors go to the context's diagnostic handler, the nesting's to `errors`.
OwningOpRef<ModuleOp> parseModule(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                                  llvm::raw_ostream &errors);

/// The function a tool compiles: `requested`, or when it is empty the
/// module's only public function with a body. On failure, a sentence in
/// `error` that says why and what the module has.
FailureOr<std::string> chooseFunction(ModuleOp module, StringRef requested,
                                      std::string &error);

/// Compiles `function` of `module` (tg tensor IR) into an executable.
/// `module` is not changed. Errors are emitted as diagnostics with the
/// location of the offending op.
FailureOr<Executable> compileFunction(ModuleOp module, StringRef function,
                                      const CompileOptions &options);

} // namespace tg
} // namespace mlir

#endif // TG_COMPILER_COMPILER_H
