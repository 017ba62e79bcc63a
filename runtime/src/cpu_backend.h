//===- cpu_backend.h - the built-in CPU backend ---------------------------===//
#ifndef TGRT_CPU_BACKEND_H
#define TGRT_CPU_BACKEND_H

#include "tg_backend.h"

#include <string>

namespace tgrt {

const tg_backend *cpuBackend();

// The size of the CPU thread pool: THREADS, else NUM_CPU_THREADS, else the
// hardware's thread count. False with a sentence when a variable is not a
// positive number.
bool cpuThreadCount(unsigned *threads, std::string *error);

} // namespace tgrt

#endif // TGRT_CPU_BACKEND_H
