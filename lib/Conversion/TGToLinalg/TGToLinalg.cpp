//===- TGToLinalg.cpp - tg.kernel → kernel functions of linalg.generic ----===//
//
// tinygrad's rangeify (schedule/indexing.py, apply_movement_op) as a
// lowering: a kernel's output is computed per element; walking from the
// output back to the inputs, every movement op transforms the index vector
// and every ALU op becomes the same op on scalars. Reads of inputs are
// `tensor.extract`s at the composed indices; after tg-symbolic has
// simplified the index arithmetic, each read whose indices are affine in the
// loop indices becomes a `linalg.generic` operand with that indexing map.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/Passes.h"

#include "tg/Dialect/TG/Analysis/IntRanges.h"
#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <numeric>

namespace mlir::tg {
#define GEN_PASS_DEF_TGTOLINALG
#include "tg/Conversion/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// The neutral element of a reduction: 0, 1, or the lowest value.
TypedAttr reduceIdentity(OpBuilder &b, ReduceKind kind, Type element) {
  if (auto floatType = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    switch (kind) {
    case ReduceKind::add: return b.getFloatAttr(element, APFloat::getZero(semantics));
    case ReduceKind::mul: return b.getFloatAttr(element, APFloat::getOne(semantics));
    case ReduceKind::max: return b.getFloatAttr(element, APFloat::getInf(semantics, true));
    }
  }
  unsigned width = element.getIntOrFloatBitWidth();
  bool isUnsigned = element.isUnsignedInteger() || element.isInteger(1);
  switch (kind) {
  case ReduceKind::add: return b.getIntegerAttr(element, APInt::getZero(width));
  case ReduceKind::mul: return b.getIntegerAttr(element, APInt(width, 1));
  case ReduceKind::max:
    return b.getIntegerAttr(element, isUnsigned ? APInt::getZero(width)
                                                : APInt::getSignedMinValue(width));
  }
  llvm_unreachable("unknown reduce kind");
}

/// Lowers one kernel into the body of its kernel function.
class KernelLowering {
public:
  KernelLowering(OpBuilder &builder, Location loc) : b(builder), loc(loc) {}

  /// Emits the stages of `kernel` at the builder's insertion point, reading
  /// kernel inputs from `inputs` and writing the result into `output`;
  /// returns the result tensor.
  Value lower(KernelOp kernel, ValueRange inputs, Value output) {
    Block &body = kernel.getBody().front();
    for (auto [arg, input] : llvm::zip(body.getArguments(), inputs))
      tensors[arg] = input;
    for (Operation &op : body.without_terminator())
      if (auto reshape = dyn_cast<ReshapeOp>(op))
        if (Value view = reshapedInput(reshape, output))
          tensors[reshape] = view;
    Value root = cast<YieldOp>(body.getTerminator()).getValues().front();
    ReduceOp rootReduce = writesOutputDirectly(root);
    llvm::SmallPtrSet<Operation *, 4> paddedForReduce = padsReadByReduces(body);
    for (Operation &op : body.without_terminator()) {
      if (paddedForReduce.contains(&op)) {
        auto type = cast<RankedTensorType>(op.getResult(0).getType());
        Value padded = tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
        tensors[op.getResult(0)] = emitElementwise(op.getResult(0), padded);
      }
      if (auto reduce = dyn_cast<ReduceOp>(op))
        tensors[reduce] = emitReduce(reduce, reduce == rootReduce ? output : Value());
    }
    if (rootReduce)
      return tensors.lookup(rootReduce);
    return emitElementwise(root, output);
  }

private:
  using Indices = SmallVector<Value, 4>;

  Value index(int64_t c) {
    return ConstOp::create(b, loc, b.getIndexType(), b.getIndexAttr(c));
  }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value mul(Value x, int64_t c) { return MulOp::create(b, loc, x, index(c)); }
  Value lessThan(Value x, int64_t c) { return CmpLtOp::create(b, loc, x, index(c)); }
  Value logicalNot(Value p) {
    return CmpNeOp::create(b, loc, p,
                           ConstOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true)));
  }

  /// The loop indices of the generic being built.
  Indices loopIndices(unsigned rank) {
    Indices result;
    for (unsigned d = 0; d < rank; ++d)
      result.push_back(linalg::IndexOp::create(b, loc, d));
    return result;
  }

  /// A reshape of a kernel input (or of such a reshape) as a view of the
  /// input's buffer, collapsed to one axis and expanded to the new shape: a
  /// flatten is then read at plain loop indices instead of the div/mod
  /// split of its index over the input's axes (which reads through computed
  /// indices no kernel optimization applies to). The kernel's output (an
  /// in-place target) is read at its own indices and stays as it is, as
  /// is a reshape that only adds or drops size-1 axes (read at 0).
  Value reshapedInput(ReshapeOp reshape, Value output) {
    Value input = tensors.lookup(reshape.getX());
    RankedTensorType from = reshape.getX().getType(), to = reshape.getType();
    auto nonUnit = [](RankedTensorType type) {
      SmallVector<int64_t> sizes;
      llvm::copy_if(type.getShape(), std::back_inserter(sizes), [](int64_t n) { return n != 1; });
      return sizes;
    };
    if (!input || input == output || from.getRank() == 0 || to.getRank() == 0 ||
        from.getNumElements() == 0 || nonUnit(from) == nonUnit(to))
      return {};
    auto all = [](int64_t rank) {
      ReassociationIndices axes(rank);
      std::iota(axes.begin(), axes.end(), 0);
      return SmallVector<ReassociationIndices>{axes};
    };
    Value flat = input;
    if (from.getRank() != 1)
      flat = tensor::CollapseShapeOp::create(b, loc, input, all(from.getRank()));
    if (to.getRank() == 1)
      return flat;
    return tensor::ExpandShapeOp::create(b, loc, to, flat, all(to.getRank()));
  }

  /// The pads a reduction reads: each becomes a stage of its own, a padded
  /// copy inside the kernel. The reduction then reads it at affine indices
  /// (a convolution's window `y + ky`) instead of through a bounds check per
  /// product, which makes it a contraction the optimizer can tile and
  /// vectorize; every padded element is computed once instead of once per
  /// window that reads it. A pad of more than kCachedPadElements with as
  /// many elements as the reduction reads (a pool's gradient, which pads
  /// its windows' sums back to 4x4 times the pool's outputs) is read once
  /// per element: it stays a bounds check, and so do the pads beneath it,
  /// since a copy would only add its size in memory traffic (ResNet's
  /// max-pool gradient, 16x64x456x456 padded, spent 5.3 s in page faults
  /// and copies).
  static llvm::SmallPtrSet<Operation *, 4> padsReadByReduces(Block &body) {
    // A copy that stays in a core's cache costs little next to the
    // vectorized reduction it allows.
    constexpr int64_t kCachedPadElements = 1 << 16;
    llvm::SmallPtrSet<Operation *, 4> pads;
    llvm::SmallPtrSet<Operation *, 16> visited;
    SmallVector<std::pair<Value, int64_t>> worklist;
    for (auto reduce : body.getOps<ReduceOp>())
      worklist.push_back({reduce.getX(), reduce.getX().getType().getNumElements()});
    while (!worklist.empty()) {
      auto [value, reads] = worklist.pop_back_val();
      Operation *op = value.getDefiningOp();
      if (!op || isa<ReduceOp>(op) || !visited.insert(op).second)
        continue;
      if (isa<PadOp>(op)) {
        int64_t elements = cast<RankedTensorType>(value.getType()).getNumElements();
        if (elements >= reads && elements > kCachedPadElements)
          continue;
        pads.insert(op);
      }
      for (Value operand : op->getOperands())
        worklist.push_back({operand, reads});
    }
    return pads;
  }

  /// The reduce that can accumulate straight into the kernel's output: the
  /// root itself, or a reduce whose only use is a root reshape that just
  /// drops or adds size-1 axes (a matmul's `[M, N, 1] → [M, N]`). Without a
  /// copy stage after it, such a kernel is one generic the optimizer can
  /// tile and split.
  static ReduceOp writesOutputDirectly(Value root) {
    if (auto reduce = root.getDefiningOp<ReduceOp>())
      return reduce;
    auto reshape = root.getDefiningOp<ReshapeOp>();
    auto reduce = reshape ? reshape.getX().getDefiningOp<ReduceOp>() : ReduceOp();
    if (!reduce || !reduce->hasOneUse())
      return {};
    auto nonUnit = [](ArrayRef<int64_t> shape) {
      return llvm::to_vector(llvm::make_filter_range(shape, [](int64_t n) { return n != 1; }));
    };
    return nonUnit(reduce.getType().getShape()) == nonUnit(reshape.getType().getShape())
               ? reduce
               : ReduceOp();
  }

  /// A reduction: loops over its input's shape, accumulating into `output`
  /// (by default a new tensor shaped like its result) whose non-unit axes are
  /// the kept axes of the input in order.
  Value emitReduce(ReduceOp reduce, Value output) {
    RankedTensorType in = reduce.getX().getType();
    Type element = in.getElementType();
    if (!output)
      output = tensor::EmptyOp::create(b, loc, reduce.getType().getShape(), element);
    auto out = cast<RankedTensorType>(output.getType());
    Value identity = ConstOp::create(b, loc, element,
                                     reduceIdentity(b, reduce.getKind(), element));
    Value init = linalg::FillOp::create(b, loc, identity, output).getResult(0);

    SmallVector<utils::IteratorType> iterators(in.getRank(), utils::IteratorType::parallel);
    SmallVector<int64_t> keptAxes;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      if (llvm::is_contained(reduce.getAxes(), d))
        iterators[d] = utils::IteratorType::reduction;
      else
        keptAxes.push_back(d);
    }
    // Output axes take the kept axes in order; a size-1 axis on one side
    // only is skipped (an output one is indexed at 0).
    SmallVector<AffineExpr> results;
    auto kept = keptAxes.begin();
    for (int64_t size : out.getShape()) {
      while (kept != keptAxes.end() && in.getDimSize(*kept) == 1 && size != 1)
        ++kept;
      if (kept != keptAxes.end() && in.getDimSize(*kept) == size)
        results.push_back(b.getAffineDimExpr(*kept++));
      else
        results.push_back(b.getAffineConstantExpr(0));
    }
    AffineMap outMap = AffineMap::get(in.getRank(), 0, results, b.getContext());
    // The reduced loops appear in no output: an input shaped like the
    // iteration space bounds them until a read at affine indices does.
    Value domain = tensor::EmptyOp::create(b, loc, in.getShape(), element);
    AffineMap domainMap = b.getMultiDimIdentityMap(in.getRank());
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{out}, ValueRange{domain}, ValueRange{init},
        ArrayRef{domainMap, outMap}, iterators,
        [&](OpBuilder &nested, Location, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nested.getInsertionBlock(), nested.getInsertionPoint());
          memo.clear();
          Value value = scalarAt(reduce.getX(), loopIndices(in.getRank()));
          Value acc = args[1], combined;
          switch (reduce.getKind()) {
          case ReduceKind::add: combined = AddOp::create(b, loc, acc, value); break;
          case ReduceKind::mul: combined = MulOp::create(b, loc, acc, value); break;
          case ReduceKind::max: combined = MaxOp::create(b, loc, acc, value); break;
          }
          linalg::YieldOp::create(b, loc, combined);
        });
    return generic.getResult(0);
  }

  /// The kernel's result, when it is not a reduction: one parallel loop per
  /// output axis.
  Value emitElementwise(Value root, Value output) {
    auto type = cast<RankedTensorType>(root.getType());
    unsigned rank = type.getRank();
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    AffineMap identity = b.getMultiDimIdentityMap(rank);
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{type}, ValueRange{}, ValueRange{output}, ArrayRef{identity},
        iterators, [&](OpBuilder &nested, Location, ValueRange) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nested.getInsertionBlock(), nested.getInsertionPoint());
          memo.clear();
          linalg::YieldOp::create(b, loc, scalarAt(root, loopIndices(rank)));
        });
    return generic.getResult(0);
  }

  /// The element of `v` at `idx`: apply_movement_op and the ALU ops, down to
  /// reads of tensors.
  Value scalarAt(Value v, ArrayRef<Value> idx) {
    std::pair<Value, std::vector<Value>> key{v, std::vector<Value>(idx.begin(), idx.end())};
    if (auto it = memo.find(key); it != memo.end())
      return it->second;
    Value result = computeScalarAt(v, idx);
    memo[key] = result;
    return result;
  }

  Value computeScalarAt(Value v, ArrayRef<Value> idx) {
    if (Value tensor = tensors.lookup(v))
      return tensor::ExtractOp::create(b, loc, tensor, idx);
    Operation *op = v.getDefiningOp();
    auto type = cast<RankedTensorType>(v.getType());
    if (auto constant = dyn_cast<ConstOp>(op))
      return ConstOp::create(b, loc, type.getElementType(), constant.getValue());
    if (auto reshape = dyn_cast<ReshapeOp>(op))
      return scalarAt(reshape.getX(), reshapeIndices(reshape.getX().getType(), type, idx));
    if (auto permute = dyn_cast<PermuteOp>(op)) {
      Indices in(idx.size());
      for (auto [i, axis] : llvm::enumerate(permute.getOrder()))
        in[axis] = idx[i];
      return scalarAt(permute.getX(), in);
    }
    if (auto expand = dyn_cast<ExpandOp>(op)) {
      Indices in(idx.begin(), idx.end());
      for (auto [d, size] : llvm::enumerate(expand.getX().getType().getShape()))
        if (size == 1)
          in[d] = index(0);
      return scalarAt(expand.getX(), in);
    }
    if (auto shrink = dyn_cast<ShrinkOp>(op)) {
      Indices in(idx.begin(), idx.end());
      for (auto [d, begin] : llvm::enumerate(shrink.getBegin()))
        if (begin != 0)
          in[d] = add(idx[d], index(begin));
      return scalarAt(shrink.getX(), in);
    }
    if (auto flip = dyn_cast<FlipOp>(op)) {
      Indices in(idx.begin(), idx.end());
      for (int64_t d : flip.getAxes())
        in[d] = add(mul(idx[d], -1), index(type.getDimSize(d) - 1));
      return scalarAt(flip.getX(), in);
    }
    if (auto pad = dyn_cast<PadOp>(op))
      return padAt(pad, idx);
    // An ALU op: the same op on the elements.
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(scalarAt(operand, idx));
    OperationState state(loc, op->getName(), operands, {type.getElementType()},
                         op->getAttrs());
    return b.create(state)->getResult(0);
  }

  /// pad: the element at i - low where low <= i < low + n, else 0. The read
  /// happens at a clamped index so it is always in bounds.
  Value padAt(PadOp pad, ArrayRef<Value> idx) {
    RankedTensorType in = pad.getX().getType();
    Indices shifted(idx.begin(), idx.end());
    Value valid;
    auto both = [&](Value p) { valid = valid ? AndOp::create(b, loc, valid, p) : p; };
    for (int64_t d = 0; d < in.getRank(); ++d) {
      int64_t low = pad.getLow()[d], high = pad.getHigh()[d];
      if (low == 0 && high == 0)
        continue;
      Value dimValid;
      if (low != 0) {
        shifted[d] = add(idx[d], index(-low));
        dimValid = logicalNot(lessThan(idx[d], low));
      }
      if (high != 0) {
        Value below = lessThan(idx[d], low + in.getDimSize(d));
        dimValid = dimValid ? AndOp::create(b, loc, dimValid, below) : below;
      }
      shifted[d] = WhereOp::create(b, loc, dimValid, shifted[d], index(0));
      both(dimValid);
    }
    Value element = scalarAt(pad.getX(), shifted);
    if (!valid)
      return element;
    Type elementType = in.getElementType();
    TypedAttr zero = isa<FloatType>(elementType)
                         ? TypedAttr(b.getFloatAttr(elementType, 0.0))
                         : TypedAttr(b.getIntegerAttr(elementType, 0));
    return WhereOp::create(b, loc, valid, element, ConstOp::create(b, loc, elementType, zero));
  }

  /// reshape: dims group where their products agree; within a group the
  /// output indices are linearized and split again over the input dims.
  Indices reshapeIndices(RankedTensorType in, RankedTensorType out,
                         ArrayRef<Value> idx) {
    Indices result(in.getRank());
    int64_t i = 0, o = 0;
    while (i < in.getRank() || o < out.getRank()) {
      // Size-1 axes index at 0 and group with nothing.
      if (i < in.getRank() && in.getDimSize(i) == 1) {
        result[i++] = index(0);
        continue;
      }
      if (o < out.getRank() && out.getDimSize(o) == 1) {
        ++o;
        continue;
      }
      int64_t i0 = i, o0 = o, inSize = 1, outSize = 1;
      do {
        if (inSize <= outSize && i < in.getRank())
          inSize *= in.getDimSize(i++);
        else
          outSize *= out.getDimSize(o++);
      } while (inSize != outSize && (i < in.getRank() || o < out.getRank()));
      if (i - i0 == 1 && o - o0 == 1) {
        result[i0] = idx[o0];
        continue;
      }
      Value flat;
      int64_t stride = 1;
      for (int64_t d = o - 1; d >= o0; --d) {
        Value term = stride == 1 ? idx[d] : mul(idx[d], stride);
        flat = flat ? add(term, flat) : term;
        stride *= out.getDimSize(d);
      }
      if (!flat)
        flat = index(0);
      stride = 1;
      for (int64_t d = i - 1; d >= i0; --d) {
        Value q = stride == 1 ? flat
                              : FloorDivOp::create(b, loc, flat, index(stride));
        result[d] = d == i0 ? q : FloorModOp::create(b, loc, q, index(in.getDimSize(d)));
        stride *= in.getDimSize(d);
      }
    }
    return result;
  }

  OpBuilder &b;
  Location loc;
  /// Kernel values available as tensors: inputs and reduction results.
  llvm::DenseMap<Value, Value> tensors;
  std::map<std::pair<Value, std::vector<Value>>, Value,
           bool (*)(const std::pair<Value, std::vector<Value>> &,
                    const std::pair<Value, std::vector<Value>> &)>
      memo{[](const auto &x, const auto &y) {
        auto key = [](const auto &p) {
          std::vector<const void *> k = {p.first.getAsOpaquePointer()};
          for (Value v : p.second)
            k.push_back(v.getAsOpaquePointer());
          return k;
        };
        return key(x) < key(y);
      }};
};

//===----------------------------------------------------------------------===//
// Loops read only through floordiv and floormod are split
//===----------------------------------------------------------------------===//

/// The factor k of a parallel loop whose index the body uses only as
/// `i floordiv k` and `i floormod k`, k dividing its extent, and that every
/// operand reads as a whole axis of its own or not at all; nullopt
/// otherwise.
std::optional<int64_t> divModFactor(linalg::GenericOp generic, unsigned loop) {
  int64_t extent = generic.getStaticLoopRanges()[loop];
  if (generic.getIteratorTypesArray()[loop] != utils::IteratorType::parallel ||
      ShapedType::isDynamic(extent))
    return std::nullopt;
  for (OpOperand &operand : generic->getOpOperands()) {
    auto type = cast<ShapedType>(operand.get().getType());
    for (auto [axis, result] :
         llvm::enumerate(generic.getMatchingIndexingMap(&operand).getResults()))
      if (result.isFunctionOfDim(loop) &&
          (!isa<AffineDimExpr>(result) || type.getDimSize(axis) != extent))
        return std::nullopt;
  }
  std::optional<int64_t> factor;
  WalkResult walk = generic.getRegion().walk([&](linalg::IndexOp index) {
    if (index.getDim() != loop)
      return WalkResult::advance();
    for (Operation *user : index->getUsers()) {
      std::optional<int64_t> k;
      if (isa<FloorDivOp, FloorModOp>(user) && user->getOperand(0) == index.getResult())
        k = sym::getConstInt(user->getOperand(1));
      if (!k || *k < 2 || (factor && *factor != *k))
        return WalkResult::interrupt();
      factor = k;
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || !factor || extent % *factor != 0)
    return std::nullopt;
  return factor;
}

/// Splits each loop j of `generic` with factors[j] > 1 into [extent / k, k]
/// (k = factors[j]): operands that read it are read through
/// tensor.expand_shape, the results collapsed back, and `i floordiv k` and
/// `i floormod k` become the two loops' indices.
linalg::GenericOp splitLoops(linalg::GenericOp generic, ArrayRef<int64_t> factors,
                             RewriterBase &rewriter) {
  MLIRContext *context = generic.getContext();
  Location loc = generic.getLoc();
  // Old loop j is new loop first[j], and first[j] + 1 too when split.
  SmallVector<unsigned> first;
  SmallVector<AffineExpr> outerLoops;
  SmallVector<utils::IteratorType> iterators;
  for (auto [j, iterator] : llvm::enumerate(generic.getIteratorTypesArray())) {
    first.push_back(iterators.size());
    outerLoops.push_back(getAffineDimExpr(first.back(), context));
    iterators.append(factors[j] > 1 ? 2 : 1, iterator);
  }
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  SmallVector<SmallVector<ReassociationIndices>> outputGroups;
  rewriter.setInsertionPoint(generic);
  for (OpOperand &operand : generic->getOpOperands()) {
    auto type = cast<RankedTensorType>(operand.get().getType());
    SmallVector<AffineExpr> results;
    SmallVector<int64_t> shape;
    SmallVector<ReassociationIndices> groups;
    for (auto [axis, result] :
         llvm::enumerate(generic.getMatchingIndexingMap(&operand).getResults())) {
      groups.push_back({int64_t(shape.size())});
      results.push_back(result.replaceDims(outerLoops));
      shape.push_back(type.getDimSize(axis));
      auto loop = dyn_cast<AffineDimExpr>(result);
      if (!loop || factors[loop.getPosition()] == 1)
        continue;
      int64_t k = factors[loop.getPosition()];
      groups.back().push_back(int64_t(shape.size()));
      results.push_back(getAffineDimExpr(first[loop.getPosition()] + 1, context));
      shape.back() /= k;
      shape.push_back(k);
    }
    maps.push_back(AffineMap::get(iterators.size(), 0, results, context));
    Value value = operand.get();
    if (shape.size() != size_t(type.getRank()))
      value = tensor::ExpandShapeOp::create(rewriter, loc, type.clone(shape), value, groups);
    if (generic.isDpsInit(&operand)) {
      outputs.push_back(value);
      outputGroups.push_back(std::move(groups));
    } else {
      inputs.push_back(value);
    }
  }
  auto split = linalg::GenericOp::create(rewriter, loc, ValueRange(outputs).getTypes(), inputs,
                                         outputs, maps, iterators);
  rewriter.inlineRegionBefore(generic.getRegion(), split.getRegion(), split.getRegion().end());
  SmallVector<linalg::IndexOp> indices;
  split.getRegion().walk([&](linalg::IndexOp index) { indices.push_back(index); });
  for (linalg::IndexOp index : indices) {
    unsigned loop = index.getDim();
    if (factors[loop] == 1) {
      rewriter.modifyOpInPlace(index, [&] { index.setDim(first[loop]); });
      continue;
    }
    rewriter.setInsertionPoint(index);
    Value outer = linalg::IndexOp::create(rewriter, loc, first[loop]);
    Value inner = linalg::IndexOp::create(rewriter, loc, first[loop] + 1);
    for (Operation *user : llvm::make_early_inc_range(index->getUsers()))
      rewriter.replaceOp(user, isa<FloorDivOp>(user) ? outer : inner);
    rewriter.eraseOp(index);
  }
  rewriter.setInsertionPointAfter(split);
  SmallVector<Value> results;
  for (auto [result, original, groups] :
       llvm::zip(split.getResults(), generic.getResults(), outputGroups))
    results.push_back(
        result.getType() == original.getType()
            ? Value(result)
            : tensor::CollapseShapeOp::create(rewriter, loc, original.getType(), result, groups));
  rewriter.replaceOp(generic, results);
  return split;
}

/// Splits every loop that the body reads only through floordiv and floormod
/// by one constant (a 2x2 pooling's gradient reading its pooled value at
/// [y / 2, x / 2]; a stride-2 convolution's input gradient picking one of
/// its four phases by y % 2 and x % 2): the reads are then at affine
/// indices, which become operands the optimizers tile and vectorize.
/// Returns the split generic, or null when no loop splits.
///
///   generic outs(o : 20) { read(a[i floordiv 2]) ... i floormod 2 ... }
///     → generic outs(expand(o) : 10x2) { read(a[i0]) ... i1 ... }, collapsed
linalg::GenericOp splitDivModLoops(linalg::GenericOp generic, RewriterBase &rewriter) {
  SmallVector<int64_t> factors;
  for (unsigned loop = 0; loop < generic.getNumLoops(); ++loop)
    factors.push_back(divModFactor(generic, loop).value_or(1));
  if (llvm::all_of(factors, [](int64_t k) { return k == 1; }))
    return nullptr;
  return splitLoops(generic, factors, rewriter);
}

//===----------------------------------------------------------------------===//
// Reads at affine indices become generic operands
//===----------------------------------------------------------------------===//

/// The affine form of an index computed from linalg.index values, constants,
/// sums and products by constants.
std::optional<AffineExpr> affineForm(Value v, MLIRContext *context) {
  if (auto loop = v.getDefiningOp<linalg::IndexOp>())
    return getAffineDimExpr(loop.getDim(), context);
  if (std::optional<int64_t> c = sym::getConstInt(v))
    return getAffineConstantExpr(*c, context);
  if (auto sum = v.getDefiningOp<AddOp>()) {
    auto l = affineForm(sum.getLhs(), context), r = affineForm(sum.getRhs(), context);
    if (l && r)
      return *l + *r;
    return std::nullopt;
  }
  if (auto product = v.getDefiningOp<MulOp>()) {
    auto l = affineForm(product.getLhs(), context);
    std::optional<int64_t> c = sym::getConstInt(product.getRhs());
    if (l && c)
      return *l * *c;
  }
  return std::nullopt;
}

/// `map` with every loop of extent 1 read as 0: two maps equal this way
/// index the same element in every iteration.
AffineMap withUnitLoopsAtZero(AffineMap map, ArrayRef<int64_t> ranges) {
  SmallVector<AffineExpr> loops;
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    loops.push_back(ranges[d] == 1 ? getAffineConstantExpr(0, map.getContext())
                                   : getAffineDimExpr(d, map.getContext()));
  return simplifyAffineMap(map.replaceDimsAndSymbols(loops, {}, map.getNumDims(), 0));
}

/// The part of `tensor` a generic reads through `map`: linalg takes the
/// extent of a loop from an operand axis indexed by the loop alone, so an
/// axis read at `i` for `i < n` (a shrink from 0) is sliced to n.
Value sliceToLoops(Value tensor, AffineMap map, ArrayRef<int64_t> ranges,
                   RewriterBase &rewriter) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<int64_t> sizes(type.getShape());
  for (auto [axis, result] : llvm::enumerate(map.getResults()))
    if (auto loop = dyn_cast<AffineDimExpr>(result))
      sizes[axis] = ranges[loop.getPosition()];
  if (ArrayRef<int64_t>(sizes) == type.getShape())
    return tensor;
  SmallVector<OpFoldResult> zeros(sizes.size(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(sizes.size(), rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> extents = llvm::map_to_vector(
      sizes, [&](int64_t n) -> OpFoldResult { return rewriter.getIndexAttr(n); });
  return tensor::ExtractSliceOp::create(rewriter, tensor.getLoc(), tensor, zeros, extents, ones);
}

/// Removes the iteration-space input of a reduction once the other operands
/// bound every loop.
void dropDomainInput(linalg::GenericOp generic, RewriterBase &rewriter) {
  if (generic.getNumDpsInputs() == 0)
    return;
  OpOperand *domain = generic.getDpsInputOperand(0);
  if (!domain->get().getDefiningOp<tensor::EmptyOp>() ||
      !generic.getMatchingBlockArgument(domain).use_empty())
    return;
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : generic->getOpOperands())
    if (&operand != domain)
      maps.push_back(generic.getMatchingIndexingMap(&operand));
  if (!inversePermutation(concatAffineMaps(maps, generic.getContext())))
    return;
  SmallVector<Value> inputs(generic.getInputs().drop_front());
  rewriter.setInsertionPoint(generic);
  auto trimmed = linalg::GenericOp::create(rewriter, generic.getLoc(), generic.getResultTypes(),
                                           inputs, generic.getOutputs(), maps,
                                           generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), trimmed.getRegion(),
                              trimmed.getRegion().end());
  trimmed.getRegion().front().eraseArgument(0);
  rewriter.replaceOp(generic, trimmed.getResults());
}

/// Rebuilds `generic` with every read of an outside tensor at affine
/// indices turned into an input operand.
void promoteAffineReads(linalg::GenericOp generic, RewriterBase &rewriter) {
  MLIRContext *context = generic.getContext();
  unsigned numLoops = generic.getNumLoops();
  SmallVector<tensor::ExtractOp> reads;
  SmallVector<AffineMap> readMaps;
  generic.getRegion().walk([&](tensor::ExtractOp extract) {
    if (generic->isAncestor(extract.getTensor().getParentBlock()->getParentOp()))
      return;
    SmallVector<AffineExpr> results;
    for (Value i : extract.getIndices()) {
      std::optional<AffineExpr> expr = affineForm(i, context);
      if (!expr)
        return;
      results.push_back(*expr);
    }
    reads.push_back(extract);
    readMaps.push_back(AffineMap::get(numLoops, 0, results, context));
  });
  // A read of the generic's own output at its output index (an in-place
  // kernel reading its target) is the output block argument.
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  for (auto [read, map] : llvm::zip(reads, readMaps)) {
    for (OpOperand &output : generic.getDpsInitsMutable()) {
      if (read.getTensor() == output.get() &&
          withUnitLoopsAtZero(generic.getMatchingIndexingMap(&output), ranges) ==
              withUnitLoopsAtZero(map, ranges)) {
        rewriter.replaceOp(read, generic.getMatchingBlockArgument(&output));
        read = nullptr;
        break;
      }
    }
  }
  SmallVector<tensor::ExtractOp> remaining;
  SmallVector<AffineMap> remainingMaps;
  for (auto [read, map] : llvm::zip(reads, readMaps))
    if (read) {
      remaining.push_back(read);
      remainingMaps.push_back(map);
    }
  reads = std::move(remaining);
  readMaps = std::move(remainingMaps);
  if (reads.empty())
    return;

  SmallVector<Value> inputs(generic.getInputs());
  SmallVector<AffineMap> maps;
  for (OpOperand *input : generic.getDpsInputOperands())
    maps.push_back(generic.getMatchingIndexingMap(input));
  rewriter.setInsertionPoint(generic);
  for (auto [read, map] : llvm::zip(reads, readMaps)) {
    inputs.push_back(sliceToLoops(read.getTensor(), map, ranges, rewriter));
    maps.push_back(map);
  }
  for (OpOperand &output : generic.getDpsInitsMutable())
    maps.push_back(generic.getMatchingIndexingMap(&output));

  rewriter.setInsertionPoint(generic);
  auto promoted = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(), inputs,
      generic.getOutputs(), maps, generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), promoted.getRegion(),
                              promoted.getRegion().end());
  Block &body = promoted.getRegion().front();
  unsigned firstNew = generic.getNumDpsInputs();
  for (auto [i, read] : llvm::enumerate(reads)) {
    BlockArgument arg = body.insertArgument(firstNew + i, read.getType(), read.getLoc());
    rewriter.replaceOp(read, arg);
  }
  rewriter.replaceOp(generic, promoted.getResults());
  dropDomainInput(promoted, rewriter);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct TGToLinalgPass : tg::impl::TGToLinalgBase<TGToLinalgPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    sym::RuleOptions options{&ranges, /*reassociateFloats=*/false};
    populateCanonicalizationRules(set, options);
    populateSymbolicPatterns(set, options);
    populateDivModPatterns(set, ranges);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(set);
    simplification = std::move(set);
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<KernelOp> kernels;
    module.walk([&](KernelOp kernel) { kernels.push_back(kernel); });
    SymbolTable symbols(module);
    IRRewriter rewriter(&getContext());
    lowerCopies(module, rewriter);
    // The results of outlined kernels that end in a tg.pad (calls, which
    // stay): what the kernels reading them learn. Kernels are in program
    // order, so a producer is outlined before its readers.
    llvm::DenseMap<Value, ZeroBorderAttr> zeroBorders;
    for (KernelOp kernel : kernels) {
      if (kernel->getNumResults() != 1) {
        kernel.emitError("tg-to-linalg: a kernel with ")
            << kernel->getNumResults()
            << " results; kernels compute one result each (as tg-kernelize makes them)";
        return signalPassFailure();
      }
      if (cast<RankedTensorType>(kernel.getResult(0).getType()).getNumElements() == 0) {
        replaceEmptyKernel(kernel, rewriter);
        continue;
      }
      func::FuncOp function = outline(kernel, symbols, zeroBorders, rewriter);
      // Index arithmetic and ALU ops simplify before reads are classified.
      if (failed(applyPatternsGreedily(function, simplification))) {
        function.emitError("tg-to-linalg: simplification did not converge");
        return signalPassFailure();
      }
      auto generics = [&] {
        SmallVector<linalg::GenericOp> found;
        function.walk([&](linalg::GenericOp generic) { found.push_back(generic); });
        return found;
      };
      for (linalg::GenericOp generic : generics())
        promoteAffineReads(generic, rewriter);
      // Reads at loops' quotients and remainders are affine once the loops
      // are split.
      for (linalg::GenericOp generic : generics())
        if (linalg::GenericOp split = splitDivModLoops(generic, rewriter))
          promoteAffineReads(split, rewriter);
      // Index computations that only fed promoted reads are dead now.
      (void)applyPatternsGreedily(function, simplification);
    }
  }

  /// The tg.pad that computes `kernel`'s one result, if one does.
  static PadOp endingPad(KernelOp kernel) {
    if (kernel->getNumResults() != 1 || kernel.getBody().empty())
      return {};
    auto yield = dyn_cast<YieldOp>(kernel.getBody().front().getTerminator());
    if (!yield || yield.getValues().size() != 1)
      return {};
    return yield.getValues().front().getDefiningOp<PadOp>();
  }

  /// tg.copy → the value materialized in a new tensor (a buffer copy after
  /// bufferization): the compiler builds a program for one device, which
  /// the Compiler checks every copy is to, so a copy copies the buffer
  /// (tinygrad's COPY of a buffer on its device).
  static void lowerCopies(ModuleOp module, IRRewriter &rewriter) {
    SmallVector<CopyOp> copies;
    module.walk([&](CopyOp copy) { copies.push_back(copy); });
    for (CopyOp copy : copies) {
      RankedTensorType type = copy.getType();
      rewriter.setInsertionPoint(copy);
      Value fresh = tensor::EmptyOp::create(rewriter, copy.getLoc(), type.getShape(),
                                            type.getElementType());
      rewriter.replaceOpWithNewOp<bufferization::MaterializeInDestinationOp>(
          copy, type, copy.getX(), fresh, /*restrict=*/false, /*writable=*/false);
    }
  }

  /// A kernel computing no element is no work: its result is an empty
  /// tensor (or the empty target it would overwrite).
  static void replaceEmptyKernel(KernelOp kernel, IRRewriter &rewriter) {
    auto type = cast<RankedTensorType>(kernel.getResult(0).getType());
    rewriter.setInsertionPoint(kernel);
    std::optional<int64_t> target = inplaceTarget(kernel);
    Value result = target ? kernel.getInputs()[*target]
                          : Value(tensor::EmptyOp::create(rewriter, kernel.getLoc(),
                                                          type.getShape(), type.getElementType()));
    rewriter.replaceOp(kernel, result);
  }

  static std::optional<int64_t> inplaceTarget(KernelOp kernel) {
    if (std::optional<ArrayRef<int64_t>> inplace = kernel.getInplace();
        inplace && (*inplace)[0] >= 0)
      return (*inplace)[0];
    return std::nullopt;
  }

  static bool isEmpty(Value tensor) {
    return cast<RankedTensorType>(tensor.getType()).getNumElements() == 0;
  }

  /// Makes `kernel` a function and calls it from where it was. An in-place
  /// kernel's target is not an input: the kernel reads it through its
  /// output, which the caller passes as the target itself. Inputs without
  /// elements are not passed either (the kernel's loops over them run zero
  /// times); the kernel sees empty tensors of their type. An argument that
  /// a tg.pad ended carries its zeros' extent (`tg.zero_border`).
  func::FuncOp outline(KernelOp kernel, SymbolTable &symbols,
                       llvm::DenseMap<Value, ZeroBorderAttr> &zeroBorders, IRRewriter &rewriter) {
    Location loc = kernel.getLoc();
    auto resultType = cast<RankedTensorType>(kernel.getResult(0).getType());
    std::optional<int64_t> target = inplaceTarget(kernel);
    SmallVector<Value> inputs;
    for (auto [i, input] : llvm::enumerate(kernel.getInputs()))
      if (static_cast<int64_t>(i) != target && !isEmpty(input))
        inputs.push_back(input);
    SmallVector<Type> argTypes(ValueRange(inputs).getTypes());
    argTypes.push_back(resultType);

    auto module = kernel->getParentOfType<ModuleOp>();
    rewriter.setInsertionPointToEnd(module.getBody());
    auto function = func::FuncOp::create(rewriter, loc, kernel.getName().value_or("kernel"),
                                         rewriter.getFunctionType(argTypes, {resultType}));
    function.setPrivate();
    function->setAttr("tg.kernel", rewriter.getUnitAttr());
    symbols.insert(function);

    Block *entry = function.addEntryBlock();
    rewriter.setInsertionPointToStart(entry);
    Value output = entry->getArguments().back();
    SmallVector<Value> tensors;
    auto passed = entry->getArguments().begin();
    for (auto [i, input] : llvm::enumerate(kernel.getInputs())) {
      auto type = cast<RankedTensorType>(input.getType());
      if (static_cast<int64_t>(i) == target)
        tensors.push_back(output);
      else if (isEmpty(input))
        tensors.push_back(tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                                  type.getElementType()));
      else
        tensors.push_back(*passed++);
    }
    KernelLowering lowering(rewriter, loc);
    func::ReturnOp::create(rewriter, loc, lowering.lower(kernel, tensors, output));

    rewriter.setInsertionPoint(kernel);
    Value destination = target ? kernel.getInputs()[*target]
                               : Value(tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                                               resultType.getElementType()));
    inputs.push_back(destination);
    auto call = func::CallOp::create(rewriter, loc, function, inputs);
    for (auto [i, input] : llvm::enumerate(ValueRange(inputs).drop_back()))
      if (ZeroBorderAttr border = zeroBorders.lookup(input))
        function.setArgAttr(i, kZeroBorderAttrName, border);
    if (PadOp pad = endingPad(kernel))
      zeroBorders[call.getResult(0)] =
          ZeroBorderAttr::get(kernel.getContext(), pad.getLow(), pad.getHigh());
    rewriter.replaceOp(kernel, call.getResults());
    return function;
  }

  IntRanges ranges;
  FrozenRewritePatternSet simplification;
};

} // namespace
