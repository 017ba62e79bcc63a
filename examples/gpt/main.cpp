//===- main.cpp - train a byte-level GPT on fortunes, then generate --------===//
//
// The GPT of model.h trained on the `fortunes` package's English text
// (/usr/share/games/fortunes), one byte per token: random windows of the
// corpus, AdamW, the training loss on a progress bar with steps/s and the
// ETA, the validation loss every --eval-every steps and at the end (on the
// last tenth of the corpus, never trained on). Then it generates text from
// a prompt with temperature and top-k sampling.
//
//   gpt [--steps N (1000)] [--batch-size B] [--lr LR] [--seed N]
//       [--corpus DIR] [--save PATH] [--load PATH] [--prompt TEXT]
//       [--generate N] [--temperature T] [--top-k K] [--target-loss L]
//       [--logits-out PATH]   (--help says more)
//
//===----------------------------------------------------------------------===//

#include "model.h"

#include "../common/progress.h"

#include "tg/Support/Version.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tg;

namespace {

struct Options {
  int64_t steps, batchSize, evalEvery, generate, topK;
  double lr, temperature, targetLoss;
  uint64_t seed;
  std::string corpus, save, load, prompt, logitsOut;
};

Options parse(int argc, char **argv) {
  static llvm::cl::OptionCategory category{"GPT"};
  static llvm::cl::opt<int64_t> steps{"steps", llvm::cl::desc("Training steps (0: only generate)"),
                                      llvm::cl::init(1000), llvm::cl::cat(category)};
  static llvm::cl::opt<int64_t> batchSize{"batch-size", llvm::cl::desc("Windows per step"),
                                          llvm::cl::init(16), llvm::cl::cat(category)};
  static llvm::cl::opt<int64_t> evalEvery{"eval-every",
                                          llvm::cl::desc("Steps between validation losses"),
                                          llvm::cl::init(500), llvm::cl::cat(category)};
  static llvm::cl::opt<double> lr{"lr", llvm::cl::desc("AdamW's learning rate"), llvm::cl::init(2e-3),
                                  llvm::cl::cat(category)};
  static llvm::cl::opt<uint64_t> seed{"seed", llvm::cl::desc("Seed of the weights, windows and samples"),
                                      llvm::cl::init(1337), llvm::cl::cat(category)};
  static llvm::cl::opt<std::string> corpus{"corpus", llvm::cl::desc("Folder of fortune files"),
                                           llvm::cl::init("/usr/share/games/fortunes"),
                                           llvm::cl::value_desc("dir"), llvm::cl::cat(category)};
  static llvm::cl::opt<std::string> save{"save", llvm::cl::desc("Where the trained model goes"),
                                         llvm::cl::init("gpt.safetensors"), llvm::cl::value_desc("path"),
                                         llvm::cl::cat(category)};
  static llvm::cl::opt<std::string> load{"load", llvm::cl::desc("Start from these weights"),
                                         llvm::cl::value_desc("path"), llvm::cl::cat(category)};
  static llvm::cl::opt<std::string> prompt{"prompt", llvm::cl::desc("Text the generation continues"),
                                           llvm::cl::init("The "), llvm::cl::cat(category)};
  static llvm::cl::opt<int64_t> generate{"generate", llvm::cl::desc("Bytes to generate"),
                                         llvm::cl::init(200), llvm::cl::cat(category)};
  static llvm::cl::opt<double> temperature{"temperature", llvm::cl::desc("Sampling temperature"),
                                           llvm::cl::init(0.8), llvm::cl::cat(category)};
  static llvm::cl::opt<int64_t> topK{"top-k", llvm::cl::desc("Sample among the K likeliest bytes"),
                                     llvm::cl::init(20), llvm::cl::cat(category)};
  static llvm::cl::opt<double> targetLoss{
      "target-loss", llvm::cl::desc("Fail unless the final validation loss is below this"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  static llvm::cl::opt<std::string> logitsOut{
      "logits-out",
      llvm::cl::desc("Write the prompt's logits, from the whole sequence and from the "
                     "generator's cache, here (and the weights to --save), then stop"),
      llvm::cl::value_desc("path"), llvm::cl::cat(category)};
  setVersionPrinter();
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(argc, argv, "Trains a byte-level GPT on fortunes and generates text\n");
  if (steps < 0 || batchSize < 1 || evalEvery < 1 || lr <= 0 || generate < 0 || temperature <= 0 ||
      topK < 1) {
    llvm::errs() << argv[0] << ": --batch-size, --eval-every, --lr, --temperature and --top-k must be "
                 << "positive, --steps and --generate at least 0\n";
    std::exit(2);
  }
  // Copied out: lld, which links CPU kernels in the process, resets every
  // llvm::cl option at the first compile.
  return {steps,  batchSize, evalEvery, generate, topK, lr,        temperature, targetLoss,
          seed,   corpus,    save,      load,     prompt, logitsOut};
}

/// The plain-text fortune files of `dir` (not their .dat indexes or .u8
/// links), joined in name order.
std::string readCorpus(const std::string &dir) {
  DIR *folder = opendir(dir.c_str());
  if (!folder)
    throw Error("gpt: no corpus at " + dir + " (install the `fortunes` package, or give --corpus)");
  std::vector<std::string> names;
  while (dirent *entry = readdir(folder)) {
    std::string name = entry->d_name;
    if (name[0] != '.' && name.find('.') == std::string::npos)
      names.push_back(name);
  }
  closedir(folder);
  std::sort(names.begin(), names.end());
  std::string text;
  for (const std::string &name : names) {
    std::ifstream file(dir + "/" + name, std::ios::binary);
    std::stringstream content;
    content << file.rdbuf();
    text += content.str();
  }
  if (text.size() < 10000)
    throw Error("gpt: the corpus at " + dir + " has " + std::to_string(text.size()) + " bytes");
  return text;
}

/// Random windows of context + 1 bytes: inputs and the next bytes.
std::pair<Tensor, Tensor> batchOf(const std::string &text, size_t begin, size_t end, int64_t batch,
                                  int64_t context, std::mt19937_64 &rng) {
  std::uniform_int_distribution<size_t> start(begin, end - size_t(context) - 1);
  std::vector<int32_t> x, y;
  for (int64_t b = 0; b < batch; ++b) {
    size_t at = start(rng);
    for (int64_t t = 0; t < context; ++t) {
      x.push_back(uint8_t(text[at + t]));
      y.push_back(uint8_t(text[at + t + 1]));
    }
  }
  return {Tensor::from_vector(x, {batch, context}), Tensor::from_vector(y, {batch, context})};
}

/// The mean loss over `batches` fixed random windows of [begin, end).
double evaluate(const gpt::GPT &model, const std::string &text, size_t begin, size_t end, int64_t batch) {
  NoGrad noGrad;
  std::mt19937_64 rng(7);
  const int batches = 8;
  double total = 0;
  for (int i = 0; i < batches; ++i) {
    auto [x, y] = batchOf(text, begin, end, batch, model.config.context, rng);
    total += model(x).sparse_categorical_crossentropy(y).item<double>();
  }
  return total / batches;
}

/// Trains for options.steps; the final validation loss.
double train(gpt::GPT &model, const Options &options, const std::string &text) {
  size_t split = text.size() * 9 / 10;
  auto optimizer = optim::AdamW(nn::state::get_parameters(model), options.lr);
  std::mt19937_64 rng(options.seed);
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  double firstStep = 0;
  Tensor::training = true;
  double validation = 0;
  for (int64_t step = 1; step <= options.steps; ++step) {
    auto [x, y] = batchOf(text, 0, split, options.batchSize, model.config.context, rng);
    optimizer.zero_grad();
    Tensor loss = model(x).sparse_categorical_crossentropy(y);
    loss.backward();
    std::vector<Tensor> pending = optimizer.schedule_step();
    pending.push_back(loss);
    Tensor::realize(pending);
    double lossValue = loss.item<double>();
    double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    if (step == 1)
      firstStep = elapsed;
    double rate = step > 1 ? double(step - 1) / (elapsed - firstStep) : 0;
    std::fprintf(stderr, "\rstep [%s] %5lld/%lld  loss %.4f  %6.2f steps/s  ETA %s ",
                 examples::bar(step, options.steps).c_str(), (long long)step, (long long)options.steps,
                 lossValue, rate, examples::eta(options.steps - step, rate).c_str());
    std::fflush(stderr);
    if (step % options.evalEvery == 0 || step == options.steps) {
      Tensor::training = false;
      validation = evaluate(model, text, split, text.size(), options.batchSize);
      Tensor::training = true;
      std::fprintf(stderr, "\r%100s\r", "");
      std::printf("step %lld: train loss %.4f, validation loss %.4f, %.1f s\n", (long long)step,
                  lossValue, validation, elapsed);
      std::fflush(stdout);
    }
  }
  Tensor::training = false;
  std::printf("trained %lld steps in %.1f s (first step %.2f s)\n", (long long)options.steps,
              std::chrono::duration<double>(Clock::now() - start).count(), firstStep);
  return validation;
}

/// The logits of the prompt's bytes from the whole sequence at once and
/// from the generator, one byte at a time through its cache, for
/// torch_reference.py to check against PyTorch.
void writeLogits(const gpt::GPT &model, const Options &options) {
  std::vector<int32_t> tokens(options.prompt.begin(), options.prompt.end());
  for (int32_t &t : tokens)
    t = uint8_t(t);
  int64_t n = int64_t(tokens.size());
  if (n < 1 || n > model.config.context)
    throw Error("gpt: --logits-out needs a --prompt of 1 to " + std::to_string(model.config.context) + " bytes");
  NoGrad noGrad;
  Tensor sequence = Tensor::from_vector(tokens, {1, n});
  gpt::Generator generator(model, 1, model.config.vocab);
  std::vector<Tensor> cached;
  for (int32_t t : tokens)
    cached.push_back(generator.logits(t));
  nn::state::safe_save({{"tokens", sequence.reshape({n})},
                        {"logits", model(sequence).reshape({n, -1})},
                        {"cached_logits", Tensor::stack(cached)}},
                       options.logitsOut);
  std::printf("wrote the logits of %lld bytes to %s\n", (long long)n, options.logitsOut.c_str());
}

void generate(const gpt::GPT &model, const Options &options) {
  if (options.prompt.empty())
    throw Error("gpt: --prompt must have at least one byte");
  int64_t room = model.config.context - int64_t(options.prompt.size());
  if (room < 1)
    throw Error("gpt: the prompt fills the context of " + std::to_string(model.config.context) + " bytes");
  gpt::Generator generator(model, options.temperature, options.topK);
  std::string text = options.prompt;
  int next = 0;
  for (char c : options.prompt)
    next = generator.next(uint8_t(c));
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  int64_t count = std::min(options.generate, room);
  for (int64_t i = 0; i < count; ++i) {
    text += char(next);
    if (i + 1 < count)
      next = generator.next(next);
  }
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("--- %lld bytes at temperature %.2f, top-%lld (%.1f tokens/s):\n%s\n---\n",
              (long long)count, options.temperature, (long long)options.topK, double(count) / seconds,
              text.c_str());
}

} // namespace

int main(int argc, char **argv) {
  Options options = parse(argc, argv);
  try {
    Tensor::manual_seed(options.seed);
    gpt::GPT model;
    if (!options.load.empty())
      nn::state::load_state_dict(model, nn::state::safe_load(options.load));
    if (!options.logitsOut.empty()) {
      nn::state::safe_save(nn::state::get_state_dict(model), options.save);
      writeLogits(model, options);
      return 0;
    }
    if (options.steps > 0) {
      std::string text = readCorpus(options.corpus);
      std::printf("corpus: %zu bytes from %s; %zu parameters\n", text.size(), options.corpus.c_str(),
                  [&] {
                    size_t n = 0;
                    for (const Tensor &p : nn::state::get_parameters(model))
                      n += size_t(p.numel());
                    return n;
                  }());
      double validation = train(model, options, text);
      nn::state::safe_save(nn::state::get_state_dict(model), options.save);
      std::printf("saved %s\n", options.save.c_str());
      if (options.targetLoss > 0 && !(validation < options.targetLoss)) {
        std::fprintf(stderr, "gpt: the validation loss %.4f is not below --target-loss %.4f\n", validation,
                     options.targetLoss);
        return 1;
      }
    }
    Tensor::manual_seed(options.seed);
    generate(model, options);
  } catch (const Error &e) {
    std::fprintf(stderr, "\ngpt: %s\n", e.what());
    return 1;
  }
  return 0;
}
