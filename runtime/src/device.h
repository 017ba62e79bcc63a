//===- device.h - an open device ------------------------------------------===//
#ifndef TGRT_DEVICE_H
#define TGRT_DEVICE_H

#include "memory_cache.h"
#include "tgrt.h"

#include <atomic>
#include <string>

// One per backend device, shared by every handle opened on it and kept alive
// by its buffers and executables.
struct tgrt_device_t {
  tgrt_device_t(const tg_backend *backend, int32_t index, void *handle,
                uint64_t cacheCap)
      : backend(backend), index(index), handle(handle),
        cache(backend, handle, cacheCap) {}

  const tg_backend *backend;
  int32_t index;
  void *handle;
  std::string name; // "CPU:0"
  std::atomic<uint32_t> refs{1};
  tgrt::MemoryCache cache;
};

namespace tgrt {
inline void retainDevice(tgrt_device device) { device->refs.fetch_add(1); }

// True once exit() has run the handler registered after a backend's first
// device opened. From then on releases do not call backends: the driver's
// own static objects (the Vulkan validation layer's, for one) may already
// be destroyed, and the process's memory goes back to the system anyway.
bool processIsExiting();
} // namespace tgrt

#endif // TGRT_DEVICE_H
