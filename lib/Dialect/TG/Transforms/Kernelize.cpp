//===- Kernelize.cpp - the tg-kernelize pass ------------------------------===//
//
// tinygrad's scheduler (schedule/rangeify.py, indexing.py): decides which
// values become buffers and groups everything else into the kernels that
// compute them, in tinygrad's two steps.
//
// 1. Candidates (run_rangeify). Walking from the results back to the inputs,
//    every op gets the index (a "range" expression per axis, tg index
//    arithmetic simplified by tg-symbolic's rules: IndexAlgebra.h) its
//    consumers read it at. A value is a candidate when
//    - it is explicitly materialized: a function result, the operand of
//      tg.contiguous or tg.copy, the value of tg.assign (always kept);
//    - its consumers read it at different indices: two kernels (each has
//      loops of its own), two reductions, or `r` and `r.T` in one kernel;
//    - a broadcast ends its loops (tinygrad's "ended ranges"): a reduction
//      the broadcast reads, or else the first elementwise op or reduction
//      behind what the broadcast reads. What feeds a candidate fuses into it
//      (nested reductions of a conv's backward pass, parallel reductions
//      combined before the broadcast). A 0-d result is exempt; a reduction
//      drops the axes it reduces, as tinygrad's does.
//    A reshape or expand that is a candidate realizes the value it views:
//    tinygrad broadcasts inside the consumer and stores the smaller tensor.
// 2. Cost (remove_bufferize). A candidate that is not explicit stays a
//    buffer only when recomputing it in every consumer is expensive: it
//    reads more than 3 buffers, or it contains a reduction that reads a
//    buffer (and depends on the axes it reduces). Aranges and masks
//    (reductions of constants) and cheap elementwise work are recomputed; a
//    gradient read by two optimizer kernels is computed once. Ours: so is
//    work over more than 3 buffers whose result is larger than all of them.
// 3. Ours, with one-reduction-per-kernel (the compiler's pipeline): of
//    several reductions that read buffers in one kernel, all but the last
//    get buffers, so every kernel has one main stage to tile.
// 4. Ours, with fuse-row-reductions (the compiler's pipeline; tinygrad's
//    PCONTIG): a value that got a buffer because a broadcast ends its loops
//    fuses back into the one kernel that reads it, if that kernel reads it
//    once per row and reads what it reads (softmax's max and sum: one
//    kernel, not three).
// 5. Ours, with realize-tiled-operands (the compiler's pipeline): an
//    elementwise candidate that computes something and that a summed
//    product reads through a broadcast (a relu between two convolutions)
//    gets a buffer when it is large, instead of being recomputed at every
//    load of the product's register tiles.
// Everything else fuses into every kernel that uses it.
//
// Assignments: tg.assign writes its target in place when its kernel reads
// the target only at the index it writes and nothing else uses the value;
// otherwise the value gets a buffer of its own and a copy kernel writes it
// into the target. Assigning a buffer (tinygrad's clone) is a copy kernel;
// an assignment that writes nothing (a buffer into itself, an empty tensor,
// the value the previous assignment wrote) is dropped. A realized value with
// no elements needs no kernel: it is an empty tensor.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Transforms/Passes.h"

#include "tg/Dialect/TG/Transforms/IndexAlgebra.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"


namespace mlir::tg {
#define GEN_PASS_DEF_TGKERNELIZE
#include "tg/Dialect/TG/Transforms/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// Ops that kernels are made of.
bool isComputeOp(Operation *op) {
  return op && isa<TGDialect>(op->getDialect()) &&
         !isa<ContiguousOp, ContiguousBackwardOp, DetachOp, CopyOp, AssignOp,
              KernelOp, YieldOp>(op);
}

//===----------------------------------------------------------------------===//
// Indices: tinygrad's ranges (IndexAlgebra.h), through movement ops
//===----------------------------------------------------------------------===//

/// The index algebra with tinygrad's apply_movement_op on top.
class IndexContext : public IndexAlgebra {
public:
  using IndexAlgebra::IndexAlgebra;

  /// The indices a movement op or reduction reads its operand at when its
  /// result is read at `out` (tinygrad's apply_movement_op); elementwise ops
  /// read their operands where their result is read.
  Indices operandIndices(Operation *op, const Indices &out) {
    if (op->getNumOperands() == 0)
      return {};
    ArrayRef<int64_t> in = shapeOf(op->getOperand(0));
    Indices indices(out);
    if (auto permute = dyn_cast<PermuteOp>(op)) {
      for (auto [i, axis] : llvm::enumerate(permute.getOrder()))
        indices[axis] = out[i];
    } else if (isa<ExpandOp>(op)) {
      for (auto [i, size] : llvm::enumerate(in))
        if (size == 1)
          indices[i] = constant(0);
    } else if (auto shrink = dyn_cast<ShrinkOp>(op)) {
      for (auto [i, begin] : llvm::enumerate(shrink.getBegin()))
        indices[i] = add(out[i], constant(begin));
    } else if (auto pad = dyn_cast<PadOp>(op)) {
      // The valid (inside the unpadded part) is not part of the index.
      for (auto [i, low] : llvm::enumerate(pad.getLow()))
        indices[i] = add(out[i], constant(-low));
    } else if (auto flip = dyn_cast<FlipOp>(op)) {
      for (int64_t axis : flip.getAxes())
        indices[axis] = add(constant(in[axis] - 1), out[axis], -1);
    } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      indices = reshapeIndices(in, shapeOf(reshape), out);
    } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
      for (int64_t axis : reduce.getAxes())
        indices[axis] = range(in[axis]);
    }
    return indices;
  }

private:
  /// Row-major linearization of `out`, split into the axes of `in`.
  Indices reshapeIndices(ArrayRef<int64_t> in, ArrayRef<int64_t> outShape,
                         const Indices &out) {
    if (llvm::is_contained(in, 0))
      return Indices(in.size(), constant(0));
    Index flat = constant(0);
    int64_t stride = 1;
    for (int64_t i = outShape.size() - 1; i >= 0; --i) {
      flat = add(flat, out[i], stride);
      stride *= outShape[i];
    }
    Indices indices(in.size());
    stride = 1;
    for (int64_t i = in.size() - 1; i >= 0; --i) {
      indices[i] = modulo(divide(flat, stride), in[i]);
      stride *= in[i];
    }
    return indices;
  }

};

//===----------------------------------------------------------------------===//
// Step 1: candidates (tinygrad's run_rangeify)
//===----------------------------------------------------------------------===//

/// Computed values that must get a buffer: function results and the
/// operands of tg.contiguous, tg.copy and tg.assign.
llvm::DenseSet<Value> explicitRealizations(Block &block) {
  llvm::DenseSet<Value> realized;
  auto realize = [&](Value v) {
    if (isComputeOp(v.getDefiningOp()))
      realized.insert(v);
  };
  for (Operation &op : block) {
    if (auto contiguous = dyn_cast<ContiguousOp>(op))
      realize(contiguous.getX());
    else if (auto copy = dyn_cast<CopyOp>(op))
      realize(copy.getX());
    else if (auto assign = dyn_cast<AssignOp>(op))
      realize(assign.getValue());
    else if (op.hasTrait<OpTrait::ReturnLike>())
      for (Value v : op.getOperands())
        realize(v);
  }
  return realized;
}

/// Walks a function body from its results back to its inputs and gives every
/// compute op the indices it is read at, collecting the values that must be
/// realized for those indices to exist.
class Rangeify {
public:
  Rangeify(Block &block, const llvm::DenseSet<Value> &explicitlyRealized, IndexRules &rules)
      : realized(explicitlyRealized), ranges(block.getParentOp()->getContext(), rules) {
    for (Operation &op : llvm::reverse(block))
      if (isComputeOp(&op))
        visit(&op);
  }

  /// Candidates that tinygrad may still inline (not explicitly realized).
  SmallVector<Value> candidates;
  /// The candidates among them whose loops a broadcast ends.
  llvm::DenseSet<Value> endedByBroadcast;

private:
  /// tinygrad's step for one op: its output ranges are fresh if it is
  /// realized, else those its consumers read it at; then the ranges it reads
  /// its operands at.
  void visit(Operation *op) {
    Value x = op->getResult(0);
    // Whether a broadcast further down ends the loops: a reduction is
    // realized before the broadcast that reads it; any other op passes the
    // ended loops on to what it reads.
    bool ended = llvm::any_of(op->getUsers(), [&](Operation *user) { return ending.lookup(user); });
    if (isa<ReduceOp>(op))
      ended |= broadcastEndsRanges(x);
    std::optional<Indices> out;
    if (realized.contains(x)) {
      out = ranges.ranges(shapeOf(x));
      ended = false;
    } else if (!(out = readIndices(op))) {
      ending[op] = ended;
      return;
    }
    if (ended && (op->hasTrait<OpTrait::Elementwise>() || isa<ReduceOp>(op))) {
      if (keepsAnAxis(op)) {
        out = realize(x);
        endedByBroadcast.insert(x);
      }
      ended = false;
    }
    if (!isa<ReduceOp>(op))
      ended |= broadcastEndsRanges(x);
    ending[op] = ended;
    outputIndices[op] = *out;
    operandIndices[op] = ranges.operandIndices(op, *out);
  }

  /// The indices the consumers of `op` read it at, none if nothing reads it.
  /// Consumers that disagree (two kernels, two reductions, r and r.T) make
  /// it a candidate with fresh ranges; constants are never stored.
  std::optional<Indices> readIndices(Operation *op) {
    SmallVector<const Indices *> reads;
    for (Operation *user : op->getUsers())
      if (auto it = operandIndices.find(user); it != operandIndices.end())
        reads.push_back(&it->second);
    if (reads.empty())
      return std::nullopt;
    if (isa<ConstOp>(op) ||
        llvm::all_of(reads, [&](const Indices *read) { return *read == *reads.front(); }))
      return *reads.front();
    return realize(op->getResult(0));
  }

  /// Whether the result of an elementwise op or reduction has an axis in
  /// tinygrad's terms: a reduction drops the axes it reduces (keepdim is a
  /// reshape after it), so `x.sum()` is 0-d and `x.mean(0, keepdim=True)`
  /// of a vector is a reduction to 0-d followed by a 1-element multiply.
  static bool keepsAnAxis(Operation *op) {
    size_t rank = shapeOf(op->getResult(0)).size();
    if (auto reduce = dyn_cast<ReduceOp>(op))
      return rank > reduce.getAxes().size();
    return rank > 0;
  }

  /// Makes `x` a candidate and returns its fresh ranges. A reshape or expand
  /// makes the value it views a candidate instead; a view of a buffer or of
  /// a constant needs no buffer.
  Indices realize(Value x) {
    Value base = x;
    while (isa_and_nonnull<ReshapeOp, ExpandOp>(base.getDefiningOp()))
      base = base.getDefiningOp()->getOperand(0);
    if (isComputeOp(base.getDefiningOp()) && !isa<ConstOp>(base.getDefiningOp()) &&
        realized.insert(base).second)
      candidates.push_back(base);
    return ranges.ranges(shapeOf(x));
  }

  /// Whether an expand of `x` broadcasts an axis that its consumers index
  /// with a loop (tinygrad's broadcast_ending_ranges).
  bool broadcastEndsRanges(Value x) {
    ArrayRef<int64_t> in = shapeOf(x);
    for (Operation *user : x.getUsers()) {
      auto expand = dyn_cast<ExpandOp>(user);
      auto it = expand ? outputIndices.find(expand) : outputIndices.end();
      if (it == outputIndices.end())
        continue;
      for (auto [i, size] : llvm::enumerate(shapeOf(expand)))
        if (in[i] == 1 && size != 1 && it->second[i].hasRange())
          return true;
    }
    return false;
  }

  llvm::DenseSet<Value> realized;
  IndexContext ranges;
  llvm::DenseMap<Operation *, Indices> outputIndices, operandIndices;
  llvm::DenseMap<Operation *, bool> ending;
};

//===----------------------------------------------------------------------===//
// Step 2: cost (tinygrad's remove_bufferize)
//===----------------------------------------------------------------------===//

/// Whether `v` is read from a buffer inside a kernel: a function argument,
/// the result of a kernel, copy or assign, or a realized value.
bool isBuffer(Value v, const llvm::DenseSet<Value> &realized) {
  return realized.contains(v) || !isComputeOp(v.getDefiningOp());
}

/// The compute ops that a kernel computing `root` contains, and the buffers
/// it reads.
void collectCone(Value root, const llvm::DenseSet<Value> &realized,
                 llvm::SetVector<Operation *> &cone, llvm::SetVector<Value> &inputs) {
  SmallVector<Value> stack = {root};
  while (!stack.empty()) {
    Value v = stack.pop_back_val();
    if (v != root && isBuffer(v, realized)) {
      inputs.insert(v);
      continue;
    }
    if (cone.insert(v.getDefiningOp()))
      llvm::append_range(stack, v.getDefiningOp()->getOperands());
  }
}

/// Visits what a kernel reads, starting from `starts` (values with the
/// indices they are read at) and walking through compute ops down to buffers;
/// `visit` sees every value with its indices and returns true to stop.
/// Returns whether it stopped.
bool anyRead(IndexContext &ranges, SmallVector<std::pair<Value, Indices>> stack,
             const llvm::DenseSet<Value> &realized,
             function_ref<bool(Value, const Indices &)> visit) {
  llvm::DenseMap<Value, SmallVector<Indices, 1>> visited;
  while (!stack.empty()) {
    auto [v, indices] = stack.pop_back_val();
    SmallVector<Indices, 1> &seen = visited[v];
    if (llvm::is_contained(seen, indices))
      continue;
    seen.push_back(indices);
    if (visit(v, indices))
      return true;
    if (isBuffer(v, realized))
      continue;
    Operation *op = v.getDefiningOp();
    Indices operands = ranges.operandIndices(op, indices);
    for (Value operand : op->getOperands())
      stack.push_back({operand, operands});
  }
  return false;
}

/// anyRead over what the kernel computing `root` reads, its output read at
/// `out`.
bool anyKernelRead(IndexContext &ranges, Value root, const Indices &out,
                   const llvm::DenseSet<Value> &realized,
                   function_ref<bool(Value, const Indices &)> visit) {
  Operation *op = root.getDefiningOp();
  Indices operands = ranges.operandIndices(op, out);
  SmallVector<std::pair<Value, Indices>> starts;
  for (Value operand : op->getOperands())
    starts.push_back({operand, operands});
  return anyRead(ranges, starts, realized, visit);
}

/// Whether `reduce` is a reduction that reads a buffer. It must also depend
/// on the axes it reduces (through the index of a read or the valid of a
/// padded view): a reduction over broadcast axes only is `x·n` (or `x`),
/// which tinygrad's reduce_unparented turns back into elementwise work.
bool reducesOverBuffer(ReduceOp reduce, const llvm::DenseSet<Value> &realized,
                       IndexRules &rules) {
  IndexContext ranges(reduce.getContext(), rules);
  Indices in = ranges.operandIndices(reduce, ranges.ranges(shapeOf(reduce)));
  Indices loops;
  for (int64_t axis : reduce.getAxes())
    loops.push_back(in[axis]);
  auto dependsOnLoops = [&](const Index &index) { return ranges.dependsOn(index, loops); };
  bool readsBuffer = false, usesLoops = false;
  return anyRead(ranges, {{reduce.getX(), in}}, realized, [&](Value v, const Indices &indices) {
    if (isBuffer(v, realized)) {
      readsBuffer = true;
      usesLoops |= llvm::any_of(indices, dependsOnLoops);
    } else if (auto pad = v.getDefiningOp<PadOp>()) {
      for (auto [i, index] : llvm::enumerate(indices))
        usesLoops |= (pad.getLow()[i] != 0 || pad.getHigh()[i] != 0) && dependsOnLoops(index);
    }
    return readsBuffer && usesLoops;
  });
}

/// The reductions among `ops` that read a buffer (reducesOverBuffer).
SmallVector<ReduceOp> bufferReductions(ArrayRef<Operation *> ops,
                                       const llvm::DenseSet<Value> &realized, IndexRules &rules) {
  SmallVector<ReduceOp> reductions;
  for (Operation *op : ops)
    if (auto reduce = dyn_cast<ReduceOp>(op); reduce && reducesOverBuffer(reduce, realized, rules))
      reductions.push_back(reduce);
  return reductions;
}

/// The bytes of a tensor value's elements.
int64_t bytesOf(Value v) {
  auto type = cast<ShapedType>(v.getType());
  return type.getNumElements() * std::max<int64_t>(8, type.getElementTypeBitWidth()) / 8;
}

/// A candidate stays a buffer when recomputing it in each consumer costs
/// too much: it reads more than 3 buffers, or a reduction in it reads a
/// buffer (tinygrad never recomputes those). Reductions of constants
/// (aranges, masks) and cheap elementwise work are recomputed. Ours: so is
/// elementwise work over more than 3 buffers whose result is larger than
/// all of them together (a broadcast of them), as storing it would move
/// more memory than reading them again: max pooling's gradient spread over
/// its 3x3 windows, 115 MB from 102 MB in ResNet-18, which four kernels
/// then read whole.
bool keepsBuffer(Value candidate, const llvm::DenseSet<Value> &realized, IndexRules &rules) {
  llvm::SetVector<Operation *> cone;
  llvm::SetVector<Value> inputs;
  collectCone(candidate, realized, cone, inputs);
  if (!bufferReductions(cone.getArrayRef(), realized, rules).empty())
    return true;
  int64_t inputBytes = 0;
  for (Value input : inputs)
    inputBytes += bytesOf(input);
  return inputs.size() > 3 && bytesOf(candidate) <= inputBytes;
}

/// Whether the kernel computing `root` reads `target` only at the index it
/// writes, so it can overwrite target in place: no read through a view that
/// moves elements, a broadcast or a reduction.
bool readsOnlyAtWriteIndex(Value root, Value target, const llvm::DenseSet<Value> &realized,
                           IndexRules &rules) {
  IndexContext ranges(root.getContext(), rules);
  Indices write = ranges.ranges(shapeOf(root));
  return !anyKernelRead(ranges, root, write, realized, [&](Value v, const Indices &indices) {
    return v == target && indices != write;
  });
}

bool isMovementOp(Operation *op) { return op->hasTrait<::mlir::tg::Movement>(); }

/// Whether a user of `v`, or of a view of it, is `found`; `expanded` says
/// whether the views on the way include a tg.expand.
bool anyUserThroughViews(Value v, function_ref<bool(Operation *user, bool expanded)> found) {
  SmallVector<std::pair<Value, bool>> stack = {{v, false}};
  while (!stack.empty()) {
    auto [view, expanded] = stack.pop_back_val();
    for (Operation *user : view.getUsers()) {
      if (found(user, expanded))
        return true;
      if (isMovementOp(user))
        stack.push_back({user->getResult(0), expanded || isa<ExpandOp>(user)});
    }
  }
  return false;
}

/// Whether `reduce`'s result reaches a tg.pad through views: the kernel
/// reads it masked, at indices the pad's where computes.
bool readThroughPad(ReduceOp reduce) {
  return anyUserThroughViews(reduce.getResult(),
                             [](Operation *user, bool) { return isa<PadOp>(user); });
}

/// Step 3, ours (one-reduction-per-kernel): a kernel computes one
/// reduction that reads a buffer. Of
/// several in a kernel (a convolution inside a global average pool, a
/// residual block's two convolutions added), all but the last in program
/// order get buffers of their own. The CPU's optimizer tiles one main stage
/// per kernel; the others ran as scalar loops (ResNet-18's last block at
/// 0.4 GFLOPS: 550 ms of a 1.7 s inference). So does a reduction that the
/// kernel reads through a pad: the optimizer tiles no stage after the main
/// one that reads it through computed indices, and left the whole kernel
/// scalar (attention's dQ padded into d(qkv): 10 GFLOPS).
void realizeInnerReductions(Block &block, llvm::DenseSet<Value> &realized, IndexRules &rules) {
  // Backwards, so a reduction realized here is a kernel the walk reaches.
  for (Operation &op : llvm::reverse(block)) {
    if (!isComputeOp(&op) || !realized.contains(op.getResult(0)))
      continue;
    llvm::SetVector<Operation *> cone;
    llvm::SetVector<Value> inputs;
    collectCone(op.getResult(0), realized, cone, inputs);
    SmallVector<ReduceOp> reductions = bufferReductions(cone.getArrayRef(), realized, rules);
    llvm::sort(reductions, [](ReduceOp a, ReduceOp b) { return a->isBeforeInBlock(b); });
    for (auto [i, reduction] : llvm::enumerate(reductions))
      if (i + 1 < reductions.size() || readThroughPad(reduction))
        realized.insert(reduction.getResult());
  }
}

/// The root of the one kernel that reads `x`, walking from its users
/// through the compute ops that are fused (not realized); null when two
/// kernels read it or something other than a kernel does.
Value soleReadingKernel(Value x, const llvm::DenseSet<Value> &realized) {
  Value root;
  SmallVector<Value> stack = {x};
  llvm::DenseSet<Value> seen;
  while (!stack.empty()) {
    Value v = stack.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (!isComputeOp(user))
        return {};
      Value result = user->getResult(0);
      if (realized.contains(result)) {
        if (root && root != result)
          return {};
        root = result;
      } else if (seen.insert(result).second) {
        stack.push_back(result);
      }
    }
  }
  return root;
}

/// Whether the kernel computing `root` reads `x` at one index that
/// depends on all the first loops of the root's output and on no other loop
/// (it is the same for a row): the kernel then computes a row's reduction
/// once, and a loop over rows can compute it and the row's outputs while
/// the row is in cache.
bool readsOncePerRow(Value root, Value x, const llvm::DenseSet<Value> &realized,
                     IndexRules &rules) {
  IndexContext ranges(root.getContext(), rules);
  Indices out = ranges.ranges(shapeOf(root));
  std::optional<Indices> read;
  bool differs = anyKernelRead(ranges, root, out, realized, [&](Value v, const Indices &indices) {
    if (v != x)
      return false;
    if (read && *read != indices)
      return true;
    read = indices;
    return false;
  });
  if (differs || !read)
    return false;
  // The loops the read depends on must be the output's first loops (of
  // more than one step), all of them: the rows.
  auto readDependsOn = [&](const Index &loop) {
    return llvm::any_of(*read, [&](const Index &i) { return ranges.dependsOn(i, {loop}); });
  };
  Indices outputLoops;
  for (const Index &index : out)
    if (index.hasRange())
      outputLoops.push_back(index);
  auto firstUnread = llvm::find_if_not(outputLoops, readDependsOn);
  if (firstUnread == outputLoops.begin() || std::any_of(firstUnread, outputLoops.end(), readDependsOn))
    return false;
  // Nor any loop of the kernel's reductions.
  return llvm::all_of(ranges.function().getArguments(), [&](BlockArgument loop) {
    return llvm::is_contained(outputLoops, Index{loop}) || !readDependsOn(Index{loop});
  });
}

/// Whether the kernel computing `root` reads every buffer in `inputs` (those
/// a value it reads reads): then their rows are in cache when the kernel
/// reads them again. A product's sum read through a pool's window (a
/// gradient of the layer after it) reads other buffers, and stays a kernel
/// of its own, with its own tiles.
bool readsAll(Value root, ArrayRef<Value> inputs, const llvm::DenseSet<Value> &realized) {
  llvm::SetVector<Operation *> cone;
  llvm::SetVector<Value> rootInputs;
  collectCone(root, realized, cone, rootInputs);
  return llvm::all_of(inputs, [&](Value input) { return rootInputs.contains(input); });
}

/// Whether a reduction among `ops` sums rows of kMinRowElements or more:
/// shorter rows (a 2x2 pool window's count) leave the kernel's row tiles too
/// small to vectorize, and cache nothing worth keeping (the pool's backward
/// pass fused with its count: 5.3 ms, apart: 1.1 + 3.5 ms).
bool reducesLongRows(ArrayRef<Operation *> ops) {
  constexpr int64_t kMinRowElements = 64;
  return llvm::any_of(ops, [](Operation *op) {
    auto reduce = dyn_cast<ReduceOp>(op);
    if (!reduce)
      return false;
    int64_t elements = 1;
    for (int64_t axis : reduce.getAxes())
      elements *= reduce.getX().getType().getDimSize(axis);
    return elements >= kMinRowElements;
  });
}

/// Step 4, ours (fuse-row-reductions, tinygrad's PCONTIG): a value that got
/// a buffer because a broadcast ends its loops (a reduction, or the first
/// elementwise op after one: a norm's 1/sqrt(var + eps)) fuses into the one
/// kernel that reads it, when that kernel reads it once per row (softmax's
/// max and sum, a norm's mean and variance) and reads the buffers it reads.
/// Each row is then read from cache again, not from memory, and the value's
/// buffer goes. Backwards, so a value read by one that fuses (softmax's
/// max, read by the sum) sees one kernel.
void fuseRowReductions(Block &block, const llvm::DenseSet<Value> &endedByBroadcast,
                       llvm::DenseSet<Value> &realized, IndexRules &rules) {
  for (Operation &op : llvm::reverse(block)) {
    if (op.getNumResults() != 1)
      continue;
    Value x = op.getResult(0);
    if (!endedByBroadcast.contains(x) || !realized.contains(x))
      continue;
    Value root = soleReadingKernel(x, realized);
    if (!root)
      continue;
    llvm::SetVector<Operation *> cone;
    llvm::SetVector<Value> inputs;
    collectCone(x, realized, cone, inputs);
    if (reducesLongRows(cone.getArrayRef()) && readsAll(root, inputs.getArrayRef(), realized) &&
        readsOncePerRow(root, x, realized, rules))
      realized.erase(x);
  }
}

/// Operands smaller than this are left to their consumers: a kernel of its
/// own costs more than recomputing them (an MLP's activations).
constexpr int64_t kMinTiledOperand = 1 << 16;

/// Whether `x` is read, through views that broadcast it, as a factor of a
/// summed product: a matmul's or a convolution's operand, each element of
/// which the product reads many times.
bool isBroadcastFactor(Value x) {
  return anyUserThroughViews(x, [](Operation *user, bool expanded) {
    return expanded && isa<MulOp>(user) && llvm::any_of(user->getUsers(), [](Operation *sum) {
             auto reduce = dyn_cast<ReduceOp>(sum);
             return reduce && reduce.getKind() == ReduceKind::add;
           });
  });
}

/// Step 5, ours (realize-tiled-operands): an elementwise candidate that
/// computes something (not only views and constants; a relu between two
/// convolutions) and that a summed product reads as a broadcast factor gets
/// a buffer, if it has kMinTiledOperand elements or more. Recomputed, it is
/// a prologue of the product's register tiles, computed at every load: a
/// relu before a 5x5 convolution took it from 214 to 158 GFLOPS. Its own
/// kernel computes it once.
void realizeTiledOperands(ArrayRef<Value> candidates, llvm::DenseSet<Value> &realized) {
  for (Value candidate : candidates) {
    if (realized.contains(candidate) ||
        cast<RankedTensorType>(candidate.getType()).getNumElements() < kMinTiledOperand ||
        !isBroadcastFactor(candidate))
      continue;
    llvm::SetVector<Operation *> cone;
    llvm::SetVector<Value> inputs;
    collectCone(candidate, realized, cone, inputs);
    bool elementwise = llvm::none_of(cone, [](Operation *op) { return isa<ReduceOp>(op); });
    bool computes = llvm::any_of(
        cone, [](Operation *op) { return !isMovementOp(op) && !isa<ConstOp>(op); });
    if (elementwise && computes && !inputs.empty())
      realized.insert(candidate);
  }
}

/// The values that get a buffer: the explicit ones, and the candidates whose
/// recomputation would cost too much. Candidates are decided in program
/// order, so each decision sees the buffers its inputs got.
llvm::DenseSet<Value> realizedValues(Block &block, IndexRules &rules,
                                     bool oneReductionPerKernel, bool fuseRows,
                                     bool realizeOperands) {
  llvm::DenseSet<Value> realized = explicitRealizations(block);
  Rangeify rangeify(block, realized, rules);
  SmallVector<Value> candidates = rangeify.candidates;
  llvm::sort(candidates, [](Value a, Value b) {
    return a.getDefiningOp()->isBeforeInBlock(b.getDefiningOp());
  });
  for (Value candidate : candidates)
    if (keepsBuffer(candidate, realized, rules))
      realized.insert(candidate);
  if (realizeOperands)
    realizeTiledOperands(candidates, realized);
  if (oneReductionPerKernel)
    realizeInnerReductions(block, realized, rules);
  if (fuseRows)
    fuseRowReductions(block, rangeify.endedByBroadcast, realized, rules);
  return realized;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

std::string kernelName(Value root, ArrayRef<ReduceOp> reduces) {
  std::string name = reduces.empty() ? "E" : "r";
  for (int64_t size : shapeOf(root))
    if (size != 1)
      name += "_" + std::to_string(size);
  for (ReduceOp reduce : reduces)
    for (int64_t axis : reduce.getAxes())
      name += "_" + std::to_string(reduce.getX().getType().getDimSize(axis));
  return name;
}

struct KernelizePass : tg::impl::TGKernelizeBase<KernelizePass> {
  using TGKernelizeBase::TGKernelizeBase;

  void runOnOperation() override {
    rules = std::make_shared<IndexRules>(&getContext());
    auto result = getOperation()->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return WalkResult::advance();
      return failed(kernelize(function)) ? WalkResult::interrupt()
                                         : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  LogicalResult kernelize(FunctionOpInterface function) {
    Region &body = function.getFunctionBody();
    if (!body.hasOneBlock())
      return function.emitError("tg-kernelize expects a function with one block");
    Block &block = body.front();
    IRRewriter rewriter(function.getContext());

    // Identities that only mark the graph (for autograd) disappear.
    for (Operation &op : llvm::make_early_inc_range(block))
      if (isa<DetachOp, ContiguousBackwardOp>(op))
        rewriter.replaceOp(&op, op.getOperand(0));

    for (Operation &op : block) {
      if (isComputeOp(&op) &&
          llvm::any_of(op.getResultTypes(), [](Type t) { return !isa<RankedTensorType>(t); }))
        return op.emitOpError()
               << "computes a scalar outside a kernel; tg-kernelize handles "
                  "tensor programs (scalars belong inside tensors or kernels)";
    }
    dropNoOpAssigns(rewriter, block);

    llvm::DenseSet<Value> realized = realizedValues(block, *rules, oneReductionPerKernel,
                                                      fuseRowReductions, realizeTiledOperands);

    // tg.contiguous is the materialized value itself.
    for (Operation &op : llvm::make_early_inc_range(block))
      if (auto contiguous = dyn_cast<ContiguousOp>(op))
        rewriter.replaceOp(contiguous, contiguous.getX());

    // One kernel per realized value, in program order; each clones the
    // compute ops of its cone (which stops at buffers).
    SmallVector<Value> roots;
    for (Operation &op : block)
      for (Value v : op.getResults())
        if (realized.contains(v))
          roots.push_back(v);
    llvm::StringSet<> names;
    for (Value root : roots)
      buildKernel(rewriter, root, realized, names);
    for (Operation &op : llvm::make_early_inc_range(block))
      if (auto assign = dyn_cast<AssignOp>(op))
        buildCopy(rewriter, assign, names);

    // Compute ops left without users were fused into every kernel that used
    // them.
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
      if (isComputeOp(&op) && op.use_empty())
        rewriter.eraseOp(&op);
    for (Operation &op : block)
      if (isComputeOp(&op))
        return op.emitOpError() << "was not placed in a kernel";
    return success();
  }

  /// Assignments that write nothing: a buffer into itself, an empty tensor,
  /// or the value the previous assignment just wrote (tinygrad drops the
  /// second identical STORE).
  static void dropNoOpAssigns(IRRewriter &rewriter, Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      auto assign = dyn_cast<AssignOp>(op);
      if (!assign)
        continue;
      Value value = assign.getValue(), target = assign.getTarget();
      auto previous = target.getDefiningOp<AssignOp>();
      if (value == target || assign.getType().getNumElements() == 0 ||
          (previous && previous.getValue() == value))
        rewriter.replaceOp(assign, target);
    }
  }

  /// The tg.assign that `root` can be computed into in place: its only use,
  /// with the target read only where it is written.
  AssignOp inPlaceAssign(Value root, const llvm::DenseSet<Value> &realized) {
    auto assign = root.hasOneUse() ? dyn_cast<AssignOp>(*root.user_begin()) : AssignOp();
    if (!assign || assign.getValue() != root ||
        !readsOnlyAtWriteIndex(root, assign.getTarget(), realized, *rules))
      return {};
    return assign;
  }

  void buildKernel(IRRewriter &rewriter, Value root, const llvm::DenseSet<Value> &realized,
                   llvm::StringSet<> &names) {
    // Nothing to compute: the value is an empty tensor.
    if (cast<RankedTensorType>(root.getType()).getNumElements() == 0) {
      rewriter.setInsertionPointAfterValue(root);
      rewriter.replaceAllUsesWith(
          root, tensor::EmptyOp::create(rewriter, root.getLoc(), shapeOf(root),
                                        getElementTypeOrSelf(root.getType())));
      return;
    }
    llvm::SetVector<Operation *> cone;
    llvm::SetVector<Value> inputs;
    collectCone(root, realized, cone, inputs);
    SmallVector<Operation *> ordered(cone.begin(), cone.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });

    // An assign writes its target's buffer: the target is an input the
    // kernel overwrites.
    AssignOp assign = inPlaceAssign(root, realized);
    if (assign)
      inputs.insert(assign.getTarget());

    // Where the value was; an in-place kernel where its assignment was, so
    // the kernels that read the old target before it run first.
    if (assign)
      rewriter.setInsertionPoint(assign);
    else
      rewriter.setInsertionPointAfter(root.getDefiningOp());
    SmallVector<ReduceOp> reduces;
    for (Operation *op : ordered)
      if (auto reduce = dyn_cast<ReduceOp>(op))
        reduces.push_back(reduce);
    KernelOp kernel = createKernel(rewriter, root, inputs.getArrayRef(),
                                   assign ? assign.getTarget() : Value(),
                                   kernelName(root, reduces), names);

    Block &body = kernel.getBody().front();
    IRMapping mapping;
    for (auto [input, arg] : llvm::zip(kernel.getInputs(), body.getArguments()))
      mapping.map(input, arg);
    rewriter.setInsertionPointToEnd(&body);
    for (Operation *op : ordered)
      rewriter.clone(*op, mapping);
    YieldOp::create(rewriter, root.getLoc(), ValueRange{mapping.lookup(root)});

    if (assign) {
      rewriter.replaceOp(assign, kernel.getResults());
      return;
    }
    rewriter.replaceUsesWithIf(root, kernel.getResult(0), [&](OpOperand &use) {
      return use.getOwner() != kernel && !kernel->isProperAncestor(use.getOwner());
    });
  }

  /// A tg.assign whose value is a buffer copies it into the target in a
  /// kernel of its own (tinygrad's copy kernel, as for `clone`).
  void buildCopy(IRRewriter &rewriter, AssignOp assign, llvm::StringSet<> &names) {
    Value value = assign.getValue(), target = assign.getTarget();
    rewriter.setInsertionPoint(assign);
    KernelOp kernel = createKernel(rewriter, value, {value, target}, target,
                                   kernelName(value, {}), names);
    Block &body = kernel.getBody().front();
    rewriter.setInsertionPointToEnd(&body);
    YieldOp::create(rewriter, assign.getLoc(),
                    body.getArgument(llvm::find(kernel.getInputs(), value) -
                                     kernel.getInputs().begin()));
    rewriter.replaceOp(assign, kernel.getResults());
  }

  /// An empty kernel computing a value like `root` from `inputs` (in
  /// argument order, then in program order), overwriting `target` if given.
  /// tinygrad's duplicate names get n1, n2, ...
  static KernelOp createKernel(IRRewriter &rewriter, Value root, ArrayRef<Value> inputs,
                               Value target, StringRef name, llvm::StringSet<> &names) {
    SmallVector<Value> ordered(inputs);
    llvm::sort(ordered, [](Value a, Value b) {
      auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
      if (argA || argB)
        return argA && (!argB || argA.getArgNumber() < argB.getArgNumber());
      return a.getDefiningOp()->isBeforeInBlock(b.getDefiningOp());
    });
    auto kernel = KernelOp::create(rewriter, root.getLoc(), TypeRange{root.getType()},
                                   ValueRange(ordered));
    std::string unique = name.str();
    for (unsigned n = 1; !names.insert(unique).second; ++n)
      unique = name.str() + "n" + std::to_string(n);
    kernel.setName(unique);
    if (target)
      kernel.setInplace(
          ArrayRef<int64_t>{int64_t(llvm::find(ordered, target) - ordered.begin())});
    return kernel;
  }

  std::shared_ptr<IndexRules> rules; // made by each run, not shared by clones
};

} // namespace
