//===- LaunchTiming.h - DEBUG=1/2 launch times -------------------*- C++ -*-===//
#ifndef TG_COMPILER_LAUNCHTIMING_H
#define TG_COMPILER_LAUNCHTIMING_H

#include <cstdint>

namespace mlir::tg {

/// What a run's launches took, summed; with `perKernel` (DEBUG=2) each
/// launch is also printed with its GFLOPS and GB/s.
struct LaunchTiming {
  uint64_t launches = 0, nanoseconds = 0;
  bool perKernel = false;
};

/// A tgrt_launch_observer_fn whose `user` is a LaunchTiming.
void observeLaunch(void *user, const char *kernel, uint64_t ns, uint64_t flops, uint64_t bytes);

} // namespace mlir::tg

#endif // TG_COMPILER_LAUNCHTIMING_H
