//===- Math.cpp - elementwise math built from the primitives --------------===//
//
// tinygrad's elementwise mixin: each function from exp2, log2, sin, sqrt,
// reciprocal, trunc and the arithmetic ops, as tinygrad writes it.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <cmath>

namespace tg {

namespace {

const double kLn2 = std::log(2.0);
const double kPi = std::acos(-1.0);

/// tinygrad's exp and cos: the result in x's float type (the default float
/// for integers), computed in at least float32 so halves keep precision.
template <typename F> Tensor inFloat32(const Tensor &x, F f) {
  DType out = isFloat(x.dtype()) ? x.dtype() : kDefaultFloat;
  return f(x.cast(leastUpperDType(out, DType::Float32))).cast(out);
}

/// Horner's rule: coefficients from the highest power down (tinygrad's polyN).
Tensor polyN(const Tensor &x, std::initializer_list<double> coefficients) {
  Tensor acc = scalarLike(x, 0);
  for (double c : coefficients)
    acc = acc.mul(x).add(c);
  return acc;
}

} // namespace

Tensor Tensor::floor() const {
  if (!isFloat(dtype()))
    return *this;
  Tensor t = trunc();
  return t.sub(t.gt(*this).where(constLike(t, 1), constLike(t, 0)));
}

Tensor Tensor::ceil() const {
  if (!isFloat(dtype()))
    return *this;
  Tensor t = trunc();
  return t.add(t.lt(*this).where(constLike(t, 1), constLike(t, 0)));
}

Tensor Tensor::round() const {
  if (!isFloat(dtype()))
    return *this;
  // Half to even: a tie rounds toward zero when trunc(x) is even (x - 0.5
  // rounded up for positives, x + 0.5 rounded down for negatives), away
  // from zero when it is odd.
  Tensor half = trunc().div(2.0);
  Tensor evenTrunc = half.trunc().eq(half);
  return gt(0).eq(evenTrunc).where(sub(0.5).ceil(), add(0.5).floor());
}

Tensor Tensor::exp() const {
  requireDefined("exp");
  return inFloat32(*this, [](const Tensor &x) { return x.mul(1 / kLn2).exp2(); });
}

Tensor Tensor::log() const { return log2().mul(kLn2); }

Tensor Tensor::cos() const {
  requireDefined("cos");
  return inFloat32(*this, [](const Tensor &x) { return (kPi / 2 - x).sin(); });
}

Tensor Tensor::tan() const { return sin().div(cos()); }
Tensor Tensor::rsqrt() const { return sqrt().reciprocal(); }
Tensor Tensor::square() const { return mul(*this); }

Tensor Tensor::sign() const {
  requireDefined("sign");
  return ne(0).where(lt(0).where(constLike(*this, -1), constLike(*this, 1)), constLike(*this, 0));
}

Tensor Tensor::abs() const { return mul(sign()); }

Tensor Tensor::clip(std::optional<double> low, std::optional<double> high) const {
  requireDefined("clip");
  if (!low && !high)
    throw Error("tg::Tensor::clip: at least one of low and high is needed");
  Tensor x = *this;
  if (low)
    x = x.lt(*low).where(scalarLike(x, *low), x);
  if (high)
    x = x.gt(*high).where(scalarLike(x, *high), x);
  return x;
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

Tensor Tensor::relu() const {
  requireDefined("relu");
  // Not maximum(0): its gradient at 0 would be split between the operands.
  Tensor y = gt(0).where(*this, scalarLike(*this, 0));
  // The gradient's mask from the result, y > 0, which is x > 0 for every x
  // (NaN and -0 too): the layers after keep y for the backward pass anyway,
  // and x, needed by nothing else, stays inside the kernel that makes it
  // (a convolution's, with the ReLU fused into it) instead of a buffer.
  if (!NoGrad::active())
    nodeOf(y)->gradient = std::make_shared<GradientOverride>(GradientOverride{
        {nodeOf(*this)}, [](const std::vector<Tensor> &, const Tensor &y, const Tensor &g) {
          return std::vector<Tensor>{y.gt(0).where(g, g.zeros_like())};
        }});
  return y;
}

Tensor Tensor::relu6() const { return relu().sub(sub(6).relu()); }

Tensor Tensor::sigmoid() const {
  requireDefined("sigmoid");
  Tensor s = (1 + mul(-1 / kLn2).exp2()).reciprocal();
  // The gradient s·(1 − s), taken in one step: through the primitives it
  // is −s²·(exp2's gradient), and for x below about −88 (float32) exp2
  // overflows, so that 0·∞ makes it NaN where it should be 0.
  if (!NoGrad::active())
    nodeOf(s)->gradient = std::make_shared<GradientOverride>(GradientOverride{
        {nodeOf(*this)}, [](const std::vector<Tensor> &, const Tensor &y, const Tensor &g) {
          return std::vector<Tensor>{g.mul(y).mul(1.0 - y)};
        }});
  return s;
}

Tensor Tensor::hardsigmoid(double alpha, double beta) const {
  Tensor scaled = mul(alpha).add(beta);
  return scaled.relu().sub(scaled.sub(1).relu());
}

Tensor Tensor::tanh() const { return 2.0 * mul(2.0).sigmoid() - 1.0; }

Tensor Tensor::leaky_relu(double negative_slope) const {
  requireDefined("leaky_relu");
  return lt(0).where(mul(negative_slope), *this);
}

Tensor Tensor::elu(double alpha) const { return relu().sub(alpha * (1 - exp()).relu()); }

Tensor Tensor::gelu(const std::string &approximate) const {
  if (approximate == "tanh") {
    // (1 + tanh z) / 2 = sigmoid(2z): three operations fewer than through
    // tanh, and no 1 + tanh z that cancels for z far below 0.
    Tensor inner = 2 * std::sqrt(2 / kPi) * add(0.044715 * pow(3));
    return mul(inner.sigmoid());
  }
  if (approximate == "none")
    return 0.5 * mul(1 + div(std::sqrt(2.0)).erf());
  throw Error("tg::Tensor::gelu: approximate is \"tanh\" or \"none\", not \"" + approximate + "\"");
}

Tensor Tensor::quick_gelu() const { return mul(mul(1.702).sigmoid()); }
Tensor Tensor::silu() const { return mul(sigmoid()); }

Tensor Tensor::softplus(double beta) const {
  // log(1 + exp(beta x)) / beta as tinygrad's logaddexp(beta x, 0): the
  // larger term factored out, so large inputs do not overflow.
  Tensor x = mul(beta);
  Tensor m = x.maximum(0.0);
  Tensor logaddexp = (x.sub(m).exp() + m.neg().exp()).log().add(m);
  return (1 / beta) * logaddexp;
}

Tensor Tensor::mish() const { return mul(softplus().tanh()); }

//===----------------------------------------------------------------------===//
// Inverse trigonometry, tests and other elementwise functions
//===----------------------------------------------------------------------===//

Tensor Tensor::fmod(const Tensor &y) const {
  auto [a, b] = broadcasted(*this, y);
  if (isInt(a.dtype()))
    return wrap(graph::binary(Op::CMod, nodeOf(a), nodeOf(b)));
  return a.sub(a.div(b, Rounding::Trunc).mul(b));
}

Tensor Tensor::fmod(double y) const { return fmod(scalarLike(*this, y)); }

Tensor Tensor::log10() const { return log2().mul(std::log10(2.0)); }
Tensor Tensor::sinh() const { return exp().sub(neg().exp()).div(2.0); }
Tensor Tensor::cosh() const { return exp().add(neg().exp()).div(2.0); }
Tensor Tensor::atanh() const { return (1.0 + *this).div(1.0 - *this).log().div(2.0); }
Tensor Tensor::asinh() const { return add(square().add(1.0).sqrt()).log(); }
Tensor Tensor::acosh() const { return add(square().sub(1.0).sqrt()).log(); }

Tensor Tensor::asin() const {
  // Abramowitz and Stegun 4.4.46, as tinygrad: |error| ≤ 2e-8 on [0, 1].
  Tensor a = abs();
  Tensor x = kPi / 2 - (1.0 - a).sqrt() * polyN(a, {-0.0012624911, 0.0066700901, -0.0170881256,
                                                    0.0308918810, -0.0501743046, 0.0889789874,
                                                    -0.2145988016, 1.5707963050});
  return sign().mul(x);
}

Tensor Tensor::acos() const { return kPi / 2 - asin(); }
Tensor Tensor::atan() const { return div(mul(*this).add(1.0).sqrt()).asin(); }

Tensor Tensor::erf() const {
  // Abramowitz and Stegun 7.1.26, as tinygrad: |error| ≤ 1.5e-7.
  Tensor t = (1.0 + 0.3275911 * abs()).reciprocal();
  Tensor tail = t * polyN(t, {1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592}) *
                square().neg().exp();
  return sign().mul(1.0 - tail);
}

Tensor Tensor::copysign(const Tensor &y) const {
  auto [a, b] = broadcasted(*this, y);
  // A float's -0.0 is negative too: its reciprocal is -inf.
  Tensor negative = isFloat(b.dtype()) ? b.lt(0).bitwise_or(b.reciprocal().lt(0)) : b.lt(0);
  Tensor magnitude = a.abs();
  return negative.where(magnitude.neg(), magnitude);
}

Tensor Tensor::copysign(double y) const { return copysign(scalarLike(*this, y)); }

Tensor Tensor::logaddexp(const Tensor &y) const {
  auto [a, b] = broadcasted(*this, y);
  Tensor m = a.maximum(b);
  return a.sub(m).exp().add(b.sub(m).exp()).log().add(m);
}

Tensor Tensor::logaddexp(double y) const { return logaddexp(scalarLike(*this, y)); }

Tensor Tensor::lerp(const Tensor &end, const Tensor &weight) const {
  if (dtype() != DType::UInt8)
    return add(end.sub(*this).mul(weight));
  // tinygrad's uint8 path: the weight in 7-bit fixed point, rounded, so that
  // images blend without a float round trip.
  constexpr int64_t kBits = 7;
  Tensor w = weight.mul(double(1 << kBits)).add(0.5).cast(DType::Int16);
  Tensor step = end.sub(*this).cast(DType::Int8).mul(w).add(double(1 << (kBits - 1)));
  return add(step.cast(DType::UInt16).rshift(kBits)).cast(DType::UInt8);
}

Tensor Tensor::lerp(const Tensor &end, double weight) const {
  return add(end.sub(*this).mul(weight));
}

Tensor Tensor::isnan() const { return ne(*this); }

Tensor Tensor::isinf(bool detect_positive, bool detect_negative) const {
  Tensor found = constLike(*this, 0, DType::Bool);
  if (detect_positive)
    found = found.bitwise_or(eq(INFINITY));
  if (detect_negative)
    found = found.bitwise_or(eq(-INFINITY));
  return found;
}

Tensor Tensor::isfinite() const { return isinf().bitwise_or(isnan()).logical_not(); }

Tensor Tensor::isclose(const Tensor &other, double rtol, double atol, bool equal_nan) const {
  auto [a, b] = broadcastShapes(*this, other);
  Tensor near = a.sub(b).abs().le(b.abs().mul(rtol).add(atol));
  Tensor finiteClose = a.isfinite().bitwise_and(b.isfinite()).bitwise_and(near);
  Tensor infiniteClose = a.isinf().bitwise_or(b.isinf()).bitwise_and(a.eq(b));
  Tensor close = finiteClose.bitwise_or(infiniteClose);
  return equal_nan ? close.bitwise_or(a.isnan().bitwise_and(b.isnan())) : close;
}

Tensor Tensor::allclose(const Tensor &other, double rtol, double atol, bool equal_nan) const {
  return isclose(other, rtol, atol, equal_nan).all();
}

Tensor Tensor::masked_fill(const Tensor &mask, const Tensor &value) const {
  return mask.where(value, *this);
}

Tensor Tensor::masked_fill(const Tensor &mask, double value) const {
  return mask.where(scalarLike(*this, value), *this);
}

Tensor Tensor::bitwise_not() const {
  requireDefined("bitwise_not");
  if (dtype() == DType::Bool)
    return logical_not();
  if (isFloat(dtype()))
    throw Error("tg::Tensor::bitwise_not: " + std::string(tg::name(dtype())) + " is not an integer type");
  // All ones in every integer type: -1's bits truncated to the width
  // (uint64's maximum is not a double).
  return bitwise_xor(constLike(*this, -1));
}

Tensor Tensor::hardswish() const { return mul(add(3.0).relu6()).mul(1.0 / 6); }

Tensor Tensor::hardtanh(double min_val, double max_val) const { return clip(min_val, max_val); }

Tensor Tensor::celu(double alpha) const {
  return maximum(0.0).add(div(alpha).exp().sub(1.0).mul(alpha).minimum(0.0));
}

Tensor Tensor::selu(double alpha, double gamma) const {
  return ge(0).where(*this, exp().sub(1.0).mul(alpha)).mul(gamma);
}

Tensor Tensor::softsign() const { return div(abs().add(1.0)); }
Tensor Tensor::logsigmoid() const { return neg().softplus().neg(); }

Tensor Tensor::half() const { return cast(DType::Float16); }
Tensor Tensor::bfloat16() const { return cast(DType::BFloat16); }
Tensor Tensor::double_() const { return cast(DType::Float64); }
Tensor Tensor::long_() const { return cast(DType::Int64); }
Tensor Tensor::short_() const { return cast(DType::Int16); }

} // namespace tg
