//===- ExpandStridedCopies.cpp - the tg-cpu-expand-strided-copies pass ----===//
//
// Bufferization turns a stage that copies a view (a slice of the weights
// stored channels-last) into memref.copy. LLVM's lowering copies a
// contiguous buffer with memcpy, but a strided one through a call to the
// runtime's memrefCopy, which no kernel library links: the program would
// not load. Such a copy becomes linalg.copy, which runs as loops.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUEXPANDSTRIDEDCOPIES
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

bool isContiguous(Value buffer) {
  return memref::isStaticShapeAndContiguousRowMajor(cast<MemRefType>(buffer.getType()));
}

struct ExpandStridedCopiesPass
    : tg::impl::TGCPUExpandStridedCopiesBase<ExpandStridedCopiesPass> {
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel"))
      return;
    kernel.walk([](memref::CopyOp copy) {
      if (isContiguous(copy.getSource()) && isContiguous(copy.getTarget()))
        return;
      OpBuilder builder(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(), copy.getTarget());
      copy.erase();
    });
  }
};

} // namespace
