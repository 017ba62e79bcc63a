//===- buffer_test.cpp - buffers and the memory cache ---------------------===//

#include "test_support.h"

#include <dlfcn.h>

namespace {

TEST(Buffer, WriteThenReadRoundTrips) {
  Device cpu = openDevice("CPU");
  Buffer buffer = allocate(cpu.get(), 64);
  ASSERT_TRUE(buffer);
  EXPECT_EQ(tgrt_buffer_size(buffer.get()), 64u);
  std::vector<uint8_t> pattern(64);
  for (size_t i = 0; i < pattern.size(); ++i)
    pattern[i] = static_cast<uint8_t>(i * 7);
  ASSERT_TRUE(ok(tgrt_buffer_write(buffer.get(), 0, pattern.data(), 64)));
  uint8_t middle[10];
  ASSERT_TRUE(ok(tgrt_buffer_read(buffer.get(), 20, middle, 10)));
  EXPECT_EQ(std::vector<uint8_t>(middle, middle + 10),
            std::vector<uint8_t>(pattern.begin() + 20, pattern.begin() + 30));
}

TEST(Buffer, TransfersPastTheEndAreRejected) {
  Device cpu = openDevice("CPU");
  Buffer buffer = allocate(cpu.get(), 64);
  uint8_t data[128] = {};
  EXPECT_TRUE(failsWith(tgrt_buffer_write(buffer.get(), 60, data, 5),
                        TGRT_INVALID_ARGUMENT,
                        "tgrt_buffer_write: 5 bytes at offset 60 run past the "
                        "end of a 64-byte buffer"));
  EXPECT_TRUE(failsWith(tgrt_buffer_read(buffer.get(), 0, data, 65),
                        TGRT_INVALID_ARGUMENT, "65 bytes at offset 0"));
  // offset + size wraps around 2^64.
  EXPECT_TRUE(failsWith(tgrt_buffer_read(buffer.get(), UINT64_MAX, data, 2),
                        TGRT_INVALID_ARGUMENT, "run past the end"));
  EXPECT_TRUE(failsWith(tgrt_buffer_read(buffer.get(), 2, data, UINT64_MAX),
                        TGRT_INVALID_ARGUMENT, "run past the end"));
  EXPECT_TRUE(ok(tgrt_buffer_read(buffer.get(), 64, data, 0)));
  EXPECT_TRUE(ok(tgrt_buffer_write(buffer.get(), 0, data, 64)));
}

TEST(Buffer, NullArgumentsAreRejected) {
  Device cpu = openDevice("CPU");
  tgrt_buffer buffer;
  EXPECT_TRUE(failsWith(tgrt_buffer_alloc(nullptr, 8, &buffer),
                        TGRT_INVALID_ARGUMENT, "`device` is NULL"));
  EXPECT_EQ(buffer, nullptr);
  EXPECT_TRUE(failsWith(tgrt_buffer_alloc(cpu.get(), 8, nullptr),
                        TGRT_INVALID_ARGUMENT, "`buffer` is NULL"));
  uint8_t data[8];
  EXPECT_TRUE(failsWith(tgrt_buffer_write(nullptr, 0, data, 8),
                        TGRT_INVALID_ARGUMENT, "`buffer` is NULL"));
  EXPECT_TRUE(failsWith(tgrt_buffer_read(nullptr, 0, data, 8),
                        TGRT_INVALID_ARGUMENT, "`buffer` is NULL"));
  Buffer real = allocate(cpu.get(), 8);
  EXPECT_TRUE(failsWith(tgrt_buffer_write(real.get(), 0, nullptr, 8),
                        TGRT_INVALID_ARGUMENT, "`data` is NULL"));
  EXPECT_EQ(tgrt_buffer_size(nullptr), 0u);
  EXPECT_STRNE(tgrt_last_error(), "");
  tgrt_buffer_retain(nullptr);
  tgrt_buffer_release(nullptr);
}

// Zero-size buffers are valid and hold no memory: only empty transfers work.
TEST(Buffer, ZeroSizeBufferIsValidAndEmpty) {
  Device cpu = openDevice("CPU");
  Buffer empty = allocate(cpu.get(), 0);
  ASSERT_TRUE(empty);
  EXPECT_EQ(tgrt_buffer_size(empty.get()), 0u);
  EXPECT_TRUE(ok(tgrt_buffer_write(empty.get(), 0, nullptr, 0)));
  EXPECT_TRUE(ok(tgrt_buffer_read(empty.get(), 0, nullptr, 0)));
  uint8_t byte = 0;
  EXPECT_TRUE(failsWith(tgrt_buffer_read(empty.get(), 0, &byte, 1),
                        TGRT_INVALID_ARGUMENT, "0-byte buffer"));
}

TEST(Buffer, ReferencesKeepBufferAndDeviceAlive) {
  Device cpu = openDevice("CPU");
  tgrt_buffer buffer = allocate(cpu.get(), 4).release();
  cpu.reset();
  tgrt_buffer_retain(buffer);
  tgrt_buffer_release(buffer);
  float value = 42;
  EXPECT_TRUE(ok(tgrt_buffer_write(buffer, 0, &value, 4)));
  float back = 0;
  EXPECT_TRUE(ok(tgrt_buffer_read(buffer, 0, &back, 4)));
  EXPECT_EQ(back, 42);
  tgrt_buffer_release(buffer);
}

TEST(Buffer, ImpossibleAllocationFailsCleanly) {
  Device cpu = openDevice("CPU");
  tgrt_buffer buffer;
  EXPECT_TRUE(failsWith(tgrt_buffer_alloc(cpu.get(), 1ull << 62, &buffer),
                        TGRT_OUT_OF_MEMORY,
                        "CPU:0 could not allocate 4611686018427387904 bytes"));
  EXPECT_EQ(buffer, nullptr);
}

// The cache is observed through the fake HIP plug-in, which counts what it
// allocates and frees and keeps the contents of memory it hands out again.
class Cache : public ::testing::Test {
protected:
  void SetUp() override {
    hip_ = openDevice("HIP");
    ASSERT_TRUE(hip_);
    void *plugin = dlopen(TGRT_TEST_PLUGINS
                          "/working/libtgrt-backend-hip.so",
                          RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(plugin, nullptr);
    counters_ = reinterpret_cast<void (*)(int64_t *, int64_t *)>(
        dlsym(plugin, "fake_backend_counters"));
    dlclose(plugin);
    ASSERT_NE(counters_, nullptr);
    counters_(&allocs0_, &frees0_);
  }
  // Allocations and frees since the test began.
  int64_t allocs() const {
    int64_t allocs, frees;
    counters_(&allocs, &frees);
    return allocs - allocs0_;
  }
  int64_t frees() const {
    int64_t allocs, frees;
    counters_(&allocs, &frees);
    return frees - frees0_;
  }
  Buffer filled(uint64_t size, uint8_t value) {
    Buffer buffer = allocate(hip_.get(), size);
    std::vector<uint8_t> bytes(size, value);
    EXPECT_TRUE(ok(tgrt_buffer_write(buffer.get(), 0, bytes.data(), size)));
    return buffer;
  }
  uint8_t firstByte(const Buffer &buffer) {
    uint8_t value = 0;
    EXPECT_TRUE(ok(tgrt_buffer_read(buffer.get(), 0, &value, 1)));
    return value;
  }

  ScopedEnv path_{"TGRT_BACKEND_PATH", TGRT_TEST_PLUGINS "/working"};
  Device hip_;
  void (*counters_)(int64_t *, int64_t *) = nullptr;
  int64_t allocs0_ = 0, frees0_ = 0;
};

TEST_F(Cache, FreedBufferIsReusedForTheSameSizeOnly) {
  filled(1000, 7).reset();
  EXPECT_EQ(allocs(), 1);
  EXPECT_EQ(frees(), 0);
  Buffer again = allocate(hip_.get(), 1000);
  EXPECT_EQ(allocs(), 1);
  EXPECT_EQ(firstByte(again), 7);
  Buffer other = allocate(hip_.get(), 1001);
  EXPECT_EQ(allocs(), 2);
}

TEST_F(Cache, StatsCountFreshAndReusedAllocations) {
  tgrt_memory_stats before, after;
  ASSERT_TRUE(ok(tgrt_device_memory_stats(hip_.get(), &before)));
  filled(512, 1).reset();
  ASSERT_TRUE(ok(tgrt_device_memory_stats(hip_.get(), &after)));
  EXPECT_EQ(after.fresh - before.fresh, 1u);
  EXPECT_EQ(after.cached_bytes, before.cached_bytes + 512);
  Buffer again = allocate(hip_.get(), 512);
  ASSERT_TRUE(ok(tgrt_device_memory_stats(hip_.get(), &after)));
  EXPECT_EQ(after.fresh - before.fresh, 1u);
  EXPECT_EQ(after.reused - before.reused, 1u);
  EXPECT_EQ(after.cached_bytes, before.cached_bytes);
  EXPECT_EQ(tgrt_device_memory_stats(nullptr, &after), TGRT_INVALID_ARGUMENT);
  EXPECT_EQ(tgrt_device_memory_stats(hip_.get(), nullptr), TGRT_INVALID_ARGUMENT);
}

// Env knobs are read when a device is first opened, so these tests reopen.
class CacheWithCap : public Cache {
protected:
  void reopen(const char *cap) {
    hip_.reset();
    env_.reset();
    env_.reset(new ScopedEnv("LRU_CACHE_CAP", cap));
    hip_ = openDevice("HIP");
  }
  std::unique_ptr<ScopedEnv> env_;
};

TEST_F(CacheWithCap, CapIsRespectedByEvictingTheLeastRecentlyFreed) {
  reopen("2K");
  Buffer a = filled(1024, 1), b = filled(1024, 2), c = filled(1024, 3);
  Buffer big = filled(4096, 4);
  a.reset();
  b.reset();
  c.reset();
  EXPECT_EQ(frees(), 1); // a went: b and c fill the 2K
  big.reset();
  EXPECT_EQ(frees(), 2); // larger than the whole cache
  Buffer newest = allocate(hip_.get(), 1024), older = allocate(hip_.get(), 1024);
  EXPECT_EQ(firstByte(newest), 3);
  EXPECT_EQ(firstByte(older), 2);
  EXPECT_EQ(allocs(), 4);
  Buffer fresh = allocate(hip_.get(), 1024);
  EXPECT_EQ(allocs(), 5);
}

TEST_F(CacheWithCap, CapAcceptsBytesAndSuffixes) {
  for (const char *cap : {"1024", "1k", "1K"}) {
    reopen(cap);
    int64_t before = frees();
    Buffer a = allocate(hip_.get(), 1024), b = allocate(hip_.get(), 1024);
    a.reset();
    b.reset();
    EXPECT_EQ(frees() - before, 1) << "LRU_CACHE_CAP=" << cap;
  }
}

TEST_F(CacheWithCap, ZeroCapDisablesCaching) {
  reopen("0");
  allocate(hip_.get(), 64).reset();
  EXPECT_EQ(frees(), 1);
  allocate(hip_.get(), 64).reset();
  EXPECT_EQ(allocs(), 2);
}

// Activations of a large batch (the main job evaluates 1000 images at a
// time: 74 MB each) come back from the cache instead of being faulted in
// again on every launch.
TEST(CPUCache, ByDefaultKeepsBuffersOfHundredsOfMegabytes) {
  constexpr uint64_t kActivation = 300ull << 20;
  Device cpu = openDevice("CPU");
  ASSERT_TRUE(cpu);
  tgrt_memory_stats before, after;
  ASSERT_TRUE(ok(tgrt_device_memory_stats(cpu.get(), &before)));
  allocate(cpu.get(), kActivation).reset();
  Buffer again = allocate(cpu.get(), kActivation);
  ASSERT_TRUE(ok(tgrt_device_memory_stats(cpu.get(), &after)));
  EXPECT_EQ(after.fresh - before.fresh, 1u);
  EXPECT_EQ(after.reused - before.reused, 1u);
}

TEST_F(Cache, ReleasingTheDeviceEmptiesItsCache) {
  allocate(hip_.get(), 64).reset();
  allocate(hip_.get(), 128).reset();
  EXPECT_EQ(frees(), 0);
  hip_.reset();
  EXPECT_EQ(frees(), 2);
}

// The fake device holds 1 MiB: a full device gives its cache back and retries.
TEST_F(Cache, OutOfMemoryEmptiesTheCacheAndRetries) {
  allocate(hip_.get(), 600 << 10).reset();
  Buffer other = allocate(hip_.get(), 700 << 10);
  EXPECT_TRUE(other);
  EXPECT_EQ(frees(), 1);
  tgrt_buffer buffer;
  EXPECT_TRUE(failsWith(tgrt_buffer_alloc(hip_.get(), 2 << 20, &buffer),
                        TGRT_OUT_OF_MEMORY,
                        "HIP:0 could not allocate 2097152 bytes: the fake "
                        "device's 1048576 bytes are full"));
}

} // namespace
