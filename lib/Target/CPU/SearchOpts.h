//===- SearchOpts.h - the CPU target's BEAM search space --------*- C++ -*-===//

#ifndef TG_LIB_TARGET_CPU_SEARCHOPTS_H
#define TG_LIB_TARGET_CPU_SEARCHOPTS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
class Operation;
namespace tg {

/// The CPU kernels' passes between tg-to-arith and tg-cpu-choose-opts: the
/// kernel as the optimizer sees it, which the search must see too.
/// Canonicalization and dropping unit dims can fold a kernel's last stage
/// away (an identity copy of a slice): its result must still end in the
/// output, hence materializing the results again.
constexpr llvm::StringLiteral kCPUPreparePipeline =
    "func.func(tg-cpu-fuse-pooling-inputs),tg-cpu-drop-unit-dims,"
    "func.func(tg-cpu-merge-split-loops),canonicalize,tg-materialize-kernel-results,"
    "func.func(tg-cpu-collapse-loops,tg-cpu-fold-permuted-stores,tg-cpu-slice-offset-reads)";

/// TargetBackend::searchOpts for the CPU: the #tg.opts one action away from
/// `current` for the kernel function `kernel` (stage 3), or, when `current`
/// is empty, tg-cpu-choose-opts's choice and no opts; empty when the kernel
/// has no main op to search over. `chooseOpts` is the machine's
/// tg-cpu-choose-opts pass, with its options.
std::vector<std::string> cpuSearchOpts(Operation *kernel, StringRef current, StringRef chooseOpts);

} // namespace tg
} // namespace mlir

#endif // TG_LIB_TARGET_CPU_SEARCHOPTS_H
