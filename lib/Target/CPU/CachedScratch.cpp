//===- CachedScratch.cpp - the tg-cpu-cached-scratch pass -----------------===//
//
// A kernel's scratch (a padded copy of its input, say) is allocated and
// freed at every launch. Through malloc, a block past glibc's mmap threshold
// (32 MB at most) is mapped fresh each time, and every page of it faults
// and is zeroed on first touch: ResNet-18's max pooling pads 53 MB of
// activations in its kernel, and spent 13 ms of its 20 in those faults. The
// kernels call the runtime's scratch functions instead, which keep freed
// blocks for the next launch; the binary carries weak ones over malloc and
// free, so that it runs where the runtime does not define them (an AOT
// object, a library loaded on its own).
//
//===----------------------------------------------------------------------===//

#include "tg/Target/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGCPUCACHEDSCRATCH
#include "tg/Target/CPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

constexpr StringLiteral kAlloc = "tgrt_scratch_alloc", kFree = "tgrt_scratch_free";

struct CachedScratchPass : tg::impl::TGCPUCachedScratchBase<CachedScratchPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool calls = false;
    module.walk([&](LLVM::LLVMFuncOp function) {
      if (!function->hasAttr("tg.kernel"))
        return;
      function.walk([&](LLVM::CallOp call) {
        std::optional<StringRef> callee = call.getCallee();
        StringRef scratch = callee == "malloc" ? kAlloc : callee == "free" ? kFree : "";
        if (scratch.empty())
          return;
        call.setCallee(scratch);
        calls = true;
      });
    });
    if (calls && failed(defineFallbacks(module)))
      signalPassFailure();
  }

  /// void *tgrt_scratch_alloc(i64 size) and void tgrt_scratch_free(void *),
  /// weak, over malloc and free. The allocation's result is noalias, as
  /// malloc's is: LLVM then knows scratch aliases no argument.
  LogicalResult defineFallbacks(ModuleOp module) {
    MLIRContext *context = module.getContext();
    Location loc = module.getLoc();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    FailureOr<LLVM::LLVMFuncOp> malloc =
        LLVM::lookupOrCreateMallocFn(b, module, IntegerType::get(context, 64));
    FailureOr<LLVM::LLVMFuncOp> free = LLVM::lookupOrCreateFreeFn(b, module);
    if (failed(malloc) || failed(free))
      return module.emitError("tg-cpu-cached-scratch: malloc or free is declared with another "
                              "signature than libc's");
    auto define = [&](StringRef name, LLVM::LLVMFuncOp libc) {
      auto function =
          LLVM::LLVMFuncOp::create(b, loc, name, libc.getFunctionType(), LLVM::Linkage::Weak);
      OpBuilder::InsertionGuard guard(b);
      Block *body = function.addEntryBlock(b);
      b.setInsertionPointToStart(body);
      auto call = LLVM::CallOp::create(b, loc, libc, body->getArguments());
      LLVM::ReturnOp::create(b, loc, call.getNumResults() ? call.getResults() : ValueRange{});
      return function;
    };
    define(kAlloc, *malloc)
        .setResultAttr(0, LLVM::LLVMDialect::getNoAliasAttrName(), UnitAttr::get(context));
    define(kFree, *free);
    return success();
  }
};

} // namespace
