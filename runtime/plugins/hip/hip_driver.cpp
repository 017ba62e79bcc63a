//===- hip_driver.cpp - libtgrt-backend-hip.so over ROCm's HIP runtime ----===//
//
// The plug-in builds without ROCm: it declares the few types and functions of
// libamdhip64 it calls itself. HIP has no handle per device: a thread's
// current device is set by index.
//
//===----------------------------------------------------------------------===//

#include "gpu_backend.h"

#include <cstddef>

namespace tgrt {
namespace gpu {
namespace {

// HIP's types, with the ABI hip_runtime_api.h gives them.
using hipError_t = int;
using hipModule_t = struct ihipModule_t *;
using hipFunction_t = struct ihipModuleSymbol_t *;
using hipStream_t = struct ihipStream_t *;
enum hipMemcpyKind {
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
};

struct HipApi {
  hipError_t (*hipInit)(unsigned flags);
  hipError_t (*hipGetDeviceCount)(int *count);
  hipError_t (*hipSetDevice)(int device);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipMalloc)(void **address, size_t size);
  hipError_t (*hipFree)(void *address);
  hipError_t (*hipMemcpy)(void *dst, const void *src, size_t size,
                          hipMemcpyKind kind);
  hipError_t (*hipModuleLoadData)(hipModule_t *module, const void *image);
  hipError_t (*hipModuleUnload)(hipModule_t module);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *function,
                                     hipModule_t module, const char *name);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t function, unsigned gridX,
                                      unsigned gridY, unsigned gridZ,
                                      unsigned blockX, unsigned blockY,
                                      unsigned blockZ, unsigned sharedBytes,
                                      hipStream_t stream, void **params,
                                      void **extra);
  const char *(*hipGetErrorName)(hipError_t code);
  const char *(*hipGetErrorString)(hipError_t code);
};
HipApi api;

const DriverSymbol kSymbols[] = {
    {"hipInit", &api.hipInit, true},
    {"hipGetDeviceCount", &api.hipGetDeviceCount, true},
    {"hipSetDevice", &api.hipSetDevice, true},
    {"hipDeviceSynchronize", &api.hipDeviceSynchronize, true},
    {"hipMalloc", &api.hipMalloc, true},
    {"hipFree", &api.hipFree, true},
    {"hipMemcpy", &api.hipMemcpy, true},
    {"hipModuleLoadData", &api.hipModuleLoadData, true},
    {"hipModuleUnload", &api.hipModuleUnload, true},
    {"hipModuleGetFunction", &api.hipModuleGetFunction, true},
    {"hipModuleLaunchKernel", &api.hipModuleLaunchKernel, true},
    // Only for naming errors, so a runtime without them still works.
    {"hipGetErrorName", &api.hipGetErrorName, false},
    {"hipGetErrorString", &api.hipGetErrorString, false},
    {nullptr, nullptr, false},
};

const char *errorName(int code) {
  return api.hipGetErrorName ? api.hipGetErrorName(code) : nullptr;
}

const char *errorString(int code) {
  return api.hipGetErrorString ? api.hipGetErrorString(code) : nullptr;
}

DriverResult initialize(int32_t *count) {
  if (hipError_t code = api.hipInit(0))
    return {code, "hipInit"};
  int devices = 0;
  if (hipError_t code = api.hipGetDeviceCount(&devices))
    return {code, "hipGetDeviceCount"};
  *count = devices;
  return kDriverSuccess;
}

DriverResult makeCurrent(int32_t index, void *) {
  return {api.hipSetDevice(index), "hipSetDevice"};
}

// Selecting the device checks that it can be used.
DriverResult openDevice(int32_t index, void **) {
  return makeCurrent(index, nullptr);
}

void closeDevice(int32_t, void *) {}

DriverResult allocate(uint64_t size, void **memory) {
  return {api.hipMalloc(memory, size), "hipMalloc"};
}

void freeMemory(void *memory) { api.hipFree(memory); }

DriverResult copyToDevice(void *dst, const void *host, uint64_t size) {
  return {api.hipMemcpy(dst, host, size, hipMemcpyHostToDevice), "hipMemcpy"};
}

DriverResult copyToHost(void *host, const void *src, uint64_t size) {
  return {api.hipMemcpy(host, src, size, hipMemcpyDeviceToHost), "hipMemcpy"};
}

DriverResult copyOnDevice(void *dst, const void *src, uint64_t size) {
  return {api.hipMemcpy(dst, src, size, hipMemcpyDeviceToDevice),
          "hipMemcpy"};
}

DriverResult moduleLoad(const void *image, void **module) {
  hipModule_t loaded;
  if (hipError_t code = api.hipModuleLoadData(&loaded, image))
    return {code, "hipModuleLoadData"};
  *module = loaded;
  return kDriverSuccess;
}

void moduleUnload(void *module) {
  api.hipModuleUnload(static_cast<hipModule_t>(module));
}

DriverResult functionGet(void *module, const char *symbol, void **function) {
  hipFunction_t found;
  if (hipError_t code = api.hipModuleGetFunction(
          &found, static_cast<hipModule_t>(module), symbol))
    return {code, "hipModuleGetFunction"};
  *function = found;
  return kDriverSuccess;
}

DriverResult launch(void *function, const uint32_t grid[3],
                    const uint32_t block[3], void **params) {
  return {api.hipModuleLaunchKernel(static_cast<hipFunction_t>(function),
                                    grid[0], grid[1], grid[2], block[0],
                                    block[1], block[2], /*sharedBytes=*/0,
                                    /*stream=*/nullptr, params,
                                    /*extra=*/nullptr),
          "hipModuleLaunchKernel"};
}

DriverResult synchronize() {
  return {api.hipDeviceSynchronize(), "hipDeviceSynchronize"};
}

// The development symlink first; else the runtime's own file, of ROCm 6 or of
// ROCm 5 (which Debian 12 ships as libamdhip64-5, without the symlink).
const char *const kLibraryNames[] = {"libamdhip64.so", "libamdhip64.so.6",
                                     "libamdhip64.so.5", nullptr};

const char *const kBinaryKinds[] = {"hsaco", nullptr};

const GpuDriver kHipDriver = {
    "HIP", kBinaryKinds, "TGRT_HIP_LIBRARY", kLibraryNames,
    "ROCm's HIP runtime", kSymbols,
    errorName, errorString, initialize, openDevice, closeDevice, makeCurrent,
    allocate, freeMemory, copyToDevice, copyToHost, copyOnDevice,
    moduleLoad, moduleUnload, functionGet, launch, synchronize,
};

} // namespace

const GpuDriver &pluginDriver() { return kHipDriver; }

} // namespace gpu
} // namespace tgrt
