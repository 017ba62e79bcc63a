//===- VectorRegisters.cpp - x86 intrinsics over whole vector registers --===//

#include "tg/Transforms/VectorRegisters.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

bool tg::fillsZmmRegisters(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  return vector && !vector.isScalable() && vector.getElementType().isF32() &&
         vector.getNumElements() % kZmmLanes == 0;
}

Value tg::mapZmmRegisters(OpBuilder &b, Location loc, Value lhs, Value rhs,
                          function_ref<Value(Value, Value)> apply) {
  auto type = cast<VectorType>(lhs.getType());
  auto flatType = VectorType::get({type.getNumElements()}, type.getElementType());
  auto flatten = [&](Value v) -> Value {
    return type.getRank() == 1 ? v : vector::ShapeCastOp::create(b, loc, flatType, v);
  };
  Value flatLhs = flatten(lhs), flatRhs = flatten(rhs);
  Value result = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(flatType, 0.0f));
  for (int64_t lane = 0; lane < type.getNumElements(); lane += kZmmLanes) {
    auto slice = [&](Value v) -> Value {
      return vector::ExtractStridedSliceOp::create(
          b, loc, v, ArrayRef<int64_t>{lane}, ArrayRef<int64_t>{kZmmLanes}, ArrayRef<int64_t>{1});
    };
    result =
        vector::InsertStridedSliceOp::create(b, loc, apply(slice(flatLhs), slice(flatRhs)), result,
                                             ArrayRef<int64_t>{lane}, ArrayRef<int64_t>{1});
  }
  return type.getRank() == 1 ? result : vector::ShapeCastOp::create(b, loc, type, result);
}
