//===- Graph.h - the lazy graph behind tg::Tensor ---------------*- C++ -*-===//
//
// A tensor is a node of a graph of primitive ops, which are the tg
// dialect's tensor-level ops (tinygrad's UOps at the Tensor level). Every
// other Tensor method builds its result from these; autograd has a rule per
// op; the realizer lowers a graph to one tg function.
//
//===----------------------------------------------------------------------===//
#ifndef TG_LIB_TENSOR_GRAPH_H
#define TG_LIB_TENSOR_GRAPH_H

#include "tg/Tensor/Tensor.h"

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

struct tgrt_buffer_t;
struct tgrt_device_t;

namespace tg {

/// The primitive ops, one per tg op.
enum class Op : uint8_t {
  Buffer, // a realized value; no sources
  Const,  // `value` everywhere
  // unary
  Exp2, Log2, Sin, Sqrt, Reciprocal, Neg, Trunc,
  // binary
  Add, Sub, Mul, FDiv, CDiv, CMod, FloorDiv, FloorMod, Max, Pow, Shl, Shr, And, Or, Xor,
  CmpLt, CmpNe, CmpEq, Threefry,
  // ternary
  Where, MulAcc,
  Cast, Bitcast,
  // movement; `arg`: reshape —, permute the order, expand —, pad low then
  // high per axis, shrink begin then end per axis, flip the axes
  Reshape, Permute, Expand, Pad, Shrink, Flip,
  Reduce, // `arg`: the axes; `reduce`: the kind
  Contiguous, ContiguousBackward, Detach,
  Copy,   // a new buffer of the value, on `device`
  Assign, // src: target (a buffer), value
};

enum class ReduceKind : uint8_t { Add, Mul, Max };

/// "[2, 3]".
std::string shapeText(const Shape &shape);

/// The tg op name of `op` ("add", "reduce", ...).
const char *opName(Op op);
bool isUnary(Op op);
bool isBinary(Op op);
bool isComparison(Op op);
bool isMovement(Op op);

/// A device's memory holding one realized value; released with the last
/// node that refers to it.
class DeviceBuffer {
public:
  DeviceBuffer(tgrt_buffer_t *handle, std::string device)
      : handle_(handle), device_(std::move(device)) {}
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  tgrt_buffer_t *handle() const { return handle_; }
  const std::string &device() const { return device_; }

  /// How many programs wrote this buffer in place (assignments): a value
  /// derived from its contents is stale once the count moved on.
  uint64_t writes() const { return writes_; }
  void noteWrite() { ++writes_; }

  /// Values derived from this buffer's contents and kept with it, by what
  /// they are (a convolution's weights laid out channels-last).
  struct Derived {
    uint64_t writes;
    Tensor value; // realized: a buffer of its own
  };
  std::unordered_map<std::string, Derived> derived;

private:
  tgrt_buffer_t *handle_;
  std::string device_;
  uint64_t writes_ = 0;
};

/// Set while tg::aot::compile traces a function: its graph must read the
/// buffers it is given, which become the exported program's arguments, and
/// not values derived from them before.
class Tracing {
public:
  Tracing();
  ~Tracing();
  Tracing(const Tracing &) = delete;
  Tracing &operator=(const Tracing &) = delete;
  static bool active();

private:
  bool previous_;
};

struct Node;
using NodeRef = std::shared_ptr<Node>;

/// The gradient of a node built from several primitives (a convolution),
/// taken in one step from the inputs it was built from instead of through
/// the rules of the primitives behind it.
struct GradientOverride {
  std::vector<NodeRef> inputs;
  /// One gradient per input (undefined where none flows), given the
  /// inputs, the node itself and its gradient. (Given, not captured: a
  /// captured Tensor would keep a parameter, its gradient and through it
  /// this node alive in a cycle.)
  std::function<std::vector<Tensor>(const std::vector<Tensor> &inputs, const Tensor &output,
                                    const Tensor &g)>
      rule;
};

struct Node {
  Op op;
  DType dtype;
  Shape shape;
  std::string device;
  std::vector<NodeRef> src;
  std::vector<int64_t> arg;
  ReduceKind reduce = ReduceKind::Add;
  /// Const: the value (for 64-bit integers, `bits` holds it exactly).
  double value = 0;
  int64_t bits = 0;
  std::shared_ptr<DeviceBuffer> buffer;
  /// Made under tg::NoGrad: gradients do not flow through it.
  bool noGrad = false;
  /// Set on a composite's result: gradients skip the graph behind it.
  std::shared_ptr<const GradientOverride> gradient;

  int64_t numel() const;
  /// Turns this node into the buffer holding its value, dropping the graph
  /// behind it, its gradient rule's inputs included: a realized tensor is a
  /// leaf, and keeps nothing it was computed from alive.
  void becomeBuffer(std::shared_ptr<DeviceBuffer> realized);
};

struct TensorImpl {
  NodeRef node;
  Tensor grad;
  bool requiresGrad = false;
};

/// Builders of primitive nodes. They check what the tg op's verifier
/// checks and throw tg::Error with the op's name and the reason.
namespace graph {
NodeRef buffer(std::shared_ptr<DeviceBuffer> buffer, DType dtype, Shape shape);
NodeRef constant(double value, DType dtype, Shape shape, std::string device);
NodeRef unary(Op op, NodeRef x);
/// Same shape and dtype (comparisons give bool; shifts and threefry follow
/// their operand); the Tensor level broadcasts and promotes first.
NodeRef binary(Op op, NodeRef x, NodeRef y);
NodeRef where(NodeRef cond, NodeRef x, NodeRef y);
NodeRef mulacc(NodeRef x, NodeRef y, NodeRef z);
NodeRef cast(NodeRef x, DType dtype);
NodeRef bitcast(NodeRef x, DType dtype);
NodeRef reshape(NodeRef x, Shape shape);
NodeRef permute(NodeRef x, std::vector<int64_t> order);
NodeRef expand(NodeRef x, Shape shape);
NodeRef pad(NodeRef x, std::vector<int64_t> low, std::vector<int64_t> high);
NodeRef shrink(NodeRef x, std::vector<int64_t> begin, std::vector<int64_t> end);
NodeRef flip(NodeRef x, std::vector<int64_t> axes);
/// Axes kept as size 1, as tg.reduce does.
NodeRef reduce(ReduceKind kind, NodeRef x, std::vector<int64_t> axes);
NodeRef contiguous(NodeRef x);
NodeRef contiguousBackward(NodeRef x);
NodeRef detach(NodeRef x);
NodeRef copy(NodeRef x, std::string device);
NodeRef assign(NodeRef target, NodeRef value);
} // namespace graph

/// The default device: $DEV, else CPU, canonically named ("CPU:0").
const std::string &defaultDevice();
/// An open handle to `device` (opened once per process).
tgrt_device_t *openDevice(const std::string &device);

/// The Tensor of a node, and the node of a Tensor.
Tensor wrap(NodeRef node);
const NodeRef &nodeOf(const Tensor &t);

} // namespace tg

#endif // TG_LIB_TENSOR_GRAPH_H
