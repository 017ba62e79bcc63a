//===- NarrowPartialSums.cpp - the tg-cpu-narrow-partial-sums pass ---------===//
//
// A row reduction tiled by tg-cpu-apply-opts carries its partial results in
// as many lanes as it reads per step: 64 for a 4096-wide row, eight AVX2
// registers. When each step's values take a polynomial (softmax's sum of
// exp2(x - max)), its constants and temporaries need most of the sixteen
// registers, and the eight partial sums beside them were spilled and
// reloaded every step. Two registers of partial sums are enough there: the
// polynomial's latency already hides the adds'.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "RowLoops.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUNARROWPARTIALSUMS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Registers of partial results a narrowed loop carries: two adds in flight.
constexpr int64_t kCarriedRegisters = 2;

/// The reduction `op` combines a carried vector with, for the float ones.
std::optional<vector::CombiningKind> combiningKind(Operation *op) {
  using Kind = std::optional<vector::CombiningKind>;
  return llvm::TypeSwitch<Operation *, Kind>(op)
      .Case([](arith::AddFOp) { return vector::CombiningKind::ADD; })
      .Case([](arith::MulFOp) { return vector::CombiningKind::MUL; })
      .Case([](arith::MaximumFOp) { return vector::CombiningKind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return vector::CombiningKind::MINIMUMF; })
      .Case([](arith::MaxNumFOp) { return vector::CombiningKind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return vector::CombiningKind::MINNUMF; })
      .Default(Kind());
}

/// Whether a transfer reads or writes all of its tensor, in order.
template <typename Transfer> bool transfersWholeTensor(Transfer transfer) {
  auto tensor = dyn_cast<RankedTensorType>(transfer.getBase().getType());
  return tensor && !transfer.getMask() && transfer.getPermutationMap().isMinorIdentity() &&
         transfer.getVectorType().getShape() == tensor.getShape() &&
         llvm::all_of(transfer.getIndices(), [](Value index) { return isZeroInteger(index); });
}

/// Whether `insert` overwrites all of its destination.
bool fillsDestination(tensor::InsertSliceOp insert) {
  return insert.getSourceType().getNumElements() == insert.getResultType().getNumElements() &&
         llvm::all_of(insert.getMixedOffsets(), isZeroInteger) &&
         llvm::all_of(insert.getMixedStrides(), [](OpFoldResult s) { return isOneInteger(s); });
}

/// The loop result whose lanes `value` holds, passed on whole and unchanged
/// (shape casts; written into all of a tensor, inserted over all of
/// another, read back whole: the way tg-cpu-apply-opts's partial results
/// reach their merge), each step the only use of the one before. Null when
/// another op stands between.
OpResult carriedLanes(Value value) {
  while (value.hasOneUse()) {
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return nullptr;
    Operation *op = result.getOwner();
    if (isa<scf::ForOp>(op))
      return result;
    value = llvm::TypeSwitch<Operation *, Value>(op)
                .Case([](vector::ShapeCastOp cast) { return cast.getSource(); })
                .Case([](vector::TransferReadOp read) {
                  return transfersWholeTensor(read) ? read.getBase() : Value();
                })
                .Case([](vector::TransferWriteOp write) {
                  return transfersWholeTensor(write) ? write.getVector() : Value();
                })
                .Case([](tensor::InsertSliceOp insert) {
                  return fillsDestination(insert) ? insert.getSource() : Value();
                })
                .Default(Value());
    if (!value)
      return nullptr;
  }
  return nullptr;
}

/// `vector`'s lanes combined by `kind` into `lanes` of them: slices of
/// `lanes`, combined pairwise.
Value foldLanes(OpBuilder &b, Location loc, vector::CombiningKind kind, Value vector,
                int64_t lanes) {
  int64_t total = cast<VectorType>(vector.getType()).getNumElements();
  SmallVector<Value> slices;
  for (int64_t offset = 0; offset < total; offset += lanes)
    slices.push_back(
        vector::ExtractStridedSliceOp::create(b, loc, vector, offset, lanes, /*stride=*/1));
  while (slices.size() > 1) {
    SmallVector<Value> pairs;
    for (size_t k = 0; k + 1 < slices.size(); k += 2)
      pairs.push_back(vector::makeArithReduction(b, loc, kind, slices[k], slices[k + 1]));
    if (slices.size() % 2)
      pairs.push_back(slices.back());
    slices = std::move(pairs);
  }
  return slices.front();
}

/// multi_reduction(whole(for(... acc' = acc ⊕ v ...))), v computed with a
/// math function, acc of more than two registers → the loop carries two
/// registers, each step adding v's registers into them first; the merge
/// reduces those.
struct NarrowPartialSums : OpRewritePattern<vector::MultiDimReductionOp> {
  NarrowPartialSums(MLIRContext *context, int64_t vectorBytes)
      : OpRewritePattern(context), vectorBytes(vectorBytes) {}

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp merge,
                                PatternRewriter &rewriter) const override {
    // The merge reduces the lanes of one axis (the others are 1) into one.
    VectorType mergedType = merge.getSourceVectorType();
    auto wide = llvm::find_if(mergedType.getShape(), [](int64_t size) { return size > 1; });
    if (wide == mergedType.getShape().end() ||
        llvm::count_if(mergedType.getShape(), [](int64_t size) { return size > 1; }) != 1 ||
        !merge.isReducedDim(wide - mergedType.getShape().begin()))
      return failure();
    OpResult lanesOut = carriedLanes(merge.getSource());
    if (!lanesOut)
      return failure();
    auto loop = cast<scf::ForOp>(lanesOut.getOwner());
    unsigned index = lanesOut.getResultNumber();
    BlockArgument carried = loop.getRegionIterArgs()[index];
    auto type = dyn_cast<VectorType>(carried.getType());
    int64_t lanes = kCarriedRegisters * vectorBytes * 8 /
                    std::max<int64_t>(1, mergedType.getElementTypeBitWidth());
    if (!type || type.getRank() != 1 || type.getNumElements() <= lanes ||
        type.getNumElements() % lanes != 0 || !carried.hasOneUse())
      return failure();
    Operation *combine = *carried.getUsers().begin();
    Value next = loop.getYieldedValues()[index];
    if (combine->getParentOp() != loop || next.getDefiningOp() != combine || !next.hasOneUse() ||
        combiningKind(combine) != merge.getKind())
      return failure();
    Value step = combine->getOperand(combine->getOperand(0) == carried ? 1 : 0);
    if (step == carried || !tg::takesMathFunction(step, loop))
      return failure();

    vector::CombiningKind kind = merge.getKind();
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    SmallVector<Value> inits(loop.getInitArgs());
    inits[index] = foldLanes(rewriter, loc, kind, inits[index], lanes);
    auto narrowed = scf::ForOp::create(rewriter, loc, loop.getLowerBound(), loop.getUpperBound(),
                                       loop.getStep(), inits);
    rewriter.eraseBlock(narrowed.getBody());
    narrowed.getRegion().takeBody(loop.getRegion());
    carried.setType(inits[index].getType());
    rewriter.setInsertionPoint(combine);
    rewriter.replaceOp(combine,
                       vector::makeArithReduction(rewriter, loc, kind, carried,
                                                  foldLanes(rewriter, loc, kind, step, lanes)));

    Operation *lanesWay = merge.getSource().getDefiningOp();
    rewriter.setInsertionPoint(merge);
    SmallVector<int64_t> shape(mergedType.getShape());
    shape[wide - mergedType.getShape().begin()] = lanes;
    Value merged = vector::ShapeCastOp::create(rewriter, loc,
                                               VectorType::get(shape, mergedType.getElementType()),
                                               narrowed.getResult(index));
    rewriter.replaceOpWithNewOp<vector::MultiDimReductionOp>(merge, merged, merge.getAcc(),
                                                             merge.getReductionMask(), kind);
    for (auto [old, replacement] : llvm::zip(loop.getResults(), narrowed.getResults()))
      if (old != lanesOut)
        rewriter.replaceAllUsesWith(old, replacement);
    if (lanesWay != loop)
      eraseWithDeadProducers(rewriter, lanesWay, loop);
    rewriter.eraseOp(loop);
    return success();
  }

  /// Erases `op`, then each producer it leaves trivially dead (the scratch
  /// the lanes were written into, its fill), other than `kept`.
  static void eraseWithDeadProducers(RewriterBase &rewriter, Operation *op, Operation *kept) {
    SmallVector<Operation *> dead = {op};
    llvm::SmallPtrSet<Operation *, 8> seen = {op, kept};
    while (!dead.empty()) {
      Operation *next = dead.pop_back_val();
      SmallVector<Value> operands(next->getOperands());
      rewriter.eraseOp(next);
      for (Value operand : operands)
        if (Operation *producer = operand.getDefiningOp();
            producer && isOpTriviallyDead(producer) && seen.insert(producer).second)
          dead.push_back(producer);
    }
  }

  int64_t vectorBytes;
};

struct NarrowPartialSumsPass : tg::impl::TGCPUNarrowPartialSumsBase<NarrowPartialSumsPass> {
  using TGCPUNarrowPartialSumsBase::TGCPUNarrowPartialSumsBase;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel"))
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<NarrowPartialSums>(&getContext(), vectorBytes);
    walkAndApplyPatterns(kernel, std::move(patterns));
  }
};

} // namespace
