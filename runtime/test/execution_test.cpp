//===- execution_test.cpp - running executables on the CPU ----------------===//
//
// The kernels are test_kernels.c, compiled to a shared object at build time
// and wrapped into executables with blob_builder; results are checked
// against the same arithmetic done here.
//
//===----------------------------------------------------------------------===//

#include "blob_builder.h"
#include "test_kernels.h"
#include "test_support.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <set>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

namespace {

constexpr int64_t N = TEST_VECTOR_SIZE;

std::vector<float> ramp(float start, float step) {
  std::vector<float> values(N);
  for (int64_t i = 0; i < N; ++i)
    values[i] = start + step * static_cast<float>(i);
  return values;
}

BlobKernel add() { return {"vector_add", 3, N, N, 12 * N}; }
BlobKernel scale2() { return {"vector_scale2", 2, N, N, 8 * N}; }

// Runs `executable` on `inputs`, returning its outputs (empty on failure).
std::vector<Buffer> run(tgrt_executable executable,
                        const std::vector<tgrt_buffer> &inputs) {
  std::vector<tgrt_buffer> outputs(tgrt_executable_num_outputs(executable));
  if (!ok(tgrt_executable_run(executable, inputs.data(), inputs.size(),
                              outputs.data(), outputs.size()))) {
    ADD_FAILURE() << tgrt_last_error();
    return {};
  }
  return std::vector<Buffer>(outputs.begin(), outputs.end());
}

class Execution : public ::testing::Test {
protected:
  void SetUp() override {
    cpu_ = openDevice("CPU");
    a_ = floatBuffer(cpu_.get(), ramp(1, 1));
    b_ = floatBuffer(cpu_.get(), ramp(-500, 0.5f));
  }
  // out = a + b: buffers out, a, b.
  BlobSpec vectorAdd() {
    BlobSpec spec;
    spec.name = "vadd";
    spec.buffers = {float32Buffer(TG_BUFFER_OUTPUT, {N}),
                    float32Buffer(TG_BUFFER_INPUT, {N}),
                    float32Buffer(TG_BUFFER_INPUT, {N})};
    spec.kernels = {add()};
    spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1, 2}}};
    spec.inputs = {1, 2};
    spec.outputs = {0};
    spec.binary = testKernels();
    return spec;
  }
  // out = (a + b) * 2 + a through two intermediates: buffers a, b, t, u, out.
  BlobSpec threeSteps() {
    BlobSpec spec;
    spec.name = "three_steps";
    spec.buffers = {float32Buffer(TG_BUFFER_INPUT, {N}),
                    float32Buffer(TG_BUFFER_INPUT, {N}),
                    float32Buffer(TG_BUFFER_INTERMEDIATE, {N}),
                    float32Buffer(TG_BUFFER_INTERMEDIATE, {N}),
                    float32Buffer(TG_BUFFER_OUTPUT, {N})};
    spec.kernels = {add(), scale2()};
    spec.steps = {{TG_STEP_LAUNCH, 0, {2, 0, 1}},
                  {TG_STEP_LAUNCH, 1, {3, 2}},
                  {TG_STEP_LAUNCH, 0, {4, 3, 0}}};
    spec.inputs = {0, 1};
    spec.outputs = {4};
    spec.binary = testKernels();
    return spec;
  }
  std::vector<float> expected(float (*f)(float a, float b)) {
    std::vector<float> a = readFloats(a_.get()), b = readFloats(b_.get());
    std::vector<float> result(N);
    for (int64_t i = 0; i < N; ++i)
      result[i] = f(a[i], b[i]);
    return result;
  }

  Device cpu_;
  Buffer a_, b_;
};

TEST_F(Execution, SingleLaunchAddsVectors) {
  Executable vadd = loadExecutable(cpu_.get(), buildBlob(vectorAdd()));
  ASSERT_TRUE(vadd);
  std::vector<Buffer> out = run(vadd.get(), {a_.get(), b_.get()});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(readFloats(out[0].get()),
            expected([](float a, float b) { return a + b; }));
}

TEST_F(Execution, ThreeStepPlanWithIntermediates) {
  Executable plan = loadExecutable(cpu_.get(), buildBlob(threeSteps()));
  ASSERT_TRUE(plan);
  std::vector<float> want =
      expected([](float a, float b) { return (a + b) * 2 + a; });
  // The second run takes its intermediates from the cache.
  for (int repeat = 0; repeat < 2; ++repeat) {
    std::vector<Buffer> out = run(plan.get(), {a_.get(), b_.get()});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(readFloats(out[0].get()), want);
  }
}

// The compiler shares one buffer between intermediates of different sizes:
// each kernel reads and writes only the part it was compiled for.
TEST_F(Execution, IntermediatesMayBeLargerThanTheKernelsAccess) {
  BlobSpec spec = threeSteps();
  spec.buffers[2] = float32Buffer(TG_BUFFER_INTERMEDIATE, {2 * N});
  spec.buffers[3] = float32Buffer(TG_BUFFER_INTERMEDIATE, {N + 1});
  spec.kernels[0].arg_bytes = {4 * N, 4 * N, 4 * N};
  spec.kernels[1].arg_bytes = {4 * N, 4 * N};
  Executable plan = loadExecutable(cpu_.get(), buildBlob(spec));
  ASSERT_TRUE(plan) << tgrt_last_error();
  std::vector<Buffer> out = run(plan.get(), {a_.get(), b_.get()});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(readFloats(out[0].get()),
            expected([](float a, float b) { return (a + b) * 2 + a; }));
}

TEST_F(Execution, CopyStepsCopyBetweenBuffers) {
  // t = a + b; out0 = copy(t); out1 = copy(a)
  BlobSpec spec;
  spec.buffers = {float32Buffer(TG_BUFFER_INPUT, {N}),
                  float32Buffer(TG_BUFFER_INPUT, {N}),
                  float32Buffer(TG_BUFFER_INTERMEDIATE, {N}),
                  float32Buffer(TG_BUFFER_OUTPUT, {N}),
                  float32Buffer(TG_BUFFER_OUTPUT, {N})};
  spec.kernels = {add()};
  spec.steps = {{TG_STEP_LAUNCH, 0, {2, 0, 1}},
                {TG_STEP_COPY, 0, {3, 2}},
                {TG_STEP_COPY, 0, {4, 0}}};
  spec.inputs = {0, 1};
  spec.outputs = {3, 4};
  spec.binary = testKernels();
  Executable copies = loadExecutable(cpu_.get(), buildBlob(spec));
  ASSERT_TRUE(copies);
  std::vector<Buffer> out = run(copies.get(), {a_.get(), b_.get()});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(readFloats(out[0].get()),
            expected([](float a, float b) { return a + b; }));
  EXPECT_EQ(readFloats(out[1].get()), readFloats(a_.get()));
}

TEST_F(Execution, InPlaceResultIsTheInputRetained) {
  // acc += x, returning acc (tg.assign).
  BlobSpec spec;
  spec.buffers = {float32Buffer(TG_BUFFER_INPUT, {N}),
                  float32Buffer(TG_BUFFER_INPUT, {N})};
  spec.kernels = {{"vector_accumulate", 2, N}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1}}};
  spec.inputs = {0, 1};
  spec.outputs = {0};
  spec.binary = testKernels();
  Executable accumulate = loadExecutable(cpu_.get(), buildBlob(spec));
  ASSERT_TRUE(accumulate);
  std::vector<float> want =
      expected([](float a, float b) { return a + b; });
  std::vector<Buffer> out = run(accumulate.get(), {a_.get(), b_.get()});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].get(), a_.get());
  // The result holds its own reference.
  tgrt_buffer acc = a_.release();
  tgrt_buffer_release(acc);
  EXPECT_EQ(readFloats(out[0].get()), want);
}

// A run of more than the default cap (1G): two intermediates of 600 MiB that
// no step touches, so that no page of theirs is faulted in.
BlobSpec largeRun() {
  BlobSpec spec;
  spec.buffers = {float32Buffer(TG_BUFFER_INPUT, {N}),
                  float32Buffer(TG_BUFFER_INTERMEDIATE, {150ll << 20}),
                  float32Buffer(TG_BUFFER_INTERMEDIATE, {150ll << 20})};
  spec.inputs = {0};
  spec.outputs = {0};
  return spec;
}

// The allocations the CPU device's cache could not serve in two runs of
// largeRun().
uint64_t freshAllocationsInTwoLargeRuns() {
  Device cpu = openDevice("CPU");
  Buffer x = floatBuffer(cpu.get(), ramp(0, 1));
  Executable plan = loadExecutable(cpu.get(), buildBlob(largeRun()));
  if (!plan)
    return 0;
  tgrt_memory_stats before, after;
  EXPECT_TRUE(ok(tgrt_device_memory_stats(cpu.get(), &before)));
  for (int repeat = 0; repeat < 2; ++repeat)
    run(plan.get(), {x.get()});
  EXPECT_TRUE(ok(tgrt_device_memory_stats(cpu.get(), &after)));
  return after.fresh - before.fresh;
}

TEST(ExecutionCache, ByDefaultKeepsEverythingARunAllocated) {
  EXPECT_EQ(freshAllocationsInTwoLargeRuns(), 2u);
}

TEST(ExecutionCache, AnExplicitCapIsKept) {
  ScopedEnv cap("LRU_CACHE_CAP", "1G");
  // The first intermediate freed went back to the system.
  EXPECT_EQ(freshAllocationsInTwoLargeRuns(), 3u);
}

TEST_F(Execution, WrongArgumentsAreRejected) {
  Executable vadd = loadExecutable(cpu_.get(), buildBlob(vectorAdd()));
  ASSERT_TRUE(vadd);
  tgrt_buffer out = reinterpret_cast<tgrt_buffer>(1);
  tgrt_buffer one[] = {a_.get()};
  EXPECT_TRUE(failsWith(tgrt_executable_run(vadd.get(), one, 1, &out, 1),
                        TGRT_INVALID_ARGUMENT,
                        "vadd takes 2 inputs and gives 1 outputs, but the call "
                        "passes 1 inputs and room for 1 outputs"));
  Buffer short_ = allocate(cpu_.get(), (N - 1) * 4);
  tgrt_buffer wrongSize[] = {a_.get(), short_.get()};
  EXPECT_TRUE(failsWith(tgrt_executable_run(vadd.get(), wrongSize, 2, &out, 1),
                        TGRT_INVALID_ARGUMENT,
                        "input 1 of vadd is 3996 bytes, but the executable "
                        "expects 4000 (float32, rank 1)"));
  EXPECT_EQ(out, nullptr);
  tgrt_buffer missing[] = {a_.get(), nullptr};
  EXPECT_TRUE(failsWith(tgrt_executable_run(vadd.get(), missing, 2, &out, 1),
                        TGRT_INVALID_ARGUMENT, "`inputs[1]` is NULL"));
  tgrt_buffer both[] = {a_.get(), b_.get()};
  EXPECT_TRUE(failsWith(tgrt_executable_run(vadd.get(), both, 2, nullptr, 1),
                        TGRT_INVALID_ARGUMENT, "`outputs` is NULL"));
  EXPECT_TRUE(failsWith(tgrt_executable_run(nullptr, both, 2, &out, 1),
                        TGRT_INVALID_ARGUMENT, "`executable` is NULL"));
}

TEST_F(Execution, InputOnAnotherDeviceIsRejected) {
  ScopedEnv path("TGRT_BACKEND_PATH", TGRT_TEST_PLUGINS "/working");
  Device hip = openDevice("HIP");
  ASSERT_TRUE(hip);
  Buffer elsewhere = allocate(hip.get(), N * 4);
  Executable vadd = loadExecutable(cpu_.get(), buildBlob(vectorAdd()));
  tgrt_buffer inputs[] = {a_.get(), elsewhere.get()}, out;
  EXPECT_TRUE(failsWith(tgrt_executable_run(vadd.get(), inputs, 2, &out, 1),
                        TGRT_INVALID_ARGUMENT,
                        "input 1 of vadd is on HIP:0, but the executable runs "
                        "on CPU:0"));
}

// One census buffer: per worker, its calls, the worker count it saw and its
// thread.
struct Census {
  std::vector<int64_t> calls, workers, threads;
};

// An executable that adds each worker's call to a census buffer.
Executable loadCensus(tgrt_device cpu, uint64_t parallelSize) {
  BlobSpec spec;
  spec.buffers = {BlobBuffer{8 * TEST_MAX_WORKERS * TEST_CENSUS_FIELDS,
                             TG_DTYPE_INT64, TG_BUFFER_INPUT,
                             {TEST_MAX_WORKERS, TEST_CENSUS_FIELDS}, "census"}};
  spec.kernels = {{"worker_census", 1, parallelSize}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0}}};
  spec.inputs = {0};
  spec.binary = testKernels();
  return loadExecutable(cpu, buildBlob(spec));
}

// Runs `launches` (executables from loadCensus) in turn on one census
// buffer, calling `between(i)` after launch i, and counts.
Census countLaunches(tgrt_device cpu, const std::vector<Executable *> &launches,
                     const std::function<void(size_t)> &between) {
  std::vector<int64_t> table(TEST_MAX_WORKERS * TEST_CENSUS_FIELDS, 0);
  Buffer buffer = allocate(cpu, table.size() * 8);
  EXPECT_TRUE(ok(tgrt_buffer_write(buffer.get(), 0, table.data(), table.size() * 8)));
  tgrt_buffer inputs[] = {buffer.get()};
  for (size_t i = 0; i < launches.size(); ++i) {
    EXPECT_TRUE(ok(tgrt_executable_run(launches[i]->get(), inputs, 1, nullptr, 0)));
    between(i);
  }
  EXPECT_TRUE(ok(tgrt_buffer_read(buffer.get(), 0, table.data(), table.size() * 8)));
  Census result;
  for (int w = 0; w < TEST_MAX_WORKERS; ++w) {
    result.calls.push_back(table[TEST_CENSUS_FIELDS * w]);
    result.workers.push_back(table[TEST_CENSUS_FIELDS * w + 1]);
    result.threads.push_back(table[TEST_CENSUS_FIELDS * w + 2]);
  }
  return result;
}

Census takeCensus(uint64_t parallelSize) {
  Device cpu = openDevice("CPU");
  Executable census = loadCensus(cpu.get(), parallelSize);
  return countLaunches(cpu.get(), {&census}, [](size_t) {});
}

TEST(Workers, EachWorkerRunsOnceOnItsOwnThread) {
  ScopedEnv threads("THREADS", "3");
  Census census = takeCensus(TEST_MAX_WORKERS);
  std::set<int64_t> distinct;
  for (int w = 0; w < TEST_MAX_WORKERS; ++w) {
    EXPECT_EQ(census.calls[w], w < 3 ? 1 : 0) << "worker " << w;
    if (w < 3) {
      EXPECT_EQ(census.workers[w], 3);
      distinct.insert(census.threads[w]);
    }
  }
  EXPECT_EQ(distinct.size(), 3u);
  // Worker 0 is the calling thread.
  EXPECT_EQ(census.threads[0], static_cast<int64_t>(syscall(SYS_gettid)));
}

TEST(Workers, NoMoreWorkersThanParallelIterations) {
  ScopedEnv threads("THREADS", "3");
  Census two = takeCensus(2);
  EXPECT_EQ(two.calls[0] + two.calls[1] + two.calls[2], 2);
  EXPECT_EQ(two.workers[0], 2);
  Census one = takeCensus(0);
  EXPECT_EQ(one.calls[0], 1);
  EXPECT_EQ(one.calls[1], 0);
  EXPECT_EQ(one.workers[0], 1);
}

// The helpers poll for the next launch for a while, then sleep: launches
// back to back, and after pauses long enough for them to sleep, with a
// worker sitting out every other launch, run each worker once per launch.
TEST(Workers, EachLaunchRunsItsWorkersOnceWhetherTheHelpersPollOrSleep) {
  ScopedEnv threads("THREADS", "3");
  Device cpu = openDevice("CPU");
  Executable three = loadCensus(cpu.get(), 3), two = loadCensus(cpu.get(), 2);
  std::vector<Executable *> launches;
  for (int i = 0; i < 1000; ++i)
    launches.insert(launches.end(), {&three, &two});
  Census census = countLaunches(cpu.get(), launches, [](size_t i) {
    if (i % 50 == 49)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  });
  EXPECT_EQ(census.calls[0], 2000);
  EXPECT_EQ(census.calls[1], 2000);
  EXPECT_EQ(census.calls[2], 1000);
  EXPECT_EQ(census.calls[3], 0);
}

TEST(Workers, NumCpuThreadsIsTheFallbackForThreads) {
  ScopedEnv threads("NUM_CPU_THREADS", "2");
  EXPECT_EQ(takeCensus(TEST_MAX_WORKERS).workers[0], 2);
}

struct Launch {
  std::string kernel;
  uint64_t flops, bytes;
};

// A kernel's scratch comes from the runtime's tgrt_scratch_alloc, not the
// binary's fallback, and the block freed by one launch is the next one's:
// its pages are not mapped and faulted in again.
TEST_F(Execution, KernelScratchIsTheRuntimesAndKeptForTheNextLaunch) {
  BlobSpec spec;
  spec.buffers = {BlobBuffer{8, TG_DTYPE_INT64, TG_BUFFER_INPUT, {1}, "address"}};
  spec.kernels = {{"scratch_address", 1, 1}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0}}};
  spec.inputs = {0};
  spec.binary = testKernels();
  Executable executable = loadExecutable(cpu_.get(), buildBlob(spec));
  ASSERT_TRUE(executable);
  Buffer address = allocate(cpu_.get(), 8);
  tgrt_buffer inputs[] = {address.get()};
  auto launch = [&] {
    int64_t where = 0;
    EXPECT_TRUE(ok(tgrt_executable_run(executable.get(), inputs, 1, nullptr, 0)));
    EXPECT_TRUE(ok(tgrt_buffer_read(address.get(), 0, &where, 8)));
    return where;
  };
  int64_t first = launch();
  ASSERT_NE(first, 0) << "the kernel called the binary's fallback";
  EXPECT_EQ(launch(), first);
  // Its last byte, which the kernel set, is still there: the same pages.
  char *kept = static_cast<char *>(tgrt_scratch_alloc(TEST_SCRATCH_BYTES));
  EXPECT_EQ(reinterpret_cast<int64_t>(kept), first);
  EXPECT_EQ(kept[TEST_SCRATCH_BYTES - 1], 1);
  tgrt_scratch_free(kept);
}

// tgrt_scratch_alloc's blocks: 64-byte aligned, a freed one reused for its
// size only (malloc would give a 1000-byte block for 1001), freeing NULL
// does nothing, an impossible size fails.
TEST(Scratch, FreedBlockIsReusedForItsSizeOnly) {
  void *block = tgrt_scratch_alloc(1000);
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % 64, 0u);
  tgrt_scratch_free(block);
  void *larger = tgrt_scratch_alloc(1001);
  EXPECT_NE(larger, block);
  void *again = tgrt_scratch_alloc(1000);
  EXPECT_EQ(again, block);
  tgrt_scratch_free(larger);
  tgrt_scratch_free(again);
  tgrt_scratch_free(nullptr);
  EXPECT_EQ(tgrt_scratch_alloc(UINT64_MAX), nullptr);
}

TEST_F(Execution, ObserverSeesEveryLaunchOnce) {
  Executable plan = loadExecutable(cpu_.get(), buildBlob(threeSteps()));
  ASSERT_TRUE(plan);
  std::vector<Launch> launches;
  tgrt_executable_observe(
      plan.get(),
      [](void *user, const char *kernel, uint64_t, uint64_t flops,
         uint64_t bytes) {
        static_cast<std::vector<Launch> *>(user)->push_back(
            {kernel, flops, bytes});
      },
      &launches);
  run(plan.get(), {a_.get(), b_.get()});
  ASSERT_EQ(launches.size(), 3u);
  EXPECT_EQ(launches[0].kernel, "vector_add");
  EXPECT_EQ(launches[1].kernel, "vector_scale2");
  EXPECT_EQ(launches[2].kernel, "vector_add");
  EXPECT_EQ(launches[1].flops, uint64_t(N));
  EXPECT_EQ(launches[1].bytes, uint64_t(8 * N));

  tgrt_executable_observe(plan.get(), nullptr, nullptr);
  run(plan.get(), {a_.get(), b_.get()});
  EXPECT_EQ(launches.size(), 3u);
}

TEST_F(Execution, SignatureIsReported) {
  BlobSpec spec = vectorAdd();
  spec.buffers[2] = float32Buffer(TG_BUFFER_INPUT, {1, 2, 1, 5, 1, 1, 1, 100, 1});
  Executable vadd = loadExecutable(cpu_.get(), buildBlob(spec));
  ASSERT_TRUE(vadd);
  EXPECT_EQ(tgrt_executable_num_inputs(vadd.get()), 2u);
  EXPECT_EQ(tgrt_executable_num_outputs(vadd.get()), 1u);
  uint32_t dtype = 0, rank = 0;
  int64_t shape[8] = {};
  EXPECT_TRUE(ok(tgrt_executable_output(vadd.get(), 0, &dtype, &rank, shape)));
  EXPECT_EQ(dtype, uint32_t(TG_DTYPE_FLOAT32));
  EXPECT_EQ(rank, 1u);
  EXPECT_EQ(shape[0], N);
  // Rank 9: reported, with the shape cut to its first 8 extents.
  int64_t guard[9] = {};
  EXPECT_TRUE(ok(tgrt_executable_input(vadd.get(), 1, &dtype, &rank, guard)));
  EXPECT_EQ(rank, 9u);
  EXPECT_EQ(std::vector<int64_t>(guard, guard + 9),
            (std::vector<int64_t>{1, 2, 1, 5, 1, 1, 1, 100, 0}));
  EXPECT_TRUE(ok(tgrt_executable_input(vadd.get(), 0, nullptr, nullptr, nullptr)));
  EXPECT_TRUE(failsWith(tgrt_executable_input(vadd.get(), 2, &dtype, &rank, shape),
                        TGRT_INVALID_ARGUMENT,
                        "there is no input 2: vadd has 2 inputs"));
  EXPECT_TRUE(failsWith(tgrt_executable_output(nullptr, 0, &dtype, &rank, shape),
                        TGRT_INVALID_ARGUMENT, "`executable` is NULL"));
  EXPECT_EQ(tgrt_executable_num_inputs(nullptr), 0u);
}

TEST_F(Execution, ReloadedBinariesNeverMeetAStaleOne) {
  BlobSpec subtract = vectorAdd();
  subtract.kernels = {{"vector_sub", 3, N}};
  subtract.binary = readFile(TGRT_TEST_NODELETE_KERNEL);
  const std::vector<uint8_t> blobs[] = {buildBlob(vectorAdd()),
                                        buildBlob(subtract)};
  const std::vector<float> results[] = {
      expected([](float a, float b) { return a + b; }),
      expected([](float a, float b) { return a - b; })};
  // The subtracting binary stays mapped after each release; whatever is
  // loaded next must still get its own kernels.
  for (int round = 0; round < 3; ++round)
    for (int which : {0, 1}) {
      Executable executable = loadExecutable(cpu_.get(), blobs[which]);
      ASSERT_TRUE(executable);
      std::vector<Buffer> out = run(executable.get(), {a_.get(), b_.get()});
      ASSERT_EQ(out.size(), 1u);
      EXPECT_EQ(readFloats(out[0].get()), results[which]);
    }
}

TEST_F(Execution, ConcurrentRunsAreCorrect) {
  Executable plan = loadExecutable(cpu_.get(), buildBlob(threeSteps()));
  ASSERT_TRUE(plan);
  std::vector<float> want =
      expected([](float a, float b) { return (a + b) * 2 + a; });
  std::vector<std::thread> callers;
  std::atomic<int> wrong{0};
  for (int caller = 0; caller < 4; ++caller)
    callers.emplace_back([&] {
      for (int repeat = 0; repeat < 20; ++repeat) {
        tgrt_buffer inputs[] = {a_.get(), b_.get()}, out = nullptr;
        std::vector<float> got(N);
        if (tgrt_executable_run(plan.get(), inputs, 2, &out, 1) != TGRT_OK ||
            tgrt_buffer_read(out, 0, got.data(), N * 4) != TGRT_OK ||
            got != want)
          ++wrong;
        tgrt_buffer_release(out);
      }
    });
  for (std::thread &caller : callers)
    caller.join();
  EXPECT_EQ(wrong, 0);
}

TEST_F(Execution, ExecutableKeepsItsDeviceAlive) {
  Executable vadd = loadExecutable(cpu_.get(), buildBlob(vectorAdd()));
  std::vector<float> want = expected([](float a, float b) { return a + b; });
  cpu_.reset();
  std::vector<Buffer> out = run(vadd.get(), {a_.get(), b_.get()});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(readFloats(out[0].get()), want);
}

} // namespace
