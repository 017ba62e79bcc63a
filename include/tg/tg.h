/*===- tg.h - the tensor library's C ABI ----------------------------------===*
 *
 * tg::Tensor for C and every language with a C FFI (libtg.so). A tensor is an
 * opaque handle that the caller releases; every function returns a
 * tg_status, its results through out-pointers, and tg_last_error() says why
 * the calling thread's last call failed. Nothing aborts the process on bad
 * input: a NULL or released handle, a wrong dtype, shapes that do not fit
 * are status codes.
 *
 *   tg_tensor a, b, c;
 *   int64_t shape[] = {2, 2};
 *   float x[] = {1, 2, 3, 4};
 *   tg_tensor_from_data(x, sizeof x, TG_DTYPE_FLOAT32, shape, 2, &a);
 *   tg_ones(shape, 2, TG_DTYPE_FLOAT32, &b);
 *   tg_tensor_dot(a, b, &c);                 // lazy, as in C++
 *   tg_tensor_read(c, x, sizeof x);          // realizes: {3, 3, 7, 7}
 *   tg_tensor_release(a); tg_tensor_release(b); tg_tensor_release(c);
 *
 * The ops (tg_tensor_add, tg_zeros, ...) are generated from tg::Tensor's
 * methods into tg/tg_ops.h (scripts/gen-capi.py): one C function per method
 * with a C form, named tg_tensor_NAME (tg_NAME for static ones).
 *
 *===----------------------------------------------------------------------===*/
#ifndef TG_TG_H
#define TG_TG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tg_executable.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TG_API __attribute__((visibility("default")))

/* What a call returns. */
typedef enum tg_status {
  TG_OK = 0,
  /* A NULL or released handle, a NULL out-pointer, an unknown dtype. */
  TG_INVALID_ARGUMENT = 1,
  /* The library refused the operation (shapes that do not fit, a dtype an
   * op does not take) or failed running it: tg_last_error() says which. */
  TG_ERROR = 2,
  /* A caller's buffer is smaller than the result. */
  TG_BUFFER_TOO_SMALL = 3,
  /* An allocation failed. */
  TG_OUT_OF_MEMORY = 4,
} tg_status;

/* Element types: the runtime's tg_dtype (tg_executable.h), TG_DTYPE_FLOAT32 and
 * the rest. */

/* How an integer-valued division rounds (tg_tensor_div_*_rounding). */
typedef enum tg_rounding {
  TG_ROUND_TRUNC = 0,
  TG_ROUND_FLOOR = 1,
} tg_rounding;

/* A tensor: lazy until realized or read, like tg::Tensor. */
typedef struct tg_tensor_s *tg_tensor;

/* Why the calling thread's last failed call failed ("" after none). */
TG_API const char *tg_last_error(void);

/* Releases a handle (NULL is ignored). Using it afterwards is
 * TG_INVALID_ARGUMENT, not undefined behaviour. */
TG_API void tg_tensor_release(tg_tensor tensor);

/* A tensor holding a copy of `size` bytes of `dtype` elements, row-major,
 * of `shape` (`rank` dimensions). */
TG_API tg_status tg_tensor_from_data(const void *data, size_t size, tg_dtype dtype,
                                     const int64_t *shape, size_t rank, tg_tensor *out);
/* Copies the tensor's elements, row-major, into `data` (realizing it);
 * TG_BUFFER_TOO_SMALL when `size` is not at least its byte size. */
TG_API tg_status tg_tensor_read(tg_tensor tensor, void *data, size_t size);
/* Its rank, shape (`capacity` entries at most), dtype and byte size. */
TG_API tg_status tg_tensor_rank(tg_tensor tensor, size_t *rank);
TG_API tg_status tg_tensor_get_shape(tg_tensor tensor, int64_t *shape, size_t capacity);
TG_API tg_status tg_tensor_get_dtype(tg_tensor tensor, tg_dtype *dtype);
/* The device it is on ("CPU", "VULKAN:0", ...), into `name` of `capacity`
 * bytes with its terminating zero. */
TG_API tg_status tg_tensor_get_device(tg_tensor tensor, char *name, size_t capacity);

#ifdef __cplusplus
}
#endif

#include "tg/tg_ops.h"

#endif /* TG_TG_H */
