//===- test_support.cpp - handles, environment and checks for the tests ---===//

#include "test_support.h"

#include <cstdlib>
#include <fstream>
#include <iterator>

::testing::AssertionResult ok(tgrt_status status) {
  if (status == TGRT_OK)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << tgrt_status_string(status) << ": " << tgrt_last_error();
}

::testing::AssertionResult failsWith(tgrt_status status, tgrt_status expected,
                                     const std::string &text) {
  std::string error = tgrt_last_error();
  if (status == expected && error.find(text) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got " << tgrt_status_string(status) << " \"" << error
         << "\", expected " << tgrt_status_string(expected)
         << " with a message containing \"" << text << "\"";
}

Device openDevice(const char *name) {
  tgrt_device device = nullptr;
  EXPECT_TRUE(ok(tgrt_device_open(name, &device))) << "opening " << name;
  return Device(device);
}

Buffer allocate(tgrt_device device, uint64_t size) {
  tgrt_buffer buffer = nullptr;
  EXPECT_TRUE(ok(tgrt_buffer_alloc(device, size, &buffer)));
  return Buffer(buffer);
}

Buffer floatBuffer(tgrt_device device, const std::vector<float> &values) {
  Buffer buffer = allocate(device, values.size() * sizeof(float));
  if (buffer) {
    EXPECT_TRUE(ok(tgrt_buffer_write(buffer.get(), 0, values.data(),
                                     values.size() * sizeof(float))));
  }
  return buffer;
}

std::vector<float> readFloats(tgrt_buffer buffer) {
  std::vector<float> values(tgrt_buffer_size(buffer) / sizeof(float));
  EXPECT_TRUE(ok(tgrt_buffer_read(buffer, 0, values.data(),
                                  values.size() * sizeof(float))));
  return values;
}

Executable loadExecutable(tgrt_device device,
                          const std::vector<uint8_t> &blob) {
  tgrt_executable executable = nullptr;
  EXPECT_TRUE(
      ok(tgrt_executable_load(device, blob.data(), blob.size(), &executable)));
  return Executable(executable);
}

std::vector<uint8_t> readFile(const char *path) {
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file.good()) << "cannot read " << path;
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(file), {});
}

const std::vector<uint8_t> &testKernels() {
  static const std::vector<uint8_t> bytes = readFile(TGRT_TEST_KERNELS);
  return bytes;
}

int main(int argc, char **argv) {
  for (const char *knob : {"DEV", "THREADS", "NUM_CPU_THREADS", "LRU_CACHE_CAP",
                           "TGRT_BACKEND_PATH", "TGRT_VULKAN_LIBRARY",
                           "TGRT_VULKAN_FORCE_STAGING"})
    unsetenv(knob);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
