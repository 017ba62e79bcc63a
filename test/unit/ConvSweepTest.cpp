//===- ConvSweepTest.cpp - convolutions and pools over a grid of shapes ---===//
//
// conv2d and conv_transpose2d, forward and the gradients of input, weights
// and bias, and max / average pooling forward and their input gradient,
// over a sample of the grid of batch, channels, groups, kernel, stride,
// padding (symmetric and not), dilation, bias, ceil mode and spatial sizes,
// against a plain loop-nest reference (ref:: below) that shares nothing with
// the library.
//
// Inputs are multiples of 1/64 in [-1, 1], so every product and every sum
// the reference forms is exact in float32: the library must agree to the
// last bit whatever order it sums in, on every device.
//
// The sample is fixed (a seeded generator, the same configurations every
// run); each shard is one test, so CTest spreads the sweep over workers.
//
//===----------------------------------------------------------------------===//

#include "tg/tensor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

using namespace tg;

namespace {

constexpr int kShards = 16;
constexpr int kConvConfigs = 323, kTransposedConfigs = 224, kPoolConfigs = 240;

/// A dense NCHW array of doubles.
struct Array {
  std::vector<int64_t> shape;
  std::vector<double> data;
  explicit Array(std::vector<int64_t> s) : shape(std::move(s)) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    data.assign(size_t(n), 0);
  }
  double &at(int64_t a, int64_t b, int64_t c, int64_t d) {
    return data[size_t(((a * shape[1] + b) * shape[2] + c) * shape[3] + d)];
  }
};

Array randomArray(std::mt19937 &rng, std::vector<int64_t> shape) {
  Array a(std::move(shape));
  std::uniform_int_distribution<int> sixtyFourths(-64, 64);
  for (double &v : a.data)
    v = sixtyFourths(rng) / 64.0;
  return a;
}

Tensor tensorOf(const Array &a) {
  return Tensor::from_vector(std::vector<float>(a.data.begin(), a.data.end()), a.shape);
}

/// Padding as Tensor::conv2d takes it (left, right, top, bottom).
struct Pads {
  int64_t left, right, top, bottom;
};

struct ConvConfig {
  int64_t batch, cin, cout, groups, kh, kw, stride, dilation, h, w;
  Pads pads;
  bool bias;
  int64_t outputPadding; // conv_transpose2d only

  std::string describe() const {
    std::ostringstream os;
    os << "batch " << batch << ", " << cin << " -> " << cout << " channels in " << groups
       << " groups, kernel " << kh << "x" << kw << ", stride " << stride << ", dilation "
       << dilation << ", pads (l r t b) " << pads.left << " " << pads.right << " " << pads.top
       << " " << pads.bottom << ", input " << h << "x" << w << (bias ? ", bias" : "")
       << ", output padding " << outputPadding;
    return os.str();
  }
};

struct PoolConfig {
  bool max, ceilMode, countIncludePad;
  int64_t batch, channels, kh, kw, stride, dilation, h, w;
  Pads pads;

  std::string describe() const {
    std::ostringstream os;
    os << (max ? "max" : "avg") << " pool, " << batch << "x" << channels << " of " << h << "x"
       << w << ", kernel " << kh << "x" << kw << ", stride " << stride << ", dilation "
       << dilation << ", pads (l r t b) " << pads.left << " " << pads.right << " " << pads.top
       << " " << pads.bottom << (ceilMode ? ", ceil mode" : "")
       << (countIncludePad ? "" : ", padding not counted");
    return os.str();
  }
};

/// Pads from {0, 1, 2, asymmetric}.
Pads samplePads(std::mt19937 &rng, int64_t most) {
  int kind = std::uniform_int_distribution<int>(0, 3)(rng);
  if (kind < 3)
    return {kind, kind, kind, kind};
  std::uniform_int_distribution<int64_t> side(0, most);
  Pads p;
  do
    p = {side(rng), side(rng), side(rng), side(rng)};
  while (p.left == p.right && p.top == p.bottom);
  return p;
}

template <typename T>
T pick(std::mt19937 &rng, std::initializer_list<T> values) {
  return *(values.begin() + std::uniform_int_distribution<size_t>(0, values.size() - 1)(rng));
}

int64_t convOutput(int64_t size, int64_t before, int64_t after, int64_t k, int64_t stride,
                   int64_t dilation) {
  int64_t span = size + before + after - dilation * (k - 1) - 1;
  return span < 0 ? 0 : span / stride + 1;
}

int64_t transposedOutput(int64_t size, int64_t before, int64_t after, int64_t k, int64_t stride,
                         int64_t dilation, int64_t outputPadding) {
  return (size - 1) * stride - before - after + dilation * (k - 1) + outputPadding + 1;
}

/// The sampled grid of convolutions: batch {1, 3}; channels {1, 3, 8};
/// groups {1, 2} where they divide; kernel {1, 2, 3, 5}; stride {1, 2, 3};
/// padding {0, 1, 2, asymmetric}; dilation {1, 2}; bias or not; sizes 5-17.
std::vector<ConvConfig> convConfigs(bool transposed, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<ConvConfig> configs;
  if (!transposed) { // the defect as it was found: bias and stride 2 on 8x8 to 10x10
    for (int64_t size : {8, 9, 10})
      for (int64_t pad : {0, 1})
        configs.push_back({1, 3, 4, 1, 3, 3, 2, 1, size, size, {pad, pad, pad, pad}, true, 0});
    // Strided, with output maps of 2 KB or more, whose input gradients
    // read the output gradient channels last: ResNet's 3x3 stride 2, its
    // 7x7 stem, and 5x3 stride 3 padded unevenly (23x24).
    configs.push_back({2, 8, 8, 1, 3, 3, 2, 1, 48, 48, {1, 1, 1, 1}, false, 0});
    configs.push_back({1, 3, 8, 1, 7, 7, 2, 1, 48, 48, {3, 3, 3, 3}, true, 0});
    configs.push_back({1, 3, 8, 1, 5, 3, 3, 1, 70, 71, {0, 2, 1, 2}, false, 0});
  }
  std::uniform_int_distribution<int64_t> spatial(5, 17);
  while (int(configs.size()) < count) {
    ConvConfig c;
    c.batch = pick<int64_t>(rng, {1, 3});
    c.cin = pick<int64_t>(rng, {1, 3, 8});
    c.cout = pick<int64_t>(rng, {1, 3, 8});
    c.groups = pick<int64_t>(rng, {1, 2});
    c.kh = pick<int64_t>(rng, {1, 2, 3, 5});
    c.kw = pick<int64_t>(rng, {1, 2, 3, 5});
    c.stride = pick<int64_t>(rng, {1, 2, 3});
    c.dilation = pick<int64_t>(rng, {1, 2});
    c.pads = samplePads(rng, 2);
    c.bias = pick<int>(rng, {0, 1});
    c.h = spatial(rng);
    c.w = spatial(rng);
    c.outputPadding = transposed && c.stride > 1 ? pick<int64_t>(rng, {0, 1}) : 0;
    if (c.cin % c.groups || c.cout % c.groups)
      continue;
    int64_t ho, wo;
    if (transposed) {
      ho = transposedOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride, c.dilation,
                            c.outputPadding);
      wo = transposedOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride, c.dilation,
                            c.outputPadding);
    } else {
      ho = convOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride, c.dilation);
      wo = convOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride, c.dilation);
    }
    if (ho < 1 || wo < 1)
      continue;
    configs.push_back(c);
  }
  return configs;
}

namespace ref {

/// y = conv(x, w) + b and, for a loss Σ y·r, the gradients of x, w and b:
/// one loop over every (output, weight) pair.
struct ConvResult {
  Array y, dx, dw, db;
};

ConvResult conv2d(const ConvConfig &c, Array &x, Array &w, const Array &b, Array &r) {
  int64_t ho = convOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride, c.dilation);
  int64_t wo = convOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride, c.dilation);
  int64_t cinPerGroup = c.cin / c.groups, coutPerGroup = c.cout / c.groups;
  ConvResult out{Array({c.batch, c.cout, ho, wo}), Array(x.shape), Array(w.shape),
                 Array({c.cout})};
  for (int64_t n = 0; n < c.batch; ++n)
    for (int64_t co = 0; co < c.cout; ++co)
      for (int64_t oy = 0; oy < ho; ++oy)
        for (int64_t ox = 0; ox < wo; ++ox) {
          double sum = c.bias ? b.data[size_t(co)] : 0, g = r.at(n, co, oy, ox);
          out.db.data[size_t(co)] += g;
          for (int64_t ci = 0; ci < cinPerGroup; ++ci)
            for (int64_t ky = 0; ky < c.kh; ++ky)
              for (int64_t kx = 0; kx < c.kw; ++kx) {
                int64_t iy = oy * c.stride + ky * c.dilation - c.pads.top;
                int64_t ix = ox * c.stride + kx * c.dilation - c.pads.left;
                if (iy < 0 || iy >= c.h || ix < 0 || ix >= c.w)
                  continue;
                int64_t channel = co / coutPerGroup * cinPerGroup + ci;
                sum += x.at(n, channel, iy, ix) * w.at(co, ci, ky, kx);
                out.dx.at(n, channel, iy, ix) += g * w.at(co, ci, ky, kx);
                out.dw.at(co, ci, ky, kx) += g * x.at(n, channel, iy, ix);
              }
          out.y.at(n, co, oy, ox) = sum;
        }
  return out;
}

/// The transposed convolution: every input element scatters x·w into the
/// output at oy = iy·stride + ky·dilation - top, cropped to the output.
ConvResult convTranspose2d(const ConvConfig &c, Array &x, Array &w, const Array &b, Array &r) {
  int64_t ho = transposedOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride, c.dilation,
                                c.outputPadding);
  int64_t wo = transposedOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride, c.dilation,
                                c.outputPadding);
  int64_t cinPerGroup = c.cin / c.groups, coutPerGroup = c.cout / c.groups;
  ConvResult out{Array({c.batch, c.cout, ho, wo}), Array(x.shape), Array(w.shape),
                 Array({c.cout})};
  for (int64_t n = 0; n < c.batch; ++n)
    for (int64_t co = 0; co < c.cout; ++co)
      for (int64_t oy = 0; oy < ho; ++oy)
        for (int64_t ox = 0; ox < wo; ++ox) {
          out.y.at(n, co, oy, ox) = c.bias ? b.data[size_t(co)] : 0;
          out.db.data[size_t(co)] += r.at(n, co, oy, ox);
        }
  for (int64_t n = 0; n < c.batch; ++n)
    for (int64_t ci = 0; ci < c.cin; ++ci)
      for (int64_t iy = 0; iy < c.h; ++iy)
        for (int64_t ix = 0; ix < c.w; ++ix)
          for (int64_t col = 0; col < coutPerGroup; ++col)
            for (int64_t ky = 0; ky < c.kh; ++ky)
              for (int64_t kx = 0; kx < c.kw; ++kx) {
                int64_t oy = iy * c.stride + ky * c.dilation - c.pads.top;
                int64_t ox = ix * c.stride + kx * c.dilation - c.pads.left;
                if (oy < 0 || oy >= ho || ox < 0 || ox >= wo)
                  continue;
                int64_t co = ci / cinPerGroup * coutPerGroup + col;
                double g = r.at(n, co, oy, ox);
                out.y.at(n, co, oy, ox) += x.at(n, ci, iy, ix) * w.at(ci, col, ky, kx);
                out.dx.at(n, ci, iy, ix) += g * w.at(ci, col, ky, kx);
                out.dw.at(ci, col, ky, kx) += g * x.at(n, ci, iy, ix);
              }
  return out;
}

/// PyTorch's pooling: windows of the input padded by `pads` (more after
/// in ceil mode, but never a window starting in the padding after the
/// input); the average divides by the window's elements inside the input
/// and padding (count_include_pad) or the input alone.
struct PoolResult {
  Array y, dx;
};

int64_t poolOutput(int64_t size, int64_t before, int64_t after, int64_t k, int64_t stride,
                   int64_t dilation, bool ceilMode) {
  int64_t span = size + before + after - dilation * (k - 1) - 1;
  int64_t outputs = (ceilMode ? (span + stride - 1) / stride : span / stride) + 1;
  if (ceilMode && (outputs - 1) * stride >= size + before)
    --outputs;
  return outputs;
}

PoolResult pool(const PoolConfig &c, Array &x, Array &r) {
  int64_t ho = poolOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride, c.dilation, c.ceilMode);
  int64_t wo = poolOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride, c.dilation, c.ceilMode);
  PoolResult out{Array({c.batch, c.channels, ho, wo}), Array(x.shape)};
  for (int64_t n = 0; n < c.batch; ++n)
    for (int64_t ch = 0; ch < c.channels; ++ch)
      for (int64_t oy = 0; oy < ho; ++oy)
        for (int64_t ox = 0; ox < wo; ++ox) {
          double best = -INFINITY, sum = 0, counted = 0;
          std::vector<std::pair<int64_t, int64_t>> inside;
          for (int64_t ky = 0; ky < c.kh; ++ky)
            for (int64_t kx = 0; kx < c.kw; ++kx) {
              int64_t iy = oy * c.stride + ky * c.dilation - c.pads.top;
              int64_t ix = ox * c.stride + kx * c.dilation - c.pads.left;
              bool inPadded = iy < c.h + c.pads.bottom && ix < c.w + c.pads.right;
              bool inInput = iy >= 0 && iy < c.h && ix >= 0 && ix < c.w;
              if (inInput) {
                sum += x.at(n, ch, iy, ix);
                best = std::max(best, x.at(n, ch, iy, ix));
                inside.push_back({iy, ix});
              }
              counted += inInput || (c.countIncludePad && inPadded);
            }
          double g = r.at(n, ch, oy, ox);
          if (c.max) {
            // tinygrad's rule: the gradient is shared by the tied maxima.
            double ties = 0;
            for (auto [iy, ix] : inside)
              ties += x.at(n, ch, iy, ix) == best;
            out.y.at(n, ch, oy, ox) = best;
            for (auto [iy, ix] : inside)
              if (x.at(n, ch, iy, ix) == best)
                out.dx.at(n, ch, iy, ix) += g / ties;
          } else {
            out.y.at(n, ch, oy, ox) = sum / counted;
            for (auto [iy, ix] : inside)
              out.dx.at(n, ch, iy, ix) += g / counted;
          }
        }
  return out;
}

} // namespace ref

/// Compares within `tolerance` relative (absolute below 1): the inputs make
/// every sum of products exact, so convolutions are held to float32's
/// rounding of the inputs alone.
void expectMatches(const Tensor &actual, const Array &expected, const std::string &what,
                   double tolerance) {
  ASSERT_TRUE(actual.defined()) << what << ": no gradient";
  ASSERT_EQ(actual.shape(), Shape(expected.shape)) << what;
  std::vector<float> got = actual.to_vector<float>();
  int reported = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    double e = expected.data[i];
    if (std::fabs(got[i] - e) > tolerance * std::max(1.0, std::fabs(e)) && reported++ < 3)
      ADD_FAILURE() << what << ": element " << i << " is " << got[i] << ", expected " << e;
  }
}

class ConvSweep : public ::testing::TestWithParam<int> {};

void checkConv(const ConvConfig &c, bool transposed, unsigned seed, double tolerance = 1e-6) {
  SCOPED_TRACE((transposed ? "conv_transpose2d: " : "conv2d: ") + c.describe());
  std::mt19937 rng(seed);
  Array x = randomArray(rng, {c.batch, c.cin, c.h, c.w});
  Array w = transposed ? randomArray(rng, {c.cin, c.cout / c.groups, c.kh, c.kw})
                       : randomArray(rng, {c.cout, c.cin / c.groups, c.kh, c.kw});
  Array b = randomArray(rng, {c.cout});
  int64_t ho = transposed ? transposedOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride,
                                             c.dilation, c.outputPadding)
                          : convOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride, c.dilation);
  int64_t wo = transposed ? transposedOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride,
                                             c.dilation, c.outputPadding)
                          : convOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride, c.dilation);
  Array r = randomArray(rng, {c.batch, c.cout, ho, wo});
  ref::ConvResult expected =
      transposed ? ref::convTranspose2d(c, x, w, b, r) : ref::conv2d(c, x, w, b, r);

  Tensor tx = tensorOf(x).requires_grad_(), tw = tensorOf(w).requires_grad_();
  Tensor tb = c.bias ? tensorOf(b).requires_grad_() : Tensor();
  std::vector<int64_t> padding = {c.pads.left, c.pads.right, c.pads.top, c.pads.bottom};
  Tensor y = transposed ? tx.conv_transpose2d(tw, tb, c.groups, {c.stride}, {c.dilation}, padding,
                                              {c.outputPadding})
                        : tx.conv2d(tw, tb, c.groups, {c.stride}, {c.dilation}, padding);
  expectMatches(y, expected.y, "forward", tolerance);
  (y * tensorOf(r)).sum().backward();
  std::vector<Tensor> grads = {tx.grad(), tw.grad()};
  if (c.bias)
    grads.push_back(tb.grad());
  Tensor::realize(grads);
  expectMatches(tx.grad(), expected.dx, "input gradient", tolerance);
  expectMatches(tw.grad(), expected.dw, "weight gradient", tolerance);
  if (c.bias)
    expectMatches(tb.grad(), expected.db, "bias gradient", tolerance);
}

TEST_P(ConvSweep, Conv2d) {
  std::vector<ConvConfig> configs = convConfigs(false, kConvConfigs, 2024);
  for (size_t i = GetParam(); i < configs.size(); i += kShards)
    checkConv(configs[i], false, 1000 + i);
}

/// The CNN's second convolution at batch 32: its weight gradient sums over
/// the images outside its register tiles, which with AVX2 take 6 of the 32
/// input channels, the last tile partial (tg-cpu-choose-opts' turned tiles).
TEST(ConvSweep, WeightGradientOverImagesOutsideTheTiles) {
  checkConv({32, 32, 64, 1, 3, 3, 1, 1, 26, 26, {0, 0, 0, 0}, false, 0}, false, 7);
}

/// beautiful_mnist's second convolution: with AVX2, its register tiles of
/// 16 output channels take 5 of the 20 output pixels of a row, and those of
/// its input gradient 6 of 24 (tg-cpu-choose-opts' deepened sliding rows).
TEST(ConvSweep, FiveByFiveOverRowsOfTwentyAndTwentyFour) {
  checkConv({2, 32, 32, 1, 5, 5, 1, 1, 24, 24, {0, 0, 0, 0}, false, 0}, false, 11);
}

/// beautiful_mnist's 3x3 convolutions: with AVX2, the register tiles of the
/// last one over 8x8 maps, at batch 8 (split by images, not channels),
/// take two vectors of output channels by 3 pixels of 2 rows, and those of the first one's input gradient over 10x10 maps
/// two vectors of channels by 5 pixels (tg-cpu-choose-opts' widened
/// sliding columns).
TEST(ConvSweep, ThreeByThreeOverMapsSixAndTenWide) {
  checkConv({8, 64, 64, 1, 3, 3, 1, 1, 8, 8, {0, 0, 0, 0}, false, 0}, false, 19);
  checkConv({2, 32, 64, 1, 3, 3, 1, 1, 10, 10, {0, 0, 0, 0}, false, 0}, false, 23);
}

/// beautiful_mnist's 5x5 and last 3x3 convolutions at batch 32, whose
/// weight gradients sum over the images outside their register tiles: with
/// AVX2, the 5x5s' tiles of 16 output channels take 5 window columns (kx,
/// sliding over x), in place of input channels for the second one
/// (tg-cpu-choose-opts' turned tiles) and of a vector of channels for the
/// first, of one input channel (its widened sliding columns); the 3x3's
/// over 6x6 maps, split by output channels, take 6 of the 64 input
/// channels, the last tile partial.
TEST(ConvSweep, WeightGradientsOfWindowColumnsAndOfSixInputChannels) {
  checkConv({32, 1, 32, 1, 5, 5, 1, 1, 28, 28, {0, 0, 0, 0}, false, 0}, false, 29);
  checkConv({32, 32, 32, 1, 5, 5, 1, 1, 24, 24, {0, 0, 0, 0}, false, 0}, false, 13);
  checkConv({32, 64, 64, 1, 3, 3, 1, 1, 8, 8, {0, 0, 0, 0}, false, 0}, false, 17);
}

/// WINO=1 for the test's lifetime.
struct WinogradOn {
  WinogradOn() { setenv("WINO", "1", 1); }
  ~WinogradOn() { unsetenv("WINO"); }
};

/// The sample's ungrouped, undilated convolutions under WINO=1, their
/// batch 16 times larger so that every map has the 16 tiles Winograd needs:
/// it computes the stride-1 ones with kernels 2-5 wide, and the input
/// gradients of the strided ones, whose lanes are stride-1 convolutions.
/// Its transforms round (1/6, 1/90, ...), each product on its own: the
/// weight gradients, sums over 16-48 images, came within 6e-4 of the exact
/// ones, the values and input gradients within 5e-5; it is held to 1e-3.
TEST_P(ConvSweep, Conv2dWinograd) {
  WinogradOn wino;
  std::vector<ConvConfig> configs = convConfigs(false, kConvConfigs, 2024);
  for (size_t i = GetParam(); i < configs.size(); i += kShards) {
    ConvConfig c = configs[i];
    c.batch *= 16;
    if (c.groups == 1 && c.dilation == 1)
      checkConv(c, false, 1000 + i, 1e-3);
  }
}

TEST_P(ConvSweep, ConvTranspose2d) {
  std::vector<ConvConfig> configs = convConfigs(true, kTransposedConfigs, 2025);
  for (size_t i = GetParam(); i < configs.size(); i += kShards)
    checkConv(configs[i], true, 5000 + i);
}

/// The sampled grid of pools: max and average; kernel {1, 2, 3}; stride
/// {1, 2, 3}; padding {0, 1, asymmetric} no more than half the kernel
/// (PyTorch's limit); dilation {1, 2} (max only: PyTorch's average has
/// none); ceil mode or not; count_include_pad or not; sizes 5-17.
std::vector<PoolConfig> poolConfigs(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<PoolConfig> configs;
  std::uniform_int_distribution<int64_t> spatial(5, 17);
  while (int(configs.size()) < count) {
    PoolConfig c;
    c.max = configs.size() % 2 == 0;
    c.ceilMode = pick<int>(rng, {0, 1});
    c.countIncludePad = pick<int>(rng, {0, 1});
    c.batch = pick<int64_t>(rng, {1, 2});
    c.channels = pick<int64_t>(rng, {1, 3});
    c.kh = pick<int64_t>(rng, {1, 2, 3});
    c.kw = pick<int64_t>(rng, {1, 2, 3});
    c.stride = pick<int64_t>(rng, {1, 2, 3});
    c.dilation = c.max ? pick<int64_t>(rng, {1, 2}) : 1;
    c.pads = samplePads(rng, 1);
    c.h = spatial(rng);
    c.w = spatial(rng);
    if (std::max(c.pads.top, c.pads.bottom) > c.kh / 2 ||
        std::max(c.pads.left, c.pads.right) > c.kw / 2)
      continue;
    configs.push_back(c);
  }
  return configs;
}

TEST_P(ConvSweep, Pool) {
  std::vector<PoolConfig> configs = poolConfigs(kPoolConfigs, 2026);
  for (size_t i = GetParam(); i < configs.size(); i += kShards) {
    const PoolConfig &c = configs[i];
    SCOPED_TRACE(c.describe());
    std::mt19937 rng(9000 + i);
    Array x = randomArray(rng, {c.batch, c.channels, c.h, c.w});
    Array r = randomArray(
        rng, {c.batch, c.channels,
              ref::poolOutput(c.h, c.pads.top, c.pads.bottom, c.kh, c.stride, c.dilation, c.ceilMode),
              ref::poolOutput(c.w, c.pads.left, c.pads.right, c.kw, c.stride, c.dilation,
                              c.ceilMode)});
    ref::PoolResult expected = ref::pool(c, x, r);
    Tensor tx = tensorOf(x).requires_grad_();
    std::vector<int64_t> padding = {c.pads.left, c.pads.right, c.pads.top, c.pads.bottom};
    Tensor y = c.max ? tx.max_pool2d({c.kh, c.kw}, std::vector<int64_t>{c.stride}, {c.dilation},
                                     padding, c.ceilMode)
                     : tx.avg_pool2d({c.kh, c.kw}, std::vector<int64_t>{c.stride}, {c.dilation},
                                     padding, c.ceilMode, c.countIncludePad);
    // A quotient (an average, a gradient shared by tied maxima) rounds.
    expectMatches(y, expected.y, "forward", 5e-7);
    (y * tensorOf(r)).sum().backward();
    expectMatches(tx.grad(), expected.dx, "input gradient", 1e-6);
  }
}

INSTANTIATE_TEST_SUITE_P(Shards, ConvSweep, ::testing::Range(0, kShards));

} // namespace
