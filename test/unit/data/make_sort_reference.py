#!/usr/bin/python3
"""Writes sort_reference.h: the inputs SortTest.cpp gives tg's sorting, scan
and scatter ops, and the results it checks, from PyTorch; from tinygrad
itself where tinygrad's result is its own: the index of a tie in cummax and
cummin (tinygrad's is the first, PyTorch's the last), the element that stays
where scatter's indices repeat, the padded forms (size=) of masked_select and
nonzero, and the random draws of randperm and multinomial, which must be
tinygrad's threefry numbers bit for bit.

  PYTHONPATH=/path/to/tinygrad DEV=PYTHON /usr/bin/python3 \\
      test/unit/data/make_sort_reference.py

Every tensor X is written as kX (its elements, row-major) and kXShape.
"""
import pathlib

import numpy as np
import torch
from tinygrad import Tensor, dtypes

out = []
CTYPES = {torch.float32: "float", torch.float64: "double", torch.int32: "int32_t",
          torch.int64: "int64_t", torch.uint8: "uint8_t", torch.bool: "bool"}


def emit(name, t, comment=None):
  """A torch tensor, or a tinygrad one (read as numpy), as two constants."""
  if isinstance(t, Tensor):
    t = torch.from_numpy(t.numpy())
  ctype = CTYPES[t.dtype]
  if ctype in ("float", "double"):
    body = ", ".join(f"{v:.17g}" for v in t.flatten().tolist())
  elif ctype == "bool":
    body = ", ".join(str(bool(v)).lower() for v in t.flatten().tolist())
  else:  # int64's minimum is no literal: its magnitude does not fit
    body = ", ".join(str(int(v)) if v != -2**63 else "-9223372036854775807 - 1"
                     for v in t.flatten().tolist())
  shape = ", ".join(str(s) for s in t.shape)
  if comment:
    out.append(f"// {comment}")
  out.append(f"const std::vector<{ctype}> k{name} = {{{body}}};")
  out.append(f"const std::vector<int64_t> k{name}Shape = {{{shape}}};")


def tg(t):
  """The same tensor in tinygrad."""
  return Tensor(t.numpy())


# Sorting. Ties everywhere, and no axis a power of two but Pow2.
sort_in = torch.tensor([[0.5, -1, 2, -1, 0.5], [3, 3, 3, 1, 2], [-2, 4, 0, 4, -2]])
emit("SortIn", sort_in)
for name, desc in (("Asc", False), ("Desc", True)):
  v, i = torch.sort(sort_in, dim=-1, descending=desc, stable=True)
  emit(f"Sort{name}Values", v)
  emit(f"Sort{name}Indices", i.int())
sort_cols = torch.tensor([[4, 1, 7], [2, 1, -3], [4, 9, 0], [-5, 1, 7], [2, 2, 2], [0, 8, 7]],
                         dtype=torch.int32)
emit("SortColsIn", sort_cols)
v, i = torch.sort(sort_cols, dim=-2, descending=True, stable=True)
emit("SortColsDescValues", v)
emit("SortColsDescIndices", i.int())
# The extremes of each integer type: the padding must still sort last.
sort_i64 = torch.tensor([5, 2**63 - 1, -(2**63), 2**62, 0, 3, -1, 2**62, 2**63 - 1],
                        dtype=torch.int64)
emit("SortI64In", sort_i64)
v, i = torch.sort(sort_i64, stable=True)
emit("SortI64Values", v)
emit("SortI64Indices", i.int())
sort_u8 = torch.tensor([255, 0, 7, 255, 1, 128], dtype=torch.uint8)
emit("SortU8In", sort_u8)
v, i = torch.sort(sort_u8, descending=True, stable=True)
emit("SortU8DescValues", v)
emit("SortU8DescIndices", i.int())
pow2 = torch.tensor([[3.0, -1, 4, 1, -5, 9, 2, 6], [1, 1, 1, 1, 0, 0, 0, 0]])
emit("SortPow2In", pow2)
v, i = torch.sort(pow2, stable=True)
emit("SortPow2Values", v)
emit("SortPow2Indices", i.int())

topk_in = torch.tensor([[0.1, 0.5, 1.2, 3.4, 2.1, 0.5], [2.2, 1.9, 0.3, 4.5, 0.8, 4.5],
                        [1.0, 1.0, -1.0, 0.0, 1.0, 2.0]])
emit("TopkIn", topk_in)
# PyTorch's topk does not promise the order of ties; a stable sort's is
# tinygrad's.
v, i = torch.sort(topk_in, dim=1, descending=True, stable=True)
emit("TopkLargestValues", v[:, :3])
emit("TopkLargestIndices", i[:, :3].int())
v, i = torch.sort(topk_in, dim=0, stable=True)
emit("TopkSmallestValues", v[:2])
emit("TopkSmallestIndices", i[:2].int())

# Scans.
scan_in = torch.tensor([[[0.5, -2, 1.5, 3], [2, 0.25, -1, 4], [1, 1, 2, -0.5]],
                        [[-3, 2, 0.5, 1], [4, 4, -1, 2], [0.5, 0.5, 3, 3]]])
emit("ScanIn", scan_in)
emit("CumprodAxis1", torch.cumprod(scan_in, 1))
emit("CumprodAxisLast", torch.cumprod(scan_in, -1))
scan_int = torch.tensor([[1, -2, 3, 2], [0, 5, -1, 2]], dtype=torch.int32)
emit("ScanIntIn", scan_int)
emit("CumprodInt", torch.cumprod(scan_int, 1).int())
# An axis long enough for the two-stage scan (blocks of 256), products that
# stay exact.
long_in = torch.tensor([[(-1.0) ** (i // 3) * (2.0 if i % 7 == 0 else 0.5 if i % 7 == 3 else 1.0)
                         for i in range(600)], [((i * 37) % 101) - 50.0 for i in range(600)]])
emit("LongIn", long_in)
emit("LongCumprod", torch.cumprod(long_in[:1], 1), "the first row's (the second's overflows)")
emit("LongCummax", torch.cummax(long_in, 1).values)
emit("LongCummaxIndices", tg(long_in).cummax(1)[1],
     "tinygrad's cummax indices (the first of equal maxima)")

ties_in = torch.tensor([[1.0, 3, 3, 1, 2, 3, 5], [0, 1, -1, 2, -2, 3, -3]])
emit("CumTiesIn", ties_in)
for name in ("cummax", "cummin"):
  v, i = getattr(tg(ties_in), name)(1)
  tv = getattr(torch, name)(ties_in, 1).values
  assert torch.equal(torch.from_numpy(v.numpy()), tv)
  emit(f"{name.capitalize()}Values", tv)
  emit(f"{name.capitalize()}Indices", i, f"tinygrad's {name} indices (the first of equal values)")
v, i = tg(scan_int).cummax(0)
emit("CummaxIntAxis0Values", torch.cummax(scan_int, 0).values.int())
emit("CummaxIntAxis0Indices", i)

lcse_in = torch.tensor([[100.0, -100, 0.5, 101], [-3, 1, 2, -0.25], [0, 0, 0, 0]])
emit("LogcumsumexpIn", lcse_in)
emit("LogcumsumexpAxis0", torch.logcumsumexp(lcse_in, 0))
emit("LogcumsumexpAxisLast", torch.logcumsumexp(lcse_in, -1))

# Scatters. Indices that repeat and places no index names.
scatter_self = torch.tensor([[0.5, -1, 2, 4], [3, 1, 1, -2], [7, 0, -4, 6]])
scatter_src = torch.tensor([[1.0, 2, 3, 4, 9], [5, 6, 7, 8, 9]])
scatter_index = torch.tensor([[0, 2, 2, 0], [2, 2, 1, 0]])
emit("ScatterSelf", scatter_self)
emit("ScatterSrc", scatter_src)
emit("ScatterIndex", scatter_index.int())
emit("ScatterDim0", tg(scatter_self).scatter(0, tg(scatter_index.int()), tg(scatter_src)),
     "tinygrad's scatter (where indices repeat, the last stays)")
index1 = torch.tensor([[3, 0], [1, 1], [0, 2]])
emit("ScatterIndex1", index1.int())
emit("ScatterDim1", torch.scatter(scatter_self, 1, index1, scatter_src.repeat(2, 1)[:3]))
emit("ScatterAdd", torch.scatter(scatter_self, -1, index1, 1.5, reduce="add"))
emit("ScatterMultiply", torch.scatter(scatter_self, -1, index1, 1.5, reduce="multiply"))
for reduce in ("sum", "prod", "mean", "amax", "amin"):
  for include in (True, False):
    name = f"ScatterReduce{reduce.capitalize()}{'' if include else 'Exclude'}"
    emit(name, torch.scatter_reduce(scatter_self, 0, scatter_index, scatter_src, reduce,
                                    include_self=include))
scatter_int = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int32)
emit("ScatterIntSelf", scatter_int)
emit("ScatterIntAmaxExclude",
     torch.scatter_reduce(scatter_int, 0, torch.tensor([[1, 0, 1]]),
                          torch.tensor([[7, -8, 9]], dtype=torch.int32), "amax",
                          include_self=False))

# Selections.
select_in = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]], dtype=torch.int32)
select_mask = torch.tensor([[True, False, True], [False, True, False], [False, False, True]])
emit("SelectIn", select_in)
emit("SelectMask", select_mask)
emit("MaskedSelect", torch.masked_select(select_in, select_mask))
emit("MaskedSelectRow", torch.masked_select(select_in, select_mask[1]), "the mask broadcast")
emit("MaskedSelectSize6", tg(select_in).masked_select(tg(select_mask), size=6, fill_value=-1))
emit("MaskedSelectSize2", tg(select_in).masked_select(tg(select_mask), size=2, fill_value=-1))
nonzero_in = torch.tensor([[[1.0, 0], [0, 2]], [[0, 0], [-3, 0.5]]])
emit("NonzeroIn", nonzero_in)
emit("Nonzero", torch.nonzero(nonzero_in).int())
emit("NonzeroSize6", tg(nonzero_in).nonzero(size=6, fill_value=-1))

# Random selections, tinygrad's own (each after its manual_seed).
Tensor.manual_seed(42)
emit("Randperm10", Tensor.randperm(10), "manual_seed(42); randperm(10)")
Tensor.manual_seed(3)
emit("Randperm7Int64", Tensor.randperm(7, dtype=dtypes.int64),
     "manual_seed(3); randperm(7, dtype=int64)")
weights = Tensor([1.0, 2, 3, 4])
Tensor.manual_seed(42)
emit("MultinomialReplacement", weights.multinomial(20, replacement=True),
     "manual_seed(42); Tensor([1, 2, 3, 4]).multinomial(20, replacement=True)")
Tensor.manual_seed(42)
emit("MultinomialNoReplacement", weights.multinomial(3), "manual_seed(42); multinomial(3)")
rows = Tensor([[0.0, 1, 0, 3], [2, 0, 2, 0], [1, 1, 1, 1]])
Tensor.manual_seed(7)
emit("MultinomialRows", rows.multinomial(5, replacement=True),
     "manual_seed(7); [[0, 1, 0, 3], [2, 0, 2, 0], [1, 1, 1, 1]].multinomial(5, True)")
Tensor.manual_seed(7)
emit("MultinomialRowsOne", Tensor([[0.0, 1, 0, 3], [2, 0, 2, 0]]).multinomial(),
     "manual_seed(7); its first two rows .multinomial()")
Tensor.manual_seed(11)
emit("MultinomialIntNoReplacement", Tensor([[5, 1, 0, 2, 7], [1, 1, 1, 1, 1]]).multinomial(4),
     "manual_seed(11); [[5, 1, 0, 2, 7], [1, 1, 1, 1, 1]].multinomial(4)")

header = pathlib.Path(__file__).with_name("sort_reference.h")
header.write_text(
    "// Written by make_sort_reference.py from PyTorch and tinygrad; do not edit.\n"
    "#ifndef TG_TEST_UNIT_DATA_SORT_REFERENCE_H\n#define TG_TEST_UNIT_DATA_SORT_REFERENCE_H\n\n"
    "#include <cstdint>\n#include <vector>\n\nnamespace sort_reference {\n\n" + "\n".join(out) +
    "\n\n} // namespace sort_reference\n\n#endif // TG_TEST_UNIT_DATA_SORT_REFERENCE_H\n")
print(f"wrote {header}")
