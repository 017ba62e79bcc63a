//===- Passes.h - passes on kernels for every target -------------*- C++ -*-===//
#ifndef TG_TRANSFORMS_PASSES_H
#define TG_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
}
namespace math {
class MathDialect;
}
namespace vector {
class VectorDialect;
}
namespace tg {

#define GEN_PASS_DECL
#include "tg/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tg/Transforms/Passes.h.inc"

} // namespace tg
} // namespace mlir

#endif // TG_TRANSFORMS_PASSES_H
