//===- Passes.h - tg conversion passes --------------------------*- C++ -*-===//
#ifndef TG_CONVERSION_PASSES_H
#define TG_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
class TypeConverter;
namespace arith {
class ArithDialect;
}
namespace bufferization {
class BufferizationDialect;
}
namespace func {
class FuncDialect;
}
namespace linalg {
class LinalgDialect;
}
namespace math {
class MathDialect;
}
namespace tensor {
class TensorDialect;
}
namespace tg {

#define GEN_PASS_DECL
#include "tg/Conversion/Passes.h.inc"

/// Patterns lowering scalar tg ALU ops to arith and math.
void populateTGToArithPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "tg/Conversion/Passes.h.inc"

} // namespace tg
} // namespace mlir

#endif // TG_CONVERSION_PASSES_H
