//===- Viz.h - VIZ=1: an HTML page of what the process compiled -*- C++ -*-===//
//
// tinygrad's VIZ: with VIZ=1 every compile (compileFunction, so tg-run,
// tg-compile and the tensor library alike) is recorded: the tensor graph
// it was given, the kernels it made, and the module after every pass, per
// top-level symbol, with the pass's time, the patterns it tried and the
// lines it changed. At exit the process writes one self-contained page to
// VIZ_OUT (default viz.html) that steps through them. The disk cache is
// not read while VIZ is on, so that every program is compiled and shown.
//
//===----------------------------------------------------------------------===//
#ifndef TG_COMPILER_VIZ_H
#define TG_COMPILER_VIZ_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace mlir {
class PassManager;
namespace func {
class FuncOp;
}
namespace tg {
struct KernelSummary;
namespace viz {

/// True when the VIZ knob is set to something other than 0.
bool enabled();

/// Where the page goes: VIZ_OUT, else viz.html.
std::string outputPath();

struct ProgramRecord;

/// Records one compile, from its tensor graph to its kernels; nothing when
/// VIZ is off. The record joins the page when the recorder is destroyed,
/// so a failed compile is on it too, up to its last pass.
class ProgramRecorder {
public:
  ProgramRecorder(func::FuncOp function, llvm::StringRef device);
  ~ProgramRecorder();
  ProgramRecorder(const ProgramRecorder &) = delete;
  ProgramRecorder &operator=(const ProgramRecorder &) = delete;

  /// Records every pass `pm` runs as a step of the stage `stage`. Turns off
  /// the context's threads, so that passes on functions run in order.
  void instrument(PassManager &pm, llvm::StringRef stage);
  void setKernels(llvm::ArrayRef<KernelSummary> kernels);

private:
  std::unique_ptr<ProgramRecord> record_;
};

} // namespace viz
} // namespace tg
} // namespace mlir

#endif // TG_COMPILER_VIZ_H
