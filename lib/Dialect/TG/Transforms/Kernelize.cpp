//===- Kernelize.cpp - the tg-kernelize pass ------------------------------===//
//
// tinygrad's scheduler (schedule/rangeify.py): decides which values become
// buffers and groups everything else into the kernels that compute them.
//
// A value is realized (gets a buffer and a kernel) when
//   - it is a function result, the operand of tg.contiguous, the source of a
//     tg.copy or the value of a tg.assign (explicit materialization);
//   - it is a reduction whose result, with more than one element, is
//     broadcast again by a tg.expand (tinygrad's "ended ranges": softmax's
//     max is realized; `x.sum() + y` with a scalar sum is not).
// Everything else fuses into every kernel that uses it: elementwise chains
// and movement ops into their consumers, reductions (several, parallel or
// nested) with the elementwise work around them. A value used by two kernels
// is computed in both, as tinygrad recomputes rather than materializes.
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
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

/// Whether a value of `v`'s reduction, flowing forward through fused
/// elementwise and movement ops, is broadcast again by an expand.
bool reachesExpand(Value v, const llvm::DenseSet<Value> &realized,
                   llvm::SmallPtrSetImpl<Operation *> &visited) {
  for (Operation *user : v.getUsers()) {
    if (!isComputeOp(user) || !visited.insert(user).second)
      continue;
    if (isa<ExpandOp>(user))
      return true;
    Value result = user->getResult(0);
    if (!realized.contains(result) && reachesExpand(result, realized, visited))
      return true;
  }
  return false;
}

std::string kernelName(Value root, ArrayRef<ReduceOp> reduces) {
  std::string name = reduces.empty() ? "E" : "r";
  for (int64_t size : cast<RankedTensorType>(root.getType()).getShape())
    if (size != 1)
      name += "_" + std::to_string(size);
  for (ReduceOp reduce : reduces)
    for (int64_t axis : reduce.getAxes())
      name += "_" + std::to_string(reduce.getX().getType().getDimSize(axis));
  return name;
}

struct KernelizePass : tg::impl::TGKernelizeBase<KernelizePass> {
  void runOnOperation() override {
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
    // Reductions broadcast again are realized (tinygrad's ended ranges).
    for (Operation &op : block) {
      auto reduce = dyn_cast<ReduceOp>(op);
      llvm::SmallPtrSet<Operation *, 16> visited;
      if (reduce && reduce.getType().getNumElements() > 1 &&
          reachesExpand(reduce, realized, visited))
        realized.insert(reduce);
    }
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
    for (Value root : roots) {
      if (failed(buildKernel(rewriter, root, realized, names)))
        return failure();
    }

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

  LogicalResult buildKernel(IRRewriter &rewriter, Value root,
                            const llvm::DenseSet<Value> &realized,
                            llvm::StringSet<> &names) {
    // The cone: compute ops reachable from root without crossing a buffer.
    llvm::SetVector<Operation *> cone;
    llvm::SetVector<Value> inputs;
    SmallVector<Value> stack = {root};
    while (!stack.empty()) {
      Value v = stack.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (v != root && (realized.contains(v) || !isComputeOp(def))) {
        inputs.insert(v);
        continue;
      }
      if (!cone.insert(def))
        continue;
      for (Value operand : def->getOperands())
        stack.push_back(operand);
    }
    SmallVector<Operation *> ordered(cone.begin(), cone.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });

    // An assign writes its target's buffer: the target is an input the
    // kernel overwrites.
    AssignOp assign;
    for (Operation *user : root.getUsers())
      if (auto a = dyn_cast<AssignOp>(user); a && a.getValue() == root)
        assign = a;
    if (assign)
      inputs.insert(assign.getTarget());

    // After the root and every input (an assign's target may come later).
    Operation *last = root.getDefiningOp();
    for (Value input : inputs)
      if (Operation *def = input.getDefiningOp())
        if (last->isBeforeInBlock(def))
          last = def;
    rewriter.setInsertionPointAfter(last);
    // Inputs in argument order, then in program order.
    SmallVector<Value> inputList(inputs.begin(), inputs.end());
    llvm::sort(inputList, [](Value a, Value b) {
      auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
      if (argA || argB)
        return argA && (!argB || argA.getArgNumber() < argB.getArgNumber());
      return a.getDefiningOp()->isBeforeInBlock(b.getDefiningOp());
    });
    auto kernel = KernelOp::create(rewriter, root.getLoc(), TypeRange{root.getType()},
                                   ValueRange(inputList));
    SmallVector<ReduceOp> reduces;
    for (Operation *op : ordered)
      if (auto reduce = dyn_cast<ReduceOp>(op))
        reduces.push_back(reduce);
    // tinygrad's duplicate names get n1, n2, ...
    std::string name = kernelName(root, reduces), unique = name;
    for (unsigned n = 1; !names.insert(unique).second; ++n)
      unique = name + "n" + std::to_string(n);
    kernel.setName(unique);
    if (assign) {
      auto target = llvm::find(inputList, assign.getTarget());
      kernel.setInplace(ArrayRef<int64_t>{int64_t(target - inputList.begin())});
    }

    Block &body = kernel.getBody().front();
    IRMapping mapping;
    for (auto [input, arg] : llvm::zip(inputList, body.getArguments()))
      mapping.map(input, arg);
    rewriter.setInsertionPointToEnd(&body);
    for (Operation *op : ordered)
      rewriter.clone(*op, mapping);
    YieldOp::create(rewriter, root.getLoc(), ValueRange{mapping.lookup(root)});

    if (assign) {
      rewriter.replaceOp(assign, kernel.getResults());
      return success();
    }
    rewriter.replaceUsesWithIf(root, kernel.getResult(0), [&](OpOperand &use) {
      return use.getOwner() != kernel && !kernel->isProperAncestor(use.getOwner());
    });
    return success();
  }
};

} // namespace
