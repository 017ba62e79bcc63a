#!/usr/bin/python3
"""Writes nn_reference.h: the values NNTest.cpp checks tg::nn and tg::optim
against, computed with PyTorch (layers, SGD, Adam, AdamW, the schedules)
and numpy (RMSNorm, Tensor.newton_schulz, and tinygrad's LAMB, LARS and
Muon, which PyTorch 1.13 does not have); and
torch_net.safetensors, a small PyTorch model's state dict, with its output.

Inputs and weights come from pattern(), which NNTest.cpp computes the same
way: small multiples of a power of two, exact in float32.

  /usr/bin/python3 test/unit/data/make_nn_reference.py
"""
import pathlib
import sys

import numpy as np
import torch

sys.dont_write_bytecode = True  # no __pycache__ next to the test data
from make_safetensors_fixtures import write as write_safetensors  # noqa: E402
from reference_tools import Net, float_emitter, pattern, tensor  # noqa: E402

torch.set_default_dtype(torch.float32)
emit, out = float_emitter()


def load(module, **tensors):
  with torch.no_grad():
    for name, t in tensors.items():
      getattr(module, name).copy_(t)


# Layers
with torch.no_grad():
  lin = torch.nn.Linear(3, 4)
  load(lin, weight=tensor([4, 3], 1, 1 / 16), bias=tensor([4], 2, 1 / 8))
  emit("kLinearOut", lin(tensor([2, 3], 3, 1 / 4)))

  conv = torch.nn.Conv2d(2, 3, 3, stride=2, padding=1)
  load(conv, weight=tensor([3, 2, 3, 3], 1, 1 / 16), bias=tensor([3], 2, 1 / 8))
  emit("kConvOut", conv(tensor([1, 2, 5, 5], 3, 1 / 4)))

  grouped = torch.nn.Conv2d(4, 4, 3, padding=2, dilation=2, groups=2, bias=False)
  load(grouped, weight=tensor([4, 2, 3, 3], 4, 1 / 16))
  emit("kGroupedConvOut", grouped(tensor([1, 4, 4, 4], 5, 1 / 4)))

  convt = torch.nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1)
  load(convt, weight=tensor([2, 3, 3, 3], 6, 1 / 16), bias=tensor([3], 7, 1 / 8))
  emit("kConvTransposeOut", convt(tensor([1, 2, 3, 3], 8, 1 / 4)))

  ln = torch.nn.LayerNorm([3, 4])
  load(ln, weight=tensor([3, 4], 1, 1 / 8), bias=tensor([3, 4], 2, 1 / 8))
  emit("kLayerNormOut", ln(tensor([2, 3, 4], 3, 1 / 4)))

  gn = torch.nn.GroupNorm(2, 4)
  load(gn, weight=tensor([4], 4, 1 / 8), bias=tensor([4], 5, 1 / 8))
  emit("kGroupNormOut", gn(tensor([2, 4, 3], 6, 1 / 4)))

  emb = torch.nn.Embedding(5, 3)
  load(emb, weight=tensor([5, 3], 7, 1 / 8))
  emit("kEmbeddingOut", emb(torch.tensor([[0, 4], [2, 2]])))

  bn = torch.nn.BatchNorm2d(3, momentum=0.1)
  load(bn, weight=tensor([3], 1, 1 / 8), bias=tensor([3], 2, 1 / 8))
  bn.train()
  emit("kBatchNormTrain1", bn(tensor([2, 3, 2, 2], 3, 1 / 4)))
  emit("kBatchNormTrain2", bn(tensor([2, 3, 2, 2], 4, 1 / 2)))
  emit("kBatchNormRunningMean", bn.running_mean)
  emit("kBatchNormRunningVar", bn.running_var)
  bn.eval()
  emit("kBatchNormEval", bn(tensor([2, 3, 2, 2], 5, 1 / 4)))

  conv1 = torch.nn.Conv1d(2, 3, 3, stride=2, padding=1)
  load(conv1, weight=tensor([3, 2, 3], 1, 1 / 16), bias=tensor([3], 2, 1 / 8))
  emit("kConv1dOut", conv1(tensor([2, 2, 7], 3, 1 / 4)))

  # "same" with a dilated kernel and groups.
  same1 = torch.nn.Conv1d(4, 4, 4, padding="same", dilation=2, groups=2, bias=False)
  load(same1, weight=tensor([4, 2, 4], 4, 1 / 16))
  emit("kConv1dSameOut", same1(tensor([1, 4, 6], 5, 1 / 4)))

  # Kernel sizes and dilations that differ per axis, each axis its own
  # padding: the width's odd pixel of it goes after.
  same2 = torch.nn.Conv2d(2, 2, (3, 4), padding="same", dilation=(2, 1))
  load(same2, weight=tensor([2, 2, 3, 4], 6, 1 / 16), bias=tensor([2], 7, 1 / 8))
  emit("kConv2dSameOut", same2(tensor([1, 2, 5, 6], 8, 1 / 4)))

  convt1 = torch.nn.ConvTranspose1d(4, 2, 3, stride=2, padding=1, output_padding=1, groups=2)
  load(convt1, weight=tensor([4, 1, 3], 1, 1 / 16), bias=tensor([2], 2, 1 / 8))
  emit("kConvTranspose1dOut", convt1(tensor([2, 4, 3], 3, 1 / 4)))

  inorm = torch.nn.InstanceNorm2d(3, affine=True)
  load(inorm, weight=tensor([3], 4, 1 / 8), bias=tensor([3], 5, 1 / 8))
  emit("kInstanceNormOut", inorm(tensor([2, 3, 2, 3], 6, 1 / 4)))
  emit("kInstanceNorm1dOut", torch.nn.InstanceNorm1d(3)(tensor([2, 3, 5], 7, 1 / 4)))

  # LayerNorm2d: LayerNorm over the channels of each pixel.
  ln2 = torch.nn.LayerNorm(3)
  load(ln2, weight=tensor([3], 1, 1 / 8), bias=tensor([3], 2, 1 / 8))
  emit("kLayerNorm2dOut", ln2(tensor([2, 3, 2, 2], 3, 1 / 4).permute(0, 2, 3, 1)).permute(0, 3, 1, 2))

  lstm = torch.nn.LSTMCell(3, 4)
  load(lstm, weight_ih=tensor([16, 3], 1, 1 / 16), weight_hh=tensor([16, 4], 2, 1 / 16),
       bias_ih=tensor([16], 3, 1 / 8), bias_hh=tensor([16], 4, 1 / 8))
  h, c = lstm(tensor([2, 3], 5, 1 / 4), (tensor([2, 4], 6, 1 / 4), tensor([2, 4], 7, 1 / 4)))
  emit("kLSTMCellH", h)
  emit("kLSTMCellC", c)
  h, c = lstm(tensor([2, 3], 5, 1 / 4))  # zero state
  emit("kLSTMCellZeroH", h)
  emit("kLSTMCellZeroC", c)

# RMSNorm (not in PyTorch 1.13): x / sqrt(mean(x², last axis) + eps) · weight.
rms_x, rms_w = tensor([2, 3, 4], 1, 1 / 4).numpy(), tensor([4], 2, 1 / 8).numpy()
emit("kRMSNormOut", rms_x / np.sqrt((rms_x * rms_x).mean(-1, keepdims=True) + np.float32(1e-6)) * rms_w)


def newton_schulz(g, steps, coefficients, eps=1e-7):
  # tinygrad's Tensor.newton_schulz: a tall matrix goes transposed; each
  # step is sum_i c_i (G Gᵀ)^i G.
  if g.shape[-2] > g.shape[-1]:
    return np.swapaxes(newton_schulz(np.swapaxes(g, -2, -1), steps, coefficients, eps), -2, -1)
  g = g / (np.sqrt((g * g).sum(axis=(-2, -1), keepdims=True)) + eps)
  for _ in range(steps):
    gram, power, total = g @ np.swapaxes(g, -2, -1), g, 0
    for i, c in enumerate(coefficients):
      power = power if i == 0 else gram @ power
      total = total + c * power
    g = total
  return g


emit("kNewtonSchulzWide", newton_schulz(tensor([2, 3, 4], 1, 1 / 4).double().numpy(), 5, (2, -1.5, 0.5)))
emit("kNewtonSchulzTall", newton_schulz(tensor([4, 3], 2, 1 / 4).double().numpy(), 2, (3.4445, -4.775, 2.0315)))

# A PyTorch model's state dict as a file (its BatchNorm statistics moved
# by two training batches), and its output in eval.
torch.manual_seed(0)
net = Net()
with torch.no_grad():
  for _ in range(2):
    net(torch.randn(8, 2, 4, 4))
  net.eval()
  emit("kTorchNetOut", net(tensor([2, 2, 4, 4], 1, 1 / 4)))
codes = {torch.float32: "F32", torch.int64: "I64"}
write_safetensors(pathlib.Path(__file__).with_name("torch_net.safetensors"),
                  [(k, codes[v.dtype], list(v.shape), v.contiguous().numpy().tobytes())
                   for k, v in net.state_dict().items()], {"format": "pt"})

# Optimizers: two parameters, three steps with gradients set by hand; the
# parameters after each step, concatenated.
STEPS = 3


def params():
  return [tensor([2, 3], 1, 1 / 4), tensor([3], 2, 1 / 4)]


def grads(step):
  return [tensor([2, 3], 3 + step, 1 / 8), tensor([3], 7 + step, 1 / 8)]


def torch_run(make):
  ps = [p.clone().requires_grad_() for p in params()]
  opt = make(ps)
  trace = []
  for s in range(STEPS):
    for p, g in zip(ps, grads(s)):
      p.grad = g.clone()
    opt.step()
    trace.extend(torch.cat([p.detach().reshape(-1) for p in ps]).tolist())
  return trace


emit("kSGD", torch_run(lambda ps: torch.optim.SGD(ps, lr=0.1)))
emit("kSGDMomentum", torch_run(lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.01)))
emit("kSGDNesterov", torch_run(lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.1)))
emit("kAdam", torch_run(lambda ps: torch.optim.Adam(ps, lr=0.01)))
emit("kAdamW", torch_run(lambda ps: torch.optim.AdamW(ps, lr=0.01, weight_decay=0.1)))


def numpy_run(update):
  ps = [p.numpy().astype(np.float32) for p in params()]
  state = {}
  trace = []
  for s in range(STEPS):
    gs = [g.numpy().astype(np.float32) for g in grads(s)]
    ps = update(ps, gs, state, s + 1)
    trace.extend(np.concatenate([p.reshape(-1) for p in ps]).tolist())
  return trace


f32 = np.float32


def lamb(lr, b1, b2, eps, wd):
  # tinygrad's LAMB (adam=False): Adam's bias-corrected step plus weight
  # decay, scaled by the trust ratio |w| / |up|.
  def update(ps, gs, state, t):
    out = []
    for i, (p, g) in enumerate(zip(ps, gs)):
      m = f32(b1) * state.get(("m", i), np.zeros_like(p)) + f32(1 - b1) * g
      v = f32(b2) * state.get(("v", i), np.zeros_like(p)) + f32(1 - b2) * g * g
      state[("m", i)], state[("v", i)] = m, v
      m_hat, v_hat = m / (f32(1) - f32(b1) ** t), v / (f32(1) - f32(b2) ** t)
      up = m_hat / (np.sqrt(v_hat) + f32(eps)) + f32(wd) * p
      r1, r2 = np.sqrt((p * p).sum()), np.sqrt((up * up).sum())
      r = r1 / r2 if r1 > 0 and r2 > 0 else f32(1)
      out.append(p - f32(lr) * r * up)
    return out
  return update


def lars(lr, momentum, wd, tcoef):
  # tinygrad's LARS, classic momentum: the trust ratio and lr scale the
  # gradient before the momentum.
  def update(ps, gs, state, t):
    out = []
    for i, (p, g) in enumerate(zip(ps, gs)):
      r1, r2 = np.sqrt((p * p).sum()), np.sqrt((g * g).sum())
      r = f32(tcoef) * r1 / (r2 + f32(wd) * r1) if r1 > 0 and r2 > 0 else f32(1)
      g = (g + f32(wd) * p) * r * f32(lr)
      b = f32(momentum) * state.get(("b", i), np.zeros_like(p)) + g
      state[("b", i)] = b
      out.append(p - b)
    return out
  return update


def muon(lr, momentum, wd, ns_steps, coefficients, nesterov):
  # tinygrad's Muon (LARS with Newton-Schulz, popular momentum): momentum,
  # the step orthogonalized as a [shape[0], -1] matrix, then the decoupled
  # weight decay p·(1 − lr·wd) tinygrad's comment describes.
  def update(ps, gs, state, t):
    out = []
    for i, (p, g) in enumerate(zip(ps, gs)):
      b = f32(momentum) * state.get(("b", i), np.zeros_like(p)) + g
      state[("b", i)] = b
      g = g + f32(momentum) * b if nesterov else b
      g = newton_schulz(g.reshape(g.shape[0], -1), ns_steps, [f32(c) for c in coefficients], f32(1e-7))
      out.append(p * (f32(1) - f32(lr) * f32(wd)) - f32(lr) * g.reshape(p.shape))
    return out
  return update


emit("kLAMB", numpy_run(lamb(0.01, 0.9, 0.999, 1e-6, 0.01)))
emit("kMuon", numpy_run(muon(0.1, 0.95, 0.1, 5, (3.4445, -4.775, 2.0315), True)))
emit("kMuonPlain", numpy_run(muon(0.1, 0.9, 0, 3, (2, -1.5, 0.5), False)))
emit("kLARS", numpy_run(lars(0.1, 0.9, 1e-4, 0.001)))


# A two-layer model trained with backward: the second layer's weight is
# read by the first layer's gradient and written by the same step.
torch.manual_seed(0)
mlp = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
with torch.no_grad():
  for i, (name, p) in enumerate(mlp.named_parameters()):
    p.copy_(tensor(list(p.shape), i + 1, 1 / 8))
opt = torch.optim.SGD(mlp.parameters(), lr=0.1, momentum=0.9)
trace = []
for s in range(STEPS):
  opt.zero_grad()
  loss = (mlp(tensor([5, 3], s, 1 / 4)) - tensor([5, 2], s + 9, 1 / 4)).square().mean()
  loss.backward()
  opt.step()
  trace.extend(torch.cat([p.detach().reshape(-1) for p in mlp.parameters()]).tolist())
emit("kTwoLayerSGD", trace)

# Schedules: lr before the first step and after each.
def schedule(make, steps):
  opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)
  sched = make(opt)
  lrs = [opt.param_groups[0]["lr"]]
  for _ in range(steps):
    opt.step()
    sched.step()
    lrs.append(opt.param_groups[0]["lr"])
  return lrs


S = torch.optim.lr_scheduler
emit("kStepLR", schedule(lambda o: S.StepLR(o, step_size=3, gamma=0.5), 10))
emit("kMultiStepLR", schedule(lambda o: S.MultiStepLR(o, milestones=[2, 3, 7], gamma=0.5), 10))
emit("kCosineLR", schedule(lambda o: S.CosineAnnealingLR(o, T_max=10, eta_min=0.001), 12))
for strategy in ("linear", "cos"):
  emit(f"kOneCycle{strategy.capitalize()}",
       schedule(lambda o: S.OneCycleLR(o, max_lr=0.1, total_steps=20, pct_start=0.3, anneal_strategy=strategy,
                                       cycle_momentum=False, div_factor=25.0, final_div_factor=1e4), 19))

header = pathlib.Path(__file__).with_name("nn_reference.h")
header.write_text("// Generated by make_nn_reference.py (PyTorch " + torch.__version__.split("+")[0] +
                  ", numpy " + np.__version__ + "); do not edit.\n#include <vector>\n\nnamespace nnref {\n" +
                  "\n".join(out) + "\n} // namespace nnref\n")
