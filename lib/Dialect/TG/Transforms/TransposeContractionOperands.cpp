//===- TransposeContractionOperands.cpp - tg-transpose-contraction-operands -===//
//
// A summed product `reduce add (mul (expand a) (expand b))` is computed with
// its innermost output axis in vector lanes: the operand that axis indexes
// (b of a·b) is loaded a vector at a time along it, the other one (a) a
// scalar at a time along the reduction. A Linear layer's a·bᵀ and aᵀ·b read
// a buffer the other way round, across its rows, and ran at a third of a·b's
// speed. A buffer read that way gets a transposed copy, a kernel of its own
// that reads it once, which the product then reads along its rows.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGTRANSPOSECONTRACTIONOPERANDS
#include "tg/Dialect/TG/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// A view's element strides in the buffer it views.
struct StridedView {
  SmallVector<int64_t> shape, strides;
};

StridedView rowMajor(ArrayRef<int64_t> shape) {
  StridedView view{SmallVector<int64_t>(shape), SmallVector<int64_t>(shape.size(), 1)};
  for (size_t i = shape.size(); i-- > 1;)
    view.strides[i - 1] = view.strides[i] * shape[i];
  return view;
}

/// `view` reshaped to `shape` without copying, if strides can express it
/// (numpy's attempt_nocopy_reshape): the new axes split runs of old axes of
/// the same size, and each such run must be contiguous in itself.
std::optional<StridedView> reshaped(const StridedView &view, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> oldShape, oldStrides;
  for (auto [size, stride] : llvm::zip(view.shape, view.strides))
    if (size != 1) {
      oldShape.push_back(size);
      oldStrides.push_back(stride);
    }
  if (llvm::is_contained(shape, 0) || llvm::is_contained(oldShape, 0))
    return std::nullopt;
  StridedView out{SmallVector<int64_t>(shape), SmallVector<int64_t>(shape.size(), 0)};
  size_t oldBegin = 0, newBegin = 0;
  while (oldBegin < oldShape.size() && newBegin < shape.size()) {
    size_t oldEnd = oldBegin + 1, newEnd = newBegin + 1;
    int64_t oldCount = oldShape[oldBegin], newCount = shape[newBegin];
    while (oldCount != newCount) {
      if (newCount < oldCount)
        newCount *= shape[newEnd++];
      else
        oldCount *= oldShape[oldEnd++];
    }
    for (size_t i = oldBegin; i + 1 < oldEnd; ++i)
      if (oldStrides[i] != oldShape[i + 1] * oldStrides[i + 1])
        return std::nullopt;
    int64_t stride = oldStrides[oldEnd - 1];
    for (size_t i = newEnd; i-- > newBegin;) {
      out.strides[i] = stride;
      stride *= shape[i];
    }
    oldBegin = oldEnd;
    newBegin = newEnd;
  }
  return out;
}

/// Dot products shorter than a vector of f32 are no dot-product kernel's.
constexpr int64_t kMinTerms = 16;

/// The last axis of `shape` longer than 1 among those `pick` selects.
std::optional<int64_t> innermost(ArrayRef<int64_t> shape, llvm::function_ref<bool(int64_t)> pick) {
  for (int64_t axis = shape.size(); axis-- > 0;)
    if (shape[axis] > 1 && pick(axis))
      return axis;
  return std::nullopt;
}

struct TransposeContractionOperandsPass
    : tg::impl::TGTransposeContractionOperandsBase<TransposeContractionOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    // One instance runs on function after function: what it learned about
    // the last one's values does not hold here.
    sums.clear();
    copies.clear();
    SmallVector<ReduceOp> products;
    getOperation()->walk([&](ReduceOp reduce) {
      if (reduce.getKind() == ReduceKind::add && reduce.getX().getDefiningOp<MulOp>())
        products.push_back(reduce);
    });
    for (ReduceOp sum : products)
      transposeOperands(sum);
  }

  /// A copy reads and writes the factor once; the product reads each of
  /// its elements `reuse` times, in dot products of `terms` terms. At 128
  /// reads a long product (784 or 9216 terms, an MLP's and a CNN's Linear)
  /// gained less than the copy cost; short ones (128 terms) ran 4x faster.
  bool worthCopying(int64_t reuse, int64_t terms) const {
    return reuse >= minReuse || (reuse >= minExtent && terms <= shortProduct);
  }

  /// Whether `value` is a sum, or computed elementwise from one and other
  /// views (a projection plus its bias): tg-kernelize keeps such a value,
  /// read by several kernels, in a buffer of its own (its cost rule).
  bool isSum(Value value) {
    auto known = sums.find(value);
    if (known != sums.end())
      return known->second;
    Operation *op = value.getDefiningOp();
    bool sum = isa_and_nonnull<ReduceOp>(op) ||
               (op && op->hasTrait<OpTrait::Elementwise>() &&
                llvm::any_of(op->getOperands(), [&](Value operand) {
                  while (isa_and_nonnull<ReshapeOp, ExpandOp>(operand.getDefiningOp()))
                    operand = operand.getDefiningOp()->getOperand(0);
                  return isSum(operand);
                }));
    sums[value] = sum;
    return sum;
  }

  /// The strides of `value` in the buffer it views through reshapes,
  /// permutations and slices only (each of its elements is one of the
  /// buffer's): a function argument or a tg.contiguous. None for anything
  /// else, such as a padded window, a broadcast, or computed values, whose
  /// layout is the kernel's that computes them.
  std::optional<StridedView> viewOfBuffer(Value value) {
    Operation *op = value.getDefiningOp();
    if (!op || isa<ContiguousOp>(op) || isSum(value))
      return rowMajor(shapeOf(value));
    if (auto permute = dyn_cast<PermuteOp>(op)) {
      std::optional<StridedView> in = viewOfBuffer(permute.getX());
      if (!in)
        return std::nullopt;
      StridedView out;
      for (int64_t axis : permute.getOrder()) {
        out.shape.push_back(in->shape[axis]);
        out.strides.push_back(in->strides[axis]);
      }
      return out;
    }
    // A slice keeps the strides of what it slices (a head of a qkv buffer).
    if (auto shrink = dyn_cast<ShrinkOp>(op)) {
      std::optional<StridedView> in = viewOfBuffer(shrink.getX());
      if (in)
        in->shape.assign(shapeOf(value).begin(), shapeOf(value).end());
      return in;
    }
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      std::optional<StridedView> in = viewOfBuffer(reshape.getX());
      return in ? reshaped(*in, shapeOf(value)) : std::nullopt;
    }
    return std::nullopt;
  }

  /// isSum's answers: elementwise graphs share operands (x·x, a gelu
  /// gradient), and walking every path through them is exponential.
  llvm::DenseMap<Value, bool> sums;

  /// The copies made so far, by the view they copy and the axis they put
  /// last: a weight read by two products is copied once.
  llvm::DenseMap<std::pair<Value, int64_t>, Value> copies;

  void transposeOperands(ReduceOp sum) {
    auto product = sum.getX().getDefiningOp<MulOp>();
    ArrayRef<int64_t> shape = shapeOf(product);
    ArrayRef<int64_t> reduced = sum.getAxes();
    auto isReduced = [&](int64_t axis) { return llvm::is_contained(reduced, axis); };
    std::optional<int64_t> lane = innermost(shape, [&](int64_t a) { return !isReduced(a); });
    std::optional<int64_t> step = innermost(shape, isReduced);
    if (!lane || !step || shape[*lane] < minExtent || shape[*step] < kMinTerms)
      return;
    SmallVector<ExpandOp, 2> factors;
    for (Value operand : product->getOperands())
      if (auto expand = operand.getDefiningOp<ExpandOp>())
        factors.push_back(expand);
    // A contraction: both factors read along the reduction, one along the
    // lanes (an elementwise product summed reads both along them).
    if (factors.size() != 2 ||
        llvm::any_of(factors, [&](ExpandOp f) { return shapeOf(f.getX())[*step] == 1; }) ||
        (shapeOf(factors[0].getX())[*lane] > 1) == (shapeOf(factors[1].getX())[*lane] > 1))
      return;
    for (ExpandOp factor : factors) {
      ArrayRef<int64_t> viewShape = shapeOf(factor.getX());
      bool vectorLoaded = viewShape[*lane] > 1;
      int64_t contiguousAxis = vectorLoaded ? *lane : *step;
      // How often the product reads each element: the output axes the
      // other factor indexes.
      int64_t reuse = 1;
      for (auto [axis, size] : llvm::enumerate(shape))
        if (!isReduced(axis) && viewShape[axis] == 1)
          reuse *= size;
      std::optional<StridedView> view = viewOfBuffer(factor.getX());
      if (!worthCopying(reuse, shape[*step]) || !view || view->strides[contiguousAxis] == 1)
        continue;
      Value copy = transposedCopy(factor.getX(), contiguousAxis);
      OpBuilder builder(product);
      Value expanded = ExpandOp::create(builder, factor.getLoc(), factor.getType(), copy);
      product->setOperand(product->getOperand(0) == factor.getResult() ? 0 : 1, expanded);
      if (factor->use_empty())
        factor->erase();
    }
  }

  /// `view`'s elements copied into a buffer whose fastest axis is `axis`,
  /// seen in `view`'s shape.
  Value transposedCopy(Value view, int64_t axis) {
    Value &copy = copies[{view, axis}];
    if (copy)
      return copy;
    auto type = cast<RankedTensorType>(view.getType());
    SmallVector<int64_t> order;
    for (int64_t a = 0; a < type.getRank(); ++a)
      if (a != axis)
        order.push_back(a);
    order.push_back(axis);
    OpBuilder builder(view.getContext());
    builder.setInsertionPointAfterValue(view);
    Location loc = view.getLoc();
    if (llvm::equal(order, llvm::seq<int64_t>(0, type.getRank()))) {
      copy = ContiguousOp::create(builder, loc, view);
      return copy;
    }
    Value permuted = PermuteOp::create(builder, loc, view, order);
    Value contiguous = ContiguousOp::create(builder, loc, permuted);
    SmallVector<int64_t> inverse(order.size());
    for (auto [i, a] : llvm::enumerate(order))
      inverse[a] = i;
    copy = PermuteOp::create(builder, loc, contiguous, inverse);
    return copy;
  }
};

} // namespace
