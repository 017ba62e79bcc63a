//===- nn.h - tinygrad's nn layers in C++ -----------------------*- C++ -*-===//
//
// Layers with tinygrad's names, initialization and parameter names, and a
// small way to compose them into models. A model is a class deriving from
// nn::Module that names its tensors and children in visit(); that naming
// gives the state dict ("l1.weight", "blocks.0.norm.bias") and the
// parameters, as tinygrad's get_state_dict finds them by walking __dict__:
//
//   struct Net : nn::Module {
//     nn::Linear l1{784, 128}, l2{128, 10};
//     Tensor operator()(const Tensor &x) const { return l2(l1(x).relu()); }
//     void visit(nn::Visitor &v) override { v("l1", l1); v("l2", l2); }
//   };
//
// The layers' parameters require gradients from the start and their
// buffers (BatchNorm's running statistics) do not; that is how optimizers
// tell them apart. A tensor of a model's own that should be trained needs
// requires_grad_().
//
// Tensors are handles, so copying a layer gives a second handle to the same
// weights, as assigning a Python object does.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TENSOR_NN_H
#define TG_TENSOR_NN_H

#include "tg/Tensor/Tensor.h"
#include "tg/Tensor/state.h"

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tg::nn {

/// What Module::visit names its tensors and children to.
class Visitor {
public:
  /// Called for each defined tensor with its dotted path.
  using Callback = std::function<void(const std::string &path, Tensor &tensor)>;
  explicit Visitor(Callback callback) : callback_(std::move(callback)) {}

  /// A tensor: a parameter, or a buffer such as a running statistic (what
  /// tells them apart is requires_grad). An undefined one (an absent bias)
  /// is skipped.
  void operator()(const std::string &name, Tensor &tensor);
  /// A child: its names go under "name.".
  void operator()(const std::string &name, Module &child);
  /// A list ("name.0", "name.1", ...), as tinygrad names a Python list.
  template <typename T> void operator()(const std::string &name, std::vector<T> &items) {
    for (size_t i = 0; i < items.size(); ++i)
      (*this)(name + "." + std::to_string(i), items[i]);
  }

private:
  Callback callback_;
  std::string prefix_;
};

/// A layer or a model: something that names its tensors and children.
class Module {
public:
  virtual ~Module() = default;
  /// Names every tensor and child to `v`, always in the same order.
  virtual void visit(Visitor &v) = 0;
};

/// x @ weight.T + bias. weight [out, in] and bias [out] are uniform in
/// ±1/sqrt(in) (kaiming_uniform with a=sqrt(5), as PyTorch's).
class Linear : public Module {
public:
  Linear(int64_t in_features, int64_t out_features, bool bias = true);
  Tensor operator()(const Tensor &x) const;
  void visit(Visitor &v) override;

  Tensor weight, bias;
};

/// Conv2d's padding: amounts as Tensor::conv2d takes them (one, one per
/// axis, or PyTorch's flat before/after pairs, last axis first), or
/// "same" (any case): the output as large as the input, stride 1 only;
/// where dilation·(kernel − 1) is odd, the extra pixel goes after, as
/// PyTorch pads.
class Padding {
public:
  Padding(int64_t amount) : amounts{amount} {}
  Padding(std::initializer_list<int64_t> amounts) : amounts(amounts) {}
  Padding(std::vector<int64_t> amounts) : amounts(std::move(amounts)) {}
  /// A literal: a const char * would take 0, which is an amount.
  template <size_t N> Padding(const char (&mode)[N]) : mode(mode) {}
  Padding(std::string mode) : mode(std::move(mode)) {}

  std::vector<int64_t> amounts;
  /// Empty unless a string was given.
  std::string mode;
};

/// A convolution over NCHW input (N-d with as many kernel sizes). One
/// kernel size means a square kernel; stride, padding and dilation are as
/// Tensor::conv2d takes them, or padding "same". weight [out, in/groups, *kernel] and bias
/// [out] are uniform in ±1/sqrt(in·prod(kernel)).
class Conv2d : public Module {
public:
  Conv2d(int64_t in_channels, int64_t out_channels, std::vector<int64_t> kernel_size,
         std::vector<int64_t> stride = {1}, Padding padding = {0},
         std::vector<int64_t> dilation = {1}, int64_t groups = 1, bool bias = true);
  /// Virtual so that a ConvTranspose2d held as a Conv2d still transposes.
  virtual Tensor operator()(const Tensor &x) const;
  void visit(Visitor &v) override;

  std::vector<int64_t> kernel_size, stride, padding, dilation;
  int64_t groups;
  Tensor weight, bias;

protected:
  /// weight [*leading, *kernel]: [out, in/groups], or [in, out/groups]
  /// for the transposed convolution. One kernel size stands for `dims`.
  Conv2d(Shape leading, int64_t dims, int64_t in_channels, int64_t out_channels,
         std::vector<int64_t> kernel_size, std::vector<int64_t> stride, Padding padding,
         std::vector<int64_t> dilation, int64_t groups, bool bias);

private:
  /// The padding "same" stands for, as conv2d takes padding.
  std::vector<int64_t> samePadding(const std::string &mode) const;
};

/// The convolution over NCL input: a Conv2d with a 1-d kernel (tinygrad's
/// Conv1d returns one), so weight is [out, in/groups, kernel_size].
class Conv1d : public Conv2d {
public:
  Conv1d(int64_t in_channels, int64_t out_channels, int64_t kernel_size, int64_t stride = 1,
         Padding padding = 0, int64_t dilation = 1, int64_t groups = 1, bool bias = true);
};

/// The transposed convolution: weight [in, out/groups, *kernel], initialized
/// like Conv2d's.
class ConvTranspose2d : public Conv2d {
public:
  ConvTranspose2d(int64_t in_channels, int64_t out_channels, std::vector<int64_t> kernel_size,
                  std::vector<int64_t> stride = {1}, std::vector<int64_t> padding = {0},
                  std::vector<int64_t> output_padding = {0}, std::vector<int64_t> dilation = {1},
                  int64_t groups = 1, bool bias = true);
  Tensor operator()(const Tensor &x) const override;

  std::vector<int64_t> output_padding;

protected:
  /// One kernel size stands for `dims`.
  ConvTranspose2d(int64_t dims, int64_t in_channels, int64_t out_channels,
                  std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                  std::vector<int64_t> padding, std::vector<int64_t> output_padding,
                  std::vector<int64_t> dilation, int64_t groups, bool bias);
};

/// The transposed convolution over NCL input: weight [in, out/groups,
/// kernel_size].
class ConvTranspose1d : public ConvTranspose2d {
public:
  ConvTranspose1d(int64_t in_channels, int64_t out_channels, int64_t kernel_size,
                  int64_t stride = 1, int64_t padding = 0, int64_t output_padding = 0,
                  int64_t dilation = 1, int64_t groups = 1, bool bias = true);
};

/// Batch normalization over axis 1 of NC... input. In training
/// (Tensor::training) it normalizes with the batch's statistics and, with
/// track_running_stats, moves running_mean and running_var toward them by
/// `momentum` (the variance unbiased) through assign, counting
/// num_batches_tracked; in eval it uses the running statistics.
/// weight = 1 and bias = 0 when affine.
class BatchNorm : public Module {
public:
  explicit BatchNorm(int64_t sz, double eps = 1e-5, bool affine = true,
                     bool track_running_stats = true, double momentum = 0.1);
  /// Not const: training updates the running statistics.
  Tensor operator()(const Tensor &x);
  /// The mean and variance to normalize with: the running ones in eval,
  /// else the batch's (biased) ones.
  std::pair<Tensor, Tensor> calc_stats(const Tensor &x) const;
  void visit(Visitor &v) override;

  double eps, momentum;
  bool track_running_stats;
  Tensor weight, bias, running_mean, running_var, num_batches_tracked;
};
using BatchNorm2d = BatchNorm;
using BatchNorm3d = BatchNorm;

/// Normalization over the trailing axes `normalized_shape`, then
/// x · weight + bias (ones and zeros of that shape) when elementwise_affine.
class LayerNorm : public Module {
public:
  explicit LayerNorm(Shape normalized_shape, double eps = 1e-5, bool elementwise_affine = true);
  /// Virtual so that a LayerNorm2d held as a LayerNorm still permutes.
  virtual Tensor operator()(const Tensor &x) const;
  void visit(Visitor &v) override;

  Shape normalized_shape;
  double eps;
  Tensor weight, bias;
};

/// LayerNorm over the channels of NCHW input: each pixel's channels are
/// normalized (normalized_shape is {channels}).
class LayerNorm2d : public LayerNorm {
public:
  using LayerNorm::LayerNorm;
  Tensor operator()(const Tensor &x) const override;
};

/// Normalization over groups of channels of NC... input, then a per-channel
/// weight and bias when affine.
class GroupNorm : public Module {
public:
  GroupNorm(int64_t num_groups, int64_t num_channels, double eps = 1e-5, bool affine = true);
  Tensor operator()(const Tensor &x) const;
  void visit(Visitor &v) override;

  int64_t num_groups, num_channels;
  double eps;
  Tensor weight, bias;
};

/// Normalization of each sample's channels of NC... input, each over its
/// positions, then a per-channel weight and bias when affine.
class InstanceNorm : public Module {
public:
  explicit InstanceNorm(int64_t num_features, double eps = 1e-5, bool affine = true);
  Tensor operator()(const Tensor &x) const;
  void visit(Visitor &v) override;

  int64_t num_features;
  double eps;
  Tensor weight, bias;
};

/// x / sqrt(mean(x², last axis) + eps), computed in float32 and cast back
/// to x's dtype, then times weight (ones [dim]) when elementwise_affine.
class RMSNorm : public Module {
public:
  explicit RMSNorm(int64_t dim, double eps = 1e-6, bool elementwise_affine = true);
  Tensor operator()(const Tensor &x) const;
  void visit(Visitor &v) override;

  double eps;
  Tensor weight;
};

/// One step of an LSTM: (h, c) from x [batch, input_size] and the previous
/// (h, c) [batch, hidden_size] (zeros when absent), with the gates i, f,
/// g, o stacked in that order along the weights' first axis. The weights
/// are uniform in ±1/sqrt(hidden_size); the biases start at zero.
class LSTMCell : public Module {
public:
  LSTMCell(int64_t input_size, int64_t hidden_size, bool bias = true);
  std::pair<Tensor, Tensor>
  operator()(const Tensor &x,
             const std::optional<std::pair<Tensor, Tensor>> &hc = std::nullopt) const;
  void visit(Visitor &v) override;

  Tensor weight_ih, weight_hh, bias_ih, bias_hh;
};

/// A lookup table: integer indices of any shape → rows of weight
/// [vocab_size, embed_size] (glorot_uniform).
class Embedding : public Module {
public:
  Embedding(int64_t vocab_size, int64_t embed_size);
  Tensor operator()(const Tensor &idx) const;
  void visit(Visitor &v) override;

  int64_t vocab_size, embed_size;
  Tensor weight;
};

/// Tensor::dropout as a layer: zeroes elements with probability p in
/// training (Tensor::training), the identity otherwise.
class Dropout : public Module {
public:
  explicit Dropout(double p = 0.5);
  Tensor operator()(const Tensor &x) const;
  void visit(Visitor &) override {}

  double p;
};

} // namespace tg::nn

#endif // TG_TENSOR_NN_H
