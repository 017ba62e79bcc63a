//===- cuda_driver.cpp - libtgrt-backend-cuda.so over the CUDA driver API -===//
//
// libcuda.so.1 comes with the NVIDIA driver, so the plug-in builds without the
// CUDA toolkit: it declares the few types and functions it calls itself.
// Each device is used through its primary context, the one the CUDA runtime
// would share, retained while the device is open.
//
//===----------------------------------------------------------------------===//

#include "gpu_backend.h"

#include <cstddef>
#include <cstdint>

namespace tgrt {
namespace gpu {
namespace {

// The driver API's types, with the ABI cuda.h gives them.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;

// The functions, under the names cuda.h's macros map them to.
struct CudaApi {
  CUresult (*cuInit)(unsigned flags);
  CUresult (*cuDeviceGetCount)(int *count);
  CUresult (*cuDeviceGet)(CUdevice *device, int ordinal);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *context, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice device);
  CUresult (*cuCtxSetCurrent)(CUcontext context);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc_v2)(CUdeviceptr *address, size_t size);
  CUresult (*cuMemFree_v2)(CUdeviceptr address);
  CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr dst, const void *src, size_t size);
  CUresult (*cuMemcpyDtoH_v2)(void *dst, CUdeviceptr src, size_t size);
  CUresult (*cuMemcpyDtoD_v2)(CUdeviceptr dst, CUdeviceptr src, size_t size);
  CUresult (*cuModuleLoadData)(CUmodule *module, const void *image);
  CUresult (*cuModuleUnload)(CUmodule module);
  CUresult (*cuModuleGetFunction)(CUfunction *function, CUmodule module,
                                  const char *name);
  CUresult (*cuLaunchKernel)(CUfunction function, unsigned gridX,
                             unsigned gridY, unsigned gridZ, unsigned blockX,
                             unsigned blockY, unsigned blockZ,
                             unsigned sharedBytes, CUstream stream,
                             void **params, void **extra);
  CUresult (*cuGetErrorName)(CUresult code, const char **name);
  CUresult (*cuGetErrorString)(CUresult code, const char **description);
};
CudaApi api;

const DriverSymbol kSymbols[] = {
    {"cuInit", &api.cuInit, true},
    {"cuDeviceGetCount", &api.cuDeviceGetCount, true},
    {"cuDeviceGet", &api.cuDeviceGet, true},
    {"cuDevicePrimaryCtxRetain", &api.cuDevicePrimaryCtxRetain, true},
    {"cuDevicePrimaryCtxRelease_v2", &api.cuDevicePrimaryCtxRelease_v2, true},
    {"cuCtxSetCurrent", &api.cuCtxSetCurrent, true},
    {"cuCtxSynchronize", &api.cuCtxSynchronize, true},
    {"cuMemAlloc_v2", &api.cuMemAlloc_v2, true},
    {"cuMemFree_v2", &api.cuMemFree_v2, true},
    {"cuMemcpyHtoD_v2", &api.cuMemcpyHtoD_v2, true},
    {"cuMemcpyDtoH_v2", &api.cuMemcpyDtoH_v2, true},
    {"cuMemcpyDtoD_v2", &api.cuMemcpyDtoD_v2, true},
    {"cuModuleLoadData", &api.cuModuleLoadData, true},
    {"cuModuleUnload", &api.cuModuleUnload, true},
    {"cuModuleGetFunction", &api.cuModuleGetFunction, true},
    {"cuLaunchKernel", &api.cuLaunchKernel, true},
    // Only for naming errors, so a driver without them still works.
    {"cuGetErrorName", &api.cuGetErrorName, false},
    {"cuGetErrorString", &api.cuGetErrorString, false},
    {nullptr, nullptr, false},
};

CUdeviceptr address(const void *memory) {
  return reinterpret_cast<uintptr_t>(memory);
}

const char *errorName(int code) {
  const char *name = nullptr;
  if (api.cuGetErrorName && api.cuGetErrorName(code, &name) != 0)
    return nullptr;
  return name;
}

const char *errorString(int code) {
  const char *description = nullptr;
  if (api.cuGetErrorString && api.cuGetErrorString(code, &description) != 0)
    return nullptr;
  return description;
}

DriverResult initialize(int32_t *count) {
  if (CUresult code = api.cuInit(0))
    return {code, "cuInit"};
  int devices = 0;
  if (CUresult code = api.cuDeviceGetCount(&devices))
    return {code, "cuDeviceGetCount"};
  *count = devices;
  return kDriverSuccess;
}

DriverResult openDevice(int32_t index, void **context) {
  CUdevice device;
  if (CUresult code = api.cuDeviceGet(&device, index))
    return {code, "cuDeviceGet"};
  CUcontext primary;
  if (CUresult code = api.cuDevicePrimaryCtxRetain(&primary, device))
    return {code, "cuDevicePrimaryCtxRetain"};
  *context = primary;
  return kDriverSuccess;
}

void closeDevice(int32_t index, void *) {
  CUdevice device;
  if (api.cuDeviceGet(&device, index) == 0)
    api.cuDevicePrimaryCtxRelease_v2(device);
}

DriverResult makeCurrent(int32_t, void *context) {
  return {api.cuCtxSetCurrent(static_cast<CUcontext>(context)),
          "cuCtxSetCurrent"};
}

DriverResult allocate(uint64_t size, void **memory) {
  CUdeviceptr allocated;
  if (CUresult code = api.cuMemAlloc_v2(&allocated, size))
    return {code, "cuMemAlloc_v2"};
  *memory = reinterpret_cast<void *>(allocated);
  return kDriverSuccess;
}

void freeMemory(void *memory) { api.cuMemFree_v2(address(memory)); }

DriverResult copyToDevice(void *dst, const void *host, uint64_t size) {
  return {api.cuMemcpyHtoD_v2(address(dst), host, size), "cuMemcpyHtoD_v2"};
}

DriverResult copyToHost(void *host, const void *src, uint64_t size) {
  return {api.cuMemcpyDtoH_v2(host, address(src), size), "cuMemcpyDtoH_v2"};
}

DriverResult copyOnDevice(void *dst, const void *src, uint64_t size) {
  return {api.cuMemcpyDtoD_v2(address(dst), address(src), size),
          "cuMemcpyDtoD_v2"};
}

// A cubin (ELF), or PTX that the driver compiles for the device.
DriverResult moduleLoad(const void *image, void **module) {
  CUmodule loaded;
  if (CUresult code = api.cuModuleLoadData(&loaded, image))
    return {code, "cuModuleLoadData"};
  *module = loaded;
  return kDriverSuccess;
}

void moduleUnload(void *module) {
  api.cuModuleUnload(static_cast<CUmodule>(module));
}

DriverResult functionGet(void *module, const char *symbol, void **function) {
  CUfunction found;
  if (CUresult code = api.cuModuleGetFunction(
          &found, static_cast<CUmodule>(module), symbol))
    return {code, "cuModuleGetFunction"};
  *function = found;
  return kDriverSuccess;
}

DriverResult launch(void *function, const uint32_t grid[3],
                    const uint32_t block[3], void **params) {
  return {api.cuLaunchKernel(static_cast<CUfunction>(function), grid[0],
                             grid[1], grid[2], block[0], block[1], block[2],
                             /*sharedBytes=*/0, /*stream=*/nullptr, params,
                             /*extra=*/nullptr),
          "cuLaunchKernel"};
}

DriverResult synchronize() {
  return {api.cuCtxSynchronize(), "cuCtxSynchronize"};
}

const char *const kLibraryNames[] = {"libcuda.so.1", nullptr};

const char *const kBinaryKinds[] = {"cubin", nullptr};

const GpuDriver kCudaDriver = {
    "CUDA", kBinaryKinds, "TGRT_CUDA_LIBRARY", kLibraryNames,
    "the NVIDIA driver", kSymbols,
    errorName, errorString, initialize, openDevice, closeDevice, makeCurrent,
    allocate, freeMemory, copyToDevice, copyToHost, copyOnDevice,
    moduleLoad, moduleUnload, functionGet, launch, synchronize,
};

} // namespace

const GpuDriver &pluginDriver() { return kCudaDriver; }

} // namespace gpu
} // namespace tgrt
