//===- Tensor.cpp - tg::Tensor: the handle, data in and out, realize ------===//

#include "TensorOps.h"

#include "Program.h"

#include "tg/Compiler/Profile.h"
#include "tg/Support/NarrowFloats.h"

#include "tgrt.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <sstream>

namespace tg {

namespace {
thread_local bool noGradActive = false;
} // namespace

bool Tensor::training = false;

NoGrad::NoGrad() : previous_(noGradActive) { noGradActive = true; }
NoGrad::~NoGrad() { noGradActive = previous_; }
bool NoGrad::active() { return noGradActive; }

std::vector<int64_t> Axes::resolve(int64_t rank) const {
  std::vector<int64_t> axes;
  if (all_) {
    axes.resize(rank);
    std::iota(axes.begin(), axes.end(), 0);
    return axes;
  }
  for (int64_t a : axes_)
    axes.push_back(normalizeAxis(a, rank, "axis"));
  std::sort(axes.begin(), axes.end());
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    throw Error("tg::Tensor: an axis is listed twice");
  return axes;
}

int64_t normalizeAxis(int64_t axis, int64_t rank, const char *what) {
  int64_t normalized = axis < 0 ? axis + rank : axis;
  if (normalized < 0 || normalized >= std::max<int64_t>(rank, 1))
    throw Error(std::string("tg::Tensor: ") + what + " " + std::to_string(axis) +
                " out of range for rank " + std::to_string(rank));
  return normalized;
}

void Tensor::requireDefined(const char *op) const {
  if (!impl_)
    throw Error(std::string("tg::Tensor::") + op + " on an undefined tensor");
}

//===----------------------------------------------------------------------===//
// Data in
//===----------------------------------------------------------------------===//

namespace {

template <typename T> DType dtypeOf() {
  if constexpr (std::is_same_v<T, bool>) return DType::Bool;
  else if constexpr (std::is_same_v<T, int8_t>) return DType::Int8;
  else if constexpr (std::is_same_v<T, uint8_t>) return DType::UInt8;
  else if constexpr (std::is_same_v<T, int16_t>) return DType::Int16;
  else if constexpr (std::is_same_v<T, uint16_t>) return DType::UInt16;
  else if constexpr (std::is_same_v<T, int32_t>) return DType::Int32;
  else if constexpr (std::is_same_v<T, uint32_t>) return DType::UInt32;
  else if constexpr (std::is_same_v<T, int64_t>) return DType::Int64;
  else if constexpr (std::is_same_v<T, uint64_t>) return DType::UInt64;
  else if constexpr (std::is_same_v<T, float>) return DType::Float32;
  else return DType::Float64;
}

} // namespace

/// Writes `value` as an element of `dtype` at `out`.
void storeElement(DType dtype, double value, char *out) {
  auto put = [&](auto v) { std::memcpy(out, &v, sizeof v); };
  switch (dtype) {
  case DType::Bool: put(uint8_t(value != 0)); break;
  case DType::Int8: put(int8_t(int64_t(value))); break;
  case DType::UInt8: put(uint8_t(int64_t(value))); break;
  case DType::Int16: put(int16_t(int64_t(value))); break;
  case DType::UInt16: put(uint16_t(int64_t(value))); break;
  case DType::Int32: put(int32_t(int64_t(value))); break;
  case DType::UInt32: put(uint32_t(int64_t(value))); break;
  case DType::Int64: put(int64_t(value)); break;
  case DType::UInt64: put(value >= 9223372036854775808.0 ? uint64_t(value) : uint64_t(int64_t(value))); break;
  case DType::Float16: put(mlir::tg::narrowFloatBits(value, false)); break;
  case DType::BFloat16: put(mlir::tg::narrowFloatBits(value, true)); break;
  case DType::Float32: put(float(value)); break;
  case DType::Float64: put(value); break;
  }
}

/// An element of `dtype` at `in`, as a double (64-bit integers beyond 2^53
/// round).
double loadElement(DType dtype, const char *in) {
  auto get = [&](auto v) {
    std::memcpy(&v, in, sizeof v);
    return v;
  };
  switch (dtype) {
  case DType::Bool: return get(uint8_t()) != 0;
  case DType::Int8: return get(int8_t());
  case DType::UInt8: return get(uint8_t());
  case DType::Int16: return get(int16_t());
  case DType::UInt16: return get(uint16_t());
  case DType::Int32: return get(int32_t());
  case DType::UInt32: return get(uint32_t());
  case DType::Int64: return double(get(int64_t()));
  case DType::UInt64: return double(get(uint64_t()));
  case DType::Float16: return mlir::tg::narrowFloatValue(get(uint16_t()), false);
  case DType::BFloat16: return mlir::tg::narrowFloatValue(get(uint16_t()), true);
  case DType::Float32: return get(float());
  case DType::Float64: return get(double());
  }
  return 0;
}

Tensor fromBytes(const void *data, size_t bytes, DType dtype, Shape shape) {
  int64_t n = tg::numel(shape);
  if (bytes != size_t(n) * itemsize(dtype))
    throw Error("tg::Tensor: " + std::to_string(bytes / itemsize(dtype)) +
                " elements for shape " + shapeText(shape) + " (" + std::to_string(n) + ")");
  return wrap(graph::buffer(upload(data, bytes, defaultDevice()), dtype, std::move(shape)));
}

std::shared_ptr<DeviceBuffer> upload(const void *data, size_t bytes, const std::string &device) {
  tgrt_buffer handle;
  if (tgrt_buffer_alloc(openDevice(device), bytes, &handle) != TGRT_OK)
    throw Error(std::string("tg::Tensor: allocating memory failed: ") + tgrt_last_error());
  auto buffer = std::make_shared<DeviceBuffer>(handle, device);
  mlir::tg::profile::Span copy("copies", llvm::Twine("host to ") + device + ", " + llvm::Twine(bytes) + " B",
                               "copy");
  if (bytes && tgrt_buffer_write(handle, 0, data, bytes) != TGRT_OK)
    throw Error(std::string("tg::Tensor: copying data in failed: ") + tgrt_last_error());
  return buffer;
}

template <typename T>
Tensor Tensor::from_vector(const std::vector<T> &data, Shape shape, std::optional<DType> dtype) {
  DType native = dtypeOf<T>();
  DType target = dtype.value_or(native);
  if (int64_t(data.size()) != tg::numel(shape))
    throw Error("tg::Tensor::from_vector: " + std::to_string(data.size()) +
                " elements for shape " + shapeText(shape) + " (" +
                std::to_string(tg::numel(shape)) + ")");
  if constexpr (!std::is_same_v<T, bool>)
    if (target == native)
      return fromBytes(data.data(), data.size() * sizeof(T), target, std::move(shape));
  std::string bytes(data.size() * itemsize(target), '\0');
  for (size_t i = 0; i < data.size(); ++i)
    storeElement(target, double(data[i]), &bytes[i * itemsize(target)]);
  return fromBytes(bytes.data(), bytes.size(), target, std::move(shape));
}

//===----------------------------------------------------------------------===//
// Data out
//===----------------------------------------------------------------------===//

std::string readBytes(const Tensor &t) {
  Tensor realized = t.contiguous();
  realized.realize();
  const NodeRef &node = nodeOf(realized);
  std::string bytes(node->numel() * itemsize(node->dtype), '\0');
  mlir::tg::profile::Span copy(
      "copies", llvm::Twine(node->device) + " to host, " + llvm::Twine(bytes.size()) + " B",
      "copy");
  if (!bytes.empty() &&
      tgrt_buffer_read(node->buffer->handle(), 0, bytes.data(), bytes.size()) != TGRT_OK)
    throw Error(std::string("tg::Tensor: copying data out failed: ") + tgrt_last_error());
  return bytes;
}

Tensor Tensor::from_bytes(const void *data, size_t size, DType dtype, Shape shape) {
  return fromBytes(data, size, dtype, std::move(shape));
}

std::string Tensor::to_bytes() const {
  requireDefined("to_bytes");
  return readBytes(*this);
}

/// A value read as another type. A float that does not fit an integer type
/// saturates and NaN is 0 (a plain conversion would be undefined).
template <typename T> T convertedElement(double value) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (std::isnan(value))
      return 0;
    if (value <= double(std::numeric_limits<T>::min()))
      return std::numeric_limits<T>::min();
    if (value >= double(std::numeric_limits<T>::max()))
      return std::numeric_limits<T>::max();
  }
  return T(value);
}

template <typename T> std::vector<T> Tensor::to_vector() const {
  requireDefined("to_vector");
  std::string bytes = readBytes(*this);
  DType dtype = this->dtype();
  std::vector<T> values(numel());
  if constexpr (!std::is_same_v<T, bool>)
    if (dtype == dtypeOf<T>()) {
      if (!bytes.empty()) // an empty vector's data() may be null
        std::memcpy(values.data(), bytes.data(), bytes.size());
      return values;
    }
  for (size_t i = 0; i < values.size(); ++i) {
    const char *element = &bytes[i * itemsize(dtype)];
    if constexpr (std::is_integral_v<T> && sizeof(T) == 8) {
      // 64-bit integers exactly, not through a double.
      if (dtype == DType::Int64 || dtype == DType::UInt64) {
        std::memcpy(&values[i], element, 8);
        continue;
      }
    }
    values[i] = convertedElement<T>(loadElement(dtype, element));
  }
  return values;
}

template <typename T> T Tensor::item() const {
  requireDefined("item");
  if (numel() != 1)
    throw Error("tg::Tensor::item: the tensor has " + std::to_string(numel()) +
                " elements, not one");
  return to_vector<T>().front();
}

#define TG_INSTANTIATE_DATA(T)                                                                   \
  template Tensor Tensor::from_vector<T>(const std::vector<T> &, Shape, std::optional<DType>); \
  template std::vector<T> Tensor::to_vector<T>() const;                                         \
  template T Tensor::item<T>() const;
TG_INSTANTIATE_DATA(bool)
TG_INSTANTIATE_DATA(int8_t)
TG_INSTANTIATE_DATA(uint8_t)
TG_INSTANTIATE_DATA(int16_t)
TG_INSTANTIATE_DATA(uint16_t)
TG_INSTANTIATE_DATA(int32_t)
TG_INSTANTIATE_DATA(uint32_t)
TG_INSTANTIATE_DATA(int64_t)
TG_INSTANTIATE_DATA(uint64_t)
TG_INSTANTIATE_DATA(float)
TG_INSTANTIATE_DATA(double)
#undef TG_INSTANTIATE_DATA

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

const Shape &Tensor::shape() const { return nodeOf(*this)->shape; }
int64_t Tensor::shape(int64_t axis) const {
  if (ndim() == 0) // normalizeAxis lets a reduction name axis 0 of a 0-d tensor
    throw Error("tg::Tensor: a 0-d tensor has no axis " + std::to_string(axis));
  return shape()[normalizeAxis(axis, ndim(), "axis")];
}
DType Tensor::dtype() const { return nodeOf(*this)->dtype; }
int64_t Tensor::ndim() const { return int64_t(shape().size()); }
int64_t Tensor::numel() const { return nodeOf(*this)->numel(); }
size_t Tensor::element_size() const { return itemsize(dtype()); }
size_t Tensor::nbytes() const { return numel() * element_size(); }
bool Tensor::is_floating_point() const { return isFloat(dtype()); }
std::string Tensor::device() const { return nodeOf(*this)->device; }
bool Tensor::is_realized() const { return nodeOf(*this)->op == Op::Buffer; }

std::string Tensor::str() const {
  if (!impl_)
    return "<Tensor undefined>";
  std::ostringstream os;
  os << "<Tensor " << shapeText(shape()) << " " << name(dtype()) << " on " << device()
     << (is_realized() ? "" : " (pending)") << " with grad "
     << (impl_->grad.defined() ? shapeText(impl_->grad.shape()) : std::string("None")) << ">";
  return os.str();
}

std::ostream &operator<<(std::ostream &os, const Tensor &t) { return os << t.str(); }

//===----------------------------------------------------------------------===//
// Realization, assignment, scheduling ops
//===----------------------------------------------------------------------===//

Tensor &Tensor::realize() {
  realize({*this});
  return *this;
}

void Tensor::realize(const std::vector<Tensor> &tensors) {
  std::vector<NodeRef> nodes;
  for (const Tensor &t : tensors)
    nodes.push_back(nodeOf(t));
  realizeNodes(nodes);
}

Tensor &Tensor::assign(const Tensor &value) {
  requireDefined("assign");
  Tensor v = value.cast(dtype());
  if (v.shape() != shape())
    v = v.expand(shape());
  NodeRef target = impl_->node;
  if (target->op != Op::Buffer) {
    realize();
    target = impl_->node;
  }
  impl_->node = graph::assign(target, nodeOf(v));
  return *this;
}

Tensor Tensor::contiguous() const { return wrap(graph::contiguous(nodeOf(*this))); }
Tensor Tensor::contiguous_backward() const {
  return wrap(graph::contiguousBackward(nodeOf(*this)));
}
Tensor Tensor::detach() const { return wrap(graph::detach(nodeOf(*this))); }
Tensor Tensor::clone() const { return wrap(graph::copy(nodeOf(*this), device())); }

Tensor &Tensor::replace(const Tensor &x) {
  requireDefined("replace");
  x.requireDefined("replace");
  if (x.shape() != shape())
    throw Error("tg::Tensor::replace: shape " + shapeText(x.shape()) + " for " + shapeText(shape()));
  impl_->node = nodeOf(x);
  return *this;
}

Tensor Tensor::to(const std::string &device) const {
  requireDefined("to");
  std::string name = tgrt_device_name(openDevice(device));
  if (name == this->device())
    return *this;
  return wrap(graph::copy(nodeOf(*this), name));
}

Tensor &Tensor::to_(const std::string &device) {
  requireDefined("to_");
  Tensor moved = to(device);
  if (impl_->grad.defined())
    impl_->grad = impl_->grad.to(device);
  return replace(moved);
}

//===----------------------------------------------------------------------===//
// Autograd state
//===----------------------------------------------------------------------===//

bool Tensor::requires_grad() const { return impl_ && impl_->requiresGrad; }

Tensor &Tensor::requires_grad_(bool requires) {
  requireDefined("requires_grad_");
  if (requires && !is_floating_point())
    throw Error(std::string("tg::Tensor::requires_grad_: only float tensors have gradients, not ") +
                name(dtype()));
  impl_->requiresGrad = requires;
  registerGradTarget(*this);
  return *this;
}

Tensor Tensor::grad() const {
  requireDefined("grad");
  return impl_->grad;
}

void Tensor::set_grad(const Tensor &grad) {
  requireDefined("set_grad");
  impl_->grad = grad;
}

} // namespace tg
