//===- SymbolicPatterns.cpp - tinygrad's symbolic.py rules with ranges ----===//
//
// The rules of tinygrad's `symbolic` that decide with vmin/vmax: constant
// ranges, comparison folding, max folding and where folding. Rules that
// assume unbounded integers (tinygrad's weakint) check with the value ranges
// that nothing they touch can overflow, so they are exact for index and for
// signed integers of any width.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tg;
using namespace mlir::tg::sym;

namespace {

/// Any integer- or bool-valued tg expression whose range is a single value is
/// that constant (tinygrad: `x.vmin == x.vmax → CONST`).
struct ConstantRangeToConst : RewritePattern {
  ConstantRangeToConst(MLIRContext *context, IntRanges &ranges)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context),
        ranges(ranges) {
    setDebugName("x.vmin == x.vmax → const");
  }

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<TGDialect>(op->getDialect()) || isa<ConstOp>(op) ||
        op->getNumResults() != 1 || !isPure(op) || op->getNumRegions() != 0)
      return failure();
    Value result = op->getResult(0);
    if (!hasIntRange(result.getType()))
      return failure();
    std::optional<ConstantIntRanges> range = ranges.get(result);
    std::optional<APInt> value = range ? range->getConstantValue() : std::nullopt;
    if (!value)
      return failure();
    Type element = getElementTypeOrSelf(result.getType());
    rewriter.replaceOpWithNewOp<ConstOp>(op, result.getType(),
                                         rewriter.getIntegerAttr(element, *value));
    return success();
  }

  IntRanges &ranges;
};

/// A value tinygrad calls irreducible: a variable, not an expression or a
/// constant (a block argument, or the result of a non-tg op such as
/// linalg.index).
bool isLeaf(Value v) {
  Operation *op = v.getDefiningOp();
  return !op || !isa<TGDialect>(op->getDialect());
}

/// `x·scale + offset` can be built without wrapping, and x itself is
/// computed without wrapping: the premise of tinygrad's weakint rules.
bool fitsAfter(RuleContext &c, Value x, int64_t scale, int64_t offset) {
  return c.neverWraps(x) && c.linearBounds({x}, {scale}, offset, x.getType());
}

void addMaxFolding(RuleSet &rules) {
  rules
      .add<MaxOp>("max(x,y) → x if x.vmin >= y.vmax, → y if x.vmax <= y.vmin",
                  [](MaxOp op, RuleContext &c) -> Value {
                    std::optional<Bounds> x = c.bounds(op.getLhs());
                    std::optional<Bounds> y = c.bounds(op.getRhs());
                    if (!x || !y)
                      return {};
                    if (x->min >= y->max)
                      return op.getLhs();
                    if (x->max <= y->min)
                      return op.getRhs();
                    return {};
                  })
      .add<WhereOp>("where(c<b, b, c) → max(c,b), where(a<c, c, a) → max(a,c) (integers)",
                    [](WhereOp op, RuleContext &c) -> Value {
                      auto lt = op.getCond().getDefiningOp<CmpLtOp>();
                      if (!lt || !isIntLike(op.getType()))
                        return {};
                      Value a = lt.getLhs(), b = lt.getRhs();
                      if (isSameValue(op.getTrueValue(), b) &&
                          isSameValue(op.getFalseValue(), a))
                        return c(a).max(c(b));
                      return {};
                    });
}

void addComparisonFolding(RuleSet &rules) {
  rules
      .add<CmpLtOp>("x+c0 < c1 → x < c1-c0", [](CmpLtOp op, RuleContext &c) -> Value {
        auto [x, c0] = popAddConst(op.getLhs());
        std::optional<int64_t> c1 = getConstInt(op.getRhs());
        int64_t bound;
        if (!c1 || c0 == 0 || c0 == INT64_MIN || !isSignedIntLike(x.getType()) ||
            !fitsAfter(c, x, 1, c0) || !checkedAdd(*c1, -c0, bound) ||
            !fitsType(Bounds{bound, bound}, x.getType()))
          return {};
        return c(x) < bound;
      })
      .add<CmpLtOp>("x*c0 < c1 → sgn(c0)·x < ceil(c1/|c0|)",
                    [](CmpLtOp op, RuleContext &c) -> Value {
                      auto [x, c0] = popMulConst(op.getLhs());
                      std::optional<int64_t> c1 = getConstInt(op.getRhs());
                      if (!c1 || std::abs(c0) <= 1 || c0 == INT64_MIN ||
                          !isSignedIntLike(x.getType()) || !fitsAfter(c, x, c0, 0))
                        return {};
                      int64_t bound = -floorDiv(-*c1, std::abs(c0));
                      return (c0 > 0 ? c(x) : -c(x)) < bound;
                    })
      .add<CmpLtOp>("x//d < c → x < c·d (d>0), c·d < x (d<0)",
                    [](CmpLtOp op, RuleContext &c) -> Value {
                      auto div = op.getLhs().getDefiningOp<FloorDivOp>();
                      std::optional<int64_t> k = getConstInt(op.getRhs());
                      std::optional<int64_t> d = div ? getConstInt(div.getRhs())
                                                     : std::nullopt;
                      int64_t bound;
                      if (!d || !k || *d == 0 || !isSignedIntLike(op.getLhs().getType()) ||
                          !checkedMul(*k, *d, bound) ||
                          !fitsType(Bounds{bound, bound}, op.getLhs().getType()))
                        return {};
                      Sym x = c(div.getLhs());
                      return *d > 0 ? x < bound : c.builder.constLike(x, bound) < x;
                    })
      .add<CmpLtOp>("Σaᵢxᵢ + p < c → Σ(aᵢ/g)xᵢ < c//g, g = gcd(aᵢ, c), 0 <= p < g",
                    [](CmpLtOp op, RuleContext &c) -> Value {
                      std::optional<int64_t> bound = getConstInt(op.getRhs());
                      if (!bound || *bound <= 0 || !isSignedIntLike(op.getLhs().getType()))
                        return {};
                      SmallVector<Value> unit, scaled;
                      SmallVector<int64_t> factors;
                      for (Value term : splitAdd(op.getLhs())) {
                        int64_t f = constFactor(term);
                        if (f == 1) {
                          unit.push_back(term);
                        } else {
                          scaled.push_back(term);
                          factors.push_back(f);
                        }
                      }
                      if (scaled.empty())
                        return {};
                      int64_t g = *bound;
                      for (int64_t f : factors)
                        g = std::gcd(g, f);
                      std::optional<Bounds> rest = c.linearBounds(
                          unit, SmallVector<int64_t>(unit.size(), 1), 0,
                          op.getLhs().getType());
                      if (g <= 1 || !rest || rest->min < 0 || rest->max >= g ||
                          !c.neverWraps(op.getLhs()))
                        return {};
                      SmallVector<Value> divided;
                      for (auto [term, f] : llvm::zip(scaled, factors)) {
                        auto [t, k] = popMulConst(term);
                        if (getConstInt(term))
                          divided.push_back(c.builder.constLike(term, f / g));
                        else if (k % g == 0)
                          divided.push_back(c(t) * (k / g));
                        else
                          return {};
                      }
                      return c.builder.sum(divided, op.getLhs()) < (*bound / g);
                    })
      .add<CmpLtOp>("x*-1 < y*-1 → y < x", [](CmpLtOp op, RuleContext &c) -> Value {
        auto [x, cx] = popMulConst(op.getLhs());
        auto [y, cy] = popMulConst(op.getRhs());
        if (cx != -1 || cy != -1 || !isSignedIntLike(x.getType()) ||
            !fitsAfter(c, x, -1, 0) || !fitsAfter(c, y, -1, 0))
          return {};
        return c(y) < c(x);
      })
      .add<CmpNeOp>("!(Σaᵢxᵢ < 1) → !(Σxᵢ < 1) for aᵢ > 0, xᵢ >= 0",
                    [](CmpNeOp op, RuleContext &c) -> Value {
                      auto lt = op.getLhs().getDefiningOp<CmpLtOp>();
                      if (!isConstInt(op.getRhs(), 1) || !lt ||
                          !isConstInt(lt.getRhs(), 1) ||
                          !isSignedIntLike(lt.getLhs().getType()) ||
                          !c.neverWraps(lt.getLhs()))
                        return {};
                      bool changed = false;
                      SmallVector<Value> terms;
                      for (Value term : splitAdd(lt.getLhs())) {
                        auto [t, k] = popMulConst(term);
                        if (k > 0 && t != term) {
                          changed = true;
                          term = t;
                        }
                        std::optional<Bounds> b = c.bounds(term);
                        if (!isLeaf(term) || !b || b->min < 0)
                          return {};
                        terms.push_back(term);
                      }
                      if (!changed)
                        return {};
                      return (c.builder.sum(terms, lt.getLhs()) < 1).logicalNot();
                    });
}

void addWhereFolding(RuleSet &rules) {
  rules
      .add<WhereOp>("where(c,t,f): c is True within t and False within f",
                    [](WhereOp op, RuleContext &c) -> Value {
                      Value cond = op.getCond();
                      if (isConstant(cond) || (!occursIn(cond, op.getTrueValue()) &&
                                               !occursIn(cond, op.getFalseValue())))
                        return {};
                      PatternRewriter &rewriter = c.builder.rewriter;
                      Value t = substitute(rewriter, op.getTrueValue(), cond,
                                           c.builder.constBool(cond, true));
                      Value f = substitute(rewriter, op.getFalseValue(), cond,
                                           c.builder.constBool(cond, false));
                      return c(cond).where(c(t), c(f));
                    })
      .add<AddOp>("where(c,t,0) + where(c,0,f) → where(c,t,f)",
                  [](AddOp op, RuleContext &c) -> Value {
                    auto a = op.getLhs().getDefiningOp<WhereOp>();
                    auto b = op.getRhs().getDefiningOp<WhereOp>();
                    if (!a || !b || !isIntLike(op.getType()) ||
                        !isSameValue(a.getCond(), b.getCond()))
                      return {};
                    if (isConstInt(a.getFalseValue(), 0) && isConstInt(b.getTrueValue(), 0))
                      return c(a.getCond()).where(c(a.getTrueValue()), c(b.getFalseValue()));
                    if (isConstInt(a.getTrueValue(), 0) && isConstInt(b.getFalseValue(), 0))
                      return c(a.getCond()).where(c(b.getTrueValue()), c(a.getFalseValue()));
                    return {};
                  });
  // alu(where(c,t,f), where(c,tt,ff)) → where(c, alu(t,tt), alu(f,ff)) when
  // either both t or both f are constants, so the branch folds.
  auto combine = [](auto op, RuleContext &c) -> Value {
    using OpTy = decltype(op);
    auto a = op.getLhs().template getDefiningOp<WhereOp>();
    auto b = op.getRhs().template getDefiningOp<WhereOp>();
    if (!a || !b || !isSameValue(a.getCond(), b.getCond()))
      return {};
    bool trueConst = isConstant(a.getTrueValue()) && isConstant(b.getTrueValue());
    bool falseConst = isConstant(a.getFalseValue()) && isConstant(b.getFalseValue());
    if (!trueConst && !falseConst)
      return {};
    Value t = c.builder.template create<OpTy>(a.getTrueValue(), b.getTrueValue());
    Value f = c.builder.template create<OpTy>(a.getFalseValue(), b.getFalseValue());
    return c(a.getCond()).where(c(t), c(f));
  };
  rules.add<AddOp>("(y + where(c,t,f)) + where(c,tt,ff) → y + where(c,t+tt,f+ff)",
                   [](AddOp op, RuleContext &c) -> Value {
                     auto b = op.getRhs().getDefiningOp<WhereOp>();
                     auto sum = op.getLhs().getDefiningOp<AddOp>();
                     if (!b || !sum)
                       return {};
                     for (auto [y, other] : {std::pair(sum.getLhs(), sum.getRhs()),
                                             std::pair(sum.getRhs(), sum.getLhs())}) {
                       auto a = other.getDefiningOp<WhereOp>();
                       if (!a || !isSameValue(a.getCond(), b.getCond()))
                         continue;
                       bool trueConst = isConstant(a.getTrueValue()) && isConstant(b.getTrueValue());
                       bool falseConst = isConstant(a.getFalseValue()) && isConstant(b.getFalseValue());
                       if (!trueConst && !falseConst)
                         continue;
                       Sym t = c(a.getTrueValue()) + c(b.getTrueValue());
                       Sym f = c(a.getFalseValue()) + c(b.getFalseValue());
                       return c(y) + c(a.getCond()).where(t, f);
                     }
                     return {};
                   })
      .add<AddOp>("where(c,t,f)+where(c,tt,ff) → where(c,t+tt,f+ff)", combine)
      .add<MulOp>("where(c,t,f)*where(c,tt,ff) → where(c,t*tt,f*ff)", combine)
      .add<MaxOp>("max(where(c,t,f),where(c,tt,ff)) → where(c,max(t,tt),max(f,ff))",
                  combine);
}

/// Index arithmetic distributes, so sums of terms meet the div/mod rules
/// (tinygrad's `(x+y)*c → x*c+y*c` for weakint; not for tensors of data,
/// where it would only add work). Exact under wrap-around too.
void addDistribution(RuleSet &rules) {
  rules.add<MulOp>("(x+y)*c → x*c + y*c (index)", [](MulOp op, RuleContext &c) -> Value {
    auto sum = op.getLhs().getDefiningOp<AddOp>();
    std::optional<int64_t> k = getConstInt(op.getRhs());
    if (!sum || !k || !getElementTypeOrSelf(op.getType()).isIndex())
      return {};
    return c(sum.getLhs()) * *k + c(sum.getRhs()) * *k;
  });
}

void addCastFolding(RuleSet &rules) {
  rules.add<CastOp>("cast(where(s,a,b)) → where(s,cast(a),cast(b))",
                    [](CastOp op, RuleContext &c) -> Value {
                      auto where = op.getX().getDefiningOp<WhereOp>();
                      if (!where)
                        return {};
                      return c(where.getCond())
                          .where(c(where.getTrueValue()).cast(op.getType()),
                                 c(where.getFalseValue()).cast(op.getType()));
                    });
  rules.add<CastOp>("cast(cast(x,a),b) → cast(x,b) if a holds x's range",
                    [](CastOp op, RuleContext &c) -> Value {
                      auto inner = op.getX().getDefiningOp<CastOp>();
                      if (!inner || !isIntLike(inner.getType()) ||
                          !isIntLike(inner.getX().getType()))
                        return {};
                      std::optional<Bounds> x = c.bounds(inner.getX());
                      if (!x || !fitsType(*x, inner.getType()))
                        return {};
                      if (inner.getX().getType() == op.getType())
                        return inner.getX();
                      return c(inner.getX()).cast(op.getType());
                    });
}

/// tinygrad's reciprocal rules of `sym` (float regrouping).
void addReciprocalRules(RuleSet &rules) {
  rules.add<ReciprocalOp>("(x*c)⁻¹ → x⁻¹·c⁻¹", [](ReciprocalOp op, RuleContext &c) -> Value {
    auto mul = op.getX().getDefiningOp<MulOp>();
    if (!mul || !isConstant(mul.getRhs()) || !c.canRegroup(op.getType()))
      return {};
    return c.builder.create<ReciprocalOp>(mul.getLhs()) *
           c.builder.create<ReciprocalOp>(mul.getRhs());
  });
}

} // namespace

void mlir::tg::populateSymbolicPatterns(RewritePatternSet &patterns,
                                        const RuleOptions &options) {
  patterns.add<ConstantRangeToConst>(patterns.getContext(), *options.ranges);
  RuleSet rules(patterns, options);
  addMaxFolding(rules);
  addComparisonFolding(rules);
  addWhereFolding(rules);
  addDistribution(rules);
  addCastFolding(rules);
  addReciprocalRules(rules);
}
