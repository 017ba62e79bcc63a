//===- DecomposePatterns.cpp - composite ops into a target's primitives ---===//
//
// tinygrad's codegen/decomp rules: an op the target does not support is
// rewritten into ones it does. Each rule is added only when its root op is
// missing from the target's native set.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "llvm/ADT/StringSet.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tg;
using namespace mlir::tg::sym;

namespace {

std::optional<int64_t> log2IfPowerOfTwo(Value v) {
  std::optional<int64_t> c = getConstInt(v);
  if (!c || *c <= 0 || (*c & (*c - 1)) != 0)
    return std::nullopt;
  return llvm::Log2_64(*c);
}

bool isUnsigned(Type type) {
  return getElementTypeOrSelf(type).isUnsignedInteger();
}

/// A float constant of `like`'s type.
Sym floatLike(SymBuilder &b, Value like, double value) {
  Type element = getElementTypeOrSelf(like.getType());
  return b(ConstOp::create(b.rewriter, b.loc, like.getType(),
                           b.rewriter.getFloatAttr(element, value)));
}

/// Both operands have one sign, so C and floor division agree.
bool haveOneSign(RuleContext &c, Value a, Value b) {
  if (isUnsigned(a.getType()))
    return true;
  std::optional<Bounds> x = c.bounds(a), y = c.bounds(b);
  return x && y &&
         ((x->min >= 0 && y->min > 0) || (x->max <= 0 && y->max < 0));
}

/// Where C and floor division differ: a non-zero remainder r of operands with
/// opposite signs.
Sym needsFloorFix(Sym a, Sym b, Sym r) {
  Sym zero = a.builder->constLike(a, 0);
  return r.ne(zero) & (a < zero).ne(b < zero);
}

/// `x ^ n` by repeated squaring (tinygrad's simplify_pow).
Sym powerBySquaring(Sym x, uint64_t n) {
  std::optional<Sym> result;
  for (Sym square = x; n; n >>= 1) {
    if (n & 1)
      result = result ? *result * square : square;
    if (n > 1)
      square = square * square;
  }
  return *result;
}

/// b ** e = exp2(e * log2(|b|)), with tinygrad's xpow fixes: a negative base
/// gives NaN for a non-integer exponent and flips the sign for an odd one;
/// x ** 0 = 1.
Value expandFloatPow(PowOp op, RuleContext &c) {
  SymBuilder &b = c.builder;
  Sym base = c(op.getLhs()), exponent = c(op.getRhs());
  Sym zero = floatLike(b, base, 0.0);
  Sym negative = base < zero;
  Sym magnitude = negative.where(-base, base);
  Sym ret = b.create<Exp2Op>(Value(b.create<Log2Op>(Value(magnitude)) * exponent));
  Sym truncated = b.create<TruncOp>(Value(exponent));
  Sym nonInteger = exponent.ne(truncated);
  Sym half = b.create<TruncOp>(Value(exponent * floatLike(b, base, 0.5)));
  Sym odd = (exponent - half * floatLike(b, base, 2.0)).ne(zero);
  Sym nan = floatLike(b, base, std::nan(""));
  Sym negativeBase = nonInteger.where(
      base.ne(floatLike(b, base, -INFINITY)).where(nan, ret), odd.where(-ret, ret));
  Sym general = negative.where(negativeBase, ret);
  return exponent.ne(zero).where(general, floatLike(b, base, 1.0));
}

uint64_t kThreefryParity = 0x1BD11BDA;

/// Threefry-2x32, 20 rounds, on the 32-bit halves (tinygrad's threefry2x32).
Value expandThreefry(ThreefryOp op, RuleContext &c) {
  SymBuilder &b = c.builder;
  Type wide = op.getType();
  Type narrow = getElementTypeOrSelf(wide) == wide
                    ? Type(b.rewriter.getIntegerType(32, false))
                    : Type(cast<ShapedType>(wide).clone(
                          b.rewriter.getIntegerType(32, false)));
  auto shr = [&](Sym x, int64_t k) { return b.create<ShrOp>(x.value, Value(b.constLike(x, k))); };
  auto shl = [&](Sym x, int64_t k) { return b.create<ShlOp>(x.value, Value(b.constLike(x, k))); };
  auto xor_ = [&](Sym x, Sym y) { return b.create<XorOp>(x.value, y.value); };
  auto low = [&](Sym x) { return x.cast(narrow); };
  Sym x = c(op.getLhs()), key = c(op.getRhs());
  Sym x0 = low(x), x1 = low(shr(x, 32));
  Sym key0 = low(key), key1 = low(shr(key, 32));
  Sym schedule[3] = {key1, xor_(xor_(key0, key1), b.constLike(key0, kThreefryParity)), key0};
  static constexpr int rotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  Sym r0 = x0 + schedule[2], r1 = x1 + schedule[0];
  for (int64_t i = 0; i < 5; ++i) {
    for (int rotation : rotations[i % 2]) {
      r0 = r0 + r1;
      r1 = xor_(r0, b.create<OrOp>(shl(r1, rotation).value, shr(r1, 32 - rotation).value));
    }
    r0 = r0 + schedule[i % 3];
    r1 = r1 + schedule[(i + 1) % 3] + (i + 1);
  }
  return b.create<OrOp>(shl(r1.cast(wide), 32).value, r0.cast(wide).value);
}

} // namespace

void mlir::tg::populateDecompositionPatterns(RewritePatternSet &patterns,
                                             ArrayRef<std::string> nativeOps,
                                             IntRanges &ranges) {
  llvm::StringSet<> native;
  for (const std::string &name : nativeOps)
    native.insert(name);
  if (nativeOps.empty())
    for (StringRef name : {"exp2", "log2", "sin", "sqrt", "reciprocal", "trunc",
                           "add", "mul", "cdiv", "cmod", "max", "shl", "shr",
                           "and", "or", "xor", "cmplt", "cmpne", "where"})
      native.insert(name);
  auto lacks = [&](StringRef op) { return !native.contains(op); };

  RuleSet rules(patterns, {&ranges});
  if (lacks("floordiv")) {
    if (native.contains("shr"))
      rules.add<FloorDivOp>("x // 2^k → x >> k", [](FloorDivOp op, RuleContext &c) -> Value {
        std::optional<int64_t> k = log2IfPowerOfTwo(op.getRhs());
        if (!k)
          return {};
        return c.builder.create<ShrOp>(op.getLhs(), Value(c.builder.constLike(op, *k)));
      });
    rules.add<FloorDivOp>("a // b → cdiv(a,b) - (cmod(a,b) != 0 & (a<0) != (b<0))",
                          [](FloorDivOp op, RuleContext &c) -> Value {
                            Sym a = c(op.getLhs()), b = c(op.getRhs());
                            Sym q = c.builder.create<CDivOp>(a.value, b.value);
                            if (haveOneSign(c, a, b))
                              return q;
                            Sym r = c.builder.create<CModOp>(a.value, b.value);
                            return q - needsFloorFix(a, b, r).cast(op.getType());
                          });
  }
  if (lacks("floormod")) {
    if (native.contains("and"))
      rules.add<FloorModOp>("x % 2^k → x & (2^k-1)", [](FloorModOp op, RuleContext &c) -> Value {
        std::optional<int64_t> k = log2IfPowerOfTwo(op.getRhs());
        if (!k)
          return {};
        return c.builder.create<AndOp>(
            op.getLhs(), Value(c.builder.constLike(op, (int64_t(1) << *k) - 1)));
      });
    rules.add<FloorModOp>("a % b → cmod(a,b) + where(r != 0 & (a<0) != (b<0), b, 0)",
                          [](FloorModOp op, RuleContext &c) -> Value {
                            Sym a = c(op.getLhs()), b = c(op.getRhs());
                            Sym r = c.builder.create<CModOp>(a.value, b.value);
                            if (haveOneSign(c, a, b))
                              return r;
                            return r + needsFloorFix(a, b, r).where(b, c.builder.constLike(a, 0));
                          });
  }
  if (lacks("sub"))
    rules.add<SubOp>("x-y → x+y*-1", rewriteSubAsAdd);
  if (lacks("neg"))
    rules.add<NegOp>("-x → x*-1", rewriteNegAsMul);
  if (lacks("fdiv"))
    rules.add<FDivOp>("x/y → x*reciprocal(y)", [](FDivOp op, RuleContext &c) -> Value {
      return c(op.getLhs()) * c.builder.create<ReciprocalOp>(op.getRhs());
    });
  if (lacks("pow"))
    rules.add<PowOp>("x^n → x·x·…, x^y → exp2(y·log2|x|) with sign fixes",
                     [](PowOp op, RuleContext &c) -> Value {
                       Sym x = c(op.getLhs());
                       if (isFloatLike(op.getType())) {
                         std::optional<APFloat> e = getConstFloat(op.getRhs());
                         if (e && e->isInteger() && !e->isNegative() &&
                             e->convertToDouble() <= 64) {
                           auto n = static_cast<uint64_t>(e->convertToDouble());
                           return n == 0 ? floatLike(c.builder, x, 1.0)
                                         : powerBySquaring(x, n);
                         }
                         return expandFloatPow(op, c);
                       }
                       std::optional<int64_t> n = getConstInt(op.getRhs());
                       if (!n || *n < 0 || *n > 64)
                         return {};
                       return *n == 0 ? c.builder.constLike(x, 1) : powerBySquaring(x, *n);
                     });
  if (lacks("cmpeq"))
    rules.add<CmpEqOp>("x == y → !(x != y)", [](CmpEqOp op, RuleContext &c) -> Value {
      return c(op.getLhs()).ne(c(op.getRhs())).logicalNot();
    });
  if (lacks("cmpne"))
    rules.add<CmpNeOp>("x != y → (x<y) | (y<x) (integers)",
                       [](CmpNeOp op, RuleContext &c) -> Value {
                         if (isFloatLike(op.getLhs().getType()))
                           return {};
                         Sym x = c(op.getLhs()), y = c(op.getRhs());
                         if (isBoolLike(op.getLhs().getType()))
                           return c.builder.create<XorOp>(x.value, y.value);
                         return (x < y) | (y < x);
                       });
  if (lacks("max"))
    rules.add<MaxOp>("max(a,b) → where(a<b, b, a)", [](MaxOp op, RuleContext &c) -> Value {
      Sym a = c(op.getLhs()), b = c(op.getRhs());
      if (isBoolLike(op.getType()))
        return a | b;
      return (a < b).where(b, a);
    });
  if (lacks("mulacc"))
    rules.add<MulAccOp>("a*b+c → (a*b)+c", [](MulAccOp op, RuleContext &c) -> Value {
      return c(op.getA()) * c(op.getB()) + c(op.getC());
    });
  if (lacks("threefry"))
    rules.add<ThreefryOp>("threefry(x,key) → threefry2x32 rounds", expandThreefry);
}
