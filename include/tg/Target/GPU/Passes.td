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

#endif // TG_TARGET_GPU_PASSES_TD
