//===- Pipelines.h - the stage-4 steps every target shares -------*- C++ -*-===//
#ifndef TG_TRANSFORMS_PIPELINES_H
#define TG_TRANSFORMS_PIPELINES_H

#include "llvm/ADT/StringRef.h"

namespace mlir::tg {

/// Stages 1-3, the same for every target: simplify, kernelize (one
/// buffer-reading reduction per kernel, which the targets' optimizers tile),
/// and lower each kernel to linalg on tensors (tg-opt's `tg-to-kernels`).
constexpr llvm::StringLiteral kTensorPipeline =
    "func.func(tg-symbolic,canonicalize,cse,tg-transpose-contraction-operands),tg-kernelize{one-reduction-per-kernel=true fuse-row-reductions=true realize-tiled-operands=true},"
    "tg-to-linalg,"
    "tg-materialize-kernel-results,tg-merge-identical-kernels";

/// Stage 4's start on every target: tg ops to arith and math on tensors,
/// with narrow floats computed in f32.
constexpr llvm::StringLiteral kToArithPipeline =
    "convert-tg-to-arith,math-extend-to-supported-types{target-type=f32},"
    "tg-emulate-narrow-floats,canonicalize";

/// Tensors to buffers, kernels and host function alike.
constexpr llvm::StringLiteral kBufferizePipeline =
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    // CSE first: in-place slices bufferize to copies between two equal
    // subviews, which only fold away once the subviews are one value.
    "canonicalize,cse,canonicalize,drop-equivalent-buffer-results,canonicalize";

} // namespace mlir::tg

#endif // TG_TRANSFORMS_PIPELINES_H
