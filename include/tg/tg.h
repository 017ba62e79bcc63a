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

/* Why the calling thread's last failed call failed ("" after none). The
 * text stays valid until the thread's next failing call into libtg: copy it
 * to keep it. */
TG_API const char *tg_last_error(void);

/* Releases a handle (NULL is TG_OK). Using it afterwards, and releasing it
 * again, is TG_INVALID_ARGUMENT, not undefined behaviour: a handle is a
 * token with a generation, never valid again once released. */
TG_API tg_status tg_tensor_release(tg_tensor tensor);

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

/*===-- Modes, seeds and the program cache --------------------------------===*/

/* Whether dropout and batch normalization train (tg::Tensor::training);
 * false at start. */
TG_API void tg_set_training(bool training);
TG_API bool tg_get_training(void);
/* While set, gradients are not recorded (tg::NoGrad): what is computed is
 * detached. */
TG_API void tg_set_no_grad(bool no_grad);
TG_API bool tg_get_no_grad(void);

/* What the library compiled and ran since it was loaded (tg::stats). */
typedef struct tg_cache_stats {
  uint64_t compiles;    /* programs compiled: misses of both caches */
  uint64_t memory_hits; /* programs found in memory */
  uint64_t disk_hits;   /* programs found in the disk cache (CACHEDB) */
  uint64_t runs;        /* programs run */
} tg_cache_stats;
TG_API tg_status tg_get_cache_stats(tg_cache_stats *stats);
/* Drops the compiled programs held in memory and, with `disk`, this
 * build's programs in the disk cache: the next realize of a graph compiles
 * it again. */
TG_API tg_status tg_cache_clear(bool disk);

/*===-- Layers and models (tg::nn) ----------------------------------------===*/

/* A layer, or a model made of named layers. Released with tg_module_release;
 * a model keeps its layers alive, and layers share their tensors with every
 * handle to them (tg_module_state_dict, tg_module_parameters). */
typedef struct tg_module_s *tg_module;
/* Tensors by name ("l1.weight"): a model's state, or a safetensors file's. */
typedef struct tg_state_dict_s *tg_state_dict;

TG_API tg_status tg_module_release(tg_module module);

/* x @ weight.T + bias: weight [out, in], bias [out] (tg::nn::Linear). */
TG_API tg_status tg_nn_linear(int64_t in_features, int64_t out_features, bool bias,
                              tg_module *out);
/* A convolution over NCHW input, N-d with `kernel_rank` kernel sizes. A
 * NULL stride, padding or dilation is 1, 0 and 1; one value applies to
 * every axis (tg::nn::Conv2d). */
TG_API tg_status tg_nn_conv2d(int64_t in_channels, int64_t out_channels,
                              const int64_t *kernel_size, size_t kernel_rank,
                              const int64_t *stride, size_t stride_count,
                              const int64_t *padding, size_t padding_count,
                              const int64_t *dilation, size_t dilation_count, int64_t groups,
                              bool bias, tg_module *out);
/* The transposed convolution, with its output padding (NULL: 0). */
TG_API tg_status tg_nn_conv_transpose2d(int64_t in_channels, int64_t out_channels,
                                        const int64_t *kernel_size, size_t kernel_rank,
                                        const int64_t *stride, size_t stride_count,
                                        const int64_t *padding, size_t padding_count,
                                        const int64_t *output_padding, size_t output_padding_count,
                                        const int64_t *dilation, size_t dilation_count,
                                        int64_t groups, bool bias, tg_module *out);
/* Batch normalization over axis 1 (tg::nn::BatchNorm; tinygrad's defaults
 * are eps 1e-5, affine, tracking running statistics, momentum 0.1). */
TG_API tg_status tg_nn_batchnorm(int64_t size, double eps, bool affine, bool track_running_stats,
                                 double momentum, tg_module *out);
/* Normalization over the trailing `rank` axes of `normalized_shape`. */
TG_API tg_status tg_nn_layernorm(const int64_t *normalized_shape, size_t rank, double eps,
                                 bool elementwise_affine, tg_module *out);
TG_API tg_status tg_nn_groupnorm(int64_t num_groups, int64_t num_channels, double eps,
                                 bool affine, tg_module *out);
/* Integer indices → rows of weight [vocab_size, embed_size]. */
TG_API tg_status tg_nn_embedding(int64_t vocab_size, int64_t embed_size, tg_module *out);
/* Zeroes elements with probability p while training. */
TG_API tg_status tg_nn_dropout(double p, tg_module *out);
/* A model: `count` layers under `names` (their tensors become
 * "NAME.weight", ...). It has no forward of its own: a C model calls its
 * layers. */
TG_API tg_status tg_nn_model(const char *const *names, const tg_module *layers, size_t count,
                             tg_module *out);

/* The layer applied to x. */
TG_API tg_status tg_module_forward(tg_module module, tg_tensor x, tg_tensor *out);
/* The tensors to train and the buffers, in the order the model names them
 * (tg::nn::state::get_parameters); *count is their number, also when
 * `capacity` is too small (TG_BUFFER_TOO_SMALL). */
TG_API tg_status tg_module_parameters(tg_module module, tg_tensor *out, size_t capacity,
                                      size_t *count);
/* Every tensor by its dotted name: handles to the model's own tensors. */
TG_API tg_status tg_module_state_dict(tg_module module, tg_state_dict *out);
/* Copies each tensor of `state` into the model's tensor of that name;
 * `strict`: the names must match exactly. Shapes and dtypes always must. */
TG_API tg_status tg_module_load_state_dict(tg_module module, tg_state_dict state, bool strict);

/*===-- State dicts and safetensors (tg::nn::state) -----------------------===*/

TG_API tg_status tg_state_dict_new(tg_state_dict *out);
TG_API tg_status tg_state_dict_release(tg_state_dict state);
/* Its number of tensors; names are in sorted order. */
TG_API tg_status tg_state_dict_size(tg_state_dict state, size_t *size);
/* The name of entry `index`, into `name` of `capacity` bytes with its
 * terminating zero. */
TG_API tg_status tg_state_dict_name(tg_state_dict state, size_t index, char *name,
                                    size_t capacity);
/* The tensor under `name` (TG_ERROR when there is none). */
TG_API tg_status tg_state_dict_get(tg_state_dict state, const char *name, tg_tensor *out);
/* Puts `tensor` under `name`, replacing what was there. */
TG_API tg_status tg_state_dict_set(tg_state_dict state, const char *name, tg_tensor tensor);
/* Writes the tensors to a safetensors file (realizing them). */
TG_API tg_status tg_safe_save(tg_state_dict state, const char *path);
/* Every tensor of a safetensors file, realized on the default device. */
TG_API tg_status tg_safe_load(const char *path, tg_state_dict *out);

/*===-- Optimizers (tg::optim) --------------------------------------------===*/

/* Updates its parameters from their gradients; the parameters that do not
 * require gradients (running statistics) are buffers realized with each
 * step. It keeps the tensors alive. */
typedef struct tg_optimizer_s *tg_optimizer;

TG_API tg_status tg_optimizer_release(tg_optimizer optimizer);
/* PyTorch's SGD: weight decay added to the gradient, then momentum. */
TG_API tg_status tg_optim_sgd(const tg_tensor *params, size_t count, double lr, double momentum,
                              double weight_decay, bool nesterov, tg_optimizer *out);
/* Adam, and AdamW with decoupled weight decay (0 for Adam). */
TG_API tg_status tg_optim_adamw(const tg_tensor *params, size_t count, double lr, double b1,
                                double b2, double eps, double weight_decay, tg_optimizer *out);
/* LAMB: the AdamW update scaled per tensor by its trust ratio. */
TG_API tg_status tg_optim_lamb(const tg_tensor *params, size_t count, double lr, double b1,
                               double b2, double eps, double weight_decay, tg_optimizer *out);
/* Forgets the parameters' gradients. */
TG_API tg_status tg_optimizer_zero_grad(tg_optimizer optimizer);
/* One update of the parameters, its state and the buffers, realized. */
TG_API tg_status tg_optimizer_step(tg_optimizer optimizer);
/* The learning rate the next step uses (a tensor on the device: changing
 * it does not recompile). */
TG_API tg_status tg_optimizer_set_lr(tg_optimizer optimizer, double lr);
TG_API tg_status tg_optimizer_get_lr(tg_optimizer optimizer, double *lr);

/*===-- Ahead-of-time export (tg::aot, docs/aot.md) -----------------------===*/

/* What a traced function computes: its results, and with a training step
 * the optimizer's pending updates (tg_optimizer_updates). */
typedef struct tg_trace_s *tg_trace;
TG_API tg_status tg_trace_add_output(tg_trace trace, tg_tensor output);
TG_API tg_status tg_trace_add_update(tg_trace trace, tg_tensor update);
/* The optimizer's next step as pending updates of a traced training step:
 * added to `trace`, they become the compiled step's in-place updates. */
TG_API tg_status tg_optimizer_trace_step(tg_optimizer optimizer, tg_trace trace);

/* The function to compile: it builds its results from `inputs` (tensors of
 * the examples' shapes and dtypes) and adds them to `trace`. A status other
 * than TG_OK stops the compilation with tg_last_error's message. */
typedef tg_status (*tg_traced_function)(void *user_data, const tg_tensor *inputs,
                                        size_t input_count, tg_trace trace);

/* How the object gets its parameters (tg::aot::Weights). */
typedef enum tg_aot_weights {
  TG_AOT_WEIGHTS_EMBED = 0,  /* read-only data in the object */
  TG_AOT_WEIGHTS_FILE = 1,   /* NAME.safetensors next to it, read by NAME_create */
  TG_AOT_WEIGHTS_INPUTS = 2, /* inputs of NAME_run, updated in place */
} tg_aot_weights;

/* tg::aot::Options: a NULL string is its default ("model", ".", "obj",
 * "CPU", this machine's target and chip). */
typedef struct tg_aot_options {
  const char *name;
  const char *directory;
  const char *emit; /* "obj", "lib" or "mlir" */
  tg_aot_weights weights;
  tg_state_dict parameters; /* the tensors the function reads, by name; or NULL */
  const char *device;
  const char *target;
  const char *chip;
  bool portable;
} tg_aot_options;

/* Traces `function` on `examples` and compiles it; the paths of the object
 * (or library, or .mlir) and of its header are written into `object` and
 * `header`, `capacity` bytes each. */
TG_API tg_status tg_aot_compile(tg_traced_function function, void *user_data,
                                const tg_tensor *examples, size_t example_count,
                                const tg_aot_options *options, char *object, char *header,
                                size_t capacity);

#ifdef __cplusplus
}
#endif

#include "tg/tg_ops.h"

#endif /* TG_TG_H */
