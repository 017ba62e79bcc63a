//===- FusePoolingInputs.cpp - the tg-cpu-fuse-pooling-inputs pass --------===//
//
// A pooling that pads reads its input through a stage computed in the
// kernel: ResNet-18's 3x3 max pooling of stride 2 pads with -inf as
// where(pad(true), pad(x), -inf), and kept both the padded copy (53 MB)
// and the mask (13 MB of i1) in scratch, written whole and read back: 19.6
// ms, against 5.8 with its input padded already. Computed where the
// pooling reads it, the padded element is a bounds check and a load from
// the input, each input read about twice (windows of 9 elements every 4):
// 3.6 ms.
//
//   %mask = generic outs(..) { index → where(in bounds, true, false) }
//   %pad  = generic outs(..) { index → where(in bounds, x[index - 1], 0) }
//   generic ins(%mask, %pad) { max(out, where(mask, pad, -inf)) }
//     → generic { index → max(out, where(in bounds, x[index - 1], -inf)) }
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUFUSEPOOLINGINPUTS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Whether `generic` computes each element from its indices and what it
/// gathers (tensor.extract, a pad's read of its input): no inputs, its
/// output's old value unread, nothing with effects in its body.
bool computesFromIndices(linalg::GenericOp generic) {
  return generic.getNumDpsInputs() == 0 && generic.getNumDpsInits() == 1 &&
         !generic.payloadUsesValueFromOperand(generic.getDpsInitOperand(0)) &&
         llvm::all_of(generic.getBody()->without_terminator(),
                      [](Operation &op) { return isMemoryEffectFree(&op); });
}

/// Whether `generic` is a reduction without products (a pooling's max or
/// sum): one that multiplies is a contraction, whose tiles read operands as
/// vectors, never through a gather.
bool reducesWithoutProducts(linalg::GenericOp generic) {
  return generic.getNumReductionLoops() > 0 &&
         llvm::none_of(generic.getBody()->without_terminator(),
                       [](Operation &op) { return isa<arith::MulFOp, arith::MulIOp>(op); });
}

/// Whether `pooling` reads `input` through windows (an index that is a sum
/// of loops, `2 * oy + ky`): read along its loops instead (a sum of a pad),
/// the stage is read once per element, and a reduction that reads it as a
/// row vectorizes, where one that gathers would not.
bool readThroughWindows(linalg::GenericOp pooling, OpOperand *input) {
  return !pooling.getMatchingIndexingMap(input).isProjectedPermutation();
}

struct FusePoolingInputsPass : tg::impl::TGCPUFusePoolingInputsBase<FusePoolingInputsPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel"))
      return;
    IRRewriter rewriter(&getContext());
    // One operand at a time: the fused pooling is a new op, visited again
    // for its other operands.
    bool fused = true;
    while (fused) {
      fused = false;
      kernel.walk([&](linalg::GenericOp pooling) {
        if (!reducesWithoutProducts(pooling))
          return WalkResult::advance();
        for (OpOperand *input : pooling.getDpsInputOperands()) {
          auto stage = input->get().getDefiningOp<linalg::GenericOp>();
          if (!stage || !computesFromIndices(stage) || !readThroughWindows(pooling, input) ||
              !linalg::areElementwiseOpsFusable(input))
            continue;
          rewriter.setInsertionPoint(pooling);
          FailureOr<linalg::ElementwiseOpFusionResult> result =
              linalg::fuseElementwiseOps(rewriter, input);
          if (failed(result))
            continue;
          for (auto [original, replacement] : result->replacements)
            rewriter.replaceAllUsesExcept(original, replacement, result->fusedOp);
          rewriter.eraseOp(pooling);
          if (stage->use_empty())
            rewriter.eraseOp(stage);
          fused = true;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
    }
  }
};

} // namespace
