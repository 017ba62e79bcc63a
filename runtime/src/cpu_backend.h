//===- cpu_backend.h - the built-in CPU backend ---------------------------===//
#ifndef TGRT_CPU_BACKEND_H
#define TGRT_CPU_BACKEND_H

#include "tg_backend.h"
#include "thread_pool.h"

#include <string>
#include <vector>

namespace tgrt {

const tg_backend *cpuBackend();

// The CPU backend's launch, with each worker's times in `spans` (resized to
// the workers that ran): what tgrt_executable_observe_workers reports.
void cpuLaunchTimed(void *device, void *kernel, const tg_kernel_desc *desc,
                    void *const *buffers, std::vector<ThreadPool::Span> *spans);

// The size of the CPU thread pool: THREADS, else NUM_CPU_THREADS, else the
// hardware's thread count. False with a sentence when a variable is not a
// positive number.
bool cpuThreadCount(unsigned *threads, std::string *error);

} // namespace tgrt

#endif // TGRT_CPU_BACKEND_H
