//===- Canonicalize.cpp - the rules that always help ----------------------===//
//
// tinygrad's symbolic_simple and mop_cleanup rules that hold for every value
// of every type they match, with wrap-around integers and IEEE floats, so
// `--canonicalize` may apply them anywhere. Rules that need value ranges or
// unbounded index arithmetic are in tg-symbolic.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace mlir::tg;
using namespace mlir::tg::sym;

namespace {

/// Matches `op(x, c)` with a constant integer `c`, constants being the right
/// operand of commutative ops after folding.
template <typename OpTy>
std::optional<std::pair<Value, int64_t>> withConst(Value v) {
  auto op = v.getDefiningOp<OpTy>();
  if (!op)
    return std::nullopt;
  std::optional<int64_t> c = getConstInt(op.getRhs());
  if (!c)
    return std::nullopt;
  return std::make_pair(op.getLhs(), *c);
}

/// Calls `fn(a, b)` with the operands of a commutative op in both orders.
template <typename OpTy, typename Fn>
Value eitherOrder(OpTy op, Fn &&fn) {
  if (Value v = fn(op.getLhs(), op.getRhs()))
    return v;
  return fn(op.getRhs(), op.getLhs());
}

bool isNegativeZero(Value v) {
  std::optional<APFloat> f = getConstFloat(v);
  return f && f->isNegZero();
}
bool isFloatOne(Value v) {
  std::optional<APFloat> f = getConstFloat(v);
  return f && f->isExactlyValue(1.0);
}

/// tinygrad's can_lossless_cast: every value of `from` survives in `to`.
bool isLosslessCast(Type from, Type to) {
  from = getElementTypeOrSelf(from);
  to = getElementTypeOrSelf(to);
  if (from == to || from.isInteger(1))
    return true;
  if (auto toFloat = dyn_cast<FloatType>(to)) {
    unsigned mantissa = toFloat.getFPMantissaWidth();
    if (auto fromFloat = dyn_cast<FloatType>(from))
      return fromFloat.getFPMantissaWidth() <= mantissa &&
             APFloat::semanticsMaxExponent(fromFloat.getFloatSemantics()) <=
                 APFloat::semanticsMaxExponent(toFloat.getFloatSemantics());
    if (auto fromInt = dyn_cast<IntegerType>(from))
      return fromInt.getWidth() - (fromInt.isUnsigned() ? 0 : 1) <= mantissa;
    return false;
  }
  auto toInt = dyn_cast<IntegerType>(to);
  auto fromInt = dyn_cast<IntegerType>(from);
  if (to.isIndex())
    return fromInt && fromInt.getWidth() < 64;
  if (!toInt || !fromInt || toInt.getWidth() == 1)
    return false;
  if (toInt.isUnsigned())
    return fromInt.isUnsigned() && fromInt.getWidth() <= toInt.getWidth();
  return fromInt.isUnsigned() ? fromInt.getWidth() < toInt.getWidth()
                              : fromInt.getWidth() <= toInt.getWidth();
}

/// `x != true`: tinygrad's logical_not.
Value matchLogicalNot(Value v) {
  auto ne = v.getDefiningOp<CmpNeOp>();
  if (ne && isBoolLike(ne.getLhs().getType()) && isConstInt(ne.getRhs(), 1))
    return ne.getLhs();
  return {};
}

void addSelfFolding(RuleSet &rules) {
  rules
      .add<AddOp>("x+0 → x (integers); x+(-0.0) → x (floats)",
                  [](AddOp op, RuleContext &) -> Value {
                    if (isIntLike(op.getType()) && isConstInt(op.getRhs(), 0))
                      return op.getLhs();
                    if (isNegativeZero(op.getRhs()))
                      return op.getLhs();
                    return {};
                  })
      .add<XorOp>("x^0 → x", [](XorOp op, RuleContext &) -> Value {
        return isConstInt(op.getRhs(), 0) ? op.getLhs() : Value();
      })
      .add<OrOp>("x|0 → x", [](OrOp op, RuleContext &) -> Value {
        return isConstInt(op.getRhs(), 0) ? op.getLhs() : Value();
      })
      .add<ShlOp>("x<<0 → x", [](ShlOp op, RuleContext &) -> Value {
        return isConstInt(op.getRhs(), 0) ? op.getLhs() : Value();
      })
      .add<ShrOp>("x>>0 → x", [](ShrOp op, RuleContext &) -> Value {
        return isConstInt(op.getRhs(), 0) ? op.getLhs() : Value();
      })
      .add<MulOp>("x*1 → x", [](MulOp op, RuleContext &) -> Value {
        return isConstInt(op.getRhs(), 1) || isFloatOne(op.getRhs())
                   ? op.getLhs()
                   : Value();
      })
      .add<FloorDivOp>("x//1 → x", [](FloorDivOp op, RuleContext &) -> Value {
        return isConstInt(op.getRhs(), 1) ? op.getLhs() : Value();
      })
      .add<CDivOp>("x cdiv 1 → x", [](CDivOp op, RuleContext &) -> Value {
        return isConstInt(op.getRhs(), 1) ? op.getLhs() : Value();
      })
      .add<FloorDivOp>("x//-1 → x*-1", [](FloorDivOp op, RuleContext &c) -> Value {
        if (!isConstInt(op.getRhs(), -1) || !isSignedIntLike(op.getType()))
          return {};
        return -c(op.getLhs());
      })
      .add<FloorDivOp>("x//x → 1", [](FloorDivOp op, RuleContext &c) -> Value {
        if (!isSameValue(op.getLhs(), op.getRhs()))
          return {};
        return c.builder.constLike(op, 1);
      })
      .add<XorOp>("(x^y)^y → x", [](XorOp op, RuleContext &) -> Value {
        return eitherOrder(op, [](Value inner, Value y) -> Value {
          auto xor_ = inner.getDefiningOp<XorOp>();
          if (!xor_)
            return {};
          if (isSameValue(xor_.getRhs(), y))
            return xor_.getLhs();
          if (isSameValue(xor_.getLhs(), y))
            return xor_.getRhs();
          return {};
        });
      })
      .add<FloorModOp>("(x%y)%y → x%y", [](FloorModOp op, RuleContext &) -> Value {
        auto inner = op.getLhs().getDefiningOp<FloorModOp>();
        if (inner && isSameValue(inner.getRhs(), op.getRhs()))
          return inner;
        return {};
      })
      .add<CModOp>("(x cmod y) cmod y → x cmod y", [](CModOp op, RuleContext &) -> Value {
        auto inner = op.getLhs().getDefiningOp<CModOp>();
        if (inner && isSameValue(inner.getRhs(), op.getRhs()))
          return inner;
        return {};
      });
}

void addZeroFolding(RuleSet &rules) {
  rules
      .add<CmpLtOp>("x<x → False", [](CmpLtOp op, RuleContext &c) -> Value {
        if (!isSameValue(op.getLhs(), op.getRhs()))
          return {};
        return c.builder.constBool(op.getLhs(), false);
      })
      .add<CmpNeOp>("x!=x → False (not for floats: NaN)",
                    [](CmpNeOp op, RuleContext &c) -> Value {
                      if (isFloatLike(op.getLhs().getType()) ||
                          !isSameValue(op.getLhs(), op.getRhs()))
                        return {};
                      return c.builder.constBool(op.getLhs(), false);
                    })
      .add<FloorModOp>("x%x → 0", [](FloorModOp op, RuleContext &c) -> Value {
        if (!isSameValue(op.getLhs(), op.getRhs()))
          return {};
        return c.builder.constLike(op, 0);
      })
      .add<XorOp>("x^x → 0", [](XorOp op, RuleContext &c) -> Value {
        if (!isSameValue(op.getLhs(), op.getRhs()))
          return {};
        return c.builder.constLike(op, 0);
      })
      .add<AndOp>("x&0 → 0", [](AndOp op, RuleContext &c) -> Value {
        if (!isConstInt(op.getRhs(), 0))
          return {};
        return c.builder.constLike(op, 0);
      })
      .add<MulOp>("x*0 → 0 (integers; floats have inf*0 = NaN)",
                  [](MulOp op, RuleContext &c) -> Value {
                    if (!isIntLike(op.getType()) || !isConstInt(op.getRhs(), 0))
                      return {};
                    return c.builder.constLike(op, 0);
                  })
      .add<ShrOp>("(x&mask)>>k → x>>k when mask keeps every bit from k up",
                  [](ShrOp op, RuleContext &c) -> Value {
                    std::optional<int64_t> k = getConstInt(op.getRhs());
                    auto masked = withConst<AndOp>(op.getLhs());
                    Type element = getElementTypeOrSelf(op.getType());
                    unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
                    if (!k || !masked || *k <= 0 || *k >= std::min(width, 63u))
                      return {};
                    uint64_t all = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
                    uint64_t low = (uint64_t(1) << *k) - 1;
                    if (((uint64_t(masked->second) | low) & all) != all)
                      return {};
                    return c.builder.create<ShrOp>(masked->first, op.getRhs());
                  });
}

void addBoolAlgebra(RuleSet &rules) {
  rules
      .add<AndOp>("x&True → x, x&False → False (bool)",
                  [](AndOp op, RuleContext &) -> Value {
                    std::optional<int64_t> c = getConstInt(op.getRhs());
                    if (!isBoolLike(op.getType()) || !c)
                      return {};
                    return *c ? op.getLhs() : op.getRhs();
                  })
      .add<OrOp>("x|True → True, x|False → x (bool)",
                 [](OrOp op, RuleContext &) -> Value {
                   std::optional<int64_t> c = getConstInt(op.getRhs());
                   if (!isBoolLike(op.getType()) || !c)
                     return {};
                   return *c ? op.getRhs() : op.getLhs();
                 })
      .add<CmpNeOp>("x!=False → x (bool)", [](CmpNeOp op, RuleContext &) -> Value {
        if (!isBoolLike(op.getLhs().getType()) || !isConstInt(op.getRhs(), 0))
          return {};
        return op.getLhs();
      })
      .add<AndOp>("x&x → x", [](AndOp op, RuleContext &) -> Value {
        return isSameValue(op.getLhs(), op.getRhs()) ? op.getLhs() : Value();
      })
      .add<OrOp>("x|x → x", [](OrOp op, RuleContext &) -> Value {
        return isSameValue(op.getLhs(), op.getRhs()) ? op.getLhs() : Value();
      })
      .add<MaxOp>("max(x,x) → x", [](MaxOp op, RuleContext &) -> Value {
        return isSameValue(op.getLhs(), op.getRhs()) ? op.getLhs() : Value();
      })
      .add<MaxOp>("max(x,y) → x|y (bool)", [](MaxOp op, RuleContext &c) -> Value {
        if (!isBoolLike(op.getType()))
          return {};
        return c(op.getLhs()) | c(op.getRhs());
      })
      .add<CmpNeOp>("!!x → x", [](CmpNeOp op, RuleContext &) -> Value {
        Value inner = matchLogicalNot(op);
        return inner ? matchLogicalNot(inner) : Value();
      })
      .add<AndOp>("x&!x → False", [](AndOp op, RuleContext &c) -> Value {
        return eitherOrder(op, [&](Value x, Value notX) -> Value {
          Value inner = matchLogicalNot(notX);
          if (!inner || !isSameValue(inner, x))
            return {};
          return c.builder.constBool(op, false);
        });
      })
      .add<AndOp>("(x<c1)&(x<c2) → x<min(c1,c2), !(x<c1)&!(x<c2) → !(x<max(c1,c2))",
                  [](AndOp op, RuleContext &c) -> Value {
                    auto bound = [](Value v, bool negated) -> std::optional<std::pair<Value, int64_t>> {
                      if (negated && !(v = matchLogicalNot(v)))
                        return std::nullopt;
                      auto lt = v.getDefiningOp<CmpLtOp>();
                      std::optional<int64_t> k = lt ? getConstInt(lt.getRhs()) : std::nullopt;
                      if (!k)
                        return std::nullopt;
                      return std::make_pair(lt.getLhs(), *k);
                    };
                    for (bool negated : {false, true}) {
                      auto a = bound(op.getLhs(), negated), b = bound(op.getRhs(), negated);
                      if (!a || !b || !isSameValue(a->first, b->first))
                        continue;
                      int64_t k = negated ? std::max(a->second, b->second)
                                          : std::min(a->second, b->second);
                      Sym lt = c(a->first) < k;
                      return negated ? lt.logicalNot() : lt;
                    }
                    return {};
                  })
      .add<OrOp>("x|!x → True", [](OrOp op, RuleContext &c) -> Value {
        return eitherOrder(op, [&](Value x, Value notX) -> Value {
          Value inner = matchLogicalNot(notX);
          if (!inner || !isSameValue(inner, x))
            return {};
          return c.builder.constBool(op, true);
        });
      })
      .add<WhereOp>("where(x,True,False) → x, where(x,False,True) → !x",
                    [](WhereOp op, RuleContext &c) -> Value {
                      if (!isBoolLike(op.getType()))
                        return {};
                      std::optional<int64_t> t = getConstInt(op.getTrueValue());
                      std::optional<int64_t> f = getConstInt(op.getFalseValue());
                      if (!t || !f || *t == *f)
                        return {};
                      return *t ? op.getCond() : c(op.getCond()).logicalNot();
                    })
      .add<CmpNeOp>("cast(x:bool) != c → x, !x or True",
                    [](CmpNeOp op, RuleContext &c) -> Value {
                      auto cast = op.getLhs().getDefiningOp<CastOp>();
                      std::optional<int64_t> k = getConstInt(op.getRhs());
                      if (!cast || !k || !isBoolLike(cast.getX().getType()) ||
                          !isIntLike(cast.getType()))
                        return {};
                      if (*k == 0)
                        return cast.getX();
                      if (*k == 1)
                        return c(cast.getX()).logicalNot();
                      return c.builder.constBool(op.getLhs(), true);
                    });
}

void addCastFolding(RuleSet &rules) {
  rules
      .add<CastOp>("cast(cast(x,a),b) → x if b = type(x) and x→a is lossless",
                   [](CastOp op, RuleContext &) -> Value {
                     auto inner = op.getX().getDefiningOp<CastOp>();
                     if (!inner || inner.getX().getType() != op.getType() ||
                         !isLosslessCast(op.getType(), inner.getType()))
                       return {};
                     return inner.getX();
                   })
      .add<CastOp>("cast(cast(x,a),b) → cast(x,b) if x→a is lossless",
                   [](CastOp op, RuleContext &c) -> Value {
                     auto inner = op.getX().getDefiningOp<CastOp>();
                     if (!inner || inner.getX().getType() == op.getType() ||
                         !isLosslessCast(inner.getX().getType(), inner.getType()))
                       return {};
                     return c(inner.getX()).cast(op.getType());
                   })
      .add<BitcastOp>("bitcast(bitcast(x)) → bitcast(x)",
                      [](BitcastOp op, RuleContext &c) -> Value {
                        auto inner = op.getX().getDefiningOp<BitcastOp>();
                        if (!inner)
                          return {};
                        return c.builder.create<BitcastOp>(op.getType(),
                                                           inner.getX());
                      })
      .add<CastOp>("cast(x, bool) → x != 0", [](CastOp op, RuleContext &c) -> Value {
        if (!isBoolLike(op.getType()) || isBoolLike(op.getX().getType()))
          return {};
        Value x = op.getX();
        if (isFloatLike(x.getType())) {
          Type element = getElementTypeOrSelf(x.getType());
          return c.builder.create<CmpNeOp>(
              x, ConstOp::create(c.builder.rewriter, op.getLoc(), x.getType(),
                                 c.builder.rewriter.getFloatAttr(element, 0.0)));
        }
        return c(x).ne(0);
      });
}

void addWhereFolding(RuleSet &rules) {
  rules
      .add<WhereOp>("where(!c,t,f) → where(c,f,t)", [](WhereOp op, RuleContext &c) -> Value {
        Value cond = matchLogicalNot(op.getCond());
        if (!cond)
          return {};
        return c(cond).where(c(op.getFalseValue()), c(op.getTrueValue()));
      })
      .add<WhereOp>("where(a,where(b,c,d),d) → where(a&b,c,d)",
                    [](WhereOp op, RuleContext &c) -> Value {
                      auto inner = op.getTrueValue().getDefiningOp<WhereOp>();
                      if (!inner || !isSameValue(inner.getFalseValue(), op.getFalseValue()))
                        return {};
                      return (c(op.getCond()) & c(inner.getCond()))
                          .where(c(inner.getTrueValue()), c(op.getFalseValue()));
                    })
      .add<WhereOp>("where(a,c,where(b,c,d)) → where(a|b,c,d)",
                    [](WhereOp op, RuleContext &c) -> Value {
                      auto inner = op.getFalseValue().getDefiningOp<WhereOp>();
                      if (!inner || !isSameValue(inner.getTrueValue(), op.getTrueValue()))
                        return {};
                      return (c(op.getCond()) | c(inner.getCond()))
                          .where(c(op.getTrueValue()), c(inner.getFalseValue()));
                    });
}

/// The term rules see one form: tinygrad's, without SUB and NEG.
void addTinygradForm(RuleSet &rules) {
  rules.add<SubOp>("x-y → x+y*-1", rewriteSubAsAdd)
      .add<NegOp>("-x → x*-1", rewriteNegAsMul);
}

/// Wrap-around integer arithmetic is a commutative ring, so these regroup
/// integer terms exactly.
void addTermCombining(RuleSet &rules) {
  rules
      .add<AddOp>("x*c0 + x*c1 → x*(c0+c1), x + x*c → x*(c+1), x+x → x*2",
                  [](AddOp op, RuleContext &c) -> Value {
                    if (!c.canRegroup(op.getType()))
                      return {};
                    auto [x0, c0] = popMulConst(op.getLhs());
                    auto [x1, c1] = popMulConst(op.getRhs());
                    if (!isSameValue(x0, x1) || isConstant(x0))
                      return {};
                    return c(x0) * (c0 + c1);
                  })
      .add<AddOp>("(y + x*c0) + x*c1 → y + x*(c0+c1)",
                  [](AddOp op, RuleContext &c) -> Value {
                    if (!c.canRegroup(op.getType()))
                      return {};
                    return eitherOrder(op, [&](Value sum, Value scaled) -> Value {
                      auto inner = sum.getDefiningOp<AddOp>();
                      auto [x1, c1] = popMulConst(scaled);
                      if (!inner || isConstant(x1))
                        return {};
                      for (auto [y, term] : {std::pair(inner.getLhs(), inner.getRhs()),
                                             std::pair(inner.getRhs(), inner.getLhs())}) {
                        auto [x0, c0] = popMulConst(term);
                        if (isSameValue(x0, x1))
                          return c(y) + c(x0) * (c0 + c1);
                      }
                      return {};
                    });
                  })
      .add<AddOp>("(x+c1)+y → (x+y)+c1", [](AddOp op, RuleContext &c) -> Value {
        if (!c.canRegroup(op.getType()))
          return {};
        return eitherOrder(op, [&](Value sum, Value y) -> Value {
          auto inner = withConst<AddOp>(sum);
          if (!inner || isConstant(y))
            return {};
          return (c(inner->first) + c(y)) + inner->second;
        });
      })
      .add<MulOp>("(x*c1)*y → (x*y)*c1", [](MulOp op, RuleContext &c) -> Value {
        if (!c.canRegroup(op.getType()))
          return {};
        return eitherOrder(op, [&](Value product, Value y) -> Value {
          auto inner = withConst<MulOp>(product);
          if (!inner || isConstant(y))
            return {};
          return (c(inner->first) * c(y)) * inner->second;
        });
      })
      .add<MulOp>("(x+c)*-1 → x*-1 + -c, (x+c)*k → x*k + c*k",
                  [](MulOp op, RuleContext &c) -> Value {
                    std::optional<int64_t> k = getConstInt(op.getRhs());
                    auto sum = withConst<AddOp>(op.getLhs());
                    if (!isIntLike(op.getType()) || !k || !sum)
                      return {};
                    return c(sum->first) * *k + sum->second * *k;
                  });
}

template <typename OpTy>
void addAssociativeConstants(RuleSet &rules, StringRef text) {
  rules.add<OpTy>(text, [](OpTy op, RuleContext &c) -> Value {
    if (!c.canRegroup(op.getType()) && !isBoolLike(op.getType()) &&
        !std::is_same_v<OpTy, MaxOp>)
      return {};
    auto inner = op.getLhs().template getDefiningOp<OpTy>();
    if (!inner || !isConstant(inner.getRhs()) || !isConstant(op.getRhs()))
      return {};
    Value folded = c.builder.create<OpTy>(inner.getRhs(), op.getRhs());
    return c.builder.create<OpTy>(inner.getLhs(), folded);
  });
}

void addConstantRegrouping(RuleSet &rules) {
  addAssociativeConstants<AddOp>(rules, "(x+c1)+c2 → x+(c1+c2)");
  addAssociativeConstants<MulOp>(rules, "(x*c1)*c2 → x*(c1*c2)");
  addAssociativeConstants<AndOp>(rules, "(x&c1)&c2 → x&(c1&c2)");
  addAssociativeConstants<OrOp>(rules, "(x|c1)|c2 → x|(c1|c2)");
  addAssociativeConstants<MaxOp>(rules, "max(max(x,c1),c2) → max(x,max(c1,c2))");
  rules.add<FloorDivOp>("(x//c1)//c2 → x//(c1*c2) for c2>0",
                        [](FloorDivOp op, RuleContext &c) -> Value {
                          auto inner = withConst<FloorDivOp>(op.getLhs());
                          std::optional<int64_t> c2 = getConstInt(op.getRhs());
                          int64_t product;
                          if (!inner || !c2 || *c2 <= 0 || inner->second == 0 ||
                              !isSignedIntLike(op.getType()) ||
                              !checkedMul(inner->second, *c2, product) ||
                              !fitsType(Bounds{product, product}, op.getType()))
                            return {};
                          return c(inner->first).floordiv(product);
                        });
}

/// tinygrad's _quotient_base: the k for which q == (base - k·div) // div,
/// where q is written `(p + pa)//D + s` over the same p as base (D = div, or
/// c·div when base is `x//c + a`).
std::optional<int64_t> quotientShift(Value q, Value base, int64_t div) {
  auto [qInner, s] = popAddConst(q);
  auto [num, a] = popAddConst(base);
  auto qDiv = withConst<FloorDivOp>(qInner);
  if (!qDiv)
    return std::nullopt;
  int64_t period;
  Value numerator = num;
  auto nested = withConst<FloorDivOp>(num);
  if (div > 0 && nested && checkedMul(nested->second, div, period) &&
      qDiv->second == period) {
    numerator = nested->first;
    if (!checkedMul(a, nested->second, a))
      return std::nullopt;
  } else if (qDiv->second == div) {
    period = div;
  } else {
    return std::nullopt;
  }
  auto [x, xa] = popAddConst(numerator);
  auto [p, pa] = popAddConst(qDiv->first);
  int64_t t = xa + a - pa;
  if (period == 0 || !isSameValue(p, x) || floorMod(t, period) != 0)
    return std::nullopt;
  return floorDiv(t, period) - s;
}

/// x%c·m + (x//c)·c·m → x·m, and the variants tinygrad's
/// fold_add_divmod_recombine knows: a shifted or merged quotient, and a
/// quotient that is itself taken modulo d (→ (x % (c·d))·m).
void addDivModRecombine(RuleSet &rules) {
  rules.add<AddOp>("x%c·m + (x//c)·(c·m) → x·m", [](AddOp op, RuleContext &c) -> Value {
    if (!isSignedIntLike(op.getType()))
      return {};
    SmallVector<Value> terms = splitAdd(op);
    for (auto [i, term] : llvm::enumerate(terms)) {
      auto [modValue, mul] = popMulConst(term);
      auto mod = withConst<FloorModOp>(modValue);
      if (!mod)
        continue;
      auto [base, div] = *mod;
      for (auto [j, other] : llvm::enumerate(terms)) {
        auto [q, scale] = popMulConst(other);
        int64_t expectedScale;
        if (i == j || !checkedMul(div, mul, expectedScale) || scale != expectedScale)
          continue;
        SmallVector<Value> rest;
        for (auto [k, t] : llvm::enumerate(terms))
          if (k != i && k != j)
            rest.push_back(t);
        auto rebuild = [&, scaleBy = mul](Sym b) {
          rest.push_back(scaleBy == 1 ? b : b * scaleBy);
          return c.builder.sum(rest, op);
        };
        if (std::optional<int64_t> k = quotientShift(q, base, div))
          return rebuild(*k ? c(base) - *k * div : c(base));
        auto outer = withConst<FloorModOp>(q);
        int64_t wide;
        if (outer && outer->second > 0 && checkedMul(div, outer->second, wide))
          if (std::optional<int64_t> k = quotientShift(outer->first, base, div))
            return rebuild((*k ? c(base) - *k * div : c(base)).floormod(wide));
      }
    }
    return {};
  });
}

//===----------------------------------------------------------------------===//
// Movement ops (tinygrad's mop_cleanup and view merging)
//===----------------------------------------------------------------------===//

void addMovementMerging(RuleSet &rules) {
  rules
      .add<ReshapeOp>("reshape(reshape(x)) → reshape(x)",
                      [](ReshapeOp op, RuleContext &c) -> Value {
                        auto inner = op.getX().getDefiningOp<ReshapeOp>();
                        if (!inner)
                          return {};
                        return c.builder.create<ReshapeOp>(op.getType(), inner.getX());
                      })
      .add<PermuteOp>("permute(permute(x,p),q) → permute(x,p∘q)",
                      [](PermuteOp op, RuleContext &c) -> Value {
                        auto inner = op.getX().getDefiningOp<PermuteOp>();
                        if (!inner)
                          return {};
                        SmallVector<int64_t> order;
                        for (int64_t axis : op.getOrder())
                          order.push_back(inner.getOrder()[axis]);
                        return c.builder.create<PermuteOp>(inner.getX(), order);
                      })
      .add<ReshapeOp>(
          "reshape(permute(x,p)) of size-1 axes → permute(reshape(x),p') with x's size-1 axes "
          "dropped first",
          [](ReshapeOp op, RuleContext &c) -> Value {
            // The size-1 axes leave before the permute, where they stood
            // between it and a permute or reshape it merges with (a
            // gradient's permute, drop, permute back).
            auto permute = op.getX().getDefiningOp<PermuteOp>();
            auto nonUnit = [](ArrayRef<int64_t> shape) {
              return llvm::to_vector(llvm::make_filter_range(shape, [](int64_t n) { return n != 1; }));
            };
            if (!permute)
              return {};
            ArrayRef<int64_t> in = permute.getX().getType().getShape();
            SmallVector<int64_t> kept = nonUnit(in);
            if (kept.size() == in.size() ||
                nonUnit(permute.getType().getShape()) != nonUnit(op.getType().getShape()))
              return {};
            SmallVector<int64_t> rank(in.size(), -1), order;
            for (int64_t axis = 0, next = 0; axis < int64_t(in.size()); ++axis)
              if (in[axis] != 1)
                rank[axis] = next++;
            for (int64_t axis : permute.getOrder())
              if (rank[axis] >= 0)
                order.push_back(rank[axis]);
            Type element = op.getType().getElementType();
            Value dropped = c.builder.create<ReshapeOp>(RankedTensorType::get(kept, element),
                                                        permute.getX());
            Value moved = c.builder.create<PermuteOp>(dropped, order);
            if (moved.getType() == op.getType())
              return moved;
            return c.builder.create<ReshapeOp>(op.getType(), moved);
          })
      .add<ExpandOp>("expand(expand(x)) → expand(x)",
                     [](ExpandOp op, RuleContext &c) -> Value {
                       auto inner = op.getX().getDefiningOp<ExpandOp>();
                       if (!inner)
                         return {};
                       return c.builder.create<ExpandOp>(op.getType(), inner.getX());
                     })
      .add<ShrinkOp>("shrink(shrink(x)) → shrink(x)",
                     [](ShrinkOp op, RuleContext &c) -> Value {
                       auto inner = op.getX().getDefiningOp<ShrinkOp>();
                       if (!inner)
                         return {};
                       SmallVector<int64_t> begin, end;
                       for (auto [outer, base] : llvm::zip(op.getBegin(), inner.getBegin()))
                         begin.push_back(base + outer);
                       for (auto [outer, base] : llvm::zip(op.getEnd(), inner.getBegin()))
                         end.push_back(base + outer);
                       return c.builder.create<ShrinkOp>(inner.getX(), begin, end);
                     })
      .add<PadOp>("pad(pad(x)) → pad(x)", [](PadOp op, RuleContext &c) -> Value {
        auto inner = op.getX().getDefiningOp<PadOp>();
        if (!inner)
          return {};
        SmallVector<int64_t> low, high;
        for (auto [a, b] : llvm::zip(op.getLow(), inner.getLow()))
          low.push_back(a + b);
        for (auto [a, b] : llvm::zip(op.getHigh(), inner.getHigh()))
          high.push_back(a + b);
        return c.builder.create<PadOp>(inner.getX(), low, high);
      })
      .add<FlipOp>("flip(flip(x,a),b) → flip(x, a xor b)",
                   [](FlipOp op, RuleContext &c) -> Value {
                     auto inner = op.getX().getDefiningOp<FlipOp>();
                     if (!inner)
                       return {};
                     SmallVector<int64_t> axes;
                     for (int64_t axis = 0; axis < op.getType().getRank(); ++axis)
                       if (llvm::is_contained(op.getAxes(), axis) !=
                           llvm::is_contained(inner.getAxes(), axis))
                         axes.push_back(axis);
                     return c.builder.create<FlipOp>(inner.getX(), axes);
                   })
      .add<ShrinkOp>("shrink(pad(x)) inside x → shrink(x)",
                     [](ShrinkOp op, RuleContext &c) -> Value {
                       auto pad = op.getX().getDefiningOp<PadOp>();
                       if (!pad)
                         return {};
                       RankedTensorType source = pad.getX().getType();
                       SmallVector<int64_t> begin, end;
                       for (int64_t axis = 0; axis < source.getRank(); ++axis) {
                         int64_t b = op.getBegin()[axis] - pad.getLow()[axis];
                         int64_t e = op.getEnd()[axis] - pad.getLow()[axis];
                         if (b < 0 || e > source.getDimSize(axis))
                           return {};
                         begin.push_back(b);
                         end.push_back(e);
                       }
                       return c.builder.create<ShrinkOp>(pad.getX(), begin, end);
                     });
}

} // namespace

void mlir::tg::populateCanonicalizationRules(RewritePatternSet &patterns,
                                             RuleOptions options) {
  RuleSet rules(patterns, options);
  addTinygradForm(rules);
  addSelfFolding(rules);
  addZeroFolding(rules);
  addBoolAlgebra(rules);
  addCastFolding(rules);
  addWhereFolding(rules);
  addTermCombining(rules);
  addConstantRegrouping(rules);
  addDivModRecombine(rules);
  addMovementMerging(rules);
}

void mlir::tg::registerTGDialect(DialectRegistry &registry) {
  registry.insert<TGDialect>();
  registry.addExtension(+[](MLIRContext *, TGDialect *dialect) {
    dialect->canonicalizationPatterns = [](RewritePatternSet &patterns) {
      populateCanonicalizationRules(patterns);
    };
  });
}
