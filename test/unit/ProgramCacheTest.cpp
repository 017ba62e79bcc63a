// The disk cache of compiled programs (tg::cache): it returns only what it
// stored under that key, survives corrupted and swapped entries by
// compiling again, keeps its file private, finds its place without a shared
// /tmp, and stays under its size cap.
#include "scoped_env.h"
#include "tg/Compiler/ProgramCache.h"
#include "tg/Tensor/Tensor.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/TargetParser/Host.h"
#include "gtest/gtest.h"

#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace tg;

namespace {

class ProgramCache : public ::testing::Test {
protected:
  void SetUp() override {
    directory_ = std::filesystem::temp_directory_path() /
                 ("tg-cache-test-" + std::to_string(getpid()) + "-" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(directory_);
    path_ = (directory_ / "sub" / "cache.db").string();
    cachedb_.emplace("CACHEDB", path_.c_str());
  }
  void TearDown() override {
    cachedb_.reset();
    std::filesystem::remove_all(directory_);
  }
  /// Runs `sql` on the database behind the cache's back.
  void tamper(const std::string &sql) {
    sqlite3 *db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    char *error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK)
        << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }
  bool listed(const std::string &key) {
    for (const cache::Entry &entry : cache::list())
      if (entry.key == key)
        return true;
    return false;
  }

  std::filesystem::path directory_;
  std::string path_;
  std::optional<ScopedEnv> cachedb_;
};

TEST_F(ProgramCache, StoresAndLoadsInAPrivateFile) {
  cache::store("k1", "blob one");
  EXPECT_EQ(cache::load("k1"), "blob one");
  EXPECT_EQ(cache::load("k2"), std::nullopt);
  struct stat info;
  ASSERT_EQ(stat(path_.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  ASSERT_EQ(stat((directory_ / "sub").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 077, 0u);
  cache::clear(false);
  EXPECT_EQ(cache::load("k1"), std::nullopt);
}

TEST_F(ProgramCache, ACorruptedOrSwappedEntryIsEvicted) {
  cache::store("add", "code that adds");
  cache::store("mul", "code that multiplies");
  // Swapping two entries' blobs (an attacker, or a bad disk) must not hand
  // one key the other's code.
  tamper("UPDATE programs SET blob = CASE key WHEN 'add' THEN 'code that multiplies' "
         "ELSE 'code that adds' END");
  testing::internal::CaptureStderr();
  EXPECT_EQ(cache::load("add"), std::nullopt);
  EXPECT_EQ(cache::load("mul"), std::nullopt);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("digest does not match"),
            std::string::npos);
  EXPECT_FALSE(listed("add"));
  cache::store("add", "code that adds");
  EXPECT_EQ(cache::load("add"), "code that adds");
}

// The same build of the compiler on another machine (a home directory
// shared between hosts) does not load the programs this one compiled for
// its CPU: each entry names the machine.
TEST_F(ProgramCache, AnotherMachinesProgramsAreNotLoaded) {
  cache::store("add", "code for this CPU");
  std::vector<cache::Entry> entries = cache::list();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_NE(entries[0].compiler.find(" on "), std::string::npos) << entries[0].compiler;
  EXPECT_NE(entries[0].compiler.find(llvm::sys::getHostCPUName().str()), std::string::npos)
      << entries[0].compiler;
  tamper("UPDATE programs SET compiler = substr(compiler, 1, instr(compiler, ' on ') + 3) || "
         "'x86_64-pc-linux-gnu another-cpu'");
  EXPECT_EQ(cache::load("add"), std::nullopt);
  cache::store("add", "code for this CPU");
  EXPECT_EQ(cache::load("add"), "code for this CPU");
}

// The tensor library over a database whose entries were corrupted: it
// warns, compiles again and computes the right values (x + 1 stays x + 1
// when its entry holds x * 3's code).
TEST_F(ProgramCache, RealizeRecompilesAroundBadEntries) {
  auto compute = [](double add, double mul) {
    Tensor x = Tensor::arange(4).cast(DType::Float32);
    return std::make_pair(((x + add) * 1.0).to_vector<float>(), (x * mul).to_vector<float>());
  };
  // Constants that no other test uses: these graphs are compiled here.
  auto expected = compute(1.0625, 3.0625);
  ASSERT_EQ(cache::list().size(), 2u);
  clear_cache(false);
  tamper("CREATE TEMP TABLE old AS SELECT rowid AS r, blob FROM programs; "
         "UPDATE programs SET blob = (SELECT blob FROM old WHERE r != programs.rowid)");
  uint64_t compiles = stats().compiles;
  testing::internal::CaptureStderr();
  EXPECT_EQ(compute(1.0625, 3.0625), expected);
  EXPECT_EQ(stats().compiles, compiles + 2);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("deleted and compiled again"),
            std::string::npos);
  // Garbage under a valid digest is impossible to plant without the digest;
  // truncated blobs fail it too.
  clear_cache(false);
  tamper("UPDATE programs SET blob = substr(blob, 1, 100)");
  testing::internal::CaptureStderr();
  EXPECT_EQ(compute(1.0625, 3.0625), expected);
  testing::internal::GetCapturedStderr();
  // And now they load from disk, intact.
  clear_cache(false);
  uint64_t hits = stats().disk_hits;
  EXPECT_EQ(compute(1.0625, 3.0625), expected);
  EXPECT_EQ(stats().disk_hits, hits + 2);
}

TEST_F(ProgramCache, ADatabaseOfAnotherUserIsNotUsed) {
  cache::store("k", "v");
  if (geteuid() != 0)
    GTEST_SKIP() << "only root can give the database to another user";
  ASSERT_EQ(chown(path_.c_str(), 12345, 12345), 0);
  std::string other = path_ + ".other";
  std::filesystem::copy_file(path_, other);
  ASSERT_EQ(chown(other.c_str(), 12345, 12345), 0);
  ScopedEnv elsewhere("CACHEDB", other.c_str());
  testing::internal::CaptureStderr();
  EXPECT_FALSE(cache::available());
  EXPECT_EQ(cache::load("k"), std::nullopt);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("belongs to user 12345"),
            std::string::npos);
}

TEST_F(ProgramCache, ASymlinkIsNotFollowed) {
  std::filesystem::create_directories(directory_);
  std::string target = (directory_ / "target.db").string(), link = (directory_ / "link.db").string();
  std::filesystem::create_symlink(target, link);
  ScopedEnv elsewhere("CACHEDB", link.c_str());
  testing::internal::CaptureStderr();
  EXPECT_FALSE(cache::available());
  EXPECT_NE(testing::internal::GetCapturedStderr().find("cannot be opened"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(target));
}

TEST_F(ProgramCache, NoSharedTmpWithoutAHome) {
  cachedb_.reset();
  ScopedEnv noCachedb("CACHEDB", nullptr), noXdg("XDG_CACHE_HOME", nullptr),
      noHome("HOME", nullptr);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(cache::available());
  EXPECT_NE(testing::internal::GetCapturedStderr().find("neither CACHEDB, XDG_CACHE_HOME nor HOME"),
            std::string::npos);
  EXPECT_NE(cache::path().find("none"), std::string::npos);
  ScopedEnv xdg("XDG_CACHE_HOME", directory_.c_str());
  EXPECT_EQ(cache::path(), (directory_ / "tinygrad-mlir" / "cache.db").string());
  EXPECT_TRUE(cache::available());
}

TEST_F(ProgramCache, TheLeastRecentlyUsedGoBeyondTheCap) {
  ScopedEnv cap("CACHESIZE", "1"); // MB
  std::string blob(400 << 10, 'x');
  cache::store("first", blob);
  cache::store("second", blob);
  ASSERT_TRUE(cache::load("first")); // now more recent than "second"
  cache::store("third", blob);
  EXPECT_TRUE(listed("first"));
  EXPECT_FALSE(listed("second"));
  EXPECT_TRUE(listed("third"));
  uint64_t total = 0;
  for (const cache::Entry &entry : cache::list())
    total += entry.bytes;
  EXPECT_LE(total, 1u << 20);
}

TEST_F(ProgramCache, OldLayoutsAreReplacedAndNewerOnesLeftAlone) {
  std::filesystem::create_directories(directory_ / "sub");
  tamper("CREATE TABLE programs_123_456 (key TEXT PRIMARY KEY, blob BLOB NOT NULL)");
  cache::store("k", "v");
  EXPECT_EQ(cache::load("k"), "v");
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  sqlite3_stmt *statement = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE 'programs_1%'",
                               -1, &statement, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(statement), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(statement, 0), 0);
  sqlite3_finalize(statement);
  sqlite3_close(db);

  std::string newer = (directory_ / "newer.db").string();
  ScopedEnv elsewhere("CACHEDB", newer.c_str());
  sqlite3_open(newer.c_str(), &db);
  sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(cache::available());
  EXPECT_NE(testing::internal::GetCapturedStderr().find("schema version 99"), std::string::npos);
}

} // namespace
