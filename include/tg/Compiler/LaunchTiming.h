//===- LaunchTiming.h - DEBUG=1/2 launch times -------------------*- C++ -*-===//
#ifndef TG_COMPILER_LAUNCHTIMING_H
#define TG_COMPILER_LAUNCHTIMING_H

#include <cstdint>
#include <string>

typedef struct tgrt_executable_t *tgrt_executable;

namespace mlir::tg {

/// What a run's launches took, summed; with `perKernel` (DEBUG=2) each
/// launch is also printed with its GFLOPS and GB/s, and added to the
/// process's totals, which the process prints as its last line, as
/// tinygrad's DEBUG=2 ends:
///   *** total   42 launches of 7 kernels  12.345 ms  3.21 GFLOP (260 GFLOPS)  0.12 GB (9.7 GB/s)
struct LaunchTiming {
  uint64_t launches = 0, nanoseconds = 0;
  bool perKernel = false;
  /// The device's name, the track of its launches in PROFILE's trace.
  std::string device;
};

/// Has `timing` observe the executable's launches when DEBUG>=1 or PROFILE
/// asks for them, and with PROFILE each worker's part of every launch too
/// (on the device's worker tracks); stops observing otherwise.
void observeLaunches(tgrt_executable executable, LaunchTiming &timing, int debug);

} // namespace mlir::tg

#endif // TG_COMPILER_LAUNCHTIMING_H
