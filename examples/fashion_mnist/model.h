//===- model.h - the Fashion-MNIST CNN, shared by the examples --*- C++ -*-===//
//
// tinygrad's beautiful_mnist model: two blocks of two 3x3/5x5 convolutions
// with batchnorm and max-pooling, then a linear layer. The training example
// (main.cpp) and the ahead-of-time one (examples/aot) use the same one.
//
//===----------------------------------------------------------------------===//
#ifndef TG_EXAMPLES_FASHION_MNIST_MODEL_H
#define TG_EXAMPLES_FASHION_MNIST_MODEL_H

#include "tg/tensor.h"

#include <stdexcept>
#include <string>

namespace fashion_mnist {

struct Model : tg::nn::Module {
  tg::nn::Conv2d c1{1, 32, {5}}, c2{32, 32, {5}};
  tg::nn::BatchNorm bn1{32};
  tg::nn::Conv2d c3{32, 64, {3}}, c4{64, 64, {3}};
  tg::nn::BatchNorm bn2{64};
  tg::nn::Linear out{576, 10};

  tg::Tensor operator()(const tg::Tensor &x) {
    tg::Tensor h = bn1(c2(c1(x).relu()).relu()).max_pool2d({2});
    h = bn2(c4(c3(h).relu()).relu()).max_pool2d({2});
    return out(h.flatten(1));
  }
  void visit(tg::nn::Visitor &v) override {
    v("c1", c1);
    v("c2", c2);
    v("bn1", bn1);
    v("c3", c3);
    v("c4", c4);
    v("bn2", bn2);
    v("out", out);
  }
};

/// Reads `--flag value` pairs: `set(flag, value)` stores one, returning
/// false for a flag it does not know (std::sto* throw for a value that is
/// not a number); `usage(problem)` reports what is wrong and exits.
template <typename Set, typename Usage>
void parseFlags(int argc, char **argv, Set set, Usage usage) {
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (i + 1 >= argc)
      usage("missing a value after " + flag);
    std::string value = argv[++i];
    bool known = false;
    try {
      known = set(flag, value);
    } catch (const std::logic_error &) {
      usage("'" + value + "' is not a number for " + flag);
    }
    if (!known)
      usage("unknown option " + flag);
  }
}

/// Pixels in [0, 255] normalized by Fashion-MNIST's mean and deviation.
inline tg::Tensor normalize(const tg::Tensor &x) {
  return (x.cast(tg::DType::Float32) / 255 - 0.2860) / 0.3530;
}

} // namespace fashion_mnist

#endif // TG_EXAMPLES_FASHION_MNIST_MODEL_H
