//===- KernelRoot.h - the generic a CPU kernel's optimizations act on ----===//

#ifndef TG_LIB_TARGET_CPU_KERNELROOT_H
#define TG_LIB_TARGET_CPU_KERNELROOT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tg {

/// Whether `op` reshapes a tensor (a view of the same buffer once
/// bufferized: tg-cpu-drop-unit-dims collapses the output's size-1 axes).
inline bool isReshape(Operation *op) {
  return isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op);
}

/// Whether `value` is a kernel argument, reshaped or not: a buffer of its
/// own, laid out contiguously (a slice or reshape of it stands between no
/// two stages the kernel optimizer fuses, and copies nothing).
inline bool isReshapedArgument(Value value) {
  while (isReshape(value.getDefiningOp()))
    value = value.getDefiningOp()->getOperand(0);
  return isa<BlockArgument>(value);
}

/// The linalg.generic that computes a kernel function's result (its last
/// stage, writing the output argument, perhaps through a reshape), or null.
inline linalg::GenericOp getKernelRoot(func::FuncOp kernel) {
  auto ret = dyn_cast<func::ReturnOp>(kernel.getBody().front().getTerminator());
  if (!ret || ret.getNumOperands() != 1)
    return {};
  Value result = ret.getOperand(0);
  while (isReshape(result.getDefiningOp()))
    result = result.getDefiningOp()->getOperand(0);
  return result.getDefiningOp<linalg::GenericOp>();
}

/// The stages on tensors of a kernel function (`tg.kernel`) that `select`
/// picks, in order; none in any other function.
inline SmallVector<linalg::GenericOp>
tensorStages(func::FuncOp kernel, llvm::function_ref<bool(linalg::GenericOp)> select) {
  SmallVector<linalg::GenericOp> stages;
  if (kernel->hasAttr("tg.kernel"))
    kernel.walk([&](linalg::GenericOp generic) {
      if (generic.hasPureTensorSemantics() && select(generic))
        stages.push_back(generic);
    });
  return stages;
}

/// Whether `output` (directly or through reshapes) is touched only by the
/// root and the linalg.fill of its initial value.
inline bool onlyRootUses(Value output, linalg::GenericOp root) {
  for (OpOperand &use : output.getUses()) {
    Operation *user = use.getOwner();
    if (user == root.getOperation() && root.isDpsInit(&use))
      continue;
    if (isReshape(user) && onlyRootUses(user->getResult(0), root))
      continue;
    auto fill = dyn_cast<linalg::FillOp>(user);
    if (fill && fill->hasOneUse() && *fill->user_begin() == root.getOperation())
      continue;
    return false;
  }
  return true;
}

/// Whether the output argument is touched only by the root (directly or
/// through the linalg.fill of its initial value): then workers that each
/// compute a share of the root's iterations write disjoint parts of it.
inline bool onlyRootWritesOutput(func::FuncOp kernel, linalg::GenericOp root) {
  return onlyRootUses(kernel.getArguments().back(), root);
}

/// The add that a generic with one output yields, of the output and a
/// product (`out + a * b`, float or integer), and that multiply; nulls when
/// the body ends otherwise.
struct OutputPlusProduct {
  Operation *add = nullptr, *multiply = nullptr;
};
inline OutputPlusProduct outputPlusProduct(linalg::GenericOp generic) {
  if (generic.getNumDpsInits() != 1)
    return {};
  Value out = generic.getMatchingBlockArgument(generic.getDpsInitOperand(0));
  Operation *add = generic.getBody()->getTerminator()->getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(add) ||
      !llvm::is_contained(add->getOperands(), out))
    return {};
  Value product = add->getOperand(0) == out ? add->getOperand(1) : add->getOperand(0);
  Operation *multiply = product.getDefiningOp();
  if (!isa_and_nonnull<arith::MulFOp, arith::MulIOp>(multiply))
    return {};
  return {add, multiply};
}

/// Whether loops of these extents can be tiled: all static and none empty
/// (an empty loop leaves nothing to tile, and a tile of an empty window
/// would not vectorize).
inline bool tileableLoops(ArrayRef<int64_t> ranges) {
  return !llvm::any_of(ranges, ShapedType::isDynamic) && !llvm::is_contained(ranges, 0);
}

/// Whether each result of `map` is a distinct loop or the constant 0 (an
/// axis kept with size 1). Unlike AffineMap::isProjectedPermutation, there
/// may be more results than loops.
inline bool isLoopsOrZeros(AffineMap map) {
  llvm::SmallDenseSet<unsigned> seen;
  for (AffineExpr result : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(result)) {
      if (!seen.insert(dim.getPosition()).second)
        return false;
    } else if (auto constant = dyn_cast<AffineConstantExpr>(result);
               !constant || constant.getValue() != 0) {
      return false;
    }
  }
  return true;
}

/// The coefficient of loop `dim` in the pure affine `expr` of `numDims`
/// loops: its value at dim = 1 less its value at 0 (others 0).
inline int64_t coefficientOf(AffineExpr expr, unsigned dim, unsigned numDims) {
  MLIRContext *context = expr.getContext();
  auto at = [&](int64_t value) {
    SmallVector<AffineExpr> dims(numDims, getAffineConstantExpr(0, context));
    dims[dim] = getAffineConstantExpr(value, context);
    auto constant = dyn_cast<AffineConstantExpr>(expr.replaceDims(dims));
    return constant ? std::optional<int64_t>(constant.getValue()) : std::nullopt;
  };
  std::optional<int64_t> one = at(1), zero = at(0); // not constant with symbols
  return one && zero ? *one - *zero : 0;
}

/// Whether some stage of the kernel reads or writes against a loop (a flip:
/// `2 - y`). Tiling computes a slice's size from its first and last index,
/// which is wrong for such maps, so those kernels are left untiled.
inline bool readsBackwards(func::FuncOp kernel) {
  bool backwards = false;
  kernel.walk([&](linalg::LinalgOp stage) {
    for (AffineMap map : stage.getIndexingMapsArray())
      for (AffineExpr result : map.getResults())
        if (result.isPureAffine())
          for (unsigned dim = 0; dim < map.getNumDims(); ++dim)
            backwards |= coefficientOf(result, dim, map.getNumDims()) < 0;
  });
  return backwards;
}

/// Whether an operand holds bools: in memory a bool takes a byte, but a
/// vector of i1 loads and stores packed bits.
inline bool readsOrWritesBool(linalg::GenericOp root) {
  return llvm::any_of(root->getOperandTypes(),
                      [](Type t) { return getElementTypeOrSelf(t).isInteger(1); });
}

/// The loop of a register tile's columns, whose elements are the vector
/// lanes: the opts' `vector` loop, or else the last tiled parallel loop;
/// -1 when no parallel loop is tiled.
inline int64_t columnLoop(ArrayRef<utils::IteratorType> iterators, ArrayRef<int64_t> tile,
                          int64_t vectorLoop) {
  if (vectorLoop >= 0)
    return vectorLoop;
  for (int64_t loop = int64_t(tile.size()) - 1; loop >= 0; --loop)
    if (iterators[loop] == utils::IteratorType::parallel && tile[loop] > 1)
      return loop;
  return -1;
}

/// The generic a kernel's optimizations are about, and how the root's loops
/// correspond to its loops. It is the root, unless the root is an
/// elementwise epilogue (a bias, an activation) of one reduction stage it
/// reads element by element: then it is that reduction (tinygrad's reduce
/// with the elementwise work after it in the same kernel).
struct MainOp {
  linalg::GenericOp op;
  /// For each loop of the root, the main op's loop it runs with (when the
  /// main op is the root, the same loop), or kNoLoop for a unit loop that
  /// indexes only the output (a size-1 axis the main op does not have).
  SmallVector<unsigned> loopOfRootLoop;
  static constexpr unsigned kNoLoop = ~0u;
};

inline MainOp getMainOp(linalg::GenericOp root) {
  MainOp identity{root, {}};
  for (unsigned loop = 0; loop < root.getNumLoops(); ++loop)
    identity.loopOfRootLoop.push_back(loop);
  if (root.getNumReductionLoops() != 0)
    return identity;
  linalg::GenericOp main;
  OpOperand *read = nullptr;
  for (OpOperand *input : root.getDpsInputOperands()) {
    auto producer = input->get().getDefiningOp<linalg::GenericOp>();
    if (!producer || producer.getNumReductionLoops() == 0)
      continue;
    if (main)
      return identity; // two reductions: no single main op
    main = producer;
    read = input;
  }
  if (!main || !main->hasOneUse() || main.getNumDpsInits() != 1)
    return identity;
  AffineMap rootRead = root.getMatchingIndexingMap(read);
  AffineMap mainWrite = main.getMatchingIndexingMap(main.getDpsInitOperand(0));
  if (!isLoopsOrZeros(rootRead) || !isLoopsOrZeros(mainWrite))
    return identity;
  MainOp result{main, SmallVector<unsigned>(root.getNumLoops(), MainOp::kNoLoop)};
  for (auto [axis, expr] : llvm::enumerate(rootRead.getResults())) {
    auto rootLoop = dyn_cast<AffineDimExpr>(expr);
    auto mainLoop = dyn_cast<AffineDimExpr>(mainWrite.getResult(axis));
    if (rootLoop && mainLoop)
      result.loopOfRootLoop[rootLoop.getPosition()] = mainLoop.getPosition();
  }
  // Every root loop must run with a loop of the main op, or run once.
  SmallVector<int64_t> rootRanges = root.getStaticLoopRanges();
  for (auto [loop, mainLoop] : llvm::enumerate(result.loopOfRootLoop))
    if (mainLoop == MainOp::kNoLoop && rootRanges[loop] != 1)
      return identity;
  return result;
}

/// The main op's loops along which it or the root reads reductions other
/// than the main op (the rows of a softmax, whose max and sum
/// tg-kernelize's fuse-row-reductions put in its kernel), when they read
/// them along parallel loops only; none when they read none.
inline std::optional<SmallVector<unsigned>> rowLoops(MainOp main, linalg::GenericOp root) {
  llvm::SmallSetVector<unsigned, 4> rows;
  auto readsRows = [&](linalg::GenericOp reader, function_ref<unsigned(unsigned)> mainLoop) {
    for (OpOperand *input : reader.getDpsInputOperands()) {
      auto stage = input->get().getDefiningOp<linalg::GenericOp>();
      if (!stage || stage == main.op || stage.getNumReductionLoops() == 0)
        continue;
      for (AffineExpr result : reader.getMatchingIndexingMap(input).getResults()) {
        if (auto dim = dyn_cast<AffineDimExpr>(result)) {
          unsigned loop = mainLoop(dim.getPosition());
          if (loop == MainOp::kNoLoop ||
              main.op.getIteratorTypesArray()[loop] != utils::IteratorType::parallel)
            return false;
          rows.insert(loop);
        } else if (auto constant = dyn_cast<AffineConstantExpr>(result);
                   !constant || constant.getValue() != 0) {
          return false;
        }
      }
    }
    return true;
  };
  if (!readsRows(main.op, [](unsigned loop) { return loop; }) ||
      (main.op != root &&
       !readsRows(root, [&](unsigned loop) { return main.loopOfRootLoop[loop]; })) ||
      rows.empty())
    return std::nullopt;
  return rows.takeVector();
}

/// How a generic reads one axis of an input's slice: the slice's start,
/// length and step along the axis, and the generic's new read of it.
struct SlicedAxis {
  int64_t offset, size, stride;
  AffineExpr read;
};

/// Makes `generic` read `input` through a tensor.extract_slice along
/// `axes` (one per axis of the input), its indexing map rewritten to the
/// axes' reads.
inline void readThroughSlice(RewriterBase &rewriter, linalg::GenericOp generic, OpOperand &input,
                             ArrayRef<SlicedAxis> axes) {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<AffineExpr> reads;
  for (const SlicedAxis &axis : axes) {
    offsets.push_back(rewriter.getIndexAttr(axis.offset));
    sizes.push_back(rewriter.getIndexAttr(axis.size));
    strides.push_back(rewriter.getIndexAttr(axis.stride));
    reads.push_back(axis.read);
  }
  rewriter.setInsertionPoint(generic);
  Value slice = tensor::ExtractSliceOp::create(rewriter, generic.getLoc(), input.get(), offsets,
                                               sizes, strides);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  AffineMap &map = maps[input.getOperandNumber()];
  map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), reads, generic.getContext());
  rewriter.modifyOpInPlace(generic, [&] {
    input.set(slice);
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
}

} // namespace mlir::tg

#endif // TG_LIB_TARGET_CPU_KERNELROOT_H
