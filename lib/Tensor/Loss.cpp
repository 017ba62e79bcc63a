//===- Loss.cpp - loss functions built from the Tensor ops ----------------===//
//
// tinygrad's losses: log_softmax against one-hot targets, the binary
// cross-entropies from log and logsigmoid, and the elementwise errors,
// each reduced by "mean", "sum" or "none".
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

namespace tg {

namespace {

[[noreturn]] void fail(const char *op, const std::string &why) {
  throw Error(std::string("tg::Tensor::") + op + ": " + why);
}

void requireReduction(const char *op, const std::string &reduction) {
  if (reduction != "mean" && reduction != "sum" && reduction != "none")
    fail(op, "reduction \"" + reduction + "\" is not \"mean\", \"sum\" or \"none\"");
}

/// tinygrad's _do_reduction.
Tensor reduced(const char *op, const Tensor &loss, const std::string &reduction) {
  requireReduction(op, reduction);
  return reduction == "none" ? loss : reduction == "sum" ? loss.sum() : loss.mean();
}

void requireSmoothing(const char *op, double label_smoothing) {
  if (!(label_smoothing >= 0 && label_smoothing <= 1))
    fail(op, "label_smoothing " + std::to_string(label_smoothing) + " is outside [0, 1]");
}

/// Targets as numbers: tinygrad's Python floats promote bool and integer
/// targets to floats, which a C++ double next to them cannot do.
Tensor asFloat(const Tensor &y) { return isFloat(y.dtype()) ? y : y.cast(kDefaultFloat); }

} // namespace

Tensor Tensor::cross_entropy(const Tensor &y, const std::string &reduction,
                             double label_smoothing) const {
  requireDefined("cross_entropy");
  requireSmoothing("cross_entropy", label_smoothing);
  int64_t classes = ndim() == 1 ? 0 : 1;
  Tensor target = y;
  if (shape() != y.shape()) {
    if (max(classes).shape() != y.shape())
      fail("cross_entropy",
           "targets " + shapeText(y.shape()) + " do not fit logits " + shapeText(shape()));
    target = oneHotAlongDim(y.unsqueeze(classes), shape(classes), classes);
  }
  target = (1 - label_smoothing) * asFloat(target) + label_smoothing / double(shape(classes));
  return reduced("cross_entropy", log_softmax(classes).mul(target).sum(classes).neg(), reduction);
}

Tensor Tensor::sparse_categorical_crossentropy(const Tensor &y, int64_t ignore_index,
                                               double label_smoothing,
                                               const std::string &reduction) const {
  requireDefined("sparse_categorical_crossentropy");
  requireSmoothing("sparse_categorical_crossentropy", label_smoothing);
  requireReduction("sparse_categorical_crossentropy", reduction);
  Tensor logProbs = log_softmax();
  // -1, the default, ignores nothing (as tinygrad's).
  Tensor lossMask = ignore_index != -1 ? y.ne(double(ignore_index)) : constLike(y, 1, DType::Bool);
  Tensor target = oneHotAlongDim(y.unsqueeze(-1), shape(-1)).bitwise_and(lossMask.unsqueeze(-1));
  Tensor smoothing = label_smoothing * logProbs.mean(-1).mul(lossMask);
  Tensor unreduced = (1 - label_smoothing) * logProbs.mul(target).sum(-1) + smoothing;
  // The mean is over the targets that count.
  if (reduction == "mean")
    return unreduced.sum().neg().div(lossMask.sum());
  return reduced("sparse_categorical_crossentropy", unreduced, reduction).neg();
}

Tensor Tensor::binary_crossentropy(const Tensor &y, const std::string &reduction) const {
  requireDefined("binary_crossentropy");
  Tensor t = asFloat(y);
  Tensor loss = t.neg().mul(log()).sub((1 - t).mul((1 - *this).log()));
  return reduced("binary_crossentropy", loss, reduction);
}

Tensor Tensor::binary_crossentropy_logits(const Tensor &y, const std::string &reduction) const {
  requireDefined("binary_crossentropy_logits");
  Tensor t = asFloat(y);
  // log sigmoid(x) = -softplus(-x) and log(1 - sigmoid(x)) = -softplus(x).
  Tensor logP = neg().softplus().neg(), log1mP = softplus().neg();
  Tensor loss = t.mul(logP).add((1 - t).mul(log1mP)).neg();
  return reduced("binary_crossentropy_logits", loss, reduction);
}

Tensor Tensor::mse(const Tensor &y, const std::string &reduction) const {
  requireDefined("mse");
  return reduced("mse", sub(y).square(), reduction);
}

Tensor Tensor::l1(const Tensor &y, const std::string &reduction) const {
  requireDefined("l1");
  return reduced("l1", sub(y).abs(), reduction);
}


Tensor Tensor::nll_loss(const Tensor &y, const Tensor &weight, std::optional<int64_t> ignore_index,
                        const std::string &reduction) const {
  requireDefined("nll_loss");
  requireReduction("nll_loss", reduction);
  if (ndim() < 2 || y.ndim() != ndim() - 1)
    fail("nll_loss", "targets " + shapeText(y.shape()) + " do not fit log-probabilities " +
                         shapeText(shape()) + " (classes on axis 1)");
  Tensor classWeight = weight.defined() ? weight.gather(0, y.flatten()).reshape(y.shape())
                                        : constLike(y, 1, dtype());
  if (ignore_index)
    classWeight = classWeight.mul(y.ne(double(*ignore_index)));
  Tensor nll = gather(1, y.unsqueeze(1)).squeeze(1).neg().mul(classWeight);
  return reduction == "mean" ? nll.sum().div(classWeight.sum()) : reduced("nll_loss", nll, reduction);
}

} // namespace tg
