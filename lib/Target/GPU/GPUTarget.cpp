//===- GPUTarget.cpp - what the GPU targets share -------------------------===//

#include "tg/Target/GPU/GPUTarget.h"

#include "tg/Transforms/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tg;

LogicalResult GPUTargetBackend::buildKernelPipeline(OpPassManager &pm, const TargetOptions &,
                                                    llvm::raw_ostream &errors) const {
  return parsePassPipeline((kToArithPipeline + ",tg-materialize-kernel-results," +
                            kBufferizePipeline +
                            ",tg-gpu-split-stages,tg-gpu-choose-launch,tg-gpu-map-kernels")
                               .str(),
                           pm, errors);
}

LogicalResult GPUTargetBackend::addKernelIndexing(OpPassManager &pm, llvm::raw_ostream &errors) {
  return parsePassPipeline("fold-memref-alias-ops,lower-affine,canonicalize,cse,"
                           "loop-invariant-code-motion,gpu.module(tg-gpu-expand-math)",
                           pm, errors);
}

FailureOr<TargetBinary> GPUTargetBackend::serialize(ModuleOp module, const TargetOptions &,
                                                    llvm::raw_ostream *log) const {
  auto binaries = llvm::to_vector(module.getOps<gpu::BinaryOp>());
  if (binaries.size() != 1)
    return module.emitError("tg: expected one gpu.binary of kernels, found ") << binaries.size();
  ArrayAttr objects = binaries.front().getObjects();
  if (objects.size() != 1)
    return binaries.front().emitError("tg: expected one object in the gpu.binary, found ")
           << objects.size();
  TargetBinary binary;
  binary.bytes = cast<gpu::ObjectAttr>(objects[0]).getObject().getValue().str();
  if (log)
    *log << "tg: " << name() << " binary of " << binary.bytes.size() << " bytes\n";
  return binary;
}
