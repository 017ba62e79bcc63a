//===- Viz.cpp - VIZ=1: an HTML page of what the process compiled ---------===//

#include "tg/Compiler/Viz.h"

#include "tg/Compiler/Compiler.h"
#include "tg/Support/Knobs.h"
#include "tg/Support/Version.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <errno.h> // program_invocation_short_name
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

using namespace mlir;
using namespace mlir::tg;

namespace {

// The page (lib/Compiler/viz.html) as kVizPage, embedded by the build.
#include "VizPage.inc"
constexpr llvm::StringLiteral kDataPlaceholder = "@TG_VIZ_DATA@";

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Each top-level op of the module, as [symbol, index of its text].
using Snapshot = std::vector<std::pair<std::string, unsigned>>;

struct GraphNode {
  int id;
  std::string op, type, label, loc;
  std::vector<int> inputs;
};

struct Step {
  const Pass *pass;
  std::string name;
  double ms = 0;
  uint64_t patterns = 0, changed = 0;
  Snapshot ir;
};

struct Stage {
  std::string name;
  std::vector<Step> steps;
  /// Steps from here on were made by passes on functions, after the last
  /// pass on the whole module: a pass's runs on several functions are one step.
  size_t nestedFrom = 0;
};

} // namespace

struct viz::ProgramRecord {
  std::string name, device;
  Clock::time_point start = Clock::now();
  double ms = 0;
  std::vector<GraphNode> graph;
  std::vector<KernelSummary> kernels;
  Snapshot initial;
  std::vector<Stage> stages;
  /// The latest text of every top-level symbol.
  Snapshot current;
  std::atomic<uint64_t> patterns{0};
  ModuleOp module;
};

namespace {

/// Every program recorded, and the pool of IR texts they refer to (an
/// unchanged symbol's text is stored once, as a key of `textIndex`, whose
/// entries never move; `texts` refers to them by index).
struct Page {
  std::mutex mutex;
  std::vector<std::unique_ptr<viz::ProgramRecord>> programs;
  std::vector<llvm::StringRef> texts;
  llvm::StringMap<unsigned> textIndex;

  unsigned intern(llvm::StringRef text) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [entry, added] = textIndex.try_emplace(text, unsigned(texts.size()));
    if (added)
      texts.push_back(entry->first());
    return entry->second;
  }
  llvm::StringRef text(unsigned index) {
    std::lock_guard<std::mutex> lock(mutex);
    return texts[index];
  }
};

Page &page() {
  static auto *all = new Page(); // read by the atexit handler
  return *all;
}

void writeData(llvm::raw_ostream &os, Page &all) {
  llvm::json::OStream json(os);
  auto snapshot = [&](llvm::StringRef key, const Snapshot &ir) {
    json.attributeArray(key, [&] {
      for (const auto &entry : ir)
        json.array([&] {
          json.value(entry.first);
          json.value(int64_t(entry.second));
        });
    });
  };
  json.object([&] {
    json.attribute("tool", program_invocation_short_name);
    json.attribute("version", ::tg::versionText());
    json.attributeArray("texts", [&] {
      for (llvm::StringRef text : all.texts)
        json.value(text);
    });
    json.attributeArray("programs", [&] {
      for (const auto &program : all.programs)
        json.object([&] {
          json.attribute("name", program->name);
          json.attribute("device", program->device);
          json.attribute("ms", program->ms);
          json.attributeObject("graph", [&] {
            json.attributeArray("nodes", [&] {
              for (const GraphNode &node : program->graph)
                json.object([&] {
                  json.attribute("id", node.id);
                  json.attribute("op", node.op);
                  json.attribute("type", node.type);
                  json.attribute("label", node.label);
                  if (!node.loc.empty())
                    json.attribute("loc", node.loc);
                  json.attributeArray("inputs", [&] {
                    for (int input : node.inputs)
                      json.value(input);
                  });
                });
            });
          });
          json.attributeArray("kernels", [&] {
            for (const KernelSummary &kernel : program->kernels)
              json.object([&] {
                json.attribute("name", kernel.name);
                json.attribute("parallel", int64_t(kernel.parallelSize));
                json.attribute("flops", int64_t(kernel.flops));
                json.attribute("bytes", int64_t(kernel.bytes));
              });
          });
          snapshot("initial", program->initial);
          json.attributeArray("stages", [&] {
            for (const Stage &stage : program->stages)
              json.object([&] {
                double ms = 0;
                for (const Step &step : stage.steps)
                  ms += step.ms;
                json.attribute("name", stage.name);
                json.attribute("ms", ms);
                json.attributeArray("passes", [&] {
                  for (const Step &step : stage.steps)
                    json.object([&] {
                      json.attribute("name", step.name);
                      json.attribute("ms", step.ms);
                      json.attribute("patterns", int64_t(step.patterns));
                      json.attribute("changed", int64_t(step.changed));
                      snapshot("ir", step.ir);
                    });
                });
              });
          });
        });
    });
  });
}

void writePage() {
  Page &all = page();
  std::string data;
  {
    llvm::raw_string_ostream os(data);
    writeData(os, all);
  }
  // The data sits in a <script> element, which the first "</" would end.
  std::string escaped;
  escaped.reserve(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    escaped += data[i];
    if (data[i] == '<' && i + 1 < data.size() && data[i + 1] == '/')
      escaped += '\\';
  }
  llvm::StringRef html = kVizPage;
  auto [before, after] = html.split(kDataPlaceholder);
  std::string path = viz::outputPath();
  std::error_code error;
  llvm::raw_fd_ostream out(path, error, llvm::sys::fs::OF_Text);
  if (error) {
    std::fprintf(stderr, "tinygrad-mlir: VIZ: cannot write %s: %s\n", path.c_str(),
                 error.message().c_str());
    return;
  }
  out << before << escaped << after;
  out.close();
  std::fprintf(stderr, "tinygrad-mlir: VIZ: %zu program%s written to %s (open it in a browser)\n",
               all.programs.size(), all.programs.size() == 1 ? "" : "s", path.c_str());
}

void addProgram(std::unique_ptr<viz::ProgramRecord> program) {
  Page &all = page();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (all.programs.empty())
    std::atexit(writePage);
  all.programs.push_back(std::move(program));
}

/// How many lines of `after` are not in `before`, and of `before` not in
/// `after`, counted as multisets (a moved line is not a change).
uint64_t changedLines(llvm::StringRef before, llvm::StringRef after) {
  llvm::StringMap<int64_t> count;
  llvm::SmallVector<llvm::StringRef> lines;
  before.split(lines, '\n');
  for (llvm::StringRef line : lines)
    ++count[line];
  lines.clear();
  after.split(lines, '\n');
  for (llvm::StringRef line : lines)
    --count[line];
  uint64_t changed = 0;
  for (const auto &entry : count)
    changed += uint64_t(std::abs(entry.second));
  return changed;
}

std::string symbolOf(Operation *op, unsigned position) {
  if (auto name = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return "@" + name.getValue().str();
  return op->getName().getStringRef().str() + "#" + std::to_string(position);
}

std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // A local scope: printing one function does not number the whole module.
  op->print(os, OpPrintingFlags().elideLargeElementsAttrs(16).elideLargeResourceString().useLocalScope());
  return text;
}

Snapshot snapshotOf(ModuleOp module) {
  Snapshot snapshot;
  unsigned position = 0;
  for (Operation &op : module.getBody()->getOperations())
    snapshot.emplace_back(symbolOf(&op, position++), page().intern(print(&op)));
  return snapshot;
}

/// The top-level op of `module` that `op` is or is in, and its position.
std::pair<Operation *, unsigned> topLevelOf(Operation *op, ModuleOp module) {
  while (op->getParentOp() && op->getParentOp() != module.getOperation())
    op = op->getParentOp();
  unsigned position = 0;
  for (Operation &other : module.getBody()->getOperations()) {
    if (&other == op)
      break;
    ++position;
  }
  return {op, position};
}

std::string locationText(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) + ":" +
            llvm::Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  return "";
}

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// The function's dataflow: its arguments, then each op of its body.
std::vector<GraphNode> graphOf(func::FuncOp function) {
  std::vector<GraphNode> nodes;
  llvm::DenseMap<Value, int> nodeOf;
  for (BlockArgument argument : function.getArguments()) {
    int id = int(nodes.size());
    nodes.push_back({id, "arg", typeText(argument.getType()),
                     "%arg" + std::to_string(argument.getArgNumber()), "", {}});
    nodeOf[argument] = id;
  }
  if (function.isExternal())
    return nodes;
  unsigned results = 0;
  for (Operation &op : function.getBody().front()) {
    int id = int(nodes.size());
    GraphNode node{id, op.getName().getStringRef().str(), "", "", locationText(op.getLoc()), {}};
    if (isa<func::ReturnOp>(op)) {
      node.op = "return";
      node.label = "return";
    } else if (op.getNumResults() > 0) {
      node.type = typeText(op.getResult(0).getType());
      node.label = "%" + std::to_string(results);
      results += op.getNumResults();
    }
    for (Value operand : op.getOperands())
      if (auto found = nodeOf.find(operand); found != nodeOf.end())
        node.inputs.push_back(found->second);
    for (Value result : op.getResults())
      nodeOf[result] = id;
    nodes.push_back(std::move(node));
  }
  return nodes;
}

/// Each pass of a stage as a step of the program's record: its time, the
/// patterns it tried, and the top-level symbols it changed, printed again.
class StepRecorder : public PassInstrumentation {
public:
  StepRecorder(viz::ProgramRecord &program, ModuleOp module)
      : program_(program), module_(module) {}

  void runBeforePass(Pass *pass, Operation *) override {
    if (!pass->getArgument().empty())
      starts_.push_back({Clock::now(), program_.patterns.load()});
  }
  void runAfterPass(Pass *pass, Operation *op) override { record(pass, op); }
  void runAfterPassFailed(Pass *pass, Operation *op) override { record(pass, op); }

private:
  void record(Pass *pass, Operation *op) {
    // A pass without an argument is an adaptor: its nested passes are steps.
    if (pass->getArgument().empty())
      return;
    auto [start, patterns] = starts_.back();
    starts_.pop_back();
    Stage &stage = program_.stages.back();
    Step *step = nullptr;
    if (op == module_.getOperation()) {
      stage.steps.push_back({pass, pass->getArgument().str(), 0, 0, 0, {}});
      step = &stage.steps.back();
      stage.nestedFrom = stage.steps.size();
      step->ir = snapshotOf(module_);
      step->changed = changedAcross(program_.current, step->ir);
      program_.current = step->ir;
    } else {
      for (size_t i = stage.nestedFrom; i < stage.steps.size() && !step; ++i)
        if (stage.steps[i].pass == pass)
          step = &stage.steps[i];
      if (!step) {
        stage.steps.push_back({pass, pass->getArgument().str(), 0, 0, 0, program_.current});
        step = &stage.steps.back();
      }
      auto [top, position] = topLevelOf(op, module_);
      std::string symbol = symbolOf(top, position);
      unsigned text = page().intern(print(top));
      std::optional<unsigned> old = replace(program_.current, symbol, text);
      replace(step->ir, symbol, text);
      if (old != text)
        step->changed += changedLines(old ? page().text(*old) : "", page().text(text));
    }
    step->ms += millisecondsSince(start);
    step->patterns += program_.patterns.load() - patterns;
  }

  /// Sets `symbol`'s text in `snapshot`; the text it had, if any.
  static std::optional<unsigned> replace(Snapshot &snapshot, const std::string &symbol,
                                         unsigned text) {
    for (auto &[name, old] : snapshot)
      if (name == symbol)
        return std::exchange(old, text);
    snapshot.emplace_back(symbol, text);
    return std::nullopt;
  }

  static uint64_t changedAcross(const Snapshot &before, const Snapshot &after) {
    uint64_t changed = 0;
    auto find = [](const Snapshot &snapshot, const std::string &symbol) {
      return llvm::find_if(snapshot, [&](const auto &entry) { return entry.first == symbol; });
    };
    for (const auto &[symbol, text] : after) {
      auto old = find(before, symbol);
      if (old == before.end())
        changed += changedLines("", page().text(text));
      else if (old->second != text)
        changed += changedLines(page().text(old->second), page().text(text));
    }
    for (const auto &[symbol, text] : before)
      if (find(after, symbol) == after.end())
        changed += changedLines(page().text(text), "");
    return changed;
  }

  viz::ProgramRecord &program_;
  ModuleOp module_;
  std::vector<std::pair<Clock::time_point, uint64_t>> starts_;
};

} // namespace

bool viz::enabled() {
  static const bool on = ::tg::knobs::on("VIZ");
  return on;
}

std::string viz::outputPath() {
  const char *path = ::tg::knobs::value("VIZ_OUT");
  return path ? path : "viz.html";
}

viz::ProgramRecorder::ProgramRecorder(func::FuncOp function, llvm::StringRef device) {
  if (!enabled())
    return;
  record_ = std::make_unique<ProgramRecord>();
  record_->name = function.getName().str();
  record_->device = device.str();
  record_->graph = graphOf(function);
  record_->module = function->getParentOfType<ModuleOp>();
  record_->initial = snapshotOf(record_->module);
  record_->current = record_->initial;
  std::atomic<uint64_t> *patterns = &record_->patterns;
  record_->module.getContext()->registerActionHandler(
      [patterns](llvm::function_ref<void()> transform, const tracing::Action &action) {
        if (action.getTag() == ApplyPatternAction::tag)
          ++*patterns;
        transform();
      });
}

viz::ProgramRecorder::~ProgramRecorder() {
  if (!record_)
    return;
  record_->module.getContext()->registerActionHandler(nullptr);
  record_->ms = millisecondsSince(record_->start);
  addProgram(std::move(record_));
}

void viz::ProgramRecorder::instrument(PassManager &pm, llvm::StringRef stage) {
  if (!record_)
    return;
  pm.getContext()->disableMultithreading();
  record_->stages.push_back({stage.str(), {}, 0});
  pm.addInstrumentation(std::make_unique<StepRecorder>(*record_, record_->module));
}

void viz::ProgramRecorder::setKernels(llvm::ArrayRef<KernelSummary> kernels) {
  if (record_)
    record_->kernels.assign(kernels.begin(), kernels.end());
}
