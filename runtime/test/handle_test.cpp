//===- handle_test.cpp - handles are checked tokens -----------------------===//
//
// Use after release, a second release, a handle of the wrong kind and a
// pointer tgrt never gave out are errors with a sentence, not undefined
// behaviour (the sanitizer build would report the latter).
//
//===----------------------------------------------------------------------===//

#include "blob_builder.h"
#include "test_kernels.h"
#include "test_support.h"

namespace {

// out = 2 * in: buffers out, in.
BlobSpec scale2() {
  BlobSpec spec;
  spec.name = "scale";
  spec.buffers = {float32Buffer(TG_BUFFER_OUTPUT, {TEST_VECTOR_SIZE}),
                  float32Buffer(TG_BUFFER_INPUT, {TEST_VECTOR_SIZE})};
  spec.kernels = {{"vector_scale2", 2, TEST_VECTOR_SIZE}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1}}};
  spec.inputs = {1};
  spec.outputs = {0};
  spec.binary = testKernels();
  return spec;
}

TEST(Handles, AReleasedBufferIsReportedAsReleased) {
  Device cpu = openDevice("CPU");
  tgrt_buffer buffer = allocate(cpu.get(), 16).release();
  ASSERT_NE(buffer, nullptr);
  ASSERT_TRUE(ok(tgrt_buffer_release(buffer)));
  EXPECT_TRUE(failsWith(tgrt_buffer_release(buffer), TGRT_INVALID_ARGUMENT,
                        "tgrt_buffer_release: `buffer` was released"));
  EXPECT_TRUE(failsWith(tgrt_buffer_retain(buffer), TGRT_INVALID_ARGUMENT,
                        "tgrt_buffer_retain: `buffer` was released"));
  float value = 1;
  EXPECT_TRUE(failsWith(tgrt_buffer_write(buffer, 0, &value, 4),
                        TGRT_INVALID_ARGUMENT, "`buffer` was released"));
  EXPECT_EQ(tgrt_buffer_size(buffer), 0u);
  EXPECT_STREQ(tgrt_last_error(), "tgrt_buffer_size: `buffer` was released");
}

TEST(Handles, EachReferenceIsReleasedOnce) {
  Device cpu = openDevice("CPU");
  tgrt_buffer buffer = allocate(cpu.get(), 16).release();
  ASSERT_TRUE(ok(tgrt_buffer_retain(buffer)));
  ASSERT_TRUE(ok(tgrt_buffer_release(buffer)));
  EXPECT_EQ(tgrt_buffer_size(buffer), 16u); // one reference is left
  ASSERT_TRUE(ok(tgrt_buffer_release(buffer)));
  EXPECT_TRUE(failsWith(tgrt_buffer_release(buffer), TGRT_INVALID_ARGUMENT,
                        "was released"));
}

// The new buffer may take the old one's slot; the old handle stays dead.
TEST(Handles, AReusedSlotDoesNotReviveAnOldHandle) {
  Device cpu = openDevice("CPU");
  tgrt_buffer old = allocate(cpu.get(), 16).release();
  ASSERT_TRUE(ok(tgrt_buffer_release(old)));
  Buffer fresh = allocate(cpu.get(), 32);
  ASSERT_TRUE(fresh);
  EXPECT_NE(fresh.get(), old);
  EXPECT_EQ(tgrt_buffer_size(old), 0u);
  EXPECT_EQ(tgrt_buffer_size(fresh.get()), 32u);
}

TEST(Handles, AHandleOfAnotherKindIsRefused) {
  Device cpu = openDevice("CPU");
  Buffer buffer = allocate(cpu.get(), 16);
  tgrt_buffer asBuffer = reinterpret_cast<tgrt_buffer>(cpu.get());
  tgrt_device asDevice = reinterpret_cast<tgrt_device>(buffer.get());
  EXPECT_EQ(tgrt_buffer_size(asBuffer), 0u);
  EXPECT_STREQ(tgrt_last_error(),
               "tgrt_buffer_size: `buffer` is a device handle, not a buffer handle");
  tgrt_buffer out;
  EXPECT_TRUE(failsWith(tgrt_buffer_alloc(asDevice, 8, &out), TGRT_INVALID_ARGUMENT,
                        "`device` is a buffer handle, not a device handle"));
  EXPECT_TRUE(failsWith(tgrt_device_release(asDevice), TGRT_INVALID_ARGUMENT,
                        "is a buffer handle"));
  EXPECT_EQ(tgrt_buffer_size(buffer.get()), 16u); // still live
}

TEST(Handles, APointerTgrtNeverGaveOutIsRefused) {
  float local = 0;
  tgrt_buffer foreign = reinterpret_cast<tgrt_buffer>(&local);
  EXPECT_TRUE(failsWith(tgrt_buffer_write(foreign, 0, &local, 4), TGRT_INVALID_ARGUMENT,
                        "`buffer` is not a handle tgrt gave out"));
  EXPECT_TRUE(failsWith(tgrt_buffer_release(foreign), TGRT_INVALID_ARGUMENT,
                        "not a handle tgrt gave out"));
}

// Opening a device again retains its handle; each open is released once.
TEST(Handles, ADeviceOpenedTwiceIsReleasedTwice) {
  tgrt_device first, second;
  ASSERT_TRUE(ok(tgrt_device_open("CPU", &first)));
  ASSERT_TRUE(ok(tgrt_device_open("CPU:0", &second)));
  EXPECT_EQ(first, second);
  ASSERT_TRUE(ok(tgrt_device_release(first)));
  EXPECT_STREQ(tgrt_device_name(second), "CPU:0");
  ASSERT_TRUE(ok(tgrt_device_release(second)));
  EXPECT_TRUE(failsWith(tgrt_device_release(second), TGRT_INVALID_ARGUMENT,
                        "tgrt_device_release: `device` was released"));
}

// A buffer keeps its device open after the device's handle is gone; opening
// the device again gives a new handle to the same device.
TEST(Handles, ABufferOutlivesItsDevicesHandle) {
  tgrt_device cpu;
  ASSERT_TRUE(ok(tgrt_device_open("CPU", &cpu)));
  Buffer buffer = allocate(cpu, 8);
  ASSERT_TRUE(ok(tgrt_device_release(cpu)));
  EXPECT_STREQ(tgrt_device_name(cpu), "");
  Device again = openDevice("CPU");
  ASSERT_TRUE(again);
  EXPECT_NE(again.get(), cpu);
  tgrt_memory_stats before, after;
  ASSERT_TRUE(ok(tgrt_device_memory_stats(again.get(), &before)));
  buffer.reset();
  ASSERT_TRUE(ok(tgrt_device_memory_stats(again.get(), &after)));
  EXPECT_EQ(after.cached_bytes, before.cached_bytes + 8); // the same device's cache
}

TEST(Handles, AReleasedExecutableIsReportedAsReleased) {
  Device cpu = openDevice("CPU");
  tgrt_executable scale = loadExecutable(cpu.get(), buildBlob(scale2())).release();
  ASSERT_NE(scale, nullptr);
  EXPECT_EQ(tgrt_executable_num_inputs(scale), 1u);
  ASSERT_TRUE(ok(tgrt_executable_release(scale)));
  EXPECT_TRUE(failsWith(tgrt_executable_release(scale), TGRT_INVALID_ARGUMENT,
                        "tgrt_executable_release: `executable` was released"));
  EXPECT_EQ(tgrt_executable_num_inputs(scale), 0u);
  EXPECT_STREQ(tgrt_last_error(),
               "tgrt_executable_num_inputs: `executable` was released");
}

TEST(Handles, ARunRefusesAReleasedInput) {
  Device cpu = openDevice("CPU");
  Executable scale = loadExecutable(cpu.get(), buildBlob(scale2()));
  ASSERT_TRUE(scale);
  tgrt_buffer input = allocate(cpu.get(), TEST_VECTOR_SIZE * 4).release();
  ASSERT_TRUE(ok(tgrt_buffer_release(input)));
  tgrt_buffer out;
  EXPECT_TRUE(failsWith(tgrt_executable_run(scale.get(), &input, 1, &out, 1),
                        TGRT_INVALID_ARGUMENT,
                        "tgrt_executable_run: `inputs[0]` was released"));
  EXPECT_EQ(out, nullptr);
}

} // namespace
