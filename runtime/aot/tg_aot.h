/*===- tg_aot.h - what ahead-of-time compiled objects call ----------------===*
 *
 * tg-compile's objects (model.o) hold their kernels and their launch plan as
 * native code; the plan calls these few functions, which tg-compile links
 * into every object it writes (tg_aot.c). They need libc and pthreads only
 * (kernels may also call libm).
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

/* ---- GPU objects (tg_aot_gpu.c, which calls libtgrt) -------------------- */

struct tgrt_buffer_t;
typedef struct tg_aot_gpu tg_aot_gpu;

/* Opens `device`, loads `executable` (the runtime's executable file, `size`
 * bytes) and uploads the parameters: `bound[a]` is argument a's value (of
 * `bytes[a]` bytes) when the object provides it, else NULL. Returns 0, 2
 * when out of memory, or 5 with the runtime's reason. */
int tg_aot_gpu_create(const char *device, const void *executable, uint64_t size,
                      uint32_t num_arguments, const void *const *bound, const uint64_t *bytes,
                      tg_aot_gpu **gpu);
void tg_aot_gpu_destroy(tg_aot_gpu *gpu);

/* One run from host memory: uploads `arguments[a]` (NULL for a parameter
 * the object provides), runs, downloads the results and, where `written[a]`,
 * the arguments the run updated in place. */
int tg_aot_gpu_run(tg_aot_gpu *gpu, void *const *arguments, const uint64_t *bytes,
                   const uint8_t *written, void *const *results, const uint64_t *result_bytes,
                   uint32_t num_results);

/* One run on the caller's device buffers (NULL for a parameter the object
 * provides); `results` receives a new buffer per result. */
int tg_aot_gpu_run_device(tg_aot_gpu *gpu, struct tgrt_buffer_t *const *arguments,
                          struct tgrt_buffer_t **results, uint32_t num_results);

#ifdef __cplusplus
}
#endif

#endif /* TG_AOT_H */
