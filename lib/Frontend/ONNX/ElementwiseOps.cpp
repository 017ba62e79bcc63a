//===- ElementwiseOps.cpp - ONNX's elementwise ops ------------------------===//
//
// Each op is the tensor library's op of the same meaning; the few functions
// the library lacks (inverse trigonometric and hyperbolic functions, erf)
// are composed here from its primitives, with their approximations' errors
// noted.
//
//===----------------------------------------------------------------------===//

#include "Node.h"

#include <cmath>
#include <limits>

namespace tg::onnx {
namespace {

constexpr double kPi = 3.14159265358979323846;

Tensor sinh(const Tensor &x) { return (x.exp() - x.neg().exp()) * 0.5; }
Tensor cosh(const Tensor &x) { return (x.exp() + x.neg().exp()) * 0.5; }

/// arctan by Abramowitz and Stegun 4.4.49 on [-1, 1] (error below 2e-8),
/// and π/2 - arctan(1/x) outside.
Tensor atan(const Tensor &x) {
  static const double coefficients[] = {-0.3333314528, 0.1999355085, -0.1420889944,
                                        0.1065626393,  -0.0752896400, 0.0429096138,
                                        -0.0161657367, 0.0028662257};
  Tensor magnitude = x.abs();
  Tensor outside = magnitude > 1;
  Tensor t = outside.where(magnitude.maximum(1).reciprocal(), magnitude);
  Tensor t2 = t * t;
  Tensor series = t2 * coefficients[7];
  for (int i = 6; i >= 0; --i)
    series = (series + coefficients[i]) * t2;
  Tensor inner = t * (series + 1);
  Tensor angle = outside.where(kPi / 2 - inner, inner);
  return x.sign() * angle;
}

Tensor asin(const Tensor &x) {
  // atan(x / sqrt(1 - x²)), ±π/2 at ±1; NaN outside [-1, 1] from the sqrt.
  Tensor root = (1 - x * x).sqrt();
  return root.eq(0).where(x.sign() * (kPi / 2), atan(x / root));
}

Tensor acos(const Tensor &x) { return kPi / 2 - asin(x); }

/// erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7), odd.
Tensor erf(const Tensor &x) {
  Tensor a = x.abs();
  Tensor t = (a * 0.3275911 + 1).reciprocal();
  Tensor poly =
      t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return x.sign() * (1 - poly * (a * a).neg().exp());
}

using Unary = Tensor (*)(const Tensor &);

/// A unary op whose result has its input's dtype.
void unary(OpTable &table, const char *op, Unary fn) {
  table[op] = [fn](const Node &node) { return std::vector<Tensor>{fn(node.input(0))}; };
}

/// ONNX's binary ops take one type for both operands.
void binary(OpTable &table, const char *op, Tensor (*fn)(const Tensor &, const Tensor &)) {
  table[op] = [fn](const Node &node) {
    return std::vector<Tensor>{fn(node.input(0), node.input(1))};
  };
}

/// Sum, Max, Min, Mean: any number of operands, broadcast together.
void variadic(OpTable &table, const char *op, Tensor (*fn)(const Tensor &, const Tensor &),
              bool mean) {
  table[op] = [fn, mean](const Node &node) {
    std::vector<Tensor> operands = node.inputs();
    Tensor result = operands.front();
    for (size_t i = 1; i < operands.size(); ++i)
      result = fn(result, operands[i]);
    if (mean)
      result = result / double(operands.size());
    return std::vector<Tensor>{result};
  };
}

Tensor divide(const Tensor &a, const Tensor &b) {
  // Integers divide truncating, as C does.
  return isFloat(a.dtype()) ? a.div(b) : a.div(b, Rounding::Trunc);
}

Tensor power(const Tensor &base, const Tensor &exponent) {
  if (isFloat(base.dtype()))
    return base.pow(exponent.cast(base.dtype()));
  return base.cast(DType::Float64).pow(exponent.cast(DType::Float64)).round().cast(base.dtype());
}

Tensor clip(const Node &node, std::optional<double> low, std::optional<double> high) {
  Tensor x = node.input(0);
  if (low)
    x = x.maximum(Tensor::full({}, *low, x.dtype()));
  if (high)
    x = x.minimum(Tensor::full({}, *high, x.dtype()));
  return x;
}

/// A per-tensor scalar, or a per-axis 1-d parameter shaped to broadcast
/// along `axis` of x.
Tensor alongAxis(const Node &node, const Tensor &p, const Tensor &x) {
  if (p.ndim() == 0 || p.numel() == 1)
    return p.reshape({});
  int64_t axis = normalizeAxis(node.attribute("axis", int64_t(1)), x.ndim(), node);
  Shape shape(size_t(x.ndim()), 1);
  shape[axis] = p.numel();
  return p.reshape(shape);
}

/// round(x) + zero point, saturated to the zero point's integer type.
Tensor quantize(const Tensor &scaled, const Tensor &zeroPoint, DType dtype) {
  double low = dtype == DType::UInt8 ? 0 : -128, high = dtype == DType::UInt8 ? 255 : 127;
  return (scaled.round() + zeroPoint.cast(DType::Float32)).clip(low, high).cast(dtype);
}

} // namespace

void populateElementwiseOps(OpTable &table) {
  table["QuantizeLinear"] = [](const Node &node) {
    Tensor x = node.input(0).cast(DType::Float32);
    Tensor scale = alongAxis(node, node.input(1), x);
    Tensor zeroPoint = node.has(2) ? alongAxis(node, node.input(2), x)
                                   : Tensor::zeros({}, DType::UInt8);
    return std::vector<Tensor>{quantize(x / scale, zeroPoint, zeroPoint.dtype())};
  };
  table["DequantizeLinear"] = [](const Node &node) {
    Tensor x = node.input(0);
    Tensor scale = alongAxis(node, node.input(1), x);
    Tensor zeroPoint = node.has(2) ? alongAxis(node, node.input(2), x).cast(DType::Float32)
                                   : Tensor::zeros({}, DType::Float32);
    return std::vector<Tensor>{(x.cast(DType::Float32) - zeroPoint) * scale};
  };
  table["DynamicQuantizeLinear"] = [](const Node &node) {
    Tensor x = node.input(0);
    Tensor low = x.min().minimum(0), high = x.max().maximum(0);
    Tensor scale = (high - low) / 255;
    Tensor zeroPoint = (low.neg() / scale).round().clip(0, 255).cast(DType::UInt8);
    return std::vector<Tensor>{quantize(x / scale, zeroPoint, DType::UInt8), scale, zeroPoint};
  };
  unary(table, "Abs", [](const Tensor &x) { return x.abs(); });
  unary(table, "Neg", [](const Tensor &x) { return x.neg(); });
  unary(table, "Reciprocal", [](const Tensor &x) { return x.reciprocal(); });
  unary(table, "Sqrt", [](const Tensor &x) { return x.sqrt(); });
  unary(table, "Exp", [](const Tensor &x) { return x.exp(); });
  unary(table, "Log", [](const Tensor &x) { return x.log(); });
  unary(table, "Sin", [](const Tensor &x) { return x.sin(); });
  unary(table, "Cos", [](const Tensor &x) { return x.cos(); });
  unary(table, "Tan", [](const Tensor &x) { return x.tan(); });
  unary(table, "Sinh", sinh);
  unary(table, "Cosh", cosh);
  unary(table, "Tanh", [](const Tensor &x) { return x.tanh(); });
  unary(table, "Atan", atan);
  unary(table, "Asin", asin);
  unary(table, "Acos", acos);
  unary(table, "Asinh", [](const Tensor &x) { return (x + (x * x + 1).sqrt()).log(); });
  unary(table, "Acosh", [](const Tensor &x) { return (x + (x * x - 1).sqrt()).log(); });
  unary(table, "Atanh", [](const Tensor &x) { return ((1 + x) / (1 - x)).log() * 0.5; });
  unary(table, "Erf", erf);
  unary(table, "Floor", [](const Tensor &x) { return x.floor(); });
  unary(table, "Ceil", [](const Tensor &x) { return x.ceil(); });
  // Halves to even, as numpy rounds.
  unary(table, "Round", [](const Tensor &x) { return x.round(); });
  unary(table, "Sign", [](const Tensor &x) { return x.sign(); });
  unary(table, "Relu", [](const Tensor &x) { return x.relu(); });
  unary(table, "Sigmoid", [](const Tensor &x) { return x.sigmoid(); });
  unary(table, "Softplus", [](const Tensor &x) { return (x.exp() + 1).log(); });
  unary(table, "Softsign", [](const Tensor &x) { return x / (x.abs() + 1); });
  unary(table, "Mish", [](const Tensor &x) { return x.mish(); });
  unary(table, "HardSwish", [](const Tensor &x) { return x * (x / 6 + 0.5).clip(0, 1); });
  unary(table, "Not", [](const Tensor &x) { return x.logical_not(); });
  unary(table, "Identity", [](const Tensor &x) { return x; });
  unary(table, "IsNaN", [](const Tensor &x) { return x.ne(x); });

  table["IsInf"] = [](const Node &node) {
    Tensor x = node.input(0);
    double inf = std::numeric_limits<double>::infinity();
    Tensor none = Tensor::zeros(x.shape(), DType::Bool);
    Tensor positive = node.attribute("detect_positive", int64_t(1)) ? x.eq(inf) : none;
    Tensor negative = node.attribute("detect_negative", int64_t(1)) ? x.eq(-inf) : none;
    return std::vector<Tensor>{positive.bitwise_or(negative)};
  };
  table["LeakyRelu"] = [](const Node &node) {
    return std::vector<Tensor>{node.input(0).leaky_relu(node.attribute("alpha", 0.01))};
  };
  table["Elu"] = [](const Node &node) {
    return std::vector<Tensor>{node.input(0).elu(node.attribute("alpha", 1.0))};
  };
  table["Selu"] = [](const Node &node) {
    double alpha = node.attribute("alpha", 1.67326319217681884765625);
    double gamma = node.attribute("gamma", 1.05070102214813232421875);
    Tensor x = node.input(0);
    return std::vector<Tensor>{(x > 0).where(x, (x.exp() - 1) * alpha) * gamma};
  };
  table["Celu"] = [](const Node &node) {
    double alpha = node.attribute("alpha", 1.0);
    Tensor x = node.input(0);
    return std::vector<Tensor>{x.relu() + ((x / alpha).exp() - 1).minimum(0) * alpha};
  };
  table["ThresholdedRelu"] = [](const Node &node) {
    Tensor x = node.input(0);
    return std::vector<Tensor>{(x > node.attribute("alpha", 1.0)).where(x, x.zeros_like())};
  };
  table["HardSigmoid"] = [](const Node &node) {
    Tensor x = node.input(0);
    double alpha = node.attribute("alpha", 0.2), beta = node.attribute("beta", 0.5);
    return std::vector<Tensor>{(x * alpha + beta).clip(0, 1)};
  };
  table["PRelu"] = [](const Node &node) {
    Tensor x = node.input(0), slope = node.input(1);
    // Models exported before numpy broadcasting give one slope a channel.
    if (slope.ndim() == 1 && x.ndim() > 2 && slope.shape(0) == x.shape(1) &&
        slope.shape(0) != x.shape(-1)) {
      Shape channel(size_t(x.ndim() - 1), 1);
      channel[0] = slope.shape(0);
      slope = slope.reshape(channel);
    }
    return std::vector<Tensor>{(x < 0).where(x * slope, x)};
  };
  table["Shrink"] = [](const Node &node) {
    Tensor x = node.input(0);
    double bias = node.attribute("bias", 0.0), lambd = node.attribute("lambd", 0.5);
    Tensor zero = x.zeros_like();
    return std::vector<Tensor>{(x < -lambd).where(x + bias, (x > lambd).where(x - bias, zero))};
  };

  binary(table, "Add", [](const Tensor &a, const Tensor &b) { return a + b; });
  binary(table, "Sub", [](const Tensor &a, const Tensor &b) { return a - b; });
  binary(table, "Mul", [](const Tensor &a, const Tensor &b) { return a * b; });
  binary(table, "Div", divide);
  binary(table, "Pow", power);
  binary(table, "And", [](const Tensor &a, const Tensor &b) { return a.bitwise_and(b); });
  binary(table, "Or", [](const Tensor &a, const Tensor &b) { return a.bitwise_or(b); });
  binary(table, "Xor", [](const Tensor &a, const Tensor &b) { return a.bitwise_xor(b); });
  binary(table, "Equal", [](const Tensor &a, const Tensor &b) { return a.eq(b); });
  binary(table, "Less", [](const Tensor &a, const Tensor &b) { return a.lt(b); });
  binary(table, "LessOrEqual", [](const Tensor &a, const Tensor &b) { return a.le(b); });
  binary(table, "Greater", [](const Tensor &a, const Tensor &b) { return a.gt(b); });
  binary(table, "GreaterOrEqual", [](const Tensor &a, const Tensor &b) { return a.ge(b); });
  variadic(table, "Sum", [](const Tensor &a, const Tensor &b) { return a + b; }, false);
  variadic(table, "Mean", [](const Tensor &a, const Tensor &b) { return a + b; }, true);
  variadic(table, "Max", [](const Tensor &a, const Tensor &b) { return a.maximum(b); }, false);
  variadic(table, "Min", [](const Tensor &a, const Tensor &b) { return a.minimum(b); }, false);

  table["Mod"] = [](const Node &node) {
    Tensor a = node.input(0), b = node.input(1);
    if (!node.attribute("fmod", int64_t(0)))
      return std::vector<Tensor>{a.mod(b)};
    // C's fmod: the remainder has the dividend's sign.
    return std::vector<Tensor>{a - divide(a, b).trunc() * b};
  };
  table["BitShift"] = [](const Node &node) {
    Tensor x = node.input(0), shift = node.input(1).cast(x.dtype());
    Tensor factor = Tensor::full({}, 2, x.dtype()).pow(shift);
    bool left = node.attribute("direction", "") == std::string("LEFT");
    return std::vector<Tensor>{left ? x * factor : x.div(factor, Rounding::Trunc)};
  };
  table["Where"] = [](const Node &node) {
    return std::vector<Tensor>{node.input(0).where(node.input(1), node.input(2))};
  };
  table["Clip"] = [](const Node &node) {
    if (node.opset() < 11) {
      double inf = std::numeric_limits<double>::infinity();
      return std::vector<Tensor>{
          clip(node, node.attribute("min", -inf), node.attribute("max", inf))};
    }
    std::optional<double> low, high;
    if (node.has(1))
      low = node.doubles(1).at(0);
    if (node.has(2))
      high = node.doubles(2).at(0);
    return std::vector<Tensor>{clip(node, low, high)};
  };
  table["Cast"] = [](const Node &node) {
    DType to = dtypeOf(int32_t(node.attribute("to", int64_t(0))), node.where());
    return std::vector<Tensor>{node.input(0).cast(to)};
  };
  table["CastLike"] = [](const Node &node) {
    return std::vector<Tensor>{node.input(0).cast(node.input(1).dtype())};
  };
}

} // namespace tg::onnx
