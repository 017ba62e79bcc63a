//===- SPIRVTarget.cpp - the SPIR-V (Vulkan) target -----------------------===//

#include "tg/Target/SPIRV/SPIRVTarget.h"

#include "tg/Target/GPU/GPUTarget.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "llvm/Support/raw_ostream.h"

#include <spirv-tools/libspirv.hpp>

using namespace mlir;
using namespace mlir::tg;

namespace {

/// Vulkan 1.1 with the storage and arithmetic of every tg element type
/// (lavapipe and desktop GPUs have them); exp2 and log2 as on the CPU
/// (tg-approximate-math: GLSL's are not exact enough, and have no f64
/// forms).
constexpr StringLiteral kSPIRVPipeline =
    "tg-approximate-math,gpu.module(tg-spirv-expand-math),arith-expand,"
    "spirv-attach-target{module=tg_kernels ver=v1.3 client_api=Vulkan "
    "caps=Shader,Int64,Int16,Int8,Float64,Float16,StorageBuffer16BitAccess,"
    "StorageBuffer8BitAccess,SignedZeroInfNanPreserve "
    "exts=SPV_KHR_storage_buffer_storage_class,SPV_KHR_8bit_storage,SPV_KHR_16bit_storage,"
    "SPV_KHR_float_controls},"
    "gpu.module(tg-spirv-prepare-kernels,canonicalize,convert-math-to-spirv),"
    "map-memref-spirv-storage-class{client-api=vulkan},convert-gpu-to-spirv,"
    "spirv.module(spirv-lower-abi-attrs,tg-spirv-preserve-float-specials,"
    "tg-spirv-forbid-contraction,spirv-update-vce)";

/// DEBUG=3: the binary as SPIR-V assembly (SPIRV-Tools' disassembler, as
/// spirv-dis prints it).
void printDisassembly(ArrayRef<uint32_t> words, llvm::raw_ostream &log) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string text;
  if (!tools.Disassemble(words.data(), words.size(), &text,
                         SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES |
                             SPV_BINARY_TO_TEXT_OPTION_INDENT)) {
    log << "tg: the SPIR-V binary of " << words.size() * 4 << " bytes does not disassemble\n";
    return;
  }
  log << "tg: SPIR-V, " << words.size() * 4 << " bytes:\n" << text;
}

class SPIRVTarget final : public GPUTargetBackend {
public:
  std::string name() const override { return "spirv"; }
  std::vector<std::string> devices() const override { return {"VULKAN"}; }
  std::string binaryKind() const override { return "spirv"; }
  std::vector<TargetOptionInfo> options() const override { return {}; }
  std::string pipelineName() const override { return "tg-gpu-to-spirv"; }

  LogicalResult buildPipeline(OpPassManager &pm, const TargetOptions &,
                              llvm::raw_ostream &errors) const override {
    if (failed(addKernelIndexing(pm, errors)))
      return failure();
    return parsePassPipeline(kSPIRVPipeline, pm, errors);
  }

  /// The one spirv.module of kernels, serialized alone.
  FailureOr<TargetBinary> serialize(ModuleOp module, const TargetOptions &,
                                    llvm::raw_ostream *log) const override {
    auto modules = llvm::to_vector(module.getOps<spirv::ModuleOp>());
    if (modules.size() != 1)
      return module.emitError("tg: expected one spirv.module of kernels, found ")
             << modules.size();
    SmallVector<uint32_t> words;
    if (failed(spirv::serialize(modules.front(), words)))
      return modules.front().emitError("tg: the SPIR-V module does not serialize");
    TargetBinary binary;
    binary.bytes.assign(reinterpret_cast<const char *>(words.data()),
                        words.size() * sizeof(uint32_t));
    if (log)
      printDisassembly(words, *log);
    return binary;
  }

  std::string describe(const TargetOptions &) const override {
    return "SPIR-V 1.3 for Vulkan 1.1 (Int8/16/64, Float16/64, 8- and 16-bit storage)";
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::tg::createSPIRVTargetBackend() {
  return std::make_unique<SPIRVTarget>();
}
