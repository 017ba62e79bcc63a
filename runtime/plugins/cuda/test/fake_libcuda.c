/*===- fake_libcuda.c - the CUDA driver API over the fake GPU -------------===*
 *
 * What the CUDA plug-in's tests load through TGRT_CUDA_LIBRARY in place of
 * libcuda.so.1: the functions the plug-in resolves, with the driver's error
 * codes, over fake_gpu.c. Each device has a primary context; nothing is
 * current on a thread until cuCtxSetCurrent makes a retained one current.
 * Built with FAKE_INCOMPLETE it lacks cuLaunchKernel, as a library that is
 * not the driver would.
 *
 *===----------------------------------------------------------------------===*/
#include "fake_gpu.h"

#include <pthread.h>
#include <stdint.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct context *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;

const int fake_default_device = -1;

const struct fake_error fake_errors[FAKE_STATUS_COUNT] = {
    [FAKE_SUCCESS] = {0, "CUDA_SUCCESS", "no error"},
    [FAKE_INVALID_VALUE] = {1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    [FAKE_OUT_OF_MEMORY] = {2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    [FAKE_NOT_INITIALIZED] = {3, "CUDA_ERROR_NOT_INITIALIZED",
                              "initialization error"},
    [FAKE_NO_DEVICE] = {100, "CUDA_ERROR_NO_DEVICE",
                        "no CUDA-capable device is detected"},
    [FAKE_INVALID_DEVICE] = {101, "CUDA_ERROR_INVALID_DEVICE",
                             "invalid device ordinal"},
    [FAKE_NO_CURRENT_DEVICE] = {201, "CUDA_ERROR_INVALID_CONTEXT",
                                "invalid device context"},
    [FAKE_WRONG_DEVICE] = {201, "CUDA_ERROR_INVALID_CONTEXT",
                           "invalid device context"},
    [FAKE_INVALID_IMAGE] = {200, "CUDA_ERROR_INVALID_IMAGE",
                            "device kernel image is invalid"},
    [FAKE_NOT_FOUND] = {500, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    [FAKE_LAUNCH_FAILED] = {719, "CUDA_ERROR_LAUNCH_FAILED",
                            "unspecified launch failure"},
};

struct context {
  int device;
  int retains;
};
static struct context primary[FAKE_DEVICE_COUNT] = {{0, 0}, {1, 0}};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static CUresult result(fake_status status) { return fake_errors[status].code; }

static void *pointer(CUdeviceptr address) { return (void *)(uintptr_t)address; }

/* What the tests read: how many retains of primary contexts are unreleased. */
int fake_cuda_retained_contexts(void) {
  pthread_mutex_lock(&lock);
  int retains = 0;
  for (int d = 0; d < FAKE_DEVICE_COUNT; ++d)
    retains += primary[d].retains;
  pthread_mutex_unlock(&lock);
  return retains;
}

CUresult cuInit(unsigned flags) {
  return flags ? result(FAKE_INVALID_VALUE) : result(fake_init());
}

CUresult cuDeviceGetCount(int *count) {
  return result(fake_device_count(count));
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  fake_status status = device ? fake_check_device(ordinal) : FAKE_INVALID_VALUE;
  if (status == FAKE_SUCCESS)
    *device = ordinal;
  return result(status);
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  fake_status status = context ? fake_check_device(device) : FAKE_INVALID_VALUE;
  if (status)
    return result(status);
  pthread_mutex_lock(&lock);
  ++primary[device].retains;
  pthread_mutex_unlock(&lock);
  *context = &primary[device];
  return result(FAKE_SUCCESS);
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device) {
  fake_status status = fake_check_device(device);
  if (status)
    return result(status);
  pthread_mutex_lock(&lock);
  if (primary[device].retains == 0)
    status = FAKE_NO_CURRENT_DEVICE;
  else
    --primary[device].retains;
  pthread_mutex_unlock(&lock);
  return result(status);
}

CUresult cuCtxSetCurrent(CUcontext context) {
  if (!context)
    return result(fake_select(-1));
  int device = (int)(context - primary);
  pthread_mutex_lock(&lock);
  int retained = device >= 0 && device < FAKE_DEVICE_COUNT &&
                 primary[device].retains > 0;
  pthread_mutex_unlock(&lock);
  return result(retained ? fake_select(device) : FAKE_NO_CURRENT_DEVICE);
}

CUresult cuCtxSynchronize(void) { return result(fake_synchronize()); }

CUresult cuMemAlloc_v2(CUdeviceptr *address, size_t size) {
  void *allocated;
  fake_status status = address ? fake_alloc(size, &allocated)
                               : FAKE_INVALID_VALUE;
  if (status == FAKE_SUCCESS)
    *address = (uintptr_t)allocated;
  return result(status);
}

CUresult cuMemFree_v2(CUdeviceptr address) {
  return result(fake_free(pointer(address)));
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t size) {
  return result(fake_copy_to_device(pointer(dst), src, size));
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t size) {
  return result(fake_copy_to_host(dst, pointer(src), size));
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t size) {
  return result(fake_copy_on_device(pointer(dst), pointer(src), size));
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  return result(fake_module_load(image, module));
}

CUresult cuModuleUnload(CUmodule module) {
  return result(fake_module_unload(module));
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  return result(fake_function_get(module, name, function));
}

#ifndef FAKE_INCOMPLETE
CUresult cuLaunchKernel(CUfunction function, unsigned gridX, unsigned gridY,
                        unsigned gridZ, unsigned blockX, unsigned blockY,
                        unsigned blockZ, unsigned sharedBytes, CUstream stream,
                        void **params, void **extra) {
  unsigned grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  return result(fake_launch(function, grid, block, sharedBytes, stream, params,
                            extra));
}
#endif

CUresult cuGetErrorName(CUresult code, const char **name) {
  const struct fake_error *error = fake_error_of(code);
  if (!name)
    return result(FAKE_INVALID_VALUE);
  *name = error ? error->name : NULL;
  return result(error ? FAKE_SUCCESS : FAKE_INVALID_VALUE);
}

CUresult cuGetErrorString(CUresult code, const char **description) {
  const struct fake_error *error = fake_error_of(code);
  if (!description)
    return result(FAKE_INVALID_VALUE);
  *description = error ? error->description : NULL;
  return result(error ? FAKE_SUCCESS : FAKE_INVALID_VALUE);
}
