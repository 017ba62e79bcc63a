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
// The columns are read 8 at a time, and every tile of 8 overlaps the data,
// so no step can be skipped; but the first and the last tile of a row read
// zeros in some lanes at some steps of kx (another sixth of the products).
// Those tiles are peeled off their loop and the steps of kx unrolled in
// them; a product whose lanes are then known to be zero is narrowed to
// the others:
//
//   for x in [0, 24) step 8: for kx in [0, 5): acc += read(g[.., x + kx : 8]) ⊗ w
//     → x = 0: acc[4:8] += read(g[.., 0 + 0 : 8])[4:8] ⊗ w  (kx = 0), ...
//       for x in [8, 16) step 8: the same as before
//       x = 16: ...
//
// The borders, used up, are dropped from the kernel's arguments.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUSKIPZEROBORDER
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// A loop's bounds and step, when they are constants.
struct ConstantLoop {
  int64_t lower, upper, step;

  int64_t trips() const { return lower < upper ? (upper - lower + step - 1) / step : 0; }
  int64_t last() const { return lower + (trips() - 1) * step; }
};

std::optional<ConstantLoop> constantBounds(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *step <= 0)
    return std::nullopt;
  return ConstantLoop{*lower, *upper, *step};
}

/// The loop whose induction variable `value` is, if it is one (upstream's
/// scf::getForInductionVarOwner also answers for an iter_arg).
scf::ForOp loopOf(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument)
    return nullptr;
  auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
  return loop && loop.getInductionVar() == value ? loop : nullptr;
}

/// A read's index along one axis of a buffer: `offset` plus the sum of
/// `terms`, covering `extent` elements from there, which are the read's
/// vector dimension `lane` if it has more than one.
struct AxisIndex {
  SmallVector<Value> terms;
  int64_t offset = 0;
  int64_t extent = 1;
  int64_t lane = -1;

  void add(OpFoldResult value) {
    if (std::optional<int64_t> constant = getConstantIntValue(value)) {
      offset += *constant;
      return;
    }
    // The step of a loop that runs once (a peeled tile) is its start.
    if (scf::ForOp loop = loopOf(cast<Value>(value))) {
      std::optional<ConstantLoop> bounds = constantBounds(loop);
      if (bounds && bounds->trips() == 1) {
        offset += bounds->lower;
        return;
      }
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
    if (auto dim = dyn_cast<AffineDimExpr>(result)) {
      axes[dim.getPosition()].extent = read.getVectorType().getDimSize(lane);
      axes[dim.getPosition()].lane = lane;
    }
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

/// A read of a bordered kernel argument whose every lane comes from the
/// argument (no padding value): its index along each of the argument's
/// axes, and where the data between the zero borders begins and ends.
struct BorderedRead {
  SmallVector<AxisIndex> axes;
  SmallVector<int64_t> inside, end, size;

  bool isBordered(size_t axis) const { return inside[axis] > 0 || end[axis] < size[axis]; }
};

std::optional<BorderedRead> borderedRead(Value factor) {
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
  ArrayRef<int64_t> shape = cast<ShapedType>(argument.getType()).getShape();
  BorderedRead bordered{
      std::move(axes), SmallVector<int64_t>(border.getLow()), {}, SmallVector<int64_t>(shape)};
  for (auto [size, high] : llvm::zip(shape, border.getHigh()))
    bordered.end.push_back(size - high);
  return bordered;
}

/// The steps of `loop` that a product with `factor` keeps, when `factor`
/// reads one row of a bordered kernel argument along an axis that moves by
/// one element a step (a vector along it is left to skipZeroLanes: it
/// mostly straddles the border, and dynamic bounds would keep LLVM from
/// unrolling its loop).
std::optional<KeptSteps> keptSteps(scf::ForOp loop, Value factor) {
  std::optional<BorderedRead> read = borderedRead(factor);
  if (!read)
    return std::nullopt;
  Value step = loop.getInductionVar();
  for (auto [axis, index] : llvm::enumerate(read->axes)) {
    if (!read->isBordered(axis) || index.extent != 1 || llvm::count(index.terms, step) != 1 ||
        !llvm::all_of(index.terms, [&](Value term) {
          return term == step || loop.isDefinedOutsideOfLoop(term);
        }))
      continue;
    KeptSteps kept;
    kept.rest = index;
    llvm::erase(kept.rest.terms, step);
    kept.inside = read->inside[axis];
    kept.end = read->end[axis];
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

/// The most steps of a loop unrolled in a peeled tile: kx of a 7x7.
constexpr int64_t kMaxUnrolledSteps = 8;

/// A factor that reads a vector along a bordered axis, and where along it.
struct LaneRead {
  AxisIndex index;
  int64_t inside, end;
};

std::optional<LaneRead> laneRead(Value factor) {
  std::optional<BorderedRead> read = borderedRead(factor);
  if (!read)
    return std::nullopt;
  for (auto [axis, index] : llvm::enumerate(read->axes))
    if (read->isBordered(axis) && index.extent > 1)
      return LaneRead{index, read->inside[axis], read->end[axis]};
  return std::nullopt;
}

/// The loops that move a lane read, by their bounds: the tile's,
/// outermost, and the steps nested in it (kx), short enough to unroll;
/// none when anything else moves it, or when the tile's loop is the one the
/// workers split (each would run the peeled tiles).
struct MovingLoops {
  scf::ForOp tile;
  ConstantLoop tileBounds;
  SmallVector<ConstantLoop> steps;
};

std::optional<MovingLoops> movingLoops(const AxisIndex &index) {
  SmallVector<std::pair<scf::ForOp, ConstantLoop>> loops;
  for (Value term : index.terms) {
    scf::ForOp loop = loopOf(term);
    std::optional<ConstantLoop> bounds = loop ? constantBounds(loop) : std::nullopt;
    if (!bounds || bounds->trips() == 0)
      return std::nullopt;
    loops.push_back({loop, *bounds});
  }
  auto outermost = llvm::find_if(loops, [&](auto &candidate) {
    return llvm::all_of(loops, [&](auto &loop) {
      return loop.first == candidate.first || candidate.first->isProperAncestor(loop.first);
    });
  });
  if (outermost == loops.end() || outermost->first->hasAttr("tg.split") ||
      llvm::count_if(loops, [&](auto &loop) { return loop.first == outermost->first; }) != 1)
    return std::nullopt;
  MovingLoops moving{outermost->first, outermost->second, {}};
  for (auto &[loop, bounds] : loops)
    if (loop != moving.tile) {
      if (bounds.trips() > kMaxUnrolledSteps)
        return std::nullopt;
      moving.steps.push_back(bounds);
    }
  return moving;
}

/// Whether the tile's first and last iterations read lanes in the border.
std::pair<bool, bool> edgesReadBorder(const LaneRead &read, const MovingLoops &moving) {
  int64_t low = read.index.offset, high = read.index.offset + read.index.extent - 1;
  for (const ConstantLoop &step : moving.steps) {
    low += step.lower;
    high += step.last();
  }
  return {moving.tileBounds.lower + low < read.inside, moving.tileBounds.last() + high >= read.end};
}

/// Splits `loop`'s first and last iterations, as `edges` asks, off into
/// loops of their own before and after it, which carry its results on, and
/// returns them.
SmallVector<scf::ForOp> peelEdges(scf::ForOp loop, std::pair<bool, bool> edges) {
  ConstantLoop bounds = *constantBounds(loop);
  if (bounds.trips() == 1)
    return {loop};
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  auto constant = [&](int64_t value) { return arith::ConstantIndexOp::create(b, loc, value); };
  SmallVector<scf::ForOp> peeled;
  int64_t lower = bounds.lower, upper = bounds.last() + bounds.step;
  if (edges.first) {
    Value end = constant(lower + bounds.step);
    auto first = cast<scf::ForOp>(b.clone(*loop));
    first.setUpperBound(end);
    loop.getInitArgsMutable().assign(first.getResults());
    peeled.push_back(first);
    lower += bounds.step;
  }
  if (edges.second && lower < upper) {
    b.setInsertionPointAfter(loop);
    Value begin = constant(bounds.last());
    auto last = cast<scf::ForOp>(b.clone(*loop));
    last.setLowerBound(begin);
    loop->replaceAllUsesWith(last.getResults());
    last.getInitArgsMutable().assign(loop.getResults());
    peeled.push_back(last);
    upper = bounds.last();
  }
  if (lower == upper) {
    loop->replaceAllUsesWith(loop.getInitArgs());
    loop.erase();
    return peeled;
  }
  b.setInsertionPoint(loop);
  loop.setLowerBound(constant(lower));
  loop.setUpperBound(constant(upper));
  return peeled;
}

/// A slice of `vector`: elements [begin, end) of dimension `dim`.
Value sliceOf(OpBuilder &b, Location loc, Value vector, int64_t dim, int64_t begin, int64_t end) {
  auto type = cast<VectorType>(vector.getType());
  SmallVector<int64_t> offsets(type.getRank(), 0), sizes(type.getShape()),
      strides(type.getRank(), 1);
  offsets[dim] = begin;
  sizes[dim] = end - begin;
  return vector::ExtractStridedSliceOp::create(b, loc, vector, offsets, sizes, strides);
}

/// The accumulator's dimension that dimension `lane` of the factor
/// `operand` of `contraction` is, if it is one (not a reduced one).
std::optional<unsigned> accumulatorDim(vector::ContractionOp contraction, unsigned operand,
                                       int64_t lane) {
  SmallVector<AffineMap> maps = contraction.getIndexingMapsArray();
  auto dim = dyn_cast<AffineDimExpr>(maps[operand].getResult(lane));
  if (!dim || !isa<VectorType>(contraction.getAccType()))
    return std::nullopt;
  return maps[2].getResultPosition(dim);
}

/// A contraction that adds a product with a lane read along one of its
/// output dimensions: its factor `operand` is the read, whose vector
/// dimension is the accumulator's `accDim`.
struct LaneProduct {
  vector::ContractionOp contraction;
  unsigned operand, accDim;
  LaneRead read;
};

/// `product` over lanes [begin, end) of its read: the other lanes are
/// zeros, whose products leave the accumulator as it is.
void keepLanes(const LaneProduct &product, int64_t begin, int64_t end) {
  auto [contraction, operand, accDim, read] = product;
  auto accType = cast<VectorType>(contraction.getAccType());
  Value acc = contraction.getAcc();
  if (begin >= end) {
    contraction.replaceAllUsesWith(acc);
    contraction.erase();
    return;
  }
  OpBuilder b(contraction);
  Location loc = contraction.getLoc();
  SmallVector<Value, 2> factors{contraction.getLhs(), contraction.getRhs()};
  factors[operand] = sliceOf(b, loc, factors[operand], read.index.lane, begin, end);
  Value narrowed = vector::ContractionOp::create(
      b, loc, factors[0], factors[1], sliceOf(b, loc, acc, accDim, begin, end),
      contraction.getIndexingMaps(), contraction.getIteratorTypes(), contraction.getKind());
  SmallVector<int64_t> offsets(accType.getRank(), 0), strides(accType.getRank(), 1);
  offsets[accDim] = begin;
  contraction.replaceAllUsesWith(
      vector::InsertStridedSliceOp::create(b, loc, narrowed, acc, offsets, strides).getResult());
  contraction.erase();
}

/// The lane products under `root`.
SmallVector<LaneProduct> laneProducts(Operation *root) {
  SmallVector<LaneProduct> products;
  root->walk([&](vector::ContractionOp contraction) {
    if (contraction.getKind() != vector::CombiningKind::ADD ||
        isa<vector::MaskOp>(contraction->getParentOp()))
      return;
    for (unsigned operand : {0u, 1u}) {
      std::optional<LaneRead> read = laneRead(contraction->getOperand(operand));
      std::optional<unsigned> accDim =
          read ? accumulatorDim(contraction, operand, read->index.lane) : std::nullopt;
      if (accDim) {
        products.push_back({contraction, operand, *accDim, *read});
        return;
      }
    }
  });
  return products;
}

/// Unrolls a loop in `peeled` that moves a lane read (a step of kx); false
/// when none is left.
bool unrollStep(scf::ForOp peeled) {
  for (const LaneProduct &product : laneProducts(peeled))
    for (Value term : product.read.index.terms) {
      scf::ForOp step = loopOf(term);
      std::optional<ConstantLoop> bounds = step ? constantBounds(step) : std::nullopt;
      if (bounds && bounds->trips() <= kMaxUnrolledSteps && peeled->isProperAncestor(step))
        return succeeded(loopUnrollFull(step));
    }
  return false;
}

/// Folds the unrolled steps' indices, `lower + i * step`, to constants.
void foldIndices(scf::ForOp peeled) {
  SmallVector<Operation *> indices;
  peeled.walk([&](Operation *op) {
    if (isa<arith::AddIOp, arith::MulIOp>(op))
      indices.push_back(op);
  });
  (void)applyOpPatternsGreedily(
      indices, FrozenRewritePatternSet(),
      GreedyRewriteConfig().setStrictness(GreedyRewriteStrictness::ExistingOps));
}

/// Peels the tiles whose reads straddle the border, unrolls the steps
/// that move their reads there, and narrows each product to the lanes
/// that read data.
void skipZeroLanes(func::FuncOp kernel) {
  llvm::MapVector<Operation *, std::pair<bool, bool>> edges;
  for (const LaneProduct &product : laneProducts(kernel))
    if (std::optional<MovingLoops> moving = movingLoops(product.read.index)) {
      auto [first, last] = edgesReadBorder(product.read, *moving);
      std::pair<bool, bool> &tile = edges[moving->tile];
      tile = {tile.first || first, tile.second || last};
    }
  // Inner tiles first: peeling a tile clones the tiles in it, and may
  // erase the original.
  SmallVector<std::pair<Operation *, std::pair<bool, bool>>> tiles(edges.takeVector());
  auto depth = [](Operation *op) {
    int64_t ancestors = 0;
    for (; op; op = op->getParentOp())
      ++ancestors;
    return ancestors;
  };
  llvm::stable_sort(tiles, [&](auto &a, auto &b) { return depth(a.first) > depth(b.first); });
  for (auto [tile, readsBorder] : tiles) {
    if (!readsBorder.first && !readsBorder.second)
      continue;
    for (scf::ForOp peeled : peelEdges(cast<scf::ForOp>(tile), readsBorder)) {
      while (unrollStep(peeled)) {
      }
      foldIndices(peeled);
      for (const LaneProduct &product : laneProducts(peeled)) {
        const LaneRead &read = product.read;
        int64_t begin = std::clamp<int64_t>(read.inside - read.index.offset, 0, read.index.extent);
        int64_t end = std::clamp<int64_t>(read.end - read.index.offset, 0, read.index.extent);
        if (read.index.terms.empty() && (begin > 0 || end < read.index.extent))
          keepLanes(product, begin, end);
      }
      IRRewriter rewriter(peeled.getContext());
      (void)peeled.promoteIfSingleIteration(rewriter);
    }
  }
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
    skipZeroLanes(kernel);
    // Used up here; LLVM has no such parameter attribute and would warn.
    for (unsigned i : llvm::seq(kernel.getNumArguments()))
      kernel.removeArgAttr(i, kZeroBorderAttrName);
  }
};

} // namespace
