/*===- tg_aot.h - what ahead-of-time compiled objects call ----------------===*
 *
 * tg-compile's objects (model.o) hold their kernels and their launch plan as
 * native code; the plan calls these few functions, which tg-compile links
 * into every object it writes (tg_aot.c). They need libc and pthreads only.
 * Every definition is weak, so two models' objects link into one program.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TG_AOT_H
#define TG_AOT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A kernel's entry point, as in tg_executable.h. */
typedef void (*tg_aot_kernel_fn)(void *const *buffers, int64_t worker, int64_t num_workers);

typedef struct tg_aot_pool tg_aot_pool;

/* Worker threads for a model's context: THREADS from the environment, else
 * one per online CPU (the calling thread is one of them). NULL when out of
 * memory or threads. */
tg_aot_pool *tg_aot_pool_create(void);
void tg_aot_pool_destroy(tg_aot_pool *pool);

/* Runs `kernel` over its outermost parallel loop of `parallel_size`
 * iterations, split among at most that many workers, and returns when
 * every worker is done. */
void tg_aot_launch(tg_aot_pool *pool, tg_aot_kernel_fn kernel, void *const *buffers,
                   uint64_t parallel_size);

/* The calling thread's last error message, set by a model's functions. */
void tg_aot_set_error(const char *message);
const char *tg_aot_last_error(void);

/* Memory for a buffer of `size` bytes, 64-byte aligned (a buffer of no bytes
 * still gets an address); NULL when out of memory. */
void *tg_aot_alloc(uint64_t size);

/* Reads the `count` tensors named `names` from the safetensors file at
 * `path` into new memory (tg_aot_alloc), each checked against its dtype
 * (safetensors' name: "F32"), rank, shape and size. Returns 0, 2 when out of
 * memory, or 4 with the error set when the file is missing, unreadable or
 * not the model's; the caller frees what was read into `buffers` either way.
 * Tensor names must need no escaping in JSON. */
int tg_aot_load_safetensors(const char *path, uint32_t count, const char *const *names,
                            const char *const *dtypes, const int32_t *ranks,
                            const int64_t *const *shapes, const uint64_t *bytes, void **buffers);

#ifdef __cplusplus
}
#endif

#endif /* TG_AOT_H */
