/*===- tg_executable.h - the compiler ↔ runtime contract ------------------===*
 *
 * One small, versioned, dependency-free C header shared by the compiler
 * (which writes executables) and the runtime (which reads and runs them).
 * Change it as a schema: bump TG_EXECUTABLE_VERSION on any change to the
 * layout or to what a valid blob may hold. A runtime reads its own version
 * only and rejects others with a message naming both; programs cached on
 * disk are kept per build of the compiler, so a new version never meets an
 * old blob there.
 *
 * An executable is one contiguous little-endian blob:
 *
 *   tg_executable_header
 *   tg_buffer_desc   buffers[num_buffers]    the buffer table
 *   tg_kernel_desc   kernels[num_kernels]
 *   tg_step          steps[num_steps]         the launch order
 *   uint32_t         indices[...]             step arguments, inputs, outputs
 *   int64_t          shapes[...]              buffer shapes
 *   char             strings[...]             NUL-terminated names
 *   uint8_t          binary[binary_size]      the device binary
 *
 * All *_offset fields are byte offsets from the start of the blob.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TG_EXECUTABLE_H
#define TG_EXECUTABLE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TG_EXECUTABLE_MAGIC "TGEXEC\0\0"
#define TG_EXECUTABLE_MAGIC_SIZE 8
#define TG_EXECUTABLE_VERSION 4u

/* What the device binary is, and so which backend runs it, is named by a
 * string in the blob (binary_kind_offset): a new kind needs no change here.
 * The built-in targets make:
 *   "cpu-elf"  an ELF shared object of tg_cpu_kernel_fn entries (CPU)
 *   "cubin"    CUDA: a cubin, or PTX text for the driver's JIT
 *   "hsaco"    HIP: an AMDGPU code object
 *   "spirv"    Vulkan: one SPIR-V module, one entry point per kernel */
#define TG_BINARY_KIND_MAX 64 /* longest name, with its NUL */

/* Element types, with tinygrad's names. */
typedef enum tg_dtype {
  TG_DTYPE_BOOL = 1,
  TG_DTYPE_INT8 = 2,
  TG_DTYPE_UINT8 = 3,
  TG_DTYPE_INT16 = 4,
  TG_DTYPE_UINT16 = 5,
  TG_DTYPE_INT32 = 6,
  TG_DTYPE_UINT32 = 7,
  TG_DTYPE_INT64 = 8,
  TG_DTYPE_UINT64 = 9,
  TG_DTYPE_FLOAT16 = 10,
  TG_DTYPE_BFLOAT16 = 11,
  TG_DTYPE_FLOAT32 = 12,
  TG_DTYPE_FLOAT64 = 13,
} tg_dtype;

/* Bytes per element of a dtype; 0 for an unknown one. */
static inline uint32_t tg_dtype_size(uint32_t dtype) {
  switch (dtype) {
  case TG_DTYPE_BOOL: case TG_DTYPE_INT8: case TG_DTYPE_UINT8: return 1;
  case TG_DTYPE_INT16: case TG_DTYPE_UINT16: case TG_DTYPE_FLOAT16:
  case TG_DTYPE_BFLOAT16: return 2;
  case TG_DTYPE_INT32: case TG_DTYPE_UINT32: case TG_DTYPE_FLOAT32: return 4;
  case TG_DTYPE_INT64: case TG_DTYPE_UINT64: case TG_DTYPE_FLOAT64: return 8;
  default: return 0;
  }
}

typedef enum tg_buffer_role {
  TG_BUFFER_INPUT = 1,        /* a function argument, given by the caller */
  TG_BUFFER_OUTPUT = 2,       /* a function result, allocated by the runtime */
  TG_BUFFER_INTERMEDIATE = 3, /* allocated and freed by the runtime per run */
} tg_buffer_role;

typedef struct tg_buffer_desc {
  uint64_t size_bytes;
  uint32_t dtype;          /* tg_dtype */
  uint32_t role;           /* tg_buffer_role */
  uint32_t rank;
  uint32_t name_offset;    /* into the blob; 0 = unnamed */
  uint64_t shape_offset;   /* int64_t[rank] */
} tg_buffer_desc;

typedef struct tg_kernel_desc {
  uint64_t symbol_offset;  /* NUL-terminated entry point name in the binary */
  uint32_t num_buffers;    /* arguments of every launch of this kernel */
  uint32_t reserved;
  /* CPU: the kernel's outermost parallel loop has parallel_size iterations;
   * the runtime may split it over up to that many workers. */
  uint64_t parallel_size;
  uint32_t grid[3];        /* GPU: workgroups; CPU: unused (0) */
  uint32_t block[3];       /* GPU: threads per workgroup; CPU: unused (0) */
  uint64_t flops;          /* estimates for DEBUG=2 */
  uint64_t bytes;
  /* uint64_t[num_buffers]: the bytes the kernel was compiled to access
   * through each argument. The loader checks every launch's buffers against
   * them, so a buffer table that shrinks a buffer cannot make a kernel read
   * or write past it: inputs and outputs hold exactly that many bytes,
   * intermediates (which the compiler may share with larger ones) at
   * least that many. */
  uint64_t arg_bytes_offset;
} tg_kernel_desc;

typedef enum tg_step_kind {
  TG_STEP_LAUNCH = 1, /* run kernel `kernel` on buffers[0..num_buffers) */
  TG_STEP_COPY = 2,   /* copy buffers[1] into buffers[0] (same size) */
} tg_step_kind;

typedef struct tg_step {
  uint32_t kind;           /* tg_step_kind */
  uint32_t kernel;         /* TG_STEP_LAUNCH: index into the kernel table */
  uint32_t num_buffers;
  uint32_t reserved;
  uint64_t buffers_offset; /* uint32_t[num_buffers] buffer ids */
} tg_step;

typedef struct tg_executable_header {
  char magic[TG_EXECUTABLE_MAGIC_SIZE];
  uint32_t version;        /* TG_EXECUTABLE_VERSION */
  uint32_t header_size;    /* sizeof(tg_executable_header) */
  uint64_t total_size;     /* of the whole blob */
  uint32_t num_buffers;
  uint32_t num_kernels;
  uint32_t num_steps;
  uint32_t num_inputs;
  uint32_t num_outputs;
  uint32_t reserved;       /* 0 */
  uint64_t binary_kind_offset; /* NUL-terminated name of the binary's kind */
  uint64_t buffers_offset; /* tg_buffer_desc[num_buffers] */
  uint64_t kernels_offset; /* tg_kernel_desc[num_kernels] */
  uint64_t steps_offset;   /* tg_step[num_steps] */
  uint64_t inputs_offset;  /* uint32_t[num_inputs]: buffer id of each argument */
  uint64_t outputs_offset; /* uint32_t[num_outputs]: buffer id of each result */
  uint64_t name_offset;    /* the function's name */
  uint64_t binary_offset;
  uint64_t binary_size;
} tg_executable_header;

/* The entry point of a CPU kernel in a "cpu-elf" binary. `buffers`
 * holds the kernel's arguments in launch order; the kernel does the share
 * `worker` of `num_workers` of its outermost parallel loop, so the runtime
 * may call it from several threads at once with different workers. */
typedef void (*tg_cpu_kernel_fn)(void *const *buffers, int64_t worker,
                                 int64_t num_workers);

/* A CPU kernel allocates its scratch with tgrt_scratch_alloc and frees it
 * with tgrt_scratch_free. The binary defines both, weakly, over malloc and
 * free; a process with libtgrt loaded globally binds them to libtgrt's,
 * which keep freed blocks for the next launch (no fresh pages to fault in).
 * Thread-safe; a failed allocation returns NULL. */
void *tgrt_scratch_alloc(uint64_t size);
void tgrt_scratch_free(void *block);

#ifdef __cplusplus
}
#endif

#endif /* TG_EXECUTABLE_H */
