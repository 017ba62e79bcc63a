//===- device.h - an open device ------------------------------------------===//
#ifndef TGRT_DEVICE_H
#define TGRT_DEVICE_H

#include "handles.h"
#include "memory_cache.h"

#include <atomic>
#include <string>

namespace tgrt {

// One per backend device, shared by every handle opened on it and kept alive
// by its buffers and executables.
struct Device {
  Device(const tg_backend *backend, int32_t index, void *handle, uint64_t cacheCap,
         bool cacheCapIsDefault)
      : backend(backend), index(index), handle(handle), cacheCapIsDefault(cacheCapIsDefault),
        cache(backend, handle, cacheCap) {}

  const tg_backend *backend;
  int32_t index;
  void *handle;
  std::string name; // "CPU:0"
  std::atomic<uint32_t> refs{1};
  // Without LRU_CACHE_CAP, the cache grows to hold what the largest run of an
  // executable loaded here allocates (tgrt_executable_load).
  bool cacheCapIsDefault;
  MemoryCache cache;
  // The token the caller's handles share while any is live; a later open
  // retains it, or makes a new one once it has died.
  tgrt_device token = nullptr;
};

inline void retainDevice(Device *device) { device->refs.fetch_add(1); }
// Drops a reference; the last one closes the device.
void releaseDevice(Device *device);
} // namespace tgrt

#endif // TGRT_DEVICE_H
