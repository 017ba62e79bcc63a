//===- model.h - the Fashion-MNIST CNN, shared by the examples --*- C++ -*-===//
//
// tinygrad's beautiful_mnist model: two blocks of two 3x3/5x5 convolutions
// with batchnorm and max-pooling, then a linear layer. The training example
// (main.cpp) and the ahead-of-time one (examples/aot) use the same one.
//
//===----------------------------------------------------------------------===//
#ifndef TG_EXAMPLES_FASHION_MNIST_MODEL_H
#define TG_EXAMPLES_FASHION_MNIST_MODEL_H

#include "tg/Support/Version.h"
#include "tg/Tensor/datasets.h"
#include "tg/tensor.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
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

/// What both examples train with.
struct TrainingOptions {
  int epochs;
  int64_t batchSize;
  double lr;
  int64_t steps; // per epoch; 0: the whole epoch
  std::string data;
  uint64_t seed;
};

/// The command line both examples share (llvm::cl), to be kept for the life
/// of the process (a static), as llvm::cl requires. Each example declares
/// its own options in `category` too, then calls parse() and copies them:
/// lld, which links CPU kernels in the process, resets every llvm::cl option
/// (cl::ResetAllOptionOccurrences) at the first compile.
struct TrainingFlags {
  llvm::cl::OptionCategory category{"Training"};
  llvm::cl::opt<int> epochs{"epochs", llvm::cl::desc("Epochs to train"), llvm::cl::init(5),
                            llvm::cl::cat(category)};
  llvm::cl::opt<int64_t> batchSize{"batch-size", llvm::cl::desc("Images per step"),
                                   llvm::cl::init(128), llvm::cl::cat(category)};
  llvm::cl::opt<double> lr{"lr", llvm::cl::desc("Adam's learning rate at the start"),
                           llvm::cl::init(1e-3), llvm::cl::cat(category)};
  llvm::cl::opt<int64_t> steps{"steps", llvm::cl::desc("Steps per epoch (0: the whole epoch)"),
                               llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> data{"data", llvm::cl::desc("Folder of the Fashion-MNIST files"),
                                  llvm::cl::init(tg::datasets::kFashionMNISTDirectory),
                                  llvm::cl::value_desc("dir"), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> seed{"seed", llvm::cl::desc("Seed of the weights and of the order"),
                               llvm::cl::init(1337), llvm::cl::cat(category)};

  /// Parses argv (--help and --version exit here); a value out of range
  /// exits with status 2.
  TrainingOptions parse(int argc, char **argv, const char *overview) {
    tg::setVersionPrinter();
    llvm::cl::HideUnrelatedOptions(category);
    llvm::cl::ParseCommandLineOptions(argc, argv, overview);
    if (epochs < 1 || batchSize < 1 || lr <= 0 || steps < 0) {
      llvm::errs() << argv[0] << ": --epochs, --batch-size and --lr must be positive, "
                   << "--steps at least 0\n";
      std::exit(2);
    }
    return {epochs, batchSize, lr, steps, data, seed};
  }
};

/// Pixels in [0, 255] normalized by Fashion-MNIST's mean and deviation.
inline tg::Tensor normalize(const tg::Tensor &x) {
  return (x.cast(tg::DType::Float32) / 255 - 0.2860) / 0.3530;
}

} // namespace fashion_mnist

#endif // TG_EXAMPLES_FASHION_MNIST_MODEL_H
