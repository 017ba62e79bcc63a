//===- ResampleTest.cpp - index notation, resampling and movement ops -----===//
//
// interpolate, the pad modes, einsum, rearrange, unfold, roll, meshgrid,
// diagonals, triangles, max_pool2d's indices and max_unpool2d: forward
// values against PyTorch (data/make_resample_reference.py wrote
// data/resample_reference.h; inputs are nntest::patterned), errors, and
// gradients against central differences.
//
//===----------------------------------------------------------------------===//

#include "GradCheck.h"
#include "NNTestUtil.h"

#include "data/resample_reference.h"

using namespace tg;
using gradcheck::gradientsMatch;
using nntest::expectNear;
using nntest::patterned;

namespace {

constexpr double kTolerance = 1e-5;

/// patterned() with the reference script's default scale.
Tensor input(Shape shape, int k) { return patterned(std::move(shape), k, 1. / 4); }

void expectTensor(const Tensor &t, const Shape &shape, const std::vector<float> &expected,
                  const char *what = "") {
  EXPECT_EQ(t.shape(), shape) << what;
  expectNear(t.to_vector<float>(), expected, kTolerance, what);
}

//===----------------------------------------------------------------------===//
// interpolate
//===----------------------------------------------------------------------===//

TEST(ResampleInterpolate, Nearest) {
  Tensor x = input({1, 2, 3, 5}, 1);
  expectTensor(x.interpolate({5, 3}, "nearest"), {1, 2, 5, 3}, resampleref::kNearestUpDown);
  expectTensor(x.interpolate({7, 2}, "nearest-exact"), {1, 2, 7, 2}, resampleref::kNearestExact);
}

TEST(ResampleInterpolate, Linear) {
  Tensor x = input({2, 3, 5}, 2);
  expectTensor(x.interpolate({8}), {2, 3, 8}, resampleref::kLinearUp, "up");
  expectTensor(x.interpolate({8}, "linear", true), {2, 3, 8}, resampleref::kLinearUpAligned,
               "up, aligned");
  expectTensor(x.interpolate({3}), {2, 3, 3}, resampleref::kLinearDown, "down");
  expectTensor(x.interpolate({1}, "linear", true), {2, 3, 1}, resampleref::kLinearToOneAligned,
               "to one sample, aligned");
  // The same size is the identity.
  expectTensor(x.interpolate({5}), {2, 3, 5}, x.to_vector<float>(), "same size");
}

TEST(ResampleInterpolate, BilinearAndTrilinear) {
  Tensor x = input({1, 2, 3, 5}, 1);
  expectTensor(x.interpolate({5, 8}, "bilinear"), {1, 2, 5, 8}, resampleref::kBilinear);
  expectTensor(x.interpolate({2, 3}, "bilinear", true), {1, 2, 2, 3},
               resampleref::kBilinearAligned);
  // tinygrad's "linear" resamples as many axes as `size` names.
  expectTensor(x.interpolate({5, 8}, "linear"), {1, 2, 5, 8}, resampleref::kBilinear);
  expectTensor(input({1, 1, 2, 3, 4}, 4).interpolate({3, 5, 2}, "trilinear"), {1, 1, 3, 5, 2},
               resampleref::kTrilinear);
}

TEST(ResampleInterpolate, Bicubic) {
  Tensor x = input({1, 2, 4, 5}, 3);
  expectTensor(x.interpolate({7, 3}, "bicubic"), {1, 2, 7, 3}, resampleref::kBicubic);
  expectTensor(x.interpolate({3, 9}, "bicubic", true), {1, 2, 3, 9},
               resampleref::kBicubicAligned);
}

TEST(ResampleInterpolate, IntegersWithoutBatchAxes) {
  Tensor x = Tensor::from_vector<int32_t>({1, 2, 3, 4, 21, 22, 23, 24, 41, 42, 43, 44}, {3, 4});
  Tensor y = x.interpolate({2, 3});
  EXPECT_EQ(y.dtype(), DType::Int32);
  expectTensor(y, {2, 3}, resampleref::kLinearInt);
}

TEST(ResampleInterpolate, Errors) {
  Tensor x = input({1, 2, 3, 5}, 1);
  EXPECT_THROW(x.interpolate({4, 4}, "area"), Error);
  EXPECT_THROW(x.interpolate({4}, "bilinear"), Error);
  EXPECT_THROW(x.interpolate({4, 4}, "nearest", true), Error);
  EXPECT_THROW(x.interpolate({1, 1, 1, 1, 1}), Error);
  EXPECT_THROW(x.interpolate({0, 3}), Error);
  EXPECT_THROW(x.interpolate({}), Error);
}

//===----------------------------------------------------------------------===//
// Padding modes, pad_to, shrink_to
//===----------------------------------------------------------------------===//

struct PadCase {
  const char *mode;
  const std::vector<float> &d1, &d2, &d3, &negative;
};

TEST(ResamplePad, Modes) {
  const PadCase cases[] = {
      {"reflect", resampleref::kPadReflect1d, resampleref::kPadReflect2d,
       resampleref::kPadReflect3d, resampleref::kPadReflectNegative},
      {"replicate", resampleref::kPadReplicate1d, resampleref::kPadReplicate2d,
       resampleref::kPadReplicate3d, resampleref::kPadReplicateNegative},
      {"circular", resampleref::kPadCircular1d, resampleref::kPadCircular2d,
       resampleref::kPadCircular3d, resampleref::kPadCircularNegative},
  };
  for (const PadCase &c : cases) {
    SCOPED_TRACE(c.mode);
    expectTensor(input({5}, 5).pad({{3, 2}}, c.mode), {10}, c.d1);
    expectTensor(input({3, 4}, 6).pad({{2, 1}, {1, 3}}, c.mode), {6, 8}, c.d2);
    expectTensor(input({2, 3, 4}, 7).pad({{1, 1}, {0, 2}, {3, 1}}, c.mode), {4, 5, 8}, c.d3);
    // Negative pads crop (after reflecting, before wrapping around).
    expectTensor(input({3, 4}, 6).pad({{-1, 2}, {2, -1}}, c.mode), {4, 5}, c.negative);
  }
}

TEST(ResamplePad, FlatOrderAndConstant) {
  Tensor x = input({2, 3, 4}, 7);
  expectTensor(x.pad({1, 2, 2, 0}, "reflect"), {2, 5, 7}, resampleref::kPadFlatReflect);
  expectTensor(x.pad({2, 1, 1, 1, 0, 1}, "circular"), {3, 5, 7}, resampleref::kPadFlatCircular);
  // Flat and grouped constant padding agree with the primitive's.
  Tensor a = Tensor::from_vector<int32_t>({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(a.pad({1, 0}, "constant", 9).to_vector<int>(), (std::vector<int>{9, 1, 2, 9, 3, 4}));
  EXPECT_EQ(a.pad({{0, 1}, {0, 0}}, "constant", 7).to_vector<int>(),
            (std::vector<int>{1, 2, 3, 4, 7, 7}));
  // Padding the trailing axis only (PyTorch's order) of a 1-d tensor.
  EXPECT_EQ(Tensor::from_vector<int32_t>({1, 2, 3}, {3}).pad({2, 1}, "replicate").to_vector<int>(),
            (std::vector<int>{1, 1, 1, 2, 3, 3}));
}

TEST(ResamplePad, Errors) {
  Tensor x = input({3, 4}, 6);
  // Reflection needs pads smaller than the axis; circular wraps once.
  EXPECT_THROW(x.pad({{3, 0}, {0, 0}}, "reflect"), Error);
  EXPECT_THROW(x.pad({{0, 0}, {0, 4}}, "reflect"), Error);
  EXPECT_NO_THROW(x.pad({{2, 2}, {3, 3}}, "reflect"));
  EXPECT_THROW(x.pad({{4, 0}, {0, 0}}, "circular"), Error);
  EXPECT_THROW(x.pad({{1, 1}}, "wrap"), Error);
  EXPECT_THROW(x.pad({1, 2, 3}, "reflect"), Error);
  EXPECT_THROW(x.pad({1, 1, 1, 1, 1, 1}, "constant"), Error);
  try {
    x.pad({{5, 0}, {0, 0}}, "reflect");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("tg::Tensor::pad"), std::string::npos) << e.what();
  }
}

TEST(ResamplePad, PadToAndShrinkTo) {
  Tensor x = Tensor::from_vector<int32_t>({0, 1, 2, 3, 4, 5}, {2, 3});
  EXPECT_EQ(x.pad_to({3, 4}).to_vector<int>(),
            (std::vector<int>{0, 1, 2, 0, 3, 4, 5, 0, 0, 0, 0, 0}));
  Tensor filled = x.pad_to({std::nullopt, 4}, -1);
  EXPECT_EQ(filled.shape(), (Shape{2, 4}));
  EXPECT_EQ(filled.to_vector<int>(), (std::vector<int>{0, 1, 2, -1, 3, 4, 5, -1}));
  EXPECT_EQ(x.shrink_to({1, std::nullopt}).to_vector<int>(), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(x.shrink_to({2, 0}).shape(), (Shape{2, 0}));
  EXPECT_THROW(x.pad_to({1, 4}), Error);
  EXPECT_THROW(x.shrink_to({3, std::nullopt}), Error);
  EXPECT_THROW(x.shrink_to({1}), Error);
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

TEST(ResampleEinsum, Formulas) {
  Tensor a = input({3, 4}, 8), b = input({4, 5}, 9);
  Tensor ba = input({2, 3, 4}, 10), bb = input({2, 4, 5}, 11);
  Tensor sq = input({4, 4}, 12), v = input({3}, 13), w = input({5}, 14);
  expectTensor(Tensor::einsum("ij,jk->ik", {a, b}), {3, 5}, resampleref::kEinsumMatmul, "matmul");
  expectTensor(Tensor::einsum("bij,bjk->bik", {ba, bb}), {2, 3, 5}, resampleref::kEinsumBatched,
               "batched");
  expectTensor(Tensor::einsum("ii->", {sq}), {}, resampleref::kEinsumTrace, "trace");
  expectTensor(Tensor::einsum("ii->i", {sq}), {4}, resampleref::kEinsumDiagonal, "diagonal");
  expectTensor(Tensor::einsum("i,j->ij", {v, w}), {3, 5}, resampleref::kEinsumOuter, "outer");
  expectTensor(Tensor::einsum("ij->ji", {a}), {4, 3}, resampleref::kEinsumTranspose, "transpose");
  expectTensor(Tensor::einsum("ij->j", {a}), {4}, resampleref::kEinsumSumAxis, "sum over i");
  // Without "->": the letters used once, sorted (i, k).
  expectTensor(Tensor::einsum("kj,ji", {b.T(), a.T()}), {3, 5}, resampleref::kEinsumImplicit,
               "implicit");
  expectTensor(Tensor::einsum("... i j, j k -> ... i k", {ba, b}), {2, 3, 5},
               resampleref::kEinsumEllipsis, "ellipsis");
  expectTensor(Tensor::einsum("iij->j", {input({3, 3, 2}, 15)}), {2},
               resampleref::kEinsumRepeatedIn3d, "diagonal of a 3-d operand");
  expectTensor(Tensor::einsum("i,ij,jk->k", {v, a, b}), {5}, resampleref::kEinsumThree, "three");
  expectTensor(Tensor::einsum("ij,ij->", {a, a}), {}, resampleref::kEinsumDot, "dot");
}

TEST(ResampleEinsum, DTypes) {
  Tensor a = Tensor::from_vector<int32_t>({1, 2, 3, 4}, {2, 2});
  Tensor y = Tensor::einsum("ij,jk->ik", {a, a});
  EXPECT_EQ(y.dtype(), DType::Int32);
  EXPECT_EQ(y.to_vector<int>(), (std::vector<int>{7, 10, 15, 22}));
  Tensor f = Tensor::einsum("ij->", {a}, DType::Float32);
  EXPECT_EQ(f.dtype(), DType::Float32);
  EXPECT_EQ(f.item<float>(), 10.0f);
}

TEST(ResampleEinsum, Errors) {
  Tensor a = input({3, 4}, 8), b = input({4, 5}, 9);
  EXPECT_THROW(Tensor::einsum("ij,jk->ik", {a}), Error);       // operand count
  EXPECT_THROW(Tensor::einsum("ijk,jk->ik", {a, b}), Error);   // letters vs dims
  EXPECT_THROW(Tensor::einsum("ij,ik->jk", {a, b}), Error);    // i has sizes 3 and 4
  EXPECT_THROW(Tensor::einsum("i1,jk->ik", {a, b}), Error);    // not a letter
  EXPECT_THROW(Tensor::einsum("ij,jk->iz", {a, b}), Error);    // z in no operand
  EXPECT_THROW(Tensor::einsum("ij,jk->ii", {a, b}), Error);    // output repeats i
  EXPECT_THROW(Tensor::einsum("ij->j->i", {a}), Error);        // two arrows
  EXPECT_THROW(Tensor::einsum("ii", {input({3, 4}, 1)}), Error); // a non-square diagonal
}

//===----------------------------------------------------------------------===//
// rearrange
//===----------------------------------------------------------------------===//

TEST(ResampleRearrange, GroupsAndEllipsis) {
  Tensor x = input({2, 6, 3}, 16);
  expectTensor(x.rearrange("b (h w) c -> b h w c", {{"h", 2}}), {2, 2, 3, 3},
               resampleref::kRearrangeUngroup, "ungroup");
  expectTensor(x.rearrange("b s c -> b (c s)"), {2, 18}, resampleref::kRearrangeGroup, "group");
  expectTensor(x.rearrange("b (h w) c -> b (w h) c", {{"w", 3}}), {2, 6, 3},
               resampleref::kRearrangeSwapGroups, "regroup");
  expectTensor(input({2, 3, 4, 5}, 17).rearrange("... c -> c ..."), {5, 2, 3, 4},
               resampleref::kRearrangeEllipsis, "ellipsis");
  // "1" is a unit axis on either side; tinygrad's docstring example.
  EXPECT_EQ(x.rearrange("b s c -> b 1 s 1 c").shape(), (Shape{2, 1, 6, 1, 3}));
  EXPECT_EQ(x.reshape({2, 1, 6, 3}).rearrange("b 1 s c -> (b s) c").shape(), (Shape{12, 3}));
  Tensor m = Tensor::from_vector<int32_t>({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(m.rearrange("batch channel -> (batch channel)").to_vector<int>(),
            (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(m.rearrange("a b -> b a").to_vector<int>(), (std::vector<int>{1, 3, 2, 4}));
  // An ellipsis of no axes.
  EXPECT_EQ(m.rearrange("a ... b -> (b a) ...").shape(), (Shape{4}));
}

TEST(ResampleRearrange, Errors) {
  Tensor x = input({2, 6, 3}, 16);
  EXPECT_THROW(x.rearrange("b s c"), Error);                    // no arrow
  EXPECT_THROW(x.rearrange("b s c -> b s"), Error);             // names differ
  EXPECT_THROW(x.rearrange("b b c -> b b c"), Error);           // a name twice
  EXPECT_THROW(x.rearrange("b (s c -> b s c"), Error);          // unbalanced
  EXPECT_THROW(x.rearrange("b ((s) c) -> b s c"), Error);       // nested
  EXPECT_THROW(x.rearrange("b s -> s b"), Error);               // dims of x
  EXPECT_THROW(x.rearrange("b (h w) c -> b h w c"), Error);     // two unknown sizes
  EXPECT_THROW(x.rearrange("b (h w) c -> b h w c", {{"h", 4}}), Error); // 6 is not 4·w
  EXPECT_THROW(x.rearrange("b s c -> b s c", {{"s", 5}}), Error);       // wrong size
  EXPECT_THROW(x.rearrange("b s c -> b s c", {{"q", 5}}), Error);       // unused name
  EXPECT_THROW(x.rearrange("_b s c -> _b s c"), Error);         // invalid name
  EXPECT_THROW(x.rearrange("(b ...) c -> b ... c"), Error);     // ellipsis in a group
}

//===----------------------------------------------------------------------===//
// unfold, roll, meshgrid
//===----------------------------------------------------------------------===//

TEST(ResampleMovement, Unfold) {
  Tensor u = input({3, 7, 2}, 18);
  expectTensor(u.unfold(1, 3, 2), {3, 3, 2, 3}, resampleref::kUnfoldMiddle, "middle");
  expectTensor(u.unfold(-1, 2, 1), {3, 7, 1, 2}, resampleref::kUnfoldLastNegative, "last");
  expectTensor(u.unfold(0, 2, 3), {1, 7, 2, 2}, resampleref::kUnfoldFirst, "first");
  // tinygrad's docstring example, and empty windows.
  EXPECT_EQ(Tensor::arange(8).unfold(0, 2, 2).to_vector<int>(),
            (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(Tensor::arange(4).unfold(0, 0, 1).shape(), (Shape{5, 0}));
  EXPECT_THROW(u.unfold(1, 8, 1), Error);
  EXPECT_THROW(u.unfold(1, 2, 0), Error);
  EXPECT_THROW(u.unfold(3, 2, 1), Error);
}

TEST(ResampleMovement, Roll) {
  Tensor r = input({3, 4}, 19);
  expectTensor(r.roll(5), {3, 4}, resampleref::kRollFlat, "flattened");
  expectTensor(r.roll(-1, 1), {3, 4}, resampleref::kRollDim, "one dim");
  expectTensor(r.roll({2, -5}, {0, -1}), {3, 4}, resampleref::kRollDims, "two dims");
  EXPECT_EQ(Tensor::zeros({0, 3}).roll(1, 0).shape(), (Shape{0, 3}));
  EXPECT_THROW(r.roll({1, 2}, {0}), Error);
  EXPECT_THROW(r.roll(1, 2), Error);
}

TEST(ResampleMovement, Meshgrid) {
  std::vector<Tensor> axes = {Tensor::from_vector<float>({1, 2}, {2}),
                              Tensor::from_vector<float>({3, 4, 5}, {3}),
                              Tensor::from_vector<float>({6, 7, 8, 9}, {4})};
  expectTensor(Tensor::stack(Tensor::meshgrid(axes)), {3, 2, 3, 4}, resampleref::kMeshgridIJ,
               "ij");
  expectTensor(Tensor::stack(Tensor::meshgrid(axes, "xy")), {3, 3, 2, 4},
               resampleref::kMeshgridXY, "xy");
  EXPECT_EQ(Tensor::meshgrid({axes[0]}).size(), 1u);
  EXPECT_THROW(Tensor::meshgrid(axes, "yx"), Error);
}

//===----------------------------------------------------------------------===//
// Diagonals, triangles, repeat_interleave
//===----------------------------------------------------------------------===//

TEST(ResampleMovement, DiagAndDiagonal) {
  expectTensor(Tensor::from_vector<float>({1, 2, 3}, {3}).diag(), {3, 3}, resampleref::kDiag);
  EXPECT_EQ(Tensor::zeros({0}).diag().shape(), (Shape{0, 0}));
  Tensor d = input({3, 4, 5}, 20);
  expectTensor(d.diagonal(), {5, 3}, resampleref::kDiagonal, "main");
  expectTensor(d.diagonal(2, -1, 1), {3, 2}, resampleref::kDiagonalOffset, "above");
  expectTensor(d.diagonal(-1, 2, 0), {4, 3}, resampleref::kDiagonalBelow, "below");
  // Past the matrix the diagonal is empty.
  EXPECT_EQ(d.diagonal(7).shape(), (Shape{5, 0}));
  EXPECT_THROW(d.diagonal(0, 1, -2), Error);
  EXPECT_THROW(d.diag(), Error);
}

TEST(ResampleMovement, Triangles) {
  Tensor t = input({2, 3, 4}, 22);
  expectTensor(t.triu(), {2, 3, 4}, resampleref::kTriu, "triu");
  expectTensor(t.triu(2), {2, 3, 4}, resampleref::kTriuAbove, "triu(2)");
  expectTensor(t.tril(-1), {2, 3, 4}, resampleref::kTrilBelow, "tril(-1)");
  expectTensor(t.tril(), {2, 3, 4}, resampleref::kTril, "tril");
  Tensor b = Tensor::ones({2, 2}, DType::Bool).tril();
  EXPECT_EQ(b.dtype(), DType::Bool);
  EXPECT_EQ(b.to_vector<int>(), (std::vector<int>{1, 0, 1, 1}));
  EXPECT_THROW(Tensor::ones({3}).triu(), Error);
}

TEST(ResampleMovement, RepeatInterleave) {
  Tensor x = input({2, 3}, 21);
  expectTensor(x.repeat_interleave(2), {12}, resampleref::kRepeatInterleaveFlat, "flat");
  expectTensor(x.repeat_interleave(3, -2), {6, 3}, resampleref::kRepeatInterleaveDim, "dim");
  EXPECT_EQ(x.repeat_interleave(0, 1).shape(), (Shape{2, 0}));
  EXPECT_THROW(x.repeat_interleave(-1), Error);
  EXPECT_THROW(x.repeat_interleave(2, 2), Error);
}

//===----------------------------------------------------------------------===//
// max_pool2d's indices, max_unpool2d
//===----------------------------------------------------------------------===//

TEST(ResamplePool, MaxPoolIndicesAndUnpool) {
  Tensor x = input({1, 2, 5, 6}, 23);
  auto [values, indices] = x.max_pool2d_with_indices({2});
  expectTensor(values, {1, 2, 2, 3}, resampleref::kMaxPoolValues, "values");
  EXPECT_EQ(indices.dtype(), DType::Int32);
  expectTensor(indices, {1, 2, 2, 3}, resampleref::kMaxPoolIndices, "indices");
  expectNear(values.to_vector<float>(), x.max_pool2d({2}).to_vector<float>(), 0, "max_pool2d");
  expectTensor(values.max_unpool2d(indices, {2}), {1, 2, 4, 6}, resampleref::kMaxUnpool,
               "unpool");
  expectTensor(values.max_unpool2d(indices, {2}, std::nullopt, {1}, {0}, Shape{1, 2, 5, 6}),
               {1, 2, 5, 6}, resampleref::kMaxUnpoolSized, "unpool to a size");
}

TEST(ResamplePool, MaxPoolIndicesPaddedAndTies) {
  Tensor x = input({1, 2, 5, 6}, 23);
  auto [values, indices] = x.max_pool2d_with_indices({3}, std::vector<int64_t>{2}, {1}, {1});
  expectTensor(values, {1, 2, 3, 3}, resampleref::kMaxPoolPaddedValues, "values");
  expectTensor(indices, {1, 2, 3, 3}, resampleref::kMaxPoolPaddedIndices, "indices");
  expectTensor(values.max_unpool2d(indices, {3}, std::vector<int64_t>{2}, {1}, {1}, Shape{5, 6}),
               {1, 2, 5, 6}, resampleref::kMaxUnpoolPadded, "unpool");
  // Ties: the first maximum's index.
  Tensor ties = Tensor::from_vector<float>({1, 3, 3, 0, 3, 2, 1, 3}, {1, 1, 2, 4});
  expectTensor(ties.max_pool2d_with_indices({2}).second, {1, 1, 1, 2},
               resampleref::kMaxPoolTieIndices, "ties");
}

TEST(ResamplePool, UnpoolErrors) {
  Tensor v = Tensor::ones({1, 1, 2, 2});
  Tensor i = Tensor::zeros({1, 1, 2, 2}, DType::Int32);
  EXPECT_THROW(v.max_unpool2d(Tensor::zeros({1, 1, 2, 3}, DType::Int32)), Error);
  EXPECT_THROW(v.max_unpool2d(i.cast(DType::Float32)), Error);
  EXPECT_THROW(Tensor::ones({2, 2}).max_unpool2d(Tensor::zeros({2, 2}, DType::Int32)), Error);
  EXPECT_THROW(v.max_unpool2d(i, {2}, std::nullopt, {1}, {0}, Shape{4}), Error);
}

//===----------------------------------------------------------------------===//
// Gradients
//===----------------------------------------------------------------------===//

TEST(ResampleGradient, Interpolate) {
  for (bool align : {false, true}) {
    SCOPED_TRACE(align ? "align_corners" : "pixel centers");
    EXPECT_TRUE(gradientsMatch([=](auto x) { return x[0].interpolate({7}, "linear", align); },
                               {{2, 4}}));
    EXPECT_TRUE(gradientsMatch([=](auto x) { return x[0].interpolate({2}, "linear", align); },
                               {{2, 5}}));
    EXPECT_TRUE(gradientsMatch(
        [=](auto x) { return x[0].interpolate({5, 2}, "bilinear", align); }, {{1, 3, 4}}));
    EXPECT_TRUE(gradientsMatch(
        [=](auto x) { return x[0].interpolate({5, 3}, "bicubic", align); }, {{1, 3, 4}}));
  }
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].interpolate({5, 2}, "nearest"); },
                             {{2, 3, 4}}));
}

TEST(ResampleGradient, Einsum) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return Tensor::einsum("ij,jk->ik", {x[0], x[1]}); },
                             {{2, 3}, {3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return Tensor::einsum("ii->", {x[0]}); }, {{3, 3}}));
  EXPECT_TRUE(gradientsMatch(
      [](auto x) { return Tensor::einsum("...ij,jk->...ik", {x[0], x[1]}); },
      {{2, 3, 2}, {2, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return Tensor::einsum("i,ij,j", {x[0], x[1], x[2]}); },
                             {{2}, {2, 3}, {3}}));
}

TEST(ResampleGradient, PadModes) {
  for (const char *mode : {"reflect", "replicate", "circular"}) {
    SCOPED_TRACE(mode);
    EXPECT_TRUE(gradientsMatch([=](auto x) { return x[0].pad({{2, 1}}, mode); }, {{4}}));
    EXPECT_TRUE(gradientsMatch([=](auto x) { return x[0].pad({{1, -1}, {2, 2}}, mode); },
                               {{3, 3}}));
    EXPECT_TRUE(gradientsMatch([=](auto x) { return x[0].pad({1, 0, 0, 2, 1, 1}, mode); },
                               {{2, 3, 3}}));
  }
}

TEST(ResampleGradient, MovementOps) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].roll({1, -2}, {0, 1}); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].roll(3); }, {{2, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].unfold(1, 3, 2); }, {{2, 7}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].unfold(0, 2, 1); }, {{4, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].diagonal(1, 0, 2); }, {{3, 2, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].diag(); }, {{3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].triu(1); }, {{3, 4}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].tril(-1); }, {{2, 3, 3}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].repeat_interleave(2, 0); }, {{3, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].repeat_interleave(3); }, {{2, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].rearrange("a (b c) -> c a b", {{"b", 2}}); },
                             {{2, 6}}));
}

TEST(ResampleGradient, MaxUnpool) {
  Tensor indices = Tensor::from_vector<int32_t>({0, 3, 9, 10, 1, 6, 12, 15}, {1, 2, 2, 2});
  EXPECT_TRUE(gradientsMatch([=](auto x) { return x[0].max_unpool2d(indices, {2}); },
                             {{1, 2, 2, 2}}));
  // Through the pooled values, back to the input.
  EXPECT_TRUE(gradientsMatch(
      [](auto x) {
        auto [values, where] = x[0].max_pool2d_with_indices({2});
        return values.max_unpool2d(where, {2});
      },
      {{1, 1, 4, 4}}));
}

} // namespace
