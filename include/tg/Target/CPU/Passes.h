//===- Passes.h - CPU target passes ------------------------------*- C++ -*-===//
#ifndef TG_TARGET_CPU_PASSES_H
#define TG_TARGET_CPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
}
namespace LLVM {
class LLVMDialect;
}
namespace memref {
class MemRefDialect;
}
namespace scf {
class SCFDialect;
}
namespace tensor {
class TensorDialect;
}
namespace vector {
class VectorDialect;
}
namespace tg {

#define GEN_PASS_DECL
#include "tg/Target/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tg/Target/CPU/Passes.h.inc"

} // namespace tg
} // namespace mlir

#endif // TG_TARGET_CPU_PASSES_H
