//===- Layers.cpp - tinygrad's nn layers ----------------------------------===//
//
// Each layer as tinygrad's nn/__init__.py builds it: the same
// initialization, parameter names and forward computation from Tensor
// methods.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include "tg/Tensor/nn.h"

#include <cmath>
#include <numeric>

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
               std::vector<int64_t> stride, std::vector<int64_t> padding,
               std::vector<int64_t> dilation, int64_t groups, bool bias)
    : Conv2d({out_channels, in_channels / std::max<int64_t>(groups, 1)}, in_channels, out_channels,
             std::move(kernel_size), std::move(stride), std::move(padding), std::move(dilation),
             groups, bias) {}

Conv2d::Conv2d(Shape leading, int64_t in_channels, int64_t out_channels,
               std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
               std::vector<int64_t> padding, std::vector<int64_t> dilation, int64_t groups,
               bool bias)
    : kernel_size(std::move(kernel_size)), stride(std::move(stride)), padding(std::move(padding)),
      dilation(std::move(dilation)), groups(groups) {
  if (groups < 1 || in_channels % groups || out_channels % groups)
    throw Error("tg::nn::Conv2d: " + std::to_string(in_channels) + " in and " +
                std::to_string(out_channels) + " out channels do not split into " +
                std::to_string(groups) + " groups");
  if (this->kernel_size.size() == 1) // tinygrad's make_tuple(kernel_size, 2)
    this->kernel_size.push_back(this->kernel_size[0]);
  int64_t window = std::accumulate(this->kernel_size.begin(), this->kernel_size.end(), int64_t(1),
                                   std::multiplies<int64_t>());
  double scale = 1 / std::sqrt(double(in_channels * window));
  Shape shape = std::move(leading);
  shape.insert(shape.end(), this->kernel_size.begin(), this->kernel_size.end());
  weight = parameter(Tensor::uniform(shape, -scale, scale));
  if (bias)
    this->bias = parameter(Tensor::uniform({out_channels}, -scale, scale));
}

Tensor Conv2d::operator()(const Tensor &x) const {
  return x.conv2d(weight, bias, groups, stride, dilation, padding);
}

void Conv2d::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
}

ConvTranspose2d::ConvTranspose2d(int64_t in_channels, int64_t out_channels,
                                 std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                                 std::vector<int64_t> padding, std::vector<int64_t> output_padding,
                                 std::vector<int64_t> dilation, int64_t groups, bool bias)
    : Conv2d({in_channels, out_channels / std::max<int64_t>(groups, 1)}, in_channels, out_channels,
             std::move(kernel_size), std::move(stride), std::move(padding), std::move(dilation),
             groups, bias),
      output_padding(std::move(output_padding)) {}

Tensor ConvTranspose2d::operator()(const Tensor &x) const {
  return x.conv_transpose2d(weight, bias, groups, stride, dilation, padding, output_padding);
}

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
  requireRank("GroupNorm", x, 2);
  if (x.shape(1) != num_channels)
    throw Error("tg::nn::GroupNorm: the input has shape " + shapeText(x.shape()) + ", not " +
                std::to_string(num_channels) + " channels");
  // layernorm over each group's channels and positions.
  Tensor y = x.reshape({x.shape(0), num_groups, -1}).layernorm(-1, eps).reshape(x.shape());
  if (!weight.defined())
    return y;
  Shape channels = channelShape(x.ndim());
  return y * weight.reshape(channels) + bias.reshape(channels);
}

void GroupNorm::visit(Visitor &v) {
  v("weight", weight);
  v("bias", bias);
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
