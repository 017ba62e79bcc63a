//===- ChooseOpts.cpp - the tg-cpu-choose-opts pass -----------------------===//
//
// tinygrad's hand_coded_optimizations for the CPU: a kernel's loops are
// looked at once and the decision is written down as `#tg.opts`, which
// tg-cpu-apply-opts carries out.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "KernelRoot.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/bit.h"

#include <limits>

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUCHOOSEOPTS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// Fewer iterations than this are not worth waking a second worker for
/// (tinygrad splits at about 128K ops per thread).
constexpr int64_t kMinIterationsToSplit = 32768;

/// A split loop with this many tiles divides among a few workers with
/// little imbalance.
constexpr int64_t kBalancedChunks = 16;

/// A core's share of cache: a tile whose reduction reads more than this
/// reads it from memory, once per tile.
constexpr int64_t kCacheBytes = 1 << 20;

/// A core's caches, from the pass's options. A tile whose reduction reads
/// more than the first-level data cache reads it from the next level, which
/// cannot feed a register tile's FMAs at their rate; an operand larger than
/// the core's own cache (L2) comes from beyond it each time it is read whole.
struct CacheSizes {
  int64_t firstLevel, core;
};

/// A column operand that a split by column strips pays for (chooseSplit),
/// measured rather than a cache size: tuned as "a core's 2 MB" on Zen 4,
/// whose L2 holds 1 MB; Zen 2's 512 KB in its place split GPT's products by
/// columns, 13.4 -> 12.8 steps/s and its first step 2.1 -> 3.2 s.
constexpr int64_t kLargeColumnOperandBytes = 2 << 20;

/// The least reduction steps inside a reduction loop run outside the tiles,
/// for which loading and storing the accumulators once per step of it pays
/// (beautiful_mnist's 6x6 maps, 36 steps: its weight gradient ran 0.97-1.25
/// ms, median 1.17, with the batch loop inside the tiles; 0.98-1.07, median
/// 1.04, outside).
constexpr int64_t kStepsPerOuterStep = 32;

/// The rows of a deepened register tile (see deepenRows).
constexpr int64_t kDeepRows = 6;

/// The least reduction steps for which a deepened tile pays: loading and
/// storing the accumulators weighs more in a shorter sum (see deepenRows).
constexpr int64_t kMinDeepRowsSteps = 128;

/// The least reduction steps of the sliding tiles that deepenSlidingRows
/// and widenSlidingColumns reshape (measured from 288 steps up).
constexpr int64_t kMinSlidingTileSteps = 256;

/// The narrowest vector register (SSE's, NEON's).
constexpr int64_t kSmallestVectorBytes = 16;

/// The most rows of a transposed register tile whose reduction has a loop
/// outside the tiles.
constexpr int64_t kTransposedRowsPerOuterStep = 8;

/// The largest candidate that divides `extent`, or 0.
int64_t largestDivisor(int64_t extent, ArrayRef<int64_t> candidates) {
  for (int64_t c : candidates)
    if (extent % c == 0)
      return c;
  return 0;
}

/// Whether the body reads at computed indices (tensor.extract) or, with
/// `orLoopIndices`, computes with its loop indices (linalg.index): neither
/// follows the indexing maps a tile is sized by.
bool readsThroughIndices(linalg::GenericOp generic, bool orLoopIndices = false) {
  bool found = false;
  generic.getRegion().walk([&](Operation *op) {
    found |= isa<tensor::ExtractOp>(op) || (orLoopIndices && isa<linalg::IndexOp>(op));
  });
  return found;
}

/// The steps of each output's reduction: the product of the reduction
/// loops' extents (1 without any).
int64_t reductionSteps(linalg::GenericOp generic, ArrayRef<int64_t> ranges) {
  int64_t steps = 1;
  for (auto [loop, type] : llvm::enumerate(generic.getIteratorTypesArray()))
    if (type == utils::IteratorType::reduction)
      steps *= ranges[loop];
  return steps;
}

/// How many tiles loop `loop` runs (untiled, or without tiles: one per
/// iteration).
int64_t tilesAlong(ArrayRef<int64_t> ranges, ArrayRef<int64_t> tile, int64_t loop) {
  return ranges[loop] / (tile.empty() || tile[loop] == 0 ? 1 : tile[loop]);
}

/// How many elements apart in memory `map` reads an operand of `shape` in
/// consecutive steps of loop `dim` (row-major, pure affine results).
int64_t strideAlong(AffineMap map, ArrayRef<int64_t> shape, unsigned dim) {
  int64_t stride = 0, axisStride = 1;
  for (int64_t axis = int64_t(shape.size()) - 1; axis >= 0; --axis) {
    stride += coefficientOf(map.getResult(axis), dim, map.getNumDims()) * axisStride;
    axisStride *= shape[axis];
  }
  return std::abs(stride);
}

/// Whether `op` reads `input`'s elements in consecutive steps of `loop`
/// within a vector of `lanes` of each other (pixels of a row, rather than
/// images), so that steps share cache lines.
bool readsAdjacentAlong(linalg::GenericOp op, OpOperand *input, unsigned loop, int64_t lanes) {
  return strideAlong(op.getMatchingIndexingMap(input),
                     cast<ShapedType>(input->get().getType()).getShape(), loop) <= lanes;
}

/// The inputs (block argument numbers) `v` is computed from, or nullopt
/// when it also depends on loop indices or reads memory.
std::optional<llvm::SmallDenseSet<unsigned>> inputsOf(Value v) {
  llvm::SmallDenseSet<unsigned> inputs;
  SmallVector<Value> stack = {v};
  while (!stack.empty()) {
    Value x = stack.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(x)) {
      inputs.insert(arg.getArgNumber());
      continue;
    }
    Operation *op = x.getDefiningOp();
    if (!isa<arith::ArithDialect>(op->getDialect()) || isa<arith::ConstantOp>(op)) {
      if (isa<arith::ConstantOp>(op))
        continue;
      return std::nullopt;
    }
    llvm::append_range(stack, op->getOperands());
  }
  return inputs;
}

/// Whether the generic's body is `out + f(a) * g(b)` for its two inputs a
/// and b, with f and g elementwise (a ReLU fused into its consumer): a
/// matmul, a convolution, any sum of products.
bool isSumOfProducts(linalg::GenericOp generic) {
  if (generic.getNumDpsInputs() != 2)
    return false;
  Operation *mul = outputPlusProduct(generic).multiply;
  if (!mul)
    return false;
  auto lhs = inputsOf(mul->getOperand(0)), rhs = inputsOf(mul->getOperand(1));
  auto only = [](const auto &set, unsigned arg) { return set && set->size() == 1 && set->contains(arg); };
  return (only(lhs, 0) && only(rhs, 1)) || (only(lhs, 1) && only(rhs, 0));
}

/// The loops an operand's indexing map reads along.
llvm::SmallDenseSet<unsigned> loopsRead(AffineMap map) {
  llvm::SmallDenseSet<unsigned> loops;
  for (AffineExpr result : map.getResults())
    result.walk([&](AffineExpr e) {
      if (auto dim = dyn_cast<AffineDimExpr>(e))
        loops.insert(dim.getPosition());
    });
  return loops;
}


/// Whether `map` reads along `loop` contiguously: its last index moves one
/// element per step of the loop, and no other index moves with it.
bool readsContiguously(AffineMap map, unsigned loop) {
  if (map.getNumResults() == 0 ||
      coefficientOf(map.getResults().back(), loop, map.getNumDims()) != 1)
    return false;
  return llvm::none_of(map.getResults().drop_back(),
                       [&](AffineExpr result) { return result.isFunctionOfDim(loop); });
}

/// The bytes of an element of the generic's output (at least one).
int64_t outputElementBytes(linalg::GenericOp generic) {
  return std::max<int64_t>(
      1, getElementTypeOrSelf(generic.getDpsInits()[0].getType()).getIntOrFloatBitWidth() / 8);
}

/// How many elements of the generic's output type a vector of
/// `vectorBytes` holds (at least one).
int64_t vectorLanes(linalg::GenericOp generic, int64_t vectorBytes) {
  return std::max<int64_t>(1, vectorBytes / outputElementBytes(generic));
}

/// The largest divisor of `extent` that is at most `limit`.
int64_t largestDivisorUpTo(int64_t extent, int64_t limit) {
  for (int64_t d = std::min(extent, limit); d > 1; --d)
    if (extent % d == 0)
      return d;
  return 1;
}

/// The steps of the longest window that `map`, an indexing map of `op`,
/// reads along `loop`: the longest reduction loop added to it in one index
/// (a convolution's kx in `x + kx`); 0 when none is.
int64_t windowStepsAlong(linalg::GenericOp op, AffineMap map, unsigned loop,
                         ArrayRef<int64_t> ranges) {
  SmallVector<unsigned> reductions;
  op.getReductionDims(reductions);
  int64_t steps = 0;
  for (AffineExpr result : map.getResults())
    if (result.isFunctionOfDim(loop))
      for (unsigned reduction : reductions)
        if (result.isFunctionOfDim(reduction))
          steps = std::max(steps, ranges[reduction]);
  return steps;
}

/// The steps of the longest window that an input of `op` read at most
/// `withinElements` apart per step of `loop` slides over along it (see
/// windowStepsAlong).
int64_t longestWindowAlong(linalg::GenericOp op, unsigned loop, ArrayRef<int64_t> ranges,
                           int64_t withinElements = std::numeric_limits<int64_t>::max()) {
  int64_t steps = 0;
  for (OpOperand *input : op.getDpsInputOperands())
    if (readsAdjacentAlong(op, input, loop, withinElements))
      steps = std::max(steps, windowStepsAlong(op, op.getMatchingIndexingMap(input), loop, ranges));
  return steps;
}

/// The loops that the inputs reading `loop` read (a tile's column loop:
/// the loops of its column operand, which rows must not be along).
llvm::SmallDenseSet<unsigned> loopsReadWith(linalg::GenericOp op, unsigned loop) {
  llvm::SmallDenseSet<unsigned> loops;
  for (OpOperand *input : op.getDpsInputOperands())
    if (llvm::SmallDenseSet<unsigned> read = loopsRead(op.getMatchingIndexingMap(input));
        read.contains(loop))
      loops.insert(read.begin(), read.end());
  return loops;
}

/// Register tiles for a sum of products (matmul, convolution): a block of
/// `rows × columns` outputs stays in vector registers while every reduction
/// loop runs one step at a time. `columns` runs along an output loop that
/// one input (b) reads contiguously and the other does not read; `rows`
/// along another output loop that b does not read, so each step is an outer
/// product: `rows` scalars of a, broadcast, times vectors of b. Of the
/// column loops (a convolution's output width, or its channels when the
/// weights are channels-last), widths and row loops, the one with the most
/// products per step wins, within `accumulators` vector registers, half
/// the machine's: the rest hold the step's loads (the shape that measured
/// fastest: 8 rows of 32 f32 in 16 of AVX-512's 32 registers; in AVX2's
/// 16, a 1024² matmul's 4 rows of 32 spilled, 58 GFLOPS on Zen 2, against
/// 138 with 2 rows of 32); on a tie, columns along which b's window does
/// not slide, then the output's last axis, whose tile is stored as it is
/// rather than transposed, then the wider tile, or for a window sliding
/// along the rows the narrower one. `vectorLoop` receives the column loop.
bool tileSumOfProducts(linalg::GenericOp root, ArrayRef<int64_t> ranges, int64_t vectorBytes,
                       int64_t accumulators, const CacheSizes &caches, SmallVector<int64_t> &tile,
                       int64_t &vectorLoop, bool adjacentRowsCountDouble = true) {
  if (root.getNumReductionLoops() == 0 || !isSumOfProducts(root))
    return false;
  // The output's axes that are loops (a kept size-1 axis is read at 0).
  AffineMap out = root.getMatchingIndexingMap(root.getDpsInitOperand(0));
  if (!isLoopsOrZeros(out))
    return false;
  SmallVector<unsigned> outLoops;
  for (AffineExpr result : out.getResults())
    if (auto dim = dyn_cast<AffineDimExpr>(result))
      outLoops.push_back(dim.getPosition());
  if (outLoops.size() < 2)
    return false;
  for (AffineMap map : root.getIndexingMapsArray())
    for (AffineExpr result : map.getResults())
      if (!result.isPureAffine() || result.getKind() == AffineExprKind::Mul)
        return false;
  auto inputMaps = llvm::map_to_vector(root.getDpsInputOperands(), [&](OpOperand *operand) {
    return root.getMatchingIndexingMap(operand);
  });
  int64_t lanes = vectorLanes(root, vectorBytes);

  struct Choice {
    unsigned column = 0, row = 0;
    int64_t columns = 0, rows = 0;
    unsigned a = 0; // the input read along the rows
  } best;
  // Four rows or more whose inputs lie within a vector of each other in
  // memory (pixels of a row, rather than images of a convolution) count
  // double, unless !adjacentRowsCountDouble: they share cache lines (a 5x5 convolution of 20x20
  // maps: 189 GFLOPS with 8 images by 32 channels, 219 with 5 pixels by 32). Products count as the
  // lanes they use: a 10-wide axis in 16 lanes wastes 6 of every 16 multiplies.
  auto adjacentRows = [&](const Choice &c) {
    if (!adjacentRowsCountDouble || c.row == c.column || c.rows < 4)
      return false;
    return readsAdjacentAlong(root, root.getDpsInputOperand(c.a), c.row, lanes);
  };
  auto score = [&](const Choice &c) {
    int64_t products = c.columns * c.rows * c.columns / llvm::alignTo(c.columns, lanes);
    return adjacentRows(c) ? 2 * products : products;
  };
  // On a tie, a window sliding along the rows (a convolution's x + kx)
  // whose tile reads more of b than the first-level cache holds takes the
  // narrower tile of two vectors or more: its rows share a's lines from
  // step to step, and each step reads fewer vectors of b, which every tile
  // streams whole from the next level (a 3x3 convolution of 64 channels on
  // 8x8 maps: 8 pixels x 32 channels 1.08-1.09 ms, 4 x 64 1.20-1.34; on
  // 56x56 maps 9.3-9.8 against 10.1-10.9). One vector of columns loads as
  // often as it multiplies (10 x 16 on 20x20 maps: 7.0-7.2 ms, 5 x 32
  // 6.5-6.9). Other tiles take the wider one: a matmul's rows of a lie a
  // row apart (8 x 32 6.3-6.8 ms, 4 x 64 6.0-6.2), GPT's weight gradient
  // reads a new line of a every step (8 x 32 0.40 ms, 4 x 64 0.34-0.36),
  // a Linear's gradient of 10 steps stores more than it reads.
  int64_t stepBytes = reductionSteps(root, ranges) * std::max<int64_t>(1, vectorBytes / lanes);
  // Whether `input` reads `loop` through a window sliding along it (a
  // convolution's `x + kx`).
  auto slidesAlong = [&](unsigned input, unsigned loop) {
    return windowStepsAlong(root, inputMaps[input], loop, ranges) > 0;
  };
  auto slidingWindow = [&](const Choice &c) { return slidesAlong(c.a, c.row); };
  // Columns that b reads through a sliding window, each step's vectors a
  // tap apart, lose a tie to columns it reads whole, its pixels broadcast
  // instead: with AVX2's 8 accumulators, 8 pixels by 8 channels against 8
  // channels by 8 pixels (Zen 2: beautiful_mnist's 5x5 input gradient 74 ->
  // 117-129 GFLOPS for both backward convolutions, its step 7.5 -> 9.6-9.8
  // steps/s; 3x3 over 56x56 maps 118 -> 138-141 GFLOPS). No AVX-512 choice
  // of the lit tests ties so.
  auto slidingColumns = [&](const Choice &c) { return slidesAlong(1 - c.a, c.column); };
  auto narrowerFirst = [&](const Choice &c) {
    return adjacentRows(c) && slidingWindow(c) && c.columns >= 2 * lanes;
  };
  auto better = [&](const Choice &c) {
    int64_t cScore = score(c), bestScore = best.columns == 0 ? 0 : score(best);
    if (cScore != bestScore)
      return cScore > bestScore;
    if (slidingColumns(c) != slidingColumns(best))
      return !slidingColumns(c);
    bool last = c.column == outLoops.back(), bestLast = best.column == outLoops.back();
    if (last != bestLast)
      return last;
    if (narrowerFirst(c) && narrowerFirst(best) &&
        std::max(c.columns, best.columns) * stepBytes > caches.firstLevel)
      return c.columns < best.columns;
    return c.columns > best.columns;
  };
  for (unsigned column : outLoops) {
    // A tile along another axis than the output's last is transposed when
    // stored, with shuffles (CPUTarget's vector-transpose-lowering), which
    // even a short sum pays for: a convolution of one input channel, 25
    // steps, ran 1.1-1.6 ms tiled along its channels against 2.4-4.2 ms
    // along its width; 9 steps on 26x26 maps, 1.3-1.5 against 2.6-2.7 ms
    // not tiled.
    if (ranges[column] < 4)
      continue;
    // b: the input read along the column loop, one element per step (a
    // strided read, such as a convolution with stride 2, is no vector).
    int b = -1;
    for (auto [i, map] : llvm::enumerate(inputMaps))
      if (readsContiguously(map, column) && !loopsRead(inputMaps[1 - i]).contains(column))
        b = i;
    if (b < 0)
      continue;
    // Widths: powers of two up to four vectors that divide the axis (LLVM
    // splits other widths badly: a vector<56xf32> carried around a loop
    // ends up element by element), or a whole axis narrower than a vector
    // that none divides (a 6x6 or 10x10 feature map), padded by LLVM.
    SmallVector<int64_t> widths;
    for (int64_t c = llvm::bit_floor(uint64_t(std::min(ranges[column], 4 * lanes))); c >= 4; c /= 2)
      if (ranges[column] % c == 0)
        widths.push_back(c);
    if (widths.empty() && ranges[column] <= lanes)
      widths.push_back(ranges[column]);
    llvm::SmallDenseSet<unsigned> readByB = loopsRead(inputMaps[b]);
    for (int64_t columns : widths) {
      int64_t maxRows = std::max<int64_t>(1, accumulators / ((columns + lanes - 1) / lanes));
      // Without a row loop (a stride-2 convolution of one image reads its
      // rows two apart), one row of whole vectors of columns.
      Choice oneRow{column, column, columns, 1, unsigned(1 - b)};
      if (columns % lanes == 0 && better(oneRow))
        best = oneRow;
      for (unsigned row : outLoops) {
        // a's rows may be read a few elements apart (a stride-2
        // convolution's `2x + kx`: tg-cpu-apply-opts reads them from a
        // strided slice); kernels reading backwards never get here.
        if (row == column || readByB.contains(row) || ranges[row] < 2)
          continue;
        Choice choice{column, row, columns, largestDivisorUpTo(ranges[row], maxRows),
                      unsigned(1 - b)};
        // Among equal rows the innermost loop: its rows are adjacent.
        if (better(choice) || (choice.column == best.column && choice.columns == best.columns &&
                               choice.rows == best.rows))
          best = choice;
      }
    }
  }
  if (best.columns == 0)
    return false;
  tile.assign(ranges.size(), 1);
  tile[best.column] = best.columns;
  if (best.row != best.column)
    tile[best.row] = best.rows;
  vectorLoop = best.column == outLoops.back() ? -1 : int64_t(best.column);
  return true;
}

/// Register tiles of dot products for a sum of products whose inputs both
/// run along the innermost loop, a reduction (a Linear's forward, x·Wᵀ:
/// each output a dot product of two contiguous rows): `rows × columns`
/// outputs, each with a vector of partial sums along the reduction, merged
/// once after it (tinygrad's UNROLL of the reduce with an UPCAST of both
/// output axes). Every step loads `rows + columns` vectors for
/// `rows × columns` products, where one output at a time loads two per
/// product. Up to 4 columns (rows of the second input, the split loop's,
/// whose strip a worker keeps while the first input streams by), and up
/// to 4 rows within `accumulators` vector registers: 4 by 4 in AVX-512's
/// 16, 2 rows by 4 in AVX2's 8 (Zen 2: the CNN's Linear(9216, 128) forward
/// 4 by 4, spilled, 2.82 ms; 4 rows by 2, 2.67; 2 by 4, 2.51).
bool tileDotProducts(linalg::GenericOp root, ArrayRef<int64_t> ranges, int64_t vectorBytes,
                     int64_t accumulators, SmallVector<int64_t> &tile) {
  unsigned innermost = ranges.size() - 1;
  SmallVector<unsigned> reductions;
  root.getReductionDims(reductions);
  if (!isSumOfProducts(root) || reductions.size() != 1 || reductions.front() != innermost)
    return false;
  AffineMap out = root.getMatchingIndexingMap(root.getDpsInitOperand(0));
  if (!out.isProjectedPermutation())
    return false;
  auto inputMaps = llvm::map_to_vector(root.getDpsInputOperands(), [&](OpOperand *operand) {
    return root.getMatchingIndexingMap(operand);
  });
  if (!llvm::all_of(inputMaps, [&](AffineMap map) {
        return map.isProjectedPermutation() && readsContiguously(map, innermost);
      }))
    return false;
  // One output loop read by the first input alone, one by the second.
  std::optional<unsigned> rowLoop, columnLoop;
  for (unsigned loop = 0; loop < innermost; ++loop) {
    bool first = loopsRead(inputMaps[0]).contains(loop),
         second = loopsRead(inputMaps[1]).contains(loop);
    if (first && !second && ranges[loop] > 1)
      rowLoop = loop;
    if (second && !first && ranges[loop] > 1)
      columnLoop = loop;
  }
  int64_t lanes = vectorLanes(root, vectorBytes);
  if (!rowLoop || !columnLoop || ranges[innermost] % lanes != 0 || ranges[innermost] < 2 * lanes)
    return false;
  tile.assign(ranges.size(), 1);
  tile[*columnLoop] = largestDivisorUpTo(ranges[*columnLoop], 4);
  tile[*rowLoop] = largestDivisorUpTo(ranges[*rowLoop],
                                      std::clamp<int64_t>(accumulators / tile[*columnLoop], 1, 4));
  tile[innermost] = lanes;
  return true;
}

/// Whether the body combines its output with one add, mul or max (a
/// reduction whose partial results can be merged in any order).
bool combinesOutput(linalg::GenericOp generic) {
  Block &body = generic.getRegion().front();
  Value yielded = cast<linalg::YieldOp>(body.getTerminator()).getValues().front();
  Operation *combiner = yielded.getDefiningOp();
  return combiner &&
         isa<arith::AddFOp, arith::AddIOp, arith::MulFOp, arith::MulIOp, arith::MaximumFOp,
             arith::MaxSIOp, arith::MaxUIOp>(combiner) &&
         llvm::is_contained(combiner->getOperands(), body.getArguments().back());
}

/// A reduction along the innermost loop, read contiguously (a row sum, a
/// softmax's denominators, a bias gradient's sum over batch, height and
/// width): T partial results in vector lanes, tinygrad's UNROLL of a
/// reduce; one row at a time otherwise. When the innermost loop holds
/// fewer than four vectors (a 24-pixel row), the reduction loop outside it
/// is unrolled too, so that as many partial sums hide the adds' latency.
bool tileRowReduction(linalg::GenericOp root, ArrayRef<int64_t> ranges, int64_t vectorBytes,
                      SmallVector<int64_t> &tile) {
  SmallVector<unsigned> reductions;
  root.getReductionDims(reductions);
  unsigned innermost = ranges.size() - 1;
  // Partial results are laid out by the output's indexing map, which must
  // name a loop per axis (a kept size-1 axis read at 0 does not).
  AffineMap out = root.getMatchingIndexingMap(root.getDpsInitOperand(0));
  if (reductions.empty() || reductions.back() != innermost || !combinesOutput(root) ||
      !out.isProjectedPermutation())
    return false;
  if (readsThroughIndices(root))
    return false;
  for (OpOperand *input : root.getDpsInputOperands()) {
    AffineMap map = root.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation())
      return false;
    for (unsigned r = 0; r + 1 < map.getNumResults(); ++r)
      if (map.getDimPosition(r) == innermost)
        return false;
  }
  // The widest that divides the row and leaves two steps of it (a 64-wide
  // row: two of 32), down to a 16-byte register (a 6x6 map's 36 floats:
  // 0.43 -> 0.08 ms for a BatchNorm gradient's sum over 128x6x6).
  int64_t lanes = vectorLanes(root, vectorBytes), width = 0;
  for (int64_t candidate :
       {4 * lanes, 2 * lanes, lanes, lanes / 2, vectorLanes(root, kSmallestVectorBytes)})
    if (!width && ranges[innermost] % candidate == 0 && ranges[innermost] >= 2 * candidate)
      width = candidate;
  if (width < 2)
    return false;
  tile.assign(ranges.size(), 1);
  tile[innermost] = width;
  if (reductions.size() > 1 && width < 4 * lanes) {
    unsigned outer = reductions[reductions.size() - 2];
    tile[outer] = std::max<int64_t>(1, largestDivisorUpTo(ranges[outer], 2 * lanes / width));
  }
  return true;
}

/// A reduction over a small window (a pooling's 2x2 or 3x3) that the rules
/// above leave alone, written as it is computed (no epilogue): vectors of 4
/// outputs along the outermost parallel loop that divides by 4 (each lane
/// an image or a channel of its own), the window's loops unrolled. One output at a time, every window step loads,
/// combines and stores the accumulator through memory: max pooling's
/// 128x64x24x24 measured 3.0 ms against 0.65 ms.
bool tileWindowReduction(linalg::GenericOp root, ArrayRef<int64_t> ranges,
                         SmallVector<int64_t> &tile) {
  constexpr int64_t kLargestWindow = 16, kLanes = 4;
  // A vector of outputs needs an axis of the output per loop (a kept size-1
  // axis read at 0 has none) and reads that follow loops.
  bool plainMaps = llvm::all_of(root.getIndexingMapsArray(),
                                [](AffineMap map) { return map.isProjectedPermutation(); });
  if (root.getNumReductionLoops() == 0 || reductionSteps(root, ranges) > kLargestWindow ||
      readsThroughIndices(root, /*orLoopIndices=*/true) || !plainMaps || !combinesOutput(root))
    return false;
  for (auto [loop, type] : llvm::enumerate(root.getIteratorTypesArray())) {
    if (type != utils::IteratorType::parallel || ranges[loop] % kLanes != 0)
      continue;
    tile.assign(ranges.size(), 1);
    tile[loop] = kLanes;
    return true;
  }
  return false;
}

/// Whether `root` is elementwise on tensors and reads every operand along
/// its loops (projected permutations), none through computed indices (nor,
/// with `orLoopIndices`, through linalg.index).
bool readsElementwiseAlongLoops(linalg::GenericOp root, ArrayRef<int64_t> ranges,
                                bool orLoopIndices) {
  return root.getNumReductionLoops() == 0 && !ranges.empty() && root.hasPureTensorSemantics() &&
         !readsThroughIndices(root, orLoopIndices) &&
         llvm::all_of(root.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isProjectedPermutation(); });
}

/// Whether every operand of `root` reads those of `loops` it reads as its
/// last axes, in their order: a block of the loops is then contiguous in
/// each operand, or broadcast along the loops it does not read.
bool readsAsLastAxes(linalg::GenericOp root, ArrayRef<unsigned> loops) {
  return llvm::all_of(root.getIndexingMapsArray(), [&](AffineMap map) {
    SmallVector<size_t> order;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      if (auto found = llvm::find(loops, map.getDimPosition(r)); found != loops.end())
        order.push_back(found - loops.begin());
    unsigned first = map.getNumResults() - order.size();
    for (unsigned r = first; r < map.getNumResults(); ++r)
      if (!llvm::is_contained(loops, map.getDimPosition(r)))
        return false;
    return llvm::is_sorted(order);
  });
}

/// Elementwise kernels whose reads are contiguous or broadcast along the
/// innermost loop: vectors along it. An innermost loop too short for a
/// vector (a 2x2 pooling's window column) takes the loop outside it into
/// the vector where both are every operand's last axes: a max pooling's
/// gradient over 24x24 maps, computed over [.., 12, 2, 12, 2], gets
/// blocks of 4 window pairs, 8 contiguous floats (Zen 2: scalar 3.2-3.4
/// ms in the CNN's step, [4, 2] 1.49 ms alone).
bool tileElementwise(linalg::GenericOp root, ArrayRef<int64_t> ranges,
                     SmallVector<int64_t> &tile) {
  if (!readsElementwiseAlongLoops(root, ranges, /*orLoopIndices=*/false))
    return false;
  unsigned innermost = ranges.size() - 1;
  if (!readsAsLastAxes(root, {innermost}))
    return false;
  // Four lanes only where they fill a 16-byte register (a 6x6 map's 36
  // floats).
  int64_t width = largestDivisor(ranges[innermost], {64, 32, 16, 8});
  if (!width && vectorLanes(root, kSmallestVectorBytes) <= 4)
    width = largestDivisor(ranges[innermost], {4});
  if (width) {
    tile.assign(ranges.size(), 1);
    tile[innermost] = width;
    return true;
  }
  unsigned outer = innermost - 1;
  if (innermost == 0 || !readsAsLastAxes(root, {outer, innermost}))
    return false;
  for (int64_t block : {64, 32, 16, 8}) {
    if (block % ranges[innermost] == 0 && ranges[outer] % (block / ranges[innermost]) == 0) {
      tile.assign(ranges.size(), 1);
      tile[outer] = block / ranges[innermost];
      tile[innermost] = ranges[innermost];
      return true;
    }
  }
  return false;
}

/// The indexing map of the first operand that does not hold the elements
/// along the innermost loop contiguously (read transposed), if any.
AffineMap transposedReadMap(linalg::GenericOp root) {
  unsigned innermost = root.getNumLoops() - 1;
  for (AffineMap map : root.getIndexingMapsArray()) {
    std::optional<unsigned> axis =
        map.getResultPosition(getAffineDimExpr(innermost, map.getContext()));
    if (axis && *axis + 1 != map.getNumResults())
      return map;
  }
  return {};
}

/// Elementwise kernels that read an operand transposed (a weight's
/// [cout, cin, ky, kx] copied as [cin, ky, kx, cout]): a block of a vector
/// of outputs along the innermost loop by a few contiguous elements of the
/// transposed operand, along the loops of its last axes (kx and ky whole,
/// a 2-d transpose's column 4 at a time). Each row of the block is then a
/// contiguous read and each column a vector store, where one vector of
/// outputs at a time reads every element from another cache line: ResNet's
/// 512x512x3x3 weight, 2.85 -> 0.52 ms; a 512x4608 transpose, 2.71 -> 0.56.
/// Runs of 4 (a 16-byte row) rather than 8: ResNet-18's BatchNorm gradient
/// copied channels-last from two [16, 64, 112, 112] tensors, 8.9-9.7 ->
/// 6.5-6.8 ms; one such tensor alone, 3.8-3.9 -> 2.1-2.2 ms; 1024x1024
/// transposes the same. Runs of 2 along a loop not taken whole where the
/// rows that one sweep of the innermost loop reads fit in half the
/// first-level cache, so that the tiles after it read each line again from
/// there (Zen 2, a [N, C, H, W] tensor copied as [N, H, W, C], fastest
/// launch: 128x64x24x24 2.10-2.16 -> 1.44-1.50 ms, 16x64x56x56 1.10 ->
/// 0.68-0.78; not 16x64x80x80, 20 KB of rows a sweep: 1.83-2.01 against
/// 2.38-2.41).
bool tileTransposedRead(linalg::GenericOp root, ArrayRef<int64_t> ranges, int64_t vectorBytes,
                        const CacheSizes &caches, SmallVector<int64_t> &tile) {
  constexpr int64_t kContiguousRun = 4, kWholeLoopsUpTo = 16;
  if (!readsElementwiseAlongLoops(root, ranges, /*orLoopIndices=*/true))
    return false;
  unsigned innermost = ranges.size() - 1;
  AffineMap transposed = transposedReadMap(root);
  int64_t width = vectorLanes(root, vectorBytes);
  while (width >= 4 && ranges[innermost] % width != 0)
    width /= 2;
  if (!transposed || width < 4)
    return false;
  int64_t rowElements = ranges[transposed.getDimPosition(transposed.getNumResults() - 1)];
  int64_t sweepBytes = ranges[innermost] * rowElements * outputElementBytes(root);
  int64_t partialRun = sweepBytes <= caches.firstLevel / 2 ? 2 : kContiguousRun;
  SmallVector<int64_t> block(ranges.size(), 1);
  block[innermost] = width;
  int64_t run = 1;
  for (unsigned axis = transposed.getNumResults(); axis-- > 0 && run < kContiguousRun;) {
    unsigned loop = transposed.getDimPosition(axis);
    if (loop == innermost)
      break;
    block[loop] = run * ranges[loop] <= kWholeLoopsUpTo
                      ? ranges[loop]
                      : largestDivisorUpTo(ranges[loop], partialRun / run);
    run *= block[loop];
    if (block[loop] < ranges[loop])
      break;
  }
  // One element of it per row is a gather, which LLVM's scalar loop does
  // as well.
  if (run == 1)
    return false;
  tile = std::move(block);
  return true;
}

/// Whether an elementwise epilogue's tile vectorizes once its unit loops
/// are dropped: every operand is read along loops, or at 0 on a unit axis.
bool epilogueVectorizes(linalg::GenericOp root) {
  if (readsThroughIndices(root, /*orLoopIndices=*/true))
    return false;
  for (OpOperand &operand : root->getOpOperands()) {
    AffineMap map = root.getMatchingIndexingMap(&operand);
    auto shape = cast<ShapedType>(operand.get().getType()).getShape();
    if (!isLoopsOrZeros(map))
      return false;
    for (auto [axis, result] : llvm::enumerate(map.getResults()))
      if (isa<AffineConstantExpr>(result) && shape[axis] != 1)
        return false;
  }
  return true;
}

/// The bytes of an operand's whole tensor.
int64_t operandBytes(OpOperand *operand) {
  auto type = cast<ShapedType>(operand->get().getType());
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

/// About the bytes of its inputs that one step of reduction loop `loop`
/// reads, all tiles together: an input indexed by it, its share.
int64_t inputBytesPerStep(linalg::GenericOp main, ArrayRef<int64_t> ranges, unsigned loop) {
  int64_t bytes = 0;
  for (OpOperand *input : main.getDpsInputOperands()) {
    int64_t whole = operandBytes(input);
    bytes +=
        loopsRead(main.getMatchingIndexingMap(input)).contains(loop) ? whole / ranges[loop] : whole;
  }
  return bytes;
}

/// The reduction loop of a register-tiled sum to run outside the tiles, or
/// -1. It runs outside when several tiles read the same inputs and a step
/// of it reads a slice of them that stays, for all the tiles, in a cache
/// level that a tile's whole reduction overflows: a tile reads more than
/// kCacheBytes in all (a weight gradient's sum over the batch and every
/// pixel: 19 MB per tile for a 24x24 map of 64 channels), or more than
/// the first-level cache in all and at most that per step (ResNet-18's 7x7
/// maps of 512 channels: 213 KB per tile, 13 KB per image, 18.4 -> 14.8 ms;
/// not its 14x14 maps of 256, 53 KB per image: 12.2 -> 14.1 ms). The loop
/// is the outermost whose step reads at most the core's cache of the inputs
/// (an image; ResNet-18's first weight gradient, 3.8 MB an image, steps
/// over rows of all 16 images: 37 -> 17 ms), else the outermost, as long as
/// the reduction loops inside it make kStepsPerOuterStep steps.
int64_t outerReduction(linalg::GenericOp main, ArrayRef<int64_t> ranges, ArrayRef<int64_t> tile,
                       const CacheSizes &caches) {
  SmallVector<unsigned> reductions;
  main.getReductionDims(reductions);
  if (reductions.size() < 2)
    return -1;
  int64_t steps = reductionSteps(main, ranges), tiles = 1;
  unsigned outer = reductions.front();
  for (unsigned loop : reductions) {
    if (steps / ranges[loop] < kStepsPerOuterStep)
      break;
    if (inputBytesPerStep(main, ranges, loop) <= caches.core) {
      outer = loop;
      break;
    }
  }
  auto iterators = main.getIteratorTypesArray();
  for (auto [loop, type] : llvm::enumerate(iterators))
    if (type == utils::IteratorType::parallel)
      tiles *= ranges[loop] / tile[loop];
  int64_t bytes = 0;
  for (OpOperand *input : main.getDpsInputOperands()) {
    int64_t perStep = getElementTypeOrSelf(input->get().getType()).getIntOrFloatBitWidth() / 8;
    for (unsigned loop : loopsRead(main.getMatchingIndexingMap(input)))
      if (iterators[loop] == utils::IteratorType::parallel)
        perStep *= tile[loop];
    bytes += perStep * steps;
  }
  bool stepFitsFirstLevel = bytes > caches.firstLevel && bytes / ranges[outer] <= caches.firstLevel;
  if (tiles < 2 || (bytes <= kCacheBytes && !stepFitsFirstLevel) ||
      steps / ranges[outer] < kStepsPerOuterStep)
    return -1;
  return outer;
}

/// Whether a window slides by more than one element per step of a reduction
/// loop (a strided convolution's weight gradient reads `ky + 2y`).
bool slidesByMoreThanOne(linalg::GenericOp main) {
  SmallVector<unsigned> reductions;
  main.getReductionDims(reductions);
  return llvm::any_of(main.getIndexingMapsArray(), [&](AffineMap map) {
    return llvm::any_of(map.getResults(), [&](AffineExpr result) {
      return llvm::any_of(reductions, [&](unsigned loop) {
        return std::abs(coefficientOf(result, loop, map.getNumDims())) > 1;
      });
    });
  });
}

/// Whether an input is read through a window: one index of it combines a
/// parallel loop and a reduction loop (a convolution's `y + ky`).
bool readsThroughWindow(linalg::GenericOp main) {
  SmallVector<unsigned> parallel, reductions;
  main.getParallelDims(parallel);
  main.getReductionDims(reductions);
  return llvm::any_of(main.getIndexingMapsArray(), [&](AffineMap map) {
    return llvm::any_of(map.getResults(), [&](AffineExpr result) {
      auto involves = [&](unsigned loop) { return result.isFunctionOfDim(loop); };
      return llvm::any_of(parallel, involves) && llvm::any_of(reductions, involves);
    });
  });
}

/// The column loop (see columnLoop) and the row loop of a register tile
/// with one other tiled parallel loop; nullopt for other tiles.
struct TileAxes {
  unsigned columns, rows;
};
std::optional<TileAxes> tileAxes(linalg::GenericOp main, ArrayRef<int64_t> tile,
                                 int64_t vectorLoop) {
  int64_t columns = columnLoop(main.getIteratorTypesArray(), tile, vectorLoop);
  if (columns < 0)
    return std::nullopt;
  SmallVector<unsigned> parallel;
  main.getParallelDims(parallel);
  auto rows = llvm::make_filter_range(
      parallel, [&](unsigned loop) { return tile[loop] > 1 && int64_t(loop) != columns; });
  if (llvm::range_size(rows) != 1)
    return std::nullopt;
  return TileAxes{unsigned(columns), *rows.begin()};
}

/// The bytes of the outputs one chunk of the split loop `split` writes (all
/// of them without a split).
int64_t chunkOutputBytes(linalg::GenericOp main, ArrayRef<int64_t> ranges, ArrayRef<int64_t> tile,
                         int64_t split) {
  int64_t bytes = operandBytes(main.getDpsInitOperand(0));
  return split < 0 ? bytes : bytes / tilesAlong(ranges, tile, split);
}

/// The bytes of the column operand of a tile whose columns are `columns`:
/// the inputs read along the columns and no other parallel loop (a matmul's
/// B, a convolution's weights), which every row tile reads whole.
int64_t columnOperandBytes(linalg::GenericOp main, unsigned columns) {
  auto iterators = main.getIteratorTypesArray();
  int64_t bytes = 0;
  for (OpOperand *input : main.getDpsInputOperands()) {
    llvm::SmallDenseSet<unsigned> loops = loopsRead(main.getMatchingIndexingMap(input));
    if (!loops.contains(columns) || llvm::any_of(loops, [&](unsigned loop) {
          return loop != columns && iterators[loop] == utils::IteratorType::parallel;
        }))
      continue;
    bytes += operandBytes(input);
  }
  return bytes;
}

struct ChooseOptsPass : tg::impl::TGCPUChooseOptsBase<ChooseOptsPass> {
  using TGCPUChooseOptsBase::TGCPUChooseOptsBase;

  CacheSizes caches() const { return {firstLevelCacheBytes, coreCacheBytes}; }

  /// The rows of a register tile of four vectors of columns in half the
  /// vector registers: 4 with AVX-512's 32, 2 with AVX2's 16.
  int64_t rowsBesideFourVectors() const { return vectorRegisters / 2 / 4; }

  /// Whether a tile's rows can take kDeepRows, which divide no power of two:
  /// tg-cpu-apply-opts peels the last, partial tile, so the rows need room
  /// for several whole tiles and must not be the split loop (whose chunks
  /// are the workers').
  static bool roomForDeepRows(ArrayRef<int64_t> ranges, int64_t rows, int64_t split) {
    return rows != split && ranges[rows] >= 4 * kDeepRows;
  }

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp kernel) {
      if (!kernel->hasAttr("tg.kernel") || kernel->hasAttr("tg.opts"))
        return;
      kernel->setAttr("tg.opts", choose(kernel));
    });
  }

  /// With `outer`, every step of it loads and stores the outputs of a
  /// worker's chunk, which must then stay in half the core's cache (the
  /// other half holds the step's inputs): ResNet-18's 512x512x3x3 weight
  /// gradient at batch 16, 589 KB of them per chunk of 32 output channels,
  /// ran 32.4 ms with `outer` on Zen 2 (512 KB), 24.4 without; turned to 16
  /// channels (narrowColumns), 295 KB, 36.2 ms (on Zen 4, 1 MB, 14.8 with,
  /// 18.4 without). Chosen again without `outer` otherwise.
  KernelOptsAttr choose(func::FuncOp kernel, bool outerAllowed = true) {
    MLIRContext *context = kernel.getContext();
    KernelOptsAttr none = KernelOptsAttr::get(context, -1, false, {});
    linalg::GenericOp root = getKernelRoot(kernel);
    if (disable || !root || readsBackwards(kernel))
      return none;
    MainOp main = getMainOp(root);
    SmallVector<int64_t> ranges = main.op.getStaticLoopRanges();
    if (!tileableLoops(ranges) || llvm::any_of(root.getStaticLoopRanges(), ShapedType::isDynamic))
      return none;

    SmallVector<int64_t> tile;
    int64_t vectorLoop = -1;
    bool sumOfProducts = false, transposedRead = false;
    bool vectorize =
        !readsOrWritesBool(main.op) && !readsOrWritesBool(root) &&
        ((sumOfProducts = tileSumOfProducts(main.op, ranges, vectorBytes, vectorRegisters / 2,
                                            caches(), tile, vectorLoop)) ||
         tileDotProducts(main.op, ranges, vectorBytes, vectorRegisters / 2, tile) ||
         tileRowReduction(main.op, ranges, vectorBytes, tile) ||
         (main.op == root && tileWindowReduction(root, ranges, tile)) ||
         (main.op == root && tileElementwise(root, ranges, tile)) ||
         (main.op == root &&
          (transposedRead = tileTransposedRead(root, ranges, vectorBytes, caches(), tile)))) &&
        (main.op == root || epilogueVectorizes(root));

    int64_t outer = vectorize && sumOfProducts && outerAllowed
                        ? outerReduction(main.op, ranges, tile, caches())
                        : -1;
    // The accumulators are then loaded and stored in every step of the
    // outer loop, in a scratch when the tile is stored transposed. Such a
    // tile gains nothing from rows whose inputs share cache lines:
    // beautiful_mnist's weight gradient r_32_32_5_5_128_20_20, 5 window
    // columns by 32 output channels, 10.0-10.5 ms; 4 input channels by 32,
    // 9.2; 8 by 32, 8.1-8.4 (its forward convolution, without `outer`, is
    // the other way round: 5 pixels by 32 channels 6.1 ms, 8 images 8.2).
    // It keeps at most kTransposedRowsPerOuterStep rows, unless fewer would
    // leave it one row (5 rows of 5: 13 ms, 1: 29 ms).
    auto keepTransposedRows = [&](SmallVector<int64_t> &rows, int64_t columns) {
      for (auto [loop, type] : llvm::enumerate(main.op.getIteratorTypesArray())) {
        int64_t fewer = largestDivisorUpTo(ranges[loop], kTransposedRowsPerOuterStep);
        if (type == utils::IteratorType::parallel && int64_t(loop) != columns &&
            rows[loop] > fewer && fewer > 1)
          rows[loop] = fewer;
      }
    };
    if (outer >= 0 && vectorLoop >= 0) {
      keepTransposedRows(tile, vectorLoop);
      SmallVector<int64_t> apart;
      int64_t apartColumns = -1;
      tileSumOfProducts(main.op, ranges, vectorBytes, vectorRegisters / 2, caches(), apart,
                        apartColumns,
                        /*adjacentRowsCountDouble=*/false);
      if (apartColumns >= 0) {
        keepTransposedRows(apart, apartColumns);
        if (int64_t apartOuter = outerReduction(main.op, ranges, apart, caches());
            apartOuter >= 0) {
          tile = std::move(apart);
          vectorLoop = apartColumns;
          outer = apartOuter;
        }
      }
    }
    int64_t split = -1, iterations = 1;
    for (int64_t r : ranges)
      iterations *= r;
    bool splits = iterations >= kMinIterationsToSplit && onlyRootWritesOutput(kernel, root);
    auto splitLoop = [&](int64_t unsplit = -1) -> int64_t {
      if (!splits)
        return -1;
      return chooseSplit(main, root, ranges, tile, vectorize ? vectorLoop : -1,
                         transposedRead ? transposedReadMap(root) : AffineMap(), outer, unsplit);
    };
    if (splits) {
      split = splitLoop();
      if (outer >= 0 && split >= 0 && unevenlyShared(tilesAlong(ranges, tile, split))) {
        SmallVector<int64_t> whole(tile);
        int64_t halved = halveWholeColumns(main.op, ranges, tile, vectorLoop);
        if (halved >= 0 && splitLoop() == halved)
          split = halved;
        else
          tile = std::move(whole);
      }
    }
    if (outer >= 0)
      outer = narrowColumns(main.op, ranges, tile, vectorLoop, outer, split, splitLoop);
    if (outer >= 0 && chunkOutputBytes(main.op, ranges, tile, split) > coreCacheBytes / 2)
      return choose(kernel, /*outerAllowed=*/false);
    if (outer < 0 && sumOfProducts && vectorize) {
      deepenRows(main.op, ranges, tile, vectorLoop, split);
      deepenSlidingRows(main.op, ranges, tile, vectorLoop, split);
    }
    if (sumOfProducts && vectorize)
      widenSlidingColumns(main.op, ranges, tile, vectorLoop, split);
    return KernelOptsAttr::get(context, split, vectorize, tile, vectorize ? vectorLoop : -1, outer);
  }

  /// A convolution's weight gradient (an input read through a window: a
  /// parallel loop and a reduction loop in one index) with a reduction loop
  /// outside the tiles loads and stores the accumulators in every step of
  /// it and reads its slice of both inputs anew: a tile of four vectors of
  /// columns by four rows ran slower than two by eight, as many products
  /// from fewer loads per step, split by rows (ResNet-18's 3x3s over 56x56
  /// maps 17.0 -> 14.9 ms, 7x7 16.7 -> 15.9, stride 2 over 28x28 9.1 ->
  /// 8.2; the CNN's over 24x24 maps 12.0 -> 11.0; beautiful_mnist's over
  /// 6x6 maps, the exception, 1.26-1.31 -> 1.36-1.45). Split by columns,
  /// the 7x7s took 26 ms. GPT's weight gradients, x^T g, ran faster as they
  /// were (0.54 -> 0.63 ms turned). The tile turns so where the rows' loop
  /// has room, if a reduction loop still runs outside it; the result is
  /// that loop, and a split kernel splits the rows. In AVX2's 8
  /// accumulators the tile of four vectors by two rows turns likewise, to
  /// two by four, only where the window slides by one (stride 2 over 28x28
  /// maps: 15.9 ms as it was, 23.7 turned), and its split is chosen again
  /// for the narrower columns (Zen 2: the CNN's over 24x24 maps, 23.2 ms as
  /// it was; turned, 19.3 split by columns as before, 26.1 by rows;
  /// beautiful_mnist's 5x5, split by input channels as it was, 18.6-19.0,
  /// by output channels 16.7-17.3). Its rows then move to window columns
  /// (deepenSlidingRows: the 5x5's 5, 13.2-13.5 ms), or else take kDeepRows
  /// where they have room and are not the split loop, 12 accumulators
  /// rather than 8, which hide the FMA's latency (see deepenRows; the
  /// CNN's 22.1-22.5 -> 19.5 ms, ResNet-18's 3x3s over 56x56 maps
  /// 33.4-34.1 -> 28.6-28.9; the 5x5's 6 input channels 14.8-15.1; with the
  /// rows split, a partial tile in a worker's chunk left the 5x5
  /// unvectorized, 21 -> 479 ms). A split by the rows gives way to the
  /// next one chooseSplit ranks, if two workers share it evenly, for them
  /// (beautiful_mnist's 3x3 over 6x6 maps: 16 chunks of 4 input channels
  /// 2.16-2.59 ms; 4 chunks of output channels, 4 rows 2.21-2.26, 6 rows
  /// 1.77-2.01).
  int64_t narrowColumns(linalg::GenericOp main, ArrayRef<int64_t> ranges,
                        SmallVector<int64_t> &tile, int64_t vectorLoop, int64_t outer,
                        int64_t &split, llvm::function_ref<int64_t(int64_t)> splitForTile) {
    int64_t lanes = vectorLanes(main, vectorBytes);
    std::optional<TileAxes> axes = tileAxes(main, tile, vectorLoop);
    if (!readsThroughWindow(main) || !axes)
      return outer;
    auto [columns, rows] = *axes;
    // The rows that fill the accumulators beside four vectors of columns:
    // 4 in AVX-512's 16, whose turn was measured at any stride and split by
    // rows; 2 in AVX2's 8, whose turn was not (see above).
    int64_t fullRows = rowsBesideFourVectors();
    bool measuredWithFourRows = fullRows == 4;
    if (tile[columns] != 4 * lanes || tile[rows] != fullRows ||
        ranges[rows] % (2 * fullRows) != 0 || (!measuredWithFourRows && slidesByMoreThanOne(main)))
      return outer;
    SmallVector<int64_t> turned(tile);
    turned[columns] /= 2;
    turned[rows] *= 2;
    int64_t turnedOuter = outerReduction(main, ranges, turned, caches());
    if (turnedOuter < 0)
      return outer;
    tile = std::move(turned);
    if (measuredWithFourRows) {
      if (split >= 0)
        split = rows;
      return turnedOuter;
    }
    split = splitForTile(-1);
    if (deepenSlidingRows(main, ranges, tile, vectorLoop, split))
      return turnedOuter;
    if (split == int64_t(rows) && ranges[rows] >= 4 * kDeepRows)
      if (int64_t other = splitForTile(rows);
          other >= 0 && !unevenlyShared(tilesAlong(ranges, tile, other)))
        split = other;
    if (roomForDeepRows(ranges, rows, split))
      tile[rows] = kDeepRows;
    return turnedOuter;
  }

  /// The axes of a register tile in AVX2's 8 accumulators (two vectors by
  /// four rows, or one by eight) of a sum of kMinSlidingTileSteps or more,
  /// which deepenSlidingRows and widenSlidingColumns reshape into 10 or 12;
  /// nullopt for other tiles and targets.
  std::optional<TileAxes> longSumTileOfAVX2(linalg::GenericOp main, ArrayRef<int64_t> ranges,
                                            ArrayRef<int64_t> tile, int64_t vectorLoop) const {
    if (vectorBytes < 32 || rowsBesideFourVectors() != 2 ||
        reductionSteps(main, ranges) < kMinSlidingTileSteps)
      return std::nullopt;
    return tileAxes(main, tile, vectorLoop);
  }

  /// A register tile of four 512-bit vectors of columns by four rows whose
  /// rows lie apart (a matmul's rows of A) takes six rows: 24 accumulators
  /// of AVX-512's 32 vector registers, 6 + 4 loads for 24 FMAs a step
  /// rather than 4 + 4 for 16 (1024² matmul 7.2 -> 6.7-6.8 ms; 5 rows 7.0;
  /// 7 rows, 28 accumulators, 7.8; 12 rows by two vectors 7.1; ResNet-18's
  /// 3x3 weight gradients over 14x14 maps 14.4 -> 13.0 ms, its 1x1 ones
  /// 1.8-2.0 -> 1.3-1.4). In AVX2's 16 registers, 3 rows of four vectors
  /// rather than 2 ran at half the speed (Zen 2: 75 GFLOPS against 138);
  /// there the six rows take two vectors, 12 accumulators rather than 8,
  /// which hide the FMA's latency, and 2 + 6 loads for 12 FMAs rather than
  /// 4 + 2 for 8 (Zen 2, tg-bench: 1024² matmul 129-139 -> 169-171
  /// GFLOPS, 2048² 129-135 -> 144-157, A·Bᵀ and Aᵀ·B alike; GPT's products
  /// over 256-512 steps 1.5-2.3 -> 1.4-2.1 ms; ResNet-18's Winograd
  /// product r_36_256_256_256 19.6 -> 13.7; 4 rows by two vectors, 143
  /// GFLOPS at 1024²). 16-byte vectors keep their tile: x86-64's baseline
  /// has no FMA, so a product takes a register of its own (1024² with
  /// --chip=x86-64: 24 GFLOPS, 18 deepened). Only where the rows have room
  /// (roomForDeepRows). Not for rows whose inputs are adjacent (a
  /// convolution sliding along its width: ResNet-18's 3x3 over 28x28 maps
  /// 12.3-13.8 -> 13.5-17.4 ms), nor a reduction of fewer than
  /// kMinDeepRowsSteps, where loading and storing the accumulators weighs
  /// more (GPT's products over 32 steps: no gain; over 128, the CNN's
  /// Linear(9216, 128) gradients 2.50 -> 1.69 and 2.01 -> 1.68 ms,
  /// train_step_cnn_b128 12.02-12.34 -> 12.38-12.74 steps/s, gpt_train_step
  /// 12.54-13.33 -> 13.04-13.77). A tile reloaded in every step of a
  /// reduction loop outside it (`outer`) keeps its rows here; narrowColumns
  /// deepens AVX2's turned ones.
  void deepenRows(linalg::GenericOp main, ArrayRef<int64_t> ranges, SmallVector<int64_t> &tile,
                  int64_t vectorLoop, int64_t split) {
    // The vectors of columns beside six rows then fill three quarters of
    // the registers, as many as the rows beside four vectors before.
    int64_t shallowRows = rowsBesideFourVectors();
    if (vectorBytes < 32 || shallowRows < 2)
      return;
    std::optional<TileAxes> axes = tileAxes(main, tile, vectorLoop);
    if (!axes)
      return;
    auto [columns, rows] = *axes;
    int64_t lanes = vectorLanes(main, vectorBytes);
    if (tile[columns] != 4 * lanes || tile[rows] != shallowRows ||
        !roomForDeepRows(ranges, rows, split) || reductionSteps(main, ranges) < kMinDeepRowsSteps)
      return;
    for (OpOperand *input : main.getDpsInputOperands())
      if (loopsRead(main.getMatchingIndexingMap(input)).contains(rows) &&
          readsAdjacentAlong(main, input, rows, lanes))
        return;
    tile[rows] = kDeepRows;
    tile[columns] = shallowRows * lanes;
  }

  /// A tile of two vectors of columns by four rows, AVX2's 8 accumulators,
  /// takes the most rows up to kDeepRows that divide their loop along an
  /// output loop, not the split one, that an input reads a vector apart or
  /// less through a window of five steps or more: its rows' own (a
  /// convolution's pixels, x + kx, by its output channels), else another
  /// (a weight gradient's window columns, kx over x, in place of its input
  /// channels, see narrowColumns). 10 or 12 accumulators hide the FMA's
  /// latency, as in deepenRows, and the rows share cache lines (Zen 2,
  /// beautiful_mnist's 5x5s: over 20x20 maps, 5 rows, 18.1-18.6 ->
  /// 16.2-17.4 ms, 6 with the last tile peeled 18.4-19.7; over 24x24 maps, 6
  /// rows, 24.7-25.4 -> 21.1-21.8; the weight gradient's 5 window columns
  /// 13.2-13.5 ms, 6 input channels 14.8-15.1). LLVM unrolls a shorter
  /// window whole, whose sliding inputs then stay live beside 12
  /// accumulators and spill (the CNN's 3x3 over 24x24 maps, 6 rows: 36-37
  /// ms against 18.0-18.7; kept rolled, 18.2-18.9, 4 rows rolled 21).
  /// AVX-512's 16 accumulators, two vectors by eight rows, hide the latency
  /// already. Returns whether the tile deepened.
  bool deepenSlidingRows(linalg::GenericOp main, ArrayRef<int64_t> ranges,
                         SmallVector<int64_t> &tile, int64_t vectorLoop, int64_t split) {
    constexpr int64_t kShallowRows = 4, kMinWindowSteps = 5;
    std::optional<TileAxes> axes = longSumTileOfAVX2(main, ranges, tile, vectorLoop);
    if (!axes)
      return false;
    unsigned columns = axes->columns, rows = axes->rows;
    int64_t lanes = vectorLanes(main, vectorBytes);
    if (tile[columns] != 2 * lanes || tile[rows] != kShallowRows)
      return false;
    llvm::SmallDenseSet<unsigned> readWithColumns = loopsReadWith(main, columns);
    SmallVector<unsigned> candidates{rows};
    main.getParallelDims(candidates);
    for (unsigned loop : candidates) {
      int64_t deepRows = largestDivisorUpTo(ranges[loop], kDeepRows);
      if (deepRows <= kShallowRows || int64_t(loop) == split || readWithColumns.contains(loop) ||
          longestWindowAlong(main, loop, ranges, lanes) < kMinWindowSteps)
        continue;
      tile[rows] = 1;
      tile[loop] = deepRows;
      return true;
    }
    return false;
  }

  /// A tile of one vector of columns by 5 or 6 rows that slide over a
  /// window read a vector apart or less (a 3x3 convolution's pixels, x +
  /// kx, over maps 10 or 6 wide; a 5x5 weight gradient's window columns, kx
  /// over x), 5 or 6 of AVX2's 8 accumulators, takes two vectors of columns
  /// where they have room, in two chunks or more if split: by the 5 rows,
  /// 10 accumulators; the 6 as 3 by 2 of another output loop along which a
  /// window slides (the maps' rows, y + ky), 12. Zen 2, tg-run, at batch
  /// 128: a 3x3 input gradient over 10x10 maps (beautiful_mnist's),
  /// 4.8-4.9 -> 2.8 ms; a 3x3 over 6x6 maps, 2.9-3.1 -> 2.4-2.5 ms; there 6
  /// pixels by two vectors spilled, 3.9-4.6 ms (see deepenSlidingRows), 3
  /// pixels took 2.9-3.1, 3 pixels of 2 images 2.4-2.8, 2 pixels of 3 rows
  /// 3.2-3.3; beautiful_mnist's first weight gradient, split by 32
  /// channels, with `outer`, 1.4-1.8 -> 0.9-1.2 ms. A 3x3 over 24x24 maps
  /// keeps two vectors by 4 pixels (19-21 ms; 3 pixels of 2 rows, 22).
  void widenSlidingColumns(linalg::GenericOp main, ArrayRef<int64_t> ranges,
                           SmallVector<int64_t> &tile, int64_t vectorLoop, int64_t split) {
    std::optional<TileAxes> axes = longSumTileOfAVX2(main, ranges, tile, vectorLoop);
    if (!axes)
      return;
    unsigned columns = axes->columns, rows = axes->rows;
    int64_t lanes = vectorLanes(main, vectorBytes);
    if (tile[columns] != lanes || ranges[columns] % (2 * lanes) != 0 ||
        (int64_t(columns) == split && ranges[columns] < 4 * lanes) ||
        (tile[rows] != 5 && tile[rows] != 6) || longestWindowAlong(main, rows, ranges, lanes) == 0)
      return;
    if (tile[rows] == 6) {
      llvm::SmallDenseSet<unsigned> readWithColumns = loopsReadWith(main, columns);
      SmallVector<unsigned> parallel;
      main.getParallelDims(parallel);
      auto secondRows = llvm::find_if(parallel, [&](unsigned loop) {
        return loop != rows && int64_t(loop) != split && !readWithColumns.contains(loop) &&
               ranges[loop] % 2 == 0 && longestWindowAlong(main, loop, ranges) > 0;
      });
      if (secondRows == parallel.end())
        return;
      tile[rows] = 3;
      tile[*secondRows] = 2;
    }
    tile[columns] = 2 * lanes;
  }

  /// With a reduction loop outside the tiles, a split by rows streams the
  /// column operand again in every chunk (see chooseSplit); when the rows
  /// split unevenly too, a column tile that takes the whole loop in two
  /// vectors or more, of a column operand larger than kLargeColumnOperandBytes, is
  /// halved, and its halves split among the workers, each reading its half
  /// of the operand once (beautiful_mnist's first weight gradient, 9.4 MB
  /// of output gradients: 5 window columns by 32 channels split by the 5
  /// kernel rows, 1.57-1.85 ms; by 16 channels, split by channels,
  /// 1.10-1.12; the CNN's, 3 kernel rows: 1.11-1.13 -> 0.74-0.75). Rows
  /// that split evenly keep the whole columns (r_32_32_5_5_128_20_20, 4
  /// chunks of input channels: 8.4-9.4 ms; by halves of the columns,
  /// 10.0-10.5). Returns the halved loop, or -1 when none is.
  int64_t halveWholeColumns(linalg::GenericOp main, ArrayRef<int64_t> ranges,
                            SmallVector<int64_t> &tile, int64_t vectorLoop) {
    int64_t columns = columnLoop(main.getIteratorTypesArray(), tile, vectorLoop);
    if (columns < 0 || tile[columns] != ranges[columns] ||
        tile[columns] < 2 * vectorLanes(main, vectorBytes) || tile[columns] % 2 != 0 ||
        columnOperandBytes(main, columns) <= kLargeColumnOperandBytes)
      return -1;
    tile[columns] /= 2;
    return columns;
  }

  /// Whether two workers share `chunks` unevenly enough to leave one idle
  /// a quarter of the time or more (3, 5 or 7 chunks).
  static bool unevenlyShared(int64_t chunks) {
    return chunks % 2 != 0 && chunks < kBalancedChunks / 2;
  }

  /// The split loop is a loop of the main op the root runs too (in the
  /// main op's numbering), with work enough for two workers. A reduction's
  /// register tiles split by column strips when there are kBalancedChunks of
  /// them, or two or more when the column operand fills kLargeColumnOperandBytes, or
  /// half of it in a plain product (no window, no `outer`: a 512² matmul's
  /// 1 MB B in 8 strips, 1.06-1.13 -> 0.86-0.96 ms; in tg-bench, with its
  /// 6-row tiles, 218-232 -> 302 GFLOPS): each worker then reuses a strip
  /// of the column operand (a matmul's B, packed by tg-cpu-apply-opts; a
  /// convolution's weights) across all its row tiles, where split by rows
  /// every row tile reads all of it (2048² matmul: 54 GFLOPS split by rows,
  /// 215 by columns; ResNet-18's 256×14×14 convolution at batch 1, 2.4 MB
  /// of weights in 8 strips: 2.5 ms split by rows, 1.6 by columns; its
  /// 256×14×14 one from 128 channels, 1.2 MB of weights, gains nothing,
  /// and slows from 8.0 to 14.5 ms in training; GPT's weight
  /// gradient of 128x512, its column factor 2 MB in 8 strips: 1.09 -> 0.65
  /// ms by columns; ResNet-18's stride-2 input gradient lane with 2 MB of
  /// weights, 5.1-5.3 -> 2.9-3.0). With a reduction loop outside the tiles
  /// (`outer`), the split loop runs outside it, so a split by rows streams
  /// the whole column operand again in every chunk (the stride-2 weight
  /// gradient of conv2d_train, 6.4 MB of output gradients over 16 images:
  /// by input channels, 7.9-8.1 ms; by output channels, 6.8-7.1; ResNet-18's
  /// first weight gradient, 51 MB of them: by kernel rows, 34.4 ms; by
  /// output channels, 16.8). A kernel that reads an operand `transposed` splits the
  /// loop of its outermost axis with kBalancedChunks tiles or more (an
  /// activation's images, a weight's output channels, a 2-d transpose's
  /// innermost loop), so each worker reads whole rows of it rather than a
  /// cache line of every row (a 1024x1024 transpose split by the output's
  /// rows: 0.41-0.45 ms; by the input's, 0.25-0.27; ResNet-18's 512x512x3x3
  /// weight copied channels-last, by input channels 1.26-1.33, by output
  /// channels 0.97). Otherwise the outermost loop with kBalancedChunks tiles
  /// or more, which divide evenly enough among the workers (a 3x3 kernel's
  /// row divided among two leaves one idle a third of the time), else the
  /// one with the most chunks that two workers share evenly. A kernel that
  /// reads reductions per row (rowLoops) splits one of its rows' loops.
  /// The loop `unsplit` is not split.
  int64_t chooseSplit(MainOp main, linalg::GenericOp root, ArrayRef<int64_t> ranges,
                      ArrayRef<int64_t> tile, int64_t vectorLoop, AffineMap transposed,
                      int64_t outer, int64_t unsplit = -1) {
    auto iterators = main.op.getIteratorTypesArray();
    auto chunksOf = [&](int64_t loop) { return tilesAlong(ranges, tile, loop); };
    // Split elsewhere, each worker's share would compute its rows' reductions
    // again.
    std::optional<SmallVector<unsigned>> rows = rowLoops(main, root);
    auto splittable = [&](int64_t loop) {
      return loop != unsplit && iterators[loop] == utils::IteratorType::parallel &&
             llvm::is_contained(main.loopOfRootLoop, unsigned(loop)) &&
             (!rows || llvm::is_contained(*rows, unsigned(loop)));
    };
    if (transposed)
      for (AffineExpr axis : transposed.getResults()) {
        auto loop = dyn_cast<AffineDimExpr>(axis);
        if (loop && splittable(loop.getPosition()) &&
            chunksOf(loop.getPosition()) >= kBalancedChunks)
          return loop.getPosition();
      }
    if (main.op.getNumReductionLoops() != 0 && !tile.empty()) {
      int64_t columns = columnLoop(iterators, tile, vectorLoop);
      int64_t largeColumnOperand = outer < 0 && !readsThroughWindow(main.op)
                                       ? kLargeColumnOperandBytes / 2
                                       : kLargeColumnOperandBytes;
      if (columns >= 0 && splittable(columns) &&
          (chunksOf(columns) >= kBalancedChunks ||
           (chunksOf(columns) >= 2 && columnOperandBytes(main.op, columns) >= largeColumnOperand)))
        return columns;
    }
    // Of fewer chunks, the most that keep two workers both busy, then an
    // even number (a 5x5 weight gradient split by its 4 chunks of input
    // channels: 7.2-7.8 ms; by its 5 kernel rows, one worker idle a fifth
    // of the time, 8.9).
    auto rank = [](int64_t chunks) { return std::make_pair(chunks / 2, chunks % 2 == 0); };
    int64_t split = -1;
    for (int64_t loop = 0; loop < int64_t(iterators.size()); ++loop) {
      int64_t chunks = chunksOf(loop);
      if (!splittable(loop) || chunks < 2)
        continue;
      if (chunks >= kBalancedChunks)
        return loop;
      if (split < 0 || rank(chunks) > rank(chunksOf(split)))
        split = loop;
    }
    return split;
  }
};

} // namespace
