//===- Beam.cpp - BEAM=n: kernel opts searched for by timing --------------===//
//
// tinygrad's beam_search (codegen/opt/search.py) for a target that takes
// kernel opts: each kernel is compiled alone with candidate opts and timed
// on the device; a round takes the opts one action away from each of the n
// fastest so far (the target's searchOpts), and the search stops when a
// round gains less than 1% or after kMaxRounds. Candidates the kernel
// cannot carry out fall back in the target as its own choices do, and two
// candidates applied alike count as one; one whose first launch is over
// kGiveUp times slower than the best is not run again. A winner other than
// the optimizer's opts must beat them again in alternating runs. The
// winner is kept in the disk cache under the kernel's IR, the device, the
// target's description and n, so later compiles and processes reuse it.
//
//===----------------------------------------------------------------------===//

#include "Stages.h"

#include "ExecutableWriter.h"

#include "tg/Compiler/ProgramCache.h"
#include "tg/Target/TargetBackend.h"
#include "tgrt.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::tg;

namespace {

constexpr int kMaxRounds = 5;
/// Launches timed per candidate; the fastest counts (tinygrad's 3 runs).
constexpr int kRuns = 3;
/// How much slower than the best so far a first launch may be before the
/// candidate is given up.
constexpr double kGiveUp = 3.0;
/// The search times candidates minutes apart, and this machine's speed
/// swings by up to 2x within minutes: a convolution's winner timed 15.1
/// against 18.4 ms for the optimizer's opts, and ran 20.0-22.3 against
/// 13.6-20.2 ms in alternating runs. So the winner and the optimizer's
/// opts are timed in turn, kRunoffRounds times each, and the winner is
/// kept only when its fastest run beats theirs by kRunoffMargin.
constexpr int kRunoffRounds = 3;
constexpr double kRunoffMargin = 0.98;

/// The kernel alone, given `opts`, called by a host function @beam that
/// passes its inputs and a fresh output.
OwningOpRef<ModuleOp> kernelAlone(func::FuncOp kernel, StringRef opts) {
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(context);
  b.setInsertionPointToEnd(module->getBody());
  auto copy = cast<func::FuncOp>(b.clone(*kernel));
  copy->setAttr("tg.opts", parseAttribute(opts, context));
  FunctionType type = kernel.getFunctionType();
  auto host = func::FuncOp::create(b, loc, "beam",
                                   b.getFunctionType(type.getInputs().drop_back(), type.getResults()));
  Block *entry = host.addEntryBlock();
  b.setInsertionPointToStart(entry);
  auto result = cast<RankedTensorType>(type.getResult(0));
  SmallVector<Value> operands(entry->getArguments());
  operands.push_back(tensor::EmptyOp::create(b, loc, result.getShape(), result.getElementType()));
  auto call = func::CallOp::create(b, loc, copy, operands);
  func::ReturnOp::create(b, loc, call.getResults());
  return module;
}

/// Sums the nanoseconds of every launch the runtime reports.
void addLaunchTime(void *user, const char *, uint64_t nanoseconds, uint64_t, uint64_t) {
  *static_cast<uint64_t *>(user) += nanoseconds;
}

/// A kernel compiled with candidate opts and loaded on a device, with
/// zeroed inputs to launch it on.
class Candidate {
public:
  Candidate(tgrt_device device, std::string applied, tgrt_executable program)
      : device(device), applied(std::move(applied)), program(program) {}
  ~Candidate() {
    for (tgrt_buffer buffer : inputs)
      tgrt_buffer_release(buffer);
    if (program)
      tgrt_executable_release(program);
  }
  Candidate(const Candidate &) = delete;
  Candidate &operator=(const Candidate &) = delete;

  /// The opts the kernel was compiled with.
  const std::string &opts() const { return applied; }

  /// Zeroed inputs of `types`: no NaN or denormal makes one candidate
  /// slower than another.
  bool allocate(TypeRange types) {
    for (Type input : types) {
      auto shaped = cast<ShapedType>(input);
      uint64_t bytes =
          shaped.getNumElements() * std::max<uint64_t>(1, shaped.getElementTypeBitWidth() / 8);
      tgrt_buffer buffer;
      if (tgrt_buffer_alloc(device, bytes, &buffer) != TGRT_OK)
        return false;
      inputs.push_back(buffer);
      std::vector<char> zeros(bytes, 0);
      if (tgrt_buffer_write(buffer, 0, zeros.data(), bytes) != TGRT_OK)
        return false;
    }
    return true;
  }

  /// The fastest of kRuns launches after a warm-up one (infinity when a
  /// launch fails). A candidate whose warm-up takes over kGiveUp times
  /// `best` is not run again (tinygrad's early stop): that launch is its
  /// time.
  double run(double best) {
    uint64_t launched = 0;
    tgrt_executable_observe(program, addLaunchTime, &launched);
    double fastest = std::numeric_limits<double>::infinity();
    for (int run = 0; run <= kRuns; ++run) {
      launched = 0;
      tgrt_buffer output;
      if (tgrt_executable_run(program, inputs.data(), inputs.size(), &output, 1) != TGRT_OK ||
          tgrt_device_synchronize(device) != TGRT_OK) {
        fastest = std::numeric_limits<double>::infinity();
        break;
      }
      tgrt_buffer_release(output);
      if (run == 0 && double(launched) > kGiveUp * best) {
        fastest = double(launched);
        break;
      }
      if (run > 0)
        fastest = std::min(fastest, double(launched));
    }
    tgrt_executable_observe(program, nullptr, nullptr);
    return fastest;
  }

private:
  tgrt_device device;
  std::string applied;
  tgrt_executable program;
  std::vector<tgrt_buffer> inputs;
};

/// Compiles kernels with candidate opts and loads them on one device.
class Timer {
public:
  Timer(const TargetBackend &target, const TargetOptions &targetOptions,
        const CompileOptions &options)
      : target(target), targetOptions(targetOptions), options(options) {
    this->targetOptions.format = "bin";
    this->targetOptions.assemblyLog = nullptr;
    this->options.debug = 0;
    this->options.log = nullptr;
    this->options.beam = 0;
    if (tgrt_device_open(options.device.c_str(), &device) != TGRT_OK)
      device = nullptr;
  }
  ~Timer() {
    if (device)
      tgrt_device_release(device);
  }
  Timer(const Timer &) = delete;
  Timer &operator=(const Timer &) = delete;

  bool ready() const { return device; }

  /// `kernel` compiled with `opts` and loaded with its inputs, or null
  /// when it does not compile or load.
  std::unique_ptr<Candidate> load(func::FuncOp kernel, StringRef opts) {
    OwningOpRef<ModuleOp> module = kernelAlone(kernel, opts);
    ExecutableWriter writer;
    writer.setName("beam");
    FunctionType type = kernel.getFunctionType();
    for (Type input : type.getInputs().drop_back())
      if (failed(writer.addSignatureType(input, /*isInput=*/true)))
        return nullptr;
    if (failed(writer.addSignatureType(type.getResult(0), /*isInput=*/false)))
      return nullptr;
    // A candidate that does not compile is no candidate: its errors are
    // not the user's.
    ScopedDiagnosticHandler quiet(kernel.getContext(), [](Diagnostic &) { return success(); });
    FailureOr<Executable> executable = finishCompile(
        *module, "beam", target, targetOptions, options, writer, {}, nullptr, *module);
    if (failed(executable))
      return nullptr;
    tgrt_executable program;
    if (tgrt_executable_load(device, executable->blob.data(), executable->blob.size(), &program) !=
        TGRT_OK)
      return nullptr;
    auto candidate = std::make_unique<Candidate>(
        device, executable->appliedOpts[kernel.getName().str()], program);
    if (!candidate->allocate(type.getInputs().drop_back()))
      return nullptr;
    return candidate;
  }

private:
  const TargetBackend &target;
  TargetOptions targetOptions;
  CompileOptions options;
  tgrt_device device = nullptr;
};

/// The disk cache's key of a kernel's search: its IR under a fixed name
/// (a symbol prefix does not change what it computes), the device, the code
/// it is compiled to and n.
std::string searchKey(func::FuncOp kernel, const TargetBackend &target,
                      const TargetOptions &targetOptions, const CompileOptions &options) {
  auto copy = cast<func::FuncOp>(kernel->clone());
  copy.setName("kernel");
  copy->removeAttr("tg.opts");
  std::string key;
  llvm::raw_string_ostream os(key);
  os << "BEAM=" << options.beam << "|" << options.device << "|" << target.describe(targetOptions)
     << "|";
  copy.print(os);
  copy.erase();
  return key;
}

/// A kernel's time, in ms or (below 0.1 ms) µs.
std::string duration(double nanoseconds) {
  std::string s;
  if (nanoseconds < 1e5)
    llvm::raw_string_ostream(s) << llvm::format("%.1f us", nanoseconds * 1e-3);
  else
    llvm::raw_string_ostream(s) << llvm::format("%.3f ms", nanoseconds * 1e-6);
  return s;
}

} // namespace

LogicalResult mlir::tg::searchKernelOpts(ModuleOp module, const TargetBackend &target,
                                         const TargetOptions &targetOptions,
                                         const CompileOptions &options) {
  llvm::raw_ostream &log = options.log ? *options.log : llvm::errs();
  if (!target.takesKernelOpts())
    return success(); // a GPU target chooses its own launch
  if (!targetOptions.triple.empty()) {
    log << "tg: BEAM=" << options.beam << ": the kernels of another target triple ("
        << targetOptions.triple << ") cannot be timed here; the optimizer's opts stay\n";
    return success();
  }
  SmallVector<func::FuncOp> kernels;
  for (auto kernel : module.getOps<func::FuncOp>())
    if (kernel->hasAttr("tg.kernel") && !kernel->hasAttr("tg.opts"))
      kernels.push_back(kernel);
  if (kernels.empty())
    return success();
  Timer timer(target, targetOptions, options);
  if (!timer.ready()) {
    log << "tg: BEAM=" << options.beam << ": cannot open device " << options.device
        << " to time kernels on (" << tgrt_last_error() << "); the optimizer's opts stay\n";
    return success();
  }
  size_t width = std::max<size_t>(1, options.beam);
  for (size_t index = 0; index < kernels.size(); ++index) {
    func::FuncOp kernel = kernels[index];
    std::string key = searchKey(kernel, target, targetOptions, options);
    if (std::optional<std::string> found = ::tg::cache::load(key)) {
      if (Attribute opts = parseAttribute(*found, module.getContext())) {
        kernel->setAttr("tg.opts", opts);
        continue;
      }
    }
    // Every opts tried, and the fastest time of each opts as applied. The
    // optimizer's candidate and the fastest so far stay loaded for the
    // runoff.
    std::map<std::string, std::string> tried; // opts → as applied
    std::map<std::string, double> byApplied;
    std::shared_ptr<Candidate> optimizers, leader;
    double best = std::numeric_limits<double>::infinity();
    auto evaluate = [&](const std::string &opts) -> std::shared_ptr<Candidate> {
      if (tried.count(opts))
        return nullptr;
      std::shared_ptr<Candidate> candidate = timer.load(kernel, opts);
      tried[opts] = candidate ? candidate->opts() : "";
      if (!candidate)
        return nullptr;
      double nanoseconds = candidate->run(best);
      auto [it, fresh] = byApplied.try_emplace(candidate->opts(), nanoseconds);
      if (!fresh)
        it->second = std::min(it->second, nanoseconds);
      if (nanoseconds < best) {
        best = nanoseconds;
        leader = candidate;
      }
      return candidate;
    };
    std::vector<std::string> start = target.searchOpts(kernel, "", targetOptions);
    if (start.empty())
      continue;
    optimizers = evaluate(start.front());
    for (const std::string &opts : llvm::drop_begin(start))
      evaluate(opts);
    if (byApplied.empty())
      continue; // nothing compiled: the optimizer's own choice stays
    double chosen =
        optimizers ? byApplied[optimizers->opts()] : std::numeric_limits<double>::infinity();
    auto fastest = [&] {
      std::vector<std::pair<double, std::string>> order;
      for (const auto &[applied, ns] : byApplied)
        order.push_back({ns, applied});
      std::sort(order.begin(), order.end());
      if (order.size() > width)
        order.resize(width);
      return order;
    };
    for (int round = 0; round < kMaxRounds; ++round) {
      size_t before = tried.size();
      double roundStart = best;
      for (const auto &[ns, opts] : fastest())
        for (const std::string &next : target.searchOpts(kernel, opts, targetOptions))
          evaluate(next);
      if (tried.size() == before || !(best < roundStart * 0.99))
        break;
    }
    if (!leader)
      continue; // nothing ran: the optimizer's own choice stays
    const std::string &searched = leader->opts();
    std::string winner = searched, runoff;
    if (optimizers && searched != optimizers->opts() && std::isfinite(chosen)) {
      double winnerRun = std::numeric_limits<double>::infinity(), chosenRun = winnerRun;
      for (int round = 0; round < kRunoffRounds; ++round) {
        chosenRun = std::min(chosenRun, optimizers->run(chosenRun));
        winnerRun = std::min(winnerRun, leader->run(winnerRun));
      }
      if (!(winnerRun < kRunoffMargin * chosenRun))
        winner = optimizers->opts();
      llvm::raw_string_ostream(runoff)
          << "; in alternating runs " << duration(winnerRun) << " against the optimizer's "
          << duration(chosenRun) << ": it keeps " << winner;
    }
    kernel->setAttr("tg.opts", parseAttribute(winner, module.getContext()));
    ::tg::cache::store(key, winner);
    log << "tg: BEAM=" << options.beam << " [" << index + 1 << "/" << kernels.size() << "] "
        << kernel.getName() << ": " << tried.size() << " candidates, " << duration(chosen)
        << " as the optimizer chose, " << duration(best) << " with " << searched << runoff << "\n";
  }
  return success();
}
