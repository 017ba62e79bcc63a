//===- aot.h - a C++ function over tensors, ahead of time -------*- C++ -*-===//
//
// tg::aot::compile traces a function of Tensors — a model's forward pass, or
// a whole training step — into one tg function and compiles it with
// tg-compile's machinery into an object file and a C header (docs/aot.md):
//
//   Model model;                      // trained, or loaded
//   aot::Options options;
//   options.name = "classifier";
//   options.parameters = nn::state::get_state_dict(model);
//   aot::compile([&](const std::vector<Tensor> &x) { return model(x[0]); },
//                {Tensor::zeros({1, 1, 28, 28})}, options);
//
// The function runs once, lazily: nothing is computed. The tensors it reads
// besides the examples are the parameters, named by `options.parameters`
// (others are NAME.buffer0, NAME.buffer1, ...: an optimizer's state, a
// constant the function realized). The updates it returns (pending
// assigns, as optimizer.schedule_step() gives them) happen in place on
// their tensors in the compiled code; here they are discarded, so the
// tensors keep their values. Random draws inside the function are fixed
// when it is traced.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TENSOR_AOT_H
#define TG_TENSOR_AOT_H

#include "tg/Tensor/state.h"

#include <functional>
#include <string>
#include <vector>

namespace tg::aot {

/// How the object gets the parameters.
enum class Weights {
  Embed,  // read-only data in the object
  File,   // NAME.safetensors, written next to it, read by NAME_create
  Inputs, // inputs of NAME_run after the examples' ones, updated in place
          // by the updates; NAME_initial_value gives their current values
};

/// What a traced function gives: its results, and its updates.
struct Trace {
  Trace(std::vector<Tensor> outputs, std::vector<Tensor> updates = {})
      : outputs(std::move(outputs)), updates(std::move(updates)) {}
  Trace(Tensor output) : outputs{std::move(output)} {}
  std::vector<Tensor> outputs, updates;
};

struct Options {
  /// The C prefix of what the object exports, and its files' name:
  /// `directory/name.o` (or `.so`) and `directory/name.h`.
  std::string name = "model";
  std::string directory = ".";
  /// "obj" (an object file), "lib" (a shared library) or "mlir" (the
  /// traced tg function, `directory/name.mlir`, with the parameters as
  /// arguments named by `tg.name` and their values in
  /// `directory/name.safetensors`, whatever `weights` says).
  std::string emit = "obj";
  Weights weights = Weights::Embed;
  /// Names of the tensors the function reads besides the examples: a
  /// model's state dict.
  nn::StateDict parameters;
  /// The inputs' and results' names in the header (default input0,
  /// output0, ...).
  std::vector<std::string> input_names, output_names;
  /// The device: "CPU" (native code) or a GPU ("VULKAN", "CUDA", "HIP":
  /// the object runs the runtime's executable through libtgrt); a target
  /// triple for the host code (default: this machine); the chip (a GPU's,
  /// or the CPU's LLVM name such as x86-64-v3; default: this machine's);
  /// and code for any x86-64-v2 CPU.
  std::string device = "CPU";
  std::string target;
  std::string chip;
  bool portable = false;
};

/// A tensor of the compiled function's signature.
struct Signature {
  std::string name;
  DType dtype;
  Shape shape;
};

/// What compile wrote, and what the object's functions take.
struct Compiled {
  std::string object, header; // the .mlir file and no header with emit "mlir"
  std::string weights; // the safetensors file, with Weights::File
  /// What NAME_run takes and gives, in order: the examples' inputs, then
  /// with Weights::Inputs the parameters; the function's results.
  std::vector<Signature> inputs, outputs;
  /// The parameters, in the order of the header's inputs (Inputs) or of
  /// its parameter table (Embed, File).
  std::vector<Signature> parameters;
};

/// Traces `fn` on `examples` (realized first; their shapes and dtypes are
/// the inputs') and compiles it. Throws tg::Error when the function cannot
/// be traced or compiled, with the compiler's messages.
Compiled compile(const std::function<Trace(const std::vector<Tensor> &)> &fn,
                 const std::vector<Tensor> &examples, const Options &options = {});

} // namespace tg::aot

#endif // TG_TENSOR_AOT_H
