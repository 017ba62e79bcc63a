//===- cpu_backend.cpp - the built-in CPU backend -------------------------===//
//
// Memory is 64-byte aligned host memory; a device binary is an ELF shared
// object of tg_cpu_kernel_fn entry points, loaded with dlopen from an
// anonymous memory file; a launch splits the kernel's outermost parallel loop
// over a persistent thread pool and returns when it is done.
//
//===----------------------------------------------------------------------===//

#include "cpu_backend.h"

#include "elf_bounds.h"
#include "env.h"
#include "tg/Support/Knobs.h"
#include "error.h"
#include "thread_pool.h"

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <new>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>

namespace tgrt {
namespace {

constexpr uint64_t kAlignment = 64;
// Buffers of a huge page or more start on one and ask for huge pages: a
// first touch then faults once per 2 MB instead of once per 4 KB (a fault
// cost 7 to 26 us on this project's machines, and a training step's fresh
// activations are hundreds of MB).
constexpr uint64_t kHugePage = 2ull << 20;
// More threads than this is a typo, not a machine.
constexpr uint64_t kMaxThreads = 4096;

struct CpuDevice {
  ThreadPool pool;
};

struct CpuModule {
  void *library = nullptr;
  // dlopen knows libraries by path: while one is mapped as /proc/self/fd/N,
  // that path must not name another binary, so the memory file behind it
  // stays open for as long as the library is mapped.
  std::string path;
  int fd = -1;
  bool temporary = false; // a file in TMPDIR rather than a memory file
};

int deviceCount(int32_t *count, char *) {
  *count = 1;
  return 0;
}

int deviceOpen(int32_t, void **device, char *error) {
  unsigned threads;
  std::string why;
  if (!cpuThreadCount(&threads, &why))
    return tg_backend_error(error, "%s", why.c_str());
  CpuDevice *cpu = new (std::nothrow) CpuDevice;
  if (!cpu)
    return tg_backend_error(error, "out of host memory opening the CPU device");
  if (!cpu->pool.start(threads, &why)) {
    delete cpu;
    return tg_backend_error(error, "%s", why.c_str());
  }
  *device = cpu;
  return 0;
}

void deviceClose(void *device) { delete static_cast<CpuDevice *>(device); }

int hostAlloc(void *, uint64_t size, void **memory, char *error) {
  uint64_t alignment = size >= kHugePage ? kHugePage : kAlignment;
  // aligned_alloc wants a multiple of the alignment.
  uint64_t rounded = (size + alignment - 1) / alignment * alignment;
  void *host = rounded >= size ? std::aligned_alloc(alignment, rounded) : nullptr;
  if (!host)
    return tg_backend_error(error, "out of host memory allocating %llu bytes",
                    static_cast<unsigned long long>(size));
#ifdef MADV_HUGEPAGE
  // Advice only: without transparent huge pages the buffer is the same.
  if (alignment == kHugePage)
    madvise(host, rounded, MADV_HUGEPAGE);
#endif
  *memory = host;
  return 0;
}

void hostFree(void *, void *memory) { std::free(memory); }

int hostWrite(void *, void *memory, uint64_t offset, const void *host,
          uint64_t size, char *) {
  std::memcpy(static_cast<char *>(memory) + offset, host, size);
  return 0;
}

int hostRead(void *, const void *memory, uint64_t offset, void *host,
         uint64_t size, char *) {
  std::memcpy(host, static_cast<const char *>(memory) + offset, size);
  return 0;
}

int hostCopy(void *, void *dst, const void *src, uint64_t size, char *) {
  std::memcpy(dst, src, size);
  return 0;
}

bool writeAll(int fd, const void *data, uint64_t size) {
  const char *bytes = static_cast<const char *>(data);
  while (size > 0) {
    ssize_t written = ::write(fd, bytes, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return false;
    bytes += written;
    size -= static_cast<uint64_t>(written);
  }
  return true;
}

// An anonymous memory file when the kernel offers one and /proc can name it;
// else a temporary file.
bool createImageFile(CpuModule *module, char *error) {
  module->fd = memfd_create("tg-cpu-kernels", MFD_CLOEXEC);
  if (module->fd >= 0) {
    module->path = format("/proc/self/fd/%d", module->fd);
    if (access(module->path.c_str(), R_OK) == 0)
      return true;
    close(module->fd);
  }
  const char *dir = std::getenv("TMPDIR");
  module->path = format("%s/tg-cpu-kernels-XXXXXX", dir ? dir : "/tmp");
  module->fd = mkostemp(&module->path[0], O_CLOEXEC);
  if (module->fd < 0) {
    tg_backend_error(error, "could not create a file for the CPU kernels: %s (%s)",
             module->path.c_str(), std::strerror(errno));
    return false;
  }
  module->temporary = true;
  return true;
}

void moduleUnload(void *, void *module) {
  CpuModule *cpu = static_cast<CpuModule *>(module);
  bool stillMapped = false;
  if (cpu->library) {
    dlclose(cpu->library);
    // A library linked with -z nodelete, or holding unique symbols, outlives
    // dlclose; then its path stays reserved.
    if (void *again = dlopen(cpu->path.c_str(), RTLD_NOW | RTLD_NOLOAD)) {
      dlclose(again);
      stillMapped = true;
    }
  }
  if (cpu->temporary)
    unlink(cpu->path.c_str());
  if (cpu->fd >= 0 && !stillMapped)
    close(cpu->fd);
  delete cpu;
}

int moduleLoad(void *, const void *binary, uint64_t size, void **module,
               char *error) {
  if (!elfFitsInSize(binary, size, "the CPU binary", error))
    return 1;
  CpuModule *cpu = new (std::nothrow) CpuModule;
  if (!cpu)
    return tg_backend_error(error, "out of host memory loading CPU kernels");
  if (!createImageFile(cpu, error)) {
    moduleUnload(nullptr, cpu);
    return 1;
  }
  if (!writeAll(cpu->fd, binary, size)) {
    tg_backend_error(error, "could not write the CPU kernels to %s: %s",
             cpu->path.c_str(), std::strerror(errno));
    moduleUnload(nullptr, cpu);
    return 1;
  }
  cpu->library = dlopen(cpu->path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!cpu->library) {
    tg_backend_error(error, "the CPU binary is not a loadable shared object: %s",
             dlerror());
    moduleUnload(nullptr, cpu);
    return 1;
  }
  *module = cpu;
  return 0;
}

int kernelGet(void *, void *module, const char *symbol, void **kernel,
              char *error) {
  void *entry = dlsym(static_cast<CpuModule *>(module)->library, symbol);
  if (!entry)
    return tg_backend_error(error, "the CPU binary has no entry point '%s'", symbol);
  *kernel = entry;
  return 0;
}

unsigned workersFor(const ThreadPool &pool, const tg_kernel_desc *desc) {
  uint64_t wanted = std::max<uint64_t>(1, desc->parallel_size);
  return static_cast<unsigned>(std::min<uint64_t>(pool.size(), wanted));
}

int launch(void *device, void *kernel, const tg_kernel_desc *desc,
           void *const *buffers, uint32_t, char *) {
  ThreadPool &pool = static_cast<CpuDevice *>(device)->pool;
  pool.run(reinterpret_cast<tg_cpu_kernel_fn>(kernel), buffers, workersFor(pool, desc));
  return 0;
}

int synchronize(void *, char *) { return 0; }

const char *const kCpuBinaryKinds[] = {"cpu-elf", nullptr};

const tg_backend kCpuBackend = {
    TG_BACKEND_ABI_VERSION, "CPU", kCpuBinaryKinds,
    deviceCount, deviceOpen, deviceClose,
    hostAlloc, hostFree, hostWrite, hostRead, hostCopy,
    moduleLoad, moduleUnload, kernelGet, launch, synchronize,
};

} // namespace

const tg_backend *cpuBackend() { return &kCpuBackend; }

void cpuLaunchTimed(void *device, void *kernel, const tg_kernel_desc *desc,
                    void *const *buffers, std::vector<ThreadPool::Span> *spans) {
  ThreadPool &pool = static_cast<CpuDevice *>(device)->pool;
  spans->assign(workersFor(pool, desc), ThreadPool::Span{0, 0});
  pool.run(reinterpret_cast<tg_cpu_kernel_fn>(kernel), buffers,
           static_cast<unsigned>(spans->size()), spans->data());
}

bool cpuThreadCount(unsigned *threads, std::string *error) {
  for (const char *name : {"THREADS", "NUM_CPU_THREADS"}) {
    const char *value = tg::knobs::value(name);
    if (!value)
      continue;
    uint64_t count;
    if (!parseCount(value, kMaxThreads, &count) || count == 0) {
      *error = format("%s=\"%s\" is not a thread count (a number from 1 to %llu)",
                      name, value, static_cast<unsigned long long>(kMaxThreads));
      return false;
    }
    *threads = static_cast<unsigned>(count);
    return true;
  }
  *threads = std::max(1u, std::thread::hardware_concurrency());
  return true;
}

} // namespace tgrt
