//===- backends.cpp - the built-in CPU backend and the plug-ins found -----===//
//
// libtgrt keeps no list of backends: a plug-in is a file
// libtgrt-backend-<name>.so in an absolute directory of TGRT_BACKEND_PATH (searched
// first, so a user can override an installed one) or next to libtgrt
// itself, and it serves the device <NAME>. Its table says so (its name) and
// says which binary kinds it loads. The first file found for a name is the
// one used: a broken plug-in is reported, not skipped.
//
//===----------------------------------------------------------------------===//

#include "backends.h"

#include "cpu_backend.h"
#include "env.h"
#include "tg/Support/Knobs.h"
#include "error.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <mutex>
#include <set>
#include <strings.h>
#include <unistd.h>

namespace tgrt {

static constexpr const char *kPrefix = "libtgrt-backend-", *kSuffix = ".so";

static std::recursive_mutex backendsMutex;
// Never destroyed: devices and executables in statics outlive main.
static std::vector<Backend *> &backendList() {
  static auto *list = new std::vector<Backend *>{
      new Backend{"CPU", "built into libtgrt", nullptr, false}};
  return *list;
}

// The absolute directory of libtgrt's file, or "" when it cannot be told
// (never the current directory).
static std::string libtgrtDirectory() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&tgrt_list_backends), &info) ||
      !info.dli_fname)
    return "";
  char *resolved = realpath(info.dli_fname, nullptr);
  if (!resolved)
    return "";
  std::string path = resolved;
  free(resolved);
  return path.substr(0, path.rfind('/'));
}

static void warnOnce(const std::string &message) {
  static std::set<std::string> said;
  if (said.insert(message).second)
    std::fputs(message.c_str(), stderr);
}

struct SearchDirectory {
  std::string path;
  const char *why; // "TGRT_BACKEND_PATH" or "next to libtgrt"
};

static std::vector<SearchDirectory> searchDirectories() {
  std::vector<SearchDirectory> directories;
  if (const char *list = tg::knobs::value("TGRT_BACKEND_PATH")) {
    std::string entries = list;
    size_t start = 0;
    while (start <= entries.size()) {
      size_t end = entries.find(':', start);
      if (end == std::string::npos)
        end = entries.size();
      std::string entry = entries.substr(start, end - start);
      // A relative entry would load whatever the current directory holds.
      if (!entry.empty() && entry[0] == '/')
        directories.push_back({entry, "TGRT_BACKEND_PATH"});
      else if (!entry.empty())
        warnOnce("tinygrad-mlir: TGRT_BACKEND_PATH entry '" + entry +
                 "' is not an absolute directory and is ignored\n");
      start = end + 1;
    }
  }
  if (std::string own = libtgrtDirectory(); !own.empty())
    directories.push_back({own, "next to libtgrt"});
  return directories;
}

static std::string upper(std::string s) {
  for (char &c : s)
    c = static_cast<char>(toupper(static_cast<unsigned char>(c)));
  return s;
}

// Brings the list up to the plug-in directories as they are now: the first
// file of each name. A backend that has loaded keeps its file; one that has
// not may be found elsewhere (TGRT_BACKEND_PATH changed) or be gone.
static void scanPlugins() {
  std::vector<std::pair<std::string, std::string>> found; // name, path
  for (const SearchDirectory &directory : searchDirectories()) {
    DIR *dir = opendir(directory.path.c_str());
    if (!dir)
      continue;
    std::vector<std::string> files;
    while (dirent *entry = readdir(dir)) {
      std::string file = entry->d_name;
      size_t prefix = strlen(kPrefix), suffix = strlen(kSuffix);
      if (file.size() > prefix + suffix && file.compare(0, prefix, kPrefix) == 0 &&
          file.compare(file.size() - suffix, suffix, kSuffix) == 0)
        files.push_back(file);
    }
    closedir(dir);
    std::sort(files.begin(), files.end());
    for (const std::string &file : files) {
      std::string name =
          upper(file.substr(strlen(kPrefix), file.size() - strlen(kPrefix) - strlen(kSuffix)));
      if (std::none_of(found.begin(), found.end(), [&](auto &f) { return f.first == name; }))
        found.push_back({name, directory.path + "/" + file});
    }
  }
  std::vector<Backend *> &list = backendList();
  // Backends are never deleted (devices point at their tables); one that
  // is gone is taken out of the list.
  list.erase(std::remove_if(list.begin() + 1, list.end(),
                            [&](Backend *b) {
                              return !b->table &&
                                     std::none_of(found.begin(), found.end(),
                                                  [&](auto &f) { return f.first == b->name; });
                            }),
             list.end());
  for (const auto &[name, path] : found) {
    auto known = std::find_if(list.begin(), list.end(), [&](Backend *b) { return b->name == name; });
    if (known == list.end())
      list.push_back(new Backend{name, path, nullptr, false});
    else if (!(*known)->table)
      (*known)->path = path;
  }
  std::sort(list.begin() + 1, list.end(),
            [](Backend *a, Backend *b) { return a->name < b->name; });
}

std::vector<Backend *> allBackends() {
  std::lock_guard<std::recursive_mutex> lock(backendsMutex);
  scanPlugins();
  return backendList();
}

tgrt_status findBackend(const char *name, size_t length, Backend **backend) {
  std::lock_guard<std::recursive_mutex> lock(backendsMutex);
  std::string wanted = upper(std::string(name, length));
  scanPlugins();
  *backend = nullptr;
  for (Backend *b : backendList())
    if (b->name == wanted)
      *backend = b;
  if (*backend)
    return TGRT_OK;
  std::string file = kPrefix, looked, found;
  for (char c : std::string(name, length))
    file += static_cast<char>(tolower(static_cast<unsigned char>(c)));
  file += kSuffix;
  std::vector<SearchDirectory> directories = searchDirectories();
  for (size_t i = 0; i < directories.size(); ++i)
    looked += format("%s%s (%s)", i == 0 ? "" : ", ", directories[i].path.c_str(),
                     directories[i].why);
  for (Backend *b : backendList())
    found += (found.empty() ? "" : ", ") + b->name;
  return fail(TGRT_NOT_FOUND,
              "the %s backend is not installed: there is no %s in %s (the "
              "backends found are %s)",
              wanted.c_str(), file.c_str(), looked.c_str(), found.c_str());
}

bool loadsBinaryKind(const tg_backend &table, const char *kind) {
  for (const char *const *k = table.binary_kinds; *k; ++k)
    if (strcmp(*k, kind) == 0)
      return true;
  return false;
}

std::string binaryKindList(const tg_backend &table) {
  std::string list;
  for (const char *const *k = table.binary_kinds; *k; ++k)
    list += format("%s%s", list.empty() ? "" : (k[1] ? ", " : " and "), *k);
  return list;
}

// Why `table` cannot serve as `backend`, or "" when it can.
static std::string tableProblem(const Backend &backend, const tg_backend &table) {
  if (table.abi_version != TG_BACKEND_ABI_VERSION)
    return format("its table has ABI version %u, not %u", table.abi_version,
                  TG_BACKEND_ABI_VERSION);
  if (!table.name || strcasecmp(table.name, backend.name.c_str()) != 0)
    return format("its table names the backend \"%s\", but its file is for \"%s\"",
                  table.name ? table.name : "(null)", backend.name.c_str());
  if (!table.binary_kinds || !table.binary_kinds[0])
    return "its table lists no binary kind it loads";
  const struct {
    const char *name;
    bool present;
  } entries[] = {
      {"device_count", table.device_count != nullptr},
      {"device_open", table.device_open != nullptr},
      {"device_close", table.device_close != nullptr},
      {"alloc", table.alloc != nullptr},
      {"free", table.free != nullptr},
      {"write", table.write != nullptr},
      {"read", table.read != nullptr},
      {"copy", table.copy != nullptr},
      {"module_load", table.module_load != nullptr},
      {"module_unload", table.module_unload != nullptr},
      {"kernel_get", table.kernel_get != nullptr},
      {"launch", table.launch != nullptr},
      {"synchronize", table.synchronize != nullptr},
  };
  for (const auto &entry : entries)
    if (!entry.present)
      return format("its table has no %s function", entry.name);
  return "";
}

static tgrt_status loadPlugin(Backend &backend) {
  void *library = dlopen(backend.path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return fail(TGRT_UNAVAILABLE, "the %s plug-in %s does not load: %s",
                backend.name.c_str(), backend.path.c_str(), dlerror());
  auto get = reinterpret_cast<tg_backend_get_fn>(
      dlsym(library, TG_BACKEND_GET_SYMBOL));
  const tg_backend *table = get ? get(TG_BACKEND_ABI_VERSION) : nullptr;
  std::string problem;
  if (!get)
    problem = "it exports no " TG_BACKEND_GET_SYMBOL;
  else if (!table)
    problem = format(TG_BACKEND_GET_SYMBOL "(%u) returned NULL: it does not "
                     "speak this runtime's backend ABI",
                     TG_BACKEND_ABI_VERSION);
  else
    problem = tableProblem(backend, *table);
  if (!problem.empty()) {
    dlclose(library);
    return fail(TGRT_UNAVAILABLE, "the %s plug-in %s is unusable: %s",
                backend.name.c_str(), backend.path.c_str(), problem.c_str());
  }
  backend.table = table;
  return TGRT_OK;
}

tgrt_status loadBackend(Backend &backend, int32_t *count) {
  std::lock_guard<std::recursive_mutex> lock(backendsMutex);
  if (!backend.table) {
    if (backend.name == "CPU")
      backend.table = cpuBackend();
    else if (tgrt_status status = loadPlugin(backend))
      return status;
  }
  BackendError error;
  *count = 0;
  if (backend.table->device_count(count, error.text) != 0 || *count <= 0)
    return fail(TGRT_UNAVAILABLE, "the %s backend (%s) has no devices: %s",
                backend.name.c_str(), backend.path.c_str(), error.reason());
  return succeed();
}

} // namespace tgrt

using namespace tgrt;

extern "C" tgrt_status tgrt_list_backends(tgrt_backend_report_fn report,
                                          void *user) {
  if (!report)
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_list_backends: `report` is NULL");
  for (Backend *backend : allBackends()) {
    int32_t count = 0;
    std::string detail;
    if (loadBackend(*backend, &count) != TGRT_OK) {
      detail = tgrt_last_error();
      count = 0;
    } else if (backend->name == "CPU") {
      unsigned threads;
      std::string why;
      detail = cpuThreadCount(&threads, &why)
                   ? format("%d device, %u threads", count, threads)
                   : why;
    } else {
      detail = format("%d device%s, plug-in %s, loads %s", count, count == 1 ? "" : "s",
                      backend->path.c_str(), binaryKindList(*backend->table).c_str());
    }
    report(user, backend->name.c_str(), count, detail.c_str());
  }
  return succeed();
}
