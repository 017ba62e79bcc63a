//===- Passes.h - SPIR-V target passes ----------------------------*- C++ -*-===//
#ifndef TG_TARGET_SPIRV_PASSES_H
#define TG_TARGET_SPIRV_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
}
namespace gpu {
class GPUModuleOp;
}
namespace math {
class MathDialect;
}
namespace memref {
class MemRefDialect;
}
namespace spirv {
class SPIRVDialect;
class ModuleOp;
}
class RewritePatternSet;
namespace tg {

#define GEN_PASS_DECL
#include "tg/Target/SPIRV/Passes.h.inc"

/// max, min, pow, sin and trunc as SPIR-V computes them exactly
/// (tg-spirv-expand-math).
void populateSPIRVExpandMathPatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "tg/Target/SPIRV/Passes.h.inc"

} // namespace tg
} // namespace mlir

#endif // TG_TARGET_SPIRV_PASSES_H
