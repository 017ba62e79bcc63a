//===- NNOps.cpp - ONNX's neural network ops ------------------------------===//
//
// Convolutions, pools and normalizations are the tensor library's (which
// carry their tests); ONNX's attributes become their arguments: pads
// [x1_begin, x2_begin, ..., x1_end, x2_end] become its per-axis pairs, and
// auto_pad the pads that keep ceil(size / stride) positions.
//
//===----------------------------------------------------------------------===//

#include "Node.h"

#include <cmath>
#include <numeric>

namespace tg::onnx {
namespace {

using Outputs = std::vector<Tensor>;

/// The window of a conv or pool node over the input's spatial axes.
struct Window {
  std::vector<int64_t> kernel, strides, dilations;
  std::vector<int64_t> begin, end; // pads
  /// The tensor library's padding: (begin, end) pairs from the last axis.
  std::vector<int64_t> padding() const {
    std::vector<int64_t> p;
    for (size_t i = kernel.size(); i-- > 0;)
      p.insert(p.end(), {begin[i], end[i]});
    return p;
  }
};

Window windowOf(const Node &node, const Tensor &x, std::vector<int64_t> kernel) {
  size_t n = kernel.size();
  Window w;
  w.kernel = kernel;
  w.strides = node.attribute("strides", std::vector<int64_t>(n, 1));
  w.dilations = node.attribute("dilations", std::vector<int64_t>(n, 1));
  std::vector<int64_t> pads = node.attribute("pads", std::vector<int64_t>(2 * n, 0));
  if (w.strides.size() != n || w.dilations.size() != n || pads.size() != 2 * n)
    node.fail("strides, dilations or pads do not match the " + std::to_string(n) +
                     "-d kernel");
  w.begin.assign(pads.begin(), pads.begin() + int64_t(n));
  w.end.assign(pads.begin() + int64_t(n), pads.end());
  std::string autoPad = node.attribute("auto_pad", "NOTSET");
  if (autoPad == "VALID") {
    std::fill(w.begin.begin(), w.begin.end(), 0);
    std::fill(w.end.begin(), w.end.end(), 0);
  } else if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
    for (size_t i = 0; i < n; ++i) {
      int64_t size = x.shape(int64_t(2 + i)), stride = w.strides[i];
      int64_t out = (size + stride - 1) / stride;
      int64_t total = std::max<int64_t>(
          0, (out - 1) * stride + (kernel[i] - 1) * w.dilations[i] + 1 - size);
      int64_t small = total / 2, large = total - small;
      w.begin[i] = autoPad == "SAME_UPPER" ? small : large;
      w.end[i] = autoPad == "SAME_UPPER" ? large : small;
    }
  } else if (autoPad != "NOTSET") {
    node.unsupported("auto_pad " + autoPad);
  }
  return w;
}

std::vector<int64_t> spatialShape(const Tensor &weight) {
  return std::vector<int64_t>(weight.shape().begin() + 2, weight.shape().end());
}

Outputs conv(const Node &node) {
  Tensor x = node.input(0), weight = node.input(1);
  Window w = windowOf(node, x, node.attribute("kernel_shape", spatialShape(weight)));
  Tensor bias = node.has(2) ? node.input(2) : Tensor();
  return {x.conv2d(weight, bias, node.attribute("group", int64_t(1)), w.strides, w.dilations,
                   w.padding())};
}

Outputs convTranspose(const Node &node) {
  Tensor x = node.input(0), weight = node.input(1);
  std::vector<int64_t> kernel = node.attribute("kernel_shape", spatialShape(weight));
  size_t n = kernel.size();
  if (node.hasAttribute("output_shape") || node.attribute("auto_pad", "NOTSET") != "NOTSET")
    node.unsupported("output_shape and auto_pad");
  Window w = windowOf(node, x, kernel);
  std::vector<int64_t> outputPadding =
      node.attribute("output_padding", std::vector<int64_t>(n, 0));
  Tensor bias = node.has(2) ? node.input(2) : Tensor();
  return {x.conv_transpose2d(weight, bias, node.attribute("group", int64_t(1)), w.strides,
                             w.dilations, w.padding(), outputPadding)};
}

Outputs pool(const Node &node, bool max) {
  Tensor x = node.input(0);
  Window w = windowOf(node, x, node.attribute("kernel_shape", std::vector<int64_t>{}));
  if (node.wants(1))
    node.unsupported("MaxPool's Indices output");
  bool ceil = node.attribute("ceil_mode", int64_t(0)) != 0;
  // The tensor library reads one kernel size as a square: a 1-d pool is a
  // 2-d one over a unit axis.
  bool line = w.kernel.size() == 1;
  if (line) {
    x = x.unsqueeze(2);
    for (auto *v : {&w.kernel, &w.strides, &w.dilations})
      v->insert(v->begin(), 1);
    w.begin.insert(w.begin.begin(), 0);
    w.end.insert(w.end.begin(), 0);
  }
  bool includePad = node.attribute("count_include_pad", int64_t(0)) != 0;
  Tensor y = max ? x.max_pool2d(w.kernel, w.strides, w.dilations, w.padding(), ceil)
                 : x.avg_pool2d(w.kernel, w.strides, w.dilations, w.padding(), ceil, includePad);
  return {line ? y.squeeze(2) : y};
}

std::vector<int64_t> axesFrom(int64_t first, int64_t rank) {
  std::vector<int64_t> axes(size_t(rank - first));
  std::iota(axes.begin(), axes.end(), first);
  return axes;
}

/// [C] parameters shaped to broadcast over an N, C, ... input.
Tensor perChannel(const Tensor &p, int64_t rank) {
  Shape shape(size_t(rank), 1);
  shape[1] = p.numel();
  return p.reshape(shape);
}

Outputs batchNormalization(const Node &node) {
  Tensor x = node.input(0), scale = node.input(1), bias = node.input(2);
  Tensor mean = node.input(3), var = node.input(4);
  double epsilon = node.attribute("epsilon", 1e-5);
  if (node.attribute("training_mode", int64_t(0))) {
    double momentum = node.attribute("momentum", 0.9);
    std::vector<int64_t> axes = axesFrom(2, x.ndim());
    axes.insert(axes.begin(), 0);
    Tensor batchMean = x.mean(Axes(axes));
    Tensor batchVar = x.var(Axes(axes), false, 0);
    Tensor y = x.batchnorm(scale, bias, batchMean, (batchVar + epsilon).rsqrt());
    return {y, mean * momentum + batchMean * (1 - momentum),
            var * momentum + batchVar * (1 - momentum)};
  }
  return {x.batchnorm(scale, bias, mean, (var + epsilon).rsqrt())};
}

/// (x - mean) / sqrt(var + epsilon) over `axes`, population variance.
Tensor normalize(const Tensor &x, const Axes &axes, double epsilon) {
  Tensor mean = x.mean(axes, true);
  Tensor centered = x - mean;
  return centered * (centered.square().mean(axes, true) + epsilon).rsqrt();
}

Outputs layerNormalization(const Node &node) {
  Tensor x = node.input(0), scale = node.input(1);
  int64_t axis = normalizeAxis(node.attribute("axis", int64_t(-1)), x.ndim(), node);
  double epsilon = node.attribute("epsilon", 1e-5);
  Axes axes(axesFrom(axis, x.ndim()));
  Tensor mean = x.mean(axes, true);
  Tensor invStd = ((x - mean).square().mean(axes, true) + epsilon).rsqrt();
  Tensor y = (x - mean) * invStd * scale;
  if (node.has(2))
    y = y + node.input(2);
  return {y, mean, invStd};
}

/// Softmax-like ops before opset 13 work on the input seen as 2-d at axis.
Outputs softmaxLike(const Node &node, Tensor (*fn)(const Tensor &, int64_t)) {
  Tensor x = node.input(0);
  int64_t defaultAxis = node.opset() >= 13 ? -1 : 1;
  int64_t axis = normalizeAxis(node.attribute("axis", defaultAxis), x.ndim(), node);
  if (node.opset() >= 13)
    return {fn(x, axis)};
  int64_t outer = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= x.shape(i);
  return {fn(x.reshape({outer, x.numel() / std::max<int64_t>(outer, 1)}), 1).reshape(x.shape())};
}

Tensor hardmax(const Tensor &x, int64_t axis) {
  int64_t n = x.shape(axis);
  Shape column(size_t(x.ndim() - axis), 1);
  column[0] = n;
  return x.argmax(axis, true)
      .cast(DType::Int64)
      .eq(Tensor::arange(0, double(n), 1, DType::Int64).reshape(column))
      .cast(x.dtype());
}

/// The losses of each target, and the weights they count with, for
/// NegativeLogLikelihoodLoss (input: log-probabilities [N, C, d...]).
Outputs negativeLogLikelihood(const Node &node, const Tensor &logProb, const Tensor &target,
                              const Tensor &weight) {
  int64_t classes = logProb.shape(1);
  std::string reduction = node.attribute("reduction", "mean");
  bool ignoring = node.hasAttribute("ignore_index");
  int64_t ignore = node.attribute("ignore_index", int64_t(0));
  Tensor t = target.cast(DType::Int64);
  Tensor kept = ignoring ? t.ne(double(ignore)) : Tensor::ones(t.shape(), DType::Bool);
  Tensor safe = kept.where(t, Tensor::zeros({}, DType::Int64));
  Shape classShape(size_t(logProb.ndim()), 1);
  classShape[1] = classes;
  Tensor hot = safe.unsqueeze(1).eq(
      Tensor::arange(0, double(classes), 1, DType::Int64).reshape(classShape));
  Tensor picked = hot.where(logProb, Tensor::zeros({}, logProb.dtype())).sum(1);
  Tensor w = weight.defined()
                 ? hot.where(perChannel(weight, logProb.ndim()), Tensor::zeros({}, weight.dtype()))
                       .sum(1)
                 : Tensor::ones(t.shape(), logProb.dtype());
  w = kept.where(w, Tensor::zeros({}, w.dtype()));
  Tensor loss = picked.neg() * w;
  if (reduction == "none")
    return {loss};
  if (reduction == "sum")
    return {loss.sum()};
  if (reduction != "mean")
    node.unsupported("reduction " + reduction);
  return {loss.sum() / w.sum()};
}

Outputs lrn(const Node &node) {
  Tensor x = node.input(0);
  int64_t size = node.attribute("size", int64_t(1));
  double alpha = node.attribute("alpha", 1e-4), beta = node.attribute("beta", 0.75);
  double bias = node.attribute("bias", 1.0);
  int64_t channels = x.shape(1);
  std::vector<std::pair<int64_t, int64_t>> pad(size_t(x.ndim()), {0, 0});
  pad[1] = {(size - 1) / 2, size / 2};
  Tensor padded = x.square().pad(pad);
  Tensor sum;
  for (int64_t i = 0; i < size; ++i) {
    std::vector<std::pair<int64_t, int64_t>> bounds;
    for (int64_t d = 0; d < x.ndim(); ++d)
      bounds.push_back(d == 1 ? std::pair<int64_t, int64_t>{i, i + channels}
                              : std::pair<int64_t, int64_t>{0, x.shape(d)});
    Tensor part = padded.shrink(bounds);
    sum = sum.defined() ? sum + part : part;
  }
  return {x / (sum * (alpha / double(size)) + bias).pow(beta)};
}

} // namespace

void populateNNOps(OpTable &table) {
  table["Conv"] = conv;
  table["ConvTranspose"] = convTranspose;
  table["MaxPool"] = [](const Node &node) { return pool(node, true); };
  table["AveragePool"] = [](const Node &node) { return pool(node, false); };
  table["GlobalAveragePool"] = [](const Node &node) {
    Tensor x = node.input(0);
    return Outputs{x.mean(Axes(axesFrom(2, x.ndim())), true)};
  };
  table["GlobalMaxPool"] = [](const Node &node) {
    Tensor x = node.input(0);
    return Outputs{x.max(Axes(axesFrom(2, x.ndim())), true)};
  };
  table["BatchNormalization"] = batchNormalization;
  table["InstanceNormalization"] = [](const Node &node) {
    Tensor x = node.input(0);
    Tensor y = normalize(x, Axes(axesFrom(2, x.ndim())), node.attribute("epsilon", 1e-5));
    return Outputs{y * perChannel(node.input(1), x.ndim()) + perChannel(node.input(2), x.ndim())};
  };
  table["LayerNormalization"] = layerNormalization;
  table["MeanVarianceNormalization"] = [](const Node &node) {
    Tensor x = node.input(0);
    std::vector<int64_t> axes = node.attribute("axes", std::vector<int64_t>{0, 2, 3});
    return Outputs{normalize(x, Axes(axes), 1e-9)};
  };
  table["LpNormalization"] = [](const Node &node) {
    Tensor x = node.input(0);
    int64_t axis = normalizeAxis(node.attribute("axis", int64_t(-1)), x.ndim(), node);
    int64_t p = node.attribute("p", int64_t(2));
    Tensor norm = p == 1 ? x.abs().sum(axis, true) : x.square().sum(axis, true).sqrt();
    return Outputs{x / norm};
  };
  table["LRN"] = lrn;
  table["Gemm"] = [](const Node &node) {
    Tensor a = node.input(0), b = node.input(1);
    if (node.attribute("transA", int64_t(0)))
      a = a.transpose();
    if (node.attribute("transB", int64_t(0)))
      b = b.transpose();
    Tensor y = a.dot(b) * node.attribute("alpha", 1.0);
    if (node.has(2))
      y = y + node.input(2) * node.attribute("beta", 1.0);
    return Outputs{y};
  };
  table["MatMul"] = [](const Node &node) { return Outputs{node.input(0).dot(node.input(1))}; };
  table["Softmax"] = [](const Node &node) {
    return softmaxLike(node, [](const Tensor &x, int64_t axis) { return x.softmax(axis); });
  };
  table["LogSoftmax"] = [](const Node &node) {
    return softmaxLike(node, [](const Tensor &x, int64_t axis) { return x.log_softmax(axis); });
  };
  table["Hardmax"] = [](const Node &node) { return softmaxLike(node, hardmax); };
  table["Dropout"] = [](const Node &node) {
    Tensor x = node.input(0);
    bool training = node.has(2) && node.ints(2).at(0) != 0;
    double ratio = node.has(1) ? node.doubles(1).at(0) : node.attribute("ratio", 0.5);
    if (training && ratio != 0)
      node.unsupported("dropout in training mode (its random numbers are no other framework's)");
    return Outputs{x, Tensor::ones(x.shape(), DType::Bool)};
  };
  table["NegativeLogLikelihoodLoss"] = [](const Node &node) {
    return negativeLogLikelihood(node, node.input(0), node.input(1),
                                 node.has(2) ? node.input(2) : Tensor());
  };
  table["SoftmaxCrossEntropyLoss"] = [](const Node &node) {
    Tensor logProb = node.input(0).log_softmax(1);
    Outputs loss = negativeLogLikelihood(node, logProb, node.input(1),
                                         node.has(2) ? node.input(2) : Tensor());
    return Outputs{loss[0], logProb};
  };
}

} // namespace tg::onnx
