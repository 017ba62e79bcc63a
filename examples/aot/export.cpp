//===- export.cpp - the Fashion-MNIST model and its training, for C --------===//
//
// Exports, with tg::aot::compile, what classify.c and train.c run, and
// measures what the tensor library does with the same model, for them to
// compare with:
//
//   DIR/train_step.o, .h  the main job's whole training step (forward,
//                         backward, Adam, the cosine schedule) on a batch,
//                         with the parameters and optimizer state as inputs
//                         updated in place, starting from this seed's
//                         initial model;
//   DIR/evaluate.o, .h    the model's predictions for 1,000 images, from
//                         the same parameters as inputs;
//   DIR/reference.txt     the tensor library's own run of that training
//                         (same initial state, same batches: the shuffle of
//                         fashion_mnist_data.h): test accuracy per epoch;
//   DIR/model.o, .h       the trained model with its weights embedded:
//                         predictions for 100 images at a time;
//                         reference.txt also gets the tensor library's test
//                         accuracy and latency with those weights.
//
//   fashion_mnist_aot --out DIR [--epochs N (5)] [--steps S (all)]
//                     [--batch-size B (128)] [--lr LR] [--seed N] [--data DIR]
//                     (--help says more)
//
//===----------------------------------------------------------------------===//

#include "../fashion_mnist/model.h"
#include "fashion_mnist_data.h"

#include "tg/Tensor/aot.h"
#include "tg/Tensor/datasets.h"

#include <chrono>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

using namespace tg;
using fashion_mnist::Model;
using fashion_mnist::normalize;
using Clock = std::chrono::steady_clock;

namespace {

struct Options : fashion_mnist::TrainingOptions {
  std::string out;
};

Options parse(int argc, char **argv) {
  // Static: llvm::cl keeps every option registered until the process ends.
  static fashion_mnist::TrainingFlags flags;
  static llvm::cl::opt<std::string> out{"out", llvm::cl::desc("Folder for the objects and headers"),
                                 llvm::cl::value_desc("dir"), llvm::cl::Required,
                                 llvm::cl::cat(flags.category)};
  Options options;
  static_cast<fashion_mnist::TrainingOptions &>(options) = flags.parse(
      argc, argv,
      "tinygrad-mlir: train the Fashion-MNIST CNN, then export its training step\n"
      "and evaluation as C-callable objects (examples/aot)\n");
  options.out = out;
  return options;
}

/// Images [count, 1, 28, 28] and labels [count] of `order[begin...]`.
std::pair<Tensor, Tensor> batch(const std::vector<uint8_t> &images,
                                const std::vector<uint8_t> &labels, const int64_t *order,
                                int64_t count) {
  std::vector<uint8_t> x(count * FASHION_MNIST_PIXELS), y(count);
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(&x[i * FASHION_MNIST_PIXELS], &images[order[i] * FASHION_MNIST_PIXELS],
                FASHION_MNIST_PIXELS);
    y[i] = labels[order[i]];
  }
  return {Tensor::from_vector(x, {count, 1, 28, 28}), Tensor::from_vector(y, {count})};
}

/// The model's class for each image, as the exported functions give it.
Tensor predict(Model &model, const Tensor &images) {
  return model(normalize(images)).argmax(1).cast(DType::Int32);
}

/// Test images classified right, in batches of `size`, and the seconds
/// each batch took after the first.
std::pair<int64_t, double> evaluate(Model &model, const std::vector<uint8_t> &images,
                                    const std::vector<uint8_t> &labels, int64_t size) {
  NoGrad noGrad;
  Tensor::training = false;
  std::vector<int64_t> order(labels.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = int64_t(i);
  int64_t correct = 0;
  double seconds = 0;
  for (int64_t begin = 0; begin < int64_t(labels.size()); begin += size) {
    auto [x, y] = batch(images, labels, &order[begin], size);
    auto start = Clock::now();
    std::vector<int32_t> classes = predict(model, x).to_vector<int32_t>();
    if (begin > 0)
      seconds += std::chrono::duration<double>(Clock::now() - start).count();
    for (int64_t i = 0; i < size; ++i)
      correct += classes[i] == labels[begin + i];
  }
  Tensor::training = true;
  return {correct, seconds / double(labels.size() / size - 1)};
}

} // namespace

int main(int argc, char **argv) {
  Options options = parse(argc, argv);
  try {
    datasets::MNIST data = datasets::load_mnist(options.data);
    std::vector<uint8_t> trainImages = data.train_images.to_vector<uint8_t>(),
                         trainLabels = data.train_labels.to_vector<uint8_t>(),
                         testImages = data.test_images.to_vector<uint8_t>(),
                         testLabels = data.test_labels.to_vector<uint8_t>();
    const int64_t trainSize = int64_t(trainLabels.size());
    int64_t stepsPerEpoch = trainSize / options.batchSize;
    if (options.steps)
      stepsPerEpoch = std::min(stepsPerEpoch, options.steps);

    Tensor::manual_seed(options.seed);
    Model model;
    optim::LAMB optimizer = optim::Adam(nn::state::get_parameters(model), options.lr);
    optim::CosineAnnealingLR schedule(optimizer, options.epochs * stepsPerEpoch);
    Tensor::training = true;
    auto trainStep = [&](const std::vector<Tensor> &in) {
      optimizer.zero_grad();
      Tensor logits = model(normalize(in[0]));
      Tensor labels = in[1].cast(DType::Int32);
      Tensor loss = logits.sparse_categorical_crossentropy(labels);
      loss.backward();
      Tensor accuracy = logits.argmax(1).eq(labels).cast(DType::Float32).mean();
      std::vector<Tensor> updates = optimizer.schedule_step();
      for (const Tensor &lr : schedule.schedule_step())
        updates.push_back(lr);
      return aot::Trace({loss, accuracy}, updates);
    };
    auto evaluateStep = [&](const std::vector<Tensor> &in) {
      NoGrad noGrad;
      Tensor::training = false;
      Tensor classes = predict(model, in[0]);
      Tensor::training = true;
      return aot::Trace(classes);
    };

    auto started = Clock::now();
    aot::Options exported;
    exported.directory = options.out;
    exported.weights = aot::Weights::Inputs;
    exported.parameters = nn::state::get_state_dict(model);
    exported.name = "train_step";
    exported.input_names = {"images", "labels"};
    exported.output_names = {"loss", "accuracy"};
    std::vector<int64_t> first(options.batchSize);
    for (int64_t i = 0; i < options.batchSize; ++i)
      first[i] = i;
    auto [x, y] = batch(trainImages, trainLabels, first.data(), options.batchSize);
    aot::compile(trainStep, {x, y}, exported);
    exported.name = "evaluate";
    exported.input_names = {"images"};
    exported.output_names = {"classes"};
    std::vector<int64_t> all(testLabels.size());
    for (size_t i = 0; i < all.size(); ++i)
      all[i] = int64_t(i);
    aot::compile(evaluateStep, {batch(testImages, testLabels, all.data(), 1000).first}, exported);
    std::printf("exported %s/train_step.o and evaluate.o in %.1f s\n", options.out.c_str(),
                std::chrono::duration<double>(Clock::now() - started).count());

    std::ofstream reference(options.out + "/reference.txt");
    uint64_t state = options.seed;
    std::vector<int64_t> order(trainSize);
    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
      fashion_mnist_shuffle(order.data(), trainSize, &state);
      auto start = Clock::now();
      for (int64_t step = 0; step < stepsPerEpoch; ++step) {
        auto [images, labels] = batch(trainImages, trainLabels,
                                      &order[step * options.batchSize], options.batchSize);
        aot::Trace trace = trainStep({images, labels});
        std::vector<Tensor> pending = trace.updates;
        pending.insert(pending.end(), trace.outputs.begin(), trace.outputs.end());
        Tensor::realize(pending);
      }
      double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      double accuracy = double(evaluate(model, testImages, testLabels, 1000).first) /
                        double(testLabels.size());
      std::printf("tensor library, epoch %d: %.1f s, test accuracy %.2f%%\n", epoch, seconds,
                  accuracy * 100);
      std::fflush(stdout);
      reference << "training epoch " << epoch << " seconds " << seconds << " accuracy "
                << accuracy << "\n";
    }

    exported.weights = aot::Weights::Embed;
    exported.name = "model";
    aot::compile(evaluateStep, {batch(testImages, testLabels, all.data(), 100).first},
                 exported);
    auto [correct, latency] = evaluate(model, testImages, testLabels, 100);
    std::printf("exported %s/model.o; the tensor library classifies %lld of %zu test images "
                "right, %.3f ms per 100\n",
                options.out.c_str(), (long long)correct, testLabels.size(), latency * 1e3);
    reference << "inference correct " << correct << " milliseconds_per_100 " << latency * 1e3
              << "\n";
    return 0;
  } catch (const Error &e) {
    std::fprintf(stderr, "fashion_mnist_aot: %s\n", e.what());
    return 1;
  }
}
