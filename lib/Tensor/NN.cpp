//===- NN.cpp - matmul, convolution, pooling and normalization ------------===//
//
// tinygrad's functional nn ops: a matmul is a broadcast multiply and a sum,
// a convolution is _pool's windows of the padded input times the weights,
// summed: the structure the compiler's optimizer recognizes.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

namespace tg {

namespace {

[[noreturn]] void fail(const char *op, const std::string &why) {
  throw Error(std::string("tg::Tensor::") + op + ": " + why);
}

using Padding = std::vector<std::pair<int64_t, int64_t>>;

} // namespace

Tensor keptWithWeights(const Tensor &weights, const std::string &what,
                       const std::function<Tensor()> &layout) {
  const NodeRef &node = nodeOf(weights);
  if (node->op != Op::Buffer || !NoGrad::active() || Tracing::active())
    return layout();
  DeviceBuffer &buffer = *node->buffer;
  auto kept = buffer.derived.find(what);
  if (kept != buffer.derived.end() && kept->second.writes == buffer.writes())
    return kept->second.value;
  Tensor laid = layout().realize();
  buffer.derived[what] = {buffer.writes(), laid};
  return laid;
}

namespace {

/// tinygrad's make_tuple: one value for every spatial axis, or one each.
std::vector<int64_t> perAxis(const char *op, const char *what, const std::vector<int64_t> &v,
                             size_t n) {
  if (v.size() == 1)
    return std::vector<int64_t>(n, v[0]);
  if (v.size() != n)
    fail(op, std::string(what) + " needs 1 or " + std::to_string(n) + " values, not " +
                 std::to_string(v.size()));
  return v;
}

/// tinygrad's resolve_pool_pads and flat_to_grouped: (before, after) per
/// spatial axis from one value, one per axis, or PyTorch's flat order
/// (last axis first: left, right, top, bottom, ...).
Padding poolPads(const char *op, const std::vector<int64_t> &padding, size_t n) {
  Padding pads(n);
  if (padding.size() == 2 * n) {
    for (size_t i = 0; i < n; ++i)
      pads[n - 1 - i] = {padding[2 * i], padding[2 * i + 1]};
    return pads;
  }
  std::vector<int64_t> each = perAxis(op, "padding", padding, n);
  for (size_t i = 0; i < n; ++i)
    pads[i] = {each[i], each[i]};
  return pads;
}

/// `x` padded by `pads` on its last pads.size() axes (negative pads crop).
Tensor padSpatial(const Tensor &x, const Padding &pads, double value) {
  Padding all(x.ndim() - pads.size(), {0, 0});
  all.insert(all.end(), pads.begin(), pads.end());
  return x.pad(all, value);
}

/// The last n axes, for reducing over a pooling window.
Axes lastAxes(size_t n) {
  std::vector<int64_t> axes(n);
  std::iota(axes.begin(), axes.end(), -int64_t(n));
  return Axes(axes);
}

/// tinygrad's dot with its dtype argument: accumulated and returned in
/// `acc` when given, else summed as sum() does and returned in the
/// operands' promoted type.
Tensor dotIn(const Tensor &x, const Tensor &w, std::optional<DType> acc) {
  int64_t dx = x.ndim(), dw = w.ndim();
  if (dx == 0 || dw == 0)
    fail("dot", "both tensors need at least one dim, got " + shapeText(x.shape()) + " and " +
                    shapeText(w.shape()));
  int64_t axisW = -std::min<int64_t>(dw, 2);
  if (x.shape(-1) != w.shape(axisW))
    fail("dot", "cannot multiply " + shapeText(x.shape()) + " and " + shapeText(w.shape()));
  // x [..., m, 1, k] times w [..., 1, n, k] (w's last two axes swapped),
  // summed over k; a 1-d operand gets no extra axis.
  int64_t ones = std::min<int64_t>({dx - 1, dw - 1, 1});
  Shape xs(x.shape().begin(), x.shape().end() - 1);
  xs.insert(xs.end(), ones, 1);
  xs.push_back(x.shape(-1));
  Shape ws(w.shape().begin(), w.shape().end() - std::min<int64_t>(dw, 2));
  ws.insert(ws.end(), ones, 1);
  ws.insert(ws.end(), w.shape().end() + axisW, w.shape().end());
  Tensor products = x.reshape(xs).mul(w.reshape(ws).transpose(-1, axisW));
  if (acc)
    return sumIn(products, -1, false, *acc).cast(*acc);
  return products.sum(-1).cast(leastUpperDType(x.dtype(), w.dtype()));
}

Tensor convolution(const Tensor &input, const Tensor &weight, const Tensor &bias, int64_t groups,
                   const std::vector<int64_t> &stride, const std::vector<int64_t> &dilation,
                   const Padding &pads);

/// Steps `index` to the next multi-index below `extents`, the last axis
/// fastest; false once past the last.
bool nextIndex(std::vector<int64_t> &index, const std::vector<int64_t> &extents) {
  for (size_t i = index.size(); i-- > 0;) {
    if (++index[i] < extents[i])
      return true;
    index[i] = 0;
  }
  return false;
}

/// The values of lane `u` (u < s on each axis): the input's elements
/// s·b + u, which are elements a = b + first of phase r = (u + p) mod s of
/// the input padded by p, first = ⌊(u + p)/s⌋; [..., *blocks], or undefined
/// where nothing reads that phase.
using LaneValues = std::function<Tensor(const std::vector<int64_t> &phase,
                                        const std::vector<int64_t> &first, const Shape &blocks)>;

/// The gradient of an input that windows read at s·o + (the tap's offset),
/// lane by lane: each lane's elements in a buffer of its own, then
/// interleaved into [..., *in]. Computed element by element instead, every
/// element would evaluate every lane's terms, most of them zeros.
Tensor interleaveLanes(const Shape &lead, const Shape &in, const std::vector<int64_t> &stride,
                       const std::vector<int64_t> &low, const LaneValues &values) {
  size_t n = in.size();
  Shape blocks(n), lanes(lead), merged(lead);
  Padding cut(n);
  for (size_t i = 0; i < n; ++i) {
    blocks[i] = ceilDiv(in[i], stride[i]);
    lanes.insert(lanes.end(), {blocks[i], 1});
    merged.push_back(blocks[i] * stride[i]);
    cut[i] = {0, in[i] - blocks[i] * stride[i]};
  }
  Tensor sum;
  std::vector<int64_t> lane(n, 0);
  do {
    std::vector<int64_t> phase(n), first(n);
    Padding at(lead.size(), {0, 0});
    for (size_t i = 0; i < n; ++i) {
      phase[i] = (lane[i] + low[i]) % stride[i];
      first[i] = (lane[i] + low[i]) / stride[i];
      at.insert(at.end(), {{0, 0}, {lane[i], stride[i] - 1 - lane[i]}});
    }
    if (Tensor v = values(phase, first, blocks); v.defined()) {
      Tensor term = v.contiguous().reshape(lanes).pad(at, 0);
      sum = sum.defined() ? sum + term : term;
    }
  } while (nextIndex(lane, stride));
  return padSpatial(sum.reshape(merged), cut, 0);
}

/// `x` [bs, c, *spatial] in a buffer of its own with the channels last,
/// [bs, *spatial, c], viewed in x's order.
Tensor withChannelsLast(const Tensor &x) {
  size_t n = x.ndim() - 2;
  std::vector<int64_t> toLast{0}, fromLast{0, int64_t(n) + 1};
  for (size_t i = 0; i < n; ++i) {
    toLast.push_back(2 + i);
    fromLast.push_back(1 + i);
  }
  toLast.push_back(1);
  return x.permute(toLast).contiguous().permute(fromLast);
}

/// The input gradient of an ungrouped, undilated convolution (see below):
/// element a of phase r of the padded input gets Σ_j g[a − j] · w[s·j + r],
/// a stride-1 convolution of g by the weights' taps r, r + s, ... flipped
/// (with stride 1, one lane: g padded by k − 1 − p, by all of w flipped).
/// (Over g spread s apart with zeros instead, s^n − 1 of every s^n products
/// are of zeros: 3x3 stride 2, 62 GFLOPS for 16x64x56².)
struct InputGradient {
  const Tensor &weight, &g;
  const std::vector<int64_t> &stride;
  int64_t n;
  std::vector<int64_t> low;
  Shape in, blocks;

  InputGradient(const Tensor &input, const Tensor &weight, const std::vector<int64_t> &stride,
                const Padding &pads, const Tensor &g)
      : weight(weight), g(g), stride(stride), n(pads.size()),
        in(input.shape().begin() + 2, input.shape().end()) {
    for (int64_t i = 0; i < n; ++i) {
      low.push_back(pads[i].first);
      blocks.push_back(ceilDiv(in[i], stride[i]));
    }
  }

  /// How much the lane of that phase and first element pads g on axis i
  /// (negative: crops it); none where the phase has no tap.
  std::optional<std::pair<int64_t, int64_t>> around(int64_t i, int64_t phase, int64_t first) const {
    int64_t k = weight.shape(2 + i), s = stride[i];
    if (phase >= k)
      return std::nullopt;
    return std::pair{ceilDiv(k - phase, s) - 1 - first, first + blocks[i] - g.shape(2 + i)};
  }

  /// The most any lane pads g on each axis: one copy of g padded by it
  /// serves every lane, each reading its part.
  Padding mostAround() const {
    Padding most(n, {INT64_MIN, INT64_MIN});
    for (int64_t i = 0; i < n; ++i)
      for (int64_t lane = 0; lane < stride[i]; ++lane) {
        int64_t phase = (lane + low[i]) % stride[i], first = (lane + low[i]) / stride[i];
        if (auto pad = around(i, phase, first))
          most[i] = {std::max(most[i].first, pad->first), std::max(most[i].second, pad->second)};
      }
    return most;
  }

  /// dx from g padded by `most` in a buffer of its own: in the
  /// convolutions' kernels its computed zeros would be a stage the tiles
  /// cannot slice.
  Tensor operator()(const Tensor &gPadded, const Padding &most) const {
    std::vector<int64_t> ones(n, 1), spatial(n);
    std::iota(spatial.begin(), spatial.end(), 2);
    auto lane = [&](const std::vector<int64_t> &phase, const std::vector<int64_t> &first,
                    const Shape &) {
      std::vector<Slice> taps(2);
      Padding crop(n);
      for (int64_t i = 0; i < n; ++i) {
        auto pad = around(i, phase[i], first[i]);
        if (!pad)
          return Tensor();
        taps.push_back(Slice{phase[i], std::nullopt, stride[i]});
        crop[i] = {pad->first - most[i].first, pad->second - most[i].second};
      }
      Tensor flipped = weight.slice(taps).transpose(0, 1).flip(Axes(spatial));
      return convolution(padSpatial(gPadded, crop, 0), flipped, Tensor(), 1, ones, ones,
                         Padding(n, {0, 0}));
    };
    return interleaveLanes({g.shape(0), weight.shape(1)}, in, stride, low, lane);
  }
};

/// A strided convolution's input gradient reads g channels last from maps
/// this large: ResNet-18's 3x3 stride 2 from 28x28 maps, 16x128 of them,
/// 1.0-2.0 / 2.3-4.5 / 2.4-4.0 / 3.0 ms for its four lanes' convolutions
/// -> 0.9 / 1.8 / 1.6 / 3.2; from 14x14 and 7x7 maps, with the same tiles,
/// 3.0 -> 3.2 and 4.9 -> 5.9 ms for the lane of 4 taps.
constexpr int64_t kChannelsLastMapBytes = 2048;

/// The gradients of an ungrouped, undilated convolution of `input` (padded
/// by `pads`, strided by `stride`) and `weight`, given the gradient `g` of
/// its result, as convolutions (tinygrad differentiates the windows'
/// movement ops instead, which makes kernels that read through computed
/// indices and do not vectorize): dx by inputGradient, and
///   dw[co, ci, k] = Σ_{n, o} x_padded[n, ci, s·o + k] · g[n, co, o]
/// dw's sum of products runs with co innermost in both the product and a
/// copy of g, the register tiles' contiguous column.
std::vector<Tensor> convolutionGradients(const Tensor &input, const Tensor &weight,
                                         const std::vector<int64_t> &stride, const Padding &pads,
                                         const Tensor &g, const Tensor &winogradTiles) {
  size_t n = pads.size();
  std::vector<int64_t> ones(n, 1);
  Shape kernel(weight.shape().begin() + 2, weight.shape().end());
  Shape out(g.shape().begin() + 2, g.shape().end());
  std::vector<int64_t> spatial(n);
  std::iota(spatial.begin(), spatial.end(), 2);
  // g padded for dx's convolutions, in one buffer. With a stride, each
  // lane's convolution sums a few taps (a 3x3 stride 2's: 1, 2 or 4) over
  // many channels, one element of each channel's map after another: when
  // those maps are large, channels last reads them a cache line at a time
  // (see kChannelsLastMapBytes); it is padded from dw's channels-last copy,
  // row by row. One convolution of all k^n taps, which slide along g's
  // rows, ran at half the speed with channels last (3x3 over 128x64x8²).
  InputGradient inputGradient(input, weight, stride, pads, g);
  Padding most = inputGradient.mostAround();
  bool strided = std::any_of(stride.begin(), stride.end(), [](int64_t s) { return s > 1; });
  int64_t mapBytes = g.element_size();
  for (int64_t size : out)
    mapBytes *= size;
  bool channelsLastPadded = strided && mapBytes >= kChannelsLastMapBytes;
  Tensor gChannelsLast = withChannelsLast(g);
  Tensor padded = padSpatial(channelsLastPadded ? gChannelsLast : g, most, 0);
  Tensor gPadded = channelsLastPadded ? withChannelsLast(padded) : padded.contiguous();
  Tensor dx = inputGradient(gPadded, most);
  if (winogradTiles.defined())
    return {dx, winogradWeightGradient(winogradTiles, g, kernel)};

  // The forward's [bs, ci, *o, *k] windows (tap k of output o at s·o + k)
  // → [*k, ci, 1, bs, *o]; g → [bs, *o, co] → [1.., 1, co, bs, *o].
  // (Windows of the output's size dilated by s read the same taps, through
  // a div and mod per index unless s is 1: ResNet's 1x1 stride-2
  // downsampling took 0.28 s for 16x64x56x56.)
  Tensor windows = pool(padSpatial(input, pads, 0), kernel, stride, ones);
  std::vector<int64_t> order;
  for (size_t i = 0; i < n; ++i)
    order.push_back(2 + n + i);
  order.insert(order.end(), {1, 0});
  order.insert(order.end(), spatial.begin(), spatial.end());
  Shape xs(kernel);
  xs.insert(xs.end(), {input.shape(1), 1, input.shape(0)});
  xs.insert(xs.end(), out.begin(), out.end());
  std::vector<int64_t> channelsLast{0};
  for (size_t i = 0; i < n; ++i)
    channelsLast.push_back(2 + i);
  channelsLast.push_back(1);
  Tensor gLast = gChannelsLast.permute(channelsLast);
  std::vector<int64_t> back{int64_t(n) + 1, 0};
  for (size_t i = 0; i < n; ++i)
    back.push_back(1 + i);
  Shape gs(n + 1, 1);
  gs.insert(gs.end(), {g.shape(1), g.shape(0)});
  gs.insert(gs.end(), out.begin(), out.end());
  Tensor products = windows.permute(order).reshape(xs).mul(gLast.permute(back).reshape(gs));
  // [*k, ci, co] → [co, ci, *k].
  std::vector<int64_t> toWeight{int64_t(n) + 1, int64_t(n)};
  for (size_t i = 0; i < n; ++i)
    toWeight.push_back(i);
  Tensor dw = products.sum(lastAxes(n + 1)).permute(toWeight);
  return {dx, dw};
}

/// The convolution as tinygrad writes it: the padded input's windows times
/// the weights, summed over the input channels and the kernel.
Tensor directConvolution(const Tensor &input, const Tensor &weight, int64_t groups,
                         const std::vector<int64_t> &stride, const std::vector<int64_t> &dilation,
                         const Padding &pads) {
  size_t n = pads.size();
  Shape kernel(weight.shape().begin() + 2, weight.shape().end());
  int64_t bs = input.shape(0), cout = weight.shape(0), cin = weight.shape(1);
  // [bs, cin_total, *out, *kernel]: every window of the padded input.
  Tensor x = pool(padSpatial(input, pads, 0), kernel, stride, dilation);
  int64_t rcout = cout / groups;
  Shape out(x.shape().begin() + 2, x.shape().begin() + 2 + n);
  // To [bs, groups, rcout, *out, cin, *kernel], times the weights as
  // [1, groups, rcout, 1..., cin, *kernel], summed over cin and the kernel.
  Shape grouped{bs, groups, cin, 1}, expanded{bs, groups, cin, rcout};
  grouped.insert(grouped.end(), out.begin(), out.end());
  expanded.insert(expanded.end(), out.begin(), out.end());
  grouped.insert(grouped.end(), kernel.begin(), kernel.end());
  expanded.insert(expanded.end(), kernel.begin(), kernel.end());
  std::vector<int64_t> order{0, 1, 3};
  for (size_t i = 0; i < n; ++i)
    order.push_back(4 + i);
  order.push_back(2);
  for (size_t i = 0; i < n; ++i)
    order.push_back(4 + n + i);
  // The weights channels-last, [groups, cin, *kernel, rcout], in a buffer
  // of their own: the output channels are then contiguous, the vector axis
  // of the CPU's register tiles when the feature map is too narrow for one
  // (26 or 10 wide); read back as [1, groups, rcout, 1..., cin, *kernel].
  Shape byGroup{groups, rcout, cin};
  byGroup.insert(byGroup.end(), kernel.begin(), kernel.end());
  std::vector<int64_t> toLast{0, 2}, fromLast{0, int64_t(n) + 2, 1};
  for (size_t i = 0; i < n; ++i) {
    toLast.push_back(3 + i);
    fromLast.push_back(2 + i);
  }
  toLast.push_back(1);
  Tensor channelsLast = keptWithWeights(weight, "channels-last " + shapeText(byGroup), [&] {
    return weight.reshape(byGroup).permute(toLast).contiguous();
  });
  Shape w{1, groups, rcout};
  w.insert(w.end(), n, 1);
  w.push_back(cin);
  w.insert(w.end(), kernel.begin(), kernel.end());
  Tensor products = x.reshape(grouped).expand(expanded).permute(order).mul(
      channelsLast.permute(fromLast).reshape(w));
  Shape result{bs, cout};
  result.insert(result.end(), out.begin(), out.end());
  return products.sum(lastAxes(n + 1), true).reshape(result);
}

/// tinygrad's conv2d for any number of spatial axes, with the padding
/// already per axis.
Tensor convolution(const Tensor &input, const Tensor &weight, const Tensor &bias, int64_t groups,
                   const std::vector<int64_t> &stride, const std::vector<int64_t> &dilation,
                   const Padding &pads) {
  size_t n = pads.size();
  Shape kernel(weight.shape().begin() + 2, weight.shape().end());
  int64_t cout = weight.shape(0), cin = weight.shape(1);
  if (groups <= 0 || groups * cin != input.shape(1) || cout % groups != 0)
    fail("conv2d", "input " + shapeText(input.shape()) + " does not fit weights " +
                       shapeText(weight.shape()) + " in " + std::to_string(groups) + " groups");
  Tensor ret, winogradTiles;
  if (winogradApplies(input, weight, stride, dilation, pads, groups)) {
    WinogradConvolution winograd = winogradConvolution(input, weight, pads);
    ret = winograd.out;
    winogradTiles = winograd.tiles;
  } else {
    ret = directConvolution(input, weight, groups, stride, dilation, pads);
  }
  bool undilated =
      std::all_of(dilation.begin(), dilation.end(), [](int64_t d) { return d == 1; });
  if (groups == 1 && undilated && !NoGrad::active()) {
    nodeOf(ret)->gradient = std::make_shared<GradientOverride>(GradientOverride{
        {nodeOf(input), nodeOf(weight)},
        [stride, pads, winogradTiles](const std::vector<Tensor> &inputs, const Tensor &,
                                      const Tensor &g) {
          return convolutionGradients(inputs[0], inputs[1], stride, pads, g, winogradTiles);
        }});
  }
  if (!bias.defined())
    return ret;
  Shape b{1, -1};
  b.insert(b.end(), n, 1);
  return ret.add(bias.reshape(b));
}

/// A pool's shape per spatial axis: the kernel (one value means a 2-d
/// kernel, as tinygrad's), stride (the kernel's by default), dilation, and
/// the padding before and after, which in ceil mode grows after each axis
/// to fit the last, partial window.
struct PoolShape {
  Shape kernel;
  std::vector<int64_t> stride, dilation;
  Padding pads, ceilPads;
};

PoolShape poolShape(const char *op, const Tensor &x, const std::vector<int64_t> &kernel_size,
                    const std::optional<std::vector<int64_t>> &stride,
                    const std::vector<int64_t> &dilation, const std::vector<int64_t> &padding,
                    bool ceil_mode) {
  PoolShape p;
  p.kernel = kernel_size.size() == 1 ? Shape(2, kernel_size[0]) : kernel_size;
  size_t n = p.kernel.size();
  if (size_t(x.ndim()) < n)
    fail(op, "a " + std::to_string(n) + "-d kernel needs an input of at least " +
                 std::to_string(n) + " dims, not " + shapeText(x.shape()));
  p.stride = stride ? perAxis(op, "stride", *stride, n) : p.kernel;
  p.dilation = perAxis(op, "dilation", dilation, n);
  p.pads = p.ceilPads = poolPads(op, padding, n);
  for (size_t i = 0; i < n; ++i) {
    int64_t size = x.shape(x.ndim() - n + i), s = p.stride[i];
    auto [before, after] = p.pads[i];
    int64_t window = p.dilation[i] * (p.kernel[i] - 1) + 1, padded = size + before + after;
    if (p.kernel[i] < 1 || s < 1 || p.dilation[i] < 1 || window > padded)
      fail(op, "a window of " + std::to_string(window) + " does not fit an axis of " +
                   std::to_string(padded) + " (kernel, stride and dilation must be positive)");
    if (!ceil_mode)
      continue;
    // PyTorch's ceil mode: one more window where a partial one is left,
    // unless it would start in the padding after the input.
    int64_t outputs = (padded - window + s - 1) / s + 1;
    if ((outputs - 1) * s >= size + before)
      --outputs;
    p.ceilPads[i].second += std::max<int64_t>(0, (outputs - 1) * s + window - padded);
  }
  return p;
}

/// The gradient of pool's windows of `in`-sized input: tap t of the window
/// at output o read the input at s·o + d·t, element a = o + ⌊d·t/s⌋ of
/// phase (d·t) mod s, so a phase gets the taps of that offset, each tap's
/// slice of `g` shifted by ⌊d·t/s⌋. Through the movement ops of the
/// overlapping windows' repeat trick the same gradient is a sum over every
/// repeat of the input, each read through a div and mod of its index
/// (ResNet's 3x3 stride-2 max-pool gradient: 1.4 s for 16x64x112x112). The
/// result is a buffer of its own: fused, every consumer would interleave
/// the phases again (ResNet's BatchNorm gradient reads it in four kernels).
Tensor poolGradient(const Tensor &g, const Shape &in, const PoolShape &p) {
  size_t n = p.kernel.size(), lead = g.ndim() - 2 * n;
  Shape sliced(g.shape().begin(), g.shape().begin() + lead + n);
  auto lane = [&](const std::vector<int64_t> &phase, const std::vector<int64_t> &first,
                  const Shape &blocks) {
    Tensor sum;
    std::vector<int64_t> tap(n, 0);
    do {
      std::vector<std::pair<int64_t, int64_t>> box;
      for (size_t i = 0; i < lead + n; ++i)
        box.push_back({0, g.shape(i)});
      Padding shift(n);
      bool inPhase = true;
      for (size_t i = 0; i < n; ++i) {
        int64_t offset = p.dilation[i] * tap[i], s = p.stride[i];
        inPhase &= offset % s == phase[i];
        box.push_back({tap[i], tap[i] + 1});
        int64_t moved = offset / s - first[i];
        shift[i] = {moved, blocks[i] - g.shape(lead + i) - moved};
      }
      if (inPhase) {
        Tensor term = padSpatial(g.shrink(box).reshape(sliced), shift, 0);
        sum = sum.defined() ? sum + term : term;
      }
    } while (nextIndex(tap, p.kernel));
    return sum;
  };
  Shape leading(g.shape().begin(), g.shape().begin() + lead);
  return interleaveLanes(leading, in, p.stride, std::vector<int64_t>(n, 0), lane).contiguous();
}

/// The windows of x padded by `pads` with `value`, as [..., *out, *kernel].
Tensor poolWindows(const Tensor &x, const PoolShape &p, const Padding &pads, double value) {
  // The pooled input in a buffer: fused, a convolution before it would run
  // inside the pool's reduction, where the kernel optimizer does not tile it.
  Tensor padded = padSpatial(x.contiguous(), pads, value);
  Tensor windows = pool(padded, p.kernel, p.stride, p.dilation);
  // Windows apart are cut by reshapes, whose gradient is plain already.
  if (!windowsApart(p.kernel, p.stride, p.dilation) && !NoGrad::active())
    nodeOf(windows)->gradient = std::make_shared<GradientOverride>(GradientOverride{
        {nodeOf(padded)}, [p](const std::vector<Tensor> &inputs, const Tensor &, const Tensor &g) {
          Shape in(inputs[0].shape().end() - p.kernel.size(), inputs[0].shape().end());
          return std::vector<Tensor>{poolGradient(g, in, p)};
        }});
  return windows;
}

/// How many of each window's elements are counted: the ones inside `x`
/// padded by `counted` (a window's part in the rest of `pads` is not).
Tensor windowCounts(const Tensor &x, const PoolShape &p, const Padding &counted,
                    const Padding &pads, Axes window) {
  Padding rest(pads.size());
  for (size_t i = 0; i < pads.size(); ++i)
    rest[i] = {pads[i].first - counted[i].first, pads[i].second - counted[i].second};
  Tensor ones = padSpatial(x.ones_like(), counted, 1);
  return pool(padSpatial(ones, rest, 0), p.kernel, p.stride, p.dilation).sum(window);
}

/// max_pool2d's windows, padded with the dtype's minimum (never a maximum).
Tensor maxPoolWindows(const Tensor &x, const PoolShape &p) {
  return poolWindows(x, p, p.ceilPads, dtypeLimits(x.dtype()).first);
}

/// The spatial size of the input max_pool2d made [N, C, ...] `x` from: its
/// output size inverted (arXiv:1603.07285, relationship 15).
Shape unpooledSize(const Tensor &x, const std::vector<int64_t> &kernel_size,
                   const std::optional<std::vector<int64_t>> &stride,
                   const std::vector<int64_t> &dilation, const std::vector<int64_t> &padding) {
  const char *op = "max_unpool2d";
  size_t n = x.ndim() - 2;
  std::vector<int64_t> k = perAxis(op, "kernel_size", kernel_size, n);
  std::vector<int64_t> s = stride ? perAxis(op, "stride", *stride, n) : k;
  std::vector<int64_t> d = perAxis(op, "dilation", dilation, n);
  Padding pads = poolPads(op, padding, n);
  Shape size;
  for (size_t i = 0; i < n; ++i)
    size.push_back((x.shape(2 + i) - 1) * s[i] - pads[i].first - pads[i].second +
                   d[i] * (k[i] - 1) + 1);
  return size;
}

} // namespace

Tensor Tensor::dot(const Tensor &w) const {
  requireDefined("dot");
  return dotIn(*this, w, std::nullopt);
}

Tensor Tensor::linear(const Tensor &weight, const Tensor &bias) const {
  requireDefined("linear");
  Tensor x = weight.ndim() == 1 ? mul(weight) : dot(weight);
  return bias.defined() ? x.add(bias) : x;
}

Tensor Tensor::conv2d(const Tensor &weight, const Tensor &bias, int64_t groups,
                      std::vector<int64_t> stride, std::vector<int64_t> dilation,
                      std::vector<int64_t> padding) const {
  requireDefined("conv2d");
  if (ndim() != weight.ndim() || ndim() < 3)
    fail("conv2d", "input " + shapeText(shape()) + " and weights " + shapeText(weight.shape()) +
                       " need the same rank, at least 3");
  size_t n = ndim() - 2;
  return convolution(*this, weight, bias, groups, perAxis("conv2d", "stride", stride, n),
                     perAxis("conv2d", "dilation", dilation, n), poolPads("conv2d", padding, n));
}

Tensor Tensor::conv_transpose2d(const Tensor &weight, const Tensor &bias, int64_t groups,
                                std::vector<int64_t> stride, std::vector<int64_t> dilation,
                                std::vector<int64_t> padding,
                                std::vector<int64_t> output_padding) const {
  requireDefined("conv_transpose2d");
  if (ndim() != weight.ndim() || ndim() < 3)
    fail("conv_transpose2d", "input " + shapeText(shape()) + " and weights " +
                                 shapeText(weight.shape()) + " need the same rank, at least 3");
  if (groups <= 0 || weight.shape(0) % groups != 0)
    fail("conv_transpose2d", "weights " + shapeText(weight.shape()) + " do not split into " +
                                 std::to_string(groups) + " groups");
  size_t n = ndim() - 2;
  Shape kernel(weight.shape().begin() + 2, weight.shape().end());
  std::vector<int64_t> s = perAxis("conv_transpose2d", "stride", stride, n);
  std::vector<int64_t> d = perAxis("conv_transpose2d", "dilation", dilation, n);
  std::vector<int64_t> op = perAxis("conv_transpose2d", "output_padding", output_padding, n);
  Padding pads = poolPads("conv_transpose2d", padding, n);
  // A convolution of the input with s - 1 zeros between its elements, by
  // the weights flipped, with in and out channels swapped in each group.
  std::vector<int64_t> spatial(n);
  std::iota(spatial.begin(), spatial.end(), 3);
  Tensor w = weight.unflatten(0, {groups, -1}).transpose(1, 2).flip(Axes(spatial)).flatten(0, 1);
  Tensor x = *this;
  if (std::any_of(s.begin(), s.end(), [](int64_t v) { return v > 1; })) {
    Shape pairs(shape().begin(), shape().begin() + 2), spread = pairs;
    Padding gaps(2, {0, 0});
    std::vector<std::pair<int64_t, int64_t>> kept{{0, shape(0)}, {0, shape(1)}};
    for (size_t i = 0; i < n; ++i) {
      int64_t k = shape(2 + i);
      pairs.insert(pairs.end(), {k, 1});
      gaps.insert(gaps.end(), {{0, 0}, {0, s[i] - 1}});
      spread.push_back(k * s[i]);
      kept.push_back({0, k * s[i] - (s[i] - 1)});
    }
    x = x.reshape(pairs).pad(gaps).reshape(spread).shrink(kept);
  }
  Padding full(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t reach = (kernel[i] - 1) * d[i];
    full[i] = {reach - pads[i].first, reach - pads[i].second + op[i]};
  }
  return convolution(x, w, bias, groups, std::vector<int64_t>(n, 1), d, full);
}

Tensor Tensor::max_pool2d(std::vector<int64_t> kernel_size,
                          std::optional<std::vector<int64_t>> stride, std::vector<int64_t> dilation,
                          std::vector<int64_t> padding, bool ceil_mode) const {
  requireDefined("max_pool2d");
  PoolShape p = poolShape("max_pool2d", *this, kernel_size, stride, dilation, padding, ceil_mode);
  return maxPoolWindows(*this, p).max(lastAxes(p.kernel.size()));
}

std::pair<Tensor, Tensor>
Tensor::max_pool2d_with_indices(std::vector<int64_t> kernel_size,
                                std::optional<std::vector<int64_t>> stride,
                                std::vector<int64_t> dilation, std::vector<int64_t> padding,
                                bool ceil_mode) const {
  const char *op = "max_pool2d_with_indices";
  requireDefined(op);
  PoolShape p = poolShape(op, *this, kernel_size, stride, dilation, padding, ceil_mode);
  size_t n = p.kernel.size();
  Axes window = lastAxes(n);
  Tensor windows = maxPoolWindows(*this, p);
  // The pooled positions numbered down from `count`, pooled alike: where
  // the maximum is, the largest number is its first position.
  Shape spatial(shape().end() - n, shape().end());
  int64_t count = tg::numel(spatial);
  Tensor numbers = maxPoolWindows(arange(double(count), 0, -1).reshape(spatial), p);
  Tensor marked = windows.eq(windows.max(window, true)).where(numbers, scalarLike(numbers, 0));
  return {windows.max(window), double(count) - marked.max(window)};
}

Tensor Tensor::max_unpool2d(const Tensor &indices, std::vector<int64_t> kernel_size,
                            std::optional<std::vector<int64_t>> stride,
                            std::vector<int64_t> dilation, std::vector<int64_t> padding,
                            std::optional<Shape> output_size) const {
  requireDefined("max_unpool2d");
  if (ndim() < 3 || !indices.defined() || indices.shape() != shape())
    fail("max_unpool2d", "needs [N, C, ...] values and indices of one shape, not " +
                             shapeText(shape()) + " and " +
                             (indices.defined() ? shapeText(indices.shape()) : "none"));
  size_t n = ndim() - 2;
  if (output_size && output_size->size() < n)
    fail("max_unpool2d", "output_size " + shapeText(*output_size) + " has fewer than " +
                             std::to_string(n) + " dims");
  Shape size = output_size ? Shape(output_size->end() - n, output_size->end())
                           : unpooledSize(*this, kernel_size, stride, dilation, padding);
  // Each value compared with every output position: the one its index
  // names gets it.
  int64_t batch = shape(0), channels = shape(1);
  Tensor values = reshape({batch, channels, 1, -1});
  Tensor hits = oneHotAlongDim(indices.reshape({batch, channels, 1, -1}), tg::numel(size), 2);
  Shape result{batch, channels};
  result.insert(result.end(), size.begin(), size.end());
  return hits.where(values, scalarLike(values, 0)).sum(3).reshape(result);
}

Tensor Tensor::avg_pool2d(std::vector<int64_t> kernel_size,
                          std::optional<std::vector<int64_t>> stride, std::vector<int64_t> dilation,
                          std::vector<int64_t> padding, bool ceil_mode,
                          bool count_include_pad) const {
  requireDefined("avg_pool2d");
  PoolShape p = poolShape("avg_pool2d", *this, kernel_size, stride, dilation, padding, ceil_mode);
  Tensor windows = poolWindows(*this, p, p.ceilPads, 0);
  Axes window = lastAxes(windows.ndim() - ndim());
  if (count_include_pad && !ceil_mode)
    return windows.mean(window);
  // The padding counts (count_include_pad) or not; the part of a window
  // past the padding, in ceil mode, never does.
  Padding counted = count_include_pad ? p.pads : Padding(p.pads.size(), {0, 0});
  return windows.sum(window).div(windowCounts(*this, p, counted, p.ceilPads, window));
}

Tensor Tensor::batchnorm(const Tensor &weight, const Tensor &bias, const Tensor &mean,
                         const Tensor &invstd) const {
  requireDefined("batchnorm");
  if (ndim() < 2)
    fail("batchnorm", "needs an [N, C, ...] input, not " + shapeText(shape()));
  Shape channels(ndim(), 1);
  channels[1] = shape(1);
  Tensor x = sub(mean.reshape(channels));
  if (weight.defined())
    x = x.mul(weight.reshape(channels));
  x = x.mul(invstd.ndim() == 1 ? invstd.reshape(channels) : invstd);
  return bias.defined() ? x.add(bias.reshape(channels)) : x;
}

Tensor Tensor::layernorm(Axes axes, double eps) const {
  requireDefined("layernorm");
  Tensor y = sub(mean(axes, true));
  return y.mul(y.mul(y).mean(axes, true).add(eps).rsqrt());
}

Tensor Tensor::one_hot(int64_t num_classes) const {
  requireDefined("one_hot");
  if (num_classes < 0)
    fail("one_hot", "a negative number of classes");
  return oneHotAlongDim(unsqueeze(-1), num_classes).where(1, 0);
}

Tensor Tensor::sequential(const std::vector<std::function<Tensor(const Tensor &)>> &layers) const {
  requireDefined("sequential");
  Tensor x = *this;
  for (const auto &layer : layers)
    x = layer(x);
  return x;
}

Tensor Tensor::scaled_dot_product_attention(const Tensor &key, const Tensor &value,
                                            const Tensor &attn_mask, double dropout_p,
                                            bool is_causal) const {
  requireDefined("scaled_dot_product_attention");
  DType acc = leastUpperDType(leastUpperDType(dtype(), key.dtype()), DType::Float32);
  Tensor qk = dotIn(*this, key.transpose(-2, -1), acc).div(std::sqrt(double(shape(-1))));
  Tensor mask = attn_mask;
  if (is_causal) {
    if (mask.defined())
      fail("scaled_dot_product_attention", "an attn_mask with is_causal");
    // Query i sees keys j <= i.
    mask = arange(double(qk.shape(-2))).unsqueeze(-1).ge(arange(double(qk.shape(-1))));
  }
  if (mask.defined()) {
    if (mask.dtype() == DType::Bool)
      mask =
          mask.where(scalarLike(qk, 0), scalarLike(qk, -std::numeric_limits<double>::infinity()));
    qk = qk.add(mask);
  }
  return qk.cast(dtype()).softmax(-1).dropout(dropout_p).matmul(value);
}

} // namespace tg
