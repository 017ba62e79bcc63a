//===- Passes.h - GPU target passes ------------------------------*- C++ -*-===//
#ifndef TG_TARGET_GPU_PASSES_H
#define TG_TARGET_GPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace affine {
class AffineDialect;
}
namespace arith {
class ArithDialect;
}
namespace gpu {
class GPUDialect;
class GPUModuleOp;
}
namespace linalg {
class LinalgDialect;
}
namespace math {
class MathDialect;
}
namespace memref {
class MemRefDialect;
}
namespace scf {
class SCFDialect;
}
class RewritePatternSet;
namespace tg {

#define GEN_PASS_DECL
#include "tg/Target/GPU/Passes.h.inc"

/// math.ipowi as loops (tg-gpu-expand-math).
void populateGPUExpandMathPatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "tg/Target/GPU/Passes.h.inc"

} // namespace tg
} // namespace mlir

#endif // TG_TARGET_GPU_PASSES_H
