//===- Graph.cpp - primitive nodes of the lazy graph ----------------------===//

#include "Graph.h"

#include "tgrt.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <numeric>
#include <sstream>
#include <unordered_map>

namespace tg {

int64_t numel(const Shape &shape) {
  int64_t count = 1;
  for (int64_t d : shape)
    if (__builtin_mul_overflow(count, d, &count))
      throw Error("the shape " + shapeText(shape) + " has more than 2^63 elements");
  return count;
}

std::string shapeText(const Shape &shape) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < shape.size(); ++i)
    os << (i ? ", " : "") << shape[i];
  os << "]";
  return os.str();
}

namespace {

[[noreturn]] void fail(const char *op, const std::string &why) {
  throw Error(std::string("tg::Tensor ") + op + ": " + why);
}

NodeRef make(Op op, DType dtype, Shape shape, std::string device, std::vector<NodeRef> src,
             std::vector<int64_t> arg = {}) {
  auto node = std::make_shared<Node>();
  node->op = op;
  node->dtype = dtype;
  node->shape = std::move(shape);
  node->device = std::move(device);
  node->src = std::move(src);
  node->arg = std::move(arg);
  node->noGrad = NoGrad::active();
  return node;
}

void requireSameDevice(const char *op, const std::vector<NodeRef> &nodes) {
  for (const NodeRef &n : nodes)
    if (n->device != nodes.front()->device)
      fail(op, "operands on different devices (" + nodes.front()->device + " and " + n->device +
                   "); move one with to()");
}

void requireAxes(const char *op, const std::vector<int64_t> &axes, size_t rank) {
  std::vector<bool> seen(rank, false);
  for (int64_t a : axes) {
    if (a < 0 || a >= int64_t(rank))
      fail(op, "axis " + std::to_string(a) + " out of range for rank " + std::to_string(rank));
    if (seen[a])
      fail(op, "axis " + std::to_string(a) + " listed twice");
    seen[a] = true;
  }
}

bool acceptsFloat(Op op) {
  return op != Op::CDiv && op != Op::CMod && op != Op::FloorDiv && op != Op::FloorMod &&
         op != Op::Shl && op != Op::Shr && op != Op::And && op != Op::Or && op != Op::Xor &&
         op != Op::Threefry;
}

} // namespace

const char *opName(Op op) {
  switch (op) {
  case Op::Buffer: return "buffer";
  case Op::Const: return "const";
  case Op::Exp2: return "exp2";
  case Op::Log2: return "log2";
  case Op::Sin: return "sin";
  case Op::Sqrt: return "sqrt";
  case Op::Reciprocal: return "reciprocal";
  case Op::Neg: return "neg";
  case Op::Trunc: return "trunc";
  case Op::Add: return "add";
  case Op::Sub: return "sub";
  case Op::Mul: return "mul";
  case Op::FDiv: return "fdiv";
  case Op::CDiv: return "cdiv";
  case Op::CMod: return "cmod";
  case Op::FloorDiv: return "floordiv";
  case Op::FloorMod: return "floormod";
  case Op::Max: return "max";
  case Op::Pow: return "pow";
  case Op::Shl: return "shl";
  case Op::Shr: return "shr";
  case Op::And: return "and";
  case Op::Or: return "or";
  case Op::Xor: return "xor";
  case Op::CmpLt: return "cmplt";
  case Op::CmpNe: return "cmpne";
  case Op::CmpEq: return "cmpeq";
  case Op::Threefry: return "threefry";
  case Op::Where: return "where";
  case Op::MulAcc: return "mulacc";
  case Op::Cast: return "cast";
  case Op::Bitcast: return "bitcast";
  case Op::Reshape: return "reshape";
  case Op::Permute: return "permute";
  case Op::Expand: return "expand";
  case Op::Pad: return "pad";
  case Op::Shrink: return "shrink";
  case Op::Flip: return "flip";
  case Op::Reduce: return "reduce";
  case Op::Contiguous: return "contiguous";
  case Op::ContiguousBackward: return "contiguous_backward";
  case Op::Detach: return "detach";
  case Op::Copy: return "copy";
  case Op::Assign: return "assign";
  }
  return "?";
}

bool isUnary(Op op) { return op >= Op::Exp2 && op <= Op::Trunc; }
bool isBinary(Op op) { return op >= Op::Add && op <= Op::Threefry; }
bool isComparison(Op op) { return op == Op::CmpLt || op == Op::CmpNe || op == Op::CmpEq; }
bool isMovement(Op op) { return op >= Op::Reshape && op <= Op::Flip; }

DeviceBuffer::~DeviceBuffer() { tgrt_buffer_release(handle_); }

int64_t Node::numel() const { return tg::numel(shape); }

void Node::becomeBuffer(std::shared_ptr<DeviceBuffer> realized) {
  op = Op::Buffer;
  buffer = std::move(realized);
  src.clear();
  arg.clear();
  gradient.reset();
}

namespace {
thread_local bool tracingActive = false;
} // namespace

Tracing::Tracing() : previous_(tracingActive) { tracingActive = true; }
Tracing::~Tracing() { tracingActive = previous_; }
bool Tracing::active() { return tracingActive; }

namespace graph {

NodeRef buffer(std::shared_ptr<DeviceBuffer> buffer, DType dtype, Shape shape) {
  std::string device = buffer->device();
  NodeRef node = make(Op::Buffer, dtype, std::move(shape), std::move(device), {});
  node->buffer = std::move(buffer);
  return node;
}

NodeRef constant(double value, DType dtype, Shape shape, std::string device) {
  NodeRef node = make(Op::Const, dtype, std::move(shape), std::move(device), {});
  if (isFloat(dtype)) {
    node->value = value;
  } else if (dtype == DType::Bool) {
    node->bits = value != 0;
    node->value = node->bits;
  } else {
    node->bits = isUnsigned(dtype) && value >= 9223372036854775808.0
                     ? int64_t(uint64_t(value))
                     : int64_t(value);
    node->value = double(node->bits);
  }
  return node;
}

NodeRef unary(Op op, NodeRef x) {
  if (op != Op::Neg && !isFloat(x->dtype))
    fail(opName(op), std::string("needs a float tensor, not ") + name(x->dtype));
  if (op == Op::Neg && x->dtype == DType::Bool)
    fail("neg", "needs a number, not bool (use logical_not)");
  return make(op, x->dtype, x->shape, x->device, {x});
}

NodeRef binary(Op op, NodeRef x, NodeRef y) {
  const char *what = opName(op);
  requireSameDevice(what, {x, y});
  if (x->shape != y->shape)
    fail(what, "shapes " + shapeText(x->shape) + " and " + shapeText(y->shape) + " differ");
  if (x->dtype != y->dtype)
    fail(what, std::string("dtypes ") + name(x->dtype) + " and " + name(y->dtype) + " differ");
  if (isFloat(x->dtype) && !acceptsFloat(op))
    fail(what, std::string("needs integers, not ") + name(x->dtype));
  if (op == Op::FDiv && !isFloat(x->dtype))
    fail(what, std::string("needs floats, not ") + name(x->dtype));
  if (op == Op::Threefry && x->dtype != DType::UInt64)
    fail(what, "needs uint64");
  if (x->dtype == DType::Bool && (op == Op::Add || op == Op::Sub || op == Op::Mul ||
                                  op == Op::Pow || op == Op::CDiv || op == Op::CMod ||
                                  op == Op::FloorDiv || op == Op::FloorMod || op == Op::Shl ||
                                  op == Op::Shr))
    fail(what, "needs numbers, not bool");
  DType result = isComparison(op) ? DType::Bool : x->dtype;
  return make(op, result, x->shape, x->device, {x, y});
}

NodeRef where(NodeRef cond, NodeRef x, NodeRef y) {
  requireSameDevice("where", {cond, x, y});
  if (cond->dtype != DType::Bool)
    fail("where", std::string("the condition must be bool, not ") + name(cond->dtype));
  if (cond->shape != x->shape || x->shape != y->shape)
    fail("where", "shapes " + shapeText(cond->shape) + ", " + shapeText(x->shape) + " and " +
                      shapeText(y->shape) + " differ");
  if (x->dtype != y->dtype)
    fail("where", std::string("dtypes ") + name(x->dtype) + " and " + name(y->dtype) + " differ");
  return make(Op::Where, x->dtype, x->shape, x->device, {cond, x, y});
}

NodeRef mulacc(NodeRef x, NodeRef y, NodeRef z) {
  requireSameDevice("mulacc", {x, y, z});
  if (x->shape != y->shape || y->shape != z->shape || x->dtype != y->dtype ||
      y->dtype != z->dtype)
    fail("mulacc", "operands must have one shape and dtype");
  return make(Op::MulAcc, x->dtype, x->shape, x->device, {x, y, z});
}

NodeRef cast(NodeRef x, DType dtype) {
  if (x->dtype == dtype)
    return x;
  return make(Op::Cast, dtype, x->shape, x->device, {x});
}

NodeRef bitcast(NodeRef x, DType dtype) {
  if (itemsize(x->dtype) != itemsize(dtype) || x->dtype == DType::Bool || dtype == DType::Bool)
    fail("bitcast", std::string("from ") + name(x->dtype) + " to " + name(dtype) +
                        ": element sizes must match (and bool has no bits to reinterpret)");
  if (x->dtype == dtype)
    return x;
  return make(Op::Bitcast, dtype, x->shape, x->device, {x});
}

NodeRef reshape(NodeRef x, Shape shape) {
  int64_t n = tg::numel(shape);
  if (std::any_of(shape.begin(), shape.end(), [](int64_t s) { return s < 0; }) || n != x->numel())
    fail("reshape", "cannot reshape " + shapeText(x->shape) + " to " + shapeText(shape));
  if (shape == x->shape)
    return x;
  return make(Op::Reshape, x->dtype, std::move(shape), x->device, {x});
}

NodeRef permute(NodeRef x, std::vector<int64_t> order) {
  if (order.size() != x->shape.size())
    fail("permute", "order of " + std::to_string(order.size()) + " axes for rank " +
                        std::to_string(x->shape.size()));
  requireAxes("permute", order, x->shape.size());
  bool identity = true;
  Shape shape;
  for (size_t i = 0; i < order.size(); ++i) {
    shape.push_back(x->shape[order[i]]);
    identity &= order[i] == int64_t(i);
  }
  if (identity)
    return x;
  return make(Op::Permute, x->dtype, std::move(shape), x->device, {x}, std::move(order));
}

NodeRef expand(NodeRef x, Shape shape) {
  if (shape.size() != x->shape.size())
    fail("expand", "rank of " + shapeText(shape) + " differs from " + shapeText(x->shape) +
                       " (reshape first)");
  for (size_t i = 0; i < shape.size(); ++i)
    if (x->shape[i] != shape[i] && x->shape[i] != 1)
      fail("expand", "cannot expand " + shapeText(x->shape) + " to " + shapeText(shape) +
                         ": only size-1 axes expand");
  if (shape == x->shape)
    return x;
  return make(Op::Expand, x->dtype, std::move(shape), x->device, {x});
}

NodeRef pad(NodeRef x, std::vector<int64_t> low, std::vector<int64_t> high) {
  if (low.size() != x->shape.size() || high.size() != x->shape.size())
    fail("pad", "needs a pair of paddings per axis of " + shapeText(x->shape));
  Shape shape = x->shape;
  bool none = true;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (low[i] < 0 || high[i] < 0)
      fail("pad", "negative padding (use shrink)");
    shape[i] += low[i] + high[i];
    none &= low[i] == 0 && high[i] == 0;
  }
  if (none)
    return x;
  std::vector<int64_t> arg = low;
  arg.insert(arg.end(), high.begin(), high.end());
  return make(Op::Pad, x->dtype, std::move(shape), x->device, {x}, std::move(arg));
}

NodeRef shrink(NodeRef x, std::vector<int64_t> begin, std::vector<int64_t> end) {
  if (begin.size() != x->shape.size() || end.size() != x->shape.size())
    fail("shrink", "needs a (begin, end) pair per axis of " + shapeText(x->shape));
  Shape shape;
  bool whole = true;
  for (size_t i = 0; i < begin.size(); ++i) {
    if (begin[i] < 0 || end[i] > x->shape[i] || begin[i] > end[i])
      fail("shrink", "bounds [" + std::to_string(begin[i]) + ", " + std::to_string(end[i]) +
                         ") outside axis " + std::to_string(i) + " of " + shapeText(x->shape));
    shape.push_back(end[i] - begin[i]);
    whole &= begin[i] == 0 && end[i] == x->shape[i];
  }
  if (whole)
    return x;
  std::vector<int64_t> arg = begin;
  arg.insert(arg.end(), end.begin(), end.end());
  return make(Op::Shrink, x->dtype, std::move(shape), x->device, {x}, std::move(arg));
}

NodeRef flip(NodeRef x, std::vector<int64_t> axes) {
  requireAxes("flip", axes, x->shape.size());
  axes.erase(std::remove_if(axes.begin(), axes.end(), [&](int64_t a) { return x->shape[a] <= 1; }),
             axes.end());
  if (axes.empty())
    return x;
  std::sort(axes.begin(), axes.end());
  return make(Op::Flip, x->dtype, x->shape, x->device, {x}, std::move(axes));
}

NodeRef reduce(ReduceKind kind, NodeRef x, std::vector<int64_t> axes) {
  requireAxes("reduce", axes, x->shape.size());
  if (x->dtype == DType::Bool && kind != ReduceKind::Max)
    fail("reduce", "sums and products of bool are not defined (cast first)");
  if (axes.empty())
    return x;
  std::sort(axes.begin(), axes.end());
  Shape shape = x->shape;
  for (int64_t a : axes)
    shape[a] = 1;
  NodeRef node = make(Op::Reduce, x->dtype, std::move(shape), x->device, {x}, std::move(axes));
  node->reduce = kind;
  return node;
}

NodeRef contiguous(NodeRef x) {
  if (x->op == Op::Buffer)
    return x;
  return make(Op::Contiguous, x->dtype, x->shape, x->device, {x});
}

NodeRef contiguousBackward(NodeRef x) {
  return make(Op::ContiguousBackward, x->dtype, x->shape, x->device, {x});
}

NodeRef detach(NodeRef x) { return make(Op::Detach, x->dtype, x->shape, x->device, {x}); }

NodeRef copy(NodeRef x, std::string device) {
  return make(Op::Copy, x->dtype, x->shape, std::move(device), {x});
}

NodeRef assign(NodeRef target, NodeRef value) {
  requireSameDevice("assign", {target, value});
  if (target->op != Op::Buffer)
    fail("assign", "the target must be realized first");
  if (target->shape != value->shape || target->dtype != value->dtype)
    fail("assign", "a value of " + shapeText(value->shape) + " " + name(value->dtype) +
                       " into " + shapeText(target->shape) + " " + name(target->dtype));
  return make(Op::Assign, target->dtype, target->shape, target->device, {target, value});
}

} // namespace graph

const std::string &defaultDevice() {
  static const std::string device = [] {
    tgrt_device handle = openDevice("");
    return std::string(tgrt_device_name(handle));
  }();
  return device;
}

tgrt_device openDevice(const std::string &device) {
  static std::mutex mutex;
  static std::unordered_map<std::string, tgrt_device> open;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = open.find(device);
  if (it != open.end())
    return it->second;
  tgrt_device handle;
  if (tgrt_device_open(device.empty() ? nullptr : device.c_str(), &handle) != TGRT_OK)
    throw Error(std::string("tg::Tensor: cannot open device ") +
                (device.empty() ? "$DEV" : device) + ": " + tgrt_last_error());
  open[device] = handle;
  open.emplace(tgrt_device_name(handle), handle);
  return handle;
}

Tensor wrap(NodeRef node) {
  auto impl = std::make_shared<TensorImpl>();
  impl->node = std::move(node);
  return Tensor(std::move(impl));
}

const NodeRef &nodeOf(const Tensor &t) {
  if (!t.defined())
    throw Error("tg::Tensor: an undefined tensor was used");
  return t.impl()->node;
}

} // namespace tg
