//===- ApproximateMath.cpp - the tg-approximate-math pass -----------------===//
//
// Polynomials for f32 exp2 and log2 that vectorize, correct over the whole
// f32 range: a polynomial of our own for 2^f on |f| ≤ 0.5 and MLIR's
// approximation of log2 do the core work, on arguments reduced so that they
// stay accurate, and the edges (subnormal results and arguments, overflow)
// are handled by exact scaling by powers of two.
//
//===----------------------------------------------------------------------===//

#include "tg/Transforms/Passes.h"
#include "tg/Transforms/VectorRegisters.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/bit.h"

#include <iterator>
#include <limits>
#include <tuple>

namespace mlir::tg {
#define GEN_PASS_DEF_TGAPPROXIMATEMATH
#include "tg/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Builds f32 (or vector of f32) arithmetic of one shape.
struct Builder {
  OpBuilder &b;
  Location loc;
  Type type;

  Type intType() const {
    Type i32 = b.getI32Type();
    if (auto vector = dyn_cast<VectorType>(type))
      return vector.clone(i32);
    return i32;
  }
  Value splat(Type t, TypedAttr value) const {
    if (auto vector = dyn_cast<VectorType>(t))
      value = SplatElementsAttr::get(vector, value);
    return arith::ConstantOp::create(b, loc, value);
  }
  Value f(float v) const { return splat(type, b.getF32FloatAttr(v)); }
  Value i(int32_t v) const { return splat(intType(), b.getI32IntegerAttr(v)); }
  Value add(Value x, Value y) const { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) const { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) const { return arith::MulFOp::create(b, loc, x, y); }
  /// x within [low, high], NaN kept: each bound a select on "bound beyond
  /// x", which x86 does in one minps/maxps (their second operand wins when
  /// either is NaN), where arith.minimumf and maximumf take five each.
  Value clamp(Value x, float low, float high) const {
    Value belowHigh = select(less(f(high), x), f(high), x);
    return select(less(belowHigh, f(low)), f(low), belowHigh);
  }
  Value select(Value p, Value x, Value y) const { return arith::SelectOp::create(b, loc, p, x, y); }
  Value less(Value x, Value y) const {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
  }
  /// 2^k for integer k in [-126, 127], built from its exponent bits.
  Value powerOfTwo(Value k) const {
    Value bits = arith::ShLIOp::create(b, loc, arith::AddIOp::create(b, loc, k, i(127)), i(23));
    return arith::BitcastOp::create(b, loc, type, bits);
  }
};

bool isF32(Type type) { return getElementTypeOrSelf(type).isF32(); }

/// 2^f for f in [-0.5, 0.5]: a degree-6 polynomial fitted for relative
/// error, evaluated with fused multiply-adds (within 0.9 ulp).
constexpr float kExp2Polynomial[] = {1.0f,
                                     0.6931471824645996f,
                                     0.2402263879776001f,
                                     0.05550341680645943f,
                                     0.009619486518204212f,
                                     0.0013395261485129595f,
                                     0.0001505463442299515f};

/// p · 2^n in two halves, each a normal float, so the result rounds
/// correctly into the subnormals and overflows to inf.
Value scaleByHalves(const Builder &e, Value p, Value n) {
  Value half = arith::ShRSIOp::create(e.b, e.loc, n, e.i(1));
  Value rest = arith::SubIOp::create(e.b, e.loc, n, half);
  return e.mul(e.mul(p, e.powerOfTwo(half)), e.powerOfTwo(rest));
}

/// `v` as LLVM's vectors are, of one axis.
Value flatten(OpBuilder &b, Location loc, Value v) {
  auto vector = dyn_cast<VectorType>(v.getType());
  if (!vector || vector.getRank() <= 1)
    return v;
  return vector::ShapeCastOp::create(
      b, loc, VectorType::get({vector.getNumElements()}, vector.getElementType()), v);
}

Value unflatten(const Builder &e, Value v) {
  if (v.getType() == e.type)
    return v;
  return vector::ShapeCastOp::create(e.b, e.loc, e.type, v);
}

/// p · 2^n by llvm.ldexp: one rounding, into the subnormals or to inf alike
/// (vscalefps).
Value scaleByLdexp(const Builder &e, Value p, Value n) {
  Value flatP = flatten(e.b, e.loc, p);
  Value scaled =
      LLVM::CallIntrinsicOp::create(e.b, e.loc, flatP.getType(), e.b.getStringAttr("llvm.ldexp"),
                                    ValueRange{flatP, flatten(e.b, e.loc, n)})
          .getResult(0);
  return unflatten(e, scaled);
}

/// p · 2^n by vscalefps on each register of sixteen lanes, n a float that
/// holds an integer: one rounding as llvm.ldexp, without converting n to an
/// integer first, which llvm.ldexp's lowering then converts back (vscalefps
/// takes a float exponent), and without a guard for NaN (a NaN n scales to
/// NaN).
Value scaleByScalef(const Builder &e, Value p, Value n) {
  OpBuilder &b = e.b;
  auto zmm = VectorType::get({tg::kZmmLanes}, b.getF32Type());
  Value allLanes = arith::ConstantOp::create(b, e.loc, b.getI16IntegerAttr(-1));
  Value currentRounding = arith::ConstantOp::create(b, e.loc, b.getI32IntegerAttr(4));
  Value passThrough = arith::ConstantOp::create(b, e.loc, DenseElementsAttr::get(zmm, 0.0f));
  return tg::mapZmmRegisters(b, e.loc, p, n, [&](Value pRegister, Value nRegister) {
    return LLVM::CallIntrinsicOp::create(
               b, e.loc, zmm, b.getStringAttr("llvm.x86.avx512.mask.scalef.ps.512"),
               ValueRange{pRegister, nRegister, passThrough, allLanes, currentRounding})
        .getResult(0);
  });
}

/// Added to x (|x| < 2^22), 1.5 · 2^23 rounds it to an integer n as
/// round-to-nearest-even does, and leaves n in the sum's low mantissa bits.
constexpr float kRoundingShift = 0x1.8p23f;
constexpr int32_t kRoundingShiftBits = 0x4B400000;

/// round(x) as a float and as an integer, for x a number within ±254 or
/// NaN: by kRoundingShift, whose sum's bits are a number for NaN too, or by
/// roundeven and a conversion guarded against NaN (poison in arith.fptosi).
std::pair<Value, Value> roundToInteger(const Builder &e, Value x, bool byAdding) {
  if (byAdding) {
    Value shifted = e.add(x, e.f(kRoundingShift));
    Value bits = arith::BitcastOp::create(e.b, e.loc, e.intType(), shifted);
    return {e.sub(shifted, e.f(kRoundingShift)),
            arith::SubIOp::create(e.b, e.loc, bits, e.i(kRoundingShiftBits))};
  }
  Value n = math::RoundEvenOp::create(e.b, e.loc, x);
  Value isNaN = arith::CmpFOp::create(e.b, e.loc, arith::CmpFPredicate::UNO, n, n);
  return {n, arith::FPToSIOp::create(e.b, e.loc, e.intType(), e.select(isNaN, e.f(0.0f), n))};
}

/// The polynomial above at f.
Value exp2Polynomial(const Builder &e, Value f) {
  Value p = e.f(kExp2Polynomial[std::size(kExp2Polynomial) - 1]);
  for (int k = std::size(kExp2Polynomial) - 2; k >= 0; --k)
    p = math::FmaOp::create(e.b, e.loc, p, f, e.f(kExp2Polynomial[k]));
  return p;
}

/// exp2(x) → 2^n · p(x − n) with n = round(x), p the polynomial above on the
/// reduced argument (|x − n| ≤ 0.5), scaled by 2^n in two halves, or with
/// `scalef` (AVX-512) in one instruction where the halves take eight:
/// vscalefps by the float n on whole registers, llvm.ldexp elsewhere.
///
/// Elsewhere than vscalefps, x is clamped to [-252, 254], where 2^n in
/// halves is 0 and inf, and NaN stays in p. vscalefps needs no clamp: a NaN
/// scaled by +inf is +inf and by −inf is +0 (Intel's table of its special
/// cases), and that is exp2 of ±inf, whose x − n is NaN.
Value exp2OverAllFloats(const Builder &e, Value x, bool scalef, bool roundByAdding) {
  bool byRegisters = scalef && tg::fillsZmmRegisters(e.type);
  Value n, exponent;
  if (byRegisters) {
    n = math::RoundEvenOp::create(e.b, e.loc, x);
  } else {
    x = e.clamp(x, -252.0f, 254.0f);
    std::tie(n, exponent) = roundToInteger(e, x, roundByAdding);
  }
  Value p = exp2Polynomial(e, e.sub(x, n));
  if (byRegisters)
    return scaleByScalef(e, p, n);
  if (scalef)
    return scaleByLdexp(e, p, exponent);
  return scaleByHalves(e, p, exponent);
}

/// exp2(x) for |x| ≤ 125, where 2^n · p is a normal float: n added
/// to p's exponent bits, a shift and an add where the halves take eight.
/// n is converted as it is, within range and never NaN here; rounding by
/// kRoundingShift would take two more constants, and the polynomial and
/// the kernel around it leave AVX2 few registers for them.
Value exp2OfNormalResult(const Builder &e, Value x) {
  Value n = math::RoundEvenOp::create(e.b, e.loc, x);
  Value p = exp2Polynomial(e, e.sub(x, n));
  Value exponent = arith::ShLIOp::create(
      e.b, e.loc, arith::FPToSIOp::create(e.b, e.loc, e.intType(), n), e.i(23));
  Value bits = arith::BitcastOp::create(e.b, e.loc, e.intType(), p);
  return arith::BitcastOp::create(e.b, e.loc, e.type,
                                  arith::AddIOp::create(e.b, e.loc, bits, exponent));
}

/// exp2 → exp2OfNormalResult when every lane's |x| is at most 125 (a NaN's
/// is not), exp2OverAllFloats otherwise: the kernels' exp2 (softmax's,
/// GELU's) rarely see others, and the range check, a branch, costs less than
/// the halves' scaling and the clamp. The check compares the largest |x| as
/// integer bits (a NaN's exceed every number's), an and per lane and a max
/// per register, where comparing every lane with both bounds takes four.
void expandExp2(math::Exp2Op op, bool scalef, bool roundByAdding) {
  OpBuilder b(op);
  Builder e{b, op.getLoc(), op.getType()};
  Value x = op.getOperand();
  if (scalef || !roundByAdding) {
    op.replaceAllUsesWith(exp2OverAllFloats(e, x, scalef, roundByAdding));
    op.erase();
    return;
  }
  Value magnitude =
      arith::AndIOp::create(b, e.loc, arith::BitcastOp::create(b, e.loc, e.intType(), x),
                            e.i(std::numeric_limits<int32_t>::max()));
  if (isa<VectorType>(magnitude.getType()))
    magnitude = vector::ReductionOp::create(b, e.loc, vector::CombiningKind::MAXSI,
                                            flatten(b, e.loc, magnitude));
  Value inRange = arith::CmpIOp::create(
      b, e.loc, arith::CmpIPredicate::sle, magnitude,
      arith::ConstantOp::create(b, e.loc, b.getI32IntegerAttr(llvm::bit_cast<int32_t>(125.0f))));
  auto branch = scf::IfOp::create(b, e.loc, e.type, inRange, /*withElseRegion=*/true);
  b.setInsertionPointToStart(branch.thenBlock());
  scf::YieldOp::create(b, e.loc, exp2OfNormalResult(e, x));
  b.setInsertionPointToStart(branch.elseBlock());
  scf::YieldOp::create(b, e.loc, exp2OverAllFloats(e, x, scalef, roundByAdding));
  op.replaceAllUsesWith(branch.getResult(0));
  op.erase();
}

/// log2(x) → log2(x · 2^24) − 24 for subnormal x, which the polynomial (it
/// reads the exponent bits) would take for 2^-126.
void expandLog2(math::Log2Op op) {
  OpBuilder b(op);
  Builder e{b, op.getLoc(), op.getType()};
  Value x = op.getOperand();
  Value subnormal = e.less(x, e.f(0x1p-126f));
  Value scaled = e.select(subnormal, e.mul(x, e.f(0x1p24f)), x);
  Value log = math::Log2Op::create(b, e.loc, scaled);
  op.replaceAllUsesWith(e.sub(log, e.select(subnormal, e.f(24.0f), e.f(0.0f))));
  op.erase();
}

struct ApproximateMathPass : tg::impl::TGApproximateMathBase<ApproximateMathPass> {
  using TGApproximateMathBase::TGApproximateMathBase;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::Exp2Op, math::Log2Op>(op) && isF32(op->getResult(0).getType()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto exp2 = dyn_cast<math::Exp2Op>(op))
        expandExp2(exp2, scalef, roundByAdding);
      else
        expandLog2(cast<math::Log2Op>(op));
    }
    RewritePatternSet approximations(&getContext());
    populateMathPolynomialApproximationPatterns(approximations, [](StringRef op) {
      return op == math::Log2Op::getOperationName();
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(approximations))))
      signalPassFailure();
  }
};

} // namespace
