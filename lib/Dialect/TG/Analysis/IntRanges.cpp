//===- IntRanges.cpp - tinygrad's vmin/vmax over MLIR values --------------===//

#include "tg/Dialect/TG/Analysis/IntRanges.h"

#include "mlir/IR/BuiltinAttributes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tg;

/// Deep enough for any index expression; bounds the cost on pathological IR.
static constexpr unsigned kMaxDepth = 64;

bool mlir::tg::hasIntRange(Type type) {
  return ConstantIntRanges::getStorageBitwidth(type) != 0;
}

static bool isUnsignedLike(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isUnsignedInteger() || element.isInteger(1);
}

std::optional<ConstantIntRanges> IntRanges::get(Value v) {
  Memo memo;
  return get(v, memo);
}

std::optional<ConstantIntRanges> IntRanges::get(Value v, Memo &memo) {
  if (!hasIntRange(v.getType()))
    return std::nullopt;
  return compute(v, memo, 0);
}

std::optional<Bounds> IntRanges::bounds(Value v) {
  std::optional<ConstantIntRanges> range = get(v);
  if (!range)
    return std::nullopt;
  if (isUnsignedLike(v.getType())) {
    if (range->umax().getActiveBits() > 63)
      return std::nullopt;
    return Bounds{static_cast<int64_t>(range->umin().getZExtValue()),
                  static_cast<int64_t>(range->umax().getZExtValue())};
  }
  return Bounds{range->smin().getSExtValue(), range->smax().getSExtValue()};
}

void IntRanges::assume(Value v, const ConstantIntRanges &range) {
  auto [it, inserted] = assumptions.try_emplace(v, range);
  if (!inserted)
    it->second = it->second.intersection(range);
}

/// The range of an OpFoldResult bound (a constant or a value).
static std::optional<ConstantIntRanges>
boundRange(OpFoldResult bound, unsigned width,
           function_ref<ConstantIntRanges(Value)> rangeOf) {
  if (auto attr = dyn_cast<Attribute>(bound)) {
    auto intAttr = dyn_cast<IntegerAttr>(attr);
    if (!intAttr)
      return std::nullopt;
    return ConstantIntRanges::constant(intAttr.getValue().sextOrTrunc(width));
  }
  Value value = cast<Value>(bound);
  if (!hasIntRange(value.getType()))
    return std::nullopt;
  return rangeOf(value);
}

/// An induction variable of a loop with a positive constant step lies in
/// [lower.min, upper.max - 1].
static std::optional<ConstantIntRanges>
inductionVariableRange(BlockArgument arg,
                       function_ref<ConstantIntRanges(Value)> rangeOf) {
  auto loop = dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
  if (!loop)
    return std::nullopt;
  std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
  std::optional<SmallVector<OpFoldResult>> lbs = loop.getLoopLowerBounds();
  std::optional<SmallVector<OpFoldResult>> ubs = loop.getLoopUpperBounds();
  std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
  if (!ivs || !lbs || !ubs || !steps)
    return std::nullopt;
  auto position = llvm::find(*ivs, arg);
  if (position == ivs->end())
    return std::nullopt;
  size_t i = position - ivs->begin();
  unsigned width = ConstantIntRanges::getStorageBitwidth(arg.getType());
  std::optional<ConstantIntRanges> lb = boundRange((*lbs)[i], width, rangeOf);
  std::optional<ConstantIntRanges> ub = boundRange((*ubs)[i], width, rangeOf);
  std::optional<ConstantIntRanges> step = boundRange((*steps)[i], width, rangeOf);
  if (!lb || !ub || !step || !step->smin().isStrictlyPositive())
    return std::nullopt;
  APInt last = ub->smax() - 1;
  if (last.slt(lb->smin()))
    return ConstantIntRanges::constant(lb->smin());
  return ConstantIntRanges::fromSigned(lb->smin(), last);
}

static std::optional<ConstantIntRanges> argumentRange(BlockArgument arg) {
  Operation *parent = arg.getOwner()->getParentOp();
  auto function = dyn_cast_or_null<FunctionOpInterface>(parent);
  if (!function || arg.getOwner() != &function.getFunctionBody().front())
    return std::nullopt;
  auto bounds =
      function.getArgAttrOfType<DenseI64ArrayAttr>(arg.getArgNumber(), kRangeAttrName);
  if (!bounds || bounds.size() != 2)
    return std::nullopt;
  unsigned width = ConstantIntRanges::getStorageBitwidth(arg.getType());
  return ConstantIntRanges::fromSigned(APInt(width, bounds[0], true, true),
                                       APInt(width, bounds[1], true, true));
}

/// linalg.index d lies in [0, size of loop d - 1].
static std::optional<ConstantIntRanges> linalgIndexRange(linalg::IndexOp index) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(index->getParentOp());
  if (!linalgOp)
    return std::nullopt;
  SmallVector<int64_t> sizes = linalgOp.getStaticLoopRanges();
  uint64_t dim = index.getDim();
  if (dim >= sizes.size() || ShapedType::isDynamic(sizes[dim]) || sizes[dim] < 1)
    return std::nullopt;
  unsigned width = IndexType::kInternalStorageBitWidth;
  return ConstantIntRanges::fromSigned(APInt(width, 0),
                                       APInt(width, sizes[dim] - 1));
}

ConstantIntRanges IntRanges::compute(Value v, Memo &memo, unsigned depth) {
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  unsigned width = ConstantIntRanges::getStorageBitwidth(v.getType());
  ConstantIntRanges result = ConstantIntRanges::maxRange(width);
  auto rangeOf = [&](Value operand) {
    return compute(operand, memo, depth + 1);
  };

  std::optional<ConstantIntRanges> known;
  if (depth > kMaxDepth) {
    known = std::nullopt;
  } else if (auto arg = dyn_cast<BlockArgument>(v)) {
    known = argumentRange(arg);
    if (!known)
      known = inductionVariableRange(arg, rangeOf);
  } else if (auto index = v.getDefiningOp<linalg::IndexOp>()) {
    known = linalgIndexRange(index);
  } else if (auto inferrable = v.getDefiningOp<InferIntRangeInterface>()) {
    SmallVector<IntegerValueRange> operands;
    for (Value operand : inferrable->getOperands())
      operands.push_back(hasIntRange(operand.getType())
                             ? IntegerValueRange(rangeOf(operand))
                             : IntegerValueRange());
    inferrable.inferResultRangesFromOptional(
        operands, [&](Value resultValue, const IntegerValueRange &range) {
          if (resultValue == v && !range.isUninitialized())
            known = range.getValue();
        });
  }
  if (known && known->smin().getBitWidth() == width)
    result = *known;
  if (auto it = assumptions.find(v); it != assumptions.end())
    result = result.intersection(it->second);
  memo.insert_or_assign(v, result);
  return result;
}
