//===- memory_cache.h - a device's freed memory, kept for reuse -----------===//
#ifndef TGRT_MEMORY_CACHE_H
#define TGRT_MEMORY_CACHE_H

#include "error.h"

#include <list>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace tgrt {

// Freed blocks keyed by exact size, at most `cap` bytes in all; the least
// recently freed go back to the backend first. Thread-safe.
class MemoryCache {
public:
  MemoryCache(const tg_backend *backend, void *device, uint64_t cap)
      : backend_(backend), device_(device), cap_(cap) {}
  MemoryCache(const MemoryCache &) = delete;
  MemoryCache &operator=(const MemoryCache &) = delete;
  ~MemoryCache() { flush(); }

  // The most recently freed block of `size` bytes, else new memory; when the
  // backend is out of memory the cache is emptied and the allocation retried.
  bool allocate(uint64_t size, void **memory, BackendError &error);
  void release(uint64_t size, void *memory);
  // Hands every cached block back to the backend.
  void flush();
  // Keeps at least `bytes` from now on.
  void raiseCap(uint64_t bytes);
  // Allocations served by the backend, and by a cached block; bytes cached.
  void stats(uint64_t *fresh, uint64_t *reused, uint64_t *cached);

private:
  struct Block {
    uint64_t size;
    void *memory;
  };
  void evictOldest();

  const tg_backend *backend_;
  void *device_;
  uint64_t cap_;
  std::mutex mutex_;
  uint64_t held_ = 0;
  uint64_t fresh_ = 0, reused_ = 0;
  std::list<Block> lru_; // oldest first
  // Per size, that size's blocks in lru_, oldest first.
  std::unordered_map<uint64_t, std::vector<std::list<Block>::iterator>> bySize_;
};

} // namespace tgrt

#endif // TGRT_MEMORY_CACHE_H
