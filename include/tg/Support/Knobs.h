//===- Knobs.h - the environment knobs, in one list -----------------*- C++ -*-===//
//
// Every environment variable tinygrad-mlir reads, with its meaning, in one
// table that the readers (libtgrt, the compiler, the tensor library, the
// tools) go through, and that tg-run --help and docs/user-guide.md print.
// Dependency-free, so libtgrt, which links no LLVM, shares it.
//
//===----------------------------------------------------------------------===//
#ifndef TG_SUPPORT_KNOBS_H
#define TG_SUPPORT_KNOBS_H

#include <cstdlib>
#include <cstring>
#include <string>

namespace tg::knobs {

struct Knob {
  const char *name;
  const char *values;  // what it takes: "0-4", "NAME[:N]", "path"
  const char *meaning;
  const char *readers; // who reads it
};

inline constexpr Knob kKnobs[] = {
    {"DEV", "NAME[:N]", "the default device: CPU, VULKAN, CUDA, HIP or a plug-in's",
     "libtgrt, the tensor library, tg-run"},
    {"DEBUG", "0-4",
     "1: kernels, compile and run time; 2: a line per launch, the target, opts that fell back, "
     "the intermediates' memory plan, the totals at exit; "
     "3: the generated code (GPUs: SPIR-V disassembly, PTX, AMDGPU assembly); "
     "4: the IR after every pass",
     "the tensor library, tg-run"},
    {"NOOPT", "0/1", "no tiling, vectorization or worker split (the CPU kernel optimizer off)",
     "the tensor library, tg-run"},
    {"THREADS", "N", "CPU worker threads (default: every core); NUM_CPU_THREADS also works",
     "libtgrt"},
    {"NUM_CPU_THREADS", "N", "the same as THREADS, which wins when both are set", "libtgrt"},
    {"LRU_CACHE_CAP", "bytes, or N[K|M|G]",
     "freed device memory kept for reuse (default 1G, raised to what the largest run of an "
     "executable loaded on the device allocates)",
     "libtgrt"},
    {"CACHEDB", "path",
     "the disk cache of compiled programs (default $XDG_CACHE_HOME/tinygrad-mlir/cache.db, "
     "else ~/.cache/tinygrad-mlir/cache.db; none without either)",
     "the tensor library, tg-run, tg-cache"},
    {"CACHELEVEL", "0/1", "0: no disk cache", "the tensor library, tg-run"},
    {"CACHESIZE", "MB",
     "the disk cache's cap; the least recently used programs go first "
     "(default 1024)",
     "the tensor library, tg-run"},
    {"TGRT_BACKEND_PATH", "dir[:dir...]",
     "directories searched for backend plug-ins before libtgrt's own", "libtgrt"},
    {"TG_TARGET_PATH", "file[:file...]", "compiler target plug-ins to load",
     "the compiler (tensor library, tg-run, tg-opt)"},
    {"TGRT_VULKAN_LIBRARY", "file", "the Vulkan loader to open instead of libvulkan.so.1",
     "the Vulkan plug-in"},
    {"TGRT_CUDA_LIBRARY", "file", "the CUDA driver to open instead of libcuda.so.1",
     "the CUDA plug-in"},
    {"TGRT_HIP_LIBRARY", "file", "the HIP runtime to open instead of libamdhip64.so",
     "the HIP plug-in"},
    {"WINO", "0/1",
     "Winograd's F(4, r) for stride-1 ungrouped float convolutions with kernels 2-5 wide, "
     "4x (3x3) to 6.25x (5x5) fewer multiplies: 1 for every one with 16 tiles or more, 0 for "
     "none; unset, for those of 128 channels or more in and out, where it pays on CPUs "
     "(tinygrad's WINO, off by default and 3x3 only there)",
     "the tensor library"},
    {"BEAM", "N",
     "search each kernel's optimizations by timing candidates on the device, the N fastest "
     "kept each round (tinygrad's BEAM; CPU kernels, cached on disk)",
     "the tensor library, tg-run, tg-compile"},
    {"VIZ", "0/1",
     "an HTML page at exit: each compile's tensor graph, its kernels, and the IR after every "
     "pass with its time and rewrites (tinygrad's VIZ)",
     "the tensor library, tg-run, tg-compile"},
    {"VIZ_OUT", "path", "where VIZ's page goes (default viz.html)",
     "the tensor library, tg-run, tg-compile"},
    {"PROFILE", "0/1",
     "a Chrome trace (Perfetto) at exit: compiles, their stages and passes, launches per "
     "device, copies, program cache hits and misses (tinygrad's PROFILE)",
     "the tensor library, tg-run, tg-compile"},
    {"PROFILE_OUT", "path", "where PROFILE's trace goes (default profile.json)",
     "the tensor library, tg-run, tg-compile"},
};

/// The entry of `name`, or null when it is not a knob.
inline const Knob *find(const char *name) {
  for (const Knob &knob : kKnobs)
    if (std::strcmp(knob.name, name) == 0)
      return &knob;
  return nullptr;
}

/// The value of the knob `name` (which must be in the list), or null when it
/// is unset or empty: tinygrad treats an empty knob as unset. Read with
/// secure_getenv: in a setuid or setgid program every knob is unset, so the
/// environment cannot point it at code to load.
inline const char *value(const char *name) {
  const char *text = find(name) ? secure_getenv(name) : nullptr;
  return text && *text ? text : nullptr;
}

/// The knob as an integer (its leading digits, as tinygrad's getenv), or
/// `otherwise` when unset.
inline int integer(const char *name, int otherwise = 0) {
  const char *text = value(name);
  return text ? std::atoi(text) : otherwise;
}

/// Whether a switch (PROFILE, VIZ) is set to anything but 0.
inline bool on(const char *name) {
  const char *text = value(name);
  return text && std::strcmp(text, "0") != 0;
}

/// The list for people: a Markdown table, or plain lines for --help.
inline std::string describe(bool markdown) {
  std::string text = markdown ? "| knob | values | meaning | read by |\n| --- | --- | --- | --- |\n"
                              : "Environment knobs:\n";
  for (const Knob &knob : kKnobs)
    text += markdown ? "| `" + std::string(knob.name) + "` | " + knob.values + " | " +
                           knob.meaning + " | " + knob.readers + " |\n"
                     : "  " + std::string(knob.name) + "=" + knob.values + "  " + knob.meaning +
                           " (" + knob.readers + ")\n";
  return text;
}

} // namespace tg::knobs

#endif // TG_SUPPORT_KNOBS_H
