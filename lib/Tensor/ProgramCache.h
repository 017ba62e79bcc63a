//===- ProgramCache.h - compiled programs, in memory and on disk -*- C++ -*-===//
#ifndef TG_LIB_TENSOR_PROGRAMCACHE_H
#define TG_LIB_TENSOR_PROGRAMCACHE_H

#include "Graph.h"

#include <optional>
#include <string>

struct tgrt_executable_t;

namespace tg {

/// A compiled program loaded on a device.
struct Program {
  Program(tgrt_device_t *device, const std::string &blob);
  ~Program();
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;
  tgrt_device_t *device;
  tgrt_executable_t *executable = nullptr;
};

/// The executable stored under `key` in CACHEDB (an sqlite file, default
/// ~/.cache/tinygrad-mlir/cache.db), unless CACHELEVEL=0 or it is absent.
/// Entries are kept per build of the compiler: a rebuilt compiler starts
/// afresh.
std::optional<std::string> diskCacheLoad(const std::string &key);
void diskCacheStore(const std::string &key, const std::string &blob);
/// Deletes this build's entries.
void diskCacheClear();

/// Realizes pending nodes (Realize.cpp).
void realizeNodes(const std::vector<NodeRef> &targets);

} // namespace tg

#endif // TG_LIB_TENSOR_PROGRAMCACHE_H
