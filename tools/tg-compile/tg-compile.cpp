//===- tg-compile.cpp - models to object files, ahead of time -------------===//
//
// tg-compile model.mlir --emit=obj        model.o and model.h (CPU: kernels
//                                          and launch plan as native code;
//                                          --device=VULKAN etc.: the runtime's
//                                          executable, run through libtgrt)
//            --emit=lib                   model.so, linked from that object
//            --emit=exe                   the runtime's executable file, for
//                                          tgrt_executable_load and tg-run
//                                          --executable (any device)
//            --emit=mlir | llvm | asm     the kernel graph (stages 1-3), the
//                                          object's LLVM IR, its assembly
//            --parameters=w.safetensors   the arguments named after its tensors
//              --weights=embed|file|inputs  are data in the object, read from
//                                          the file by create, or inputs
// tg-compile model.onnx ...               the same for an ONNX model, imported
//                                          as tg-import-onnx does (open
//                                          dimensions 1), its initializers the
//                                          parameters
//
//===----------------------------------------------------------------------===//

#include "tg/Support/Version.h"
#include "tg/Compiler/AOT.h"
#include "tg/Frontend/ONNX/ONNX.h"
#include "tg/Compiler/Compiler.h"
#include "tg/Support/Knobs.h"
#include "tg/Target/TargetBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;
namespace knobs = ::tg::knobs;

static cl::OptionCategory compileCategory("tg-compile options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.mlir | model.onnx>"), cl::Required,
                                      cl::cat(compileCategory));
static cl::opt<std::string> emit("emit",
                                 cl::desc("What to write: obj (an object and its C header), "
                                          "lib (a shared library), exe (the runtime's "
                                          "executable file), mlir, llvm or asm"),
                                 cl::init("obj"), cl::cat(compileCategory));
static cl::opt<std::string> outputFile("o", cl::desc("Where to write (default: NAME plus the "
                                                     "kind's extension: .o, .so, .tgx, .mlir, "
                                                     ".ll, .s)"),
                                       cl::value_desc("file"), cl::cat(compileCategory));
static cl::opt<std::string> headerFile("header",
                                       cl::desc("With --emit=obj or lib: where the header "
                                                "goes (default: NAME.h next to the output)"),
                                       cl::value_desc("file"), cl::cat(compileCategory));
static cl::opt<std::string> name("name",
                                 cl::desc("The C prefix of what the object exports "
                                          "(default: the input file's name)"),
                                 cl::cat(compileCategory));
static cl::opt<std::string> functionName("function",
                                         cl::desc("The function to compile (default: the only "
                                                  "public one)"),
                                         cl::cat(compileCategory));
static cl::opt<std::string> target("target",
                                   cl::desc("The target triple (default: this machine), e.g. "
                                            "aarch64-linux-gnu"),
                                   cl::cat(compileCategory));
static cl::opt<std::string> chip("chip", cl::desc("The chip: a GPU's (sm_90, gfx90a), or the CPU's LLVM name instead of this machine's (x86-64-v3, x86-64-v4, neoverse-n1)"),
                                 cl::cat(compileCategory));
static cl::opt<bool> portable("portable", cl::desc("Code for any x86-64-v2 CPU, not this one"),
                              cl::cat(compileCategory));
static cl::opt<std::string> parametersFile(
    "parameters",
    cl::desc("A safetensors file whose tensors are the function's parameters: each argument "
             "whose tg.name is a tensor of the file"),
    cl::value_desc("file"), cl::cat(compileCategory));
static cl::opt<std::string> weightsMode(
    "weights",
    cl::desc("How the object gets the parameters: embed (read-only data in it, the default), "
             "file (read from a safetensors file by create) or inputs (inputs of run, with "
             "their initial values in the object)"),
    cl::init("embed"), cl::cat(compileCategory));
static cl::opt<std::string> device("device",
                                   cl::desc("The device kind: CPU (native code, the default), "
                                            "or VULKAN, CUDA, HIP (the runtime's executable, "
                                            "run through libtgrt)"),
                                   cl::init("CPU"), cl::cat(compileCategory));

namespace {

int fail(const llvm::Twine &message) {
  llvm::errs() << "tg-compile: " << message << "\n";
  return 1;
}

/// `text` written to `path`, or an error.
int write(const std::string &path, llvm::StringRef text) {
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file)
    return fail(error);
  file->os() << text;
  file->keep();
  return 0;
}

/// A C identifier from a file name: model-v2.mlir → model_v2.
std::string identifierOf(llvm::StringRef path) {
  std::string id;
  for (char c : llvm::sys::path::stem(path))
    id += llvm::isAlnum(c) ? c : '_';
  if (id.empty() || llvm::isDigit(id[0]))
    id = "model_" + id;
  return id;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ::tg::setVersionPrinter();
  cl::HideUnrelatedOptions(compileCategory);
  cl::ParseCommandLineOptions(argc, argv, "tinygrad-mlir: compile a model ahead of time\n");
  // The in-process linker resets every command-line option when it is
  // done: keep the values.
  const std::string kind = emit, deviceKind = llvm::StringRef(device).upper(),
                    weights = weightsMode;
  std::string input = inputFile, parameters = parametersFile;
  const std::string prefix = name.empty() ? identifierOf(input) : std::string(name);
  static const std::map<std::string, std::string> extensions = {
      {"obj", ".o"}, {"lib", ".so"}, {"exe", ".tgx"}, {"mlir", ".mlir"}, {"llvm", ".ll"},
      {"asm", ".s"}};
  auto extension = extensions.find(kind);
  if (extension == extensions.end())
    return fail("--emit=" + kind + " is none of obj, lib, exe, mlir, llvm, asm");
  static const std::map<std::string, mlir::tg::AOTWeights> weightModes = {
      {"embed", mlir::tg::AOTWeights::Embed},
      {"file", mlir::tg::AOTWeights::File},
      {"inputs", mlir::tg::AOTWeights::Inputs}};
  if (!weightModes.count(weights))
    return fail("--weights=" + weights + " is none of embed, file, inputs");
  if (!mlir::tg::isCIdentifier(prefix))
    return fail("--name=" + prefix + " is not a C identifier (the prefix of what the object "
                "exports)");
  const std::string output = outputFile.empty() ? prefix + extension->second : outputFile;
  llvm::SmallString<128> header(llvm::sys::path::parent_path(output));
  llvm::sys::path::append(header, prefix + ".h");
  if (!headerFile.empty())
    header = headerFile;

  // An ONNX model is imported first (tg-import-onnx's work): its function
  // and initializers are what the rest compiles.
  std::unique_ptr<::tg::onnx::ScratchImport> imported;
  if (llvm::StringRef(input).ends_with(".onnx")) {
    try {
      imported = std::make_unique<::tg::onnx::ScratchImport>(input, prefix);
    } catch (const ::tg::Error &e) {
      return fail(e.what());
    }
    input = imported->files().object;
    if (parameters.empty())
      parameters = imported->files().weights;
  }

  DialectRegistry registry;
  mlir::tg::registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::string error;
  auto file = openInputFile(input, &error);
  if (!file)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = mlir::tg::parseModule(sourceMgr, &context, llvm::errs());
  if (!module)
    return fail("the input is not valid IR (see the errors above)");

  FailureOr<std::string> chosen = mlir::tg::chooseFunction(*module, functionName, error);
  if (failed(chosen))
    return fail(error);
  const std::string function = *chosen;

  int debug = knobs::integer("DEBUG");
  bool noopt = knobs::integer("NOOPT") != 0;
  if (kind == "exe") {
    mlir::tg::CompileOptions options;
    options.device = deviceKind;
    options.chip = chip;
    options.portable = portable;
    options.triple = target;
    options.noopt = noopt;
    options.beam = knobs::integer("BEAM");
    options.debug = debug;
    options.log = &llvm::errs();
    FailureOr<mlir::tg::Executable> executable =
        mlir::tg::compileFunction(*module, function, options);
    if (failed(executable))
      return fail("compiling @" + function + " failed (see the errors above)");
    return write(output, executable->blob);
  }
  if (kind == "mlir") {
    mlir::tg::registerTGPipelines();
    PassManager pm(&context);
    if (failed(parsePassPipeline("tg-to-kernels", pm, llvm::errs())) || failed(pm.run(*module)))
      return fail("lowering @" + function + " failed (see the errors above)");
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    return write(output, text);
  }
  mlir::tg::AOTOptions options;
  options.name = prefix;
  options.function = function;
  options.device = deviceKind;
  options.triple = target;
  options.chip = chip;
  options.portable = portable;
  options.noopt = noopt;
  options.beam = knobs::integer("BEAM");
  options.debug = debug;
  options.log = &llvm::errs();
  options.output = kind == "lib" ? "obj" : kind;
  options.weights = weightModes.at(weights);
  if (!parameters.empty()) {
    FailureOr<std::vector<mlir::tg::AOTParameter>> bound =
        mlir::tg::parametersFromSafetensors(*module, function, parameters, error);
    if (failed(bound))
      return fail(error);
    if (bound->empty())
      return fail("no argument of @" + function + " is named (tg.name) after a tensor of " +
                  parameters);
    options.parameters = std::move(*bound);
  }
  FailureOr<mlir::tg::AOTObject> object = mlir::tg::compileAOT(*module, options);
  if (failed(object))
    return fail("compiling @" + function + " failed (see the errors above)");
  if (kind == "llvm" || kind == "asm")
    return write(output, object->object);
  std::string written = object->object;
  if (kind == "lib") {
    FailureOr<std::string> library = mlir::tg::linkAOTLibrary(*module, *object, options);
    if (failed(library))
      return fail("linking " + output + " failed (see the errors above)");
    written = *library;
  }
  if (int status = write(output, written))
    return status;
  return write(header.str().str(), object->header);
}
