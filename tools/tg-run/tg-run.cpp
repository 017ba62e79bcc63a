//===- tg-run.cpp - run a function of a .mlir file on a device ------------===//
//
//   tg-run file.mlir [--function NAME] [--input VALUES]... [--random]
//
// Compiles the function through the whole pipeline, runs it on a device of
// the runtime and prints each result in a stable text form, so end-to-end
// lit tests can FileCheck it. Inputs, one --input per argument in order:
//   1,2,3,4      the elements, row-major (as many as the argument has),
//                separated by a comma, whitespace or both
//   splat:0.5    every element the same
//   @file        the elements read from a file, as a list (what --output writes)
//   random       uniform random elements (--seed)
// Missing inputs are an error unless --random fills them. Every element must
// be a value of the argument's type: an integer in its range; 0, 1, true or
// false for i1; a decimal float (or inf, nan) not beyond the type's largest.
// Arguments are written to the device, and results read back, in chunks; an
// @file is read no further than its elements can take (a FIFO or /dev/zero
// ends).
// --parameters=FILE.safetensors gives every argument named (tg.name) after
// one of its tensors that tensor; --input then fills the others. An .onnx
// file is imported first (as tg-import-onnx does, open dimensions 1), its
// initializers the parameters.
//
//===----------------------------------------------------------------------===//

#include "InputText.h"

#include "tg/Support/Version.h"
#include "tg/Compiler/AOT.h"
#include "tg/Compiler/Compiler.h"
#include "tg/Frontend/ONNX/ONNX.h"
#include "tg/Compiler/LaunchTiming.h"
#include "tg/Compiler/Profile.h"
#include "tg/Compiler/ProgramCache.h"
#include "tg/Support/Knobs.h"
#include "tg/Support/NarrowFloats.h"
#include "tg/Target/TargetBackend.h"
#include "tg_executable.h"
#include "tgrt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>

using namespace mlir;
namespace cl = llvm::cl;
namespace knobs = ::tg::knobs;
using namespace tgrun;

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

/// The most axes the runtime reports a shape of (tgrt_executable_input).
constexpr uint32_t kMaxRank = 8;
/// Arguments are written to, and results read from, their device buffers a
/// chunk at a time: no argument or result needs a copy of itself on the host.
constexpr uint64_t kChunkBytes = 1 << 20;
struct TensorSpec {
  uint32_t dtype = 0, rank = 0;
  int64_t shape[kMaxRank] = {};
  uint64_t elements = 0, bytes = 0;
};

std::string typeText(const TensorSpec &t) {
  std::string s = "tensor<";
  for (uint32_t i = 0; i < t.rank; ++i)
    s += std::to_string(t.shape[i]) + "x";
  return s + dtypeName(t.dtype) + ">";
}

/// The type of argument (or result) `index` of `exe`, its element count and
/// byte size; a sentence if tg-run cannot take it.
std::string describe(tgrt_executable exe, bool argument, uint32_t index, TensorSpec &t) {
  int64_t shape[kMaxRank] = {};
  if ((argument ? tgrt_executable_input : tgrt_executable_output)(exe, index, &t.dtype, &t.rank,
                                                                  shape) != TGRT_OK)
    return std::string("cannot be described: ") + tgrt_last_error();
  if (t.rank > kMaxRank)
    return "has rank " + std::to_string(t.rank) + ", but tg-run takes tensors of rank up to " +
           std::to_string(kMaxRank);
  std::copy(shape, shape + t.rank, t.shape);
  uint32_t size = tg_dtype_size(t.dtype);
  if (size == 0)
    return "has the unknown dtype " + std::to_string(t.dtype);
  t.elements = 1;
  for (uint32_t i = 0; i < t.rank; ++i) {
    if (t.shape[i] < 0)
      return "(" + typeText(t) + ") has a negative dimension";
    if (__builtin_mul_overflow(t.elements, uint64_t(t.shape[i]), &t.elements))
      return "(" + typeText(t) + ") has more than 2^64 elements";
  }
  if (__builtin_mul_overflow(t.elements, uint64_t(size), &t.bytes))
    return "(" + typeText(t) + ") needs more than 2^64 bytes";
  return "";
}

/// Writes an argument's elements to its device buffer through a chunk of host
/// memory.
class ChunkWriter {
public:
  ChunkWriter(tgrt_buffer buffer, const TensorSpec &t)
      : buffer(buffer), size(tg_dtype_size(t.dtype)),
        chunk(std::min(t.bytes, kChunkBytes - kChunkBytes % size)) {}
  /// Where the next element goes.
  char *slot() { return chunk.data() + used; }
  /// Takes the element at slot(); false (tgrt_last_error says why) if
  /// writing a full chunk failed.
  bool commit() {
    used += size;
    return used < chunk.size() || flush();
  }
  bool flush() {
    if (!used)
      return true;
    mlir::tg::profile::Span copy("copies", "host to device, " + llvm::Twine(used) + " B",
                                 "copy");
    tgrt_status status = tgrt_buffer_write(buffer, offset, chunk.data(), used);
    offset += used;
    used = 0;
    return status == TGRT_OK;
  }

private:
  tgrt_buffer buffer;
  uint32_t size;
  std::vector<char> chunk;
  size_t used = 0;
  uint64_t offset = 0;
};

/// Fills argument `buffer` of type `tensor` from an --input value; a
/// sentence on failure.
std::string readInput(llvm::StringRef spec, const TensorSpec &tensor, tgrt_buffer buffer,
                      std::mt19937_64 &rng) {
  uint64_t n = tensor.elements;
  uint32_t size = tg_dtype_size(tensor.dtype);
  const std::string writeFailed = "cannot be written to the device: ";
  ChunkWriter writer(buffer, tensor);
  if (spec == "random") {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> small(-10, 10);
    for (uint64_t i = 0; i < n; ++i) {
      char *out = writer.slot();
      if (isFloatType(tensor.dtype)) {
        storeFloat(tensor.dtype, unit(rng), out);
      } else if (tensor.dtype == TG_DTYPE_BOOL) {
        *out = small(rng) > 0;
      } else {
        // Small integers, negative ones only for a signed type.
        int64_t v = std::abs(small(rng));
        if (!isUnsignedType(tensor.dtype) && small(rng) < 0)
          v = -v;
        std::memcpy(out, &v, size);
      }
      if (!writer.commit())
        return writeFailed + tgrt_last_error();
    }
    return writer.flush() ? "" : writeFailed + tgrt_last_error();
  }
  if (spec.consume_front("splat:")) {
    char value[8];
    std::string problem = parseElement(tensor.dtype, spec.trim(), value);
    if (!problem.empty())
      return quoted(spec) + " " + problem;
    for (uint64_t i = 0; i < n; ++i) {
      std::memcpy(writer.slot(), value, size);
      if (!writer.commit())
        return writeFailed + tgrt_last_error();
    }
    return writer.flush() ? "" : writeFailed + tgrt_last_error();
  }
  TextSource source(spec);
  if (spec.consume_front("@")) {
    // Each element with its whitespace in kMaxElementText bytes, and some to spare.
    uint64_t limit;
    if (__builtin_add_overflow(n, uint64_t(16), &limit) ||
        __builtin_mul_overflow(limit, uint64_t(kMaxElementText), &limit))
      limit = UINT64_MAX - 1;
    std::string problem = source.open(spec.str(), limit, n);
    if (!problem.empty())
      return problem;
  }
  ElementLexer lexer(source);
  std::string element;
  while (lexer.next(element)) {
    uint64_t i = lexer.index - 1;
    if (i == n)
      return "has more than " + std::to_string(n) + " values but the argument has " +
             std::to_string(n) + " elements";
    std::string problem = parseElement(tensor.dtype, element, writer.slot());
    if (!problem.empty())
      return quoted(element) + " " + problem + " (element " + std::to_string(i) + ")";
    if (!writer.commit())
      return writeFailed + tgrt_last_error();
  }
  if (!lexer.problem.empty())
    return lexer.problem;
  if (lexer.index != n)
    return "has " + std::to_string(lexer.index) + " values but the argument has " +
           std::to_string(n) + " elements";
  return writer.flush() ? "" : writeFailed + tgrt_last_error();
}

/// A result's elements in order, read from its device buffer a chunk at a
/// time. After a failed read, the elements are zeros and `problem` says why.
class ChunkReader {
public:
  ChunkReader(tgrt_buffer buffer, const TensorSpec &t)
      : buffer(buffer), size(tg_dtype_size(t.dtype)), total(t.bytes),
        chunk(std::min(t.bytes, kChunkBytes - kChunkBytes % size)) {}
  const char *next() {
    if (pos == have) {
      have = std::min<uint64_t>(chunk.size(), total - offset);
      mlir::tg::profile::Span copy("copies", "device to host, " + llvm::Twine(have) + " B",
                                   "copy");
      if (problem.empty() &&
          tgrt_buffer_read(buffer, offset, chunk.data(), have) != TGRT_OK)
        problem = tgrt_last_error();
      if (!problem.empty())
        std::fill(chunk.begin(), chunk.end(), 0);
      offset += have;
      pos = 0;
    }
    const char *element = chunk.data() + pos;
    pos += size;
    return element;
  }
  std::string problem;

private:
  tgrt_buffer buffer;
  uint32_t size;
  uint64_t total, offset = 0;
  std::vector<char> chunk;
  size_t pos = 0, have = 0;
};

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
void printTensor(llvm::raw_ostream &os, const TensorSpec &t, ChunkReader &elements) {
  std::function<void(uint32_t)> print = [&](uint32_t axis) {
    if (axis == t.rank) {
      os << formatElement(t.dtype, elements.next());
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
/// What a compiled program depends on: the IR as printed (not its
/// formatting), the function, the options and the compiler's plug-ins.
std::string programKey(ModuleOp module, const std::string &name,
                       const mlir::tg::CompileOptions &options) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << "tg-run|" << name << "|" << options.device << "|" << options.chip << "|"
     << options.portable << "|" << options.noopt << "|beam=" << options.beam << "|";
  for (const auto &[kernel, opts] : options.kernelOpts)
    os << kernel << "=" << opts << ";";
  for (const std::string &target : loadTargets)
    os << target << ";";
  if (const char *targets = knobs::value("TG_TARGET_PATH"))
    os << targets;
  std::string text;
  llvm::raw_string_ostream printed(text);
  module.print(printed);
  os << "|" << llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(text)));
  return key;
}

int compile(const std::string &path, const std::string &parameters, tgrt_device dev,
            const std::string &deviceName, bool portableCode, const std::string &binaryFile,
            int debug, std::string &blob, std::string &name, double &compileSeconds,
            size_t &numKernels, bool &fromCache,
            std::map<unsigned, std::string> &parameterBytes) {
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
  OwningOpRef<ModuleOp> module = mlir::tg::parseModule(sourceMgr, &context, llvm::errs());
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
  options.beam = knobs::integer("BEAM");
  options.debug = debug;
  options.log = &llvm::errs();
  for (const std::string &entry : kernelOpts) {
    auto [kernel, opts] = llvm::StringRef(entry).split('=');
    if (opts.empty())
      return fail("--kernel-opts=" + entry + ": expected kernel=#tg.opts<...>");
    options.kernelOpts[kernel.str()] = opts.str();
  }
  // The program cache, unless DEBUG=3 or more asks to see the compilation.
  std::string key = debug < 3 && dev ? programKey(*module, name, options) : "";
  if (std::optional<std::string> cached = key.empty() ? std::nullopt : ::tg::cache::load(key)) {
    tgrt_executable loaded = nullptr;
    if (tgrt_executable_load(dev, cached->data(), cached->size(), &loaded) == TGRT_OK) {
      tgrt_executable_release(loaded);
      blob = std::move(*cached);
      tg_executable_header header;
      std::memcpy(&header, blob.data(), sizeof(header));
      numKernels = header.num_kernels;
      fromCache = true;
    } else {
      ::tg::cache::evict(key, std::string("that does not load (") + tgrt_last_error() + ")");
    }
  }
  if (!fromCache) {
    auto compileStart = std::chrono::steady_clock::now();
    FailureOr<mlir::tg::Executable> executable = mlir::tg::compileFunction(*module, name, options);
    if (failed(executable))
      return fail("compiling @" + name + " failed (see the errors above)");
    compileSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - compileStart).count();
    numKernels = executable->kernels.size();
    blob = executable->blob;
    if (!key.empty())
      ::tg::cache::store(key, blob);
  }

  if (!binaryFile.empty()) {
    tg_executable_header header;
    std::memcpy(&header, blob.data(), sizeof(header));
    std::error_code ec;
    llvm::raw_fd_ostream out(binaryFile, ec);
    if (ec) {
      out.clear_error();
      return fail("cannot write " + binaryFile + ": " + ec.message());
    }
    out << llvm::StringRef(blob.data() + header.binary_offset, header.binary_size);
    out.close();
    if (out.has_error()) {
      std::string message = out.error().message();
      out.clear_error();
      return fail("cannot write " + binaryFile + ": " + message);
    }
  }
  return 0;

}

/// Reads an executable file (or "-", stdin): its header, then no more than
/// the header's total_size and a byte (to tell there is more), so that
/// /dev/zero or a FIFO ends. The runtime judges what was read.
std::string readExecutable(const std::string &path, std::string &blob) {
  bool fromStdin = path == "-";
  llvm::Expected<llvm::sys::fs::file_t> file =
      fromStdin ? llvm::sys::fs::getStdinHandle() : llvm::sys::fs::openNativeFileForRead(path);
  if (!file)
    return "cannot open input file '" + path + "': " + llvm::toString(file.takeError());
  uint64_t want = sizeof(tg_executable_header);
  bool sized = false;
  std::string problem;
  while (blob.size() < want) {
    size_t have = blob.size(), chunk = std::min<uint64_t>(want - have, kChunkBytes);
    blob.resize(have + chunk);
    llvm::Expected<size_t> got =
        llvm::sys::fs::readNativeFile(*file, llvm::MutableArrayRef<char>(&blob[have], chunk));
    if (!got) {
      problem = "cannot read " + path + ": " + llvm::toString(got.takeError());
      break;
    }
    blob.resize(have + *got);
    if (*got == 0)
      break;
    if (!sized && blob.size() >= sizeof(tg_executable_header)) {
      sized = true;
      tg_executable_header header;
      std::memcpy(&header, blob.data(), sizeof header);
      if (std::memcmp(header.magic, TG_EXECUTABLE_MAGIC, TG_EXECUTABLE_MAGIC_SIZE) == 0 &&
          header.total_size > want && header.total_size < UINT64_MAX)
        want = header.total_size + 1;
    }
  }
  if (!fromStdin)
    llvm::sys::fs::closeFile(*file);
  return problem;
}

/// --output's file. Unless close() succeeds, a regular file is removed
/// again: no partial results stay behind (a device such as /dev/full is
/// left alone).
struct ResultFile {
  std::string path;
  std::unique_ptr<llvm::raw_fd_ostream> os;

  std::string open(const std::string &name) {
    std::error_code ec;
    os = std::make_unique<llvm::raw_fd_ostream>(name, ec);
    if (ec) {
      os->clear_error();
      os.reset();
      return "cannot open output file '" + name + "': " + ec.message();
    }
    path = name;
    return "";
  }
  /// Flushes and closes the file; a sentence if writing it failed.
  std::string close() {
    os->close();
    std::string problem;
    if (os->has_error()) {
      problem = "cannot write " + path + ": " + os->error().message();
      os->clear_error();
    }
    os.reset();
    if (problem.empty())
      path.clear();
    return problem;
  }
  ~ResultFile() {
    if (os) {
      os->close();
      os->clear_error();
    }
    if (!path.empty() && path != "-" && llvm::sys::fs::is_regular_file(path))
      llvm::sys::fs::remove(path);
  }
};

/// Flushes the printed results; a sentence if writing them failed (instead
/// of LLVM's fatal error when llvm::outs() is destroyed).
std::string closeStdout() {
  llvm::outs().flush();
  if (!llvm::outs().has_error())
    return "";
  std::string problem = "cannot write the results: " + llvm::outs().error().message();
  llvm::outs().clear_error();
  return problem;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ::tg::setVersionPrinter();
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
  bool fromCache = false;
  size_t numKernels = 0;
  if (!executablePath.empty()) {
    if (std::string problem = readExecutable(executablePath, blob); !problem.empty())
      return fail(problem);
    name = executablePath;
  } else if (int status = compile(path, parameters, dev, deviceName, portableCode, binaryFile,
                                  debug, blob, name, compileSeconds, numKernels, fromCache,
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
  // Every argument's and result's type, before anything is allocated.
  std::vector<TensorSpec> inputSpecs(numInputs), outputSpecs(numOutputs);
  for (uint32_t i = 0; i < numInputs; ++i)
    if (std::string problem = describe(exe, /*argument=*/true, i, inputSpecs[i]); !problem.empty())
      return fail("argument #" + std::to_string(i) + " of @" + name + " " + problem);
  for (uint32_t i = 0; i < numOutputs; ++i)
    if (std::string problem = describe(exe, /*argument=*/false, i, outputSpecs[i]);
        !problem.empty())
      return fail("result #" + std::to_string(i) + " of @" + name + " " + problem);
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
    const TensorSpec &spec = inputSpecs[i];
    auto parameter = parameterBytes.find(i);
    if (parameter != parameterBytes.end() && parameter->second.size() != spec.bytes)
      return fail("the parameter of argument #" + std::to_string(i) + " (" + typeText(spec) +
                  ") has " + std::to_string(parameter->second.size()) + " bytes, not " +
                  std::to_string(spec.bytes));
    if (tgrt_buffer_alloc(dev, spec.bytes, &inputs[i]) != TGRT_OK)
      return fail("argument #" + std::to_string(i) + " (" + typeText(spec) + ") needs " +
                  std::to_string(spec.bytes) + " bytes: " + tgrt_last_error());
    if (parameter != parameterBytes.end()) {
      mlir::tg::profile::Span copy(
          "copies", "parameter to device, " + std::to_string(spec.bytes) + " B", "copy");
      if (tgrt_buffer_write(inputs[i], 0, parameter->second.data(), spec.bytes) != TGRT_OK)
        return fail(tgrt_last_error());
      continue;
    }
    std::string problem = readInput(
        given < givenInputs.size() ? llvm::StringRef(givenInputs[given]) : "random", spec,
        inputs[i], rng);
    if (!problem.empty())
      return fail("--input #" + std::to_string(given) + " (" + typeText(spec) + ") " + problem);
    ++given;
  }

  mlir::tg::LaunchTiming timing;
  timing.perKernel = debug >= 2;
  timing.device = tgrt_device_name(dev);
  mlir::tg::observeLaunches(exe, timing, debug);
  std::vector<tgrt_buffer> outputs(numOutputs);
  for (unsigned run = 0; run < runs; ++run) {
    if (run)
      for (tgrt_buffer b : outputs)
        tgrt_buffer_release(b);
    if (tgrt_executable_run(exe, inputs.data(), numInputs, outputs.data(), numOutputs) != TGRT_OK)
      return fail(tgrt_last_error());
  }
  if (debug >= 1)
    llvm::errs() << llvm::format("scheduled %zu kernels, ", numKernels)
                 << (fromCache ? std::string("from the program cache")
                               : llvm::formatv("compiled in {0:F3} s", compileSeconds).str())
                 << llvm::format("; %llu launches took %.3f ms\n",
                                 (unsigned long long)timing.launches, timing.nanoseconds * 1e-6);

  ResultFile results;
  if (!resultFile.empty())
    if (std::string problem = results.open(resultFile); !problem.empty())
      return fail(problem);
  for (uint32_t i = 0; i < numOutputs; ++i) {
    const TensorSpec &spec = outputSpecs[i];
    ChunkReader elements(outputs[i], spec);
    if (results.os) {
      for (uint64_t e = 0; e < spec.elements; ++e)
        *results.os << (e ? " " : "") << formatExact(spec.dtype, elements.next());
      *results.os << "\n";
    } else {
      llvm::outs() << "result #" << i << ": " << typeText(spec) << " = ";
      printTensor(llvm::outs(), spec, elements);
      llvm::outs() << "\n";
    }
    if (!elements.problem.empty())
      return fail("cannot read result #" + std::to_string(i) + ": " + elements.problem);
    tgrt_buffer_release(outputs[i]);
  }
  if (results.os) {
    if (std::string problem = results.close(); !problem.empty())
      return fail(problem);
  } else if (std::string problem = closeStdout(); !problem.empty()) {
    return fail(problem);
  }
  for (tgrt_buffer b : inputs)
    tgrt_buffer_release(b);
  tgrt_executable_release(exe);
  tgrt_device_release(dev);
  return 0;
}
