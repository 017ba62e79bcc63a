/*===- nodelete_kernel.c - a CPU binary that stays mapped after dlclose ---===*
 *
 * Linked with -z nodelete, like a library holding unique symbols: a binary
 * loaded after it must still get its own kernels, not this one's.
 *
 *===----------------------------------------------------------------------===*/
#include "test_kernels.h"

#include <stdint.h>

/* out = a - b */
void vector_sub(void *const *buffers, int64_t worker, int64_t workers) {
  float *out = buffers[0];
  const float *a = buffers[1], *b = buffers[2];
  int64_t begin = TEST_VECTOR_SIZE * worker / workers;
  int64_t end = TEST_VECTOR_SIZE * (worker + 1) / workers;
  for (int64_t i = begin; i < end; ++i)
    out[i] = a[i] - b[i];
}
