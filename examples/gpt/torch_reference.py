#!/usr/bin/python3
"""The GPT of model.h in PyTorch, checked against the C++ model's logits.

  torch_reference.py WEIGHTS.safetensors LOGITS.safetensors [--tolerance 1e-3]

WEIGHTS is what `gpt --save` wrote (GPT-2's parameter names), LOGITS what
`gpt --logits-out` wrote: the prompt's tokens, the C++ model's logits of the
whole sequence, and the generator's logits through its key/value cache. The
same weights go into the PyTorch model written here, independently of the
C++ one; both kinds of logits must match its output within the tolerance.
Exits 1 when they do not.
"""
import argparse
import json
import math
import struct
import sys

import numpy as np
import torch
import torch.nn.functional as F

DTYPES = {"F32": np.float32, "I32": np.int32, "I64": np.int64}


def read_safetensors(path):
  with open(path, "rb") as f:
    data = f.read()
  (length,) = struct.unpack("<Q", data[:8])
  header = json.loads(data[8:8 + length])
  tensors = {}
  for name, entry in header.items():
    if name == "__metadata__":
      continue
    begin, end = entry["data_offsets"]
    raw = data[8 + length + begin:8 + length + end]
    tensors[name] = torch.from_numpy(np.frombuffer(raw, DTYPES[entry["dtype"]]).reshape(entry["shape"]).copy())
  return tensors


class Block(torch.nn.Module):
  def __init__(self, dim, heads):
    super().__init__()
    self.heads = heads
    self.ln_1, self.ln_2 = torch.nn.LayerNorm(dim), torch.nn.LayerNorm(dim)
    self.attn = torch.nn.Module()
    self.attn.c_attn, self.attn.c_proj = torch.nn.Linear(dim, 3 * dim), torch.nn.Linear(dim, dim)
    self.mlp = torch.nn.Module()
    self.mlp.c_fc, self.mlp.c_proj = torch.nn.Linear(dim, 4 * dim), torch.nn.Linear(4 * dim, dim)

  def attention(self, x):
    b, t, c = x.shape
    q, k, v = self.attn.c_attn(x).reshape(b, t, 3, self.heads, c // self.heads).unbind(2)
    q, k, v = (z.transpose(1, 2) for z in (q, k, v))
    scores = q @ k.transpose(-2, -1) / math.sqrt(c // self.heads)
    scores = scores.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
    return self.attn.c_proj((scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, c))

  def forward(self, x):
    x = x + self.attention(self.ln_1(x))
    return x + self.mlp.c_proj(F.gelu(self.mlp.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT(torch.nn.Module):
  def __init__(self, vocab, context, layers, heads, dim):
    super().__init__()
    self.wte, self.wpe = torch.nn.Embedding(vocab, dim), torch.nn.Embedding(context, dim)
    self.h = torch.nn.ModuleList(Block(dim, heads) for _ in range(layers))
    self.ln_f = torch.nn.LayerNorm(dim)

  def forward(self, tokens):
    x = self.wte(tokens) + self.wpe(torch.arange(tokens.shape[1]))
    for block in self.h:
      x = block(x)
    return self.ln_f(x) @ self.wte.weight.T  # tied to the token embedding


def main():
  parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("weights")
  parser.add_argument("logits")
  parser.add_argument("--tolerance", type=float, default=1e-3)
  parser.add_argument("--heads", type=int, default=4)
  args = parser.parse_args()

  weights = read_safetensors(args.weights)
  vocab, dim = weights["wte.weight"].shape
  context = weights["wpe.weight"].shape[0]
  layers = len({name.split(".")[1] for name in weights if name.startswith("h.")})
  model = GPT(vocab, context, layers, args.heads, dim)
  missing, unexpected = model.load_state_dict(weights, strict=False)
  if missing or unexpected:
    print(f"torch_reference: weights do not fit: missing {missing}, unexpected {unexpected}")
    return 1
  ours = read_safetensors(args.logits)
  with torch.no_grad():
    expected = model(ours["tokens"].long().unsqueeze(0))[0]
  worst = 0.0
  for name in ("logits", "cached_logits"):
    difference = (ours[name] - expected).abs().max().item()
    worst = max(worst, difference)
    print(f"{name}: max |tg - torch| = {difference:.3g} over {tuple(expected.shape)}")
  if not worst <= args.tolerance:
    print(f"torch_reference: the logits differ by more than {args.tolerance}")
    return 1
  return 0


if __name__ == "__main__":
  sys.exit(main())
