//===- TrainingTest.cpp - repeated training steps: compiles and buffers ---===//
//
// A training step of a small CNN (convolution, batchnorm, ReLU, max-pool,
// linear, cross-entropy, Adam) built and realized as a user would, step
// after step: the second step finds its program in memory, and from the
// second step on no buffer comes fresh from the device.
//
//===----------------------------------------------------------------------===//

#include "tg/tensor.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

using namespace tg;

namespace {

struct SmallCNN : nn::Module {
  nn::Conv2d conv{1, 4, {3}};
  nn::BatchNorm norm{4};
  nn::Linear out{4 * 3 * 3, 3};
  Tensor operator()(const Tensor &x) {
    return out(norm(conv(x)).relu().max_pool2d({2}).flatten(1));
  }
  void visit(nn::Visitor &v) override {
    v("conv", conv);
    v("norm", norm);
    v("out", out);
  }
};

struct Trainer {
  SmallCNN model;
  optim::LAMB adam = optim::Adam(nn::state::get_parameters(model), 1e-2);
  Tensor x = Tensor::randn({8, 1, 8, 8}).realize();
  Tensor y = Tensor::from_vector<int32_t>({0, 1, 2, 0, 1, 2, 0, 1}, {8});

  float step() {
    adam.zero_grad();
    Tensor loss = model(x).sparse_categorical_crossentropy(y);
    loss.backward();
    std::vector<Tensor> pending = adam.schedule_step();
    pending.push_back(loss);
    Tensor::realize(pending);
    return loss.item<float>();
  }
};

class Training : public testing::Test {
protected:
  void SetUp() override { Tensor::training = true; }
  void TearDown() override { Tensor::training = false; }
};

TEST_F(Training, SecondStepCompilesNothing) {
  Trainer trainer;
  float first = trainer.step();
  Stats before = stats();
  float second = trainer.step();
  EXPECT_EQ(stats().compiles, before.compiles);
  EXPECT_EQ(stats().disk_hits, before.disk_hits);
  EXPECT_GT(stats().memory_hits, before.memory_hits);
  EXPECT_GT(stats().runs, before.runs);
  // The step did train: the same batch again, after one Adam step.
  EXPECT_LT(second, first);
}

TEST_F(Training, RepeatedStepsReuseBuffers) {
  Trainer trainer;
  trainer.step();
  trainer.step();
  MemoryStats before = memory_stats(trainer.x.device());
  for (int i = 0; i < 3; ++i)
    trainer.step();
  MemoryStats after = memory_stats(trainer.x.device());
  EXPECT_EQ(after.fresh, before.fresh) << "a repeated step allocated new buffers";
  EXPECT_GT(after.reused, before.reused);
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TG_ADDRESS_SANITIZER 1
#endif
#endif
#ifdef TG_ADDRESS_SANITIZER
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

/// The process's resident memory in bytes.
uint64_t residentBytes() {
  std::ifstream statm("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * uint64_t(sysconf(_SC_PAGESIZE));
}

// A soak: 5,000 steps of training leave the host memory and the device
// memory where the first few hundred put them (nothing grows per step: no
// graph, program, handle or buffer is kept from one step to the next).
TEST_F(Training, FiveThousandStepsKeepMemoryFlat) {
  Trainer trainer;
  for (int i = 0; i < 500; ++i)
    trainer.step();
  uint64_t warm = residentBytes();
  MemoryStats before = memory_stats(trainer.x.device());
  float loss = 0;
  for (int i = 500; i < 5000; ++i)
    loss = trainer.step();
  uint64_t after = residentBytes();
  EXPECT_EQ(memory_stats(trainer.x.device()).fresh, before.fresh);
  if (!kAddressSanitizer) // its quarantine keeps freed memory resident by design
    EXPECT_LT(after, warm + (8u << 20)) << "resident memory grew from " << (warm >> 20)
                                         << " MB to " << (after >> 20) << " MB over 4,500 steps";
  EXPECT_LT(loss, 0.1f); // it kept training
}

} // namespace
