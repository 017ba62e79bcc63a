//===- Tensor.h - tinygrad's Tensor in C++ ----------------------*- C++ -*-===//
//
// A lazy tensor: building one records an op of the tg dialect; realize()
// (or reading data) compiles what is pending into one executable, cached by
// the structure of the graph, and runs it on the tensor's device. Names and
// semantics are tinygrad's (docs/tensor-api.md has the parity table).
//
// Ops that tinygrad builds from others are built here the same way, from
// the primitives that are tg ops; autograd has one gradient rule per
// primitive (tinygrad's gradient.py).
//
//===----------------------------------------------------------------------===//
#ifndef TG_TENSOR_TENSOR_H
#define TG_TENSOR_TENSOR_H

#include "tg/Tensor/DType.h"

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tg {

using Shape = std::vector<int64_t>;

/// The number of elements of `shape`; Error when it exceeds int64's range.
int64_t numel(const Shape &shape);

/// What the tensor library throws on a misuse (a shape that does not fit,
/// an axis out of range, data of the wrong size) or a failure to compile
/// or run: the message says which op and why.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The axes of a reduction: all of them (the default), one, or a list;
/// negative axes count from the end.
class Axes {
public:
  Axes() = default;
  Axes(int64_t axis) : axes_{axis}, all_(false) {}
  Axes(int axis) : axes_{axis}, all_(false) {}
  Axes(std::initializer_list<int64_t> axes) : axes_(axes), all_(false) {}
  Axes(std::vector<int64_t> axes) : axes_(std::move(axes)), all_(false) {}
  bool all() const { return all_; }
  /// The axes for a tensor of rank `rank`, non-negative and sorted.
  std::vector<int64_t> resolve(int64_t rank) const;

private:
  std::vector<int64_t> axes_;
  bool all_ = true;
};

/// One axis of a slice, Python's start:stop:step (negative values count
/// from the end; a missing start/stop is the whole axis in step's direction).
struct Slice {
  std::optional<int64_t> start, stop;
  int64_t step = 1;
};

/// How Tensor::div rounds a quotient: tinygrad's rounding_mode "trunc"
/// (toward zero) and "floor" (down).
enum class Rounding { Trunc, Floor };

/// Gradients are not recorded while one of these exists (tinygrad's
/// Tensor.no_grad): what is computed is detached.
class NoGrad {
public:
  NoGrad();
  ~NoGrad();
  NoGrad(const NoGrad &) = delete;
  NoGrad &operator=(const NoGrad &) = delete;
  static bool active();

private:
  bool previous_;
};

struct TensorImpl;

class Tensor {
public:
  /// An undefined tensor (a missing gradient, an absent bias).
  Tensor() = default;
  bool defined() const { return impl_ != nullptr; }

  //===--------------------------------------------------------------------===//
  // Creation
  //===--------------------------------------------------------------------===//

  /// Data copied from the host, row-major; `data.size()` must be the
  /// product of `shape`. The dtype defaults to the C++ type's.
  template <typename T>
  static Tensor from_vector(const std::vector<T> &data, Shape shape,
                            std::optional<DType> dtype = std::nullopt);
  /// A tensor holding a copy of `size` bytes at `data`: the elements of
  /// `dtype`, row-major, as this machine stores them.
  static Tensor from_bytes(const void *data, size_t size, DType dtype, Shape shape);
  /// A 0-d tensor.
  static Tensor scalar(double value, DType dtype = kDefaultFloat);

  static Tensor empty(Shape shape, DType dtype = kDefaultFloat);
  static Tensor full(Shape shape, double value, DType dtype = kDefaultFloat);
  static Tensor zeros(Shape shape, DType dtype = kDefaultFloat);
  static Tensor ones(Shape shape, DType dtype = kDefaultFloat);
  Tensor full_like(double value) const;
  Tensor zeros_like() const;
  Tensor ones_like() const;
  /// An uninitialized tensor of this shape (and this dtype unless given).
  Tensor empty_like(std::optional<DType> dtype = std::nullopt) const;
  /// [start, stop) by step; the dtype is int32 unless a bound is fractional.
  static Tensor arange(double stop);
  static Tensor arange(double start, double stop, double step = 1,
                       std::optional<DType> dtype = std::nullopt);
  static Tensor linspace(double start, double stop, int64_t steps, DType dtype = kDefaultFloat);
  static Tensor eye(int64_t n, std::optional<int64_t> m = std::nullopt,
                    DType dtype = kDefaultFloat);

  /// Random numbers from threefry on a counter kept on the device, so a
  /// training step draws new numbers without changing its graph.
  static void manual_seed(uint64_t seed);
  static Tensor rand(Shape shape, DType dtype = kDefaultFloat);
  static Tensor randn(Shape shape, DType dtype = kDefaultFloat);
  static Tensor randint(Shape shape, int64_t low, int64_t high, DType dtype = kDefaultInt);
  static Tensor uniform(Shape shape, double low = 0, double high = 1, DType dtype = kDefaultFloat);
  static Tensor normal(Shape shape, double mean = 0, double std = 1, DType dtype = kDefaultFloat);
  static Tensor scaled_uniform(Shape shape, DType dtype = kDefaultFloat);
  static Tensor glorot_uniform(Shape shape, DType dtype = kDefaultFloat);
  static Tensor kaiming_uniform(Shape shape, double a = 0.01, DType dtype = kDefaultFloat);
  static Tensor kaiming_normal(Shape shape, double a = 0.01, DType dtype = kDefaultFloat);
  Tensor rand_like() const;
  Tensor randn_like() const;

  //===--------------------------------------------------------------------===//
  // Properties
  //===--------------------------------------------------------------------===//

  const Shape &shape() const;
  int64_t shape(int64_t axis) const;
  DType dtype() const;
  int64_t ndim() const;
  int64_t numel() const;
  size_t element_size() const;
  size_t nbytes() const;
  bool is_floating_point() const;
  std::string device() const;
  /// Whether the value is in a buffer (nothing pending).
  bool is_realized() const;
  /// tinygrad's repr: <Tensor [2, 3] float32 on CPU:0 ...>.
  std::string str() const;

  //===--------------------------------------------------------------------===//
  // Movement
  //===--------------------------------------------------------------------===//

  /// One -1 in `shape` takes the size that keeps the element count.
  Tensor reshape(Shape shape) const;
  Tensor permute(std::vector<int64_t> order) const;
  /// -1 keeps an axis; size-1 axes (and new leading ones) broadcast.
  Tensor expand(Shape shape) const;
  /// Zeros (or `value`) before and after each axis: pairs per axis, in
  /// axis order.
  Tensor pad(std::vector<std::pair<int64_t, int64_t>> padding, double value = 0) const;
  /// tinygrad's pad modes: "constant" (`value`), "reflect" (mirrored
  /// without the edge; each pad less than its axis), "replicate" (the edge
  /// repeated) or "circular" (wrapped around at most once).
  Tensor pad(std::vector<std::pair<int64_t, int64_t>> padding, const std::string &mode,
             double value = 0) const;
  /// PyTorch's flat order, last axis first: (left, right, top, bottom, ...).
  Tensor pad(std::initializer_list<int64_t> padding, const std::string &mode = "constant",
             double value = 0) const;
  /// Each axis padded after its end to `shape`'s size (nullopt keeps it).
  Tensor pad_to(std::vector<std::optional<int64_t>> shape, double value = 0) const;
  Tensor shrink(std::vector<std::pair<int64_t, int64_t>> bounds) const;
  /// The first `shape[i]` elements of each axis (nullopt keeps it).
  Tensor shrink_to(std::vector<std::optional<int64_t>> shape) const;
  Tensor flip(Axes axes) const;
  Tensor transpose(int64_t a = 1, int64_t b = 0) const;
  Tensor T() const { return transpose(); }
  Tensor flatten(int64_t start = 0, int64_t end = -1) const;
  Tensor unflatten(int64_t axis, Shape sizes) const;
  Tensor squeeze(std::optional<int64_t> axis = std::nullopt) const;
  Tensor unsqueeze(int64_t axis) const;
  Tensor view(Shape shape) const { return reshape(std::move(shape)); }
  /// The tensors joined along `axis` (tinygrad's Tensor.cat(*tensors)).
  static Tensor cat(const std::vector<Tensor> &tensors, int64_t axis = 0);
  static Tensor stack(const std::vector<Tensor> &tensors, int64_t axis = 0);
  /// Pieces of `size` along `axis` (the last may be smaller), or of the
  /// listed sizes.
  std::vector<Tensor> split(int64_t size, int64_t axis = 0) const;
  std::vector<Tensor> split(std::vector<int64_t> sizes, int64_t axis = 0) const;
  std::vector<Tensor> chunk(int64_t chunks, int64_t axis = 0) const;
  Tensor repeat(std::vector<int64_t> repeats) const;
  /// Each element `repeats` times in a row along `dim` (without one, of
  /// the flattened tensor).
  Tensor repeat_interleave(int64_t repeats, std::optional<int64_t> dim = std::nullopt) const;
  /// Elements shifted by `shifts` along `dims`, wrapping around; without
  /// dims, of the flattened tensor.
  Tensor roll(int64_t shifts, std::optional<int64_t> dims = std::nullopt) const;
  Tensor roll(std::vector<int64_t> shifts, std::vector<int64_t> dims) const;
  /// `dim` replaced by (windows, size): windows of `size` every `step`.
  Tensor unfold(int64_t dim, int64_t size, int64_t step) const;
  /// Coordinate grids of 0-d or 1-d tensors, "ij" (matrix) or "xy"
  /// (Cartesian: the first two axes swapped) indexing.
  static std::vector<Tensor> meshgrid(const std::vector<Tensor> &tensors,
                                      const std::string &indexing = "ij");
  /// The square matrix with this 1-d tensor on its diagonal.
  Tensor diag() const;
  /// The diagonal of dims dim1 and dim2 (offset > 0: above it), as a new
  /// last axis.
  Tensor diagonal(int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1) const;
  /// The last two axes' upper (lower) triangle from `diagonal` on, zeros
  /// elsewhere.
  Tensor triu(int64_t diagonal = 0) const;
  Tensor tril(int64_t diagonal = 0) const;
  /// x[i]: the leading axis removed.
  Tensor operator[](int64_t index) const;
  /// x[s0, s1, ...]: a slice per leading axis, with steps.
  Tensor slice(std::vector<Slice> slices) const;
  Tensor gather(int64_t axis, const Tensor &index) const;

  //===--------------------------------------------------------------------===//
  // Elementwise: tg ALU ops, and what tinygrad builds from them
  //===--------------------------------------------------------------------===//

  Tensor add(const Tensor &y) const;
  Tensor sub(const Tensor &y) const;
  Tensor mul(const Tensor &y) const;
  /// True division (integers become floats).
  Tensor div(const Tensor &y) const;
  /// tinygrad's div(rounding_mode=...): the quotient rounded toward zero
  /// (C's integer division) or down; integers stay integers, other types
  /// divide truly and then round.
  Tensor div(const Tensor &y, Rounding mode) const;
  Tensor div(double y, Rounding mode) const;
  /// Integer division rounding down, and its remainder (Python's // and %).
  Tensor floordiv(const Tensor &y) const;
  Tensor mod(const Tensor &y) const;
  /// C's remainder: the sign of the dividend (integer division truncates).
  Tensor fmod(const Tensor &y) const;
  Tensor fmod(double y) const;
  /// This magnitude with y's sign (-0.0 counts as negative).
  Tensor copysign(const Tensor &y) const;
  Tensor copysign(double y) const;
  /// log(exp(this) + exp(y)), with the larger term factored out.
  Tensor logaddexp(const Tensor &y) const;
  Tensor logaddexp(double y) const;
  /// this + (end - this) · weight; uint8 blends in 7-bit fixed point.
  Tensor lerp(const Tensor &end, const Tensor &weight) const;
  Tensor lerp(const Tensor &end, double weight) const;
  Tensor pow(const Tensor &y) const;
  Tensor maximum(const Tensor &y) const;
  Tensor minimum(const Tensor &y) const;
  Tensor add(double y) const;
  Tensor sub(double y) const;
  Tensor mul(double y) const;
  Tensor div(double y) const;
  Tensor pow(double y) const;
  Tensor maximum(double y) const;
  Tensor minimum(double y) const;

  Tensor neg() const;
  Tensor reciprocal() const;
  Tensor sqrt() const;
  Tensor rsqrt() const;
  Tensor square() const;
  Tensor exp() const;
  Tensor exp2() const;
  Tensor log() const;
  Tensor log2() const;
  Tensor log10() const;
  Tensor sin() const;
  Tensor cos() const;
  Tensor tan() const;
  /// tinygrad's polynomial approximations (Abramowitz and Stegun 4.4.46).
  Tensor asin() const;
  Tensor acos() const;
  Tensor atan() const;
  Tensor sinh() const;
  Tensor cosh() const;
  Tensor asinh() const;
  Tensor acosh() const;
  Tensor atanh() const;
  /// Abramowitz and Stegun 7.1.26 (error ≤ 1.5e-7), as tinygrad.
  Tensor erf() const;
  Tensor trunc() const;
  Tensor floor() const;
  Tensor ceil() const;
  Tensor round() const;
  Tensor abs() const;
  Tensor sign() const;
  Tensor clip(std::optional<double> low, std::optional<double> high) const;
  Tensor clamp(std::optional<double> low, std::optional<double> high) const {
    return clip(low, high);
  }

  Tensor relu() const;
  Tensor relu6() const;
  Tensor sigmoid() const;
  Tensor hardsigmoid(double alpha = 1.0 / 6, double beta = 0.5) const;
  Tensor tanh() const;
  Tensor leaky_relu(double negative_slope = 0.01) const;
  Tensor elu(double alpha = 1.0) const;
  /// "tanh" (tinygrad's default) or "none", the exact x·Φ(x) through erf.
  Tensor gelu(const std::string &approximate = "tanh") const;
  Tensor quick_gelu() const;
  Tensor silu() const;
  Tensor swish() const { return silu(); }
  Tensor softplus(double beta = 1) const;
  Tensor mish() const;
  Tensor hardswish() const;
  Tensor hardtanh(double min_val = -1, double max_val = 1) const;
  Tensor celu(double alpha = 1) const;
  Tensor selu(double alpha = 1.67326, double gamma = 1.0507) const;
  Tensor softsign() const;
  Tensor logsigmoid() const;

  /// Elementwise tests, giving bools.
  Tensor isnan() const;
  Tensor isinf(bool detect_positive = true, bool detect_negative = true) const;
  Tensor isfinite() const;
  /// |this - other| ≤ atol + rtol·|other|; infinities close when equal,
  /// NaNs when equal_nan.
  Tensor isclose(const Tensor &other, double rtol = 1e-5, double atol = 1e-8,
                 bool equal_nan = false) const;
  /// isclose everywhere: a 0-d bool.
  Tensor allclose(const Tensor &other, double rtol = 1e-5, double atol = 1e-8,
                  bool equal_nan = false) const;

  Tensor lt(const Tensor &y) const;
  Tensor le(const Tensor &y) const;
  Tensor gt(const Tensor &y) const;
  Tensor ge(const Tensor &y) const;
  Tensor eq(const Tensor &y) const;
  Tensor ne(const Tensor &y) const;
  Tensor lt(double y) const;
  Tensor le(double y) const;
  Tensor gt(double y) const;
  Tensor ge(double y) const;
  Tensor eq(double y) const;
  Tensor ne(double y) const;
  Tensor logical_not() const;
  Tensor bitwise_and(const Tensor &y) const;
  Tensor bitwise_or(const Tensor &y) const;
  Tensor bitwise_xor(const Tensor &y) const;
  Tensor lshift(int64_t bits) const;
  Tensor rshift(int64_t bits) const;
  /// ~x; logical_not for bool.
  Tensor bitwise_not() const;
  /// cond ? this : other.
  Tensor where(const Tensor &x, const Tensor &y) const;
  Tensor where(double x, double y) const;
  /// `value` where `mask` is true, this elsewhere.
  Tensor masked_fill(const Tensor &mask, const Tensor &value) const;
  Tensor masked_fill(const Tensor &mask, double value) const;

  Tensor cast(DType dtype) const;
  /// The same bits read as `dtype` (same element size).
  Tensor bitcast(DType dtype) const;
  Tensor float_() const { return cast(DType::Float32); }
  Tensor int_() const { return cast(DType::Int32); }
  Tensor bool_() const { return cast(DType::Bool); }
  Tensor half() const;
  Tensor bfloat16() const;
  Tensor double_() const;
  Tensor long_() const;
  Tensor short_() const;

  //===--------------------------------------------------------------------===//
  // Reductions
  //===--------------------------------------------------------------------===//

  Tensor sum(Axes axes = {}, bool keepdim = false) const;
  Tensor prod(Axes axes = {}, bool keepdim = false) const;
  Tensor max(Axes axes = {}, bool keepdim = false) const;
  Tensor min(Axes axes = {}, bool keepdim = false) const;
  Tensor mean(Axes axes = {}, bool keepdim = false) const;
  Tensor var(Axes axes = {}, bool keepdim = false, double correction = 1) const;
  Tensor std(Axes axes = {}, bool keepdim = false, double correction = 1) const;
  /// (var, mean) and (std, mean) of one call.
  std::pair<Tensor, Tensor> var_mean(Axes axes = {}, bool keepdim = false,
                                     double correction = 1) const;
  std::pair<Tensor, Tensor> std_mean(Axes axes = {}, bool keepdim = false,
                                     double correction = 1) const;
  Tensor any(Axes axes = {}, bool keepdim = false) const;
  Tensor all(Axes axes = {}, bool keepdim = false) const;
  /// The first index of the maximum (minimum); without an axis, of the
  /// flattened tensor.
  Tensor argmax(std::optional<int64_t> axis = std::nullopt, bool keepdim = false) const;
  Tensor argmin(std::optional<int64_t> axis = std::nullopt, bool keepdim = false) const;
  Tensor cumsum(int64_t axis = 0) const;
  Tensor softmax(int64_t axis = -1) const;
  Tensor log_softmax(int64_t axis = -1) const;
  /// softmax(-this).
  Tensor softmin(int64_t axis = -1) const;
  /// This divided by its p-norm along `dim` (at least eps); p = 0 counts
  /// the non-zeros.
  Tensor normalize(double p = 2, int64_t dim = 1, double eps = 1e-12) const;
  Tensor logsumexp(Axes axes = {}, bool keepdim = false) const;

  //===--------------------------------------------------------------------===//
  // Sorting, scans and scatters
  //===--------------------------------------------------------------------===//

  /// The values sorted along `dim` and, for each, its index along `dim`
  /// here (int32); equal values keep their order (tinygrad's bitonic sort).
  std::pair<Tensor, Tensor> sort(int64_t dim = -1, bool descending = false) const;
  Tensor argsort(int64_t dim = -1, bool descending = false) const;
  /// The k largest (smallest) values along `dim`, in order, and their
  /// indices (tinygrad's sorted_=False is not supported there either).
  std::pair<Tensor, Tensor> topk(int64_t k, int64_t dim = -1, bool largest = true) const;
  /// The running product along `axis` (no default, as tinygrad's).
  Tensor cumprod(int64_t axis) const;
  /// The running maximum (minimum) along `axis` and the index (int32) of
  /// the first element equal to each.
  std::pair<Tensor, Tensor> cummax(int64_t axis = 0) const;
  std::pair<Tensor, Tensor> cummin(int64_t axis = 0) const;
  /// log(cumsum(exp(x))) along `axis`, shifted by the running maximum.
  Tensor logcumsumexp(int64_t axis = 0) const;
  /// A copy with src's elements put at `index` along `dim` (src and index
  /// as in gather); where indices repeat, the last one's element stays.
  Tensor scatter(int64_t dim, const Tensor &index, const Tensor &src) const;
  /// The number `src` put at `index`; reduce "add" or "multiply" combines it
  /// with the element there instead.
  Tensor scatter(int64_t dim, const Tensor &index, double src,
                 std::optional<std::string> reduce = std::nullopt) const;
  /// src's elements reduced into the places `index` names: reduce is "sum",
  /// "prod", "mean", "amax" or "amin"; without include_self, a place's own
  /// element takes no part where some index names it.
  Tensor scatter_reduce(int64_t dim, const Tensor &index, const Tensor &src,
                        const std::string &reduce, bool include_self = true) const;
  /// The elements where `mask` (bool, broadcast to this shape) is true, in
  /// order, 1-d. Without `size` the count decides the shape, so it is
  /// realized and read; with it, `size` elements, fill_value after the last.
  Tensor masked_select(const Tensor &mask, std::optional<int64_t> size = std::nullopt,
                       double fill_value = 0) const;
  /// The indices of the nonzero elements as rows of [count, ndim] (int32);
  /// `size` as in masked_select (rows of fill_value after the last).
  Tensor nonzero(std::optional<int64_t> size = std::nullopt, double fill_value = 0) const;
  /// A random permutation of 0..n-1: the argsort of rand(n).
  static Tensor randperm(int64_t n, DType dtype = DType::Int32);
  /// Indices (int32) drawn with the probabilities of this 1-d or 2-d
  /// tensor's rows (weights, not necessarily normalized).
  Tensor multinomial(int64_t num_samples = 1, bool replacement = false) const;

  //===--------------------------------------------------------------------===//
  // Index notation and resampling
  //===--------------------------------------------------------------------===//

  /// Einstein summation: "ij,jk->ik", with "..." for leading axes, a letter
  /// repeated in one operand for its diagonal, and without "->" the
  /// letters used once, sorted. The sum accumulates in `dtype` when given.
  static Tensor einsum(const std::string &formula, const std::vector<Tensor> &operands,
                       std::optional<DType> dtype = std::nullopt);
  /// einops' rearrange: "b (h w) c -> b h w c" ungroups, groups and
  /// permutes named axes ("..." the unnamed ones, "1" a unit axis);
  /// `sizes` gives the sizes of ungrouped axes.
  Tensor rearrange(const std::string &formula,
                   const std::vector<std::pair<std::string, int64_t>> &sizes = {}) const;
  /// The last size.size() axes resampled to `size`: "nearest",
  /// "nearest-exact", "linear" (any number of axes; "bilinear" and
  /// "trilinear" name 2 and 3) or "bicubic" (2 axes, PyTorch's A = -0.75).
  /// align_corners maps corner samples onto corner samples (linear, cubic).
  Tensor interpolate(Shape size, const std::string &mode = "linear",
                     bool align_corners = false) const;
  /// max_pool2d and where each maximum is (tinygrad's return_indices): its
  /// first position, flattened over the pooled axes, as int32.
  std::pair<Tensor, Tensor>
  max_pool2d_with_indices(std::vector<int64_t> kernel_size = {2},
                          std::optional<std::vector<int64_t>> stride = std::nullopt,
                          std::vector<int64_t> dilation = {1}, std::vector<int64_t> padding = {0},
                          bool ceil_mode = false) const;
  /// max_pool2d's partial inverse on [N, C, ...]: each value put back at its
  /// index, zeros elsewhere; the size from the pool's arguments unless
  /// `output_size` (its last axes) is given.
  Tensor max_unpool2d(const Tensor &indices, std::vector<int64_t> kernel_size = {2},
                      std::optional<std::vector<int64_t>> stride = std::nullopt,
                      std::vector<int64_t> dilation = {1}, std::vector<int64_t> padding = {0},
                      std::optional<Shape> output_size = std::nullopt) const;

  //===--------------------------------------------------------------------===//
  // Linear algebra
  //===--------------------------------------------------------------------===//

  /// tinygrad's Newton-Schulz iteration for an odd polynomial: the last two
  /// axes, scaled to norm 1 (+ eps), become sum_i params[i]·(G·Gᵀ)^i·G
  /// `steps` times (a wide matrix's way; a tall one goes transposed).
  Tensor newton_schulz(int64_t steps, const std::vector<double> &params, double eps = 1.0e-7) const;
  /// Q and R of the last two axes ([m, m] and [m, n]) by Householder
  /// reflections, as tinygrad: R's diagonal has the opposite sign of the
  /// column's leading element, as LAPACK's, except that a last column of
  /// one element is reflected too (LAPACK leaves it).
  std::pair<Tensor, Tensor> qr() const;
  /// U, S, Vᵀ of the last two axes by one-sided Jacobi rotations after a QR
  /// (tinygrad's 4·min(m, n) rounds); S descends. Without full_matrices U
  /// keeps min(m, n) columns.
  std::tuple<Tensor, Tensor, Tensor> svd(bool full_matrices = true) const;

  //===--------------------------------------------------------------------===//
  // Hashing
  //===--------------------------------------------------------------------===//

  /// Keccak over the last axis (its elements' bytes, little-endian):
  /// "sha3_224", "sha3_256" or "shake_128" (a 16-byte digest), or a sponge
  /// of `rate` bytes with domain byte `dsbyte`. [..., n] gives [..., digest]
  /// uint8. It realizes: each block of the message is one run of one
  /// compiled permutation.
  Tensor keccak(const std::string &cfg = "sha3_256") const;
  Tensor keccak(int64_t rate, int64_t dsbyte) const;
  /// tinygrad's 16-byte hash of the whole tensor: shake_128 over 4 KiB
  /// pieces, then over their digests, per 1 MiB chunk, until one is left.
  Tensor hash() const;

  //===--------------------------------------------------------------------===//
  // Neural network ops
  //===--------------------------------------------------------------------===//

  Tensor dot(const Tensor &w) const;
  Tensor matmul(const Tensor &w) const { return dot(w); }
  /// x @ weight + bias, as tinygrad's (weight is [in, out]; a 1-d weight
  /// multiplies elementwise).
  Tensor linear(const Tensor &weight, const Tensor &bias = Tensor()) const;
  /// Each of `layers` applied in turn (tinygrad's sequential).
  Tensor sequential(const std::vector<std::function<Tensor(const Tensor &)>> &layers) const;
  /// NCHW input, [out, in/groups, kh, kw] weight; padding on both sides.
  Tensor conv2d(const Tensor &weight, const Tensor &bias = Tensor(), int64_t groups = 1,
                std::vector<int64_t> stride = {1}, std::vector<int64_t> dilation = {1},
                std::vector<int64_t> padding = {0}) const;
  /// [in, out/groups, kh, kw] weight.
  Tensor conv_transpose2d(const Tensor &weight, const Tensor &bias = Tensor(), int64_t groups = 1,
                          std::vector<int64_t> stride = {1}, std::vector<int64_t> dilation = {1},
                          std::vector<int64_t> padding = {0},
                          std::vector<int64_t> output_padding = {0}) const;
  /// Pools over the last len(kernel_size) axes (one size: a 2-d kernel);
  /// padding as conv2d's. ceil_mode adds a last, partial window where one is
  /// left (PyTorch's rule: not one that starts in the padding after the
  /// input); count_include_pad counts the padding in an average (never the
  /// part of a window past it).
  Tensor max_pool2d(std::vector<int64_t> kernel_size = {2},
                    std::optional<std::vector<int64_t>> stride = std::nullopt,
                    std::vector<int64_t> dilation = {1}, std::vector<int64_t> padding = {0},
                    bool ceil_mode = false) const;
  Tensor avg_pool2d(std::vector<int64_t> kernel_size = {2},
                    std::optional<std::vector<int64_t>> stride = std::nullopt,
                    std::vector<int64_t> dilation = {1}, std::vector<int64_t> padding = {0},
                    bool ceil_mode = false, bool count_include_pad = true) const;
  /// (x - mean) · invstd · weight + bias over axis 1 (NC... input).
  Tensor batchnorm(const Tensor &weight, const Tensor &bias, const Tensor &mean,
                   const Tensor &invstd) const;
  Tensor layernorm(Axes axes = -1, double eps = 1e-5) const;
  /// Training-time dropout: zeros with probability p, the rest scaled by
  /// 1 / (1 - p); the identity when Tensor::training is false or p is 0.
  Tensor dropout(double p = 0.5) const;
  Tensor one_hot(int64_t num_classes) const;
  Tensor scaled_dot_product_attention(const Tensor &key, const Tensor &value,
                                      const Tensor &attn_mask = Tensor(), double dropout_p = 0,
                                      bool is_causal = false) const;

  //===--------------------------------------------------------------------===//
  // Losses (the mean over the batch unless reduction says otherwise:
  // "mean", "sum" or "none")
  //===--------------------------------------------------------------------===//

  /// this: logits [N, C]; y: class indices [N] or probabilities [N, C].
  Tensor cross_entropy(const Tensor &y, const std::string &reduction = "mean",
                       double label_smoothing = 0) const;
  /// this: logits [N, C]; y: class indices [N].
  Tensor sparse_categorical_crossentropy(const Tensor &y, int64_t ignore_index = -1,
                                         double label_smoothing = 0,
                                         const std::string &reduction = "mean") const;
  Tensor binary_crossentropy(const Tensor &y, const std::string &reduction = "mean") const;
  Tensor binary_crossentropy_logits(const Tensor &y, const std::string &reduction = "mean") const;
  Tensor mse(const Tensor &y, const std::string &reduction = "mean") const;
  Tensor l1(const Tensor &y, const std::string &reduction = "mean") const;
  /// this: log-probabilities [N, C, ...]; y: class indices [N, ...]; the
  /// mean is weighted by `weight` [C] of each target's class.
  Tensor nll_loss(const Tensor &y, const Tensor &weight = Tensor(),
                  std::optional<int64_t> ignore_index = std::nullopt,
                  const std::string &reduction = "mean") const;

  //===--------------------------------------------------------------------===//
  // Autograd
  //===--------------------------------------------------------------------===//

  bool requires_grad() const;
  Tensor &requires_grad_(bool requires = true);
  /// The accumulated gradient, undefined until backward() reaches this.
  Tensor grad() const;
  /// Replaces the gradient; the default, an undefined tensor, forgets it.
  void set_grad(const Tensor &grad = Tensor());
  /// Gradients of this (a scalar, or with `gradient` of its shape) for
  /// every tensor that requires one and that this depends on; they add to
  /// what those tensors' grad() holds.
  void backward(const Tensor &gradient = Tensor());
  /// The gradients of this with respect to `targets` (tinygrad's gradient).
  std::vector<Tensor> gradient(const std::vector<Tensor> &targets,
                               const Tensor &gradient = Tensor()) const;
  Tensor detach() const;

  //===--------------------------------------------------------------------===//
  // Realization and data
  //===--------------------------------------------------------------------===//

  Tensor &realize();
  /// Realizes several tensors with one compiled program.
  static void realize(const std::vector<Tensor> &tensors);
  /// Writes `value` into this tensor's buffer when it is realized (tinygrad's
  /// assign): later uses of this tensor see the new value.
  Tensor &assign(const Tensor &value);
  Tensor contiguous() const;
  Tensor contiguous_backward() const;
  /// A copy on another device ("CPU", "VULKAN:0", ...): realized there and
  /// copied through the host when a program needs it; gradients flow back.
  Tensor to(const std::string &device) const;
  /// Moves this tensor (and its gradient) to `device`: every handle of it
  /// refers to the copy.
  Tensor &to_(const std::string &device);
  Tensor clone() const;
  /// This handle, and every copy of it, refers to x's value from now on
  /// (x's shape).
  Tensor &replace(const Tensor &x);

  /// The elements, row-major, converted to T.
  template <typename T> std::vector<T> to_vector() const;
  /// The elements' bytes, row-major (tinygrad's Tensor.data()).
  std::string to_bytes() const;
  /// The one element of a tensor of one element.
  template <typename T> T item() const;

  /// Whether dropout and batchnorm run in training mode (tinygrad's
  /// Tensor.training).
  static bool training;

  /// The node this tensor refers to now, for the library's own use.
  std::shared_ptr<TensorImpl> impl() const { return impl_; }
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

private:
  void requireDefined(const char *op) const;
  std::shared_ptr<TensorImpl> impl_;
};

Tensor operator+(const Tensor &x, const Tensor &y);
Tensor operator-(const Tensor &x, const Tensor &y);
Tensor operator*(const Tensor &x, const Tensor &y);
Tensor operator/(const Tensor &x, const Tensor &y);
Tensor operator+(const Tensor &x, double y);
Tensor operator-(const Tensor &x, double y);
Tensor operator*(const Tensor &x, double y);
Tensor operator/(const Tensor &x, double y);
Tensor operator+(double x, const Tensor &y);
Tensor operator-(double x, const Tensor &y);
Tensor operator*(double x, const Tensor &y);
Tensor operator/(double x, const Tensor &y);
Tensor operator-(const Tensor &x);
Tensor operator<(const Tensor &x, const Tensor &y);
Tensor operator>(const Tensor &x, const Tensor &y);
Tensor operator<(const Tensor &x, double y);
Tensor operator>(const Tensor &x, double y);
std::ostream &operator<<(std::ostream &os, const Tensor &t);

/// Compilation and run statistics (for tests and DEBUG output).
struct Stats {
  uint64_t compiles = 0;       // programs compiled (cache misses)
  uint64_t memory_hits = 0;    // programs found in the in-memory cache
  uint64_t disk_hits = 0;      // programs found in CACHEDB
  uint64_t runs = 0;           // programs run
};
const Stats &stats();
/// Drops the compiled programs held in memory and, with `disk`, this
/// build's programs in CACHEDB (tinygrad's diskcache_clear): the next
/// realize of each graph compiles it again.
void clear_cache(bool disk = false);

/// How a device's buffers were allocated since it was opened (the
/// runtime's tgrt_device_memory_stats): new from the backend (`fresh`) or
/// reused from freed ones, and the bytes of freed buffers held for reuse.
/// A repeated training step should allocate nothing fresh.
struct MemoryStats {
  uint64_t fresh = 0, reused = 0, cached_bytes = 0;
};
/// `device` as Tensor::device() names it ("CPU:0"); empty: the default.
MemoryStats memory_stats(const std::string &device = "");

} // namespace tg

#endif // TG_TENSOR_TENSOR_H
