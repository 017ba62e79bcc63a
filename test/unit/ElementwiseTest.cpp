//===- ElementwiseTest.cpp - inverse trigonometry, tests, losses ----------===//
//
// The elementwise, statistics and loss methods that complete tinygrad's
// API: values against PyTorch (data/make_math_reference.py wrote
// data/math_reference.h), gradients against central differences.
//
//===----------------------------------------------------------------------===//

#include "GradCheck.h"
#include "TensorTestUtil.h"
#include "data/math_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

using namespace tg;
using namespace tensortest;
using namespace mathref;
using gradcheck::Check;
using gradcheck::gradientsMatch;

namespace {

Shape sizeOf(const std::vector<float> &v) { return {int64_t(v.size())}; }
Tensor vec(const std::vector<float> &v) { return F(v, sizeOf(v)); }

TEST(MathMore, PowOfConstants) {
  // tinygrad's identities for a constant exponent (products, a square root,
  // a reciprocal) agree with std::pow; other exponents stay a pow.
  std::vector<float> xs{0.5f, 1.25f, 2.0f, 3.5f};
  for (double y : {0.0, 1.0, 2.0, 3.0, 7.0, 0.5, 2.5, -1.0, -2.0, -1.5, 1.3}) {
    std::vector<float> want;
    for (float x : xs)
      want.push_back(float(std::pow(double(x), y)));
    SCOPED_TRACE("exponent " + std::to_string(y));
    expectClose(vec(xs).pow(y), want, sizeOf(xs), 1e-5, 2e-6);
  }
  // A negative base to a whole power keeps its sign.
  expectClose(vec({-2.0f, -0.5f}).pow(3.0), std::vector<float>{-8, -0.125f}, {2});
  expectEqual(I({-3, 2, 5}, {3}).pow(3.0), std::vector<int32_t>{-27, 8, 125}, {3});
}

TEST(MathMore, PowZeroKeepsNaN) {
  // x^0 is 1 but NaN stays NaN (tinygrad's 1 + x·0).
  expectClose(vec({NAN, -2.0f, 0.0f}).pow(0.0), std::vector<float>{NAN, 1, 1}, {3});
}

TEST(MathMore, InverseTrigonometryAndHyperbolic) {
  Tensor x = vec(kX), u = vec(kUnit), a = vec(kAboveOne);
  // tinygrad's polynomials are within 2e-7 of the functions (asin, and so
  // acos and atan) and 1.5e-7 (erf).
  expectClose(u.asin(), kAsin, sizeOf(kUnit), 1e-6);
  expectClose(u.acos(), kAcos, sizeOf(kUnit), 1e-6);
  expectClose(x.atan(), kAtan, sizeOf(kX), 1e-6);
  expectClose(x.erf(), kErf, sizeOf(kX), 1e-6);
  expectClose(u.atanh(), kAtanh, sizeOf(kUnit), 1e-6, 1e-5);
  expectClose(x.sinh(), kSinh, sizeOf(kX), 1e-6);
  expectClose(x.cosh(), kCosh, sizeOf(kX), 1e-6);
  expectClose(x.asinh(), kAsinh, sizeOf(kX), 1e-6);
  expectClose(a.acosh(), kAcosh, sizeOf(kAboveOne), 1e-6);
  expectClose(a.log10(), kLog10, sizeOf(kAboveOne), 1e-6);
  // Integers compute in the default float.
  Tensor i = I({0, 1, -1}, {3});
  EXPECT_EQ(i.erf().dtype(), DType::Float32);
  EXPECT_EQ(i.asin().dtype(), DType::Float32);
  expectClose(i.atan(), {0, 0.78539816f, -0.78539816f}, {3}, 1e-6);
}

TEST(MathMore, Activations) {
  Tensor x = vec(kX);
  Shape s = sizeOf(kX);
  expectClose(x.gelu("none"), kGeluExact, s, 1e-6);
  expectClose(x.hardswish(), kHardswish, s, 1e-6);
  expectClose(x.hardtanh(), kHardtanh, s, 0, 0);
  expectClose(x.hardtanh(-0.5, 2.0), kHardtanh2, s, 0, 0);
  expectClose(x.celu(), kCelu, s, 1e-6);
  expectClose(x.celu(0.3), kCelu03, s, 1e-6);
  expectClose(x.selu(), kSelu, s, 1e-6);
  expectClose(x.softsign(), kSoftsign, s, 1e-7);
  expectClose(x.logsigmoid(), kLogsigmoid, s, 1e-6);
  expectClose(F({-200, 200}, {2}).logsigmoid(), {-200, 0}, {2}, 1e-6);
  EXPECT_THROW(x.gelu("erf"), Error);
}

/// gelu("tanh") far below 0, where 1 + tanh z cancels (in double as well
/// from x = -7): against x / (1 + e^-2z) in double, relatively.
TEST(MathMore, GeluTanhTail) {
  const std::vector<float> x = {-3, -5, -7, -9};
  std::vector<float> expected;
  for (float v : x) {
    double z = std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v);
    expected.push_back(float(v / (1 + std::exp(-2 * z))));
  }
  expectClose(F(x, {4}).gelu(), expected, {4}, 0, 1e-5);
}

TEST(MathMore, Remainders) {
  expectClose(vec(kFmodA).fmod(vec(kFmodB)), kFmod, sizeOf(kFmodA), 1e-6);
  expectEqual<int32_t>(I({-4, 7, 5, 4, -7, 8}, {6}).fmod(I({2, -3, 8, -2, 3, 5}, {6})), kFmodInt, {6});
  EXPECT_EQ(I({-7}, {1}).fmod(3).dtype(), DType::Int32);
  expectEqual<int32_t>(I({-7, 7}, {2}).fmod(3), {-1, 1}, {2});
  expectClose(F({-7.5f, 7.5f}, {2}).fmod(2.0), {-1.5f, 1.5f}, {2}, 0, 0);
}

TEST(MathMore, CopysignLogaddexpLerp) {
  Tensor a = F({1, -2, 3, -4, 5}, {5});
  expectClose(a.copysign(F({-1, 2, -0.0f, 0.0f, -kInf}, {5})), kCopysign, {5}, 0, 0);
  expectClose(a.copysign(-1.0), {-1, -2, -3, -4, -5}, {5}, 0, 0);
  // Broadcasting: one sign per row.
  expectClose(F({1, -2, 3, -4}, {2, 2}).copysign(F({-1, 1}, {2, 1})), {-1, -2, 3, 4}, {2, 2}, 0, 0);
  expectClose(vec(kX).logaddexp(vec(kLogaddB)), kLogaddexp, sizeOf(kX), 1e-6);
  expectClose(F({1000, -1000}, {2}).logaddexp(1000.0), {1000.6931472f, 1000}, {2}, 1e-3, 0);
  expectClose(F({0, 1, 2, -1}, {4}).lerp(vec(kLerpEnd), vec(kLerpW)), kLerp, {4}, 1e-6);
  expectClose(F({0, 1, 2, -1}, {4}).lerp(vec(kLerpEnd), 0.25), {0.25f, 1.25f, 0.5f, -0.625f}, {4}, 1e-6);
  auto u8 = [](std::vector<int32_t> v) {
    return Tensor::from_vector(v, {int64_t(v.size())}).cast(DType::UInt8);
  };
  Tensor blended = u8({0, 10, 200, 255, 128}).lerp(u8({255, 20, 100, 0, 129}), F({0.5f, 0.3f, 0.9f, 0.25f, 0.1f}, {5}));
  EXPECT_EQ(blended.dtype(), DType::UInt8);
  expectEqual<int32_t>(blended.cast(DType::Int32), kLerpU8, {5});
}

TEST(MathMore, FloatTests) {
  Tensor x = F({1, kInf, 2, -kInf, kNaN}, {5});
  EXPECT_EQ(x.isnan().dtype(), DType::Bool);
  expectEqual<bool>(x.isnan(), {false, false, false, false, true}, {5});
  expectEqual<bool>(x.isinf(), {false, true, false, true, false}, {5});
  expectEqual<bool>(x.isinf(true, false), {false, true, false, false, false}, {5});
  expectEqual<bool>(x.isinf(false, true), {false, false, false, true, false}, {5});
  expectEqual<bool>(x.isinf(false, false), {false, false, false, false, false}, {5});
  expectEqual<bool>(x.isfinite(), {true, false, true, false, false}, {5});
  expectEqual<bool>(I({1, 2}, {2}).isnan(), {false, false}, {2});
  expectEqual<bool>(I({1, 2}, {2}).isfinite(), {true, true}, {2});

  Tensor a = vec(kCloseA), b = vec(kCloseB);
  Shape s = sizeOf(kCloseA);
  auto asInts = [](const Tensor &t) { return t.cast(DType::Int32); };
  expectEqual<int32_t>(asInts(a.isclose(b)), kIsclose, s);
  expectEqual<int32_t>(asInts(a.isclose(b, 1e-5, 1e-8, true)), kIscloseNan, s);
  expectEqual<int32_t>(asInts(a.isclose(b, 0.2, 0.0)), kIscloseLoose, s);
  EXPECT_FALSE(a.allclose(b).item<bool>());
  EXPECT_TRUE(F({1, 2}, {2}).allclose(F({1.000001f, 2}, {2})).item<bool>());
  EXPECT_TRUE(F({1, kNaN}, {2}).allclose(F({1, kNaN}, {2}), 1e-5, 1e-8, true).item<bool>());
  EXPECT_FALSE(F({1, kNaN}, {2}).allclose(F({1, kNaN}, {2})).item<bool>());
  EXPECT_EQ(a.allclose(b).shape(), Shape{});
}

TEST(MathMore, MaskedFillAndBitwiseNot) {
  Tensor t = I({1, 2, 3, 4, 5}, {5});
  Tensor mask = Tensor::from_vector<bool>({true, false, true, false, false}, {5});
  expectEqual<int32_t>(t.masked_fill(mask, -12), {-12, 2, -12, 4, 5}, {5});
  // The mask broadcasts against the rows.
  Tensor rowMask = Tensor::from_vector<bool>({true, false}, {2, 1});
  expectClose(F({1, 2, 3, 4}, {2, 2}).masked_fill(rowMask, F({9}, {1})), {9, 9, 3, 4}, {2, 2}, 0, 0);

  auto ints = [](std::vector<int32_t> v, DType dtype) {
    return Tensor::from_vector(v, {int64_t(v.size())}).cast(dtype);
  };
  Tensor i8 = ints({0, 2, 5, -128, 127}, DType::Int8).bitwise_not();
  EXPECT_EQ(i8.dtype(), DType::Int8);
  expectEqual<int32_t>(i8.cast(DType::Int32), kBitwiseNotI8, {5});
  expectEqual<int32_t>(ints({0, 2, 5, 255}, DType::UInt8).bitwise_not().cast(DType::Int32), kBitwiseNotU8, {4});
  expectEqual<bool>(Tensor::from_vector<bool>({true, false}, {2}).bitwise_not(), {false, true}, {2});
  EXPECT_THROW(F({1}, {1}).bitwise_not(), Error);
}

TEST(MathMore, DtypeShorthands) {
  Tensor x = F({1.5f, -2.25f}, {2});
  EXPECT_EQ(x.half().dtype(), DType::Float16);
  EXPECT_EQ(x.bfloat16().dtype(), DType::BFloat16);
  EXPECT_EQ(x.double_().dtype(), DType::Float64);
  EXPECT_EQ(x.long_().dtype(), DType::Int64);
  EXPECT_EQ(x.short_().dtype(), DType::Int16);
  expectClose(x.half(), {1.5f, -2.25f}, {2}, 0, 0);
  expectEqual<int64_t>(x.long_(), {1, -2}, {2});
  Tensor e = x.empty_like();
  EXPECT_EQ(e.shape(), Shape{2});
  EXPECT_EQ(e.dtype(), DType::Float32);
  EXPECT_EQ(x.empty_like(DType::Int8).dtype(), DType::Int8);
}

TEST(MathMore, Statistics) {
  Tensor s = F(kStats, {2, 3, 4});
  auto [var, mean] = s.var_mean({0, 2}, true);
  expectClose(var, kVarMean02Var, {1, 3, 1}, 1e-6);
  expectClose(mean, kVarMean02Mean, {1, 3, 1}, 1e-6);
  auto [sd, mean1] = s.std_mean(1, false, 0);
  expectClose(sd, kStdMean1Std, {2, 4}, 1e-6);
  expectClose(mean1, kStdMean1Mean, {2, 4}, 1e-6);
  expectClose(s.softmin(), kSoftmin, {2, 3, 4}, 1e-6);
  expectClose(s.softmin(1), kSoftmin1, {2, 3, 4}, 1e-6);
  expectClose(s.normalize(), kNormalize, {2, 3, 4}, 1e-6);
  expectClose(s.normalize(1, -1), kNormalizeP1Last, {2, 3, 4}, 1e-6);
  expectClose(s.normalize(0), kNormalizeP0, {2, 3, 4}, 1e-6);
  // eps bounds the norm of an all-zero slice.
  expectClose(Tensor::zeros({2, 2}).normalize(), {0, 0, 0, 0}, {2, 2}, 0, 0);
}

TEST(MathMore, NllLoss) {
  Tensor logp = F(kNllLogits, {4, 3}).log_softmax(1);
  Tensor y = I({2, 0, 1, 2}, {4});
  Tensor weight = F({0.2f, 1.0f, 3.0f}, {3});
  expectClose(logp.nll_loss(y), kNllMean, {}, 1e-6);
  expectClose(logp.nll_loss(y, Tensor(), std::nullopt, "none"), kNllNone, {4}, 1e-6);
  expectClose(logp.nll_loss(y, weight, std::nullopt, "sum"), kNllSumWeighted, {}, 1e-6);
  expectClose(logp.nll_loss(y, weight), kNllMeanWeighted, {}, 1e-6);
  expectClose(logp.nll_loss(y, Tensor(), 2), kNllMeanIgnore2, {}, 1e-6);
  Tensor logp4 = F(kNll4Logits, {2, 3, 2, 2}).log_softmax(1);
  expectClose(logp4.nll_loss(I({0, 2, 1, 1, 2, 2, 0, 1}, {2, 2, 2})), kNll4Mean, {}, 1e-6);
  EXPECT_THROW(logp.nll_loss(I({0, 1}, {2, 1})), Error);
  EXPECT_THROW(logp.nll_loss(y, Tensor(), std::nullopt, "max"), Error);
}

TEST(MathMore, Replace) {
  Tensor a = F({1, 2}, {2});
  Tensor alias = a;
  a.replace(F({5, 6}, {2}).mul(2.0));
  expectClose(alias, {10, 12}, {2}, 0, 0);
  EXPECT_THROW(a.replace(F({1, 2, 3}, {3})), Error);
}

//===----------------------------------------------------------------------===//
// Gradients against central differences
//===----------------------------------------------------------------------===//

TEST(GradMathMore, Elementwise) {
  Check unit = gradcheck::range(-0.9, 0.9), aboveOne = gradcheck::range(1.2, 3);
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].asin(); }, {{2, 3}}, unit));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].acos(); }, {{2, 3}}, unit));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].atan(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].atanh(); }, {{2, 3}}, unit));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sinh(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cosh(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].asinh(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].acosh(); }, {{2, 3}}, aboveOne));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].erf(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].log10(); }, {{2, 3}}, gradcheck::positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].fmod(x[1]); }, {{2, 3}, {2, 3}}, gradcheck::positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].copysign(x[1]); }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].logaddexp(x[1]); }, {{2, 3}, {3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].lerp(x[1], x[2]); }, {{2, 3}, {2, 3}, {3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].masked_fill(x[1].gt(0), x[2]); }, {{2, 3}, {2, 3}, {1}}));
}

TEST(GradMathMore, Activations) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].gelu("none"); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].hardswish(); }, {{3, 4}}, gradcheck::range(-5, 5)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].hardtanh(-0.5, 1.5); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].celu(0.7); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].selu(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].softsign(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].logsigmoid(); }, {{3, 4}}, gradcheck::range(-6, 6)));
}

// Far in the tails exp2 overflows; the gradients must still be the limits
// (0 for sigmoid and tanh, 0 and 1 for gelu), not 0·∞ = NaN.
TEST(GradMathMore, SaturatedActivationsStayFinite) {
  std::vector<float> x = {-200, -100, -30, 0, 30, 100, 200};
  auto gradientOf = [&](const std::function<Tensor(const Tensor &)> &f) {
    Tensor t = F(x, {7}).requires_grad_();
    return f(t).sum().gradient({t})[0].to_vector<float>();
  };
  std::vector<float> sigmoid = gradientOf([](const Tensor &t) { return t.sigmoid(); });
  std::vector<float> tanh = gradientOf([](const Tensor &t) { return t.tanh(); });
  std::vector<float> gelu = gradientOf([](const Tensor &t) { return t.gelu(); });
  std::vector<float> silu = gradientOf([](const Tensor &t) { return t.silu(); });
  for (size_t i = 0; i < x.size(); ++i) {
    double s = 1 / (1 + std::exp(-double(x[i])));
    EXPECT_NEAR(sigmoid[i], s * (1 - s), 1e-7) << "sigmoid at " << x[i];
    EXPECT_NEAR(tanh[i], 1 - std::tanh(double(x[i])) * std::tanh(double(x[i])), 1e-7) << "tanh at " << x[i];
    EXPECT_NEAR(gelu[i], x[i] > 0 ? 1 : x[i] < 0 ? 0 : 0.5, 1e-6) << "gelu at " << x[i];
    EXPECT_NEAR(silu[i], x[i] > 0 ? 1 : x[i] < 0 ? 0 : 0.5, 1e-6) << "silu at " << x[i];
  }
}

TEST(GradMathMore, StatisticsAndLoss) {
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        auto [var, mean] = x[0].var_mean(1);
        return var + mean;
      },
      {{3, 4}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        auto [sd, mean] = x[0].std_mean({0, 2}, true, 0);
        return sd * mean;
      },
      {{2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].softmin(0); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].normalize(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].normalize(3, 0); }, {{3, 4}}, gradcheck::positive()));
  Tensor y = Tensor::from_vector<int32_t>({2, 0, 1}, {3});
  Tensor weight = Tensor::from_vector<double>({0.5, 1.0, 2.0}, {3});
  EXPECT_TRUE(gradientsMatch([&](auto x) { return x[0].log_softmax(1).nll_loss(y, weight); }, {{3, 3}}));
  EXPECT_TRUE(gradientsMatch([&](auto x) { return x[0].nll_loss(y, Tensor(), 0, "sum"); }, {{3, 3}}));
}

} // namespace
