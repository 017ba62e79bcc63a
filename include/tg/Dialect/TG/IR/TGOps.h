//===- TGOps.h - tg dialect operations --------------------------*- C++ -*-===//
#ifndef TG_DIALECT_TG_IR_TGOPS_H
#define TG_DIALECT_TG_IR_TGOPS_H

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "tg/Dialect/TG/IR/TGDialect.h"

#include "tg/Dialect/TG/IR/TGEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tg/Dialect/TG/IR/TGAttrs.h.inc"

namespace mlir::tg {

/// The name of a function's argument or result, `{tg.name = "weight"}`,
/// as tg-compile's header shows it (its parameter is the name made a C
/// identifier).
inline constexpr llvm::StringLiteral kNameAttrName = "tg.name";

/// A kernel argument's border of zeros, `{tg.zero_border =
/// #tg.zero_border<low = [..], high = [..]>}`.
inline constexpr llvm::StringLiteral kZeroBorderAttrName = "tg.zero_border";

/// The shape of `value`, a ranked tensor (every tg value is one).
inline ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// `type` with its element type replaced by i1: tinygrad's bool of a value.
Type getBoolLike(Type type);

/// Verifies that all operands and results of `op` have one shape, or are
/// all scalars: tg never broadcasts implicitly.
LogicalResult verifyNoImplicitBroadcast(Operation *op);

/// Verifies that every tensor operand and result of `op` has an element
/// count and a byte size that fit in int64.
LogicalResult verifySizesFitInt64(Operation *op);

template <typename ConcreteType>
class SizesFitInt64 : public OpTrait::TraitBase<ConcreteType, SizesFitInt64> {
public:
  static LogicalResult verifyTrait(Operation *op) { return verifySizesFitInt64(op); }
};

template <typename ConcreteType>
class Movement : public OpTrait::TraitBase<ConcreteType, Movement> {};

template <typename ConcreteType>
class NoImplicitBroadcast
    : public OpTrait::TraitBase<ConcreteType, NoImplicitBroadcast> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyNoImplicitBroadcast(op);
  }
};

template <typename ConcreteType>
class ExplainsInferenceFailure
    : public OpTrait::TraitBase<ConcreteType, ExplainsInferenceFailure> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    SmallVector<Type, 1> inferred;
    return ConcreteType::inferReturnTypes(
        op->getContext(), op->getLoc(), op->getOperands(),
        op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
        op->getRegions(), inferred);
  }
};

} // namespace mlir::tg

#define GET_OP_CLASSES
#include "tg/Dialect/TG/IR/TGOps.h.inc"

#endif // TG_DIALECT_TG_IR_TGOPS_H
