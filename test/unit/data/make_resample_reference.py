#!/usr/bin/python3
"""Writes resample_reference.h: the values ResampleTest.cpp checks
interpolate, the pad modes, einsum, rearrange, unfold, roll, meshgrid,
diag, diagonal, repeat_interleave, triu, tril, max_pool2d's indices and
max_unpool2d against, computed with PyTorch (and numpy where PyTorch has
no counterpart: einops' rearrange as reshapes, tinygrad's unpool of
overlapping windows).

Inputs come from pattern(), which ResampleTest.cpp computes the same way
(nntest::patterned): small multiples of a power of two, exact in float32.

  /usr/bin/python3 test/unit/data/make_resample_reference.py
"""
import pathlib
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.dont_write_bytecode = True  # no __pycache__ next to the test data
from reference_tools import float_emitter, pattern, tensor  # noqa: E402

torch.set_default_dtype(torch.float32)
emit, out = float_emitter()


# interpolate: PyTorch wants [N, C, ...]; tinygrad's resamples the last axes.
def interp(x, size, mode, align=None):
  return F.interpolate(x, size=size, mode=mode, align_corners=align)


x4 = tensor([1, 2, 3, 5], 1)
emit("kNearestUpDown", interp(x4, (5, 3), "nearest"))
emit("kNearestExact", interp(x4, (7, 2), "nearest-exact"))
x3 = tensor([2, 3, 5], 2)
emit("kLinearUp", interp(x3, (8,), "linear", False))
emit("kLinearUpAligned", interp(x3, (8,), "linear", True))
emit("kLinearDown", interp(x3, (3,), "linear", False))
emit("kLinearToOneAligned", interp(x3, (1,), "linear", True))
emit("kBilinear", interp(x4, (5, 8), "bilinear", False))
emit("kBilinearAligned", interp(x4, (2, 3), "bilinear", True))
emit("kBicubic", interp(tensor([1, 2, 4, 5], 3), (7, 3), "bicubic", False))
emit("kBicubicAligned", interp(tensor([1, 2, 4, 5], 3), (3, 9), "bicubic", True))
emit("kTrilinear", interp(tensor([1, 1, 2, 3, 4], 4), (3, 5, 2), "trilinear", False))
# tinygrad's docstring example: integers, two axes, no batch axes; the
# linear result truncated back to integers.
ints = torch.tensor([[1, 2, 3, 4], [21, 22, 23, 24], [41, 42, 43, 44]], dtype=torch.float32)
emit("kLinearInt", torch.trunc(interp(ints[None, None], (2, 3), "bilinear", False)))

# Pad modes: PyTorch's, which wants batch and channel axes first and pads
# given last axis first.
def pad(x, grouped, mode):
  flat = [p for pair in reversed(grouped) for p in pair]
  return F.pad(x[None, None], flat, mode=mode)


p1, p2, p3 = tensor([5], 5), tensor([3, 4], 6), tensor([2, 3, 4], 7)
for mode in ("reflect", "replicate", "circular"):
  tag = mode.capitalize()
  emit(f"kPad{tag}1d", pad(p1, [(3, 2)], mode))
  emit(f"kPad{tag}2d", pad(p2, [(2, 1), (1, 3)], mode))
  emit(f"kPad{tag}3d", pad(p3, [(1, 1), (0, 2), (3, 1)], mode))
  emit(f"kPad{tag}Negative", pad(p2, [(-1, 2), (2, -1)], mode))
# PyTorch's own F.pad for the flat order (last axis first).
emit("kPadFlatReflect", F.pad(p3, (1, 2, 2, 0), mode="reflect"))
emit("kPadFlatCircular", F.pad(p3[None, None], (2, 1, 1, 1, 0, 1), mode="circular"))

# einsum
a, b = tensor([3, 4], 8), tensor([4, 5], 9)
ba, bb = tensor([2, 3, 4], 10), tensor([2, 4, 5], 11)
sq, v, w = tensor([4, 4], 12), tensor([3], 13), tensor([5], 14)
cube = tensor([3, 3, 2], 15)
emit("kEinsumMatmul", torch.einsum("ij,jk->ik", a, b))
emit("kEinsumBatched", torch.einsum("bij,bjk->bik", ba, bb))
emit("kEinsumTrace", torch.einsum("ii->", sq))
emit("kEinsumDiagonal", torch.einsum("ii->i", sq))
emit("kEinsumOuter", torch.einsum("i,j->ij", v, w))
emit("kEinsumTranspose", torch.einsum("ij->ji", a))
emit("kEinsumSumAxis", torch.einsum("ij->j", a))
emit("kEinsumImplicit", torch.einsum("kj,ji", b.T, a.T))
emit("kEinsumEllipsis", torch.einsum("...ij,jk->...ik", ba, b))
emit("kEinsumRepeatedIn3d", torch.einsum("iij->j", cube))
emit("kEinsumThree", torch.einsum("i,ij,jk->k", v, a, b))
emit("kEinsumDot", torch.einsum("ij,ij->", a, a))

# rearrange (no einops here: the same reshapes and transposes by hand)
r = tensor([2, 6, 3], 16)
emit("kRearrangeUngroup", r.reshape(2, 2, 3, 3))                       # b (h w) c -> b h w c, h=2
emit("kRearrangeGroup", r.permute(0, 2, 1).reshape(2, 18))             # b s c -> b (c s)
emit("kRearrangeSwapGroups", r.reshape(2, 2, 3, 3).permute(0, 2, 1, 3).reshape(2, 6, 3))
emit("kRearrangeEllipsis", tensor([2, 3, 4, 5], 17).permute(3, 0, 1, 2))  # ... c -> c ...

# unfold, roll, meshgrid, diag, diagonal, repeat_interleave, triu, tril
u = tensor([3, 7, 2], 18)
emit("kUnfoldMiddle", u.unfold(1, 3, 2))
emit("kUnfoldLastNegative", u.unfold(-1, 2, 1))
emit("kUnfoldFirst", u.unfold(0, 2, 3))
ro = tensor([3, 4], 19)
emit("kRollFlat", torch.roll(ro, 5))
emit("kRollDim", torch.roll(ro, -1, 1))
emit("kRollDims", torch.roll(ro, (2, -5), (0, -1)))
grid = (torch.tensor([1., 2.]), torch.tensor([3., 4., 5.]), torch.tensor([6., 7., 8., 9.]))
emit("kMeshgridIJ", torch.stack(torch.meshgrid(*grid, indexing="ij")))
emit("kMeshgridXY", torch.stack(torch.meshgrid(*grid, indexing="xy")))
emit("kDiag", torch.diag(torch.tensor([1., 2., 3.])))
d = tensor([3, 4, 5], 20)
emit("kDiagonal", torch.diagonal(d))
emit("kDiagonalOffset", torch.diagonal(d, 2, -1, 1))
emit("kDiagonalBelow", torch.diagonal(d, -1, 2, 0))
emit("kRepeatInterleaveFlat", torch.repeat_interleave(tensor([2, 3], 21), 2))
emit("kRepeatInterleaveDim", torch.repeat_interleave(tensor([2, 3], 21), 3, dim=-2))
t = tensor([2, 3, 4], 22)
emit("kTriu", torch.triu(t))
emit("kTriuAbove", torch.triu(t, 2))
emit("kTrilBelow", torch.tril(t, -1))
emit("kTril", torch.tril(t))

# max_pool2d's indices and max_unpool2d
mp = tensor([1, 2, 5, 6], 23)
values, indices = F.max_pool2d(mp, 2, return_indices=True)
emit("kMaxPoolValues", values)
emit("kMaxPoolIndices", indices)
emit("kMaxUnpool", F.max_unpool2d(values, indices, 2))
emit("kMaxUnpoolSized", F.max_unpool2d(values, indices, 2, output_size=(5, 6)))
values, indices = F.max_pool2d(mp, 3, stride=2, padding=1, return_indices=True)
emit("kMaxPoolPaddedValues", values)
emit("kMaxPoolPaddedIndices", indices)
# Overlapping windows can name one position twice: tinygrad's unpool (a
# one-hot sum) adds the values there, where PyTorch's writes one of them.
unpooled = np.zeros((1, 2, 30))
np.add.at(unpooled[0, 0], indices[0, 0].reshape(-1).numpy(), values[0, 0].reshape(-1).numpy())
np.add.at(unpooled[0, 1], indices[0, 1].reshape(-1).numpy(), values[0, 1].reshape(-1).numpy())
emit("kMaxUnpoolPadded", unpooled)
ties = torch.tensor([[[[1., 3., 3., 0.], [3., 2., 1., 3.]]]])
emit("kMaxPoolTieIndices", F.max_pool2d(ties, 2, return_indices=True)[1])

header = pathlib.Path(__file__).with_name("resample_reference.h")
header.write_text(f"// Generated by make_resample_reference.py (PyTorch {torch.__version__}, "
                  f"numpy {np.__version__}); do not edit.\n#include <vector>\n\n"
                  "namespace resampleref {\n" + "\n".join(out) + "\n} // namespace resampleref\n")
