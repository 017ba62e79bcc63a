//===- Passes.td - tg conversion passes --------------------*- tablegen -*-===//

#ifndef TG_CONVERSION_PASSES_TD
#define TG_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGToLinalg : Pass<"tg-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Turn each tg.kernel into a kernel function of linalg.generic ops";
  let description = [{
    Every `tg.kernel` becomes a private function `@<kernel name>` marked
    `tg.kernel`, called from where the kernel was. The function takes the
    kernel's inputs and, in destination-passing style, the output (a fresh
    `tensor.empty`, or the input an in-place kernel overwrites) and returns it.
    Inputs without elements are not passed (the kernel sees empty tensors of
    their type); a kernel whose result has no elements becomes an empty
    tensor, with no function. A `tg.copy` (a program runs on one device)
    becomes its value materialized in a new tensor: a buffer copy.

    The body is one `linalg.generic` per stage: one per reduction (writing a
    temporary tensor with the reduced axes kept as size 1), one per pad that
    a reduction reads (a padded copy inside the kernel, so a convolution
    reads it at affine window indices instead of through a bounds check
    per product; not a pad of more than 64K elements that the reduction
    reads once per element, such as a pool gradient's, nor the pads it
    reads), and one for the kernel's result, unless the result is a
    reduction itself or a reduction that only gains or loses size-1 axes on
    its way to the output (a matmul's `[M, N, 1] → [M, N]`): that reduction
    accumulates into the output directly. Inside a stage, movement ops
    become index arithmetic, composed from the output back to the inputs
    exactly as tinygrad's rangeify does (shrink: `i+b`, flip: `n-1-i`,
    expand: `0`, pad: `i-l` under the mask `l <= i < l+n`, permute:
    reorder, reshape: linearize and split again), and is simplified with
    tg-symbolic's rules. An input read at an index that is then affine in
    the loop indices becomes an operand of the `linalg.generic` with that
    indexing map (sliced when an axis is read at the plain loop index over
    fewer elements than it has). A loop whose index the body uses only as
    `i floordiv k` and `i floormod k`, for one constant k dividing its
    extent (a merging reshape, a 2x2 pooling's gradient reading the pooled
    value at `[y / 2, x / 2]`, a stride-2 convolution's input gradient
    interleaving its four phases by `y % 2` and `x % 2`), is split into
    `[n / k, k]` first: the operands that read it as an axis of their own
    are read through `tensor.expand_shape`, the result collapsed back, and
    the quotient and remainder are the two loops' indices, so the reads are
    affine. Any other read stays a `tensor.extract` (with the mask as a
    `tg.where` for padding). An in-place kernel's read
    of its target at the element it writes is the output's block argument;
    a read anywhere else makes bufferization compute the result in a
    temporary first (see `tg-materialize-kernel-results`).

    The scalar work in the bodies stays in tg ops; `convert-tg-to-arith`
    lowers it.
  }];
  let dependentDialects = ["::mlir::tg::TGDialect", "::mlir::func::FuncDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::bufferization::BufferizationDialect"];
}

def TGMaterializeKernelResults : Pass<"tg-materialize-kernel-results", "::mlir::ModuleOp"> {
  let summary = "Make every kernel function's result end in its output argument";
  let description = [{
    The launch plan passes each kernel its output buffer and reads nothing
    back, so after bufferization a kernel function must return exactly its
    output argument. That holds when the returned tensor is the output
    argument threaded through destination operands and reshapes (views of
    the same buffer) and nothing else reads the output; otherwise (an
    in-place kernel reading its target elsewhere, an identity stage folded
    away into a slice of an input) the result is copied into the output
    (`linalg.copy`, which lowers to loops like the other stages).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def ConvertTGToArith : Pass<"convert-tg-to-arith", "::mlir::ModuleOp"> {
  let summary = "Lower scalar tg ops to arith and math, with signless types";
  let description = [{
    Every tg ALU op on scalars becomes arith / math ops with tinygrad's
    semantics (floordiv → arith.floordivsi, floormod → remainder with a sign
    fix, cmplt → cmpi slt/ult or cmpf olt, max → maxsi/maxui/maximumf, ...),
    and every `uiN` element type in the module — function signatures,
    tensors, block arguments — becomes signless `iN`: the signedness has been
    spent choosing the ops. `tg.threefry` and other composites are
    decomposed first.

    Signed division and remainder by -1 divide by 1 and negate, so
    `INT_MIN / -1` wraps (its remainder is 0) instead of trapping in the
    CPU's divide instruction. An unsigned power extends base and exponent to
    twice the width first (`math.ipowi` reads its exponent as signed).
    f64 → bf16 rounds to odd in f32 first, so the two roundings give the
    correctly rounded bf16. A tg op on tensors is an error: those lower
    through `tg-kernelize` and `tg-to-linalg` first.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

#endif // TG_CONVERSION_PASSES_TD
