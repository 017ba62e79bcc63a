#!/usr/bin/python3
"""resnet18_onnx_infer_b1 and _b16 for torch and for tinygrad-mlir, in one run:

    bench/compare/resnet18_onnx.py BUILD_DIR

Exports torchvision's resnet18 (weights from a fixed seed, batch left open)
to ONNX, times torch's inference on it at batch 1 and 16 as tg-bench times
its workloads (warm-up, then the median of at least three calls and one
second), then runs tg-bench's resnet18_onnx_infer_b1 and _b16 on the same
model. Prints one JSON line per system and workload.
"""
import json
import os
import subprocess
import sys
import tempfile

import torch
import torchvision

from workloads import median_seconds


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = sys.argv[1]
    # Every core, as tg-bench uses (Debian's torch starts with one thread).
    torch.set_num_threads(os.cpu_count())
    torch.manual_seed(0)
    model = torchvision.models.resnet18().eval()
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "resnet18.onnx")
        torch.onnx.export(model, (torch.randn(1, 3, 224, 224),), path, opset_version=13,
                          input_names=["input"], output_names=["logits"],
                          dynamic_axes={"input": {0: "batch"}, "logits": {0: "batch"}})
        for batch in (1, 16):
            x = torch.randn(batch, 3, 224, 224)
            with torch.no_grad():
                s = median_seconds(lambda: model(x))
            print(json.dumps({"system": "torch", "device": f"CPU ({torch.get_num_threads()} threads)",
                              "workload": f"resnet18_onnx_infer_b{batch}", "ms": round(s * 1e3, 3),
                              "images_per_s": round(batch / s, 2)}), flush=True)
        env = dict(os.environ, TG_BENCH_RESNET18_ONNX=path)
        subprocess.run([os.path.join(build, "bin", "tg-bench"), "resnet18_onnx_infer_b1",
                        "resnet18_onnx_infer_b16"], env=env, check=True)


if __name__ == "__main__":
    main()
