//===- gpu_backend.h - what the CUDA and HIP plug-ins share ---------------===//
//
// The CUDA driver API and HIP's module API have one shape: initialize, count
// devices, make a device current for the calling thread, allocate, copy, load
// a module, find a function in it, launch that over an array of pointers to
// its arguments, synchronize. A plug-in describes its vendor's library as a
// GpuDriver: the file names to dlopen, the symbols to resolve, and small
// adapters from those symbols to the operations below. gpu_backend.cpp turns
// that into the tg_backend table it exports: loading the library on first
// use, checking arguments, making the device current in every entry point
// (the runtime calls from any thread), and writing each failure as a
// sentence with the driver's own name for the error.
//
// Device memory is handed to the runtime as the device address itself, so
// the runtime's buffer array is already the array of argument values.
//
//===----------------------------------------------------------------------===//
#ifndef TGRT_PLUGINS_GPU_BACKEND_H
#define TGRT_PLUGINS_GPU_BACKEND_H

#include "tg_backend.h"

#include <cstdint>

namespace tgrt {
namespace gpu {

// A function of the driver library, stored by dlsym into `slot`: the address
// of one of the plug-in's function pointers.
struct DriverSymbol {
  const char *name;
  void *slot;
  bool required; // else the pointer stays null when the library lacks it
};

// What a driver call returned: `code` 0 is success, anything else is the
// driver's error code from the function named `call`.
struct DriverResult {
  int code;
  const char *call;
};
constexpr DriverResult kDriverSuccess = {0, nullptr};

struct GpuDriver {
  const char *backend;             // "CUDA": the table's name, and in sentences
  const char *const *binaryKinds;  // what it loads ({"cubin", nullptr})
  const char *libraryVariable;     // "TGRT_CUDA_LIBRARY": when set, the only
                                   // library tried
  const char *const *libraryNames; // tried in order; ends with nullptr
  const char *libraryProvider;     // "the NVIDIA driver": what installs it
  const DriverSymbol *symbols;     // ends with a null name

  // The operations, called only once every required symbol is resolved.
  // errorName and errorString return nullptr for a code they do not know.
  const char *(*errorName)(int code);
  const char *(*errorString)(int code);
  DriverResult (*initialize)(int32_t *count);
  // `context` is the driver's per-device state, if it has any.
  DriverResult (*open)(int32_t index, void **context);
  void (*close)(int32_t index, void *context);
  DriverResult (*makeCurrent)(int32_t index, void *context);
  DriverResult (*alloc)(uint64_t size, void **memory);
  void (*free)(void *memory);
  DriverResult (*copyToDevice)(void *dst, const void *host, uint64_t size);
  DriverResult (*copyToHost)(void *host, const void *src, uint64_t size);
  DriverResult (*copyOnDevice)(void *dst, const void *src, uint64_t size);
  // `image` is an ELF code object checked against its size, or text ending
  // in a NUL.
  DriverResult (*moduleLoad)(const void *image, void **module);
  void (*moduleUnload)(void *module);
  DriverResult (*functionGet)(void *module, const char *symbol,
                              void **function);
  // On the default stream, with no dynamic shared memory; `params` holds one
  // pointer per kernel argument, to the argument's value.
  DriverResult (*launch)(void *function, const uint32_t grid[3],
                         const uint32_t block[3], void **params);
  DriverResult (*synchronize)();
};

// The driver this plug-in wraps: each plug-in defines it, and
// gpu_backend.cpp's tg_backend_get serves it.
const GpuDriver &pluginDriver();

} // namespace gpu
} // namespace tgrt

#endif // TGRT_PLUGINS_GPU_BACKEND_H
