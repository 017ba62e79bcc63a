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

    Its body is one `linalg.generic` per stage: one per reduction (writing a
    temporary tensor with the reduced axes kept as size 1) and one for the
    kernel's result, unless the result is a reduction itself. Inside a
    stage, movement ops become index arithmetic, composed from the output
    back to the inputs exactly as tinygrad's rangeify does (shrink: `i+b`,
    flip: `n-1-i`, expand: `0`, pad: `i-l` under the mask `l <= i < l+n`,
    permute: reorder, reshape: linearize and split again), and is
    simplified with tg-symbolic's rules. An input read at an index that is
    then affine in the loop indices becomes an operand of the
    `linalg.generic` with that indexing map; any other read stays a
    `tensor.extract` (with the mask as a `tg.where` for padding).

    The scalar work in the bodies stays in tg ops; `convert-tg-to-arith`
    lowers it.
  }];
  let dependentDialects = ["::mlir::tg::TGDialect", "::mlir::func::FuncDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
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
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

#endif // TG_CONVERSION_PASSES_TD
