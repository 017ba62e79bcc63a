//===- OptimTest.cpp - tg::optim against PyTorch and tinygrad's formulas --===//
//
// Two parameters, three steps with gradients set by hand; the parameters
// after each step against data/nn_reference.h (torch.optim, or numpy for
// tinygrad's LAMB, LARS and Muon). The schedules' lr against PyTorch's.
//
//===----------------------------------------------------------------------===//

#include "GradCheck.h"
#include "NNTestUtil.h"

#include "data/nn_reference.h"

#include <functional>

using namespace tg;
using nntest::expectNear;
using nntest::patterned;

namespace {

constexpr int kSteps = 3;

std::vector<Tensor> makeParams() {
  return {patterned({2, 3}, 1, 1. / 4).requires_grad_(),
          patterned({3}, 2, 1. / 4).requires_grad_()};
}

void setGrads(std::vector<Tensor> &params, int step) {
  params[0].set_grad(patterned({2, 3}, 3 + step, 1. / 8));
  params[1].set_grad(patterned({3}, 7 + step, 1. / 8));
}

/// The parameters after each step, concatenated, as make_nn_reference.py
/// records them.
template <typename MakeOptimizer> std::vector<float> run(MakeOptimizer make) {
  std::vector<Tensor> params = makeParams();
  auto opt = make(params);
  std::vector<float> trace;
  for (int step = 0; step < kSteps; ++step) {
    setGrads(params, step);
    opt.step();
    for (const Tensor &p : params)
      for (float value : p.to_vector<float>())
        trace.push_back(value);
  }
  return trace;
}

TEST(Optim, SGD) {
  expectNear(run([](auto &p) { return optim::SGD(p, 0.1); }), nnref::kSGD, 1e-6);
}

TEST(Optim, SGDMomentumWeightDecay) {
  expectNear(run([](auto &p) { return optim::SGD(p, 0.1, 0.9, 0.01); }), nnref::kSGDMomentum, 1e-6);
}

TEST(Optim, SGDNesterov) {
  expectNear(run([](auto &p) { return optim::SGD(p, 0.1, 0.9, 0.1, true); }), nnref::kSGDNesterov,
             1e-6);
}

TEST(Optim, Adam) {
  expectNear(run([](auto &p) { return optim::Adam(p, 0.01); }), nnref::kAdam, 1e-6);
}

TEST(Optim, AdamW) {
  expectNear(run([](auto &p) { return optim::AdamW(p, 0.01, 0.9, 0.999, 1e-8, 0.1); }),
             nnref::kAdamW, 1e-6);
}

TEST(Optim, LAMB) {
  expectNear(run([](auto &p) { return optim::LAMB(p, 0.01, 0.9, 0.999, 1e-6, 0.01); }),
             nnref::kLAMB, 1e-6);
}

TEST(Optim, LARS) {
  expectNear(
      run([](auto &p) { return optim::LARS(p, 0.1, 0.9, 1e-4, 0, {}, false, true, true, 0.001); }),
      nnref::kLARS, 1e-6);
}

TEST(Optim, Muon) {
  expectNear(run([](auto &p) { return optim::Muon(p, 0.1); }), nnref::kMuon, 1e-5);
}

TEST(Optim, MuonWithoutNesterovOrDecay) {
  expectNear(run([](auto &p) { return optim::Muon(p, 0.1, 0.9, 0, 3, {2, -1.5, 0.5}, false); }),
             nnref::kMuonPlain, 1e-5);
  EXPECT_THROW(optim::Muon({Tensor::scalar(1).requires_grad_()}), Error); // no matrix to make
}

/// `n` values of `trace` per step from `offset` within each step's `stride`.
std::vector<float> everyStep(const std::vector<float> &trace, size_t stride, size_t offset,
                             size_t n) {
  std::vector<float> values;
  for (size_t step = 0; step < kSteps; ++step)
    values.insert(values.end(), trace.begin() + step * stride + offset,
                  trace.begin() + step * stride + offset + n);
  return values;
}

// Each member steps its own parameters as it would alone, in one program.
TEST(Optim, OptimizerGroupStepsEachOptimizer) {
  std::vector<Tensor> params = makeParams();
  auto sgd = optim::SGD({params[0]}, 0.1);
  auto adam = optim::Adam({params[1]}, 0.01);
  optim::OptimizerGroup group({sgd, adam});
  ASSERT_EQ(group.params.size(), 2u);
  EXPECT_EQ(group.params[1].impl(), params[1].impl());
  EXPECT_EQ(&group[1], &adam);
  std::vector<float> first, second;
  uint64_t runs = 0;
  for (int step = 0; step < kSteps; ++step) {
    setGrads(params, step);
    runs = stats().runs;
    group.step();
    EXPECT_EQ(stats().runs, runs + 1) << "step " << step;
    for (float value : params[0].to_vector<float>())
      first.push_back(value);
    for (float value : params[1].to_vector<float>())
      second.push_back(value);
  }
  expectNear(first, everyStep(nnref::kSGD, 9, 0, 6), 1e-6, "SGD's");
  expectNear(second, everyStep(nnref::kAdam, 9, 6, 3), 1e-6, "Adam's");
  EXPECT_NEAR(adam.b1_t.item<float>(), 0.9 * 0.9 * 0.9, 1e-7);
  group.zero_grad();
  EXPECT_FALSE(params[0].grad().defined());
  EXPECT_FALSE(params[1].grad().defined());
}

struct MLP : nn::Module {
  nn::Linear l1{3, 4}, l2{4, 2};
  void visit(nn::Visitor &v) override {
    v("l1", l1);
    v("l2", l2);
  }
};

// The first layer's gradient reads l2.weight, which the same step writes:
// the program must read it first.
TEST(Optim, TrainingStepsWithBackwardMatchTorch) {
  MLP mlp;
  std::vector<Tensor> params = nn::state::get_parameters(mlp);
  for (size_t i = 0; i < params.size(); ++i)
    params[i].assign(patterned(params[i].shape(), int(i) + 1, 1. / 8)).realize();
  auto opt = optim::SGD(params, 0.1, 0.9);
  std::vector<float> trace;
  for (int step = 0; step < kSteps; ++step) {
    opt.zero_grad();
    Tensor out = mlp.l2(mlp.l1(patterned({5, 3}, step, 1. / 4)).relu());
    (out - patterned({5, 2}, step + 9, 1. / 4)).square().mean().backward();
    opt.step();
    for (const Tensor &p : params)
      for (float value : p.to_vector<float>())
        trace.push_back(value);
  }
  expectNear(trace, nnref::kTwoLayerSGD, 1e-5);
}

TEST(Optim, StateIsOnTheDevice) {
  std::vector<Tensor> params = makeParams();
  auto adam = optim::Adam(params);
  EXPECT_EQ(adam.lr.shape(), Shape{1});
  EXPECT_EQ(adam.lr.dtype(), DType::Float32);
  EXPECT_EQ(adam.m.size(), 2u);
  setGrads(params, 0);
  adam.step();
  setGrads(params, 1);
  adam.step();
  EXPECT_NEAR(adam.b1_t.item<float>(), 0.81, 1e-7);
  EXPECT_NEAR(adam.b2_t.item<float>(), 0.999 * 0.999, 1e-7);
  EXPECT_TRUE(adam.m[0].is_realized());
  EXPECT_TRUE(params[0].is_realized());
}

TEST(Optim, TwoStepsCompileOnce) {
  std::vector<Tensor> params = makeParams();
  auto opt = optim::AdamW(params, 0.01);
  optim::CosineAnnealingLR schedule(opt, 10);
  setGrads(params, 0);
  opt.step();
  schedule.step();
  Stats before = stats();
  for (int step = 1; step < 3; ++step) {
    setGrads(params, step);
    opt.step();
    schedule.step();
  }
  EXPECT_EQ(stats().compiles, before.compiles);
  EXPECT_EQ(stats().disk_hits, before.disk_hits);
  EXPECT_EQ(stats().runs, before.runs + 4);
}

TEST(Optim, ChangingLrKeepsTheProgram) {
  std::vector<Tensor> params = makeParams();
  auto opt = optim::SGD(params, 0.1);
  setGrads(params, 0);
  opt.step();
  std::vector<float> before = params[0].to_vector<float>();
  uint64_t compiles = stats().compiles;
  opt.lr.assign(Tensor::from_vector<float>({0}, {1})).realize();
  setGrads(params, 1);
  opt.step();
  EXPECT_EQ(params[0].to_vector<float>(), before); // lr 0: no change
  // The lr assign is one more program; the step is the same one.
  EXPECT_LE(stats().compiles, compiles + 1);
}

TEST(Optim, Errors) {
  std::vector<Tensor> params = makeParams();
  EXPECT_THROW(optim::SGD(params, -1), Error);
  EXPECT_THROW(optim::SGD(params, 0.1, -0.5), Error);
  EXPECT_THROW(optim::SGD({Tensor::ones({2})}), Error); // nothing requires gradients
  auto opt = optim::SGD(params);
  EXPECT_THROW(opt.step(), Error); // no gradients
  setGrads(params, 0);
  opt.zero_grad();
  EXPECT_FALSE(params[0].grad().defined());
}

TEST(Optim, ZeroDimParameter) {
  Tensor p = Tensor::scalar(1.0).requires_grad_();
  auto opt = optim::SGD({p}, 0.5);
  p.set_grad(Tensor::scalar(2.0));
  opt.step();
  EXPECT_EQ(p.shape(), Shape{});
  EXPECT_EQ(p.item<float>(), 0);
}

//===----------------------------------------------------------------------===//
// Tensor::newton_schulz, Muon's orthogonalization
//===----------------------------------------------------------------------===//

TEST(OptimNewtonSchulz, AgainstNumpy) {
  Tensor wide = patterned({2, 3, 4}, 1, 1. / 4).newton_schulz(5, {2, -1.5, 0.5});
  EXPECT_EQ(wide.shape(), (Shape{2, 3, 4}));
  expectNear(wide.to_vector<float>(), nnref::kNewtonSchulzWide, 1e-5, "batched, wide");
  Tensor tall = patterned({4, 3}, 2, 1. / 4).newton_schulz(2, {3.4445, -4.775, 2.0315});
  EXPECT_EQ(tall.shape(), (Shape{4, 3}));
  expectNear(tall.to_vector<float>(), nnref::kNewtonSchulzTall, 1e-5, "tall");
  // No steps: only the scaling to norm 1.
  Tensor scaled = Tensor::from_vector<float>({3, 0, 0, 4}, {2, 2}).newton_schulz(0, {}, 0);
  expectNear(scaled.to_vector<float>(), {0.6f, 0, 0, 0.8f}, 1e-7);
  EXPECT_THROW(Tensor::ones({3}).newton_schulz(1, {1}), Error);
  EXPECT_THROW(Tensor::ones({2, 2}).newton_schulz(1, {}), Error);
}

TEST(OptimNewtonSchulz, Gradient) {
  auto ns = [](auto x) { return x[0].newton_schulz(2, {2, -1.5, 0.5}); };
  EXPECT_TRUE(gradcheck::gradientsMatch(ns, {{2, 3}}));
  EXPECT_TRUE(gradcheck::gradientsMatch(ns, {{3, 2}}));
}

//===----------------------------------------------------------------------===//
// Learning-rate schedules
//===----------------------------------------------------------------------===//

/// lr before the first step and after each of `steps`.
std::vector<float> lrs(optim::Optimizer &opt, optim::LR_Scheduler &schedule, int steps) {
  std::vector<float> values{opt.lr.item<float>()};
  for (int i = 0; i < steps; ++i) {
    schedule.step();
    values.push_back(opt.lr.item<float>());
  }
  return values;
}

struct OptimSchedule : ::testing::Test {
  std::vector<Tensor> params{Tensor::zeros({1}).requires_grad_()};
  optim::LARS opt = optim::SGD(params, 0.1);
};

TEST_F(OptimSchedule, StepLR) {
  optim::StepLR schedule(opt, 3, 0.5);
  expectNear(lrs(opt, schedule, 10), nnref::kStepLR, 1e-6);
  EXPECT_EQ(schedule.epoch_counter.item<int32_t>(), 10);
}

TEST_F(OptimSchedule, MultiStepLR) {
  optim::MultiStepLR schedule(opt, {2, 3, 7}, 0.5);
  expectNear(lrs(opt, schedule, 10), nnref::kMultiStepLR, 1e-6);
}

TEST_F(OptimSchedule, CosineAnnealingLR) {
  optim::CosineAnnealingLR schedule(opt, 10, 0.001);
  expectNear(lrs(opt, schedule, 12), nnref::kCosineLR, 1e-5);
}

TEST_F(OptimSchedule, OneCycleLinear) {
  optim::OneCycleLR schedule(opt, 0.1, 25, 1e4, 20, 0.3, "linear");
  expectNear(lrs(opt, schedule, 19), nnref::kOneCycleLinear, 1e-5);
}

TEST_F(OptimSchedule, OneCycleCos) {
  optim::OneCycleLR schedule(opt, 0.1, 25, 1e4, 20, 0.3, "cos");
  expectNear(lrs(opt, schedule, 19), nnref::kOneCycleCos, 1e-5);
  EXPECT_THROW(optim::OneCycleLR(opt, 0.1, 25, 1e4, 20, 0.3, "exp"), Error);
}

} // namespace
