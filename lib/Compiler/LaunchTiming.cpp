//===- LaunchTiming.cpp - DEBUG=1/2 launch times --------------------------===//

#include "tg/Compiler/LaunchTiming.h"

#include "tg/Compiler/Profile.h"

#include "tgrt.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace {

/// Every launch DEBUG=2 printed in this process.
struct Totals {
  std::mutex mutex;
  uint64_t launches = 0, nanoseconds = 0, flops = 0, bytes = 0;
  llvm::StringSet<> kernels;
};

Totals &totals() {
  static auto *all = new Totals(); // read by an atexit handler
  return *all;
}

void printTotals() {
  Totals &all = totals();
  std::lock_guard<std::mutex> lock(all.mutex);
  double seconds = all.nanoseconds * 1e-9;
  double rate = seconds > 0 ? 1 / seconds : 0;
  // stdio: LLVM's streams may be gone by the time exit() calls this.
  std::fflush(stdout);
  std::fprintf(stderr,
               "*** total %6llu launches of %zu kernels  %10.3f ms  %8.3f GFLOP (%.1f GFLOPS)  "
               "%8.3f GB (%.1f GB/s)\n",
               (unsigned long long)all.launches, size_t(all.kernels.size()), seconds * 1e3,
               all.flops * 1e-9, all.flops * 1e-9 * rate, all.bytes * 1e-9,
               all.bytes * 1e-9 * rate);
}

void addToTotals(const char *kernel, uint64_t ns, uint64_t flops, uint64_t bytes) {
  Totals &all = totals();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (all.launches++ == 0)
    std::atexit(printTotals);
  all.nanoseconds += ns;
  all.flops += flops;
  all.bytes += bytes;
  all.kernels.insert(kernel);
}

/// A tgrt_launch_observer_fn whose `user` is a LaunchTiming.
void observeLaunch(void *user, const char *kernel, uint64_t ns, uint64_t flops, uint64_t bytes) {
  auto *timing = static_cast<mlir::tg::LaunchTiming *>(user);
  ++timing->launches;
  timing->nanoseconds += ns;
  // The observer is called as the launch ends, the device drained.
  if (mlir::tg::profile::enabled())
    mlir::tg::profile::complete(timing->device, kernel, "launch", mlir::tg::profile::now() - ns, ns,
                                {{"flops", std::to_string(flops)}, {"bytes", std::to_string(bytes)}});
  if (timing->perKernel) {
    double seconds = ns * 1e-9;
    llvm::errs() << llvm::format("  %-24s %9.3f us  %8.2f GFLOPS  %8.2f GB/s\n", kernel, ns * 1e-3,
                                 seconds > 0 ? flops / seconds * 1e-9 : 0.0,
                                 seconds > 0 ? bytes / seconds * 1e-9 : 0.0);
    addToTotals(kernel, ns, flops, bytes);
  }
}

/// A tgrt_worker_observer_fn whose `user` is a LaunchTiming: the worker's
/// part of the launch on the device's track for that worker.
void observeWorker(void *user, const char *kernel, uint32_t worker, uint64_t start, uint64_t ns) {
  auto *timing = static_cast<mlir::tg::LaunchTiming *>(user);
  mlir::tg::profile::complete(timing->device + " worker " + std::to_string(worker), kernel,
                              "worker", mlir::tg::profile::fromMonotonic(start), ns);
}

} // namespace

void mlir::tg::observeLaunches(tgrt_executable executable, LaunchTiming &timing, int debug) {
  bool profiling = profile::enabled();
  tgrt_executable_observe(executable, debug >= 1 || profiling ? observeLaunch : nullptr, &timing);
  tgrt_executable_observe_workers(executable, profiling ? observeWorker : nullptr, &timing);
}
