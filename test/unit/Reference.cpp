//===- Reference.cpp - a naive evaluator of tg tensor IR, for tests ------===//
//
// Written from the op descriptions (TGOps.td, docs/dialect.md), element by
// element over flat row-major buffers. Deliberately slow and plain.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Support/Threefry.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>

// a*b+c must round twice where the code says so.
#pragma clang fp contract(off)

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

namespace tgtest {

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

const std::vector<DType> &allDTypes() {
  static const std::vector<DType> all = {
      DType::Bool, DType::I8,  DType::UI8,  DType::I16, DType::UI16,
      DType::I32,  DType::UI32, DType::I64, DType::UI64, DType::F16,
      DType::BF16, DType::F32, DType::F64};
  return all;
}

bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 ||
         t == DType::F64;
}
bool isBool(DType t) { return t == DType::Bool; }
bool isInt(DType t) { return !isFloat(t) && !isBool(t); }
bool isSignedInt(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32 ||
         t == DType::I64;
}
bool isUnsignedInt(DType t) {
  return t == DType::UI8 || t == DType::UI16 || t == DType::UI32 ||
         t == DType::UI64;
}

unsigned bitWidth(DType t) {
  switch (t) {
  case DType::Bool: return 1;
  case DType::I8: case DType::UI8: return 8;
  case DType::I16: case DType::UI16: case DType::F16: case DType::BF16:
    return 16;
  case DType::I32: case DType::UI32: case DType::F32: return 32;
  case DType::I64: case DType::UI64: case DType::F64: return 64;
  }
  return 0;
}

unsigned byteSize(DType t) { return t == DType::Bool ? 1 : bitWidth(t) / 8; }

const char *name(DType t) {
  switch (t) {
  case DType::Bool: return "i1";
  case DType::I8: return "i8";
  case DType::UI8: return "ui8";
  case DType::I16: return "i16";
  case DType::UI16: return "ui16";
  case DType::I32: return "i32";
  case DType::UI32: return "ui32";
  case DType::I64: return "i64";
  case DType::UI64: return "ui64";
  case DType::F16: return "f16";
  case DType::BF16: return "bf16";
  case DType::F32: return "f32";
  case DType::F64: return "f64";
  }
  return "?";
}

std::optional<DType> dtypeOf(Type type) {
  if (type.isF16()) return DType::F16;
  if (type.isBF16()) return DType::BF16;
  if (type.isF32()) return DType::F32;
  if (type.isF64()) return DType::F64;
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.isSigned())
    return std::nullopt;
  bool u = integer.isUnsigned();
  switch (integer.getWidth()) {
  case 1: if (!u) return DType::Bool; break;
  case 8: return u ? DType::UI8 : DType::I8;
  case 16: return u ? DType::UI16 : DType::I16;
  case 32: return u ? DType::UI32 : DType::I32;
  case 64: return u ? DType::UI64 : DType::I64;
  }
  return std::nullopt;
}

Type mlirType(MLIRContext *context, DType t) {
  switch (t) {
  case DType::F16: return Float16Type::get(context);
  case DType::BF16: return BFloat16Type::get(context);
  case DType::F32: return Float32Type::get(context);
  case DType::F64: return Float64Type::get(context);
  default:
    return IntegerType::get(context, bitWidth(t),
                            isUnsignedInt(t) ? IntegerType::Unsigned
                                             : IntegerType::Signless);
  }
}

static const llvm::fltSemantics &semantics(DType t) {
  switch (t) {
  case DType::F16: return APFloat::IEEEhalf();
  case DType::BF16: return APFloat::BFloat();
  case DType::F32: return APFloat::IEEEsingle();
  default: return APFloat::IEEEdouble();
  }
}

uint64_t truncBits(DType t, uint64_t bits) {
  unsigned w = bitWidth(t);
  return w == 64 ? bits : bits & ((uint64_t(1) << w) - 1);
}

int64_t asSigned(DType t, uint64_t bits) {
  unsigned w = bitWidth(t);
  if (!isSignedInt(t) || w == 64)
    return static_cast<int64_t>(bits);
  uint64_t sign = uint64_t(1) << (w - 1);
  bits = truncBits(t, bits);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

static APFloat toAPFloat(DType t, uint64_t bits) {
  return APFloat(semantics(t), APInt(bitWidth(t), bits));
}

double toDouble(DType t, uint64_t bits) {
  if (t == DType::F64) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  if (t == DType::F32) {
    uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  if (isFloat(t))
    return toAPFloat(t, bits).convertToDouble();
  if (isUnsignedInt(t) || isBool(t))
    return static_cast<double>(truncBits(t, bits));
  return static_cast<double>(asSigned(t, bits));
}

uint64_t fromDouble(DType t, double v) {
  if (t == DType::F64) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  if (t == DType::F32) {
    float f = static_cast<float>(v); // round to nearest even
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  APFloat a(v);
  bool losesInfo;
  a.convert(semantics(t), APFloat::rmNearestTiesToEven, &losesInfo);
  return a.bitcastToAPInt().getZExtValue();
}

std::string formatElement(DType t, uint64_t bits) {
  char text[96];
  if (isBool(t))
    return bits ? "true" : "false";
  if (isSignedInt(t))
    return std::to_string(asSigned(t, bits));
  if (isUnsignedInt(t))
    return std::to_string(truncBits(t, bits));
  std::snprintf(text, sizeof text, "%.17g (0x%llx)", toDouble(t, bits),
                static_cast<unsigned long long>(bits));
  return text;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

Tensor::Tensor(DType dtype, std::vector<int64_t> shape)
    : dtype(dtype), shape(std::move(shape)) {
  bits.assign(numElements(), 0);
}

int64_t Tensor::numElements() const {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

std::vector<uint8_t> Tensor::toBytes() const {
  unsigned size = byteSize(dtype);
  std::vector<uint8_t> bytes(bits.size() * size);
  for (size_t i = 0; i < bits.size(); ++i)
    for (unsigned b = 0; b < size; ++b)
      bytes[i * size + b] = static_cast<uint8_t>(bits[i] >> (8 * b));
  return bytes;
}

Tensor Tensor::fromBytes(DType dtype, std::vector<int64_t> shape,
                         const uint8_t *data) {
  Tensor t(dtype, std::move(shape));
  unsigned size = byteSize(dtype);
  for (size_t i = 0; i < t.bits.size(); ++i) {
    uint64_t v = 0;
    for (unsigned b = 0; b < size; ++b)
      v |= uint64_t(data[i * size + b]) << (8 * b);
    t.bits[i] = v; // a bool keeps its whole byte, so a test sees 2 as 2
  }
  return t;
}

std::string Tensor::typeText() const {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + name(dtype) + ">";
}

//===----------------------------------------------------------------------===//
// Element semantics
//===----------------------------------------------------------------------===//

namespace {

using Bits = uint64_t;

struct Evaluator {
  std::string error;

  void undefined(const std::string &what) {
    if (error.empty())
      error = what;
  }

  static uint64_t minSigned(DType t) {
    return truncBits(t, uint64_t(1) << (bitWidth(t) - 1));
  }

  // Floats: in double, rounded once to the element type.
  static Bits floatOp(DType t, Bits a, const std::function<double(double)> &f) {
    return fromDouble(t, f(toDouble(t, a)));
  }
  static Bits floatOp(DType t, Bits a, Bits b,
                      const std::function<double(double, double)> &f) {
    return fromDouble(t, f(toDouble(t, a), toDouble(t, b)));
  }

  Bits unary(StringRef op, DType t, Bits a) {
    if (op == "neg") {
      if (isFloat(t)) // flips the sign bit, NaN included
        return a ^ (uint64_t(1) << (bitWidth(t) - 1));
      return truncBits(t, 0 - a);
    }
    if (op == "exp2") return floatOp(t, a, [](double x) { return std::exp2(x); });
    if (op == "log2") return floatOp(t, a, [](double x) { return std::log2(x); });
    if (op == "sin") return floatOp(t, a, [](double x) { return std::sin(x); });
    if (op == "sqrt") return floatOp(t, a, [](double x) { return std::sqrt(x); });
    if (op == "reciprocal")
      return floatOp(t, a, [](double x) { return 1.0 / x; });
    if (op == "trunc") return floatOp(t, a, [](double x) { return std::trunc(x); });
    undefined("reference: unknown unary op " + op.str());
    return 0;
  }

  static bool less(DType t, Bits a, Bits b) {
    if (isFloat(t))
      return toDouble(t, a) < toDouble(t, b); // false with NaN
    if (isSignedInt(t))
      return asSigned(t, a) < asSigned(t, b);
    return truncBits(t, a) < truncBits(t, b);
  }
  static bool equal(DType t, Bits a, Bits b) {
    if (isFloat(t))
      return toDouble(t, a) == toDouble(t, b); // -0 == +0; NaN != NaN
    return truncBits(t, a) == truncBits(t, b);
  }

  static Bits maxOf(DType t, Bits a, Bits b) {
    if (isBool(t))
      return (a | b) & 1;
    if (isFloat(t)) {
      double x = toDouble(t, a), y = toDouble(t, b);
      if (std::isnan(x)) return a;
      if (std::isnan(y)) return b;
      if (x == 0 && y == 0) // -0 < +0
        return std::signbit(x) ? b : a;
      return x < y ? b : a;
    }
    return less(t, a, b) ? b : a;
  }

  /// Signed division and remainder in 128 bits (no C overflow), wrapped.
  Bits divide(StringRef op, DType t, Bits a, Bits b) {
    if (truncBits(t, b) == 0) {
      undefined(op.str() + " by zero");
      return 0;
    }
    if (isUnsignedInt(t)) {
      uint64_t x = truncBits(t, a), y = truncBits(t, b);
      bool isDiv = op == "cdiv" || op == "floordiv";
      return isDiv ? x / y : x % y;
    }
    __int128 x = asSigned(t, a), y = asSigned(t, b);
    if (op == "cdiv" && truncBits(t, a) == minSigned(t) && y == -1) {
      undefined("cdiv INT_MIN by -1");
      return 0;
    }
    __int128 q = x / y, r = x % y; // C: toward zero, remainder has x's sign
    if (op == "floordiv" || op == "floormod") {
      if (r != 0 && ((r < 0) != (y < 0))) {
        q -= 1;
        r += y;
      }
    }
    bool isDiv = op == "cdiv" || op == "floordiv";
    return truncBits(t, static_cast<uint64_t>(isDiv ? q : r));
  }

  Bits power(DType t, Bits a, Bits b) {
    if (isFloat(t))
      return floatOp(t, a, b, [](double x, double y) { return std::pow(x, y); });
    uint64_t base = isSignedInt(t) ? static_cast<uint64_t>(asSigned(t, a))
                                   : truncBits(t, a);
    if (isSignedInt(t) && asSigned(t, b) < 0) {
      // 1 / x^|y| truncated toward zero.
      int64_t x = asSigned(t, a);
      if (x == 0) {
        undefined("pow 0 ^ negative");
        return 0;
      }
      if (x == 1) return 1;
      if (x == -1) return truncBits(t, (asSigned(t, b) & 1) ? ~uint64_t(0) : 1);
      return 0;
    }
    uint64_t e = truncBits(t, b), result = 1;
    while (e) { // wraps modulo 2^64, and so modulo 2^n
      if (e & 1) result *= base;
      base *= base;
      e >>= 1;
    }
    return truncBits(t, result);
  }

  Bits shift(StringRef op, DType t, Bits a, Bits b) {
    int64_t amount = isSignedInt(t) ? asSigned(t, b) : int64_t(truncBits(t, b));
    if (amount < 0 || amount >= int64_t(bitWidth(t)) || truncBits(t, b) >= bitWidth(t)) {
      undefined(op.str() + " by " + std::to_string(amount));
      return 0;
    }
    if (op == "shl")
      return truncBits(t, a << amount);
    if (isSignedInt(t))
      return truncBits(t, static_cast<uint64_t>(asSigned(t, a) >> amount));
    return truncBits(t, a) >> amount;
  }

  Bits binary(StringRef op, DType t, Bits a, Bits b) {
    if (op == "add" || op == "sub" || op == "mul") {
      if (isFloat(t)) {
        if (op == "add") return floatOp(t, a, b, [](double x, double y) { return x + y; });
        if (op == "sub") return floatOp(t, a, b, [](double x, double y) { return x - y; });
        return floatOp(t, a, b, [](double x, double y) { return x * y; });
      }
      if (op == "add") return truncBits(t, a + b);
      if (op == "sub") return truncBits(t, a - b);
      return truncBits(t, a * b);
    }
    if (op == "fdiv")
      return floatOp(t, a, b, [](double x, double y) { return x / y; });
    if (op == "cdiv" || op == "cmod" || op == "floordiv" || op == "floormod")
      return divide(op, t, a, b);
    if (op == "max") return maxOf(t, a, b);
    if (op == "pow") return power(t, a, b);
    if (op == "shl" || op == "shr") return shift(op, t, a, b);
    if (op == "and") return a & b;
    if (op == "or") return a | b;
    if (op == "xor") return a ^ b;
    if (op == "threefry") return mlir::tg::threefry2x32(a, b);
    if (op == "cmplt") return less(t, a, b);
    if (op == "cmpne") return !equal(t, a, b);
    if (op == "cmpeq") return equal(t, a, b);
    undefined("reference: unknown binary op " + op.str());
    return 0;
  }

  Bits mulacc(DType t, Bits a, Bits b, Bits c) {
    if (isFloat(t)) { // two roundings
      Bits product = floatOp(t, a, b, [](double x, double y) { return x * y; });
      return floatOp(t, product, c, [](double x, double y) { return x + y; });
    }
    return truncBits(t, a * b + c);
  }

  Bits cast(DType from, DType to, Bits a) {
    if (isBool(to)) { // x != 0, NaN is true
      if (isFloat(from)) {
        double v = toDouble(from, a);
        return v != 0 || std::isnan(v);
      }
      return truncBits(from, a) != 0;
    }
    if (isBool(from)) // 0 or 1
      return isFloat(to) ? fromDouble(to, a & 1) : (a & 1);
    if (isInt(from) && isInt(to)) {
      uint64_t extended = isSignedInt(from) ? static_cast<uint64_t>(asSigned(from, a))
                                            : truncBits(from, a);
      return truncBits(to, extended);
    }
    if (isInt(from) && isFloat(to)) { // one rounding, to nearest even
      APFloat f(semantics(to));
      f.convertFromAPInt(APInt(bitWidth(from), truncBits(from, a)),
                         isSignedInt(from), APFloat::rmNearestTiesToEven);
      return f.bitcastToAPInt().getZExtValue();
    }
    APFloat f = toAPFloat(from, a);
    if (isFloat(to)) {
      bool losesInfo;
      f.convert(semantics(to), APFloat::rmNearestTiesToEven, &losesInfo);
      return f.bitcastToAPInt().getZExtValue();
    }
    // float → integer: toward zero; NaN, inf and out of range are undefined.
    llvm::APSInt result(bitWidth(to), isUnsignedInt(to));
    bool exact;
    APFloat::opStatus status =
        f.convertToInteger(result, APFloat::rmTowardZero, &exact);
    if (f.isNaN() || f.isInfinity() || (status & APFloat::opInvalidOp)) {
      undefined(std::string("cast of ") + formatElement(from, a) + " from " +
                name(from) + " to " + name(to));
      return 0;
    }
    return truncBits(to, result.getZExtValue());
  }
};

std::vector<int64_t> unflatten(int64_t flat, const std::vector<int64_t> &shape) {
  std::vector<int64_t> index(shape.size());
  for (int i = static_cast<int>(shape.size()) - 1; i >= 0; --i) {
    index[i] = flat % shape[i];
    flat /= shape[i];
  }
  return index;
}

int64_t flatten(const std::vector<int64_t> &index, const std::vector<int64_t> &shape) {
  int64_t flat = 0;
  for (size_t i = 0; i < shape.size(); ++i)
    flat = flat * shape[i] + index[i];
  return flat;
}

/// out[i] = in[source(i)], or zero bits (0, +0.0, false) when `source`
/// returns false: every movement op except reshape.
Tensor gather(const Tensor &in, std::vector<int64_t> outShape,
              const std::function<bool(const std::vector<int64_t> &,
                                       std::vector<int64_t> &)> &source) {
  Tensor out(in.dtype, std::move(outShape));
  std::vector<int64_t> from(in.shape.size());
  for (int64_t i = 0; i < out.numElements(); ++i) {
    std::vector<int64_t> index = unflatten(i, out.shape);
    out.bits[i] = source(index, from) ? in.bits[flatten(from, in.shape)] : 0;
  }
  return out;
}

std::vector<int64_t> shapeOf(Type type) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return std::vector<int64_t>(ranked.getShape().begin(), ranked.getShape().end());
  return {}; // a scalar is a rank-0 tensor here
}

} // namespace

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

std::optional<Evaluation> evaluate(func::FuncOp function,
                                   const std::vector<Tensor> &arguments,
                                   std::string &error) {
  Evaluator ev;
  llvm::DenseMap<Value, Tensor> values;
  // The argument whose buffer a value is (after any number of assigns).
  llvm::DenseMap<Value, unsigned> argumentBuffer;
  Evaluation evaluation;
  Block &body = function.getBody().front();
  if (arguments.size() != body.getNumArguments()) {
    error = "reference: wrong number of arguments";
    return std::nullopt;
  }
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    values[arg] = arguments[i];
    argumentBuffer[arg] = i;
  }

  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        evaluation.results.push_back(values.lookup(v));
      break;
    }
    if (op.getNumResults() != 1) {
      error = "reference: unsupported op " + op.getName().getStringRef().str();
      return std::nullopt;
    }
    Value result = op.getResult(0);
    std::optional<DType> resultType = dtypeOf(getElementTypeOrSelf(result.getType()));
    if (!resultType) {
      error = "reference: unsupported type in " + op.getName().getStringRef().str();
      return std::nullopt;
    }
    std::vector<int64_t> resultShape = shapeOf(result.getType());
    StringRef opName = op.getName().stripDialect();
    Tensor out(*resultType, resultShape);
    auto operand = [&](unsigned i) -> const Tensor & {
      return values.find(op.getOperand(i))->second;
    };

    if (auto c = dyn_cast<tg::ConstOp>(op)) {
      Bits bits = 0;
      if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
        bits = i.getValue().getZExtValue();
      else if (auto f = dyn_cast<FloatAttr>(c.getValue()))
        bits = f.getValue().bitcastToAPInt().getZExtValue();
      std::fill(out.bits.begin(), out.bits.end(), truncBits(*resultType, bits));
    } else if (isa<tg::CastOp, tg::BitcastOp>(op)) {
      const Tensor &x = operand(0);
      for (int64_t i = 0; i < out.numElements(); ++i)
        out.bits[i] = isa<tg::BitcastOp>(op) ? x.bits[i]
                                              : ev.cast(x.dtype, *resultType, x.bits[i]);
    } else if (isa<tg::WhereOp>(op)) {
      const Tensor &c = operand(0), &t = operand(1), &f = operand(2);
      for (int64_t i = 0; i < out.numElements(); ++i)
        out.bits[i] = (c.bits[i] & 1) ? t.bits[i] : f.bits[i];
    } else if (isa<tg::MulAccOp>(op)) {
      const Tensor &a = operand(0), &b = operand(1), &c = operand(2);
      for (int64_t i = 0; i < out.numElements(); ++i)
        out.bits[i] = ev.mulacc(a.dtype, a.bits[i], b.bits[i], c.bits[i]);
    } else if (op.hasTrait<OpTrait::Elementwise>() && op.getNumOperands() == 1) {
      const Tensor &x = operand(0);
      for (int64_t i = 0; i < out.numElements(); ++i)
        out.bits[i] = ev.unary(opName, x.dtype, x.bits[i]);
    } else if (op.hasTrait<OpTrait::Elementwise>() && op.getNumOperands() == 2) {
      const Tensor &a = operand(0), &b = operand(1);
      for (int64_t i = 0; i < out.numElements(); ++i)
        out.bits[i] = ev.binary(opName, a.dtype, a.bits[i], b.bits[i]);
    } else if (isa<tg::ReshapeOp>(op)) {
      out.bits = operand(0).bits; // row-major order is kept
    } else if (auto permute = dyn_cast<tg::PermuteOp>(op)) {
      ArrayRef<int64_t> order = permute.getOrder();
      out = gather(operand(0), resultShape, [&](const auto &idx, auto &from) {
        for (size_t i = 0; i < order.size(); ++i)
          from[order[i]] = idx[i]; // result axis i is input axis order[i]
        return true;
      });
    } else if (isa<tg::ExpandOp>(op)) {
      const Tensor &x = operand(0);
      out = gather(x, resultShape, [&](const auto &idx, auto &from) {
        for (size_t i = 0; i < idx.size(); ++i)
          from[i] = x.shape[i] == 1 ? 0 : idx[i];
        return true;
      });
    } else if (auto pad = dyn_cast<tg::PadOp>(op)) {
      const Tensor &x = operand(0);
      ArrayRef<int64_t> low = pad.getLow();
      out = gather(x, resultShape, [&](const auto &idx, auto &from) {
        for (size_t i = 0; i < idx.size(); ++i) {
          from[i] = idx[i] - low[i];
          if (from[i] < 0 || from[i] >= x.shape[i])
            return false;
        }
        return true;
      });
    } else if (auto shrink = dyn_cast<tg::ShrinkOp>(op)) {
      ArrayRef<int64_t> begin = shrink.getBegin();
      out = gather(operand(0), resultShape, [&](const auto &idx, auto &from) {
        for (size_t i = 0; i < idx.size(); ++i)
          from[i] = idx[i] + begin[i];
        return true;
      });
    } else if (auto flip = dyn_cast<tg::FlipOp>(op)) {
      const Tensor &x = operand(0);
      ArrayRef<int64_t> axes = flip.getAxes();
      out = gather(x, resultShape, [&](const auto &idx, auto &from) {
        for (size_t i = 0; i < idx.size(); ++i)
          from[i] = llvm::is_contained(axes, int64_t(i)) ? x.shape[i] - 1 - idx[i] : idx[i];
        return true;
      });
    } else if (auto reduce = dyn_cast<tg::ReduceOp>(op)) {
      const Tensor &x = operand(0);
      DType t = x.dtype;
      tg::ReduceKind kind = reduce.getKind();
      ArrayRef<int64_t> axes = reduce.getAxes();
      // Floats accumulate in double and round once at the end: the exact
      // result for the inputs the tests give (see EndToEndTest.cpp).
      std::vector<double> facc(out.numElements(), kind == tg::ReduceKind::mul ? 1.0 : 0.0);
      Bits identity = kind == tg::ReduceKind::mul ? 1 : 0;
      if (kind == tg::ReduceKind::max)
        identity = isFloat(t) ? fromDouble(t, -INFINITY)
                   : isSignedInt(t) ? Evaluator::minSigned(t) : 0;
      if (isFloat(t) && kind == tg::ReduceKind::max)
        facc.assign(out.numElements(), -INFINITY);
      std::fill(out.bits.begin(), out.bits.end(), identity);
      for (int64_t i = 0; i < x.numElements(); ++i) {
        std::vector<int64_t> idx = unflatten(i, x.shape);
        for (int64_t axis : axes)
          idx[axis] = 0;
        int64_t o = flatten(idx, out.shape);
        Bits v = x.bits[i];
        if (kind == tg::ReduceKind::max)
          out.bits[o] = Evaluator::maxOf(t, out.bits[o], v);
        else if (isFloat(t))
          facc[o] = kind == tg::ReduceKind::add ? facc[o] + toDouble(t, v)
                                                : facc[o] * toDouble(t, v);
        else
          out.bits[o] = truncBits(t, kind == tg::ReduceKind::add ? out.bits[o] + v
                                                                 : out.bits[o] * v);
      }
      if (isFloat(t) && kind != tg::ReduceKind::max)
        for (int64_t o = 0; o < out.numElements(); ++o)
          out.bits[o] = fromDouble(t, facc[o]);
    } else if (isa<tg::ContiguousOp, tg::ContiguousBackwardOp, tg::DetachOp,
                   tg::CopyOp>(op)) {
      out = operand(0);
    } else if (auto assign = dyn_cast<tg::AssignOp>(op)) {
      out = operand(1);
      auto target = argumentBuffer.find(assign.getTarget());
      if (target != argumentBuffer.end()) {
        evaluation.updatedArguments[target->second] = out;
        argumentBuffer[result] = target->second;
      }
    } else {
      error = "reference: unsupported op " + op.getName().getStringRef().str();
      return std::nullopt;
    }
    if (!ev.error.empty()) {
      error = ev.error;
      return std::nullopt;
    }
    out.dtype = *resultType;
    out.shape = resultShape;
    values[result] = std::move(out);
  }
  return evaluation;
}

} // namespace tgtest
