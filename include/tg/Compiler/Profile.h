//===- Profile.h - PROFILE=1: a Chrome trace of the process -----*- C++ -*-===//
//
// tinygrad's PROFILE: with PROFILE=1 the compiler, the tensor library and
// the tools record what they do as events of the Chrome trace format, on
// tracks: "compile" (each compile, its stages, and every pass in them), one
// per device (each kernel launch) and one per worker of a device that splits
// launches over workers ("CPU:0 worker 1": its part of each launch),
// "copies" (host to device and back) and
// "program cache" (hits and misses). The process writes them at exit to
// PROFILE_OUT (default profile.json), which Perfetto (ui.perfetto.dev) and
// chrome://tracing open. Without PROFILE nothing is recorded.
//
//===----------------------------------------------------------------------===//
#ifndef TG_COMPILER_PROFILE_H
#define TG_COMPILER_PROFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <string>
#include <utility>

namespace mlir {
class PassManager;
namespace tg::profile {

using Args = llvm::ArrayRef<std::pair<llvm::StringRef, std::string>>;

/// True when the PROFILE knob is set to something other than 0.
bool enabled();
/// Nanoseconds on the trace's clock (steady, from the process's first event).
uint64_t now();
/// A time of CLOCK_MONOTONIC (steady_clock's epoch), in nanoseconds, on the
/// trace's clock.
uint64_t fromMonotonic(uint64_t nanoseconds);
/// An event on `track` that began at `start` and lasted `duration` ns.
void complete(llvm::StringRef track, llvm::StringRef name, llvm::StringRef category,
              uint64_t start, uint64_t duration, Args args = {});
/// A moment on `track`.
void instant(llvm::StringRef track, llvm::StringRef name, llvm::StringRef category,
             Args args = {});

/// An event from construction to destruction; nothing when not enabled,
/// when `name` (a Twine, so a hot path builds no text) is never rendered.
class Span {
public:
  Span(llvm::StringRef track, const llvm::Twine &name, llvm::StringRef category);
  ~Span();
  Span(const Span &) = delete;
  Span &operator=(const Span &) = delete;

private:
  bool active_;
  std::string track_, name_, category_;
  uint64_t start_ = 0;
};

/// Records every pass `pm` runs as an event on "compile", inside the span
/// of the stage that runs it.
void instrument(PassManager &pm);

/// Where the trace goes: PROFILE_OUT, else profile.json.
std::string outputPath();

} // namespace tg::profile
} // namespace mlir

#endif // TG_COMPILER_PROFILE_H
