"""What the reference generators share: the inputs NNTestUtil.h's pattern()
makes the same way in C++, and the small PyTorch model that fixtures of
more than one test file come from (NNTestUtil.h's TorchNet)."""
import numpy as np
import torch


def pattern(n, k, scale):
  """Small multiples of `scale` (a power of two), exact in float32."""
  return [((i * 7 + k) % 23 - 11) * scale for i in range(n)]


def tensor(shape, k, scale=1 / 4):
  return torch.tensor(pattern(int(np.prod(shape)), k, scale), dtype=torch.float32).reshape(shape)


class Net(torch.nn.Module):
  def __init__(self):
    super().__init__()
    self.conv = torch.nn.Conv2d(2, 4, 3, padding=1)
    self.bn = torch.nn.BatchNorm2d(4)
    self.fc = torch.nn.Linear(4 * 4 * 4, 3)

  def forward(self, x):
    return self.fc(self.bn(self.conv(x)).relu().flatten(1))


def float_emitter():
  """emit(name, values) and the lines it appends to: each a C++ constant,
  `const std::vector<float> NAME = {...};`, in nine significant digits."""
  lines = []

  def emit(name, values):
    flat = np.asarray(values, dtype=np.float64).reshape(-1)
    body = ", ".join(f"{v:.9g}" for v in flat)
    lines.append(f"const std::vector<float> {name} = {{{body}}};")
  return emit, lines
