//===- ExpandMath.cpp - the tg-gpu-expand-math pass -----------------------===//
//
// Integer powers as loops in the kernel: on the CPU, convert-math-to-funcs
// outlines them into helper functions, which a gpu.module cannot call.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGGPUEXPANDMATH
#include "tg/Target/GPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

Value constant(OpBuilder &b, Location loc, Type type, int64_t value) {
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
}

/// base^exponent modulo 2^n for an exponent read as unsigned:
/// r = 1; while (e != 0) { if (e & 1) r *= b; b *= b; e >>= 1; }
Value powerBySquaring(OpBuilder &b, Location loc, Value base, Value exponent) {
  Type type = base.getType();
  Value zero = constant(b, loc, type, 0), one = constant(b, loc, type, 1);
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{type, type, type}, ValueRange{one, base, exponent},
      [&](OpBuilder &b, Location loc, ValueRange state) {
        Value more = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, state[2], zero);
        scf::ConditionOp::create(b, loc, more, state);
      },
      [&](OpBuilder &b, Location loc, ValueRange state) {
        Value result = state[0], square = state[1], rest = state[2];
        Value odd = arith::TruncIOp::create(b, loc, b.getI1Type(), rest);
        Value times = arith::MulIOp::create(b, loc, result, square);
        scf::YieldOp::create(b, loc,
                             ValueRange{arith::SelectOp::create(b, loc, odd, times, result),
                                        arith::MulIOp::create(b, loc, square, square),
                                        arith::ShRUIOp::create(b, loc, rest, one)});
      });
  return loop.getResult(0);
}

/// ipowi(x, n) → n < 0 ? (x == 1 ? 1 : x == -1 ? (n odd ? -1 : 1) : 0)
///                     : x^n by squaring
/// (1 / x^|n| truncated toward zero; 0^negative, undefined, gives 0).
struct ExpandSignedPower : OpRewritePattern<math::IPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IPowIOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!isa<IntegerType>(type))
      return rewriter.notifyMatchFailure(op, "vector powers are not expanded");
    Location loc = op.getLoc();
    Value x = op.getLhs(), n = op.getRhs();
    Value zero = constant(rewriter, loc, type, 0), one = constant(rewriter, loc, type, 1);
    Value minusOne = constant(rewriter, loc, type, -1);
    auto cmp = [&](arith::CmpIPredicate predicate, Value a, Value b) {
      return arith::CmpIOp::create(rewriter, loc, predicate, a, b).getResult();
    };
    Value negative = cmp(arith::CmpIPredicate::slt, n, zero);
    Value odd = arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(), n);
    Value ofMinusOne = arith::SelectOp::create(rewriter, loc, odd, minusOne, one);
    Value reciprocal = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpIPredicate::eq, x, one), one,
        arith::SelectOp::create(rewriter, loc, cmp(arith::CmpIPredicate::eq, x, minusOne),
                                ofMinusOne, zero));
    Value power = powerBySquaring(rewriter, loc, x,
                                  arith::SelectOp::create(rewriter, loc, negative, zero, n));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, reciprocal, power);
    return success();
  }
};

/// trunci(ipowi(extui a, extui b)) → a^b by squaring in a's type, with b
/// read as unsigned: how convert-tg-to-arith writes an unsigned power, in
/// a wider type where the exponent is positive, which for 64-bit integers
/// is i128, unknown to GPUs.
struct NarrowUnsignedPower : OpRewritePattern<math::IPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IPowIOp power, PatternRewriter &rewriter) const override {
    auto base = power.getLhs().getDefiningOp<arith::ExtUIOp>();
    auto exponent = power.getRhs().getDefiningOp<arith::ExtUIOp>();
    if (!base || !exponent || base.getIn().getType() != exponent.getIn().getType())
      return rewriter.notifyMatchFailure(power, "not a power of zero-extended operands");
    Type narrow = base.getIn().getType();
    auto isNarrowing = [&](Operation *user) {
      auto trunc = dyn_cast<arith::TruncIOp>(user);
      return trunc && trunc.getType() == narrow;
    };
    if (!isa<IntegerType>(narrow) || !llvm::all_of(power->getUsers(), isNarrowing))
      return rewriter.notifyMatchFailure(power, "not truncated back to the operands' type");
    Value result = powerBySquaring(rewriter, power.getLoc(), base.getIn(), exponent.getIn());
    for (Operation *trunc : llvm::make_early_inc_range(power->getUsers()))
      rewriter.replaceOp(trunc, result);
    rewriter.eraseOp(power);
    return success();
  }
};

struct GPUExpandMathPass : tg::impl::TGGPUExpandMathBase<GPUExpandMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tg::populateGPUExpandMathPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

void mlir::tg::populateGPUExpandMathPatterns(RewritePatternSet &patterns) {
  // The narrow unsigned form before the general one, which would keep the
  // wide type.
  patterns.add<NarrowUnsignedPower>(patterns.getContext(), /*benefit=*/2);
  patterns.add<ExpandSignedPower>(patterns.getContext());
}
