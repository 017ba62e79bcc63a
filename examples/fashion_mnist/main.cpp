//===- main.cpp - train a CNN on Fashion-MNIST -----------------------------===//
//
// tinygrad's beautiful_mnist, in C++, on Fashion-MNIST: the CNN of model.h;
// Adam with a cosine learning-rate schedule; a progress bar with loss,
// accuracy, steps/s and the epoch's ETA, and one while it evaluates. Every
// step's loss and accuracy go to a CSV log next to the model, and the curves
// to an SVG chart there, redrawn after each epoch. After training it
// evaluates on the 10,000 test images, saves the model as safetensors,
// loads it into a new model and checks that it scores the same.
//
// --checkpoint PATH writes the whole training state (model, optimizer,
// schedule, epoch) after every epoch, atomically (safe_save); --resume PATH
// continues from one, and ends where the uninterrupted run would, bit for
// bit (each epoch's order of samples comes from the seed and the epoch).
//
//   fashion_mnist [--epochs N (5)] [--batch-size B] [--lr LR] [--steps S]
//                 [--data DIR] [--save PATH] [--seed N]
//                 [--checkpoint PATH] [--resume PATH]   (--help says more)
//
//===----------------------------------------------------------------------===//

#include "model.h"
#include "training_log.h"

#include "../common/progress.h"

#include "tg/Tensor/datasets.h"
#include "tg/tensor.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace tg;
using fashion_mnist::Model;
using fashion_mnist::normalize;
using examples::bar;

namespace {

struct Options : fashion_mnist::TrainingOptions {
  std::string save, checkpoint, resume;
};

Options parse(int argc, char **argv) {
  // Static: llvm::cl keeps every option registered until the process ends.
  static fashion_mnist::TrainingFlags flags;
  static llvm::cl::opt<std::string> save{"save", llvm::cl::desc("Where the trained model goes"),
                                  llvm::cl::init("fashion_mnist.safetensors"),
                                  llvm::cl::value_desc("path"), llvm::cl::cat(flags.category)};
  static llvm::cl::opt<std::string> checkpoint{
      "checkpoint", llvm::cl::desc("Write the whole training state here after every epoch"),
      llvm::cl::value_desc("path"), llvm::cl::cat(flags.category)};
  static llvm::cl::opt<std::string> resume{"resume",
                                    llvm::cl::desc("Continue from a --checkpoint file"),
                                    llvm::cl::value_desc("path"), llvm::cl::cat(flags.category)};
  Options options;
  static_cast<fashion_mnist::TrainingOptions &>(options) = flags.parse(
      argc, argv,
      "tinygrad-mlir: train tinygrad's beautiful_mnist CNN on Fashion-MNIST\n\n"
      "  Trains, evaluates on the 10,000 test images, saves the model as\n"
      "  safetensors and checks that the reloaded model scores the same.\n");
  options.save = save;
  options.checkpoint = checkpoint;
  options.resume = resume;
  return options;
}

/// Images and labels kept on the host, batches copied to the device.
struct Split {
  std::vector<uint8_t> images, labels;
  int64_t size() const { return int64_t(labels.size()); }

  std::pair<Tensor, Tensor> batch(const std::vector<int64_t> &order, int64_t begin,
                                  int64_t count) const {
    std::vector<uint8_t> x(count * 784), y(count);
    for (int64_t i = 0; i < count; ++i) {
      int64_t sample = order[begin + i];
      std::memcpy(&x[i * 784], &images[sample * 784], 784);
      y[i] = labels[sample];
    }
    return {Tensor::from_vector(x, {count, 1, 28, 28}), Tensor::from_vector(y, {count})};
  }
};

Split hostSplit(const Tensor &images, const Tensor &labels) {
  return {images.to_vector<uint8_t>(), labels.to_vector<uint8_t>()};
}

/// The fraction of `split` the model classifies right, in batches, with a
/// progress bar.
double accuracy(Model &model, const Split &split) {
  NoGrad noGrad;
  bool training = Tensor::training;
  Tensor::training = false;
  const int64_t batch = 1000;
  std::vector<int64_t> order(split.size());
  std::iota(order.begin(), order.end(), 0);
  int64_t correct = 0;
  for (int64_t begin = 0; begin < split.size(); begin += batch) {
    int64_t count = std::min(batch, split.size() - begin);
    auto [x, y] = split.batch(order, begin, count);
    correct += model(normalize(x)).argmax(1).eq(y.cast(DType::Int32)).sum().item<int64_t>();
    std::fprintf(stderr, "\revaluating [%s] %5lld/%lld", bar(begin + count, split.size()).c_str(),
                 (long long)(begin + count), (long long)split.size());
    std::fflush(stderr);
  }
  std::fprintf(stderr, "\r%60s\r", "");
  Tensor::training = training;
  return double(correct) / double(split.size());
}

/// Everything that training changes, by name: the model, the optimizer's
/// moments, step powers and learning rate, the schedule's step counter.
nn::StateDict trainingState(Model &model, optim::LAMB &optimizer,
                            optim::LR_Scheduler &schedule) {
  nn::StateDict state;
  for (auto &[name, tensor] : nn::state::get_state_dict(model))
    state["model." + name] = tensor;
  for (size_t i = 0; i < optimizer.m.size(); ++i) {
    state["optimizer.m." + std::to_string(i)] = optimizer.m[i];
    state["optimizer.v." + std::to_string(i)] = optimizer.v[i];
  }
  state["optimizer.b1_t"] = optimizer.b1_t;
  state["optimizer.b2_t"] = optimizer.b2_t;
  state["optimizer.lr"] = optimizer.lr;
  state["schedule.epoch_counter"] = schedule.epoch_counter;
  return state;
}

/// Loads a checkpoint into the training state; the epochs it completed.
int resume(const std::string &path, nn::StateDict state) {
  nn::StateDict saved = nn::state::safe_load(path);
  std::map<std::string, std::string> metadata = nn::state::safe_load_metadata(path);
  if (!metadata.count("epoch"))
    throw Error(path + " is not a checkpoint of fashion_mnist (no epoch in its metadata)");
  std::vector<Tensor> loaded;
  for (auto &[name, tensor] : state) {
    auto it = saved.find(name);
    if (it == saved.end() || it->second.shape() != tensor.shape() ||
        it->second.dtype() != tensor.dtype())
      throw Error(path + " does not hold this run's " + name);
    loaded.push_back(tensor.assign(it->second));
  }
  Tensor::realize(loaded);
  return std::stoi(metadata["epoch"]);
}

/// The training progress bar; the ETA is the epoch's, at the rate so far.
void progress(int epoch, int epochs, int64_t step, int64_t steps, double loss, double acc,
              double stepsPerSecond) {
  std::fprintf(stderr,
               "\repoch %d/%d [%s] %5lld/%lld  loss %.4f  acc %5.1f%%  %6.2f steps/s  ETA %s ",
               epoch, epochs, bar(step, steps).c_str(), (long long)step, (long long)steps, loss,
               acc * 100, stepsPerSecond, examples::eta(steps - step, stepsPerSecond).c_str());
  std::fflush(stderr);
}

} // namespace

int main(int argc, char **argv) {
  Options options = parse(argc, argv);
  using Clock = std::chrono::steady_clock;
  try {
    datasets::MNIST data = datasets::load_mnist(options.data);
    Split train = hostSplit(data.train_images, data.train_labels);
    Split test = hostSplit(data.test_images, data.test_labels);
    std::printf("Fashion-MNIST: %lld training and %lld test images from %s\n",
                (long long)train.size(), (long long)test.size(), options.data.c_str());

    Tensor::manual_seed(options.seed);
    Model model;
    optim::LAMB optimizer = optim::Adam(nn::state::get_parameters(model), options.lr);
    int64_t stepsPerEpoch = train.size() / options.batchSize;
    if (options.steps)
      stepsPerEpoch = std::min(stepsPerEpoch, options.steps);
    // The learning rate falls to 0 along a cosine over the whole run.
    optim::CosineAnnealingLR schedule(optimizer, options.epochs * stepsPerEpoch);
    int done = 0;
    if (!options.resume.empty()) {
      done = resume(options.resume, trainingState(model, optimizer, schedule));
      std::printf("resumed from %s after epoch %d\n", options.resume.c_str(), done);
    }
    const std::string logPath = fashion_mnist::besideModel(options.save, ".csv");
    const std::string chartPath = fashion_mnist::besideModel(options.save, ".svg");
    fashion_mnist::TrainingLog trainingLog(logPath, done);

    Tensor::training = true;
    for (int epoch = done + 1; epoch <= options.epochs; ++epoch) {
      std::vector<int64_t> order(train.size());
      std::iota(order.begin(), order.end(), 0);
      std::mt19937_64 rng(options.seed * 1000003 + uint64_t(epoch));
      std::shuffle(order.begin(), order.end(), rng);
      auto start = Clock::now();
      double firstStep = 0;
      for (int64_t step = 0; step < stepsPerEpoch; ++step) {
        auto [x, y] = train.batch(order, step * options.batchSize, options.batchSize);
        float lr = optimizer.lr.item<float>(); // this step's: the schedule moves it on
        optimizer.zero_grad();
        Tensor logits = model(normalize(x));
        Tensor labels = y.cast(DType::Int32);
        Tensor loss = logits.sparse_categorical_crossentropy(labels);
        loss.backward();
        Tensor correct = logits.argmax(1).eq(labels).cast(DType::Float32).mean();
        std::vector<Tensor> pending = optimizer.schedule_step();
        for (const Tensor &lr : schedule.schedule_step())
          pending.push_back(lr);
        pending.push_back(loss);
        pending.push_back(correct);
        Tensor::realize(pending);
        double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        if (step == 0)
          firstStep = elapsed;
        double rate = step ? step / (elapsed - firstStep) : 0;
        float lossValue = loss.item<float>(), batchAccuracy = correct.item<float>();
        progress(epoch, options.epochs, step + 1, stepsPerEpoch, lossValue, batchAccuracy, rate);
        trainingLog.step(epoch, (epoch - 1) * stepsPerEpoch + step + 1, lossValue, batchAccuracy,
                           lr, elapsed);
      }
      double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      std::fprintf(stderr, "\n");
      double testAccuracy = accuracy(model, test);
      trainingLog.epoch(epoch, epoch * stepsPerEpoch, testAccuracy, seconds);
      fashion_mnist::writeChart(logPath, chartPath);
      std::printf("epoch %d: %.1f s (first step %.2f s), test accuracy %.2f%%\n", epoch, seconds,
                  firstStep, testAccuracy * 100);
      if (!options.checkpoint.empty())
        nn::state::safe_save(trainingState(model, optimizer, schedule), options.checkpoint,
                             {{"model", "fashion_mnist"}, {"epoch", std::to_string(epoch)}});
      std::fflush(stdout);
    }

    double trained = accuracy(model, test);
    nn::state::safe_save(nn::state::get_state_dict(model), options.save,
                         {{"model", "fashion_mnist"}, {"epochs", std::to_string(options.epochs)}});
    Model reloaded;
    nn::state::load_state_dict(reloaded, nn::state::safe_load(options.save));
    double again = accuracy(reloaded, test);
    std::printf("test accuracy %.2f%%; saved to %s, reloaded: %.2f%%%s\n", trained * 100,
                options.save.c_str(), again * 100, trained == again ? " (the same)" : " (DIFFERS)");
    std::printf("every step's loss and accuracy: %s; their chart: %s\n", logPath.c_str(),
                chartPath.c_str());
    return trained == again ? 0 : 1;
  } catch (const Error &e) {
    std::fprintf(stderr, "\nfashion_mnist: %s\n", e.what());
    if (std::string(e.what()).find("does not exist") != std::string::npos)
      std::fprintf(stderr, "fashion_mnist: the Debian package dataset-fashion-mnist provides "
                           "the data (scripts/install-deps.sh installs it), or pass --data DIR\n");
    return 1;
  }
}
