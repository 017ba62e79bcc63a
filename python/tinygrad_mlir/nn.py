"""tinygrad's nn, written over Tensor as tinygrad writes it in Python:
layers, their state dicts, and safetensors files."""
import json
import math
import struct
import weakref

import numpy as np

from .tensor import Tensor, dtypes

# tinygrad's Tensor.training: batch statistics in BatchNorm.
training = False

# Tensors a layer keeps without training them (BatchNorm's statistics): an
# optimizer realizes them with each step instead of updating them.
buffers = weakref.WeakSet()


class Linear:
    def __init__(self, in_features, out_features, bias=True):
        bound = 1 / math.sqrt(in_features)
        self.weight = Tensor.uniform([out_features, in_features], -bound, bound)
        self.bias = Tensor.uniform([out_features], -bound, bound) if bias else None

    def __call__(self, x):
        return x.linear(self.weight.transpose(), self.bias)


class Conv2d:
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, bias=True):
        self.kernel_size = [kernel_size] * 2 if isinstance(kernel_size, int) else list(kernel_size)
        self.stride, self.padding = stride, padding
        scale = 1 / math.sqrt(in_channels * self.kernel_size[0] * self.kernel_size[1])
        self.weight = Tensor.uniform([out_channels, in_channels] + self.kernel_size, -scale, scale)
        self.bias = Tensor.uniform([out_channels], -scale, scale) if bias else None

    def __call__(self, x):
        return x.conv2d(self.weight, self.bias, 1, [self.stride], [1], [self.padding])


class BatchNorm:
    """Over axis 1; batch statistics while nn.training, updating the running
    ones (the variance unbiased), else the running ones."""

    def __init__(self, size, eps=1e-5, momentum=0.1):
        self.eps, self.momentum = eps, momentum
        self.weight, self.bias = Tensor.ones(size), Tensor.zeros(size)
        self.running_mean, self.running_var = Tensor.zeros(size), Tensor.ones(size)
        self.num_batches_tracked = Tensor.zeros([], dtype=dtypes.int64)
        for t in (self.running_mean, self.running_var, self.num_batches_tracked):
            buffers.add(t)

    def __call__(self, x):
        channel = [1, -1] + [1] * (x.ndim - 2)
        if not training:
            mean, var = self.running_mean, self.running_var
        else:
            axes = [a for a in range(x.ndim) if a != 1]
            mean = x.mean(axes)
            centered = x - mean.detach().reshape(channel)
            var = (centered * centered).mean(axes)
            n = 1
            for d in x.shape:
                n *= d
            unbias = n / (n - x.shape[1])
            m = self.momentum
            self.running_mean.assign(self.running_mean * (1 - m) + mean.detach() * m)
            self.running_var.assign(self.running_var * (1 - m) + var.detach() * (m * unbias))
            self.num_batches_tracked.assign(self.num_batches_tracked + 1)
        return x.batchnorm(self.weight, self.bias, mean, (var + self.eps).rsqrt())


def get_state_dict(obj, prefix=""):
    """Every Tensor reachable through the object's attributes, by dotted name."""
    if isinstance(obj, Tensor):
        return {prefix.rstrip("."): obj}
    state = {}
    if isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            state.update(get_state_dict(item, f"{prefix}{i}."))
    elif hasattr(obj, "__dict__"):
        for name, value in vars(obj).items():
            if value is not None and not name.startswith("_"):
                state.update(get_state_dict(value, f"{prefix}{name}."))
    return state


def get_parameters(obj):
    """Every tensor of the state dict, as tinygrad's: an optimizer trains
    those that are not layers' buffers and realizes the buffers."""
    return list(get_state_dict(obj).values())


_SAFETENSORS = {dtypes.float32: "F32", dtypes.float64: "F64", dtypes.float16: "F16",
                dtypes.int64: "I64", dtypes.int32: "I32", dtypes.int16: "I16", dtypes.int8: "I8",
                dtypes.uint8: "U8", dtypes.bool: "BOOL"}


def safe_save(state, path):
    """The tensors as a safetensors file (the format tg::nn::state reads)."""
    header, blobs, offset = {}, [], 0
    for name, tensor in state.items():
        data = tensor.numpy().tobytes()
        header[name] = {"dtype": _SAFETENSORS[tensor.dtype], "shape": list(tensor.shape),
                        "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def safe_load(path):
    with open(path, "rb") as f:
        raw = f.read()
    size = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8:8 + size])
    by_code = {v: k for k, v in _SAFETENSORS.items()}
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        begin, end = entry["data_offsets"]
        dtype = by_code[entry["dtype"]]
        array = np.frombuffer(raw[8 + size + begin:8 + size + end],
                              dtype=np.dtype(dtype.name if dtype != dtypes.bool else "bool"))
        tensors[name] = Tensor(array.reshape(entry["shape"]), dtype=dtype)
    return tensors


def load_state_dict(obj, state):
    own = get_state_dict(obj)
    missing = set(own) - set(state)
    if missing:
        raise KeyError(f"the state dict lacks {sorted(missing)}")
    for name, tensor in own.items():
        tensor.assign(state[name].cast(tensor.dtype)).realize()
