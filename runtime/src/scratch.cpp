//===- scratch.cpp - CPU kernels' scratch, kept for the next launch -------===//
//
// tg_executable.h's tgrt_scratch_alloc and tgrt_scratch_free, which
// compiled CPU kernels call for their scratch (tg-cpu-cached-scratch).
// Freed blocks are kept by size in a MemoryCache over host memory, so the
// next launch of a kernel reuses its pages; each block's size is written in
// front of it, for the free.
//
//===----------------------------------------------------------------------===//

#include "cpu_backend.h"
#include "memory_cache.h"
#include "tg_executable.h"

namespace tgrt {
namespace {

// Room for the size in front of a block that keeps the block's alignment.
constexpr uint64_t kHeader = 64;
// As much as the device buffers' cache keeps by default (LRU_CACHE_CAP).
constexpr uint64_t kScratchCap = 1ull << 30;

MemoryCache &scratchCache() {
  // Never destroyed: a worker may free scratch while the process exits.
  static MemoryCache *cache = new MemoryCache(cpuBackend(), nullptr, kScratchCap);
  return *cache;
}

} // namespace
} // namespace tgrt

extern "C" void *tgrt_scratch_alloc(uint64_t size) {
  void *memory = nullptr;
  tgrt::BackendError error;
  if (size > UINT64_MAX - tgrt::kHeader ||
      !tgrt::scratchCache().allocate(size + tgrt::kHeader, &memory, error))
    return nullptr;
  *static_cast<uint64_t *>(memory) = size + tgrt::kHeader;
  return static_cast<char *>(memory) + tgrt::kHeader;
}

extern "C" void tgrt_scratch_free(void *block) {
  if (!block)
    return;
  char *memory = static_cast<char *>(block) - tgrt::kHeader;
  tgrt::scratchCache().release(*reinterpret_cast<uint64_t *>(memory), memory);
}
