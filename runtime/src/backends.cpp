//===- backends.cpp - the four backends and their plug-ins ----------------===//
//
// A plug-in is looked for in the directories of TGRT_BACKEND_PATH first (so a
// user can override an installed one), then next to libtgrt itself. The first
// file found is the one used: a broken plug-in is reported, not skipped.
//
//===----------------------------------------------------------------------===//

#include "backends.h"

#include "cpu_backend.h"
#include "env.h"
#include "error.h"

#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <strings.h>
#include <unistd.h>
#include <vector>

namespace tgrt {

static Backend backends[] = {
    {"CPU", nullptr, TG_BINARY_CPU_ELF, nullptr, "built into libtgrt"},
    {"CUDA", "libtgrt-backend-cuda.so", TG_BINARY_CUBIN, nullptr, ""},
    {"HIP", "libtgrt-backend-hip.so", TG_BINARY_HSACO, nullptr, ""},
    {"VULKAN", "libtgrt-backend-vulkan.so", TG_BINARY_SPIRV, nullptr, ""},
};
static std::mutex loadMutex;

Backend *findBackend(const char *name, size_t length) {
  for (Backend &backend : backends)
    if (strlen(backend.name) == length &&
        strncasecmp(backend.name, name, length) == 0)
      return &backend;
  return nullptr;
}

const char *knownBackendNames() { return "CPU, CUDA, HIP and VULKAN"; }

static std::string libtgrtDirectory() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&tgrt_list_backends), &info) ||
      !info.dli_fname)
    return ".";
  std::string path = info.dli_fname;
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

struct SearchDirectory {
  std::string path;
  const char *why; // "TGRT_BACKEND_PATH" or "next to libtgrt"
};

static std::vector<SearchDirectory> searchDirectories() {
  std::vector<SearchDirectory> directories;
  if (const char *list = envValue("TGRT_BACKEND_PATH")) {
    std::string entries = list;
    size_t start = 0;
    while (start <= entries.size()) {
      size_t end = entries.find(':', start);
      if (end == std::string::npos)
        end = entries.size();
      if (end > start)
        directories.push_back(
            {entries.substr(start, end - start), "TGRT_BACKEND_PATH"});
      start = end + 1;
    }
  }
  directories.push_back({libtgrtDirectory(), "next to libtgrt"});
  return directories;
}

// Why `table` cannot serve as `backend`, or "" when it can.
static std::string tableProblem(const Backend &backend, const tg_backend &table) {
  if (table.abi_version != TG_BACKEND_ABI_VERSION)
    return format("its table has ABI version %u, not %u", table.abi_version,
                  TG_BACKEND_ABI_VERSION);
  if (!table.name || strcasecmp(table.name, backend.name) != 0)
    return format("its table names the backend \"%s\", not \"%s\"",
                  table.name ? table.name : "(null)", backend.name);
  if (table.binary_kind != backend.binaryKind)
    return format("its table runs binary kind %u, but %s binaries are kind %u",
                  table.binary_kind, backend.name, backend.binaryKind);
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
  std::vector<SearchDirectory> directories = searchDirectories();
  std::string path;
  for (const SearchDirectory &directory : directories) {
    std::string candidate = directory.path + "/" + backend.library;
    if (access(candidate.c_str(), F_OK) == 0) {
      path = candidate;
      break;
    }
  }
  if (path.empty()) {
    std::string looked;
    for (size_t i = 0; i < directories.size(); ++i)
      looked += format("%s%s (%s)", i == 0 ? "" : ", ",
                       directories[i].path.c_str(), directories[i].why);
    return fail(TGRT_UNAVAILABLE,
                "the %s backend is not installed: there is no %s in %s",
                backend.name, backend.library, looked.c_str());
  }

  void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return fail(TGRT_UNAVAILABLE, "the %s plug-in %s does not load: %s",
                backend.name, path.c_str(), dlerror());
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
                backend.name, path.c_str(), problem.c_str());
  }
  backend.table = table;
  backend.path = path;
  return TGRT_OK;
}

tgrt_status loadBackend(Backend &backend, int32_t *count) {
  std::lock_guard<std::mutex> lock(loadMutex);
  if (!backend.table) {
    if (!backend.library)
      backend.table = cpuBackend();
    else if (tgrt_status status = loadPlugin(backend))
      return status;
  }
  BackendError error;
  *count = 0;
  if (backend.table->device_count(count, error.text) != 0 || *count <= 0)
    return fail(TGRT_UNAVAILABLE, "the %s backend (%s) has no devices: %s",
                backend.name, backend.path.c_str(), error.reason());
  return succeed();
}

} // namespace tgrt

using namespace tgrt;

extern "C" tgrt_status tgrt_list_backends(tgrt_backend_report_fn report,
                                          void *user) {
  if (!report)
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_list_backends: `report` is NULL");
  for (Backend &backend : backends) {
    int32_t count = 0;
    std::string detail;
    if (loadBackend(backend, &count) != TGRT_OK) {
      detail = tgrt_last_error();
      count = 0;
    } else if (!backend.library) {
      unsigned threads;
      std::string why;
      detail = cpuThreadCount(&threads, &why)
                   ? format("%d device, %u threads", count, threads)
                   : why;
    } else {
      detail = format("%d device%s, plug-in %s", count, count == 1 ? "" : "s",
                      backend.path.c_str());
    }
    report(user, backend.name, count, detail.c_str());
  }
  return succeed();
}
