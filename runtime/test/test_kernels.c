/*===- test_kernels.c - CPU kernels as the compiler would emit them -------===*
 *
 * Each entry point is a tg_cpu_kernel_fn: it does its worker's share of an
 * outermost parallel loop over TEST_VECTOR_SIZE elements.
 *
 *===----------------------------------------------------------------------===*/
#include "test_kernels.h"

#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

static void share(int64_t worker, int64_t workers, int64_t *begin,
                  int64_t *end) {
  *begin = TEST_VECTOR_SIZE * worker / workers;
  *end = TEST_VECTOR_SIZE * (worker + 1) / workers;
}

/* out = a + b */
void vector_add(void *const *buffers, int64_t worker, int64_t workers) {
  float *out = buffers[0];
  const float *a = buffers[1], *b = buffers[2];
  int64_t begin, end;
  share(worker, workers, &begin, &end);
  for (int64_t i = begin; i < end; ++i)
    out[i] = a[i] + b[i];
}

/* out = 2 * in */
void vector_scale2(void *const *buffers, int64_t worker, int64_t workers) {
  float *out = buffers[0];
  const float *in = buffers[1];
  int64_t begin, end;
  share(worker, workers, &begin, &end);
  for (int64_t i = begin; i < end; ++i)
    out[i] = 2.0f * in[i];
}

/* acc += x, in place */
void vector_accumulate(void *const *buffers, int64_t worker, int64_t workers) {
  float *acc = buffers[0];
  const float *x = buffers[1];
  int64_t begin, end;
  share(worker, workers, &begin, &end);
  for (int64_t i = begin; i < end; ++i)
    acc[i] += x[i];
}

/* Records, per worker, how often it ran, the worker count it saw and the
 * thread it ran on. */
void worker_census(void *const *buffers, int64_t worker, int64_t workers) {
  int64_t *census = buffers[0];
  if (worker < 0 || worker >= TEST_MAX_WORKERS)
    return;
  census[TEST_CENSUS_FIELDS * worker] += 1;
  census[TEST_CENSUS_FIELDS * worker + 1] = workers;
  census[TEST_CENSUS_FIELDS * worker + 2] = (int64_t)syscall(SYS_gettid);
}

/* Scratch as a compiled kernel allocates it (tg-cpu-cached-scratch): the
 * binary defines tgrt_scratch_alloc and tgrt_scratch_free weakly, and the
 * runtime's, loaded globally, take their place. These fallbacks allocate
 * nothing, so that a test sees which ones ran. */
__attribute__((weak)) void *tgrt_scratch_alloc(uint64_t size) {
  (void)size;
  return 0;
}
__attribute__((weak)) void tgrt_scratch_free(void *block) { (void)block; }

/* addresses[0] = where TEST_SCRATCH_BYTES of scratch was, which is freed. */
void scratch_address(void *const *buffers, int64_t worker, int64_t workers) {
  (void)worker;
  (void)workers;
  int64_t *addresses = buffers[0];
  char *scratch = tgrt_scratch_alloc(TEST_SCRATCH_BYTES);
  if (scratch)
    scratch[TEST_SCRATCH_BYTES - 1] = 1;
  addresses[0] = (int64_t)(intptr_t)scratch;
  tgrt_scratch_free(scratch);
}
