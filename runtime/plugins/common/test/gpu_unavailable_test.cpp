//===- gpu_unavailable_test.cpp - a GPU plug-in whose driver fails --------===//
//
// A driver that does not load, lacks functions, or finds no device leaves
// nothing behind in the plug-in, so these tests can share a process in any
// order; none of them loads a working driver.
//
//===----------------------------------------------------------------------===//

#include "gpu_test_support.h"

#include <cstring>

namespace {

// What opening the backend's first device says, with `library` as the
// driver.
::testing::AssertionResult openFailsWith(const char *library,
                                         const std::string &text) {
  ScopedEnv driver(kGpuTest.libraryVariable, library);
  tgrt_device device = nullptr;
  ::testing::AssertionResult result =
      failsWith(tgrt_device_open(kGpuTest.backend, &device), TGRT_UNAVAILABLE,
                std::string("the ") + kGpuTest.backend + " backend (" +
                    GPU_PLUGIN + ") has no devices: " + text);
  if (device)
    return ::testing::AssertionFailure() << "a device opened";
  return result;
}

std::string noDevice() {
  return std::string("found no ") + kGpuTest.backend + " device: ";
}

TEST(GpuUnavailable, NamesADriverLibraryThatDoesNotLoad) {
  const char *missing = "/nonexistent/libgpu-driver.so";
  EXPECT_TRUE(openFailsWith(
      missing, std::string(kGpuTest.libraryVariable) + "=" + missing +
                   " does not load: dlopen: " + missing +
                   ": cannot open shared object file"));

  // tg-run --list-devices shows the same sentence.
  ScopedEnv driver(kGpuTest.libraryVariable, missing);
  struct Report {
    int32_t devices = -1;
    std::string detail;
  } report;
  ASSERT_TRUE(ok(tgrt_list_backends(
      [](void *user, const char *backend, int32_t devices, const char *detail) {
        if (std::strcmp(backend, kGpuTest.backend) == 0)
          *static_cast<Report *>(user) = {devices, detail};
      },
      &report)));
  EXPECT_EQ(report.devices, 0);
  EXPECT_NE(report.detail.find(missing), std::string::npos) << report.detail;
}

TEST(GpuUnavailable, SaysNoDeviceWhenTheDriverDoesNotInitialize) {
  EXPECT_TRUE(openFailsWith(FAKE_INIT_FAILS_DRIVER,
                            noDevice() + kGpuTest.initCall + " returned " +
                                kGpuTest.noDeviceError));
}

TEST(GpuUnavailable, SaysNoDeviceWhenTheDriverCountsNone) {
  EXPECT_TRUE(openFailsWith(FAKE_NO_DEVICES_DRIVER, noDevice()));
}

TEST(GpuUnavailable, NamesWhatALibraryLacks) {
  EXPECT_TRUE(openFailsWith(FAKE_INCOMPLETE_DRIVER,
                            std::string(FAKE_INCOMPLETE_DRIVER) + " lacks " +
                                kGpuTest.launchCall + ": it is not "));
}

// Each attempt starts from nothing: no failure is remembered for the next.
TEST(GpuUnavailable, EachAttemptStartsAfresh) {
  const char *missing = "/nonexistent/libgpu-driver.so";
  for (int round = 0; round < 2; ++round) {
    EXPECT_TRUE(openFailsWith(FAKE_INCOMPLETE_DRIVER,
                              FAKE_INCOMPLETE_DRIVER + std::string(" lacks")));
    EXPECT_TRUE(openFailsWith(FAKE_INIT_FAILS_DRIVER, noDevice()));
    EXPECT_TRUE(openFailsWith(
        missing, kGpuTest.libraryVariable + ("=" + std::string(missing))));
  }
}

} // namespace
