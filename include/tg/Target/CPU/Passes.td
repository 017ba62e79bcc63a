//===- Passes.td - CPU target passes -----------------------*- tablegen -*-===//

#ifndef TG_TARGET_CPU_PASSES_TD
#define TG_TARGET_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGCPUChooseOpts : Pass<"tg-cpu-choose-opts", "::mlir::ModuleOp"> {
  let summary = "Choose each kernel's CPU optimizations and record them";
  let description = [{
    The kernel optimizer's decision step (tinygrad's hand_coded_optimizations):
    for every kernel function (`tg.kernel`) it picks, for its main
    `linalg.generic` (the last one), which parallel loop is split across CPU
    workers, the tile sizes and whether to vectorize, and records them as
    `tg.opts = #tg.opts<...>` without changing the kernel.
    `tg-cpu-apply-opts` carries them out. A kernel that already has
    `tg.opts` (from BEAM search or a test) keeps it.

    Heuristics: split the outermost parallel loop when the kernel is one
    generic and the parallel work is large enough to share; a contraction
    (a generic with exactly one reduction loop reading two inputs, such as a
    matmul) gets register tiles with vectorization; other generics tile
    and vectorize their innermost parallel loop when its extent allows.
  }];
  let options = [
    Option<"disable", "noopt", "bool", /*default=*/"false",
           "tinygrad's NOOPT=1: record no tiling, no vectorization and no split">,
  ];
}

def TGCPUApplyOpts : Pass<"tg-cpu-apply-opts", "::mlir::ModuleOp"> {
  let summary = "Apply the recorded #tg.opts of each kernel";
  let description = [{
    For every kernel function with `tg.opts`, on tensors: moves the split
    loop outermost (interchange), tiles the main generic as recorded and
    vectorizes the tiles. Splitting itself happens at the kernel ABI
    (`tg-cpu-kernel-abi`), on the outermost loop.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect", "::mlir::arith::ArithDialect"];
}

def TGCPUKernelABI : Pass<"tg-cpu-kernel-abi", "::mlir::ModuleOp"> {
  let summary = "Give CPU kernels their worker split";
  let description = [{
    On kernels lowered to loops over memrefs: every kernel function gets two
    trailing `index` arguments, `worker` and `num_workers`, and its main loop
    nest's outermost loop (the split loop, when `tg.opts` has one) runs only
    the share `[worker·n/W, (worker+1)·n/W)` of its `n` iterations. The
    number of iterations is recorded as `tg.parallel_size` (1 when nothing
    is split) for the executable's launch plan. Calls from host code pass
    worker 0 of 1: the whole kernel.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TGCPUEntryPoints : Pass<"tg-cpu-entry-points", "::mlir::ModuleOp"> {
  let summary = "Add the tg_cpu_kernel_fn entry point of every kernel";
  let description = [{
    On the LLVM dialect: for every kernel function (bare-pointer calling
    convention, with `worker` and `num_workers` last), adds the external
    function `tg_kernel_<name>(void *const *buffers, i64 worker,
    i64 num_workers)` of tg_executable.h, which loads each buffer pointer
    and calls the kernel.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TG_TARGET_CPU_PASSES_TD
