//===- NNTest.cpp - tg::nn: layers against PyTorch, models, state dicts ---===//
//
// The reference values are PyTorch's, numpy's for RMSNorm
// (data/make_nn_reference.py wrote data/nn_reference.h); inputs and
// weights are nntest::pattern()s. The layers' gradients are checked
// against central differences.
//
//===----------------------------------------------------------------------===//

#include "GradCheck.h"
#include "NNTestUtil.h"

#include "data/nn_reference.h"

using namespace tg;
using nntest::expectNear;
using nntest::patterned;
using nntest::TorchNet;

namespace {

/// Sets Tensor::training for a scope.
class Training {
public:
  explicit Training(bool on) : previous_(Tensor::training) { Tensor::training = on; }
  ~Training() { Tensor::training = previous_; }

private:
  bool previous_;
};

constexpr double kTolerance = 1e-5;

//===----------------------------------------------------------------------===//
// Layers: initialization, names, forward against PyTorch
//===----------------------------------------------------------------------===//

TEST(NNLayers, LinearInitAndForward) {
  nn::Linear lin(3, 4);
  EXPECT_EQ(lin.weight.shape(), (Shape{4, 3}));
  EXPECT_EQ(lin.bias.shape(), (Shape{4}));
  EXPECT_TRUE(lin.weight.requires_grad());
  // uniform in ±1/sqrt(3)
  for (float w : lin.weight.to_vector<float>())
    EXPECT_LE(std::fabs(w), 1 / std::sqrt(3.0f));
  nn::state::load_state_dict(
      lin, {{"weight", patterned({4, 3}, 1, 1. / 16)}, {"bias", patterned({4}, 2, 1. / 8)}});
  expectNear(lin(patterned({2, 3}, 3, 1. / 4)).to_vector<float>(), nnref::kLinearOut, kTolerance);
  EXPECT_FALSE(nn::Linear(3, 4, false).bias.defined());
}

TEST(NNLayers, Conv2dForward) {
  nn::Conv2d conv(2, 3, {3}, {2}, {1});
  EXPECT_EQ(conv.weight.shape(), (Shape{3, 2, 3, 3}));
  double bound = 1 / std::sqrt(2.0 * 9);
  for (float w : conv.weight.to_vector<float>())
    EXPECT_LE(std::fabs(w), bound);
  nn::state::load_state_dict(
      conv, {{"weight", patterned({3, 2, 3, 3}, 1, 1. / 16)}, {"bias", patterned({3}, 2, 1. / 8)}});
  Tensor y = conv(patterned({1, 2, 5, 5}, 3, 1. / 4));
  EXPECT_EQ(y.shape(), (Shape{1, 3, 3, 3}));
  expectNear(y.to_vector<float>(), nnref::kConvOut, kTolerance);
}

/// Inference keeps a convolution's weights laid out channels-last with
/// them: a second run makes no copy, and an assign to the weights makes the
/// next run lay them out again, so that its output follows the new weights.
TEST(NNLayers, InferenceKeepsChannelsLastWeights) {
  Tensor x = Tensor::rand({1, 3, 6, 6}).realize();
  Tensor w = Tensor::rand({8, 3, 3, 3}).realize();
  NoGrad noGrad;
  auto run = [&](std::string &log) {
    setenv("DEBUG", "2", 1);
    testing::internal::CaptureStderr();
    std::vector<float> y = x.conv2d(w).to_vector<float>();
    log = testing::internal::GetCapturedStderr();
    unsetenv("DEBUG");
    return y;
  };
  const std::string copy = " E_3_3_3_8 ";
  std::string first, second, third;
  std::vector<float> y1 = run(first), y2 = run(second);
  EXPECT_NE(first.find(copy), std::string::npos) << first;
  EXPECT_EQ(second.find(copy), std::string::npos) << second;
  expectNear(y2, y1, 0, "the second run");
  w.assign(w * -1).realize();
  std::vector<float> y3 = run(third);
  EXPECT_NE(third.find(copy), std::string::npos) << third;
  for (float &v : y1)
    v = -v;
  expectNear(y3, y1, 1e-6, "after the assign");
}

/// WINO=1 computes a stride-1 convolution by Winograd's F(4, r): a 3x3
/// over 16x16 outputs is 4x4 tiles of 6x6 positions, one matmul over the
/// channels per position (kernel r_16_36_8_3: 16 tiles by 36 positions by
/// 8 output channels, summed over 3 input channels), with the direct sum's
/// values and gradients in 1, 2 and 3 spatial dims. With fewer than 16
/// tiles it stays direct.
TEST(NNLayers, WinogradConvolution) {
  auto run = [](bool wino, const Shape &xs, const Shape &ws, std::string *log = nullptr) {
    Tensor x = patterned(xs, 7, 1. / 8).requires_grad_();
    Tensor w = patterned(ws, 8, 1. / 16).requires_grad_();
    if (wino)
      setenv("WINO", "1", 1);
    if (log) {
      setenv("DEBUG", "2", 1);
      testing::internal::CaptureStderr();
    }
    Tensor y = x.conv2d(w, Tensor(), 1, {1}, {1}, {1});
    (y * y).sum().backward();
    Tensor::realize({y, x.grad(), w.grad()});
    if (log) {
      *log = testing::internal::GetCapturedStderr();
      unsetenv("DEBUG");
    }
    unsetenv("WINO");
    return std::vector<std::vector<float>>{y.to_vector<float>(), x.grad().to_vector<float>(),
                                           w.grad().to_vector<float>()};
  };
  std::string winograd, direct, fewTiles;
  auto fast = run(true, {1, 3, 16, 16}, {8, 3, 3, 3}, &winograd);
  auto plain = run(false, {1, 3, 16, 16}, {8, 3, 3, 3}, &direct);
  run(true, {1, 3, 12, 12}, {8, 3, 3, 3}, &fewTiles);
  EXPECT_NE(winograd.find(" r_16_36_8_3 "), std::string::npos) << winograd;
  EXPECT_EQ(direct.find(" r_16_36_8_3 "), std::string::npos) << direct;
  EXPECT_EQ(fewTiles.find("_36_8_3 "), std::string::npos) << fewTiles;
  for (const auto &[xs, ws] :
       std::vector<std::pair<Shape, Shape>>{{{1, 3, 16, 16}, {8, 3, 3, 3}},
                                            {{4, 3, 30}, {4, 3, 5}},
                                            {{2, 2, 6, 7, 5}, {3, 2, 3, 2, 3}}}) {
    SCOPED_TRACE("input " + std::to_string(xs.size() - 2) + "-d");
    fast = run(true, xs, ws);
    plain = run(false, xs, ws);
    for (size_t i = 0; i < fast.size(); ++i)
      expectNear(fast[i], plain[i], 1e-3, i == 0 ? "values" : i == 1 ? "dx" : "dw");
  }
}

TEST(NNLayers, Conv2dGroupedDilated) {
  nn::Conv2d conv(4, 4, {3}, {1}, {2}, {2}, 2, false);
  EXPECT_EQ(conv.weight.shape(), (Shape{4, 2, 3, 3}));
  EXPECT_FALSE(conv.bias.defined());
  nn::state::load_state_dict(conv, {{"weight", patterned({4, 2, 3, 3}, 4, 1. / 16)}});
  expectNear(conv(patterned({1, 4, 4, 4}, 5, 1. / 4)).to_vector<float>(), nnref::kGroupedConvOut,
             kTolerance);
  EXPECT_THROW(nn::Conv2d(3, 4, {3}, {1}, {0}, {1}, 2), Error);
}

TEST(NNLayers, ConvTranspose2dForward) {
  nn::ConvTranspose2d conv(2, 3, {3}, {2}, {1}, {1});
  EXPECT_EQ(conv.weight.shape(), (Shape{2, 3, 3, 3}));
  nn::state::load_state_dict(
      conv, {{"weight", patterned({2, 3, 3, 3}, 6, 1. / 16)}, {"bias", patterned({3}, 7, 1. / 8)}});
  // Called through the base class, it still transposes.
  const nn::Conv2d &base = conv;
  Tensor y = base(patterned({1, 2, 3, 3}, 8, 1. / 4));
  EXPECT_EQ(y.shape(), (Shape{1, 3, 6, 6}));
  expectNear(y.to_vector<float>(), nnref::kConvTransposeOut, kTolerance);
}

TEST(NNLayers, Conv1dForward) {
  nn::Conv1d conv(2, 3, 3, 2, 1);
  EXPECT_EQ(conv.weight.shape(), (Shape{3, 2, 3}));
  EXPECT_EQ(conv.kernel_size, (std::vector<int64_t>{3}));
  for (float w : conv.weight.to_vector<float>())
    EXPECT_LE(std::fabs(w), 1 / std::sqrt(2.0f * 3));
  nn::state::load_state_dict(
      conv, {{"weight", patterned({3, 2, 3}, 1, 1. / 16)}, {"bias", patterned({3}, 2, 1. / 8)}});
  // A Conv2d with a 1-d kernel, as tinygrad's Conv1d returns.
  const nn::Conv2d &base = conv;
  Tensor y = base(patterned({2, 2, 7}, 3, 1. / 4));
  EXPECT_EQ(y.shape(), (Shape{2, 3, 4}));
  expectNear(y.to_vector<float>(), nnref::kConv1dOut, kTolerance);
}

TEST(NNLayers, ConvPaddingSame) {
  // A dilated kernel: dilation·(kernel − 1) = 6 pixels, 3 on each side.
  nn::Conv1d conv(4, 4, 4, 1, "same", 2, 2, false);
  EXPECT_EQ(conv.padding, (std::vector<int64_t>{3, 3}));
  nn::state::load_state_dict(conv, {{"weight", patterned({4, 2, 4}, 4, 1. / 16)}});
  Tensor y = conv(patterned({1, 4, 6}, 5, 1. / 4));
  EXPECT_EQ(y.shape(), (Shape{1, 4, 6}));
  expectNear(y.to_vector<float>(), nnref::kConv1dSameOut, kTolerance);

  // Per-axis kernels and dilations; the odd pixel of the width's 3 after.
  nn::Conv2d conv2(2, 2, {3, 4}, {1}, "SAME", {2, 1});
  EXPECT_EQ(conv2.padding, (std::vector<int64_t>{1, 2, 2, 2}));
  nn::state::load_state_dict(conv2, {{"weight", patterned({2, 2, 3, 4}, 6, 1. / 16)},
                                     {"bias", patterned({2}, 7, 1. / 8)}});
  Tensor y2 = conv2(patterned({1, 2, 5, 6}, 8, 1. / 4));
  EXPECT_EQ(y2.shape(), (Shape{1, 2, 5, 6}));
  expectNear(y2.to_vector<float>(), nnref::kConv2dSameOut, kTolerance);

  EXPECT_THROW(nn::Conv2d(2, 2, {3}, {2}, "same"), Error);
  EXPECT_THROW(nn::Conv2d(2, 2, {3}, {1}, "valid"), Error);
  EXPECT_THROW(nn::Conv2d(2, 2, {3}, {1}, "same", {1, 1, 1}), Error);
}

TEST(NNLayers, ConvTranspose1dForward) {
  nn::ConvTranspose1d conv(4, 2, 3, 2, 1, 1, 1, 2);
  EXPECT_EQ(conv.weight.shape(), (Shape{4, 1, 3}));
  EXPECT_EQ(conv.bias.shape(), (Shape{2}));
  for (float w : conv.weight.to_vector<float>())
    EXPECT_LE(std::fabs(w), 1 / std::sqrt(4.0f * 3));
  nn::state::load_state_dict(
      conv, {{"weight", patterned({4, 1, 3}, 1, 1. / 16)}, {"bias", patterned({2}, 2, 1. / 8)}});
  const nn::Conv2d &base = conv;
  Tensor y = base(patterned({2, 4, 3}, 3, 1. / 4));
  EXPECT_EQ(y.shape(), (Shape{2, 2, 6}));
  expectNear(y.to_vector<float>(), nnref::kConvTranspose1dOut, kTolerance);
}

TEST(NNLayers, LayerNormForward) {
  nn::LayerNorm ln({3, 4});
  EXPECT_EQ(ln.weight.to_vector<float>(), std::vector<float>(12, 1));
  EXPECT_EQ(ln.bias.to_vector<float>(), std::vector<float>(12, 0));
  nn::state::load_state_dict(
      ln, {{"weight", patterned({3, 4}, 1, 1. / 8)}, {"bias", patterned({3, 4}, 2, 1. / 8)}});
  expectNear(ln(patterned({2, 3, 4}, 3, 1. / 4)).to_vector<float>(), nnref::kLayerNormOut, 1e-4);
  EXPECT_THROW(ln(patterned({2, 4, 3}, 3, 1)), Error);
  EXPECT_FALSE(nn::LayerNorm({4}, 1e-5, false).weight.defined());
}

TEST(NNLayers, GroupNormForward) {
  nn::GroupNorm gn(2, 4);
  nn::state::load_state_dict(
      gn, {{"weight", patterned({4}, 4, 1. / 8)}, {"bias", patterned({4}, 5, 1. / 8)}});
  expectNear(gn(patterned({2, 4, 3}, 6, 1. / 4)).to_vector<float>(), nnref::kGroupNormOut, 1e-4);
  EXPECT_THROW(nn::GroupNorm(3, 4), Error);
}

TEST(NNLayers, LayerNorm2dForward) {
  nn::LayerNorm2d ln({3});
  nn::state::load_state_dict(
      ln, {{"weight", patterned({3}, 1, 1. / 8)}, {"bias", patterned({3}, 2, 1. / 8)}});
  const nn::LayerNorm &base = ln; // still over the channels
  Tensor y = base(patterned({2, 3, 2, 2}, 3, 1. / 4));
  EXPECT_EQ(y.shape(), (Shape{2, 3, 2, 2}));
  expectNear(y.to_vector<float>(), nnref::kLayerNorm2dOut, 1e-4);
  EXPECT_THROW(ln(patterned({2, 3, 2}, 3, 1)), Error);
}

TEST(NNLayers, InstanceNormForward) {
  nn::InstanceNorm norm(3);
  EXPECT_EQ(norm.weight.to_vector<float>(), std::vector<float>(3, 1));
  EXPECT_EQ(norm.bias.to_vector<float>(), std::vector<float>(3, 0));
  EXPECT_EQ(nn::state::get_state_dict(norm).size(), 2u);
  nn::state::load_state_dict(
      norm, {{"weight", patterned({3}, 4, 1. / 8)}, {"bias", patterned({3}, 5, 1. / 8)}});
  expectNear(norm(patterned({2, 3, 2, 3}, 6, 1. / 4)).to_vector<float>(), nnref::kInstanceNormOut,
             1e-4, "2d");
  nn::InstanceNorm plain(3, 1e-5, false);
  EXPECT_FALSE(plain.weight.defined());
  expectNear(plain(patterned({2, 3, 5}, 7, 1. / 4)).to_vector<float>(), nnref::kInstanceNorm1dOut,
             1e-4, "1d");
  EXPECT_THROW(norm(patterned({2, 4, 3}, 1, 1)), Error);
}

TEST(NNLayers, RMSNormForward) {
  nn::RMSNorm norm(4);
  EXPECT_EQ(norm.eps, 1e-6);
  EXPECT_EQ(norm.weight.to_vector<float>(), std::vector<float>(4, 1));
  nn::state::load_state_dict(norm, {{"weight", patterned({4}, 2, 1. / 8)}});
  expectNear(norm(patterned({2, 3, 4}, 1, 1. / 4)).to_vector<float>(), nnref::kRMSNormOut, 1e-5);
  // Computed in float32, returned in the input's dtype.
  nn::RMSNorm plain(4, 1e-6, false);
  EXPECT_TRUE(nn::state::get_state_dict(plain).empty());
  Tensor y = plain(Tensor::from_vector<double>({3, 4, 0, 0}, {1, 4}));
  EXPECT_EQ(y.dtype(), DType::Float64);
  expectNear(y.to_vector<float>(), {1.2f, 1.6f, 0, 0}, 1e-6);
}

TEST(NNLayers, EmbeddingForward) {
  nn::Embedding emb(5, 3);
  // glorot_uniform: ±sqrt(6 / (5 + 3))
  for (float w : emb.weight.to_vector<float>())
    EXPECT_LE(std::fabs(w), std::sqrt(6.0f / 8));
  nn::state::load_state_dict(emb, {{"weight", patterned({5, 3}, 7, 1. / 8)}});
  Tensor idx = Tensor::from_vector<int32_t>({0, 4, 2, 2}, {2, 2});
  Tensor y = emb(idx);
  EXPECT_EQ(y.shape(), (Shape{2, 2, 3}));
  EXPECT_EQ(y.to_vector<float>(), nnref::kEmbeddingOut);
  EXPECT_THROW(emb(Tensor::from_vector<float>({1}, {1})), Error);
}

TEST(NNLayers, LSTMCellForward) {
  nn::LSTMCell cell(3, 4);
  EXPECT_EQ(cell.weight_ih.shape(), (Shape{16, 3}));
  EXPECT_EQ(cell.weight_hh.shape(), (Shape{16, 4}));
  for (float w : cell.weight_ih.to_vector<float>())
    EXPECT_LE(std::fabs(w), 0.5f); // ±1/sqrt(hidden_size)
  EXPECT_EQ(cell.bias_ih.to_vector<float>(), std::vector<float>(16, 0));
  std::vector<std::string> names;
  for (auto &[name, t] : nn::state::get_state_dict(cell))
    names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"bias_hh", "bias_ih", "weight_hh", "weight_ih"}));
  nn::state::load_state_dict(cell, {{"weight_ih", patterned({16, 3}, 1, 1. / 16)},
                                    {"weight_hh", patterned({16, 4}, 2, 1. / 16)},
                                    {"bias_ih", patterned({16}, 3, 1. / 8)},
                                    {"bias_hh", patterned({16}, 4, 1. / 8)}});
  Tensor x = patterned({2, 3}, 5, 1. / 4);
  auto [h, c] = cell(x, std::make_pair(patterned({2, 4}, 6, 1. / 4), patterned({2, 4}, 7, 1. / 4)));
  expectNear(h.to_vector<float>(), nnref::kLSTMCellH, kTolerance, "h");
  expectNear(c.to_vector<float>(), nnref::kLSTMCellC, kTolerance, "c");
  auto [h0, c0] = cell(x);
  expectNear(h0.to_vector<float>(), nnref::kLSTMCellZeroH, kTolerance, "h from zeros");
  expectNear(c0.to_vector<float>(), nnref::kLSTMCellZeroC, kTolerance, "c from zeros");
  EXPECT_FALSE(nn::LSTMCell(3, 4, false).bias_ih.defined());
  EXPECT_THROW(cell(patterned({3}, 1, 1)), Error);
}

TEST(NNLayers, DropoutIsTheIdentityInEval) {
  Tensor x = Tensor::ones({64});
  EXPECT_EQ(nn::Dropout(0.5)(x).to_vector<float>(), std::vector<float>(64, 1));
  Training training(true);
  EXPECT_EQ(nn::Dropout(0)(x).to_vector<float>(), std::vector<float>(64, 1));
}

TEST(NNLayers, DropoutInTraining) {
  Training training(true);
  int zeros = 0;
  for (float y : nn::Dropout(0.5)(Tensor::ones({64})).to_vector<float>()) {
    EXPECT_TRUE(y == 0 || y == 2) << y;
    zeros += y == 0;
  }
  EXPECT_GT(zeros, 8);
  EXPECT_LT(zeros, 56);
}

//===----------------------------------------------------------------------===//
// BatchNorm: training with running statistics, eval
//===----------------------------------------------------------------------===//

TEST(NNBatchNorm, TrainingAndRunningStatsMatchTorch) {
  nn::BatchNorm2d bn(3);
  EXPECT_EQ(bn.running_mean.to_vector<float>(), std::vector<float>(3, 0));
  EXPECT_EQ(bn.running_var.to_vector<float>(), std::vector<float>(3, 1));
  EXPECT_FALSE(bn.running_mean.requires_grad());
  nn::state::load_state_dict(
      bn, {{"weight", patterned({3}, 1, 1. / 8)}, {"bias", patterned({3}, 2, 1. / 8)}},
      /*strict=*/false);
  {
    Training training(true);
    expectNear(bn(patterned({2, 3, 2, 2}, 3, 1. / 4)).to_vector<float>(), nnref::kBatchNormTrain1,
               1e-4, "step 1");
    expectNear(bn(patterned({2, 3, 2, 2}, 4, 1. / 2)).to_vector<float>(), nnref::kBatchNormTrain2,
               1e-4, "step 2");
  }
  expectNear(bn.running_mean.to_vector<float>(), nnref::kBatchNormRunningMean, kTolerance);
  expectNear(bn.running_var.to_vector<float>(), nnref::kBatchNormRunningVar, kTolerance);
  EXPECT_EQ(bn.num_batches_tracked.item<int64_t>(), 2);
  expectNear(bn(patterned({2, 3, 2, 2}, 5, 1. / 4)).to_vector<float>(), nnref::kBatchNormEval, 1e-4,
             "eval");
}

TEST(NNBatchNorm, WithoutRunningStatsOrAffine) {
  nn::BatchNorm bn(2, 1e-5, /*affine=*/false, /*track_running_stats=*/false);
  EXPECT_FALSE(bn.weight.defined());
  EXPECT_FALSE(bn.running_mean.defined());
  EXPECT_EQ(nn::state::get_state_dict(bn).size(), 1u); // num_batches_tracked, as tinygrad's
  // In eval too, the batch's own statistics: each channel comes out normalized.
  Tensor y = bn(Tensor::from_vector<float>({1, 10, 3, 30}, {2, 2}));
  expectNear(y.to_vector<float>(), {-1, -1, 1, 1}, 1e-3);
}

//===----------------------------------------------------------------------===//
// Models: naming, parameters, state dicts
//===----------------------------------------------------------------------===//

struct Block : nn::Module {
  nn::Conv2d conv{2, 2, {3}, {1}, {1}};
  nn::BatchNorm2d norm{2};
  void visit(nn::Visitor &v) override {
    v("conv", conv);
    v("norm", norm);
  }
};

struct Net : nn::Module {
  std::vector<Block> blocks = std::vector<Block>(2);
  nn::Linear head{8, 3};
  Tensor scale = Tensor::ones({1}).requires_grad_();
  void visit(nn::Visitor &v) override {
    v("blocks", blocks);
    v("head", head);
    v("scale", scale);
  }
  Tensor operator()(const Tensor &x) {
    Tensor y = x;
    for (Block &b : blocks)
      y = b.norm(b.conv(y)).relu();
    return head(y.reshape({y.shape(0), -1})) * scale;
  }
};

TEST(NNModule, StateDictNamesAndShapes) {
  Net net;
  nn::StateDict sd = nn::state::get_state_dict(net);
  std::map<std::string, Shape> expected = {{"blocks.0.conv.weight", {2, 2, 3, 3}},
                                           {"blocks.0.conv.bias", {2}},
                                           {"blocks.0.norm.weight", {2}},
                                           {"blocks.0.norm.bias", {2}},
                                           {"blocks.0.norm.running_mean", {2}},
                                           {"blocks.0.norm.running_var", {2}},
                                           {"blocks.0.norm.num_batches_tracked", {}},
                                           {"blocks.1.conv.weight", {2, 2, 3, 3}},
                                           {"blocks.1.conv.bias", {2}},
                                           {"blocks.1.norm.weight", {2}},
                                           {"blocks.1.norm.bias", {2}},
                                           {"blocks.1.norm.running_mean", {2}},
                                           {"blocks.1.norm.running_var", {2}},
                                           {"blocks.1.norm.num_batches_tracked", {}},
                                           {"head.weight", {3, 8}},
                                           {"head.bias", {3}},
                                           {"scale", {1}}};
  ASSERT_EQ(sd.size(), expected.size());
  for (const auto &[name, shape] : expected) {
    ASSERT_TRUE(sd.count(name)) << name;
    EXPECT_EQ(sd[name].shape(), shape) << name;
  }
  EXPECT_EQ(sd["blocks.1.norm.num_batches_tracked"].dtype(), DType::Int64);
  // The same tensors, not copies.
  EXPECT_EQ(sd["head.weight"].impl(), net.head.weight.impl());

  std::vector<Tensor> params = nn::state::get_parameters(net);
  EXPECT_EQ(params.size(), expected.size());
  EXPECT_EQ(params.front().impl(), net.blocks[0].conv.weight.impl()); // in visit order
  size_t trainable = 0;
  for (const Tensor &t : params)
    trainable += t.requires_grad();
  EXPECT_EQ(trainable, 11u);
}

TEST(NNModule, LoadStateDictCopiesValues) {
  Net a, b;
  a.head.bias.assign(Tensor::from_vector<float>({1, 2, 3}, {3})).realize();
  nn::StateDict sd = nn::state::get_state_dict(a);
  Tensor handle = b.head.bias; // another handle to b's tensor sees the load
  std::vector<Tensor> loaded = nn::state::load_state_dict(b, sd);
  EXPECT_EQ(loaded.size(), sd.size());
  EXPECT_EQ(handle.to_vector<float>(), (std::vector<float>{1, 2, 3}));
  for (auto &[name, t] : nn::state::get_state_dict(b)) {
    EXPECT_TRUE(t.is_realized()) << name;
    EXPECT_EQ(t.to_vector<double>(), sd[name].to_vector<double>()) << name;
  }
  EXPECT_TRUE(b.head.weight.requires_grad());
  // A copy: changing b leaves a (and the state dict) alone.
  b.head.bias.assign(Tensor::zeros({3})).realize();
  EXPECT_EQ(a.head.bias.to_vector<float>(), (std::vector<float>{1, 2, 3}));
}

/// The message of the tg::Error `f` throws.
template <typename F> std::string errorOf(F f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

TEST(NNModule, LoadStateDictErrors) {
  nn::Linear lin(3, 4);
  Tensor w = Tensor::zeros({4, 3}), bias = Tensor::zeros({4});
  auto load = [&](nn::StateDict sd, bool strict = true) {
    return errorOf([&] { nn::state::load_state_dict(lin, sd, strict); });
  };
  EXPECT_NE(load({{"weight", w}}).find("missing from the state dict: bias"), std::string::npos);
  EXPECT_NE(load({{"weight", w}, {"bias", bias}, {"extra", bias}}).find("not in the model: extra"),
            std::string::npos);
  EXPECT_NE(load({{"weight", Tensor::zeros({3, 4})}, {"bias", bias}})
                .find("\"weight\" has shape [4, 3] in the model but [3, 4]"),
            std::string::npos);
  EXPECT_NE(load({{"weight", w.cast(DType::Float16)}, {"bias", bias}})
                .find("\"weight\" is float32 in the model but float16"),
            std::string::npos);
  // Not strict: the names both have load, the others are left alone.
  EXPECT_EQ(load({{"weight", w}, {"extra", bias}}, false), "(no error)");
  EXPECT_EQ(lin.weight.to_vector<float>(), std::vector<float>(12, 0));
  // [] and [1] pass for each other.
  nn::BatchNorm bn(2);
  nn::state::load_state_dict(bn, {{"num_batches_tracked", Tensor::from_vector<int64_t>({5}, {1})}},
                             false);
  EXPECT_EQ(bn.num_batches_tracked.shape(), Shape{});
  EXPECT_EQ(bn.num_batches_tracked.item<int64_t>(), 5);
}

TEST(NNModule, SafetensorsRoundTripOfAModel) {
  Net a, b;
  std::string path = ::testing::TempDir() + "nn_model.safetensors";
  nn::state::safe_save(nn::state::get_state_dict(a), path);
  nn::state::load_state_dict(b, nn::state::safe_load(path));
  Tensor x = patterned({2, 2, 2, 2}, 1, 1. / 4);
  EXPECT_EQ(a(x).to_vector<float>(), b(x).to_vector<float>());
}

TEST(NNModule, LoadsAPyTorchStateDict) {
  TorchNet net;
  nn::state::load_state_dict(
      net, nn::state::safe_load(std::string(TG_TEST_DATA_DIR) + "/torch_net.safetensors"));
  EXPECT_EQ(net.bn.num_batches_tracked.item<int64_t>(), 2);
  expectNear(net(patterned({2, 2, 4, 4}, 1, 1. / 4)).to_vector<float>(), nnref::kTorchNetOut,
             kTolerance);
}

TEST(NNModule, TrainsWithBackward) {
  Net net;
  Training training(true);
  auto opt = optim::Adam(nn::state::get_parameters(net), 0.01);
  EXPECT_EQ(opt.params.size(), 11u);
  EXPECT_EQ(opt.buffers.size(), 6u); // the running statistics, realized with each step
  Tensor x = patterned({4, 2, 2, 2}, 1, 1. / 4);
  Tensor y = Tensor::from_vector<int32_t>({0, 1, 2, 1}, {4});
  std::vector<float> losses;
  for (int i = 0; i < 5; ++i) {
    opt.zero_grad();
    Tensor loss = net(x).sparse_categorical_crossentropy(y);
    loss.backward();
    // The loss with the step, so it is computed from the weights before it.
    std::vector<Tensor> step = opt.schedule_step();
    step.push_back(loss);
    Tensor::realize(step);
    losses.push_back(loss.item<float>());
  }
  EXPECT_LT(losses.back(), losses.front());
  EXPECT_EQ(net.blocks[1].norm.num_batches_tracked.item<int64_t>(), 5);
  EXPECT_TRUE(net.blocks[0].norm.running_mean.is_realized());
}

//===----------------------------------------------------------------------===//
// Gradients of the layers' forward computations, their weights float64
//===----------------------------------------------------------------------===//

using gradcheck::Check;
using gradcheck::gradientsMatch;

TEST(NNLayerGrad, Conv1d) {
  nn::Conv1d conv(2, 3, 3, 2, 1);
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        conv.weight = x[1];
        conv.bias = x[2];
        return conv(x[0]);
      },
      {{2, 2, 5}, {3, 2, 3}, {3}}));
  nn::Conv1d same(2, 2, 4, 1, "same", 1, 1, false); // 1 pixel before, 2 after
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        same.weight = x[1];
        return same(x[0]);
      },
      {{1, 2, 5}, {2, 2, 4}}));
}

TEST(NNLayerGrad, ConvTranspose1d) {
  nn::ConvTranspose1d conv(4, 2, 3, 2, 1, 1, 1, 2);
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        conv.weight = x[1];
        conv.bias = x[2];
        return conv(x[0]);
      },
      {{1, 4, 3}, {4, 1, 3}, {2}}));
}

TEST(NNLayerGrad, InstanceNormAndLayerNorm2d) {
  nn::InstanceNorm instance(3);
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        instance.weight = x[1];
        instance.bias = x[2];
        return instance(x[0]);
      },
      {{2, 3, 4}, {3}, {3}}));
  nn::LayerNorm2d layer({3});
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        layer.weight = x[1];
        layer.bias = x[2];
        return layer(x[0]);
      },
      {{2, 3, 2, 2}, {3}, {3}}));
}

TEST(NNLayerGrad, RMSNorm) {
  // RMSNorm computes in float32: a step and a tolerance for float32.
  Check coarse;
  coarse.eps = 1e-2;
  coarse.tol = 1e-3;
  nn::RMSNorm norm(4);
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        norm.weight = x[1];
        return norm(x[0]);
      },
      {{2, 3, 4}, {4}}, coarse));
}

TEST(NNLayerGrad, LSTMCell) {
  nn::LSTMCell cell(3, 4);
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        cell.weight_ih = x[3];
        cell.weight_hh = x[4];
        cell.bias_ih = x[5];
        cell.bias_hh = x[6];
        auto [h, c] = cell(x[0], std::make_pair(x[1], x[2]));
        return Tensor::cat({h, c}, 1);
      },
      {{2, 3}, {2, 4}, {2, 4}, {16, 3}, {16, 4}, {16}, {16}}));
}

} // namespace

namespace {

/// A ResNet block's second convolution at batch 16 (conv, bias, the
/// residual, relu): its kernel's vector temporaries once grew the stack on
/// every loop iteration until it overflowed, past batch 8. Sampled outputs
/// against a direct sum.
TEST(NNLayers, ResidualConvolutionAtBatch16) {
  const int64_t n = 16, c = 64, h = 56, w = 56;
  Tensor x = patterned({n, c, h, w}, 1, 1. / 64).realize();
  Tensor weight = patterned({c, c, 3, 3}, 2, 1. / 512).realize();
  Tensor bias = patterned({c}, 3, 1. / 8).realize();
  Tensor y = (x.conv2d(weight, bias, 1, {1}, {1}, {1}) + x).relu();
  std::vector<float> xs = x.to_vector<float>(), ws = weight.to_vector<float>();
  std::vector<float> bs = bias.to_vector<float>(), ys = y.to_vector<float>();
  for (int64_t sample = 0; sample < 64; ++sample) {
    int64_t b = sample % n, o = (sample * 7) % c, i = (sample * 13) % h, j = (sample * 29) % w;
    double sum = bs[o] + xs[((b * c + o) * h + i) * w + j];
    for (int64_t k = 0; k < c; ++k)
      for (int64_t di = -1; di <= 1; ++di)
        for (int64_t dj = -1; dj <= 1; ++dj)
          if (i + di >= 0 && i + di < h && j + dj >= 0 && j + dj < w)
            sum += double(xs[((b * c + k) * h + i + di) * w + j + dj]) *
                   ws[((o * c + k) * 3 + di + 1) * 3 + dj + 1];
    EXPECT_NEAR(ys[((b * c + o) * h + i) * w + j], std::max(sum, 0.0), 1e-4)
        << "at " << b << ", " << o << ", " << i << ", " << j;
  }
}

} // namespace
