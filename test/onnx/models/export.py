#!/usr/bin/python3
"""Exports models made elsewhere as ONNX test cases, laid out as the ONNX
backend suite lays out its own (DIR/models/NAME/model.onnx and
test_data_set_0/{input,output}_N.pb), for tg-onnx-conformance, with the
input and torch's output also as raw float32 (input.f32, output.f32) for C:

    export.py DIR [NAME ...]

torchvision's resnet18 and mobilenet_v2, a 2-layer nn.TransformerEncoder
and a small LSTM, each with weights and input drawn from a fixed seed; the
outputs are torch's on that input.
"""
import os
import sys

import numpy as np
import onnx
import onnx.numpy_helper
import torch
import torchvision


class SmallLSTM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(input_size=16, hidden_size=32, num_layers=1)
        self.head = torch.nn.Linear(32, 10)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[-1])


def models():
    layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128,
                                             dropout=0.0)
    return {
        "resnet18": (torchvision.models.resnet18(), (1, 3, 224, 224)),
        "mobilenet_v2": (torchvision.models.mobilenet_v2(), (1, 3, 224, 224)),
        "transformer_encoder": (torch.nn.TransformerEncoder(layer, num_layers=2), (10, 2, 64)),
        "lstm": (SmallLSTM(), (12, 3, 16)),
    }


def save(tensor, path):
    with open(path, "wb") as f:
        f.write(onnx.numpy_helper.from_array(tensor).SerializeToString())


def export(directory, name, model, shape):
    torch.manual_seed(0)
    # Fresh weights from the seed (batch norm statistics too, so that they
    # are not the identity), then inference.
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(torch.randn_like(p) * 0.1)
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.running_mean.copy_(torch.randn_like(m.running_mean) * 0.1)
                m.running_var.copy_(torch.rand_like(m.running_var) + 0.5)
    model.eval()
    x = torch.randn(*shape)
    with torch.no_grad():
        y = model(x)
    case = os.path.join(directory, name)
    data = os.path.join(case, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    torch.onnx.export(model, (x,), os.path.join(case, "model.onnx"), opset_version=13,
                      input_names=["input"], output_names=["output"])
    onnx.checker.check_model(os.path.join(case, "model.onnx"))
    save(x.numpy(), os.path.join(data, "input_0.pb"))
    save(y.numpy(), os.path.join(data, "output_0.pb"))
    x.numpy().astype(np.float32).tofile(os.path.join(case, "input.f32"))
    y.numpy().astype(np.float32).tofile(os.path.join(case, "output.f32"))
    print(f"export.py: {case}: input {list(shape)}, output {list(y.shape)}")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    directory = os.path.join(sys.argv[1], "models")
    wanted = sys.argv[2:]
    for name, (model, shape) in models().items():
        if not wanted or name in wanted:
            export(directory, name, model, shape)


if __name__ == "__main__":
    main()
