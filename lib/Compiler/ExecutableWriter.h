//===- ExecutableWriter.h - packs an executable -----------------*- C++ -*-===//
//
// Builds the tg_executable.h blob: the buffer table and launch order read
// from the bufferized function, the kernel table, and the device binary.
//
//===----------------------------------------------------------------------===//
#ifndef TG_LIB_COMPILER_EXECUTABLEWRITER_H
#define TG_LIB_COMPILER_EXECUTABLEWRITER_H

#include "tg_executable.h"

#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace mlir {
namespace func {
class FuncOp;
}
namespace tg {

class ExecutableWriter {
public:
  void setName(StringRef name) { functionName = name.str(); }

  /// Records an argument or result type of the function being compiled, in
  /// order, with its element type before signless conversion (uiN stays
  /// unsigned for the caller).
  LogicalResult addSignatureType(Type type, bool isInput);

  /// Reads the launch plan from the bufferized function: memref.alloc is an
  /// intermediate buffer, func.call or gpu.launch_func of a kernel a launch
  /// (with its grid and workgroup sizes), memref.copy a copy,
  /// the returned buffers the outputs. Intermediates whose steps do not
  /// overlap share a buffer.
  LogicalResult readPlan(func::FuncOp function);

  /// What sharing did to the intermediates: their bytes and number before
  /// and after.
  struct Sharing {
    uint64_t bytesBefore = 0, bytesAfter = 0;
    size_t buffersBefore = 0, buffersAfter = 0;
  };
  const Sharing &sharing() const { return shared; }

  /// The kernels the plan launches, in the order first launched.
  std::vector<std::string> kernelNames() const;

  void setKernelInfo(StringRef kernel, StringRef symbol, uint64_t parallelSize,
                     uint64_t flops, uint64_t bytes);

  /// The finished blob around `binary` of `kind` ("cpu-elf").
  FailureOr<std::string> finish(StringRef binary, StringRef kind, Operation *where);

private:
  struct Buffer {
    tg_buffer_desc desc;
    std::vector<int64_t> shape;
  };
  struct Kernel {
    std::string name, symbol;
    tg_kernel_desc desc;
    /// Each argument's size in bytes, as its first launch binds it.
    std::vector<uint64_t> argBytes;
  };
  struct Step {
    tg_step step;
    std::vector<uint32_t> buffers;
  };

  FailureOr<uint32_t> addBuffer(Type type, uint32_t role, Operation *where);
  FailureOr<uint32_t> bufferOf(Value v, Operation *user);
  /// A launch step of `kernel` on `operands` (a func.call or gpu.launch_func).
  LogicalResult addLaunch(StringRef kernel, ValueRange operands, Operation *launch);
  /// tinygrad's memory planner: an intermediate whose first step comes
  /// after another's last takes over that one's buffer (growing it when it
  /// is smaller), so a run allocates (and first touches) little more than
  /// what is live at once.
  void shareIntermediates();

  std::string functionName;
  std::vector<Type> inputTypes, outputTypes;
  std::vector<Buffer> buffers;
  std::vector<Kernel> kernels;
  llvm::StringMap<uint32_t> kernelIndex;
  std::vector<Step> steps;
  std::vector<uint32_t> inputs, outputs;
  llvm::DenseMap<Value, uint32_t> bufferIds;
  Sharing shared;
};

/// The tg_dtype of an element type, or 0.
uint32_t dtypeOf(Type element);

} // namespace tg
} // namespace mlir

#endif // TG_LIB_COMPILER_EXECUTABLEWRITER_H
