//===- Optim.cpp - tinygrad's optimizers and learning-rate schedules ------===//
//
// As nn/optim.py builds them: the updates are lazy graphs, the state is
// updated with assign, and one realize runs the whole step.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include "tg/Tensor/optim.h"

#include <cmath>

namespace tg::optim {

namespace {

/// A [1] float32 tensor on the device, realized: state that changes
/// between steps without changing the graph.
Tensor deviceScalar(double value) { return Tensor::from_vector<float>({float(value)}, {1}); }

/// sqrt(sum(x²)).
Tensor norm(const Tensor &x) { return x.square().sum().sqrt(); }

/// The trust ratio's guard: `ratio` where both norms are positive, else 1.
Tensor trusted(const Tensor &r1, const Tensor &r2, const Tensor &ratio) {
  return (r1 > 0).where((r2 > 0).where(ratio, constLike(ratio, 1)), constLike(ratio, 1));
}

} // namespace

//===----------------------------------------------------------------------===//
// Optimizer
//===----------------------------------------------------------------------===//

Optimizer::Optimizer(const std::vector<Tensor> &tensors, double lr) {
  if (lr < 0)
    throw Error("tg::optim: invalid learning rate " + std::to_string(lr));
  for (const Tensor &t : tensors) {
    if (!t.defined())
      throw Error("tg::optim: an undefined tensor among the parameters");
    std::vector<Tensor> &list = t.requires_grad() ? params : buffers;
    bool seen = false; // tinygrad's dedup: a tensor named twice is updated once
    for (const Tensor &other : list)
      seen |= other.impl() == t.impl();
    if (!seen)
      list.push_back(t);
  }
  if (params.empty())
    throw Error("tg::optim: none of the tensors requires gradients (requires_grad_())");
  this->lr = deviceScalar(lr);
  // Realized now, in one program, so that the first step runs the same
  // graph as the others (assign would realize each pending one alone).
  std::vector<Tensor> all = params;
  all.insert(all.end(), buffers.begin(), buffers.end());
  Tensor::realize(all);
}

void Optimizer::zero_grad() {
  for (Tensor &t : params)
    t.set_grad(Tensor());
}

void Optimizer::step() { Tensor::realize(schedule_step()); }

std::vector<Tensor> Optimizer::schedule_step() {
  std::vector<Tensor> grads;
  for (size_t i = 0; i < params.size(); ++i) {
    Tensor grad = params[i].grad();
    if (!grad.defined())
      throw Error("tg::optim: parameter " + std::to_string(i) + " " + shapeText(params[i].shape()) +
                  " has no gradient (did backward() reach it?)");
    grads.push_back(grad);
  }
  Updates step = compute_updates(grads);
  for (size_t i = 0; i < params.size(); ++i)
    params[i].assign(params[i].detach() - step.updates[i]);
  std::vector<Tensor> realized = step.state;
  realized.insert(realized.end(), params.begin(), params.end());
  realized.insert(realized.end(), buffers.begin(), buffers.end());
  return realized;
}

std::vector<Tensor> Optimizer::new_optim_param() const {
  std::vector<Tensor> state;
  for (const Tensor &t : params)
    state.push_back(Tensor::zeros(t.shape(), DType::Float32).contiguous());
  Tensor::realize(state);
  return state;
}

Tensor Optimizer::lr_scalar() const { return lr.reshape({}); }

//===----------------------------------------------------------------------===//
// LARS, SGD
//===----------------------------------------------------------------------===//

LARS::LARS(const std::vector<Tensor> &params, double lr, double momentum, double weight_decay,
           int64_t ns_steps, std::vector<double> ns_coefficients, bool nesterov, bool classic,
           bool pre_wd, double tcoef)
    : Optimizer(params, lr), momentum(momentum), wd(weight_decay), ns_steps(ns_steps),
      ns_coefficients(std::move(ns_coefficients)), nesterov(nesterov), classic(classic),
      pre_wd(pre_wd), tcoef(tcoef) {
  if (momentum < 0)
    throw Error("tg::optim::LARS: invalid momentum " + std::to_string(momentum));
  if (!this->ns_coefficients.empty())
    for (const Tensor &p : this->params)
      if (p.ndim() == 0)
        throw Error("tg::optim::LARS: Newton-Schulz needs parameters with axes, not a 0-d one");
  if (momentum != 0)
    b = new_optim_param();
}

Optimizer::Updates LARS::compute_updates(const std::vector<Tensor> &grads) {
  std::vector<Tensor> updates;
  for (size_t i = 0; i < params.size(); ++i) {
    Tensor t = params[i].detach(), g = grads[i];
    // The trust ratio scales the step; tcoef = 0 (SGD, Muon) leaves it out.
    Tensor scale = lr_scalar();
    if (tcoef != 0) {
      Tensor r1 = norm(t), r2 = norm(g);
      scale = scale * trusted(r1, r2, r1 * tcoef / (r2 + r1 * wd));
    }
    if (pre_wd && wd > 0)
      g = g + t * wd;
    if (classic)
      g = g * scale;
    if (momentum != 0) {
      // b is zero before the first step, so no special case is needed.
      b[i].assign(b[i] * momentum + g);
      g = nesterov ? g + b[i] * momentum : b[i];
    }
    if (!ns_coefficients.empty())
      g = g.reshape({g.shape(0), -1}).newton_schulz(ns_steps, ns_coefficients).reshape(g.shape());
    if (!classic)
      g = g * scale;
    // Muon's decoupled decay, t·(1 − lr·wd) − g, as part of the update.
    // (tinygrad computes the decayed t and then subtracts g from the
    // undecayed one, which loses the decay.)
    if (!pre_wd && wd > 0)
      g = g + t * (lr_scalar() * wd);
    updates.push_back(g.cast(t.dtype()));
  }
  return {updates, b};
}

LARS SGD(const std::vector<Tensor> &params, double lr, double momentum, double weight_decay,
         bool nesterov, bool classic) {
  return LARS(params, lr, momentum, weight_decay, 0, {}, nesterov, classic, true, 0);
}

LARS Muon(const std::vector<Tensor> &params, double lr, double momentum, double weight_decay,
          int64_t ns_steps, std::vector<double> ns_coefficients, bool nesterov) {
  return LARS(params, lr, momentum, weight_decay, ns_steps, std::move(ns_coefficients), nesterov,
              false, false, 0);
}

//===----------------------------------------------------------------------===//
// OptimizerGroup
//===----------------------------------------------------------------------===//

OptimizerGroup::OptimizerGroup(std::vector<std::reference_wrapper<Optimizer>> optimizers)
    : optimizers(std::move(optimizers)) {
  for (Optimizer &o : this->optimizers) {
    params.insert(params.end(), o.params.begin(), o.params.end());
    buffers.insert(buffers.end(), o.buffers.begin(), o.buffers.end());
  }
}

// The gradients come in params' order: each member's run of them.
Optimizer::Updates OptimizerGroup::compute_updates(const std::vector<Tensor> &grads) {
  Updates all;
  auto next = grads.begin();
  for (Optimizer &o : optimizers) {
    auto end = next + std::ptrdiff_t(o.params.size());
    Updates one = o.compute_updates(std::vector<Tensor>(next, end));
    next = end;
    all.updates.insert(all.updates.end(), one.updates.begin(), one.updates.end());
    all.state.insert(all.state.end(), one.state.begin(), one.state.end());
  }
  return all;
}

//===----------------------------------------------------------------------===//
// LAMB, Adam, AdamW
//===----------------------------------------------------------------------===//

LAMB::LAMB(const std::vector<Tensor> &params, double lr, double b1, double b2, double eps,
           double weight_decay, bool adam)
    : Optimizer(params, lr), b1(b1), b2(b2), eps(eps), wd(weight_decay), adam(adam),
      b1_t(deviceScalar(1)), b2_t(deviceScalar(1)), m(new_optim_param()), v(new_optim_param()) {
  if (weight_decay < 0)
    throw Error("tg::optim::LAMB: invalid weight_decay " + std::to_string(weight_decay));
}

Optimizer::Updates LAMB::compute_updates(const std::vector<Tensor> &grads) {
  b1_t.assign(b1_t * b1);
  b2_t.assign(b2_t * b2);
  Tensor correction1 = 1 - b1_t.reshape({}), correction2 = 1 - b2_t.reshape({});
  std::vector<Tensor> updates;
  for (size_t i = 0; i < params.size(); ++i) {
    Tensor t = params[i].detach(), g = grads[i];
    m[i].assign(m[i] * b1 + g * (1 - b1));
    v[i].assign(v[i] * b2 + g * g * (1 - b2));
    Tensor up = (m[i] / correction1) / ((v[i] / correction2).sqrt() + eps);
    if (wd != 0)
      up = up + t * wd;
    Tensor scale = lr_scalar();
    if (!adam) {
      Tensor r1 = norm(t), r2 = norm(up);
      scale = scale * trusted(r1, r2, r1 / r2);
    }
    updates.push_back((up * scale).cast(t.dtype()));
  }
  std::vector<Tensor> state{b1_t, b2_t};
  state.insert(state.end(), m.begin(), m.end());
  state.insert(state.end(), v.begin(), v.end());
  return {updates, state};
}

LAMB Adam(const std::vector<Tensor> &params, double lr, double b1, double b2, double eps) {
  return LAMB(params, lr, b1, b2, eps, 0, true);
}

LAMB AdamW(const std::vector<Tensor> &params, double lr, double b1, double b2, double eps,
           double weight_decay) {
  return LAMB(params, lr, b1, b2, eps, weight_decay, true);
}

//===----------------------------------------------------------------------===//
// Learning-rate schedules
//===----------------------------------------------------------------------===//

LR_Scheduler::LR_Scheduler(Optimizer &optimizer)
    : optimizer(optimizer), epoch_counter(Tensor::from_vector<int32_t>({0}, {1})) {}

std::vector<Tensor> LR_Scheduler::schedule_step() {
  epoch_counter.assign(epoch_counter + 1);
  optimizer.lr.assign(get_lr());
  return {epoch_counter, optimizer.lr};
}

void LR_Scheduler::step() { Tensor::realize(schedule_step()); }

Tensor LR_Scheduler::epoch() const { return epoch_counter.cast(DType::Float32); }

StepLR::StepLR(Optimizer &optimizer, int64_t step_size, double gamma)
    : LR_Scheduler(optimizer), step_size(step_size), gamma(gamma) {
  if (step_size < 1)
    throw Error("tg::optim::StepLR: step_size must be positive, not " + std::to_string(step_size));
}

// Multiplied at each boundary, as PyTorch does, so lr moves by exactly
// gamma and a change made to lr between steps is kept.
Tensor StepLR::get_lr() {
  Tensor boundary = epoch_counter.mod(scalarLike(epoch_counter, double(step_size))).eq(0);
  return boundary.where(optimizer.lr * gamma, optimizer.lr);
}

MultiStepLR::MultiStepLR(Optimizer &optimizer, std::vector<int64_t> milestones, double gamma)
    : LR_Scheduler(optimizer), milestones(std::move(milestones)), gamma(gamma) {}

Tensor MultiStepLR::get_lr() {
  Tensor lr = optimizer.lr;
  for (int64_t milestone : milestones)
    lr = epoch_counter.eq(double(milestone)).where(lr * gamma, lr);
  return lr;
}

CosineAnnealingLR::CosineAnnealingLR(Optimizer &optimizer, int64_t T_max, double eta_min)
    : LR_Scheduler(optimizer), T_max(T_max), eta_min(eta_min), eta_max(optimizer.lr.item<float>()) {
}

Tensor CosineAnnealingLR::get_lr() {
  Tensor cosine = (epoch() * (M_PI / double(T_max))).cos();
  return (cosine + 1) * (0.5 * (eta_max - eta_min)) + eta_min;
}

OneCycleLR::OneCycleLR(Optimizer &optimizer, double max_lr, double div_factor,
                       double final_div_factor, int64_t total_steps, double pct_start,
                       std::string anneal_strategy)
    : LR_Scheduler(optimizer), initial_lr(max_lr / div_factor), max_lr(max_lr),
      min_lr(max_lr / div_factor / final_div_factor), total_steps(total_steps),
      pct_start(pct_start), anneal_strategy(std::move(anneal_strategy)) {
  if (this->anneal_strategy != "linear" && this->anneal_strategy != "cos")
    throw Error("tg::optim::OneCycleLR: anneal_strategy is \"linear\" or \"cos\", not \"" +
                this->anneal_strategy + "\"");
  optimizer.lr.assign(get_lr()).realize();
}

Tensor OneCycleLR::anneal(double start, double end, const Tensor &pct) const {
  if (anneal_strategy == "linear")
    return pct * (end - start) + start;
  return ((pct * M_PI).cos() + 1) * ((start - end) / 2) + end;
}

// PyTorch's phases: up until step pct_start·total_steps − 1, down until
// step total_steps − 1.
Tensor OneCycleLR::get_lr() {
  double peak = pct_start * double(total_steps) - 1, last = double(total_steps - 1);
  Tensor e = epoch();
  return e.le(peak).where(anneal(initial_lr, max_lr, e / peak),
                          anneal(max_lr, min_lr, (e - peak) / (last - peak)));
}

} // namespace tg::optim
