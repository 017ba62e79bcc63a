#!/usr/bin/python3
"""Writes safetensors files with writers independent of tg's, for
NNTest.cpp's loading tests (the values are listed there too).

  fixture_struct.safetensors  struct + json, following the format's spec:
      every dtype tg has, tensors in a non-alphabetical order, a 0-d and an
      empty tensor, and __metadata__.
  fixture_torch.safetensors   the data from PyTorch tensors (the dtypes
      PyTorch has), laid out as huggingface's safetensors library does:
      sorted by alignment, then name.

  /usr/bin/python3 test/unit/data/make_safetensors_fixtures.py
"""
import json
import pathlib
import struct

HERE = pathlib.Path(__file__).parent

# name: (safetensors dtype, struct format, values); shape [2, 3].
VALUES = {
  "BOOL": ("?", [True, False, True, True, False, False]),
  "I8": ("b", [-128, -1, 0, 1, 127, 42]),
  "U8": ("B", [0, 1, 127, 128, 255, 42]),
  "I16": ("h", [-32768, -1, 0, 1, 32767, 1234]),
  "U16": ("H", [0, 1, 32768, 65535, 1234, 42]),
  "I32": ("i", [-2**31, -1, 0, 1, 2**31 - 1, 123456]),
  "U32": ("I", [0, 1, 2**31, 2**32 - 1, 123456, 42]),
  "I64": ("q", [-2**63, -1, 0, 1, 2**63 - 1, 2**53 + 1]),
  "U64": ("Q", [0, 1, 2**63, 2**64 - 1, 2**53 + 1, 42]),
  # halves as bits: 0.5, -2, 65504, the smallest subnormal, inf, -0
  "F16": ("H", [0x3800, 0xC000, 0x7BFF, 0x0001, 0x7C00, 0x8000]),
  # 1, -2, inf, the smallest subnormal, a NaN with a payload, -0
  "BF16": ("H", [0x3F80, 0xC000, 0x7F80, 0x0001, 0x7FC1, 0x8000]),
  # 1.5, -0, inf, a NaN with a payload, the smallest subnormal, 3.4e38
  "F32": ("I", [0x3FC00000, 0x80000000, 0x7F800000, 0x7FC00001, 0x00000001, 0x7F7FC99E]),
  "F64": ("d", [1 / 3, -0.0, 1e-310, float("inf"), 1e300, -2.5]),
}


def pack(fmt, values):
  return struct.pack("<" + fmt * len(values), *values)


def write(path, entries, metadata):
  """entries: (name, dtype, shape, bytes) in file order."""
  header, data = {}, b""
  if metadata:
    header["__metadata__"] = metadata
  for name, dtype, shape, raw in entries:
    header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
    data += raw
  text = json.dumps(header).encode()
  text += b" " * (-len(text) % 8)
  path.write_bytes(struct.pack("<Q", len(text)) + text + data)


def struct_fixture():
  # Reversed, so the file order is not the alphabetical one.
  entries = [(f"t.{d}", d, [2, 3], pack(fmt, vals)) for d, (fmt, vals) in reversed(VALUES.items())]
  entries.insert(3, ("scalar", "F32", [], pack("f", [7.25])))
  entries.insert(5, ("empty", "F32", [0, 3], b""))
  write(HERE / "fixture_struct.safetensors", entries, {"format": "pt", "writer": "struct"})


def torch_tensors():
  """VALUES as PyTorch tensors, one per dtype (bit patterns for the floats)."""
  import numpy as np
  import torch
  bits = lambda d: np.array(VALUES[d][1], dtype=np.uint16).view(np.int16)
  return {
    "bool": torch.tensor(VALUES["BOOL"][1]),
    "uint8": torch.tensor(VALUES["U8"][1], dtype=torch.uint8),
    "int8": torch.tensor(VALUES["I8"][1], dtype=torch.int8),
    "int16": torch.tensor(VALUES["I16"][1], dtype=torch.int16),
    "int32": torch.tensor(VALUES["I32"][1], dtype=torch.int32),
    "int64": torch.tensor(VALUES["I64"][1], dtype=torch.int64),
    "float16": torch.from_numpy(bits("F16")).view(torch.float16),
    "bfloat16": torch.from_numpy(bits("BF16")).view(torch.bfloat16),
    "float32": torch.from_numpy(np.array(VALUES["F32"][1], dtype=np.uint32).view(np.float32)),
    "float64": torch.tensor(VALUES["F64"][1], dtype=torch.float64),
  }


def torch_fixture():
  import torch
  tensors = torch_tensors()
  code = {torch.bool: "BOOL", torch.uint8: "U8", torch.int8: "I8", torch.int16: "I16", torch.int32: "I32",
          torch.int64: "I64", torch.float16: "F16", torch.bfloat16: "BF16", torch.float32: "F32",
          torch.float64: "F64"}
  entries = []
  for name, t in sorted(tensors.items(), key=lambda kv: (-kv[1].element_size(), kv[0])):
    t = t.reshape(2, 3).contiguous()
    raw = (t.view(torch.int16) if t.dtype == torch.bfloat16 else t).numpy().tobytes()
    entries.append((f"torch.{name}", code[t.dtype], list(t.shape), raw))
  write(HERE / "fixture_torch.safetensors", entries, {"format": "pt"})


if __name__ == "__main__":
  struct_fixture()
  try:
    torch_fixture()
  except ImportError:
    print("PyTorch is not installed: fixture_torch.safetensors not written")
