//===- Gradient.cpp - autograd: tinygrad's gradient rules ------------------===//

#include "TensorOps.h"

#include <algorithm>

#include <mutex>

namespace tg {

namespace {

/// Every tensor that asked for gradients and still exists (tinygrad's
/// all_tensors, kept only for the ones with requires_grad).
std::vector<std::weak_ptr<TensorImpl>> &gradTargets() {
  static std::vector<std::weak_ptr<TensorImpl>> targets;
  return targets;
}

} // namespace

void registerGradTarget(const Tensor &t) {
  auto &targets = gradTargets();
  targets.erase(std::remove_if(targets.begin(), targets.end(),
                               [](const std::weak_ptr<TensorImpl> &w) { return w.expired(); }),
                targets.end());
  targets.push_back(t.impl());
}

} // namespace tg
