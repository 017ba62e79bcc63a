//===- gpu_test_support.h - what the CUDA and HIP plug-in tests share -----===//
//
// One set of tests runs against each plug-in, through tgrt.h and through
// the plug-in's own table, with the plug-in's driver replaced by a fake
// (fake_gpu.h). Each backend's tests define kGpuTest, saying what differs.
//
//===----------------------------------------------------------------------===//
#ifndef TGRT_PLUGINS_GPU_TEST_SUPPORT_H
#define TGRT_PLUGINS_GPU_TEST_SUPPORT_H

#include "blob_builder.h"
#include "tg_backend.h"
#include "test_support.h"

#include <array>
#include <string>
#include <vector>

struct GpuTestConfig {
  const char *backend;         // "CUDA"
  const char *binaryKind;      // "cubin"
  const char *libraryVariable; // "TGRT_CUDA_LIBRARY"
  // The driver's names that its failures must be reported with.
  const char *initCall;        // "cuInit"
  const char *allocCall;       // "cuMemAlloc_v2"
  const char *functionGetCall; // "cuModuleGetFunction"
  const char *launchCall;      // "cuLaunchKernel"
  const char *synchronizeCall; // "cuCtxSynchronize"
  const char *noDeviceError;   // "CUDA_ERROR_NO_DEVICE"
  const char *outOfMemoryError;
  const char *notFoundError;
  const char *launchFailedError;
};
extern const GpuTestConfig kGpuTest;

// "CUDA:1".
std::string deviceName(int index);

// A module image for the fake driver holding `kernels`: bare text ending
// without a NUL, as PTX may sit in an executable, or behind an ELF header
// as a cubin or an hsaco is.
std::vector<uint8_t> fakeModuleText(const std::vector<std::string> &kernels);
std::vector<uint8_t> fakeModuleElf(const std::vector<std::string> &kernels);

// Sets the launch shape of kernel `kernel` in a built executable
// (blob_builder leaves it 0, as for CPU kernels).
void setLaunchShape(std::vector<uint8_t> &blob, uint32_t kernel,
                    std::array<uint32_t, 3> grid,
                    std::array<uint32_t, 3> block);

// An executable computing out = a - b over `count` floats with the fake
// driver's subtract kernel, from `module`, launched as `grid` x `block`.
// Its arguments are a and b; the kernel takes (out, a, b).
std::vector<uint8_t> subtractExecutable(std::vector<uint8_t> module,
                                        int64_t count,
                                        std::array<uint32_t, 3> grid,
                                        std::array<uint32_t, 3> block);
// An executable of one kernel of the fake driver over no buffers.
std::vector<uint8_t> bufferlessExecutable(const std::string &kernel);

// Runs a subtract executable; empty (and a test failure) when anything
// fails.
std::vector<float> runSubtract(tgrt_device device,
                               const std::vector<uint8_t> &blob,
                               const std::vector<float> &a,
                               const std::vector<float> &b);

// What a counter the loaded working fake driver exports says now
// (fake_gpu_live_allocations, ...); -1 when the fake is not loaded.
int fakeDriverCount(const char *counter);
// How many allocations the working fake driver holds on `device`.
int fakeDriverAllocationsOn(int device);

// The plug-in's own table, from the library the runtime loads too.
const tg_backend *pluginTable();

#endif // TGRT_PLUGINS_GPU_TEST_SUPPORT_H
