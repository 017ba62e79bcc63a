//===- Passes.td - passes on kernels for every target ------*- tablegen -*-===//
//
// Passes over the upstream dialects kernels are made of (arith, math,
// vector) that every target runs, so that targets compute the same numbers.
//
//===----------------------------------------------------------------------===//

#ifndef TG_TRANSFORMS_PASSES_TD
#define TG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGApproximateMath : Pass<"tg-approximate-math", "::mlir::ModuleOp"> {
  let summary = "Replace f32 exp2 and log2 by polynomials that vectorize";
  let description = [{
    `math.exp2` and `math.log2` on f32, scalar or vector, become polynomials
    in place of calls to libm, which a vectorized kernel would make once per
    lane, and in place of a GPU's own (GLSL's are not exact enough and have
    no f64 forms). tinygrad likewise computes transcendentals with its own
    polynomials (uop/transcendental.py). The arguments are reduced first so
    the result stays within a few ulp of libm over the whole f32 range:
    `exp2(x) = 2^n · p(x − n)` with `n = round(x)` and p a degree-6
    polynomial of 2^f for |f| ≤ 0.5 (six fused multiply-adds, within 0.9
    ulp), the power of two applied in two exact halves (subnormal results,
    overflow to inf); `log2(x) = log2(x·2^24) − 24` for subnormal x, then
    MLIR's approximation of log2. Other types and functions keep their
    libm calls. With `scalef` (the CPU target sets it where AVX-512 has
    `vscalefps`), 2^n is applied in one rounding instead, one instruction for
    the eight of the two halves: on vectors of whole 16-lane registers by
    `vscalefps` itself, whose exponent is a float, so that n is neither
    converted to an integer nor guarded against NaN, and x is not clamped
    (`vscalefps` scales the NaN that x − n is for x = ±inf to +inf and +0):
    seven instructions per register fewer; elsewhere by `llvm.ldexp`.
    With `round-by-adding` (the CPU target's), n is rounded by adding and
    subtracting 1.5 · 2^23, whose sum's bits hold n as an integer: two
    instructions for a rounding, a NaN guard and a conversion (five with
    AVX2), where a GPU's rounding mode of additions may be toward zero. And
    when every lane's |x| is at most 125, where 2^n · p is a normal float
    (checked as integer bits, the largest of a vector's: a NaN's exceed
    every number's), a branch skips the clamp and the halves: n goes into
    p's exponent bits, a shift and an add, and is rounded and converted as
    it is (never NaN there; the rounding by addition takes two more
    constants, registers that the polynomial and the kernel around it need).
    softmax_4096x4096 on Zen 2: 6.4-6.5 -> 6.0-6.1 ms with the branch,
    5.74-5.91 -> 5.43-5.44 with the conversion, 5.45-5.49 -> 5.21-5.28
    checking the bits rather than both bounds of every lane.
  }];
  let options = [
    Option<"scalef", "scalef", "bool", /*default=*/"false",
           "Apply 2^n with AVX-512's vscalefps">,
    Option<"roundByAdding", "round-by-adding", "bool", /*default=*/"false",
           "Round exp2's n by adding 1.5 * 2^23 (additions round to nearest)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def TGEmulateNarrowFloats : Pass<"tg-emulate-narrow-floats", "::mlir::ModuleOp"> {
  let summary = "Compute bf16 and f16 arithmetic in f32, rounding after every op";
  let description = [{
    Arith ops on bf16 or f16 become the same op on f32 operands, their
    result rounded back to the narrow type, as tinygrad's CPU backend
    computes them; every target runs it, so narrow floats round alike
    everywhere. Then every f32 ↔ bf16 conversion becomes integer
    arithmetic on the bits (round to nearest even; NaN stays NaN): x86's
    conversion instruction (vcvtneps2bf16) flushes subnormal results to
    zero; bf16 widened to f64 goes through f32 (exact). Math ops are
    extended separately (`math-extend-to-supported-types`).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // TG_TRANSFORMS_PASSES_TD
