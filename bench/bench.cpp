//===- bench.cpp - bench/WORKLOADS.md's standard workloads ----------------===//
//
// One JSON line per workload:
//   {"system": "tinygrad-mlir", "device": "CPU:0", "workload": NAME, "ms": ..., FIGURE: ...,
//    "steal_pct": ...}
// Each workload is built with the tensor API as a user would write it,
// realized once (compilation and warm-up), then timed call by call — graph
// construction, the program cache lookup and the run — for at least a
// second; the median is reported. The roofline line comes from
// tg-roofline. `tg-bench [name...]` runs only the named workloads
// ("roofline" for that line); `tg-bench --list` names them all.
// `tg-bench --compare` then runs the same workloads on torch and tinygrad
// (bench/compare/workloads.py), prints their lines too, and a table of
// each figure beside ours with the ratio, and which figures the hypervisor
// lowered (steal_pct: the machine's CPU time it took during the workload,
// /proc/stat's steal). The last lines, "goal" lines,
// say which of issue 18's goals for this machine the run meets.
//
//===----------------------------------------------------------------------===//

#include "tg/Support/Version.h"
#include "tg/tensor.h"

#include "JSONNumber.h"
#include "../examples/fashion_mnist/model.h"
#include "../examples/gpt/model.h"
#include "../examples/resnet/model.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "tg/Frontend/ONNX/ONNX.h"

#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

/// The middle of `values` (the upper one of the two middles of an even count).
double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

/// The median time of `call`, in seconds, over at least one second of
/// calls (and at least three), after one call of warm-up.
double medianSeconds(const std::function<void()> &call) {
  call();
  std::vector<double> times;
  auto start = Clock::now();
  while (times.size() < 3 || seconds(Clock::now() - start) < 1.0) {
    auto t0 = Clock::now();
    call();
    times.push_back(seconds(Clock::now() - t0));
  }
  return median(std::move(times));
}

using tg::bench::attribute;

/// The CPU time of the whole machine so far, in /proc/stat's ticks: all of
/// it, and its steal, the time a vCPU of this machine had work while the
/// hypervisor ran something else. None without /proc/stat.
struct CpuTicks {
  uint64_t steal = 0, total = 0;

  static std::optional<CpuTicks> now() {
    std::ifstream stat("/proc/stat");
    std::string cpu;
    if (!(stat >> cpu) || cpu != "cpu")
      return std::nullopt;
    // user, nice, system, idle, iowait, irq, softirq, steal (guests' time
    // is counted in user and nice).
    CpuTicks ticks;
    for (int field = 0; field < 8; ++field) {
      uint64_t value;
      if (!(stat >> value))
        return std::nullopt;
      ticks.total += value;
      if (field == 7)
        ticks.steal = value;
    }
    return ticks;
  }

  /// The percentage of the machine's CPU time since `start` that the
  /// hypervisor stole (50 on two vCPUs: one of them all along). A workload
  /// that splits its kernels among every core waits for the one stolen
  /// from: its figure can be low by more than that.
  static std::optional<double> stealPercentSince(const std::optional<CpuTicks> &start) {
    std::optional<CpuTicks> end = now();
    if (!start || !end || end->total <= start->total)
      return std::nullopt;
    return 100.0 * double(end->steal - start->steal) / double(end->total - start->total);
  }
};

/// When the workload that report() will report started.
std::optional<CpuTicks> workloadStart;

/// What a workload gave: its figure's name, every figure of our line (ms
/// too), for the goals, and its figure on each system --compare ran.
struct Result {
  std::string figure;
  std::map<std::string, double> ours, theirs;
  /// The most CpuTicks::stealPercentSince said in a run of it, by system.
  std::map<std::string, double> steal;
  /// How many runs on each system `figure` is the median of
  /// (alternateWithTorch).
  size_t rounds = 1;
};
/// The workloads in the order they ran, and what each gave.
std::vector<std::string> ranWorkloads;
std::map<std::string, Result> results;
/// Which run of a workload report() is reporting (alternateWithTorch's
/// rounds after the first say so in their lines: their first step is warm).
size_t reportingRound = 1;
/// tg-roofline's figures in this run (none when it did not run).
std::map<std::string, double> rooflineFigures;

/// One workload's line; `figure` is left out when it is "ms" itself, and
/// `extra` figures follow it with three decimals.
void report(const std::string &workload, double secondsPerCall, const std::string &figure,
            double value, const std::vector<std::pair<std::string, double>> &extra = {}) {
  if (llvm::find(ranWorkloads, workload) == ranWorkloads.end())
    ranWorkloads.push_back(workload);
  Result &result = results[workload];
  result.figure = figure;
  result.ours["ms"] = secondsPerCall * 1e3;
  result.ours[figure] = value;
  for (const auto &[name, extraValue] : extra)
    result.ours[name] = extraValue;
  {
    llvm::json::OStream json(llvm::outs());
    json.object([&] {
      json.attribute("system", "tinygrad-mlir");
      json.attribute("device", tg::Tensor::scalar(0).device());
      json.attribute("workload", workload);
      attribute(json, "ms", secondsPerCall * 1e3, 3);
      if (figure != "ms")
        attribute(json, figure, value, 2);
      for (const auto &[name, extraValue] : extra)
        attribute(json, name, extraValue, 3);
      if (std::optional<double> steal = CpuTicks::stealPercentSince(workloadStart)) {
        attribute(json, "steal_pct", *steal, 1);
        result.steal["tinygrad-mlir"] = std::max(result.steal["tinygrad-mlir"], *steal);
      }
      if (reportingRound > 1)
        json.attribute("round", int64_t(reportingRound));
    });
  }
  llvm::outs() << "\n";
  llvm::outs().flush();
}

/// `a.dot(b)` of N×N matrices, or the transposed forms a Linear layer
/// computes: its forward x·Wᵀ (`abt`, W stored [out, in]) and its weight
/// gradient gᵀ·x (`atb`).
void matmul(int64_t n, const std::string &form = "") {
  tg::Tensor a = tg::Tensor::rand({n, n}).realize(), b = tg::Tensor::rand({n, n}).realize();
  auto product = [&] {
    return form == "abt" ? a.dot(b.transpose()) : form == "atb" ? a.transpose().dot(b) : a.dot(b);
  };
  double s = medianSeconds([&] { product().realize(); });
  report("matmul_" + (form.empty() ? "" : form + "_") + std::to_string(n), s, "gflops",
         2.0 * n * n * n / s * 1e-9);
}

void geluFused() {
  const int64_t n = 4096;
  tg::Tensor x = tg::Tensor::rand({n, n}).realize(), a = tg::Tensor::rand({n, n}).realize();
  tg::Tensor b = tg::Tensor::rand({n}).realize();
  double s = medianSeconds([&] { (x * a + b).gelu().realize(); });
  report("gelu_fused_4096x4096", s, "gbps", 3.0 * n * n * 4 / s * 1e-9);
}

void sumRows() {
  const int64_t n = 4096;
  tg::Tensor x = tg::Tensor::rand({n, n}).realize();
  double s = medianSeconds([&] { x.sum(1).realize(); });
  report("sum_rows_4096x4096", s, "gbps", double(n) * n * 4 / s * 1e-9);
}

void softmax() {
  const int64_t n = 4096;
  tg::Tensor x = tg::Tensor::rand({n, n}).realize();
  double s = medianSeconds([&] { x.softmax(1).realize(); });
  report("softmax_4096x4096", s, "ms", s * 1e3);
}

void randUniform() {
  double s = medianSeconds([] { tg::Tensor::rand({4096, 4096}).realize(); });
  report("rand_4096x4096", s, "ms", s * 1e3);
}

void conv2d() {
  tg::Tensor x = tg::Tensor::rand({16, 64, 56, 56}).realize();
  tg::Tensor w = tg::Tensor::rand({64, 64, 3, 3}).realize();
  double s = medianSeconds([&] { x.conv2d(w, {}, 1, {1}, {1}, {1}).realize(); });
  report("conv2d_16x64x56x56_k3", s, "gflops", 2.0 * 16 * 64 * 56 * 56 * 64 * 9 / s * 1e-9);
}

/// A convolution of a training step through the tensor API: the forward
/// pass, and the backward pass's two convolutions (the input's gradient and
/// the weights') realized together, each figure 2·N·Cout·Ho·Wo·Cin·K² FLOPs
/// per convolution.
void convTraining(const std::string &workload, int64_t batch, int64_t cin, int64_t size,
                  int64_t cout, int64_t k, int64_t stride, int64_t pad) {
  tg::Tensor x = tg::Tensor::rand({batch, cin, size, size}).realize();
  tg::Tensor w = tg::Tensor::rand({cout, cin, k, k}).realize();
  int64_t out = (size + 2 * pad - k) / stride + 1;
  tg::Tensor g = tg::Tensor::rand({batch, cout, out, out}).realize();
  auto conv = [&] { return x.conv2d(w, {}, 1, {stride}, {1}, {pad}); };
  double flops = 2.0 * batch * cout * out * out * cin * k * k;
  double forward = medianSeconds([&] { conv().realize(); });
  double backward = medianSeconds([&] {
    std::vector<tg::Tensor> grads = conv().mul(g).sum().gradient({x, w});
    tg::Tensor::realize(grads);
  });
  report(workload, forward, "gflops", flops / forward * 1e-9,
         {{"bwd_ms", backward * 1e3}, {"bwd_gflops", 2 * flops / backward * 1e-9}});
}

/// What BEAM gains over the optimizer's own opts on a workload: it is
/// searched with BEAM=2 (not timed, reported as search_s), then run as the
/// optimizer chose and as BEAM chose in turn, kBeamRounds times each, since
/// this machine's speed swings by up to 2x within minutes; each figure is
/// its fastest round's median.
void beamGain(const std::string &workload, const std::function<tg::Tensor()> &build,
              double flops) {
  constexpr int kBeamRounds = 3;
  setenv("BEAM", "2", 1);
  auto start = Clock::now();
  build().realize();
  double search = seconds(Clock::now() - start);
  unsetenv("BEAM");
  double hand = std::numeric_limits<double>::infinity(), beam = hand;
  for (int round = 0; round < kBeamRounds; ++round) {
    hand = std::min(hand, medianSeconds([&] { build().realize(); }));
    setenv("BEAM", "2", 1);
    beam = std::min(beam, medianSeconds([&] { build().realize(); }));
    unsetenv("BEAM");
  }
  report(workload, beam, "gflops", flops / beam * 1e-9,
         {{"hand_gflops", flops / hand * 1e-9}, {"gain", hand / beam}, {"search_s", search}});
}

struct MLP : tg::nn::Module {
  tg::nn::Linear l1{784, 512}, l2{512, 10};
  tg::Tensor operator()(const tg::Tensor &x) { return l2(l1(x).relu()); }
  void visit(tg::nn::Visitor &v) override {
    v("l1", l1);
    v("l2", l2);
  }
};

struct CNN : tg::nn::Module {
  tg::nn::Conv2d c1{1, 32, {3}}, c2{32, 64, {3}};
  tg::nn::Linear l1{9216, 128}, l2{128, 10};
  tg::Tensor operator()(const tg::Tensor &x) {
    tg::Tensor h = c2(c1(x).relu()).relu().max_pool2d({2}).flatten(1);
    return l2(l1(h).relu());
  }
  void visit(tg::nn::Visitor &v) override {
    v("c1", c1);
    v("c2", c2);
    v("l1", l1);
    v("l2", l2);
  }
};

/// Times a training step (`loss`, its backward pass and `optimizer`'s step,
/// realized as one program): steps_per_s from the median step, and
/// first_step_s, the cold first step (graph, compile, run) with the program
/// cache on disk off.
void timeTrainStep(const std::string &workload, tg::optim::Optimizer &optimizer,
                   const std::function<tg::Tensor()> &loss) {
  auto step = [&] {
    optimizer.zero_grad();
    tg::Tensor value = loss();
    value.backward();
    std::vector<tg::Tensor> pending = optimizer.schedule_step();
    pending.push_back(value);
    tg::Tensor::realize(pending);
  };
  auto start = Clock::now();
  step();
  double first = seconds(Clock::now() - start);
  double s = medianSeconds(step);
  report(workload, s, "steps_per_s", 1 / s, {{"first_step_s", first}});
}

/// One training step of `model` on a random batch of 128 `input`-shaped
/// samples with 10 classes (cross-entropy, Adam): steps_per_s from the
/// median step, and first_step_s, the cold first step (graph, compile,
/// run) with the program cache on disk off.
template <class Model> void trainStep(const std::string &workload, tg::Shape input) {
  Model model;
  tg::optim::LAMB adam = tg::optim::Adam(tg::nn::state::get_parameters(model), 1e-3);
  input.insert(input.begin(), 128);
  tg::Tensor x = tg::Tensor::randn(input).realize();
  tg::Tensor y = tg::Tensor::randint({128}, 0, 10).realize();
  tg::Tensor::training = true;
  timeTrainStep(workload, adam, [&] { return model(x).sparse_categorical_crossentropy(y); });
  tg::Tensor::training = false;
}

/// examples/resnet's ResNet-18 (random weights) on a random batch of
/// 224×224 images in eval mode: images_per_s from the median call.
/// Makes a model's weights exist before the clock starts (as torch's do);
/// left lazy, every call would draw them again.
void realizeState(tg::nn::Module &model) {
  std::vector<tg::Tensor> state;
  for (auto &[name, tensor] : tg::nn::state::get_state_dict(model))
    state.push_back(tensor);
  tg::Tensor::realize(state);
}

void resnet18Infer(int64_t batch) {
  tg::Tensor::manual_seed(1);
  resnet::ResNet18 model;
  realizeState(model);
  tg::Tensor x = tg::Tensor::randn({batch, 3, 224, 224}).realize();
  tg::NoGrad noGrad;
  double s = medianSeconds([&] { model(x).realize(); });
  report("resnet18_infer_b" + std::to_string(batch), s, "images_per_s", double(batch) / s);
}

/// One SGD step (momentum 0.9) of the same model in training mode on 16
/// random 224×224 images and labels, timed as trainStep's.
void resnet18TrainStep() {
  tg::Tensor::manual_seed(1);
  resnet::ResNet18 model;
  tg::optim::LARS sgd = tg::optim::SGD(tg::nn::state::get_parameters(model), 0.1, 0.9);
  tg::Tensor x = tg::Tensor::randn({16, 3, 224, 224}).realize();
  tg::Tensor y = tg::Tensor::randint({16}, 0, 1000).realize();
  tg::Tensor::training = true;
  timeTrainStep("resnet18_train_step_b16", sgd, [&] { return model(x).sparse_categorical_crossentropy(y); });
  tg::Tensor::training = false;
}

/// A byte-level GPT (examples/gpt, 4 layers of width 128, context 64): one
/// AdamW step on 16 random windows, timed as trainStep's.
void gptTrainStep() {
  tg::Tensor::manual_seed(1);
  gpt::GPT model;
  tg::optim::LAMB adamw = tg::optim::AdamW(tg::nn::state::get_parameters(model), 1e-3);
  tg::Tensor x = tg::Tensor::randint({16, model.config.context}, 0, model.config.vocab).realize();
  tg::Tensor y = tg::Tensor::randint({16, model.config.context}, 0, model.config.vocab).realize();
  tg::Tensor::training = true;
  timeTrainStep("gpt_train_step", adamw, [&] { return model(x).sparse_categorical_crossentropy(y); });
  tg::Tensor::training = false;
}

/// The same GPT generating: tokens per second through its key/value cache
/// (one compiled step for every position), temperature 1, top-20, after
/// the first token (which compiles).
void gptGenerate() {
  tg::Tensor::manual_seed(1);
  gpt::GPT model;
  realizeState(model);
  gpt::Generator generator(model, 1.0, 20);
  int token = generator.next('T');
  const int64_t tokens = model.config.context - 2;
  auto start = Clock::now();
  for (int64_t i = 0; i < tokens; ++i)
    token = generator.next(token);
  double s = seconds(Clock::now() - start) / double(tokens);
  report("gpt_generate_tokens_per_s", s, "tokens_per_s", 1 / s);
}

/// Runs `command`, echoing its output, and hands every line of it that is a
/// JSON object to `read`; false when it cannot run or fails.
bool echoJsonLines(const std::string &command,
                   const std::function<void(const llvm::json::Object &)> &read) {
  llvm::outs().flush();
  FILE *pipe = popen(command.c_str(), "r");
  if (!pipe)
    return false;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe)) {
    llvm::outs() << buffer;
    llvm::outs().flush();
    llvm::Expected<llvm::json::Value> line = llvm::json::parse(llvm::StringRef(buffer).trim());
    if (!line)
      llvm::consumeError(line.takeError());
    else if (const llvm::json::Object *object = line->getAsObject())
      read(*object);
  }
  return pclose(pipe) == 0;
}

/// The roofline line, from tg-roofline next to this program (built for
/// this machine's CPU, which the bench itself is not).
void roofline(const char *argv0) {
  llvm::outs().flush();
  // This program's own path, also when it was found through PATH.
  std::string self =
      llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&roofline));
  std::string dir = self.find('/') == std::string::npos ? "." : self.substr(0, self.rfind('/'));
  std::string command = "'" + dir + "/tg-roofline'";
  bool printed = false;
  bool ran = echoJsonLines(command, [&](const llvm::json::Object &line) {
    printed = true;
    for (const char *figure : {"peak_gflops", "mem_gbps", "read_gbps"})
      if (std::optional<double> value = line.getNumber(figure))
        rooflineFigures[figure] = *value;
  });
  if (!ran || !printed)
    throw tg::Error("cannot run " + command + " for the roofline line");
}

/// torchvision's resnet18 from ONNX (bench/compare/resnet18_onnx.py exports it with
/// an open batch and names it in TG_BENCH_RESNET18_ONNX), on a random batch.
void resnet18Onnx(int64_t batch) {
  const char *path = std::getenv("TG_BENCH_RESNET18_ONNX");
  if (!path)
    throw tg::Error("resnet18_onnx_infer_* read the model TG_BENCH_RESNET18_ONNX names "
                    "(bench/compare/resnet18_onnx.py exports it and runs them)");
  tg::onnx::Model model = tg::onnx::load(path);
  tg::Tensor x = tg::Tensor::rand({batch, 3, 224, 224}).realize();
  double s = medianSeconds([&] { tg::Tensor::realize(model({x})); });
  report("resnet18_onnx_infer_b" + std::to_string(batch), s, "images_per_s", double(batch) / s);
}

/// Runs bench/compare/workloads.py for `system` on `workloads`, printing
/// its lines and keeping their figures.
void compareWith(const std::string &system, const std::vector<std::string> &workloads) {
  std::string command = "/usr/bin/python3 '" TG_BENCH_COMPARE_SCRIPT "' --system " + system;
  for (const std::string &workload : workloads)
    command += " " + workload;
  bool ran = echoJsonLines(command, [&](const llvm::json::Object &line) {
    std::optional<llvm::StringRef> workload = line.getString("workload");
    auto result = workload ? results.find(workload->str()) : results.end();
    if (result == results.end())
      return;
    if (std::optional<double> value = line.getNumber(result->second.figure))
      result->second.theirs[system] = *value;
    if (std::optional<double> steal = line.getNumber("steal_pct"))
      result->second.steal[system] = std::max(result->second.steal[system], *steal);
  });
  if (!ran)
    throw tg::Error("the comparison on " + system + " failed: " + command);
}

/// Steal from which the comparison says that a figure is low: on two
/// vCPUs, a tenth of one of them.
constexpr double kNotableStealPercent = 5;

/// Each workload's figure on every system, and ours over theirs (over 1:
/// ours is better; for ms the other way round), then which figures the
/// hypervisor lowered.
void printComparison(const std::vector<std::string> &systems) {
  llvm::outs() << llvm::format("\n%-24s %-12s %14s", "workload", "figure", "tinygrad-mlir");
  for (const std::string &system : systems)
    llvm::outs() << llvm::format(" %12s %8s", system.c_str(), "ratio");
  llvm::outs() << "\n";
  for (const std::string &workload : ranWorkloads) {
    Result &result = results[workload];
    double ours = result.ours[result.figure];
    llvm::outs() << llvm::format("%-24s %-12s %14.2f", workload.c_str(), result.figure.c_str(),
                                 ours);
    for (const std::string &system : systems) {
      auto theirs = result.theirs.find(system);
      if (theirs == result.theirs.end() || theirs->second <= 0 || ours <= 0) {
        llvm::outs() << llvm::format(" %12s %8s", "-", "-");
        continue;
      }
      double ratio = result.figure == "ms" ? theirs->second / ours : ours / theirs->second;
      llvm::outs() << llvm::format(" %12.2f %7.2fx", theirs->second, ratio);
    }
    llvm::outs() << "\n";
  }
  llvm::outs() << "(ratio: how many times better ours is; a system without a figure did not "
                  "run or is not installed, as its line above says)\n";
  for (const std::string &workload : ranWorkloads)
    if (results[workload].rounds > 1)
      llvm::outs() << "(" << workload << ": ours and torch's are the medians of "
                   << results[workload].rounds << " runs of each, one after the other)\n";
  for (const std::string &workload : ranWorkloads)
    for (const auto &[system, steal] : results[workload].steal)
      if (steal >= kNotableStealPercent)
        llvm::outs() << llvm::format("(%s on %s: the hypervisor took %.1f%% of this machine's "
                                     "CPU time (steal), so its figure is low)\n",
                                     workload.c_str(), system.c_str(), steal);
}

/// Issue 18's goals for this machine.
struct Goal {
  std::string workload, figure, wanted;
  double bound;
  bool atLeast;
  /// The roofline figure `bound` is a fraction of, "torch" for a multiple
  /// of torch's figure (`bound` itself when --compare did not run torch),
  /// or empty.
  std::string of;
};
const Goal goals[] = {
    {"conv2d_16x64x56x56_k3", "gflops", ">= 200", 200, true, ""},
    {"matmul_1024", "gflops", ">= 70% of peak_gflops", 0.7, true, "peak_gflops"},
    {"matmul_2048", "gflops", ">= 70% of peak_gflops", 0.7, true, "peak_gflops"},
    {"matmul_abt_1024", "gflops", ">= 70% of peak_gflops", 0.7, true, "peak_gflops"},
    {"matmul_atb_1024", "gflops", ">= 70% of peak_gflops", 0.7, true, "peak_gflops"},
    {"matmul_abt_2048", "gflops", ">= 70% of peak_gflops", 0.7, true, "peak_gflops"},
    {"matmul_atb_2048", "gflops", ">= 70% of peak_gflops", 0.7, true, "peak_gflops"},
    {"gelu_fused_4096x4096", "ms", "<= 8", 8, false, ""},
    {"softmax_4096x4096", "ms", "<= 5", 5, false, ""},
    {"sum_rows_4096x4096", "gbps", ">= 90% of read_gbps", 0.9, true, "read_gbps"},
    {"train_step_cnn_b128", "steps_per_s", ">= 12", 12, true, ""},
    {"train_step_mlp_b128", "steps_per_s", ">= 300", 300, true, ""},
    {"train_step_cnn_b128", "first_step_s", "<= 1", 1, false, ""},
    {"train_step_mlp_b128", "first_step_s", "<= 1", 1, false, ""},
    {"conv2d_train_b128_32x26_k3", "gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b128_32x26_k3", "bwd_gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b128_32x24_k5", "gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b128_32x24_k5", "bwd_gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b128_32x10_k3", "gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b128_32x10_k3", "bwd_gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b128_64x8_k3", "gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b128_64x8_k3", "bwd_gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b16_64x56_k3_s2", "gflops", ">= 200", 200, true, ""},
    {"conv2d_train_b16_64x56_k3_s2", "bwd_gflops", ">= 200", 200, true, ""},
    {"train_step_mnist_b128", "steps_per_s", ">= 2x torch (16 without torch)", 2, true, "torch"},
};

/// Issue 18's goals for this machine, one JSON line each:
///   {"goal": WORKLOAD, "figure": ..., "wanted": ">= 200", "value": ..., "met": ...}
/// or, when this run cannot tell, "status" says why instead of "met". A
/// goal bounds a workload's figure (at least or at most; for the matmuls
/// and sum_rows a fraction of a roofline figure of the same run).
void printGoals() {
  for (const Goal &goal : goals) {
    llvm::json::OStream json(llvm::outs());
    json.object([&] {
      json.attribute("goal", goal.workload);
      json.attribute("figure", goal.figure);
      json.attribute("wanted", goal.wanted);
      auto ran = results.find(goal.workload);
      if (ran == results.end()) {
        json.attribute("status", "not run");
        return;
      }
      double value = ran->second.ours[goal.figure];
      attribute(json, "value", value, 2);
      if (ran->second.rounds > 1)
        json.attribute("rounds", int64_t(ran->second.rounds));
      double bound = goal.bound;
      if (goal.of == "torch") {
        // Torch's figure on the model when it ran, else twice issue 18's
        // measurement of it (7.8 steps/s).
        auto torch = ran->second.theirs.find("torch");
        bound = torch == ran->second.theirs.end() ? 16 : goal.bound * torch->second;
        attribute(json, "bound", bound, 2);
      } else if (!goal.of.empty()) {
        auto roof = rooflineFigures.find(goal.of);
        if (roof == rooflineFigures.end()) {
          json.attribute("status", "needs the roofline line in the same run");
          return;
        }
        bound *= roof->second;
      }
      json.attribute("met", goal.atLeast ? value >= bound : value <= bound);
    });
    llvm::outs() << "\n";
  }
}

const std::vector<std::pair<std::string, std::function<void()>>> &workloads() {
  static const std::vector<std::pair<std::string, std::function<void()>>> all = {
      {"matmul_256", [] { matmul(256); }},
      {"matmul_512", [] { matmul(512); }},
      {"matmul_1024", [] { matmul(1024); }},
      {"matmul_2048", [] { matmul(2048); }},
      {"matmul_abt_1024", [] { matmul(1024, "abt"); }},
      {"matmul_atb_1024", [] { matmul(1024, "atb"); }},
      {"matmul_abt_2048", [] { matmul(2048, "abt"); }},
      {"matmul_atb_2048", [] { matmul(2048, "atb"); }},
      {"gelu_fused_4096x4096", geluFused},
      {"sum_rows_4096x4096", sumRows},
      {"softmax_4096x4096", softmax},
      {"rand_4096x4096", randUniform},
      {"conv2d_16x64x56x56_k3", conv2d},
      // The training steps' convolutions: the CNN's second (26x26 maps),
      // beautiful_mnist's (5x5 kernels; 10x10 and 8x8 maps), and a ResNet
      // stage's stride 2.
      {"conv2d_train_b128_32x26_k3", [] { convTraining("conv2d_train_b128_32x26_k3", 128, 32, 26, 64, 3, 1, 0); }},
      {"conv2d_train_b128_32x24_k5", [] { convTraining("conv2d_train_b128_32x24_k5", 128, 32, 24, 32, 5, 1, 0); }},
      {"conv2d_train_b128_32x10_k3", [] { convTraining("conv2d_train_b128_32x10_k3", 128, 32, 10, 64, 3, 1, 0); }},
      {"conv2d_train_b128_64x8_k3", [] { convTraining("conv2d_train_b128_64x8_k3", 128, 64, 8, 64, 3, 1, 0); }},
      {"conv2d_train_b16_64x56_k3_s2", [] { convTraining("conv2d_train_b16_64x56_k3_s2", 16, 64, 56, 128, 3, 2, 1); }},
      {"beam_matmul_1024", [] {
         tg::Tensor a = tg::Tensor::rand({1024, 1024}).realize(), b = tg::Tensor::rand({1024, 1024}).realize();
         beamGain("beam_matmul_1024", [&] { return a.dot(b); }, 2.0 * 1024 * 1024 * 1024);
       }},
      {"beam_conv2d_16x64x56x56_k3", [] {
         tg::Tensor x = tg::Tensor::rand({16, 64, 56, 56}).realize();
         tg::Tensor w = tg::Tensor::rand({64, 64, 3, 3}).realize();
         beamGain("beam_conv2d_16x64x56x56_k3", [&] { return x.conv2d(w, {}, 1, {1}, {1}, {1}); },
                  2.0 * 16 * 64 * 56 * 56 * 64 * 9);
       }},
      {"train_step_mlp_b128", [] { trainStep<MLP>("train_step_mlp_b128", {784}); }},
      {"train_step_cnn_b128", [] { trainStep<CNN>("train_step_cnn_b128", {1, 28, 28}); }},
      // The main job's step: examples/fashion_mnist's model (beautiful_mnist).
      {"train_step_mnist_b128",
       [] { trainStep<fashion_mnist::Model>("train_step_mnist_b128", {1, 28, 28}); }},
      {"resnet18_infer_b1", [] { resnet18Infer(1); }},
      {"resnet18_train_step_b16", resnet18TrainStep},
      {"gpt_train_step", gptTrainStep},
      {"gpt_generate_tokens_per_s", gptGenerate},
      {"resnet18_onnx_infer_b1", [] { resnet18Onnx(1); }},
      {"resnet18_onnx_infer_b16", [] { resnet18Onnx(16); }},
  };
  return all;
}

/// Runs of a workload a goal compares with torch's, on each system, one
/// after the other: this machine's speed drifts by half over minutes, and
/// one run of each, minutes apart, compares the phases as much as the
/// systems (the main job: torch 12.0 to 18.1 steps/s in four runs of it
/// between runs of ours).
constexpr size_t kAlternateRounds = 3;

/// Runs `workload` (ours by `run`) and then torch's, until each has run
/// kAlternateRounds times, and keeps each side's median figure; the other
/// figures stay the first run's (first_step_s: the cold step).
void alternateWithTorch(const std::string &workload, const std::function<void()> &run) {
  Result &result = results[workload];
  auto torch = result.theirs.find("torch");
  if (torch == result.theirs.end())
    return;
  const std::map<std::string, double> first = result.ours;
  std::vector<double> ours{first.at(result.figure)}, theirs{torch->second};
  while (ours.size() < kAlternateRounds) {
    reportingRound = ours.size() + 1;
    workloadStart = CpuTicks::now();
    run();
    ours.push_back(result.ours[result.figure]);
    compareWith("torch", {workload});
    theirs.push_back(result.theirs["torch"]);
  }
  reportingRound = 1;
  result.ours = first;
  result.ours[result.figure] = median(ours);
  result.theirs["torch"] = median(theirs);
  result.rounds = ours.size();
}

} // namespace

llvm::cl::OptionCategory benchCategory("tg-bench");
llvm::cl::list<std::string> wantedFlag(llvm::cl::Positional, llvm::cl::desc("[workload...]"),
                                       llvm::cl::cat(benchCategory));
llvm::cl::opt<bool> listWorkloads("list", llvm::cl::desc("Name every workload and exit"),
                                  llvm::cl::cat(benchCategory));
llvm::cl::opt<bool> compareFlag(
    "compare",
    llvm::cl::desc("Then run the same workloads on torch and tinygrad (TINYGRAD_PATH: a "
                   "checkout) and print each figure beside ours"),
    llvm::cl::cat(benchCategory));

int main(int argc, char **argv) {
  tg::setVersionPrinter();
  llvm::cl::HideUnrelatedOptions(benchCategory);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "tinygrad-mlir: bench/WORKLOADS.md's standard workloads, one JSON line each\n\n"
      "  Runs every workload, or the ones named; \"roofline\" is tg-roofline's line.\n"
      "  resnet18_onnx_infer_* run when TG_BENCH_RESNET18_ONNX names the model.\n");
  // Copied: lld, which links CPU kernels in the process, resets every
  // llvm::cl option (cl::ResetAllOptionOccurrences) at the first compile.
  const std::vector<std::string> wanted(wantedFlag.begin(), wantedFlag.end());
  const bool compare = compareFlag;
  if (listWorkloads) {
    for (const auto &workload : workloads())
      llvm::outs() << workload.first << "\n";
    llvm::outs() << "roofline\n";
    return 0;
  }
  // first_step_s is a cold step: nothing from earlier runs' disk cache.
  if (!std::getenv("CACHELEVEL"))
    setenv("CACHELEVEL", "0", 1);
  try {
    for (const std::string &name : wanted)
      if (name != "roofline" &&
          std::none_of(workloads().begin(), workloads().end(),
                       [&](const auto &workload) { return workload.first == name; }))
        throw tg::Error("no workload named '" + name + "' (tg-bench --list names them)");
    // The ONNX workloads run when their model is given (or they are named).
    bool onnx = std::getenv("TG_BENCH_RESNET18_ONNX") != nullptr;
    for (const auto &[name, run] : workloads())
      if (wanted.empty() ? onnx || name.rfind("resnet18_onnx", 0) != 0
                         : std::find(wanted.begin(), wanted.end(), name) != wanted.end()) {
        workloadStart = CpuTicks::now();
        run();
      }
    if (wanted.empty() || std::find(wanted.begin(), wanted.end(), "roofline") != wanted.end())
      roofline(argv[0]);
    if (compare) {
      const std::vector<std::string> systems = {"torch", "tinygrad"};
      for (const std::string &system : systems)
        compareWith(system, ranWorkloads);
      for (const Goal &goal : goals)
        for (const auto &[name, run] : workloads())
          if (goal.of == "torch" && name == goal.workload && results.count(name))
            alternateWithTorch(name, run);
      printComparison(systems);
    }
    printGoals();
    return 0;
  } catch (const tg::Error &e) {
    llvm::errs() << "tg-bench: " << e.what() << "\n";
    return 1;
  }
}
