//===- FreeScratch.cpp - the tg-cpu-free-scratch pass ---------------------===//
//
// Bufferization gives a stage that a kernel computes whole (one its tiles
// could not fuse) a memref.alloc and never frees it: every launch would
// leak it. A kernel's scratch never outlives the block that allocates it,
// since a kernel writes only its output arguments, so it is freed there.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUFREESCRATCH
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

/// Whether `buffer`, or a view of it, leaves its block (is returned,
/// yielded or stored as a value) or is freed already.
bool escapesOrIsFreed(Value buffer) {
  for (Operation *user : buffer.getUsers()) {
    if (isa<memref::DeallocOp>(user) || user->hasTrait<OpTrait::IsTerminator>())
      return true;
    if (auto store = dyn_cast<memref::StoreOp>(user); store && store.getValue() == buffer)
      return true;
    if (isa<ViewLikeOpInterface>(user) && escapesOrIsFreed(user->getResult(0)))
      return true;
  }
  return false;
}

struct FreeScratchPass : tg::impl::TGCPUFreeScratchBase<FreeScratchPass> {
  void runOnOperation() override {
    getOperation().walk([](func::FuncOp kernel) {
      if (!kernel->hasAttr("tg.kernel"))
        return;
      kernel.walk([](memref::AllocOp alloc) {
        if (escapesOrIsFreed(alloc))
          return;
        OpBuilder builder(alloc->getBlock()->getTerminator());
        memref::DeallocOp::create(builder, alloc.getLoc(), alloc);
      });
    });
  }
};

} // namespace
