//===- Winograd.cpp - convolutions with fewer multiplies (WINO) -----------===//
//
// tinygrad's WINO=1: a stride-1 convolution as Winograd's minimal filtering
// F(m, r) (Lavin and Gray, arXiv:1509.09308). Each m-wide tile of the output
// is Aᵀ[(G w) ⊙ (Bᵀ d)] over an α = m + r − 1 wide tile d of the input, so
// the products over the channels are α^n per m^n outputs instead of r^n per
// output: 3x3 with m = 4, 4x fewer; 5x5, 6.25x fewer. The transforms are
// small constant matrices applied as reductions of length α; the products
// are a matmul over the channels for each of the α^n positions.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"
#include "tg/Support/Knobs.h"

#include <cmath>
#include <functional>
#include <numeric>

namespace tg {

namespace {

/// A small row-major matrix of transform coefficients.
struct Matrix {
  int64_t rows, cols;
  std::vector<double> values;
  double operator()(int64_t r, int64_t c) const { return values[r * cols + c]; }
  Matrix transposed() const {
    Matrix t{cols, rows, std::vector<double>(values.size())};
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        t.values[c * rows + r] = (*this)(r, c);
    return t;
  }
};

/// The outputs per tile and axis: with the interpolation points below,
/// larger tiles lose float32 precision (F(4, 5) needs all seven).
constexpr int64_t kTileOutputs = 4;
constexpr double kPoints[] = {0, 1, -1, 2, -2, 0.5, -0.5};

/// Fewer tiles than this make each position's matmul read more of the
/// transformed weights (α^n/r^n times the weights: 4x for 3x3) than of the
/// tiles: ResNet-18's 3x3s of 512 channels on 7x7 maps at batch 1, 4 tiles,
/// ran no faster than directly (1.8 ms each way); its 256 channels on
/// 14x14, 16 tiles, twice as fast (1.25 -> 0.6 ms).
constexpr int64_t kMinTilesPerPosition = 16;

/// Each position's matmul reads its transformed weights again for every few
/// rows of tiles, so all of them should stay in the last-level cache (32 MB
/// here, shared): ResNet-18's 3x3s of 512 channels at batch 16, 38 MB of
/// them, ran 26 ms a matmul against 17 ms directly; of 256 channels, 9 MB,
/// 7 against 17.
constexpr int64_t kMaxTransformedWeightBytes = 16 << 20;

/// Unless WINO=1, the channels in and out both need to be this many. Per
/// tile, the transformed tiles' trips through memory cost about as many of
/// this machine's FLOPs (25 GB/s against 230 GFLOPS) as 6,200 (cin + cout)
/// for a 3x3, and the multiplies saved are 216 cin·cout: a gain from about
/// 60 channels, small until well past it. Measured: at 32 channels the
/// CNN's 3x3 and beautiful_mnist's 5x5 train slower (main job 17.0-17.4 ->
/// 10.8-12.7 steps/s); at 64, a 3x3 over 16 maps of 56x56 runs slower
/// (17.5 -> 20.1 ms); at 128-256, ResNet-18's run faster.
constexpr int64_t kMinChannels = 128;

/// F(m, r)'s matrices for one axis by Toom-Cook with the point at infinity
/// (Lavin and Gray, section 4): with points p_j and f_j = Π_{l≠j} (p_j − p_l),
///   Aᵀ[i][j] = p_j^i,      G[j][k] = p_j^k / f_j,
///   Bᵀ[j] = the coefficients of Π_{l≠j} (x − p_l),
/// and the point at infinity's column of Aᵀ, row of G and row of Bᵀ taking
/// the highest power only (Bᵀ's: Π_l (x − p_l)).
struct WinogradAxis {
  int64_t m, r, alpha;
  Matrix at, g, bt;
  /// The transposes, for the gradients: A maps g's tiles to the products',
  /// Gᵀ the products' gradients to the weights'.
  Matrix a() const { return at.transposed(); }
  Matrix gt() const { return g.transposed(); }

  WinogradAxis(int64_t m, int64_t r)
      : m(m), r(r), alpha(m + r - 1), at{m, alpha, std::vector<double>(m * alpha)},
        g{alpha, r, std::vector<double>(alpha * r)}, bt{alpha, alpha,
                                                        std::vector<double>(alpha * alpha)} {
    int64_t finite = alpha - 1;
    // Coefficients, lowest power first, of Π (x − p_l) over the points but `skip`.
    auto product = [&](int64_t skip) {
      std::vector<double> c{1};
      for (int64_t l = 0; l < finite; ++l) {
        if (l == skip)
          continue;
        std::vector<double> next(c.size() + 1, 0);
        for (size_t e = 0; e < c.size(); ++e) {
          next[e + 1] += c[e];
          next[e] -= kPoints[l] * c[e];
        }
        c = next;
      }
      return c;
    };
    for (int64_t j = 0; j < finite; ++j) {
      double p = kPoints[j], f = 1;
      for (int64_t l = 0; l < finite; ++l)
        if (l != j)
          f *= p - kPoints[l];
      for (int64_t i = 0; i < m; ++i)
        at.values[i * alpha + j] = std::pow(p, double(i));
      for (int64_t k = 0; k < r; ++k)
        g.values[j * r + k] = std::pow(p, double(k)) / f;
      std::vector<double> c = product(j);
      std::copy(c.begin(), c.end(), bt.values.begin() + j * alpha);
    }
    at.values[(m - 1) * alpha + finite] = 1;
    g.values[finite * r + r - 1] = 1;
    std::vector<double> c = product(-1);
    std::copy(c.begin(), c.end(), bt.values.begin() + finite * alpha);
  }
};

std::vector<WinogradAxis> axesFor(const Shape &kernel) {
  std::vector<WinogradAxis> axes;
  for (int64_t r : kernel)
    axes.emplace_back(kTileOutputs, r);
  return axes;
}

/// x's n axes from `at` on multiplied by one matrix each, `pick(axis)`
/// (rows out, columns in), the results in their place: one reduction per
/// axis, the matrix a constant tensor. (One reduction by their Kronecker
/// product multiplies α^n times per element instead of n·α: F(4, 5)'s input
/// transform of 128x32 maps of 24x24 took 4.1 ms at 205 GFLOPS that way,
/// 1.7 + 1.5 ms as two.)
Tensor transform(Tensor x, const std::vector<WinogradAxis> &axes, size_t at,
                 const std::function<Matrix(const WinogradAxis &)> &pick) {
  for (size_t i = 0; i < axes.size(); ++i) {
    Matrix matrix = pick(axes[i]);
    std::vector<float> table(matrix.values.begin(), matrix.values.end());
    // x as [..., 1, cols, ...] times the matrix as [1.., rows, cols, 1..].
    Shape spread = x.shape(), tableAt(at + i, 1);
    spread.insert(spread.begin() + at + i, 1);
    tableAt.insert(tableAt.end(), {matrix.rows, matrix.cols});
    tableAt.insert(tableAt.end(), x.ndim() - at - i - 1, 1);
    Tensor constants = Tensor::from_vector(table, {matrix.rows, matrix.cols})
                           .to(x.device())
                           .cast(x.dtype())
                           .reshape(tableAt);
    x = x.reshape(spread).mul(constants).sum(int64_t(at + i + 1));
  }
  return x;
}

/// `x` [bs, c, *spatial] in a buffer with the channels last, [bs, *spatial, c].
Tensor channelsLast(const Tensor &x) {
  std::vector<int64_t> order(x.ndim());
  std::iota(order.begin() + 1, order.end() - 1, 2);
  order.back() = 1;
  return x.permute(order).contiguous();
}

/// [bs, *spatial, c], each spatial axis split into [tiles, m], as
/// [bs, *tiles, *m, c].
Tensor splitIntoTiles(const Tensor &x, const Shape &tiles, int64_t m) {
  size_t n = tiles.size();
  Shape split{x.shape(0)};
  std::vector<int64_t> order{0};
  for (size_t i = 0; i < n; ++i) {
    split.insert(split.end(), {tiles[i], m});
    order.push_back(1 + 2 * i);
  }
  for (size_t i = 0; i < n; ++i)
    order.push_back(2 + 2 * i);
  split.push_back(x.shape(-1));
  order.push_back(2 * n + 1);
  return x.reshape(split).permute(order);
}

} // namespace

bool winogradApplies(const Tensor &input, const Tensor &weight, const std::vector<int64_t> &stride,
                     const std::vector<int64_t> &dilation,
                     const std::vector<std::pair<int64_t, int64_t>> &pads, int64_t groups) {
  DType dtype = input.dtype();
  bool forced = knobs::on("WINO");
  if ((knobs::value("WINO") && !forced) || groups != 1 ||
      (dtype != DType::Float32 && dtype != DType::Float64) ||
      (!forced && (weight.shape(0) < kMinChannels || weight.shape(1) < kMinChannels)))
    return false;
  int64_t points = std::size(kPoints), rows = input.shape(0);
  int64_t weightBytes = weight.shape(0) * weight.shape(1) * weight.element_size();
  for (size_t i = 0; i < pads.size(); ++i) {
    int64_t r = weight.shape(2 + i);
    if (stride[i] != 1 || dilation[i] != 1 || r < 2 || kTileOutputs + r - 2 > points)
      return false;
    rows *= ceilDiv(input.shape(2 + i) + pads[i].first + pads[i].second - r + 1, kTileOutputs);
    weightBytes *= kTileOutputs + r - 1;
  }
  return rows >= kMinTilesPerPosition && weightBytes <= kMaxTransformedWeightBytes;
}

// The layouts keep each tile's α^n positions together, the channels last:
// the transforms of the input tiles [bs, *tiles, *α, ci] and of the weights
// [*α, ci, co], and for each position a matmul [bs·tiles, ci] × [ci, co],
// are sums of products that the CPU's register tiles take with the
// channels as the vector axis, and each transform reads a tile's
// α^n·c elements in one block (with the positions outermost, 8 streams
// far apart: F(4, 5)'s output transform of 128x32 maps of 20x20, 2.7 ms).
WinogradConvolution winogradConvolution(const Tensor &input, const Tensor &weight,
                                        const std::vector<std::pair<int64_t, int64_t>> &pads) {
  size_t n = pads.size();
  Shape kernel(weight.shape().begin() + 2, weight.shape().end());
  std::vector<WinogradAxis> axes = axesFor(kernel);
  int64_t bs = input.shape(0), cout = weight.shape(0), cin = weight.shape(1);
  // The input padded to whole tiles: t tiles of m outputs read t·m + r − 1.
  std::vector<std::pair<int64_t, int64_t>> fit(2, {0, 0});
  Shape out, tiles, alphas;
  int64_t tileCount = 1, positions = 1;
  for (size_t i = 0; i < n; ++i) {
    out.push_back(input.shape(2 + i) + pads[i].first + pads[i].second - kernel[i] + 1);
    tiles.push_back(ceilDiv(out[i], kTileOutputs));
    tileCount *= tiles[i];
    alphas.push_back(axes[i].alpha);
    positions *= axes[i].alpha;
    fit.push_back({pads[i].first, pads[i].second + tiles[i] * kTileOutputs - out[i]});
  }
  // Every α-wide tile, m apart, of the channels-last input, as
  // [bs, *tiles, *α, ci], and Bᵀ d B of each. The input is a buffer of its
  // own: fused into the channels-last copy, a convolution before it would
  // write through the copy's padded, permuted view, where the kernel
  // optimizer does not tile it (ResNet-18's stride-2 3x3 of 256 channels
  // at batch 1, 197 ms).
  std::vector<int64_t> fromLast{0, int64_t(n) + 1}, channelsInside{0};
  for (size_t i = 0; i < n; ++i)
    fromLast.push_back(1 + i);
  for (size_t i = 0; i < 2 * n; ++i)
    channelsInside.push_back(2 + i);
  channelsInside.push_back(1);
  Tensor windows = pool(channelsLast(input.contiguous().pad(fit)).permute(fromLast), alphas,
                        std::vector<int64_t>(n, kTileOutputs), std::vector<int64_t>(n, 1));
  Tensor v = transform(windows.permute(channelsInside), axes, n + 1,
                       [](const WinogradAxis &a) { return a.bt; });
  // G w Gᵀ: [*α, ci, co].
  std::vector<int64_t> kernelFirst;
  for (size_t i = 0; i < n; ++i)
    kernelFirst.push_back(2 + i);
  kernelFirst.insert(kernelFirst.end(), {1, 0});
  Tensor u = keptWithWeights(weight, "winograd", [&] {
    return transform(weight.permute(kernelFirst), axes, 0,
                     [](const WinogradAxis &a) { return a.g; });
  });
  // For each position, [bs·tiles, ci] × [ci, co].
  Shape vs{bs * tileCount, positions, cin, 1}, us{1, positions, cin, cout}, ms{bs};
  ms.insert(ms.end(), tiles.begin(), tiles.end());
  ms.insert(ms.end(), alphas.begin(), alphas.end());
  ms.push_back(cout);
  Tensor m = v.reshape(vs).mul(u.reshape(us)).sum(2).reshape(ms);
  // Aᵀ m A: [bs, *tiles, *m, co].
  Tensor y = transform(m, axes, n + 1, [](const WinogradAxis &a) { return a.at; }).contiguous();
  std::vector<int64_t> order{0, 2 * int64_t(n) + 1};
  Shape joined{bs, cout};
  std::vector<std::pair<int64_t, int64_t>> keep{{0, bs}, {0, cout}};
  for (size_t i = 0; i < n; ++i) {
    order.insert(order.end(), {int64_t(1 + i), int64_t(1 + n + i)});
    joined.push_back(tiles[i] * kTileOutputs);
    keep.push_back({0, out[i]});
  }
  // In [bs, co, *out] order in a buffer, as a direct convolution leaves it:
  // a 1x1 convolution summed with its consumer (ResNet's downsampling,
  // added to it) would read it transposed, untiled (1.9 ms for 256
  // channels of 14x14 at batch 1).
  return {y.permute(order).reshape(joined).shrink(keep).contiguous(), v};
}

Tensor winogradWeightGradient(const Tensor &tiles, const Tensor &g, const Shape &kernel) {
  size_t n = kernel.size();
  std::vector<WinogradAxis> axes = axesFor(kernel);
  int64_t bs = g.shape(0), cout = g.shape(1), cin = tiles.shape(-1);
  Shape counts(tiles.shape().begin() + 1, tiles.shape().begin() + 1 + n);
  Shape alphas(tiles.shape().begin() + 1 + n, tiles.shape().end() - 1);
  int64_t tileCount = 1, positions = 1;
  for (size_t i = 0; i < n; ++i) {
    tileCount *= counts[i];
    positions *= alphas[i];
  }
  // The products' gradient, A g Aᵀ over g's m-wide tiles (zero past the
  // output, which the forward computed and cut): [bs, *tiles, *α, co].
  std::vector<std::pair<int64_t, int64_t>> fit(2, {0, 0});
  for (size_t i = 0; i < n; ++i)
    fit.push_back({0, counts[i] * kTileOutputs - g.shape(2 + i)});
  Tensor dm = transform(splitIntoTiles(channelsLast(g.pad(fit)), counts, kTileOutputs), axes, n + 1,
                        [](const WinogradAxis &a) { return a.a(); });
  // For each position, Σ over the batch and the tiles: [bs·tiles, ci]ᵀ × [bs·tiles, co].
  Shape vs{bs * tileCount, positions, cin, 1}, ds{bs * tileCount, positions, 1, cout}, dus = alphas;
  dus.insert(dus.end(), {cin, cout});
  Tensor du = tiles.reshape(vs).mul(dm.reshape(ds)).sum(0).reshape(dus);
  // Gᵀ du G: [*r, ci, co] → [co, ci, *r].
  std::vector<int64_t> toWeight{int64_t(n) + 1, int64_t(n)};
  for (size_t i = 0; i < n; ++i)
    toWeight.push_back(int64_t(i));
  return transform(du, axes, 0, [](const WinogradAxis &a) { return a.gt(); }).permute(toWeight);
}

} // namespace tg
