//===- memory_cache.cpp - a device's freed memory, kept for reuse ---------===//

#include "memory_cache.h"

#include <algorithm>

namespace tgrt {

bool MemoryCache::allocate(uint64_t size, void **memory, BackendError &error) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = bySize_.find(size);
    if (found != bySize_.end()) {
      auto block = found->second.back();
      *memory = block->memory;
      held_ -= size;
      lru_.erase(block);
      found->second.pop_back();
      if (found->second.empty())
        bySize_.erase(found);
      ++reused_;
      return true;
    }
  }
  if (backend_->alloc(device_, size, memory, error.text) != 0) {
    flush();
    error = BackendError();
    if (backend_->alloc(device_, size, memory, error.text) != 0)
      return false;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  ++fresh_;
  return true;
}

void MemoryCache::stats(uint64_t *fresh, uint64_t *reused, uint64_t *cached) {
  std::lock_guard<std::mutex> lock(mutex_);
  *fresh = fresh_;
  *reused = reused_;
  *cached = held_;
}

void MemoryCache::release(uint64_t size, void *memory) {
  if (size > cap_) {
    backend_->free(device_, memory);
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  bySize_[size].push_back(lru_.insert(lru_.end(), Block{size, memory}));
  held_ += size;
  while (held_ > cap_)
    evictOldest();
}

void MemoryCache::raiseCap(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  cap_ = std::max(cap_, bytes);
}

void MemoryCache::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  while (!lru_.empty())
    evictOldest();
}

void MemoryCache::evictOldest() {
  Block oldest = lru_.front();
  auto sameSize = bySize_.find(oldest.size);
  sameSize->second.erase(sameSize->second.begin());
  if (sameSize->second.empty())
    bySize_.erase(sameSize);
  lru_.pop_front();
  held_ -= oldest.size;
  backend_->free(device_, oldest.memory);
}

} // namespace tgrt
