//===- ProgramCache.cpp - compiled programs on disk: CACHEDB, CACHELEVEL --===//

#include "ProgramCache.h"

#include "tg/Support/Knobs.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <sqlite3.h>

#include <cstdlib>
#include <mutex>

namespace tg {

namespace {

/// Programs depend on the compiler that made them, which is linked into
/// the running program: a table per build of it (its size and time).
const std::string &tableName() {
  static const std::string name = [] {
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status("/proc/self/exe", status))
      return std::string();
    return "programs_" + std::to_string(status.getSize()) + "_" +
           std::to_string(status.getLastModificationTime().time_since_epoch().count());
  }();
  return name;
}

std::string databasePath() {
  if (const char *path = tg::knobs::value("CACHEDB"))
    return path;
  const char *home = std::getenv("HOME");
  llvm::SmallString<256> path(home ? home : "/tmp");
  llvm::sys::path::append(path, ".cache", "tinygrad-mlir", "cache.db");
  return std::string(path);
}

bool enabled() {
  return tg::knobs::integer("CACHELEVEL", 1) != 0;
}

/// The open database with the table, or null when it cannot be used (the
/// reason printed once: a cache that does not work only costs compiles).
sqlite3 *database() {
  static std::mutex mutex;
  static sqlite3 *db = nullptr;
  static bool tried = false;
  std::lock_guard<std::mutex> lock(mutex);
  if (tried)
    return db;
  tried = true;
  if (tableName().empty())
    return db; // which compiler made a program cannot be told: no disk cache
  std::string path = databasePath();
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    llvm::errs() << "tg::Tensor: CACHEDB " << path << " cannot be opened (" << sqlite3_errmsg(db)
                 << "); compiling without a disk cache\n";
    sqlite3_close(db);
    return db = nullptr;
  }
  sqlite3_busy_timeout(db, 5000);
  std::string create = "CREATE TABLE IF NOT EXISTS " + tableName() +
                       " (key TEXT PRIMARY KEY, blob BLOB NOT NULL)";
  if (sqlite3_exec(db, create.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
    llvm::errs() << "tg::Tensor: CACHEDB " << path << ": " << sqlite3_errmsg(db)
                 << "; compiling without a disk cache\n";
    sqlite3_close(db);
    db = nullptr;
  }
  return db;
}

} // namespace

std::optional<std::string> diskCacheLoad(const std::string &key) {
  sqlite3 *db = enabled() ? database() : nullptr;
  if (!db)
    return std::nullopt;
  std::string sql = "SELECT blob FROM " + tableName() + " WHERE key = ?";
  sqlite3_stmt *statement = nullptr;
  std::optional<std::string> blob;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
      sqlite3_bind_text(statement, 1, key.data(), key.size(), SQLITE_TRANSIENT) == SQLITE_OK &&
      sqlite3_step(statement) == SQLITE_ROW) {
    const void *data = sqlite3_column_blob(statement, 0);
    blob = std::string(static_cast<const char *>(data), sqlite3_column_bytes(statement, 0));
  }
  sqlite3_finalize(statement);
  return blob;
}

void diskCacheStore(const std::string &key, const std::string &blob) {
  sqlite3 *db = enabled() ? database() : nullptr;
  if (!db)
    return;
  std::string sql = "INSERT OR REPLACE INTO " + tableName() + " (key, blob) VALUES (?, ?)";
  sqlite3_stmt *statement = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
      sqlite3_bind_text(statement, 1, key.data(), key.size(), SQLITE_TRANSIENT) == SQLITE_OK &&
      sqlite3_bind_blob(statement, 2, blob.data(), blob.size(), SQLITE_TRANSIENT) == SQLITE_OK)
    sqlite3_step(statement);
  sqlite3_finalize(statement);
}

void diskCacheClear() {
  if (sqlite3 *db = database())
    sqlite3_exec(db, ("DELETE FROM " + tableName()).c_str(), nullptr, nullptr, nullptr);
}

} // namespace tg
