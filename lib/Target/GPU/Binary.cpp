//===- Binary.cpp - the device binary of a lowered gpu.module -------------===//

#include "tg/Target/GPU/Binary.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/SPIRV/Serialization.h"

using namespace mlir;

FailureOr<std::string> mlir::tg::extractGPUBinary(ModuleOp module) {
  auto spirvModules = llvm::to_vector(module.getOps<spirv::ModuleOp>());
  auto binaries = llvm::to_vector(module.getOps<gpu::BinaryOp>());
  if (spirvModules.size() + binaries.size() != 1)
    return module.emitError("tg: expected one spirv.module or gpu.binary of kernels, found ")
           << spirvModules.size() + binaries.size();
  if (!spirvModules.empty()) {
    SmallVector<uint32_t> words;
    if (failed(spirv::serialize(spirvModules.front(), words)))
      return spirvModules.front().emitError("tg: the SPIR-V module does not serialize");
    return std::string(reinterpret_cast<const char *>(words.data()),
                       words.size() * sizeof(uint32_t));
  }
  ArrayAttr objects = binaries.front().getObjects();
  if (objects.size() != 1)
    return binaries.front().emitError("tg: expected one object in the gpu.binary, found ")
           << objects.size();
  return cast<gpu::ObjectAttr>(objects[0]).getObject().getValue().str();
}
