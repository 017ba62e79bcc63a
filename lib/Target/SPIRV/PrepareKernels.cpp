//===- PrepareKernels.cpp - the tg-spirv-prepare-kernels pass -------------===//

#include "tg/Target/SPIRV/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

namespace mlir::tg {
#define GEN_PASS_DEF_TGSPIRVPREPAREKERNELS
#include "tg/Target/SPIRV/Passes.h.inc"
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
      bfloat16AsInteger(kernel);
      storeHalfAsInteger(kernel);
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

  /// bf16 has no SPIR-V type. tg-emulate-narrow-floats leaves it only
  /// where data moves (loads, stores, selects, constants, loop-carried
  /// values, workgroup memory, bitcasts from and to i16 bits), so every bf16
  /// value and buffer becomes i16 and the bitcasts disappear. A bf16 left in
  /// arithmetic then fails verification.
  static void bfloat16AsInteger(gpu::GPUFuncOp kernel) {
    Builder builder(kernel.getContext());
    Type i16 = builder.getI16Type();
    auto asInteger = [&](Type type) -> Type {
      if (isa<BFloat16Type>(type))
        return i16;
      if (auto memref = dyn_cast<MemRefType>(type); memref && isa<BFloat16Type>(memref.getElementType()))
        return memref.clone(i16);
      return type;
    };
    SmallVector<Operation *> ops;
    kernel.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument argument : block.getArguments())
            argument.setType(asInteger(argument.getType()));
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        if (auto value = dyn_cast<FloatAttr>(constant.getValue()); value && value.getType().isBF16())
          constant.setValueAttr(builder.getIntegerAttr(i16, value.getValue().bitcastToAPInt()));
      } else if (auto cast = dyn_cast<arith::BitcastOp>(op)) {
        if (asInteger(cast.getIn().getType()) == asInteger(cast.getType())) {
          cast.getResult().replaceAllUsesWith(cast.getIn());
          cast.erase();
          continue;
        }
      }
      for (OpResult result : op->getResults())
        result.setType(asInteger(result.getType()));
    }
    SmallVector<Type> inputs(kernel.getArgumentTypes());
    kernel.setFunctionType(builder.getFunctionType(inputs, {}));
  }

  /// f16 is computed in f32 anyway (tg-emulate-narrow-floats), so f16
  /// buffers are i16 like bf16's: loads and stores move i16 and bitcast,
  /// and the bitcasts cancel with the emulation's own.
  static void storeHalfAsInteger(gpu::GPUFuncOp kernel) {
    Builder builder(kernel.getContext());
    auto asInteger = [&](Type type) -> Type {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref || !isa<Float16Type>(memref.getElementType()))
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
