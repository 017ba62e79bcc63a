/*===- fake_gpu.h - a GPU of host memory behind the fake driver libraries -===*
 *
 * The plug-in tests load fake driver libraries (fake_libcuda.c and
 * fake_libamdhip64.c): shims with the vendor's names and error codes over
 * this one fake GPU. It is as strict as a real driver where a plug-in bug
 * would otherwise go unseen:
 *  - there are two devices; memory, modules and launches belong to the device
 *    current on the calling thread, and using them with another device
 *    current (or none) fails;
 *  - memory is host memory, but every device address a call is given must
 *    lie within a live allocation of the current device;
 *  - a module image is text naming its kernels (after a 64-byte ELF header
 *    when it stands for a cubin or an hsaco), read up to its NUL: anything
 *    else in it makes the image invalid;
 *  - a kernel is a host function run once per thread of the launch, reading
 *    its arguments through the launch's parameter array, each entry of which
 *    must point at the device address of a live allocation.
 *
 * Built into each fake library with FAKE_INIT_FAILS (initialization reports
 * no device) or FAKE_NO_DEVICES (it succeeds and counts none) to fake a
 * machine without a GPU.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TGRT_PLUGINS_FAKE_GPU_H
#define TGRT_PLUGINS_FAKE_GPU_H

#include <stddef.h>

#define FAKE_DEVICE_COUNT 2
#define FAKE_DEVICE_MEMORY (16u << 20) /* bytes per device */

/* The text a module image starts with; then one "kernel <name>" line per
 * kernel, of: subtract (out, a, b: out = a - b over float32, one element per
 * thread), shape (out: writes the launch's grid and block as six uint32),
 * fail_launch (the launch fails), fail_later (the next synchronize fails). */
#define FAKE_MODULE_HEADER "fake-gpu-module\n"
#define FAKE_ELF_HEADER_SIZE 64

typedef enum fake_status {
  FAKE_SUCCESS = 0,
  FAKE_INVALID_VALUE,     /* a bad argument or device address */
  FAKE_OUT_OF_MEMORY,
  FAKE_NOT_INITIALIZED,   /* called before initialization */
  FAKE_NO_DEVICE,
  FAKE_INVALID_DEVICE,    /* no such device ordinal */
  FAKE_NO_CURRENT_DEVICE, /* nothing is current on this thread */
  FAKE_WRONG_DEVICE,      /* memory or a module of another device */
  FAKE_INVALID_IMAGE,
  FAKE_NOT_FOUND,         /* a kernel the module does not list */
  FAKE_LAUNCH_FAILED,
  FAKE_STATUS_COUNT
} fake_status;

/* What each shim defines for its vendor. */
struct fake_error {
  int code;
  const char *name, *description;
};
/* One per fake_status, in its order. */
extern const struct fake_error fake_errors[FAKE_STATUS_COUNT];
/* The device current on a thread that selected none: -1 for none (CUDA with
 * no current context), 0 for HIP's default device. */
extern const int fake_default_device;

/* The entry of fake_errors with the vendor's `code`; NULL for a code the
 * fake never returns. */
const struct fake_error *fake_error_of(int code);

fake_status fake_init(void);
fake_status fake_device_count(int *count);
fake_status fake_check_device(int device);
/* Makes `device` current on this thread; -1 selects none. */
fake_status fake_select(int device);

fake_status fake_alloc(size_t size, void **address);
fake_status fake_free(void *address);
fake_status fake_copy_to_device(void *dst, const void *host, size_t size);
fake_status fake_copy_to_host(void *host, const void *src, size_t size);
fake_status fake_copy_on_device(void *dst, const void *src, size_t size);

fake_status fake_module_load(const void *image, void **module);
fake_status fake_module_unload(void *module);
fake_status fake_function_get(void *module, const char *name,
                              void **function);
fake_status fake_launch(void *function, const unsigned grid[3],
                        const unsigned block[3], unsigned shared_bytes,
                        const void *stream, void **params, void **extra);
fake_status fake_synchronize(void);

/* What the tests read, through dlsym on the fake library. */
int fake_gpu_live_allocations(void);
int fake_gpu_live_allocations_on(int device);
int fake_gpu_live_modules(void);

#endif /* TGRT_PLUGINS_FAKE_GPU_H */
