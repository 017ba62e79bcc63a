//===- ONNX.h - ONNX models as tensor programs ------------------*- C++ -*-===//
//
// tg::onnx::load reads an ONNX model with the ONNX library (checked, shapes
// inferred, converted to an opset this importer knows) and gives a callable
// model: each node is the tensor library's op for it, as tinygrad's
// extra/onnx.py maps nodes to Tensor methods, so calling it builds a lazy
// graph like any other Tensor code (docs/onnx.md):
//
//   tg::onnx::Model model = tg::onnx::load("resnet18.onnx");
//   std::vector<tg::Tensor> logits = model({images});
//
// The model's initializers are its parameters; tg::aot traces a call into
// a tg function (tg-import-onnx, tg-compile model.onnx).
//
//===----------------------------------------------------------------------===//
#ifndef TG_FRONTEND_ONNX_ONNX_H
#define TG_FRONTEND_ONNX_ONNX_H

#include "tg/Tensor/Tensor.h"
#include "tg/Tensor/aot.h"
#include "tg/Tensor/state.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tg::onnx {

/// The opsets of the default domain the importer reads; a model with an
/// older one is converted first.
constexpr int64_t kMinOpset = 7, kMaxOpset = 17;

/// An input or output of the graph. A dimension the model leaves open is
/// -1, with its symbolic name (if any) in `dim_names`.
struct ValueInfo {
  std::string name;
  DType dtype = DType::Float32;
  std::vector<int64_t> shape;
  std::vector<std::string> dim_names;
};

struct Graph;

class Model {
public:
  explicit Model(std::shared_ptr<const Graph> graph) : graph_(std::move(graph)) {}

  /// The graph's inputs, without those an initializer provides, and its
  /// outputs.
  const std::vector<ValueInfo> &inputs() const;
  const std::vector<ValueInfo> &outputs() const;
  /// The initializers, by name, on the default device.
  const nn::StateDict &parameters() const;
  /// The default domain's opset the graph is read with.
  int64_t opset() const;

  /// The outputs for `inputs`, given in the order of inputs(). Pending:
  /// realize them. A node whose output shape depends on a tensor's values
  /// (Reshape's shape, Slice's starts, ...) reads them, realizing what they
  /// come from. Throws tg::Error naming the node that cannot be run.
  std::vector<Tensor> operator()(const std::vector<Tensor> &inputs) const;

  /// For tracing (tg::aot): reading the values of a tensor that depends on
  /// the inputs is an error, as they are only examples.
  std::vector<Tensor> trace(const std::vector<Tensor> &inputs) const;

  /// Concrete shapes for the inputs: open dimensions from `dims` by their
  /// symbolic name, else 1.
  std::vector<Shape> input_shapes(const std::map<std::string, int64_t> &dims = {}) const;

private:
  std::vector<Tensor> run(const std::vector<Tensor> &inputs, bool tracing) const;
  std::shared_ptr<const Graph> graph_;
};

/// Reads, checks and prepares the model at `path`. Throws tg::Error: a
/// file that is not a valid model, an opset outside what the ONNX library
/// converts, an op or attribute the importer does not support (naming the
/// node, the op and the opset).
Model load(const std::string &path);

/// The model at `path` as a tg function: traced (Model::trace) on inputs
/// of its shapes (open dimensions from `dims` by name, else 1) and written
/// by tg::aot::compile as `directory/name.mlir`, the inputs and outputs
/// named as in the model, the initializers arguments named after them
/// with their values in `directory/name.safetensors` (tg-import-onnx;
/// tg-compile model.onnx compiles that).
aot::Compiled import_to_mlir(const std::string &path, const std::string &directory,
                             const std::string &name,
                             const std::map<std::string, int64_t> &dims = {});

/// import_to_mlir into a scratch directory removed with this object: for
/// tools that compile or run the model at once (tg-run, tg-compile).
class ScratchImport {
public:
  ScratchImport(const std::string &path, const std::string &name,
                const std::map<std::string, int64_t> &dims = {});
  ~ScratchImport();
  ScratchImport(const ScratchImport &) = delete;
  ScratchImport &operator=(const ScratchImport &) = delete;
  /// The .mlir file, and the safetensors file ("" without initializers).
  const aot::Compiled &files() const { return files_; }

private:
  std::string directory_;
  aot::Compiled files_;
};

/// A tensor stored as a serialized ONNX TensorProto (the backend test
/// suite's input_0.pb, output_0.pb).
Tensor read_tensor(const std::string &path);

/// The ops of the default domain and of ai.onnx.preview.training the
/// importer supports.
std::vector<std::string> supported_ops();

} // namespace tg::onnx

#endif // TG_FRONTEND_ONNX_ONNX_H
