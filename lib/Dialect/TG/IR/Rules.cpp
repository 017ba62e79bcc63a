//===- SymbolicUtils.cpp - the vocabulary tinygrad's rules speak ----------===//

#include "tg/Dialect/TG/IR/Rules.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/SmallVector.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tg;
using namespace mlir::tg::sym;

//===----------------------------------------------------------------------===//
// Looking at values
//===----------------------------------------------------------------------===//

std::optional<int64_t> sym::getConstInt(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  auto intAttr = dyn_cast<IntegerAttr>(attr);
  if (!intAttr)
    return std::nullopt;
  const APInt &value = intAttr.getValue();
  Type type = intAttr.getType();
  if (type.isUnsignedInteger() || type.isInteger(1)) {
    if (value.getActiveBits() > 63)
      return std::nullopt;
    return static_cast<int64_t>(value.getZExtValue());
  }
  return value.getSExtValue();
}

bool sym::isConstInt(Value v, int64_t c) {
  std::optional<int64_t> value = getConstInt(v);
  return value && *value == c;
}

std::optional<APFloat> sym::getConstFloat(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (auto floatAttr = dyn_cast<FloatAttr>(attr))
    return floatAttr.getValue();
  return std::nullopt;
}

bool sym::isConstant(Value v) { return matchPattern(v, m_Constant()); }

bool sym::isSignedIntLike(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (element.isIndex())
    return true;
  auto integer = dyn_cast<IntegerType>(element);
  return integer && integer.isSignless() && integer.getWidth() > 1;
}

bool sym::isIntLike(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isIndex() ||
         (isa<IntegerType>(element) && !element.isInteger(1));
}

bool sym::isBoolLike(Type type) {
  return getElementTypeOrSelf(type).isInteger(1);
}

bool sym::isFloatLike(Type type) {
  return isa<FloatType>(getElementTypeOrSelf(type));
}

static bool isSameValueImpl(Value a, Value b, unsigned depth) {
  if (a == b)
    return true;
  if (depth > 16 || a.getType() != b.getType())
    return false;
  Operation *opA = a.getDefiningOp(), *opB = b.getDefiningOp();
  if (!opA || !opB || !isPure(opA) || opA->getNumRegions() != 0 ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      opA, opB,
      [&](Value x, Value y) {
        return success(isSameValueImpl(x, y, depth + 1));
      },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

bool sym::isSameValue(Value a, Value b) { return isSameValueImpl(a, b, 0); }

/// Expression trees are small; the bound keeps pathological IR cheap.
static constexpr unsigned kMaxTreeDepth = 32;

static bool isExpressionOp(Operation *op) {
  return op && isa<TGDialect>(op->getDialect()) && isPure(op) &&
         op->getNumRegions() == 0 && op->getNumResults() == 1 && !isa<ConstOp>(op);
}

static bool occursInImpl(Value needle, Value root, unsigned depth,
                         llvm::DenseMap<Value, bool> &memo) {
  if (root == needle)
    return true;
  Operation *op = root.getDefiningOp();
  if (depth > kMaxTreeDepth || !isExpressionOp(op))
    return false;
  if (auto it = memo.find(root); it != memo.end())
    return it->second;
  bool found = llvm::any_of(op->getOperands(), [&](Value operand) {
    return occursInImpl(needle, operand, depth + 1, memo);
  });
  memo[root] = found;
  return found;
}

bool sym::occursIn(Value needle, Value root) {
  llvm::DenseMap<Value, bool> memo;
  return occursInImpl(needle, root, 0, memo);
}

size_t sym::expressionSize(Value root) {
  llvm::SmallPtrSet<Operation *, 16> seen;
  SmallVector<Value> stack = {root};
  while (!stack.empty()) {
    Operation *op = stack.pop_back_val().getDefiningOp();
    if (!op || !isa<TGDialect>(op->getDialect()) || !seen.insert(op).second)
      continue;
    llvm::append_range(stack, op->getOperands());
  }
  return seen.size();
}

static Value substituteImpl(PatternRewriter &rewriter, Value root, Value from,
                            Value to, unsigned depth,
                            llvm::DenseMap<Value, Value> &memo) {
  if (root == from)
    return to;
  Operation *op = root.getDefiningOp();
  if (depth > kMaxTreeDepth || !isExpressionOp(op))
    return root;
  if (auto it = memo.find(root); it != memo.end())
    return it->second;
  IRMapping mapping;
  bool changed = false;
  for (Value operand : op->getOperands()) {
    Value replaced = substituteImpl(rewriter, operand, from, to, depth + 1, memo);
    if (replaced != operand) {
      mapping.map(operand, replaced);
      changed = true;
    }
  }
  Value result = root;
  if (changed) {
    Operation *clone = rewriter.clone(*op, mapping);
    SmallVector<Value> folded;
    if (succeeded(rewriter.tryFold(clone, folded)) && !folded.empty()) {
      result = folded.front();
      rewriter.eraseOp(clone);
    } else {
      result = clone->getResult(0);
    }
  }
  memo[root] = result;
  return result;
}

Value sym::substitute(PatternRewriter &rewriter, Value root, Value from,
                      Value to) {
  llvm::DenseMap<Value, Value> memo;
  return substituteImpl(rewriter, root, from, to, 0, memo);
}

template <typename OpTy>
static void splitInto(Value v, SmallVectorImpl<Value> &terms) {
  if (auto op = v.getDefiningOp<OpTy>()) {
    splitInto<OpTy>(op.getLhs(), terms);
    splitInto<OpTy>(op.getRhs(), terms);
    return;
  }
  terms.push_back(v);
}

SmallVector<Value> sym::splitAdd(Value v) {
  SmallVector<Value> terms;
  splitInto<AddOp>(v, terms);
  return terms;
}

SmallVector<Value> sym::splitMul(Value v) {
  SmallVector<Value> terms;
  splitInto<MulOp>(v, terms);
  return terms;
}

SmallVector<Value> sym::splitAnd(Value v) {
  SmallVector<Value> terms;
  splitInto<AndOp>(v, terms);
  return terms;
}

std::pair<Value, int64_t> sym::popAddConst(Value v) {
  if (auto add = v.getDefiningOp<AddOp>())
    if (std::optional<int64_t> c = getConstInt(add.getRhs()))
      return {add.getLhs(), *c};
  return {v, 0};
}

std::pair<Value, int64_t> sym::popMulConst(Value v) {
  if (auto mul = v.getDefiningOp<MulOp>())
    if (std::optional<int64_t> c = getConstInt(mul.getRhs()))
      return {mul.getLhs(), *c};
  return {v, 1};
}

int64_t sym::constFactor(Value v) {
  if (std::optional<int64_t> c = getConstInt(v))
    return *c;
  if (auto add = v.getDefiningOp<AddOp>())
    return std::gcd(constFactor(add.getLhs()), constFactor(add.getRhs()));
  if (auto mul = v.getDefiningOp<MulOp>()) {
    if (std::optional<int64_t> c = getConstInt(mul.getLhs()))
      return *c;
    if (std::optional<int64_t> c = getConstInt(mul.getRhs()))
      return *c;
  }
  return 1;
}

bool sym::isDivisibleBy(Value v, int64_t c) {
  if (c == 1)
    return true;
  if (c == 0)
    return false;
  if (std::optional<int64_t> value = getConstInt(v))
    return *value % c == 0;
  if (auto add = v.getDefiningOp<AddOp>())
    return isDivisibleBy(add.getLhs(), c) && isDivisibleBy(add.getRhs(), c);
  if (auto mul = v.getDefiningOp<MulOp>())
    return isDivisibleBy(mul.getLhs(), c) || isDivisibleBy(mul.getRhs(), c);
  return false;
}

int64_t sym::floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

int64_t sym::floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

bool sym::checkedAdd(int64_t a, int64_t b, int64_t &out) {
  return !__builtin_add_overflow(a, b, &out);
}

bool sym::checkedMul(int64_t a, int64_t b, int64_t &out) {
  return !__builtin_mul_overflow(a, b, &out);
}

//===----------------------------------------------------------------------===//
// Building values
//===----------------------------------------------------------------------===//

Sym SymBuilder::constLike(Value like, int64_t c) {
  Type type = like.getType(), element = getElementTypeOrSelf(type);
  TypedAttr value;
  if (isa<FloatType>(element)) {
    value = rewriter.getFloatAttr(element, static_cast<double>(c));
  } else {
    unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
    value = rewriter.getIntegerAttr(
        element, APInt(width, c, /*isSigned=*/true, /*implicitTrunc=*/true));
  }
  return {ConstOp::create(rewriter, loc, type, value).getResult(), this};
}

Sym SymBuilder::constBool(Value shapeLike, bool c) {
  return {ConstOp::create(rewriter, loc, getBoolLike(shapeLike.getType()),
                          c ? 1.0 : 0.0)
              .getResult(),
          this};
}

Sym SymBuilder::sum(ArrayRef<Value> terms, Value like) {
  if (terms.empty())
    return constLike(like, 0);
  Sym total = (*this)(terms.front());
  for (Value term : terms.drop_front())
    total = total + (*this)(term);
  return total;
}

Sym SymBuilder::product(ArrayRef<Value> factors, Value like) {
  if (factors.empty())
    return constLike(like, 1);
  Sym total = (*this)(factors.front());
  for (Value factor : factors.drop_front())
    total = total * (*this)(factor);
  return total;
}

Sym Sym::operator+(Sym rhs) const { return builder->create<AddOp>(value, rhs.value); }
Sym Sym::operator+(int64_t rhs) const { return *this + builder->constLike(value, rhs); }
Sym Sym::operator-(Sym rhs) const { return *this + (-rhs); }
Sym Sym::operator-(int64_t rhs) const { return *this + (-rhs); }
Sym Sym::operator-() const { return *this * -1; }
Sym Sym::operator*(Sym rhs) const { return builder->create<MulOp>(value, rhs.value); }
Sym Sym::operator*(int64_t rhs) const { return *this * builder->constLike(value, rhs); }
Sym Sym::floordiv(Sym rhs) const { return builder->create<FloorDivOp>(value, rhs.value); }
Sym Sym::floordiv(int64_t rhs) const { return floordiv(builder->constLike(value, rhs)); }
Sym Sym::floormod(Sym rhs) const { return builder->create<FloorModOp>(value, rhs.value); }
Sym Sym::floormod(int64_t rhs) const { return floormod(builder->constLike(value, rhs)); }
Sym Sym::operator<(Sym rhs) const { return builder->create<CmpLtOp>(value, rhs.value); }
Sym Sym::operator<(int64_t rhs) const { return *this < builder->constLike(value, rhs); }
Sym Sym::ne(Sym rhs) const { return builder->create<CmpNeOp>(value, rhs.value); }
Sym Sym::ne(int64_t rhs) const { return ne(builder->constLike(value, rhs)); }
Sym Sym::operator&(Sym rhs) const { return builder->create<AndOp>(value, rhs.value); }
Sym Sym::operator|(Sym rhs) const { return builder->create<OrOp>(value, rhs.value); }
Sym Sym::max(Sym rhs) const { return builder->create<MaxOp>(value, rhs.value); }
Sym Sym::logicalNot() const { return ne(builder->constBool(value, true)); }
Sym Sym::where(Sym t, Sym f) const { return builder->create<WhereOp>(value, t.value, f.value); }
Sym Sym::cast(Type type) const { return builder->create<CastOp>(type, value); }

Value sym::rewriteSubAsAdd(SubOp op, RuleContext &c) {
  return c(op.getLhs()) - c(op.getRhs());
}

Value sym::rewriteNegAsMul(NegOp op, RuleContext &c) { return -c(op.getX()); }
