//===- ProgramCache.h - compiled programs on disk ---------------*- C++ -*-===//
//
// The disk cache of compiled executables that the tensor library and tg-run
// share (tinygrad's diskcache): an sqlite database, one table with a schema
// version, where each entry is keyed by what was compiled and by the build
// of the compiler that compiled it and the machine it ran on (its CPU's
// name, caches and features).
//
// It holds machine code the process will run, so it is guarded:
// - each entry carries a SHA-256 digest of its compiler, key and blob, checked
//   before the blob is returned; an entry that fails (corrupted, or moved
//   under another key) is deleted with a warning and compiled again;
// - the database is created with mode 0600 in a 0700 folder, and one owned
//   by another user, or that is not a regular file, is not used;
// - without CACHEDB, XDG_CACHE_HOME or HOME there is no disk cache (never a
//   shared /tmp), with a warning.
// Its size is capped (CACHESIZE MB, default 1024): the least recently used
// entries go first.
//
//===----------------------------------------------------------------------===//
#ifndef TG_COMPILER_PROGRAMCACHE_H
#define TG_COMPILER_PROGRAMCACHE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tg::cache {

/// The version of the database's layout (sqlite's user_version).
constexpr int kSchemaVersion = 1;

/// The executable stored under `key` for this build of the compiler, when
/// the disk cache is on (CACHELEVEL is not 0), VIZ is off (it shows
/// compiles), and the entry is intact.
std::optional<std::string> load(const std::string &key);
/// Stores it, then evicts the least recently used entries beyond the cap.
void store(const std::string &key, const std::string &blob);
/// Deletes an entry whose blob turned out unusable, with a warning.
void evict(const std::string &key, const std::string &why);
/// Deletes this build's entries, or with `everyBuild` all of them.
void clear(bool everyBuild);

struct Entry {
  std::string key;
  std::string compiler; // the build that compiled it
  uint64_t bytes = 0;
  int64_t lastUsed = 0; // seconds since the epoch
};
/// Every entry, the most recently used first.
std::vector<Entry> list();
/// The database's path, or why there is none.
std::string path();
/// Whether a database is open and usable.
bool available();

} // namespace tg::cache

#endif // TG_COMPILER_PROGRAMCACHE_H
