/*===- tgrt.h - the tinygrad-mlir runtime: a C ABI ------------------------===*
 *
 * Devices, buffers and executables behind opaque handles. Every call returns
 * a status; on failure tgrt_last_error() says why, in a sentence, for the
 * calling thread. Nothing here aborts the process on bad input, a missing
 * device or a failed launch.
 *
 * A handle is a checked token, not a pointer: using a handle after its last
 * release, releasing it once more, or passing a buffer where a device is
 * expected is TGRT_INVALID_ARGUMENT with a sentence, never undefined
 * behaviour. (A handle that holds several references, after a retain or a
 * second open of the same device, can be released that many times.)
 *
 * The runtime links no MLIR or LLVM library. Device backends are plug-ins
 * (tg_backend.h): cpu is built in; cuda, hip and vulkan are shared libraries
 * found next to libtgrt (or in TGRT_BACKEND_PATH) and loaded on first use.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TGRT_H
#define TGRT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2: the release and retain functions return a status. */
#define TGRT_API_VERSION 2u

typedef enum tgrt_status {
  TGRT_OK = 0,
  TGRT_INVALID_ARGUMENT = 1, /* a null handle, a wrong size, a bad index */
  TGRT_NOT_FOUND = 2,        /* no such device or backend */
  TGRT_UNAVAILABLE = 3,      /* the backend or its device is missing here */
  TGRT_OUT_OF_MEMORY = 4,
  TGRT_INVALID_EXECUTABLE = 5, /* not an executable, wrong version, corrupt */
  TGRT_BACKEND_ERROR = 6,    /* the device or its driver reported a failure */
} tgrt_status;

typedef struct tgrt_device_t *tgrt_device;
typedef struct tgrt_buffer_t *tgrt_buffer;
typedef struct tgrt_executable_t *tgrt_executable;

/* Why the last call on this thread failed; "" after a success. The pointer
 * stays valid until the thread's next tgrt call (any call may replace the
 * text): copy it to keep it. */
const char *tgrt_last_error(void);
/* A short name of a status ("invalid argument", ...). */
const char *tgrt_status_string(tgrt_status status);

/* ---- devices ---------------------------------------------------------- */

/* Once the process exits (exit() or a return from main), the release
 * functions do nothing: what static destructors release is left to the
 * operating system, because a device's driver may have torn itself down. */

/* `name` is "CPU", "CUDA", "HIP" or "VULKAN", optionally ":N" (default 0).
 * NULL or "" opens the device named by the DEV environment variable, else
 * CPU. */
tgrt_status tgrt_device_open(const char *name, tgrt_device *device);
/* Releasing NULL does nothing and succeeds; so does every release once the
 * process is exiting (above). */
tgrt_status tgrt_device_release(tgrt_device device);
/* The canonical name of an open device, e.g. "CPU:0". */
const char *tgrt_device_name(tgrt_device device);
/* Waits for all work submitted to the device. */
tgrt_status tgrt_device_synchronize(tgrt_device device);

/* How the device's memory cache has served allocations since the device
 * was opened: from the backend (`fresh`), from freed buffers (`reused`),
 * and the bytes of freed buffers it holds now. */
typedef struct tgrt_memory_stats {
  uint64_t fresh, reused, cached_bytes;
} tgrt_memory_stats;
tgrt_status tgrt_device_memory_stats(tgrt_device device, tgrt_memory_stats *stats);

/* What each backend reports about itself, for `tg-run --list-devices`:
 * calls `report` once per known backend with its name, the number of
 * devices it found, and a sentence (why it is unavailable, or what it found). */
typedef void (*tgrt_backend_report_fn)(void *user, const char *backend,
                                       int32_t num_devices, const char *detail);
tgrt_status tgrt_list_backends(tgrt_backend_report_fn report, void *user);

/* ---- buffers ---------------------------------------------------------- */

/* Device memory of `size_bytes`, taken from the device's cache of freed
 * buffers when one fits (LRU_CACHE_CAP bytes are kept; by default 1G, or
 * what the largest run of an executable loaded on the device allocates, if
 * more). */
tgrt_status tgrt_buffer_alloc(tgrt_device device, uint64_t size_bytes,
                              tgrt_buffer *buffer);
/* Drops a reference; the memory returns to the device's cache when the last
 * reference goes. */
tgrt_status tgrt_buffer_release(tgrt_buffer buffer);
tgrt_status tgrt_buffer_retain(tgrt_buffer buffer);
uint64_t tgrt_buffer_size(tgrt_buffer buffer);
tgrt_status tgrt_buffer_write(tgrt_buffer buffer, uint64_t offset,
                              const void *data, uint64_t size_bytes);
tgrt_status tgrt_buffer_read(tgrt_buffer buffer, uint64_t offset, void *data,
                             uint64_t size_bytes);

/* ---- executables ------------------------------------------------------ */

/* Loads an executable (tg_executable.h) for `device`. The bytes are copied. */
tgrt_status tgrt_executable_load(tgrt_device device, const void *data,
                                 uint64_t size_bytes,
                                 tgrt_executable *executable);
tgrt_status tgrt_executable_release(tgrt_executable executable);

/* The function's signature: how many arguments and results, and each one's
 * dtype (tg_dtype), rank and shape (shape must hold 8 entries; ranks above 8
 * are reported but their shape is cut). */
uint32_t tgrt_executable_num_inputs(tgrt_executable executable);
uint32_t tgrt_executable_num_outputs(tgrt_executable executable);
tgrt_status tgrt_executable_input(tgrt_executable executable, uint32_t index,
                                  uint32_t *dtype, uint32_t *rank,
                                  int64_t shape[8]);
tgrt_status tgrt_executable_output(tgrt_executable executable, uint32_t index,
                                   uint32_t *dtype, uint32_t *rank,
                                   int64_t shape[8]);

/* Per-kernel timing, for DEBUG=2: called after each launch when set. */
typedef void (*tgrt_launch_observer_fn)(void *user, const char *kernel,
                                        uint64_t nanoseconds, uint64_t flops,
                                        uint64_t bytes);
tgrt_status tgrt_executable_observe(tgrt_executable executable,
                                    tgrt_launch_observer_fn observer,
                                    void *user);

/* Per-worker timing, for PROFILE: on a device that splits a launch over
 * workers (the CPU's threads), called after each launch once per worker
 * that ran, with when it started and how long it ran, in nanoseconds of
 * CLOCK_MONOTONIC. Other devices do not call it. */
typedef void (*tgrt_worker_observer_fn)(void *user, const char *kernel,
                                        uint32_t worker, uint64_t start_ns,
                                        uint64_t duration_ns);
tgrt_status tgrt_executable_observe_workers(tgrt_executable executable,
                                            tgrt_worker_observer_fn observer,
                                            void *user);

/* Runs the executable: `inputs` are the arguments (sizes must match), and
 * `outputs` receives one new buffer per result (release each). A result that
 * is an argument updated in place (tg.assign) is that argument's buffer,
 * retained. */
tgrt_status tgrt_executable_run(tgrt_executable executable,
                                const tgrt_buffer *inputs, uint32_t num_inputs,
                                tgrt_buffer *outputs, uint32_t num_outputs);

#ifdef __cplusplus
}
#endif

#endif /* TGRT_H */
