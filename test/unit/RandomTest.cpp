//===- RandomTest.cpp - a random tensor is one value ----------------------===//
//
// A random tensor has the same numbers whichever program reads it, in
// whatever order tensors are realized, and they are tinygrad's threefry
// numbers bit for bit (data/random_reference.h, drawn by tinygrad itself).
// The suite runs on every device CTest runs the tensor tests on (CPU and
// VULKAN), against the same constants: the devices agree bit for bit.
//
//===----------------------------------------------------------------------===//

#include "data/random_reference.h"

#include "tg/tensor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace tg;
using namespace random_reference;

namespace {

std::vector<uint32_t> bitsOf32(const Tensor &t) {
  Tensor f32 = t.dtype() == DType::Float32 ? t : t.cast(DType::Float32);
  return f32.bitcast(DType::UInt32).to_vector<uint32_t>();
}

std::vector<uint16_t> bitsOf16(const Tensor &t) {
  return t.bitcast(DType::UInt16).to_vector<uint16_t>();
}

std::vector<uint64_t> bitsOf64(const Tensor &t) {
  return t.bitcast(DType::UInt64).to_vector<uint64_t>();
}

/// The draws of the 1337 scenario, pending.
struct Draws1337 {
  Tensor f32, f16, f64, bf16;
};

Draws1337 draw1337() {
  Tensor::manual_seed(1337);
  Draws1337 d;
  d.f32 = Tensor::rand({5, 7});
  d.f16 = Tensor::rand({3, 7}, DType::Float16);
  d.f64 = Tensor::rand({9}, DType::Float64);
  d.bf16 = Tensor::rand({11}, DType::BFloat16);
  return d;
}

void expectTinygrads(const Draws1337 &d) {
  EXPECT_EQ(bitsOf32(d.f32), kSeed1337F32);
  EXPECT_EQ(bitsOf16(d.f16), kSeed1337F16);
  EXPECT_EQ(bitsOf64(d.f64), kSeed1337F64);
  EXPECT_EQ(bitsOf32(d.bf16), kSeed1337BF16);
}

} // namespace

// The defect as it was found: reading r in a second program after s had been
// realized gave s's numbers.
TEST(RandomValues, KeptAcrossPrograms) {
  Tensor::manual_seed(0);
  Tensor r = Tensor::rand({3}), s = Tensor::rand({3});
  EXPECT_EQ(bitsOf32(r + 0), kSeed0R);
  EXPECT_EQ(bitsOf32(s + 0), kSeed0S);
  EXPECT_EQ(bitsOf32(r), kSeed0R);
  EXPECT_EQ(bitsOf32(s), kSeed0S);
  // Realized, and read again through new programs.
  EXPECT_EQ(bitsOf32(r * 1), kSeed0R);
  EXPECT_EQ(bitsOf32(s * 1), kSeed0S);
}

TEST(RandomValues, TinygradsBitForBitInEveryDType) { expectTinygrads(draw1337()); }

TEST(RandomValues, SameInEveryRealizationOrder) {
  std::vector<int> order = {0, 1, 2, 3};
  do {
    Draws1337 d = draw1337();
    Tensor all[] = {d.f32, d.f16, d.f64, d.bf16};
    for (int i : order)
      (all[i] + 0).realize(); // each read by a program of its own first
    expectTinygrads(d);
  } while (std::next_permutation(order.begin(), order.end()));
  // All at once, in one program, last drawn first.
  Draws1337 d = draw1337();
  Tensor::realize({d.bf16, d.f64, d.f16, d.f32});
  expectTinygrads(d);
}

TEST(RandomValues, DrawsAfterReseedRepeat) {
  Draws1337 first = draw1337();
  expectTinygrads(first);
  Draws1337 again = draw1337(); // manual_seed(1337) again
  expectTinygrads(again);
  // The earlier tensors kept their numbers through the reseed.
  expectTinygrads(first);
}

// tinygrad's randn is Box-Muller in float32 through its own cos, log and
// sqrt, and it fuses 2πu's multiply into the add inside cos (MULACC); ours
// rounds each op and calls this compiler's sin, log2 and sqrt.
// docs/tensor-api.md states the tolerance this checks.
TEST(RandomValues, RandnWithinItsStatedTolerance) {
  Tensor::manual_seed(1337);
  Tensor::rand({5, 7});
  Tensor::rand({3, 7}, DType::Float16);
  Tensor::rand({9}, DType::Float64);
  Tensor::rand({11}, DType::BFloat16);
  std::vector<float> normal = Tensor::randn({64}).to_vector<float>();
  ASSERT_EQ(normal.size(), kSeed1337Randn.size());
  double worst = 0;
  for (size_t i = 0; i < normal.size(); ++i) {
    float expected;
    std::memcpy(&expected, &kSeed1337Randn[i], sizeof expected);
    worst = std::max(worst, std::fabs(double(normal[i]) - expected));
  }
  std::printf("randn: at most %.3g from tinygrad's\n", worst);
  EXPECT_LE(worst, 1e-6);
  // The draw after randn is on the same counter as tinygrad's.
  EXPECT_EQ(Tensor::randint({12}, -50, 50).to_vector<int32_t>(), kSeed1337Randint);
}

// nn::Linear's weights are pending random tensors until something realizes
// them: two calls on the same input gave two outputs.
TEST(RandomValues, LinearGivesOneOutput) {
  Tensor::manual_seed(4);
  nn::Linear lin(2, 1);
  Tensor x = Tensor::from_vector<float>({1, 2}, {1, 2});
  std::vector<float> first = lin(x).to_vector<float>(), second = lin(x).to_vector<float>();
  EXPECT_EQ(first, second);
  EXPECT_EQ(lin(x).to_vector<float>(), first);
  // uniform's (high - low)·u + low rounds twice here and once in tinygrad
  // (its MULACC): within an ulp or two, as docs/tensor-api.md says.
  auto expectNearTinygrad = [](const Tensor &t, const std::vector<uint32_t> &bits) {
    std::vector<float> got = t.to_vector<float>();
    ASSERT_EQ(got.size(), bits.size());
    for (size_t i = 0; i < got.size(); ++i) {
      float expected;
      std::memcpy(&expected, &bits[i], sizeof expected);
      EXPECT_NEAR(got[i], expected, 1e-7) << "element " << i;
    }
  };
  expectNearTinygrad(lin.weight, kSeed4LinearWeight);
  expectNearTinygrad(lin.bias, kSeed4LinearBias);
}

// Reading the loss before backward() ran the masks' draws in one program and
// their gradients in another, which drew them again from a moved counter.
TEST(RandomValues, DropoutMasksSameInForwardAndBackward) {
  Tensor::manual_seed(5);
  Tensor::training = true;
  Tensor x = Tensor::from_vector<float>({1, 2, 3, 4, 5, 6, 7, 8}, {8}).requires_grad_();
  Tensor y = x.dropout(0.5).dropout(0.5);
  Tensor loss = (y * x).sum();
  EXPECT_EQ(bitsOf32(loss), kSeed5DropoutLoss);
  loss.backward();
  Tensor::training = false;
  EXPECT_EQ(bitsOf32(x.grad()), kSeed5DropoutGrad);
  // d/dx of Σ m·x² is 2·m·x: twice the forward output.
  EXPECT_EQ(x.grad().to_vector<float>(), (y * 2).to_vector<float>());
}

TEST(RandomValues, DropoutStepsDrawNewMasks) {
  Tensor::manual_seed(6);
  Tensor::training = true;
  Tensor x = Tensor::ones({256});
  Tensor a = x.dropout(0.5), b = x.dropout(0.5);
  Tensor::training = false;
  std::vector<float> av = a.to_vector<float>(), bv = b.to_vector<float>();
  EXPECT_NE(av, bv);
  EXPECT_EQ(a.to_vector<float>(), av);
  EXPECT_EQ((a + b - b).to_vector<float>(), av);
}
