//===- Sort.cpp - sorting, scans and scatters ------------------------------===//
//
// tinygrad's sort is a bitonic network: the axis padded to a power of two
// and split into axes of size 2, so that each compare-and-swap step is a
// maximum and a minimum of two halves. Its indices pair the k-th of equal
// values before and after sorting, which keeps ties in order. The scans
// are _cumalu's windows (Reduce.cpp); the scatters compare every index
// with every place, as gather does, and reduce the one-hot mask.
// masked_select and nonzero have as many elements as the mask has trues:
// without a `size`, that count is realized and read, as tinygrad does.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

namespace tg {

namespace {

[[noreturn]] void fail(const char *op, const std::string &why) {
  throw Error(std::string("tg::Tensor::") + op + ": " + why);
}

/// Each axis padded with zeros (or cut, as tinygrad's shrink_to) to
/// `shape`.
Tensor padTo(const Tensor &x, const Shape &shape) {
  std::vector<std::pair<int64_t, int64_t>> padding;
  for (size_t i = 0; i < shape.size(); ++i)
    padding.push_back({0, shape[i] - x.shape(int64_t(i))});
  return x.pad(padding);
}

/// Only the first `count` elements along `axis`.
Tensor firstAlong(const Tensor &x, int64_t axis, int64_t count) {
  Shape shape = x.shape();
  shape[axis] = count;
  return padTo(x, shape);
}

/// tinygrad's dtype.min or dtype.max, 0-d. The maximum is made as ~min:
/// int64's and uint64's are not doubles.
Tensor extreme(DType dtype, bool highest) {
  Tensor lowest = Tensor::scalar(dtypeLimits(dtype).first, dtype);
  return highest ? inverse(lowest) : lowest;
}

/// Bool [n, n]: [i, j] is j <= i (tinygrad's ones(n, n).tril()).
Tensor lowerTriangle(int64_t n) {
  Tensor i = Tensor::arange(double(n));
  return i.unsqueeze(-1).ge(i);
}

std::pair<Tensor, Tensor> halves(const Tensor &x, int64_t axis) {
  std::vector<Tensor> parts = x.split(1, axis);
  return {parts[0], parts[1]};
}

/// The bitonic network on `x`, whose sorted axis is split into `stages`
/// axes of size 2 from `dim` on (the first the most significant bit).
/// Stage s sorts blocks of 2^s; before its last stage the second of each
/// two blocks is sorted reversed (flipped, sorted, flipped back), so that
/// the two form a sequence the next stage can merge.
Tensor bitonic(Tensor x, int64_t dim, int64_t stages, bool descending) {
  for (int64_t stage = 1; stage <= stages; ++stage) {
    int64_t crossover = dim + stages - stage - 1;
    std::vector<int64_t> block;
    for (int64_t a = crossover + 1; a < dim + stages; ++a)
      block.push_back(a);
    // (tinygrad flips the axes after `dim` too, which changes nothing: the
    // steps below never compare across them.)
    auto flipSecond = [&](const Tensor &t) {
      auto [first, second] = halves(t, crossover);
      return Tensor::cat({first, second.flip(block)}, crossover);
    };
    bool merging = stage == stages;
    if (!merging)
      x = flipSecond(x).contiguous();
    for (int64_t sub = stage - 1; sub >= 0; --sub) {
      int64_t partner = dim + stages - sub - 1;
      auto [top, bottom] = halves(x, partner);
      Tensor larger = top.maximum(bottom), smaller = top.minimum(bottom);
      x = Tensor::cat(descending ? std::vector<Tensor>{larger, smaller}
                                 : std::vector<Tensor>{smaller, larger},
                      partner)
              .contiguous();
    }
    if (!merging)
      x = flipSecond(x);
  }
  return x;
}

/// For each element along `dim`, how many equal elements are at or before
/// it; `before` is lowerTriangle shaped to broadcast from `dim` on.
Tensor occurrence(const Tensor &t, int64_t dim, const Tensor &before) {
  return before.bitwise_and(t.unsqueeze(dim).eq(t.unsqueeze(dim + 1))).sum(dim + 1);
}

/// Where each element of `sorted` came from along `dim`: the position in
/// `x` of the same value with the same occurrence number.
Tensor sortedIndices(const Tensor &x, const Tensor &sorted, int64_t dim) {
  int64_t n = x.shape(dim);
  Shape square(x.ndim() - dim + 1, 1);
  square[0] = square[1] = n;
  Tensor before = lowerTriangle(n).reshape(square);
  Tensor same = x.unsqueeze(dim + 1).eq(sorted.unsqueeze(dim));
  Tensor sameOccurrence = occurrence(x, dim, before)
                              .unsqueeze(dim + 1)
                              .eq(occurrence(sorted, dim, before).unsqueeze(dim));
  Shape along(x.ndim(), 1);
  along[dim] = n;
  Tensor position = Tensor::arange(double(n)).reshape(along).unsqueeze(dim + 1);
  return same.bitwise_and(sameOccurrence).mul(position).sum(dim);
}

int64_t bitLength(uint64_t v) { return v ? 64 - __builtin_clzll(v) : 0; }

} // namespace

//===----------------------------------------------------------------------===//
// Sorting
//===----------------------------------------------------------------------===//

std::pair<Tensor, Tensor> Tensor::sort(int64_t dim, bool descending) const {
  requireDefined("sort");
  if (ndim() == 0)
    fail("sort", "a 0-d tensor has no dim to sort");
  int64_t d = resolveDim(*this, dim, "sort"), n = shape(d);
  if (n <= 1)
    return {*this, constLike(*this, 0, kDefaultInt)};
  // Padded with what sorts after every element.
  int64_t stages = bitLength(uint64_t(n - 1));
  Shape padded = shape();
  padded[d] = int64_t(1) << stages;
  Tensor inside = padTo(ones_like().cast(DType::Bool), padded);
  Tensor x = inside.where(padTo(*this, padded), extreme(dtype(), !descending))
                 .unflatten(d, Shape(stages, 2));
  Tensor sorted = firstAlong(bitonic(x, d, stages, descending).flatten(d, d + stages - 1), d, n);
  return {sorted, sortedIndices(*this, sorted, d)};
}

Tensor Tensor::argsort(int64_t dim, bool descending) const { return sort(dim, descending).second; }

std::pair<Tensor, Tensor> Tensor::topk(int64_t k, int64_t dim, bool largest) const {
  requireDefined("topk");
  if (ndim() == 0)
    fail("topk", "a 0-d tensor has no dim to select from");
  int64_t d = resolveDim(*this, dim, "topk");
  if (k < 0 || k > shape(d))
    fail("topk",
         "k = " + std::to_string(k) + " is out of range for size " + std::to_string(shape(d)));
  auto [values, indices] = sort(d, largest);
  return {firstAlong(values, d, k), firstAlong(indices, d, k)};
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

Tensor Tensor::cumprod(int64_t axis) const {
  requireDefined("cumprod");
  return cumalu(*this, axis, ReduceKind::Mul);
}

std::pair<Tensor, Tensor> Tensor::cummax(int64_t axis) const {
  requireDefined("cummax");
  Tensor values = cumalu(*this, axis, ReduceKind::Max);
  if (ndim() == 0)
    return {values, constLike(*this, 0, DType::Int32)};
  int64_t d = resolveDim(*this, axis, "cummax"), n = shape(d);
  // [i, j]: element i equals the running maximum at j, and i <= j. The
  // first such i scores highest (n - i).
  Tensor match = transpose(d, -1)
                     .unsqueeze(-1)
                     .eq(values.transpose(d, -1).unsqueeze(-2))
                     .bitwise_and(lowerTriangle(n).T());
  Tensor scores = match.mul(arange(double(n), 0, -1).reshape({n, 1}));
  return {values, (double(n) - scores.max(-2)).cast(DType::Int32).transpose(-1, d)};
}

std::pair<Tensor, Tensor> Tensor::cummin(int64_t axis) const {
  requireDefined("cummin");
  auto [values, indices] = inverse(*this).cummax(axis);
  return {inverse(values), indices};
}

Tensor Tensor::logcumsumexp(int64_t axis) const {
  requireDefined("logcumsumexp");
  if (ndim() == 0)
    return *this;
  int64_t d = resolveDim(*this, axis, "logcumsumexp"), n = shape(d);
  Tensor x = transpose(d, -1);
  Tensor peak = x.cummax(-1).first.detach();
  // Row i: x_j - peak_i for j <= i, and what exp takes to 0 after.
  Tensor shifted =
      lowerTriangle(n).where(x.unsqueeze(-2).sub(peak.unsqueeze(-1)), extreme(dtype(), false));
  return shifted.exp().sum(-1).log().add(peak).transpose(-1, d);
}

//===----------------------------------------------------------------------===//
// Scatters
//===----------------------------------------------------------------------===//

namespace {

/// tinygrad's _pre_scatter: src's elements and whether index puts them at
/// each place, [self's shape..., index.shape(dim)]: [..., p, ..., k] is
/// element k along dim of src's row, and whether its index is p.
struct Scattered {
  Tensor src, mask;
};

Scattered preScatter(const char *op, const Tensor &self, int64_t dim, const Tensor &index,
                     const Tensor &src) {
  if (!index.defined() || !src.defined())
    fail(op, "an undefined index or src");
  if (index.ndim() != self.ndim() || src.ndim() != self.ndim())
    fail(op, "self " + shapeText(self.shape()) + ", index " + shapeText(index.shape()) +
                 " and src " + shapeText(src.shape()) + " must have as many dims");
  if (!isInt(index.dtype()))
    fail(op, std::string("the index must be integers, not ") + name(index.dtype()));
  if (src.dtype() != self.dtype())
    fail(op, std::string("src is ") + name(src.dtype()) + ", self " + name(self.dtype()));
  int64_t d = resolveDim(self, dim, op);
  for (int64_t i = 0; i < self.ndim(); ++i)
    if ((i != d && self.shape(i) < index.shape(i)) || src.shape(i) < index.shape(i))
      fail(op, "index " + shapeText(index.shape()) + " is larger than src " +
                   shapeText(src.shape()) + ", or than self " + shapeText(self.shape()) +
                   " outside dim " + std::to_string(dim));
  Shape spread = index.shape();
  spread.push_back(self.shape(d));
  Tensor values = padTo(src, index.shape()).unsqueeze(-1).expand(spread).transpose(-1, d);
  Tensor mask = oneHotAlongDim(index.unsqueeze(-1), self.shape(d)).transpose(-1, d);
  Shape full = self.shape();
  full.push_back(index.shape(d));
  return {padTo(values, full), padTo(mask, full)};
}

} // namespace

Tensor Tensor::scatter(int64_t dim, const Tensor &index, const Tensor &src) const {
  requireDefined("scatter");
  Scattered s = preScatter("scatter", *this, dim, index, src);
  // tinygrad's _masked_merge: each of src's elements in turn replaces what
  // is at its place, so the last of repeated indices stays.
  Tensor merged = *this;
  std::vector<Slice> piece(ndim() + 1);
  for (int64_t k = 0; k < s.mask.shape(-1); ++k) {
    piece.back() = Slice{k, k + 1, 1};
    merged =
        s.mask.slice(piece).reshape(shape()).where(s.src.slice(piece).reshape(shape()), merged);
  }
  return merged;
}

Tensor Tensor::scatter(int64_t dim, const Tensor &index, double src,
                       std::optional<std::string> reduce) const {
  requireDefined("scatter");
  if (reduce && *reduce != "add" && *reduce != "multiply")
    fail("scatter", "reduce \"" + *reduce + "\" is not add or multiply");
  if (!index.defined())
    fail("scatter", "an undefined index");
  Tensor values = full(index.shape(), src, dtype());
  if (!reduce)
    return scatter(dim, index, values);
  return scatter_reduce(dim, index, values, *reduce == "add" ? "sum" : "prod");
}

Tensor Tensor::scatter_reduce(int64_t dim, const Tensor &index, const Tensor &src,
                              const std::string &reduce, bool include_self) const {
  requireDefined("scatter_reduce");
  if (reduce != "sum" && reduce != "prod" && reduce != "mean" && reduce != "amax" &&
      reduce != "amin")
    fail("scatter_reduce", "reduce \"" + reduce + "\" is not sum, prod, mean, amax or amin");
  Scattered s = preScatter("scatter_reduce", *this, dim, index, src);
  Tensor untouched = s.mask.any(-1).logical_not();
  // This tensor's element where it takes part, else the reduction's identity.
  auto own = [&](const Tensor &identity) {
    return include_self ? *this : untouched.where(*this, identity);
  };
  auto scattered = [&](const Tensor &identity) { return s.mask.where(s.src, identity); };
  Tensor one = Tensor::scalar(1, dtype()), zero = Tensor::scalar(0, dtype());
  if (reduce == "prod")
    return scattered(one).prod(-1).mul(own(one));
  if (reduce == "amax")
    return scattered(extreme(dtype(), false)).max(-1).maximum(own(extreme(dtype(), false)));
  if (reduce == "amin")
    return scattered(extreme(dtype(), true)).min(-1).minimum(own(extreme(dtype(), true)));
  Tensor total = scattered(zero).sum(-1).add(own(zero));
  if (reduce == "sum")
    return total;
  Tensor count = s.mask.where(1, 0).sum(-1);
  return total.div(include_self ? count.add(1) : count.add(untouched.where(1, 0)));
}

//===----------------------------------------------------------------------===//
// Selections of data-dependent size
//===----------------------------------------------------------------------===//

Tensor Tensor::masked_select(const Tensor &mask, std::optional<int64_t> size,
                             double fill_value) const {
  requireDefined("masked_select");
  if (!mask.defined() || mask.dtype() != DType::Bool)
    fail("masked_select", "the mask must be a bool tensor");
  if (size && *size < 0)
    fail("masked_select", "a negative size " + std::to_string(*size));
  Tensor x = flatten(), m = broadcastTo(mask, shape()).flatten();
  Tensor running = m.cumsum();
  // Result i is x at the number of places whose running count is at most
  // i: the place of the (i + 1)-th true.
  auto places = [&](int64_t count) {
    return zeros({count}, kDefaultInt).scatter(0, running, 1, "add").cumsum();
  };
  if (!size) {
    int64_t count = m.numel() ? running[-1].item<int64_t>() : 0;
    return x.gather(0, places(count));
  }
  Tensor selected = x.gather(0, places(*size)), kept = arange(double(*size)).lt(m.sum());
  return kept.where(selected, scalarLike(selected, fill_value)).cast(dtype());
}

Tensor Tensor::nonzero(std::optional<int64_t> size, double fill_value) const {
  requireDefined("nonzero");
  if (size && *size < 0)
    fail("nonzero", "a negative size " + std::to_string(*size));
  if (ndim() == 0)
    return zeros({size ? *size : int64_t(ne(0).item<bool>()), 0}, DType::Int32);
  // Every element's coordinates, [numel, ndim], selected where it is nonzero.
  std::vector<Tensor> coordinates;
  for (int64_t i = 0; i < ndim(); ++i) {
    Shape along(ndim(), 1);
    along[i] = shape(i);
    coordinates.push_back(arange(double(shape(i))).reshape(along).expand(shape()).flatten());
  }
  Tensor mask = ne(0).flatten().unsqueeze(-1).expand({numel(), ndim()});
  std::optional<int64_t> values = size ? std::optional<int64_t>(*size * ndim()) : std::nullopt;
  Tensor selected = stack(coordinates, -1).masked_select(mask, values, fill_value);
  return selected.reshape({selected.numel() / ndim(), ndim()});
}

//===----------------------------------------------------------------------===//
// Random selections
//===----------------------------------------------------------------------===//

Tensor Tensor::randperm(int64_t n, DType dtype) {
  if (n < 0)
    fail("randperm", "a negative n " + std::to_string(n));
  return rand({n}).argsort().cast(dtype);
}

Tensor Tensor::multinomial(int64_t num_samples, bool replacement) const {
  requireDefined("multinomial");
  if (ndim() < 1 || ndim() > 2 || num_samples <= 0)
    fail("multinomial", "needs a 1-d or 2-d tensor and num_samples > 0, got " + shapeText(shape()) +
                            " and " + std::to_string(num_samples));
  Tensor weight = ndim() == 1 ? unsqueeze(0) : *this;
  if (!replacement && num_samples > weight.shape(1))
    fail("multinomial", "without replacement, " + std::to_string(num_samples) +
                            " samples exceed the population of " + std::to_string(weight.shape(1)));
  Tensor indices;
  if (replacement || num_samples == 1) {
    // A sample is the number of cdf values not above a uniform draw.
    Tensor running = weight.cumsum(1).float_();
    Tensor cdf = running.div(running.slice({Slice{}, Slice{-1, std::nullopt, 1}}));
    indices = rand({num_samples, cdf.shape(0), 1}).ge(cdf).sum(2).permute({1, 0});
  } else {
    // Efraimidis-Spirakis: the num_samples largest log2(u) / weight.
    indices = rand(weight.shape(), DType::Float32).log2().div(weight).topk(num_samples, 1).second;
  }
  return (ndim() == 1 ? indices.squeeze(0) : indices).cast(DType::Int32);
}

} // namespace tg
