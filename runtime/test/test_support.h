//===- test_support.h - handles, environment and checks for the tests -----===//
#ifndef TGRT_TEST_SUPPORT_H
#define TGRT_TEST_SUPPORT_H

#include "scoped_env.h"
#include "tgrt.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

// Owning handles.
struct DeviceRelease {
  void operator()(tgrt_device device) const { tgrt_device_release(device); }
};
struct BufferRelease {
  void operator()(tgrt_buffer buffer) const { tgrt_buffer_release(buffer); }
};
struct ExecutableRelease {
  void operator()(tgrt_executable executable) const {
    tgrt_executable_release(executable);
  }
};
using Device = std::unique_ptr<tgrt_device_t, DeviceRelease>;
using Buffer = std::unique_ptr<tgrt_buffer_t, BufferRelease>;
using Executable = std::unique_ptr<tgrt_executable_t, ExecutableRelease>;

// ScopedEnv (scoped_env.h): the tests start with every knob the runtime
// reads unset.

// Success, or a failure that shows tgrt_last_error().
::testing::AssertionResult ok(tgrt_status status);
// `status` is `expected` and the last error contains `text`.
::testing::AssertionResult failsWith(tgrt_status status, tgrt_status expected,
                                     const std::string &text);

// These record a test failure and return null when the call fails.
Device openDevice(const char *name);
Buffer allocate(tgrt_device device, uint64_t size);
Buffer floatBuffer(tgrt_device device, const std::vector<float> &values);
std::vector<float> readFloats(tgrt_buffer buffer);
Executable loadExecutable(tgrt_device device, const std::vector<uint8_t> &blob);

std::vector<uint8_t> readFile(const char *path);
// The bytes of the test kernels' shared object (test_kernels.c).
const std::vector<uint8_t> &testKernels();

#endif // TGRT_TEST_SUPPORT_H
