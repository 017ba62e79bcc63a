//===- LinAlgTest.cpp - QR and SVD against LAPACK --------------------------===//
//
// Expected values are numpy's (LAPACK), from data/make_math_reference.py;
// beyond them, what a factorization promises: the product gives the input
// back and the factors are orthogonal or triangular.
//
//===----------------------------------------------------------------------===//

#include "GradCheck.h"
#include "TensorTestUtil.h"
#include "data/math_reference.h"

#include <gtest/gtest.h>

using namespace tg;
using namespace tensortest;
using namespace mathref;
using gradcheck::gradientsMatch;

namespace {

/// |a - b| ≤ tol everywhere.
void expectAllClose(const Tensor &a, const Tensor &b, double tol, const char *what) {
  ASSERT_EQ(a.shape(), b.shape()) << what;
  EXPECT_TRUE(a.allclose(b, 0, tol).item<bool>()) << what << ": max |difference| "
                                                  << a.sub(b).abs().max().item<double>();
}

void expectOrthonormalColumns(const Tensor &q, double tol) {
  Tensor gram = q.transpose(-2, -1).dot(q);
  expectAllClose(gram, Tensor::eye(q.shape(-1)).expand(gram.shape()), tol, "QᵀQ");
}

TEST(LinAlg, QrMatchesLapack) {
  Tensor a = F(kQrA, {4, 3});
  auto [q, r] = a.qr();
  expectClose(q, kQrQ, {4, 4}, 1e-5);
  expectClose(r, kQrR, {4, 3}, 1e-5);
  expectAllClose(q.dot(r), a, 1e-5, "QR");
  Tensor w = F(kQrWide, {3, 5});
  auto [qw, rw] = w.qr();
  expectClose(qw, kQrWideQ, {3, 3}, 1e-5);
  expectClose(rw, kQrWideR, {3, 5}, 1e-5);
}

TEST(LinAlg, QrBatchedAndDegenerate) {
  Tensor a = F(kQrA, {4, 3});
  auto [q, r] = Tensor::stack({a, a.mul(-2.0)}).qr();
  EXPECT_EQ(q.shape(), (Shape{2, 4, 4}));
  expectAllClose(q.dot(r), Tensor::stack({a, a.mul(-2.0)}), 1e-5, "batched QR");
  expectOrthonormalColumns(q, 1e-5);
  // A zero column needs no reflection: Q stays orthogonal, R triangular.
  Tensor z = F({1, 0, 2, 0, 3, 0}, {3, 2});
  auto [qz, rz] = z.qr();
  expectAllClose(qz.dot(rz), z, 1e-6, "QR with a zero column");
  expectOrthonormalColumns(qz, 1e-6);
  EXPECT_EQ(rz.to_vector<float>()[2], 0.0f);
  EXPECT_THROW(F({1, 2}, {2}).qr(), Error);
}

TEST(LinAlg, SvdMatchesLapack) {
  Tensor a = F(kQrA, {4, 3});
  auto [u, s, vt] = a.svd();
  EXPECT_EQ(u.shape(), (Shape{4, 4}));
  EXPECT_EQ(vt.shape(), (Shape{3, 3}));
  expectClose(s, kSvdS, {3}, 1e-5);
  expectOrthonormalColumns(u, 1e-5);
  expectOrthonormalColumns(vt.T(), 1e-5);
  auto [uk, sk, vtk] = a.svd(false);
  EXPECT_EQ(uk.shape(), (Shape{4, 3}));
  expectAllClose(uk.mul(sk).dot(vtk), a, 1e-5, "U·S·Vᵀ");

  Tensor w = F(kQrWide, {3, 5});
  auto [uw, sw, vtw] = w.svd(false);
  EXPECT_EQ(uw.shape(), (Shape{3, 3}));
  EXPECT_EQ(vtw.shape(), (Shape{3, 5}));
  expectClose(sw, kSvdWideS, {3}, 1e-5);
  expectAllClose(uw.mul(sw).dot(vtw), w, 1e-5, "wide U·S·Vᵀ");
}

TEST(LinAlg, SvdBatchedOddAndSingle) {
  Tensor a = F(kQrA, {4, 3});
  // Three columns: an odd count, so one column sits out each round.
  Tensor batch = Tensor::stack({a, a.flip(0).mul(0.5)});
  auto [u, s, vt] = batch.svd(false);
  expectAllClose(u.mul(s.unsqueeze(-2)).dot(vt), batch, 1e-5, "batched U·S·Vᵀ");
  // Descending singular values.
  std::vector<float> values = s.to_vector<float>();
  EXPECT_GE(values[0], values[1]);
  EXPECT_GE(values[1], values[2]);
  // One column: nothing to rotate.
  auto [u1, s1, vt1] = F({3, 4}, {2, 1}).svd();
  expectClose(s1, {5}, {1}, 1e-6);
  expectAllClose(u1.shrink({{0, 2}, {0, 1}}).mul(s1).dot(vt1), F({3, 4}, {2, 1}), 1e-6, "rank one");
}

TEST(LinAlg, Gradients) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].qr().first; }, {{4, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].qr().second; }, {{3, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return std::get<1>(x[0].svd()); }, {{3, 3}}, {-2, 2, 1e-6, 1e-5}));
}

} // namespace
