//===- vulkan_test.cpp - the Vulkan plug-in on a real device --------------===//
//
// Runs hand-written SPIR-V kernels (kernels/*.spvasm) through the public C
// API on whatever Vulkan device the machine has; on CI that is Mesa's
// lavapipe. No device is a failure, not a skip. The VulkanAbi tests call
// the plug-in's table directly for what the runtime never asks of it.
//
//===----------------------------------------------------------------------===//

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include "blob_builder.h"
#include "test_support.h"
#include "tg_backend.h"
#include "tgrt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <dlfcn.h>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

// Every kernel covers this many elements in workgroups of 64 invocations.
constexpr uint32_t kElements = 1000;
constexpr uint32_t kWorkgroups = (kElements + 63) / 64;

// ---- handles and checks ----------------------------------------------------

template <class T>
Buffer bufferOf(tgrt_device device, const std::vector<T> &values) {
  tgrt_buffer buffer = nullptr;
  uint64_t size = values.size() * sizeof(T);
  EXPECT_TRUE(ok(tgrt_buffer_alloc(device, size, &buffer)));
  if (buffer) {
    EXPECT_TRUE(ok(tgrt_buffer_write(buffer, 0, values.data(), size)));
  }
  return Buffer(buffer);
}

template <class T> std::vector<T> contents(tgrt_buffer buffer) {
  std::vector<T> values(tgrt_buffer_size(buffer) / sizeof(T));
  EXPECT_TRUE(ok(
      tgrt_buffer_read(buffer, 0, values.data(), values.size() * sizeof(T))));
  return values;
}

// The assembled kernels/<name>.spvasm.
std::vector<uint8_t> spirv(const char *name) {
  return readFile((std::string(TGRT_VULKAN_TEST_KERNELS) + "/" + name + ".spv").c_str());
}

// ---- executables -----------------------------------------------------------

BlobBuffer elements(uint32_t role, uint32_t dtype, uint32_t count = kElements) {
  return BlobBuffer{uint64_t(count) * tg_dtype_size(dtype),
                    dtype,
                    role,
                    {int64_t(count)},
                    ""};
}

// blob_builder leaves the GPU launch shape zero; kernel `k` gets `workgroups`
// workgroups of 64.
void setGrid(std::vector<uint8_t> &blob, uint32_t k, uint32_t workgroups) {
  uint64_t desc = headerOf(blob).kernels_offset + k * sizeof(tg_kernel_desc);
  const uint32_t grid[3] = {workgroups, 1, 1}, block[3] = {64, 1, 1};
  for (int axis = 0; axis < 3; ++axis) {
    poke(blob, desc + offsetof(tg_kernel_desc, grid) + 4 * axis, grid[axis]);
    poke(blob, desc + offsetof(tg_kernel_desc, block) + 4 * axis, block[axis]);
  }
}

std::vector<uint8_t> buildSpirvBlob(BlobSpec spec) {
  spec.binary_kind = "spirv";
  std::vector<uint8_t> blob = buildBlob(spec);
  for (uint32_t k = 0; k < spec.kernels.size(); ++k)
    setGrid(blob, k, kWorkgroups);
  return blob;
}

// out = symbol(a, b): buffer 0 is the result, 1 and 2 the arguments.
std::vector<uint8_t> binaryExecutable(const char *module, const char *symbol,
                                      uint32_t dtype) {
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, dtype),
                  elements(TG_BUFFER_INPUT, dtype),
                  elements(TG_BUFFER_INPUT, dtype)};
  spec.kernels = {{symbol, 3}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1, 2}}};
  spec.inputs = {1, 2};
  spec.outputs = {0};
  spec.binary = spirv(module);
  return buildSpirvBlob(spec);
}

Executable load(tgrt_device device, const std::vector<uint8_t> &blob) {
  tgrt_executable executable = nullptr;
  EXPECT_TRUE(
      ok(tgrt_executable_load(device, blob.data(), blob.size(), &executable)));
  return Executable(executable);
}

// Runs a two-argument, one-result executable and reads the result.
template <class T>
std::vector<T> run(tgrt_device device, const std::vector<uint8_t> &blob,
                   const std::vector<T> &a, const std::vector<T> &b) {
  Executable executable = load(device, blob);
  Buffer bufferA = bufferOf(device, a), bufferB = bufferOf(device, b);
  if (!executable || !bufferA || !bufferB)
    return {};
  tgrt_buffer inputs[2] = {bufferA.get(), bufferB.get()};
  tgrt_buffer output = nullptr;
  EXPECT_TRUE(ok(tgrt_executable_run(executable.get(), inputs, 2, &output, 1)));
  Buffer result(output);
  return result ? contents<T>(result.get()) : std::vector<T>();
}

std::vector<float> floats(float start, float step) {
  std::vector<float> values(kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    values[i] = start + step * i;
  return values;
}

// ---- the device's optional features, asked of Vulkan directly --------------

struct DeviceFeatures {
  bool int64 = false, float64 = false, int8 = false;
};

// Device 0 of the plug-in: the first physical device with a compute queue.
DeviceFeatures queryFeatures() {
  DeviceFeatures result;
  void *library = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    ADD_FAILURE() << "no Vulkan loader: " << dlerror();
    return result;
  }
  auto getProc = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      dlsym(library, "vkGetInstanceProcAddr"));
  auto createInstance = reinterpret_cast<PFN_vkCreateInstance>(
      getProc(VK_NULL_HANDLE, "vkCreateInstance"));
  VkApplicationInfo application = {};
  application.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  application.apiVersion = VK_API_VERSION_1_2;
  VkInstanceCreateInfo create = {};
  create.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  create.pApplicationInfo = &application;
  VkInstance instance;
  if (createInstance(&create, nullptr, &instance) != VK_SUCCESS) {
    ADD_FAILURE() << "vkCreateInstance failed";
    dlclose(library);
    return result;
  }
#define TG_GET(name)                                                           \
  auto name = reinterpret_cast<PFN_##name>(getProc(instance, #name));
  TG_GET(vkDestroyInstance)
  TG_GET(vkEnumeratePhysicalDevices)
  TG_GET(vkGetPhysicalDeviceQueueFamilyProperties)
  TG_GET(vkGetPhysicalDeviceProperties)
  TG_GET(vkGetPhysicalDeviceFeatures2)
#undef TG_GET
  uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  bool found = false;
  for (VkPhysicalDevice device : devices) {
    uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &families, nullptr);
    std::vector<VkQueueFamilyProperties> properties(families);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &families,
                                             properties.data());
    bool compute = false;
    for (const VkQueueFamilyProperties &family : properties)
      compute |= (family.queueFlags & VK_QUEUE_COMPUTE_BIT) != 0;
    if (!compute)
      continue;
    VkPhysicalDeviceProperties deviceProperties;
    vkGetPhysicalDeviceProperties(device, &deviceProperties);
    VkPhysicalDeviceVulkan12Features vulkan12 = {};
    vulkan12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
    VkPhysicalDeviceFeatures2 features = {};
    features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    if (deviceProperties.apiVersion >= VK_API_VERSION_1_2)
      features.pNext = &vulkan12;
    vkGetPhysicalDeviceFeatures2(device, &features);
    result.int64 = features.features.shaderInt64;
    result.float64 = features.features.shaderFloat64;
    result.int8 = vulkan12.shaderInt8 && vulkan12.storageBuffer8BitAccess;
    found = true;
    break;
  }
  EXPECT_TRUE(found) << "no Vulkan device with a compute queue";
  vkDestroyInstance(instance, nullptr);
  dlclose(library);
  return result;
}

const DeviceFeatures &features() {
  static const DeviceFeatures queried = queryFeatures();
  return queried;
}

// ---- through the C API -----------------------------------------------------

struct Report {
  std::string backend;
  int32_t devices;
  std::string detail;
};

std::vector<Report> listBackends() {
  std::vector<Report> reports;
  EXPECT_TRUE(ok(tgrt_list_backends(
      [](void *user, const char *backend, int32_t devices, const char *detail) {
        static_cast<std::vector<Report> *>(user)->push_back(
            {backend, devices, detail});
      },
      &reports)));
  return reports;
}

TEST(Vulkan, IsListedWithItsDevices) {
  bool listed = false;
  for (const Report &report : listBackends())
    if (report.backend == "VULKAN") {
      listed = true;
      EXPECT_GE(report.devices, 1) << report.detail;
      EXPECT_NE(report.detail.find("plug-in " TGRT_LIBRARY_DIR
                                   "/libtgrt-backend-vulkan.so"),
                std::string::npos)
          << report.detail;
    }
  EXPECT_TRUE(listed);
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  EXPECT_STREQ(tgrt_device_name(device.get()), "VULKAN:0");
}

TEST(Vulkan, AddsVectors) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  std::vector<float> a = floats(0.5f, 0.25f), b = floats(-3.0f, 1.5f);
  std::vector<float> sum =
      run(device.get(), binaryExecutable("f32", "add", TG_DTYPE_FLOAT32), a, b);
  ASSERT_EQ(sum.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(sum[i], a[i] + b[i]) << "element " << i;
}

// Adds two vectors on VULKAN with every object held in a static, then exits
// with 0 if the sum was right.
[[noreturn]] void addKeepingObjectsInStatics() {
  // Made before the device opens, so destroyed after the driver's statics.
  static Device device;
  static Executable executable;
  static Buffer a, b, sum;
  device = openDevice("VULKAN");
  executable = load(device.get(), binaryExecutable("f32", "add", TG_DTYPE_FLOAT32));
  a = bufferOf(device.get(), floats(1.0f, 1.0f));
  b = bufferOf(device.get(), floats(2.0f, 1.0f));
  tgrt_buffer inputs[2] = {a.get(), b.get()}, output = nullptr;
  if (!ok(tgrt_executable_run(executable.get(), inputs, 2, &output, 1)))
    std::exit(2);
  sum.reset(output);
  if (contents<float>(sum.get())[0] != 3.0f)
    std::exit(3);
  // Left running: exit() comes while the launch may still be queued.
  if (!ok(tgrt_executable_run(executable.get(), inputs, 2, &output, 1)))
    std::exit(2);
  sum.reset(output);
  std::exit(0);
}

// Objects a program keeps in statics are released while exit() runs, some
// after the driver's own statics are gone (under the validation layer this
// crashed), one launch possibly still queued.
TEST(Vulkan, ObjectsKeptInStaticsAreReleasedAtExit) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(addKeepingObjectsInStatics(), testing::ExitedWithCode(0), "");
}

TEST(Vulkan, SecondLaunchReadsWhatTheFirstWrote) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  // t = a + b; out = t * t, batched into one submission.
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INTERMEDIATE, TG_DTYPE_FLOAT32)};
  spec.kernels = {{"add", 3}, {"multiply", 3}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {3, 1, 2}}, {TG_STEP_LAUNCH, 1, {0, 3, 3}}};
  spec.inputs = {1, 2};
  spec.outputs = {0};
  spec.binary = spirv("f32");
  std::vector<float> a = floats(1.0f, 0.5f), b = floats(2.0f, -0.125f);
  std::vector<float> out = run(device.get(), buildSpirvBlob(spec), a, b);
  ASSERT_EQ(out.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i) {
    float t = a[i] + b[i];
    EXPECT_EQ(out[i], t * t) << "element " << i;
  }
}

TEST(Vulkan, LongChainOfDependentLaunches) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  // out = a + 41 b, one addition per launch, ping-ponging between two
  // intermediates: each launch reads the previous one's result.
  constexpr uint32_t kLaunches = 41;
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INTERMEDIATE, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INTERMEDIATE, TG_DTYPE_FLOAT32)};
  spec.kernels = {{"add", 3}};
  uint32_t previous = 1;
  for (uint32_t step = 0; step < kLaunches; ++step) {
    uint32_t next = step + 1 == kLaunches ? 0 : 3 + step % 2;
    spec.steps.push_back({TG_STEP_LAUNCH, 0, {next, previous, 2}});
    previous = next;
  }
  spec.inputs = {1, 2};
  spec.outputs = {0};
  spec.binary = spirv("f32");
  std::vector<float> a = floats(-500.0f, 1.0f), b = floats(3.0f, 0.0f);
  std::vector<float> out = run(device.get(), buildSpirvBlob(spec), a, b);
  ASSERT_EQ(out.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(out[i], a[i] + kLaunches * b[i]) << "element " << i;
}

TEST(Vulkan, CopyStepFeedsTheNextLaunch) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  // t = copy of a; out = t + b.
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INTERMEDIATE, TG_DTYPE_FLOAT32)};
  spec.kernels = {{"add", 3}};
  spec.steps = {{TG_STEP_COPY, 0, {3, 1}}, {TG_STEP_LAUNCH, 0, {0, 3, 2}}};
  spec.inputs = {1, 2};
  spec.outputs = {0};
  spec.binary = spirv("f32");
  std::vector<float> a = floats(7.0f, -1.0f), b = floats(0.0f, 0.5f);
  std::vector<float> out = run(device.get(), buildSpirvBlob(spec), a, b);
  ASSERT_EQ(out.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(out[i], a[i] + b[i]) << "element " << i;
}

TEST(Vulkan, AddsInt64) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  if (!features().int64)
    GTEST_SKIP() << "the device lacks shaderInt64";
  std::vector<int64_t> a(kElements), b(kElements);
  for (uint32_t i = 0; i < kElements; ++i) {
    a[i] = (int64_t(1) << 40) * i + 0xffffffffll;
    b[i] = -(int64_t(3) << 33) + i;
  }
  std::vector<int64_t> sum =
      run(device.get(), binaryExecutable("int64", "add_int64", TG_DTYPE_INT64),
          a, b);
  ASSERT_EQ(sum.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(sum[i], a[i] + b[i]) << "element " << i;
}

TEST(Vulkan, MultipliesFloat64) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  if (!features().float64)
    GTEST_SKIP() << "the device lacks shaderFloat64";
  // Products that float32 would round.
  std::vector<double> a(kElements), b(kElements);
  for (uint32_t i = 0; i < kElements; ++i) {
    a[i] = 1.0 + std::ldexp(double(i), -40);
    b[i] = 3.0 + std::ldexp(1.0, -30);
  }
  std::vector<double> product = run(
      device.get(),
      binaryExecutable("float64", "multiply_float64", TG_DTYPE_FLOAT64), a, b);
  ASSERT_EQ(product.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(product[i], a[i] * b[i]) << "element " << i;
}

TEST(Vulkan, AddsInt8Wrapping) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  if (!features().int8)
    GTEST_SKIP() << "the device lacks shaderInt8 or storageBuffer8BitAccess";
  std::vector<int8_t> a(kElements), b(kElements);
  for (uint32_t i = 0; i < kElements; ++i) {
    a[i] = static_cast<int8_t>(i * 7);
    b[i] = static_cast<int8_t>(100 - i);
  }
  std::vector<int8_t> sum = run(
      device.get(), binaryExecutable("int8", "add_int8", TG_DTYPE_INT8), a, b);
  ASSERT_EQ(sum.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(sum[i], static_cast<int8_t>(a[i] + b[i])) << "element " << i;
}

TEST(Vulkan, ReadsAndWritesAtAnOffset) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  std::vector<float> values = floats(1.0f, 1.0f);
  Buffer buffer = bufferOf(device.get(), values);
  ASSERT_TRUE(buffer);
  const float patch[3] = {-1.0f, -2.0f, -3.0f};
  ASSERT_TRUE(ok(tgrt_buffer_write(buffer.get(), 10 * sizeof(float), patch,
                                   sizeof(patch))));
  float middle[5];
  ASSERT_TRUE(ok(tgrt_buffer_read(buffer.get(), 9 * sizeof(float), middle,
                                  sizeof(middle))));
  EXPECT_EQ(middle[0], values[9]);
  EXPECT_EQ(middle[1], -1.0f);
  EXPECT_EQ(middle[2], -2.0f);
  EXPECT_EQ(middle[3], -3.0f);
  EXPECT_EQ(middle[4], values[13]);
  // An unaligned offset into the last bytes.
  const uint8_t tail[3] = {0xaa, 0xbb, 0xcc};
  uint64_t end = kElements * sizeof(float);
  ASSERT_TRUE(ok(tgrt_buffer_write(buffer.get(), end - 3, tail, 3)));
  uint8_t back[3] = {};
  ASSERT_TRUE(ok(tgrt_buffer_read(buffer.get(), end - 3, back, 3)));
  EXPECT_EQ(back[0], 0xaa);
  EXPECT_EQ(back[1], 0xbb);
  EXPECT_EQ(back[2], 0xcc);
}

TEST(Vulkan, ReadAfterRunSeesTheResultAndWriteDoesNotRaceIt) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  Executable executable =
      load(device.get(), binaryExecutable("f32", "add", TG_DTYPE_FLOAT32));
  ASSERT_TRUE(executable);
  std::vector<float> a = floats(1.0f, 2.0f), b = floats(0.0f, 1.0f);
  Buffer bufferA = bufferOf(device.get(), a),
         bufferB = bufferOf(device.get(), b);
  ASSERT_TRUE(bufferA && bufferB);
  tgrt_buffer inputs[2] = {bufferA.get(), bufferB.get()};
  tgrt_buffer first = nullptr, second = nullptr;
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), inputs, 2, &first, 1)));
  Buffer firstResult(first);
  // Overwriting an input right after the launch must not change what the
  // queued launch reads; the second run sees the new values.
  std::vector<float> newA = floats(-100.0f, 0.0f);
  ASSERT_TRUE(ok(tgrt_buffer_write(bufferA.get(), 0, newA.data(),
                                   newA.size() * sizeof(float))));
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), inputs, 2, &second, 1)));
  Buffer secondResult(second);
  ASSERT_TRUE(ok(tgrt_device_synchronize(device.get())));
  std::vector<float> one = contents<float>(firstResult.get());
  std::vector<float> two = contents<float>(secondResult.get());
  ASSERT_EQ(one.size(), kElements);
  ASSERT_EQ(two.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i) {
    EXPECT_EQ(one[i], a[i] + b[i]) << "element " << i;
    EXPECT_EQ(two[i], newA[i] + b[i]) << "element " << i;
  }
}

TEST(Vulkan, ZeroByteArgumentIsBoundButNeverTouched) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  // out = fill_seven(out, empty): the runtime passes NULL for the empty one.
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32, 0)};
  spec.kernels = {{"fill_seven", 2}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1}}};
  spec.inputs = {1};
  spec.outputs = {0};
  spec.binary = spirv("f32");
  Executable executable = load(device.get(), buildSpirvBlob(spec));
  ASSERT_TRUE(executable);
  tgrt_buffer empty = nullptr;
  ASSERT_TRUE(ok(tgrt_buffer_alloc(device.get(), 0, &empty)));
  Buffer emptyBuffer(empty);
  tgrt_buffer output = nullptr;
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), &empty, 1, &output, 1)));
  Buffer result(output);
  EXPECT_EQ(contents<float>(result.get()), std::vector<float>(kElements, 7.0f));
}

TEST(Vulkan, EmptyGridRunsNothing) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  // x = add(x, a, b) in place, over a grid with no workgroups.
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32)};
  spec.kernels = {{"add", 3}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1, 2}}};
  spec.inputs = {0, 1, 2};
  spec.outputs = {0};
  spec.binary = spirv("f32");
  spec.binary_kind = "spirv";
  std::vector<uint8_t> blob = buildBlob(spec);
  setGrid(blob, 0, 0);
  Executable executable = load(device.get(), blob);
  ASSERT_TRUE(executable);
  std::vector<float> x = floats(5.0f, 1.0f);
  Buffer bufferX = bufferOf(device.get(), x);
  Buffer bufferA = bufferOf(device.get(), floats(1.0f, 0.0f));
  Buffer bufferB = bufferOf(device.get(), floats(1.0f, 0.0f));
  ASSERT_TRUE(bufferX && bufferA && bufferB);
  tgrt_buffer inputs[3] = {bufferX.get(), bufferA.get(), bufferB.get()};
  tgrt_buffer output = nullptr;
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), inputs, 3, &output, 1)));
  Buffer result(output);
  EXPECT_EQ(output, bufferX.get());
  EXPECT_EQ(contents<float>(bufferX.get()), x);
}

TEST(Vulkan, ObservedLaunchesAreTimedOneByOne) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  Executable executable =
      load(device.get(), binaryExecutable("f32", "multiply", TG_DTYPE_FLOAT32));
  ASSERT_TRUE(executable);
  std::vector<std::string> observed;
  tgrt_executable_observe(
      executable.get(),
      [](void *user, const char *kernel, uint64_t, uint64_t, uint64_t) {
        static_cast<std::vector<std::string> *>(user)->push_back(kernel);
      },
      &observed);
  std::vector<float> a = floats(2.0f, 1.0f), b = floats(0.5f, 0.0f);
  Buffer bufferA = bufferOf(device.get(), a),
         bufferB = bufferOf(device.get(), b);
  ASSERT_TRUE(bufferA && bufferB);
  tgrt_buffer inputs[2] = {bufferA.get(), bufferB.get()};
  tgrt_buffer output = nullptr;
  ASSERT_TRUE(ok(tgrt_executable_run(executable.get(), inputs, 2, &output, 1)));
  Buffer result(output);
  EXPECT_EQ(observed, std::vector<std::string>{"multiply"});
  std::vector<float> product = contents<float>(result.get());
  ASSERT_EQ(product.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(product[i], a[i] * b[i]) << "element " << i;
}

TEST(Vulkan, RunsFromManyThreadsAtOnce) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  Executable executable =
      load(device.get(), binaryExecutable("f32", "add", TG_DTYPE_FLOAT32));
  ASSERT_TRUE(executable);
  constexpr int kThreads = 4, kRuns = 20;
  std::vector<int> wrong(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRuns; ++r) {
        std::vector<float> a = floats(float(t), 1.0f),
                           b = floats(float(r), 2.0f);
        Buffer bufferA = bufferOf(device.get(), a);
        Buffer bufferB = bufferOf(device.get(), b);
        tgrt_buffer inputs[2] = {bufferA.get(), bufferB.get()};
        tgrt_buffer output = nullptr;
        if (tgrt_executable_run(executable.get(), inputs, 2, &output, 1) !=
            TGRT_OK) {
          ++wrong[t];
          continue;
        }
        Buffer result(output);
        std::vector<float> sum(kElements);
        if (tgrt_buffer_read(output, 0, sum.data(), sum.size() * 4) != TGRT_OK)
          ++wrong[t];
        for (uint32_t i = 0; i < kElements; ++i)
          wrong[t] += sum[i] != a[i] + b[i];
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

TEST(Vulkan, StagingBufferPathGivesTheSameResults) {
  // As on a discrete GPU, whose memory the host cannot map.
  ScopedEnv staging("TGRT_VULKAN_FORCE_STAGING", "1");
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  std::vector<float> a = floats(0.5f, 0.25f), b = floats(-3.0f, 1.5f);
  std::vector<float> sum =
      run(device.get(), binaryExecutable("f32", "add", TG_DTYPE_FLOAT32), a, b);
  ASSERT_EQ(sum.size(), kElements);
  for (uint32_t i = 0; i < kElements; ++i)
    EXPECT_EQ(sum[i], a[i] + b[i]) << "element " << i;

  // More than the 4 MiB staging buffer, at an offset, in several chunks.
  constexpr uint64_t kBig = (9ull << 20) + 12;
  std::vector<uint8_t> bytes(kBig);
  for (uint64_t i = 0; i < kBig; ++i)
    bytes[i] = static_cast<uint8_t>(i * 2654435761u >> 24);
  tgrt_buffer big = nullptr;
  ASSERT_TRUE(ok(tgrt_buffer_alloc(device.get(), kBig + 100, &big)));
  Buffer bigBuffer(big);
  ASSERT_TRUE(ok(tgrt_buffer_write(big, 100, bytes.data(), kBig)));
  std::vector<uint8_t> back(kBig - 1);
  ASSERT_TRUE(ok(tgrt_buffer_read(big, 101, back.data(), back.size())));
  EXPECT_TRUE(std::equal(back.begin(), back.end(), bytes.begin() + 1));
}

TEST(Vulkan, NonSpirvBinaryIsRejected) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, TG_DTYPE_FLOAT32)};
  spec.kernels = {{"add", 1}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0}}};
  spec.outputs = {0};
  spec.binary = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
  std::vector<uint8_t> blob = buildSpirvBlob(spec);
  tgrt_executable executable = nullptr;
  EXPECT_TRUE(failsWith(
      tgrt_executable_load(device.get(), blob.data(), blob.size(), &executable),
      TGRT_BACKEND_ERROR,
      "VULKAN:0 could not load the executable's spirv binary: the binary is "
      "not SPIR-V: it starts with 0x464c457f, not the SPIR-V magic number "
      "0x07230203"));
  EXPECT_EQ(executable, nullptr);
}

TEST(Vulkan, MalformedSpirvIsRejected) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, TG_DTYPE_FLOAT32)};
  spec.kernels = {{"add", 1}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0}}};
  spec.outputs = {0};
  spec.binary = spirv("f32");
  ASSERT_GT(spec.binary.size(), 24u);
  // The first instruction (word 5) now claims to run far past the end.
  spec.binary[22] = 0xff;
  spec.binary[23] = 0xff;
  std::vector<uint8_t> blob = buildSpirvBlob(spec);
  tgrt_executable executable = nullptr;
  EXPECT_TRUE(failsWith(
      tgrt_executable_load(device.get(), blob.data(), blob.size(), &executable),
      TGRT_BACKEND_ERROR,
      "the SPIR-V module is malformed: the instruction at word 5 (opcode 17) "
      "claims 65535 words"));
}

TEST(Vulkan, MissingEntryPointIsNamed) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  std::vector<uint8_t> blob =
      binaryExecutable("f32", "subtract", TG_DTYPE_FLOAT32);
  tgrt_executable executable = nullptr;
  EXPECT_TRUE(failsWith(
      tgrt_executable_load(device.get(), blob.data(), blob.size(), &executable),
      TGRT_BACKEND_ERROR,
      "could not find kernel 0 (subtract): the SPIR-V module has no GLCompute "
      "entry point named 'subtract' (it has 'add', 'multiply', 'fill_seven')"));
}

TEST(Vulkan, KernelWhosePipelineFailsIsNamed) {
  Device device = openDevice("VULKAN");
  ASSERT_TRUE(device);
  // Every OpReturn becomes OpNop: the module keeps its structure and entry
  // points, but its blocks lose their terminators, which the driver rejects
  // when it builds the pipeline at the first launch.
  std::vector<uint8_t> binary = spirv("f32");
  constexpr uint32_t kOpReturn = 0x000100fd, kOpNop = 0x00010000;
  uint32_t replaced = 0;
  for (size_t at = 20; at + 4 <= binary.size(); at += 4)
    if (peek<uint32_t>(binary, at) == kOpReturn) {
      poke(binary, at, kOpNop);
      ++replaced;
    }
  ASSERT_EQ(replaced, 3u);
  BlobSpec spec;
  spec.buffers = {elements(TG_BUFFER_OUTPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32),
                  elements(TG_BUFFER_INPUT, TG_DTYPE_FLOAT32)};
  spec.kernels = {{"multiply", 3}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1, 2}}};
  spec.inputs = {1, 2};
  spec.outputs = {0};
  spec.binary = binary;
  Executable executable = load(device.get(), buildSpirvBlob(spec));
  ASSERT_TRUE(executable);
  Buffer bufferA = bufferOf(device.get(), floats(1.0f, 1.0f));
  Buffer bufferB = bufferOf(device.get(), floats(1.0f, 1.0f));
  ASSERT_TRUE(bufferA && bufferB);
  tgrt_buffer inputs[2] = {bufferA.get(), bufferB.get()};
  tgrt_buffer output = nullptr;
  EXPECT_TRUE(failsWith(
      tgrt_executable_run(executable.get(), inputs, 2, &output, 1),
      TGRT_BACKEND_ERROR,
      "step 0, kernel multiply, failed on VULKAN:0: the compute pipeline of "
      "kernel 'multiply' (3 storage buffers at set 0) could not be built: "
      "vkCreateComputePipelines returned VK_ERROR_"));
  EXPECT_EQ(output, nullptr);
  // The device still works.
  EXPECT_TRUE(ok(tgrt_device_synchronize(device.get())));
}

TEST(Vulkan, MissingLoaderIsExplained) {
  ScopedEnv library("TGRT_VULKAN_LIBRARY", "libtgrt-test-no-such-vulkan.so.1");
  tgrt_device device = nullptr;
  EXPECT_TRUE(failsWith(
      tgrt_device_open("VULKAN", &device), TGRT_UNAVAILABLE,
      "has no devices: libtgrt-test-no-such-vulkan.so.1 is not installed "
      "(dlopen: libtgrt-test-no-such-vulkan.so.1: cannot open shared object "
      "file"));
  EXPECT_EQ(device, nullptr);
  bool listed = false;
  for (const Report &report : listBackends())
    if (report.backend == "VULKAN") {
      listed = true;
      EXPECT_EQ(report.devices, 0);
      EXPECT_NE(report.detail.find("libtgrt-test-no-such-vulkan.so.1 is not "
                                   "installed (dlopen: "),
                std::string::npos)
          << report.detail;
    }
  EXPECT_TRUE(listed);
}

TEST(Vulkan, MissingDriverIsExplained) {
  // The loader is there, but it is told of no driver (newer loaders read
  // VK_DRIVER_FILES, older ones VK_ICD_FILENAMES).
  ScopedEnv drivers("VK_DRIVER_FILES", "/nonexistent/tgrt-no-icd.json");
  ScopedEnv oldDrivers("VK_ICD_FILENAMES", "/nonexistent/tgrt-no-icd.json");
  tgrt_device device = nullptr;
  EXPECT_TRUE(failsWith(tgrt_device_open("VULKAN", &device), TGRT_UNAVAILABLE,
                        "has no devices: no Vulkan driver is installed "
                        "(vkCreateInstance: VK_ERROR_INCOMPATIBLE_DRIVER)"));
  EXPECT_EQ(device, nullptr);
}

// ---- the plug-in's table, called directly ----------------------------------

class VulkanAbi : public ::testing::Test {
protected:
  void SetUp() override {
    library_ = dlopen(TGRT_VULKAN_PLUGIN, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(library_, nullptr) << dlerror();
    auto get = reinterpret_cast<tg_backend_get_fn>(
        dlsym(library_, TG_BACKEND_GET_SYMBOL));
    ASSERT_NE(get, nullptr);
    table_ = get(TG_BACKEND_ABI_VERSION);
    ASSERT_NE(table_, nullptr);
    ASSERT_EQ(table_->device_open(0, &device_, error_), 0) << error_;
  }
  void TearDown() override {
    if (device_)
      table_->device_close(device_);
    if (library_)
      dlclose(library_);
  }

  void *alloc(uint64_t size) {
    void *memory = nullptr;
    EXPECT_EQ(table_->alloc(device_, size, &memory, error_), 0) << error_;
    EXPECT_NE(memory, nullptr);
    return memory;
  }

  void *library_ = nullptr;
  const tg_backend *table_ = nullptr;
  void *device_ = nullptr;
  char error_[TG_BACKEND_ERROR_SIZE] = "";
};

TEST_F(VulkanAbi, TableIsVersioned) {
  auto get = reinterpret_cast<tg_backend_get_fn>(
      dlsym(library_, TG_BACKEND_GET_SYMBOL));
  EXPECT_EQ(get(TG_BACKEND_ABI_VERSION + 1), nullptr);
  EXPECT_STREQ(table_->name, "VULKAN");
  ASSERT_NE(table_->binary_kinds, nullptr);
  EXPECT_STREQ(table_->binary_kinds[0], "spirv");
  EXPECT_EQ(table_->binary_kinds[1], nullptr);
  int32_t count = 0;
  EXPECT_EQ(table_->device_count(&count, error_), 0) << error_;
  EXPECT_GE(count, 1);
  void *device = nullptr;
  EXPECT_NE(table_->device_open(count, &device, error_), 0);
  EXPECT_NE(std::string(error_).find("there is no Vulkan device"),
            std::string::npos)
      << error_;
}

TEST_F(VulkanAbi, ZeroByteAllocationWorks) {
  void *memory = alloc(0);
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ(table_->write(device_, memory, 0, "", 0, error_), 0) << error_;
  EXPECT_EQ(table_->synchronize(device_, error_), 0) << error_;
  table_->free(device_, memory);
}

TEST_F(VulkanAbi, CopiesDeviceToDeviceAndHonoursOffsets) {
  void *src = alloc(64), *dst = alloc(64);
  ASSERT_TRUE(src && dst);
  uint8_t pattern[64], zeros[64] = {};
  for (int i = 0; i < 64; ++i)
    pattern[i] = static_cast<uint8_t>(i + 1);
  ASSERT_EQ(table_->write(device_, dst, 0, zeros, 64, error_), 0) << error_;
  ASSERT_EQ(table_->write(device_, src, 0, zeros, 16, error_), 0) << error_;
  ASSERT_EQ(table_->write(device_, src, 16, pattern, 48, error_), 0) << error_;
  ASSERT_EQ(table_->copy(device_, dst, src, 40, error_), 0) << error_;
  uint8_t back[30];
  ASSERT_EQ(table_->read(device_, dst, 10, back, 30, error_), 0) << error_;
  for (int i = 0; i < 30; ++i) {
    int at = 10 + i;
    EXPECT_EQ(back[i], at < 16 ? 0 : pattern[at - 16]) << "byte " << at;
  }
  uint8_t beyond[24];
  ASSERT_EQ(table_->read(device_, dst, 40, beyond, 24, error_), 0) << error_;
  for (int i = 0; i < 24; ++i)
    EXPECT_EQ(beyond[i], 0) << "byte " << 40 + i << " was not copied";
  table_->free(device_, src);
  table_->free(device_, dst);
}

TEST_F(VulkanAbi, TransfersPastTheEndAreRefused) {
  void *memory = alloc(8);
  ASSERT_NE(memory, nullptr);
  uint8_t bytes[8] = {};
  EXPECT_NE(table_->read(device_, memory, 4, bytes, 8, error_), 0);
  EXPECT_NE(std::string(error_).find("a read of 8 bytes at offset 4 runs past "
                                     "the end of a 8-byte Vulkan buffer"),
            std::string::npos)
      << error_;
  table_->free(device_, memory);
}

} // namespace
