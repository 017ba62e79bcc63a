#!/usr/bin/python3
"""torchvision's resnet18 with a fixed seed, and what the C++ model must give
on its weights (examples/resnet/main.cpp --check reads them).

  torch_reference.py OUT_DIR [--size 64] [--batch 2]

Writes OUT_DIR/resnet18.pt, the model's state dict as torch.save writes it
(the zip format torch_load reads), after two training-mode batches so that
the batchnorms' running statistics are not their initial ones; and
OUT_DIR/expected.pt: a batch of images and labels, the logits in eval mode,
and after one SGD step in training mode (lr 0.1, momentum 0.9, weight decay
1e-4) the loss and the updated tensors of the first and last layers.
"""
import argparse
import pathlib

import torch
import torchvision

UPDATED = ["conv1.weight", "bn1.weight", "bn1.running_mean", "layer1.0.conv1.weight",
           "layer4.1.bn2.bias", "layer4.1.bn2.running_var", "fc.weight", "fc.bias"]


def main():
  parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("out", type=pathlib.Path)
  parser.add_argument("--size", type=int, default=64)
  parser.add_argument("--batch", type=int, default=2)
  args = parser.parse_args()
  args.out.mkdir(parents=True, exist_ok=True)

  torch.manual_seed(0)
  torch.set_num_threads(2)
  model = torchvision.models.resnet18(num_classes=1000)
  model.train()
  with torch.no_grad():
    for _ in range(2):
      model(torch.randn(4, 3, args.size, args.size))
  torch.save(model.state_dict(), args.out / "resnet18.pt")

  images = torch.randn(args.batch, 3, args.size, args.size)
  labels = torch.randint(0, 1000, (args.batch,))
  model.eval()
  with torch.no_grad():
    logits = model(images)

  model.train()
  optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
  loss = torch.nn.functional.cross_entropy(model(images), labels)
  loss.backward()
  optimizer.step()
  state = model.state_dict()
  expected = {"images": images, "labels": labels.int(), "logits": logits, "loss": loss.detach()}
  expected.update({"updated." + name: state[name].detach().clone() for name in UPDATED})
  torch.save(expected, args.out / "expected.pt")
  print(f"wrote {args.out / 'resnet18.pt'} and {args.out / 'expected.pt'} "
        f"({args.batch} images of {args.size}x{args.size}, loss {loss.item():.4f})")


if __name__ == "__main__":
  main()
