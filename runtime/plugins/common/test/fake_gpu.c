/*===- fake_gpu.c - a GPU of host memory behind the fake driver libraries -===*/
#include "fake_gpu.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FAKE_MAX_ARGUMENTS 3

typedef fake_status (*kernel_body)(void *const *args,
                                   const size_t *arg_bytes,
                                   const unsigned grid[3],
                                   const unsigned block[3]);

struct kernel {
  const char *name;
  unsigned num_args;
  kernel_body run;
};

struct allocation {
  char *base;
  size_t size;
  int device;
  struct allocation *next;
};

/* Guards everything below but the kernels' memory accesses. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int initialized;
static struct allocation *allocations;
static size_t device_bytes[FAKE_DEVICE_COUNT];
static int live_allocations, live_modules;
static fake_status pending_failure; /* what the next synchronize reports */
static _Thread_local int selected = -1;

static uint64_t threads_of(const unsigned grid[3], const unsigned block[3]) {
  return (uint64_t)grid[0] * grid[1] * grid[2] * block[0] * block[1] *
         block[2];
}

static fake_status run_subtract(void *const *args, const size_t *arg_bytes,
                                const unsigned grid[3],
                                const unsigned block[3]) {
  float *out = args[0];
  const float *a = args[1], *b = args[2];
  size_t count = arg_bytes[0];
  for (int i = 1; i < 3; ++i)
    if (arg_bytes[i] < count)
      count = arg_bytes[i];
  count /= sizeof(float);
  uint64_t threads = threads_of(grid, block);
  for (uint64_t thread = 0; thread < threads && thread < count; ++thread)
    out[thread] = a[thread] - b[thread];
  return FAKE_SUCCESS;
}

static fake_status run_shape(void *const *args, const size_t *arg_bytes,
                             const unsigned grid[3], const unsigned block[3]) {
  unsigned shape[6] = {grid[0], grid[1], grid[2], block[0], block[1], block[2]};
  if (arg_bytes[0] < sizeof shape)
    return FAKE_INVALID_VALUE;
  memcpy(args[0], shape, sizeof shape);
  return FAKE_SUCCESS;
}

static fake_status run_fail_launch(void *const *args, const size_t *arg_bytes,
                                   const unsigned grid[3],
                                   const unsigned block[3]) {
  return FAKE_LAUNCH_FAILED;
}

static fake_status run_fail_later(void *const *args, const size_t *arg_bytes,
                                  const unsigned grid[3],
                                  const unsigned block[3]) {
  pthread_mutex_lock(&lock);
  pending_failure = FAKE_LAUNCH_FAILED;
  pthread_mutex_unlock(&lock);
  return FAKE_SUCCESS;
}

static const struct kernel kernels[] = {
    {"subtract", 3, run_subtract},
    {"shape", 1, run_shape},
    {"fail_launch", 0, run_fail_launch},
    {"fail_later", 0, run_fail_later},
};
#define NUM_KERNELS (sizeof kernels / sizeof kernels[0])

struct function {
  struct module *module;
  const struct kernel *kernel;
  int listed;
};

struct module {
  int device;
  struct function functions[NUM_KERNELS];
};

/* The device current on this thread. */
static fake_status current(int *device) {
  if (!initialized)
    return FAKE_NOT_INITIALIZED;
  *device = selected >= 0 ? selected : fake_default_device;
  return *device >= 0 ? FAKE_SUCCESS : FAKE_NO_CURRENT_DEVICE;
}

/* Under the lock: the allocation holding [address, address + size) on the
 * current device. */
static fake_status find(const void *address, size_t size,
                        struct allocation **found) {
  int device;
  fake_status status = current(&device);
  if (status)
    return status;
  const char *start = address;
  for (struct allocation *a = allocations; a; a = a->next)
    if (start >= a->base && start < a->base + a->size &&
        size <= (size_t)(a->base + a->size - start)) {
      *found = a;
      return a->device == device ? FAKE_SUCCESS : FAKE_WRONG_DEVICE;
    }
  return FAKE_INVALID_VALUE;
}

static fake_status find_range(const void *address, size_t size) {
  struct allocation *found;
  pthread_mutex_lock(&lock);
  fake_status status = find(address, size, &found);
  pthread_mutex_unlock(&lock);
  return status;
}

fake_status fake_init(void) {
#ifdef FAKE_INIT_FAILS
  return FAKE_NO_DEVICE;
#else
  pthread_mutex_lock(&lock);
  initialized = 1;
  pthread_mutex_unlock(&lock);
  return FAKE_SUCCESS;
#endif
}

fake_status fake_device_count(int *count) {
  if (!initialized)
    return FAKE_NOT_INITIALIZED;
  if (!count)
    return FAKE_INVALID_VALUE;
#ifdef FAKE_NO_DEVICES
  *count = 0;
#else
  *count = FAKE_DEVICE_COUNT;
#endif
  return FAKE_SUCCESS;
}

fake_status fake_check_device(int device) {
  int count;
  fake_status status = fake_device_count(&count);
  if (status)
    return status;
  return device >= 0 && device < count ? FAKE_SUCCESS : FAKE_INVALID_DEVICE;
}

fake_status fake_select(int device) {
  fake_status status = device < 0 ? FAKE_SUCCESS : fake_check_device(device);
  if (status == FAKE_SUCCESS)
    selected = device;
  return status;
}

fake_status fake_alloc(size_t size, void **address) {
  int device;
  fake_status status = current(&device);
  if (status)
    return status;
  if (size == 0 || !address)
    return FAKE_INVALID_VALUE;
  struct allocation *a = malloc(sizeof *a);
  if (!a)
    return FAKE_OUT_OF_MEMORY;
  pthread_mutex_lock(&lock);
  if (size > FAKE_DEVICE_MEMORY - device_bytes[device] ||
      !(a->base = malloc(size))) {
    pthread_mutex_unlock(&lock);
    free(a);
    return FAKE_OUT_OF_MEMORY;
  }
  a->size = size;
  a->device = device;
  a->next = allocations;
  allocations = a;
  device_bytes[device] += size;
  ++live_allocations;
  pthread_mutex_unlock(&lock);
  *address = a->base;
  return FAKE_SUCCESS;
}

fake_status fake_free(void *address) {
  struct allocation *a;
  pthread_mutex_lock(&lock);
  fake_status status = find(address, 1, &a);
  if (status == FAKE_SUCCESS && a->base != address)
    status = FAKE_INVALID_VALUE;
  if (status == FAKE_SUCCESS) {
    struct allocation **link = &allocations;
    while (*link != a)
      link = &(*link)->next;
    *link = a->next;
    device_bytes[a->device] -= a->size;
    --live_allocations;
  }
  pthread_mutex_unlock(&lock);
  if (status == FAKE_SUCCESS) {
    free(a->base);
    free(a);
  }
  return status;
}

fake_status fake_copy_to_device(void *dst, const void *host, size_t size) {
  fake_status status = find_range(dst, size);
  if (status == FAKE_SUCCESS)
    memcpy(dst, host, size);
  return status;
}

fake_status fake_copy_to_host(void *host, const void *src, size_t size) {
  fake_status status = find_range(src, size);
  if (status == FAKE_SUCCESS)
    memcpy(host, src, size);
  return status;
}

fake_status fake_copy_on_device(void *dst, const void *src, size_t size) {
  fake_status status = find_range(dst, size);
  if (status == FAKE_SUCCESS)
    status = find_range(src, size);
  if (status == FAKE_SUCCESS)
    memmove(dst, src, size);
  return status;
}

/* Marks the kernels `text` lists in `module`; false unless all of the text,
 * up to its NUL, is a fake module. */
static int parse_module(const char *text, struct module *module) {
  static const char prefix[] = "kernel ";
  size_t prefix_length = sizeof prefix - 1;
  size_t header = strlen(FAKE_MODULE_HEADER);
  if (strncmp(text, FAKE_MODULE_HEADER, header) != 0)
    return 0;
  for (const char *line = text + header; *line;) {
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    if (length <= prefix_length || strncmp(line, prefix, prefix_length) != 0)
      return 0;
    const char *name = line + prefix_length;
    size_t name_length = length - prefix_length;
    int known = 0;
    for (size_t k = 0; k < NUM_KERNELS; ++k)
      if (strlen(kernels[k].name) == name_length &&
          strncmp(name, kernels[k].name, name_length) == 0)
        known = module->functions[k].listed = 1;
    if (!known)
      return 0;
    line += length + (end ? 1 : 0);
  }
  return 1;
}

fake_status fake_module_load(const void *image, void **module) {
  int device;
  fake_status status = current(&device);
  if (status)
    return status;
  if (!image || !module)
    return FAKE_INVALID_VALUE;
  const char *text = image;
  if (strncmp(text, "\177ELF", 4) == 0)
    text += FAKE_ELF_HEADER_SIZE;
  struct module *loaded = calloc(1, sizeof *loaded);
  if (!loaded)
    return FAKE_OUT_OF_MEMORY;
  if (!parse_module(text, loaded)) {
    free(loaded);
    return FAKE_INVALID_IMAGE;
  }
  loaded->device = device;
  for (size_t k = 0; k < NUM_KERNELS; ++k) {
    loaded->functions[k].module = loaded;
    loaded->functions[k].kernel = &kernels[k];
  }
  pthread_mutex_lock(&lock);
  ++live_modules;
  pthread_mutex_unlock(&lock);
  *module = loaded;
  return FAKE_SUCCESS;
}

fake_status fake_module_unload(void *module) {
  int device;
  fake_status status = current(&device);
  if (status)
    return status;
  struct module *loaded = module;
  if (!loaded)
    return FAKE_INVALID_VALUE;
  if (loaded->device != device)
    return FAKE_WRONG_DEVICE;
  pthread_mutex_lock(&lock);
  --live_modules;
  pthread_mutex_unlock(&lock);
  free(loaded);
  return FAKE_SUCCESS;
}

fake_status fake_function_get(void *module, const char *name,
                              void **function) {
  int device;
  fake_status status = current(&device);
  if (status)
    return status;
  struct module *loaded = module;
  if (!loaded || !name || !function)
    return FAKE_INVALID_VALUE;
  if (loaded->device != device)
    return FAKE_WRONG_DEVICE;
  for (size_t k = 0; k < NUM_KERNELS; ++k)
    if (loaded->functions[k].listed && strcmp(kernels[k].name, name) == 0) {
      *function = &loaded->functions[k];
      return FAKE_SUCCESS;
    }
  return FAKE_NOT_FOUND;
}

fake_status fake_launch(void *function, const unsigned grid[3],
                        const unsigned block[3], unsigned shared_bytes,
                        const void *stream, void **params, void **extra) {
  int device;
  fake_status status = current(&device);
  if (status)
    return status;
  struct function *entry = function;
  if (!entry)
    return FAKE_INVALID_VALUE;
  if (entry->module->device != device)
    return FAKE_WRONG_DEVICE;
  /* The plug-ins launch on the default stream without dynamic shared memory
   * or the `extra` form of arguments. */
  if (shared_bytes || stream || extra || threads_of(grid, block) == 0)
    return FAKE_INVALID_VALUE;
  const struct kernel *kernel = entry->kernel;
  if (kernel->num_args && !params)
    return FAKE_INVALID_VALUE;
  void *args[FAKE_MAX_ARGUMENTS];
  size_t arg_bytes[FAKE_MAX_ARGUMENTS];
  pthread_mutex_lock(&lock);
  for (unsigned i = 0; i < kernel->num_args && status == FAKE_SUCCESS; ++i) {
    struct allocation *a;
    if (!params[i]) {
      status = FAKE_INVALID_VALUE;
      continue;
    }
    memcpy(&args[i], params[i], sizeof args[i]);
    status = find(args[i], 1, &a);
    if (status == FAKE_SUCCESS)
      arg_bytes[i] = (size_t)(a->base + a->size - (char *)args[i]);
  }
  pthread_mutex_unlock(&lock);
  return status ? status : kernel->run(args, arg_bytes, grid, block);
}

fake_status fake_synchronize(void) {
  int device;
  fake_status status = current(&device);
  if (status)
    return status;
  pthread_mutex_lock(&lock);
  status = pending_failure;
  pending_failure = FAKE_SUCCESS;
  pthread_mutex_unlock(&lock);
  return status;
}

const struct fake_error *fake_error_of(int code) {
  for (int status = 0; status < FAKE_STATUS_COUNT; ++status)
    if (fake_errors[status].code == code)
      return &fake_errors[status];
  return NULL;
}

int fake_gpu_live_allocations(void) {
  pthread_mutex_lock(&lock);
  int count = live_allocations;
  pthread_mutex_unlock(&lock);
  return count;
}

int fake_gpu_live_allocations_on(int device) {
  pthread_mutex_lock(&lock);
  int count = 0;
  for (struct allocation *a = allocations; a; a = a->next)
    count += a->device == device;
  pthread_mutex_unlock(&lock);
  return count;
}

int fake_gpu_live_modules(void) {
  pthread_mutex_lock(&lock);
  int count = live_modules;
  pthread_mutex_unlock(&lock);
  return count;
}
