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
  return gt(0).where(*this, scalarLike(*this, 0));
}

Tensor Tensor::relu6() const { return relu().sub(sub(6).relu()); }

Tensor Tensor::sigmoid() const {
  requireDefined("sigmoid");
  return (1 + mul(-1 / kLn2).exp2()).reciprocal();
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

Tensor Tensor::gelu() const {
  // The tanh approximation, tinygrad's default.
  Tensor inner = std::sqrt(2 / kPi) * add(0.044715 * pow(3));
  return 0.5 * mul(1 + inner.tanh());
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

} // namespace tg
