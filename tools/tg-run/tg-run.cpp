//===- tg-run.cpp - run a function of a .mlir file on a device ------------===//
//
//   tg-run file.mlir [--function NAME] [--input VALUES]... [--random]
//
// Compiles the function through the whole pipeline, runs it on a device of
// the runtime and prints each result in a stable text form, so end-to-end
// lit tests can FileCheck it. Inputs, one --input per argument in order:
//   1,2,3,4      the elements, row-major (as many as the argument has)
//   splat:0.5    every element the same
//   @file        whitespace-separated elements read from a file
//   random       uniform random elements (--seed)
// Missing inputs are an error unless --random fills them.
// --parameters=FILE.safetensors gives every argument named (tg.name) after
// one of its tensors that tensor; --input then fills the others. An .onnx
// file is imported first (as tg-import-onnx does, open dimensions 1), its
// initializers the parameters.
//
//===----------------------------------------------------------------------===//

#include "tg/Compiler/AOT.h"
#include "tg/Compiler/Compiler.h"
#include "tg/Frontend/ONNX/ONNX.h"
#include "tg/Compiler/LaunchTiming.h"
#include "tg/Support/Knobs.h"
#include "tg/Support/NarrowFloats.h"
#include "tg/Target/TargetBackend.h"
#include "tg_executable.h"
#include "tgrt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <random>

using namespace mlir;
namespace cl = llvm::cl;
namespace knobs = ::tg::knobs;

static cl::OptionCategory runCategory("tg-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<file.mlir | --executable=FILE>"),
                                      cl::init("-"), cl::cat(runCategory));
static cl::opt<std::string> functionName("function",
                                         cl::desc("The function to run (default: the only public one)"), cl::cat(runCategory));
static cl::list<std::string> inputValues("input",
                                         cl::desc("An argument: 1,2,3 | splat:X | @file | random"), cl::cat(runCategory));
static cl::opt<bool> randomInputs("random", cl::desc("Fill arguments without --input with random values"), cl::cat(runCategory));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of random inputs"), cl::init(0), cl::cat(runCategory));
static cl::opt<std::string> device("device", cl::desc("Device to run on (default: DEV, else CPU)"), cl::cat(runCategory));
static cl::opt<std::string> emitBinary(
    "emit-binary",
    cl::desc("Compile for --device's kind (CPU, VULKAN, CUDA, HIP) without opening a device, write "
             "the device binary (shared object, SPIR-V, cubin, hsaco) to this file, and exit"),
    cl::value_desc("file"), cl::cat(runCategory));
static cl::opt<bool> listDevices("list-devices", cl::desc("List the backends and their devices, and exit"), cl::cat(runCategory));
static cl::opt<std::string> parametersFile(
    "parameters",
    cl::desc("A safetensors file: each argument named (tg.name) after one of its tensors "
             "takes that tensor, --input the others"),
    cl::value_desc("file"), cl::cat(runCategory));
static cl::opt<std::string> chip("chip", cl::desc("The chip: a GPU's (sm_90, gfx90a), or the CPU's LLVM name instead of this machine's (x86-64-v3, x86-64-v4, neoverse-n1)"), cl::cat(runCategory));
static cl::opt<bool> portable("portable", cl::desc("CPU: code for any x86-64-v2 machine"), cl::cat(runCategory));
static cl::opt<std::string> outputFile("output",
                                       cl::desc("Write the results to this file instead of printing them: one line of elements each, exact (the --input=@file format)"),
                                       cl::cat(runCategory));
static cl::opt<std::string> executableFile(
    "executable",
    cl::desc("Run this executable file (tg-compile --emit=exe) instead of compiling a .mlir file"),
    cl::value_desc("file"), cl::cat(runCategory));
static cl::list<std::string> loadTargets(
    "load-target", cl::desc("Load a compiler target plug-in (as TG_TARGET_PATH does)"),
    cl::value_desc("path"), cl::cat(runCategory));
static cl::list<std::string> kernelOpts(
    "kernel-opts",
    cl::desc("CPU: apply these opts to the kernel instead of the optimizer's choice "
             "(DEBUG=2 says when they fall back)"),
    cl::value_desc("kernel=#tg.opts<...>"), cl::cat(runCategory));
static cl::opt<bool> printKnobs("print-knobs",
                                cl::desc("Print the environment knobs as a Markdown table, and exit"),
                                cl::cat(runCategory));
static const std::string knobsHelp = knobs::describe(/*markdown=*/false);
static cl::extrahelp knobsExtraHelp(knobsHelp.c_str());
static cl::opt<unsigned> repeat("repeat", cl::desc("Run this many times (timings with DEBUG>=1)"), cl::init(1), cl::cat(runCategory));

namespace {

int fail(const llvm::Twine &message) {
  llvm::errs() << "tg-run: " << message << "\n";
  return 1;
}


struct TensorSpec {
  uint32_t dtype, rank;
  int64_t shape[8];
  int64_t elements() const {
    int64_t n = 1;
    for (uint32_t i = 0; i < rank; ++i)
      n *= shape[i];
    return n;
  }
  uint64_t bytes() const { return elements() * tg_dtype_size(dtype); }
};

bool isFloatType(uint32_t dtype) {
  return dtype == TG_DTYPE_FLOAT16 || dtype == TG_DTYPE_BFLOAT16 ||
         dtype == TG_DTYPE_FLOAT32 || dtype == TG_DTYPE_FLOAT64;
}

/// Writes one element, given as a double, in `dtype` at `out`.
void store(uint32_t dtype, double v, char *out) {
  switch (dtype) {
  case TG_DTYPE_BOOL: *reinterpret_cast<uint8_t *>(out) = v != 0; break;
  case TG_DTYPE_INT8: *reinterpret_cast<int8_t *>(out) = static_cast<int8_t>(v); break;
  case TG_DTYPE_UINT8: *reinterpret_cast<uint8_t *>(out) = static_cast<uint8_t>(v); break;
  case TG_DTYPE_INT16: *reinterpret_cast<int16_t *>(out) = static_cast<int16_t>(v); break;
  case TG_DTYPE_UINT16: *reinterpret_cast<uint16_t *>(out) = static_cast<uint16_t>(v); break;
  case TG_DTYPE_INT32: *reinterpret_cast<int32_t *>(out) = static_cast<int32_t>(v); break;
  case TG_DTYPE_UINT32: *reinterpret_cast<uint32_t *>(out) = static_cast<uint32_t>(v); break;
  case TG_DTYPE_INT64: *reinterpret_cast<int64_t *>(out) = static_cast<int64_t>(v); break;
  case TG_DTYPE_UINT64: *reinterpret_cast<uint64_t *>(out) = static_cast<uint64_t>(v); break;
  case TG_DTYPE_FLOAT16: *reinterpret_cast<uint16_t *>(out) = mlir::tg::narrowFloatBits(v, false); break;
  case TG_DTYPE_BFLOAT16: *reinterpret_cast<uint16_t *>(out) = mlir::tg::narrowFloatBits(v, true); break;
  case TG_DTYPE_FLOAT32: *reinterpret_cast<float *>(out) = static_cast<float>(v); break;
  case TG_DTYPE_FLOAT64: *reinterpret_cast<double *>(out) = v; break;
  }
}

/// Parses one element of `dtype`; integers exactly (uint64 and int64 alike).
bool storeText(uint32_t dtype, llvm::StringRef text, char *out) {
  text = text.trim();
  if (!isFloatType(dtype) && dtype != TG_DTYPE_BOOL) {
    if (text.starts_with("-")) {
      long long v;
      if (llvm::getAsSignedInteger(text, 10, v))
        return false;
      std::memcpy(out, &v, tg_dtype_size(dtype)); // little-endian truncation
      return true;
    }
    unsigned long long v;
    if (llvm::getAsUnsignedInteger(text, 10, v))
      return false;
    std::memcpy(out, &v, tg_dtype_size(dtype));
    return true;
  }
  if (text == "true" || text == "false") {
    store(dtype, text == "true", out);
    return true;
  }
  double v;
  if (text == "nan")
    v = NAN;
  else if (text == "inf")
    v = INFINITY;
  else if (text == "-inf")
    v = -INFINITY;
  else if (text.getAsDouble(v))
    return false;
  store(dtype, v, out);
  return true;
}

/// Fills `data` from an --input value; a sentence on failure.
std::string readInput(llvm::StringRef spec, const TensorSpec &tensor, std::string &data,
                      std::mt19937_64 &rng) {
  int64_t n = tensor.elements();
  uint32_t size = tg_dtype_size(tensor.dtype);
  data.assign(tensor.bytes(), '\0');
  if (spec == "random") {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> small(-10, 10);
    for (int64_t i = 0; i < n; ++i) {
      double v = isFloatType(tensor.dtype) ? unit(rng)
                 : tensor.dtype == TG_DTYPE_BOOL ? small(rng) > 0
                 : std::abs(small(rng)) * (tensor.dtype % 2 == 0 ? 1 : (small(rng) < 0 ? -1 : 1));
      store(tensor.dtype, v, &data[i * size]);
    }
    return "";
  }
  std::string text;
  if (spec.consume_front("splat:")) {
    for (int64_t i = 0; i < n; ++i)
      if (!storeText(tensor.dtype, spec, &data[i * size]))
        return "'" + spec.str() + "' is not a value of this type";
    return "";
  }
  if (spec.consume_front("@")) {
    auto file = llvm::MemoryBuffer::getFile(spec);
    if (!file)
      return "cannot read " + spec.str() + ": " + file.getError().message();
    text = (*file)->getBuffer().str();
  } else {
    text = spec.str();
  }
  llvm::SmallVector<llvm::StringRef> items;
  llvm::SplitString(text, items, ", \t\n\r");
  if (static_cast<int64_t>(items.size()) != n)
    return "has " + std::to_string(items.size()) + " values but the argument has " +
           std::to_string(n) + " elements";
  for (int64_t i = 0; i < n; ++i)
    if (!storeText(tensor.dtype, items[i], &data[i * size]))
      return "'" + items[i].str() + "' is not a value of this type";
  return "";
}

/// The shortest text that reads back as exactly `value` (std::to_chars).
template <typename T>
std::string exactText(T value) {
  char text[64];
  auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return std::string(text, end);
}

/// An element as results print: floats to 5 (half), 7 (f32) or 16 (f64)
/// significant digits.
std::string formatElement(uint32_t dtype, const char *p) {
  char text[64];
  switch (dtype) {
  case TG_DTYPE_BOOL: return *p ? "true" : "false";
  case TG_DTYPE_INT8: return std::to_string(*reinterpret_cast<const int8_t *>(p));
  case TG_DTYPE_UINT8: return std::to_string(*reinterpret_cast<const uint8_t *>(p));
  case TG_DTYPE_INT16: return std::to_string(*reinterpret_cast<const int16_t *>(p));
  case TG_DTYPE_UINT16: return std::to_string(*reinterpret_cast<const uint16_t *>(p));
  case TG_DTYPE_INT32: return std::to_string(*reinterpret_cast<const int32_t *>(p));
  case TG_DTYPE_UINT32: return std::to_string(*reinterpret_cast<const uint32_t *>(p));
  case TG_DTYPE_INT64: return std::to_string(*reinterpret_cast<const int64_t *>(p));
  case TG_DTYPE_UINT64: return std::to_string(*reinterpret_cast<const uint64_t *>(p));
  case TG_DTYPE_FLOAT16:
  case TG_DTYPE_BFLOAT16:
    std::snprintf(text, sizeof text, "%.5g",
                  mlir::tg::narrowFloatValue(*reinterpret_cast<const uint16_t *>(p), dtype == TG_DTYPE_BFLOAT16));
    return text;
  case TG_DTYPE_FLOAT32:
    std::snprintf(text, sizeof text, "%.7g", *reinterpret_cast<const float *>(p));
    return text;
  case TG_DTYPE_FLOAT64:
    std::snprintf(text, sizeof text, "%.16g", *reinterpret_cast<const double *>(p));
    return text;
  }
  return "?";
}

/// An element as --output writes it: exact, so the file reads back as the
/// same bits through --input=@file.
std::string formatExact(uint32_t dtype, const char *p) {
  switch (dtype) {
  case TG_DTYPE_FLOAT16:
  case TG_DTYPE_BFLOAT16:
    return exactText(static_cast<float>(
        mlir::tg::narrowFloatValue(*reinterpret_cast<const uint16_t *>(p), dtype == TG_DTYPE_BFLOAT16)));
  case TG_DTYPE_FLOAT32: return exactText(*reinterpret_cast<const float *>(p));
  case TG_DTYPE_FLOAT64: return exactText(*reinterpret_cast<const double *>(p));
  }
  return formatElement(dtype, p);
}

/// Nested brackets, one level per axis: [[1, 2], [3, 4]].
void printTensor(llvm::raw_ostream &os, const TensorSpec &t, const std::string &data) {
  uint32_t size = tg_dtype_size(t.dtype);
  int64_t index = 0;
  std::function<void(uint32_t)> print = [&](uint32_t axis) {
    if (axis == t.rank) {
      os << formatElement(t.dtype, &data[index++ * size]);
      return;
    }
    os << "[";
    for (int64_t i = 0; i < t.shape[axis]; ++i) {
      if (i)
        os << ", ";
      print(axis + 1);
    }
    os << "]";
  };
  print(0);
}

const char *dtypeName(uint32_t dtype) {
  static const char *names[] = {"?", "i1", "i8", "ui8", "i16", "ui16", "i32", "ui32",
                                "i64", "ui64", "f16", "bf16", "f32", "f64"};
  return dtype < 14 ? names[dtype] : "?";
}

std::string typeText(const TensorSpec &t) {
  std::string s = "tensor<";
  for (uint32_t i = 0; i < t.rank; ++i)
    s += std::to_string(t.shape[i]) + "x";
  return s + dtypeName(t.dtype) + ">";
}

/// A runtime backend's line of --list-devices, with the compiler target
/// that makes its binaries.
void reportBackend(void *reported, const char *backend, int32_t count, const char *detail) {
  static_cast<std::vector<std::string> *>(reported)->push_back(backend);
  const mlir::tg::TargetBackend *target = mlir::tg::findTargetBackend(backend);
  llvm::outs() << llvm::format("%-8s %d device%s  %s\n", backend, count, count == 1 ? " " : "s",
                               detail)
               << "         compiled by: "
               << (target ? "the " + target->name() + " target (" + target->binaryKind() +
                                "): " + target->describe({})
                          : std::string("no compiler target"))
               << "\n";
}

/// The runtime's backends, then the compiler targets whose devices have
/// no backend here.
int printDevices() {
  std::vector<std::string> reported;
  if (tgrt_list_backends(reportBackend, &reported) != TGRT_OK)
    return fail(tgrt_last_error());
  for (const mlir::tg::TargetBackend *target : mlir::tg::targetBackends())
    for (const std::string &device : target->devices())
      if (llvm::none_of(reported, [&](const std::string &r) {
            return llvm::StringRef(r).equals_insensitive(device);
          }))
        llvm::outs() << llvm::format("%-8s 0 devices  ", device.c_str())
                     << "no runtime backend; the " << target->name() << " target compiles "
                     << target->binaryKind() << " binaries for it (--emit-binary)\n";
  return 0;
}

/// Compiles --function of the input file for the device `dev` (or, with
/// --emit-binary, the kind `deviceName` names): the executable's blob.
int compile(const std::string &path, const std::string &parameters, tgrt_device dev,
            const std::string &deviceName, bool portableCode, const std::string &binaryFile,
            int debug, std::string &blob, std::string &name, double &compileSeconds,
            size_t &numKernels, std::map<unsigned, std::string> &parameterBytes) {
  DialectRegistry registry;
  mlir::tg::registerCompilerDialects(registry);
  MLIRContext context(registry);
  // Errors point at source locations; a dump of the failing op would bury them.
  context.printOpOnDiagnostic(false);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::string error;
  auto file = mlir::openInputFile(path, &error);
  if (!file)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return fail("the input is not valid IR (see the errors above)");

  FailureOr<std::string> chosen = mlir::tg::chooseFunction(*module, functionName, error);
  if (failed(chosen))
    return fail(error);
  name = *chosen;
  if (!parameters.empty()) {
    FailureOr<std::vector<mlir::tg::AOTParameter>> bound =
        mlir::tg::parametersFromSafetensors(*module, name, parameters, error);
    if (failed(bound))
      return fail(error);
    for (mlir::tg::AOTParameter &parameter : *bound)
      parameterBytes[parameter.argument] = std::move(parameter.data);
  }

  mlir::tg::CompileOptions options;
  options.device = llvm::StringRef(dev ? tgrt_device_name(dev) : deviceName.c_str())
                       .split(':')
                       .first.upper();
  if (options.device.empty())
    options.device = "CPU";
  options.chip = chip;
  options.portable = portableCode;
  options.noopt = knobs::integer("NOOPT") != 0;
  options.debug = debug;
  options.log = &llvm::errs();
  for (const std::string &entry : kernelOpts) {
    auto [kernel, opts] = llvm::StringRef(entry).split('=');
    if (opts.empty())
      return fail("--kernel-opts=" + entry + ": expected kernel=#tg.opts<...>");
    options.kernelOpts[kernel.str()] = opts.str();
  }
  auto compileStart = std::chrono::steady_clock::now();
  FailureOr<mlir::tg::Executable> executable = mlir::tg::compileFunction(*module, name, options);
  if (failed(executable))
    return fail("compiling @" + name + " failed (see the errors above)");
  compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - compileStart).count();
  numKernels = executable->kernels.size();
  blob = executable->blob;

  if (!binaryFile.empty()) {
    tg_executable_header header;
    std::memcpy(&header, blob.data(), sizeof(header));
    std::error_code ec;
    llvm::raw_fd_ostream out(binaryFile, ec);
    if (ec)
      return fail("cannot write " + binaryFile + ": " + ec.message());
    out << llvm::StringRef(blob.data() + header.binary_offset, header.binary_size);
  }
  return 0;

}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(argc, argv, "tinygrad-mlir: run a function on a device\n");
  // The in-process linker resets every command-line option when it is done:
  // keep the values.
  std::vector<std::string> givenInputs(inputValues.begin(), inputValues.end());
  const bool fillRandom = randomInputs, portableCode = portable;
  const unsigned runs = std::max(1u, unsigned(repeat)), randomSeed = seed;
  const std::string deviceName = device, resultFile = outputFile, binaryFile = emitBinary,
                    executablePath = executableFile;
  std::string path = inputFile, parameters = parametersFile;
  std::unique_ptr<::tg::onnx::ScratchImport> imported;
  if (llvm::StringRef(path).ends_with(".onnx")) {
    try {
      imported = std::make_unique<::tg::onnx::ScratchImport>(path, "model");
    } catch (const ::tg::Error &e) {
      return fail(e.what());
    }
    path = imported->files().object;
    if (parameters.empty())
      parameters = imported->files().weights;
  }
  mlir::tg::registerTargetBackends(llvm::errs());
  for (const std::string &path : loadTargets)
    if (failed(mlir::tg::loadTargetPlugin(path, llvm::errs())))
      return 1;
  if (listDevices)
    return printDevices();
  if (printKnobs) {
    llvm::outs() << knobs::describe(/*markdown=*/true);
    return 0;
  }

  int debug = knobs::integer("DEBUG");
  tgrt_device dev = nullptr;
  if (binaryFile.empty() &&
      tgrt_device_open(deviceName.empty() ? nullptr : deviceName.c_str(), &dev) != TGRT_OK)
    return fail(tgrt_last_error());
  std::string blob, name;
  std::map<unsigned, std::string> parameterBytes;
  double compileSeconds = 0;
  size_t numKernels = 0;
  if (!executablePath.empty()) {
    std::string error;
    auto file = mlir::openInputFile(executablePath, &error);
    if (!file)
      return fail(error);
    blob = file->getBuffer().str();
    name = executablePath;
  } else if (int status = compile(path, parameters, dev, deviceName, portableCode, binaryFile,
                                  debug, blob, name, compileSeconds, numKernels,
                                  parameterBytes)) {
    return status;
  }
  if (!binaryFile.empty())
    return 0;

  tgrt_executable exe;
  if (tgrt_executable_load(dev, blob.data(), blob.size(), &exe) != TGRT_OK)
    return fail(tgrt_last_error());

  uint32_t numInputs = tgrt_executable_num_inputs(exe);
  uint32_t numOutputs = tgrt_executable_num_outputs(exe);
  // The arguments --input fills: those no parameter gives.
  uint32_t open = numInputs - uint32_t(parameterBytes.size());
  std::string those = parameterBytes.empty() ? " arguments" : " arguments besides parameters";
  if (givenInputs.size() > open)
    return fail("@" + name + " takes " + std::to_string(open) + those + ", but " +
                std::to_string(givenInputs.size()) + " --input were given");
  if (givenInputs.size() < open && !fillRandom)
    return fail("@" + name + " takes " + std::to_string(open) + those + ", but " +
                std::to_string(givenInputs.size()) +
                " --input were given (--random fills the rest)");
  std::mt19937_64 rng(randomSeed);
  std::vector<tgrt_buffer> inputs(numInputs);
  for (uint32_t i = 0, given = 0; i < numInputs; ++i) {
    TensorSpec spec{};
    tgrt_executable_input(exe, i, &spec.dtype, &spec.rank, spec.shape);
    std::string data;
    auto parameter = parameterBytes.find(i);
    if (parameter != parameterBytes.end()) {
      data = parameter->second;
    } else {
      std::string problem = readInput(
          given < givenInputs.size() ? llvm::StringRef(givenInputs[given]) : "random", spec, data,
          rng);
      if (!problem.empty())
        return fail("--input #" + std::to_string(given) + " (" + typeText(spec) + ") " + problem);
      ++given;
    }
    if (tgrt_buffer_alloc(dev, spec.bytes(), &inputs[i]) != TGRT_OK ||
        tgrt_buffer_write(inputs[i], 0, data.data(), data.size()) != TGRT_OK)
      return fail(tgrt_last_error());
  }

  mlir::tg::LaunchTiming timing;
  timing.perKernel = debug >= 2;
  if (debug >= 1)
    tgrt_executable_observe(exe, mlir::tg::observeLaunch, &timing);
  std::vector<tgrt_buffer> outputs(numOutputs);
  for (unsigned run = 0; run < runs; ++run) {
    if (run)
      for (tgrt_buffer b : outputs)
        tgrt_buffer_release(b);
    if (tgrt_executable_run(exe, inputs.data(), numInputs, outputs.data(), numOutputs) != TGRT_OK)
      return fail(tgrt_last_error());
  }
  if (debug >= 1)
    llvm::errs() << llvm::format(
        "scheduled %zu kernels, compiled in %.3f s; %llu launches took %.3f ms\n",
        numKernels, compileSeconds, (unsigned long long)timing.launches,
        timing.nanoseconds * 1e-6);

  std::unique_ptr<llvm::ToolOutputFile> results;
  if (!resultFile.empty()) {
    std::string error;
    results = mlir::openOutputFile(resultFile, &error);
    if (!results)
      return fail(error);
  }
  for (uint32_t i = 0; i < numOutputs; ++i) {
    TensorSpec spec{};
    tgrt_executable_output(exe, i, &spec.dtype, &spec.rank, spec.shape);
    std::string data(spec.bytes(), '\0');
    if (tgrt_buffer_read(outputs[i], 0, data.data(), data.size()) != TGRT_OK)
      return fail(tgrt_last_error());
    if (results) {
      for (int64_t e = 0; e < spec.elements(); ++e)
        results->os() << (e ? " " : "") << formatExact(spec.dtype, &data[e * tg_dtype_size(spec.dtype)]);
      results->os() << "\n";
    } else {
      llvm::outs() << "result #" << i << ": " << typeText(spec) << " = ";
      printTensor(llvm::outs(), spec, data);
      llvm::outs() << "\n";
    }
    tgrt_buffer_release(outputs[i]);
  }
  if (results)
    results->keep();
  for (tgrt_buffer b : inputs)
    tgrt_buffer_release(b);
  tgrt_executable_release(exe);
  tgrt_device_release(dev);
  return 0;
}
