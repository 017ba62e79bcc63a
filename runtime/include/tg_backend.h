/*===- tg_backend.h - device backends as plug-ins -------------------------===*
 *
 * A backend is a versioned table of functions. cpu is built into libtgrt;
 * every other backend is a shared library named libtgrt-backend-<name>.so
 * that exports tg_backend_get() and serves the device <NAME>. libtgrt keeps
 * no list of them: it finds them by scanning the directories of
 * TGRT_BACKEND_PATH, then its own. A vendor adds a backend without touching
 * the core: build a shared library against this header and tg_executable.h
 * alone and put it in one of those directories.
 *
 * Every function returns 0 on success; on failure it returns non-zero and
 * writes a sentence into `error` (at most TG_BACKEND_ERROR_SIZE bytes, NUL
 * terminated), which the runtime hands to tgrt_last_error(). No function may
 * abort the process.
 *
 * Versions: a table has the version it was built with. libtgrt calls
 * tg_backend_get(TG_BACKEND_ABI_VERSION) and uses the table only when its
 * abi_version is the same; a plug-in that cannot speak the version asked
 * for returns NULL, and libtgrt says so. Any change to this struct (a new
 * function, a changed signature) bumps TG_BACKEND_ABI_VERSION.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TG_BACKEND_H
#define TG_BACKEND_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "tg_executable.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TG_BACKEND_ABI_VERSION 2u
#define TG_BACKEND_ERROR_SIZE 512

typedef struct tg_backend {
  uint32_t abi_version;   /* TG_BACKEND_ABI_VERSION */
  const char *name;       /* the device: "VULKAN" for libtgrt-backend-vulkan.so */
  /* The binary kinds it loads (tg_executable.h: "spirv", "cubin", ...), a
   * NULL-terminated list. */
  const char *const *binary_kinds;

  /* How many devices there are; 0 with a reason in `error` when the driver
   * library or the device is missing. */
  int (*device_count)(int32_t *count, char *error);
  int (*device_open)(int32_t index, void **device, char *error);
  void (*device_close)(void *device);

  int (*alloc)(void *device, uint64_t size_bytes, void **memory, char *error);
  void (*free)(void *device, void *memory);
  /* Host ↔ device copies; `offset` is into the device memory. */
  int (*write)(void *device, void *memory, uint64_t offset, const void *host,
               uint64_t size_bytes, char *error);
  int (*read)(void *device, const void *memory, uint64_t offset, void *host,
              uint64_t size_bytes, char *error);
  /* Device-to-device copy of `size_bytes`. */
  int (*copy)(void *device, void *dst, const void *src, uint64_t size_bytes,
              char *error);

  /* Loads a device binary of one of `binary_kinds`; kernels are found by
   * symbol. */
  int (*module_load)(void *device, const void *binary, uint64_t size_bytes,
                     void **module, char *error);
  void (*module_unload)(void *device, void *module);
  int (*kernel_get)(void *device, void *module, const char *symbol,
                    void **kernel, char *error);
  /* Launches `kernel` over `buffers` (device memory, in argument order) as
   * `desc` says; may return before the work is done. */
  int (*launch)(void *device, void *kernel, const tg_kernel_desc *desc,
                void *const *buffers, uint32_t num_buffers, char *error);
  int (*synchronize)(void *device, char *error);
} tg_backend;

/* Writes a printf-style sentence into a function's `error` argument (at
 * most TG_BACKEND_ERROR_SIZE bytes) and returns 1, the failure status:
 * `return tg_backend_error(error, "no device %d", index);`. */
static inline int tg_backend_error(char *error, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static inline int tg_backend_error(char *error, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(error, TG_BACKEND_ERROR_SIZE, format, args);
  va_end(args);
  return 1;
}

/* What a plug-in library exports: its table if it speaks `abi_version`,
 * else NULL. */
typedef const tg_backend *(*tg_backend_get_fn)(uint32_t abi_version);
#define TG_BACKEND_GET_SYMBOL "tg_backend_get"

#ifdef __cplusplus
}
#endif

#endif /* TG_BACKEND_H */
