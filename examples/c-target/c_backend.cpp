//===- c_backend.cpp - the runtime plug-in of the C target ----------------===//
//
// libtgrt-backend-c.so: the device C, host memory, and kernels that are C
// source ("c-source" binaries, made by CTarget.cpp). Loading an executable
// compiles its source with the system's C compiler ($CC, else cc) into a
// shared object, cached by a hash of the source and the command in
// $TG_C_CACHE (default ~/.cache/tinygrad-mlir/c), and opens it; a launch
// calls the kernel with its buffers. Built against tg_backend.h and
// tg_executable.h alone.
//
//===----------------------------------------------------------------------===//

#include "tg_backend.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <mutex>
#include <new>
#include <spawn.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

constexpr uint64_t kAlignment = 64;
/// What every kernel is compiled with: wrapping signed arithmetic (the
/// target relies on none, but a C compiler must not assume otherwise), and
/// no multiply fused into an add, as the CPU target's code.
const char *const kFlags[] = {"-std=gnu11", "-O2",           "-fPIC",
                              "-shared",    "-fwrapv",       "-ffp-contract=off",
                              "-fno-math-errno"};

std::mutex compileMutex;

std::string compiler() {
  const char *cc = std::getenv("CC");
  return cc && *cc ? cc : "cc";
}

/// The program `name` resolves to on PATH (or itself with a '/'), or "".
std::string findProgram(const std::string &name) {
  if (name.find('/') != std::string::npos)
    return access(name.c_str(), X_OK) == 0 ? name : "";
  const char *path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos)
      end = dirs.size();
    std::string candidate = dirs.substr(start, end - start) + "/" + name;
    if (end > start && access(candidate.c_str(), X_OK) == 0)
      return candidate;
    start = end + 1;
  }
  return "";
}

std::string cacheDirectory() {
  if (const char *dir = std::getenv("TG_C_CACHE"); dir && *dir)
    return dir;
  const char *home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/tinygrad-mlir/c";
}

bool makeDirectories(const std::string &path) {
  for (size_t slash = 1; slash != std::string::npos; slash = path.find('/', slash + 1)) {
    std::string prefix = path.substr(0, slash);
    if (!prefix.empty() && mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
      return false;
  }
  return mkdir(path.c_str(), 0755) == 0 || errno == EEXIST;
}

uint64_t fnv1a(const std::string &text, uint64_t hash = 1469598103934665603ull) {
  for (unsigned char c : text)
    hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

bool writeFile(const std::string &path, const void *data, size_t size) {
  FILE *file = std::fopen(path.c_str(), "wb");
  if (!file)
    return false;
  bool ok = std::fwrite(data, 1, size, file) == size;
  return std::fclose(file) == 0 && ok;
}

std::string readFile(const std::string &path, size_t most) {
  std::string text(most, '\0');
  FILE *file = std::fopen(path.c_str(), "rb");
  if (!file)
    return "";
  text.resize(std::fread(&text[0], 1, most, file));
  std::fclose(file);
  return text;
}

/// Runs `argv`, its output into `log`; the exit status, or -1.
int run(const std::vector<std::string> &args, const std::string &log) {
  std::vector<char *> argv;
  for (const std::string &arg : args)
    argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid;
  int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    return -1;
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int deviceCount(int32_t *count, char *error) {
  *count = findProgram(compiler()).empty() ? 0 : 1;
  if (*count == 0)
    return tg_backend_error(error, "no C compiler: %s is not on PATH (set CC, or install gcc "
                            "or clang)", compiler().c_str());
  return 0;
}

int deviceOpen(int32_t index, void **device, char *error) {
  if (index != 0)
    return tg_backend_error(error, "there is no C device %d: the C backend has one", index);
  *device = nullptr;
  return 0;
}

void deviceClose(void *) {}

int alloc(void *, uint64_t size, void **memory, char *error) {
  uint64_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
  *memory = std::aligned_alloc(kAlignment, rounded ? rounded : kAlignment);
  if (!*memory)
    return tg_backend_error(error, "out of host memory allocating %llu bytes",
                            static_cast<unsigned long long>(size));
  return 0;
}

void release(void *, void *memory) { std::free(memory); }

int write(void *, void *memory, uint64_t offset, const void *host, uint64_t size, char *) {
  std::memcpy(static_cast<char *>(memory) + offset, host, size);
  return 0;
}

int read(void *, const void *memory, uint64_t offset, void *host, uint64_t size, char *) {
  std::memcpy(host, static_cast<const char *>(memory) + offset, size);
  return 0;
}

int copy(void *, void *dst, const void *src, uint64_t size, char *) {
  std::memmove(dst, src, size);
  return 0;
}

/// Compiles the source (once per source and compiler) and opens the result.
int moduleLoad(void *, const void *binary, uint64_t size, void **module, char *error) {
  std::string source(static_cast<const char *>(binary), size);
  std::vector<std::string> command = {compiler()};
  command.insert(command.end(), std::begin(kFlags), std::end(kFlags));
  std::string key;
  for (const std::string &arg : command)
    key += arg + " ";
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(fnv1a(source, fnv1a(key))));
  std::string dir = cacheDirectory(), base = dir + "/" + hash, library = base + ".so";

  std::lock_guard<std::mutex> lock(compileMutex);
  if (access(library.c_str(), R_OK) != 0) {
    if (!makeDirectories(dir))
      return tg_backend_error(error, "cannot make the C kernel cache %s: %s", dir.c_str(),
                              std::strerror(errno));
    std::string pid = std::to_string(getpid());
    std::string file = base + "." + pid + ".c", temporary = base + "." + pid + ".so",
                log = base + "." + pid + ".log";
    if (!writeFile(file, source.data(), source.size()))
      return tg_backend_error(error, "cannot write %s: %s", file.c_str(), std::strerror(errno));
    command.insert(command.end(), {"-o", temporary, file, "-lm"});
    int status = run(command, log);
    std::string output = readFile(log, 400);
    unlink(log.c_str());
    if (status != 0) {
      unlink(temporary.c_str());
      return tg_backend_error(error, "%s could not compile the kernels (%s, exit status %d): %s",
                              compiler().c_str(), file.c_str(), status, output.c_str());
    }
    unlink(file.c_str());
    if (rename(temporary.c_str(), library.c_str()) != 0)
      return tg_backend_error(error, "cannot move the compiled kernels to %s: %s",
                              library.c_str(), std::strerror(errno));
  }
  void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    return tg_backend_error(error, "the compiled kernels %s do not load: %s", library.c_str(),
                            dlerror());
  *module = handle;
  return 0;
}

void moduleUnload(void *, void *module) { dlclose(module); }

int kernelGet(void *, void *module, const char *symbol, void **kernel, char *error) {
  *kernel = dlsym(module, symbol);
  if (!*kernel)
    return tg_backend_error(error, "the C kernels have no %s", symbol);
  return 0;
}

using KernelFn = void (*)(void **buffers);

int launch(void *, void *kernel, const tg_kernel_desc *, void *const *buffers, uint32_t,
           char *) {
  reinterpret_cast<KernelFn>(kernel)(const_cast<void **>(buffers));
  return 0;
}

int synchronize(void *, char *) { return 0; }

const char *const kBinaryKinds[] = {"c-source", nullptr};

const tg_backend kCBackend = {
    TG_BACKEND_ABI_VERSION, "C", kBinaryKinds,
    deviceCount, deviceOpen, deviceClose,
    alloc, release, write, read, copy,
    moduleLoad, moduleUnload, kernelGet, launch, synchronize,
};

} // namespace

extern "C" __attribute__((visibility("default"))) const tg_backend *
tg_backend_get(uint32_t abi_version) {
  return abi_version == TG_BACKEND_ABI_VERSION ? &kCBackend : nullptr;
}
