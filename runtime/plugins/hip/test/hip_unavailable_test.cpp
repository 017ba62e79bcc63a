//===- hip_unavailable_test.cpp - HIP on a machine without an AMD GPU -----===//

#include "gpu_test_support.h"

#include <dlfcn.h>

namespace {

// Debian 12 ships ROCm 5's HIP runtime as libamdhip64.so.5 alone: the plug-in
// must find it without the development symlink, and say plainly that there
// is no device when the machine has no AMD GPU.
TEST(HipUnavailable, RealRuntimeWithoutAGpuSaysThereIsNoDevice) {
  void *runtime = dlopen("libamdhip64.so.5", RTLD_NOW | RTLD_LOCAL);
  if (!runtime)
    GTEST_SKIP() << "libamdhip64.so.5 is not installed: " << dlerror();
  auto getDeviceCount =
      reinterpret_cast<int (*)(int *)>(dlsym(runtime, "hipGetDeviceCount"));
  ASSERT_NE(getDeviceCount, nullptr);
  int devices = 0;
  bool hasDevice = getDeviceCount(&devices) == 0 && devices > 0;
  dlclose(runtime);
  if (hasDevice)
    GTEST_SKIP() << "this machine has a HIP device";

  ScopedEnv noOverride("TGRT_HIP_LIBRARY", nullptr);
  tgrt_device device;
  tgrt_status status = tgrt_device_open("HIP", &device);
  EXPECT_TRUE(failsWith(status, TGRT_UNAVAILABLE,
                        "has no devices: found no HIP device: hip"));
  EXPECT_TRUE(failsWith(status, TGRT_UNAVAILABLE, " returned hipError"));
}

} // namespace
