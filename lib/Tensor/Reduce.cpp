//===- Reduce.cpp - reductions and scans built from the primitives --------===//
//
// tinygrad's reduce and op mixins: statistics from sum, arg-reductions
// from max and an arange, scans from _pool's windows, softmax from max,
// exp and sum.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <algorithm>

namespace tg {

namespace {

/// How many elements each output of a reduction over `axes` combines.
int64_t reducedCount(const Tensor &x, const Axes &axes) {
  int64_t n = 1;
  for (int64_t a : axes.resolve(x.ndim()))
    n *= x.shape(a);
  return n;
}

/// The dtype mean and var return: floats keep theirs, the rest float32.
DType statisticDType(DType dtype) { return isFloat(dtype) ? dtype : DType::Float32; }

/// The shape `x` has after reducing `axes` without keepdim.
Shape reducedShape(const Tensor &x, const Axes &axes) {
  std::vector<int64_t> reduced = axes.resolve(x.ndim());
  Shape shape;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (std::find(reduced.begin(), reduced.end(), i) == reduced.end())
      shape.push_back(x.shape(i));
  return shape;
}

} // namespace

Tensor sumIn(const Tensor &x, const Axes &axes, bool keepdim, DType dtype) {
  return reduceOp(dtype == DType::Bool ? ReduceKind::Max : ReduceKind::Add, x.cast(dtype), axes,
                  keepdim);
}

Tensor cumalu(const Tensor &x, int64_t axis) {
  int64_t d = resolveDim(x, axis, "cumsum"), n = x.shape(d);
  // Element i is the sum of the window [i, i + n) of the axis padded with
  // n - 1 zeros in front.
  std::vector<std::pair<int64_t, int64_t>> padding(x.ndim(), {0, 0});
  padding.back() = {n - 1, 0};
  return pool(x.transpose(d, -1).pad(padding), {n}, {1}, {1}).sum(-1).transpose(d, -1);
}

Tensor Tensor::mean(Axes axes, bool keepdim) const {
  requireDefined("mean");
  Tensor total = cast(accumulationDType(dtype())).sum(axes, keepdim);
  return total.div(double(reducedCount(*this, axes))).cast(statisticDType(dtype()));
}

Tensor Tensor::var(Axes axes, bool keepdim, double correction) const {
  requireDefined("var");
  Tensor squares = sub(mean(axes, true)).square();
  Tensor total = squares.cast(accumulationDType(squares.dtype())).sum(axes, keepdim);
  double n = double(reducedCount(*this, axes));
  return total.div(std::max(n - correction, 0.0)).cast(statisticDType(dtype()));
}

Tensor Tensor::std(Axes axes, bool keepdim, double correction) const {
  return var(std::move(axes), keepdim, correction).sqrt();
}

Tensor Tensor::any(Axes axes, bool keepdim) const {
  requireDefined("any");
  return cast(DType::Bool).max(std::move(axes), keepdim);
}

Tensor Tensor::all(Axes axes, bool keepdim) const {
  requireDefined("all");
  // tinygrad multiplies the bools, which no tg reduction does: all is
  // "none is false".
  return logical_not().any(std::move(axes), keepdim).logical_not();
}

Tensor Tensor::argmax(std::optional<int64_t> axis, bool keepdim) const {
  requireDefined("argmax");
  if (!axis)
    return flatten().argmax(0);
  int64_t d = resolveDim(*this, *axis, "argmax"), n = shape(d);
  // Position i scores n - i where the maximum is: the largest score is the
  // first maximum.
  Shape column(ndim() - d, 1);
  column[0] = n;
  Tensor scores = eq(max(d, true)).mul(arange(double(n), 0, -1).reshape(column));
  return (double(n) - scores.max(d, keepdim)).cast(DType::Int32);
}

Tensor Tensor::argmin(std::optional<int64_t> axis, bool keepdim) const {
  requireDefined("argmin");
  return inverse(*this).argmax(axis, keepdim);
}

Tensor Tensor::cumsum(int64_t axis) const {
  requireDefined("cumsum");
  int64_t d = resolveDim(*this, axis, "cumsum");
  if (ndim() == 0 || numel() == 0)
    return cast(sum().dtype());
  constexpr int64_t kSplit = 256;
  int64_t n = shape(d);
  if (n <= 2 * kSplit)
    return cumalu(*this, d);
  // Long axes in two stages, as tinygrad: running sums within blocks of
  // kSplit, plus the running sum of the blocks before.
  std::vector<std::pair<int64_t, int64_t>> front(ndim(), {0, 0});
  int64_t blocks = (n + kSplit - 1) / kSplit;
  front.back() = {blocks * kSplit - n, 0};
  Tensor chunks = cumalu(transpose(d, -1).pad(front).unflatten(-1, {blocks, kSplit}), -1);
  std::vector<Slice> lastOfEach(chunks.ndim());
  lastOfEach.back() = Slice{-1, std::nullopt, 1};
  Tensor totals = chunks.slice(lastOfEach).squeeze(-1);
  std::vector<std::pair<int64_t, int64_t>> shift(totals.ndim(), {0, 0});
  shift.back() = {1, -1};
  Tensor before = cumalu(totals, -1).pad(shift);
  Tensor sums = chunks.add(before.unsqueeze(-1)).flatten(-2);
  std::vector<Slice> tail(sums.ndim());
  tail.back() = Slice{-n, std::nullopt, 1};
  return sums.slice(tail).transpose(d, -1);
}

namespace {

/// tinygrad's _softmax: x minus its (constant) maximum, its exp, and the
/// sum of that.
struct Softmax {
  Tensor shifted, exp, sum;
};

Softmax softmaxParts(const Tensor &x, int64_t axis) {
  Tensor shifted = x.sub(x.max(axis, true).detach());
  Tensor e = shifted.exp();
  return {shifted, e, e.sum(axis, true)};
}

} // namespace

Tensor Tensor::softmax(int64_t axis) const {
  requireDefined("softmax");
  Softmax parts = softmaxParts(*this, axis);
  return parts.exp.mul(parts.sum.reciprocal());
}

Tensor Tensor::log_softmax(int64_t axis) const {
  requireDefined("log_softmax");
  Softmax parts = softmaxParts(*this, axis);
  return parts.shifted.sub(parts.sum.log());
}

Tensor Tensor::logsumexp(Axes axes, bool keepdim) const {
  requireDefined("logsumexp");
  Tensor m = max(axes, true).detach();
  Tensor total = sub(m).exp().sum(axes, keepdim).log();
  return total.add(keepdim ? m : m.reshape(reducedShape(*this, axes)));
}

} // namespace tg
