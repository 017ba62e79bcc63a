//===- RecurrentOps.cpp - ONNX's RNN, GRU and LSTM ------------------------===//
//
// The sequence is unrolled: each step is the cell's equations (the ops'
// definitions, gates in ONNX's order) on the step's input and the previous
// state, so the graph holds one cell per step and direction.
//
//===----------------------------------------------------------------------===//

#include "Node.h"

namespace tg::onnx {
namespace {

using Outputs = std::vector<Tensor>;
using Activation = std::function<Tensor(const Tensor &)>;

Activation activation(const Node &node, const std::string &name, double alpha, double beta) {
  if (name == "Sigmoid")
    return [](const Tensor &x) { return x.sigmoid(); };
  if (name == "Tanh")
    return [](const Tensor &x) { return x.tanh(); };
  if (name == "Relu")
    return [](const Tensor &x) { return x.relu(); };
  if (name == "LeakyRelu")
    return [alpha](const Tensor &x) { return x.leaky_relu(alpha); };
  if (name == "HardSigmoid")
    return [alpha, beta](const Tensor &x) { return (x * alpha + beta).clip(0, 1); };
  if (name == "Affine")
    return [alpha, beta](const Tensor &x) { return x * alpha + beta; };
  node.unsupported("activation " + name);
}

/// What the three ops share: the node's inputs per direction, its state,
/// the attributes, and the outputs' assembly.
struct Recurrence {
  const Node &node;
  int64_t directions, hidden, steps, batch;
  bool batchFirst;
  Tensor x;                           // [steps, batch, input]
  std::vector<Activation> activations; // per direction, the op's count each
  double clip;

  Recurrence(const Node &node, size_t activationsPerDirection,
             std::vector<std::string> defaults)
      : node(node) {
    std::string direction = node.attribute("direction", "forward");
    if (direction != "forward" && direction != "reverse" && direction != "bidirectional")
      node.unsupported("direction " + direction);
    directions = direction == "bidirectional" ? 2 : 1;
    batchFirst = node.attribute("layout", int64_t(0)) != 0;
    x = node.input(0);
    if (batchFirst)
      x = x.transpose(0, 1);
    steps = x.shape(0);
    batch = x.shape(1);
    hidden = node.attribute("hidden_size", int64_t(node.input(2).shape(2)));
    clip = node.attribute("clip", 0.0);
    if (node.has(4)) {
      for (int64_t length : node.ints(4))
        if (length != steps)
          node.unsupported("sequence_lens shorter than the sequence");
    }
    std::vector<std::string> names = node.strings("activations");
    std::vector<double> alphas = node.floatsAttribute("activation_alpha");
    std::vector<double> betas = node.floatsAttribute("activation_beta");
    for (int64_t d = 0; d < directions; ++d)
      for (size_t i = 0; i < activationsPerDirection; ++i) {
        size_t at = size_t(d) * activationsPerDirection + i;
        std::string name = at < names.size() ? names[at] : defaults[i];
        activations.push_back(activation(node, name, at < alphas.size() ? alphas[at] : 0.01,
                                         at < betas.size() ? betas[at] : 0.0));
      }
  }

  /// Input `i` of direction `d` (W, R, B: [directions, ...]).
  Tensor perDirection(size_t i, int64_t d) const {
    return node.input(i).shrink({{d, d + 1}}).squeeze(0);
  }

  /// The initial state of direction `d` (input `i`, zeros when absent).
  Tensor initial(size_t i, int64_t d) const {
    if (!node.has(i))
      return Tensor::zeros({batch, hidden}, x.dtype());
    Tensor state = node.input(i);
    if (batchFirst)
      state = state.transpose(0, 1);
    return state.shrink({{d, d + 1}}).squeeze(0);
  }

  Tensor clipped(const Tensor &t) const { return clip > 0 ? t.clip(-clip, clip) : t; }

  /// Step t of direction d's pass.
  Tensor stepInput(int64_t d, int64_t t) const {
    int64_t at = reverse(d) ? steps - 1 - t : t;
    return x.shrink({{at, at + 1}}).squeeze(0);
  }
  bool reverse(int64_t d) const {
    return d == 1 || node.attribute("direction", "forward") == std::string("reverse");
  }

  /// Y [steps, directions, batch, hidden] from each direction's states in
  /// pass order, and the last states [directions, batch, hidden].
  Outputs assemble(const std::vector<std::vector<Tensor>> &hs,
                   const std::vector<Tensor> &extraLast) const {
    std::vector<Tensor> perStep;
    for (int64_t t = 0; t < steps; ++t) {
      std::vector<Tensor> atT;
      for (int64_t d = 0; d < directions; ++d)
        atT.push_back(hs[d][size_t(reverse(d) ? steps - 1 - t : t)]);
      perStep.push_back(Tensor::stack(atT, 0));
    }
    Tensor y = Tensor::stack(perStep, 0);
    std::vector<Tensor> lastH;
    for (int64_t d = 0; d < directions; ++d)
      lastH.push_back(hs[d].back());
    Tensor yh = Tensor::stack(lastH, 0);
    Outputs out{batchFirst ? y.permute({2, 0, 1, 3}) : y, batchFirst ? yh.transpose(0, 1) : yh};
    for (const Tensor &last : extraLast)
      out.push_back(batchFirst ? last.transpose(0, 1) : last);
    return out;
  }
};

/// x · Wᵀ for gate g of `gates` stacked in W's rows.
Tensor gate(const Tensor &x, const Tensor &w, int64_t g, int64_t hidden) {
  return x.dot(w.shrink({{g * hidden, (g + 1) * hidden}}).transpose());
}

/// Gate g's bias: Wb + Rb from B [2 · gates · hidden].
Tensor bias(const Tensor &b, int64_t g, int64_t gates, int64_t hidden) {
  return b.shrink({{g * hidden, (g + 1) * hidden}}) +
         b.shrink({{(gates + g) * hidden, (gates + g + 1) * hidden}});
}

Tensor biasOf(const Recurrence &r, int64_t d, int64_t gates) {
  return r.node.has(3) ? r.perDirection(3, d)
                       : Tensor::zeros({2 * gates * r.hidden}, r.x.dtype());
}

Outputs rnn(const Node &node) {
  Recurrence r(node, 1, {"Tanh"});
  std::vector<std::vector<Tensor>> hs(size_t(r.directions));
  for (int64_t d = 0; d < r.directions; ++d) {
    Tensor w = r.perDirection(1, d), rw = r.perDirection(2, d), b = biasOf(r, d, 1);
    Tensor h = r.initial(5, d);
    const Activation &f = r.activations[size_t(d)];
    for (int64_t t = 0; t < r.steps; ++t) {
      h = f(r.clipped(gate(r.stepInput(d, t), w, 0, r.hidden) + gate(h, rw, 0, r.hidden) +
                      bias(b, 0, 1, r.hidden)));
      hs[d].push_back(h);
    }
  }
  return r.assemble(hs, {});
}

Outputs gru(const Node &node) {
  Recurrence r(node, 2, {"Sigmoid", "Tanh"});
  bool linearBeforeReset = node.attribute("linear_before_reset", int64_t(0)) != 0;
  std::vector<std::vector<Tensor>> hs(size_t(r.directions));
  int64_t n = r.hidden;
  for (int64_t d = 0; d < r.directions; ++d) {
    Tensor w = r.perDirection(1, d), rw = r.perDirection(2, d), b = biasOf(r, d, 3);
    const Activation &f = r.activations[size_t(2 * d)], &g = r.activations[size_t(2 * d + 1)];
    Tensor h = r.initial(5, d);
    // Gates z, r, h; Wbh and Rbh apart for the reset.
    Tensor wbh = b.shrink({{2 * n, 3 * n}}), rbh = b.shrink({{5 * n, 6 * n}});
    for (int64_t t = 0; t < r.steps; ++t) {
      Tensor xt = r.stepInput(d, t);
      Tensor z = f(r.clipped(gate(xt, w, 0, n) + gate(h, rw, 0, n) + bias(b, 0, 3, n)));
      Tensor reset = f(r.clipped(gate(xt, w, 1, n) + gate(h, rw, 1, n) + bias(b, 1, 3, n)));
      Tensor candidate =
          linearBeforeReset ? gate(xt, w, 2, n) + reset * (gate(h, rw, 2, n) + rbh) + wbh
                            : gate(xt, w, 2, n) + gate(reset * h, rw, 2, n) + rbh + wbh;
      Tensor ht = g(r.clipped(candidate));
      h = (1 - z) * ht + z * h;
      hs[d].push_back(h);
    }
  }
  return r.assemble(hs, {});
}

Outputs lstm(const Node &node) {
  Recurrence r(node, 3, {"Sigmoid", "Tanh", "Tanh"});
  if (node.attribute("input_forget", int64_t(0)))
    node.unsupported("input_forget");
  std::vector<std::vector<Tensor>> hs(size_t(r.directions));
  std::vector<Tensor> lastC;
  int64_t n = r.hidden;
  for (int64_t d = 0; d < r.directions; ++d) {
    Tensor w = r.perDirection(1, d), rw = r.perDirection(2, d), b = biasOf(r, d, 4);
    Tensor peephole = node.has(7) ? r.perDirection(7, d) : Tensor::zeros({3 * n}, r.x.dtype());
    Tensor pi = peephole.shrink({{0, n}}), po = peephole.shrink({{n, 2 * n}});
    Tensor pf = peephole.shrink({{2 * n, 3 * n}});
    const Activation &f = r.activations[size_t(3 * d)], &g = r.activations[size_t(3 * d + 1)],
                     &h_ = r.activations[size_t(3 * d + 2)];
    Tensor h = r.initial(5, d), c = r.initial(6, d);
    // Gates i, o, f, c.
    for (int64_t t = 0; t < r.steps; ++t) {
      Tensor xt = r.stepInput(d, t);
      auto pre = [&](int64_t k) { return gate(xt, w, k, n) + gate(h, rw, k, n) + bias(b, k, 4, n); };
      Tensor i = f(r.clipped(pre(0) + pi * c));
      Tensor forget = f(r.clipped(pre(2) + pf * c));
      Tensor candidate = g(r.clipped(pre(3)));
      c = forget * c + i * candidate;
      Tensor o = f(r.clipped(pre(1) + po * c));
      h = o * h_(c);
      hs[d].push_back(h);
    }
    lastC.push_back(c);
  }
  return r.assemble(hs, {Tensor::stack(lastC, 0)});
}

} // namespace

void populateRecurrentOps(OpTable &table) {
  table["RNN"] = rnn;
  table["GRU"] = gru;
  table["LSTM"] = lstm;
}

} // namespace tg::onnx
