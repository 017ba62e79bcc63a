//===- backends.h - the four backends and their plug-ins ------------------===//
#ifndef TGRT_BACKENDS_H
#define TGRT_BACKENDS_H

#include "tg_backend.h"
#include "tgrt.h"

#include <cstddef>
#include <string>

namespace tgrt {

struct Backend {
  const char *name;     // "CPU", "CUDA", "HIP", "VULKAN"
  const char *library;  // the plug-in's file name; nullptr for the built-in CPU
  uint32_t binaryKind;  // what its executables hold
  const tg_backend *table; // once loaded; plug-ins stay loaded for good
  std::string path;     // where the plug-in was loaded from
  bool stopsAtExit = false; // processIsExiting()'s handler is registered
};

// The backend named by the `length` characters at `name`, in any case; nullptr
// when there is none.
Backend *findBackend(const char *name, size_t length);
// "CPU, CUDA, HIP and VULKAN", for messages.
const char *knownBackendNames();

// Loads a plug-in on first use and counts the backend's devices. Fails with
// TGRT_UNAVAILABLE and a sentence saying what is missing and where it looked.
tgrt_status loadBackend(Backend &backend, int32_t *count);

} // namespace tgrt

#endif // TGRT_BACKENDS_H
