//===- MovementOps.cpp - ONNX's shape, indexing and creation ops ----------===//
//
// Shapes in ONNX are tensors (Reshape's shape, Slice's starts, Expand's
// shape): a builder reads them with Node::ints, which realizes what they
// come from. Indexing by tensors (Gather, GatherElements) compares every
// index with every position, as the tensor library's gather does.
//
//===----------------------------------------------------------------------===//

#include "Node.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <sstream>
#include <cmath>
#include <numeric>

namespace tg::onnx {
namespace {

using Outputs = std::vector<Tensor>;

std::vector<int64_t> normalizedAxes(std::vector<int64_t> axes, int64_t rank, const Node &node) {
  for (int64_t &axis : axes)
    axis = normalizeAxis(axis, rank, node);
  return axes;
}

/// The axes a node gives as an attribute (older opsets) or as input `i`.
std::vector<int64_t> axesOf(const Node &node, size_t i, int64_t inputsSince) {
  if (node.opset() >= inputsSince)
    return node.has(i) ? node.ints(i) : std::vector<int64_t>{};
  return node.attribute("axes", std::vector<int64_t>{});
}

Tensor unsqueezeAll(Tensor x, std::vector<int64_t> axes, const Node &node) {
  int64_t rank = x.ndim() + int64_t(axes.size());
  axes = normalizedAxes(axes, rank, node);
  std::sort(axes.begin(), axes.end());
  for (int64_t axis : axes)
    x = x.unsqueeze(axis);
  return x;
}

/// Indices with negative values counted from the end of an axis of `size`.
Tensor wrapped(const Tensor &index, int64_t size) {
  Tensor i = index.cast(DType::Int64);
  return (i < 0).where(i + size, i);
}

/// The order that moves `axis` of a rank-`rank` tensor to the end.
std::vector<int64_t> lastOrder(int64_t axis, int64_t rank) {
  std::vector<int64_t> order;
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis)
      order.push_back(i);
  order.push_back(axis);
  return order;
}

Tensor axisLast(const Tensor &x, int64_t axis) { return x.permute(lastOrder(axis, x.ndim())); }

/// The inverse of axisLast.
Tensor axisBack(const Tensor &x, int64_t axis) {
  std::vector<int64_t> order = lastOrder(axis, x.ndim()), inverse(order.size());
  for (size_t i = 0; i < order.size(); ++i)
    inverse[size_t(order[i])] = int64_t(i);
  return x.permute(inverse);
}

/// numpy's take: x's `axis` replaced by index's shape.
Tensor take(const Tensor &x, const Tensor &index, int64_t axis) {
  int64_t d = x.shape(axis);
  Tensor moved = x.permute(lastOrder(axis, x.ndim()));
  Shape rest(moved.shape().begin(), moved.shape().end() - 1);
  int64_t k = index.numel();
  Tensor mask = wrapped(index, d).reshape({k, 1}).eq(
      Tensor::arange(0, double(d), 1, DType::Int64).reshape({1, d}));
  Shape spread = rest;
  spread.insert(spread.end(), {1, d});
  Shape wide = rest;
  wide.insert(wide.end(), {k, d});
  Tensor picked = mask.expand(wide)
                      .where(moved.reshape(spread).expand(wide), Tensor::zeros({}, x.dtype()))
                      .sum(-1)
                      .cast(x.dtype());
  Shape shape = rest;
  shape.insert(shape.end(), index.shape().begin(), index.shape().end());
  picked = picked.reshape(shape);
  // Back in place: rest[:axis] + index dims + rest[axis:].
  int64_t restRank = int64_t(rest.size()), indexRank = index.ndim();
  std::vector<int64_t> back;
  for (int64_t i = 0; i < axis; ++i)
    back.push_back(i);
  for (int64_t i = 0; i < indexRank; ++i)
    back.push_back(restRank + i);
  for (int64_t i = axis; i < restRank; ++i)
    back.push_back(i);
  return picked.permute(back);
}

Tensor constantOfShape(const Node &node) {
  Shape shape;
  for (int64_t d : node.ints(0))
    shape.push_back(d);
  if (!node.hasAttribute("value"))
    return Tensor::zeros(shape);
  Tensor value = node.tensorAttribute("value");
  return value.reshape({}).expand(shape).contiguous();
}

Outputs split(const Node &node) {
  Tensor x = node.input(0);
  int64_t axis = normalizeAxis(node.attribute("axis", int64_t(0)), x.ndim(), node);
  std::vector<int64_t> sizes = node.opset() >= 13
                                   ? (node.has(1) ? node.ints(1) : std::vector<int64_t>{})
                                   : node.attribute("split", std::vector<int64_t>{});
  if (sizes.empty()) {
    int64_t parts = int64_t(node.numOutputs()), n = x.shape(axis);
    int64_t each = (n + parts - 1) / parts;
    for (int64_t begin = 0; begin < n; begin += each)
      sizes.push_back(std::min(each, n - begin));
  }
  return x.split(sizes, axis);
}

Outputs slice(const Node &node) {
  Tensor x = node.input(0);
  std::vector<int64_t> starts, ends, axes, steps;
  if (node.opset() < 10) {
    starts = node.attribute("starts", std::vector<int64_t>{});
    ends = node.attribute("ends", std::vector<int64_t>{});
    axes = node.attribute("axes", std::vector<int64_t>{});
  } else {
    starts = node.ints(1);
    ends = node.ints(2);
    if (node.has(3))
      axes = node.ints(3);
    if (node.has(4))
      steps = node.ints(4);
  }
  if (axes.empty()) {
    axes.resize(starts.size());
    std::iota(axes.begin(), axes.end(), 0);
  }
  steps.resize(starts.size(), 1);
  std::vector<Slice> slices(size_t(x.ndim()));
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t axis = normalizeAxis(axes[i], x.ndim(), node), n = x.shape(axis);
    if (steps[i] == 0)
      node.fail("a step of 0");
    // Python's slice bounds, clamped: ONNX writes "to the end" as the
    // largest int64, which the tensor library's slice clamps as well.
    auto clampBound = [&](int64_t b) {
      if (b < 0)
        b += n;
      return steps[i] > 0 ? std::clamp<int64_t>(b, 0, n) : std::clamp<int64_t>(b, -1, n - 1);
    };
    int64_t start = clampBound(starts[i]), stop = clampBound(ends[i]);
    slices[axis] = Slice{start, stop < 0 ? std::nullopt : std::optional<int64_t>(stop), steps[i]};
  }
  return {x.slice(slices)};
}

Outputs pad(const Node &node) {
  Tensor x = node.input(0);
  std::vector<int64_t> pads =
      node.opset() >= 11 ? node.ints(1) : node.attribute("pads", std::vector<int64_t>{});
  double value = 0;
  if (node.opset() >= 11 && node.has(2))
    value = node.doubles(2).at(0);
  else if (node.opset() < 11)
    value = node.attribute("value", 0.0);
  std::string mode = node.attribute("mode", "constant");
  int64_t rank = x.ndim();
  if (int64_t(pads.size()) != 2 * rank)
    node.unsupported(std::to_string(pads.size()) + " pads for rank " + std::to_string(rank));
  if (mode == "constant") {
    std::vector<std::pair<int64_t, int64_t>> padding;
    for (int64_t i = 0; i < rank; ++i)
      padding.push_back({pads[i], pads[i + rank]});
    return {x.pad(padding, value)};
  }
  // reflect and edge, one axis at a time, from slices of the axis.
  for (int64_t axis = 0; axis < rank; ++axis) {
    int64_t before = pads[axis], after = pads[axis + rank], n = x.shape(axis);
    if (before < 0 || after < 0)
      node.unsupported("negative pads in " + mode + " mode");
    std::vector<Tensor> parts;
    auto at = [&](int64_t i) {
      auto s = std::vector<Slice>(size_t(rank));
      s[axis] = Slice{i, i + 1, 1};
      return x.slice(s);
    };
    if (mode == "reflect" && (before >= n || after >= n))
      node.unsupported("reflect pads as large as the axis");
    for (int64_t i = before; i >= 1; --i)
      parts.push_back(at(mode == "edge" ? 0 : i));
    parts.push_back(x);
    for (int64_t i = 1; i <= after; ++i)
      parts.push_back(at(mode == "edge" ? n - 1 : n - 1 - i));
    if (mode != "edge" && mode != "reflect")
      node.unsupported("pad mode " + mode);
    x = Tensor::cat(parts, axis);
  }
  return {x};
}

Outputs range(const Node &node) {
  Tensor start = node.input(0);
  double from = node.doubles(0).at(0), to = node.doubles(1).at(0), step = node.doubles(2).at(0);
  if (step == 0)
    node.fail("a step of 0");
  int64_t n = std::max<int64_t>(0, int64_t(std::ceil((to - from) / step)));
  if (n == 0)
    return {Tensor::zeros({0}, start.dtype())};
  return {(Tensor::arange(0, double(n), 1, DType::Float64) * step + from).cast(start.dtype())};
}

/// `target` with the updates `spread` written where `mask` says, the
/// writes to one place meeting on `axis` (summed, multiplied, or the one
/// write replacing what is there).
Tensor scatterInto(const Node &node, const Tensor &target, const Tensor &mask,
                   const Tensor &spread, int64_t axis, const std::string &reduction) {
  DType dtype = target.dtype();
  Tensor zero = Tensor::zeros({}, dtype), one = Tensor::ones({}, dtype);
  if (reduction == "add")
    return target + mask.where(spread, zero).sum(axis).cast(dtype);
  if (reduction == "mul")
    return target * mask.where(spread, one).prod(axis).cast(dtype);
  if (reduction != "none")
    node.unsupported("reduction " + reduction);
  return mask.any(axis).where(mask.where(spread, zero).sum(axis).cast(dtype), target);
}

/// ScatterElements: each update goes to its index along `axis`, the rest of
/// its position as in `indices`; positions no index names keep `data`.
/// Every update is compared with every position along the axis.
Tensor scatterElements(const Node &node, const Tensor &data, const Tensor &indices,
                       const Tensor &updates, int64_t axis, const std::string &reduction) {
  int64_t n = data.shape(axis);
  // Indices may cover less than data outside the axis: pad them with -1,
  // which names no position.
  std::vector<std::pair<int64_t, int64_t>> grow;
  for (int64_t i = 0; i < data.ndim(); ++i)
    grow.push_back({0, i == axis ? 0 : data.shape(i) - indices.shape(i)});
  Tensor index = axisLast(wrapped(indices, n).pad(grow, -1), axis);
  Tensor update = axisLast(updates.pad(grow), axis);
  Tensor target = axisLast(data, axis);
  Tensor positions = Tensor::arange(0, double(n), 1, DType::Int64);
  Tensor mask = index.unsqueeze(-1).eq(positions); // [..., m, n]
  return axisBack(scatterInto(node, target, mask, update.unsqueeze(-1), -2, reduction), axis);
}

/// Linear positions of index tuples (the last axis of `indices`) into the
/// first indices.shape(-1) axes of `shape` from `first`.
Tensor linearIndex(const Tensor &indices, const Shape &shape, int64_t first) {
  int64_t k = indices.shape(-1);
  Tensor linear = Tensor::zeros({}, DType::Int64);
  for (int64_t j = 0; j < k; ++j) {
    std::vector<Slice> pick(size_t(indices.ndim()));
    pick.back() = Slice{j, j + 1, 1};
    Tensor component = wrapped(indices.slice(pick).squeeze(-1), shape[size_t(first + j)]);
    linear = linear * double(shape[size_t(first + j)]) + component;
  }
  return linear;
}

Outputs scatterND(const Node &node) {
  Tensor data = node.input(0), indices = node.input(1), updates = node.input(2);
  std::string reduction = node.attribute("reduction", "none");
  int64_t k = indices.shape(-1);
  Shape rest(data.shape().begin() + k, data.shape().end());
  int64_t places = tg::numel(Shape(data.shape().begin(), data.shape().begin() + k));
  int64_t q = indices.numel() / std::max<int64_t>(k, 1), width = tg::numel(rest);
  Tensor linear = linearIndex(indices, data.shape(), 0).reshape({q, 1});
  Tensor mask = linear.eq(Tensor::arange(0, double(places), 1, DType::Int64).reshape({1, places}))
                    .reshape({q, places, 1});
  Tensor written = scatterInto(node, data.reshape({places, width}), mask,
                               updates.reshape({q, 1, width}), 0, reduction);
  return {written.reshape(data.shape())};
}

Outputs gatherND(const Node &node) {
  Tensor data = node.input(0), indices = node.input(1);
  int64_t b = node.attribute("batch_dims", int64_t(0)), k = indices.shape(-1);
  int64_t batch = tg::numel(Shape(data.shape().begin(), data.shape().begin() + b));
  Shape rest(data.shape().begin() + b + k, data.shape().end());
  int64_t places = tg::numel(Shape(data.shape().begin() + b, data.shape().begin() + b + k));
  int64_t width = tg::numel(rest);
  int64_t q = indices.numel() / std::max<int64_t>(batch * k, 1);
  Tensor linear = linearIndex(indices, data.shape(), b).reshape({batch, q, 1});
  Tensor mask =
      linear.eq(Tensor::arange(0, double(places), 1, DType::Int64).reshape({1, 1, places}))
          .reshape({batch, q, places, 1});
  Tensor source = data.reshape({batch, 1, places, width});
  Tensor picked =
      mask.where(source, Tensor::zeros({}, data.dtype())).sum(2).cast(data.dtype());
  Shape shape(indices.shape().begin(), indices.shape().end() - 1);
  shape.insert(shape.end(), rest.begin(), rest.end());
  return {picked.reshape(shape)};
}

Outputs reverseSequence(const Node &node) {
  Tensor x = node.input(0), lengths = node.input(1).cast(DType::Int64);
  int64_t time = node.attribute("time_axis", int64_t(0));
  int64_t batch = node.attribute("batch_axis", int64_t(1));
  int64_t steps = x.shape(time), batches = x.shape(batch);
  Shape timeShape(size_t(x.ndim()), 1), batchShape(size_t(x.ndim()), 1);
  timeShape[time] = steps;
  batchShape[batch] = batches;
  Tensor t = Tensor::arange(0, double(steps), 1, DType::Int64).reshape(timeShape);
  Tensor length = lengths.reshape(batchShape);
  Tensor source = (t < length).where(length - 1 - t, t).expand(x.shape());
  return {x.gather(time, source)};
}

/// Hann, Hamming and Blackman windows: sums of cosines of 2πk·n/N.
void window(OpTable &table, const char *op, std::vector<double> terms) {
  table[op] = [terms](const Node &node) {
    int64_t size = node.ints(0).at(0);
    bool periodic = node.attribute("periodic", int64_t(1)) != 0;
    DType dtype = dtypeOf(int32_t(node.attribute("output_datatype", int64_t(1))), node.where());
    double period = double(periodic ? size : size - 1);
    Tensor n = Tensor::arange(0, double(size), 1, DType::Float64);
    Tensor w = Tensor::full({size}, terms[0], DType::Float64);
    for (size_t k = 1; k < terms.size(); ++k)
      w = w + (n * (2 * 3.14159265358979323846 * double(k) / period)).cos() * terms[k];
    return Outputs{w.cast(dtype)};
  };
}

/// Resize and Upsample, axis by axis: each output position's coordinate
/// in the input, from the coordinate transformation mode, then the nearest
/// input position or the two around it (mode linear).
Outputs resize(const Node &node) {
  Tensor x = node.input(0);
  std::string mode = node.attribute("mode", "nearest");
  std::string transform = node.op() == "Upsample" || node.opset() < 11
                              ? "asymmetric"
                              : node.attribute("coordinate_transformation_mode", "half_pixel");
  // Upsample, and Resize before opset 11, take the nearest below.
  std::string nearest = node.op() == "Upsample" || node.opset() < 11
                            ? "floor"
                            : node.attribute("nearest_mode", "round_prefer_floor");
  if (mode != "nearest" && mode != "linear" && mode != "cubic")
    node.unsupported("mode " + mode);
  double a = node.attribute("cubic_coeff_a", -0.75);
  bool excludeOutside = node.attribute("exclude_outside", int64_t(0)) != 0;
  // Keys' cubic convolution kernel with coefficient a.
  auto cubic = [a](double x) {
    x = std::fabs(x);
    return x <= 1 ? ((a + 2) * x - (a + 3)) * x * x + 1
                  : x < 2 ? ((a * x - 5 * a) * x + 8 * a) * x - 4 * a : 0.0;
  };
  if (transform == "tf_crop_and_resize")
    node.unsupported("coordinate_transformation_mode tf_crop_and_resize");
  std::vector<double> scales;
  std::vector<int64_t> sizes;
  size_t scalesInput = node.op() == "Upsample" || node.opset() < 11 ? 1 : 2;
  if (node.has(scalesInput) && node.input(scalesInput).numel() > 0)
    scales = node.doubles(scalesInput);
  else if (node.has(3))
    sizes = node.ints(3);
  else if (node.op() == "Upsample" && node.opset() < 9)
    scales = node.floatsAttribute("scales");
  for (int64_t axis = 0; axis < x.ndim(); ++axis) {
    int64_t in = x.shape(axis);
    int64_t out = sizes.empty() ? int64_t(std::floor(double(in) * scales.at(size_t(axis))))
                                : sizes.at(size_t(axis));
    double scale = sizes.empty() ? scales.at(size_t(axis)) : double(out) / double(in);
    if (out == in && scale == 1)
      continue;
    // The length the coordinates scale to: the exact one, not the rounded
    // size, when scales are given.
    double length = sizes.empty() ? double(in) * scale : double(out);
    std::vector<int64_t> low, high;
    std::vector<double> weight;
    std::vector<std::vector<int64_t>> taps(4);     // cubic: 4 positions,
    std::vector<std::vector<double>> tapWeights(4); // and their weights
    for (int64_t o = 0; o < out; ++o) {
      double c = transform == "half_pixel"           ? (o + 0.5) / scale - 0.5
                 : transform == "pytorch_half_pixel" ? (length > 1 ? (o + 0.5) / scale - 0.5 : 0)
                 : transform == "align_corners"
                     ? (length > 1 ? double(o) * double(in - 1) / (length - 1) : 0)
                 : transform == "asymmetric"           ? o / scale
                 : transform == "tf_half_pixel_for_nn" ? (o + 0.5) / scale
                                                       : (node.unsupported(
                                                              "coordinate_transformation_mode " +
                                                              transform),
                                                          0.0);
      if (mode == "nearest") {
        double r = nearest == "round_prefer_ceil" ? std::floor(c + 0.5)
                   : nearest == "floor"           ? std::floor(c)
                   : nearest == "ceil"            ? std::ceil(c)
                                                  : std::ceil(c - 0.5);
        low.push_back(std::clamp<int64_t>(int64_t(r), 0, in - 1));
        continue;
      }
      if (mode == "cubic") {
        double base = std::floor(c), ratio = c - base, total = 0;
        double w[4] = {cubic(ratio + 1), cubic(ratio), cubic(1 - ratio), cubic(2 - ratio)};
        for (int k = 0; k < 4; ++k) {
          int64_t at = int64_t(base) - 1 + k;
          if (excludeOutside && (at < 0 || at >= in))
            w[k] = 0;
          total += w[k];
          taps[k].push_back(std::clamp<int64_t>(at, 0, in - 1));
        }
        for (int k = 0; k < 4; ++k)
          tapWeights[k].push_back(excludeOutside ? w[k] / total : w[k]);
        continue;
      }
      c = std::clamp(c, 0.0, double(in - 1));
      int64_t l = int64_t(std::floor(c));
      low.push_back(l);
      high.push_back(std::min(l + 1, in - 1));
      weight.push_back(c - double(l));
    }
    Shape along(size_t(x.ndim()), 1);
    along[axis] = out;
    if (mode == "cubic") {
      Tensor sum;
      for (int k = 0; k < 4; ++k) {
        Tensor term = take(x, Tensor::from_vector(taps[k], {out}), axis) *
                      Tensor::from_vector(tapWeights[k], along, x.dtype());
        sum = sum.defined() ? sum + term : term;
      }
      x = sum;
      continue;
    }
    Tensor lowIndex = Tensor::from_vector(low, {out});
    if (mode == "nearest") {
      x = take(x, lowIndex, axis);
      continue;
    }
    Tensor w = Tensor::from_vector(weight, along, x.dtype());
    x = take(x, lowIndex, axis) * (1 - w) + take(x, Tensor::from_vector(high, {out}), axis) * w;
  }
  return {x};
}

/// Einsum over single-letter subscripts and "...": every operand's
/// repeated letters become its diagonal, the operands broadcast over all
/// letters and multiply, and the letters the output lacks are summed.
Outputs einsum(const Node &node) {
  std::string equation = node.attribute("equation", "");
  equation.erase(std::remove(equation.begin(), equation.end(), ' '), equation.end());
  std::vector<Tensor> operands = node.inputs();
  size_t arrow = equation.find("->");
  std::string left = equation.substr(0, arrow);
  std::vector<std::string> terms;
  std::stringstream split(left);
  for (std::string term; std::getline(split, term, ',');)
    terms.push_back(term);
  if (terms.size() != operands.size())
    node.fail("the equation has " + std::to_string(terms.size()) + " operands, not " +
                     std::to_string(operands.size()));
  // "..." stands for as many new capital letters as the operand has extra
  // axes, aligned from the right.
  size_t ellipsisRank = 0;
  for (size_t i = 0; i < terms.size(); ++i)
    if (terms[i].find("...") != std::string::npos)
      ellipsisRank = std::max(ellipsisRank, size_t(operands[i].ndim()) - (terms[i].size() - 3));
  auto expand = [&](std::string term, size_t rank) {
    size_t at = term.find("...");
    if (at == std::string::npos)
      return term;
    std::string letters;
    for (size_t i = ellipsisRank - rank; i < ellipsisRank; ++i)
      letters += char('A' + i);
    return term.replace(at, 3, letters);
  };
  std::string all;
  for (size_t i = 0; i < terms.size(); ++i) {
    bool dots = terms[i].find("...") != std::string::npos;
    size_t rank = size_t(operands[i].ndim()) - (terms[i].size() - (dots ? 3 : 0));
    terms[i] = expand(terms[i], rank);
    for (char c : terms[i])
      if (all.find(c) == std::string::npos)
        all += c;
  }
  std::string output;
  if (arrow != std::string::npos) {
    output = expand(equation.substr(arrow + 2), ellipsisRank);
  } else {
    std::string capitals, lower;
    for (char c : all)
      (std::isupper(static_cast<unsigned char>(c)) ? capitals : lower) += c;
    std::sort(lower.begin(), lower.end());
    for (char c : lower) {
      int count = 0;
      for (const std::string &t : terms)
        count += int(std::count(t.begin(), t.end(), c));
      if (count == 1)
        capitals += c;
    }
    output = capitals;
  }
  std::map<char, int64_t> size;
  Tensor product;
  for (size_t i = 0; i < terms.size(); ++i) {
    Tensor x = operands[i];
    std::string term = terms[i];
    // Repeated letters: keep the diagonal.
    for (size_t a = 0; a < term.size(); ++a)
      for (size_t b = term.size(); b-- > a + 1;)
        if (term[a] == term[b]) {
          int64_t n = x.shape(int64_t(a));
          Shape eyeShape(size_t(x.ndim()), 1);
          eyeShape[a] = n;
          eyeShape[b] = n;
          x = (x * Tensor::eye(n, std::nullopt, x.dtype()).reshape(eyeShape))
                  .sum(int64_t(b))
                  .cast(x.dtype());
          term.erase(b, 1);
        }
    for (size_t a = 0; a < term.size(); ++a)
      size[term[a]] = std::max(size[term[a]], x.shape(int64_t(a)));
    // Onto all letters: permute to their order, unit axes for the missing.
    std::vector<int64_t> order;
    for (char c : all) {
      size_t at = term.find(c);
      if (at != std::string::npos)
        order.push_back(int64_t(at));
    }
    x = x.permute(order);
    Shape placed;
    size_t k = 0;
    for (char c : all)
      placed.push_back(term.find(c) != std::string::npos ? x.shape(int64_t(k++)) : 1);
    x = x.reshape(placed);
    product = product.defined() ? product * x : x;
  }
  std::vector<int64_t> summed;
  for (size_t a = 0; a < all.size(); ++a)
    if (output.find(all[a]) == std::string::npos)
      summed.push_back(int64_t(a));
  DType dtype = product.dtype();
  if (!summed.empty())
    product = product.sum(Axes(summed)).cast(dtype);
  std::string kept;
  for (char c : all)
    if (output.find(c) != std::string::npos)
      kept += c;
  std::vector<int64_t> order;
  for (char c : output)
    order.push_back(int64_t(kept.find(c)));
  return {product.permute(order)};
}

/// TopK by k rounds of picking the extreme and masking it out.
Outputs topK(const Node &node) {
  Tensor x = node.input(0);
  int64_t k = node.ints(1).at(0);
  int64_t axis = normalizeAxis(node.attribute("axis", int64_t(-1)), x.ndim(), node);
  bool largest = node.attribute("largest", int64_t(1)) != 0;
  Tensor scores = largest ? x.cast(DType::Float64) : x.cast(DType::Float64).neg();
  int64_t n = x.shape(axis);
  Shape along(size_t(x.ndim()), 1);
  along[axis] = n;
  Tensor positions = Tensor::arange(0, double(n), 1, DType::Int64).reshape(along);
  std::vector<Tensor> values, indices;
  for (int64_t i = 0; i < k; ++i) {
    Tensor index = scores.argmax(axis, true).cast(DType::Int64);
    Tensor hit = positions.eq(index);
    values.push_back(hit.where(x, Tensor::zeros({}, x.dtype())).sum(axis, true).cast(x.dtype()));
    indices.push_back(index);
    scores = hit.where(Tensor::full({}, -std::numeric_limits<double>::infinity(), DType::Float64),
                       scores);
  }
  return {Tensor::cat(values, axis), Tensor::cat(indices, axis)};
}

/// Compress: the positions the condition keeps, read to the host.
Outputs compress(const Node &node) {
  Tensor x = node.input(0);
  bool flat = !node.hasAttribute("axis");
  if (flat)
    x = x.flatten();
  int64_t axis = flat ? 0 : normalizeAxis(node.attribute("axis", int64_t(0)), x.ndim(), node);
  std::vector<int64_t> condition = node.ints(1), kept;
  for (size_t i = 0; i < condition.size() && int64_t(i) < x.shape(axis); ++i)
    if (condition[i])
      kept.push_back(int64_t(i));
  if (kept.empty()) {
    Shape shape = x.shape();
    shape[axis] = 0;
    return {Tensor::zeros(shape, x.dtype())};
  }
  return {take(x, Tensor::from_vector(kept, {int64_t(kept.size())}), axis)};
}

} // namespace

void populateMovementOps(OpTable &table) {
  table["Resize"] = resize;
  table["Upsample"] = resize;
  table["Einsum"] = einsum;
  table["TopK"] = topK;
  table["Compress"] = compress;
  table["ScatterElements"] = [](const Node &node) {
    Tensor data = node.input(0);
    int64_t axis = normalizeAxis(node.attribute("axis", int64_t(0)), data.ndim(), node);
    return Outputs{scatterElements(node, data, node.input(1), node.input(2), axis,
                                   node.attribute("reduction", "none"))};
  };
  table["Scatter"] = table["ScatterElements"];
  table["ScatterND"] = scatterND;
  table["GatherND"] = gatherND;
  table["ReverseSequence"] = reverseSequence;
  window(table, "HannWindow", {0.5, -0.5});
  window(table, "HammingWindow", {25.0 / 46, -21.0 / 46});
  window(table, "BlackmanWindow", {0.42, -0.5, 0.08});
  table["Reshape"] = [](const Node &node) {
    Tensor x = node.input(0);
    std::vector<int64_t> shape = node.opset() >= 5 ? node.ints(1)
                                                    : node.attribute("shape", std::vector<int64_t>{});
    bool allowZero = node.attribute("allowzero", int64_t(0)) != 0;
    for (size_t i = 0; i < shape.size(); ++i)
      if (shape[i] == 0 && !allowZero)
        shape[i] = x.shape(int64_t(i));
    return Outputs{x.reshape(shape)};
  };
  table["Flatten"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t axis = node.attribute("axis", int64_t(1));
    axis = axis < 0 ? axis + x.ndim() : axis;
    int64_t outer = 1;
    for (int64_t i = 0; i < axis; ++i)
      outer *= x.shape(i);
    return Outputs{x.reshape({outer, outer ? x.numel() / outer : 0})};
  };
  table["Squeeze"] = [](const Node &node) {
    Tensor x = node.input(0);
    std::vector<int64_t> axes = normalizedAxes(axesOf(node, 1, 13), x.ndim(), node);
    Shape shape;
    for (int64_t i = 0; i < x.ndim(); ++i) {
      bool listed = std::find(axes.begin(), axes.end(), i) != axes.end();
      if (axes.empty() ? x.shape(i) != 1 : !listed)
        shape.push_back(x.shape(i));
      else if (x.shape(i) != 1)
        node.fail("axis " + std::to_string(i) + " has size " + std::to_string(x.shape(i)));
    }
    return Outputs{x.reshape(shape)};
  };
  table["Unsqueeze"] = [](const Node &node) {
    return Outputs{unsqueezeAll(node.input(0), axesOf(node, 1, 13), node)};
  };
  table["Transpose"] = [](const Node &node) {
    Tensor x = node.input(0);
    std::vector<int64_t> order(size_t(x.ndim()));
    std::iota(order.rbegin(), order.rend(), 0);
    return Outputs{x.permute(node.attribute("perm", order))};
  };
  table["Concat"] = [](const Node &node) {
    std::vector<Tensor> parts = node.inputs();
    int64_t axis = normalizeAxis(node.attribute("axis", int64_t(0)), parts[0].ndim(), node);
    return Outputs{Tensor::cat(parts, axis)};
  };
  table["Split"] = split;
  table["Slice"] = slice;
  table["Pad"] = pad;
  table["Expand"] = [](const Node &node) {
    Tensor x = node.input(0);
    std::vector<int64_t> shape = node.ints(1);
    // Broadcast both ways: a 1 in the shape keeps the input's size.
    size_t rank = std::max(shape.size(), size_t(x.ndim()));
    shape.insert(shape.begin(), rank - shape.size(), 1);
    Shape xs = x.shape();
    xs.insert(xs.begin(), rank - xs.size(), 1);
    for (size_t i = 0; i < rank; ++i)
      shape[i] = shape[i] == 1 ? xs[i] : shape[i];
    return Outputs{x.reshape(xs).expand(shape)};
  };
  table["Tile"] = [](const Node &node) { return Outputs{node.input(0).repeat(node.ints(1))}; };
  table["Gather"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t axis = normalizeAxis(node.attribute("axis", int64_t(0)), x.ndim(), node);
    return Outputs{take(x, node.input(1), axis)};
  };
  table["GatherElements"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t axis = normalizeAxis(node.attribute("axis", int64_t(0)), x.ndim(), node);
    return Outputs{x.gather(axis, wrapped(node.input(1), x.shape(axis)))};
  };
  table["Shape"] = [](const Node &node) {
    Shape shape = node.input(0).shape();
    int64_t rank = int64_t(shape.size());
    int64_t start = node.attribute("start", int64_t(0)), end = node.attribute("end", rank);
    start = std::clamp<int64_t>(start < 0 ? start + rank : start, 0, rank);
    end = std::clamp<int64_t>(end < 0 ? end + rank : end, 0, rank);
    std::vector<int64_t> dims(shape.begin() + start, shape.begin() + std::max(start, end));
    return Outputs{Tensor::from_vector(dims, {int64_t(dims.size())})};
  };
  table["Size"] = [](const Node &node) {
    return Outputs{Tensor::full({}, double(node.input(0).numel()), DType::Int64)};
  };
  table["Constant"] = [](const Node &node) {
    if (node.hasAttribute("value"))
      return Outputs{node.tensorAttribute("value")};
    if (node.hasAttribute("value_float"))
      return Outputs{Tensor::full({}, node.attribute("value_float", 0.0))};
    if (node.hasAttribute("value_int"))
      return Outputs{Tensor::full({}, double(node.attribute("value_int", int64_t(0))), DType::Int64)};
    if (node.hasAttribute("value_floats")) {
      std::vector<double> values = node.floatsAttribute("value_floats");
      return Outputs{Tensor::from_vector(values, {int64_t(values.size())}, DType::Float32)};
    }
    if (node.hasAttribute("value_ints")) {
      std::vector<int64_t> values = node.attribute("value_ints", std::vector<int64_t>{});
      return Outputs{Tensor::from_vector(values, {int64_t(values.size())})};
    }
    node.unsupported("a constant other than a tensor, floats or ints");
  };
  table["ConstantOfShape"] = [](const Node &node) { return Outputs{constantOfShape(node)}; };
  table["Range"] = range;
  table["EyeLike"] = [](const Node &node) {
    Tensor x = node.input(0);
    DType dtype = node.hasAttribute("dtype")
                      ? dtypeOf(int32_t(node.attribute("dtype", int64_t(0))), node.where())
                      : x.dtype();
    int64_t k = node.attribute("k", int64_t(0)), rows = x.shape(0), columns = x.shape(1);
    Tensor row = Tensor::arange(0, double(rows), 1, DType::Int64).reshape({rows, 1});
    Tensor column = Tensor::arange(0, double(columns), 1, DType::Int64).reshape({1, columns});
    return Outputs{(column - row).eq(double(k)).cast(dtype)};
  };
  table["Trilu"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t k = node.has(1) ? node.ints(1).at(0) : 0;
    int64_t rows = x.shape(-2), columns = x.shape(-1);
    Tensor row = Tensor::arange(0, double(rows), 1, DType::Int64).reshape({rows, 1});
    Tensor column = Tensor::arange(0, double(columns), 1, DType::Int64).reshape({1, columns});
    Tensor keep = node.attribute("upper", int64_t(1)) ? (column - row).ge(double(k))
                                                      : (column - row).le(double(k));
    return Outputs{keep.where(x, Tensor::zeros({}, x.dtype()))};
  };
  table["OneHot"] = [](const Node &node) {
    Tensor indices = node.input(0), values = node.input(2);
    int64_t depth = int64_t(node.doubles(1).at(0));
    int64_t rank = indices.ndim() + 1;
    int64_t axis = normalizeAxis(node.attribute("axis", int64_t(-1)), rank, node);
    Shape classes(size_t(rank), 1);
    classes[axis] = depth;
    Tensor hot = unsqueezeAll(wrapped(indices, depth), {axis}, node)
                     .eq(Tensor::arange(0, double(depth), 1, DType::Int64).reshape(classes));
    std::vector<Tensor> offOn = values.split(1, 0);
    return Outputs{hot.where(offOn[1].reshape({}), offOn[0].reshape({}))};
  };
  table["DepthToSpace"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t b = node.attribute("blocksize", int64_t(1));
    int64_t n = x.shape(0), c = x.shape(1), h = x.shape(2), w = x.shape(3);
    bool crd = node.attribute("mode", "DCR") == std::string("CRD");
    Tensor t = crd ? x.reshape({n, c / (b * b), b, b, h, w}).permute({0, 1, 4, 2, 5, 3})
                   : x.reshape({n, b, b, c / (b * b), h, w}).permute({0, 3, 4, 1, 5, 2});
    return Outputs{t.reshape({n, c / (b * b), h * b, w * b})};
  };
  table["SpaceToDepth"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t b = node.attribute("blocksize", int64_t(1));
    int64_t n = x.shape(0), c = x.shape(1), h = x.shape(2), w = x.shape(3);
    return Outputs{x.reshape({n, c, h / b, b, w / b, b})
                       .permute({0, 3, 5, 1, 2, 4})
                       .reshape({n, c * b * b, h / b, w / b})};
  };
  table["CumSum"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t axis = normalizeAxis(node.ints(1).at(0), x.ndim(), node);
    bool exclusive = node.attribute("exclusive", int64_t(0)) != 0;
    bool reverse = node.attribute("reverse", int64_t(0)) != 0;
    Tensor t = reverse ? x.flip(axis) : x;
    Tensor sums = t.cumsum(axis).cast(x.dtype());
    if (exclusive) {
      std::vector<std::pair<int64_t, int64_t>> shift(size_t(x.ndim()), {0, 0});
      std::vector<std::pair<int64_t, int64_t>> bounds;
      for (int64_t i = 0; i < x.ndim(); ++i)
        bounds.push_back({0, i == axis ? x.shape(i) - 1 : x.shape(i)});
      shift[axis] = {1, 0};
      sums = sums.shrink(bounds).pad(shift);
    }
    return Outputs{reverse ? sums.flip(axis) : sums};
  };
}

} // namespace tg::onnx
