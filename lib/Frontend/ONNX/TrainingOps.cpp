//===- TrainingOps.cpp - ai.onnx.preview.training's optimizers ------------===//
//
// Adagrad, Momentum and Adam update any number of tensors in one node: the
// inputs are the rate R and step T, then the tensors X, their gradients G
// and their states, each group in the same order; the outputs the new X and
// the new states. The formulas are the operators' definitions.
//
//===----------------------------------------------------------------------===//

#include "Node.h"

#include <cmath>

namespace tg::onnx {
namespace {

using Outputs = std::vector<Tensor>;

/// The node's tensors after R and T, split into `groups` equal groups.
std::vector<std::vector<Tensor>> groupsOf(const Node &node, size_t groups) {
  size_t n = node.numInputs() - 2;
  if (n % groups != 0)
    node.fail(std::to_string(n) + " tensors do not form " + std::to_string(groups) +
                     " groups");
  std::vector<std::vector<Tensor>> split(groups);
  for (size_t i = 0; i < n; ++i)
    split[i / (n / groups)].push_back(node.input(2 + i));
  return split;
}

Outputs adagrad(const Node &node) {
  double rate = node.doubles(0).at(0), step = node.doubles(1).at(0);
  double decay = node.attribute("decay_factor", 0.0), epsilon = node.attribute("epsilon", 0.0);
  double norm = node.attribute("norm_coefficient", 0.0);
  auto g = groupsOf(node, 3);
  double r = rate / (1 + step * decay);
  Outputs xs, hs;
  for (size_t i = 0; i < g[0].size(); ++i) {
    Tensor x = g[0][i], gradient = g[1][i] + x * norm;
    Tensor h = g[2][i] + gradient.square();
    xs.push_back(x - gradient * r / (h.sqrt() + epsilon));
    hs.push_back(h);
  }
  xs.insert(xs.end(), hs.begin(), hs.end());
  return xs;
}

Outputs momentum(const Node &node) {
  double rate = node.doubles(0).at(0), step = node.doubles(1).at(0);
  double alpha = node.attribute("alpha", 0.0), beta = node.attribute("beta", 0.0);
  double norm = node.attribute("norm_coefficient", 0.0);
  bool nesterov = node.attribute("mode", "standard") == std::string("nesterov");
  auto g = groupsOf(node, 3);
  double betaAdjusted = step > 0 ? beta : 1;
  Outputs xs, vs;
  for (size_t i = 0; i < g[0].size(); ++i) {
    Tensor x = g[0][i], gradient = g[1][i] + x * norm;
    Tensor v = g[2][i] * alpha + gradient * betaAdjusted;
    xs.push_back(x - (nesterov ? gradient + v * alpha : v) * rate);
    vs.push_back(v);
  }
  xs.insert(xs.end(), vs.begin(), vs.end());
  return xs;
}

Outputs adam(const Node &node) {
  double rate = node.doubles(0).at(0), step = node.doubles(1).at(0);
  double alpha = node.attribute("alpha", 0.9), beta = node.attribute("beta", 0.999);
  double epsilon = node.attribute("epsilon", 1e-6);
  double norm = node.attribute("norm_coefficient", 0.0);
  double normPost = node.attribute("norm_coefficient_post", 0.0);
  auto g = groupsOf(node, 4);
  double r = step > 0 ? rate * std::sqrt(1 - std::pow(beta, step)) / (1 - std::pow(alpha, step))
                      : rate;
  Outputs xs, vs, hs;
  for (size_t i = 0; i < g[0].size(); ++i) {
    Tensor x = g[0][i], gradient = g[1][i] + x * norm;
    Tensor v = g[2][i] * alpha + gradient * (1 - alpha);
    Tensor h = g[3][i] * beta + gradient.square() * (1 - beta);
    xs.push_back((x - v / (h.sqrt() + epsilon) * r) * (1 - normPost));
    vs.push_back(v);
    hs.push_back(h);
  }
  xs.insert(xs.end(), vs.begin(), vs.end());
  xs.insert(xs.end(), hs.begin(), hs.end());
  return xs;
}

} // namespace

void populateTrainingOps(OpTable &table) {
  table["Adagrad"] = adagrad;
  table["Momentum"] = momentum;
  table["Adam"] = adam;
}

} // namespace tg::onnx
