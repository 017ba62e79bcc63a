//===- Layers.cpp - tinygrad's nn layers ----------------------------------===//
//
// Each layer as tinygrad's nn/__init__.py builds it: the same
// initialization, parameter names and forward computation from Tensor
// methods.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include "tg/Tensor/nn.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>
#include <tuple>

namespace tg::nn {

namespace {

/// A tensor trained by the optimizers: it requires gradients.
Tensor parameter(Tensor t) {
  t.requires_grad_();
  return t;
}

/// `[1, -1, 1, ...]` for rank `ndim`: a per-channel vector against NC...
Shape channelShape(int64_t ndim) {
  Shape shape(ndim, 1);
  shape[1] = -1;
  return shape;
}

void requireRank(const char *layer, const Tensor &x, int64_t rank) {
  if (x.ndim() < rank)
    throw Error(std::string("tg::nn::") + layer + ": the input has shape " + shapeText(x.shape()) +
                ", not at least " + std::to_string(rank) + " axes");
}

/// GroupNorm's normalization (InstanceNorm's with a group per channel):
/// each sample's groups of channels normalized over their positions, then
/// the per-channel weight and bias when there are some.
Tensor groupNorm(const char *layer, const Tensor &x, int64_t groups, int64_t channels, double eps,
                 const Tensor &weight, const Tensor &bias) {
  requireRank(layer, x, 2);
  if (x.shape(1) != channels)
    throw Error(std::string("tg::nn::") + layer + ": the input has shape " + shapeText(x.shape()) +
                ", not " + std::to_string(channels) + " channels");
  Tensor y = x.reshape({x.shape(0), groups, -1}).layernorm(-1, eps).reshape(x.shape());
  if (!weight.defined())
    return y;
  Shape perChannel = channelShape(x.ndim());
  return y * weight.reshape(perChannel) + bias.reshape(perChannel);
}

} // namespace

void Visitor::operator()(const std::string &name, Module &child) {
  std::string outer = prefix_;
  prefix_ += name + ".";
  child.visit(*this);
  prefix_ = std::move(outer);
}

void Visitor::operator()(const std::string &name, Tensor &tensor) {
  if (tensor.defined())
    callback_(prefix_ + name, tensor);
}

//===----------------------------------------------------------------------===//
// Linear and convolutions
//===----------------------------------------------------------------------===//

Linear::Linear(int64_t in_features, int64_t out_features, bool bias) {
  double bound = 1 / std::sqrt(double(in_features));
  weight = parameter(Tensor::uniform({out_features, in_features}, -bound, bound));
  if (bias)
    this->bias = parameter(Tensor::uniform({out_features}, -bound, bound));
}

Tensor Linear::operator()(const Tensor &x) const { return x.linear(weight.transpose(), bias); }

void Linear::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
}

Conv2d::Conv2d(int64_t in_channels, int64_t out_channels, std::vector<int64_t> kernel_size,
               std::vector<int64_t> stride, Padding padding, std::vector<int64_t> dilation,
               int64_t groups, bool bias)
    : Conv2d({out_channels, in_channels / std::max<int64_t>(groups, 1)}, 2, in_channels,
             out_channels, std::move(kernel_size), std::move(stride), std::move(padding),
             std::move(dilation), groups, bias) {}

Conv2d::Conv2d(Shape leading, int64_t dims, int64_t in_channels, int64_t out_channels,
               std::vector<int64_t> kernel_size, std::vector<int64_t> stride, Padding padding,
               std::vector<int64_t> dilation, int64_t groups, bool bias)
    : kernel_size(std::move(kernel_size)), stride(std::move(stride)),
      dilation(std::move(dilation)), groups(groups) {
  if (groups < 1 || in_channels % groups || out_channels % groups)
    throw Error("tg::nn::Conv2d: " + std::to_string(in_channels) + " in and " +
                std::to_string(out_channels) + " out channels do not split into " +
                std::to_string(groups) + " groups");
  if (this->kernel_size.size() == 1) // tinygrad's make_tuple(kernel_size, 2)
    this->kernel_size.resize(dims, this->kernel_size[0]);
  this->padding = padding.mode.empty() ? std::move(padding.amounts) : samePadding(padding.mode);
  int64_t window = std::accumulate(this->kernel_size.begin(), this->kernel_size.end(), int64_t(1),
                                   std::multiplies<int64_t>());
  double scale = 1 / std::sqrt(double(in_channels * window));
  Shape shape = std::move(leading);
  shape.insert(shape.end(), this->kernel_size.begin(), this->kernel_size.end());
  weight = parameter(Tensor::uniform(shape, -scale, scale));
  if (bias)
    this->bias = parameter(Tensor::uniform({out_channels}, -scale, scale));
}

// PyTorch's rule, which tinygrad's follows: dilation·(kernel − 1) in all,
// the odd one after. Flat pairs, last axis first, as conv2d reads them.
std::vector<int64_t> Conv2d::samePadding(const std::string &mode) const {
  std::string lower = mode;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (lower != "same")
    throw Error("tg::nn::Conv2d: invalid padding \"" + mode + "\", only \"same\" is supported");
  if (std::any_of(stride.begin(), stride.end(), [](int64_t s) { return s != 1; }))
    throw Error("tg::nn::Conv2d: padding \"same\" is not supported for strided convolutions");
  size_t n = kernel_size.size();
  if (dilation.size() != 1 && dilation.size() != n)
    throw Error("tg::nn::Conv2d: " + std::to_string(dilation.size()) + " dilations for " +
                std::to_string(n) + " kernel sizes");
  std::vector<int64_t> pads;
  for (size_t i = n; i-- > 0;) {
    int64_t total = dilation[dilation.size() == 1 ? 0 : i] * (kernel_size[i] - 1);
    pads.push_back(total / 2);
    pads.push_back(total - total / 2);
  }
  return pads;
}

Tensor Conv2d::operator()(const Tensor &x) const {
  return x.conv2d(weight, bias, groups, stride, dilation, padding);
}

void Conv2d::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
}

Conv1d::Conv1d(int64_t in_channels, int64_t out_channels, int64_t kernel_size, int64_t stride,
               Padding padding, int64_t dilation, int64_t groups, bool bias)
    : Conv2d({out_channels, in_channels / std::max<int64_t>(groups, 1)}, 1, in_channels,
             out_channels, {kernel_size}, {stride}, std::move(padding), {dilation}, groups, bias) {}

ConvTranspose2d::ConvTranspose2d(int64_t in_channels, int64_t out_channels,
                                 std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                                 std::vector<int64_t> padding, std::vector<int64_t> output_padding,
                                 std::vector<int64_t> dilation, int64_t groups, bool bias)
    : ConvTranspose2d(2, in_channels, out_channels, std::move(kernel_size), std::move(stride),
                      std::move(padding), std::move(output_padding), std::move(dilation), groups,
                      bias) {}

ConvTranspose2d::ConvTranspose2d(int64_t dims, int64_t in_channels, int64_t out_channels,
                                 std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                                 std::vector<int64_t> padding, std::vector<int64_t> output_padding,
                                 std::vector<int64_t> dilation, int64_t groups, bool bias)
    : Conv2d({in_channels, out_channels / std::max<int64_t>(groups, 1)}, dims, in_channels,
             out_channels, std::move(kernel_size), std::move(stride), std::move(padding),
             std::move(dilation), groups, bias),
      output_padding(std::move(output_padding)) {}

Tensor ConvTranspose2d::operator()(const Tensor &x) const {
  return x.conv_transpose2d(weight, bias, groups, stride, dilation, padding, output_padding);
}

ConvTranspose1d::ConvTranspose1d(int64_t in_channels, int64_t out_channels, int64_t kernel_size,
                                 int64_t stride, int64_t padding, int64_t output_padding,
                                 int64_t dilation, int64_t groups, bool bias)
    : ConvTranspose2d(1, in_channels, out_channels, {kernel_size}, {stride}, {padding},
                      {output_padding}, {dilation}, groups, bias) {}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

BatchNorm::BatchNorm(int64_t sz, double eps, bool affine, bool track_running_stats, double momentum)
    : eps(eps), momentum(momentum), track_running_stats(track_running_stats) {
  if (affine) {
    weight = parameter(Tensor::ones({sz}));
    bias = parameter(Tensor::zeros({sz}));
  }
  num_batches_tracked = Tensor::zeros({}, DType::Int64);
  if (track_running_stats) {
    running_mean = Tensor::zeros({sz});
    running_var = Tensor::ones({sz});
  }
}

std::pair<Tensor, Tensor> BatchNorm::calc_stats(const Tensor &x) const {
  requireRank("BatchNorm", x, 2);
  if (track_running_stats && !Tensor::training)
    return {running_mean, running_var};
  std::vector<int64_t> axes;
  for (int64_t axis = 0; axis < x.ndim(); ++axis)
    if (axis != 1)
      axes.push_back(axis);
  Tensor mean = x.mean(axes);
  // Through the detached mean: d(var)/d(mean) is 0.
  Tensor centered = x - mean.detach().reshape(channelShape(x.ndim()));
  return {mean, (centered * centered).mean(axes)};
}

Tensor BatchNorm::operator()(const Tensor &x) {
  auto [mean, var] = calc_stats(x);
  if (track_running_stats && Tensor::training) {
    // The running variance is the unbiased one: n / (n - 1) per channel.
    double n = double(x.numel()), unbias = n / (n - double(x.shape(1)));
    running_mean.assign(running_mean * (1 - momentum) + mean.detach() * momentum);
    running_var.assign(running_var * (1 - momentum) + var.detach() * (momentum * unbias));
    num_batches_tracked.assign(num_batches_tracked + 1);
  }
  return x.batchnorm(weight, bias, mean, var.add(eps).rsqrt());
}

void BatchNorm::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
  v("running_mean", running_mean);
  v("running_var", running_var);
  v("num_batches_tracked", num_batches_tracked);
}

LayerNorm::LayerNorm(Shape normalized_shape, double eps, bool elementwise_affine)
    : normalized_shape(std::move(normalized_shape)), eps(eps) {
  if (elementwise_affine) {
    weight = parameter(Tensor::ones(this->normalized_shape));
    bias = parameter(Tensor::zeros(this->normalized_shape));
  }
}

Tensor LayerNorm::operator()(const Tensor &x) const {
  int64_t n = int64_t(normalized_shape.size());
  if (x.ndim() < n ||
      !std::equal(normalized_shape.begin(), normalized_shape.end(), x.shape().end() - n))
    throw Error("tg::nn::LayerNorm: the last axes of " + shapeText(x.shape()) + " must be " +
                shapeText(normalized_shape));
  std::vector<int64_t> axes;
  for (int64_t i = 1; i <= n; ++i)
    axes.push_back(-i);
  Tensor y = x.layernorm(axes, eps);
  return weight.defined() ? y * weight + bias : y;
}

void LayerNorm::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
}

Tensor LayerNorm2d::operator()(const Tensor &x) const {
  if (x.ndim() != 4)
    throw Error("tg::nn::LayerNorm2d: the input has shape " + shapeText(x.shape()) + ", not NCHW");
  return LayerNorm::operator()(x.permute({0, 2, 3, 1})).permute({0, 3, 1, 2});
}

GroupNorm::GroupNorm(int64_t num_groups, int64_t num_channels, double eps, bool affine)
    : num_groups(num_groups), num_channels(num_channels), eps(eps) {
  if (num_groups < 1 || num_channels % num_groups)
    throw Error("tg::nn::GroupNorm: " + std::to_string(num_channels) +
                " channels do not split into " + std::to_string(num_groups) + " groups");
  if (affine) {
    weight = parameter(Tensor::ones({num_channels}));
    bias = parameter(Tensor::zeros({num_channels}));
  }
}

Tensor GroupNorm::operator()(const Tensor &x) const {
  return groupNorm("GroupNorm", x, num_groups, num_channels, eps, weight, bias);
}

void GroupNorm::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
}

InstanceNorm::InstanceNorm(int64_t num_features, double eps, bool affine)
    : num_features(num_features), eps(eps) {
  if (affine) {
    weight = parameter(Tensor::ones({num_features}));
    bias = parameter(Tensor::zeros({num_features}));
  }
}

// GroupNorm with a group per channel.
Tensor InstanceNorm::operator()(const Tensor &x) const {
  return groupNorm("InstanceNorm", x, num_features, num_features, eps, weight, bias);
}

void InstanceNorm::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
}

RMSNorm::RMSNorm(int64_t dim, double eps, bool elementwise_affine) : eps(eps) {
  if (elementwise_affine)
    weight = parameter(Tensor::ones({dim}));
}

// In float32 whatever x's dtype, as tinygrad's: a half's square overflows.
Tensor RMSNorm::operator()(const Tensor &x) const {
  requireRank("RMSNorm", x, 1);
  Tensor f = x.float_();
  Tensor y = (f * (f.square().mean(-1, true) + eps).rsqrt()).cast(x.dtype());
  return weight.defined() ? y * weight : y;
}

void RMSNorm::visit(Visitor &v) { v("weight", weight); }

//===----------------------------------------------------------------------===//
// LSTMCell
//===----------------------------------------------------------------------===//

LSTMCell::LSTMCell(int64_t input_size, int64_t hidden_size, bool bias) {
  double bound = 1 / std::sqrt(double(hidden_size));
  weight_ih = parameter(Tensor::uniform({hidden_size * 4, input_size}, -bound, bound));
  weight_hh = parameter(Tensor::uniform({hidden_size * 4, hidden_size}, -bound, bound));
  if (bias) {
    bias_ih = parameter(Tensor::zeros({hidden_size * 4}));
    bias_hh = parameter(Tensor::zeros({hidden_size * 4}));
  }
}

std::pair<Tensor, Tensor>
LSTMCell::operator()(const Tensor &x, const std::optional<std::pair<Tensor, Tensor>> &hc) const {
  if (x.ndim() != 2)
    throw Error("tg::nn::LSTMCell: the input has shape " + shapeText(x.shape()) +
                ", not [batch, input_size]");
  Tensor h, c;
  if (hc)
    std::tie(h, c) = *hc;
  else
    h = c = Tensor::zeros({x.shape(0), weight_hh.shape(1)}, x.dtype());
  Tensor gates = x.linear(weight_ih.T(), bias_ih) + h.linear(weight_hh.T(), bias_hh);
  std::vector<Tensor> ifgo = gates.chunk(4, 1);
  Tensor next_c = ifgo[1].sigmoid() * c + ifgo[0].sigmoid() * ifgo[2].tanh();
  return {ifgo[3].sigmoid() * next_c.tanh(), next_c};
}

void LSTMCell::visit(Visitor &v) {
  v("weight_ih", weight_ih);
  v("weight_hh", weight_hh);
  v("bias_ih", bias_ih);
  v("bias_hh", bias_hh);
}

//===----------------------------------------------------------------------===//
// Embedding, Dropout
//===----------------------------------------------------------------------===//

Embedding::Embedding(int64_t vocab_size, int64_t embed_size)
    : vocab_size(vocab_size), embed_size(embed_size),
      weight(parameter(Tensor::glorot_uniform({vocab_size, embed_size}))) {}

Tensor Embedding::operator()(const Tensor &idx) const {
  if (!isInt(idx.dtype()))
    throw Error(std::string("tg::nn::Embedding: the indices must be integers, not ") +
                name(idx.dtype()));
  // tinygrad's: a one-hot mask over the vocabulary selects the rows, so
  // the gradient reaches the weight through where and sum.
  Tensor mask = Tensor::arange(double(vocab_size)).eq(idx.unsqueeze(-1)).unsqueeze(-1);
  return mask.where(weight, weight.zeros_like()).sum(-2);
}

void Embedding::visit(Visitor &v) { v("weight", weight); }

Dropout::Dropout(double p) : p(p) {}

Tensor Dropout::operator()(const Tensor &x) const { return x.dropout(p); }

} // namespace tg::nn
