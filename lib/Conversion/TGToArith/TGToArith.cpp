//===- TGToArith.cpp - scalar tg ops → arith / math, signless types -------===//
//
// After tg-to-linalg, tg ops compute scalars inside linalg bodies. Each
// becomes arith / math ops with tinygrad's semantics, chosen by the
// signedness of its element type; then every uiN type in the module is
// signless iN.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/Passes.h"

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_CONVERTTGTOARITH
#include "tg/Conversion/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// uiN → iN, in scalars, tensors and memrefs; everything else unchanged.
class SignlessConverter : public TypeConverter {
public:
  SignlessConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](IntegerType type) -> Type {
      return type.isSignless() ? type
                               : IntegerType::get(type.getContext(), type.getWidth());
    });
    addConversion([this](ShapedType type) -> Type {
      return type.clone(convertType(type.getElementType()));
    });
  }
};

Type elementOf(Type t) { return getElementTypeOrSelf(t); }
bool isFloat(Type t) { return isa<FloatType>(elementOf(t)); }
/// Unsigned types and bool compare, divide and extend unsigned.
bool isUnsigned(Type t) {
  Type e = elementOf(t);
  return e.isUnsignedInteger() || e.isInteger(1);
}

/// The lowering of one tg op, given its original types and converted
/// operands.
template <typename OpTy>
struct Lowering : OpConversionPattern<OpTy> {
  using Fn = std::function<Value(OpTy, ValueRange, ConversionPatternRewriter &)>;
  Lowering(const TypeConverter &converter, MLIRContext *context, Fn fn)
      : OpConversionPattern<OpTy>(converter, context), fn(std::move(fn)) {}

  LogicalResult matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value result = fn(op, adaptor.getOperands(), rewriter);
    if (!result)
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }
  Fn fn;
};

template <typename OpTy, typename Fn>
void lower(RewritePatternSet &patterns, const TypeConverter &converter, Fn &&fn) {
  patterns.add(std::make_unique<Lowering<OpTy>>(converter, patterns.getContext(),
                                                std::forward<Fn>(fn)));
}

/// An op chosen by element kind: float, signed or unsigned integer.
template <typename OpTy, typename FloatOp, typename SignedOp, typename UnsignedOp>
void lowerByKind(RewritePatternSet &patterns, const TypeConverter &converter) {
  lower<OpTy>(patterns, converter, [](OpTy op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    Location loc = op.getLoc();
    Type type = op->getOperand(0).getType();
    if (isFloat(type)) {
      if constexpr (std::is_void_v<FloatOp>)
        return {};
      else
        return FloatOp::create(r, loc, x[0], x[1]);
    }
    if (isUnsigned(type))
      return UnsignedOp::create(r, loc, x[0], x[1]);
    return SignedOp::create(r, loc, x[0], x[1]);
  });
}

template <typename OpTy, typename MathOp>
void lowerUnaryFloat(RewritePatternSet &patterns, const TypeConverter &converter) {
  lower<OpTy>(patterns, converter, [](OpTy op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    return MathOp::create(r, op.getLoc(), x[0]);
  });
}

/// A constant of `type`'s element type, signless (uiN constants are iN).
Value constantLike(ConversionPatternRewriter &r, Location loc, Type type, double value) {
  Type e = elementOf(SignlessConverter().convertType(type));
  if (isa<FloatType>(e))
    return arith::ConstantOp::create(r, loc, e, r.getFloatAttr(e, value));
  return arith::ConstantOp::create(r, loc, e, r.getIntegerAttr(e, static_cast<int64_t>(value)));
}

template <typename OpTy>
void lowerCompare(RewritePatternSet &patterns, const TypeConverter &converter,
                  arith::CmpFPredicate fpred, arith::CmpIPredicate spred,
                  arith::CmpIPredicate upred) {
  lower<OpTy>(patterns, converter, [=](OpTy op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    Type type = op.getLhs().getType();
    if (isFloat(type))
      return arith::CmpFOp::create(r, op.getLoc(), fpred, x[0], x[1]);
    return arith::CmpIOp::create(r, op.getLoc(), isUnsigned(type) ? upred : spred, x[0], x[1]);
  });
}

/// x / y and x % y on signed integers: y = -1 is replaced by 1 and the
/// quotient negated, so INT_MIN / -1 wraps to INT_MIN (and its remainder is
/// 0) instead of trapping in the CPU's divide instruction.
template <typename DivOp>
Value signedQuotient(ConversionPatternRewriter &r, Location loc, Type type, Value x, Value y) {
  Value minusOne = constantLike(r, loc, type, -1);
  Value byMinusOne = arith::CmpIOp::create(r, loc, arith::CmpIPredicate::eq, y, minusOne);
  Value safe = arith::SelectOp::create(r, loc, byMinusOne, constantLike(r, loc, type, 1), y);
  Value negated = arith::SubIOp::create(r, loc, constantLike(r, loc, type, 0), x);
  return arith::SelectOp::create(r, loc, byMinusOne, negated, DivOp::create(r, loc, x, safe));
}

Value signedRemainder(ConversionPatternRewriter &r, Location loc, Type type, Value x, Value y) {
  Value minusOne = constantLike(r, loc, type, -1);
  Value byMinusOne = arith::CmpIOp::create(r, loc, arith::CmpIPredicate::eq, y, minusOne);
  Value safe = arith::SelectOp::create(r, loc, byMinusOne, constantLike(r, loc, type, 1), y);
  return arith::RemSIOp::create(r, loc, x, safe);
}

/// f64 → f32 rounded to odd: truncated toward zero, with the last bit set
/// when inexact. Rounding that to a narrower type (bf16) then rounds like
/// one direct rounding would; rounding to nearest twice would not.
Value truncateToOddF32(ConversionPatternRewriter &r, Location loc, Value x) {
  using namespace arith;
  Type f32 = r.getF32Type(), i32 = r.getI32Type();
  Value nearest = TruncFOp::create(r, loc, f32, x);
  Value back = ExtFOp::create(r, loc, x.getType(), nearest);
  Value bits = arith::BitcastOp::create(r, loc, i32, nearest);
  Value awayFromZero = CmpFOp::create(r, loc, CmpFPredicate::OGT, math::AbsFOp::create(r, loc, back),
                                      math::AbsFOp::create(r, loc, x));
  Value one = ConstantOp::create(r, loc, i32, r.getI32IntegerAttr(1));
  Value truncated = SelectOp::create(r, loc, awayFromZero, SubIOp::create(r, loc, bits, one), bits);
  Value inexact = CmpFOp::create(r, loc, CmpFPredicate::UNE, back, x);
  Value odd = SelectOp::create(r, loc, inexact, OrIOp::create(r, loc, truncated, one), truncated);
  return arith::BitcastOp::create(r, loc, f32, odd);
}

/// tinygrad's CAST between every pair of element kinds.
Value lowerCast(CastOp op, ValueRange x, ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  Type from = op.getX().getType(), to = op.getType();
  Type target = elementOf(SignlessConverter().convertType(to));
  Value v = x[0];
  if (to.isInteger(1)) {
    // x != 0 (NaN is true)
    Value zero = constantLike(r, loc, from, 0);
    if (isFloat(from))
      return arith::CmpFOp::create(r, loc, arith::CmpFPredicate::UNE, v, zero);
    return arith::CmpIOp::create(r, loc, arith::CmpIPredicate::ne, v, zero);
  }
  if (auto toFloat = dyn_cast<FloatType>(target)) {
    if (auto fromFloat = dyn_cast<FloatType>(v.getType())) {
      if (fromFloat.getWidth() == toFloat.getWidth() && fromFloat != toFloat) {
        // f16 ↔ bf16 go through f32
        v = arith::ExtFOp::create(r, loc, r.getF32Type(), v);
        return arith::TruncFOp::create(r, loc, target, v);
      }
      if (fromFloat.getWidth() < toFloat.getWidth())
        return arith::ExtFOp::create(r, loc, target, v);
      if (fromFloat.isF64() && toFloat.isBF16())
        v = truncateToOddF32(r, loc, v);
      if (fromFloat.getWidth() > toFloat.getWidth())
        return arith::TruncFOp::create(r, loc, target, v);
      return v;
    }
    if (v.getType().isIndex())
      v = arith::IndexCastOp::create(r, loc, r.getI64Type(), v);
    if (isUnsigned(from))
      return arith::UIToFPOp::create(r, loc, target, v);
    return arith::SIToFPOp::create(r, loc, target, v);
  }
  // to an integer or index
  if (isa<FloatType>(v.getType())) {
    Type intType = target.isIndex() ? r.getI64Type() : target;
    Value i = isUnsigned(to) ? Value(arith::FPToUIOp::create(r, loc, intType, v))
                             : Value(arith::FPToSIOp::create(r, loc, intType, v));
    return target.isIndex() ? arith::IndexCastOp::create(r, loc, target, i) : i;
  }
  if (v.getType().isIndex() || target.isIndex())
    return isUnsigned(from) ? Value(arith::IndexCastUIOp::create(r, loc, target, v))
                            : Value(arith::IndexCastOp::create(r, loc, target, v));
  unsigned fromWidth = v.getType().getIntOrFloatBitWidth();
  unsigned toWidth = target.getIntOrFloatBitWidth();
  if (fromWidth < toWidth)
    return isUnsigned(from) ? Value(arith::ExtUIOp::create(r, loc, target, v))
                            : Value(arith::ExtSIOp::create(r, loc, target, v));
  if (fromWidth > toWidth)
    return arith::TruncIOp::create(r, loc, target, v);
  return v;
}

/// Converts the types of any other op (func, linalg, tensor, ...) and of its
/// regions' block arguments.
struct ConvertOpTypes : ConversionPattern {
  ConvertOpTypes(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    if (isa<TGDialect>(op->getDialect()) || isa<FunctionOpInterface>(op))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs(), op->getSuccessors());
    state.propertiesAttr = op->getPropertiesAsAttribute();
    for (Region &region : op->getRegions()) {
      Region *moved = state.addRegion();
      rewriter.inlineRegionBefore(region, *moved, moved->end());
      if (failed(rewriter.convertRegionTypes(moved, *getTypeConverter())))
        return failure();
    }
    Operation *converted = rewriter.create(state);
    rewriter.replaceOp(op, converted->getResults());
    return success();
  }
};

} // namespace

void mlir::tg::populateTGToArithPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  using namespace arith;
  lowerUnaryFloat<Exp2Op, math::Exp2Op>(patterns, converter);
  lowerUnaryFloat<Log2Op, math::Log2Op>(patterns, converter);
  lowerUnaryFloat<SinOp, math::SinOp>(patterns, converter);
  lowerUnaryFloat<SqrtOp, math::SqrtOp>(patterns, converter);
  lowerUnaryFloat<TruncOp, math::TruncOp>(patterns, converter);
  lower<ReciprocalOp>(patterns, converter, [](ReciprocalOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    return DivFOp::create(r, op.getLoc(), constantLike(r, op.getLoc(), op.getType(), 1.0), x[0]);
  });
  lower<NegOp>(patterns, converter, [](NegOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    if (isFloat(op.getType()))
      return NegFOp::create(r, op.getLoc(), x[0]);
    return SubIOp::create(r, op.getLoc(), constantLike(r, op.getLoc(), op.getType(), 0), x[0]);
  });
  lowerByKind<AddOp, AddFOp, AddIOp, AddIOp>(patterns, converter);
  lowerByKind<SubOp, SubFOp, SubIOp, SubIOp>(patterns, converter);
  lowerByKind<MulOp, MulFOp, MulIOp, MulIOp>(patterns, converter);
  lowerByKind<FDivOp, DivFOp, DivFOp, DivFOp>(patterns, converter);
  lower<CDivOp>(patterns, converter, [](CDivOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    if (isUnsigned(op.getType()))
      return DivUIOp::create(r, op.getLoc(), x[0], x[1]);
    return signedQuotient<DivSIOp>(r, op.getLoc(), op.getType(), x[0], x[1]);
  });
  lower<CModOp>(patterns, converter, [](CModOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    if (isUnsigned(op.getType()))
      return RemUIOp::create(r, op.getLoc(), x[0], x[1]);
    return signedRemainder(r, op.getLoc(), op.getType(), x[0], x[1]);
  });
  lower<FloorDivOp>(patterns, converter, [](FloorDivOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    if (isUnsigned(op.getType()))
      return DivUIOp::create(r, op.getLoc(), x[0], x[1]);
    return signedQuotient<FloorDivSIOp>(r, op.getLoc(), op.getType(), x[0], x[1]);
  });
  lowerByKind<MaxOp, MaximumFOp, MaxSIOp, MaxUIOp>(patterns, converter);
  lowerByKind<ShlOp, void, ShLIOp, ShLIOp>(patterns, converter);
  lowerByKind<ShrOp, void, ShRSIOp, ShRUIOp>(patterns, converter);
  lowerByKind<AndOp, void, AndIOp, AndIOp>(patterns, converter);
  lowerByKind<OrOp, void, OrIOp, OrIOp>(patterns, converter);
  lowerByKind<XorOp, void, XOrIOp, XOrIOp>(patterns, converter);
  lower<FloorModOp>(patterns, converter, [](FloorModOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    Location loc = op.getLoc();
    if (isUnsigned(op.getType()))
      return RemUIOp::create(r, loc, x[0], x[1]);
    // Python's %: the C remainder, plus the divisor when the signs differ.
    Value rem = signedRemainder(r, loc, op.getType(), x[0], x[1]);
    Value zero = constantLike(r, loc, op.getType(), 0);
    Value nonzero = CmpIOp::create(r, loc, CmpIPredicate::ne, rem, zero);
    Value remNeg = CmpIOp::create(r, loc, CmpIPredicate::slt, rem, zero);
    Value divNeg = CmpIOp::create(r, loc, CmpIPredicate::slt, x[1], zero);
    Value fix = AndIOp::create(r, loc, nonzero, XOrIOp::create(r, loc, remNeg, divNeg));
    return AddIOp::create(r, loc, rem, SelectOp::create(r, loc, fix, x[1], zero));
  });
  lower<PowOp>(patterns, converter, [](PowOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    Location loc = op.getLoc();
    if (isFloat(op.getType()))
      return math::PowFOp::create(r, loc, x[0], x[1]);
    if (!isUnsigned(op.getType()))
      return math::IPowIOp::create(r, loc, x[0], x[1]);
    // math.ipowi reads its exponent as signed: an unsigned one is extended
    // to twice the width first, where it is positive; the power modulo the
    // wider type, truncated, is the power modulo the narrow one.
    auto narrow = cast<IntegerType>(x[0].getType());
    Type wide = r.getIntegerType(2 * narrow.getWidth());
    Value base = ExtUIOp::create(r, loc, wide, x[0]), exponent = ExtUIOp::create(r, loc, wide, x[1]);
    return TruncIOp::create(r, loc, narrow, math::IPowIOp::create(r, loc, base, exponent));
  });
  lowerCompare<CmpLtOp>(patterns, converter, CmpFPredicate::OLT, CmpIPredicate::slt, CmpIPredicate::ult);
  lowerCompare<CmpNeOp>(patterns, converter, CmpFPredicate::UNE, CmpIPredicate::ne, CmpIPredicate::ne);
  lowerCompare<CmpEqOp>(patterns, converter, CmpFPredicate::OEQ, CmpIPredicate::eq, CmpIPredicate::eq);
  lower<WhereOp>(patterns, converter, [](WhereOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    return SelectOp::create(r, op.getLoc(), x[0], x[1], x[2]);
  });
  lower<MulAccOp>(patterns, converter, [](MulAccOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    Location loc = op.getLoc();
    if (isFloat(op.getType()))
      return AddFOp::create(r, loc, MulFOp::create(r, loc, x[0], x[1]), x[2]);
    return AddIOp::create(r, loc, MulIOp::create(r, loc, x[0], x[1]), x[2]);
  });
  lower<CastOp>(patterns, converter, lowerCast);
  lower<BitcastOp>(patterns, converter, [&converter](BitcastOp op, ValueRange x, ConversionPatternRewriter &r) -> Value {
    Type to = converter.convertType(op.getType());
    if (to == x[0].getType())
      return x[0];
    return arith::BitcastOp::create(r, op.getLoc(), to, x[0]);
  });
  lower<ConstOp>(patterns, converter, [&converter](ConstOp op, ValueRange, ConversionPatternRewriter &r) -> Value {
    Type type = converter.convertType(op.getType());
    TypedAttr value = op.getValue();
    if (auto i = dyn_cast<IntegerAttr>(value))
      value = r.getIntegerAttr(elementOf(type), i.getValue());
    return arith::ConstantOp::create(r, op.getLoc(), type, value);
  });
}

namespace {

struct ConvertTGToArithPass : tg::impl::ConvertTGToArithBase<ConvertTGToArithPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // Composites with no arith counterpart decompose first.
    {
      IntRanges ranges;
      RewritePatternSet decompositions(context);
      SmallVector<std::string> native;
      for (RegisteredOperationName name : context->getRegisteredOperations())
        if (name.getDialectNamespace() == "tg" && name.stripDialect() != "threefry")
          native.push_back(name.stripDialect().str());
      populateDecompositionPatterns(decompositions, native, ranges);
      if (failed(applyPatternsGreedily(module, std::move(decompositions))))
        return signalPassFailure();
    }

    WalkResult tensorOps = module.walk([](Operation *op) {
      if (!isa<TGDialect>(op->getDialect()) ||
          llvm::none_of(op->getOperandTypes(), [](Type t) { return isa<ShapedType>(t); }))
        return WalkResult::advance();
      op->emitError("convert-tg-to-arith lowers tg ops on scalars; ops on tensors lower "
                    "through tg-kernelize and tg-to-linalg first");
      return WalkResult::interrupt();
    });
    if (tensorOps.wasInterrupted())
      return signalPassFailure();

    SignlessConverter converter;
    RewritePatternSet patterns(context);
    populateTGToArithPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    patterns.add<ConvertOpTypes>(converter, context);

    ConversionTarget target(*context);
    target.addIllegalDialect<TGDialect>();
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto function = dyn_cast<func::FuncOp>(op))
        return converter.isSignatureLegal(function.getFunctionType()) &&
               converter.isLegal(&function.getBody());
      if (!converter.isLegal(op))
        return false;
      return llvm::all_of(op->getRegions(), [&](Region &region) {
        return converter.isLegal(&region);
      });
    });
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
