//===- Primitives.cpp - Tensor methods that are one tg op -----------------===//
//
// Broadcasting and promotion, then one primitive: movement ops, ALU ops,
// comparisons, casts and the three reductions.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tg {

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

Tensor constLike(const Tensor &like, double value, std::optional<DType> dtype) {
  const NodeRef &node = nodeOf(like);
  return wrap(graph::constant(value, dtype.value_or(node->dtype), node->shape, node->device));
}

Tensor scalarLike(const Tensor &x, double value) {
  DType dtype = x.dtype();
  // Infinities and NaN are floats, as in Python.
  bool integral = std::isfinite(value) && std::nearbyint(value) == value;
  if (!isFloat(dtype) && !integral)
    dtype = kDefaultFloat;
  else if (dtype == DType::Bool && !(value == 0 || value == 1))
    dtype = kDefaultInt;
  return constLike(x, value, dtype);
}

Tensor broadcastTo(const Tensor &x, const Shape &shape) {
  Shape aligned = x.shape();
  if (aligned.size() > shape.size())
    throw Error("tg::Tensor: cannot broadcast " + shapeText(x.shape()) + " to " +
                shapeText(shape));
  aligned.insert(aligned.begin(), shape.size() - aligned.size(), 1);
  return x.reshape(aligned).expand(shape);
}

Shape broadcastShape(const Shape &a, const Shape &b) {
  size_t rank = std::max(a.size(), b.size());
  Shape shape(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      throw Error("tg::Tensor: shapes " + shapeText(a) + " and " + shapeText(b) +
                  " do not broadcast");
    shape[i] = da == 1 ? db : da;
  }
  return shape;
}

std::pair<Tensor, Tensor> broadcastShapes(const Tensor &x, const Tensor &y) {
  Shape shape = broadcastShape(x.shape(), y.shape());
  return {broadcastTo(x, shape), broadcastTo(y, shape)};
}

std::pair<Tensor, Tensor> broadcasted(const Tensor &x, const Tensor &y) {
  DType dtype = leastUpperDType(x.dtype(), y.dtype());
  return broadcastShapes(x.cast(dtype), y.cast(dtype));
}

Tensor unaryOp(Op op, const Tensor &x) { return wrap(graph::unary(op, nodeOf(x))); }

Tensor binaryOp(Op op, const Tensor &x, const Tensor &y) {
  auto [a, b] = broadcasted(x, y);
  return wrap(graph::binary(op, nodeOf(a), nodeOf(b)));
}

Tensor reduceOp(ReduceKind kind, const Tensor &x, const Axes &axes, bool keepdim) {
  std::vector<int64_t> resolved = axes.resolve(x.ndim());
  Tensor reduced = wrap(graph::reduce(kind, nodeOf(x), resolved));
  if (keepdim)
    return reduced;
  Shape shape;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (!std::binary_search(resolved.begin(), resolved.end(), i))
      shape.push_back(x.shape()[i]);
  return reduced.reshape(shape);
}

DType accumulationDType(DType dtype) {
  switch (dtype) {
  case DType::Bool: case DType::Int8: case DType::Int16: return DType::Int32;
  case DType::UInt8: case DType::UInt16: return DType::UInt32;
  case DType::Float16: case DType::BFloat16: return DType::Float32;
  default: return dtype;
  }
}

Tensor inverse(const Tensor &x) {
  if (isFloat(x.dtype()))
    return x.neg();
  // ~x: all ones for signed and unsigned integers alike, 1 for bool. Unlike
  // -x it does not overflow at the smallest signed value.
  return x.bitwise_xor(constLike(x, x.dtype() == DType::Bool ? 1 : -1));
}

//===----------------------------------------------------------------------===//
// Movement
//===----------------------------------------------------------------------===//

Tensor Tensor::reshape(Shape shape) const {
  requireDefined("reshape");
  auto inferred = std::find(shape.begin(), shape.end(), -1);
  if (inferred != shape.end()) {
    if (std::count(shape.begin(), shape.end(), -1) > 1)
      throw Error("tg::Tensor::reshape: more than one -1 in " + shapeText(shape));
    int64_t known = 1;
    for (int64_t s : shape)
      if (s != -1)
        known *= s;
    if (known == 0 || numel() % known != 0)
      throw Error("tg::Tensor::reshape: cannot reshape " + shapeText(this->shape()) + " to " +
                  shapeText(shape));
    *inferred = numel() / known;
  }
  return wrap(graph::reshape(nodeOf(*this), std::move(shape)));
}

Tensor Tensor::permute(std::vector<int64_t> order) const {
  requireDefined("permute");
  for (int64_t &axis : order)
    axis = normalizeAxis(axis, ndim(), "permute axis");
  return wrap(graph::permute(nodeOf(*this), std::move(order)));
}

Tensor Tensor::expand(Shape shape) const {
  requireDefined("expand");
  if (shape.size() < size_t(ndim()))
    throw Error("tg::Tensor::expand: " + shapeText(shape) + " has fewer axes than " +
                shapeText(this->shape()));
  size_t lead = shape.size() - ndim();
  for (size_t i = lead; i < shape.size(); ++i)
    if (shape[i] == -1)
      shape[i] = this->shape()[i - lead];
  Shape aligned(lead, 1);
  aligned.insert(aligned.end(), this->shape().begin(), this->shape().end());
  return wrap(graph::expand(graph::reshape(nodeOf(*this), aligned), std::move(shape)));
}

Tensor Tensor::pad(std::vector<std::pair<int64_t, int64_t>> padding, double value) const {
  requireDefined("pad");
  if (padding.size() > size_t(ndim()))
    throw Error("tg::Tensor::pad: " + std::to_string(padding.size()) + " paddings for rank " +
                std::to_string(ndim()));
  padding.resize(ndim(), {0, 0});
  std::vector<int64_t> low, high, begin, end;
  Shape grown;
  for (int64_t i = 0; i < ndim(); ++i) {
    // A negative padding removes elements, as in tinygrad.
    auto [l, h] = padding[i];
    low.push_back(std::max<int64_t>(l, 0));
    high.push_back(std::max<int64_t>(h, 0));
    begin.push_back(std::max<int64_t>(-l, 0));
    end.push_back(shape()[i] - std::max<int64_t>(-h, 0));
  }
  Tensor x = shrink([&] {
    std::vector<std::pair<int64_t, int64_t>> bounds;
    for (int64_t i = 0; i < ndim(); ++i)
      bounds.push_back({begin[i], end[i]});
    return bounds;
  }());
  Tensor padded = wrap(graph::pad(nodeOf(x), low, high));
  if (value == 0)
    return padded;
  // The padded region holds `value`: a mask of where the data is.
  Tensor inside = wrap(graph::pad(nodeOf(x.ones_like().cast(DType::Bool)), low, high));
  return inside.where(padded, scalarLike(padded, value).cast(padded.dtype()));
}

Tensor Tensor::shrink(std::vector<std::pair<int64_t, int64_t>> bounds) const {
  requireDefined("shrink");
  if (bounds.size() > size_t(ndim()))
    throw Error("tg::Tensor::shrink: " + std::to_string(bounds.size()) + " bounds for rank " +
                std::to_string(ndim()));
  std::vector<int64_t> begin, end;
  for (int64_t i = 0; i < ndim(); ++i) {
    auto [b, e] = i < int64_t(bounds.size()) ? bounds[i] : std::make_pair(int64_t(0), shape()[i]);
    begin.push_back(b);
    end.push_back(e);
  }
  return wrap(graph::shrink(nodeOf(*this), std::move(begin), std::move(end)));
}

Tensor Tensor::flip(Axes axes) const {
  requireDefined("flip");
  return wrap(graph::flip(nodeOf(*this), axes.resolve(ndim())));
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

Tensor Tensor::cast(DType dtype) const {
  requireDefined("cast");
  return wrap(graph::cast(nodeOf(*this), dtype));
}

Tensor Tensor::bitcast(DType dtype) const {
  requireDefined("bitcast");
  return wrap(graph::bitcast(nodeOf(*this), dtype));
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

Tensor Tensor::add(const Tensor &y) const { return binaryOp(Op::Add, *this, y); }
Tensor Tensor::sub(const Tensor &y) const { return binaryOp(Op::Sub, *this, y); }
Tensor Tensor::mul(const Tensor &y) const { return binaryOp(Op::Mul, *this, y); }

Tensor Tensor::div(const Tensor &y) const {
  auto [a, b] = broadcasted(*this, y);
  if (!isFloat(a.dtype())) {
    a = a.cast(kDefaultFloat);
    b = b.cast(kDefaultFloat);
  }
  return wrap(graph::binary(Op::FDiv, nodeOf(a), nodeOf(b)));
}

Tensor Tensor::div(const Tensor &y, Rounding mode) const {
  auto [a, b] = broadcasted(*this, y);
  if (isInt(a.dtype()))
    return mode == Rounding::Trunc ? wrap(graph::binary(Op::CDiv, nodeOf(a), nodeOf(b)))
                                   : a.floordiv(b);
  Tensor quotient = a.div(b);
  return mode == Rounding::Trunc ? quotient.trunc() : quotient.floor();
}

Tensor Tensor::div(double y, Rounding mode) const { return div(scalarLike(*this, y), mode); }

Tensor Tensor::floordiv(const Tensor &y) const {
  auto [a, b] = broadcasted(*this, y);
  if (isFloat(a.dtype()))
    return a.div(b).floor();
  return wrap(graph::binary(Op::FloorDiv, nodeOf(a), nodeOf(b)));
}

Tensor Tensor::mod(const Tensor &y) const {
  auto [a, b] = broadcasted(*this, y);
  if (isFloat(a.dtype()))
    return a.sub(b.mul(a.div(b).floor()));
  return wrap(graph::binary(Op::FloorMod, nodeOf(a), nodeOf(b)));
}

Tensor Tensor::pow(const Tensor &y) const { return binaryOp(Op::Pow, *this, y); }
Tensor Tensor::maximum(const Tensor &y) const { return binaryOp(Op::Max, *this, y); }

Tensor Tensor::minimum(const Tensor &y) const {
  auto [a, b] = broadcasted(*this, y);
  return inverse(inverse(a).maximum(inverse(b)));
}

Tensor Tensor::add(double y) const { return add(scalarLike(*this, y)); }
Tensor Tensor::sub(double y) const { return sub(scalarLike(*this, y)); }
Tensor Tensor::mul(double y) const { return mul(scalarLike(*this, y)); }
Tensor Tensor::div(double y) const { return div(scalarLike(*this, y)); }
Tensor Tensor::pow(double y) const {
  // tinygrad's identities for a constant exponent: whole and half-whole
  // powers are products and a square root (x³ in gelu is two multiplies,
  // not a pow, which the CPU computes one element at a time).
  bool whole = y == std::floor(y) && std::fabs(y) < (1 << 24);
  bool halfWhole = !whole && 2 * y == std::floor(2 * y) && std::fabs(y) < (1 << 24);
  bool floating = isFloat(dtype());
  if (!whole && !(floating && halfWhole))
    return pow(scalarLike(*this, y));
  if (y < 0)
    return floating ? reciprocal().pow(-y) : pow(scalarLike(*this, y));
  if (y == 0)
    return mul(0.0).add(1.0); // 1, and NaN for NaN (tinygrad's 1 + x·0)
  if (halfWhole)
    return y == 0.5 ? sqrt() : pow(y - 0.5).mul(sqrt());
  if (y == 1)
    return *this;
  Tensor half = pow(std::floor(y / 2)).square();
  return std::fmod(y, 2) == 1 ? half.mul(*this) : half;
}
Tensor Tensor::maximum(double y) const { return maximum(scalarLike(*this, y)); }
Tensor Tensor::minimum(double y) const { return minimum(scalarLike(*this, y)); }

Tensor Tensor::neg() const {
  requireDefined("neg");
  return dtype() == DType::Bool ? logical_not() : unaryOp(Op::Neg, *this);
}

namespace {
/// Float math on an integer tensor computes in the default float.
Tensor floatUnary(Op op, const Tensor &x) {
  return unaryOp(op, isFloat(x.dtype()) ? x : x.cast(kDefaultFloat));
}
} // namespace

Tensor Tensor::reciprocal() const { return floatUnary(Op::Reciprocal, *this); }
Tensor Tensor::sqrt() const { return floatUnary(Op::Sqrt, *this); }
Tensor Tensor::exp2() const { return floatUnary(Op::Exp2, *this); }
Tensor Tensor::log2() const { return floatUnary(Op::Log2, *this); }
Tensor Tensor::sin() const { return floatUnary(Op::Sin, *this); }
Tensor Tensor::trunc() const {
  return isFloat(dtype()) ? unaryOp(Op::Trunc, *this) : *this;
}

//===----------------------------------------------------------------------===//
// Comparisons and logic
//===----------------------------------------------------------------------===//

Tensor Tensor::lt(const Tensor &y) const { return binaryOp(Op::CmpLt, *this, y); }
Tensor Tensor::gt(const Tensor &y) const { return binaryOp(Op::CmpLt, y, *this); }
Tensor Tensor::le(const Tensor &y) const { return gt(y).logical_not(); }
Tensor Tensor::ge(const Tensor &y) const { return lt(y).logical_not(); }
Tensor Tensor::eq(const Tensor &y) const { return binaryOp(Op::CmpEq, *this, y); }
Tensor Tensor::ne(const Tensor &y) const { return binaryOp(Op::CmpNe, *this, y); }
Tensor Tensor::lt(double y) const { return lt(scalarLike(*this, y)); }
Tensor Tensor::gt(double y) const { return gt(scalarLike(*this, y)); }
Tensor Tensor::le(double y) const { return le(scalarLike(*this, y)); }
Tensor Tensor::ge(double y) const { return ge(scalarLike(*this, y)); }
Tensor Tensor::eq(double y) const { return eq(scalarLike(*this, y)); }
Tensor Tensor::ne(double y) const { return ne(scalarLike(*this, y)); }

Tensor Tensor::logical_not() const {
  Tensor b = cast(DType::Bool);
  return wrap(graph::binary(Op::CmpNe, nodeOf(b), nodeOf(constLike(b, 1))));
}

Tensor Tensor::bitwise_and(const Tensor &y) const { return binaryOp(Op::And, *this, y); }
Tensor Tensor::bitwise_or(const Tensor &y) const { return binaryOp(Op::Or, *this, y); }
Tensor Tensor::bitwise_xor(const Tensor &y) const { return binaryOp(Op::Xor, *this, y); }
Tensor Tensor::lshift(int64_t bits) const { return binaryOp(Op::Shl, *this, constLike(*this, bits)); }
Tensor Tensor::rshift(int64_t bits) const { return binaryOp(Op::Shr, *this, constLike(*this, bits)); }

Tensor Tensor::where(const Tensor &x, const Tensor &y) const {
  auto [a, b] = broadcasted(x, y);
  Shape shape = broadcastShape(this->shape(), a.shape());
  return wrap(graph::where(nodeOf(broadcastTo(cast(DType::Bool), shape)),
                           nodeOf(broadcastTo(a, shape)), nodeOf(broadcastTo(b, shape))));
}

Tensor Tensor::where(double x, double y) const {
  Tensor a = Tensor::scalar(x), b = Tensor::scalar(y);
  auto integral = [](double v) { return std::isfinite(v) && std::nearbyint(v) == v; };
  if (integral(x) && integral(y)) {
    a = a.cast(kDefaultInt);
    b = b.cast(kDefaultInt);
  }
  return where(a, b);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

Tensor Tensor::sum(Axes axes, bool keepdim) const {
  requireDefined("sum");
  Tensor summed = reduceOp(ReduceKind::Add, cast(accumulationDType(dtype())), axes, keepdim);
  return dtype() == DType::Float16 || dtype() == DType::BFloat16 ? summed.cast(dtype()) : summed;
}

Tensor Tensor::prod(Axes axes, bool keepdim) const {
  requireDefined("prod");
  Tensor product = reduceOp(ReduceKind::Mul, cast(accumulationDType(dtype())), axes, keepdim);
  return dtype() == DType::Float16 || dtype() == DType::BFloat16 ? product.cast(dtype()) : product;
}

Tensor Tensor::max(Axes axes, bool keepdim) const {
  requireDefined("max");
  return reduceOp(ReduceKind::Max, *this, axes, keepdim);
}

Tensor Tensor::min(Axes axes, bool keepdim) const {
  requireDefined("min");
  return inverse(inverse(*this).max(axes, keepdim));
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

Tensor operator+(const Tensor &x, const Tensor &y) { return x.add(y); }
Tensor operator-(const Tensor &x, const Tensor &y) { return x.sub(y); }
Tensor operator*(const Tensor &x, const Tensor &y) { return x.mul(y); }
Tensor operator/(const Tensor &x, const Tensor &y) { return x.div(y); }
Tensor operator+(const Tensor &x, double y) { return x.add(y); }
Tensor operator-(const Tensor &x, double y) { return x.sub(y); }
Tensor operator*(const Tensor &x, double y) { return x.mul(y); }
Tensor operator/(const Tensor &x, double y) { return x.div(y); }
Tensor operator+(double x, const Tensor &y) { return scalarLike(y, x).add(y); }
Tensor operator-(double x, const Tensor &y) { return scalarLike(y, x).sub(y); }
Tensor operator*(double x, const Tensor &y) { return scalarLike(y, x).mul(y); }
Tensor operator/(double x, const Tensor &y) { return scalarLike(y, x).div(y); }
Tensor operator-(const Tensor &x) { return x.neg(); }
Tensor operator<(const Tensor &x, const Tensor &y) { return x.lt(y); }
Tensor operator>(const Tensor &x, const Tensor &y) { return x.gt(y); }
Tensor operator<(const Tensor &x, double y) { return x.lt(y); }
Tensor operator>(const Tensor &x, double y) { return x.gt(y); }

} // namespace tg
