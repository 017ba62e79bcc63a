//===- Rules.h - tinygrad's rules as MLIR rewrite patterns ------*- C++ -*-===//
//
// tinygrad writes a rule as `(UPat, fn)`: match a shape, then build the
// replacement with UOp helpers (split_uop, pop_const, const_factor,
// divides, vmin/vmax) and operator sugar (`x*(c0+c1)`). Here a rule is one
// OpRewritePattern rooted at an op, named by its `before → after` text, whose
// body uses the same helpers over MLIR values:
//
//   rules.add<AddOp>("x*c0 + x*c1 → x*(c0+c1)", [](AddOp op, RuleContext &c) {...});
//
// A rule decides before it builds: it returns a null Value, having created
// nothing, when it does not apply.
//
//===----------------------------------------------------------------------===//
#ifndef TG_DIALECT_TG_RULES_RULES_H
#define TG_DIALECT_TG_RULES_RULES_H

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/PatternMatch.h"

#include <functional>

#include <optional>

namespace mlir::tg::sym {

//===----------------------------------------------------------------------===//
// Looking at values
//===----------------------------------------------------------------------===//

/// The value of an integer, index or bool constant (scalar or splat) as
/// int64_t: signed for signless and index types, unsigned values and bools
/// zero-extended; nullopt when not a constant or not representable.
std::optional<int64_t> getConstInt(Value v);
bool isConstInt(Value v, int64_t c);
/// The value of a float constant (scalar or splat).
std::optional<APFloat> getConstFloat(Value v);
bool isConstant(Value v);

/// Index or signless (signed) integers: the domain of tinygrad's index rules,
/// where int64_t arithmetic on the bounds is meaningful.
bool isSignedIntLike(Type type);
/// Any integer or index type, signed or unsigned, but not bool.
bool isIntLike(Type type);
bool isBoolLike(Type type);
bool isFloatLike(Type type);

/// Structural equality: the same value, or the same pure op applied to
/// structurally equal operands (tinygrad's hash-consed `is`).
bool isSameValue(Value a, Value b);

/// The defining op of `v` if it is an `OpTy`.
template <typename OpTy>
OpTy def(Value v) {
  return v.getDefiningOp<OpTy>();
}

/// `root` with every use of `from` inside its tg expression tree replaced by
/// `to`, cloning only the ops on a path from `from` (tinygrad's substitute);
/// `root` itself when `from` does not occur.
Value substitute(PatternRewriter &rewriter, Value root, Value from, Value to);
/// Whether `needle` occurs in the tg expression tree of `root`.
bool occursIn(Value needle, Value root);
/// The number of distinct tg ops computing `root` (tinygrad's
/// len(backward_slice)), to choose the smaller of two equivalent results.
size_t expressionSize(Value root);

/// `sep` applied as a tree, flattened: split_uop.
SmallVector<Value> splitAdd(Value v);
SmallVector<Value> splitMul(Value v);

/// `x + c` → (x, c) and `x * c` → (x, c), else (v, identity): pop_const.
std::pair<Value, int64_t> popAddConst(Value v);
std::pair<Value, int64_t> popMulConst(Value v);

/// The largest known integer dividing `v`: const_factor.
int64_t constFactor(Value v);
/// Whether `divides(v, c)` would succeed.
bool isDivisibleBy(Value v, int64_t c);

/// Whether every value in `b` is a value of the integer or index `type`.
bool fitsType(const Bounds &b, Type type);

/// Floor division and modulo on int64_t (Python's // and %).
int64_t floorDiv(int64_t a, int64_t b);
int64_t floorMod(int64_t a, int64_t b);
/// Whether the mathematical result fits; false on overflow.
bool checkedAdd(int64_t a, int64_t b, int64_t &out);
bool checkedMul(int64_t a, int64_t b, int64_t &out);

//===----------------------------------------------------------------------===//
// Building values: `Sym` handles with tinygrad's operator sugar
//===----------------------------------------------------------------------===//

class SymBuilder;

/// A value being built. Operators create tg ops (folding constants on the
/// way), so a rule's result is written as in tinygrad: `x * (c0 + c1)`.
struct Sym {
  Value value;
  SymBuilder *builder;

  operator Value() const { return value; }
  Type getType() const { return value.getType(); }

  Sym operator+(Sym rhs) const;
  Sym operator+(int64_t rhs) const;
  Sym operator-(Sym rhs) const; // x + rhs*-1, as tinygrad writes it
  Sym operator-(int64_t rhs) const;
  Sym operator-() const; // x * -1
  Sym operator*(Sym rhs) const;
  Sym operator*(int64_t rhs) const;
  Sym floordiv(Sym rhs) const;
  Sym floordiv(int64_t rhs) const;
  Sym floormod(Sym rhs) const;
  Sym floormod(int64_t rhs) const;
  Sym operator<(Sym rhs) const;
  Sym operator<(int64_t rhs) const;
  Sym ne(Sym rhs) const;
  Sym ne(int64_t rhs) const;
  Sym operator&(Sym rhs) const;
  Sym operator|(Sym rhs) const;
  Sym max(Sym rhs) const;
  Sym logicalNot() const; // x != true
  Sym where(Sym t, Sym f) const;
  Sym cast(Type type) const;
};

class SymBuilder {
public:
  /// With `ranges`, an integer value whose range is one value is built as
  /// that constant, so a rule comparing candidate results sees them folded.
  SymBuilder(PatternRewriter &rewriter, Location loc, IntRanges *ranges = nullptr)
      : rewriter(rewriter), loc(loc), ranges(ranges) {}

  Sym operator()(Value v) { return {v, this}; }
  /// An integer or bool constant of `like`'s type.
  Sym constLike(Value like, int64_t c);
  Sym constBool(Value shapeLike, bool c);
  /// `terms[0] + terms[1] + ...`, or 0 of `like`'s type when empty: usum.
  Sym sum(ArrayRef<Value> terms, Value like);
  Sym product(ArrayRef<Value> factors, Value like);

  template <typename OpTy, typename... Args>
  Sym create(Args &&...args) {
    return {foldConstantRange(
                rewriter.createOrFold<OpTy>(loc, std::forward<Args>(args)...)),
            this};
  }

  PatternRewriter &rewriter;
  Location loc;

private:
  Value foldConstantRange(Value v);
  IntRanges *ranges;
  // The builder lives for one rewrite, which adds ops and erases only ones
  // it made and nothing uses: the ranges it computed stay true. Without it
  // each op built would walk the ops under it again, and decomposing the
  // init graph's 16 threefry kernels took 354 ms.
  IntRanges::Memo rangeMemo;
};

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

struct RuleContext;
/// tinygrad's graph holds no SUB or NEG: `x-y` is `x+y*-1` and `-x` is `x*-1`
/// (both exact in IEEE arithmetic). Shared by canonicalization and by
/// tg-decompose for targets without the ops.
Value rewriteSubAsAdd(SubOp op, RuleContext &c);
Value rewriteNegAsMul(NegOp op, RuleContext &c);

/// How rules may rewrite: canonicalization uses the defaults (no ranges,
/// exact arithmetic); tg-symbolic passes its ranges and, as tinygrad does,
/// lets float arithmetic be regrouped.
struct RuleOptions {
  IntRanges *ranges = nullptr;
  /// Treat float + and * as associative, as tinygrad's rules do: results may
  /// differ in the last bits.
  bool reassociateFloats = false;
};

/// What a rule sees besides its root: a builder for the replacement and the
/// options (tinygrad's vmin/vmax among them).
struct RuleContext {
  SymBuilder &builder;
  const RuleOptions &options;

  Sym operator()(Value v) { return builder(v); }
  std::optional<Bounds> bounds(Value v) {
    return options.ranges ? options.ranges->bounds(v) : std::nullopt;
  }
  /// Whether sums and products of `type` may be regrouped: always for
  /// integers (wrap-around arithmetic is a ring), for floats when allowed.
  bool canRegroup(Type type) const {
    return isIntLike(type) || (options.reassociateFloats && isFloatLike(type));
  }

  /// tinygrad's index rules assume unbounded integers. They hold for a value
  /// whose computation provably never wraps around: every add, mul and
  /// negation in its tree, evaluated on the operands' ranges, fits its type.
  bool neverWraps(Value v);

  /// Bounds of Σ coefficients[i]·terms[i] + constant when no partial sum or
  /// product leaves `type` (so the expression, built, never wraps either);
  /// nullopt otherwise or when a term's range is unknown.
  std::optional<Bounds> linearBounds(ArrayRef<Value> terms,
                                     ArrayRef<int64_t> coefficients,
                                     int64_t constant, Type type);
};

template <typename OpTy>
using RuleFn = std::function<Value(OpTy, RuleContext &)>;

/// One rule: a pattern rooted at `OpTy` whose debug name is its text.
template <typename OpTy>
class Rule : public OpRewritePattern<OpTy> {
public:
  Rule(MLIRContext *context, StringRef text, RuleFn<OpTy> fn, RuleOptions options)
      : OpRewritePattern<OpTy>(context), fn(std::move(fn)), options(options) {
    this->setDebugName(text);
  }

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    SymBuilder builder(rewriter, op.getLoc(), options.ranges);
    RuleContext context{builder, options};
    Value replacement = fn(op, context);
    if (!replacement)
      return failure();
    rewriter.replaceOp(op, replacement);
    return success();
  }

private:
  RuleFn<OpTy> fn;
  RuleOptions options;
};

/// Collects rules into a pattern set, as tinygrad's PatternMatcher lists.
class RuleSet {
public:
  explicit RuleSet(RewritePatternSet &patterns, RuleOptions options = {})
      : patterns(patterns), options(options) {}

  template <typename OpTy>
  RuleSet &add(StringRef text, RuleFn<OpTy> fn) {
    patterns.add(std::make_unique<Rule<OpTy>>(patterns.getContext(), text,
                                              std::move(fn), options));
    return *this;
  }

private:
  RewritePatternSet &patterns;
  RuleOptions options;
};

} // namespace mlir::tg::sym

namespace mlir::tg {
/// The rules that hold for every value: tg's canonicalization patterns.
/// tg-symbolic adds them with its ranges and float regrouping.
void populateCanonicalizationRules(RewritePatternSet &patterns,
                                   sym::RuleOptions options = {});
/// Adds the tg dialect to `registry` with its canonicalization patterns
/// (the rules above), which `--canonicalize` then applies to tg ops.
void registerTGDialect(DialectRegistry &registry);
} // namespace mlir::tg

#endif // TG_DIALECT_TG_RULES_RULES_H
