#!/usr/bin/python3
"""The standard workloads (bench/WORKLOADS.md) on torch or tinygrad, timed as
tg-bench times ours, one JSON line each in tg-bench's format:

    {"system":"torch","device":"CPU","workload":NAME,"ms":...,FIGURE:...,"steal_pct":...}

    workloads.py --system torch|tinygrad [--list] [WORKLOAD...]

Every workload is called once first, then for at least a second and three
calls; `ms` is the median call. torch uses THREADS threads (default: every
core), as tg-bench does. tinygrad is imported from TINYGRAD_PATH when set
(a checkout of github.com/tinygrad/tinygrad; only from there), else from
the interpreter's path, on its CPU device. A system that cannot be imported prints one line,
{"system":...,"unavailable":"why"}, and exits 0: tg-bench --compare shows
it. The resnet18 workloads have their own script (bench/compare/resnet18_onnx.py).
"""
import argparse
import json
import os
import sys
import time
import traceback


# tg-bench's conv2d_train_* workloads: batch, in channels, map size, out
# channels, kernel, stride, padding.
CONV_TRAINING = {
    "conv2d_train_b128_32x26_k3": (128, 32, 26, 64, 3, 1, 0),
    "conv2d_train_b128_32x24_k5": (128, 32, 24, 32, 5, 1, 0),
    "conv2d_train_b128_32x10_k3": (128, 32, 10, 64, 3, 1, 0),
    "conv2d_train_b128_64x8_k3": (128, 64, 8, 64, 3, 1, 0),
    "conv2d_train_b16_64x56_k3_s2": (16, 64, 56, 128, 3, 2, 1),
}


def cpu_ticks():
    """The machine's CPU time so far in /proc/stat's ticks: (steal, all);
    None without /proc/stat. As tg-bench's CpuTicks."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    if len(fields) < 9 or fields[0] != "cpu":
        return None
    ticks = [int(field) for field in fields[1:9]]
    return ticks[7], sum(ticks)


def median_seconds(call):
    call()
    times = []
    start = time.perf_counter()
    while len(times) < 3 or time.perf_counter() - start < 1.0:
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    times.sort()
    return times[len(times) // 2]


class System:
    """The workloads written with one library; `realize` makes a result
    exist (torch computes eagerly, tinygrad lazily)."""

    def __init__(self, name, device):
        self.name, self.device = name, device
        self.started = None  # cpu_ticks() when the workload started

    def report(self, workload, seconds, figure, value, **more):
        line = {"system": self.name, "device": self.device, "workload": workload,
                "ms": round(seconds * 1e3, 3)}
        if figure != "ms":
            line[figure] = round(value, 2)
        line.update({key: round(v, 3) for key, v in more.items()})
        end = cpu_ticks()
        if self.started and end and end[1] > self.started[1]:
            line["steal_pct"] = round(100 * (end[0] - self.started[0]) / (end[1] - self.started[1]), 1)
        print(json.dumps(line), flush=True)

    def matmul(self, n, form=""):
        """a @ b, or a Linear's forward x·Wᵀ (abt) and weight gradient gᵀ·x (atb)."""
        a, b = self.rand(n, n), self.rand(n, n)
        product = {"": lambda: a @ b, "abt": lambda: a @ b.T, "atb": lambda: a.T @ b}[form]
        s = median_seconds(lambda: self.realize(product()))
        self.report(f"matmul_{form + '_' if form else ''}{n}", s, "gflops", 2.0 * n ** 3 / s * 1e-9)

    def gelu_fused(self):
        n = 4096
        x, a, b = self.rand(n, n), self.rand(n, n), self.rand(n)
        s = median_seconds(lambda: self.realize(self.gelu(x * a + b)))
        self.report("gelu_fused_4096x4096", s, "gbps", 3.0 * n * n * 4 / s * 1e-9)

    def sum_rows(self):
        n = 4096
        x = self.rand(n, n)
        s = median_seconds(lambda: self.realize(x.sum(1)))
        self.report("sum_rows_4096x4096", s, "gbps", n * n * 4 / s * 1e-9)

    def softmax(self):
        x = self.rand(4096, 4096)
        s = median_seconds(lambda: self.realize(x.softmax(1)))
        self.report("softmax_4096x4096", s, "ms", s * 1e3)

    def rand_uniform(self):
        s = median_seconds(lambda: self.rand(4096, 4096))
        self.report("rand_4096x4096", s, "ms", s * 1e3)

    def conv2d(self):
        x, w = self.rand(16, 64, 56, 56), self.rand(64, 64, 3, 3)
        s = median_seconds(lambda: self.realize(self.conv(x, w)))
        self.report("conv2d_16x64x56x56_k3", s, "gflops", 2.0 * 16 * 64 * 56 * 56 * 64 * 9 / s * 1e-9)

    def conv_training(self, workload, batch, cin, size, cout, k, stride, pad):
        """The forward convolution, and the backward pass's two (the input's
        and the weights' gradients, realized together)."""
        x, w = self.rand(batch, cin, size, size), self.rand(cout, cin, k, k)
        out = (size + 2 * pad - k) // stride + 1
        g = self.rand(batch, cout, out, out)
        flops = 2.0 * batch * cout * out * out * cin * k * k
        forward = median_seconds(lambda: self.realize(self.conv(x, w, stride, pad)))
        backward = median_seconds(lambda: self.realize_all(self.conv_gradients(x, w, g, stride, pad)))
        self.report(workload, forward, "gflops", flops / forward * 1e-9,
                    bwd_ms=backward * 1e3, bwd_gflops=2 * flops / backward * 1e-9)

    def train(self, workload, model, shape):
        self.time_step(workload, self.train_step(model, shape))

    def time_step(self, workload, step):
        """steps_per_s from the median step, first_step_s from the first."""
        start = time.perf_counter()
        step()
        first = time.perf_counter() - start
        s = median_seconds(step)
        self.report(workload, s, "steps_per_s", 1 / s, first_step_s=first)

    def workloads(self):
        return {
            "matmul_256": lambda: self.matmul(256),
            "matmul_512": lambda: self.matmul(512),
            "matmul_1024": lambda: self.matmul(1024),
            "matmul_2048": lambda: self.matmul(2048),
            **{f"matmul_{form}_{n}": (lambda form=form, n=n: self.matmul(n, form))
               for n in (1024, 2048) for form in ("abt", "atb")},
            "gelu_fused_4096x4096": self.gelu_fused,
            "sum_rows_4096x4096": self.sum_rows,
            "softmax_4096x4096": self.softmax,
            "rand_4096x4096": self.rand_uniform,
            "conv2d_16x64x56x56_k3": self.conv2d,
            **{name: (lambda name=name, shape=shape: self.conv_training(name, *shape))
               for name, shape in CONV_TRAINING.items()},
            "train_step_mlp_b128": lambda: self.train("train_step_mlp_b128", self.mlp(), (784,)),
            "train_step_cnn_b128": lambda: self.train("train_step_cnn_b128", self.cnn(), (1, 28, 28)),
            "train_step_mnist_b128": lambda: self.train("train_step_mnist_b128", self.mnist(), (1, 28, 28)),
        }


class Torch(System):
    def __init__(self):
        import torch
        import torch.nn.functional
        self.torch, self.F = torch, torch.nn.functional
        torch.set_num_threads(int(os.environ.get("THREADS", 0)) or os.cpu_count())
        super().__init__("torch", "CPU")

    def rand(self, *shape):
        return self.torch.rand(*shape)

    def realize(self, tensor):
        return tensor

    def gelu(self, x):
        return self.F.gelu(x, approximate="tanh")

    def conv(self, x, w, stride=1, padding=1):
        return self.F.conv2d(x, w, stride=stride, padding=padding)

    def realize_all(self, tensors):
        return tensors

    def conv_gradients(self, x, w, g, stride, padding):
        x, w = x.detach().requires_grad_(), w.detach().requires_grad_()
        return self.torch.autograd.grad((self.conv(x, w, stride, padding) * g).sum(), (x, w))

    def mlp(self):
        nn = self.torch.nn
        return nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 10))

    def cnn(self):
        nn = self.torch.nn
        return nn.Sequential(nn.Conv2d(1, 32, 3), nn.ReLU(), nn.Conv2d(32, 64, 3), nn.ReLU(),
                             nn.MaxPool2d(2), nn.Flatten(), nn.Linear(9216, 128), nn.ReLU(),
                             nn.Linear(128, 10))

    def mnist(self):
        """examples/fashion_mnist's model, tinygrad's beautiful_mnist."""
        nn = self.torch.nn
        return nn.Sequential(nn.Conv2d(1, 32, 5), nn.ReLU(), nn.Conv2d(32, 32, 5), nn.ReLU(),
                             nn.BatchNorm2d(32), nn.MaxPool2d(2), nn.Conv2d(32, 64, 3), nn.ReLU(),
                             nn.Conv2d(64, 64, 3), nn.ReLU(), nn.BatchNorm2d(64), nn.MaxPool2d(2),
                             nn.Flatten(), nn.Linear(576, 10))

    def workloads(self):
        return {**super().workloads(), "resnet18_infer_b1": self.resnet18_infer,
                "resnet18_train_step_b16": self.resnet18_train_step,
                "gpt_train_step": self.gpt_train_step, "gpt_generate_tokens_per_s": self.gpt_generate}

    def resnet18(self):
        import torchvision
        self.torch.manual_seed(1)
        return torchvision.models.resnet18(num_classes=1000)

    def resnet18_infer(self):
        model = self.resnet18().eval()
        x = self.torch.randn(1, 3, 224, 224)
        with self.torch.no_grad():
            s = median_seconds(lambda: model(x))
        self.report("resnet18_infer_b1", s, "images_per_s", 1 / s)

    def resnet18_train_step(self):
        model = self.resnet18().train()
        optimizer = self.torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        x, y = self.torch.randn(16, 3, 224, 224), self.torch.randint(0, 1000, (16,))

        def step():
            optimizer.zero_grad()
            self.F.cross_entropy(model(x), y).backward()
            optimizer.step()
        self.time_step("resnet18_train_step_b16", step)

    def gpt(self):
        """examples/gpt's model in PyTorch (its torch_reference.py)."""
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "gpt"))
        from torch_reference import GPT
        self.torch.manual_seed(1)
        return GPT(vocab=256, context=64, layers=4, heads=4, dim=128)

    def gpt_train_step(self):
        model = self.gpt()
        optimizer = self.torch.optim.AdamW(model.parameters(), 1e-3)
        x, y = (self.torch.randint(0, 256, (16, 64)) for _ in range(2))

        def step():
            optimizer.zero_grad()
            self.F.cross_entropy(model(x).reshape(-1, 256), y.reshape(-1)).backward()
            optimizer.step()
        self.time_step("gpt_train_step", step)

    def gpt_generate(self):
        """The model has no key/value cache: each token runs the whole prefix,
        as a plain PyTorch model does; top-20 sampling at temperature 1."""
        model = self.gpt().eval()
        tokens = self.torch.tensor([[ord("T")]])
        steps = 62
        with self.torch.no_grad():
            start = time.perf_counter()
            for _ in range(steps):
                best, indices = model(tokens)[0, -1].topk(20)
                drawn = indices[self.torch.multinomial(best.softmax(-1), 1)]
                tokens = self.torch.cat([tokens, drawn.reshape(1, 1)], 1)
            s = (time.perf_counter() - start) / steps
        self.report("gpt_generate_tokens_per_s", s, "tokens_per_s", 1 / s)

    def train_step(self, model, shape):
        adam = self.torch.optim.Adam(model.parameters(), lr=1e-3)
        x = self.torch.randn(128, *shape)
        y = self.torch.randint(0, 10, (128,))

        def step():
            adam.zero_grad()
            loss = self.F.cross_entropy(model(x), y)
            loss.backward()
            adam.step()
        return step


class Tinygrad(System):
    def __init__(self):
        checkout = os.environ.get("TINYGRAD_PATH")
        if checkout:
            if not os.path.isfile(os.path.join(checkout, "tinygrad", "__init__.py")):
                raise ImportError(f"no tinygrad package in TINYGRAD_PATH={checkout}")
            sys.path.insert(0, checkout)
        import tinygrad
        from tinygrad import nn
        from tinygrad.helpers import Context
        self.Tensor, self.nn, self.Context = tinygrad.Tensor, nn, Context
        super().__init__("tinygrad", "CPU")

    def rand(self, *shape):
        return self.Tensor.rand(*shape).realize()

    def realize(self, tensor):
        return tensor.realize()

    def gelu(self, x):
        return x.gelu()

    def conv(self, x, w, stride=1, padding=1):
        return x.conv2d(w, stride=stride, padding=padding)

    def realize_all(self, tensors):
        return self.Tensor.realize(*tensors)

    def conv_gradients(self, x, w, g, stride, padding):
        # tinygrad's gradient() differentiates with respect to any tensors.
        return (self.conv(x, w, stride, padding) * g).sum().gradient(x, w)

    def mlp(self):
        nn = self.nn
        layers = [nn.Linear(784, 512), nn.Linear(512, 10)]
        return layers, lambda x: layers[1](layers[0](x).relu())

    def cnn(self):
        nn = self.nn
        layers = [nn.Conv2d(1, 32, 3), nn.Conv2d(32, 64, 3), nn.Linear(9216, 128), nn.Linear(128, 10)]
        c1, c2, l1, l2 = layers
        return layers, lambda x: l2(l1(c2(c1(x).relu()).relu().max_pool2d(2).flatten(1)).relu())

    def mnist(self):
        nn = self.nn
        layers = [nn.Conv2d(1, 32, 5), nn.Conv2d(32, 32, 5), nn.BatchNorm(32),
                  nn.Conv2d(32, 64, 3), nn.Conv2d(64, 64, 3), nn.BatchNorm(64), nn.Linear(576, 10)]
        c1, c2, bn1, c3, c4, bn2, out = layers

        def forward(x):
            x = bn1(c2(c1(x).relu()).relu()).max_pool2d(2)
            return out(bn2(c4(c3(x).relu()).relu()).max_pool2d(2).flatten(1))
        return layers, forward

    def train_step(self, model, shape):
        layers, forward = model
        adam = self.nn.optim.Adam(self.nn.state.get_parameters(layers), lr=1e-3)
        x = self.Tensor.randn(128, *shape).realize()
        y = self.Tensor.randint(128, high=10).realize()

        def step():
            with self.Context(TRAINING=1):
                adam.zero_grad()
                loss = forward(x).sparse_categorical_crossentropy(y)
                loss.backward()
                self.Tensor.realize(*adam.schedule_step(), loss)
        return step


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", choices=["torch", "tinygrad"], required=True)
    parser.add_argument("--list", action="store_true", help="name every workload and exit")
    parser.add_argument("workloads", nargs="*")
    args = parser.parse_args()
    try:
        system = Torch() if args.system == "torch" else Tinygrad()
    except ImportError as error:
        print(json.dumps({"system": args.system, "unavailable": str(error)}), flush=True)
        return 0
    known = system.workloads()
    if args.list:
        print("\n".join(known))
        return 0
    # A workload that fails says why and the others still run; the exit
    # status says that one failed.
    failed = 0
    for name in args.workloads or known:
        if name in known:
            try:
                system.started = cpu_ticks()
                known[name]()
            except Exception:
                print(f"{args.system}: {name} failed:", file=sys.stderr)
                traceback.print_exc()
                failed = 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
