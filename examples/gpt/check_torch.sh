#!/usr/bin/env bash
# The GPT's logits against PyTorch's: gpt writes fresh weights and the
# logits of a prompt, torch_reference.py builds the same model in PyTorch
# from those weights and compares (1e-3).
#   check_torch.sh GPT_BINARY OUT_DIR
set -euo pipefail
gpt=$1
out=$2
mkdir -p "$out"
"$gpt" --seed 3 --save "$out/gpt-init.safetensors" --logits-out "$out/gpt-logits.safetensors" \
  --prompt "Q: What is a fortune cookie's favourite tensor? A: a lazy one."
/usr/bin/python3 "$(dirname "$0")/torch_reference.py" "$out/gpt-init.safetensors" "$out/gpt-logits.safetensors"
