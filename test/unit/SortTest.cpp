//===- SortTest.cpp - sorting, scans, scatters and selections -------------===//
//
// Inputs and expected results come from data/sort_reference.h, written by
// data/make_sort_reference.py: PyTorch's results, and tinygrad's own where
// they are tinygrad's (the index of a tie in cummax, the element that stays
// where scatter's indices repeat, the size= forms of masked_select and
// nonzero, and randperm and multinomial, bit for bit after manual_seed).
// Gradients are checked against central differences (GradCheck.h).
//
//===----------------------------------------------------------------------===//

#include "GradCheck.h"
#include "TensorTestUtil.h"
#include "data/sort_reference.h"

#include "tg/Tensor/Tensor.h"

#include <gtest/gtest.h>

using namespace tg;
using namespace sort_reference;
using namespace tensortest;
using gradcheck::gradientsMatch;

// A reference tensor's elements and shape, as two arguments.
#define REF(name) k##name, Shape(k##name##Shape)

namespace {

/// Sorted values as the reference's, and indices (int32) as its.
template <typename T>
void expectSorted(const std::pair<Tensor, Tensor> &sorted, const std::vector<T> &values,
                  const std::vector<int32_t> &indices, const Shape &shape) {
  expectEqual(sorted.first, values, shape);
  EXPECT_EQ(sorted.second.dtype(), DType::Int32);
  expectEqual(sorted.second, indices, shape);
}

Tensor scatterIndex() { return Tensor::from_vector(REF(ScatterIndex)); }

} // namespace

//===----------------------------------------------------------------------===//
// Sorting
//===----------------------------------------------------------------------===//

TEST(Sort, EqualValuesKeepTheirOrderInBothDirections) {
  Tensor x = Tensor::from_vector(REF(SortIn));
  expectSorted(x.sort(), kSortAscValues, kSortAscIndices, kSortInShape);
  expectSorted(x.sort(1, /*descending=*/true), kSortDescValues, kSortDescIndices, kSortInShape);
  expectEqual(x.argsort(-1, true), REF(SortDescIndices));
  expectEqual(x.argsort(), REF(SortAscIndices));
}

TEST(Sort, NegativeDimOverAnAxisOfSix) {
  Tensor x = Tensor::from_vector(REF(SortColsIn));
  expectSorted(x.sort(-2, true), kSortColsDescValues, kSortColsDescIndices, kSortColsInShape);
  EXPECT_EQ(x.sort(-2).first.dtype(), DType::Int32);
}

TEST(Sort, PaddingSortsAfterTheExtremesOfIntegerTypes) {
  expectSorted(Tensor::from_vector(REF(SortI64In)).sort(), kSortI64Values, kSortI64Indices,
               kSortI64InShape);
  expectSorted(Tensor::from_vector(REF(SortU8In)).sort(0, true), kSortU8DescValues,
               kSortU8DescIndices, kSortU8InShape);
}

TEST(Sort, PowerOfTwoLength) {
  expectSorted(Tensor::from_vector(REF(SortPow2In)).sort(), kSortPow2Values, kSortPow2Indices,
               kSortPow2InShape);
}

TEST(Sort, LengthOneIsSortedAlready) {
  Tensor x = F({2, -1, 5}, {3, 1});
  expectSorted(x.sort(1), std::vector<float>{2, -1, 5}, {0, 0, 0}, {3, 1});
}

TEST(Sort, Misuse) {
  EXPECT_THROW(Tensor::scalar(1).sort(), Error);
  EXPECT_THROW(F({1, 2}, {2}).sort(1), Error);
  EXPECT_THROW(F({1, 2}, {2}).topk(3), Error);
  EXPECT_THROW(F({1, 2}, {2}).topk(-1), Error);
}

TEST(Topk, LargestAndSmallest) {
  Tensor x = Tensor::from_vector(REF(TopkIn));
  expectSorted(x.topk(3, 1), kTopkLargestValues, kTopkLargestIndices, kTopkLargestValuesShape);
  expectSorted(x.topk(2, -2, /*largest=*/false), kTopkSmallestValues, kTopkSmallestIndices,
               kTopkSmallestValuesShape);
  EXPECT_EQ(x.topk(0).first.shape(), Shape({3, 0}));
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

TEST(Scan, Cumprod) {
  Tensor x = Tensor::from_vector(REF(ScanIn));
  expectEqual(x.cumprod(1), REF(CumprodAxis1));
  expectEqual(x.cumprod(-1), REF(CumprodAxisLast));
  Tensor ints = Tensor::from_vector(REF(ScanIntIn)).cumprod(1);
  EXPECT_EQ(ints.dtype(), DType::Int32);
  expectEqual(ints, REF(CumprodInt));
  // Products keep the dtype, as tinygrad's; bools multiply as "and".
  EXPECT_EQ(Tensor::from_vector<int8_t>({2, 3, 4}, {3}).cumprod(0).dtype(), DType::Int8);
  expectEqual<bool>(Tensor::from_vector<bool>({true, true, false, true}, {4}).cumprod(0),
                    {true, true, false, false}, {4});
  EXPECT_THROW(x.cumprod(3), Error);
}

TEST(Scan, LongAxesScanInBlocks) {
  Tensor x = Tensor::from_vector(REF(LongIn));
  expectEqual(x.cumprod(1).slice({Slice{0, 1, 1}}), REF(LongCumprod));
  auto [values, indices] = x.cummax(1);
  expectEqual(values, REF(LongCummax));
  expectEqual(indices, REF(LongCummaxIndices));
}

TEST(Scan, CummaxAndCumminIndexTheFirstOfEqualValues) {
  Tensor x = Tensor::from_vector(REF(CumTiesIn));
  expectSorted(x.cummax(1), kCummaxValues, kCummaxIndices, kCumTiesInShape);
  expectSorted(x.cummin(-1), kCumminValues, kCumminIndices, kCumTiesInShape);
  expectSorted(Tensor::from_vector(REF(ScanIntIn)).cummax(), kCummaxIntAxis0Values,
               kCummaxIntAxis0Indices, kScanIntInShape);
  auto [value, index] = Tensor::scalar(4).cummax();
  EXPECT_EQ(value.item<float>(), 4);
  EXPECT_EQ(index.item<int32_t>(), 0);
}

TEST(Scan, Logcumsumexp) {
  Tensor x = Tensor::from_vector(REF(LogcumsumexpIn));
  expectClose(x.logcumsumexp(), REF(LogcumsumexpAxis0));
  expectClose(x.logcumsumexp(-1), REF(LogcumsumexpAxisLast));
  EXPECT_EQ(Tensor::scalar(2).logcumsumexp().item<float>(), 2);
}

//===----------------------------------------------------------------------===//
// Scatters
//===----------------------------------------------------------------------===//

TEST(Scatter, TheLastOfRepeatedIndicesStays) {
  Tensor self = Tensor::from_vector(REF(ScatterSelf)), src = Tensor::from_vector(REF(ScatterSrc));
  expectEqual(self.scatter(0, scatterIndex(), src), REF(ScatterDim0));
  Tensor index1 = Tensor::from_vector(REF(ScatterIndex1));
  expectEqual(self.scatter(-1, index1, Tensor::cat({src, src}).slice({Slice{0, 3, 1}})),
              REF(ScatterDim1));
}

TEST(Scatter, ANumberPutOrCombined) {
  Tensor self = Tensor::from_vector(REF(ScatterSelf)),
         index1 = Tensor::from_vector(REF(ScatterIndex1));
  expectEqual(self.scatter(-1, index1, 1.5, "add"), REF(ScatterAdd));
  expectEqual(self.scatter(-1, index1, 1.5, "multiply"), REF(ScatterMultiply));
  EXPECT_THROW(self.scatter(-1, index1, 1.5, "sum"), Error);
}

TEST(Scatter, Misuse) {
  Tensor self = Tensor::from_vector(REF(ScatterSelf)), src = Tensor::from_vector(REF(ScatterSrc));
  EXPECT_THROW(self.scatter(0, scatterIndex(), src.cast(DType::Float64)), Error);
  EXPECT_THROW(self.scatter(0, scatterIndex().flatten(), src), Error);
  EXPECT_THROW(self.scatter(0, scatterIndex().cast(DType::Float32), src), Error);
  EXPECT_THROW(self.scatter(1, scatterIndex(), src.slice({Slice{}, Slice{0, 3, 1}})), Error);
  EXPECT_THROW(self.scatter_reduce(0, scatterIndex(), src, "max"), Error);
}

TEST(ScatterReduce, EveryReductionWithAndWithoutSelf) {
  struct Case {
    const char *reduce;
    bool include_self;
    const std::vector<float> &expected;
  };
  const Case cases[] = {
      {"sum", true, kScatterReduceSum},   {"sum", false, kScatterReduceSumExclude},
      {"prod", true, kScatterReduceProd}, {"prod", false, kScatterReduceProdExclude},
      {"mean", true, kScatterReduceMean}, {"mean", false, kScatterReduceMeanExclude},
      {"amax", true, kScatterReduceAmax}, {"amax", false, kScatterReduceAmaxExclude},
      {"amin", true, kScatterReduceAmin}, {"amin", false, kScatterReduceAminExclude},
  };
  Tensor self = Tensor::from_vector(REF(ScatterSelf)), src = Tensor::from_vector(REF(ScatterSrc));
  for (const Case &c : cases) {
    SCOPED_TRACE(std::string(c.reduce) + (c.include_self ? "" : ", include_self=false"));
    Tensor out = self.scatter_reduce(0, scatterIndex(), src, c.reduce, c.include_self);
    EXPECT_EQ(out.dtype(), DType::Float32);
    expectClose(out, c.expected, kScatterSelfShape);
  }
}

TEST(ScatterReduce, Integers) {
  Tensor out = Tensor::from_vector(REF(ScatterIntSelf))
                   .scatter_reduce(0, I({1, 0, 1}, {1, 3}), I({7, -8, 9}, {1, 3}), "amax", false);
  EXPECT_EQ(out.dtype(), DType::Int32);
  expectEqual(out, REF(ScatterIntAmaxExclude));
}

//===----------------------------------------------------------------------===//
// Selections of data-dependent size
//===----------------------------------------------------------------------===//

TEST(Select, MaskedSelect) {
  Tensor x = Tensor::from_vector(REF(SelectIn)), mask = Tensor::from_vector(REF(SelectMask));
  expectEqual(x.masked_select(mask), REF(MaskedSelect));
  expectEqual(x.masked_select(mask[1]), REF(MaskedSelectRow));
  expectEqual(x.masked_select(mask, 6, -1), REF(MaskedSelectSize6));
  expectEqual(x.masked_select(mask, 2, -1), REF(MaskedSelectSize2));
  EXPECT_EQ(x.masked_select(Tensor::zeros({3, 3}, DType::Bool)).numel(), 0);
  EXPECT_THROW(x.masked_select(x), Error);
}

TEST(Select, Nonzero) {
  Tensor x = Tensor::from_vector(REF(NonzeroIn));
  Tensor indices = x.nonzero();
  EXPECT_EQ(indices.dtype(), DType::Int32);
  expectEqual(indices, REF(Nonzero));
  expectEqual(x.nonzero(6, -1), REF(NonzeroSize6));
  EXPECT_EQ(Tensor::scalar(3).nonzero().shape(), Shape({1, 0}));
  EXPECT_EQ(Tensor::scalar(0).nonzero().shape(), Shape({0, 0}));
}

//===----------------------------------------------------------------------===//
// Random selections: tinygrad's numbers
//===----------------------------------------------------------------------===//

TEST(RandomSelect, Randperm) {
  Tensor::manual_seed(42);
  expectEqual(Tensor::randperm(10), REF(Randperm10));
  Tensor::manual_seed(3);
  Tensor perm = Tensor::randperm(7, DType::Int64);
  EXPECT_EQ(perm.dtype(), DType::Int64);
  expectEqual(perm, REF(Randperm7Int64));
}

TEST(RandomSelect, Multinomial) {
  Tensor weights = F({1, 2, 3, 4}, {4});
  Tensor::manual_seed(42);
  expectEqual(weights.multinomial(20, true), REF(MultinomialReplacement));
  Tensor::manual_seed(42);
  expectEqual(weights.multinomial(3), REF(MultinomialNoReplacement));
  Tensor rows = F({0, 1, 0, 3, 2, 0, 2, 0, 1, 1, 1, 1}, {3, 4});
  Tensor::manual_seed(7);
  expectEqual(rows.multinomial(5, true), REF(MultinomialRows));
  Tensor::manual_seed(7);
  expectEqual(rows.slice({Slice{0, 2, 1}}).multinomial(), REF(MultinomialRowsOne));
  Tensor::manual_seed(11);
  expectEqual(I({5, 1, 0, 2, 7, 1, 1, 1, 1, 1}, {2, 5}).multinomial(4),
              REF(MultinomialIntNoReplacement));
  EXPECT_THROW(weights.multinomial(5), Error);
  EXPECT_THROW(weights.multinomial(0, true), Error);
  EXPECT_THROW(Tensor::scalar(1).multinomial(), Error);
}

//===----------------------------------------------------------------------===//
// Gradients
//===----------------------------------------------------------------------===//

TEST(SortGradient, SortAndTopkValues) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sort().first; }, {{3, 5}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].sort(0, true).first; }, {{6, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].topk(2).first; }, {{3, 5}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].topk(3, 0, false).first; }, {{7, 2}}));
}

TEST(SortGradient, Scans) {
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cumprod(1); }, {{2, 5}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cummax(-1).first; }, {{3, 6}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].cummin(0).first; }, {{5, 2}}));
  EXPECT_TRUE(gradientsMatch([](auto x) { return x[0].logcumsumexp(1); }, {{2, 5}}));
}

TEST(SortGradient, Scatters) {
  Tensor index = scatterIndex();
  EXPECT_TRUE(
      gradientsMatch([&](auto x) { return x[0].scatter(0, index, x[1]); }, {{3, 4}, {2, 5}}));
  for (const char *reduce : {"sum", "mean"})
    for (bool include_self : {true, false}) {
      SCOPED_TRACE(std::string(reduce) + (include_self ? "" : ", include_self=false"));
      EXPECT_TRUE(gradientsMatch(
          [&](auto x) { return x[0].scatter_reduce(0, index, x[1], reduce, include_self); },
          {{3, 4}, {2, 5}}));
    }
}
