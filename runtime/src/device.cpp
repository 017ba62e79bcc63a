//===- device.cpp - opening devices by name -------------------------------===//

#include "device.h"

#include "backends.h"
#include "env.h"
#include "tg/Support/Knobs.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

using namespace tgrt;

// The evaluation batches of the main job (1000 images) free 74 MB activations
// every launch: a cap below that gave them back to the system each time, and
// every launch page-faulted them in again (2.5 M faults, 18 s of system time
// in a 32-second run).
static constexpr uint64_t kDefaultCacheCap = 1ull << 30;

// Devices are shared: opening "CPU" twice gives the same device (and the
// same cache and thread pool).
static std::mutex registryMutex;
static std::vector<Device *> openDevices;

static std::atomic<bool> exiting{false};

bool tgrt::processIsExiting() { return exiting.load(); }

// exit() runs handlers in reverse order of registration, so one registered
// after the backend's first device opened runs before the static destructors
// the driver registered while it loaded.
static void stopCallingBackendAtExit(Backend &backend) {
  if (backend.stopsAtExit)
    return;
  backend.stopsAtExit = true;
  std::atexit([] { exiting.store(true); });
}

// A device whose last reference is going away may still be listed; it must
// not come back to life.
static bool retainIfAlive(Device *device) {
  uint32_t refs = device->refs.load();
  while (refs != 0)
    if (device->refs.compare_exchange_weak(refs, refs + 1))
      return true;
  return false;
}

static tgrt_status cacheCap(uint64_t *cap, bool *isDefault) {
  const char *value = tg::knobs::value("LRU_CACHE_CAP");
  *cap = kDefaultCacheCap;
  *isDefault = !value;
  if (value && !parseByteSize(value, cap))
    return fail(TGRT_INVALID_ARGUMENT,
                "LRU_CACHE_CAP=\"%s\" is not a size (bytes, or a number with "
                "K, M or G as in 64M)", value);
  return TGRT_OK;
}

// The caller's handle of `device`: its live token retained, or a new token
// that takes a new reference. False when the device is closing.
static bool handOut(Device *device, tgrt_device *token) {
  HandleTable::Found found = handles().retain(device->token, HandleKind::Device);
  if (found.state == tg::HandleState::Live && found.object == device) {
    *token = device->token;
    return true;
  }
  if (!retainIfAlive(device))
    return false;
  device->token = *token = tokenFor(device);
  return true;
}

static tgrt_status openDevice(Backend &backend, int32_t index,
                              tgrt_device *token) {
  std::lock_guard<std::mutex> lock(registryMutex);
  for (Device *open : openDevices)
    if (open->backend == backend.table && open->index == index &&
        handOut(open, token))
      return succeed();

  uint64_t cap;
  bool capIsDefault;
  if (tgrt_status status = cacheCap(&cap, &capIsDefault))
    return status;
  void *handle = nullptr;
  BackendError error;
  if (backend.table->device_open(index, &handle, error.text) != 0)
    return fail(TGRT_BACKEND_ERROR, "%s:%d does not open: %s", backend.name.c_str(),
                index, error.reason());
  Device *opened = new (std::nothrow) Device(backend.table, index, handle, cap, capIsDefault);
  if (!opened) {
    backend.table->device_close(handle);
    return fail(TGRT_OUT_OF_MEMORY, "out of host memory opening %s:%d",
                backend.name.c_str(), index);
  }
  opened->name = format("%s:%d", backend.name.c_str(), index);
  openDevices.push_back(opened);
  stopCallingBackendAtExit(backend);
  opened->token = *token = tokenFor(opened);
  return succeed();
}

extern "C" tgrt_status tgrt_device_open(const char *name, tgrt_device *device) {
  if (!device)
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_device_open: `device` is NULL");
  *device = nullptr;
  // Messages quote the name as the user gave it.
  std::string quoted;
  if (!name || !*name) {
    name = tg::knobs::value("DEV");
    quoted = name ? format("DEV=\"%s\"", name) : "";
    if (!name)
      name = "CPU";
  }
  if (quoted.empty())
    quoted = format("\"%s\"", name);

  const char *colon = strchr(name, ':');
  size_t nameLength = colon ? static_cast<size_t>(colon - name) : strlen(name);
  uint64_t index = 0;
  if (colon && !parseCount(colon + 1, INT32_MAX, &index))
    return fail(TGRT_INVALID_ARGUMENT,
                "%s is not a device name: after ':' comes a device number, as "
                "in CUDA:1", quoted.c_str());
  Backend *backend;
  if (tgrt_status status = findBackend(name, nameLength, &backend))
    return status;

  int32_t count;
  if (tgrt_status status = loadBackend(*backend, &count))
    return status;
  if (index >= static_cast<uint64_t>(count))
    return fail(TGRT_NOT_FOUND,
                "there is no %s:%llu: the %s backend has %d device%s (%s:0 to "
                "%s:%d)", backend->name.c_str(), static_cast<unsigned long long>(index),
                backend->name.c_str(), count, count == 1 ? "" : "s", backend->name.c_str(),
                backend->name.c_str(), count - 1);
  return openDevice(*backend, static_cast<int32_t>(index), device);
}

void tgrt::releaseDevice(Device *device) {
  if (device->refs.fetch_sub(1) != 1)
    return;
  {
    std::lock_guard<std::mutex> lock(registryMutex);
    openDevices.erase(
        std::find(openDevices.begin(), openDevices.end(), device));
  }
  const tg_backend *backend = device->backend;
  void *handle = device->handle;
  // The cache frees through the backend device, so it goes first.
  delete device;
  backend->device_close(handle);
}

extern "C" tgrt_status tgrt_device_release(tgrt_device device) {
  return releaseToken<Device>(device, "tgrt_device_release", "device", releaseDevice);
}

extern "C" const char *tgrt_device_name(tgrt_device token) {
  Device *device = lookup<Device>(token, "tgrt_device_name", "device");
  if (!device)
    return "";
  succeed();
  return device->name.c_str();
}

extern "C" tgrt_status tgrt_device_memory_stats(tgrt_device token,
                                                tgrt_memory_stats *stats) {
  if (!stats)
    return fail(TGRT_INVALID_ARGUMENT,
                "tgrt_device_memory_stats: `stats` is NULL");
  Device *device = lookup<Device>(token, "tgrt_device_memory_stats", "device");
  if (!device)
    return TGRT_INVALID_ARGUMENT;
  device->cache.stats(&stats->fresh, &stats->reused, &stats->cached_bytes);
  return succeed();
}

extern "C" tgrt_status tgrt_device_synchronize(tgrt_device token) {
  Device *device = lookup<Device>(token, "tgrt_device_synchronize", "device");
  if (!device)
    return TGRT_INVALID_ARGUMENT;
  BackendError error;
  if (device->backend->synchronize(device->handle, error.text) != 0)
    return fail(TGRT_BACKEND_ERROR, "%s failed to synchronize: %s",
                device->name.c_str(), error.reason());
  return succeed();
}
