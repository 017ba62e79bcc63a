//===- SPIRVPrepareKernels.cpp - the tg-spirv-prepare-kernels pass --------===//

#include "tg/Target/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGSPIRVPREPAREKERNELS
#include "tg/Target/GPU/Passes.h.inc"
} // namespace mlir::tg

using namespace mlir;

namespace {

struct SPIRVPrepareKernelsPass : tg::impl::TGSPIRVPrepareKernelsBase<SPIRVPrepareKernelsPass> {
  void runOnOperation() override {
    StringRef abiName = spirv::getEntryPointABIAttrName();
    for (auto kernel : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (!kernel.isKernel())
        continue;
      allocateWorkgroupMemory(kernel);
      storeNarrowFloatsAsIntegers(kernel);
      expandTrunc(kernel);
      if (kernel->hasAttr(abiName))
        continue;
      std::optional<ArrayRef<int32_t>> size = kernel.getKnownBlockSize();
      if (!size) {
        kernel.emitError("tg: a kernel without known_block_size has no SPIR-V workgroup size");
        return signalPassFailure();
      }
      kernel->setAttr(abiName, spirv::getEntryPointABIAttr(&getContext(), *size));
    }
  }

  /// bf16 has no SPIR-V type and f16 is computed in f32 anyway
  /// (tg-cpu-emulate-narrow-floats), so both are stored as i16: loads and
  /// stores move i16 and bitcast, and the bitcasts cancel with the
  /// emulation's own.
  static void storeNarrowFloatsAsIntegers(gpu::GPUFuncOp kernel) {
    Builder builder(kernel.getContext());
    auto asInteger = [&](Type type) -> Type {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref || !isa<BFloat16Type, Float16Type>(memref.getElementType()))
        return type;
      return memref.clone(builder.getI16Type());
    };
    SmallVector<Type> inputs;
    for (BlockArgument argument : kernel.getArguments()) {
      argument.setType(asInteger(argument.getType()));
      inputs.push_back(argument.getType());
    }
    kernel.setFunctionType(builder.getFunctionType(inputs, {}));
    kernel.walk([&](Operation *op) {
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        Type element = load.getMemRefType().getElementType();
        if (element == load.getType())
          return;
        OpBuilder b(load);
        b.setInsertionPointAfter(load);
        Type narrow = load.getType();
        load.getResult().setType(element);
        auto cast = arith::BitcastOp::create(b, load.getLoc(), narrow, load.getResult());
        load.getResult().replaceAllUsesExcept(cast, cast);
      } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
        Type element = store.getMemRefType().getElementType();
        if (element == store.getValue().getType())
          return;
        OpBuilder b(store);
        store.getValueMutable().assign(
            arith::BitcastOp::create(b, store.getLoc(), element, store.getValue()));
      }
    });
  }

  /// trunc(x) → x < 0 ? ceil(x) : floor(x): the SPIR-V lowering of math has
  /// floor and ceil but no trunc.
  static void expandTrunc(gpu::GPUFuncOp kernel) {
    kernel.walk([](math::TruncOp trunc) {
      OpBuilder b(trunc);
      Location loc = trunc.getLoc();
      Value x = trunc.getOperand();
      Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(x.getType()));
      Value negative = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
      trunc.getResult().replaceAllUsesWith(arith::SelectOp::create(b, loc, negative,
                                                       math::CeilOp::create(b, loc, x),
                                                       math::FloorOp::create(b, loc, x)));
      trunc.erase();
    });
  }

  static void allocateWorkgroupMemory(gpu::GPUFuncOp kernel) {
    OpBuilder builder = OpBuilder::atBlockBegin(&kernel.getBody().front());
    for (BlockArgument attribution : kernel.getWorkgroupAttributions())
      attribution.replaceAllUsesWith(memref::AllocOp::create(
          builder, attribution.getLoc(), cast<MemRefType>(attribution.getType())));
    kernel.getBody().front().eraseArguments(kernel.getNumArguments(),
                                            kernel.getNumWorkgroupAttributions());
    kernel->setAttr(gpu::GPUFuncOp::getNumWorkgroupAttributionsAttrName(),
                    builder.getI64IntegerAttr(0));
  }
};

} // namespace
