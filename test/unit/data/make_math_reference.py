#!/usr/bin/python3
"""Writes math_reference.h: the inputs and expected values of ElementwiseTest.cpp,
computed with PyTorch 1.13 in float64 and rounded to float32 (and numpy for
the two formulas where tinygrad differs from PyTorch: selu's constants and
lerp of uint8).

  /usr/bin/python3 test/unit/data/make_math_reference.py
"""
import math
import pathlib

import numpy as np
import torch
import torch.nn.functional as F

X = [-3.1, -2.0, -1.25, -0.7, -0.3, -0.0, 0.0, 0.2, 0.55, 0.9, 1.3, 2.2, 3.7]
UNIT = [-0.99, -0.8, -0.5, -0.1, 0.0, 0.3, 0.6, 0.95]
ABOVE_ONE = [1.0, 1.1, 1.7, 3.0, 10.0]
FMOD_A, FMOD_B = [-4.5, 7.25, 5.0, -3.5, 0.75], [2.0, -3.0, 8.0, 1.5, -0.5]
LOGADD_B = [0.5, -40.0, 3.0, -0.7, 100.0, -0.0, 1.0, -2.0, 0.55, 0.1, -1.3, 2.0, -3.0]
LERP_END, LERP_W = [1.0, 2.0, -4.0, 0.5], [0.0, 0.25, 0.5, 1.5]
LERP_U8_A, LERP_U8_B, LERP_U8_W = [0, 10, 200, 255, 128], [255, 20, 100, 0, 129], [0.5, 0.3, 0.9, 0.25, 0.1]
CLOSE_A = [1.0, 1e-7, 1e-9, math.inf, -math.inf, math.nan, 100.0, 1.0]
CLOSE_B = [1.000005, 0.0, 0.0, math.inf, math.inf, math.nan, 100.001, 1.1]
# [2, 3, 4], the statistics' and normalize's input
STATS = [((i * 7) % 11 - 5) * 0.375 for i in range(24)]
# nll_loss: log-probabilities [4, 3] and [2, 3, 2, 2] with their targets
NLL_LOGITS = [((i * 5) % 7 - 3) * 0.5 for i in range(12)]
NLL_TARGET = [2, 0, 1, 2]
NLL_WEIGHT = [0.2, 1.0, 3.0]
NLL4_LOGITS = [((i * 3) % 13 - 6) * 0.25 for i in range(24)]
NLL4_TARGET = [0, 2, 1, 1, 2, 2, 0, 1]

out = []


def emit(name, values, ctype="float"):
  body = ", ".join(repr_value(v, ctype) for v in values)
  out.append(f"const std::vector<{ctype}> {name} = {{{body}}};")


def repr_value(v, ctype):
  if ctype != "float" and ctype != "double":
    return str(int(v))
  v = float(v)
  if math.isnan(v):
    return "kNaN"
  if math.isinf(v):
    return "kInf" if v > 0 else "-kInf"
  return f"{np.float32(v)!r}f".replace("np.float32(", "").replace(")", "") if ctype == "float" else repr(v)


def t(values):
  return torch.tensor(values, dtype=torch.float64)


def f32(x):
  return [float(np.float32(v)) for v in x.flatten().tolist()]


x, u, a1 = t(X), t(UNIT), t(ABOVE_ONE)
emit("kX", X)
emit("kUnit", UNIT)
emit("kAboveOne", ABOVE_ONE)
for name, values in [("kLog10", torch.log10(a1)), ("kSinh", torch.sinh(x)), ("kCosh", torch.cosh(x)),
                     ("kAsinh", torch.asinh(x)), ("kAtan", torch.atan(x)), ("kErf", torch.erf(x)),
                     ("kAsin", torch.asin(u)), ("kAcos", torch.acos(u)), ("kAtanh", torch.atanh(u)),
                     ("kAcosh", torch.acosh(a1)), ("kGeluExact", F.gelu(x)), ("kHardswish", F.hardswish(x)),
                     ("kHardtanh", F.hardtanh(x)), ("kHardtanh2", F.hardtanh(x, -0.5, 2.0)),
                     ("kCelu", F.celu(x)), ("kCelu03", F.celu(x, 0.3)), ("kSoftsign", F.softsign(x)),
                     ("kLogsigmoid", F.logsigmoid(x))]:
  emit(name, f32(values))
# tinygrad's selu constants are rounded (1.67326, 1.0507), PyTorch's are not.
emit("kSelu", f32(1.0507 * torch.where(x >= 0, x, 1.67326 * (torch.exp(x) - 1))))
emit("kFmodA", FMOD_A)
emit("kFmodB", FMOD_B)
emit("kFmod", f32(torch.fmod(t(FMOD_A), t(FMOD_B))))
emit("kFmodInt", torch.fmod(torch.tensor([-4, 7, 5, 4, -7, 8]), torch.tensor([2, -3, 8, -2, 3, 5])).tolist(), "int32_t")
emit("kCopysign", f32(torch.copysign(t([1.0, -2.0, 3.0, -4.0, 5.0]), t([-1.0, 2.0, -0.0, 0.0, -math.inf]))))
emit("kLogaddB", LOGADD_B)
emit("kLogaddexp", f32(torch.logaddexp(x, t(LOGADD_B))))
emit("kLerpEnd", LERP_END)
emit("kLerpW", LERP_W)
emit("kLerp", f32(torch.lerp(t([0.0, 1.0, 2.0, -1.0]), t(LERP_END), t(LERP_W))))
# tinygrad's uint8 lerp: the weight in 7-bit fixed point.
w = (np.array(LERP_U8_W, np.float32) * 128 + 0.5).astype(np.int16)
step = ((np.array(LERP_U8_B, np.int32) - np.array(LERP_U8_A, np.int32)).astype(np.int8).astype(np.int32) * w + 64)
emit("kLerpU8", ((np.array(LERP_U8_A) + (step.astype(np.uint16) >> 7)) % 256).astype(np.uint8).tolist(), "int32_t")
ca, cb = t(CLOSE_A), t(CLOSE_B)
emit("kCloseA", CLOSE_A)
emit("kCloseB", CLOSE_B)
emit("kIsclose", torch.isclose(ca, cb).tolist(), "int32_t")
emit("kIscloseNan", torch.isclose(ca, cb, equal_nan=True).tolist(), "int32_t")
emit("kIscloseLoose", torch.isclose(ca, cb, rtol=0.2, atol=0.0).tolist(), "int32_t")
emit("kBitwiseNotI8", torch.bitwise_not(torch.tensor([0, 2, 5, -128, 127], dtype=torch.int8)).tolist(), "int32_t")
emit("kBitwiseNotU8", torch.bitwise_not(torch.tensor([0, 2, 5, 255], dtype=torch.uint8)).tolist(), "int32_t")
s = t(STATS).reshape(2, 3, 4)
emit("kStats", STATS)
var, mean = torch.var_mean(s, dim=(0, 2), keepdim=True)
emit("kVarMean02Var", f32(var))
emit("kVarMean02Mean", f32(mean))
std, mean = torch.std_mean(s, dim=1, unbiased=False)
emit("kStdMean1Std", f32(std))
emit("kStdMean1Mean", f32(mean))
emit("kSoftmin", f32(F.softmin(s, dim=-1)))
emit("kSoftmin1", f32(F.softmin(s, dim=1)))
emit("kNormalize", f32(F.normalize(s)))
emit("kNormalizeP1Last", f32(F.normalize(s, p=1.0, dim=-1)))
emit("kNormalizeP0", f32(s / torch.count_nonzero(s, dim=1).unsqueeze(1).clamp(min=1e-12)))
logp = torch.log_softmax(t(NLL_LOGITS).reshape(4, 3), 1)
target = torch.tensor(NLL_TARGET)
emit("kNllLogits", NLL_LOGITS)
emit("kNllMean", f32(F.nll_loss(logp, target)))
emit("kNllNone", f32(F.nll_loss(logp, target, reduction="none")))
emit("kNllSumWeighted", f32(F.nll_loss(logp, target, weight=t(NLL_WEIGHT), reduction="sum")))
emit("kNllMeanWeighted", f32(F.nll_loss(logp, target, weight=t(NLL_WEIGHT))))
emit("kNllMeanIgnore2", f32(F.nll_loss(logp, target, ignore_index=2)))
logp4 = torch.log_softmax(t(NLL4_LOGITS).reshape(2, 3, 2, 2), 1)
emit("kNll4Logits", NLL4_LOGITS)
emit("kNll4Mean", f32(F.nll_loss(logp4, torch.tensor(NLL4_TARGET).reshape(2, 2, 2))))

# Linear algebra: numpy's LAPACK QR (Householder, R's diagonal opposite in
# sign to each column's leading element, as tinygrad's) and singular values.
QR_A = [((i * 7) % 10 - 4.5) * 0.5 for i in range(12)]
QR_WIDE = [((i * 3) % 8 - 3.5) * 0.25 + (i == 4) for i in range(15)]
qa = np.array(QR_A).reshape(4, 3)
emit("kQrA", QR_A)
q, r = np.linalg.qr(qa, mode="complete")
emit("kQrQ", f32(torch.tensor(q)))
emit("kQrR", f32(torch.tensor(r)))
qw = np.array(QR_WIDE).reshape(3, 5)
emit("kQrWide", QR_WIDE)
q, r = np.linalg.qr(qw, mode="complete")
# LAPACK leaves a last column of one element alone where tinygrad reflects
# it as well, negating Q's last column and R's last row (checked against
# tinygrad a9069c1's qr on DEV=CPU).
q[:, -1], r[-1] = -q[:, -1], -r[-1]
emit("kQrWideQ", f32(torch.tensor(q)))
emit("kQrWideR", f32(torch.tensor(r)))
emit("kSvdS", f32(torch.tensor(np.linalg.svd(qa, compute_uv=False))))
emit("kSvdWideS", f32(torch.tensor(np.linalg.svd(qw, compute_uv=False))))

# Hashing: hashlib's SHA-3 and SHAKE, and tinygrad's tree hash written with them.
import hashlib  # noqa: E402


def digest(name, data, size=None):
  h = hashlib.new(name, bytes(data))
  return list(h.digest(size) if size else h.digest())


def tree_hash(data):
  def shake(b):
    return hashlib.shake_128(b).digest(16)

  def chunk_hash(chunk):
    return shake(b"".join(shake(chunk[i:i + 4096]) for i in range(0, len(chunk), 4096)))

  chunk = 1 << 20
  count = -(-len(data) // chunk)
  while count > 1:
    data = data.ljust(count * chunk, b"\0")
    data = b"".join(chunk_hash(data[i:i + chunk]) for i in range(0, len(data), chunk))
    count = -(-count // 65536)
  return list(chunk_hash(data.ljust(chunk, b"\0")))


MESSAGES = [bytes((i * 31 + k) % 256 for i in range(200)) for k in range(3)]
emit("kSha3HelloWorld", digest("sha3_256", b"Hello World!"), "int32_t")
emit("kSha3Rows", sum((digest("sha3_256", m) for m in MESSAGES), []), "int32_t")
for length in (135, 136):
  emit(f"kSha3Length{length}", digest("sha3_256", MESSAGES[0][:length]), "int32_t")
emit("kSha3_224", digest("sha3_224", MESSAGES[1]), "int32_t")
emit("kShake128", digest("shake_128", MESSAGES[2], 16), "int32_t")
emit("kSha3Int32Rows", sum((digest("sha3_256", np.arange(3 * r, 3 * r + 3, dtype=np.int32).tobytes() * 50)
                           for r in range(2)), []), "int32_t")
emit("kSha3Empty", digest("sha3_256", b""), "int32_t")
HASH_FLOATS = 1000
emit("kTreeHashSmall", tree_hash((np.arange(HASH_FLOATS, dtype=np.float32) * 0.5 - 7).tobytes()), "int32_t")
emit("kTreeHashTwoChunks", tree_hash(np.arange(300000, dtype=np.int32).tobytes()), "int32_t")

header = ["// Written by make_math_reference.py; do not edit.", "#include <cstdint>", "#include <limits>", "#include <vector>", "", "namespace mathref {", "const float kNaN = std::numeric_limits<float>::quiet_NaN();", "const float kInf = std::numeric_limits<float>::infinity();", "", *out, "} // namespace mathref", ""]
pathlib.Path(__file__).with_name("math_reference.h").write_text("\n".join(header))
