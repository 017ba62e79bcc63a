//===- EntryPoints.cpp - the tg-cpu-entry-points pass ---------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUENTRYPOINTS
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;
using namespace mlir::tg;

namespace {

struct EntryPointsPass : tg::impl::TGCPUEntryPointsBase<EntryPointsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> kernels;
    module.walk([&](LLVM::LLVMFuncOp function) {
      if (function->hasAttr("tg.kernel"))
        kernels.push_back(function);
    });
    renameToBodies(kernels);
    for (LLVM::LLVMFuncOp kernel : kernels)
      if (failed(addEntryPoint(kernel)))
        return signalPassFailure();
  }

  /// Renames every kernel to `<name>.body`, and the module's references to
  /// it, in one walk of the module (renaming one kernel at a time walks it
  /// once per kernel: 11 s of a GPT training step's 3,400-op program).
  void renameToBodies(ArrayRef<LLVM::LLVMFuncOp> kernels) {
    MLIRContext *context = &getContext();
    DenseMap<StringAttr, StringAttr> bodies;
    for (LLVM::LLVMFuncOp kernel : kernels) {
      auto body = StringAttr::get(context, kernel.getName() + ".body");
      bodies[kernel.getSymNameAttr()] = body;
      SymbolTable::setSymbolName(kernel, body);
    }
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
      auto body = bodies.find(ref.getRootReference());
      if (body == bodies.end())
        return std::nullopt;
      return SymbolRefAttr::get(body->second, ref.getNestedReferences());
    });
    replacer.recursivelyReplaceElementsIn(getOperation(), /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false, /*replaceTypes=*/false);
  }

  /// void <name>(void *const *buffers, i64 worker, i64 workers): loads each
  /// buffer pointer and calls the kernel, now `<name>.body`, with them.
  /// The exported symbol is the kernel's own name, the one DEBUG=2 shows,
  /// and has the kernel's tg.parallel_size, which serialize reads.
  LogicalResult addEntryPoint(LLVM::LLVMFuncOp kernel) {
    MLIRContext *context = kernel.getContext();
    Location loc = kernel.getLoc();
    StringRef name = kernel.getName().drop_back(StringRef(".body").size());
    OpBuilder b(kernel);
    b.setInsertionPointAfter(kernel);
    auto ptr = LLVM::LLVMPointerType::get(context);
    auto i64 = IntegerType::get(context, 64);
    LLVM::LLVMFunctionType type = kernel.getFunctionType();
    unsigned numParams = type.getNumParams();
    if (numParams < 2 || type.getParamType(numParams - 2) != i64 ||
        type.getParamType(numParams - 1) != i64)
      return kernel.emitError("tg-cpu-entry-points: a kernel's last arguments must be the "
                              "i64 worker and num_workers of tg-cpu-kernel-abi");
    unsigned numBuffers = numParams - 2;
    for (unsigned i = 0; i < numBuffers; ++i)
      if (type.getParamType(i) != ptr)
        return kernel.emitError("tg-cpu-entry-points: kernel argument #")
               << i << " is not a pointer (lower with the bare-pointer memref convention)";
    auto entryType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                                 {ptr, i64, i64});
    kernel.setLinkage(LLVM::Linkage::Internal);
    auto entry = LLVM::LLVMFuncOp::create(b, loc, name, entryType);
    // What the runtime launches says how many workers it splits over.
    if (Attribute size = kernel->getAttr("tg.parallel_size"))
      entry->setAttr("tg.parallel_size", size);
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
