//===- tg-cache.cpp - the disk cache of compiled programs -----------------===//
//
// tg-cache list           every entry: its size, when it was last used, key
// tg-cache size           how many entries, and their bytes
// tg-cache clear          deletes every entry
// tg-cache path           where the database is (CACHEDB, XDG_CACHE_HOME, HOME)
//
// The cache is the one the tensor library and tg-run use (tg::cache), with
// the entries of every build of them: each program (the tensor library in
// libtg.so, tg-run, a program linking the library) keeps its own.
//
//===----------------------------------------------------------------------===//

#include "tg/Support/Version.h"
#include "tg/Compiler/ProgramCache.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <ctime>

using namespace llvm;

static cl::opt<std::string> command(cl::Positional, cl::Required,
                                    cl::desc("list | size | clear | path"),
                                    cl::value_desc("command"));

static std::string when(int64_t seconds) {
  std::time_t time = seconds;
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", std::localtime(&time));
  return text;
}

/// A key as one line of at most 120 characters (the tensor library's keys
/// are whole graphs).
static std::string oneLine(const std::string &key) {
  std::string line = key.substr(0, key.find('\n'));
  return line.size() > 120 || line.size() < key.size() ? line.substr(0, 117) + "..." : line;
}

int main(int argc, char **argv) {
  ::tg::setVersionPrinter();
  cl::ParseCommandLineOptions(argc, argv,
                              "tg-cache: the disk cache of compiled programs that the tensor "
                              "library and tg-run share\n");
  if (command == "path") {
    outs() << tg::cache::path() << "\n";
    return 0;
  }
  if (command != "list" && command != "size" && command != "clear") {
    errs() << "tg-cache: '" << command << "' is none of list, size, clear, path\n";
    return 1;
  }
  if (!tg::cache::available()) {
    errs() << "tg-cache: no usable cache at " << tg::cache::path() << "\n";
    return 1;
  }
  if (command == "clear") {
    tg::cache::clear(/*everyBuild=*/true);
    outs() << "cleared " << tg::cache::path() << "\n";
    return 0;
  }
  std::vector<tg::cache::Entry> entries = tg::cache::list();
  if (command == "list") {
    for (const tg::cache::Entry &entry : entries)
      outs() << format("%10llu  ", static_cast<unsigned long long>(entry.bytes))
             << when(entry.lastUsed) << "  " << oneLine(entry.key) << "\n";
    return 0;
  }
  uint64_t bytes = 0;
  for (const tg::cache::Entry &entry : entries)
    bytes += entry.bytes;
  outs() << tg::cache::path() << ": " << entries.size() << " programs, " << bytes
         << " bytes\n";
  return 0;
}
