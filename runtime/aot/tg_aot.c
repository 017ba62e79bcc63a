/*===- tg_aot.c - what ahead-of-time compiled objects call ----------------===*
 *
 * A pool of worker threads that a kernel's outermost parallel loop is split
 * over (as libtgrt's CPU backend does), error messages, aligned memory, and
 * weights read from a safetensors file.
 * Built by the project for every target tg-compile writes objects for, and
 * linked into each object. Weak definitions: several models' objects in one
 * program share one copy.
 *
 *===----------------------------------------------------------------------===*/
#include "tg_aot.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TG_AOT_WEAK __attribute__((weak))
#define TG_AOT_MAX_THREADS 256

struct tg_aot_pool {
  pthread_mutex_t mutex;
  pthread_cond_t start, done;
  pthread_t threads[TG_AOT_MAX_THREADS];
  unsigned size;      /* workers, the calling thread included */
  uint64_t job;       /* counts launches; a new value wakes the workers */
  unsigned remaining; /* workers still running the current job */
  int stopping;
  tg_aot_kernel_fn kernel;
  void *const *buffers;
  unsigned workers; /* of the current job */
};

struct tg_aot_worker {
  tg_aot_pool *pool;
  unsigned index;
};

static void *work(void *argument) {
  struct tg_aot_worker self = *(struct tg_aot_worker *)argument;
  free(argument);
  tg_aot_pool *pool = self.pool;
  uint64_t seen = 0;
  pthread_mutex_lock(&pool->mutex);
  for (;;) {
    while (!pool->stopping && pool->job == seen)
      pthread_cond_wait(&pool->start, &pool->mutex);
    if (pool->stopping)
      break;
    seen = pool->job;
    if (self.index < pool->workers) {
      tg_aot_kernel_fn kernel = pool->kernel;
      void *const *buffers = pool->buffers;
      int64_t workers = pool->workers;
      pthread_mutex_unlock(&pool->mutex);
      kernel(buffers, self.index, workers);
      pthread_mutex_lock(&pool->mutex);
      if (--pool->remaining == 0)
        pthread_cond_signal(&pool->done);
    }
  }
  pthread_mutex_unlock(&pool->mutex);
  return NULL;
}

static unsigned threadCount(void) {
  const char *value = getenv("THREADS");
  long count = value && *value ? strtol(value, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  if (count < 1)
    count = 1;
  return count > TG_AOT_MAX_THREADS ? TG_AOT_MAX_THREADS : (unsigned)count;
}

TG_AOT_WEAK tg_aot_pool *tg_aot_pool_create(void) {
  tg_aot_pool *pool = calloc(1, sizeof *pool);
  if (!pool)
    return NULL;
  pthread_mutex_init(&pool->mutex, NULL);
  pthread_cond_init(&pool->start, NULL);
  pthread_cond_init(&pool->done, NULL);
  pool->size = 1;
  for (unsigned i = 1, wanted = threadCount(); i < wanted; ++i) {
    struct tg_aot_worker *worker = malloc(sizeof *worker);
    if (!worker)
      break;
    worker->pool = pool;
    worker->index = i;
    if (pthread_create(&pool->threads[i], NULL, work, worker) != 0) {
      free(worker);
      break; /* fewer workers: slower, not wrong */
    }
    pool->size = i + 1;
  }
  return pool;
}

TG_AOT_WEAK void tg_aot_pool_destroy(tg_aot_pool *pool) {
  if (!pool)
    return;
  pthread_mutex_lock(&pool->mutex);
  pool->stopping = 1;
  pthread_cond_broadcast(&pool->start);
  pthread_mutex_unlock(&pool->mutex);
  for (unsigned i = 1; i < pool->size; ++i)
    pthread_join(pool->threads[i], NULL);
  pthread_cond_destroy(&pool->done);
  pthread_cond_destroy(&pool->start);
  pthread_mutex_destroy(&pool->mutex);
  free(pool);
}

TG_AOT_WEAK void tg_aot_launch(tg_aot_pool *pool, tg_aot_kernel_fn kernel, void *const *buffers,
                               uint64_t parallel_size) {
  unsigned workers = pool->size;
  if (parallel_size < workers)
    workers = parallel_size ? (unsigned)parallel_size : 1;
  if (workers == 1) {
    kernel(buffers, 0, 1);
    return;
  }
  pthread_mutex_lock(&pool->mutex);
  pool->kernel = kernel;
  pool->buffers = buffers;
  pool->workers = workers;
  pool->remaining = workers - 1;
  ++pool->job;
  pthread_cond_broadcast(&pool->start);
  pthread_mutex_unlock(&pool->mutex);
  kernel(buffers, 0, workers);
  pthread_mutex_lock(&pool->mutex);
  while (pool->remaining > 0)
    pthread_cond_wait(&pool->done, &pool->mutex);
  pthread_mutex_unlock(&pool->mutex);
}

TG_AOT_WEAK __thread char tg_aot_error[512];

TG_AOT_WEAK void tg_aot_set_error(const char *message) {
  strncpy(tg_aot_error, message, sizeof tg_aot_error - 1);
}

TG_AOT_WEAK const char *tg_aot_last_error(void) { return tg_aot_error; }

TG_AOT_WEAK void *tg_aot_alloc(uint64_t size) {
  return aligned_alloc(64, size ? (size + 63) / 64 * 64 : 64);
}

/* ---- weights from a safetensors file ---------------------------------- */

/* The value of `"key": ` inside the JSON object text [begin, end), or NULL. */
static const char *json_field(const char *begin, const char *end, const char *key) {
  size_t length = strlen(key);
  for (const char *p = begin; p + length + 2 < end; ++p) {
    if (*p != '"' || strncmp(p + 1, key, length) != 0 || p[length + 1] != '"')
      continue;
    const char *q = p + length + 2;
    while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
      ++q;
    if (q < end && *q == ':') {
      ++q;
      while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
        ++q;
      return q;
    }
  }
  return NULL;
}

/* Up to `capacity` integers of the JSON array at `p`; how many, or -1. */
static int json_integers(const char *p, const char *end, uint64_t *values, int capacity) {
  if (!p || *p != '[')
    return -1;
  int count = 0;
  for (++p; p < end;) {
    while (p < end && (*p == ' ' || *p == ',' || *p == '\n' || *p == '\r' || *p == '\t'))
      ++p;
    if (p < end && *p == ']')
      return count;
    char *next;
    unsigned long long value = strtoull(p, &next, 10);
    if (next == p || count == capacity)
      return -1;
    values[count++] = value;
    p = next;
  }
  return -1;
}

static int weights_error(FILE *file, char *header, const char *format, const char *path,
                         const char *name) {
  char message[512];
  snprintf(message, sizeof message, format, path, name);
  tg_aot_set_error(message);
  if (file)
    fclose(file);
  free(header);
  return 4;
}

TG_AOT_WEAK int tg_aot_load_safetensors(const char *path, uint32_t count,
                                        const char *const *names, const char *const *dtypes,
                                        const int32_t *ranks, const int64_t *const *shapes,
                                        const uint64_t *bytes, void **buffers) {
  if (!path)
    return weights_error(NULL, NULL, "%s%sthe weights file's path is NULL", "", "");
  FILE *file = fopen(path, "rb");
  if (!file)
    return weights_error(NULL, NULL, "cannot open the weights file %s%s", path, "");
  unsigned char size[8];
  if (fread(size, 1, 8, file) != 8)
    return weights_error(file, NULL, "%s is not a safetensors file%s", path, "");
  uint64_t header_size = 0;
  for (int i = 7; i >= 0; --i)
    header_size = header_size << 8 | size[i];
  char *header = header_size < (1u << 30) ? malloc(header_size + 1) : NULL;
  if (!header || fread(header, 1, header_size, file) != header_size)
    return weights_error(file, header, "%s is not a safetensors file%s", path, "");
  header[header_size] = 0;
  const char *end = header + header_size;
  for (uint32_t t = 0; t < count; ++t) {
    /* The tensor's object: {"dtype": ..., "shape": [...], "data_offsets": [b, e]}. */
    const char *object = json_field(header, end, names[t]);
    const char *close = object && *object == '{' ? memchr(object, '}', (size_t)(end - object))
                                                 : NULL;
    if (!close)
      return weights_error(file, header, "%s has no tensor named \"%s\"", path, names[t]);
    const char *dtype = json_field(object, close, "dtype");
    size_t dtype_length = strlen(dtypes[t]);
    if (!dtype || *dtype != '"' || strncmp(dtype + 1, dtypes[t], dtype_length) != 0 ||
        dtype[dtype_length + 1] != '"')
      return weights_error(file, header, "%s: tensor \"%s\" has another dtype than the model's",
                           path, names[t]);
    uint64_t shape[16], offsets[2];
    int rank = json_integers(json_field(object, close, "shape"), close, shape, 16);
    int matches = rank == ranks[t];
    for (int k = 0; matches && k < rank; ++k)
      matches = shape[k] == (uint64_t)shapes[t][k];
    if (!matches)
      return weights_error(file, header, "%s: tensor \"%s\" has another shape than the model's",
                           path, names[t]);
    if (json_integers(json_field(object, close, "data_offsets"), close, offsets, 2) != 2 ||
        offsets[1] < offsets[0] || offsets[1] - offsets[0] != bytes[t])
      return weights_error(file, header, "%s: tensor \"%s\" has a wrong size", path, names[t]);
    buffers[t] = tg_aot_alloc(bytes[t]);
    if (!buffers[t]) {
      tg_aot_set_error("out of memory");
      fclose(file);
      free(header);
      return 2;
    }
    if (fseek(file, (long)(8 + header_size + offsets[0]), SEEK_SET) != 0 ||
        fread(buffers[t], 1, bytes[t], file) != bytes[t])
      return weights_error(file, header, "%s: tensor \"%s\" is cut short", path, names[t]);
  }
  fclose(file);
  free(header);
  return 0;
}
