/*===- tg_aot_gpu.c - what ahead-of-time GPU objects call ------------------===*
 *
 * A GPU object (tg-compile --device=VULKAN, CUDA or HIP) holds the runtime's
 * executable for its device; its plan opens the device and loads the
 * executable through libtgrt when a context is created, and each run copies
 * the inputs to device buffers, runs, and copies the results back. The
 * parameters the object provides are uploaded once, at create. Built by the
 * project for every target tg-compile writes objects for and linked into
 * each GPU object, weak like tg_aot.c.
 *
 *===----------------------------------------------------------------------===*/
#include "tg_aot.h"
#include "tgrt.h"

#include <stdio.h>
#include <stdlib.h>

#define TG_AOT_WEAK __attribute__((weak))

struct tg_aot_gpu {
  tgrt_device device;
  tgrt_executable executable;
  uint32_t num_arguments;
  tgrt_buffer *bound; /* per argument: the parameter's buffer, or NULL */
};

/* The model's status for a failed runtime call, with the runtime's reason. */
static int runtime_error(const char *what, tgrt_status status) {
  char message[512];
  snprintf(message, sizeof message, "%s: %s", what, tgrt_last_error());
  tg_aot_set_error(message);
  return status == TGRT_OUT_OF_MEMORY ? 2 : 5;
}

TG_AOT_WEAK void tg_aot_gpu_destroy(tg_aot_gpu *gpu) {
  if (!gpu)
    return;
  for (uint32_t a = 0; gpu->bound && a < gpu->num_arguments; ++a)
    if (gpu->bound[a])
      tgrt_buffer_release(gpu->bound[a]);
  free(gpu->bound);
  if (gpu->executable)
    tgrt_executable_release(gpu->executable);
  if (gpu->device)
    tgrt_device_release(gpu->device);
  free(gpu);
}

TG_AOT_WEAK int tg_aot_gpu_create(const char *device, const void *executable, uint64_t size,
                                  uint32_t num_arguments, const void *const *bound,
                                  const uint64_t *bytes, tg_aot_gpu **out) {
  tg_aot_gpu *gpu = calloc(1, sizeof *gpu);
  if (!gpu || !(gpu->bound = calloc(num_arguments ? num_arguments : 1, sizeof(tgrt_buffer)))) {
    free(gpu);
    tg_aot_set_error("out of memory");
    return 2;
  }
  gpu->num_arguments = num_arguments;
  tgrt_status status = tgrt_device_open(device, &gpu->device);
  if (status == TGRT_OK)
    status = tgrt_executable_load(gpu->device, executable, size, &gpu->executable);
  for (uint32_t a = 0; status == TGRT_OK && a < num_arguments; ++a) {
    if (!bound[a])
      continue;
    status = tgrt_buffer_alloc(gpu->device, bytes[a], &gpu->bound[a]);
    if (status == TGRT_OK)
      status = tgrt_buffer_write(gpu->bound[a], 0, bound[a], bytes[a]);
  }
  if (status != TGRT_OK) {
    int result = runtime_error(device, status);
    tg_aot_gpu_destroy(gpu);
    return result;
  }
  *out = gpu;
  return 0;
}

TG_AOT_WEAK int tg_aot_gpu_run(tg_aot_gpu *gpu, void *const *arguments, const uint64_t *bytes,
                               const uint8_t *written, void *const *results,
                               const uint64_t *result_bytes, uint32_t num_results) {
  uint32_t n = gpu->num_arguments;
  tgrt_buffer *buffers = calloc((size_t)n + num_results + 1, sizeof(tgrt_buffer));
  if (!buffers) {
    tg_aot_set_error("out of memory");
    return 2;
  }
  tgrt_buffer *outputs = buffers + n;
  tgrt_status status = TGRT_OK;
  int result = 0;
  const char *what = "uploading an input";
  for (uint32_t a = 0; status == TGRT_OK && a < n; ++a) {
    if (gpu->bound[a]) {
      buffers[a] = gpu->bound[a];
      tgrt_buffer_retain(buffers[a]);
      continue;
    }
    status = tgrt_buffer_alloc(gpu->device, bytes[a], &buffers[a]);
    if (status == TGRT_OK && bytes[a])
      status = tgrt_buffer_write(buffers[a], 0, arguments[a], bytes[a]);
  }
  if (status == TGRT_OK) {
    what = "running";
    status = tgrt_executable_run(gpu->executable, buffers, n, outputs, num_results);
  }
  for (uint32_t r = 0; status == TGRT_OK && r < num_results; ++r) {
    what = "downloading a result";
    if (result_bytes[r])
      status = tgrt_buffer_read(outputs[r], 0, results[r], result_bytes[r]);
  }
  /* What the run updated in place goes back where it came from. */
  for (uint32_t a = 0; status == TGRT_OK && a < n; ++a)
    if (written[a] && arguments[a] && bytes[a])
      status = tgrt_buffer_read(buffers[a], 0, arguments[a], bytes[a]);
  if (status != TGRT_OK)
    result = runtime_error(what, status);
  for (uint32_t b = 0; b < n + num_results; ++b)
    if (buffers[b])
      tgrt_buffer_release(buffers[b]);
  free(buffers);
  return result;
}

TG_AOT_WEAK int tg_aot_gpu_run_device(tg_aot_gpu *gpu, struct tgrt_buffer_t *const *arguments,
                                      struct tgrt_buffer_t **results, uint32_t num_results) {
  tgrt_buffer *buffers = calloc(gpu->num_arguments + 1, sizeof(tgrt_buffer));
  if (!buffers) {
    tg_aot_set_error("out of memory");
    return 2;
  }
  for (uint32_t a = 0; a < gpu->num_arguments; ++a)
    buffers[a] = gpu->bound[a] ? gpu->bound[a] : arguments[a];
  tgrt_status status =
      tgrt_executable_run(gpu->executable, buffers, gpu->num_arguments, results, num_results);
  free(buffers);
  return status == TGRT_OK ? 0 : runtime_error("running", status);
}
