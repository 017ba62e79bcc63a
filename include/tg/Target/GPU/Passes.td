//===- Passes.td - GPU target passes -----------------------*- tablegen -*-===//
//
// Stage 4 for every GPU: the bufferized kernels become gpu.func kernels and
// the host function a plan of gpu.launch_func. The targets (NVVM, ROCDL,
// SPIR-V) then lower the gpu.module with upstream passes.
//
//===----------------------------------------------------------------------===//

#ifndef TG_TARGET_GPU_PASSES_TD
#define TG_TARGET_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGGPUSplitStages : Pass<"tg-gpu-split-stages", "::mlir::ModuleOp"> {
  let summary = "Give each stage of a bufferized kernel its own kernel";
  let description = [{
    A GPU has no barrier across workgroups, so a kernel whose stages run one
    after the other (a padded copy, then the convolution reading it) becomes
    one kernel per stage, launched in order. A stage is one linalg op on
    memrefs (a `memref.copy` becomes a `linalg.copy`), together with the
    `linalg.fill` that initializes its output, which the same thread (or
    workgroup) computes. The scratch buffers the kernel allocated become
    arguments of the new kernels, allocated by the host function (the
    launch plan). Every new kernel takes the original arguments and then
    the scratch buffers; it is named after the original with `s0`, `s1`...
    Kernels of one stage keep their name.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect"];
}

def TGGPUChooseLaunch : Pass<"tg-gpu-choose-launch", "::mlir::ModuleOp"> {
  let summary = "Choose how each kernel spreads over GPU threads and record it";
  let description = [{
    For every kernel function (`tg.kernel`) of one stage, records
    `tg.launch = #tg.launch<threads = .., group_reduce = ..>` without
    changing the kernel; `tg-gpu-map-kernels` carries it out. A kernel that
    has a `tg.launch` already (from a search or a test) keeps it.

    - A reduction with few outputs (at most `group-outputs` of them) and a
      long reduction (at least `group-reduce-length` iterations), whose body
      combines the output with one value by add, mul, max or min on
      elements of 32 bits or more: one workgroup of up to 128 threads (a
      power of two no larger than the reduction) per output element.
    - Everything else: one thread per output element, 256 per workgroup (or
      as many as there are outputs when fewer).
  }];
  let options = [
    Option<"groupOutputs", "group-outputs", "int64_t", /*default=*/"16384",
           "Most outputs a reduction may have to be shared by a workgroup">,
    Option<"groupReduceLength", "group-reduce-length", "int64_t", /*default=*/"256",
           "Fewest reduction iterations worth sharing by a workgroup">,
  ];
}

def TGGPUMapKernels : Pass<"tg-gpu-map-kernels", "::mlir::ModuleOp"> {
  let summary = "Turn each kernel into a gpu.func and each call into a gpu.launch_func";
  let description = [{
    Carries out each kernel's `#tg.launch`. The kernels move into one
    `gpu.module @tg_kernels` as `gpu.func` kernels with the same arguments;
    the host function's calls become `gpu.launch_func` with the grid and
    workgroup sizes (the grid is two-dimensional when it has more than 65535
    workgroups, the least maximum every API allows), and the module becomes
    a `gpu.container_module`.

    In a kernel, the workgroup and thread ids give the linear index of an
    output element (a thread's, or a workgroup's with `group_reduce`),
    split into the stage's parallel loop indices. Reads and writes are
    `memref.load`/`memref.store` at the stage's indexing maps (views of the
    arguments stay, for `fold-memref-alias-ops`), `linalg.index` becomes the
    loop index, and reduction loops are `scf.for` carrying the accumulators.
    With `group_reduce`, each thread combines every `threads`-th reduction
    iteration, then the partial results are halved in workgroup memory with
    a `gpu.barrier` between steps, and thread 0 writes the result.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TGGPUExpandMath : Pass<"tg-gpu-expand-math", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Compute integer powers with loops inside the kernels";
  let description = [{
    `math.ipowi` on scalars becomes power by squaring in an `scf.while`
    (a negative exponent gives 1 / x^|n| truncated toward zero: 1, ±1 or 0),
    as every GPU target needs: the CPU's `convert-math-to-funcs` outlines
    powers into functions, which kernels in a gpu.module cannot call. An
    unsigned power, which `convert-tg-to-arith` writes as a power of
    zero-extended operands truncated back, is computed in the narrow type,
    its exponent read as unsigned (ui64 would otherwise need i128).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

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
      and i16 disappear: SPIR-V has no bf16, and `tg-cpu-emulate-narrow-floats`
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

#endif // TG_TARGET_GPU_PASSES_TD
