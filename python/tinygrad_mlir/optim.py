"""tinygrad's optimizers over Tensor: their state lives on the device (the
step count too), so each step is the same graph and its program is reused."""
import math

from . import nn
from .tensor import Tensor, dtypes


class Optimizer:
    def __init__(self, tensors, lr):
        tensors = list(tensors)
        self.params = [t for t in tensors if t not in nn.buffers]
        self.buffers = [t for t in tensors if t in nn.buffers]
        for p in self.params:
            p.requires_grad = True
        self.lr = Tensor([lr], dtype=dtypes.float32)
        # Realized now, so that the first step's graph is every step's.
        Tensor.realize_all(self.params + self.buffers)

    def zero_grad(self):
        for p in self.params:
            p.set_grad(None)

    def schedule_step(self):
        """The updates, pending: realize them with the step's other tensors."""
        grads = [p.grad for p in self.params]
        updates, state = self._updates(grads)
        for p, update in zip(self.params, updates):
            p.assign(p.detach() - update)
        return state + self.params + self.buffers

    def step(self):
        Tensor.realize_all(self.schedule_step())


class SGD(Optimizer):
    """PyTorch's SGD, as tinygrad's: weight decay added to the gradient,
    then momentum (nesterov or not)."""

    def __init__(self, params, lr=1e-3, momentum=0.0, weight_decay=0.0, nesterov=False):
        super().__init__(params, lr)
        self.momentum, self.wd, self.nesterov = momentum, weight_decay, nesterov
        self.b = [Tensor.zeros(*p.shape) for p in self.params] if momentum else []

    def _updates(self, grads):
        updates = []
        for i, (p, g) in enumerate(zip(self.params, grads)):
            g = g + p.detach() * self.wd if self.wd else g
            if self.momentum:
                self.b[i].assign(self.b[i] * self.momentum + g)
                g = g + self.b[i] * self.momentum if self.nesterov else self.b[i]
            updates.append(g * self.lr.reshape([]))
        return updates, list(self.b)


class Adam(Optimizer):
    """Adam, as tinygrad's LAMB with adam=True."""

    def __init__(self, params, lr=1e-3, b1=0.9, b2=0.999, eps=1e-8):
        super().__init__(params, lr)
        self.b1, self.b2, self.eps = b1, b2, eps
        self.b1_t, self.b2_t = Tensor([1.0]), Tensor([1.0])
        self.m = [Tensor.zeros(*p.shape) for p in self.params]
        self.v = [Tensor.zeros(*p.shape) for p in self.params]

    def _updates(self, grads):
        self.b1_t.assign(self.b1_t * self.b1)
        self.b2_t.assign(self.b2_t * self.b2)
        c1, c2 = 1 - self.b1_t.reshape([]), 1 - self.b2_t.reshape([])
        updates = []
        for m, v, g in zip(self.m, self.v, grads):
            m.assign(m * self.b1 + g * (1 - self.b1))
            v.assign(v * self.b2 + g * g * (1 - self.b2))
            up = (m / c1) / ((v / c2).sqrt() + self.eps)
            updates.append(up * self.lr.reshape([]))
        return updates, [self.b1_t, self.b2_t] + self.m + self.v


class CosineAnnealingLR:
    """The learning rate from its first value down to 0 along a cosine over
    `steps` steps; the counter on the device."""

    def __init__(self, optimizer, steps):
        self.optimizer, self.steps = optimizer, steps
        self.first = optimizer.lr.numpy()[0]
        self.count = Tensor([0], dtype=dtypes.int32)

    def schedule_step(self):
        self.count.assign(self.count + 1)
        epoch = self.count.cast(dtypes.float32)
        lr = ((epoch * (math.pi / self.steps)).cos() + 1) * (self.first / 2)
        self.optimizer.lr.assign(lr)
        return [self.count, self.optimizer.lr]
