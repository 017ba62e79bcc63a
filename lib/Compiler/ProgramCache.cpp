//===- ProgramCache.cpp - compiled programs on disk: CACHEDB, CACHELEVEL --===//

#include "tg/Compiler/ProgramCache.h"

#include "tg/Compiler/Profile.h"
#include "tg/Compiler/Viz.h"
#include "tg/Target/CPU/Codegen.h"

#include "tg/Support/Knobs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

namespace tg::cache {
namespace {

std::recursive_mutex mutex;

void warn(const std::string &message) {
  llvm::errs() << "tinygrad-mlir: program cache: " << message << "\n";
}

/// The machine this runs on, whose CPU the programs are compiled for: its
/// name and caches, and a digest of its features.
std::string hostMachine() {
  std::string error;
  mlir::FailureOr<mlir::tg::CPUMachine> host = mlir::tg::cpuMachine("", "", false, error);
  if (mlir::failed(host))
    return "an unknown machine";
  return mlir::tg::describe(*host) + ", features " +
         llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(host->features))).substr(0, 16);
}

/// The build of the compiler: the file holding this code (libtg.so, or the
/// program it is linked into), by its name, size and time, and the machine
/// it runs on. A rebuilt compiler does not see its predecessor's programs,
/// nor does one on another machine (a home directory shared between hosts,
/// a container moved) see programs for another CPU, whose instructions
/// this one may lack.
const std::string &compilerIdentity() {
  static const std::string identity = [] {
    Dl_info info;
    std::string file = dladdr(reinterpret_cast<void *>(&compilerIdentity), &info) && info.dli_fname
                           ? info.dli_fname
                           : "/proc/self/exe";
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(file, status))
      return std::string();
    return llvm::sys::path::filename(file).str() + ":" + std::to_string(status.getSize()) + ":" +
           std::to_string(status.getLastModificationTime().time_since_epoch().count()) + " on " +
           hostMachine();
  }();
  return identity;
}

/// Where the database is, or "" with `why` saying why there is none.
std::string databasePath(std::string &why) {
  if (const char *path = tg::knobs::value("CACHEDB"))
    return path;
  llvm::SmallString<256> path;
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  const char *home = std::getenv("HOME");
  if (xdg && llvm::sys::path::is_absolute(xdg))
    path = xdg;
  else if (home && *home)
    llvm::sys::path::append(path, home, ".cache");
  else {
    why = "neither CACHEDB, XDG_CACHE_HOME nor HOME is set";
    return "";
  }
  llvm::sys::path::append(path, "tinygrad-mlir", "cache.db");
  return std::string(path);
}

/// Creates the file with mode 0600 if it is absent; refuses one that is not
/// a regular file of this user's.
bool checkFile(const std::string &path, std::string &why) {
  llvm::StringRef parent = llvm::sys::path::parent_path(path);
  if (!parent.empty())
    llvm::sys::fs::create_directories(parent, true, llvm::sys::fs::owner_all);
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    why = "cannot be opened (" + std::string(strerror(errno)) + ")";
    return false;
  }
  struct stat info;
  bool ok = ::fstat(fd, &info) == 0;
  if (ok && !S_ISREG(info.st_mode)) {
    why = "is not a regular file";
    ok = false;
  } else if (ok && info.st_uid != ::geteuid()) {
    why = "belongs to user " + std::to_string(info.st_uid) + ", not to this one";
    ok = false;
  } else if (ok && (info.st_mode & 077)) {
    ::fchmod(fd, 0600); // others must not plant programs in it
  }
  ::close(fd);
  return ok;
}

bool exec(sqlite3 *db, const std::string &sql) {
  return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
}

/// Brings the database to kSchemaVersion: the tables of the old layout (one
/// per build of the compiler, which grew without bound) are dropped. In one
/// write transaction, so that processes opening it at once agree.
bool migrate(sqlite3 *db, std::string &why) {
  if (!exec(db, "BEGIN IMMEDIATE")) {
    why = sqlite3_errmsg(db);
    return false;
  }
  sqlite3_stmt *statement = nullptr;
  int version = -1;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &statement, nullptr) == SQLITE_OK &&
      sqlite3_step(statement) == SQLITE_ROW)
    version = sqlite3_column_int(statement, 0);
  sqlite3_finalize(statement);
  bool ok = version >= 0 && version <= kSchemaVersion;
  if (version > kSchemaVersion)
    why = "has schema version " + std::to_string(version) + ", newer than this build's " +
          std::to_string(kSchemaVersion);
  if (ok && version < kSchemaVersion) {
    std::vector<std::string> old;
    if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table'", -1,
                           &statement, nullptr) == SQLITE_OK)
      while (sqlite3_step(statement) == SQLITE_ROW)
        old.push_back(reinterpret_cast<const char *>(sqlite3_column_text(statement, 0)));
    sqlite3_finalize(statement);
    for (const std::string &table : old)
      ok = ok && exec(db, "DROP TABLE IF EXISTS \"" + table + "\"");
    ok = ok &&
         exec(db, "CREATE TABLE programs (compiler TEXT NOT NULL, key TEXT NOT NULL, "
                  "digest BLOB NOT NULL, blob BLOB NOT NULL, last_used INTEGER NOT NULL, "
                  "PRIMARY KEY (compiler, key))") &&
         exec(db, "CREATE INDEX programs_by_use ON programs (last_used)") &&
         exec(db, "PRAGMA user_version = " + std::to_string(kSchemaVersion));
  }
  if (why.empty() && !ok)
    why = sqlite3_errmsg(db);
  exec(db, ok ? "COMMIT" : "ROLLBACK");
  return ok;
}

/// The open database, or null when there is none (the reason said once per
/// path: a cache that does not work only costs compiles). Setting CACHEDB
/// (or XDG_CACHE_HOME, HOME) to another path opens that one.
sqlite3 *database() {
  static sqlite3 *db = nullptr;
  static std::string openedPath;
  static bool tried = false;
  std::string why;
  std::string path = databasePath(why);
  if (tried && path == openedPath)
    return db;
  if (db)
    sqlite3_close(db);
  db = nullptr;
  tried = true;
  openedPath = path;
  if (compilerIdentity().empty())
    why = "the compiler's build cannot be told";
  else if (!path.empty() && checkFile(path, why)) {
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW,
                        nullptr) != SQLITE_OK ||
        (sqlite3_busy_timeout(db, 5000), !migrate(db, why))) {
      if (why.empty())
        why = sqlite3_errmsg(db);
      sqlite3_close(db);
      db = nullptr;
    }
  }
  if (!db)
    warn("off: " + (path.empty() ? why : path + " " + why));
  return db;
}

sqlite3 *enabledDatabase() {
  return tg::knobs::integer("CACHELEVEL", 1) != 0 ? database() : nullptr;
}

std::string digestOf(const std::string &key, const std::string &blob) {
  llvm::SHA256 hash;
  for (const std::string *part : {&compilerIdentity(), &key, &blob}) {
    hash.update(std::to_string(part->size()) + ":");
    hash.update(*part);
  }
  auto result = hash.final();
  return std::string(result.begin(), result.end());
}

int64_t now() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// A prepared statement with its parameters bound (`texts`, then `blobs`),
/// finalized on exit.
struct Statement {
  Statement(sqlite3 *db, const char *sql, std::initializer_list<const std::string *> texts,
            std::initializer_list<const std::string *> blobs = {}) {
    ok = sqlite3_prepare_v2(db, sql, -1, &handle, nullptr) == SQLITE_OK;
    int index = 1;
    for (const std::string *text : texts)
      ok = ok && sqlite3_bind_text(handle, index++, text->data(), text->size(),
                                   SQLITE_TRANSIENT) == SQLITE_OK;
    for (const std::string *blob : blobs)
      ok = ok && sqlite3_bind_blob(handle, index++, blob->data(), blob->size(),
                                   SQLITE_TRANSIENT) == SQLITE_OK;
  }
  ~Statement() { sqlite3_finalize(handle); }
  bool bindInteger(int index, int64_t value) {
    return ok && sqlite3_bind_int64(handle, index, value) == SQLITE_OK;
  }
  int step() { return ok ? sqlite3_step(handle) : SQLITE_ERROR; }
  std::string column(int index) {
    const char *data = static_cast<const char *>(sqlite3_column_blob(handle, index));
    return std::string(data ? data : "", sqlite3_column_bytes(handle, index));
  }
  sqlite3_stmt *handle = nullptr;
  bool ok;
};

void evictLeastRecentlyUsed(sqlite3 *db) {
  int64_t cap = int64_t(tg::knobs::integer("CACHESIZE", 1024)) << 20;
  for (;;) {
    Statement total(db, "SELECT COALESCE(SUM(LENGTH(blob)), 0) FROM programs", {});
    if (total.step() != SQLITE_ROW || sqlite3_column_int64(total.handle, 0) <= cap)
      return;
    if (!exec(db, "DELETE FROM programs WHERE rowid = "
                  "(SELECT rowid FROM programs ORDER BY last_used LIMIT 1)"))
      return;
  }
}

} // namespace

std::optional<std::string> load(const std::string &key) {
  // VIZ shows compiles: a program from the cache would be missing from it.
  if (mlir::tg::viz::enabled())
    return std::nullopt;
  std::lock_guard<std::recursive_mutex> lock(mutex);
  sqlite3 *db = enabledDatabase();
  if (!db)
    return std::nullopt;
  Statement select(db, "SELECT digest, blob FROM programs WHERE compiler = ? AND key = ?",
                   {&compilerIdentity(), &key});
  if (select.step() != SQLITE_ROW) {
    mlir::tg::profile::instant("program cache", "disk miss", "cache");
    return std::nullopt;
  }
  std::string digest = select.column(0), blob = select.column(1);
  if (digest != digestOf(key, blob)) {
    evict(key, "whose digest does not match its contents");
    mlir::tg::profile::instant("program cache", "disk entry evicted", "cache");
    return std::nullopt;
  }
  mlir::tg::profile::instant("program cache", "disk hit", "cache",
                             {{"bytes", std::to_string(blob.size())}});
  Statement touch(db, "UPDATE programs SET last_used = ?3 WHERE compiler = ?1 AND key = ?2",
                  {&compilerIdentity(), &key});
  touch.ok = touch.bindInteger(3, now());
  touch.step();
  return blob;
}

void store(const std::string &key, const std::string &blob) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  sqlite3 *db = enabledDatabase();
  if (!db)
    return;
  std::string digest = digestOf(key, blob);
  Statement insert(db,
                   "INSERT OR REPLACE INTO programs (compiler, key, digest, blob, last_used) "
                   "VALUES (?, ?, ?, ?, ?)",
                   {&compilerIdentity(), &key}, {&digest, &blob});
  insert.ok = insert.bindInteger(5, now());
  insert.step();
  evictLeastRecentlyUsed(db);
}

void evict(const std::string &key, const std::string &why) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  sqlite3 *db = database();
  if (!db)
    return;
  warn("an entry " + why + "; it is deleted and compiled again");
  Statement remove(db, "DELETE FROM programs WHERE compiler = ? AND key = ?",
                   {&compilerIdentity(), &key});
  remove.step();
}

void clear(bool everyBuild) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (sqlite3 *db = database()) {
    if (everyBuild) {
      exec(db, "DELETE FROM programs");
    } else {
      Statement remove(db, "DELETE FROM programs WHERE compiler = ?", {&compilerIdentity()});
      remove.step();
    }
    exec(db, "VACUUM");
  }
}

std::vector<Entry> list() {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  std::vector<Entry> entries;
  sqlite3 *db = database();
  if (!db)
    return entries;
  Statement select(db,
                   "SELECT key, compiler, LENGTH(blob), last_used FROM programs "
                   "ORDER BY last_used DESC",
                   {});
  while (select.step() == SQLITE_ROW)
    entries.push_back({select.column(0), select.column(1),
                       uint64_t(sqlite3_column_int64(select.handle, 2)),
                       sqlite3_column_int64(select.handle, 3) / 1000000});
  return entries;
}

std::string path() {
  std::string why;
  std::string where = databasePath(why);
  return where.empty() ? "(none: " + why + ")" : where;
}

bool available() {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  return database() != nullptr;
}

} // namespace tg::cache
