//===- optim.h - tinygrad's optimizers and LR schedules ---------*- C++ -*-===//
//
// tinygrad's nn/optim.py: an Optimizer updates its parameters from their
// gradients with assign, and step() realizes the parameters and the
// optimizer's state in one program. Everything that changes between steps
// is a tensor on the device (the learning rate, Adam's powers of the betas,
// a schedule's step counter), so every step runs the same graph and the
// program compiles once.
//
//   auto opt = optim::Adam(nn::state::get_parameters(model), 1e-3);
//   opt.zero_grad();
//   loss.backward();
//   opt.step();
//
// SGD is LARS without the trust ratio, Muon is LARS with a Newton-Schulz
// step, and Adam/AdamW are LAMB without the trust ratio, as in tinygrad.
// The schedules (tinygrad's extra/lr_scheduler.py ones, and StepLR)
// follow PyTorch's formulas; they assign the optimizer's lr.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TENSOR_OPTIM_H
#define TG_TENSOR_OPTIM_H

#include "tg/Tensor/Tensor.h"

#include <functional>
#include <string>
#include <vector>

namespace tg::optim {

class Optimizer {
public:
  virtual ~Optimizer() = default;

  /// Forgets the parameters' gradients.
  void zero_grad();
  /// One update, realized: the parameters, the state and the buffers.
  void step();
  /// The update as pending assigns: the tensors step() realizes.
  std::vector<Tensor> schedule_step();

  /// The tensors that require gradients are trained; the others (BatchNorm's
  /// running statistics from get_parameters) are buffers, realized with
  /// each step (tinygrad's is_param).
  std::vector<Tensor> params, buffers;
  /// The learning rate, [1] float32 on the device: assign a new value
  /// (as the schedules do) and the next step uses it without recompiling.
  Tensor lr;

protected:
  Optimizer(const std::vector<Tensor> &params, double lr);
  /// No parameters and no lr: an OptimizerGroup's, which takes its members'.
  Optimizer() = default;
  struct Updates {
    std::vector<Tensor> updates; // subtracted from the parameters
    std::vector<Tensor> state;   // the optimizer's assigned state
  };
  /// The updates of the parameters, given their gradients.
  virtual Updates compute_updates(const std::vector<Tensor> &grads) = 0;
  /// A zero float32 tensor per parameter (optimizer state), realized.
  std::vector<Tensor> new_optim_param() const;
  /// lr as a 0-d tensor, which broadcasts against parameters of any rank.
  Tensor lr_scalar() const;

private:
  /// It steps its members through their compute_updates.
  friend class OptimizerGroup;
};

/// Several optimizers stepped as one (each with its own parameters, e.g.
/// Muon for the matrices and Adam for the rest): params and buffers are
/// theirs in order, and one step() realizes all their updates in one
/// program. The optimizers are referred to, not copied: they must outlive
/// the group. It has no lr of its own.
class OptimizerGroup : public Optimizer {
public:
  explicit OptimizerGroup(std::vector<std::reference_wrapper<Optimizer>> optimizers);
  Optimizer &operator[](size_t i) const { return optimizers.at(i); }

  std::vector<std::reference_wrapper<Optimizer>> optimizers;

protected:
  /// Each member's updates from its own parameters' gradients.
  Updates compute_updates(const std::vector<Tensor> &grads) override;
};

/// Layer-wise Adaptive Rate Scaling: SGD whose step is scaled per tensor by
/// the trust ratio tcoef·|w| / (|g| + wd·|w|). `classic` momentum applies
/// the learning rate before the momentum, the popular one after it. With
/// ns_coefficients, the step (each parameter as a matrix [shape[0], -1])
/// is orthogonalized by ns_steps of Tensor::newton_schulz, as Muon's.
/// pre_wd adds the weight decay to the gradient; otherwise the parameter
/// decays by lr·wd after the momentum (Muon's decoupled decay).
class LARS : public Optimizer {
public:
  LARS(const std::vector<Tensor> &params, double lr = 0.001, double momentum = 0.9,
       double weight_decay = 1e-4, int64_t ns_steps = 0, std::vector<double> ns_coefficients = {},
       bool nesterov = false, bool classic = true, bool pre_wd = true, double tcoef = 0.001);

  double momentum, wd;
  int64_t ns_steps;
  std::vector<double> ns_coefficients;
  bool nesterov, classic, pre_wd;
  double tcoef;
  /// The momentum buffers (none without momentum).
  std::vector<Tensor> b;

protected:
  Updates compute_updates(const std::vector<Tensor> &grads) override;
};

/// Stochastic gradient descent, PyTorch's: weight decay added to the
/// gradient, then momentum (nesterov or not).
LARS SGD(const std::vector<Tensor> &params, double lr = 0.001, double momentum = 0,
         double weight_decay = 0, bool nesterov = false, bool classic = false);

/// SGD with momentum whose step is orthogonalized by Newton-Schulz
/// iterations, with decoupled weight decay (Keller Jordan's Muon).
LARS Muon(const std::vector<Tensor> &params, double lr = 0.001, double momentum = 0.95,
          double weight_decay = 0.1, int64_t ns_steps = 5,
          std::vector<double> ns_coefficients = {3.4445, -4.775, 2.0315}, bool nesterov = true);

/// LAMB: Adam's update (decoupled weight decay added to it) scaled per
/// tensor by the trust ratio |w| / |update|, which `adam` turns off.
class LAMB : public Optimizer {
public:
  LAMB(const std::vector<Tensor> &params, double lr = 0.001, double b1 = 0.9, double b2 = 0.999,
       double eps = 1e-6, double weight_decay = 0, bool adam = false);

  double b1, b2, eps, wd;
  bool adam;
  /// b1^t and b2^t, [1] on the device, for the bias correction.
  Tensor b1_t, b2_t;
  /// The first and second moments.
  std::vector<Tensor> m, v;

protected:
  Updates compute_updates(const std::vector<Tensor> &grads) override;
};

LAMB Adam(const std::vector<Tensor> &params, double lr = 0.001, double b1 = 0.9, double b2 = 0.999,
          double eps = 1e-8);
/// Adam with decoupled weight decay (PyTorch's AdamW).
LAMB AdamW(const std::vector<Tensor> &params, double lr = 0.001, double b1 = 0.9, double b2 = 0.999,
           double eps = 1e-8, double weight_decay = 0.01);

//===----------------------------------------------------------------------===//
// Learning-rate schedules
//===----------------------------------------------------------------------===//

/// Moves the optimizer's lr once per step(), computed on the device from
/// the step counter.
class LR_Scheduler {
public:
  explicit LR_Scheduler(Optimizer &optimizer);
  virtual ~LR_Scheduler() = default;

  /// Counts a step and sets lr for it.
  void step();
  /// The same as pending assigns: the counter and lr.
  std::vector<Tensor> schedule_step();

  Optimizer &optimizer;
  /// Steps taken, [1] int32 on the device.
  Tensor epoch_counter;

protected:
  /// lr for the step epoch_counter counts.
  virtual Tensor get_lr() = 0;
  /// epoch_counter as float32.
  Tensor epoch() const;
};

/// lr times gamma every step_size steps (PyTorch's StepLR).
class StepLR : public LR_Scheduler {
public:
  StepLR(Optimizer &optimizer, int64_t step_size, double gamma = 0.1);

  int64_t step_size;
  double gamma;

protected:
  Tensor get_lr() override;
};

/// lr times gamma at each milestone step (tinygrad's MultiStepLR; a
/// milestone listed twice multiplies twice, as in PyTorch).
class MultiStepLR : public LR_Scheduler {
public:
  MultiStepLR(Optimizer &optimizer, std::vector<int64_t> milestones, double gamma = 0.1);

  std::vector<int64_t> milestones;
  double gamma;

protected:
  Tensor get_lr() override;
};

/// From the optimizer's lr down to eta_min along half a cosine over T_max
/// steps (PyTorch's CosineAnnealingLR, its closed form).
class CosineAnnealingLR : public LR_Scheduler {
public:
  CosineAnnealingLR(Optimizer &optimizer, int64_t T_max, double eta_min = 0);

  int64_t T_max;
  double eta_min, eta_max;

protected:
  Tensor get_lr() override;
};

/// From max_lr/div_factor up to max_lr over the first pct_start of
/// total_steps, then down to max_lr/div_factor/final_div_factor, annealing
/// "linear" or "cos" (PyTorch's OneCycleLR with two phases and no momentum
/// cycling; tinygrad's is the linear one). Sets the first lr on creation.
class OneCycleLR : public LR_Scheduler {
public:
  OneCycleLR(Optimizer &optimizer, double max_lr, double div_factor, double final_div_factor,
             int64_t total_steps, double pct_start, std::string anneal_strategy = "linear");

  double initial_lr, max_lr, min_lr;
  int64_t total_steps;
  double pct_start;
  std::string anneal_strategy;

protected:
  Tensor get_lr() override;

private:
  Tensor anneal(double start, double end, const Tensor &pct) const;
};

} // namespace tg::optim

#endif // TG_TENSOR_OPTIM_H
