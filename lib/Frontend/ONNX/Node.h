//===- Node.h - one ONNX node, as its op's builders see it ------*- C++ -*-===//
//
// An op's builder reads its node through Node: the inputs as Tensors, the
// values of the inputs that set shapes (Reshape's shape, Slice's starts),
// and the attributes with their defaults. Builders register by op type in
// populate...Ops functions, one per file of ops.
//
//===----------------------------------------------------------------------===//
#ifndef TG_FRONTEND_ONNX_NODE_H
#define TG_FRONTEND_ONNX_NODE_H

#include "tg/Frontend/ONNX/ONNX.h"

#include <functional>
#include <optional>
#include <unordered_map>

namespace onnx {
class NodeProto;
class TensorProto;
class AttributeProto;
} // namespace onnx

namespace tg::onnx {

/// A value of the graph: its tensor, and whether it depends on the values
/// of the graph's inputs (rather than only their shapes, the initializers
/// and constants).
struct Value {
  Tensor tensor;
  bool fromInputs = false;
};

class Node {
public:
  Node(const std::string &path, const ::onnx::NodeProto &proto, int64_t opset,
       std::vector<std::optional<Value>> inputs, bool tracing, size_t index);

  const ::onnx::NodeProto &proto() const { return proto_; }
  const std::string &op() const;
  int64_t opset() const { return opset_; }
  size_t numOutputs() const;
  /// Output `i` is asked for (named).
  bool wants(size_t i) const;

  /// Input `i` is given (ONNX leaves optional inputs out or names them "").
  bool has(size_t i) const;
  size_t numInputs() const { return inputs_.size(); }
  Tensor input(size_t i) const;
  std::vector<Tensor> inputs() const;
  /// The values of input `i`, read to the host: what sets a shape.
  std::vector<int64_t> ints(size_t i) const;
  std::vector<double> doubles(size_t i) const;

  bool hasAttribute(const char *name) const;
  int64_t attribute(const char *name, int64_t otherwise) const;
  double attribute(const char *name, double otherwise) const;
  std::string attribute(const char *name, const char *otherwise) const;
  std::vector<int64_t> attribute(const char *name, std::vector<int64_t> otherwise) const;
  std::vector<double> floatsAttribute(const char *name) const;
  std::vector<std::string> strings(const char *name) const;
  Tensor tensorAttribute(const char *name) const;

  /// Throws the located error every builder gives:
  /// `model.onnx: node 3 "conv1" (Conv, opset 13): <why>`.
  [[noreturn]] void fail(const std::string &why) const;
  /// The same for what the importer lacks: "<what> is not supported".
  [[noreturn]] void unsupported(const std::string &what) const;
  /// Where errors point (the model, the node, its op and opset).
  std::string where() const;

private:
  const ::onnx::AttributeProto *find(const char *name) const;
  /// Input `i`, whose values are about to be read to the host: an error
  /// when tracing and they depend on the model's inputs.
  Tensor readable(size_t i) const;
  const std::string &path_;
  const ::onnx::NodeProto &proto_;
  int64_t opset_;
  std::vector<std::optional<Value>> inputs_;
  bool tracing_;
  size_t index_;
};

/// Builds a node's outputs, in order (fewer than the node names when the
/// rest are optional and unused).
using OpBuilder = std::function<std::vector<Tensor>(const Node &)>;
using OpTable = std::unordered_map<std::string, OpBuilder>;

/// The builders, one call per file of ops.
void populateElementwiseOps(OpTable &table);
void populateMovementOps(OpTable &table);
void populateReduceOps(OpTable &table);
void populateNNOps(OpTable &table);
void populateTrainingOps(OpTable &table);
void populateRecurrentOps(OpTable &table);
const OpTable &opTable();

/// An ONNX TensorProto as a tensor (raw or typed data; external data is
/// read relative to `directory`).
Tensor tensorFromProto(const ::onnx::TensorProto &proto, const std::string &directory = "");
/// ONNX's data type code for `dtype`, and back (throws for types the tensor
/// library lacks: strings, complex numbers, 8-bit floats).
int32_t onnxType(DType dtype);
DType dtypeOf(int32_t onnxType, const std::string &what);

/// Helpers the builders share.
int64_t normalizeAxis(int64_t axis, int64_t rank, const Node &node);
/// "[2, 3]", for messages.
std::string shapeText(const Shape &shape);

} // namespace tg::onnx

#endif // TG_FRONTEND_ONNX_NODE_H
