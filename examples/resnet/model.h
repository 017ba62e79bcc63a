//===- model.h - torchvision's ResNet-18 with tg::nn ------------*- C++ -*-===//
//
// torchvision.models.resnet18, layer for layer and with its parameter
// names (conv1, bn1, layer1.0.conv1, ..., layer2.0.downsample.0, fc), so a
// torchvision state dict saved with torch.save loads with torch_load and
// load_state_dict (as tinygrad's extra/models/resnet.py does).
//
//===----------------------------------------------------------------------===//
#ifndef TG_EXAMPLES_RESNET_MODEL_H
#define TG_EXAMPLES_RESNET_MODEL_H

#include "tg/tensor.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace resnet {

/// Two 3×3 convolutions with batchnorm, added to the input (through a 1×1
/// convolution and batchnorm when the shape changes).
struct BasicBlock : tg::nn::Module {
  BasicBlock(int64_t in, int64_t out, int64_t stride)
      : conv1(in, out, {3}, {stride}, {1}, {1}, 1, false), bn1(out),
        conv2(out, out, {3}, {1}, {1}, {1}, 1, false), bn2(out) {
    if (stride != 1 || in != out)
      downsample.emplace(in, out, stride);
  }

  tg::Tensor operator()(const tg::Tensor &x) {
    tg::Tensor h = bn2(conv2(bn1(conv1(x)).relu()));
    tg::Tensor shortcut = downsample ? downsample->bn(downsample->conv(x)) : x;
    return (h + shortcut).relu();
  }

  void visit(tg::nn::Visitor &v) override {
    v("conv1", conv1);
    v("bn1", bn1);
    v("conv2", conv2);
    v("bn2", bn2);
    if (downsample) {
      // torchvision's nn.Sequential(conv, bn) names them 0 and 1.
      v("downsample.0", downsample->conv);
      v("downsample.1", downsample->bn);
    }
  }

  struct Downsample {
    Downsample(int64_t in, int64_t out, int64_t stride)
        : conv(in, out, {1}, {stride}, {0}, {1}, 1, false), bn(out) {}
    tg::nn::Conv2d conv;
    tg::nn::BatchNorm2d bn;
  };

  tg::nn::Conv2d conv1;
  tg::nn::BatchNorm2d bn1;
  tg::nn::Conv2d conv2;
  tg::nn::BatchNorm2d bn2;
  std::optional<Downsample> downsample;
};

struct ResNet18 : tg::nn::Module {
  explicit ResNet18(int64_t classes = 1000)
      : conv1(3, 64, {7}, {2}, {3}, {1}, 1, false), bn1(64), fc(512, classes) {
    int64_t in = 64;
    for (int64_t stage = 0; stage < 4; ++stage) {
      int64_t out = 64 << stage;
      layers[stage].emplace_back(in, out, stage == 0 ? 1 : 2);
      layers[stage].emplace_back(out, out, 1);
      in = out;
    }
  }

  /// Logits [N, classes] of images [N, 3, H, W] (normalized as torchvision's).
  tg::Tensor operator()(const tg::Tensor &x) {
    tg::Tensor h = bn1(conv1(x)).relu().max_pool2d({3}, std::vector<int64_t>{2}, {1}, {1});
    for (auto &layer : layers)
      for (BasicBlock &block : layer)
        h = block(h);
    return fc(h.mean({2, 3}));
  }

  void visit(tg::nn::Visitor &v) override {
    v("conv1", conv1);
    v("bn1", bn1);
    for (size_t i = 0; i < layers.size(); ++i)
      v("layer" + std::to_string(i + 1), layers[i]);
    v("fc", fc);
  }

  tg::nn::Conv2d conv1;
  tg::nn::BatchNorm2d bn1;
  std::array<std::vector<BasicBlock>, 4> layers;
  tg::nn::Linear fc;
};

} // namespace resnet

#endif // TG_EXAMPLES_RESNET_MODEL_H
