//===- Movement.cpp - movement ops built from the primitives --------------===//
//
// tinygrad's movement mixin: every op here is reshape, permute, expand,
// pad, shrink and flip (and, for cat, gather and the triangles, one
// elementwise op or reduction), as tinygrad writes it, so the compiler sees
// the structure tinygrad's optimizer sees (a conv is _pool's windows, a cat
// is padded pieces added).
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <algorithm>
#include <numeric>

namespace tg {

namespace {

[[noreturn]] void fail(const char *op, const std::string &why) {
  throw Error(std::string("tg::Tensor::") + op + ": " + why);
}

using Padding = std::vector<std::pair<int64_t, int64_t>>;

/// shrink_to with every axis given.
Tensor shrinkTo(const Tensor &x, const Shape &shape) {
  return x.shrink_to(std::vector<std::optional<int64_t>>(shape.begin(), shape.end()));
}

/// Only [begin, end) of `axis`; the other axes whole.
Tensor shrinkAxis(const Tensor &x, int64_t axis, int64_t begin, int64_t end) {
  std::vector<std::pair<int64_t, int64_t>> bounds;
  for (int64_t i = 0; i < x.ndim(); ++i)
    bounds.push_back(i == axis ? std::make_pair(begin, end)
                               : std::make_pair(int64_t(0), x.shape(i)));
  return x.shrink(bounds);
}

/// One axis of a slice as tinygrad's _parse_view_index resolves it: the
/// elements [begin, end) it covers, and its step.
struct ViewIndex {
  int64_t begin, end, step;
};

/// Python's slice.indices(size), then tinygrad's bounds: a negative step
/// covers [stop + 1, start + 1) and is applied as a flip.
ViewIndex parseSlice(const Slice &s, int64_t size) {
  if (s.step == 0)
    fail("slice", "a step of 0");
  auto clamp = [&](std::optional<int64_t> v, int64_t missing) {
    if (!v)
      return missing;
    int64_t i = *v < 0 ? *v + size : *v;
    return s.step > 0 ? std::clamp<int64_t>(i, 0, size) : std::clamp<int64_t>(i, -1, size - 1);
  };
  int64_t start = clamp(s.start, s.step > 0 ? 0 : size - 1);
  int64_t stop = clamp(s.stop, s.step > 0 ? size : -1);
  int64_t begin = start, end = stop;
  if (s.step * (stop - start) < 0)
    begin = end = 0;
  else if (s.step < 0)
    begin = stop + 1, end = start + 1;
  return {begin, end, s.step};
}

} // namespace

int64_t resolveDim(const Tensor &x, int64_t dim, const char *op, bool extra) {
  int64_t total = x.ndim() + (extra ? 1 : 0), bound = std::max<int64_t>(total, 1);
  if (dim < -bound || dim >= bound)
    fail(op, "dim " + std::to_string(dim) + " out of range [" + std::to_string(-bound) + ", " +
                 std::to_string(bound - 1) + "] for " + shapeText(x.shape()));
  return dim < 0 ? dim + bound : dim;
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

Tensor Tensor::transpose(int64_t a, int64_t b) const {
  std::vector<int64_t> order(ndim());
  std::iota(order.begin(), order.end(), 0);
  std::swap(order[resolveDim(*this, a, "transpose")], order[resolveDim(*this, b, "transpose")]);
  return permute(order);
}

Tensor Tensor::flatten(int64_t start, int64_t end) const {
  int64_t s = resolveDim(*this, start, "flatten"), e = resolveDim(*this, end, "flatten");
  if (ndim() == 0)
    return reshape({1});
  if (s > e)
    fail("flatten",
         "start dim " + std::to_string(start) + " is after end dim " + std::to_string(end));
  Shape shape(this->shape().begin(), this->shape().begin() + s);
  shape.push_back(tg::numel(Shape(this->shape().begin() + s, this->shape().begin() + e + 1)));
  shape.insert(shape.end(), this->shape().begin() + e + 1, this->shape().end());
  return reshape(shape);
}

Tensor Tensor::unflatten(int64_t axis, Shape sizes) const {
  int64_t d = resolveDim(*this, axis, "unflatten");
  Shape shape(this->shape().begin(), this->shape().begin() + d);
  shape.insert(shape.end(), sizes.begin(), sizes.end());
  shape.insert(shape.end(), this->shape().begin() + d + 1, this->shape().end());
  return reshape(shape);
}

Tensor Tensor::squeeze(std::optional<int64_t> axis) const {
  requireDefined("squeeze");
  if (!axis) {
    Shape shape;
    std::copy_if(this->shape().begin(), this->shape().end(), std::back_inserter(shape),
                 [](int64_t s) { return s != 1; });
    return reshape(shape);
  }
  int64_t d = resolveDim(*this, *axis, "squeeze");
  if (ndim() == 0 || this->shape()[d] != 1)
    return *this;
  Shape shape = this->shape();
  shape.erase(shape.begin() + d);
  return reshape(shape);
}

Tensor Tensor::unsqueeze(int64_t axis) const {
  int64_t d = resolveDim(*this, axis, "unsqueeze", /*extra=*/true);
  Shape shape = this->shape();
  shape.insert(shape.begin() + d, 1);
  return reshape(shape);
}

//===----------------------------------------------------------------------===//
// Joining and splitting
//===----------------------------------------------------------------------===//

Tensor Tensor::cat(const std::vector<Tensor> &tensors, int64_t axis) {
  if (tensors.empty())
    fail("cat", "no tensors");
  const Tensor &first = tensors.front();
  if (first.ndim() == 0)
    fail("cat", "0-d tensors cannot be joined (stack them)");
  int64_t d = resolveDim(first, axis, "cat");
  DType dtype = first.dtype();
  int64_t total = 0;
  for (const Tensor &t : tensors) {
    bool fits = t.ndim() == first.ndim();
    for (int64_t i = 0; fits && i < t.ndim(); ++i)
      fits = i == d || t.shape(i) == first.shape(i);
    if (!fits)
      fail("cat", "shapes " + shapeText(first.shape()) + " and " + shapeText(t.shape()) +
                      " differ outside dim " + std::to_string(axis));
    dtype = leastUpperDType(dtype, t.dtype());
    total += t.shape(d);
  }
  // Each piece padded with zeros to its place, then all added up: the
  // compiler sees disjoint regions, as tinygrad's pad-and-sum cat gives it.
  Tensor joined;
  int64_t offset = 0;
  for (const Tensor &t : tensors) {
    std::vector<std::pair<int64_t, int64_t>> padding(t.ndim(), {0, 0});
    padding[d] = {offset, total - offset - t.shape(d)};
    offset += t.shape(d);
    Tensor placed = t.cast(dtype).pad(padding);
    joined = !joined.defined()      ? placed
             : dtype == DType::Bool ? joined.bitwise_or(placed)
                                    : joined.add(placed);
  }
  return joined;
}

Tensor Tensor::stack(const std::vector<Tensor> &tensors, int64_t axis) {
  if (tensors.empty())
    fail("stack", "no tensors");
  int64_t d = resolveDim(tensors.front(), axis, "stack", /*extra=*/true);
  std::vector<Tensor> pieces;
  for (const Tensor &t : tensors) {
    if (t.shape() != tensors.front().shape())
      fail("stack", "shapes " + shapeText(tensors.front().shape()) + " and " +
                        shapeText(t.shape()) + " differ");
    pieces.push_back(t.unsqueeze(d));
  }
  return cat(pieces, d);
}

std::vector<Tensor> Tensor::split(int64_t size, int64_t axis) const {
  if (size <= 0)
    fail("split", "the size of a piece must be positive, not " + std::to_string(size));
  int64_t length = shape(resolveDim(*this, axis, "split"));
  std::vector<int64_t> sizes;
  for (int64_t i = 0; i < std::max<int64_t>(length, 1); i += size)
    sizes.push_back(std::min(size, length - i));
  return split(sizes, axis);
}

std::vector<Tensor> Tensor::split(std::vector<int64_t> sizes, int64_t axis) const {
  int64_t d = resolveDim(*this, axis, "split");
  if (std::any_of(sizes.begin(), sizes.end(), [](int64_t s) { return s < 0; }) ||
      std::accumulate(sizes.begin(), sizes.end(), int64_t(0)) != shape(d))
    fail("split", "the sizes must be non-negative and add up to " + std::to_string(shape(d)));
  std::vector<Tensor> pieces;
  int64_t begin = 0;
  for (int64_t s : sizes) {
    pieces.push_back(shrinkAxis(*this, d, begin, begin + s));
    begin += s;
  }
  return pieces;
}

std::vector<Tensor> Tensor::chunk(int64_t chunks, int64_t axis) const {
  if (chunks <= 0)
    fail("chunk", "the number of chunks must be positive, not " + std::to_string(chunks));
  int64_t length = shape(resolveDim(*this, axis, "chunk"));
  if (length == 0)
    return split(std::vector<int64_t>(chunks, 0), axis);
  return split(ceilDiv(length, chunks), axis);
}

Tensor Tensor::repeat(std::vector<int64_t> repeats) const {
  requireDefined("repeat");
  if (repeats.size() < size_t(ndim()))
    fail("repeat", std::to_string(repeats.size()) + " repeats for " + shapeText(shape()));
  if (std::any_of(repeats.begin(), repeats.end(), [](int64_t r) { return r < 0; }))
    fail("repeat", "a negative number of repeats");
  Shape base(repeats.size() - ndim(), 1);
  base.insert(base.end(), shape().begin(), shape().end());
  // Each repeated axis gets a new axis before it, expanded to the repeats.
  Shape unsqueezed, expanded, final;
  for (size_t i = 0; i < repeats.size(); ++i) {
    if (repeats[i] != 1) {
      unsqueezed.push_back(1);
      expanded.push_back(repeats[i]);
    }
    unsqueezed.push_back(base[i]);
    expanded.push_back(base[i]);
    final.push_back(repeats[i] * base[i]);
  }
  return reshape(unsqueezed).expand(expanded).reshape(final);
}

//===----------------------------------------------------------------------===//
// Padding and cropping
//===----------------------------------------------------------------------===//

namespace {

/// The negative parts of `pads` (which crop) and the positive ones.
std::pair<Padding, Padding> cropAndGrow(const Padding &pads) {
  Padding crop, grow;
  for (auto [before, after] : pads) {
    crop.push_back({std::min<int64_t>(before, 0), std::min<int64_t>(after, 0)});
    grow.push_back({std::max<int64_t>(before, 0), std::max<int64_t>(after, 0)});
  }
  return {crop, grow};
}

/// Axis `axis` of `x` as `count` copies of its element `at`.
Tensor edgeRepeated(const Tensor &x, int64_t axis, int64_t at, int64_t count) {
  Shape shape = x.shape();
  shape[axis] = count;
  return shrinkAxis(x, axis, at, at + 1).expand(shape);
}

/// tinygrad's _pad_circular: crop first, then each axis repeated up to three
/// times and cut to the wrapped-around ends.
Tensor padCircular(const Tensor &x, const Padding &pads) {
  auto [crop, grow] = cropAndGrow(pads);
  Tensor t = x.pad(crop);
  std::vector<int64_t> repeats;
  Padding bounds;
  for (int64_t i = 0; i < t.ndim(); ++i) {
    auto [before, after] = grow[i];
    int64_t size = t.shape(i);
    if (before > size || after > size)
      fail("pad", "circular padding (" + std::to_string(before) + ", " + std::to_string(after) +
                      ") wraps around dim " + std::to_string(i) + " of size " +
                      std::to_string(size) + " more than once");
    repeats.push_back(1 + (before > 0) + (after > 0));
    int64_t total = size * repeats.back();
    bounds.push_back({before ? size - before : 0, after ? total - size + after : total});
  }
  return t.repeat(repeats).shrink(bounds);
}

/// tinygrad's _pad_reflect_replicate: per axis, the mirrored (or edge)
/// pieces joined on both sides; negative pads crop last, so that the
/// reflection sees the whole axis.
Tensor padReflectReplicate(const Tensor &x, const Padding &pads, bool reflect) {
  auto [crop, grow] = cropAndGrow(pads);
  Tensor t = x;
  for (int64_t d = 0; d < t.ndim(); ++d) {
    auto [before, after] = grow[d];
    int64_t size = t.shape(d);
    if (reflect && (before >= size || after >= size))
      fail("pad", "reflect padding (" + std::to_string(before) + ", " + std::to_string(after) +
                      ") must be less than the size " + std::to_string(size) + " of dim " +
                      std::to_string(d));
    std::vector<Tensor> pieces;
    if (before)
      pieces.push_back(reflect ? shrinkAxis(t, d, 1, before + 1).flip(d)
                               : edgeRepeated(t, d, 0, before));
    pieces.push_back(t);
    if (after)
      pieces.push_back(reflect ? shrinkAxis(t, d, size - 1 - after, size - 1).flip(d)
                               : edgeRepeated(t, d, size - 1, after));
    if (pieces.size() > 1)
      t = Tensor::cat(pieces, d);
  }
  return t.pad(crop);
}

} // namespace

Tensor Tensor::pad(std::vector<std::pair<int64_t, int64_t>> padding, const std::string &mode,
                   double value) const {
  requireDefined("pad");
  if (mode == "constant")
    return pad(std::move(padding), value);
  if (padding.size() > size_t(ndim()))
    fail("pad", std::to_string(padding.size()) + " paddings for " + shapeText(shape()));
  padding.resize(ndim(), {0, 0});
  if (mode == "circular")
    return padCircular(*this, padding);
  if (mode == "reflect" || mode == "replicate")
    return padReflectReplicate(*this, padding, mode == "reflect");
  fail("pad", "mode \"" + mode + "\" is not constant, reflect, replicate or circular");
}

Tensor Tensor::pad(std::initializer_list<int64_t> padding, const std::string &mode,
                   double value) const {
  requireDefined("pad");
  std::vector<int64_t> flat(padding);
  if (flat.size() % 2 || flat.size() / 2 > size_t(ndim()))
    fail("pad", "flat padding needs an even number of values, two per dim of " +
                    shapeText(shape()) + ", not " + std::to_string(flat.size()));
  Padding grouped(ndim(), {0, 0});
  for (size_t i = 0; i < flat.size() / 2; ++i)
    grouped[ndim() - 1 - i] = {flat[2 * i], flat[2 * i + 1]};
  return pad(grouped, mode, value);
}

Tensor Tensor::pad_to(std::vector<std::optional<int64_t>> shape, double value) const {
  requireDefined("pad_to");
  if (shape.size() != size_t(ndim()))
    fail("pad_to", std::to_string(shape.size()) + " sizes for " + shapeText(this->shape()));
  Padding padding;
  for (int64_t i = 0; i < ndim(); ++i) {
    int64_t size = shape[i].value_or(this->shape(i));
    if (size < this->shape(i))
      fail("pad_to", "dim " + std::to_string(i) + " of " + shapeText(this->shape()) +
                         " cannot be padded to " + std::to_string(size));
    padding.push_back({0, size - this->shape(i)});
  }
  return pad(padding, value);
}

Tensor Tensor::shrink_to(std::vector<std::optional<int64_t>> shape) const {
  requireDefined("shrink_to");
  if (shape.size() != size_t(ndim()))
    fail("shrink_to", std::to_string(shape.size()) + " sizes for " + shapeText(this->shape()));
  Padding bounds;
  for (int64_t i = 0; i < ndim(); ++i) {
    int64_t size = shape[i].value_or(this->shape(i));
    if (size < 0 || size > this->shape(i))
      fail("shrink_to", "dim " + std::to_string(i) + " of " + shapeText(this->shape()) +
                            " cannot be shrunk to " + std::to_string(size));
    bounds.push_back({0, size});
  }
  return shrink(bounds);
}

//===----------------------------------------------------------------------===//
// Repeating, rolling and windows
//===----------------------------------------------------------------------===//

Tensor Tensor::repeat_interleave(int64_t repeats, std::optional<int64_t> dim) const {
  requireDefined("repeat_interleave");
  if (repeats < 0)
    fail("repeat_interleave", "a negative number of repeats");
  Tensor x = dim && ndim() > 0 ? *this : flatten();
  int64_t d = dim ? resolveDim(*this, *dim, "repeat_interleave") : 0;
  // A new axis after d, expanded to the repeats and merged into d.
  Shape unsqueezed = x.shape(), expanded = x.shape(), merged = x.shape();
  unsqueezed.insert(unsqueezed.begin() + d + 1, 1);
  expanded.insert(expanded.begin() + d + 1, repeats);
  merged[d] *= repeats;
  return x.reshape(unsqueezed).expand(expanded).reshape(merged);
}

Tensor Tensor::roll(int64_t shifts, std::optional<int64_t> dims) const {
  requireDefined("roll");
  if (!dims)
    return flatten().roll(shifts, 0).reshape(shape());
  return roll(std::vector<int64_t>{shifts}, std::vector<int64_t>{*dims});
}

Tensor Tensor::roll(std::vector<int64_t> shifts, std::vector<int64_t> dims) const {
  requireDefined("roll");
  if (shifts.size() != dims.size())
    fail("roll", std::to_string(shifts.size()) + " shifts for " + std::to_string(dims.size()) +
                     " dims");
  for (int64_t &d : dims)
    d = resolveDim(*this, d, "roll");
  if (ndim() == 0 || numel() == 0)
    return *this;
  // Each rolled axis twice in a row, cut where the shifted axis starts.
  std::vector<int64_t> repeats(ndim(), 1);
  Padding bounds;
  for (int64_t i = 0; i < ndim(); ++i)
    bounds.push_back({0, shape(i)});
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t n = shape(dims[i]), start = n - ((shifts[i] % n) + n) % n;
    repeats[dims[i]] = 2;
    bounds[dims[i]] = {start, start + n};
  }
  return repeat(repeats).shrink(bounds);
}

Tensor Tensor::unfold(int64_t dim, int64_t size, int64_t step) const {
  requireDefined("unfold");
  if (size < 0 || step <= 0)
    fail("unfold", "size must be >= 0 and step > 0, not " + std::to_string(size) + " and " +
                       std::to_string(step));
  int64_t d = resolveDim(*this, dim, "unfold");
  Tensor x = ndim() == 0 ? reshape({1}) : *this;
  if (size > x.shape(d))
    fail("unfold", "a window of " + std::to_string(size) + " is larger than dim " +
                       std::to_string(dim) + " of " + shapeText(shape()));
  // d moved last, its windows taken, and moved back before the window axis.
  std::vector<int64_t> toLast, back(x.ndim() + 1);
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (i != d)
      toLast.push_back(i);
  toLast.push_back(d);
  for (int64_t i = 0; i < x.ndim(); ++i)
    back[toLast[i]] = i;
  back.back() = x.ndim();
  Tensor last = x.permute(toLast);
  Tensor windows;
  if (size == 0) {
    // Empty windows, which pool() does not make: one per position, plus one.
    Shape shape = last.shape();
    shape.back() = x.shape(d) / step + 1;
    shape.push_back(0);
    windows = shrinkAxis(last, x.ndim() - 1, 0, 0).unsqueeze(-2).expand(shape);
  } else {
    windows = pool(last, {size}, {step}, {1});
  }
  return windows.permute(back);
}

//===----------------------------------------------------------------------===//
// Grids, diagonals and triangles
//===----------------------------------------------------------------------===//

std::vector<Tensor> Tensor::meshgrid(const std::vector<Tensor> &tensors,
                                     const std::string &indexing) {
  if (indexing != "ij" && indexing != "xy")
    fail("meshgrid", "indexing must be \"ij\" or \"xy\", not \"" + indexing + "\"");
  if (tensors.size() <= 1)
    return tensors;
  // Tensor i becomes axis i of the grid ("xy": the first two swapped).
  size_t n = tensors.size();
  std::vector<Tensor> axes;
  Shape grid;
  for (size_t i = 0; i < n; ++i) {
    size_t axis = indexing == "xy" && i < 2 ? 1 - i : i;
    Shape shape(n - axis, 1);
    shape[0] = -1;
    axes.push_back(tensors[i].reshape(shape));
    grid = broadcastShape(grid, axes.back().shape());
  }
  for (Tensor &t : axes)
    t = broadcastTo(t, grid);
  return axes;
}

Tensor Tensor::diag() const {
  requireDefined("diag");
  if (ndim() != 1)
    fail("diag", "needs a 1-d tensor, not " + shapeText(shape()));
  // Each element followed by n zeros, read as rows of n.
  int64_t n = shape(0);
  return unsqueeze(-1).pad({{0, 0}, {0, n}}).flatten().shrink({{0, n * n}}).reshape({n, n});
}

Tensor Tensor::diagonal(int64_t offset, int64_t dim1, int64_t dim2) const {
  requireDefined("diagonal");
  int64_t a = resolveDim(*this, dim1, "diagonal"), b = resolveDim(*this, dim2, "diagonal");
  if (a == b)
    fail("diagonal", "dim1 and dim2 are both dim " + std::to_string(a));
  std::vector<int64_t> order;
  for (int64_t i = 0; i < ndim(); ++i)
    if (i != a && i != b)
      order.push_back(i);
  order.insert(order.end(), {a, b});
  Tensor x = permute(order);
  int64_t rows = x.ndim() - 2, cols = x.ndim() - 1;
  // The diagonal starts `offset` columns right (or -offset rows down); past
  // the matrix it is empty, as PyTorch's.
  x = offset >= 0 ? shrinkAxis(x, cols, std::min(offset, x.shape(cols)), x.shape(cols))
                  : shrinkAxis(x, rows, std::min(-offset, x.shape(rows)), x.shape(rows));
  int64_t n = std::min(x.shape(rows), x.shape(cols));
  // The n×n corner flattened and padded to rows of n + 1: the diagonal is
  // their first column.
  Shape square(x.shape().begin(), x.shape().end() - 2);
  Shape split = square, column = square;
  square.insert(square.end(), {n, n});
  split.insert(split.end(), {n, n + 1});
  column.insert(column.end(), {n, 1});
  Tensor corner = shrinkTo(x, square).flatten(-2);
  Padding widen(corner.ndim(), {0, 0});
  widen.back() = {0, n};
  return shrinkTo(corner.pad(widen).reshape(split), column).squeeze(-1);
}

namespace {

/// tinygrad's _tri: true where column j >= row i + diagonal.
Tensor upperMask(int64_t rows, int64_t cols, int64_t diagonal) {
  return Tensor::arange(double(rows))
      .unsqueeze(-1)
      .add(double(diagonal))
      .le(Tensor::arange(double(cols)));
}

void requireMatrices(const Tensor &x, const char *op) {
  if (x.ndim() < 2)
    fail(op, "needs at least 2 dims, not " + shapeText(x.shape()));
}

} // namespace

Tensor Tensor::triu(int64_t diagonal) const {
  requireDefined("triu");
  requireMatrices(*this, "triu");
  return upperMask(shape(-2), shape(-1), diagonal).where(*this, scalarLike(*this, 0));
}

Tensor Tensor::tril(int64_t diagonal) const {
  requireDefined("tril");
  requireMatrices(*this, "tril");
  return upperMask(shape(-2), shape(-1), diagonal + 1).where(scalarLike(*this, 0), *this);
}

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

Tensor Tensor::operator[](int64_t index) const {
  requireDefined("operator[]");
  if (ndim() == 0)
    fail("operator[]", "a 0-d tensor has no axis to index");
  int64_t size = shape(0);
  if (index >= size || index < -size)
    fail("operator[]",
         "index " + std::to_string(index) + " is out of bounds for size " + std::to_string(size));
  int64_t i = index < 0 ? index + size : index;
  return shrinkAxis(*this, 0, i, i + 1).reshape(Shape(shape().begin() + 1, shape().end()));
}

Tensor Tensor::slice(std::vector<Slice> slices) const {
  requireDefined("slice");
  if (slices.size() > size_t(ndim()))
    fail("slice", std::to_string(slices.size()) + " slices for " + shapeText(shape()));
  slices.resize(ndim());
  std::vector<ViewIndex> view;
  std::vector<std::pair<int64_t, int64_t>> bounds;
  std::vector<int64_t> flipped;
  for (int64_t i = 0; i < ndim(); ++i) {
    view.push_back(parseSlice(slices[i], shape(i)));
    bounds.push_back({view[i].begin, view[i].end});
    if (view[i].step < 0)
      flipped.push_back(i);
  }
  Tensor x = shrink(bounds).flip(Axes(flipped));
  if (std::all_of(view.begin(), view.end(),
                  [](const ViewIndex &v) { return std::abs(v.step) == 1; }))
    return x;
  // A step st: pad the axis to a multiple of st, split it into (n, st) and
  // keep the first of each st.
  std::vector<std::pair<int64_t, int64_t>> padding;
  Shape split, kept, final;
  for (int64_t i = 0; i < ndim(); ++i) {
    int64_t st = std::abs(view[i].step), n = ceilDiv(x.shape(i), st);
    padding.push_back({0, n * st - x.shape(i)});
    split.insert(split.end(), {n, st});
    kept.insert(kept.end(), {n, 1});
    final.push_back(n);
  }
  return shrinkTo(x.pad(padding).reshape(split), kept).reshape(final);
}

Tensor oneHotAlongDim(const Tensor &x, int64_t numClasses, int64_t dim) {
  if (!isInt(x.dtype()))
    fail("one_hot", std::string("class indices must be integers, not ") + name(x.dtype()));
  int64_t offset = x.ndim() - resolveDim(x, dim, "one_hot") - 1;
  Shape classes(offset + 1, 1);
  classes[0] = numClasses;
  return x.eq(Tensor::arange(double(numClasses)).reshape(classes));
}

Tensor Tensor::gather(int64_t axis, const Tensor &index) const {
  requireDefined("gather");
  if (index.ndim() != ndim())
    fail("gather", "the index has " + std::to_string(index.ndim()) + " dims, the tensor " +
                       std::to_string(ndim()));
  int64_t d = resolveDim(*this, axis, "gather");
  Shape window = index.shape();
  for (int64_t i = 0; i < ndim(); ++i)
    if (i != d && shape(i) < index.shape(i))
      fail("gather", "index " + shapeText(index.shape()) + " is larger than " + shapeText(shape()) +
                         " outside dim " + std::to_string(axis));
  window[d] = shape(d);
  // Every index compared with every position along d: the one that matches
  // is the one summed.
  Tensor x = shrinkTo(*this, window).unsqueeze(-1).transpose(-1, d);
  Tensor mask = oneHotAlongDim(index.unsqueeze(-1), shape(d));
  return sumIn(mask.where(x, scalarLike(x, 0)), -1, false, dtype());
}

//===----------------------------------------------------------------------===//
// Pooling windows
//===----------------------------------------------------------------------===//

bool windowsApart(const Shape &kernel, const std::vector<int64_t> &stride,
                  const std::vector<int64_t> &dilation) {
  for (size_t i = 0; i < kernel.size(); ++i)
    if (kernel[i] > stride[i] || dilation[i] != 1)
      return false;
  return true;
}

Tensor pool(const Tensor &x, const Shape &kernel, const std::vector<int64_t> &stride,
            const std::vector<int64_t> &dilation) {
  size_t n = kernel.size();
  if (size_t(x.ndim()) < n)
    fail("pool",
         "cannot pool " + shapeText(x.shape()) + " with a " + std::to_string(n) + "-d kernel");
  if (stride.size() != n || dilation.size() != n)
    fail("pool", "a " + std::to_string(n) + "-d kernel needs as many strides and dilations");
  size_t lead = x.ndim() - n;
  Shape in(x.shape().begin() + lead, x.shape().end()), out(n), scale(n);
  for (size_t i = 0; i < n; ++i) {
    if (kernel[i] < 1 || stride[i] < 1 || dilation[i] < 1)
      fail("pool", "the kernel " + shapeText(kernel) + ", strides " + shapeText(stride) +
                       " and dilations " + shapeText(dilation) + " must be positive");
    int64_t span;
    if (__builtin_mul_overflow(dilation[i], kernel[i] - 1, &span) || span + 1 > in[i])
      fail("pool",
           "the kernel " + shapeText(kernel) + " is larger than the input " + shapeText(in));
    out[i] = ceilDiv(in[i] - dilation[i] * (kernel[i] - 1), stride[i]);
    // The input repeated `scale` times more than the kernel needs, so the
    // strided shrink below stays inside it.
    scale[i] = std::max<int64_t>(1, ceilDiv(out[i] * stride[i] - dilation[i], in[i]));
  }
  // Windows that do not overlap (tinygrad's path): cut or pad each axis to
  // o*s, split it into [o, s], keep [o, k].
  if (windowsApart(kernel, stride, dilation)) {
    std::vector<std::pair<int64_t, int64_t>> fit(lead, {0, 0});
    Shape split(x.shape().begin(), x.shape().begin() + lead), kept = split;
    for (size_t i = 0; i < n; ++i) {
      fit.push_back({0, out[i] * stride[i] - in[i]});
      split.insert(split.end(), {out[i], stride[i]});
      kept.insert(kept.end(), {out[i], kernel[i]});
    }
    // (A negative pad cuts; what padding adds is never in a window.)
    Tensor t = shrinkTo(x.pad(fit, 0).reshape(split), kept);
    std::vector<int64_t> order(lead);
    std::iota(order.begin(), order.end(), 0);
    for (size_t i = 0; i < n; ++i)
      order.push_back(lead + 2 * i);
    for (size_t i = 0; i < n; ++i)
      order.push_back(lead + 2 * i + 1);
    return t.permute(order);
  }
  // Repeat each axis k times and cut rows of i*f + d: row j of the result
  // starts d*j elements further, which is the dilated window of tap j.
  Shape repeats(lead, 1), rows(x.shape().begin(), x.shape().begin() + lead);
  Shape taps = rows, strided = rows, byStride = rows, firsts = rows, windows = rows;
  for (size_t i = 0; i < n; ++i) {
    int64_t row = in[i] * scale[i] + dilation[i];
    repeats.push_back(ceilDiv(kernel[i] * row, in[i]));
    rows.push_back(kernel[i] * row);
    taps.insert(taps.end(), {kernel[i], row});
    strided.insert(strided.end(), {kernel[i], out[i] * stride[i]});
    byStride.insert(byStride.end(), {kernel[i], out[i], stride[i]});
    firsts.insert(firsts.end(), {kernel[i], out[i], 1});
    windows.insert(windows.end(), {kernel[i], out[i]});
  }
  Tensor t = shrinkTo(x.repeat(repeats), rows).reshape(taps);
  t = shrinkTo(t, strided).reshape(byStride);
  t = shrinkTo(t, firsts).reshape(windows);
  // [..., k0, o0, k1, o1, ...] to [..., o0, o1, ..., k0, k1, ...].
  std::vector<int64_t> order(lead);
  std::iota(order.begin(), order.end(), 0);
  for (size_t i = 0; i < n; ++i)
    order.push_back(lead + 2 * i + 1);
  for (size_t i = 0; i < n; ++i)
    order.push_back(lead + 2 * i);
  return t.permute(order);
}

} // namespace tg
