//===- TGFold.cpp - constant folding of tg ALU ops ------------------------===//
//
// Every ALU op folds when its operands are constants, with tinygrad's
// semantics (exec_alu): integers wrap, cdiv/cmod truncate like C,
// floordiv/floormod round like Python, comparisons give bools, NaN compares
// false and propagates through max. What is undefined at run time (division
// by zero, over-wide shifts, out-of-range float->int casts) is left unfolded,
// so folding never invents a value the hardware would not produce.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Support/Threefry.h"
#include "TGFoldUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APSInt.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tg;

namespace {

/// The scalar behind a constant operand (an IntegerAttr or FloatAttr, or the
/// value of a splat), or null when the operand is not a known constant.
TypedAttr scalarOf(Attribute attr) {
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (isa_and_nonnull<IntegerAttr, FloatAttr>(attr))
    return cast<TypedAttr>(attr);
  return {};
}

/// `scalar` as a value of `type`: itself for scalars, a splat for tensors.
Attribute splatLike(Type type, TypedAttr scalar) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return SplatElementsAttr::get(shaped, scalar);
  return scalar;
}

/// Bool and uiN compare, divide and shift unsigned; iN and index signed.
bool isUnsignedElement(Type element) {
  return element.isUnsignedInteger() || element.isInteger(1);
}

using IntResult = std::optional<APInt>;
using FloatResult = std::optional<APFloat>;

/// Folds an elementwise op whose operands are all constant. `compute` maps
/// the operand scalars to the result scalar, or to null to leave it unfolded.
template <typename Compute>
OpFoldResult foldConstants(Type resultType, ArrayRef<Attribute> operands,
                           Compute &&compute) {
  SmallVector<TypedAttr, 3> scalars;
  for (Attribute operand : operands) {
    TypedAttr scalar = scalarOf(operand);
    if (!scalar)
      return {};
    scalars.push_back(scalar);
  }
  TypedAttr result = compute(scalars, getElementTypeOrSelf(resultType));
  if (!result)
    return {};
  return splatLike(resultType, result);
}

/// Folds an op whose operands and result share one element type. `onInt`
/// receives the operand bits and whether they are unsigned; `onFloat` the
/// operand values. Either may return nullopt to decline.
template <typename OnInt, typename OnFloat>
OpFoldResult foldArith(Operation *op, ArrayRef<Attribute> operands,
                       OnInt &&onInt, OnFloat &&onFloat) {
  return foldConstants(
      op->getResult(0).getType(), operands,
      [&](ArrayRef<TypedAttr> xs, Type element) -> TypedAttr {
        if (isa<FloatType>(element)) {
          SmallVector<APFloat, 3> values;
          for (TypedAttr x : xs)
            values.push_back(cast<FloatAttr>(x).getValue());
          FloatResult r = onFloat(values);
          if (!r)
            return {};
          // NaN signs and payloads depend on the host's libm; fold to one NaN.
          if (r->isNaN())
            r = APFloat::getQNaN(r->getSemantics());
          return FloatAttr::get(element, *r);
        }
        SmallVector<APInt, 3> values;
        for (TypedAttr x : xs)
          values.push_back(cast<IntegerAttr>(x).getValue());
        IntResult r = onInt(values, isUnsignedElement(element));
        return r ? IntegerAttr::get(element, *r) : TypedAttr();
      });
}

/// For ops the verifier restricts to integers or to floats.
FloatResult noFloat(ArrayRef<APFloat>) { return std::nullopt; }
IntResult noInt(ArrayRef<APInt>, bool) { return std::nullopt; }

constexpr auto kRound = APFloat::rmNearestTiesToEven;

/// Applies a libm function in double precision and rounds back: the result
/// tinygrad's exec_alu gives (Python floats are doubles).
APFloat viaDouble(const APFloat &x, double (*fn)(double)) {
  bool losesInfo;
  APFloat wide = x;
  wide.convert(APFloat::IEEEdouble(), kRound, &losesInfo);
  APFloat result(fn(wide.convertToDouble()));
  result.convert(x.getSemantics(), kRound, &losesInfo);
  return result;
}

APFloat viaDouble2(const APFloat &x, const APFloat &y,
                   double (*fn)(double, double)) {
  bool losesInfo;
  APFloat wx = x, wy = y;
  wx.convert(APFloat::IEEEdouble(), kRound, &losesInfo);
  wy.convert(APFloat::IEEEdouble(), kRound, &losesInfo);
  APFloat result(fn(wx.convertToDouble(), wy.convertToDouble()));
  result.convert(x.getSemantics(), kRound, &losesInfo);
  return result;
}

bool isSignedOverflowDivision(const APInt &a, const APInt &b, bool isUnsigned) {
  return !isUnsigned && a.isMinSignedValue() && b.isAllOnes();
}

/// A shift amount the hardware defines: in [0, width).
bool isValidShift(const APInt &amount, bool isUnsigned) {
  if (!isUnsigned && amount.isNegative())
    return false;
  return amount.ult(amount.getBitWidth());
}

} // namespace

std::optional<APInt> mlir::tg::detail::integerPower(const APInt &base,
                                                    const APInt &exponent,
                                                    bool isUnsigned) {
  unsigned width = base.getBitWidth();
  if (!isUnsigned && exponent.isNegative()) {
    if (base.isZero())
      return std::nullopt;
    if (base.isOne())
      return base;
    if (base.isAllOnes())
      return exponent[0] ? base : APInt(width, 1);
    return APInt(width, 0);
  }
  APInt result(width, 1), square = base;
  for (unsigned bit = 0; bit < exponent.getActiveBits(); ++bit) {
    if (exponent[bit])
      result *= square;
    square *= square;
  }
  return result;
}

namespace {

APInt floorDivide(const APInt &a, const APInt &b) {
  APInt quotient = a.sdiv(b);
  if (!a.srem(b).isZero() && a.isNegative() != b.isNegative())
    quotient -= 1;
  return quotient;
}

APInt floorRemainder(const APInt &a, const APInt &b) {
  APInt remainder = a.srem(b);
  if (!remainder.isZero() && remainder.isNegative() != b.isNegative())
    remainder += b;
  return remainder;
}

/// Folds a comparison: `onInt` decides integers (with signedness), `onFloat`
/// decides from the IEEE comparison result (unordered when a NaN is involved).
template <typename OnInt, typename OnFloat>
OpFoldResult foldCompare(Operation *op, ArrayRef<Attribute> operands,
                         OnInt &&onInt, OnFloat &&onFloat) {
  return foldConstants(
      op->getResult(0).getType(), operands,
      [&](ArrayRef<TypedAttr> xs, Type boolType) -> TypedAttr {
        bool result;
        if (auto a = dyn_cast<FloatAttr>(xs[0]))
          result = onFloat(a.getValue().compare(cast<FloatAttr>(xs[1]).getValue()));
        else
          result = onInt(cast<IntegerAttr>(xs[0]).getValue(),
                         cast<IntegerAttr>(xs[1]).getValue(),
                         isUnsignedElement(xs[0].getType()));
        return IntegerAttr::get(boolType, APInt(1, result));
      });
}

} // namespace

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

OpFoldResult Exp2Op::fold(FoldAdaptor adaptor) {
  return foldArith(*this, adaptor.getOperands(), noInt,
                   [](ArrayRef<APFloat> x) -> FloatResult {
                     return viaDouble(x[0], std::exp2);
                   });
}

OpFoldResult Log2Op::fold(FoldAdaptor adaptor) {
  return foldArith(*this, adaptor.getOperands(), noInt,
                   [](ArrayRef<APFloat> x) -> FloatResult {
                     return viaDouble(x[0], std::log2);
                   });
}

OpFoldResult SinOp::fold(FoldAdaptor adaptor) {
  return foldArith(*this, adaptor.getOperands(), noInt,
                   [](ArrayRef<APFloat> x) -> FloatResult {
                     return viaDouble(x[0], std::sin);
                   });
}

OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  return foldArith(*this, adaptor.getOperands(), noInt,
                   [](ArrayRef<APFloat> x) -> FloatResult {
                     return viaDouble(x[0], std::sqrt);
                   });
}

OpFoldResult ReciprocalOp::fold(FoldAdaptor adaptor) {
  return foldArith(*this, adaptor.getOperands(), noInt,
                   [](ArrayRef<APFloat> x) -> FloatResult {
                     APFloat one = APFloat::getOne(x[0].getSemantics());
                     one.divide(x[0], kRound);
                     return one;
                   });
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return -x[0]; },
      [](ArrayRef<APFloat> x) -> FloatResult { return -x[0]; });
}

OpFoldResult TruncOp::fold(FoldAdaptor adaptor) {
  return foldArith(*this, adaptor.getOperands(), noInt,
                   [](ArrayRef<APFloat> x) -> FloatResult {
                     APFloat r = x[0];
                     r.roundToIntegral(APFloat::rmTowardZero);
                     return r;
                   });
}

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return x[0] + x[1]; },
      [](ArrayRef<APFloat> x) -> FloatResult {
        APFloat r = x[0];
        r.add(x[1], kRound);
        return r;
      });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return x[0] - x[1]; },
      [](ArrayRef<APFloat> x) -> FloatResult {
        APFloat r = x[0];
        r.subtract(x[1], kRound);
        return r;
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return x[0] * x[1]; },
      [](ArrayRef<APFloat> x) -> FloatResult {
        APFloat r = x[0];
        r.multiply(x[1], kRound);
        return r;
      });
}

OpFoldResult FDivOp::fold(FoldAdaptor adaptor) {
  return foldArith(*this, adaptor.getOperands(), noInt,
                   [](ArrayRef<APFloat> x) -> FloatResult {
                     APFloat r = x[0];
                     r.divide(x[1], kRound);
                     return r;
                   });
}

OpFoldResult CDivOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        if (x[1].isZero() || isSignedOverflowDivision(x[0], x[1], isUnsigned))
          return std::nullopt;
        return isUnsigned ? x[0].udiv(x[1]) : x[0].sdiv(x[1]);
      },
      noFloat);
}

OpFoldResult CModOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        if (x[1].isZero())
          return std::nullopt;
        return isUnsigned ? x[0].urem(x[1]) : x[0].srem(x[1]);
      },
      noFloat);
}

OpFoldResult FloorDivOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        if (x[1].isZero() || isSignedOverflowDivision(x[0], x[1], isUnsigned))
          return std::nullopt;
        return isUnsigned ? x[0].udiv(x[1]) : floorDivide(x[0], x[1]);
      },
      noFloat);
}

OpFoldResult FloorModOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        if (x[1].isZero())
          return std::nullopt;
        return isUnsigned ? x[0].urem(x[1]) : floorRemainder(x[0], x[1]);
      },
      noFloat);
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        return isUnsigned ? llvm::APIntOps::umax(x[0], x[1])
                          : llvm::APIntOps::smax(x[0], x[1]);
      },
      [](ArrayRef<APFloat> x) -> FloatResult {
        return llvm::maximum(x[0], x[1]);
      });
}

OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        return detail::integerPower(x[0], x[1], isUnsigned);
      },
      [](ArrayRef<APFloat> x) -> FloatResult {
        return viaDouble2(x[0], x[1], std::pow);
      });
}

OpFoldResult ShlOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        if (!isValidShift(x[1], isUnsigned))
          return std::nullopt;
        return x[0].shl(x[1]);
      },
      noFloat);
}

OpFoldResult ShrOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool isUnsigned) -> IntResult {
        if (!isValidShift(x[1], isUnsigned))
          return std::nullopt;
        return isUnsigned ? x[0].lshr(x[1]) : x[0].ashr(x[1]);
      },
      noFloat);
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return x[0] & x[1]; },
      noFloat);
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return x[0] | x[1]; },
      noFloat);
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return x[0] ^ x[1]; },
      noFloat);
}

OpFoldResult ThreefryOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult {
        return APInt(64, threefry2x32(x[0].getZExtValue(), x[1].getZExtValue()));
      },
      noFloat);
}

OpFoldResult CmpLtOp::fold(FoldAdaptor adaptor) {
  return foldCompare(
      *this, adaptor.getOperands(),
      [](const APInt &a, const APInt &b, bool isUnsigned) {
        return isUnsigned ? a.ult(b) : a.slt(b);
      },
      [](APFloat::cmpResult r) { return r == APFloat::cmpLessThan; });
}

OpFoldResult CmpNeOp::fold(FoldAdaptor adaptor) {
  return foldCompare(
      *this, adaptor.getOperands(),
      [](const APInt &a, const APInt &b, bool) { return a != b; },
      [](APFloat::cmpResult r) { return r != APFloat::cmpEqual; });
}

OpFoldResult CmpEqOp::fold(FoldAdaptor adaptor) {
  return foldCompare(
      *this, adaptor.getOperands(),
      [](const APInt &a, const APInt &b, bool) { return a == b; },
      [](APFloat::cmpResult r) { return r == APFloat::cmpEqual; });
}

//===----------------------------------------------------------------------===//
// Ternary
//===----------------------------------------------------------------------===//

OpFoldResult WhereOp::fold(FoldAdaptor adaptor) {
  if (getTrueValue() == getFalseValue())
    return getTrueValue();
  if (auto cond = dyn_cast_or_null<IntegerAttr>(scalarOf(adaptor.getCond()))) {
    if (cond.getValue().isOne())
      return adaptor.getTrueValue() ? adaptor.getTrueValue()
                                    : OpFoldResult(getTrueValue());
    return adaptor.getFalseValue() ? adaptor.getFalseValue()
                                   : OpFoldResult(getFalseValue());
  }
  return {};
}

OpFoldResult MulAccOp::fold(FoldAdaptor adaptor) {
  return foldArith(
      *this, adaptor.getOperands(),
      [](ArrayRef<APInt> x, bool) -> IntResult { return x[0] * x[1] + x[2]; },
      [](ArrayRef<APFloat> x) -> FloatResult {
        APFloat r = x[0];
        r.multiply(x[1], kRound);
        r.add(x[2], kRound);
        return r;
      });
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

static TypedAttr castScalar(TypedAttr x, Type to) {
  Type from = x.getType();
  if (auto value = dyn_cast<FloatAttr>(x)) {
    APFloat f = value.getValue();
    if (auto floatType = dyn_cast<FloatType>(to)) {
      bool losesInfo;
      f.convert(floatType.getFloatSemantics(), kRound, &losesInfo);
      return FloatAttr::get(to, f);
    }
    if (to.isInteger(1))
      return IntegerAttr::get(to, APInt(1, !f.isZero()));
    unsigned width = to.isIndex() ? 64 : to.getIntOrFloatBitWidth();
    llvm::APSInt result(width, /*isUnsigned=*/to.isUnsignedInteger());
    bool isExact;
    if (!f.isFinite() ||
        (f.convertToInteger(result, APFloat::rmTowardZero, &isExact) &
         APFloat::opInvalidOp))
      return {};
    return IntegerAttr::get(to, result);
  }
  const APInt &bits = cast<IntegerAttr>(x).getValue();
  bool fromUnsigned = isUnsignedElement(from);
  if (auto floatType = dyn_cast<FloatType>(to)) {
    APFloat f(floatType.getFloatSemantics());
    f.convertFromAPInt(bits, !fromUnsigned, kRound);
    return FloatAttr::get(to, f);
  }
  if (to.isInteger(1))
    return IntegerAttr::get(to, APInt(1, !bits.isZero()));
  unsigned width = to.isIndex() ? 64 : to.getIntOrFloatBitWidth();
  return IntegerAttr::get(to, fromUnsigned ? bits.zextOrTrunc(width)
                                           : bits.sextOrTrunc(width));
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getX().getType() == getType())
    return getX();
  return foldConstants(getType(), adaptor.getOperands(),
                       [](ArrayRef<TypedAttr> xs, Type to) {
                         return castScalar(xs[0], to);
                       });
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor) {
  if (getX().getType() == getType())
    return getX();
  return foldConstants(
      getType(), adaptor.getOperands(),
      [](ArrayRef<TypedAttr> xs, Type to) -> TypedAttr {
        APInt bits = isa<FloatAttr>(xs[0])
                         ? cast<FloatAttr>(xs[0]).getValue().bitcastToAPInt()
                         : cast<IntegerAttr>(xs[0]).getValue();
        if (auto floatType = dyn_cast<FloatType>(to))
          return FloatAttr::get(to, APFloat(floatType.getFloatSemantics(), bits));
        return IntegerAttr::get(to, bits);
      });
}
