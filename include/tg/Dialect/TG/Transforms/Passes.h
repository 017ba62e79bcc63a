//===- Passes.h - tg dialect passes -----------------------------*- C++ -*-===//
#ifndef TG_DIALECT_TG_TRANSFORMS_PASSES_H
#define TG_DIALECT_TG_TRANSFORMS_PASSES_H

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace tg {
class IntRanges;
namespace sym {
struct RuleOptions;
} // namespace sym

#define GEN_PASS_DECL
#include "tg/Dialect/TG/Transforms/Passes.h.inc"

/// tinygrad's symbolic rules that need value ranges (symbolic.py);
/// `options.ranges` must be set.
void populateSymbolicPatterns(RewritePatternSet &patterns,
                              const sym::RuleOptions &options);
/// tinygrad's div and mod folding (divandmod.py).
void populateDivModPatterns(RewritePatternSet &patterns, IntRanges &ranges);
/// Movement ops pushed through elementwise ops toward the buffers.
void populateMovementPushingPatterns(RewritePatternSet &patterns);
/// Decompositions of every ALU op not in `nativeOps` (mnemonics).
void populateDecompositionPatterns(RewritePatternSet &patterns,
                                   ArrayRef<std::string> nativeOps,
                                   IntRanges &ranges);

#define GEN_PASS_REGISTRATION
#include "tg/Dialect/TG/Transforms/Passes.h.inc"

} // namespace tg
} // namespace mlir

#endif // TG_DIALECT_TG_TRANSFORMS_PASSES_H
