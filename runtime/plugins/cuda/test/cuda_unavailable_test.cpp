//===- cuda_unavailable_test.cpp - CUDA on a machine without its driver ---===//

#include "gpu_test_support.h"

#include <dlfcn.h>

namespace {

TEST(CudaUnavailable, SaysTheNvidiaDriverIsNotInstalled) {
  if (void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)) {
    dlclose(driver);
    GTEST_SKIP() << "this machine has the NVIDIA driver";
  }
  ScopedEnv noOverride("TGRT_CUDA_LIBRARY", nullptr);
  tgrt_device device;
  EXPECT_TRUE(failsWith(tgrt_device_open("CUDA", &device), TGRT_UNAVAILABLE,
                        "has no devices: libcuda.so.1 is not installed (the "
                        "NVIDIA driver): dlopen: libcuda.so.1: cannot open "
                        "shared object file"));
}

} // namespace
