//===- Stages.h - stage 4 of a compile, and BEAM's search ------*- C++ -*-===//

#ifndef TG_LIB_COMPILER_STAGES_H
#define TG_LIB_COMPILER_STAGES_H

#include "tg/Compiler/Compiler.h"

namespace mlir {
class Operation;
namespace tg {

class ExecutableWriter;
class TargetBackend;
struct TargetOptions;
namespace viz {
class ProgramRecorder;
}

/// Stage 4 and the executable: `module` holds the kernels of stage 3 and the
/// host function `name`, whose signature `writer` has; `summaries` are the
/// kernels' estimates. `recorder` (VIZ) may be null; errors are emitted on
/// `where` when no op of the module is to blame.
FailureOr<Executable> finishCompile(ModuleOp module, StringRef name, const TargetBackend &target,
                                    const TargetOptions &targetOptions,
                                    const CompileOptions &options, ExecutableWriter &writer,
                                    ArrayRef<KernelSummary> summaries,
                                    viz::ProgramRecorder *recorder, Operation *where);

/// tinygrad's BEAM=options.beam for the kernels of `module` (stage 3) that
/// have no `tg.opts` yet: each gets the fastest opts found, from the disk
/// cache when it was searched before.
LogicalResult searchKernelOpts(ModuleOp module, const TargetBackend &target,
                               const TargetOptions &targetOptions,
                               const CompileOptions &options);

} // namespace tg
} // namespace mlir

#endif // TG_LIB_COMPILER_STAGES_H
