//===- LaunchTiming.cpp - DEBUG=1/2 launch times --------------------------===//

#include "tg/Compiler/LaunchTiming.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

void mlir::tg::observeLaunch(void *user, const char *kernel, uint64_t ns, uint64_t flops,
                             uint64_t bytes) {
  auto *timing = static_cast<LaunchTiming *>(user);
  ++timing->launches;
  timing->nanoseconds += ns;
  if (timing->perKernel) {
    double seconds = ns * 1e-9;
    llvm::errs() << llvm::format("  %-24s %9.3f us  %8.2f GFLOPS  %8.2f GB/s\n", kernel, ns * 1e-3,
                                 seconds > 0 ? flops / seconds * 1e-9 : 0.0,
                                 seconds > 0 ? bytes / seconds * 1e-9 : 0.0);
  }
}
