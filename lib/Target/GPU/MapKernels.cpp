//===- MapKernels.cpp - the tg-gpu-map-kernels pass -----------------------===//
//
// tinygrad's GPU kernels index outputs by gidx/lidx (SPECIAL) and loop over
// the reduction inside; this pass writes the same shape of code from each
// kernel's one linalg stage and its #tg.launch.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/GPU/Passes.h"

#include "Stage.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGGPUMAPKERNELS
#include "tg/Target/GPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

/// Workgroup (shared, LDS) memory's number in NVVM, ROCDL and SPIR-V's
/// mapping of numbered memory spaces.
constexpr int64_t kWorkgroupMemorySpace = 3;

/// The most workgroups along x that every GPU API allows.
constexpr int64_t kMaxGridX = 65535;

/// The grid of `groups` workgroups: x up to kMaxGridX, then rows of y.
std::array<int64_t, 2> gridFor(int64_t groups) {
  int64_t x = std::min(groups, kMaxGridX);
  return {x, x == 0 ? 0 : static_cast<int64_t>(llvm::divideCeil(groups, x))};
}

/// Emits one kernel's body at a builder's position.
class StageEmitter {
public:
  StageEmitter(OpBuilder &b, Location loc, KernelStage stage, IRMapping &prelude)
      : b(b), loc(loc), stage(stage), prelude(prelude),
        ranges(stage.root.getStaticLoopRanges()) {
    stage.root.getParallelDims(parallel);
    stage.root.getReductionDims(reduction);
  }

  int64_t outputCount() const { return product(ranges, parallel); }
  int64_t reductionLength() const { return product(ranges, reduction); }

  /// One thread per output: `linear` (< outputCount()) names the output.
  void emitThreadPerOutput(Value linear) {
    SmallVector<Value> ivs(ranges.size());
    scatter(ivs, parallel, delinearize(linear, parallel));
    SmallVector<Value> accumulators = initialOutputs(ivs);
    if (reduction.empty()) {
      storeOutputs(body(ivs, accumulators), ivs);
      return;
    }
    storeOutputs(reductionLoops(ivs, 0, accumulators), ivs);
  }

  /// One workgroup per output: `group` names the output (clamped to a valid
  /// one; `valid` says whether it is real), `thread` < `threads`.
  void emitGroupPerOutput(Value group, Value valid, Value thread, int64_t threads,
                          Value scratch, const Combiner &combiner) {
    SmallVector<Value> ivs(ranges.size());
    scatter(ivs, parallel, delinearize(group, parallel));
    Type element = combiner.out.getType();
    Value partial = arith::getIdentityValue(combiner.kind, element, b, loc);
    auto loop = scf::ForOp::create(b, loc, thread, index(reductionLength()), index(threads),
                                   ValueRange{partial});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      scatter(ivs, reduction, delinearize(loop.getInductionVar(), reduction));
      Value value = iterationValue(ivs, combiner);
      scf::YieldOp::create(
          b, loc, arith::getReductionOp(combiner.kind, b, loc, loop.getRegionIterArg(0), value));
    }
    memref::StoreOp::create(b, loc, loop.getResult(0), scratch, thread);
    gpu::BarrierOp::create(b, loc);
    for (int64_t half = threads / 2; half >= 1; half /= 2) {
      Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, thread, index(half));
      auto ifActive = scf::IfOp::create(b, loc, active);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifActive.thenBlock());
        Value mine = memref::LoadOp::create(b, loc, scratch, thread);
        Value other = arith::AddIOp::create(b, loc, thread, index(half));
        Value theirs = memref::LoadOp::create(b, loc, scratch, other);
        memref::StoreOp::create(
            b, loc, arith::getReductionOp(combiner.kind, b, loc, mine, theirs), scratch, thread);
      }
      gpu::BarrierOp::create(b, loc);
    }
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread, index(0));
    auto ifWriter = scf::IfOp::create(b, loc, arith::AndIOp::create(b, loc, first, valid));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifWriter.thenBlock());
    Value total = memref::LoadOp::create(b, loc, scratch, index(0));
    Value initial = initialOutputs(ivs).front();
    storeOutputs({arith::getReductionOp(combiner.kind, b, loc, initial, total)}, ivs);
  }

private:
  Value index(int64_t value) { return arith::ConstantIndexOp::create(b, loc, value); }

  /// Row-major indices of the loops `dims` from a linear index.
  SmallVector<Value> delinearize(Value linear, ArrayRef<unsigned> dims) {
    SmallVector<Value> indices(dims.size());
    for (int64_t i = dims.size() - 1; i >= 0; --i) {
      Value extent = index(ranges[dims[i]]);
      indices[i] = i == 0 ? linear : arith::RemUIOp::create(b, loc, linear, extent).getResult();
      if (i > 0)
        linear = arith::DivUIOp::create(b, loc, linear, extent);
    }
    return indices;
  }

  static void scatter(SmallVectorImpl<Value> &ivs, ArrayRef<unsigned> dims, ValueRange values) {
    for (auto [dim, value] : llvm::zip(dims, values))
      ivs[dim] = value;
  }

  /// The indices of `operand` at loop indices `ivs`.
  SmallVector<Value> indicesOf(OpOperand &operand, ArrayRef<Value> ivs) {
    AffineMap map = stage.root.getMatchingIndexingMap(&operand);
    SmallVector<Value> indices;
    for (AffineExpr expr : map.getResults()) {
      // Loops the index does not depend on may be out of scope (an output
      // is written after the reduction loops end).
      SmallVector<Value> operands;
      for (auto [dim, iv] : llvm::enumerate(ivs))
        operands.push_back(expr.isFunctionOfDim(dim) ? iv : index(0));
      indices.push_back(affine::AffineApplyOp::create(
          b, loc, AffineMap::get(map.getNumDims(), 0, expr), operands));
    }
    return indices;
  }

  Value mapped(Value v) { return prelude.lookupOrDefault(v); }

  /// The outputs' values before the first iteration: the fill's value, or
  /// what the output holds; null when the body does not read it.
  SmallVector<Value> initialOutputs(ArrayRef<Value> ivs) {
    SmallVector<Value> values;
    Block *block = stage.root.getBlock();
    for (OpOperand &init : stage.root.getDpsInitsMutable()) {
      BlockArgument arg = block->getArgument(init.getOperandNumber());
      if (stage.init)
        values.push_back(mapped(stage.init.value()));
      else if (arg.use_empty())
        values.push_back(Value());
      else
        values.push_back(
            memref::LoadOp::create(b, loc, mapped(init.get()), indicesOf(init, ivs)));
    }
    return values;
  }

  void storeOutputs(ValueRange values, ArrayRef<Value> ivs) {
    for (auto [value, init] : llvm::zip(values, stage.root.getDpsInitsMutable()))
      memref::StoreOp::create(b, loc, value, mapped(init.get()), indicesOf(init, ivs));
  }

  /// Maps the body's input arguments to the inputs at `ivs`, and
  /// linalg.index to the loop indices.
  IRMapping bodyMapping(ArrayRef<Value> ivs) {
    IRMapping mapping;
    Block *block = stage.root.getBlock();
    for (OpOperand *input : stage.root.getDpsInputOperands()) {
      Value source = mapped(input->get());
      Value value = isa<MemRefType>(source.getType())
                        ? memref::LoadOp::create(b, loc, source, indicesOf(*input, ivs))
                        : source;
      mapping.map(block->getArgument(input->getOperandNumber()), value);
    }
    return mapping;
  }

  /// Clones the body's ops (but `skip`) with `mapping`.
  void cloneBody(IRMapping &mapping, ArrayRef<Value> ivs, Operation *skip = nullptr) {
    for (Operation &op : stage.root.getBlock()->without_terminator()) {
      if (&op == skip)
        continue;
      if (auto loopIndex = dyn_cast<linalg::IndexOp>(op)) {
        mapping.map(loopIndex.getResult(), ivs[loopIndex.getDim()]);
        continue;
      }
      Operation *clone = b.clone(op, mapping);
      // Values the body captures from the kernel (constants) were cloned
      // into the gpu.func before it.
      for (OpOperand &operand : clone->getOpOperands())
        operand.set(mapped(operand.get()));
    }
  }

  /// The yielded values of one iteration at `ivs`, with the outputs' block
  /// arguments bound to `outputs`.
  SmallVector<Value> body(ArrayRef<Value> ivs, ValueRange outputs) {
    IRMapping mapping = bodyMapping(ivs);
    Block *block = stage.root.getBlock();
    for (auto [init, value] : llvm::zip(stage.root.getDpsInitsMutable(), outputs))
      if (value)
        mapping.map(block->getArgument(init.getOperandNumber()), value);
    cloneBody(mapping, ivs);
    SmallVector<Value> results;
    for (Value yielded : block->getTerminator()->getOperands())
      results.push_back(mapped(mapping.lookupOrDefault(yielded)));
    return results;
  }

  /// The value one iteration at `ivs` combines into the output.
  Value iterationValue(ArrayRef<Value> ivs, const Combiner &combiner) {
    IRMapping mapping = bodyMapping(ivs);
    cloneBody(mapping, ivs, combiner.op);
    return mapped(mapping.lookupOrDefault(combiner.value()));
  }

  /// scf.for over reduction loops `reduction[depth..]`, carrying `accumulators`.
  SmallVector<Value> reductionLoops(SmallVectorImpl<Value> &ivs, size_t depth,
                                    ValueRange accumulators) {
    if (depth == reduction.size())
      return body(ivs, accumulators);
    auto loop = scf::ForOp::create(b, loc, index(0), index(ranges[reduction[depth]]), index(1),
                                   accumulators);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    ivs[reduction[depth]] = loop.getInductionVar();
    scf::YieldOp::create(b, loc, reductionLoops(ivs, depth + 1, loop.getRegionIterArgs()));
    return loop.getResults();
  }

  OpBuilder &b;
  Location loc;
  KernelStage stage;
  IRMapping &prelude;
  SmallVector<int64_t> ranges;
  SmallVector<unsigned> parallel, reduction;
};

struct MapKernelsPass : tg::impl::TGGPUMapKernelsBase<MapKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    for (auto kernel : module.getOps<func::FuncOp>())
      if (kernel->hasAttr("tg.kernel") && !kernel.isExternal())
        kernels.push_back(kernel);
    if (kernels.empty())
      return;
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto gpuModule = gpu::GPUModuleOp::create(builder, module.getLoc(), "tg_kernels");
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(), builder.getUnitAttr());
    for (func::FuncOp kernel : kernels)
      if (failed(map(kernel, gpuModule)))
        return signalPassFailure();
  }

  LogicalResult map(func::FuncOp kernel, gpu::GPUModuleOp gpuModule) {
    auto launch = kernel->getAttrOfType<GPULaunchAttr>("tg.launch");
    if (!launch)
      return kernel.emitError("tg: kernel without #tg.launch; run tg-gpu-choose-launch first");
    FailureOr<SmallVector<KernelStage>> stages = findStages(kernel);
    if (failed(stages))
      return failure();
    if (stages->size() != 1)
      return kernel.emitError("tg: a GPU kernel of ")
             << stages->size() << " stages; run tg-gpu-split-stages first";
    KernelStage stage = stages->front();
    std::optional<Combiner> combiner = findCombiner(stage.root);
    if (launch.getGroupReduce() && !combiner)
      return kernel.emitError("tg: group_reduce needs a reduction that combines its one output "
                              "with one value by add, mul, max or min");

    // A kernel of no outputs (a zero-size tensor) is never launched: some
    // APIs refuse empty grids.
    if (llvm::is_contained(stage.root.getStaticLoopRanges(), 0)) {
      std::optional<SymbolTable::UseRange> uses = kernel.getSymbolUses(kernel->getParentOp());
      for (SymbolTable::SymbolUse use : *uses)
        use.getUser()->erase();
      kernel.erase();
      return success();
    }
    Location loc = kernel.getLoc();
    int64_t threads = launch.getThreads();
    SmallVector<Type> workgroup;
    // Workgroup memory by number (3, as NVVM and ROCDL number it): the
    // SPIR-V lowering maps numbered memory spaces only.
    if (launch.getGroupReduce())
      workgroup.push_back(MemRefType::get(
          {threads}, combiner->out.getType(), MemRefLayoutAttrInterface{},
          IntegerAttr::get(IntegerType::get(&getContext(), 64), kWorkgroupMemorySpace)));
    OpBuilder builder = OpBuilder::atBlockEnd(gpuModule.getBody());
    auto function = gpu::GPUFuncOp::create(builder, loc, kernel.getName(),
                                           kernel.getFunctionType(), workgroup);
    function->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), builder.getUnitAttr());
    function.setKnownBlockSizeAttr(
        builder.getDenseI32ArrayAttr({static_cast<int32_t>(threads), 1, 1}));

    OpBuilder b = OpBuilder::atBlockBegin(&function.getBody().front());
    IRMapping prelude;
    for (auto [from, to] : llvm::zip(kernel.getArguments(), function.getArguments()))
      prelude.map(from, to);
    for (Operation &op : kernel.getBody().front().without_terminator())
      if (!llvm::is_contained(stage.ops(), &op))
        b.clone(op, prelude);

    StageEmitter emitter(b, loc, stage, prelude);
    int64_t outputs = emitter.outputCount();
    int64_t groups = launch.getGroupReduce() ? outputs : llvm::divideCeil(outputs, threads);
    std::array<int64_t, 2> grid = gridFor(groups);
    Value gridX = arith::ConstantIndexOp::create(b, loc, grid[0]);
    Value group = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::y), gridX),
        gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
    Value thread = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value outputCount = arith::ConstantIndexOp::create(b, loc, outputs);
    if (launch.getGroupReduce()) {
      // Every thread of the workgroup reaches each barrier: the spare
      // workgroups of the last grid row compute output 0 and drop it.
      Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, group, outputCount);
      Value clamped = arith::SelectOp::create(b, loc, valid, group,
                                              arith::ConstantIndexOp::create(b, loc, 0));
      emitter.emitGroupPerOutput(clamped, valid, thread, threads,
                                 function.getWorkgroupAttributions().front(), *combiner);
    } else {
      Value linear = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, group, arith::ConstantIndexOp::create(b, loc, threads)),
          thread);
      Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, linear, outputCount);
      auto guard = scf::IfOp::create(b, loc, inRange);
      OpBuilder::InsertionGuard insideGuard(b);
      b.setInsertionPointToStart(guard.thenBlock());
      emitter.emitThreadPerOutput(linear);
    }
    b.setInsertionPointToEnd(&function.getBody().front());
    gpu::ReturnOp::create(b, loc);

    if (failed(replaceCalls(kernel, function, grid, threads)))
      return failure();
    kernel.erase();
    return success();
  }

  LogicalResult replaceCalls(func::FuncOp kernel, gpu::GPUFuncOp function,
                             std::array<int64_t, 2> grid, int64_t threads) {
    std::optional<SymbolTable::UseRange> uses = kernel.getSymbolUses(kernel->getParentOp());
    for (SymbolTable::SymbolUse use : *uses) {
      auto call = dyn_cast<func::CallOp>(use.getUser());
      if (!call)
        return use.getUser()->emitError("tg: a kernel is used other than by a call");
      OpBuilder host(call);
      Location loc = call.getLoc();
      auto constant = [&](int64_t value) -> Value {
        return arith::ConstantIndexOp::create(host, loc, value);
      };
      gpu::LaunchFuncOp::create(host, loc, function,
                                gpu::KernelDim3{constant(grid[0]), constant(grid[1]), constant(1)},
                                gpu::KernelDim3{constant(threads), constant(1), constant(1)},
                                /*dynamicSharedMemorySize=*/Value(), call.getOperands());
      call.erase();
    }
    return success();
  }
};

} // namespace
