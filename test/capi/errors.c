/* The C ABI from plain C (test/capi): every kind of bad input comes back as
 * a status and a message, never as a crash; and the happy path computes
 * what it should (a product, a gradient). */
#define _POSIX_C_SOURCE 200809L
#include "expect.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static const int64_t kShape22[] = {2, 2};

static tg_tensor matrix(const float values[4]) {
  tg_tensor t = NULL;
  EXPECT(tg_tensor_from_data(values, 4 * sizeof(float), TG_DTYPE_FLOAT32, kShape22, 2, &t) == TG_OK);
  return t;
}

static int clean = 0;

static void *otherThread(void *unused) {
  (void)unused;
  /* Errors are per thread: this one has had none. */
  clean = strcmp(tg_last_error(), "") == 0;
  return NULL;
}

int main(void) {
  const float a[4] = {1, 2, 3, 4};
  tg_tensor x = matrix(a), ones = NULL, product = NULL, out = NULL;
  float read[4] = {0};

  /* Happy path: [[1, 2], [3, 4]] · ones = [[3, 3], [7, 7]]. */
  EXPECT(tg_ones(kShape22, 2, TG_DTYPE_FLOAT32, &ones) == TG_OK);
  EXPECT(tg_tensor_dot(x, ones, &product) == TG_OK);
  EXPECT(tg_tensor_read(product, read, sizeof read) == TG_OK);
  EXPECT(read[0] == 3 && read[1] == 3 && read[2] == 7 && read[3] == 7);
  size_t rank = 0;
  int64_t shape[2] = {0, 0};
  tg_dtype dtype = TG_DTYPE_BOOL;
  EXPECT(tg_tensor_rank(product, &rank) == TG_OK && rank == 2);
  EXPECT(tg_tensor_get_shape(product, shape, 2) == TG_OK && shape[0] == 2 && shape[1] == 2);
  EXPECT(tg_tensor_get_dtype(product, &dtype) == TG_OK && dtype == TG_DTYPE_FLOAT32);
  char device[32];
  EXPECT(tg_tensor_get_device(product, device, sizeof device) == TG_OK && strlen(device) > 0);

  /* Autograd: d/dx sum(x²) = 2x. */
  tg_tensor w = matrix(a), squared = NULL, total = NULL, grad = NULL, same = NULL;
  EXPECT(tg_tensor_requires_grad_(w, true, &same) == TG_OK);
  EXPECT(tg_tensor_square(w, &squared) == TG_OK);
  EXPECT(tg_tensor_sum(squared, NULL, 0, false, &total) == TG_OK);
  EXPECT(tg_tensor_backward(total, NULL) == TG_OK);
  EXPECT(tg_tensor_grad(w, &grad) == TG_OK);
  EXPECT(tg_tensor_read(grad, read, sizeof read) == TG_OK);
  EXPECT(read[0] == 2 && read[1] == 4 && read[2] == 6 && read[3] == 8);

  /* NULL, released and foreign handles. */
  EXPECT_FAILS(tg_tensor_neg(NULL, &out), TG_INVALID_ARGUMENT, "NULL");
  tg_tensor gone = matrix(a);
  tg_tensor_release(gone);
  EXPECT_FAILS(tg_tensor_neg(gone, &out), TG_INVALID_ARGUMENT, "released");
  EXPECT_FAILS(tg_tensor_read(gone, read, sizeof read), TG_INVALID_ARGUMENT, "released");
  /* Releasing twice is reported; so is using it after its slot is reused by
   * a new tensor (handles carry a generation). */
  EXPECT_FAILS(tg_tensor_release(gone), TG_INVALID_ARGUMENT, "tensor handle was released");
  tg_tensor reused = matrix(a);
  EXPECT_FAILS(tg_tensor_neg(gone, &out), TG_INVALID_ARGUMENT, "released");
  EXPECT(tg_tensor_release(reused) == TG_OK);
  EXPECT(tg_tensor_release(NULL) == TG_OK);
  tg_tensor foreign = (tg_tensor)(void *)read;
  EXPECT_FAILS(tg_tensor_add(x, foreign, &out), TG_INVALID_ARGUMENT, "tensor handle is not one");
  EXPECT_FAILS(tg_tensor_neg(x, NULL), TG_INVALID_ARGUMENT, "out-pointer is NULL");
  /* A tensor argument without a C++ default is required; one with a
   * default may be NULL (backward's gradient above). */
  EXPECT_FAILS(tg_tensor_add(x, NULL, &out), TG_INVALID_ARGUMENT, "tensor handle is NULL");

  /* Wrong dtypes, sizes and shapes. */
  EXPECT_FAILS(tg_zeros(kShape22, 2, (tg_dtype)99, &out), TG_INVALID_ARGUMENT, "unknown dtype");
  EXPECT_FAILS(tg_tensor_from_data(a, 3 * sizeof(float), TG_DTYPE_FLOAT32, kShape22, 2, &out),
               TG_ERROR, "elements for shape");
  EXPECT_FAILS(tg_tensor_from_data(NULL, 16, TG_DTYPE_FLOAT32, kShape22, 2, &out), TG_INVALID_ARGUMENT,
               "data is NULL");
  const int64_t column[] = {3};
  tg_tensor three = NULL;
  EXPECT(tg_zeros(column, 1, TG_DTYPE_FLOAT32, &three) == TG_OK);
  EXPECT_FAILS(tg_tensor_add(x, three, &out), TG_ERROR, "broadcast");
  EXPECT_FAILS(tg_tensor_dot(x, three, &out), TG_ERROR, "dot");
  EXPECT_FAILS(tg_tensor_reshape(x, column, 1, &out), TG_ERROR, "reshape");
  EXPECT_FAILS(tg_tensor_permute(x, NULL, 2, &out), TG_INVALID_ARGUMENT, "NULL");
  const int64_t odd[] = {1, 1, 1};
  EXPECT_FAILS(tg_tensor_pad(x, odd, 3, 0, &out), TG_INVALID_ARGUMENT, "odd length");

  /* Buffers too small say how much is needed. */
  EXPECT_FAILS(tg_tensor_read(x, read, 3), TG_BUFFER_TOO_SMALL, "16 bytes");
  EXPECT_FAILS(tg_tensor_get_shape(x, shape, 1), TG_BUFFER_TOO_SMALL, "rank 2");
  EXPECT_FAILS(tg_tensor_get_device(x, device, 1), TG_BUFFER_TOO_SMALL, "room for 1");
  tg_tensor parts[1];
  size_t count = 0;
  EXPECT_FAILS(tg_tensor_split(x, 1, 0, parts, 1, &count), TG_BUFFER_TOO_SMALL, "2 tensors");
  EXPECT(count == 2);

  /* Errors belong to the thread that made them. */
  pthread_t thread;
  EXPECT(pthread_create(&thread, NULL, otherThread, NULL) == 0);
  EXPECT(pthread_join(thread, NULL) == 0 && clean);

  tg_tensor handles[] = {x, ones, product, w, squared, total, grad, same, three};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i)
    tg_tensor_release(handles[i]);
  if (failures)
    fprintf(stderr, "capi errors: %d checks failed\n", failures);
  else
    printf("capi errors: every check passed\n");
  return failures != 0;
}
