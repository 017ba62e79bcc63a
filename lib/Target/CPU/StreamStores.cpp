//===- StreamStores.cpp - the tg-cpu-stream-stores pass --------------------===//
//
// An ordinary store first reads the cache line it writes (to own it); a
// non-temporal store writes the line to memory without. For an output larger
// than the last-level cache, which the kernel writes once and never reads,
// that read is wasted bandwidth: half of what a copy moves. x86 streams a
// vector only from an address aligned to its cache lines, which a view's
// offset does not show, so each store tests its address.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUSTREAMSTORES
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

constexpr int64_t kCacheLineBytes = 64;

/// The writes into `buffer` and its views; false if anything else uses them
/// (a read, a call).
bool collectWrites(Value buffer, SmallVectorImpl<vector::TransferWriteOp> &writes) {
  for (Operation *user : buffer.getUsers()) {
    if (auto write = dyn_cast<vector::TransferWriteOp>(user); write && write.getBase() == buffer) {
      writes.push_back(write);
    } else if (isa<ViewLikeOpInterface>(user) && user->getNumResults() == 1) {
      if (!collectWrites(user->getResult(0), writes))
        return false;
    } else if (auto store = dyn_cast<memref::StoreOp>(user); !store || store.getMemRef() != buffer) {
      return false;
    }
  }
  return true;
}

/// Whether `write` stores whole contiguous vectors of at least a cache line:
/// in bounds, along the buffer's last axis of stride 1, unmasked.
bool writesWholeLines(vector::TransferWriteOp write) {
  VectorType type = write.getVectorType();
  auto buffer = dyn_cast<MemRefType>(write.getShapedType());
  if (!buffer || type.getRank() != 1 || write.getMask() || !write.getPermutationMap().isMinorIdentity() ||
      !write.getInBoundsValues().front() || !type.getElementType().isIntOrFloat())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(buffer.getStridesAndOffset(strides, offset)) || strides.empty() || strides.back() != 1)
    return false;
  return type.getNumElements() * type.getElementTypeBitWidth() / 8 >= kCacheLineBytes;
}

/// write → if (its address is aligned to a cache line) a non-temporal store,
/// else the write.
void streamWrite(vector::TransferWriteOp write) {
  OpBuilder b(write);
  Location loc = write.getLoc();
  Value buffer = write.getBase();
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, buffer);
  Value element = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(write.getIndices(), metadata.getStrides()))
    element = arith::AddIOp::create(b, loc, element, arith::MulIOp::create(b, loc, index, stride));
  int64_t elementBytes = write.getVectorType().getElementTypeBitWidth() / 8;
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  Value address = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, element, arith::ConstantIndexOp::create(b, loc, elementBytes)));
  Value misalignment = arith::RemUIOp::create(
      b, loc, address, arith::ConstantIndexOp::create(b, loc, kCacheLineBytes));
  Value aligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misalignment,
                                        arith::ConstantIndexOp::create(b, loc, 0));
  auto choice = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);
  b.setInsertionPointToStart(choice.thenBlock());
  vector::StoreOp::create(b, loc, write.getVector(), buffer, write.getIndices(),
                          /*nontemporal=*/true, llvm::MaybeAlign(kCacheLineBytes));
  write->moveBefore(choice.elseBlock()->getTerminator());
}

struct StreamStoresPass : tg::impl::TGCPUStreamStoresBase<StreamStoresPass> {
  using TGCPUStreamStoresBase::TGCPUStreamStoresBase;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!kernel->hasAttr("tg.kernel") || kernel.isExternal() || kernel.getNumArguments() == 0)
      return;
    Value output = kernel.getArguments().back();
    auto type = dyn_cast<MemRefType>(output.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isIntOrFloat() ||
        type.getNumElements() * type.getElementTypeBitWidth() / 8 < minBytes)
      return;
    SmallVector<vector::TransferWriteOp> writes;
    if (!collectWrites(output, writes))
      return;
    for (vector::TransferWriteOp write : writes)
      if (writesWholeLines(write))
        streamWrite(write);
  }
};

} // namespace
