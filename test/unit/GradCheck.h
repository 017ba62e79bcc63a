//===- GradCheck.h - gradients against central differences ------*- C++ -*-===//
//
// What every gradient test shares: a function of float64 tensors, its
// gradients from autograd, and the same from central differences.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TEST_UNIT_GRADCHECK_H
#define TG_TEST_UNIT_GRADCHECK_H

#include "tg/Tensor/Tensor.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <sstream>

namespace gradcheck {

using tg::Shape;
using tg::Tensor;

using Fn = std::function<Tensor(const std::vector<Tensor> &)>;

struct Check {
  double low = -2, high = 2; // where the inputs are drawn from
  double eps = 1e-6;         // the central-difference step
  double tol = 1e-6;         // |analytic − numeric| ≤ tol · (1 + |numeric|)
};

inline std::vector<double> randomValues(std::mt19937 &rng, int64_t n, double low, double high) {
  std::uniform_real_distribution<double> dist(low, high);
  std::vector<double> values(n);
  for (double &v : values)
    v = dist(rng);
  return values;
}

inline Tensor f64(const std::vector<double> &values, Shape shape) {
  return Tensor::from_vector<double>(values, std::move(shape));
}

/// The gradients of f at `values` against central differences. The output
/// is weighted by fixed random numbers before summing, so that every
/// element of a non-scalar output is checked with its own seed.
inline ::testing::AssertionResult gradientsMatchAt(const Fn &f, const std::vector<std::vector<double>> &values,
                                            const std::vector<Shape> &shapes, const Check &c) {
  auto inputs = [&](const std::vector<std::vector<double>> &v) {
    std::vector<Tensor> xs;
    for (size_t i = 0; i < v.size(); ++i)
      xs.push_back(f64(v[i], shapes[i]));
    return xs;
  };
  std::vector<Tensor> xs = inputs(values);
  Tensor y = f(xs);
  std::mt19937 rng(7);
  Tensor weights = f64(randomValues(rng, y.numel(), 0.5, 1.5), y.shape());
  auto loss = [&](const Tensor &out) { return (out.cast(tg::DType::Float64) * weights).sum(); };

  std::vector<Tensor> grads = loss(y).gradient(xs);
  std::ostringstream failures;
  int count = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    if (grads[i].shape() != shapes[i] || grads[i].dtype() != tg::DType::Float64)
      return ::testing::AssertionFailure()
             << "input " << i << ": a gradient of " << grads[i].str() << " for " << xs[i].str();
    std::vector<double> analytic = grads[i].to_vector<double>();
    for (size_t j = 0; j < values[i].size(); ++j) {
      auto at = [&](double delta) {
        std::vector<std::vector<double>> moved = values;
        moved[i][j] += delta;
        return loss(f(inputs(moved))).item<double>();
      };
      double numeric = (at(c.eps) - at(-c.eps)) / (2 * c.eps);
      if (!(std::abs(analytic[j] - numeric) <= c.tol * (1 + std::abs(numeric))) && count++ < 8)
        failures << "\n  input " << i << " element " << j << " (x = " << values[i][j]
                 << "): analytic " << analytic[j] << ", numeric " << numeric;
    }
  }
  if (count)
    return ::testing::AssertionFailure() << count << " gradient elements differ:" << failures.str();
  return ::testing::AssertionSuccess();
}

/// The same at random inputs of `shapes`, drawn from [c.low, c.high].
inline ::testing::AssertionResult gradientsMatch(const Fn &f, const std::vector<Shape> &shapes,
                                          const Check &c = {}) {
  std::mt19937 rng(42);
  std::vector<std::vector<double>> values;
  for (const Shape &shape : shapes)
    values.push_back(randomValues(rng, tg::numel(shape), c.low, c.high));
  return gradientsMatchAt(f, values, shapes, c);
}

inline Check positive() { return Check{0.5, 2.5}; }

inline Check range(double low, double high) { return Check{low, high}; }

} // namespace gradcheck

#endif // TG_TEST_UNIT_GRADCHECK_H
