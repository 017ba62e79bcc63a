#!/usr/bin/python3
"""Writes random_reference.h: the numbers RandomTest.cpp checks tg's random
tensors against, drawn by tinygrad itself on its pure-Python device, so that
they are tinygrad's threefry bit for bit.

  PYTHONPATH=/path/to/tinygrad DEV=PYTHON /usr/bin/python3 \
      test/unit/data/make_random_reference.py

Each scenario starts with its own manual_seed; the comment above each
constant says what was drawn.
"""
import math
import pathlib
import struct

from tinygrad import Tensor, dtypes, nn
from tinygrad.helpers import Context

out = []


def emit(name, values, ctype, comment):
  if ctype == "float":
    text = ", ".join(f"{struct.unpack('<I', struct.pack('<f', v))[0]:#010x}u" for v in values)
    ctype = "uint32_t"  # float32 bit patterns: compared bit for bit
  elif ctype == "double":
    text = ", ".join(f"{struct.unpack('<Q', struct.pack('<d', v))[0]:#018x}ull" for v in values)
    ctype = "uint64_t"
  elif ctype == "half":
    text = ", ".join(f"{struct.unpack('<H', struct.pack('<e', v))[0]:#06x}u" for v in values)
    ctype = "uint16_t"
  else:
    text = ", ".join(repr(v) for v in values)
  out.append(f"// {comment}\nconst std::vector<{ctype}> {name} = {{{text}}};\n")


def flat(t):
  return [float(v) for v in t.flatten().tolist()]


# The example: r and s, whatever order they are read in.
Tensor.manual_seed(0)
emit("kSeed0R", flat(Tensor.rand(3)), "float", "manual_seed(0); rand(3)")
emit("kSeed0S", flat(Tensor.rand(3)), "float", "then rand(3)")

# Longer draws of every float dtype, an odd number of words among them.
Tensor.manual_seed(1337)
emit("kSeed1337F32", flat(Tensor.rand(5, 7)), "float", "manual_seed(1337); rand(5, 7)")
emit("kSeed1337F16", flat(Tensor.rand(3, 7, dtype=dtypes.float16)), "half",
     "then rand(3, 7, dtype=float16)")
emit("kSeed1337F64", flat(Tensor.rand(9, dtype=dtypes.float64)), "double",
     "then rand(9, dtype=float64)")
emit("kSeed1337BF16", flat(Tensor.rand(11, dtype=dtypes.bfloat16).cast(dtypes.float32)), "float",
     "then rand(11, dtype=bfloat16), as float32")
emit("kSeed1337Randn", flat(Tensor.randn(64)), "float", "then randn(64)")
emit("kSeed1337Randint", [int(v) for v in Tensor.randint(12, low=-50, high=50).tolist()], "int32_t",
     "then randint(12, low=-50, high=50)")

# nn.Linear(2, 1) under manual_seed(4): its weight and bias.
Tensor.manual_seed(4)
lin = nn.Linear(2, 1)
emit("kSeed4LinearWeight", flat(lin.weight), "float", "manual_seed(4); nn.Linear(2, 1).weight")
emit("kSeed4LinearBias", flat(lin.bias), "float", "its bias")

# Two dropout masks; the loss read before backward().
Tensor.manual_seed(5)
with Context(TRAINING=1):
  Tensor.training = True
  x = Tensor([1.0, 2, 3, 4, 5, 6, 7, 8])
  h = x.dropout(0.5)
  y = h.dropout(0.5)
  loss = (y * x).sum()
  value = loss.item()
  loss.backward()
  emit("kSeed5DropoutLoss", [value], "float",
       "manual_seed(5); training: x = [1..8]; y = x.dropout(0.5).dropout(0.5); "
       "loss = (y * x).sum(), read with item() before backward()")
  emit("kSeed5DropoutGrad", flat(x.grad), "float", "x.grad after loss.backward()")
  Tensor.training = False

header = pathlib.Path(__file__).with_name("random_reference.h")
header.write_text(
    "// Written by make_random_reference.py from tinygrad (DEV=PYTHON); do not edit.\n"
    "#ifndef TG_TEST_UNIT_DATA_RANDOM_REFERENCE_H\n#define TG_TEST_UNIT_DATA_RANDOM_REFERENCE_H\n\n"
    "#include <cstdint>\n#include <vector>\n\nnamespace random_reference {\n\n" + "\n".join(out) +
    "\n} // namespace random_reference\n\n#endif // TG_TEST_UNIT_DATA_RANDOM_REFERENCE_H\n")
print(f"wrote {header}")
