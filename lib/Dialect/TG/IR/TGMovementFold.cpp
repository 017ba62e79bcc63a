//===- TGMovementFold.cpp - folds of movement and reduce ops --------------===//
//
// A movement op that changes nothing is its operand; one applied to a
// constant is a constant of the new shape (tg.const is always a splat).
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/IR/TGOps.h"
#include "TGFoldUtils.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::tg;

/// A splat constant reshaped to `type`, or null.
static Attribute resplat(Attribute operand, Type type) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(operand);
  if (!splat)
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(type),
                                splat.getSplatValue<Attribute>());
}

/// The fold shared by every movement op: identity, or a constant.
static OpFoldResult foldMovement(Operation *op, Attribute operand,
                                 bool isIdentity) {
  if (isIdentity)
    return op->getOperand(0);
  return resplat(operand, op->getResult(0).getType());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  return foldMovement(*this, adaptor.getX(), getX().getType() == getType());
}

OpFoldResult PermuteOp::fold(FoldAdaptor adaptor) {
  bool isIdentity = llvm::all_of(llvm::enumerate(getOrder()), [](auto entry) {
    return static_cast<int64_t>(entry.index()) == entry.value();
  });
  return foldMovement(*this, adaptor.getX(), isIdentity);
}

OpFoldResult ExpandOp::fold(FoldAdaptor adaptor) {
  return foldMovement(*this, adaptor.getX(), getX().getType() == getType());
}

OpFoldResult PadOp::fold(FoldAdaptor adaptor) {
  auto isZero = [](int64_t amount) { return amount == 0; };
  bool isIdentity =
      llvm::all_of(getLow(), isZero) && llvm::all_of(getHigh(), isZero);
  if (isIdentity)
    return getX();
  // Padding a constant with zeros gives a constant only when it is zero.
  auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getX());
  if (!splat)
    return {};
  Attribute value = splat.getSplatValue<Attribute>();
  bool isZeroValue = isa<FloatAttr>(value)
                         ? cast<FloatAttr>(value).getValue().isPosZero()
                         : cast<IntegerAttr>(value).getValue().isZero();
  return isZeroValue ? resplat(splat, getType()) : Attribute();
}

OpFoldResult ShrinkOp::fold(FoldAdaptor adaptor) {
  return foldMovement(*this, adaptor.getX(), getX().getType() == getType());
}

OpFoldResult FlipOp::fold(FoldAdaptor adaptor) {
  // Flipping only size-1 axes changes nothing.
  bool isIdentity = llvm::all_of(getAxes(), [&](int64_t axis) {
    return getX().getType().getDimSize(axis) == 1;
  });
  return foldMovement(*this, adaptor.getX(), isIdentity);
}

OpFoldResult ReduceOp::fold(FoldAdaptor adaptor) {
  // Reducing only size-1 axes changes nothing.
  if (getX().getType() == getType())
    return getX();
  auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getX());
  if (!splat)
    return {};
  // max of copies of c is c, and of no copies the lowest value. Sums and
  // products of a float constant depend on the order of the additions, so
  // only the exact integer cases fold.
  Attribute value = splat.getSplatValue<Attribute>();
  int64_t count = 1;
  for (int64_t axis : getAxes())
    count *= getX().getType().getDimSize(axis);
  if (getKind() == ReduceKind::max && count == 0) {
    Type element = getType().getElementType();
    if (auto floatType = dyn_cast<FloatType>(element))
      return SplatElementsAttr::get(
          getType(), FloatAttr::get(element, APFloat::getInf(floatType.getFloatSemantics(),
                                                             /*Negative=*/true)));
    unsigned width = element.getIntOrFloatBitWidth();
    bool isUnsigned = element.isUnsignedInteger() || element.isInteger(1);
    return SplatElementsAttr::get(
        getType(), IntegerAttr::get(element, isUnsigned ? APInt::getZero(width)
                                                        : APInt::getSignedMinValue(width)));
  }
  if (getKind() == ReduceKind::max)
    return resplat(splat, getType());
  auto intValue = dyn_cast<IntegerAttr>(value);
  if (!intValue)
    return {};
  const APInt &c = intValue.getValue();
  APInt n(c.getBitWidth(), count, /*isSigned=*/false, /*implicitTrunc=*/true);
  APInt result = getKind() == ReduceKind::add
                     ? c * n
                     : *detail::integerPower(c, APInt(64, count),
                                             /*isUnsigned=*/true);
  return SplatElementsAttr::get(getType(),
                                IntegerAttr::get(intValue.getType(), result));
}
