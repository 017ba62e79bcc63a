/*===- fake_libamdhip64.c - HIP's module API over the fake GPU ------------===*
 *
 * What the HIP plug-in's tests load through TGRT_HIP_LIBRARY in place of
 * libamdhip64: the functions the plug-in resolves, with HIP's error codes,
 * over fake_gpu.c. As in HIP, a thread uses device 0 until hipSetDevice
 * says otherwise, and counting no devices is an error. Built with
 * FAKE_INCOMPLETE it lacks hipModuleLaunchKernel, as a library that is not
 * HIP's would.
 *
 *===----------------------------------------------------------------------===*/
#include "fake_gpu.h"

typedef int hipError_t;
typedef void *hipModule_t;
typedef void *hipFunction_t;
typedef void *hipStream_t;
typedef enum hipMemcpyKind {
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
} hipMemcpyKind;

const int fake_default_device = 0;

const struct fake_error fake_errors[FAKE_STATUS_COUNT] = {
    [FAKE_SUCCESS] = {0, "hipSuccess", "no error"},
    [FAKE_INVALID_VALUE] = {1, "hipErrorInvalidValue", "invalid argument"},
    [FAKE_OUT_OF_MEMORY] = {2, "hipErrorOutOfMemory", "out of memory"},
    [FAKE_NOT_INITIALIZED] = {3, "hipErrorNotInitialized",
                              "initialization error"},
    [FAKE_NO_DEVICE] = {100, "hipErrorNoDevice",
                        "no ROCm-capable device is detected"},
    [FAKE_INVALID_DEVICE] = {101, "hipErrorInvalidDevice",
                             "invalid device ordinal"},
    [FAKE_NO_CURRENT_DEVICE] = {201, "hipErrorInvalidContext",
                                "invalid device context"},
    [FAKE_WRONG_DEVICE] = {201, "hipErrorInvalidContext",
                           "invalid device context"},
    [FAKE_INVALID_IMAGE] = {200, "hipErrorInvalidImage",
                            "device kernel image is invalid"},
    [FAKE_NOT_FOUND] = {500, "hipErrorNotFound", "named symbol not found"},
    [FAKE_LAUNCH_FAILED] = {719, "hipErrorLaunchFailure",
                            "unspecified launch failure"},
};

static hipError_t result(fake_status status) {
  return fake_errors[status].code;
}

hipError_t hipInit(unsigned flags) {
  return flags ? result(FAKE_INVALID_VALUE) : result(fake_init());
}

hipError_t hipGetDeviceCount(int *count) {
  fake_status status = fake_device_count(count);
  if (status == FAKE_SUCCESS && *count == 0)
    status = FAKE_NO_DEVICE;
  return result(status);
}

hipError_t hipSetDevice(int device) { return result(fake_select(device)); }

hipError_t hipDeviceSynchronize(void) { return result(fake_synchronize()); }

hipError_t hipMalloc(void **address, size_t size) {
  return result(address ? fake_alloc(size, address) : FAKE_INVALID_VALUE);
}

hipError_t hipFree(void *address) { return result(fake_free(address)); }

hipError_t hipMemcpy(void *dst, const void *src, size_t size,
                     hipMemcpyKind kind) {
  switch (kind) {
  case hipMemcpyHostToDevice: return result(fake_copy_to_device(dst, src, size));
  case hipMemcpyDeviceToHost: return result(fake_copy_to_host(dst, src, size));
  case hipMemcpyDeviceToDevice:
    return result(fake_copy_on_device(dst, src, size));
  }
  return result(FAKE_INVALID_VALUE);
}

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  return result(fake_module_load(image, module));
}

hipError_t hipModuleUnload(hipModule_t module) {
  return result(fake_module_unload(module));
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                const char *name) {
  return result(fake_function_get(module, name, function));
}

#ifndef FAKE_INCOMPLETE
hipError_t hipModuleLaunchKernel(hipFunction_t function, unsigned gridX,
                                 unsigned gridY, unsigned gridZ,
                                 unsigned blockX, unsigned blockY,
                                 unsigned blockZ, unsigned sharedBytes,
                                 hipStream_t stream, void **params,
                                 void **extra) {
  unsigned grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  return result(fake_launch(function, grid, block, sharedBytes, stream, params,
                            extra));
}
#endif

const char *hipGetErrorName(hipError_t code) {
  const struct fake_error *error = fake_error_of(code);
  return error ? error->name : "hipErrorUnknown";
}

const char *hipGetErrorString(hipError_t code) {
  const struct fake_error *error = fake_error_of(code);
  return error ? error->description : "unknown error";
}
