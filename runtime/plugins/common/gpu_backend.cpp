//===- gpu_backend.cpp - the tg_backend table over a GpuDriver ------------===//
//
// The driver library is opened by the first device_count or device_open and,
// once it has initialized and found a device, stays for the life of the
// process. A failed attempt leaves nothing behind, so the next call tries
// again from the start.
//
//===----------------------------------------------------------------------===//

#include "gpu_backend.h"

#include "elf_bounds.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <memory>
#include <mutex>
#include <new>
#include <string>

namespace tgrt {
namespace gpu {
namespace {

static_assert(sizeof(void *) == sizeof(void (*)()),
              "dlsym hands out function addresses as void *");

using ull = unsigned long long;

struct GpuDevice {
  int32_t index;
  void *context;
};

std::mutex loadMutex;
void *driverLibrary = nullptr; // once the driver has found its devices
int32_t driverDevices = 0;

// "<prefix>cuLaunchKernel returned CUDA_ERROR_LAUNCH_FAILED (unspecified
// launch failure)", with whatever of the name and description the driver
// knows.
int driverFailure(char *error, DriverResult result, const char *prefix = "") {
  const GpuDriver &driver = pluginDriver();
  const char *name = driver.errorName(result.code);
  const char *description = driver.errorString(result.code);
  char number[32];
  if (!name) {
    std::snprintf(number, sizeof number, "error %d", result.code);
    name = number;
  }
  if (!description || std::strcmp(description, name) == 0)
    return tg_backend_error(error, "%s%s returned %s", prefix, result.call, name);
  return tg_backend_error(error, "%s%s returned %s (%s)", prefix, result.call, name,
                  description);
}

// The library named by the driver's variable when that is set, else the
// first of its usual names that loads; `name` says which.
void *openLibrary(const GpuDriver &driver, const char **name, char *error) {
  const char *chosen = std::getenv(driver.libraryVariable);
  if (chosen && *chosen) {
    *name = chosen;
    void *library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    if (!library)
      tg_backend_error(error, "%s=%s does not load: dlopen: %s",
               driver.libraryVariable, chosen, dlerror());
    return library;
  }
  std::string names, reasons;
  for (const char *const *candidate = driver.libraryNames; *candidate;
       ++candidate) {
    *name = *candidate;
    if (void *library = dlopen(*candidate, RTLD_NOW | RTLD_LOCAL))
      return library;
    names += (names.empty() ? "" : ", ") + std::string(*candidate);
    reasons += (reasons.empty() ? "" : "; ") + std::string(dlerror());
  }
  if (driver.libraryNames[1])
    tg_backend_error(error, "none of %s is installed (%s): dlopen: %s", names.c_str(),
             driver.libraryProvider, reasons.c_str());
  else
    tg_backend_error(error, "%s is not installed (%s): dlopen: %s", names.c_str(),
             driver.libraryProvider, reasons.c_str());
  return nullptr;
}

bool resolveSymbols(const GpuDriver &driver, void *library, const char *name,
                    char *error) {
  std::string missing;
  for (const DriverSymbol *symbol = driver.symbols; symbol->name; ++symbol) {
    void *address = dlsym(library, symbol->name);
    std::memcpy(symbol->slot, &address, sizeof address);
    if (!address && symbol->required)
      missing += (missing.empty() ? "" : ", ") + std::string(symbol->name);
  }
  if (missing.empty())
    return true;
  tg_backend_error(error, "%s lacks %s: it is not %s, or a version too old for this "
           "plug-in", name, missing.c_str(), driver.libraryProvider);
  return false;
}

// Under loadMutex: whether the driver is loaded and has devices, trying to
// get there if it is not.
bool loadDriver(char *error) {
  if (driverLibrary)
    return true;
  const GpuDriver &driver = pluginDriver();
  const char *name = nullptr;
  void *library = openLibrary(driver, &name, error);
  if (!library)
    return false;
  if (!resolveSymbols(driver, library, name, error)) {
    dlclose(library);
    return false;
  }
  int32_t count = 0;
  DriverResult result = driver.initialize(&count);
  if (result.code || count <= 0) {
    char prefix[64];
    std::snprintf(prefix, sizeof prefix, "found no %s device: ",
                  driver.backend);
    if (result.code)
      driverFailure(error, result, prefix);
    else
      tg_backend_error(error, "%s%s counts %d devices", prefix, name, count);
    dlclose(library);
    return false;
  }
  driverLibrary = library;
  driverDevices = count;
  return true;
}

// The runtime may call any entry point from any thread, and a driver's
// current device is per thread: each entry point makes its device current.
DriverResult makeCurrent(void *device) {
  const GpuDevice &gpu = *static_cast<GpuDevice *>(device);
  return pluginDriver().makeCurrent(gpu.index, gpu.context);
}

// `call` with `device` current: 0, or 1 with the failure in `error`.
template <class Call> int onDevice(void *device, char *error, Call call) {
  DriverResult result = makeCurrent(device);
  if (!result.code)
    result = call();
  return result.code ? driverFailure(error, result) : 0;
}

// The device address `offset` bytes into `memory`.
void *at(const void *memory, uint64_t offset) {
  return reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(memory) + offset);
}

bool isElf(const void *binary, uint64_t size) {
  return size >= SELFMAG && std::memcmp(binary, ELFMAG, SELFMAG) == 0;
}

int deviceCount(int32_t *count, char *error) {
  std::lock_guard<std::mutex> lock(loadMutex);
  *count = loadDriver(error) ? driverDevices : 0;
  return *count > 0 ? 0 : 1;
}

int deviceOpen(int32_t index, void **device, char *error) {
  const GpuDriver &driver = pluginDriver();
  {
    std::lock_guard<std::mutex> lock(loadMutex);
    if (!loadDriver(error))
      return 1;
    if (index < 0 || index >= driverDevices)
      return tg_backend_error(error, "there is no %s device %d: the driver counts %d",
                      driver.backend, index, driverDevices);
  }
  GpuDevice *opened = new (std::nothrow) GpuDevice{index, nullptr};
  if (!opened)
    return tg_backend_error(error, "out of host memory opening %s device %d",
                    driver.backend, index);
  DriverResult result = driver.open(index, &opened->context);
  if (result.code) {
    delete opened;
    return driverFailure(error, result);
  }
  *device = opened;
  return 0;
}

void deviceClose(void *device) {
  GpuDevice *gpu = static_cast<GpuDevice *>(device);
  pluginDriver().close(gpu->index, gpu->context);
  delete gpu;
}

int allocate(void *device, uint64_t size, void **memory, char *error) {
  // Drivers refuse zero bytes; one byte is a distinct address like any other.
  return onDevice(device, error, [&] {
    return pluginDriver().alloc(size ? size : 1, memory);
  });
}

// Nothing can report a failure here: the memory is given up either way.
void freeMemory(void *device, void *memory) {
  makeCurrent(device);
  pluginDriver().free(memory);
}

int writeMemory(void *device, void *memory, uint64_t offset, const void *host,
                uint64_t size, char *error) {
  if (size == 0)
    return 0;
  return onDevice(device, error, [&] {
    return pluginDriver().copyToDevice(at(memory, offset), host, size);
  });
}

int readMemory(void *device, const void *memory, uint64_t offset, void *host,
               uint64_t size, char *error) {
  if (size == 0)
    return 0;
  return onDevice(device, error, [&] {
    return pluginDriver().copyToHost(host, at(memory, offset), size);
  });
}

int copyMemory(void *device, void *dst, const void *src, uint64_t size,
               char *error) {
  if (size == 0)
    return 0;
  return onDevice(device, error, [&] {
    return pluginDriver().copyOnDevice(dst, src, size);
  });
}

int moduleLoad(void *device, const void *binary, uint64_t size, void **module,
               char *error) {
  const GpuDriver &driver = pluginDriver();
  if (size == 0)
    return tg_backend_error(error, "the %s binary is empty", driver.backend);
  if (isElf(binary, size)) {
    if (!elfFitsInSize(binary, size, "the ELF code object", error))
      return 1;
    return onDevice(device, error,
                    [&] { return driver.moduleLoad(binary, module); });
  }
  // Anything else may be text for the driver's compiler (PTX for CUDA), which
  // it reads up to a NUL that the executable need not hold; a binary format
  // that is not ELF carries its own size, and the copy does it no harm.
  std::unique_ptr<char[]> text(new (std::nothrow) char[size + 1]);
  if (!text)
    return tg_backend_error(error, "out of host memory copying a %llu-byte %s binary",
                    ull(size), driver.backend);
  std::memcpy(text.get(), binary, size);
  text[size] = '\0';
  return onDevice(device, error,
                  [&] { return driver.moduleLoad(text.get(), module); });
}

void moduleUnload(void *device, void *module) {
  makeCurrent(device);
  pluginDriver().moduleUnload(module);
}

int kernelGet(void *device, void *module, const char *symbol, void **kernel,
              char *error) {
  return onDevice(device, error, [&] {
    return pluginDriver().functionGet(module, symbol, kernel);
  });
}

int launch(void *device, void *kernel, const tg_kernel_desc *desc,
           void *const *buffers, uint32_t numBuffers, char *error) {
  for (int d = 0; d < 3; ++d)
    if (desc->grid[d] == 0 || desc->block[d] == 0)
      return tg_backend_error(error, "the launch is a grid of %ux%ux%u blocks of "
                      "%ux%ux%u threads, but every extent must be at least 1",
                      desc->grid[0], desc->grid[1], desc->grid[2],
                      desc->block[0], desc->block[1], desc->block[2]);
  // The compiler lowers memrefs to bare pointers, so argument i is buffer i's
  // device address; the driver takes a pointer to each argument's value.
  std::unique_ptr<void *[]> params(new (std::nothrow) void *[numBuffers]);
  if (!params)
    return tg_backend_error(error, "out of host memory for %u kernel arguments",
                    numBuffers);
  for (uint32_t i = 0; i < numBuffers; ++i)
    params[i] = const_cast<void **>(&buffers[i]);
  return onDevice(device, error, [&] {
    return pluginDriver().launch(kernel, desc->grid, desc->block,
                                 params.get());
  });
}

int synchronize(void *device, char *error) {
  return onDevice(device, error, [] { return pluginDriver().synchronize(); });
}

} // namespace
} // namespace gpu
} // namespace tgrt

extern "C" __attribute__((visibility("default"))) const tg_backend *
tg_backend_get(uint32_t abi_version) {
  using namespace tgrt::gpu;
  static const tg_backend table = {
      TG_BACKEND_ABI_VERSION, pluginDriver().backend, pluginDriver().binaryKinds,
      deviceCount, deviceOpen, deviceClose,
      allocate, freeMemory, writeMemory, readMemory, copyMemory,
      moduleLoad, moduleUnload, kernelGet, launch, synchronize,
  };
  return abi_version == TG_BACKEND_ABI_VERSION ? &table : nullptr;
}
