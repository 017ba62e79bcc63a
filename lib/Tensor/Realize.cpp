//===- Realize.cpp - pending graphs compiled, cached and run --------------===//
//
// realize() turns the pending graph behind some tensors into one function
// (Lowering.cpp), looks its structure up in the program caches — in memory,
// then on disk (ProgramCache.cpp) — compiles it only when both miss, and
// runs it on the tensors' device with their buffers as arguments. A
// training step builds the same graph every time, so after the first step
// realize() only launches.
//
//===----------------------------------------------------------------------===//

#include "Program.h"
#include "Schedule.h"
#include "TensorOps.h"

#include "tg/Compiler/Compiler.h"
#include "tg/Compiler/LaunchTiming.h"
#include "tg/Compiler/Profile.h"
#include "tg/Compiler/ProgramCache.h"
#include "tg/Support/Knobs.h"
#include "tgrt.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <set>
#include <unordered_map>

namespace tg {

namespace {

Stats statistics;

} // namespace

mlir::MLIRContext &compilerContext() {
  static mlir::MLIRContext *ctx = [] {
    mlir::DialectRegistry registry;
    mlir::tg::registerCompilerDialects(registry);
    auto *c = new mlir::MLIRContext(registry);
    c->loadAllAvailableDialects();
    c->printOpOnDiagnostic(false);
    return c;
  }();
  return *ctx;
}

namespace {

/// Compiles a schedule into an executable blob; compiler errors become a
/// tg::Error carrying their text.
std::string compile(const Schedule &schedule, const std::string &device) {
  mlir::MLIRContext &ctx = compilerContext();
  std::string diagnostics;
  llvm::raw_string_ostream text(diagnostics);
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    text << d << "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module = lowerToTG(schedule, ctx);
  mlir::tg::CompileOptions options;
  options.device = device.substr(0, device.find(':'));
  options.noopt = tg::knobs::integer("NOOPT") != 0;
  options.beam = tg::knobs::integer("BEAM");
  options.debug = tg::knobs::integer("DEBUG");
  options.log = &llvm::errs();
  if (options.debug >= 4) {
    llvm::errs() << "tg::Tensor: the graph as tg IR\n";
    module->print(llvm::errs());
  }
  mlir::FailureOr<mlir::tg::Executable> executable =
      mlir::tg::compileFunction(*module, "graph", options);
  if (mlir::failed(executable))
    throw Error("tg::Tensor: compiling the graph failed:\n" + diagnostics);
  return std::move(executable->blob);
}

/// The programs loaded, by key. Never destroyed: at exit a device driver
/// may be torn down before this map's destructor would run, so its
/// programs are left to the system.
std::unordered_map<std::string, std::unique_ptr<Program>> &loadedPrograms() {
  static auto &programs = *new std::unordered_map<std::string, std::unique_ptr<Program>>;
  return programs;
}

/// The executable of a schedule: from memory, from disk, or compiled.
Program &programFor(const Schedule &schedule, const std::string &device) {
  auto &memory = loadedPrograms();
  // What the compiler is asked for is part of what a program depends on.
  std::string key = device + (tg::knobs::integer("NOOPT") ? "|noopt|" : "|") + "beam=" +
                    std::to_string(tg::knobs::integer("BEAM")) + "|" + schedule.key();
  if (auto it = memory.find(key); it != memory.end()) {
    ++statistics.memory_hits;
    mlir::tg::profile::instant("program cache", "memory hit", "cache");
    return *it->second;
  }
  if (std::optional<std::string> blob = cache::load(key)) {
    try {
      auto program = std::make_unique<Program>(openDevice(device), *blob);
      ++statistics.disk_hits;
      return *(memory[key] = std::move(program));
    } catch (const Error &e) {
      cache::evict(key, std::string("that does not load (") + e.what() + ")");
    }
  }
  auto start = std::chrono::steady_clock::now();
  std::string blob = compile(schedule, device);
  ++statistics.compiles;
  if (tg::knobs::integer("DEBUG") >= 1)
    llvm::errs() << llvm::format(
        "tg::Tensor: compiled a program of %zu ops in %.3f s\n", schedule.nodes.size(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  auto program = std::make_unique<Program>(openDevice(device), blob);
  cache::store(key, blob);
  return *(memory[key] = std::move(program));
}

} // namespace

const Stats &stats() { return statistics; }

void clear_cache(bool disk) {
  loadedPrograms().clear();
  if (disk)
    cache::clear(/*everyBuild=*/false);
}

MemoryStats memory_stats(const std::string &device) {
  tgrt_memory_stats counts;
  if (tgrt_device_memory_stats(openDevice(device), &counts) != TGRT_OK)
    throw Error(std::string("tg::memory_stats: ") + tgrt_last_error());
  return {counts.fresh, counts.reused, counts.cached_bytes};
}

Program::Program(tgrt_device device, const std::string &blob) : device(device) {
  if (tgrt_executable_load(device, blob.data(), blob.size(), &executable) != TGRT_OK)
    throw Error(std::string("tg::Tensor: the runtime rejected a compiled program: ") +
                tgrt_last_error());
}

Program::~Program() { tgrt_executable_release(executable); }

namespace {

/// The copies from another device that `roots` depend on, each after the
/// copies its own source depends on.
void collectTransfers(const NodeRef &node, std::set<const Node *> &seen,
                      std::vector<NodeRef> &transfers) {
  if (node->op == Op::Buffer || !seen.insert(node.get()).second)
    return;
  for (const NodeRef &src : node->src)
    collectTransfers(src, seen, transfers);
  if (node->op == Op::Copy && node->src[0]->device != node->device)
    transfers.push_back(node);
}

/// A program runs on one device: what comes from another is realized
/// there and copied through the host first (tinygrad's COPY between
/// devices), so that the copy is a buffer of the program's device.
void transferAcrossDevices(const std::vector<NodeRef> &roots) {
  std::set<const Node *> seen;
  std::vector<NodeRef> transfers;
  for (const NodeRef &root : roots)
    collectTransfers(root, seen, transfers);
  for (const NodeRef &copy : transfers) {
    std::string bytes = readBytes(wrap(copy->src[0]));
    copy->becomeBuffer(upload(bytes.data(), bytes.size(), copy->device));
  }
}

} // namespace

void realizeNodes(const std::vector<NodeRef> &targets) {
  std::vector<NodeRef> pending;
  for (const NodeRef &node : targets)
    if (node->op != Op::Buffer && std::find(pending.begin(), pending.end(), node) == pending.end())
      pending.push_back(node);
  if (pending.empty())
    return;
  const std::string device = pending.front()->device;
  for (const NodeRef &node : pending)
    if (node->device != device)
      throw Error("tg::Tensor: realize() of tensors on " + device + " and " + node->device +
                  " at once; realize each device's separately");

  transferAcrossDevices(pending);
  pending.erase(std::remove_if(pending.begin(), pending.end(),
                               [](const NodeRef &node) { return node->op == Op::Buffer; }),
                pending.end());
  if (pending.empty())
    return;
  Schedule schedule = scheduleOf(pending);
  Program &program = programFor(schedule, device);

  std::vector<tgrt_buffer> inputs;
  for (const NodeRef &input : schedule.inputs)
    inputs.push_back(input->buffer->handle());
  std::vector<tgrt_buffer> outputs(schedule.outputs.size());
  int debug = tg::knobs::integer("DEBUG");
  mlir::tg::LaunchTiming timing;
  timing.perKernel = debug >= 2;
  timing.device = device;
  mlir::tg::observeLaunches(program.executable, timing, debug);
  if (tgrt_executable_run(program.executable, inputs.data(), inputs.size(), outputs.data(),
                          outputs.size()) != TGRT_OK)
    throw Error(std::string("tg::Tensor: running the program failed: ") + tgrt_last_error());
  ++statistics.runs;
  if (debug >= 1)
    llvm::errs() << llvm::format("tg::Tensor: ran %llu kernels in %.3f ms\n",
                                 (unsigned long long)timing.launches, timing.nanoseconds * 1e-6);

  for (auto [node, buffer] : llvm::zip(schedule.outputs, outputs))
    node->becomeBuffer(std::make_shared<DeviceBuffer>(buffer, device));
  // Every assignment the program made, also one a result depends on: its
  // tensor now holds the written buffer, so realizing it again does not
  // assign twice.
  for (const NodeRef &node : schedule.nodes)
    if (node->op == Op::Assign) {
      node->src[0]->buffer->noteWrite();
      node->becomeBuffer(node->src[0]->buffer);
    }
}

} // namespace tg
