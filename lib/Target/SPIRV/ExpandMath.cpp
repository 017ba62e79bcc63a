//===- ExpandMath.cpp - the tg-spirv-expand-math pass ---------------------===//
//
// Math whose GLSL.std.450 form is undefined or inexact where C's (and so the
// CPU's) is exact: signed zeros in max and min, pow's special cases, sin of
// large arguments; and trunc, which has no SPIR-V form.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/SPIRV/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGSPIRVEXPANDMATH
#include "tg/Target/SPIRV/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Scalar arithmetic of one float type and its integers of the same width.
struct Scalar {
  OpBuilder &b;
  Location loc;
  FloatType type;

  IntegerType bitsType() const { return b.getIntegerType(FloatType(type).getWidth()); }
  Value f(double v) const { return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, v)); }
  Value nan() const {
    return arith::ConstantOp::create(
        b, loc, b.getFloatAttr(type, APFloat::getQNaN(type.getFloatSemantics())));
  }
  Value integer(int64_t v) const {
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(bitsType(), v));
  }
  Value add(Value x, Value y) const { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) const { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) const { return arith::MulFOp::create(b, loc, x, y); }
  Value cmp(arith::CmpFPredicate predicate, Value x, Value y) const {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  }
  Value select(Value p, Value x, Value y) const { return arith::SelectOp::create(b, loc, p, x, y); }
  Value bits(Value x) const { return arith::BitcastOp::create(b, loc, bitsType(), x); }
  Value fromBits(Value x) const { return arith::BitcastOp::create(b, loc, type, x); }
  Value signBit(Value x) const {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits(x), integer(0));
  }
  /// 2^k for an f64 and an integer k in [-1022, 1023], from its exponent bits.
  Value powerOfTwo(Value k) const {
    Value biased = arith::AddIOp::create(b, loc, k, integer(1023));
    return fromBits(arith::ShLIOp::create(b, loc, biased, integer(52)));
  }
  /// a = m·2^e for a finite f64 a > 0: the integer e and m in [1, 2)
  /// (subnormal a scaled by 2^108 first).
  std::pair<Value, Value> exponentAndMantissa(Value a) const {
    Value subnormal = cmp(arith::CmpFPredicate::OLT, a, f(0x1p-1022));
    Value bitsOfA = bits(select(subnormal, mul(a, f(0x1p108)), a));
    Value exponent = arith::SubIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, bitsOfA, integer(52)),
        select(subnormal, integer(1023 + 108), integer(1023)));
    Value mantissa = fromBits(arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, bitsOfA, integer((1LL << 52) - 1)),
        integer(1023LL << 52)));
    return {exponent, mantissa};
  }
  /// Σ coefficients[k]·x^k by Horner's rule.
  Value polynomial(ArrayRef<double> coefficients, Value x) const {
    Value sum = f(coefficients.back());
    for (double c : llvm::reverse(coefficients.drop_back()))
      sum = add(mul(sum, x), f(c));
    return sum;
  }
  /// x·y = p + e exactly, without a fused multiply-add: Dekker's product of
  /// 27-bit halves (f64).
  std::pair<Value, Value> twoProduct(Value x, Value y) const {
    auto split = [&](Value v) {
      Value scaled = mul(v, f(0x1p27 + 1));
      Value high = sub(scaled, sub(scaled, v));
      return std::pair{high, sub(v, high)};
    };
    auto [xh, xl] = split(x);
    auto [yh, yl] = split(y);
    Value p = mul(x, y);
    Value e = add(add(add(sub(mul(xh, yh), p), mul(xh, yl)), mul(xl, yh)), mul(xl, yl));
    return {p, e};
  }
  Value both(Value p, Value q) const { return arith::AndIOp::create(b, loc, p, q); }
  Value either(Value p, Value q) const { return arith::OrIOp::create(b, loc, p, q); }
  Value negation(Value p) const {
    return arith::XOrIOp::create(b, loc, p, arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
  }
  Value isInteger(Value x) const { return cmp(arith::CmpFPredicate::OEQ, math::TruncOp::create(b, loc, x), x); }
};

std::optional<Scalar> scalarOf(OpBuilder &b, Operation *op) {
  auto type = dyn_cast<FloatType>(op->getResult(0).getType());
  if (!type)
    return std::nullopt;
  return Scalar{b, op->getLoc(), type};
}

/// maximumf(x, y) → unordered ? NaN : x == y ? bits(x) & bits(y) : x > y ? x : y
/// (GLSL's FMax may return either zero of max(-0, +0); the bits' and is +0).
/// minimumf likewise with <, and the bits' or (-0).
template <typename Op, arith::CmpFPredicate kPicksX, typename JoinBits>
struct ExpandExtremum : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;
  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = scalarOf(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "vector extrema are not expanded");
    Value x = op.getLhs(), y = op.getRhs();
    Value equal = JoinBits::create(rewriter, s->loc, s->bits(x), s->bits(y));
    Value ordered = s->select(s->cmp(arith::CmpFPredicate::OEQ, x, y), s->fromBits(equal),
                              s->select(s->cmp(kPicksX, x, y), x, y));
    rewriter.replaceOp(op, s->select(s->cmp(arith::CmpFPredicate::UNO, x, y), s->nan(), ordered));
    return success();
  }
};
using ExpandMaximum = ExpandExtremum<arith::MaximumFOp, arith::CmpFPredicate::OGT, arith::AndIOp>;
using ExpandMinimum = ExpandExtremum<arith::MinimumFOp, arith::CmpFPredicate::OLT, arith::OrIOp>;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::optional<Scalar> f64Of(OpBuilder &b, Operation *op) {
  std::optional<Scalar> s = scalarOf(b, op);
  if (!s || !s->type.isF64())
    return std::nullopt;
  return s;
}

/// absf(x) on f64 → x with its sign bit cleared: the SPIR-V lowering of math
/// takes 16- and 32-bit floats only.
struct ExpandAbsF64 : OpRewritePattern<math::AbsFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::AbsFOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = f64Of(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "not a scalar f64");
    Value magnitude = arith::AndIOp::create(rewriter, s->loc, s->bits(op.getOperand()),
                                            s->integer(std::numeric_limits<int64_t>::max()));
    rewriter.replaceOp(op, s->fromBits(magnitude));
    return success();
  }
};

/// roundeven(x) on f64 → |x| < 2^52 ? n + (r > ½ or r == ½ and n odd) −
/// (r < −½ or r == −½ and n odd) : x, with n = x truncated, r = x − n
/// (exact). Integer conversions, because the Vulkan driver may fold the
/// usual (x + 1.5·2^52) − 1.5·2^52 back to x (NIR's inexact algebra).
struct ExpandRoundEvenF64 : OpRewritePattern<math::RoundEvenOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RoundEvenOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = f64Of(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "not a scalar f64");
    using P = arith::CmpFPredicate;
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value n = arith::FPToSIOp::create(rewriter, loc, s->bitsType(), x);
    Value r = s->sub(x, arith::SIToFPOp::create(rewriter, loc, s->type, n));
    Value odd = arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(), n);
    Value up = s->either(s->cmp(P::OGT, r, s->f(0.5)), s->both(s->cmp(P::OEQ, r, s->f(0.5)), odd));
    Value down = s->either(s->cmp(P::OLT, r, s->f(-0.5)), s->both(s->cmp(P::OEQ, r, s->f(-0.5)), odd));
    auto asInteger = [&](Value p) { return arith::ExtUIOp::create(rewriter, loc, s->bitsType(), p); };
    n = arith::SubIOp::create(rewriter, loc, arith::AddIOp::create(rewriter, loc, n, asInteger(up)),
                              asInteger(down));
    Value small = s->cmp(P::OLT, math::AbsFOp::create(rewriter, loc, x), s->f(0x1p52));
    rewriter.replaceOp(op, s->select(small, arith::SIToFPOp::create(rewriter, loc, s->type, n), x));
    return success();
  }
};

/// sqrt(a) on f64 → y·2^k with a = m·2^2k, m in [1, 4), y two Newton
/// steps y ← (y + m/y)/2 from the f32 square root of m, then corrected by
/// the exact residual m − y² (Dekker's product); 0, inf and NaN stay,
/// a < 0 → NaN.
struct ExpandSqrtF64 : OpRewritePattern<math::SqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::SqrtOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = f64Of(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "not a scalar f64");
    using P = arith::CmpFPredicate;
    Location loc = op.getLoc();
    Value a = op.getOperand();
    auto [exponent, mantissa] = s->exponentAndMantissa(a);
    Value k = arith::ShRSIOp::create(rewriter, loc, exponent, s->integer(1));
    Value m = s->mul(mantissa, s->powerOfTwo(arith::SubIOp::create(
                                   rewriter, loc, exponent, arith::AddIOp::create(rewriter, loc, k, k))));
    Value narrow = arith::TruncFOp::create(rewriter, loc, rewriter.getF32Type(), m);
    Value y = arith::ExtFOp::create(rewriter, loc, Type(s->type),
                                    Value(math::SqrtOp::create(rewriter, loc, narrow)));
    for (int step = 0; step < 2; ++step)
      y = s->mul(s->f(0.5), s->add(y, arith::DivFOp::create(rewriter, loc, m, y)));
    // Newton leaves y within an ulp; m − y² taken exactly moves it to the nearest.
    auto [square, squareError] = s->twoProduct(y, y);
    Value residual = s->sub(s->sub(m, square), squareError);
    y = s->add(y, arith::DivFOp::create(rewriter, loc, residual, s->add(y, y)));
    Value result = s->mul(y, s->powerOfTwo(k));
    Value kept = s->either(s->cmp(P::OEQ, a, s->f(0)), s->cmp(P::OEQ, a, s->f(kInfinity)));
    result = s->select(kept, a, result);
    rewriter.replaceOp(op, s->select(s->cmp(P::UGE, s->f(0), a), s->select(s->cmp(P::OEQ, a, s->f(0)), a, s->nan()), result));
    return success();
  }
};

/// 2^(v + low) on f64, low ≪ v: p(f)·2^n with n = roundeven(v),
/// f = (v − n) + low in [-1/2, 1/2] and p the Taylor series of 2^f to f^15
/// (below 2^-60 after), the power of two applied in two halves so subnormal
/// results round once; v ≥ 1024 → inf, v < -1075 → 0 (NaN is the caller's).
Value exp2OfPair(const Scalar &s, Value v, Value low) {
  SmallVector<double> taylor{1};
  for (int k = 1; k <= 15; ++k)
    taylor.push_back(taylor.back() * llvm::numbers::ln2 / k);
  Value clamped = arith::MinimumFOp::create(
      s.b, s.loc, arith::MaximumFOp::create(s.b, s.loc, v, s.f(-1076)), s.f(1024));
  Value n = math::RoundEvenOp::create(s.b, s.loc, clamped);
  Value p = s.polynomial(taylor, s.add(s.sub(clamped, n), low));
  Value whole = arith::FPToSIOp::create(s.b, s.loc, s.bitsType(), n);
  Value half = arith::ShRSIOp::create(s.b, s.loc, whole, s.integer(1));
  Value result = s.mul(s.mul(p, s.powerOfTwo(half)),
                       s.powerOfTwo(arith::SubIOp::create(s.b, s.loc, whole, half)));
  using P = arith::CmpFPredicate;
  return s.select(s.cmp(P::OGE, v, s.f(1024)), s.f(kInfinity),
                  s.select(s.cmp(P::OLT, v, s.f(-1075)), s.f(0), result));
}

/// exp2(v) on f64 → exp2OfPair(v, 0). GLSL.std.450's Exp2 has no 64-bit form.
struct ExpandExp2F64 : OpRewritePattern<math::Exp2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Exp2Op op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = f64Of(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "not a scalar f64");
    Value v = op.getOperand();
    rewriter.replaceOp(op, s->select(s->cmp(arith::CmpFPredicate::UNO, v, v), v, exp2OfPair(*s, v, s->f(0))));
    return success();
  }
};

/// log2(a) for a finite f64 a > 0 as a pair high + low, some 2^-60 apart:
/// e + ln(m)·log2(e) with a = m·2^e, m in [√½, √2), ln(m) = 2·atanh(t),
/// t = (m−1)/(m+1) as a pair (|t| ≤ 0.172) and its series to t^23; the
/// products exact by Dekker's method.
std::pair<Value, Value> log2Pair(const Scalar &s, Value a) {
  using P = arith::CmpFPredicate;
  auto [exponent, m] = s.exponentAndMantissa(a);
  Value high = s.cmp(P::OGT, m, s.f(llvm::numbers::sqrt2));
  m = s.select(high, s.mul(m, s.f(0.5)), m);
  Value e = arith::SIToFPOp::create(s.b, s.loc, s.type, exponent);
  e = s.select(high, s.add(e, s.f(1)), e);
  // t = (m − 1)/(m + 1); m − 1 is exact, m + 1 = sum + sumError.
  Value numerator = s.sub(m, s.f(1));
  Value sum = s.add(m, s.f(1));
  Value sumError = s.sub(m, s.sub(sum, s.f(1)));
  Value t = arith::DivFOp::create(s.b, s.loc, numerator, sum);
  auto [product, productError] = s.twoProduct(t, sum);
  Value residual = s.sub(s.sub(s.sub(numerator, product), productError), s.mul(t, sumError));
  Value tLow = arith::DivFOp::create(s.b, s.loc, residual, sum);
  // ln m = 2t + 2t³/3 + ...: the lead 2t exactly, the rest small.
  SmallVector<double> atanh;
  for (int k = 1; k <= 11; ++k)
    atanh.push_back(2.0 / (2 * k + 1));
  Value z = s.mul(t, t);
  Value lead = s.add(t, t);
  Value rest = s.add(s.add(tLow, tLow), s.mul(s.mul(t, z), s.polynomial(atanh, z)));
  // Times log2(e) as a pair, plus e (|e| ≥ 1 > |the rest| unless e = 0).
  constexpr double kLog2E = 0x1.71547652b82fep0, kLog2ERest = 0x1.777d0ffda0d24p-56;
  auto [scaled, scaledError] = s.twoProduct(lead, s.f(kLog2E));
  Value low = s.add(scaledError, s.add(s.mul(lead, s.f(kLog2ERest)), s.mul(rest, s.f(kLog2E))));
  Value withExponent = s.add(e, scaled);
  low = s.add(low, s.sub(scaled, s.sub(withExponent, e)));
  Value result = s.add(withExponent, low);
  return {result, s.sub(low, s.sub(result, withExponent))};
}

/// log2(a) on f64 → the sum of log2Pair's two parts; a < 0 → NaN,
/// 0 → -inf, inf → inf. GLSL.std.450's Log2 has no 64-bit form.
struct ExpandLog2F64 : OpRewritePattern<math::Log2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Log2Op op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = f64Of(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "not a scalar f64");
    using P = arith::CmpFPredicate;
    Value a = op.getOperand();
    auto [high, low] = log2Pair(*s, a);
    Value result = s->add(high, low);
    result = s->select(s->cmp(P::OEQ, a, s->f(kInfinity)), a,
                       s->select(s->cmp(P::OEQ, a, s->f(0)), s->f(-kInfinity), result));
    rewriter.replaceOp(op, s->select(s->cmp(P::UGE, s->f(0), a), s->select(s->cmp(P::OEQ, a, s->f(0)), s->f(-kInfinity), s->nan()), result));
    return success();
  }
};

/// powf(x, y) → exp2(y·log2|x|) computed in f64 (GLSL's Pow is
/// exp2(y·log2 x) in the argument's precision, 10^-6 off for large results,
/// and flushes subnormals) with C's special cases: x == 1 or y == 0 → 1;
/// NaN → NaN; finite x < 0 and y not an integer → NaN; |x| == 0, inf or 1
/// exactly; negative when x < 0 (or -0) and y is an odd integer.
struct ExpandPow : OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::PowFOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = scalarOf(rewriter, op);
    if (!s || s->type.getWidth() < 32)
      return rewriter.notifyMatchFailure(op, "narrow floats are extended to f32 first");
    using P = arith::CmpFPredicate;
    Location loc = op.getLoc();
    Type f64 = rewriter.getF64Type();
    auto wide = [&](Value v) { return v.getType() == f64 ? v : arith::ExtFOp::create(rewriter, loc, f64, v).getResult(); };
    Value x = op.getLhs(), y = op.getRhs();
    Value ax = math::AbsFOp::create(rewriter, loc, x);
    Value power;
    if (s->type.isF64()) {
      // y·log2|x| may be ~1000: in one f64 it would lose ten bits of 2^(...).
      auto [logHigh, logLow] = log2Pair(*s, ax);
      auto [high, highError] = s->twoProduct(y, logHigh);
      power = exp2OfPair(*s, high, s->add(highError, s->mul(y, logLow)));
    } else {
      power = arith::TruncFOp::create(
          rewriter, loc, s->type,
          math::Exp2Op::create(rewriter, loc,
                               arith::MulFOp::create(rewriter, loc, wide(y),
                                                     math::Log2Op::create(rewriter, loc, wide(ax)))));
    }
    Value inf = s->f(kInfinity), zero = s->f(0), one = s->f(1);
    Value yNegative = s->cmp(P::OLT, y, zero);
    Value magnitude = s->select(
        s->cmp(P::OEQ, ax, zero), s->select(yNegative, inf, zero),
        s->select(s->cmp(P::OEQ, ax, inf), s->select(yNegative, zero, inf),
                  s->select(s->cmp(P::OEQ, ax, one), one, power)));
    Value yInteger = s->isInteger(y);
    Value yOdd = s->both(yInteger, s->negation(s->isInteger(s->mul(y, s->f(0.5)))));
    Value result = s->select(s->both(s->signBit(x), yOdd), arith::NegFOp::create(rewriter, loc, magnitude),
                             magnitude);
    Value negativeFinite = s->both(s->cmp(P::OLT, x, zero), s->cmp(P::ONE, x, s->f(-kInfinity)));
    Value undefined = s->either(s->both(negativeFinite, s->negation(yInteger)), s->cmp(P::UNO, x, y));
    result = s->select(undefined, s->nan(), result);
    Value unit = s->either(s->cmp(P::OEQ, x, one), s->cmp(P::OEQ, y, zero));
    rewriter.replaceOp(op, s->select(unit, one, result));
    return success();
  }
};

/// trunc(x) → x < 0 ? ceil(x) : floor(x): the SPIR-V lowering of math has
/// floor and ceil but no trunc, and those for 16- and 32-bit floats only.
struct ExpandTrunc : OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op, PatternRewriter &rewriter) const override {
    if (getElementTypeOrSelf(op.getType()).isF64())
      return rewriter.notifyMatchFailure(op, "f64 has no SPIR-V floor and ceil");
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(x.getType()));
    Value negative = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, x, zero);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, math::CeilOp::create(rewriter, loc, x),
                                                 math::FloorOp::create(rewriter, loc, x));
    return success();
  }
};

/// trunc(x) on f64 → |x| < 2^52 ? ±float(int(x)) with x's sign : x.
struct ExpandTruncF64 : OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = f64Of(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "not a scalar f64");
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value whole = arith::SIToFPOp::create(
        rewriter, loc, s->type, arith::FPToSIOp::create(rewriter, loc, s->bitsType(), x));
    Value sign = arith::AndIOp::create(rewriter, loc, s->bits(x),
                                       s->integer(std::numeric_limits<int64_t>::min()));
    Value signedWhole = s->fromBits(arith::OrIOp::create(rewriter, loc, s->bits(whole), sign));
    Value small = s->cmp(arith::CmpFPredicate::OLT, math::AbsFOp::create(rewriter, loc, x), s->f(0x1p52));
    rewriter.replaceOp(op, s->select(small, signedWhole, x));
    return success();
  }
};

/// x / ±0 with a constant divisor → ±inf (x's sign times the zero's), or
/// NaN when x is 0 or NaN: lavapipe folds the division to 0.
struct DivideByConstantZero : OpRewritePattern<arith::DivFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::DivFOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = scalarOf(rewriter, op);
    APFloat zero(0.0);
    if (!s || !matchPattern(op.getRhs(), m_ConstantFloat(&zero)) || !zero.isZero())
      return rewriter.notifyMatchFailure(op, "not a scalar divided by a constant zero");
    Value x = op.getLhs();
    double infinity = zero.isNegative() ? -kInfinity : kInfinity;
    Value signedInfinity = s->select(s->signBit(x), s->f(-infinity), s->f(infinity));
    Value nonzero = s->cmp(arith::CmpFPredicate::ONE, x, s->f(0));
    rewriter.replaceOp(op, s->select(nonzero, signedInfinity, s->nan()));
    return success();
  }
};

/// remsi(x, y) → x < 0 ? -(|x| urem |y|) : |x| urem |y|, with |INT_MIN| read
/// as unsigned: the SPIR-V lowering takes the sign of x from x == |x|, which
/// holds for INT_MIN too.
struct ExpandSignedRemainder : OpRewritePattern<arith::RemSIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::RemSIOp op, PatternRewriter &rewriter) const override {
    if (!isa<IntegerType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "vector remainders are not expanded");
    Location loc = op.getLoc();
    Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(op.getType()));
    auto negative = [&](Value v) {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, v, zero).getResult();
    };
    auto magnitude = [&](Value v) {
      return arith::SelectOp::create(rewriter, loc, negative(v),
                                     arith::SubIOp::create(rewriter, loc, zero, v), v)
          .getResult();
    };
    Value remainder = arith::RemUIOp::create(rewriter, loc, magnitude(op.getLhs()), magnitude(op.getRhs()));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, negative(op.getLhs()), arith::SubIOp::create(rewriter, loc, zero, remainder), remainder);
    return success();
  }
};

/// The bits of 1/(2π) after the binary point, 32 to a word, behind two words
/// of zeros (bits before the point, so that windows may start up to 63 bits
/// before it). Enough for the largest f64: its window starts at bit 972.
/// Computed with Machin's formula in exact integers.
constexpr uint32_t kInverseTwoPiBits[] = {
    0x00000000, 0x00000000, 0x28be60db, 0x9391054a, 0x7f09d5f4, 0x7d4d3770, 0x36d8a566,
    0x4f10e410, 0x7f9458ea, 0xf7aef158, 0x6dc91b8e, 0x909374b8, 0x01924bba, 0x82746487,
    0x3f877ac7, 0x2c4a69cf, 0xba208d7d, 0x4baed121, 0x3a671c09, 0xad17df90, 0x4e64758e,
    0x60d4ce7d, 0x272117e2, 0xef7e4a0e, 0xc7fe25ff, 0xf7816603, 0xfbcbc462, 0xd6829b47,
    0xdb4d9fb3, 0xc9f2c26d, 0xd3d18fd9, 0xa797fa8b, 0x5d49eeb1, 0xfaf97c5e, 0xcf41ce7d,
    0xe294a4ba, 0x9afed7ec, 0x47e35742, 0x1580cc11
};

/// The 64-bit table word at `index` (0 past the end), by a chain of selects.
Value inverseTwoPiWord(OpBuilder &b, Location loc, Value index) {
  auto i64Constant = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v)).getResult();
  };
  Value result = i64Constant(0);
  for (auto [i, w] : llvm::enumerate(kInverseTwoPiBits))
    result = arith::SelectOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, index, i64Constant(i)),
        i64Constant(w), result);
  return result;
}

/// sin(x) on f32 → GLSL's Sin of x reduced to [-π, π] by Payne and Hanek's
/// method: |x| = m·2^e with a 24-bit m, and frac(|x|/2π) = frac(m·2^e·c)
/// with c = 1/2π only needs the 96 bits of c after its bit e (the ones
/// before give integers): the low 96 bits of m times those, in 32-bit
/// limbs, are the fraction. Then GLSL's Sin or Cos of the remainder of
/// quarter turns. GLSL's Sin is only accurate for small arguments
/// (lavapipe's gives ±1 for sin(3.4e38)); |x| < 1 goes unreduced.
struct ReduceSin : OpRewritePattern<math::SinOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::SinOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = scalarOf(rewriter, op);
    if (!s || !s->type.isF32())
      return rewriter.notifyMatchFailure(op, "only f32 sin is reduced");
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    Type i64 = b.getI64Type(), f64 = b.getF64Type();
    auto i64Constant = [&](int64_t v) {
      return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v)).getResult();
    };
    Value x = op.getOperand();
    Value ax = math::AbsFOp::create(b, loc, x);
    Value bits = arith::ExtUIOp::create(b, loc, i64, s->bits(ax));
    // |x| = m·2^e, e = biased exponent − 150; the window of c starts at bit e + 1.
    Value mantissa = arith::OrIOp::create(b, loc, arith::AndIOp::create(b, loc, bits, i64Constant(0x7fffff)),
                                          i64Constant(0x800000));
    Value exponent = arith::ShRUIOp::create(b, loc, bits, i64Constant(23));
    // First bit's place p = e + 1 ≥ -22 for |x| ≥ 1: word (p + 63) / 32, bit (p + 63) % 32.
    Value place = arith::SubIOp::create(b, loc, exponent, i64Constant(150 - 1 - 63));
    Value word = arith::ShRUIOp::create(b, loc, place, i64Constant(5));
    Value shift = arith::AndIOp::create(b, loc, place, i64Constant(31));
    SmallVector<Value> table;
    for (int i = 0; i < 4; ++i)
      table.push_back(inverseTwoPiWord(b, loc, arith::AddIOp::create(b, loc, word, i64Constant(i))));
    // Limb i: the 32 bits of c from place p + 32i.
    auto limb = [&](int i) -> Value {
      Value pair = arith::OrIOp::create(b, loc, arith::ShLIOp::create(b, loc, table[i], i64Constant(32)),
                                        table[i + 1]);
      Value aligned = arith::ShLIOp::create(b, loc, pair, shift);
      return arith::ShRUIOp::create(b, loc, aligned, i64Constant(32));
    };
    auto times = [&](int i) { return arith::MulIOp::create(b, loc, mantissa, limb(i)).getResult(); };
    // The top 64 of the low 96 bits of m·(limb0·2^64 + limb1·2^32 + limb2).
    Value fraction = arith::AddIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, times(0), i64Constant(32)),
        arith::AddIOp::create(b, loc, times(1),
                              arith::ShRUIOp::create(b, loc, times(2), i64Constant(32))));
    Value turns = arith::MulFOp::create(
        b, loc, arith::UIToFPOp::create(b, loc, f64, fraction),
        arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0x1p-64)));
    // Quarter turns q = round(4·turns) and r = (4·turns − q)·π/2 in
    // [-π/4, π/4], small exactly where sin(|x|) is, so that rounding r to
    // f32 keeps sin's relative precision: sin(|x|) = ±sin(r) or ±cos(r).
    Value quarters = arith::MulFOp::create(
        b, loc, turns, arith::ConstantOp::create(b, loc, b.getF64FloatAttr(4)));
    Value quadrant = math::RoundEvenOp::create(b, loc, quarters);
    Value radians = arith::TruncFOp::create(
        b, loc, s->type,
        arith::MulFOp::create(b, loc, arith::SubFOp::create(b, loc, quarters, quadrant),
                              arith::ConstantOp::create(b, loc, b.getF64FloatAttr(llvm::numbers::pi / 2))));
    Value q = arith::FPToUIOp::create(b, loc, b.getI8Type(), quadrant);
    auto bit = [&](int k) {
      Value shifted = arith::ShRUIOp::create(
          b, loc, q, arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(k)));
      return arith::TruncIOp::create(b, loc, b.getI1Type(), shifted).getResult();
    };
    Value sinOrCos = s->select(bit(0), spirv::GLCosOp::create(b, loc, radians),
                               spirv::GLSinOp::create(b, loc, radians));
    // Negative in quadrants 2 and 3, and for negative x.
    Value reduced = s->select(arith::XOrIOp::create(b, loc, bit(1), s->signBit(x)),
                              arith::NegFOp::create(b, loc, sinOrCos), sinOrCos);
    Value small = s->cmp(arith::CmpFPredicate::OLT, ax, s->f(1));
    Value finite = s->cmp(arith::CmpFPredicate::OLT, ax, s->f(kInfinity));
    Value result = s->select(small, spirv::GLSinOp::create(b, loc, x), reduced);
    rewriter.replaceOp(op, s->select(s->either(small, finite), result, s->nan()));
    return success();
  }
};

/// sin(x) on f64 → Taylor series on [-π/4, π/4] (to x^19 for sin, x^18 for
/// cos: below 2^-60 after): |x| < π/4 directly, larger |x| reduced by Payne
/// and Hanek's method as for f32, with the 53-bit mantissa in two 32-bit
/// limbs times six 32-bit limbs of 1/2π (x may come within 2^-61 of a
/// multiple of π/2, so the fraction needs some 120 exact bits), and the
/// remainder times π/2 kept as a pair of f64s. GLSL.std.450's Sin has no
/// 64-bit form.
struct ReduceSinF64 : OpRewritePattern<math::SinOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::SinOp op, PatternRewriter &rewriter) const override {
    std::optional<Scalar> s = f64Of(rewriter, op);
    if (!s)
      return rewriter.notifyMatchFailure(op, "not a scalar f64");
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    auto integer = [&](int64_t v) { return s->integer(v); };
    auto plus = [&](Value x, Value y) { return arith::AddIOp::create(b, loc, x, y).getResult(); };
    auto times = [&](Value x, Value y) { return arith::MulIOp::create(b, loc, x, y).getResult(); };
    auto left = [&](Value x, int64_t n) { return arith::ShLIOp::create(b, loc, x, integer(n)).getResult(); };
    auto right = [&](Value x, int64_t n) { return arith::ShRUIOp::create(b, loc, x, integer(n)).getResult(); };
    auto low32 = [&](Value x) { return arith::AndIOp::create(b, loc, x, integer(0xffffffff)).getResult(); };
    auto join = [&](Value high, Value low) { return arith::OrIOp::create(b, loc, left(high, 32), low).getResult(); };

    Value x = op.getOperand();
    Value ax = math::AbsFOp::create(b, loc, x);
    Value bits = s->bits(ax);
    Value mantissa = arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, bits, integer((1LL << 52) - 1)), integer(1LL << 52));
    // |x| = m·2^e, e = biased exponent − 1075; the window of 1/2π starts at
    // place p = e + 1, which is bit p + 63 of the table.
    Value offset = arith::SubIOp::create(b, loc, right(bits, 52), integer(1075 - 1 - 63));
    Value word = right(offset, 5);
    Value shift = arith::AndIOp::create(b, loc, offset, integer(31));
    SmallVector<Value> table;
    for (int k = 0; k <= 6; ++k)
      table.push_back(inverseTwoPiWord(b, loc, plus(word, integer(k))));
    // Limb k (1..6): the 32 bits at window bits 32(k-1) .. 32k-1.
    auto limb = [&](int k) {
      return right(arith::ShLIOp::create(b, loc, join(table[k - 1], table[k]), shift), 32);
    };
    // Columns of 32 bits at weights 2^-32, ..., 2^-192 (index 0 is 2^-32);
    // what lands at weight 1 and above is whole turns.
    SmallVector<Value> columns(6, integer(0));
    auto addAt = [&](int place, Value v) {
      if (place >= 1 && place <= 6)
        columns[place - 1] = plus(columns[place - 1], v);
    };
    Value mantissaLimbs[2] = {low32(mantissa), right(mantissa, 32)}; // weights 1 and 2^32
    for (int i = 0; i < 2; ++i)
      for (int k = 1; k <= 6; ++k) {
        Value product = times(mantissaLimbs[i], limb(k));
        addAt(k - i, low32(product));
        addAt(k - i - 1, right(product, 32));
      }
    for (int place = 6; place >= 2; --place) {
      columns[place - 2] = plus(columns[place - 2], right(columns[place - 1], 32));
      columns[place - 1] = low32(columns[place - 1]);
    }
    Value turns = join(low32(columns[0]), columns[1]);   // fraction of a turn, bits 1-64
    Value beyond = join(columns[2], columns[3]);         // bits 65-128
    // Quarter turns: the top two bits, plus one when the rest is ≥ 1/2; the
    // rest as a signed fixed-point fraction of a quarter turn in [-1/2, 1/2).
    Value high = arith::OrIOp::create(b, loc, left(turns, 2), right(beyond, 62));
    Value low = left(beyond, 2);
    Value roundsUp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, high, integer(0));
    Value quadrant = plus(right(turns, 62), arith::ExtUIOp::create(b, loc, s->bitsType(), roundsUp));
    // The remainder as a + c, a its top 53 bits, c the next 63.
    Value a = s->mul(arith::SIToFPOp::create(b, loc, s->type, arith::ShRSIOp::create(b, loc, high, integer(11))),
                     s->f(0x1p-53));
    Value below = arith::OrIOp::create(b, loc, left(arith::AndIOp::create(b, loc, high, integer(0x7ff)), 52),
                                       right(low, 12));
    Value c = s->mul(arith::UIToFPOp::create(b, loc, s->type, below), s->f(0x1p-116));
    Value fh = s->add(a, c);
    Value fl = s->sub(c, s->sub(fh, a));
    // Radians: (fh + fl)·π/2 with π/2 as a pair, as rh + rl.
    constexpr double kHalfPi = 0x1.921fb54442d18p0, kHalfPiRest = 0x1.1a62633145c07p-54;
    auto [product, productError] = s->twoProduct(fh, s->f(kHalfPi));
    Value tail = s->add(productError, s->add(s->mul(fh, s->f(kHalfPiRest)), s->mul(fl, s->f(kHalfPi))));
    Value rh = s->add(product, tail);
    Value rl = s->sub(tail, s->sub(rh, product));

    auto bit = [&](int k) {
      return arith::TruncIOp::create(b, loc, b.getI1Type(), right(quadrant, k)).getResult();
    };
    Value sinOrCos = s->select(bit(0), cosSeries(*s, rh, rl), sinSeries(*s, rh, rl));
    Value reduced = s->select(arith::XOrIOp::create(b, loc, bit(1), s->signBit(x)),
                              arith::NegFOp::create(b, loc, sinOrCos), sinOrCos);
    // sin x = x when x³/6 is below half an ulp of x (zeros keep their sign).
    Value result = s->select(s->cmp(arith::CmpFPredicate::OLT, ax, s->f(0x1.921fb54442d18p-1)),
                             sinSeries(*s, x, s->f(0)), reduced);
    result = s->select(s->cmp(arith::CmpFPredicate::OLT, ax, s->f(0x1p-26)), x, result);
    Value finite = s->cmp(arith::CmpFPredicate::OLT, ax, s->f(kInfinity));
    rewriter.replaceOp(op, s->select(finite, result, s->nan()));
    return success();
  }

  /// sin(h + l) ≈ h + (h·z·S(z) + l), z = h², S the series of (sin h − h)/h³.
  static Value sinSeries(const Scalar &s, Value h, Value l) {
    SmallVector<double> coefficients;
    double factorial = 6;
    for (int k = 1; k <= 9; factorial *= (2 * k + 2) * (2 * k + 3), ++k)
      coefficients.push_back((k % 2 ? -1 : 1) / factorial);
    Value z = s.mul(h, h);
    return s.add(h, s.add(s.mul(s.mul(h, z), s.polynomial(coefficients, z)), l));
  }

  /// cos(h + l) ≈ 1 + (z·C(z) − h·l), z = h², C the series of (cos h − 1)/h².
  static Value cosSeries(const Scalar &s, Value h, Value l) {
    SmallVector<double> coefficients;
    double factorial = 2;
    for (int k = 1; k <= 10; factorial *= (2 * k + 1) * (2 * k + 2), ++k)
      coefficients.push_back((k % 2 ? -1 : 1) / factorial);
    Value z = s.mul(h, h);
    return s.add(s.f(1), s.sub(s.mul(z, s.polynomial(coefficients, z)), s.mul(h, l)));
  }
};

struct SPIRVExpandMathPass : tg::impl::TGSPIRVExpandMathBase<SPIRVExpandMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tg::populateSPIRVExpandMathPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

void mlir::tg::populateSPIRVExpandMathPatterns(RewritePatternSet &patterns) {
  patterns.add<DivideByConstantZero, ExpandAbsF64, ExpandExp2F64, ExpandLog2F64, ExpandRoundEvenF64, ExpandSqrtF64, ExpandMaximum, ExpandMinimum, ExpandPow, ExpandSignedRemainder, ExpandTrunc, ExpandTruncF64, ReduceSin, ReduceSinF64>(
      patterns.getContext());
}
