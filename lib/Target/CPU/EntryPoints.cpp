//===- EntryPoints.cpp - the tg-cpu-entry-points pass ---------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUENTRYPOINTS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

std::string mlir::tg::cpuEntryPointName(StringRef kernel) {
  return ("tg_kernel_" + kernel).str();
}

namespace {

struct EntryPointsPass : tg::impl::TGCPUEntryPointsBase<EntryPointsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> kernels;
    module.walk([&](LLVM::LLVMFuncOp function) {
      if (function->hasAttr("tg.kernel"))
        kernels.push_back(function);
    });
    for (LLVM::LLVMFuncOp kernel : kernels)
      if (failed(addEntryPoint(kernel)))
        return signalPassFailure();
  }

  /// void tg_kernel_<name>(void *const *buffers, i64 worker, i64 workers):
  /// loads each buffer pointer and calls the kernel with them.
  LogicalResult addEntryPoint(LLVM::LLVMFuncOp kernel) {
    MLIRContext *context = kernel.getContext();
    Location loc = kernel.getLoc();
    OpBuilder b(kernel);
    b.setInsertionPointAfter(kernel);
    auto ptr = LLVM::LLVMPointerType::get(context);
    auto i64 = IntegerType::get(context, 64);
    LLVM::LLVMFunctionType type = kernel.getFunctionType();
    unsigned numBuffers = type.getNumParams() - 2;
    for (unsigned i = 0; i < numBuffers; ++i)
      if (type.getParamType(i) != ptr)
        return kernel.emitError("tg-cpu-entry-points: kernel argument #")
               << i << " is not a pointer (lower with the bare-pointer memref convention)";
    auto entryType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                                 {ptr, i64, i64});
    auto entry = LLVM::LLVMFuncOp::create(b, loc, cpuEntryPointName(kernel.getName()),
                                          entryType);
    Block *body = entry.addEntryBlock(b);
    b.setInsertionPointToStart(body);
    SmallVector<Value> args;
    for (unsigned i = 0; i < numBuffers; ++i) {
      Value slot = LLVM::GEPOp::create(b, loc, ptr, ptr, body->getArgument(0),
                                       ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      args.push_back(LLVM::LoadOp::create(b, loc, ptr, slot));
    }
    args.push_back(body->getArgument(1));
    args.push_back(body->getArgument(2));
    LLVM::CallOp::create(b, loc, kernel, args);
    LLVM::ReturnOp::create(b, loc, ValueRange{});
    return success();
  }
};

} // namespace
