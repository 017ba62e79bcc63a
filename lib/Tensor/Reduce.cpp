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

namespace {

/// tinygrad's identity_element: what leaves the other operand of `op` as
/// it is.
double identityOf(ReduceKind op, DType dtype) {
  switch (op) {
  case ReduceKind::Add: return 0;
  case ReduceKind::Mul: return 1;
  case ReduceKind::Max: return dtypeLimits(dtype).first;
  }
  return 0;
}

Tensor combine(ReduceKind op, const Tensor &a, const Tensor &b) {
  switch (op) {
  case ReduceKind::Add: return a.add(b);
  case ReduceKind::Mul: return a.mul(b);
  case ReduceKind::Max: return a.maximum(b);
  }
  return a;
}

/// tinygrad's _cumalu along the last axis: element i reduces the window
/// [i, i + n) of the axis padded with n - 1 identities in front. A sum
/// accumulates as Tensor::sum does; a product or maximum keeps the dtype,
/// as tinygrad's prod and max do.
Tensor windowScan(const Tensor &x, ReduceKind op) {
  int64_t n = x.shape(-1);
  std::vector<std::pair<int64_t, int64_t>> padding(x.ndim(), {0, 0});
  padding.back() = {n - 1, 0};
  Tensor windows = pool(x.pad(padding, identityOf(op, x.dtype())), {n}, {1}, {1});
  return op == ReduceKind::Add ? windows.sum(-1) : reduceOp(op, windows, -1, false);
}

} // namespace

Tensor cumalu(const Tensor &x, int64_t axis, ReduceKind op) {
  static const char *const kNames[] = {"cumsum", "cumprod", "cummax"}; // by ReduceKind
  int64_t d = resolveDim(x, axis, kNames[int(op)]);
  if (x.ndim() == 0 || x.numel() == 0)
    return op == ReduceKind::Add ? x.cast(x.sum().dtype()) : x;
  // No tg reduction multiplies bools; their product is "none is false".
  if (op == ReduceKind::Mul && x.dtype() == DType::Bool)
    return inverse(cumalu(inverse(x), d, ReduceKind::Max));
  constexpr int64_t kSplit = 256;
  int64_t n = x.shape(d);
  Tensor last = x.transpose(d, -1);
  if (n <= 2 * kSplit)
    return windowScan(last, op).transpose(d, -1);
  // Long axes in two stages, as tinygrad: running results within blocks of
  // kSplit, combined with the running result of the blocks before.
  double identity = identityOf(op, x.dtype());
  std::vector<std::pair<int64_t, int64_t>> front(x.ndim(), {0, 0});
  int64_t blocks = (n + kSplit - 1) / kSplit;
  front.back() = {blocks * kSplit - n, 0};
  Tensor chunks = windowScan(last.pad(front, identity).unflatten(-1, {blocks, kSplit}), op);
  std::vector<Slice> lastOfEach(chunks.ndim());
  lastOfEach.back() = Slice{-1, std::nullopt, 1};
  Tensor totals = chunks.slice(lastOfEach).squeeze(-1);
  std::vector<std::pair<int64_t, int64_t>> shift(totals.ndim(), {0, 0});
  shift.back() = {1, -1};
  Tensor before = windowScan(totals, op).pad(shift, identity);
  Tensor scanned = combine(op, chunks, before.unsqueeze(-1)).flatten(-2);
  std::vector<Slice> tail(scanned.ndim());
  tail.back() = Slice{-n, std::nullopt, 1};
  return scanned.slice(tail).transpose(d, -1);
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

std::pair<Tensor, Tensor> Tensor::var_mean(Axes axes, bool keepdim, double correction) const {
  return {var(axes, keepdim, correction), mean(axes, keepdim)};
}

std::pair<Tensor, Tensor> Tensor::std_mean(Axes axes, bool keepdim, double correction) const {
  return {std(axes, keepdim, correction), mean(axes, keepdim)};
}

Tensor Tensor::normalize(double p, int64_t dim, double eps) const {
  requireDefined("normalize");
  Tensor norm = p == 0 ? ne(0).sum(dim, true) : abs().pow(p).sum(dim, true).pow(1 / p);
  return div(norm.maximum(eps));
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
  return cumalu(*this, axis, ReduceKind::Add);
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

Tensor Tensor::softmin(int64_t axis) const { return neg().softmax(axis); }

Tensor Tensor::logsumexp(Axes axes, bool keepdim) const {
  requireDefined("logsumexp");
  Tensor m = max(axes, true).detach();
  Tensor total = sub(m).exp().sum(axes, keepdim).log();
  return total.add(keepdim ? m : m.reshape(reducedShape(*this, axes)));
}

} // namespace tg
