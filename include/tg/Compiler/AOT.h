//===- AOT.h - a tg function to an object file and a C header ----*- C++ -*-===//
//
// tg-compile's output: for the CPU, the kernels and the launch plan as
// native code in one relocatable object, with a C header whose functions
// take and return the function's tensors as pointers; the object needs
// libc, libm and pthreads only (its workers are a small pool of pthreads,
// runtime/aot), not libtgrt. For a GPU, the object holds the runtime's
// executable and runs it through libtgrt behind the same header.
//
//===----------------------------------------------------------------------===//
#ifndef TG_COMPILER_AOT_H
#define TG_COMPILER_AOT_H

#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class ModuleOp;
namespace tg {

/// How an object gets the function's parameters (its weights, and any
/// other argument the model rather than its caller provides).
enum class AOTWeights {
  Embed,  // read-only data in the object
  File,   // read from a safetensors file when a context is created
  Inputs, // inputs of `run` like the others, with their initial values in
          // the object (a training step's parameters and optimizer state)
};

/// An argument of the function that is a parameter.
struct AOTParameter {
  unsigned argument = 0;
  /// Its name: in the header, and in the safetensors file (File).
  std::string name;
  /// Its value, as many bytes as the argument has (Embed, Inputs).
  std::string data;
};

struct AOTOptions {
  /// The C prefix of everything the object exports (`model` gives
  /// `model_create`, `model_run`, ...); a C identifier.
  std::string name = "model";
  /// The function of the module to compile.
  std::string function;
  /// The device it runs on: "CPU" (kernels and plan as native code), or a
  /// GPU ("VULKAN", "CUDA", "HIP"): the runtime's executable in the object,
  /// run through libtgrt.
  std::string device = "CPU";
  /// The target triple (empty: this machine); the chip: a GPU's (sm_90,
  /// gfx90a), or the CPU's LLVM name (x86-64-v3) instead of this one; and
  /// code for any x86-64-v2 CPU.
  std::string triple;
  std::string chip;
  bool portable = false;
  /// tinygrad's NOOPT=1 and DEBUG, as for compileFunction.
  bool noopt = false;
  /// BEAM=n for the CPU's kernels (CompileOptions::beam).
  int beam = 0;
  int debug = 0;
  llvm::raw_ostream *log = nullptr;
  /// What to write: "obj" (the object), or the same code as one LLVM IR
  /// module ("llvm") or as assembly ("asm"), kernels and plan together.
  std::string output = "obj";
  /// The arguments that are parameters, and how the object gets them.
  std::vector<AOTParameter> parameters;
  AOTWeights weights = AOTWeights::Embed;
};

struct AOTObject {
  std::string object; // an ELF relocatable object, or the listing asked for
  std::string header; // the C header that declares what it exports
};

/// The parameters of `function` found in a safetensors file: every
/// argument whose `tg.name` names a tensor of the file, which must have the
/// argument's dtype and shape. Errors go to `error`.
FailureOr<std::vector<AOTParameter>> parametersFromSafetensors(ModuleOp module,
                                                               StringRef function,
                                                               StringRef path,
                                                               std::string &error);

/// Whether `name` can be a C identifier (a letter or `_`, then letters,
/// digits and `_`).
bool isCIdentifier(StringRef name);

/// Compiles `options.function` of `module` into an object and its header.
/// Errors are emitted as diagnostics with the location of what causes them.
FailureOr<AOTObject> compileAOT(ModuleOp module, const AOTOptions &options);

/// The object linked into a shared library that needs nothing but the C
/// library, libm and pthreads. Errors are emitted on `module`.
FailureOr<std::string> linkAOTLibrary(ModuleOp module, const AOTObject &object,
                                      const AOTOptions &options);

} // namespace tg
} // namespace mlir

#endif // TG_COMPILER_AOT_H
