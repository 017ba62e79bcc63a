//===- SymbolicUtils.cpp - the vocabulary tinygrad's rules speak ----------===//

#include "tg/Dialect/TG/Rules/Rules.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
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

/// An op computing each element from the same element of its operands: a
/// value substituted below it means the same element. (Below a reduce or a
/// movement op, the same SSA value stands for other elements.)
static bool isExpressionOp(Operation *op) {
  return op && isa<TGDialect>(op->getDialect()) && isPure(op) &&
         op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         !isa<ConstOp>(op);
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
  // Every distinct node, as tinygrad's len(backward_slice) counts them:
  // variables and constants (by value) too.
  llvm::SmallPtrSet<Operation *, 16> ops;
  llvm::SmallPtrSet<const void *, 16> leaves;
  SmallVector<Value> stack = {root};
  while (!stack.empty()) {
    Value v = stack.pop_back_val();
    Attribute constant;
    if (matchPattern(v, m_Constant(&constant))) {
      leaves.insert(constant.getAsOpaquePointer());
      continue;
    }
    Operation *op = v.getDefiningOp();
    if (!op || !isa<TGDialect>(op->getDialect())) {
      leaves.insert(v.getAsOpaquePointer());
      continue;
    }
    if (ops.insert(op).second)
      llvm::append_range(stack, op->getOperands());
  }
  return ops.size() + leaves.size();
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

bool sym::fitsType(const Bounds &b, Type type) {
  Type element = getElementTypeOrSelf(type);
  unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  if (element.isUnsignedInteger() || element.isInteger(1))
    return b.min >= 0 && (width >= 63 || b.max < (int64_t(1) << width));
  if (width >= 64)
    return true;
  int64_t limit = int64_t(1) << (width - 1);
  return b.min >= -limit && b.max < limit;
}

/// Exact bounds of a binary add or mul, or nullopt on int64 overflow.
static std::optional<Bounds> exactBounds(bool isMul, Bounds a, Bounds b) {
  if (!isMul) {
    Bounds r;
    if (!checkedAdd(a.min, b.min, r.min) || !checkedAdd(a.max, b.max, r.max))
      return std::nullopt;
    return r;
  }
  int64_t corners[4];
  if (!checkedMul(a.min, b.min, corners[0]) || !checkedMul(a.min, b.max, corners[1]) ||
      !checkedMul(a.max, b.min, corners[2]) || !checkedMul(a.max, b.max, corners[3]))
    return std::nullopt;
  return Bounds{*std::min_element(corners, corners + 4),
                *std::max_element(corners, corners + 4)};
}

static bool neverWrapsImpl(RuleContext &c, Value v, unsigned depth,
                           llvm::DenseSet<Value> &checked) {
  Operation *op = v.getDefiningOp();
  if (!op || !isa<TGDialect>(op->getDialect()) || isa<ConstOp>(op) ||
      !checked.insert(v).second)
    return true;
  if (depth > kMaxTreeDepth)
    return false;
  for (Value operand : op->getOperands())
    if (!neverWrapsImpl(c, operand, depth + 1, checked))
      return false;
  if (!isa<AddOp, MulOp, SubOp, NegOp>(op) || !isIntLike(v.getType()))
    return true;
  SmallVector<Bounds, 2> operands;
  for (Value operand : op->getOperands()) {
    std::optional<Bounds> b = c.bounds(operand);
    if (!b)
      return false;
    operands.push_back(*b);
  }
  std::optional<Bounds> exact;
  if (isa<NegOp>(op))
    exact = exactBounds(true, operands[0], Bounds{-1, -1});
  else if (isa<SubOp>(op))
    exact = exactBounds(false, operands[0],
                        Bounds{-operands[1].max, -operands[1].min});
  else
    exact = exactBounds(isa<MulOp>(op), operands[0], operands[1]);
  return exact && fitsType(*exact, v.getType());
}

bool RuleContext::neverWraps(Value v) {
  if (!options.ranges || !hasIntRange(v.getType()))
    return false;
  llvm::DenseSet<Value> checked;
  return neverWrapsImpl(*this, v, 0, checked);
}

std::optional<Bounds> RuleContext::linearBounds(ArrayRef<Value> terms,
                                                ArrayRef<int64_t> coefficients,
                                                int64_t constant, Type type) {
  Bounds total{constant, constant};
  if (!fitsType(total, type))
    return std::nullopt;
  for (auto [term, coefficient] : llvm::zip(terms, coefficients)) {
    std::optional<Bounds> b = bounds(term);
    if (!b)
      return std::nullopt;
    std::optional<Bounds> scaled = exactBounds(true, *b, Bounds{coefficient, coefficient});
    if (!scaled || !fitsType(*scaled, type))
      return std::nullopt;
    std::optional<Bounds> sum = exactBounds(false, total, *scaled);
    if (!sum || !fitsType(*sum, type))
      return std::nullopt;
    total = *sum;
  }
  return total;
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

Value SymBuilder::foldConstantRange(Value v) {
  Operation *op = v.getDefiningOp();
  if (!ranges || !op || isa<ConstOp>(op) || !v.use_empty() ||
      !hasIntRange(v.getType()))
    return v;
  std::optional<ConstantIntRanges> range = ranges->get(v, rangeMemo);
  std::optional<APInt> value = range ? range->getConstantValue() : std::nullopt;
  if (!value)
    return v;
  Type element = getElementTypeOrSelf(v.getType());
  Value constant = ConstOp::create(rewriter, loc, v.getType(),
                                   rewriter.getIntegerAttr(element, *value));
  rangeMemo.erase(v);
  rewriter.eraseOp(op);
  return constant;
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
