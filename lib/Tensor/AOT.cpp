//===- AOT.cpp - a C++ function over tensors, ahead of time ---------------===//
//
// The function runs once on realized examples; what it returns is pending,
// and scheduling it as realize() would gives the function's graph: the
// examples and every other buffer it reads are the arguments. The examples
// come first, then the named parameters, then the rest; each gets its name
// as `tg.name`, and the parameters their bytes, and tg-compile's machinery
// (mlir::tg::compileAOT) does the rest. The updates are then discarded: each
// assign becomes the buffer it would have written, unwritten.
//
//===----------------------------------------------------------------------===//

#include "tg/Tensor/aot.h"

#include "Schedule.h"

#include "tg/Compiler/AOT.h"
#include "tg/Dialect/TG/IR/TGOps.h"
#include "tgrt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <unordered_map>

namespace tg::aot {

namespace {

/// The bytes of a realized buffer.
std::string bytesOf(const Node &buffer) {
  std::string bytes(tg::numel(buffer.shape) * itemsize(buffer.dtype), '\0');
  if (!bytes.empty() && tgrt_buffer_read(buffer.buffer->handle(), 0, bytes.data(),
                                         bytes.size()) != TGRT_OK)
    throw Error(std::string("tg::aot::compile: reading a parameter failed: ") +
                tgrt_last_error());
  return bytes;
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(bytes.data(), std::streamsize(bytes.size()));
  if (!file)
    throw Error("tg::aot::compile: cannot write " + path);
}

} // namespace

Compiled compile(const std::function<Trace(const std::vector<Tensor> &)> &fn,
                 const std::vector<Tensor> &examples, const Options &options) {
  if (!mlir::tg::isCIdentifier(options.name))
    throw Error("tg::aot::compile: the name \"" + options.name + "\" is not a C identifier");
  if (options.emit != "obj" && options.emit != "lib" && options.emit != "mlir")
    throw Error("tg::aot::compile: emit is obj, lib or mlir, not " + options.emit);

  // What the function reads, as it is before the function runs.
  std::vector<Tensor> realized = examples;
  for (const auto &[name, tensor] : options.parameters)
    realized.push_back(tensor);
  Tensor::realize(realized);
  std::vector<NodeRef> inputs;
  for (const Tensor &example : examples) {
    const NodeRef &node = nodeOf(example);
    if (std::find(inputs.begin(), inputs.end(), node) != inputs.end())
      throw Error("tg::aot::compile: two examples are the same tensor; give each input its own");
    inputs.push_back(node);
  }
  std::unordered_map<const Node *, std::string> parameterNames;
  for (const auto &[name, tensor] : options.parameters)
    parameterNames.emplace(nodeOf(tensor).get(), name);

  Trace trace = [&] {
    Tracing tracing;
    return fn(examples);
  }();
  std::vector<NodeRef> targets;
  for (const Tensor &output : trace.outputs)
    targets.push_back(nodeOf(output));
  for (const Tensor &update : trace.updates)
    if (nodeOf(update)->op != Op::Buffer)
      targets.push_back(nodeOf(update));
  Schedule schedule = scheduleOf(targets);
  // Whatever happens next, the updates are discarded: every assign becomes
  // the buffer it targets, unwritten.
  struct DiscardUpdates {
    const Schedule &schedule;
    ~DiscardUpdates() {
      for (const NodeRef &node : schedule.nodes)
        if (node->op == Op::Assign)
          node->becomeBuffer(node->src[0]->buffer);
    }
  } discard{schedule};
  for (const Tensor &output : trace.outputs)
    if (nodeOf(output)->op == Op::Assign)
      throw Error("tg::aot::compile: a result is a pending assign; return it among the updates");
  for (const Tensor &update : trace.updates)
    if (nodeOf(update)->op != Op::Assign && nodeOf(update)->op != Op::Buffer)
      throw Error("tg::aot::compile: an update is not an assign (Tensor::assign, "
                  "optimizer.schedule_step())");

  // The arguments: the examples, the named parameters, the other buffers.
  std::vector<NodeRef> arguments = inputs, named, unnamed;
  for (const NodeRef &node : schedule.inputs) {
    if (std::find(inputs.begin(), inputs.end(), node) != inputs.end())
      continue;
    (parameterNames.count(node.get()) ? named : unnamed).push_back(node);
  }
  std::sort(named.begin(), named.end(), [&](const NodeRef &a, const NodeRef &b) {
    return parameterNames.at(a.get()) < parameterNames.at(b.get());
  });
  arguments.insert(arguments.end(), named.begin(), named.end());
  arguments.insert(arguments.end(), unnamed.begin(), unnamed.end());
  schedule.inputs = arguments;

  mlir::MLIRContext &context = compilerContext();
  std::string diagnostics;
  llvm::raw_string_ostream text(diagnostics);
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    text << d << "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module = lowerToTG(schedule, context);
  auto function = module->lookupSymbol<mlir::func::FuncOp>("graph");
  auto name = [&](const std::vector<std::string> &names, size_t i, const char *kind) {
    return mlir::StringAttr::get(&context, i < names.size() ? names[i]
                                                            : kind + std::to_string(i));
  };
  Compiled compiled;
  for (size_t i = 0; i < inputs.size(); ++i) {
    mlir::StringAttr input = name(options.input_names, i, "input");
    function.setArgAttr(i, mlir::tg::kNameAttrName, input);
    compiled.inputs.push_back({input.str(), inputs[i]->dtype, inputs[i]->shape});
  }
  for (size_t i = 0; i < schedule.outputs.size(); ++i) {
    mlir::StringAttr output = name(options.output_names, i, "output");
    function.setResultAttr(i, mlir::tg::kNameAttrName, output);
    const NodeRef &node = schedule.outputs[i];
    compiled.outputs.push_back({output.str(), node->dtype, node->shape});
  }

  mlir::tg::AOTOptions aot;
  aot.name = options.name;
  aot.function = "graph";
  aot.device = options.device;
  aot.triple = options.target;
  aot.chip = options.chip;
  aot.portable = options.portable;
  aot.weights = options.weights == Weights::Embed  ? mlir::tg::AOTWeights::Embed
                : options.weights == Weights::File ? mlir::tg::AOTWeights::File
                                                   : mlir::tg::AOTWeights::Inputs;
  nn::StateDict file;
  for (size_t i = inputs.size(); i < arguments.size(); ++i) {
    const NodeRef &node = arguments[i];
    auto known = parameterNames.find(node.get());
    std::string parameter = known != parameterNames.end()
                                ? known->second
                                : options.name + ".buffer" +
                                      std::to_string(i - inputs.size() - named.size());
    aot.parameters.push_back({unsigned(i), parameter, bytesOf(*node)});
    compiled.parameters.push_back({parameter, node->dtype, node->shape});
    if (options.weights == Weights::Inputs)
      compiled.inputs.push_back(compiled.parameters.back());
    file.emplace(parameter, wrap(node));
  }

  llvm::sys::fs::create_directories(options.directory);
  auto path = [&](const char *extension) {
    llvm::SmallString<128> p(options.directory);
    llvm::sys::path::append(p, options.name + extension);
    return std::string(p);
  };
  if (options.emit == "mlir") {
    // The function as it is traced, its parameters named arguments whose
    // values go to NAME.safetensors (tg-compile --parameters reads them).
    for (const mlir::tg::AOTParameter &parameter : aot.parameters)
      function.setArgAttr(parameter.argument, mlir::tg::kNameAttrName,
                          mlir::StringAttr::get(&context, parameter.name));
    function.setName(options.name);
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    compiled.object = path(".mlir");
    writeFile(compiled.object, text);
    if (!file.empty()) {
      compiled.weights = path(".safetensors");
      nn::state::safe_save(file, compiled.weights);
    }
    return compiled;
  }

  mlir::FailureOr<mlir::tg::AOTObject> object = mlir::tg::compileAOT(*module, aot);
  std::string written = mlir::succeeded(object) ? object->object : "";
  if (mlir::succeeded(object) && options.emit == "lib") {
    mlir::FailureOr<std::string> library = mlir::tg::linkAOTLibrary(*module, *object, aot);
    written = mlir::succeeded(library) ? *library : "";
    if (mlir::failed(library))
      object = mlir::failure();
  }
  if (mlir::failed(object))
    throw Error("tg::aot::compile: compiling the traced function failed:\n" + diagnostics);

  compiled.object = path(options.emit == "lib" ? ".so" : ".o");
  compiled.header = path(".h");
  writeFile(compiled.object, written);
  writeFile(compiled.header, object->header);
  if (options.weights == Weights::File) {
    compiled.weights = path(".safetensors");
    nn::state::safe_save(file, compiled.weights);
  }
  return compiled;
}

} // namespace tg::aot
