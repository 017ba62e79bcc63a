#!/usr/bin/python3
"""Writes the seed inputs of the fuzz harnesses that are binary files:
small ONNX models (onnx.helper), safetensors files and text lists for
tg-run's --input. The IR seeds are test files of the repository; the
executable seeds are written by tg-compile (scripts/fuzz.sh).

    make_seeds.py CORPUS_DIR
"""
import json
import os
import struct
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def model(name, nodes, inputs, outputs, initializers=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(initializers))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(m)
    return m.SerializeToString()


def value(name, shape, dtype=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, dtype, shape)


def onnx_seeds():
    w = numpy_helper.from_array(np.ones((4, 1, 3, 3), np.float32), "w")
    shape = numpy_helper.from_array(np.array([2, 6], np.int64), "shape")
    indices = numpy_helper.from_array(np.array([0, 2], np.int64), "indices")
    return {
        "add": model("add", [helper.make_node("Add", ["a", "b"], ["y"])],
                     [value("a", [2, 3]), value("b", [2, 3])], [value("y", [2, 3])]),
        "relu": model("relu", [helper.make_node("Relu", ["x"], ["y"])],
                      [value("x", [4])], [value("y", [4])]),
        "conv": model("conv", [helper.make_node("Conv", ["x", "w"], ["y"], pads=[1, 1, 1, 1],
                                                strides=[2, 2])],
                      [value("x", [1, 1, 5, 5])], [value("y", [1, 4, 3, 3])], [w]),
        "reshape": model("reshape", [helper.make_node("Reshape", ["x", "shape"], ["y"])],
                         [value("x", [3, 4])], [value("y", [2, 6])], [shape]),
        "gemm": model("gemm", [helper.make_node("Gemm", ["a", "b"], ["y"], transB=1)],
                      [value("a", [2, 3]), value("b", [4, 3])], [value("y", [2, 4])]),
        "softmax": model("softmax", [helper.make_node("Softmax", ["x"], ["y"], axis=1)],
                         [value("x", [2, 5])], [value("y", [2, 5])]),
        "maxpool": model("maxpool", [helper.make_node("MaxPool", ["x"], ["y"],
                                                      kernel_shape=[2, 2])],
                         [value("x", [1, 1, 4, 4])], [value("y", [1, 1, 3, 3])]),
        "gather": model("gather", [helper.make_node("Gather", ["x", "indices"], ["y"])],
                        [value("x", [3, 2])], [value("y", [2, 2])], [indices]),
    }


def safetensors(tensors, metadata=None):
    header, data = {}, b""
    for name, array in tensors.items():
        raw = array.tobytes()
        dtype = {"float32": "F32", "int64": "I64", "float16": "F16", "uint8": "U8"}[str(array.dtype)]
        header[name] = {"dtype": dtype, "shape": list(array.shape),
                        "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata:
        header["__metadata__"] = metadata
    text = json.dumps(header).encode()
    return struct.pack("<Q", len(text)) + text + data


def safetensors_seeds():
    return {
        "linear": safetensors({"weight": np.arange(12, dtype=np.float32).reshape(4, 3),
                               "bias": np.zeros(3, np.float32)}, {"format": "pt"}),
        "mixed": safetensors({"steps": np.array([7], np.int64),
                              "half": np.ones((2, 2), np.float16),
                              "bytes": np.arange(5, dtype=np.uint8)}),
        "scalar": safetensors({"s": np.array(3.5, np.float32)}),
        "empty": safetensors({}),
    }


RUN_INPUT_SEEDS = {  # the first byte picks the dtype (tg_dtype, 1-13)
    "f32": b"\x0c1, 2.5, -3e4, inf, nan",
    "i8": b"\x02-128 127 0 +5",
    "bool": b"\x01true,false,0,1",
    "u64": b"\x0918446744073709551615",
    "f16": b"\x0a65504 6e-8",
}


def main():
    corpus = sys.argv[1]
    for kind, seeds, extension in (("onnx", onnx_seeds(), ".onnx"),
                                   ("safetensors", safetensors_seeds(), ".safetensors"),
                                   ("run_input", RUN_INPUT_SEEDS, ".txt")):
        os.makedirs(os.path.join(corpus, kind), exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(corpus, kind, name + extension), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
