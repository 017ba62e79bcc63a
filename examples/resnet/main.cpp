//===- main.cpp - ResNet-18 on torchvision's weights, checked against torch -===//
//
// Loads what torch_reference.py wrote (torchvision's resnet18 saved by
// torch.save, read with torch_load), then checks the C++ model against
// PyTorch: the logits of a batch in eval mode, and one SGD step in training
// mode (the loss, and the updated weights and running statistics).
//
//   resnet --check DIR [--tolerance 1e-3]
//
//===----------------------------------------------------------------------===//

#include "model.h"

#include "tg/Support/Version.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdio>

using namespace tg;

namespace {

/// max |a - b|, and whether it is within `tolerance`.
bool compare(const char *what, const Tensor &ours, const Tensor &theirs, double tolerance) {
  if (ours.shape() != theirs.shape()) {
    std::printf("%-32s shape %s, torch's %s\n", what, ours.str().c_str(), theirs.str().c_str());
    return false;
  }
  double worst = ours.cast(DType::Float32).sub(theirs.cast(DType::Float32)).abs().max().item<double>();
  bool ok = worst <= tolerance;
  std::printf("%-32s max |tg - torch| = %.3g%s\n", what, worst, ok ? "" : "  (too large)");
  return ok;
}

const Tensor &entry(const nn::StateDict &dict, const std::string &name) {
  auto it = dict.find(name);
  if (it == dict.end())
    throw Error("resnet: the reference has no " + name);
  return it->second;
}

bool check(const std::string &dir, double tolerance) {
  using Clock = std::chrono::steady_clock;
  resnet::ResNet18 model;
  nn::state::load_state_dict(model, nn::state::torch_load(dir + "/resnet18.pt"));
  nn::StateDict expected = nn::state::torch_load(dir + "/expected.pt");
  const Tensor &images = entry(expected, "images");
  bool ok = true;

  Tensor::training = false;
  auto start = Clock::now();
  {
    NoGrad noGrad;
    ok &= compare("logits (eval)", model(images), entry(expected, "logits"), tolerance);
  }
  std::printf("  inference of %s: %.1f s (compile and run)\n", images.str().c_str(),
              std::chrono::duration<double>(Clock::now() - start).count());

  Tensor::training = true;
  auto sgd = optim::SGD(nn::state::get_parameters(model), 0.1, 0.9, 1e-4);
  start = Clock::now();
  sgd.zero_grad();
  Tensor loss = model(images).sparse_categorical_crossentropy(entry(expected, "labels"));
  loss.backward();
  std::vector<Tensor> pending = sgd.schedule_step();
  pending.push_back(loss);
  Tensor::realize(pending);
  Tensor::training = false;
  std::printf("  one training step: %.1f s (compile and run)\n",
              std::chrono::duration<double>(Clock::now() - start).count());
  ok &= compare("loss (train)", loss, entry(expected, "loss"), tolerance);
  nn::StateDict state = nn::state::get_state_dict(model);
  const std::string prefix = "updated.";
  for (const auto &[name, value] : expected)
    if (name.rfind(prefix, 0) == 0)
      ok &= compare((name.substr(prefix.size()) + " after SGD").c_str(), entry(state, name.substr(prefix.size())),
                    value, tolerance);
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  static llvm::cl::OptionCategory category{"ResNet-18"};
  static llvm::cl::opt<std::string> checkDir{
      "check", llvm::cl::desc("The folder torch_reference.py wrote"), llvm::cl::value_desc("dir"),
      llvm::cl::Required, llvm::cl::cat(category)};
  static llvm::cl::opt<double> toleranceFlag{"tolerance", llvm::cl::desc("Largest difference allowed"),
                                             llvm::cl::init(1e-3), llvm::cl::cat(category)};
  setVersionPrinter();
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(argc, argv, "ResNet-18 on torchvision's weights, checked against PyTorch\n");
  // Copied out: lld, which links CPU kernels in the process, resets every
  // llvm::cl option at the first compile.
  const std::string dir = checkDir;
  const double tolerance = toleranceFlag;
  try {
    if (!check(dir, tolerance)) {
      std::printf("resnet: the model does not match PyTorch within %g\n", tolerance);
      return 1;
    }
    std::printf("resnet: matches PyTorch within %g\n", tolerance);
  } catch (const Error &e) {
    std::fprintf(stderr, "resnet: %s\n", e.what());
    return 1;
  }
  return 0;
}
