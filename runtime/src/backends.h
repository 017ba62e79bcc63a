//===- backends.h - the built-in CPU backend and the plug-ins found -------===//
#ifndef TGRT_BACKENDS_H
#define TGRT_BACKENDS_H

#include "tg_backend.h"
#include "tgrt.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tgrt {

struct Backend {
  std::string name;        // "CPU", or the plug-in's file name part upper-cased
  std::string path;        // the plug-in's file; "built into libtgrt" for CPU
  const tg_backend *table = nullptr; // once loaded; plug-ins stay loaded for good
  bool stopsAtExit = false; // processIsExiting()'s handler is registered
};

// The backend named by the `length` characters at `name`, in any case: the
// built-in CPU, or the first plug-in file libtgrt-backend-<name>.so in the
// plug-in directories. Fails with TGRT_UNAVAILABLE and a sentence saying
// where it looked when there is none.
tgrt_status findBackend(const char *name, size_t length, Backend **backend);
// Every backend: CPU, then the plug-ins found, by name. Both look at the
// plug-in directories again, so TGRT_BACKEND_PATH is read as it is now.
std::vector<Backend *> allBackends();

// Loads a plug-in on first use and counts the backend's devices. Fails with
// TGRT_UNAVAILABLE and a sentence saying what is missing.
tgrt_status loadBackend(Backend &backend, int32_t *count);

// Whether the backend's table loads `kind` (tg_executable's binary kind).
bool loadsBinaryKind(const tg_backend &table, const char *kind);
// "cpu-elf", "spirv and cubin": the kinds a table loads, for messages.
std::string binaryKindList(const tg_backend &table);

} // namespace tgrt

#endif // TGRT_BACKENDS_H
