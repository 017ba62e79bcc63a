//===- gpu_plugin_test.cpp - a GPU plug-in over a working fake driver -----===//
//
// The plug-in loads the fake driver for good in the first test, as a process
// loads its driver once; the tests of drivers that do not load are in
// gpu_unavailable_test.cpp, a process of their own.
//
//===----------------------------------------------------------------------===//

#include "gpu_test_support.h"

#include "fake_gpu.h"

#include <cstddef>
#include <cstring>
#include <elf.h>
#include <thread>

namespace {

class GpuPlugin : public ::testing::Test {
protected:
  // Released memory goes straight back to the driver, so the fake's counts
  // show whatever the plug-in leaks.
  GpuPlugin()
      : driver_(kGpuTest.libraryVariable, FAKE_WORKING_DRIVER),
        noCache_("LRU_CACHE_CAP", "0") {}

  std::string failure(const char *call, const char *error) {
    return std::string(call) + " returned " + error;
  }

  ScopedEnv driver_, noCache_;
};

const std::vector<float> kA = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110,
                               120};
const std::vector<float> kB = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
const std::vector<float> kAMinusB = {9,  18, 27, 36, 45,  54,
                                     63, 72, 81, 90, 99, 108};

TEST_F(GpuPlugin, FindsTheDriversDevices) {
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
  EXPECT_EQ(report.devices, 2);
  EXPECT_NE(report.detail.find(std::string("2 devices, plug-in ") + GPU_PLUGIN),
            std::string::npos)
      << report.detail;

  Device second = openDevice(deviceName(1).c_str());
  ASSERT_TRUE(second);
  EXPECT_EQ(tgrt_device_name(second.get()), deviceName(1));
  tgrt_device third;
  EXPECT_TRUE(failsWith(tgrt_device_open(deviceName(2).c_str(), &third),
                        TGRT_NOT_FOUND, "there is no " + deviceName(2)));
}

TEST_F(GpuPlugin, WritesAndReadsAtOffsets) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  Buffer buffer = floatBuffer(device.get(), {0, 0, 0, 0, 0, 0, 0, 0});
  ASSERT_TRUE(buffer);
  const float middle[] = {1, 2, 3};
  ASSERT_TRUE(ok(tgrt_buffer_write(buffer.get(), 8, middle, sizeof middle)));
  float tail[4];
  ASSERT_TRUE(ok(tgrt_buffer_read(buffer.get(), 16, tail, sizeof tail)));
  EXPECT_EQ(std::vector<float>(tail, tail + 4),
            (std::vector<float>{3, 0, 0, 0}));
  EXPECT_EQ(readFloats(buffer.get()),
            (std::vector<float>{0, 0, 1, 2, 3, 0, 0, 0}));
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_allocations"), 1);
  buffer.reset();
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_allocations"), 0);
}

TEST_F(GpuPlugin, RunsAKernelOverItsBuffersInOrder) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  // Three blocks of four threads: one thread per element, if the plug-in
  // passes the shape on.
  std::vector<uint8_t> blob =
      subtractExecutable(fakeModuleElf({"subtract"}), 12, {3, 1, 1}, {4, 1, 1});
  EXPECT_EQ(runSubtract(device.get(), blob, kA, kB), kAMinusB);
}

TEST_F(GpuPlugin, PassesTheLaunchShape) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  BlobSpec spec;
  spec.binary_kind = kGpuTest.binaryKind;
  spec.buffers = {{24, TG_DTYPE_UINT32, TG_BUFFER_OUTPUT, {6}, "shape"}};
  spec.kernels = {{"shape", 1}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0}}};
  spec.outputs = {0};
  spec.binary = fakeModuleElf({"shape"});
  std::vector<uint8_t> blob = buildBlob(spec);
  setLaunchShape(blob, 0, {2, 3, 4}, {5, 6, 7});
  Executable executable = loadExecutable(device.get(), blob);
  ASSERT_TRUE(executable);
  tgrt_buffer output = nullptr;
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), nullptr, 0, &output, 1)));
  Buffer shape(output);
  uint32_t launched[6];
  ASSERT_TRUE(ok(tgrt_buffer_read(shape.get(), 0, launched, sizeof launched)));
  EXPECT_EQ(std::vector<uint32_t>(launched, launched + 6),
            (std::vector<uint32_t>{2, 3, 4, 5, 6, 7}));
}

TEST_F(GpuPlugin, RefusesALaunchShapeWithAZeroExtent) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  std::vector<uint8_t> blob =
      subtractExecutable(fakeModuleElf({"subtract"}), 12, {3, 0, 1}, {4, 1, 1});
  Executable executable = loadExecutable(device.get(), blob);
  Buffer a = floatBuffer(device.get(), kA), b = floatBuffer(device.get(), kB);
  ASSERT_TRUE(executable && a && b);
  tgrt_buffer inputs[] = {a.get(), b.get()}, output;
  EXPECT_TRUE(failsWith(
      tgrt_executable_run(executable.get(), inputs, 2, &output, 1),
      TGRT_BACKEND_ERROR,
      "kernel subtract, failed on " + deviceName(0) +
          ": the launch is a grid of 3x0x1 blocks of 4x1x1 threads, but every "
          "extent must be at least 1"));
}

TEST_F(GpuPlugin, CopiesOnTheDevice) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  BlobSpec spec;
  spec.binary_kind = kGpuTest.binaryKind;
  spec.buffers = {float32Buffer(TG_BUFFER_INPUT, {12}, "a"),
                  float32Buffer(TG_BUFFER_OUTPUT, {12}, "copy")};
  spec.steps = {{TG_STEP_COPY, 0, {1, 0}}};
  spec.inputs = {0};
  spec.outputs = {1};
  Executable executable = loadExecutable(device.get(), buildBlob(spec));
  Buffer a = floatBuffer(device.get(), kA);
  ASSERT_TRUE(executable && a);
  tgrt_buffer input = a.get(), output = nullptr;
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), &input, 1, &output, 1)));
  Buffer copy(output);
  EXPECT_EQ(readFloats(copy.get()), kA);
}

// PTX is text, which an executable holds without a terminating NUL.
TEST_F(GpuPlugin, LoadsATextImage) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  std::vector<uint8_t> blob = subtractExecutable(fakeModuleText({"subtract"}),
                                                 12, {1, 1, 1}, {12, 1, 1});
  ASSERT_NE(blob.back(), '\0');
  EXPECT_EQ(runSubtract(device.get(), blob, kA, kB), kAMinusB);
}

// The fake reads a text image up to its NUL and refuses anything after the
// kernel lines, so it sees the bytes past the image's end unless the plug-in
// hands it a terminated copy.
TEST_F(GpuPlugin, EndsATextImageWhereItsSizeSays) {
  const tg_backend *table = pluginTable();
  ASSERT_NE(table, nullptr);
  int32_t count;
  char error[TG_BACKEND_ERROR_SIZE] = "";
  ASSERT_EQ(table->device_count(&count, error), 0) << error;
  void *device;
  ASSERT_EQ(table->device_open(0, &device, error), 0) << error;
  std::vector<uint8_t> image = fakeModuleText({"subtract"});
  size_t size = image.size();
  const char beyond[] = "\nthese bytes are not the image's";
  image.insert(image.end(), beyond, beyond + sizeof beyond);
  void *module = nullptr;
  EXPECT_EQ(table->module_load(device, image.data(), size, &module, error), 0)
      << error;
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_modules"), 1);
  if (module)
    table->module_unload(device, module);
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_modules"), 0);
  table->device_close(device);
}

TEST_F(GpuPlugin, RefusesATruncatedElfImage) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  std::vector<uint8_t> image = fakeModuleElf({"subtract"});
  // Section headers past the end of the image.
  poke<uint64_t>(image, offsetof(Elf64_Ehdr, e_shoff), 4096);
  poke<uint16_t>(image, offsetof(Elf64_Ehdr, e_shentsize), sizeof(Elf64_Shdr));
  poke<uint16_t>(image, offsetof(Elf64_Ehdr, e_shnum), 4);
  std::vector<uint8_t> blob =
      subtractExecutable(image, 12, {3, 1, 1}, {4, 1, 1});
  tgrt_executable executable;
  EXPECT_TRUE(failsWith(
      tgrt_executable_load(device.get(), blob.data(), blob.size(), &executable),
      TGRT_BACKEND_ERROR,
      "the ELF code object is truncated: its ELF headers describe more than its " +
          std::to_string(image.size()) + " bytes"));
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_modules"), 0);
}

TEST_F(GpuPlugin, NamesAKernelTheModuleLacks) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  std::vector<uint8_t> blob =
      subtractExecutable(fakeModuleElf({"shape"}), 12, {3, 1, 1}, {4, 1, 1});
  tgrt_executable executable;
  EXPECT_TRUE(failsWith(
      tgrt_executable_load(device.get(), blob.data(), blob.size(), &executable),
      TGRT_BACKEND_ERROR,
      "could not find kernel 0 (subtract): " +
          failure(kGpuTest.functionGetCall, kGpuTest.notFoundError) +
          " (named symbol not found)"));
  // The module loaded for the executable went with it.
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_modules"), 0);
}

TEST_F(GpuPlugin, ReportsAFailedLaunchByTheDriversName) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  Executable executable =
      loadExecutable(device.get(), bufferlessExecutable("fail_launch"));
  ASSERT_TRUE(executable);
  EXPECT_TRUE(failsWith(
      tgrt_executable_run(executable.get(), nullptr, 0, nullptr, 0),
      TGRT_BACKEND_ERROR,
      "step 0, kernel fail_launch, failed on " + deviceName(0) + ": " +
          failure(kGpuTest.launchCall, kGpuTest.launchFailedError) +
          " (unspecified launch failure)"));
}

TEST_F(GpuPlugin, ReportsAFailureTheDeviceFindsLater) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  Executable executable =
      loadExecutable(device.get(), bufferlessExecutable("fail_later"));
  ASSERT_TRUE(executable);
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), nullptr, 0, nullptr, 0)));
  EXPECT_TRUE(failsWith(
      tgrt_device_synchronize(device.get()), TGRT_BACKEND_ERROR,
      failure(kGpuTest.synchronizeCall, kGpuTest.launchFailedError)));
  EXPECT_TRUE(ok(tgrt_device_synchronize(device.get())));
}

TEST_F(GpuPlugin, ReportsDeviceMemoryRunningOut) {
  Device device = openDevice(kGpuTest.backend);
  ASSERT_TRUE(device);
  tgrt_buffer buffer;
  EXPECT_TRUE(failsWith(
      tgrt_buffer_alloc(device.get(), FAKE_DEVICE_MEMORY + 1, &buffer),
      TGRT_OUT_OF_MEMORY,
      failure(kGpuTest.allocCall, kGpuTest.outOfMemoryError) +
          " (out of memory)"));
}

// A driver's current device is per thread; the fake refuses memory and
// modules used with another device current, or none.
TEST_F(GpuPlugin, WorksFromAnyThread) {
  Device device = openDevice(deviceName(1).c_str());
  ASSERT_TRUE(device);
  Buffer a = floatBuffer(device.get(), kA), b = floatBuffer(device.get(), kB);
  ASSERT_TRUE(a && b);
  std::vector<float> result;
  std::thread([&] {
    Executable executable = loadExecutable(
        device.get(),
        subtractExecutable(fakeModuleElf({"subtract"}), 12, {3, 1, 1},
                           {4, 1, 1}));
    if (!executable)
      return;
    tgrt_buffer inputs[] = {a.get(), b.get()}, output = nullptr;
    EXPECT_TRUE(
        ok(tgrt_executable_run(executable.get(), inputs, 2, &output, 1)));
    Buffer out(output);
    if (out)
      result = readFloats(out.get());
    EXPECT_TRUE(ok(tgrt_device_synchronize(device.get())));
  }).join();
  EXPECT_EQ(result, kAMinusB);
  EXPECT_EQ(readFloats(a.get()), kA);
}

TEST_F(GpuPlugin, SwitchesDevicesOnOneThread) {
  Device first = openDevice(deviceName(0).c_str());
  Device second = openDevice(deviceName(1).c_str());
  ASSERT_TRUE(first && second);
  std::vector<uint8_t> blob =
      subtractExecutable(fakeModuleElf({"subtract"}), 12, {3, 1, 1}, {4, 1, 1});
  Executable onFirst = loadExecutable(first.get(), blob);
  Executable onSecond = loadExecutable(second.get(), blob);
  Buffer a1 = floatBuffer(first.get(), kA), b1 = floatBuffer(first.get(), kB);
  Buffer a2 = floatBuffer(second.get(), kB), b2 = floatBuffer(second.get(), kA);
  ASSERT_TRUE(onFirst && onSecond && a1 && b1 && a2 && b2);
  EXPECT_EQ(fakeDriverAllocationsOn(0), 2);
  EXPECT_EQ(fakeDriverAllocationsOn(1), 2);
  tgrt_buffer inputs1[] = {a1.get(), b1.get()}, inputs2[] = {a2.get(), b2.get()};
  tgrt_buffer out1 = nullptr, out2 = nullptr;
  ASSERT_TRUE(ok(tgrt_executable_run(onFirst.get(), inputs1, 2, &out1, 1)));
  ASSERT_TRUE(ok(tgrt_executable_run(onSecond.get(), inputs2, 2, &out2, 1)));
  Buffer result1(out1), result2(out2);
  std::vector<float> negated;
  for (float value : kAMinusB)
    negated.push_back(-value);
  EXPECT_EQ(readFloats(result1.get()), kAMinusB);
  EXPECT_EQ(readFloats(result2.get()), negated);
}

TEST_F(GpuPlugin, GivesBackAllItTakes) {
  {
    Device device = openDevice(kGpuTest.backend);
    ASSERT_TRUE(device);
    std::vector<uint8_t> blob = subtractExecutable(fakeModuleElf({"subtract"}),
                                                   12, {3, 1, 1}, {4, 1, 1});
    EXPECT_EQ(runSubtract(device.get(), blob, kA, kB), kAMinusB);
  }
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_allocations"), 0);
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_modules"), 0);
}

TEST_F(GpuPlugin, AllocatesZeroBytesAsDistinctMemory) {
  const tg_backend *table = pluginTable();
  ASSERT_NE(table, nullptr);
  int32_t count;
  char error[TG_BACKEND_ERROR_SIZE] = "";
  ASSERT_EQ(table->device_count(&count, error), 0) << error;
  void *device;
  ASSERT_EQ(table->device_open(0, &device, error), 0) << error;
  void *first = nullptr, *second = nullptr;
  EXPECT_EQ(table->alloc(device, 0, &first, error), 0) << error;
  EXPECT_EQ(table->alloc(device, 0, &second, error), 0) << error;
  EXPECT_NE(first, nullptr);
  EXPECT_NE(second, nullptr);
  EXPECT_NE(first, second);
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_allocations"), 2);
  table->free(device, first);
  table->free(device, second);
  EXPECT_EQ(fakeDriverCount("fake_gpu_live_allocations"), 0);
  table->device_close(device);
}

} // namespace
