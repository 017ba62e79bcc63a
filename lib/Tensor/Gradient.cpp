//===- Gradient.cpp - autograd: tinygrad's gradient rules ------------------===//
//
// tinygrad's compute_gradient: from the root, the nodes on a path to the
// targets are walked in reverse topological order and each applies the
// rule of its op to the gradient that reached it, giving a gradient for
// each of its sources; gradients meeting at a node add up. Everything is
// built from Tensor methods, so the gradients are lazy graphs like any
// other and nothing is realized here.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace tg {

namespace {

/// Every tensor that asked for gradients and still exists (tinygrad's
/// all_tensors, kept only for the ones with requires_grad).
std::vector<std::weak_ptr<TensorImpl>> &gradTargets() {
  static std::vector<std::weak_ptr<TensorImpl>> targets;
  return targets;
}

std::mutex &gradTargetsMutex() {
  static std::mutex mutex;
  return mutex;
}

//===----------------------------------------------------------------------===//
// The rules: the gradient of each source of `y` given the gradient `g` of y
// (an undefined Tensor where none flows)
//===----------------------------------------------------------------------===//

using Grads = std::vector<Tensor>;

Tensor out(const NodeRef &y) { return wrap(y); }
std::vector<Tensor> wrapAll(const std::vector<NodeRef> &nodes) {
  std::vector<Tensor> tensors;
  for (const NodeRef &node : nodes)
    tensors.push_back(wrap(node));
  return tensors;
}
Tensor in(const NodeRef &y, size_t i) { return wrap(y->src[i]); }

namespace rules {

/// Comparisons, integer division and remainder, bitwise ops, shifts,
/// threefry and bitcast are not differentiable: nothing flows back.
Grads none(const NodeRef &y, const Tensor &) { return Grads(y->src.size()); }

Grads exp2(const NodeRef &y, const Tensor &g) { return {g * out(y) * M_LN2}; }
Grads log2(const NodeRef &y, const Tensor &g) { return {g / (in(y, 0) * M_LN2)}; }
// cos is not a primitive; sin(π/2 − x) is.
Grads sin(const NodeRef &y, const Tensor &g) { return {g * (M_PI / 2 - in(y, 0)).sin()}; }
Grads sqrt(const NodeRef &y, const Tensor &g) { return {g / (out(y) * 2)}; }
Grads reciprocal(const NodeRef &y, const Tensor &g) { return {-g * out(y) * out(y)}; }
Grads neg(const NodeRef &, const Tensor &g) { return {-g}; }
// Piecewise constant: zero wherever it is differentiable.
Grads trunc(const NodeRef &, const Tensor &g) { return {g.zeros_like()}; }

Grads add(const NodeRef &, const Tensor &g) { return {g, g}; }
Grads sub(const NodeRef &, const Tensor &g) { return {g, -g}; }
Grads mul(const NodeRef &y, const Tensor &g) { return {g * in(y, 1), g * in(y, 0)}; }
// d(a/b)/db = −a/b² = −y/b.
Grads fdiv(const NodeRef &y, const Tensor &g) { return {g / in(y, 1), -g * out(y) / in(y, 1)}; }
Grads mulacc(const NodeRef &y, const Tensor &g) { return {g * in(y, 1), g * in(y, 0), g}; }

/// Where the operands tie, each gets half, as in tinygrad.
Grads max(const NodeRef &y, const Tensor &g) {
  Tensor a = in(y, 0), b = in(y, 1), zero = g.zeros_like(), half = a.eq(b).where(g * 0.5, zero);
  return {(a > b).where(g, half), (a < b).where(g, half)};
}

/// tinygrad's rule, exact at the edges: a zero exponent gives the base no
/// gradient (even at base 0, where e·b^(e−1) would be 0·inf), and at base
/// 0 the exponent's gradient is 0, or −inf for a negative exponent.
Grads pow(const NodeRef &y, const Tensor &g) {
  Tensor b = in(y, 0), e = in(y, 1), zero = g.zeros_like();
  Tensor db = e.eq(0).where(zero, e * b.pow(e - 1));
  Tensor de = b.eq(0).where((e < 0).where(g.full_like(-INFINITY), zero), out(y) * b.log2() * M_LN2);
  return {g * db, g * de};
}

Grads where(const NodeRef &y, const Tensor &g) {
  Tensor cond = in(y, 0), zero = g.zeros_like();
  return {Tensor(), cond.where(g, zero), cond.where(zero, g)};
}

Grads cast(const NodeRef &y, const Tensor &g) { return {g.cast(y->src[0]->dtype)}; }
Grads reshape(const NodeRef &y, const Tensor &g) { return {g.reshape(y->src[0]->shape)}; }

Grads permute(const NodeRef &y, const Tensor &g) {
  std::vector<int64_t> inverse(y->arg.size());
  for (size_t i = 0; i < y->arg.size(); ++i)
    inverse[y->arg[i]] = int64_t(i);
  return {g.permute(inverse)};
}

/// Every copy of an expanded element contributes: sum over the axes that
/// grew (in the accumulation dtype, back to g's, as tinygrad does).
Grads expand(const NodeRef &y, const Tensor &g) {
  std::vector<int64_t> grown;
  for (size_t i = 0; i < y->shape.size(); ++i)
    if (y->src[0]->shape[i] != y->shape[i])
      grown.push_back(int64_t(i));
  return {g.sum(Axes(grown), true).cast(g.dtype())};
}

/// The padding is not the source's: cut it off.
Grads pad(const NodeRef &y, const Tensor &g) {
  const Shape &shape = y->src[0]->shape;
  std::vector<std::pair<int64_t, int64_t>> bounds;
  for (size_t i = 0; i < shape.size(); ++i)
    bounds.push_back({y->arg[i], y->arg[i] + shape[i]});
  return {g.shrink(bounds)};
}

/// What was cut off had no effect: zeros around the gradient.
Grads shrink(const NodeRef &y, const Tensor &g) {
  const Shape &shape = y->src[0]->shape;
  size_t rank = shape.size();
  std::vector<std::pair<int64_t, int64_t>> padding;
  for (size_t i = 0; i < rank; ++i)
    padding.push_back({y->arg[i], shape[i] - y->arg[rank + i]});
  return {g.pad(padding)};
}

Grads flip(const NodeRef &y, const Tensor &g) { return {g.flip(Axes(y->arg))}; }

Grads reduceAdd(const NodeRef &y, const Tensor &g) { return {g.expand(y->src[0]->shape)}; }

/// Only the elements equal to the maximum get gradient; ties split it
/// evenly.
Grads reduceMax(const NodeRef &y, const Tensor &g) {
  Tensor mask = in(y, 0).eq(out(y)).cast(g.dtype());
  return {mask / mask.sum(Axes(y->arg), true) * g};
}

/// d(∏x)/dx_j = ∏_{i≠j} x_i, which is y/x_j unless x_j is 0; then it is
/// the product of the others if x_j is the only zero, else 0.
Grads reduceMul(const NodeRef &y, const Tensor &g) {
  Tensor x = in(y, 0), isZero = x.eq(0), safe = isZero.where(x.ones_like(), x);
  Axes axes(y->arg);
  Tensor zeros = isZero.cast(kDefaultInt).sum(axes, true);
  Tensor others = zeros.eq(1).where(safe.prod(axes, true), x.zeros_like());
  return {g * isZero.where(others, out(y) / safe)};
}

Grads reduce(const NodeRef &y, const Tensor &g) {
  switch (y->reduce) {
  case ReduceKind::Add: return reduceAdd(y, g);
  case ReduceKind::Mul: return reduceMul(y, g);
  case ReduceKind::Max: return reduceMax(y, g);
  }
  return none(y, g);
}

Grads contiguous(const NodeRef &, const Tensor &g) { return {g}; }
// The point of contiguous_backward: the gradient is made contiguous.
Grads contiguousBackward(const NodeRef &, const Tensor &g) { return {g.contiguous()}; }
Grads copy(const NodeRef &y, const Tensor &g) { return {g.to(y->src[0]->device)}; }
// What an assign writes is its value; the target's old contents are gone.
Grads assign(const NodeRef &, const Tensor &g) { return {Tensor(), g}; }

} // namespace rules

Grads gradientsOfSources(const NodeRef &y, const Tensor &g) {
  switch (y->op) {
  case Op::Exp2: return rules::exp2(y, g);
  case Op::Log2: return rules::log2(y, g);
  case Op::Sin: return rules::sin(y, g);
  case Op::Sqrt: return rules::sqrt(y, g);
  case Op::Reciprocal: return rules::reciprocal(y, g);
  case Op::Neg: return rules::neg(y, g);
  case Op::Trunc: return rules::trunc(y, g);
  case Op::Add: return rules::add(y, g);
  case Op::Sub: return rules::sub(y, g);
  case Op::Mul: return rules::mul(y, g);
  case Op::FDiv: return rules::fdiv(y, g);
  case Op::Max: return rules::max(y, g);
  case Op::Pow: return rules::pow(y, g);
  case Op::Where: return rules::where(y, g);
  case Op::MulAcc: return rules::mulacc(y, g);
  case Op::Cast: return rules::cast(y, g);
  case Op::Reshape: return rules::reshape(y, g);
  case Op::Permute: return rules::permute(y, g);
  case Op::Expand: return rules::expand(y, g);
  case Op::Pad: return rules::pad(y, g);
  case Op::Shrink: return rules::shrink(y, g);
  case Op::Flip: return rules::flip(y, g);
  case Op::Reduce: return rules::reduce(y, g);
  case Op::Contiguous: return rules::contiguous(y, g);
  case Op::ContiguousBackward: return rules::contiguousBackward(y, g);
  case Op::Copy: return rules::copy(y, g);
  case Op::Assign: return rules::assign(y, g);
  case Op::CDiv: case Op::CMod: case Op::FloorDiv: case Op::FloorMod: case Op::Shl:
  case Op::Shr: case Op::And: case Op::Or: case Op::Xor: case Op::CmpLt: case Op::CmpNe:
  case Op::CmpEq: case Op::Threefry: case Op::Bitcast:
  // Leaves have no sources; a detach is never walked.
  case Op::Buffer: case Op::Const: case Op::Detach:
    return rules::none(y, g);
  }
  return rules::none(y, g);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

/// The nodes gradients flow to from `node`.
const std::vector<NodeRef> &gradientSources(const Node &node) {
  return node.gradient ? node.gradient->inputs : node.src;
}

/// The nodes `root`'s gradient depends on, sources before their users.
std::vector<NodeRef> toposort(const NodeRef &root) {
  std::vector<NodeRef> order;
  std::unordered_set<Node *> seen{root.get()};
  // Iterative, so that a long chain of pending ops cannot overflow the stack.
  std::vector<std::pair<NodeRef, size_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto &[node, next] = stack.back();
    const std::vector<NodeRef> &sources = gradientSources(*node);
    if (next == sources.size()) {
      order.push_back(node);
      stack.pop_back();
      continue;
    }
    const NodeRef &src = sources[next++];
    if (seen.insert(src.get()).second)
      stack.push_back({src, 0});
  }
  return order;
}

/// Gradients stop at a detach and at what was computed under NoGrad.
bool stopsGradient(const Node &node) { return node.op == Op::Detach || node.noGrad; }

/// tinygrad's compute_gradient: the gradient of `root` (seeded with
/// `seed`) with respect to each target it reaches.
std::unordered_map<Node *, Tensor> computeGradients(const std::vector<NodeRef> &order,
                                                    const Tensor &seed,
                                                    const std::unordered_set<Node *> &targets) {
  // A node leads to a target if it is one, or if gradients flow through it
  // to a source that leads to one.
  std::unordered_set<Node *> leads;
  for (const NodeRef &node : order)
    if (targets.count(node.get()) ||
        (!stopsGradient(*node) &&
         std::any_of(gradientSources(*node).begin(), gradientSources(*node).end(),
                     [&](const NodeRef &s) { return leads.count(s.get()) != 0; })))
      leads.insert(node.get());

  std::unordered_map<Node *, Tensor> grads{{order.back().get(), seed}};
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const NodeRef &node = *it;
    auto found = grads.find(node.get());
    if (found == grads.end() || stopsGradient(*node))
      continue;
    const std::vector<NodeRef> &sources = gradientSources(*node);
    Grads local = node->gradient ? node->gradient->rule(wrapAll(sources), out(node), found->second)
                                 : gradientsOfSources(node, found->second);
    for (size_t i = 0; i < sources.size(); ++i) {
      const NodeRef &src = sources[i];
      if (!local[i].defined() || !leads.count(src.get()))
        continue;
      Tensor g = local[i];
      if (g.shape() != src->shape)
        throw Error(std::string("tg::Tensor: internal error: the gradient rule of ") +
                    opName(node->op) + " gave " + shapeText(g.shape()) + " for a source of " +
                    shapeText(src->shape));
      // Gradients reach integer nodes only through casts from floats; they
      // stay in each node's dtype so that they can add up.
      g = g.cast(src->dtype);
      auto [slot, fresh] = grads.try_emplace(src.get(), g);
      if (!fresh)
        slot->second = slot->second + g;
    }
  }
  return grads;
}

/// The seed of a backward pass from `root`: 1 for a scalar, else the
/// given gradient, which must have the root's shape.
Tensor seedFor(const Tensor &root, const Tensor &gradient) {
  if (!root.is_floating_point())
    throw Error(std::string("tg::Tensor::gradient: only float tensors have gradients, not ") +
                name(root.dtype()));
  const NodeRef &node = nodeOf(root);
  if (node->noGrad && !node->src.empty())
    throw Error("tg::Tensor::gradient: the root was computed under NoGrad, so no gradient "
                "flows from it");
  if (!gradient.defined()) {
    if (root.ndim() != 0)
      throw Error("tg::Tensor::gradient: the root has shape " + shapeText(root.shape()) +
                  "; without a gradient to start from, it must be a scalar");
    return root.ones_like();
  }
  if (gradient.shape() != root.shape())
    throw Error("tg::Tensor::gradient: a gradient of shape " + shapeText(gradient.shape()) +
                " for a root of shape " + shapeText(root.shape()));
  return gradient.cast(root.dtype());
}

/// Tensor::gradient, given the toposort of the root's graph (which
/// backward has already made).
std::vector<Tensor> gradientsOf(const Tensor &root, const std::vector<NodeRef> &order,
                                const std::vector<Tensor> &targets, const Tensor &gradient) {
  Tensor seed = seedFor(root, gradient);
  std::unordered_set<Node *> wanted;
  for (const Tensor &t : targets) {
    if (!t.is_floating_point())
      throw Error(std::string("tg::Tensor::gradient: only float tensors have gradients, not ") +
                  name(t.dtype()));
    wanted.insert(nodeOf(t).get());
  }
  auto grads = computeGradients(order, seed, wanted);
  // A target the root does not depend on gets zeros, as in tinygrad. Each
  // result is a tensor of its own (rules share theirs: add's two sources
  // get one), so that backward can add into it.
  std::vector<Tensor> result;
  for (const Tensor &t : targets) {
    auto found = grads.find(nodeOf(t).get());
    result.push_back(found != grads.end() ? wrap(nodeOf(found->second)) : t.zeros_like());
  }
  return result;
}

} // namespace

void registerGradTarget(const Tensor &t) {
  std::lock_guard<std::mutex> lock(gradTargetsMutex());
  auto &targets = gradTargets();
  std::shared_ptr<TensorImpl> impl = t.impl();
  // Each tensor once (so that asking twice does not add its gradient twice);
  // the ones that are gone make room.
  targets.erase(std::remove_if(targets.begin(), targets.end(),
                               [&](const std::weak_ptr<TensorImpl> &w) {
                                 return w.expired() || w.lock() == impl;
                               }),
                targets.end());
  targets.push_back(impl);
}

std::vector<Tensor> Tensor::gradient(const std::vector<Tensor> &targets,
                                     const Tensor &gradient) const {
  requireDefined("gradient");
  return gradientsOf(*this, toposort(nodeOf(*this)), targets, gradient);
}

void Tensor::backward(const Tensor &gradient) {
  requireDefined("backward");
  std::vector<NodeRef> order = toposort(nodeOf(*this));
  std::unordered_set<Node *> inGraph;
  for (const NodeRef &node : order)
    inGraph.insert(node.get());
  // tinygrad's backward: every float tensor whose value this depends on.
  std::vector<Tensor> targets;
  {
    std::lock_guard<std::mutex> lock(gradTargetsMutex());
    for (const std::weak_ptr<TensorImpl> &weak : gradTargets())
      if (auto impl = weak.lock(); impl && impl->requiresGrad && inGraph.count(impl->node.get()))
        targets.push_back(Tensor(impl));
  }
  std::vector<Tensor> grads = gradientsOf(*this, order, targets, gradient);
  for (size_t i = 0; i < targets.size(); ++i) {
    Tensor &grad = targets[i].impl()->grad;
    // Added into the tensor already there (tinygrad assigns), so that
    // whoever holds it sees the sum; lazily, as everything here.
    if (grad.defined())
      grad.impl()->node = nodeOf(grad + grads[i]);
    else
      grad = grads[i];
  }
}

} // namespace tg
