//===- SkipZeroBorder.cpp - the tg-cpu-skip-zero-border pass --------------===//
//
// A convolution's input gradient is a full correlation of the output
// gradient, which the tensor library pads with k - 1 zeros on each side:
// beautiful_mnist's 5x5 reads its 20x20 gradient as 28x28. A row of the
// 24x24 result near the top or the bottom reads zero rows in some of its
// five steps of ky; 20 of the 120 row steps of each image add nothing but
// products with zero. The kernel that reads the padded gradient knows
// where its zeros are (`tg.zero_border`, recorded by tg-to-linalg), and a
// reduction loop whose step reads one row of it is narrowed here to the
// steps whose row holds data:
//
//   for ky in [0, 5): acc += read(g[.., y + ky, ..]) * w[ky]
//     → for ky in [max(0, 4 - y), min(5, 24 - y)): the same
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUSKIPZEROBORDER
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// A read's index along one axis of a buffer: `offset` plus the sum of
/// `terms`, covering `extent` elements from there.
struct AxisIndex {
  SmallVector<Value> terms;
  int64_t offset = 0;
  int64_t extent = 1;

  void add(OpFoldResult value) {
    if (std::optional<int64_t> constant = getConstantIntValue(value)) {
      offset += *constant;
      return;
    }
    auto sum = dyn_cast<Value>(value).getDefiningOp<arith::AddIOp>();
    if (!sum) {
      terms.push_back(cast<Value>(value));
      return;
    }
    add(sum.getLhs());
    add(sum.getRhs());
  }
};

/// The kernel argument `read` reads and its index along each of the
/// argument's axes, through subviews of unit strides and collapses of unit
/// axes (tg-cpu-drop-unit-dims'); none when it reads anything else.
std::optional<std::pair<BlockArgument, SmallVector<AxisIndex>>>
readArgument(vector::TransferReadOp read) {
  Value buffer = read.getBase();
  SmallVector<AxisIndex> axes(read.getIndices().size());
  for (auto [axis, index] : llvm::enumerate(read.getIndices()))
    axes[axis].add(index);
  for (auto [lane, result] : llvm::enumerate(read.getPermutationMap().getResults()))
    if (auto dim = dyn_cast<AffineDimExpr>(result))
      axes[dim.getPosition()].extent = read.getVectorType().getDimSize(lane);
  while (Operation *view = buffer.getDefiningOp()) {
    if (auto subview = dyn_cast<memref::SubViewOp>(view)) {
      if (!llvm::all_of(subview.getStaticStrides(), [](int64_t s) { return s == 1; }))
        return std::nullopt;
      llvm::SmallBitVector dropped = subview.getDroppedDims();
      SmallVector<AxisIndex> outer(subview.getSourceType().getRank());
      auto inner = axes.begin();
      for (auto [axis, offset] : llvm::enumerate(subview.getMixedOffsets())) {
        if (!dropped.test(axis))
          outer[axis] = *inner++;
        outer[axis].add(offset);
      }
      axes = std::move(outer);
      buffer = subview.getSource();
      continue;
    }
    auto collapse = dyn_cast<memref::CollapseShapeOp>(view);
    if (!collapse)
      return std::nullopt;
    // Each merged axis is one axis of the source and unit axes (read at 0).
    ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
    SmallVector<AxisIndex> outer(shape.size());
    for (auto [axis, group] : llvm::enumerate(collapse.getReassociationIndices())) {
      SmallVector<int64_t> wide =
          llvm::filter_to_vector(group, [&](int64_t source) { return shape[source] != 1; });
      if (wide.size() > 1)
        return std::nullopt;
      outer[wide.empty() ? group.back() : wide.front()] = axes[axis];
    }
    axes = std::move(outer);
    buffer = collapse.getSrc();
  }
  auto argument = dyn_cast<BlockArgument>(buffer);
  if (!argument || !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return std::nullopt;
  return std::make_pair(argument, std::move(axes));
}

/// The steps of a loop that a product with a read keeps: those whose
/// element lies in the data between the zero borders along the axis that
/// moves with the step.
struct KeptSteps {
  AxisIndex rest;      // the read's index along that axis but for the step
  int64_t inside, end; // where the axis's data begins and ends
};

/// The steps of `loop` that a product with `factor` keeps, when `factor`
/// reads one row of a bordered kernel argument along an axis that moves by
/// one element a step (a vector along it would mostly straddle the border,
/// and dynamic bounds would keep LLVM from unrolling its loop).
std::optional<KeptSteps> keptSteps(scf::ForOp loop, Value factor) {
  // Every lane of the read comes from the argument (no padding value).
  auto read = factor.getDefiningOp<vector::TransferReadOp>();
  if (!read || read.getMask() || read.hasOutOfBoundsDim())
    return std::nullopt;
  auto located = readArgument(read);
  if (!located)
    return std::nullopt;
  auto [argument, axes] = *located;
  auto function = cast<func::FuncOp>(argument.getOwner()->getParentOp());
  auto border =
      function.getArgAttrOfType<ZeroBorderAttr>(argument.getArgNumber(), kZeroBorderAttrName);
  if (!border)
    return std::nullopt;
  Value step = loop.getInductionVar();
  for (auto [axis, index] : llvm::enumerate(axes)) {
    bool bordered = border.getLow()[axis] > 0 || border.getHigh()[axis] > 0;
    if (!bordered || index.extent != 1 || llvm::count(index.terms, step) != 1 ||
        !llvm::all_of(index.terms, [&](Value term) {
          return term == step || loop.isDefinedOutsideOfLoop(term);
        }))
      continue;
    KeptSteps kept;
    kept.rest = index;
    llvm::erase(kept.rest.terms, step);
    kept.inside = border.getLow()[axis];
    kept.end = cast<ShapedType>(argument.getType()).getDimSize(axis) - border.getHigh()[axis];
    return kept;
  }
  return std::nullopt;
}

/// Whether every iteration of `loop` only adds products to its results
/// (vector.contract into the iter_args, directly or through loops nested
/// that do the same) and writes no memory; the contractions go to
/// `contractions`.
bool onlyAddsProducts(scf::ForOp loop, SmallVectorImpl<vector::ContractionOp> &contractions) {
  if (loop.getNumRegionIterArgs() == 0)
    return false;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [accumulator, next] : llvm::zip(loop.getRegionIterArgs(), yield.getOperands())) {
    if (auto contraction = next.getDefiningOp<vector::ContractionOp>()) {
      if (contraction.getKind() != vector::CombiningKind::ADD ||
          contraction.getAcc() != accumulator || contraction->getParentOp() != loop)
        return false;
      contractions.push_back(contraction);
      continue;
    }
    auto inner = next.getDefiningOp<scf::ForOp>();
    if (!inner || inner->getParentOp() != loop ||
        inner.getInitArgs()[cast<OpResult>(next).getResultNumber()] != accumulator)
      return false;
  }
  WalkResult written = loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto inner = dyn_cast<scf::ForOp>(op))
      return onlyAddsProducts(inner, contractions) ? WalkResult::skip() : WalkResult::interrupt();
    if (isa<vector::TransferReadOp>(op) || isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !written.wasInterrupted();
}

/// `rest` as a value at the builder's insertion point.
Value materialize(OpBuilder &b, Location loc, const AxisIndex &rest) {
  Value sum;
  for (Value term : rest.terms)
    sum = sum ? arith::AddIOp::create(b, loc, sum, term).getResult() : term;
  if (!sum || rest.offset != 0) {
    Value offset = arith::ConstantIndexOp::create(b, loc, rest.offset);
    sum = sum ? arith::AddIOp::create(b, loc, sum, offset).getResult() : offset;
  }
  return sum;
}

/// Narrows `loop` to the steps whose products can be other than zero.
void skipZeroSteps(scf::ForOp loop) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  SmallVector<vector::ContractionOp> contractions;
  if (step != 1 || !onlyAddsProducts(loop, contractions))
    return;
  SmallVector<KeptSteps> kept;
  for (vector::ContractionOp contraction : contractions) {
    std::optional<KeptSteps> steps = keptSteps(loop, contraction.getLhs());
    if (!steps)
      steps = keptSteps(loop, contraction.getRhs());
    if (!steps)
      return;
    kept.push_back(*steps);
  }
  if (kept.empty())
    return;
  // A step is kept when its element rest + step is in [inside, end). The
  // loop keeps the steps any contraction keeps.
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value lower, upper;
  for (const KeptSteps &steps : kept) {
    Value rest = materialize(b, loc, steps.rest);
    Value first =
        arith::SubIOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, steps.inside), rest);
    Value last =
        arith::SubIOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, steps.end), rest);
    lower = lower ? arith::MinSIOp::create(b, loc, lower, first).getResult() : first;
    upper = upper ? arith::MaxSIOp::create(b, loc, upper, last).getResult() : last;
  }
  loop.setLowerBound(arith::MaxSIOp::create(b, loc, loop.getLowerBound(), lower));
  loop.setUpperBound(arith::MinSIOp::create(b, loc, loop.getUpperBound(), upper));
}

struct SkipZeroBorderPass : tg::impl::TGCPUSkipZeroBorderBase<SkipZeroBorderPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel") ||
        llvm::none_of(llvm::seq(kernel.getNumArguments()), [&](unsigned i) {
          return kernel.getArgAttr(i, kZeroBorderAttrName) != nullptr;
        }))
      return;
    kernel.walk([](scf::ForOp loop) { skipZeroSteps(loop); });
  }
};

} // namespace
