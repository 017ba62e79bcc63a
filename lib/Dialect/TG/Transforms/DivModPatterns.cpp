//===- DivModPatterns.cpp - tinygrad's divandmod.py -----------------------===//
//
// Folding of floor division and modulo by value ranges. An index expression
// is read as Σ fᵢ·tᵢ + k (terms tᵢ with constant factors fᵢ); the rules try,
// in tinygrad's order: a constant quotient, nested div/mod, congruence,
// common factors, and splitting off the multiples of the divisor. Every rule
// checks with the ranges that the expressions it builds cannot overflow, so
// the rewrites are exact for index and signed integers.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "llvm/ADT/SetVector.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tg;
using namespace mlir::tg::sym;

namespace {

/// x = Σ factors[i]·terms[i] + constant.
struct Linear {
  SmallVector<Value> terms;
  SmallVector<int64_t> factors;
  int64_t constant = 0;
};

Linear decompose(Value x) {
  Linear linear;
  auto [peeled, constant] = popAddConst(x);
  linear.constant = constant;
  for (Value u : splitAdd(peeled)) {
    if (std::optional<int64_t> k = getConstInt(u)) {
      linear.constant += *k;
      continue;
    }
    auto [term, factor] = popMulConst(u);
    linear.terms.push_back(term);
    linear.factors.push_back(factor);
  }
  return linear;
}

std::optional<Bounds> boundsOf(RuleContext &c, ArrayRef<Value> terms,
                               ArrayRef<int64_t> coefficients, int64_t constant,
                               Value like) {
  return c.linearBounds(terms, coefficients, constant, like.getType());
}

/// Σ coefficients[i]·terms[i] + constant, skipping zero coefficients.
Sym build(RuleContext &c, ArrayRef<Value> terms, ArrayRef<int64_t> coefficients,
          int64_t constant, Value like) {
  SmallVector<Value> parts;
  for (auto [term, coefficient] : llvm::zip(terms, coefficients)) {
    if (coefficient == 0)
      continue;
    parts.push_back(coefficient == 1 ? term : Value(c(term) * coefficient));
  }
  if (constant != 0 || parts.empty())
    parts.push_back(c.builder.constLike(like, constant));
  return c.builder.sum(parts, like);
}

/// A floor division or modulo to fold: x // y or x % y. The divisor is a
/// value, or just a constant when the rules recurse on x // f without
/// building it (tinygrad's nest_by_factor).
struct DivMod {
  Value x;
  Value y;                         // null when only `divisor` is known
  std::optional<int64_t> divisor;  // y's value when constant
  bool isMod;

  Sym divisorValue(RuleContext &c) const {
    return y ? c(y) : c.builder.constLike(x, *divisor);
  }
  std::optional<Bounds> divisorBounds(RuleContext &c) const {
    if (divisor)
      return Bounds{*divisor, *divisor};
    return c.bounds(y);
  }
  Sym apply(RuleContext &c, Sym numerator) const {
    return isMod ? numerator.floormod(divisorValue(c))
                 : numerator.floordiv(divisorValue(c));
  }
};

Value foldDivModGeneral(const DivMod &d, RuleContext &c);

/// x//y is a constant q: x//y → q, x%y → x - q·y.
Value foldConstantQuotient(const DivMod &d, RuleContext &c) {
  std::optional<Bounds> x = c.bounds(d.x), y = d.divisorBounds(c);
  if (!x || !y || (y->min <= 0 && y->max >= 0))
    return {};
  if (y->min == INT64_MIN || (x->min == INT64_MIN && y->max == -1))
    return {};
  int64_t corners[4] = {floorDiv(x->min, y->min), floorDiv(x->min, y->max),
                        floorDiv(x->max, y->min), floorDiv(x->max, y->max)};
  int64_t q = corners[0];
  if (!llvm::all_of(corners, [&](int64_t v) { return v == q; }))
    return {};
  if (!d.isMod)
    return c.builder.constLike(d.x, q);
  if (q == 0)
    return d.x;
  int64_t low, high;
  if (q == INT64_MIN || !checkedMul(y->min, -q, low) || !checkedMul(y->max, -q, high) ||
      !fitsType(Bounds{std::min(low, high), std::max(low, high)}, d.x.getType()) ||
      !fitsType(Bounds{-q, -q}, d.x.getType()))
    return {};
  return c(d.x) + d.divisorValue(c) * (-q);
}

/// (x % (k·c)) // c → (x // c) % k
Value foldNestedDiv(const DivMod &d, int64_t divisor, RuleContext &c) {
  auto mod = d.x.getDefiningOp<FloorModOp>();
  std::optional<int64_t> m = mod ? getConstInt(mod.getRhs()) : std::nullopt;
  if (d.isMod || !m || *m % divisor != 0 || *m / divisor <= 0)
    return {};
  return c(mod.getLhs()).floordiv(divisor).floormod(*m / divisor);
}

/// (a % (k·c) + b) % c → (a + b) % c
Value foldNestedMod(const DivMod &d, int64_t divisor, RuleContext &c) {
  if (!d.isMod)
    return {};
  auto [peeled, constant] = popAddConst(d.x);
  SmallVector<Value> terms;
  SmallVector<int64_t> factors;
  bool changed = false;
  for (Value u : splitAdd(peeled)) {
    auto [inner, factor] = popMulConst(u);
    auto mod = inner.getDefiningOp<FloorModOp>();
    std::optional<int64_t> m = mod ? getConstInt(mod.getRhs()) : std::nullopt;
    int64_t period;
    // (a % m)·f with m·f a multiple of c: a·f ≡ (a % m)·f (mod c).
    if (m && *m != 0 && checkedMul(*m, factor, period) && period % divisor == 0) {
      terms.push_back(mod.getLhs());
      factors.push_back(factor);
      changed = true;
    } else {
      terms.push_back(u);
      factors.push_back(1);
    }
  }
  if (!changed || !boundsOf(c, terms, factors, constant, d.x))
    return {};
  return build(c, terms, factors, constant, d.x).floormod(divisor);
}

/// Congruence: replace each factor fᵢ by a remainder rᵢ ≡ fᵢ (mod c); when
/// Σ rᵢ·tᵢ + k%c stays within one period, x%c and x//c follow from it.
Value foldCongruence(const DivMod &d, const Linear &x, int64_t divisor,
                     RuleContext &c) {
  if (x.terms.empty())
    return {};
  SmallVector<SmallVector<int64_t, 2>> choices;
  size_t combinations = 1;
  for (int64_t f : x.factors) {
    int64_t r = floorMod(f, divisor);
    if (r * 2 == divisor || x.terms.size() == 1)
      choices.push_back({r, r - divisor});
    else
      choices.push_back({std::abs(r) <= std::abs(r - divisor) ? r : r - divisor});
    combinations *= choices.back().size();
  }
  if (combinations > 256)
    return {};
  int64_t constantRemainder = floorMod(x.constant, divisor);
  SmallVector<int64_t> remainders(x.terms.size());
  for (size_t index = 0; index < combinations; ++index) {
    size_t rest = index;
    for (auto [i, options] : llvm::enumerate(choices)) {
      remainders[i] = options[rest % options.size()];
      rest /= options.size();
    }
    std::optional<Bounds> rem = boundsOf(c, x.terms, remainders, constantRemainder, d.x);
    if (!rem || floorDiv(rem->min, divisor) != floorDiv(rem->max, divisor))
      continue;
    int64_t period = floorDiv(rem->min, divisor);
    if (d.isMod)
      return build(c, x.terms, remainders, constantRemainder - period * divisor, d.x);
    SmallVector<int64_t> quotients;
    for (auto [f, r] : llvm::zip(x.factors, remainders))
      quotients.push_back((f - r) / divisor);
    int64_t constant = floorDiv(x.constant, divisor) + period;
    if (!boundsOf(c, x.terms, quotients, constant, d.x))
      return {};
    return build(c, x.terms, quotients, constant, d.x);
  }
  return {};
}

/// A common factor g of the term factors and c: work on x/g and c/g.
Value foldCommonFactor(const DivMod &d, const Linear &x, int64_t divisor,
                       RuleContext &c) {
  int64_t g = divisor;
  for (int64_t f : x.factors)
    g = std::gcd(g, f);
  if (g <= 1 || x.terms.empty())
    return {};
  SmallVector<int64_t> reduced;
  for (int64_t f : x.factors)
    reduced.push_back(f / g);
  int64_t inner = divisor / g;
  // gcd_with_remainder: the remainder k%g never carries into a multiple of c.
  int64_t constant = floorMod(floorDiv(x.constant, g), inner);
  std::optional<Bounds> bounds = boundsOf(c, x.terms, reduced, constant, d.x);
  if (!bounds || bounds->min < 0)
    return {};
  Sym newX = build(c, x.terms, reduced, constant, d.x);
  if (d.isMod)
    return newX.floormod(inner) * g + floorMod(x.constant, g);
  return newX.floordiv(inner) + floorDiv(x.constant, divisor);
}

/// nest_by_factor: x//c → (x//f)//(c//f) and x%c → ((x//f) % (c//f))·f + b
/// with b = x%f, for a term factor f dividing c, when x//f simplifies; the
/// smallest result wins.
Value foldNestByFactor(const DivMod &d, const Linear &x, int64_t divisor,
                       RuleContext &c) {
  llvm::SmallSetVector<int64_t, 4> factors;
  for (int64_t f : x.factors)
    if (1 < std::abs(f) && std::abs(f) < divisor && divisor % f == 0)
      factors.insert(std::abs(f));
  std::optional<Bounds> xBounds = c.bounds(d.x);
  Value best;
  size_t bestSize = SIZE_MAX;
  for (int64_t f : factors) {
    // For the modulo the remainder b = Σ (fᵢ%f)·tᵢ + k%f must stay in [0, f).
    SmallVector<int64_t> low;
    for (int64_t factor : x.factors)
      low.push_back(floorMod(factor, f));
    std::optional<Bounds> b = boundsOf(c, x.terms, low, floorMod(x.constant, f), d.x);
    if (d.isMod && (!xBounds || xBounds->min < 0 || !b || b->min < 0 || b->max >= f))
      continue;
    Value nested = foldDivModGeneral(DivMod{d.x, Value(), f, false}, c);
    if (!nested)
      continue;
    Sym result = d.isMod ? c(nested).floormod(divisor / f) * f +
                               build(c, x.terms, low, floorMod(x.constant, f), d.x)
                         : c(nested).floordiv(divisor / f);
    size_t size = expressionSize(result);
    if (size < bestSize) {
      best = result;
      bestSize = size;
    }
  }
  return best;
}

/// A term as a product: its non-constant factors and its constant.
struct Product {
  SmallVector<Value> factors;
  int64_t constant = 1;
};

Product productOf(Value term) {
  Product p;
  for (Value factor : splitMul(term)) {
    if (std::optional<int64_t> k = getConstInt(factor))
      p.constant *= *k;
    else
      p.factors.push_back(factor);
  }
  return p;
}

/// divide_by_gcd: the symbolic gcd g of the terms of x and of y (common
/// variable factors and the gcd of the constants): x//y → (x/g)//(y/g) and
/// x%y → ((x/g) % (y/g))·g.
Value foldSymbolicGcd(const DivMod &d, RuleContext &c) {
  SmallVector<Product> terms;
  for (Value u : splitAdd(d.x))
    terms.push_back(productOf(u));
  terms.push_back(d.y ? productOf(d.y) : Product{{}, *d.divisor});
  // Intersect the factor multisets, and take the gcd of the constants.
  SmallVector<Value> common = terms.front().factors;
  int64_t g = 0;
  for (const Product &p : terms) {
    g = std::gcd(g, p.constant);
    SmallVector<Value> kept, pool = p.factors;
    for (Value f : common) {
      auto it = llvm::find_if(pool, [&](Value v) { return isSameValue(v, f); });
      if (it != pool.end()) {
        kept.push_back(f);
        pool.erase(it);
      }
    }
    common = kept;
  }
  if (g == 0 || (g == 1 && common.empty()))
    return {};
  auto divide = [&](const Product &p) {
    SmallVector<Value> rest = p.factors;
    for (Value f : common)
      rest.erase(llvm::find_if(rest, [&](Value v) { return isSameValue(v, f); }));
    Sym value = c.builder.product(rest, d.x);
    return p.constant / g == 1 && !rest.empty() ? value : value * (p.constant / g);
  };
  SmallVector<Value> dividedTerms;
  for (const Product &p : ArrayRef(terms).drop_back())
    dividedTerms.push_back(divide(p));
  Sym numerator = c.builder.sum(dividedTerms, d.x);
  Sym denominator = divide(terms.back());
  if (!d.isMod)
    return numerator.floordiv(denominator);
  Sym gcd = c.builder.product(common, d.x) * g;
  return numerator.floormod(denominator) * gcd;
}

/// `p / divisor` when every factor of `divisor` is one of p's and the
/// constants divide: tinygrad's divide_exact.
std::optional<Product> divideExact(const Product &p, const Product &divisor) {
  if (divisor.constant == 0 || p.constant % divisor.constant != 0)
    return std::nullopt;
  Product quotient{p.factors, p.constant / divisor.constant};
  for (Value f : divisor.factors) {
    auto it = llvm::find_if(quotient.factors,
                            [&](Value v) { return isSameValue(v, f); });
    if (it == quotient.factors.end())
      return std::nullopt;
    quotient.factors.erase(it);
  }
  return quotient;
}

/// Bounds of Σ products (each factors·constant), or nullopt when a partial
/// result leaves the type of `like`.
std::optional<Bounds> boundsOfProducts(RuleContext &c, ArrayRef<Product> parts,
                                       Value like) {
  Bounds total{0, 0};
  for (const Product &p : parts) {
    Bounds term{p.constant, p.constant};
    for (Value f : p.factors) {
      std::optional<Bounds> b = c.bounds(f);
      if (!b)
        return std::nullopt;
      int64_t corners[4];
      if (!checkedMul(term.min, b->min, corners[0]) ||
          !checkedMul(term.min, b->max, corners[1]) ||
          !checkedMul(term.max, b->min, corners[2]) ||
          !checkedMul(term.max, b->max, corners[3]))
        return std::nullopt;
      term = {*std::min_element(corners, corners + 4),
              *std::max_element(corners, corners + 4)};
      if (!fitsType(term, like.getType()))
        return std::nullopt;
    }
    if (!checkedAdd(total.min, term.min, total.min) ||
        !checkedAdd(total.max, term.max, total.max) ||
        !fitsType(total, like.getType()))
      return std::nullopt;
  }
  return total;
}

Sym buildProducts(RuleContext &c, ArrayRef<Product> parts, Value like) {
  SmallVector<Value> terms;
  for (const Product &p : parts) {
    if (p.constant == 0)
      continue;
    Sym term = c.builder.product(p.factors, like);
    terms.push_back(p.factors.empty() ? Value(c.builder.constLike(like, p.constant))
                    : p.constant == 1 ? Value(term)
                                      : Value(term * p.constant));
  }
  return c.builder.sum(terms, like);
}

/// factor_remainder: (y·q + r) // y → q + r//y and (y·q + r) % y → r % y,
/// for non-negative x and r and positive y; a constant y also splits a term
/// f·t into (f//y)·t + (f%y)·t.
Value foldFactorRemainder(const DivMod &d, RuleContext &c) {
  std::optional<Bounds> x = c.bounds(d.x), y = d.divisorBounds(c);
  if (!x || !y || x->min < 0 || y->min <= 0)
    return {};
  Product divisor = d.y ? productOf(d.y) : Product{{}, *d.divisor};
  SmallVector<Product> quotient, remainder;
  for (Value u : splitAdd(d.x)) {
    Product term = productOf(u);
    if (std::optional<Product> q = divideExact(term, divisor)) {
      quotient.push_back(*q);
    } else if (d.divisor && floorMod(term.constant, *d.divisor) != term.constant) {
      remainder.push_back({term.factors, floorMod(term.constant, *d.divisor)});
      quotient.push_back({term.factors, floorDiv(term.constant, *d.divisor)});
    } else {
      remainder.push_back(term);
    }
  }
  if (quotient.empty())
    return {};
  std::optional<Bounds> rem = boundsOfProducts(c, remainder, d.x);
  if (!rem || rem->min < 0 || !boundsOfProducts(c, quotient, d.x))
    return {};
  Sym divided = d.apply(c, buildProducts(c, remainder, d.x));
  if (d.isMod)
    return divided;
  return divided + buildProducts(c, quotient, d.x);
}

/// tinygrad's fold_divmod_general, in its order.
Value foldDivModGeneral(const DivMod &d, RuleContext &c) {
  if (!isSignedIntLike(d.x.getType()) || d.divisor == 0 || !c.neverWraps(d.x) ||
      (d.y && !c.neverWraps(d.y)))
    return {};
  if (Value v = foldConstantQuotient(d, c))
    return v;
  if (d.divisor && *d.divisor > 0) {
    Linear x = decompose(d.x);
    for (auto fold : {foldNestedDiv, foldNestedMod})
      if (Value v = fold(d, *d.divisor, c))
        return v;
    for (auto fold : {foldCongruence, foldCommonFactor, foldNestByFactor})
      if (Value v = fold(d, x, *d.divisor, c))
        return v;
  }
  if (Value v = foldSymbolicGcd(d, c))
    return v;
  return foldFactorRemainder(d, c);
}

/// For (x+c) // d and (x+c) % d where c has a multiple of d to split off:
/// (x, c, d).
template <typename OpTy>
std::optional<std::tuple<Value, int64_t, int64_t>>
splitConstantMultiple(OpTy op, RuleContext &c) {
  auto [x, k] = popAddConst(op.getLhs());
  std::optional<int64_t> d = getConstInt(op.getRhs());
  if (!d || *d == 0 || k == 0 || floorMod(k, *d) == k ||
      !isSignedIntLike(op.getType()) || !c.neverWraps(op.getLhs()) ||
      !boundsOf(c, {x}, {1}, floorMod(k, *d), op))
    return std::nullopt;
  return std::make_tuple(x, k, *d);
}

template <typename OpTy>
DivMod divModOf(OpTy op) {
  return {op.getLhs(), op.getRhs(), getConstInt(op.getRhs()),
          std::is_same_v<OpTy, FloorModOp>};
}

} // namespace

void mlir::tg::populateDivModPatterns(RewritePatternSet &patterns,
                                      IntRanges &ranges) {
  RuleSet rules(patterns, {&ranges});
  rules
      .add<FloorDivOp>("(x//c + a)//d → (x + a·c)//(c·d) for d>0",
                       [](FloorDivOp op, RuleContext &c) -> Value {
                         auto [inner, a] = popAddConst(op.getLhs());
                         auto div = inner.getDefiningOp<FloorDivOp>();
                         std::optional<int64_t> k = div ? getConstInt(div.getRhs())
                                                        : std::nullopt;
                         std::optional<int64_t> d = getConstInt(op.getRhs());
                         int64_t shift, product;
                         if (!k || !d || a == 0 || *k == 0 || *d <= 0 ||
                             !isSignedIntLike(op.getType()) ||
                             !checkedMul(a, *k, shift) || !checkedMul(*k, *d, product) ||
                             !fitsType(Bounds{product, product}, op.getType()) ||
                             !boundsOf(c, {div.getLhs()}, {1}, shift, op) ||
                             !c.neverWraps(op.getLhs()))
                           return {};
                         return (c(div.getLhs()) + shift).floordiv(product);
                       })
      .add<FloorDivOp>("(x+c)//d → (x + c%d)//d + c//d",
                       [](FloorDivOp op, RuleContext &c) -> Value {
                         auto split = splitConstantMultiple(op, c);
                         if (!split)
                           return {};
                         auto [x, k, d] = *split;
                         return (c(x) + floorMod(k, d)).floordiv(d) + floorDiv(k, d);
                       })
      .add<FloorModOp>("(x+c)%d → (x + c%d)%d", [](FloorModOp op, RuleContext &c) -> Value {
        auto split = splitConstantMultiple(op, c);
        if (!split)
          return {};
        auto [x, k, d] = *split;
        return (c(x) + floorMod(k, d)).floormod(d);
      })
      .add<FloorDivOp>("fold_divmod_general(x//y)", [](FloorDivOp op, RuleContext &c) {
        return foldDivModGeneral(divModOf(op), c);
      })
      .add<FloorModOp>("fold_divmod_general(x%y)", [](FloorModOp op, RuleContext &c) {
        return foldDivModGeneral(divModOf(op), c);
      });
}
