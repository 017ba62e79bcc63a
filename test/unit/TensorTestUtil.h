//===- TensorTestUtil.h - what the tensor tests share -----------*- C++ -*-===//
#ifndef TG_TEST_UNIT_TENSORTESTUTIL_H
#define TG_TEST_UNIT_TENSORTESTUTIL_H

#include "tg/Tensor/Tensor.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tensortest {

using tg::Shape;
using tg::Tensor;

inline Tensor F(std::vector<float> data, Shape shape) { return Tensor::from_vector(data, shape); }
inline Tensor I(std::vector<int32_t> data, Shape shape) { return Tensor::from_vector(data, shape); }

/// Shape, then every element within atol + rtol * |expected| (NaNs and
/// infinities must match exactly).
template <typename T = float>
inline void expectClose(const Tensor &t, const std::vector<T> &expected, const Shape &shape,
                 double atol = 1e-5, double rtol = 1e-5) {
  ASSERT_EQ(t.shape(), shape);
  std::vector<T> got = t.to_vector<T>();
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    double g = got[i], e = expected[i];
    if (std::isnan(e) || std::isinf(e)) {
      EXPECT_TRUE(std::isnan(e) ? std::isnan(g) : g == e)
          << "element " << i << ": " << g << " vs " << e;
      continue;
    }
    EXPECT_NEAR(g, e, atol + rtol * std::abs(e)) << "element " << i;
  }
}

template <typename T>
inline void expectEqual(const Tensor &t, const std::vector<T> &expected, const Shape &shape) {
  ASSERT_EQ(t.shape(), shape);
  EXPECT_EQ(t.to_vector<T>(), expected);
}

} // namespace tensortest

#endif // TG_TEST_UNIT_TENSORTESTUTIL_H
