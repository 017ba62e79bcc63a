/*===- fake_backend.c - plug-ins for testing how tgrt loads them ----------===*
 *
 * Built once per FAKE_MODE into its own directory as libtgrt-backend-<x>.so:
 *   FAKE_WORKING    a HIP backend with two devices of host memory (at most
 *                   FAKE_MEMORY_LIMIT bytes live) that runs no kernels, and
 *                   counts its allocations for the cache tests;
 *   FAKE_BAD_ABI    a CUDA plug-in that speaks no ABI version we ask for;
 *   FAKE_NO_DEVICE  a CUDA plug-in whose driver is missing.
 *
 *===----------------------------------------------------------------------===*/
#include "tg_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAKE_WORKING 1
#define FAKE_BAD_ABI 2
#define FAKE_NO_DEVICE 3
#define FAKE_MEMORY_LIMIT (1 << 20)

static int64_t allocs, frees, liveBytes;

/* What the cache tests read: allocations and frees so far. */
__attribute__((visibility("default"))) void
fake_backend_counters(int64_t *allocCount, int64_t *freeCount) {
  *allocCount = allocs;
  *freeCount = frees;
}

static int fail(char *error, const char *why) {
  snprintf(error, TG_BACKEND_ERROR_SIZE, "%s", why);
  return 1;
}

static int deviceCount(int32_t *count, char *error) {
  if (FAKE_MODE == FAKE_NO_DEVICE) {
    *count = 0;
    return fail(error, "the fake driver library libfake.so.1 is missing");
  }
  *count = 2;
  return 0;
}

static int deviceOpen(int32_t index, void **device, char *error) {
  *device = (void *)(intptr_t)(index + 1);
  return 0;
}

static void deviceClose(void *device) {}

/* Blocks carry their size in front so free can account for it. */
static int alloc(void *device, uint64_t size, void **memory, char *error) {
  if (liveBytes + (int64_t)size > FAKE_MEMORY_LIMIT)
    return fail(error, "the fake device's 1048576 bytes are full");
  int64_t *block = malloc(sizeof(int64_t) + size);
  if (!block)
    return fail(error, "malloc failed");
  block[0] = (int64_t)size;
  liveBytes += (int64_t)size;
  ++allocs;
  *memory = block + 1;
  return 0;
}

static void release(void *device, void *memory) {
  int64_t *block = (int64_t *)memory - 1;
  liveBytes -= block[0];
  ++frees;
  free(block);
}

static int write(void *device, void *memory, uint64_t offset, const void *host,
                 uint64_t size, char *error) {
  memcpy((char *)memory + offset, host, size);
  return 0;
}

static int read(void *device, const void *memory, uint64_t offset, void *host,
                uint64_t size, char *error) {
  memcpy(host, (const char *)memory + offset, size);
  return 0;
}

static int copy(void *device, void *dst, const void *src, uint64_t size,
                char *error) {
  memcpy(dst, src, size);
  return 0;
}

static int moduleLoad(void *device, const void *binary, uint64_t size,
                      void **module, char *error) {
  return fail(error, "the fake backend runs no kernels");
}

static void moduleUnload(void *device, void *module) {}

static int kernelGet(void *device, void *module, const char *symbol,
                     void **kernel, char *error) {
  return fail(error, "the fake backend runs no kernels");
}

static int launch(void *device, void *kernel, const tg_kernel_desc *desc,
                  void *const *buffers, uint32_t num_buffers, char *error) {
  return fail(error, "the fake backend runs no kernels");
}

static int synchronize(void *device, char *error) { return 0; }

static const char *const binary_kinds[] = {
    FAKE_MODE == FAKE_WORKING ? "hsaco" : "cubin", NULL};

static const tg_backend table = {
    TG_BACKEND_ABI_VERSION,
    FAKE_MODE == FAKE_WORKING ? "HIP" : "CUDA",
    binary_kinds,
    deviceCount, deviceOpen, deviceClose,
    alloc, release, write, read, copy,
    moduleLoad, moduleUnload, kernelGet, launch, synchronize,
};

__attribute__((visibility("default"))) const tg_backend *
tg_backend_get(uint32_t abi_version) {
  if (FAKE_MODE == FAKE_BAD_ABI || abi_version != TG_BACKEND_ABI_VERSION)
    return NULL;
  return &table;
}
