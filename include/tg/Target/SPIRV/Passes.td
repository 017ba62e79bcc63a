//===- Passes.td - SPIR-V target passes --------------------*- tablegen -*-===//
//
// What the Vulkan target does to a gpu.module of kernels before and after
// MLIR's GPU-to-SPIR-V conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TG_TARGET_SPIRV_PASSES_TD
#define TG_TARGET_SPIRV_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGSPIRVExpandMath : Pass<"tg-spirv-expand-math", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Give max, min, pow and sin the CPU's results on SPIR-V, and expand trunc";
  let description = [{
    GLSL.std.450's forms are undefined or inexact where C's are exact; on
    scalars (kernels are scalar on GPUs):
    - `arith.maximumf`/`minimumf`: NaN if either is NaN, and of two equal
      values the and (or) of their bits, so max(-0, +0) = +0 and
      min(-0, +0) = -0.
    - `math.powf` on f16/f32: GLSL's Pow of |x| with C's special cases
      (x = 1 or y = 0 → 1; NaN; negative x with a non-integer y → NaN;
      |x| = 0, 1 or inf exactly; the sign for odd integer y).
    - `math.sin` on f32: |x| ≥ 1 is reduced by Payne and Hanek's method
      (four 32-bit limbs of 1/2π chosen by the exponent, in 64-bit
      integers), then GLSL's Sin or Cos of the remainder of quarter turns
      in [-π/4, π/4], so sin(3.4e38) is right; inf and NaN give NaN.
    - `arith.remsi`: the remainder of the magnitudes (|INT_MIN| as
      unsigned), with x's sign; the SPIR-V lowering reads INT_MIN as
      positive.
    - `math.trunc` becomes `x < 0 ? ceil(x) : floor(x)`.
    - f64, which GLSL.std.450 has no forms for: abs, roundeven and trunc
      from the bits; sqrt by Newton steps from the f32 root, corrected by
      the exact residual (Dekker's product); exp2 and log2 by series (log2 as a pair of f64s); sin
      by Taylor series on [-π/4, π/4] after a Payne-Hanek reduction with six
      32-bit limbs of 1/2π, the remainder kept as a pair of f64s; pow as
      2^(y·log2|x|) with the exponent as a pair (it may be ~1000, which one
      f64 holds to only 43 bits after the point), and C's special cases.
    - `arith.divf` by a constant ±0 becomes ±inf with x's sign, or NaN for
      x = 0 or NaN, by selects: lavapipe folds the division itself to 0 (or
      to an undefined value when NaN must be preserved).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::spirv::SPIRVDialect"];
}

def TGSPIRVPrepareKernels : Pass<"tg-spirv-prepare-kernels", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Put gpu.func kernels in the form convert-gpu-to-spirv takes";
  let description = [{
    - Each kernel gets `spirv.entry_point_abi` with its `known_block_size`
      (which `tg-gpu-map-kernels` records) as the workgroup size, so
      `convert-gpu-to-spirv` makes it a GLCompute entry point whose LocalSize
      is that size. A kernel without a known block size is an error; one
      with an entry point ABI already keeps it.
    - Its workgroup attributions become `memref.alloc`s of workgroup memory
      at the start of the kernel (module-scope Workgroup variables once
      lowered): `convert-gpu-to-spirv` does not lower attributions.
    - Every bf16 value and buffer becomes i16, and bitcasts between bf16
      and i16 disappear: SPIR-V has no bf16, and `tg-emulate-narrow-floats`
      leaves it only where data moves (loads, stores, selects, constants,
      loop-carried values). bf16 arithmetic left over fails verification.
    - f16 buffers become i16 buffers, loads and stores bitcast: f16 is
      computed in f32 on every target.
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def TGSPIRVPreserveFloatSpecials : Pass<"tg-spirv-preserve-float-specials",
                                      "::mlir::spirv::ModuleOp"> {
  let summary = "Ask the driver to keep NaN, infinities and signed zeros";
  let description = [{
    Without an execution mode, a Vulkan driver may treat float arithmetic as
    if NaN, infinities and the sign of zero did not exist. Each entry point
    gets `SignedZeroInfNanPreserve` for
    every float width the module computes in (16, 32, 64), which needs the
    capability of that name (SPV_KHR_float_controls; Vulkan 1.2 devices
    report `shaderSignedZeroInfNanPreserveFloat<N>`). Runs after
    `spirv-lower-abi-attrs` made the entry points and before
    `spirv-update-vce` collects capabilities; a module without entry points
    or floats is left alone. Mesa 22.3's lavapipe does not honour the mode
    everywhere: its code generator takes x·0 as 0 and x+0 as x when an
    operand is the constant +0, and x/0 as undefined (`tg-spirv-expand-math`
    expands that one).
  }];
}

def TGSPIRVForbidContraction : Pass<"tg-spirv-forbid-contraction",
                                    "::mlir::spirv::ModuleOp"> {
  let summary = "Round every float multiply and add on its own, as the CPU does";
  let description = [{
    A Vulkan driver may fuse a multiply and an add into one fused
    multiply-add unless the instructions are decorated `NoContraction`, and
    then elementwise results differ from the CPU's in the last bit (the CPU's
    LLVM code fuses nothing the IR does not ask for: `FPOpFusion::Standard`).
    Every `spirv.FMul`, `spirv.FAdd` and `spirv.FSub` gets the decoration
    (the unit attribute `no_contraction`, which the serializer writes as
    `NoContraction`); other ops are left alone.
  }];
}

#endif // TG_TARGET_SPIRV_PASSES_TD
