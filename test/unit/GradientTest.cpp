//===- GradientTest.cpp - autograd against finite differences -------------===//
//
// Every gradient rule, and every differentiable Tensor method, is checked
// against central differences in float64; then what backward() and
// gradient() promise beyond the numbers: accumulation, detach and NoGrad,
// ties, zeros, errors, laziness.
//
//===----------------------------------------------------------------------===//

#include "tg/Tensor/Tensor.h"
#include "tg/Tensor/nn.h"

// For the primitives no Tensor method builds on a float's path (mulacc,
// cdiv, cmod, threefry).
#include "../../lib/Tensor/Graph.h"

#include "GradCheck.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <sstream>

using namespace tg;
using namespace gradcheck;

namespace {

std::vector<double> values(const Tensor &t) { return t.to_vector<double>(); }

//===----------------------------------------------------------------------===//
// One rule per primitive op
//===----------------------------------------------------------------------===//

TEST(GradPrimitive, Unary) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].exp2(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].log2(); }, {{2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sin(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sqrt(); }, {{2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].reciprocal(); }, {{2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].neg(); }, {{2, 3}}));
  // Zero almost everywhere; the product keeps the check from being empty.
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].trunc() * x[0]; }, {{2, 3}}));
}

TEST(GradPrimitive, Binary) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] + x[1]; }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] - x[1]; }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] * x[1]; }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] / x[1]; }, {{2, 3}, {2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].maximum(x[1]); }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].pow(x[1]); }, {{2, 3}, {2, 3}}, positive()));
  // The same tensor on both sides: the two gradients add up.
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] * x[0]; }, {{4}}));
}

TEST(GradPrimitive, BinaryBroadcasting) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] + x[1]; }, {{2, 3}, {3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] * x[1]; }, {{2, 1, 3}, {4, 1}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] / x[1]; }, {{3, 1}, {1, 2}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].maximum(x[1]); }, {{2, 3}, {}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].pow(x[1]); }, {{2, 3}, {1, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0] * 3.0 - 2.0 / x[0]; }, {{5}}, positive()));
}

TEST(GradPrimitive, ComparisonsAndWhere) {
  // The comparison itself has no gradient; where routes g to one side.
  EXPECT_TRUE(gradientsMatch([](auto x) { return (x[0] < x[1]).where(x[0] * 2, x[1] * x[1]); },
                             {{3, 4}, {3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].ne(x[1]).where(x[0], x[1]); }, {{6}, {6}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].eq(x[1]).where(x[0], -x[1]); }, {{6}, {6}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return (x[0] > 0).where(x[0], x[1]); }, {{2, 3}, {3}}));
  // The condition also inside a reduction in a branch.
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        Tensor r = (x[0] > 0).where(x[0], x[0].zeros_like());
        return r * r.sum();
      },
      {{2, 3}}));
}

TEST(GradPrimitive, MulAcc) {
  auto mulacc = [](auto x) {
    return wrap(graph::mulacc(nodeOf(x[0]), nodeOf(x[1]), nodeOf(x[2])));
  };
  EXPECT_TRUE(gradientsMatch(mulacc, {{2, 3}, {2, 3}, {2, 3}}));
}

TEST(GradPrimitive, Cast) {
  // Through float32 and back: the step must be large enough for float32.
  Check coarse;
  coarse.eps = 1e-2;
  coarse.tol = 1e-4;
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return (x[0].cast(DType::Float32) * 3).cast(DType::Float64); }, {{2, 3}}, coarse));
  // The gradient comes back in the source's dtype.
  Tensor x = f64({1, 2}, {2});
  Tensor g = x.cast(DType::Float32).sum().gradient({x})[0];
  EXPECT_EQ(g.dtype(), DType::Float64);
  EXPECT_EQ(values(g), (std::vector<double>{1, 1}));
}

TEST(GradPrimitive, NotDifferentiable) {
  // Bitcasts, integer division and remainder, bitwise ops and shifts pass
  // nothing back, so x gets zeros.
  Tensor x = f64({1.5, -2.5, 3.25}, {3});
  Tensor i = x.cast(DType::Int64);
  std::vector<Tensor> paths = {
      x.bitcast(DType::Int64).cast(DType::Float64),
      i.floordiv(Tensor::from_vector<int64_t>({2, 2, 2}, {3})).cast(DType::Float64),
      i.mod(Tensor::from_vector<int64_t>({2, 2, 2}, {3})).cast(DType::Float64),
      i.bitwise_and(i).cast(DType::Float64),
      i.bitwise_or(i).cast(DType::Float64),
      i.bitwise_xor(i).cast(DType::Float64),
      i.lshift(1).cast(DType::Float64),
      i.rshift(1).cast(DType::Float64),
  };
  // The primitives no Tensor method builds on floats' paths.
  for (Op op : {Op::CDiv, Op::CMod})
    paths.push_back(wrap(graph::binary(op, nodeOf(i), nodeOf(i))).cast(DType::Float64));
  Tensor u = x.cast(DType::UInt64);
  paths.push_back(wrap(graph::binary(Op::Threefry, nodeOf(u), nodeOf(u))).cast(DType::Float64));
  for (const Tensor &p : paths)
    EXPECT_EQ(values(p.sum().gradient({x})[0]), (std::vector<double>{0, 0, 0}));
  // A cast to an integer passes the gradient straight through, as in
  // tinygrad (finite differences would say 0 here).
  EXPECT_EQ(values(i.cast(DType::Float64).sum().gradient({x})[0]), (std::vector<double>{1, 1, 1}));
}

TEST(GradPrimitive, Movement) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].reshape({3, 2}) * x[0].reshape({3, 2}).flip(0); },
                             {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].permute({2, 0, 1}) * x[1]; }, {{2, 3, 4}, {4, 2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].expand({4, 2, 3}) * x[1]; }, {{2, 1}, {4, 2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].pad({{1, 2}, {0, 1}}) * x[1]; }, {{2, 3}, {5, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].pad({{1, 0}}, 5.0) * x[0].pad({{1, 0}}); }, {{3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].shrink({{1, 3}, {0, 2}}) * x[1]; }, {{4, 3}, {2, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].flip({0, 2}) * x[1]; }, {{2, 3, 2}, {2, 3, 2}}));
}

TEST(GradPrimitive, MovementChains) {
  // pad → permute → shrink, with a product so the gradient depends on x.
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        Tensor y = x[0].pad({{1, 1}, {2, 0}}).permute({1, 0}).shrink({{1, 5}, {0, 3}});
        return y * y;
      },
      {{3, 4}}));
  // expand → reduce: broadcast, then summed over other axes.
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return (x[0].reshape({1, 3, 1}).expand({2, 3, 4}) * x[1]).sum({0, 1}); },
      {{3}, {2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return x[0].flip(1).reshape({6}).flip(0).shrink({{1, 5}}) * x[0].reshape({6}).shrink({{0, 4}}); },
      {{2, 3}}));
}

TEST(GradPrimitive, Reductions) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sum(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sum({0, 2}) * x[0].sum(1, true).sum(); }, {{2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].max({0, 2}); }, {{2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].max(1, true) * x[0]; }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].prod({1, 2}); }, {{2, 3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].prod(); }, {{2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].min(0); }, {{4, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].minimum(x[1]); }, {{4, 3}, {3}}));
}

TEST(GradPrimitive, ScheduleOps) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].contiguous() * x[0]; }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].contiguous_backward() * x[0]; }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].clone() * x[0]; }, {{2, 3}}));
  // An assign's gradient goes to the value written.
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        Tensor t = Tensor::empty({2, 3}, DType::Float64);
        t.assign(x[0] * x[0]);
        return t * x[1];
      },
      {{2, 3}, {2, 3}}));
}

//===----------------------------------------------------------------------===//
// Exact edge cases of the rules
//===----------------------------------------------------------------------===//

TEST(GradEdge, MaxTiesSplitEvenly) {
  Tensor x = f64({1, 3, 3, 2}, {4});
  EXPECT_EQ(values(x.max().gradient({x})[0]), (std::vector<double>{0, 0.5, 0.5, 0}));
  Tensor m = f64({5, 5, 5, 1, 2, 2}, {2, 3});
  EXPECT_EQ(values(m.max(1).sum().gradient({m})[0]),
            (std::vector<double>{1.0 / 3, 1.0 / 3, 1.0 / 3, 0, 0.5, 0.5}));
  Tensor a = f64({1, 2, 3}, {3}), b = f64({1, 5, 0}, {3});
  std::vector<Tensor> g = a.maximum(b).sum().gradient({a, b});
  EXPECT_EQ(values(g[0]), (std::vector<double>{0.5, 0, 1}));
  EXPECT_EQ(values(g[1]), (std::vector<double>{0.5, 1, 0}));
}

TEST(GradEdge, PowAtBaseZero) {
  Tensor b = f64({0, 0, 0, 0, 2}, {5}), e = f64({2, 0, -1, 0.5, 0}, {5});
  std::vector<Tensor> g = b.pow(e).sum().gradient({b, e});
  std::vector<double> db = values(g[0]), de = values(g[1]);
  // d/db: e·b^(e−1) = 0 at e = 2; 0 for e = 0 (not 0·inf); inf for e = −1.
  EXPECT_EQ(db[0], 0);
  EXPECT_EQ(db[1], 0);
  EXPECT_TRUE(std::isinf(db[2]));
  EXPECT_EQ(db[4], 0);
  // d/de at b = 0: 0 for e ≥ 0, −inf for e < 0; elsewhere y·ln b.
  EXPECT_EQ(de[0], 0);
  EXPECT_EQ(de[1], 0);
  EXPECT_EQ(de[2], -INFINITY);
  EXPECT_EQ(de[3], 0);
  EXPECT_NEAR(de[4], std::log(2.0), 1e-12);
}

TEST(GradEdge, ProdWithZeros) {
  Tensor one = f64({2, 0, 3, 4}, {4});
  EXPECT_EQ(values(one.prod().gradient({one})[0]), (std::vector<double>{0, 24, 0, 0}));
  Tensor two = f64({0, 2, 0, 3}, {4});
  EXPECT_EQ(values(two.prod().gradient({two})[0]), (std::vector<double>{0, 0, 0, 0}));
  // Per row: no zero, one zero, two zeros.
  Tensor rows = f64({2, 3, 0, 5, 0, 0}, {3, 2});
  EXPECT_EQ(values(rows.prod(1).sum().gradient({rows})[0]),
            (std::vector<double>{3, 2, 5, 0, 0, 0}));
}

//===----------------------------------------------------------------------===//
// backward() and gradient()
//===----------------------------------------------------------------------===//

TEST(GradApi, BackwardFillsGrad) {
  Tensor x = f64({1, 2, 3}, {3});
  x.requires_grad_();
  Tensor w = f64({4, 5, 6}, {3});
  EXPECT_FALSE(x.grad().defined());
  (x * w).sum().backward();
  EXPECT_EQ(values(x.grad()), (std::vector<double>{4, 5, 6}));
  EXPECT_FALSE(w.grad().defined()); // it did not ask
}

TEST(GradApi, BackwardAccumulates) {
  Tensor x = f64({1, 2}, {2});
  x.requires_grad_();
  (x * x).sum().backward();
  Tensor first = x.grad();
  (x * 3.0).sum().backward();
  EXPECT_EQ(values(x.grad()), (std::vector<double>{5, 7}));
  // Added into the same tensor, as tinygrad's assign does.
  EXPECT_EQ(first.impl(), x.grad().impl());
  x.set_grad(Tensor());
  x.sum().backward();
  EXPECT_EQ(values(x.grad()), (std::vector<double>{1, 1}));
}

TEST(GradApi, AccumulationKeepsTensorsApart) {
  // add gives both sources the same gradient; adding into one must not
  // change the other.
  Tensor x = f64({1, 2}, {2}), y = f64({3, 4}, {2});
  x.requires_grad_();
  y.requires_grad_();
  (x + y).sum().backward();
  (x * 2.0 + y).sum().backward();
  EXPECT_EQ(values(x.grad()), (std::vector<double>{3, 3}));
  EXPECT_EQ(values(y.grad()), (std::vector<double>{2, 2}));
}

TEST(GradApi, BackwardWithSeed) {
  Tensor x = f64({1, 2, 3, 4}, {2, 2});
  x.requires_grad_();
  (x * x).backward(f64({1, 0, 2, 1}, {2, 2}));
  EXPECT_EQ(values(x.grad()), (std::vector<double>{2, 0, 12, 8}));
}

TEST(GradApi, BackwardOnlyReachesTheGraph) {
  Tensor x = f64({1, 2}, {2}), other = f64({3, 4}, {2});
  x.requires_grad_();
  other.requires_grad_();
  x.sum().backward();
  EXPECT_TRUE(x.grad().defined());
  EXPECT_FALSE(other.grad().defined());
}

TEST(GradApi, AskingTwiceCountsOnce) {
  Tensor x = f64({1, 2}, {2});
  x.requires_grad_();
  x.requires_grad_();
  Tensor alias = x; // the same tensor
  alias.requires_grad_();
  x.sum().backward();
  EXPECT_EQ(values(x.grad()), (std::vector<double>{1, 1}));
}

TEST(GradApi, BackwardIsLazy) {
  Tensor x = f64({1, 2, 3}, {3});
  x.requires_grad_();
  Tensor loss = (x.sin() * x).sum();
  uint64_t runs = stats().runs;
  loss.backward();
  EXPECT_EQ(stats().runs, runs);
  EXPECT_FALSE(x.grad().is_realized());
  EXPECT_FALSE(loss.is_realized());
}

TEST(GradApi, RealizedTensorsAreLeaves) {
  // Realizing a tensor replaces its graph with a buffer (as in tinygrad),
  // so gradients stop there: realize after backward, not before.
  Tensor x = f64({1, 2}, {2});
  Tensor y = x * x;
  Tensor loss = (y * 2.0).sum();
  EXPECT_EQ(values(loss.gradient({x})[0]), (std::vector<double>{4, 8}));
  y.realize();
  std::vector<Tensor> g = loss.gradient({x, y});
  EXPECT_EQ(values(g[0]), (std::vector<double>{0, 0}));
  EXPECT_EQ(values(g[1]), (std::vector<double>{2, 2}));
  // Also where the op has a gradient rule of its own (relu, sigmoid, a
  // convolution): realized, its result no longer reaches its inputs.
  Tensor a = f64({-1, 2}, {2});
  for (Tensor b : {a.relu(), a.sigmoid(), a.reshape({1, 1, 2}).conv2d(f64({3}, {1, 1, 1}))}) {
    Tensor sum = b.sum();
    b.realize();
    EXPECT_EQ(values(sum.gradient({a})[0]), (std::vector<double>{0, 0}));
  }
}

TEST(GradApi, DetachStops) {
  Tensor x = f64({1, 2, 3}, {3});
  EXPECT_EQ(values((x.detach() * x).sum().gradient({x})[0]), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(values(x.detach().sum().gradient({x})[0]), (std::vector<double>{0, 0, 0}));
}

TEST(GradApi, NoGradStops) {
  Tensor x = f64({1, 2, 3}, {3});
  x.requires_grad_();
  Tensor y;
  {
    NoGrad off;
    y = x * x;
  }
  EXPECT_EQ(values((y * x).sum().gradient({x})[0]), (std::vector<double>{1, 4, 9}));
  (y * x).sum().backward();
  EXPECT_EQ(values(x.grad()), (std::vector<double>{1, 4, 9}));
  // A tensor made under NoGrad can still be a target itself.
  Tensor w;
  {
    NoGrad off;
    w = f64({1, 1}, {2}) * 2.0;
  }
  EXPECT_EQ(values((w * w).sum().gradient({w})[0]), (std::vector<double>{4, 4}));
}

TEST(GradApi, SeveralTargets) {
  Tensor a = f64({1, 2}, {2}), b = f64({3, 4}, {2}), c = f64({5, 6}, {2});
  Tensor ab = a * b;
  std::vector<Tensor> g = (ab * c + a).sum().gradient({a, b, c, ab});
  EXPECT_EQ(values(g[0]), (std::vector<double>{16, 25}));
  EXPECT_EQ(values(g[1]), (std::vector<double>{5, 12}));
  EXPECT_EQ(values(g[2]), (std::vector<double>{3, 8}));
  EXPECT_EQ(values(g[3]), (std::vector<double>{5, 6}));
}

TEST(GradApi, UnreachedTargetGetsZeros) {
  // As tinygrad: zeros, not an error.
  Tensor x = f64({1, 2}, {2}), unrelated = f64({1, 2, 3}, {3});
  Tensor g = x.sum().gradient({unrelated})[0];
  EXPECT_EQ(g.shape(), (Shape{3}));
  EXPECT_EQ(values(g), (std::vector<double>{0, 0, 0}));
}

TEST(GradApi, RootIsTarget) {
  Tensor x = f64({1, 2}, {2});
  EXPECT_EQ(values(x.gradient({x}, f64({3, 4}, {2}))[0]), (std::vector<double>{3, 4}));
}

TEST(GradApi, SecondOrder) {
  // d/dx (d/dx x³) = 6x.
  Tensor x = f64({1, 2, -1}, {3});
  Tensor dx = (x * x * x).sum().gradient({x})[0];
  EXPECT_EQ(values(dx.sum().gradient({x})[0]), (std::vector<double>{6, 12, -6}));
}

TEST(GradApi, OtherFloats) {
  Tensor x = Tensor::from_vector<float>({1, 2}, {2});
  x.requires_grad_();
  (x * x).sum().backward();
  EXPECT_EQ(x.grad().dtype(), DType::Float32);
  EXPECT_EQ(x.grad().to_vector<float>(), (std::vector<float>{2, 4}));
  // Halves: the expand's gradient sums in float32 and comes back in half.
  Tensor h = Tensor::from_vector<float>({1, 2}, {2, 1}, DType::Float16);
  h.requires_grad_();
  (h.expand({2, 3}) * h).sum().backward();
  EXPECT_EQ(h.grad().dtype(), DType::Float16);
  EXPECT_EQ(h.grad().to_vector<float>(), (std::vector<float>{6, 12}));
}

TEST(GradApi, BackwardBehindDetachGivesZeros) {
  // As tinygrad: a tensor the root depends on only through a detach gets
  // a gradient of zeros.
  Tensor base = f64({1, 2}, {2});
  base.requires_grad_();
  Tensor x = base.detach().clone();
  x.requires_grad_();
  (x * 2.0).sum().backward();
  EXPECT_EQ(values(x.grad()), (std::vector<double>{2, 2}));
  EXPECT_EQ(values(base.grad()), (std::vector<double>{0, 0}));
}

TEST(GradApi, Errors) {
  Tensor x = f64({1, 2}, {2});
  // A root that is not a scalar needs a gradient to start from...
  EXPECT_THROW(x.backward(), Error);
  EXPECT_THROW(x.gradient({x}), Error);
  // ...of its shape.
  EXPECT_THROW(x.backward(f64({1, 2, 3}, {3})), Error);
  // Only floats have gradients.
  Tensor i = Tensor::from_vector<int32_t>({1, 2}, {2});
  EXPECT_THROW(i.requires_grad_(), Error);
  EXPECT_FALSE(i.requires_grad());
  EXPECT_THROW(i.sum().backward(), Error);
  EXPECT_THROW(x.sum().gradient({i}), Error);
  EXPECT_THROW(Tensor().backward(), Error);
  // A root made under NoGrad has no gradient to give.
  Tensor y;
  {
    NoGrad off;
    y = (x * x).sum();
  }
  EXPECT_THROW(y.backward(), Error);
}

//===----------------------------------------------------------------------===//
// The composite Tensor methods, through the rules of their primitives
//===----------------------------------------------------------------------===//

Tensor i64(const std::vector<int64_t> &values, Shape shape) {
  return Tensor::from_vector<int64_t>(values, std::move(shape));
}

TEST(GradMath, Elementwise) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].exp(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].log(); }, {{2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cos(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].tan(); }, {{2, 3}}, range(-1.2, 1.2)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].rsqrt(); }, {{2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].square(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].abs(); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].pow(3.0); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].pow(-1.5); }, {{2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].clip(-0.5, 1.0); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].clamp(std::nullopt, 0.3); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].maximum(0.2) + x[0].minimum(-0.4); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return 1.0 / x[0] - x[0] / 3.0 + (2.0 - x[0]) * 0.5; }, {{4}},
                             positive()));
  // Piecewise constant: zero gradients (times x, so that the check has
  // something to compare).
  for (Fn step : std::vector<Fn>{[](auto x) { return x[0].floor(); }, [](auto x) { return x[0].ceil(); },
                                 [](auto x) { return x[0].round(); }, [](auto x) { return x[0].sign(); },
                                 [](auto x) { return x[0].floordiv(x[1]); }})
    EXPECT_TRUE(gradientsMatch([&](auto x) { return step(x) * x[0]; }, {{2, 3}, {2, 3}}, positive()));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].mod(x[1]); }, {{2, 3}, {2, 3}}, positive()));
}

TEST(GradMath, Activations) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].relu(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].relu6(); }, {{3, 4}}, range(-3, 9)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sigmoid(); }, {{3, 4}}, range(-4, 4)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].hardsigmoid(); }, {{3, 4}}, range(-5, 5)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].tanh(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].leaky_relu(0.1); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].elu(0.7); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].gelu(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].quick_gelu(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].silu(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].swish(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].softplus(); }, {{3, 4}}, range(-4, 4)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].softplus(2.5); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].mish(); }, {{3, 4}}));
}

TEST(GradReduce, Statistics) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].mean(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].mean({0, 2}, true); }, {{2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].var(1); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].var({0, 2}, false, 0); }, {{2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].std(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].std(0, true, 0); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cumsum(1); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cumsum(0); }, {{5}}));
}

TEST(GradReduce, Softmax) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].softmax(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].softmax(0); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].log_softmax(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].log_softmax(1); }, {{2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].logsumexp(1); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].logsumexp({0, 2}, true); }, {{2, 3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].logsumexp(); }, {{3, 4}}));
}

TEST(GradMovement, Views) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].transpose(0, 2) * x[1]; }, {{2, 3, 4}, {4, 3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].T() * x[1]; }, {{2, 3}, {3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].flatten(1) * x[1]; }, {{2, 3, 2}, {2, 6}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].unflatten(1, {2, 3}) * x[1]; }, {{2, 6}, {2, 2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].squeeze(1).unsqueeze(0) * x[1]; }, {{3, 1, 2}, {1, 3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].view({6}) * x[0].view({6}).flip(0); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].repeat({2, 3}) * x[1]; }, {{2, 2}, {4, 6}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].repeat({2, 1, 2}); }, {{2, 3}}));
}

TEST(GradMovement, JoinAndSplit) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return Tensor::cat({x[0], x[1] * x[1], x[0]}, 1); },
                             {{2, 3}, {2, 1}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return Tensor::stack({x[0], x[1].sin()}, 1); }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        std::vector<Tensor> parts = x[0].split(2, 1);
        return parts[0] * parts[1] + parts[2].sum();
      },
      {{3, 5}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        std::vector<Tensor> parts = x[0].split({1, 3}, 0);
        return parts[1] * parts[0];
      },
      {{4, 2}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        std::vector<Tensor> parts = x[0].chunk(3, 0);
        return parts[0] - parts[2] * parts[1];
      },
      {{6, 2}}));
}

TEST(GradMovement, Indexing) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0][1] * x[0][2]; }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0][-1].sum() * x[0]; }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return x[0].slice({Slice{1, std::nullopt, 1}, Slice{std::nullopt, std::nullopt, 2}}); },
      {{3, 5}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return x[0].slice({Slice{std::nullopt, std::nullopt, -1}, Slice{3, 0, -2}}); },
      {{3, 5}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return x[0].gather(1, i64({0, 2, 2, 1, 0, 0}, {2, 3})); }, {{2, 4}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return x[0].gather(0, i64({1, 0, 1, 1}, {2, 2})) * x[0].shrink({{0, 2}, {0, 2}}); },
      {{3, 2}}));
}

TEST(GradNN, Matmul) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].dot(x[1]); }, {{4}, {4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].matmul(x[1]); }, {{2, 3}, {3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].matmul(x[1]); }, {{3}, {3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].matmul(x[1]); }, {{2, 3}, {3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].matmul(x[1]); }, {{2, 2, 3}, {3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].matmul(x[1]); }, {{2, 1, 2, 3}, {3, 3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].linear(x[1], x[2]); }, {{2, 3}, {3, 4}, {4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].linear(x[1]); }, {{2, 3}, {3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].linear(x[1], x[2]); }, {{2, 3}, {3}, {3}}));
}

TEST(GradNN, Conv2d) {
  auto conv = [](int64_t groups, std::vector<int64_t> stride, std::vector<int64_t> dilation,
                 std::vector<int64_t> padding) {
    return [=](auto x) { return x[0].conv2d(x[1], x[2], groups, stride, dilation, padding); };
  };
  // Ungrouped and undilated: the convolution's own gradient rule (two
  // convolutions), unpadded, padded, padded unevenly (PyTorch's flat order:
  // left, right, top, bottom) and in 1-d; strided, with the windows
  // covering the padded input, leaving its last row and column, and padded
  // by more than the kernel (k - 1 - p < 0: the spread gradient is cropped).
  EXPECT_TRUE(gradientsMatch(conv(1, {1}, {1}, {0}), {{1, 2, 4, 4}, {3, 2, 2, 2}, {3}}));
  EXPECT_TRUE(gradientsMatch(conv(1, {1}, {1}, {1}), {{2, 3, 5, 4}, {4, 3, 3, 2}, {4}}));
  EXPECT_TRUE(gradientsMatch(conv(1, {1}, {1}, {1, 0, 2, 1}), {{2, 2, 4, 5}, {3, 2, 3, 3}, {3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].conv2d(x[1], x[2], 1, {1}, {1}, {2}); },
                             {{2, 3, 7}, {2, 3, 3}, {2}}));
  EXPECT_TRUE(gradientsMatch(conv(1, {2}, {1}, {1}), {{2, 1, 5, 5}, {2, 1, 3, 3}, {2}}));
  EXPECT_TRUE(gradientsMatch(conv(1, {2, 3}, {1}, {1, 0, 0, 1}), {{1, 2, 6, 7}, {2, 2, 3, 3}, {2}}));
  EXPECT_TRUE(gradientsMatch(conv(1, {2}, {1}, {2}), {{1, 1, 4, 4}, {2, 1, 2, 2}, {2}}));
  // Stride 2 by phases: the center tap's weights, copied channels-last in
  // vectors of 8, are a strided copy the kernel must do itself (memrefCopy
  // is nowhere to link).
  EXPECT_TRUE(gradientsMatch(conv(1, {2}, {1}, {1}), {{1, 8, 6, 6}, {16, 8, 3, 3}, {16}}));
  // Dilated or grouped: through the primitives' rules.
  EXPECT_TRUE(gradientsMatch(conv(1, {1, 2}, {2, 1}, {1, 0}), {{1, 2, 5, 4}, {2, 2, 2, 2}, {2}}));
  EXPECT_TRUE(gradientsMatch(conv(2, {1}, {1}, {1}), {{1, 4, 3, 3}, {2, 2, 2, 2}, {2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].conv2d(x[1]); }, {{1, 1, 3, 3}, {1, 1, 2, 2}}));
  // A 1-d convolution.
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].conv2d(x[1], Tensor(), 1, {2}, {1}, {1}); },
                             {{1, 2, 6}, {3, 2, 3}}));
}

TEST(GradNN, ConvTranspose2d) {
  auto convT = [](int64_t groups, std::vector<int64_t> stride, std::vector<int64_t> dilation,
                  std::vector<int64_t> padding, std::vector<int64_t> outputPadding) {
    return [=](auto x) {
      return x[0].conv_transpose2d(x[1], x[2], groups, stride, dilation, padding, outputPadding);
    };
  };
  EXPECT_TRUE(gradientsMatch(convT(1, {1}, {1}, {0}, {0}), {{1, 2, 3, 3}, {2, 3, 2, 2}, {3}}));
  EXPECT_TRUE(gradientsMatch(convT(1, {2}, {1}, {1}, {1}), {{1, 1, 3, 3}, {1, 2, 3, 3}, {2}}));
  EXPECT_TRUE(gradientsMatch(convT(2, {2, 1}, {1, 2}, {0}, {0}), {{1, 4, 2, 3}, {4, 1, 2, 2}, {2}}));
}

TEST(GradNN, Pooling) {
  // Windows that do not overlap (the kernel no larger than the stride)
  // are cut by reshapes; overlapping ones by the repeat trick.
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].max_pool2d(); }, {{1, 2, 4, 4}}));
  // 16-wide rows: the CPU computes the gradient in blocks of 4 window pairs.
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].max_pool2d(); }, {{1, 2, 8, 16}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].max_pool2d({2}, std::vector<int64_t>{3}); },
                             {{1, 2, 7, 5}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].max_pool2d({3}, std::vector<int64_t>{2}, {1}, {1}); },
                             {{1, 1, 5, 5}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].max_pool2d({2, 2}, std::vector<int64_t>{1}, {2}); },
                             {{1, 1, 5, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].avg_pool2d(); }, {{1, 2, 4, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].avg_pool2d({3}, std::vector<int64_t>{2}, {1}, {1}); },
                             {{1, 1, 5, 5}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].avg_pool2d({2, 3}, std::vector<int64_t>{1, 2}); },
                             {{2, 1, 4, 5}}));
}

/// What DEBUG=2 prints while `run` runs: a line per kernel launched.
std::string launchLog(const std::function<void()> &run) {
  setenv("DEBUG", "2", 1);
  testing::internal::CaptureStderr();
  run();
  std::string log = testing::internal::GetCapturedStderr();
  unsetenv("DEBUG");
  return log;
}

// Overlapping windows (3x3, stride 2: ResNet's max pool) get their
// gradient phase by phase, elementwise sums of their taps' shares:
// differentiating the windows' repeat trick instead makes a reduction over
// every repeat of the input, indexed through divs and mods (1.4 s for
// ResNet's 16x64x112x112, 37 ms this way). The values are checked above and
// against a reference in ConvSweep.Pool; here, the kernels that compute
// them (DEBUG=2 lists them).
TEST(GradNN, OverlappingPoolWindowsGradientIsElementwise) {
  Tensor x = Tensor::rand({2, 3, 14, 10}).realize();
  Tensor g = Tensor::rand({2, 3, 7, 5}).realize();
  for (bool max : {true, false}) {
    SCOPED_TRACE(max ? "max_pool2d" : "avg_pool2d");
    auto pooled = [&](const Tensor &t) {
      std::vector<int64_t> stride{2};
      return max ? t.max_pool2d({3}, stride, {1}, {1}) : t.avg_pool2d({3}, stride, {1}, {1});
    };
    std::string log = launchLog([&] { pooled(x).mul(g).sum().gradient({x})[0].realize(); });
    EXPECT_NE(log.find(" E_2_3_14_10 "), std::string::npos) << log;
    EXPECT_EQ(log.find(" r_2_3_14_10"), std::string::npos) << log;
  }
}

// A ReLU's gradient masks by its result (y > 0, which is x > 0 for every
// x): the backward pass reads y, which the layers after keep anyway, so its
// input x is needed by nothing else: a convolution before it computes the
// ReLU in the convolution's kernel, with no kernel for the ReLU nor a
// buffer for x.
TEST(GradNN, ReluAfterConvolutionFusesIntoIt) {
  Tensor x = Tensor::rand({2, 3, 8, 8}).realize();
  Tensor w = Tensor::rand({4, 3, 3, 3}).realize();
  Tensor g = Tensor::rand({2, 4, 6, 6}).realize();
  Tensor y = x.conv2d(w).relu();
  std::vector<Tensor> grads = y.mul(g).sum().gradient({x, w});
  std::string log = launchLog([&] { Tensor::realize({y, grads[0], grads[1]}); });
  // (Vulkan runs the convolution in two stages, r_2_4_6_6_3_3_3s0 and s1.)
  EXPECT_NE(log.find(" r_2_4_6_6_3_3_3"), std::string::npos) << log;
  EXPECT_EQ(log.find(" E_2_4_6_6 "), std::string::npos) << log;
  // Its values, against finite differences.
  EXPECT_TRUE(gradientsMatch([](auto t) { return t[0].conv2d(t[1]).relu(); },
                             {{1, 2, 5, 5}, {3, 2, 3, 3}}));
}

TEST(GradNN, Normalization) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].layernorm(); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].layernorm({1, 2}, 1e-3); }, {{2, 3, 4}}));
  Check invstd = range(0.5, 2);
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].batchnorm(x[1], x[2], x[3], x[4].abs()); },
                             {{2, 3, 2, 2}, {3}, {3}, {3}, {3}}, invstd));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].batchnorm(Tensor(), Tensor(), x[1], x[2]); },
                             {{4, 3}, {3}, {3}}, invstd));
}

TEST(GradNN, Attention) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].scaled_dot_product_attention(x[1], x[2]); },
                             {{2, 3, 4}, {2, 5, 4}, {2, 5, 2}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return x[0].scaled_dot_product_attention(x[1], x[2], Tensor(), 0, true); },
      {{1, 4, 3}, {1, 4, 3}, {1, 4, 3}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        Tensor mask = Tensor::from_vector<bool>({true, false, true, true, true, false}, {2, 3});
        return x[0].scaled_dot_product_attention(x[1], x[2], mask);
      },
      {{2, 2, 3}, {2, 3, 3}, {2, 3, 2}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return x[0].scaled_dot_product_attention(x[1], x[2], x[3]); },
      {{2, 3}, {4, 3}, {4, 2}, {2, 4}}));
}

TEST(GradNN, Dropout) {
  // The same mask every evaluation: the seed is set before each draw.
  Tensor::training = true;
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        Tensor::manual_seed(3);
        return x[0].dropout(0.4) * x[0];
      },
      {{4, 5}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        Tensor::manual_seed(5);
        return x[0].scaled_dot_product_attention(x[1], x[2], Tensor(), 0.3);
      },
      {{2, 3, 4}, {2, 5, 4}, {2, 5, 2}}));
  Tensor::training = false;
}

TEST(GradLoss, CrossEntropy) {
  Tensor classes = i64({2, 0, 1}, {3});
  EXPECT_TRUE(gradientsMatch([&](auto x) { return x[0].cross_entropy(classes); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([&](auto x) { return x[0].cross_entropy(classes, "sum", 0.2); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([&](auto x) { return x[0].cross_entropy(classes, "none"); }, {{3, 4}}));
  // Probabilities as targets, differentiated too.
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cross_entropy(x[1].softmax()); }, {{3, 4}, {3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cross_entropy(i64({1}, {}).reshape({})); }, {{4}}));
}

TEST(GradLoss, SparseCategorical) {
  Tensor classes = i64({2, 0, 1, 3}, {4});
  EXPECT_TRUE(gradientsMatch([&](auto x) { return x[0].sparse_categorical_crossentropy(classes); },
                             {{4, 4}}));
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) { return x[0].sparse_categorical_crossentropy(classes, 0, 0.1); }, {{4, 4}}));
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) { return x[0].sparse_categorical_crossentropy(classes, -1, 0, "sum"); }, {{4, 4}}));
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) { return x[0].sparse_categorical_crossentropy(classes.reshape({2, 2}), 3); },
      {{2, 2, 4}}));
}

TEST(GradLoss, Binary) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].binary_crossentropy(x[1]); }, {{2, 3}, {2, 3}},
                             range(0.1, 0.9)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].binary_crossentropy(x[1], "none"); }, {{4}, {4}},
                             range(0.1, 0.9)));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].binary_crossentropy_logits(x[1].sigmoid()); },
                             {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        return x[0].binary_crossentropy_logits(Tensor::from_vector<bool>({true, false, true}, {3}), "sum");
      },
      {{3}}));
}

TEST(GradLoss, Regression) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].mse(x[1]); }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].mse(x[1], "none"); }, {{2, 3}, {3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].l1(x[1]); }, {{2, 3}, {2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].l1(x[1], "sum"); }, {{2, 3}, {2, 3}}));
}

TEST(GradLayers, WithTheirParameters) {
  // The layers' float32 parameters replaced by float64 inputs.
  nn::LayerNorm layerNorm({4});
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        layerNorm.weight = x[1];
        layerNorm.bias = x[2];
        return layerNorm(x[0]);
      },
      {{2, 3, 4}, {4}, {4}}));
  nn::GroupNorm groupNorm(2, 4);
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        groupNorm.weight = x[1];
        groupNorm.bias = x[2];
        return groupNorm(x[0]);
      },
      {{2, 4, 3}, {4}, {4}}));
  // Training: the batch's statistics, differentiated through.
  nn::BatchNorm batchNorm(3, 1e-5, true, false);
  Tensor::training = true;
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        batchNorm.weight = x[1];
        batchNorm.bias = x[2];
        return batchNorm(x[0]);
      },
      {{4, 3, 2}, {3}, {3}}));
  Tensor::training = false;
  nn::Embedding embedding(5, 3);
  EXPECT_TRUE(gradientsMatch(
      [&](auto x) {
        embedding.weight = x[0];
        return embedding(i64({4, 0, 4, 2}, {2, 2}));
      },
      {{5, 3}}));
}

} // namespace
