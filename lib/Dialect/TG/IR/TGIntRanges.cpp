//===- TGIntRanges.cpp - InferIntRangeInterface for tg ops ----------------===//
//
// tinygrad's vmin/vmax: the value range of every integer (and bool) result
// from the ranges of its operands. Float results have no integer range and
// are left unset; an integer result computed from floats gets the full range.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

using namespace mlir;
using namespace mlir::tg;
using namespace mlir::intrange;

static bool isUnsignedLike(Value v) {
  Type element = getElementTypeOrSelf(v.getType());
  return element.isUnsignedInteger() || element.isInteger(1);
}

static bool hasIntegerRange(Value v) {
  return ConstantIntRanges::getStorageBitwidth(v.getType()) != 0;
}

/// Sets the result of a one-result op to `infer(operand ranges)` when the
/// result is an integer; floats get no range.
template <typename Infer>
static void setIntResult(Operation *op, ArrayRef<ConstantIntRanges> ranges,
                         SetIntRangeFn setResultRanges, Infer &&infer) {
  Value result = op->getResult(0);
  if (!hasIntegerRange(result))
    return;
  setResultRanges(result, infer(ranges));
}

static ConstantIntRanges maxRangeOf(Value v) {
  return ConstantIntRanges::maxRange(
      ConstantIntRanges::getStorageBitwidth(v.getType()));
}

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

void Exp2Op::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn) {}
void Log2Op::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn) {}
void SinOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn) {}
void SqrtOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn) {}
void ReciprocalOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                     SetIntRangeFn) {}
void TruncOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn) {}

void NegOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  setIntResult(*this, ranges, set, [](ArrayRef<ConstantIntRanges> r) {
    unsigned width = r[0].smin().getBitWidth();
    return inferSub({ConstantIntRanges::constant(APInt::getZero(width)), r[0]});
  });
}

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

void AddOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  setIntResult(*this, ranges, set,
               [](ArrayRef<ConstantIntRanges> r) { return inferAdd(r); });
}

void SubOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  setIntResult(*this, ranges, set,
               [](ArrayRef<ConstantIntRanges> r) { return inferSub(r); });
}

void MulOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  setIntResult(*this, ranges, set,
               [](ArrayRef<ConstantIntRanges> r) { return inferMul(r); });
}

void FDivOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn) {}

void CDivOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                               SetIntRangeFn set) {
  bool isUnsigned = isUnsignedLike(getResult());
  setIntResult(*this, ranges, set, [&](ArrayRef<ConstantIntRanges> r) {
    return isUnsigned ? inferDivU(r) : inferDivS(r);
  });
}

void CModOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                               SetIntRangeFn set) {
  bool isUnsigned = isUnsignedLike(getResult());
  setIntResult(*this, ranges, set, [&](ArrayRef<ConstantIntRanges> r) {
    return isUnsigned ? inferRemU(r) : inferRemS(r);
  });
}

void FloorDivOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                   SetIntRangeFn set) {
  bool isUnsigned = isUnsignedLike(getResult());
  setIntResult(*this, ranges, set, [&](ArrayRef<ConstantIntRanges> r) {
    return isUnsigned ? inferDivU(r) : inferFloorDivS(r);
  });
}

/// Python's `x % y` with the sign of y, as tinygrad's FLOORMOD bounds: exact
/// when x stays within one period of a constant divisor, else [0, y-1] for
/// a positive divisor and [y+1, 0] for a negative one.
static ConstantIntRanges inferFloorModS(ArrayRef<ConstantIntRanges> r) {
  const ConstantIntRanges &x = r[0], &y = r[1];
  unsigned width = x.smin().getBitWidth();
  const APInt &xmin = x.smin(), &xmax = x.smax();
  const APInt &ymin = y.smin(), &ymax = y.smax();
  APInt one(width, 1);
  auto floorDiv = [](const APInt &a, const APInt &b) {
    APInt q = a.sdiv(b);
    if (!a.srem(b).isZero() && a.isNegative() != b.isNegative())
      q -= 1;
    return q;
  };
  auto floorMod = [&](const APInt &a, const APInt &b) {
    return a - floorDiv(a, b) * b;
  };
  if (ymin == ymax && !ymin.isZero() && !ymin.isMinSignedValue()) {
    if (!(ymin.isAllOnes() && xmin.isMinSignedValue()) &&
        floorDiv(xmin, ymin) == floorDiv(xmax, ymin))
      return ConstantIntRanges::fromSigned(floorMod(xmin, ymin),
                                           floorMod(xmax, ymin));
  }
  if (ymin.sgt(0))
    return ConstantIntRanges::fromSigned(APInt::getZero(width), ymax - one);
  if (ymax.slt(0) && !ymin.isMinSignedValue())
    return ConstantIntRanges::fromSigned(ymin + one, APInt::getZero(width));
  return ConstantIntRanges::maxRange(width);
}

void FloorModOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                   SetIntRangeFn set) {
  bool isUnsigned = isUnsignedLike(getResult());
  setIntResult(*this, ranges, set, [&](ArrayRef<ConstantIntRanges> r) {
    return isUnsigned ? inferRemU(r) : inferFloorModS(r);
  });
}

void MaxOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  bool isUnsigned = isUnsignedLike(getResult());
  setIntResult(*this, ranges, set, [&](ArrayRef<ConstantIntRanges> r) {
    return isUnsigned ? inferMaxU(r) : inferMaxS(r);
  });
}

void PowOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn set) {
  if (hasIntegerRange(getResult()))
    set(getResult(), maxRangeOf(getResult()));
}

void ShlOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  setIntResult(*this, ranges, set, [](ArrayRef<ConstantIntRanges> r) {
    return inferShl(r);
  });
}

void ShrOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  bool isUnsigned = isUnsignedLike(getResult());
  setIntResult(*this, ranges, set, [&](ArrayRef<ConstantIntRanges> r) {
    return isUnsigned ? inferShrU(r) : inferShrS(r);
  });
}

void AndOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  setIntResult(*this, ranges, set,
               [](ArrayRef<ConstantIntRanges> r) { return inferAnd(r); });
}

void OrOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                             SetIntRangeFn set) {
  setIntResult(*this, ranges, set,
               [](ArrayRef<ConstantIntRanges> r) { return inferOr(r); });
}

void XorOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                              SetIntRangeFn set) {
  setIntResult(*this, ranges, set,
               [](ArrayRef<ConstantIntRanges> r) { return inferXor(r); });
}

void ThreefryOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                   SetIntRangeFn set) {
  set(getResult(), maxRangeOf(getResult()));
}

//===----------------------------------------------------------------------===//
// Comparisons: a constant bool when the operand ranges decide it.
//===----------------------------------------------------------------------===//

static void inferCompare(Operation *op, ArrayRef<ConstantIntRanges> ranges,
                         SetIntRangeFn set, CmpPredicate pred) {
  Value result = op->getResult(0);
  if (!hasIntegerRange(op->getOperand(0))) {
    set(result, maxRangeOf(result));
    return;
  }
  std::optional<bool> decided = evaluatePred(pred, ranges[0], ranges[1]);
  set(result, decided ? ConstantIntRanges::constant(APInt(1, *decided))
                      : ConstantIntRanges::maxRange(1));
}

void CmpLtOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                SetIntRangeFn set) {
  inferCompare(*this, ranges, set,
               isUnsignedLike(getLhs()) ? CmpPredicate::ult : CmpPredicate::slt);
}

void CmpNeOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                SetIntRangeFn set) {
  inferCompare(*this, ranges, set, CmpPredicate::ne);
}

void CmpEqOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                SetIntRangeFn set) {
  inferCompare(*this, ranges, set, CmpPredicate::eq);
}

//===----------------------------------------------------------------------===//
// Ternary
//===----------------------------------------------------------------------===//

void WhereOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                SetIntRangeFn set) {
  setIntResult(*this, ranges, set, [](ArrayRef<ConstantIntRanges> r) {
    std::optional<APInt> cond = r[0].getConstantValue();
    if (cond)
      return cond->isOne() ? r[1] : r[2];
    return r[1].rangeUnion(r[2]);
  });
}

void MulAccOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                 SetIntRangeFn set) {
  setIntResult(*this, ranges, set, [](ArrayRef<ConstantIntRanges> r) {
    return inferAdd({inferMul({r[0], r[1]}), r[2]});
  });
}

//===----------------------------------------------------------------------===//
// Casts and constants
//===----------------------------------------------------------------------===//

void CastOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                               SetIntRangeFn set) {
  Value result = getResult();
  if (!hasIntegerRange(result))
    return;
  if (!hasIntegerRange(getX())) {
    set(result, maxRangeOf(result));
    return;
  }
  const ConstantIntRanges &in = ranges[0];
  unsigned width = ConstantIntRanges::getStorageBitwidth(result.getType());
  if (width == 1) {
    // x != 0
    APInt zero = APInt::getZero(in.smin().getBitWidth());
    std::optional<bool> decided = evaluatePred(
        CmpPredicate::ne, in, ConstantIntRanges::constant(zero));
    set(result, decided ? ConstantIntRanges::constant(APInt(1, *decided))
                        : ConstantIntRanges::maxRange(1));
    return;
  }
  if (width < in.smin().getBitWidth())
    set(result, truncRange(in, width));
  else if (width == in.smin().getBitWidth())
    set(result, in);
  else
    set(result, isUnsignedLike(getX()) ? extUIRange(in, width)
                                       : extSIRange(in, width));
}

void BitcastOp::inferResultRanges(ArrayRef<ConstantIntRanges> ranges,
                                  SetIntRangeFn set) {
  Value result = getResult();
  if (!hasIntegerRange(result))
    return;
  // The bits are unchanged, and a ConstantIntRanges describes bits under both
  // interpretations.
  set(result, hasIntegerRange(getX()) ? ranges[0] : maxRangeOf(result));
}

void ConstOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                SetIntRangeFn set) {
  if (auto value = dyn_cast<IntegerAttr>(getValue()))
    set(getResult(), ConstantIntRanges::constant(value.getValue()));
}
