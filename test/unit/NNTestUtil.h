//===- NNTestUtil.h - what the nn, optim and state tests share --*- C++ -*-===//
#ifndef TG_TEST_UNIT_NNTESTUTIL_H
#define TG_TEST_UNIT_NNTESTUTIL_H

#include "tg/tensor.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace nntest {

/// make_nn_reference.py's pattern(): small multiples of `scale` (a power
/// of two), exact in float32.
inline std::vector<float> pattern(size_t n, int k, double scale) {
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i)
    values[i] = float(double(int64_t((i * 7 + k) % 23) - 11) * scale);
  return values;
}

inline tg::Tensor patterned(tg::Shape shape, int k, double scale) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return tg::Tensor::from_vector(pattern(size_t(n), k, scale), shape);
}

inline void expectNear(const std::vector<float> &actual, const std::vector<float> &expected,
                       double tolerance, const char *what = "") {
  ASSERT_EQ(actual.size(), expected.size()) << what;
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], tolerance * std::max(1.0, std::fabs(double(expected[i]))))
        << what << " element " << i;
}

/// reference_tools.py's Net: the PyTorch model the state-dict fixtures
/// (torch_net.safetensors, torch_net.pt) come from.
struct TorchNet : tg::nn::Module {
  tg::nn::Conv2d conv{2, 4, {3}, {1}, {1}};
  tg::nn::BatchNorm2d bn{4};
  tg::nn::Linear fc{4 * 4 * 4, 3};
  void visit(tg::nn::Visitor &v) override {
    v("conv", conv);
    v("bn", bn);
    v("fc", fc);
  }
  tg::Tensor operator()(const tg::Tensor &x) { return fc(bn(conv(x)).relu().flatten(1)); }
};

} // namespace nntest

#endif // TG_TEST_UNIT_NNTESTUTIL_H
