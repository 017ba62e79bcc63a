#!/usr/bin/python3
"""The main job's model trained from Python (examples/fashion_mnist in C++):
tinygrad's beautiful_mnist on Fashion-MNIST, Adam with a cosine schedule.

    PYTHONPATH=build/python python/examples/fashion_mnist.py [--epochs N] [--steps S]
        [--min-accuracy PERCENT] [--save MODEL.safetensors]

Prints each epoch's time, steps per second and test accuracy; fails when the
last accuracy is below --min-accuracy. --save writes the trained model's
state dict ("c1.weight", "bn1.running_mean", ...) as a safetensors file.
"""
import argparse
import gzip
import os
import time

import numpy as np

from tinygrad_mlir import Tensor, dtypes, nn, optim

DATA = "/usr/share/datasets/fashion-mnist"


def read(name, offset):
    with gzip.open(os.path.join(DATA, name)) as f:
        return np.frombuffer(f.read(), dtype=np.uint8)[offset:]


class Model:
    def __init__(self):
        self.c1, self.c2 = nn.Conv2d(1, 32, 5), nn.Conv2d(32, 32, 5)
        self.bn1 = nn.BatchNorm(32)
        self.c3, self.c4 = nn.Conv2d(32, 64, 3), nn.Conv2d(64, 64, 3)
        self.bn2 = nn.BatchNorm(64)
        self.out = nn.Linear(576, 10)

    def __call__(self, x):
        h = self.bn1(self.c2(self.c1(x).relu()).relu()).max_pool2d([2])
        h = self.bn2(self.c4(self.c3(h).relu()).relu()).max_pool2d([2])
        return self.out(h.flatten(1))


def normalize(x):
    return (x.cast(dtypes.float32) / 255 - 0.2860) / 0.3530


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=0, help="steps per epoch (0: all)")
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--min-accuracy", type=float, default=0)
    parser.add_argument("--save", help="write the trained model's state dict here")
    args = parser.parse_args()

    train_x = read("train-images-idx3-ubyte.gz", 16).reshape(-1, 1, 28, 28)
    train_y = read("train-labels-idx1-ubyte.gz", 8)
    test_x = read("t10k-images-idx3-ubyte.gz", 16).reshape(-1, 1, 28, 28)
    test_y = read("t10k-labels-idx1-ubyte.gz", 8)

    Tensor.manual_seed(42)
    model = Model()
    optimizer = optim.Adam(nn.get_parameters(model), args.lr)
    steps = len(train_x) // args.batch_size
    if args.steps:
        steps = min(steps, args.steps)
    schedule = optim.CosineAnnealingLR(optimizer, args.epochs * steps)
    rng = np.random.default_rng(42)
    for epoch in range(1, args.epochs + 1):
        nn.training = True
        order = rng.permutation(len(train_x))
        start = time.perf_counter()
        first = 0.0
        for step in range(steps):
            batch = order[step * args.batch_size:(step + 1) * args.batch_size]
            x, y = Tensor(train_x[batch]), Tensor(train_y[batch].astype(np.int32))
            optimizer.zero_grad()
            logits = model(normalize(x))
            loss = logits.sparse_categorical_crossentropy(y)
            loss.backward()
            pending = optimizer.schedule_step() + schedule.schedule_step() + [loss]
            Tensor.realize_all(pending)
            loss.item()
            if step == 0:
                first = time.perf_counter() - start
        seconds = time.perf_counter() - start
        rate = (steps - 1) / (seconds - first) if steps > 1 else 0
        nn.training = False
        correct = 0
        for begin in range(0, len(test_x), 1000):
            logits = model(normalize(Tensor(test_x[begin:begin + 1000])))
            correct += int((logits.argmax(1).numpy() == test_y[begin:begin + 1000]).sum())
        accuracy = 100 * correct / len(test_x)
        print(f"epoch {epoch}: {seconds:.1f} s (first step {first:.2f} s), {rate:.2f} steps/s, "
              f"test accuracy {accuracy:.2f}%", flush=True)
    if args.save:
        nn.safe_save(nn.get_state_dict(model), args.save)
    if accuracy < args.min_accuracy:
        raise SystemExit(f"fashion_mnist.py: {accuracy:.2f}% is below {args.min_accuracy}%")


if __name__ == "__main__":
    main()
