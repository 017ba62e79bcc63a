//===- EndToEndTest.cpp - compiled tg programs against the reference -----===//
//
// Builds small tg programs as MLIR text, compiles each with compileFunction,
// runs it on a device of the runtime (DEV, as in tinygrad; CPU when unset:
// CTest runs the suite on CPU and on VULKAN) and compares every result (and
// every argument buffer, for tg.assign) with the naive evaluator of
// Reference.h. Inputs are random with fixed seeds.
//
// Comparison: integers and bools exactly (a bool must be the byte 0 or 1);
// floats within a few ulp for correctly rounded operations, with the sign of
// a zero checked; transcendentals (exp2, log2, sin, pow) within a stated
// tolerance, since they may come from libm or from LLVM; NaN positions must
// match. Movement ops and bitcasts must keep the bits exactly.
//
// Undefined cases that the op descriptions name are never generated:
// integer division by zero and INT_MIN cdiv -1 (divisors are drawn away
// from 0, and -1 under INT_MIN is replaced by 1 for all four divisions in
// the batches; EdgeTest checks cmod, floormod and floordiv of INT_MIN by -1
// on their own, as their descriptions name only a zero divisor), shift
// amounts outside
// [0, width), integer 0 ^ negative, float→integer casts of NaN, infinities
// and values outside the target's range (a value below 0 is never cast to an
// unsigned type, even one that truncates to 0). The reference reports each
// of these as an error, so a generator that produced one fails the test.
//
// When a program fails to compile, each of its results is compiled alone to
// name the op at fault. TG_E2E_DUMP=<dir> writes every failing program with
// its inputs as a tg-run command into <dir>; TG_E2E_DEBUG=N compiles with
// tinygrad's DEBUG=N (3: the generated code, 4: the IR after every pass).
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include "tg/Compiler/Compiler.h"
#include "tgrt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>

namespace tgtest {
// Test names (ctest's too) show parameters through these.
void PrintTo(DType t, std::ostream *os) { *os << name(t); }
} // namespace tgtest

using namespace tgtest;
using Bits = uint64_t;
using Shape = std::vector<int64_t>;

namespace {

//===----------------------------------------------------------------------===//
// The compiler and the runtime, once per process
//===----------------------------------------------------------------------===//

struct Environment {
  mlir::MLIRContext context;
  std::string deviceName = std::getenv("DEV") ? std::getenv("DEV") : "CPU";
  tgrt_device device = nullptr;
  std::string deviceError;

  static mlir::DialectRegistry makeRegistry() {
    mlir::DialectRegistry registry;
    mlir::tg::registerCompilerDialects(registry);
    return registry;
  }

  Environment() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
    if (tgrt_device_open(deviceName.c_str(), &device) != TGRT_OK) {
      deviceError = tgrt_last_error();
      device = nullptr;
    }
  }
};

Environment &env() {
  static Environment *environment = new Environment();
  return *environment;
}

//===----------------------------------------------------------------------===//
// Programs as text
//===----------------------------------------------------------------------===//

std::string typeText(DType t, const Shape &shape) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + name(t) + ">";
}

std::string list(const Shape &values) {
  std::string s = "[";
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  return s + "]";
}

/// How close a float result must be.
struct Tol {
  bool bitExact = false; // raw bits, NaN payloads included
  int64_t ulps = 0;
  double rel = 0;
  double abs = 0;       // for sums that may cancel
  bool zeroSign = true; // -0 and +0 differ

  static Tol exact() { return {}; }
  static Tol bits() { Tol t; t.bitExact = true; return t; }
  static Tol ulp(int64_t n) { Tol t; t.ulps = n; return t; }
  /// exp2, log2, sin, pow: libm or LLVM, in the element type or wider.
  static Tol transcendental(DType t) {
    Tol tol;
    tol.zeroSign = false;
    if (t == DType::F64) { tol.ulps = 4; tol.rel = 1e-14; }
    else if (t == DType::F32) { tol.ulps = 4; tol.rel = 1e-6; }
    else { tol.ulps = 2; tol.rel = 1e-3; } // f16, bf16: one rounding from f32
    return tol;
  }
  /// Results of several roundings (softmax, layernorm, matmul of reals).
  static Tol relative(double rel, double abs = 0) {
    Tol t; t.rel = rel; t.abs = abs; t.ulps = 8; t.zeroSign = false; return t;
  }
};

struct Result {
  std::string value, type, label;
  Tol tol;
};

/// One function @f, built op by op.
class Program {
public:
  std::string arg(const std::string &type) {
    std::string n = "%a" + std::to_string(args.size());
    args.push_back(type);
    return n;
  }
  /// `text` is the op without its result: "tg.add %a0, %a1 : tensor<4xf32>".
  std::string op(const std::string &text) {
    std::string n = "%v" + std::to_string(body.size());
    body.push_back(n + " = " + text);
    return n;
  }
  void result(const std::string &value, const std::string &type,
              const std::string &label, Tol tol = Tol::exact()) {
    results.push_back({value, type, label, tol});
  }
  /// The module; with `only`, the function returns that result alone.
  std::string text(std::optional<size_t> only = std::nullopt) const {
    std::ostringstream os;
    std::vector<const Result *> returned;
    for (size_t i = 0; i < results.size(); ++i)
      if (!only || *only == i)
        returned.push_back(&results[i]);
    os << "func.func @f(";
    for (size_t i = 0; i < args.size(); ++i)
      os << (i ? ", " : "") << "%a" << i << ": " << args[i];
    os << ") -> (";
    for (size_t i = 0; i < returned.size(); ++i)
      os << (i ? ", " : "") << returned[i]->type;
    os << ") {\n";
    for (const std::string &line : body)
      os << "  " << line << "\n";
    os << "  return ";
    for (size_t i = 0; i < returned.size(); ++i)
      os << (i ? ", " : "") << returned[i]->value;
    os << " : ";
    for (size_t i = 0; i < returned.size(); ++i)
      os << (i ? ", " : "") << returned[i]->type;
    os << "\n}\n";
    return os.str();
  }

  std::vector<std::string> args, body;
  std::vector<Result> results;
};

//===----------------------------------------------------------------------===//
// Compile, run, compare
//===----------------------------------------------------------------------===//

struct Run {
  std::string error; // empty on success
  std::vector<Tensor> outputs;
  std::vector<Tensor> arguments; // the argument buffers after the run
};

mlir::OwningOpRef<mlir::ModuleOp> parse(const std::string &text, std::string &diagnostics) {
  mlir::MLIRContext &context = env().context;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diagnostics);
    os << d.getLocation() << ": " << d << "\n";
    for (mlir::Diagnostic &note : d.getNotes())
      os << "  note: " << note << "\n";
    return mlir::success();
  });
  return mlir::parseSourceString<mlir::ModuleOp>(text, mlir::ParserConfig(&context));
}

Run compileAndRun(const std::string &text, const std::vector<Tensor> &inputs) {
  Run run;
  Environment &e = env();
  if (!e.device) {
    run.error = "no " + e.deviceName + " device: " + e.deviceError;
    return run;
  }
  std::string diagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(text, diagnostics);
  if (!module) {
    run.error = "the program does not parse:\n" + diagnostics;
    return run;
  }
  mlir::FailureOr<mlir::tg::Executable> executable;
  {
    mlir::ScopedDiagnosticHandler handler(&e.context, [&](mlir::Diagnostic &d) {
      llvm::raw_string_ostream os(diagnostics);
      os << d.getLocation() << ": " << d << "\n";
      for (mlir::Diagnostic &note : d.getNotes())
        os << "  note: " << note << "\n";
      return mlir::success();
    });
    mlir::tg::CompileOptions options;
    options.device = tgrt_device_name(e.device);
    options.device = options.device.substr(0, options.device.find(':'));
    if (const char *debug = std::getenv("TG_E2E_DEBUG")) { // as tg-run's DEBUG
      options.debug = std::atoi(debug);
      options.log = &llvm::errs();
    }
    executable = mlir::tg::compileFunction(*module, "f", options);
  }
  if (mlir::failed(executable)) {
    run.error = "compileFunction failed:\n" + diagnostics;
    return run;
  }
  tgrt_executable exe;
  if (tgrt_executable_load(e.device, executable->blob.data(), executable->blob.size(),
                           &exe) != TGRT_OK) {
    run.error = std::string("tgrt_executable_load: ") + tgrt_last_error();
    return run;
  }
  uint32_t numInputs = tgrt_executable_num_inputs(exe);
  uint32_t numOutputs = tgrt_executable_num_outputs(exe);
  std::vector<tgrt_buffer> in(inputs.size(), nullptr), out(numOutputs, nullptr);
  auto finish = [&](const std::string &error) {
    run.error = error;
    for (tgrt_buffer b : in)
      if (b) tgrt_buffer_release(b);
    for (tgrt_buffer b : out)
      if (b) tgrt_buffer_release(b);
    tgrt_executable_release(exe);
    return run;
  };
  if (numInputs != inputs.size())
    return finish("the executable takes " + std::to_string(numInputs) + " inputs, the function " +
                  std::to_string(inputs.size()));
  static uint8_t dummy[8];
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::vector<uint8_t> bytes = inputs[i].toBytes();
    if (tgrt_buffer_alloc(e.device, bytes.size(), &in[i]) != TGRT_OK)
      return finish(std::string("tgrt_buffer_alloc: ") + tgrt_last_error());
    if (tgrt_buffer_write(in[i], 0, bytes.empty() ? dummy : bytes.data(), bytes.size()) != TGRT_OK)
      return finish(std::string("tgrt_buffer_write: ") + tgrt_last_error());
  }
  if (tgrt_executable_run(exe, in.data(), in.size(), out.data(), numOutputs) != TGRT_OK)
    return finish(std::string("tgrt_executable_run: ") + tgrt_last_error());
  for (uint32_t i = 0; i < numOutputs; ++i) {
    uint32_t dtype = 0, rank = 0;
    int64_t shape[8] = {};
    tgrt_executable_output(exe, i, &dtype, &rank, shape);
    Tensor t(static_cast<DType>(dtype), Shape(shape, shape + std::min<uint32_t>(rank, 8)));
    std::vector<uint8_t> bytes(t.numElements() * byteSize(t.dtype));
    if (tgrt_buffer_size(out[i]) < bytes.size())
      return finish("output #" + std::to_string(i) + " is a buffer of " +
                    std::to_string(tgrt_buffer_size(out[i])) + " bytes, " +
                    std::to_string(bytes.size()) + " expected");
    if (tgrt_buffer_read(out[i], 0, bytes.empty() ? dummy : bytes.data(), bytes.size()) != TGRT_OK)
      return finish(std::string("tgrt_buffer_read: ") + tgrt_last_error());
    run.outputs.push_back(Tensor::fromBytes(t.dtype, t.shape, bytes.data()));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::vector<uint8_t> bytes(inputs[i].numElements() * byteSize(inputs[i].dtype));
    if (tgrt_buffer_read(in[i], 0, bytes.empty() ? dummy : bytes.data(), bytes.size()) != TGRT_OK)
      return finish(std::string("tgrt_buffer_read: ") + tgrt_last_error());
    run.arguments.push_back(Tensor::fromBytes(inputs[i].dtype, inputs[i].shape, bytes.data()));
  }
  return finish("");
}

/// Distance in units in the last place (-0 and +0 are both 0).
int64_t ulpDistance(DType t, Bits a, Bits b) {
  unsigned w = bitWidth(t);
  Bits sign = Bits(1) << (w - 1);
  auto ordered = [&](Bits x) {
    int64_t magnitude = static_cast<int64_t>(x & (sign - 1));
    return (x & sign) ? -magnitude : magnitude;
  };
  int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

bool closeEnough(DType t, Bits expected, Bits got, const Tol &tol) {
  if (!isFloat(t) || tol.bitExact)
    return expected == got;
  double e = toDouble(t, expected), g = toDouble(t, got);
  if (std::isnan(e) || std::isnan(g))
    return std::isnan(e) && std::isnan(g);
  if (expected == got)
    return true;
  if (e == 0 && g == 0)
    return !tol.zeroSign;
  if (ulpDistance(t, expected, got) <= tol.ulps)
    return true;
  if (std::isinf(e) || std::isinf(g))
    return false;
  return std::fabs(e - g) <= tol.abs + tol.rel * std::fabs(e);
}

std::string inputsAt(const std::vector<Tensor> &inputs, int64_t index, int64_t count) {
  std::string s;
  for (size_t a = 0; a < inputs.size(); ++a)
    if (inputs[a].numElements() == count)
      s += (s.empty() ? "" : ", ") + std::string("%a") + std::to_string(a) + "=" +
           formatElement(inputs[a].dtype, inputs[a].bits[index]);
  return s;
}

testing::AssertionResult compareTensor(const std::string &label, const Tensor &expected,
                                       const Tensor &got, const Tol &tol,
                                       const std::vector<Tensor> &inputs) {
  std::ostringstream details;
  if (expected.shape != got.shape || byteSize(expected.dtype) != byteSize(got.dtype))
    return testing::AssertionFailure() << label << ": expected " << expected.typeText()
                                       << ", got " << got.typeText();
  // A wrong dtype of the same size is reported, and the bits compared.
  bool wrongType = expected.dtype != got.dtype;
  if (wrongType)
    details << "\n    the runtime reports " << got.typeText() << " instead of "
            << expected.typeText();
  int64_t n = expected.numElements(), wrong = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (closeEnough(expected.dtype, expected.bits[i], wrongType ? truncBits(expected.dtype, got.bits[i]) : got.bits[i], tol))
      continue;
    if (++wrong <= 6) {
      details << "\n    [" << i << "] expected " << formatElement(expected.dtype, expected.bits[i])
              << ", got "
              << (isBool(got.dtype) && got.bits[i] > 1 ? "byte " + std::to_string(got.bits[i])
                                                       : formatElement(got.dtype, got.bits[i]));
      std::string context = inputsAt(inputs, i, n);
      if (!context.empty())
        details << "   (" << context << ")";
    }
  }
  if (!wrong && !wrongType)
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << label << " (" << expected.typeText() << "): " << wrong
                                     << " of " << n << " elements differ" << details.str();
}

/// An element as tg-run's --input reads it.
std::string inputText(DType t, Bits bits) {
  if (!isFloat(t))
    return formatElement(t, bits);
  double v = toDouble(t, bits);
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

void dumpFailure(const std::string &text, const std::vector<Tensor> &inputs) {
  const char *dir = std::getenv("TG_E2E_DUMP");
  if (!dir)
    return;
  const testing::TestInfo *info = testing::UnitTest::GetInstance()->current_test_info();
  std::string base = std::string(info->test_suite_name()) + "." + info->name();
  for (char &c : base)
    if (c == '/')
      c = '_';
  std::ofstream file(std::string(dir) + "/" + base + ".mlir");
  file << "// tg-run %s";
  for (const Tensor &t : inputs) {
    file << " --input=";
    for (int64_t i = 0; i < t.numElements(); ++i)
      file << (i ? "," : "") << inputText(t.dtype, t.bits[i]);
  }
  file << "\n" << text;
}

/// Evaluates `program` with the reference and with the compiler, and
/// expects every result and argument buffer to agree.
void check(const Program &program, const std::vector<Tensor> &inputs) {
  std::string text = program.text();
  std::string diagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(text, diagnostics);
  ASSERT_TRUE(module) << "test bug: the program does not parse:\n" << diagnostics << text;
  auto function = module->lookupSymbol<mlir::func::FuncOp>("f");
  std::string error;
  std::optional<Evaluation> expected = evaluate(function, inputs, error);
  ASSERT_TRUE(expected) << "test bug: the reference fails: " << error << "\n" << text;
  ASSERT_EQ(expected->results.size(), program.results.size());

  Run run = compileAndRun(text, inputs);
  if (!run.error.empty()) {
    dumpFailure(text, inputs);
    ADD_FAILURE() << run.error << "\nprogram:\n" << text;
    if (program.results.size() < 2)
      return;
    // Name the results that fail alone.
    for (size_t i = 0; i < program.results.size(); ++i) {
      Run alone = compileAndRun(program.text(i), inputs);
      const Result &r = program.results[i];
      if (!alone.error.empty()) {
        std::string first = alone.error.substr(0, alone.error.find('\n', alone.error.find('\n') + 1));
        ADD_FAILURE() << "result '" << r.label << "' alone: " << first;
      } else if (alone.outputs.size() == 1) {
        EXPECT_TRUE(compareTensor(r.label + " (alone)", expected->results[i], alone.outputs[0],
                                  r.tol, inputs));
      }
    }
    return;
  }
  bool ok = true;
  if (run.outputs.size() != program.results.size()) {
    ADD_FAILURE() << "the executable has " << run.outputs.size() << " outputs, the function "
                  << program.results.size();
    ok = false;
  }
  for (size_t i = 0; i < program.results.size() && i < run.outputs.size(); ++i) {
    testing::AssertionResult same = compareTensor(
        program.results[i].label, expected->results[i], run.outputs[i], program.results[i].tol,
        inputs);
    EXPECT_TRUE(same);
    ok = ok && same;
  }
  for (size_t a = 0; a < inputs.size() && a < run.arguments.size(); ++a) {
    auto updated = expected->updatedArguments.find(a);
    const Tensor &want = updated == expected->updatedArguments.end() ? inputs[a] : updated->second;
    std::string label = "argument %a" + std::to_string(a) +
                        (updated == expected->updatedArguments.end() ? " (must be unchanged)"
                                                                     : " (assigned)");
    testing::AssertionResult same = compareTensor(label, want, run.arguments[a], Tol::bits(), {});
    EXPECT_TRUE(same);
    ok = ok && same;
  }
  if (!ok) {
    dumpFailure(text, inputs);
    if (text.size() < 6000)
      std::cerr << "program:\n" << text;
  }
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

const llvm::fltSemantics &semanticsOf(DType t) {
  switch (t) {
  case DType::F16: return llvm::APFloat::IEEEhalf();
  case DType::BF16: return llvm::APFloat::BFloat();
  case DType::F32: return llvm::APFloat::IEEEsingle();
  default: return llvm::APFloat::IEEEdouble();
  }
}

Bits apBits(const llvm::APFloat &f) { return f.bitcastToAPInt().getZExtValue(); }

class Gen {
public:
  explicit Gen(uint64_t seed) : rng(seed) {}

  uint64_t bits() { return rng(); }
  int64_t range(int64_t lo, int64_t hi) { // inclusive
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
  bool chance(double p) { return uniform(0, 1) < p; }

  /// A float with NaN, infinities, zeros of both signs, the largest and
  /// smallest (subnormal) values among random ones of moderate size.
  Bits anyFloat(DType t, bool specials = true) {
    const llvm::fltSemantics &sem = semanticsOf(t);
    if (specials && chance(0.25)) {
      switch (range(0, 14)) {
      case 0: return apBits(llvm::APFloat::getZero(sem, false));
      case 1: return apBits(llvm::APFloat::getZero(sem, true));
      case 2: return apBits(llvm::APFloat::getInf(sem, false));
      case 3: return apBits(llvm::APFloat::getInf(sem, true));
      case 4: return apBits(llvm::APFloat::getNaN(sem));
      case 5: return apBits(llvm::APFloat::getLargest(sem, chance(0.5)));
      case 6: return apBits(llvm::APFloat::getSmallest(sem, chance(0.5)));
      case 7: return apBits(llvm::APFloat::getSmallestNormalized(sem, chance(0.5)));
      case 8: return fromDouble(t, 1.0);
      case 9: return fromDouble(t, -1.0);
      case 10: return fromDouble(t, 0.5);
      case 11: return fromDouble(t, -2.5);
      case 12: return fromDouble(t, 3.0);
      case 13: return fromDouble(t, static_cast<double>(range(-100, 100)));
      default: return fromDouble(t, -0.75);
      }
    }
    double magnitude = uniform(1.0, 2.0) * std::ldexp(1.0, static_cast<int>(range(-8, 8)));
    return fromDouble(t, chance(0.5) ? -magnitude : magnitude);
  }

  /// An integer: full-width random bits, small values, or the extremes.
  Bits anyInt(DType t) {
    double p = uniform(0, 1);
    if (p < 0.4)
      return truncBits(t, bits());
    if (p < 0.8)
      return truncBits(t, static_cast<Bits>(isSignedInt(t) ? range(-10, 10) : range(0, 20)));
    unsigned w = bitWidth(t);
    Bits maxUnsigned = truncBits(t, ~Bits(0));
    Bits signBit = Bits(1) << (w - 1);
    switch (range(0, 4)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return maxUnsigned;                       // -1 or UINT_MAX
    case 3: return isSignedInt(t) ? signBit : maxUnsigned - 1; // INT_MIN
    default: return isSignedInt(t) ? signBit - 1 : signBit;    // INT_MAX
    }
  }

  Bits any(DType t) {
    if (isBool(t)) return bits() & 1;
    if (isFloat(t)) return anyFloat(t);
    return anyInt(t);
  }

  Tensor tensor(DType t, const Shape &shape, const std::function<Bits()> &element) {
    Tensor x(t, shape);
    for (Bits &b : x.bits)
      b = element();
    return x;
  }
  Tensor any(DType t, const Shape &shape) {
    return tensor(t, shape, [&] { return any(t); });
  }

  std::mt19937_64 rng;
};

uint64_t seedOf(const std::string &what) {
  return std::hash<std::string>()(what) ^ 0x7467u; // fixed per test
}

/// A value of `from` that casts to `to` without an undefined case.
Bits castSource(Gen &gen, DType from, DType to) {
  if (!isFloat(from) || isBool(to))
    return gen.any(from);
  if (isFloat(to))
    return gen.anyFloat(from);
  // float → integer: inside [lo, hi] of the target, after rounding to `from`.
  unsigned w = bitWidth(to);
  double lo = isSignedInt(to) ? -std::ldexp(1.0, w - 1) : 0.0;
  // Exclusive: 2^63 - 1 is not a double, and rounds up to 2^63.
  double hiExclusive = isSignedInt(to) ? std::ldexp(1.0, w - 1) : std::ldexp(1.0, w);
  double hi = hiExclusive - 1;
  double largest = llvm::APFloat::getLargest(semanticsOf(from)).convertToDouble();
  for (;;) {
    double v;
    double p = gen.uniform(0, 1);
    if (p < 0.45)
      v = gen.uniform(std::max(lo, -300.0), std::min(hi, 300.0));
    else if (p < 0.8)
      v = gen.uniform(std::max(lo, -largest), std::min(hi, largest));
    else {
      const double special[] = {0.0, -0.0, 0.5, -0.5, 0.99, -0.99, 1.0, -1.0, 2.5, -2.5, lo, hi, 127.5, -128.5};
      v = special[gen.range(0, 13)];
    }
    Bits b = fromDouble(from, v);
    double r = toDouble(from, b);
    if (r >= lo && r < hiExclusive && !(isUnsignedInt(to) && r < 0))
      return b;
  }
}

//===----------------------------------------------------------------------===//
// Every ALU op on every element type, at sizes 1, 7, 1023 and 0
//===----------------------------------------------------------------------===//

enum class Group { Unary, Binary, Bitwise, Compare, Ternary, Cast, Bitcast };

struct AluParam {
  Group group;
  DType dtype;
  int64_t size;
};

void PrintTo(const AluParam &p, std::ostream *os) {
  *os << name(p.dtype) << " n=" << p.size;
}

bool groupApplies(Group g, DType t) {
  switch (g) {
  case Group::Unary: return !isBool(t);   // neg for integers, all for floats
  case Group::Binary: return !isBool(t);  // arithmetic
  case Group::Bitwise: return !isFloat(t); // shifts and logic; bool: logic
  default: return true;
  }
}

std::vector<AluParam> aluParams(Group g) {
  std::vector<AluParam> params;
  for (DType t : allDTypes())
    if (groupApplies(g, t))
      for (int64_t n : {1, 7, 1023, 0})
        params.push_back({g, t, n});
  return params;
}

std::string aluName(const testing::TestParamInfo<AluParam> &info) {
  return std::string(name(info.param.dtype)) + "_n" + std::to_string(info.param.size);
}

class AluTest : public testing::TestWithParam<AluParam> {};

TEST_P(AluTest, Ops) {
  const Group group = GetParam().group;
  const DType t = GetParam().dtype;
  const int64_t n = GetParam().size;
  Gen gen(seedOf(std::to_string(int(group)) + name(t) + std::to_string(n)));
  Program p;
  std::vector<Tensor> inputs;
  Shape shape = {n};
  const std::string ty = typeText(t, shape);
  auto arg = [&](Tensor x) {
    inputs.push_back(std::move(x));
    return p.arg(inputs.back().typeText());
  };
  auto unaryOp = [&](const std::string &op, const std::string &x, Tol tol, const std::string &label) {
    p.result(p.op("tg." + op + " " + x + " : " + ty), ty, label, tol);
  };
  auto binaryOp = [&](const std::string &op, const std::string &x, const std::string &y, Tol tol,
                      const std::string &label = "") {
    p.result(p.op("tg." + op + " " + x + ", " + y + " : " + ty), ty, label.empty() ? op : label, tol);
  };
  const Tol arith = Tol::ulp(2), trans = Tol::transcendental(t);

  switch (group) {
  case Group::Unary: {
    std::string a = arg(gen.any(t, shape));
    if (isFloat(t)) {
      // log2 and sqrt of |a| as well, so that most values are in the domain.
      Tensor positive = inputs[0];
      for (Bits &b : positive.bits)
        b &= ~(Bits(1) << (bitWidth(t) - 1));
      std::string pa = arg(positive);
      unaryOp("exp2", a, trans, "exp2");
      unaryOp("log2", a, trans, "log2");
      unaryOp("log2", pa, trans, "log2 |a|");
      unaryOp("sin", a, trans, "sin");
      unaryOp("sqrt", a, arith, "sqrt");
      unaryOp("sqrt", pa, arith, "sqrt |a|");
      unaryOp("reciprocal", a, arith, "reciprocal");
      unaryOp("neg", a, Tol::exact(), "neg");
      unaryOp("trunc", a, Tol::exact(), "trunc");
    } else {
      unaryOp("neg", a, Tol::exact(), "neg");
    }
    break;
  }
  case Group::Binary: {
    Tensor ta = gen.any(t, shape), tb = gen.any(t, shape);
    std::string a = arg(ta), b = arg(tb);
    binaryOp("add", a, b, arith);
    binaryOp("sub", a, b, arith);
    binaryOp("mul", a, b, arith);
    binaryOp("max", a, b, Tol::exact());
    binaryOp("max", b, a, Tol::exact(), "max (swapped)");
    if (isFloat(t)) {
      binaryOp("fdiv", a, b, arith);
      // Exponents: small integers (negative bases), halves, and any value.
      Tensor e = gen.tensor(t, shape, [&] {
        double p = gen.uniform(0, 1);
        if (p < 0.4) return fromDouble(t, double(gen.range(-4, 4)));
        if (p < 0.55) return fromDouble(t, gen.range(-5, 5) + 0.5);
        return gen.anyFloat(t);
      });
      binaryOp("pow", a, arg(e), trans);
    } else {
      // Divisors away from 0; -1 under INT_MIN (cdiv overflow) becomes 1.
      Tensor d = gen.tensor(t, shape, [&] {
        Bits v = gen.chance(0.5) ? truncBits(t, Bits(gen.range(1, 9) * (gen.chance(0.5) && isSignedInt(t) ? -1 : 1)))
                                 : gen.anyInt(t);
        return v == 0 ? Bits(7) : v;
      });
      for (int64_t i = 0; i < n; ++i)
        if (isSignedInt(t) && ta.bits[i] == truncBits(t, Bits(1) << (bitWidth(t) - 1)) &&
            asSigned(t, d.bits[i]) == -1)
          d.bits[i] = 1;
      std::string dv = arg(d);
      for (const char *op : {"cdiv", "cmod", "floordiv", "floormod"})
        binaryOp(op, a, dv, Tol::exact());
      // Exponents 0..40 (and -3..-1 for signed types; never 0 ^ negative).
      Tensor e = gen.tensor(t, shape, [&] {
        return truncBits(t, Bits(gen.range(isSignedInt(t) ? -3 : 0, 40)));
      });
      for (int64_t i = 0; i < n; ++i)
        if (isSignedInt(t) && asSigned(t, ta.bits[i]) == 0 && asSigned(t, e.bits[i]) < 0)
          e.bits[i] = 2;
      binaryOp("pow", a, arg(e), Tol::exact());
    }
    break;
  }
  case Group::Bitwise: {
    std::string a = arg(gen.any(t, shape)), b = arg(gen.any(t, shape));
    binaryOp("and", a, b, Tol::exact());
    binaryOp("or", a, b, Tol::exact());
    binaryOp("xor", a, b, Tol::exact());
    if (isBool(t)) {
      binaryOp("max", a, b, Tol::exact());
    } else {
      std::string s = arg(gen.tensor(t, shape, [&] { return Bits(gen.range(0, bitWidth(t) - 1)); }));
      binaryOp("shl", a, s, Tol::exact());
      binaryOp("shr", a, s, Tol::exact());
      if (t == DType::UI64)
        binaryOp("threefry", a, b, Tol::exact());
    }
    break;
  }
  case Group::Compare: {
    Tensor ta = gen.any(t, shape), tb = gen.any(t, shape);
    for (int64_t i = 0; i < n; ++i)
      if (gen.chance(0.25))
        tb.bits[i] = ta.bits[i]; // equal pairs (NaN included)
    std::string a = arg(ta), b = arg(tb);
    std::string bt = typeText(DType::Bool, shape);
    for (const char *op : {"cmplt", "cmpne", "cmpeq"})
      p.result(p.op(std::string("tg.") + op + " " + a + ", " + b + " : " + ty), bt, op);
    p.result(p.op("tg.cmplt " + b + ", " + a + " : " + ty), bt, "cmplt (swapped)");
    break;
  }
  case Group::Ternary: {
    std::string c = arg(gen.any(DType::Bool, shape));
    std::string a = arg(gen.any(t, shape)), b = arg(gen.any(t, shape));
    p.result(p.op("tg.where " + c + ", " + a + ", " + b + " : " + ty), ty, "where", Tol::bits());
    if (!isBool(t)) {
      // Float operands are made non-negative: a*b+c then has no
      // cancellation, and a fused multiply-add is within an ulp.
      auto operand = [&] {
        Tensor x = gen.any(t, shape);
        if (isFloat(t))
          for (Bits &v : x.bits)
            v &= ~(Bits(1) << (bitWidth(t) - 1));
        return arg(x);
      };
      std::string x = operand(), y = operand(), z = operand();
      p.result(p.op("tg.mulacc " + x + ", " + y + ", " + z + " : " + ty), ty, "mulacc", arith);
    }
    break;
  }
  case Group::Cast: {
    for (DType to : allDTypes()) {
      std::string x = arg(gen.tensor(t, shape, [&] { return castSource(gen, t, to); }));
      std::string rt = typeText(to, shape);
      p.result(p.op("tg.cast " + x + " : " + ty + " to " + rt), rt, std::string("cast to ") + name(to));
    }
    break;
  }
  case Group::Bitcast: {
    // Random bit patterns (NaN payloads, subnormals) as well as values.
    std::string x = arg(gen.tensor(t, shape, [&] {
      return gen.chance(0.5) ? truncBits(t, gen.bits()) : gen.any(t);
    }));
    for (DType to : allDTypes()) {
      if (bitWidth(to) != bitWidth(t))
        continue;
      std::string rt = typeText(to, shape);
      p.result(p.op("tg.bitcast " + x + " : " + ty + " to " + rt), rt,
               std::string("bitcast to ") + name(to), Tol::bits());
    }
    break;
  }
  }
  check(p, inputs);
}

INSTANTIATE_TEST_SUITE_P(Unary, AluTest, testing::ValuesIn(aluParams(Group::Unary)), aluName);
INSTANTIATE_TEST_SUITE_P(Binary, AluTest, testing::ValuesIn(aluParams(Group::Binary)), aluName);
INSTANTIATE_TEST_SUITE_P(Bitwise, AluTest, testing::ValuesIn(aluParams(Group::Bitwise)), aluName);
INSTANTIATE_TEST_SUITE_P(Compare, AluTest, testing::ValuesIn(aluParams(Group::Compare)), aluName);
INSTANTIATE_TEST_SUITE_P(Ternary, AluTest, testing::ValuesIn(aluParams(Group::Ternary)), aluName);
INSTANTIATE_TEST_SUITE_P(Cast, AluTest, testing::ValuesIn(aluParams(Group::Cast)), aluName);
INSTANTIATE_TEST_SUITE_P(Bitcast, AluTest, testing::ValuesIn(aluParams(Group::Bitcast)), aluName);

/// Edge cases named by the op descriptions, one program per element type.
class EdgeTest : public testing::TestWithParam<DType> {};

std::string dtypeName(const testing::TestParamInfo<DType> &info) { return name(info.param); }

/// cmod and floormod of INT_MIN by -1 are 0: only a zero divisor is
/// undefined for them (x86's idiv traps on the quotient, which they do not
/// need). cdiv INT_MIN by -1 is undefined and not tested; floordiv's
/// description also names only the zero divisor, and with wrap-around its
/// value is INT_MIN (tested on its own, below).
TEST_P(EdgeTest, RemainderOfIntMinByMinusOne) {
  DType t = GetParam();
  Shape shape = {4};
  Bits intMin = truncBits(t, Bits(1) << (bitWidth(t) - 1));
  Tensor a(t, shape), d(t, shape);
  a.bits = {intMin, intMin, truncBits(t, Bits(-7)), 7};
  d.bits = {truncBits(t, ~Bits(0)), truncBits(t, ~Bits(0)), truncBits(t, ~Bits(0)), truncBits(t, ~Bits(0))};
  Program p;
  std::string ty = typeText(t, shape);
  std::string x = p.arg(ty), y = p.arg(ty);
  for (const char *op : {"cmod", "floormod"})
    p.result(p.op(std::string("tg.") + op + " " + x + ", " + y + " : " + ty), ty, op);
  check(p, {a, d});
}

TEST_P(EdgeTest, FloorDivOfIntMinByMinusOne) {
  DType t = GetParam();
  Shape shape = {2};
  Tensor a(t, shape), d(t, shape);
  a.bits = {truncBits(t, Bits(1) << (bitWidth(t) - 1)), 9};
  d.bits = {truncBits(t, ~Bits(0)), truncBits(t, ~Bits(0))};
  Program p;
  std::string ty = typeText(t, shape);
  std::string x = p.arg(ty), y = p.arg(ty);
  p.result(p.op("tg.floordiv " + x + ", " + y + " : " + ty), ty, "floordiv");
  check(p, {a, d});
}

INSTANTIATE_TEST_SUITE_P(Signed, EdgeTest,
                         testing::Values(DType::I8, DType::I16, DType::I32, DType::I64), dtypeName);

/// Float specials, hand-picked: the cases the descriptions spell out.
class FloatSpecialsTest : public testing::TestWithParam<DType> {};

TEST_P(FloatSpecialsTest, Described) {
  DType t = GetParam();
  const double inf = INFINITY, nan = NAN;
  // Pairs (x, y) for the binary ops.
  std::vector<std::pair<double, double>> pairs = {
      {-0.0, 0.0}, {0.0, -0.0}, {nan, 1}, {1, nan}, {-inf, inf}, {1, 0}, {-1, 0}, {1, -0.0},
      {0, 0},      {-8, 1.0 / 3}, {0, -1}, {-0.0, -1}, {-2, 3}, {2, -2}, {nan, 0}, {1, nan},
      {inf, -1}, {-inf, 3}, {0.5, inf}, {-7.5, 2}};
  Shape shape = {int64_t(pairs.size())};
  Tensor x(t, shape), y(t, shape);
  for (size_t i = 0; i < pairs.size(); ++i) {
    x.bits[i] = fromDouble(t, pairs[i].first);
    y.bits[i] = fromDouble(t, pairs[i].second);
  }
  Program p;
  std::string ty = typeText(t, shape), bt = typeText(DType::Bool, shape);
  std::string a = p.arg(ty), b = p.arg(ty);
  for (const char *op : {"exp2", "log2", "sin", "sqrt", "reciprocal", "neg", "trunc"})
    p.result(p.op(std::string("tg.") + op + " " + a + " : " + ty), ty, op,
             std::string(op) == "sin" || std::string(op) == "exp2" || std::string(op) == "log2"
                 ? Tol::transcendental(t) : Tol::exact());
  for (const char *op : {"add", "sub", "mul", "fdiv", "max"})
    p.result(p.op(std::string("tg.") + op + " " + a + ", " + b + " : " + ty), ty, op);
  p.result(p.op("tg.pow " + a + ", " + b + " : " + ty), ty, "pow", Tol::transcendental(t));
  for (const char *op : {"cmplt", "cmpne", "cmpeq"})
    p.result(p.op(std::string("tg.") + op + " " + a + ", " + b + " : " + ty), bt, op);
  p.result(p.op("tg.cast " + a + " : " + ty + " to " + bt), bt, "cast to i1");
  check(p, {x, y});
}

INSTANTIATE_TEST_SUITE_P(Floats, FloatSpecialsTest,
                         testing::Values(DType::F16, DType::BF16, DType::F32, DType::F64), dtypeName);

/// exp2 of a 64x64 f32 tensor, checked against libm: each element one of
/// `picked` with probability `pickChance`, else uniform in [low, high].
void checkExp2(const char *seed, const std::vector<double> &picked, double pickChance, double low,
               double high) {
  Gen gen(seedOf(seed));
  const Shape shape = {64, 64};
  Tensor x = gen.tensor(DType::F32, shape, [&] {
    return fromDouble(DType::F32, gen.chance(pickChance) ? picked[gen.range(0, picked.size() - 1)]
                                                         : gen.uniform(low, high));
  });
  Program p;
  std::string ty = typeText(DType::F32, shape);
  p.result(p.op("tg.exp2 " + p.arg(ty) + " : " + ty), ty, "exp2", Tol::transcendental(DType::F32));
  check(p, {x});
}

/// exp2 over f32 vectors of whole AVX-512 registers, which the CPU target
/// scales by vscalefps with the exponent as a float (tg-approximate-math's
/// scalef): NaN, the infinities, overflow and subnormal results in every
/// lane, among values across the whole range of 2^x.
TEST(Exp2, EdgesInWholeRegisters) {
  checkExp2("exp2 in whole registers",
            {NAN, INFINITY, -INFINITY, 0.0, -0.0, 127.99, 128.0, -126.5, -149.0, -149.6, -150.0,
             -300.5, 300.5, 1e30, -1e30, 0.5},
            0.25, -160, 160);
}

/// exp2 where every lane's result is a normal float (|x| ≤ 125, the ends
/// included), which the CPU target computes without its clamp and halves
/// (tg-approximate-math's round-by-adding): n put straight into the
/// polynomial's exponent bits.
TEST(Exp2, NormalResultsOnly) {
  checkExp2("exp2 of normal results", {-125.0, 125.0, -124.5, 124.5, 124.99, -0.0, 0.5, -0.5}, 0.1,
            -125, 125);
}

/// Rank-0 tensors: elementwise, cast, and movement to and from them.
TEST(Scalars, RankZero) {
  Gen gen(seedOf("rank0"));
  Program p;
  Tensor x = gen.tensor(DType::F32, {}, [&] { return fromDouble(DType::F32, 1.75); });
  Tensor y = gen.tensor(DType::I32, {}, [&] { return Bits(-5) & 0xffffffff; });
  std::string a = p.arg("tensor<f32>"), b = p.arg("tensor<i32>");
  p.result(p.op("tg.add " + a + ", " + a + " : tensor<f32>"), "tensor<f32>", "add");
  p.result(p.op("tg.cast " + b + " : tensor<i32> to tensor<f32>"), "tensor<f32>", "cast");
  std::string r = p.op("tg.reshape " + a + " : tensor<f32> to tensor<1x1xf32>");
  p.result(p.op("tg.expand " + r + " : tensor<1x1xf32> to tensor<2x3xf32>"), "tensor<2x3xf32>", "expand");
  std::string s = p.op("tg.const 3 : tensor<2xi32>");
  std::string red = p.op("tg.reduce add " + s + " [0] : tensor<2xi32> -> tensor<1xi32>");
  p.result(p.op("tg.reshape " + red + " : tensor<1xi32> to tensor<i32>"), "tensor<i32>", "reshape");
  check(p, {x, y});
}

//===----------------------------------------------------------------------===//
// Movement ops
//===----------------------------------------------------------------------===//

Tensor iota(DType t, const Shape &shape, double start = 1) {
  Tensor x(t, shape);
  for (int64_t i = 0; i < x.numElements(); ++i) {
    double v = start + double(i);
    x.bits[i] = isFloat(t) ? fromDouble(t, v) : isBool(t) ? Bits(i % 3 == 0) : truncBits(t, Bits(int64_t(v)));
  }
  return x;
}

/// A chain of movement ops over one argument, written in one line each.
struct MovementCase {
  const char *name;
  Shape input;
  std::vector<std::string> steps; // "%x" is the previous value; "-> type"
};

class MovementTest : public testing::TestWithParam<DType> {};

/// One program per element type: every movement op and their combinations,
/// with the element size and the zero of `pad` (false, +0.0) varying.
TEST_P(MovementTest, Chains) {
  DType t = GetParam();
  std::string e = name(t);
  auto T = [&](const Shape &s) { return typeText(t, s); };
  Program p;
  std::vector<Tensor> inputs;
  Gen gen(seedOf(std::string("movement") + e));
  auto arg = [&](const Shape &s) {
    inputs.push_back(gen.any(t, s));
    return p.arg(T(s));
  };
  std::string x = arg({2, 3, 4});
  auto add = [&](const std::string &label, const std::string &v, const Shape &s) {
    p.result(v, T(s), label, Tol::bits());
  };
  // Single ops.
  add("reshape 2x3x4 -> 6x4", p.op("tg.reshape " + x + " : " + T({2, 3, 4}) + " to " + T({6, 4})), {6, 4});
  add("permute [2,0,1]", p.op("tg.permute " + x + " [2, 0, 1] : " + T({2, 3, 4}) + " -> " + T({4, 2, 3})), {4, 2, 3});
  add("permute [1,0,2]", p.op("tg.permute " + x + " [1, 0, 2] : " + T({2, 3, 4}) + " -> " + T({3, 2, 4})), {3, 2, 4});
  add("pad", p.op("tg.pad " + x + " low [1, 0, 2] high [0, 2, 1] : " + T({2, 3, 4}) + " -> " + T({3, 5, 7})), {3, 5, 7});
  add("shrink", p.op("tg.shrink " + x + " begin [1, 0, 1] end [2, 2, 4] : " + T({2, 3, 4}) + " -> " + T({1, 2, 3})), {1, 2, 3});
  add("flip [0]", p.op("tg.flip " + x + " [0] : " + T({2, 3, 4})), {2, 3, 4});
  add("flip [1, 2]", p.op("tg.flip " + x + " [1, 2] : " + T({2, 3, 4})), {2, 3, 4});
  add("flip all", p.op("tg.flip " + x + " [0, 1, 2] : " + T({2, 3, 4})), {2, 3, 4});
  std::string y = arg({1, 3, 1});
  add("expand", p.op("tg.expand " + y + " : " + T({1, 3, 1}) + " to " + T({4, 3, 5})), {4, 3, 5});
  // pad, then permute, then shrink.
  {
    std::string v = p.op("tg.pad " + x + " low [0, 1, 1] high [1, 1, 0] : " + T({2, 3, 4}) + " -> " + T({3, 5, 5}));
    v = p.op("tg.permute " + v + " [1, 2, 0] : " + T({3, 5, 5}) + " -> " + T({5, 5, 3}));
    v = p.op("tg.shrink " + v + " begin [0, 1, 1] end [4, 5, 3] : " + T({5, 5, 3}) + " -> " + T({4, 4, 2}));
    add("pad, permute, shrink", v, {4, 4, 2});
  }
  // reshape of a permuted view.
  {
    std::string v = p.op("tg.permute " + x + " [2, 1, 0] : " + T({2, 3, 4}) + " -> " + T({4, 3, 2}));
    v = p.op("tg.reshape " + v + " : " + T({4, 3, 2}) + " to " + T({12, 2}));
    add("reshape of permute", v, {12, 2});
    std::string w = p.op("tg.permute " + x + " [0, 2, 1] : " + T({2, 3, 4}) + " -> " + T({2, 4, 3}));
    w = p.op("tg.reshape " + w + " : " + T({2, 4, 3}) + " to " + T({24}));
    add("flatten of permute", w, {24});
  }
  // shrink of a padded view (reaching into the padding on both sides).
  {
    std::string v = p.op("tg.pad " + x + " low [1, 2, 0] high [1, 0, 3] : " + T({2, 3, 4}) + " -> " + T({4, 5, 7}));
    v = p.op("tg.shrink " + v + " begin [0, 1, 2] end [3, 4, 7] : " + T({4, 5, 7}) + " -> " + T({3, 3, 5}));
    add("shrink of pad", v, {3, 3, 5});
  }
  // reshapes that split and merge axes.
  {
    std::string v = p.op("tg.reshape " + x + " : " + T({2, 3, 4}) + " to " + T({2, 3, 2, 2}));
    v = p.op("tg.permute " + v + " [3, 1, 0, 2] : " + T({2, 3, 2, 2}) + " -> " + T({2, 3, 2, 2}));
    v = p.op("tg.reshape " + v + " : " + T({2, 3, 2, 2}) + " to " + T({6, 4}));
    add("split, permute, merge", v, {6, 4});
    std::string w = p.op("tg.reshape " + x + " : " + T({2, 3, 4}) + " to " + T({6, 1, 4}));
    w = p.op("tg.expand " + w + " : " + T({6, 1, 4}) + " to " + T({6, 2, 4}));
    w = p.op("tg.reshape " + w + " : " + T({6, 2, 4}) + " to " + T({3, 16}));
    add("reshape of expand", w, {3, 16});
  }
  // flip of a shrink, expanded; and flip of a pad.
  {
    std::string v = p.op("tg.shrink " + x + " begin [0, 1, 0] end [2, 2, 4] : " + T({2, 3, 4}) + " -> " + T({2, 1, 4}));
    v = p.op("tg.flip " + v + " [0, 2] : " + T({2, 1, 4}));
    v = p.op("tg.expand " + v + " : " + T({2, 1, 4}) + " to " + T({2, 3, 4}));
    add("expand of flip of shrink", v, {2, 3, 4});
    std::string w = p.op("tg.pad " + x + " low [0, 0, 3] high [0, 0, 0] : " + T({2, 3, 4}) + " -> " + T({2, 3, 7}));
    w = p.op("tg.flip " + w + " [2] : " + T({2, 3, 7}));
    add("flip of pad", w, {2, 3, 7});
  }
  // A movement op on each side of an elementwise op (bool: xor; else max).
  {
    std::string op = isBool(t) ? "xor" : "max";
    std::string u = p.op("tg.permute " + x + " [0, 2, 1] : " + T({2, 3, 4}) + " -> " + T({2, 4, 3}));
    std::string v = p.op("tg.flip " + u + " [1] : " + T({2, 4, 3}));
    std::string w = p.op("tg." + op + " " + u + ", " + v + " : " + T({2, 4, 3}));
    w = p.op("tg.pad " + w + " low [0, 1, 0] high [0, 0, 1] : " + T({2, 4, 3}) + " -> " + T({2, 5, 4}));
    add(op + " of permute and flip, padded", w, {2, 5, 4});
  }
  check(p, inputs);

  // Empty tensors, as a program of their own: padding one, shrinking to
  // one, and moving one.
  p = Program();
  inputs.clear();
  x = arg({2, 3, 4});
  std::string z = arg({0, 3});
  add("pad of empty", p.op("tg.pad " + z + " low [1, 0] high [1, 1] : " + T({0, 3}) + " -> " + T({2, 4})), {2, 4});
  add("shrink to empty", p.op("tg.shrink " + x + " begin [0, 1, 0] end [2, 1, 4] : " + T({2, 3, 4}) + " -> " + T({2, 0, 4})), {2, 0, 4});
  add("permute of empty", p.op("tg.permute " + z + " [1, 0] : " + T({0, 3}) + " -> " + T({3, 0})), {3, 0});
  std::string empty = arg({0});
  add("flip of empty", p.op("tg.flip " + empty + " [0] : " + T({0})), {0});
  add("expand of empty", p.op("tg.expand " + p.op("tg.reshape " + empty + " : " + T({0}) + " to " + T({0, 1})) + " : " + T({0, 1}) + " to " + T({0, 5})), {0, 5});
  check(p, inputs);
}

INSTANTIATE_TEST_SUITE_P(AllTypes, MovementTest, testing::ValuesIn(allDTypes()), dtypeName);

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

struct ReduceParam {
  DType dtype;
  const char *kind;
};

void PrintTo(const ReduceParam &p, std::ostream *os) { *os << p.kind << " " << name(p.dtype); }

std::vector<ReduceParam> reduceParams() {
  std::vector<ReduceParam> params;
  for (DType t : allDTypes())
    for (const char *kind : {"add", "mul", "max"})
      if (!isBool(t) || std::string(kind) == "max") // add and mul take numbers
        params.push_back({t, kind});
  return params;
}

class ReduceTest : public testing::TestWithParam<ReduceParam> {};

/// Inputs whose float sums and products are exact in any order: multiples
/// of 1/4 (1/2 for bf16) of small size for add, and +-1 with a few +-2 and
/// +-0.5 for mul; any order of accumulation gives the reference's value.
/// Integers wrap, which is exact in any order too. max gets any value but
/// NaN (NaN is FloatSpecials' business).
Tensor reduceInput(Gen &gen, DType t, const std::string &kind, const Shape &shape) {
  Tensor x(t, shape);
  int64_t n = x.numElements(), unusual = 0;
  for (int64_t i = 0; i < n; ++i) {
    Bits &b = x.bits[i];
    if (kind == "max") {
      if (isBool(t))
        b = gen.chance(0.05);
      else if (isFloat(t))
        do b = gen.anyFloat(t); while (std::isnan(toDouble(t, b)) || toDouble(t, b) == 0);
      else
        b = gen.anyInt(t);
    } else if (kind == "add") {
      b = isFloat(t) ? fromDouble(t, t == DType::BF16 ? gen.range(-2, 2) / 2.0 : gen.range(-8, 8) / 4.0)
                     : gen.anyInt(t);
    } else {
      if (isFloat(t)) {
        double v = 1;
        if (unusual < 6 && gen.chance(0.1)) {
          v = gen.chance(0.5) ? 2 : 0.5;
          ++unusual;
        }
        b = fromDouble(t, gen.chance(0.5) ? -v : v);
      } else {
        // Odd factors keep a long product away from 0 modulo 2^n.
        b = truncBits(t, gen.anyInt(t) | (unusual++ < 3 ? 0 : 1));
      }
    }
  }
  return x;
}

std::string reduceName(const testing::TestParamInfo<ReduceParam> &info) {
  return std::string(info.param.kind) + "_" + name(info.param.dtype);
}

TEST_P(ReduceTest, Axes) {
  const DType t = GetParam().dtype;
  const char *kind = GetParam().kind;
  Gen gen(seedOf(std::string("reduce") + kind + name(t)));
  Program p;
  std::vector<Tensor> inputs;
  auto T = [&](const Shape &s) { return typeText(t, s); };
  auto arg = [&](const Shape &s) {
    inputs.push_back(reduceInput(gen, t, kind, s));
    return p.arg(T(s));
  };
  auto reduce = [&](const std::string &x, const Shape &in, const Shape &axes) {
    Shape out = in;
    for (int64_t a : axes)
      out[a] = 1;
    p.result(p.op(std::string("tg.reduce ") + kind + " " + x + " " + list(axes) + " : " + T(in) +
                  " -> " + T(out)),
             T(out), std::string("reduce ") + T(in) + " " + list(axes), Tol::ulp(2));
  };
  std::string x = arg({3, 5, 7});
  for (Shape axes : {Shape{0}, Shape{1}, Shape{2}, Shape{0, 2}, Shape{2, 0}, Shape{0, 1, 2}})
    reduce(x, {3, 5, 7}, axes);
  std::string y = arg({1023});
  reduce(y, {1023}, {0});
  std::string z = arg({33, 31});
  reduce(z, {33, 31}, {0});
  reduce(z, {33, 31}, {1});
  std::string w = arg({1, 1});
  reduce(w, {1, 1}, {0, 1});
  check(p, inputs);

  // Empty inputs, as a program of their own: the identity (0, 1, lowest)
  // and an empty result.
  p = Program();
  inputs.clear();
  std::string e = arg({0});
  reduce(e, {0}, {0});
  std::string e3 = arg({4, 0, 3});
  reduce(e3, {4, 0, 3}, {1});
  reduce(e3, {4, 0, 3}, {0});
  reduce(e3, {4, 0, 3}, {0, 1, 2});
  check(p, inputs);
}

INSTANTIATE_TEST_SUITE_P(Kinds, ReduceTest, testing::ValuesIn(reduceParams()), reduceName);

/// reduce max is a fold of tg.max: NaN propagates, and -0 < +0.
/// Rows long enough for partial sums in vector lanes (tg-cpu-choose-opts'
/// row reductions), in several types and with each reduce kind.
TEST(RowReduction, PartialSums) {
  Gen gen(seedOf("rowreduction"));
  struct Case {
    DType t;
    int64_t rows, cols;
    const char *kind;
  };
  for (Case c : {Case{DType::F32, 4, 1024, "add"}, Case{DType::F32, 3, 96, "max"},
                 Case{DType::F64, 4, 128, "add"}, Case{DType::I32, 8, 256, "add"},
                 Case{DType::F32, 2, 512, "mul"}}) {
    Program p;
    auto T = [&](const Shape &s) { return typeText(c.t, s); };
    std::string x = p.arg(T({c.rows, c.cols}));
    bool product = std::string(c.kind) == "mul";
    // Products of values near 1 stay finite.
    Tensor input = product ? gen.tensor(c.t, {c.rows, c.cols},
                                        [&] { return fromDouble(c.t, gen.uniform(0.99, 1.01)); })
                   : isFloat(c.t) ? gen.tensor(c.t, {c.rows, c.cols},
                                               [&] { return fromDouble(c.t, gen.uniform(-1, 1)); })
                                  : gen.any(c.t, {c.rows, c.cols});
    std::string r = p.op(std::string("tg.reduce ") + c.kind + " " + x + " [1] : " +
                         T({c.rows, c.cols}) + " -> " + T({c.rows, 1}));
    Tol tol = isFloat(c.t) ? Tol::relative(1e-5, c.t == DType::F64 ? 1e-13 : 1e-5) : Tol::exact();
    p.result(r, T({c.rows, 1}), std::string("reduce ") + c.kind, tol);
    // Without the kept axis the reduction writes the result directly, with
    // partial sums.
    p.result(p.op("tg.reshape " + r + " : " + T({c.rows, 1}) + " to " + T({c.rows})),
             T({c.rows}), std::string("reduce ") + c.kind + " (rows)", tol);
    check(p, {input});
  }
}

TEST_P(FloatSpecialsTest, ReduceMax) {
  DType t = GetParam();
  Shape shape = {4, 3};
  Tensor x(t, shape);
  const double nan = NAN, inf = INFINITY;
  double values[] = {1, nan, -2, -0.0, 0.0, -0.0, -inf, -inf, -inf, 0.0, -0.0, -0.0};
  for (int i = 0; i < 12; ++i)
    x.bits[i] = fromDouble(t, values[i]);
  Program p;
  std::string a = p.arg(typeText(t, shape));
  p.result(p.op("tg.reduce max " + a + " [1] : " + typeText(t, shape) + " -> " + typeText(t, {4, 1})),
           typeText(t, {4, 1}), "reduce max [1]");
  p.result(p.op("tg.reduce max " + a + " [0] : " + typeText(t, shape) + " -> " + typeText(t, {1, 3})),
           typeText(t, {1, 3}), "reduce max [0]");
  check(p, {x});
}

/// A float sum of real values, against the exact sum: within n ulps of the
/// largest partial sum (any order of accumulation is allowed).
TEST(ReduceReals, SumF32) {
  Gen gen(seedOf("sumf32"));
  Shape shape = {1023};
  Tensor x = gen.tensor(DType::F32, shape, [&] { return fromDouble(DType::F32, gen.uniform(-1, 1)); });
  Program p;
  std::string a = p.arg("tensor<1023xf32>");
  p.result(p.op("tg.reduce add " + a + " [0] : tensor<1023xf32> -> tensor<1xf32>"), "tensor<1xf32>",
           "sum", Tol::relative(1e-4));
  check(p, {x});
}

//===----------------------------------------------------------------------===//
// Programs of several kernels
//===----------------------------------------------------------------------===//

/// values k/`denominator` for k in [lo, hi]: products and sums of a few of
/// them are exact in f32.
Tensor smallValues(Gen &gen, DType t, const Shape &shape, int lo, int hi, double denominator = 1) {
  return gen.tensor(t, shape, [&] {
    double v = gen.range(lo, hi) / denominator;
    return isFloat(t) ? fromDouble(t, v) : truncBits(t, Bits(int64_t(v)));
  });
}

/// C[m,n] = sum_k A[m,k] * B[k,n] as expand, mul and reduce.
std::string matmul(Program &p, DType t, const std::string &a, const std::string &b, int64_t m,
                   int64_t k, int64_t n) {
  auto T = [&](const Shape &s) { return typeText(t, s); };
  std::string a3 = p.op("tg.reshape " + a + " : " + T({m, k}) + " to " + T({m, k, 1}));
  a3 = p.op("tg.expand " + a3 + " : " + T({m, k, 1}) + " to " + T({m, k, n}));
  std::string b3 = p.op("tg.reshape " + b + " : " + T({k, n}) + " to " + T({1, k, n}));
  b3 = p.op("tg.expand " + b3 + " : " + T({1, k, n}) + " to " + T({m, k, n}));
  std::string prod = p.op("tg.mul " + a3 + ", " + b3 + " : " + T({m, k, n}));
  std::string sum = p.op("tg.reduce add " + prod + " [1] : " + T({m, k, n}) + " -> " + T({m, 1, n}));
  return p.op("tg.reshape " + sum + " : " + T({m, 1, n}) + " to " + T({m, n}));
}

struct MatmulParam {
  DType dtype;
  int64_t m, k, n;
  bool reals; // random reals (tolerance) instead of small integers (exact)
};

void PrintTo(const MatmulParam &p, std::ostream *os) {
  *os << name(p.dtype) << " " << p.m << "x" << p.k << "x" << p.n << (p.reals ? " reals" : "");
}

class MatmulTest : public testing::TestWithParam<MatmulParam> {};

TEST_P(MatmulTest, ExpandMulReduce) {
  const MatmulParam &param = GetParam();
  const DType t = param.dtype;
  const int64_t m = param.m, k = param.k, n = param.n;
  const bool reals = param.reals;
  Gen gen(seedOf("matmul" + std::to_string(m * 10000 + k * 100 + n) + name(t)));
  Program p;
  auto T = [&](const Shape &s) { return typeText(t, s); };
  std::vector<Tensor> inputs;
  auto values = [&](const Shape &s) {
    if (reals)
      return gen.tensor(t, s, [&] { return fromDouble(t, gen.uniform(-1, 1)); });
    return isFloat(t) ? smallValues(gen, t, s, -4, 4) : gen.any(t, s);
  };
  inputs = {values({m, k}), values({k, n}), values({n, k}), values({k, m})};
  std::string a = p.arg(T({m, k})), b = p.arg(T({k, n})), bt = p.arg(T({n, k})),
              at = p.arg(T({k, m}));
  // Reals in [-1, 1]: a result near 0 after cancellation is off by about
  // k * eps in absolute terms, whatever the order of the sum.
  Tol tol = reals ? Tol::relative(t == DType::F64 ? 1e-12 : 1e-5,
                                  double(k) * (t == DType::F64 ? 1e-15 : 1e-6))
                  : Tol::exact();
  p.result(matmul(p, t, a, b, m, k, n), T({m, n}), "A @ B", tol);
  // With B given transposed: a permute feeding the expand.
  std::string b2 = p.op("tg.permute " + bt + " [1, 0] : " + T({n, k}) + " -> " + T({k, n}));
  p.result(matmul(p, t, a, b2, m, k, n), T({m, n}), "A @ permute(Bt)", tol);
  // A given transposed, as a Linear layer's weight gradient reads it. From
  // 64 rows and columns on, Bt and At are copied transposed first
  // (tg-transpose-contraction-operands).
  std::string a2 = p.op("tg.permute " + at + " [1, 0] : " + T({k, m}) + " -> " + T({m, k}));
  p.result(matmul(p, t, a2, b, m, k, n), T({m, n}), "permute(At) @ B", tol);
  check(p, inputs);
}

std::string matmulName(const testing::TestParamInfo<MatmulParam> &info) {
  const MatmulParam &m = info.param;
  return std::string(name(m.dtype)) + "_" + std::to_string(m.m) + "x" + std::to_string(m.k) + "x" +
         std::to_string(m.n) + (m.reals ? "_reals" : "");
}

/// A weight gradient's shape of sum: out[m][n] = sum over b and y of
/// x[b][m][y] * g[b][y][n], with its result permuted as the tensor library
/// stores a convolution's. Each 4x64 tile would read 1.1 MB over its whole
/// sum, so the optimizer runs the b loop outside the tiles (`outer`) and
/// folds the permuted store into the sum; the results must not change.
TEST(OuterReduction, SumOverBatchAndRows) {
  const int64_t b = 16, m = 8, y = 256, n = 64;
  for (DType t : {DType::F32, DType::I32}) {
    Gen gen(seedOf(std::string("outer") + name(t)));
    Program p;
    auto T = [&](const Shape &s) { return typeText(t, s); };
    std::string x = p.arg(T({b, m, y})), g = p.arg(T({b, y, n}));
    std::string xp = p.op("tg.permute " + x + " [1, 0, 2] : " + T({b, m, y}) + " -> " + T({m, b, y}));
    std::string x4 = p.op("tg.reshape " + xp + " : " + T({m, b, y}) + " to " + T({m, b, y, 1}));
    x4 = p.op("tg.expand " + x4 + " : " + T({m, b, y, 1}) + " to " + T({m, b, y, n}));
    std::string g4 = p.op("tg.reshape " + g + " : " + T({b, y, n}) + " to " + T({1, b, y, n}));
    g4 = p.op("tg.expand " + g4 + " : " + T({1, b, y, n}) + " to " + T({m, b, y, n}));
    std::string prod = p.op("tg.mul " + x4 + ", " + g4 + " : " + T({m, b, y, n}));
    std::string sum =
        p.op("tg.reduce add " + prod + " [1, 2] : " + T({m, b, y, n}) + " -> " + T({m, 1, 1, n}));
    std::string mn = p.op("tg.reshape " + sum + " : " + T({m, 1, 1, n}) + " to " + T({m, n}));
    p.result(p.op("tg.permute " + mn + " [1, 0] : " + T({m, n}) + " -> " + T({n, m})), T({n, m}),
             "permute(sum over b, y)", Tol::exact());
    check(p, {smallValues(gen, t, {b, m, y}, -3, 3), smallValues(gen, t, {b, y, n}, -3, 3)});
  }
}

/// Attention's scores q·kᵀ with q and k sliced from one projection plus
/// bias (a GPT block's qkv): k, read across its rows by the 64 lanes, is
/// copied transposed first (tg-transpose-contraction-operands), from the
/// projection tg-kernelize realizes. Small integers: exact.
TEST(TransposedFactors, AttentionScoresFromSlicedProjection) {
  const int64_t b = 2, t = 64, c = 16, d = 32;
  const DType f = DType::F32;
  Gen gen(seedOf("attention-scores"));
  Program p;
  auto T = [&](const Shape &s) { return typeText(f, s); };
  auto op = [&](const std::string &text) { return p.op(text); };
  std::string x = p.arg(T({b, t, c})), w = p.arg(T({c, 2 * d})), bias = p.arg(T({b, t, 2 * d}));
  std::string x4 = op("tg.reshape " + x + " : " + T({b, t, c}) + " to " + T({b, t, 1, c}));
  x4 = op("tg.expand " + x4 + " : " + T({b, t, 1, c}) + " to " + T({b, t, 2 * d, c}));
  std::string wt = op("tg.permute " + w + " [1, 0] : " + T({c, 2 * d}) + " -> " + T({2 * d, c}));
  std::string w4 = op("tg.reshape " + wt + " : " + T({2 * d, c}) + " to " + T({1, 1, 2 * d, c}));
  w4 = op("tg.expand " + w4 + " : " + T({1, 1, 2 * d, c}) + " to " + T({b, t, 2 * d, c}));
  std::string proj = op("tg.mul " + x4 + ", " + w4 + " : " + T({b, t, 2 * d, c}));
  proj = op("tg.reduce add " + proj + " [3] : " + T({b, t, 2 * d, c}) + " -> " +
            T({b, t, 2 * d, 1}));
  proj = op("tg.reshape " + proj + " : " + T({b, t, 2 * d, 1}) + " to " + T({b, t, 2 * d}));
  proj = op("tg.add " + proj + ", " + bias + " : " + T({b, t, 2 * d}));
  std::string qk = op("tg.reshape " + proj + " : " + T({b, t, 2 * d}) + " to " + T({b, t, 2, d}));
  auto head = [&](int64_t which) {
    return op("tg.shrink " + qk + " begin [0, 0, " + std::to_string(which) + ", 0] end [" +
              std::to_string(b) + ", " + std::to_string(t) + ", " + std::to_string(which + 1) +
              ", " + std::to_string(d) + "] : " + T({b, t, 2, d}) + " -> " + T({b, t, 1, d}));
  };
  std::string q = op("tg.expand " + head(0) + " : " + T({b, t, 1, d}) + " to " + T({b, t, t, d}));
  std::string k = op("tg.reshape " + head(1) + " : " + T({b, t, 1, d}) + " to " + T({b, 1, t, d}));
  k = op("tg.expand " + k + " : " + T({b, 1, t, d}) + " to " + T({b, t, t, d}));
  std::string scores = op("tg.mul " + q + ", " + k + " : " + T({b, t, t, d}));
  scores = op("tg.reduce add " + scores + " [3] : " + T({b, t, t, d}) + " -> " + T({b, t, t, 1}));
  p.result(scores, T({b, t, t, 1}), "q·kᵀ", Tol::exact());
  check(p, {smallValues(gen, f, {b, t, c}, -2, 2), smallValues(gen, f, {c, 2 * d}, -2, 2),
            smallValues(gen, f, {b, t, 2 * d}, -2, 2)});
}

INSTANTIATE_TEST_SUITE_P(Shapes, MatmulTest,
                         testing::Values(MatmulParam{DType::F32, 1, 1, 1, false},
                                         MatmulParam{DType::F32, 7, 13, 5, false},
                                         MatmulParam{DType::F32, 33, 64, 17, false},
                                         MatmulParam{DType::F32, 33, 64, 17, true},
                                         MatmulParam{DType::F64, 16, 9, 31, true},
                                         MatmulParam{DType::I32, 7, 13, 5, false},
                                         MatmulParam{DType::I8, 9, 16, 3, false},
                                         MatmulParam{DType::UI64, 4, 5, 6, false},
                                         // Register tiles, vectorized and split across
                                         // workers (see tg-cpu-choose-opts).
                                         MatmulParam{DType::F32, 96, 80, 128, true},
                                         MatmulParam{DType::F32, 64, 40, 48, false},
                                         MatmulParam{DType::F64, 40, 16, 32, true},
                                         MatmulParam{DType::I32, 32, 24, 64, false},
                                         // 16 column strips: split by strips, each
                                         // strip of B (256 x 64) copied contiguous.
                                         MatmulParam{DType::F32, 24, 256, 1024, false},
                                         MatmulParam{DType::I32, 8, 512, 1024, false},
                                         // 6-row tiles, the last of 76 rows (4)
                                         // peeled by tg-cpu-apply-opts.
                                         MatmulParam{DType::F32, 76, 256, 1024, false},
                                         // Bt read 520 times in sums of 272 terms:
                                         // copied transposed (min-reuse).
                                         MatmulParam{DType::F32, 520, 272, 64, true}),
                         matmulName);

/// softmax(x) over the last axis, as tinygrad writes it with exp2.
std::string softmax(Program &p, DType t, const std::string &x, int64_t rows, int64_t cols) {
  auto T = [&](const Shape &s) { return typeText(t, s); };
  std::string m = p.op("tg.reduce max " + x + " [1] : " + T({rows, cols}) + " -> " + T({rows, 1}));
  m = p.op("tg.expand " + m + " : " + T({rows, 1}) + " to " + T({rows, cols}));
  std::string d = p.op("tg.sub " + x + ", " + m + " : " + T({rows, cols}));
  std::string log2e = p.op("tg.const 1.4426950408889634 : " + T({rows, cols}));
  d = p.op("tg.mul " + d + ", " + log2e + " : " + T({rows, cols}));
  std::string e = p.op("tg.exp2 " + d + " : " + T({rows, cols}));
  std::string s = p.op("tg.reduce add " + e + " [1] : " + T({rows, cols}) + " -> " + T({rows, 1}));
  s = p.op("tg.expand " + s + " : " + T({rows, 1}) + " to " + T({rows, cols}));
  return p.op("tg.fdiv " + e + ", " + s + " : " + T({rows, cols}));
}

TEST(MultiKernel, Softmax) {
  Gen gen(seedOf("softmax"));
  Program p;
  std::vector<Tensor> inputs;
  for (auto [dtype, r, c] : {std::tuple{DType::F32, 2, 4}, std::tuple{DType::F32, 17, 33},
                             std::tuple{DType::F64, 3, 100}, std::tuple{DType::F16, 5, 9}}) {
    const DType t = dtype;
    const int64_t rows = r, cols = c;
    inputs.push_back(gen.tensor(t, {rows, cols}, [&] { return fromDouble(t, gen.uniform(-4, 4)); }));
    std::string x = p.arg(typeText(t, {rows, cols}));
    p.result(softmax(p, t, x, rows, cols), typeText(t, {rows, cols}),
             std::string("softmax ") + typeText(t, {rows, cols}),
             Tol::relative(t == DType::F64 ? 1e-13 : t == DType::F32 ? 1e-5 : 1e-2));
  }
  check(p, inputs);
}

/// (x - mean) / sqrt(var + eps) * g + b over the last axis of x[rows][cols].
struct LayerNormValues {
  std::string out, mean, var;
};
LayerNormValues layerNorm(Program &p, const std::string &x, const std::string &g,
                          const std::string &b, int64_t rows, int64_t cols) {
  auto T = [&](const Shape &s) { return typeText(DType::F32, s); };
  Shape full = {rows, cols}, col = {rows, 1};
  char invText[32];
  std::snprintf(invText, sizeof invText, "%.9g", 1.0 / double(cols));
  std::string inv = p.op(std::string("tg.const ") + invText + " : " + T(col));
  std::string sum = p.op("tg.reduce add " + x + " [1] : " + T(full) + " -> " + T(col));
  std::string mean = p.op("tg.mul " + sum + ", " + inv + " : " + T(col));
  std::string centered = p.op("tg.sub " + x + ", " + p.op("tg.expand " + mean + " : " + T(col) + " to " + T(full)) + " : " + T(full));
  std::string sq = p.op("tg.mul " + centered + ", " + centered + " : " + T(full));
  std::string var = p.op("tg.mul " + p.op("tg.reduce add " + sq + " [1] : " + T(full) + " -> " + T(col)) + ", " + inv + " : " + T(col));
  std::string eps = p.op("tg.const 1.0e-5 : " + T(col));
  std::string rstd = p.op("tg.reciprocal " + p.op("tg.sqrt " + p.op("tg.add " + var + ", " + eps + " : " + T(col)) + " : " + T(col)) + " : " + T(col));
  std::string normed = p.op("tg.mul " + centered + ", " + p.op("tg.expand " + rstd + " : " + T(col) + " to " + T(full)) + " : " + T(full));
  std::string gain = p.op("tg.expand " + g + " : " + T({1, cols}) + " to " + T(full));
  std::string bias = p.op("tg.expand " + b + " : " + T({1, cols}) + " to " + T(full));
  return {p.op("tg.mulacc " + normed + ", " + gain + ", " + bias + " : " + T(full)), mean, var};
}

std::vector<Tensor> layerNormInputs(Gen &gen, int64_t rows, int64_t cols) {
  DType t = DType::F32;
  return {gen.tensor(t, {rows, cols}, [&] { return fromDouble(t, gen.uniform(-3, 5)); }),
          gen.tensor(t, {1, cols}, [&] { return fromDouble(t, gen.uniform(0.5, 2)); }),
          gen.tensor(t, {1, cols}, [&] { return fromDouble(t, gen.uniform(-1, 1)); })};
}

TEST(MultiKernel, LayerNorm) {
  Gen gen(seedOf("layernorm"));
  const int64_t rows = 6, cols = 40;
  auto T = [&](const Shape &s) { return typeText(DType::F32, s); };
  Program p;
  std::string x = p.arg(T({rows, cols})), g = p.arg(T({1, cols})), b = p.arg(T({1, cols}));
  LayerNormValues norm = layerNorm(p, x, g, b, rows, cols);
  p.result(norm.out, T({rows, cols}), "layernorm", Tol::relative(1e-4));
  p.result(norm.mean, T({rows, 1}), "mean", Tol::relative(1e-5));
  p.result(norm.var, T({rows, 1}), "variance", Tol::relative(1e-4));
  check(p, layerNormInputs(gen, rows, cols));
}

/// Softmax and a layer norm whose statistics are not results: tg-kernelize
/// fuses their reductions into the kernel that reads them once per row, and
/// the optimizer computes each row's reductions before the row's outputs:
/// in 64 vector lanes for 4096 columns (8 rows, split over the workers by
/// rows), in 8 for 1000; 27 and 300 columns are not vectorized. The rows of
/// 4096 (16 KB) also prefetch the next row while computing exp2
/// (tg-cpu-prefetch-next-row), the last row of each worker its successor's
/// or its own.
TEST(RowFused, SoftmaxWidths) {
  Gen gen(seedOf("row-fused softmax"));
  Program p;
  std::vector<Tensor> inputs;
  for (auto [r, c] : {std::pair{8, 4096}, std::pair{33, 1000}, std::pair{70, 27}, std::pair{16, 300}}) {
    const int64_t rows = r, cols = c;
    inputs.push_back(gen.tensor(DType::F32, {rows, cols},
                                [&] { return fromDouble(DType::F32, gen.uniform(-8, 8)); }));
    std::string x = p.arg(typeText(DType::F32, {rows, cols}));
    p.result(softmax(p, DType::F32, x, rows, cols), typeText(DType::F32, {rows, cols}),
             "softmax " + typeText(DType::F32, {rows, cols}), Tol::relative(1e-5));
  }
  check(p, inputs);
}

TEST(RowFused, LayerNorm) {
  Gen gen(seedOf("row-fused layernorm"));
  const int64_t rows = 40, cols = 768;
  auto T = [&](const Shape &s) { return typeText(DType::F32, s); };
  Program p;
  std::string x = p.arg(T({rows, cols})), g = p.arg(T({1, cols})), b = p.arg(T({1, cols}));
  // Sums of 768 in another order: outputs near 0 differ in absolute terms.
  p.result(layerNorm(p, x, g, b, rows, cols).out, T({rows, cols}), "layernorm",
           Tol::relative(1e-4, 1e-5));
  check(p, layerNormInputs(gen, rows, cols));
}

/// An output larger than the last-level cache, written with non-temporal
/// stores (tg-cpu-stream-stores): rows of 2050 floats start at every
/// alignment, so both the streamed stores and the ordinary ones run.
TEST(StreamStores, LargeOutputAtEveryAlignment) {
  Gen gen(seedOf("stream stores"));
  const int64_t rows = 4100, cols = 2050; // 33.6 MB
  auto T = [&](const Shape &s) { return typeText(DType::F32, s); };
  Program p;
  std::string x = p.arg(T({rows, cols}));
  std::string three = p.op("tg.const 3.0 : " + T({rows, cols}));
  p.result(p.op("tg.mul " + x + ", " + three + " : " + T({rows, cols})), T({rows, cols}), "3x");
  check(p, {smallValues(gen, DType::F32, {rows, cols}, -100, 100)});
}

/// conv2d (N=1, C=2, H=W=5, O=3, 3x3, padding 1) as a sum over the taps of
/// shifted windows times one weight each, then a ReLU (max with 0).
void conv2d(DType t) {
  Gen gen(seedOf(std::string("conv") + name(t)));
  auto T = [&](const Shape &s) { return typeText(t, s); };
  const int64_t C = 2, H = 5, W = 5, O = 3, K = 3;
  Program p;
  std::string x = p.arg(T({1, C, H, W})), w = p.arg(T({O, C, K, K}));
  std::vector<Tensor> inputs = {smallValues(gen, t, {1, C, H, W}, -5, 5),
                                smallValues(gen, t, {O, C, K, K}, -3, 3)};
  Shape big = {1, O, C, H, W};
  std::string padded = p.op("tg.pad " + x + " low [0, 0, 1, 1] high [0, 0, 1, 1] : " + T({1, C, H, W}) +
                            " -> " + T({1, C, H + 2, W + 2}));
  std::string acc;
  for (int64_t kh = 0; kh < K; ++kh)
    for (int64_t kw = 0; kw < K; ++kw) {
      std::string win = p.op("tg.shrink " + padded + " begin [0, 0, " + std::to_string(kh) + ", " +
                             std::to_string(kw) + "] end [1, " + std::to_string(C) + ", " +
                             std::to_string(kh + H) + ", " + std::to_string(kw + W) + "] : " +
                             T({1, C, H + 2, W + 2}) + " -> " + T({1, C, H, W}));
      win = p.op("tg.reshape " + win + " : " + T({1, C, H, W}) + " to " + T({1, 1, C, H, W}));
      win = p.op("tg.expand " + win + " : " + T({1, 1, C, H, W}) + " to " + T(big));
      std::string tap = p.op("tg.shrink " + w + " begin [0, 0, " + std::to_string(kh) + ", " +
                             std::to_string(kw) + "] end [" + std::to_string(O) + ", " +
                             std::to_string(C) + ", " + std::to_string(kh + 1) + ", " +
                             std::to_string(kw + 1) + "] : " + T({O, C, K, K}) + " -> " + T({O, C, 1, 1}));
      tap = p.op("tg.reshape " + tap + " : " + T({O, C, 1, 1}) + " to " + T({1, O, C, 1, 1}));
      tap = p.op("tg.expand " + tap + " : " + T({1, O, C, 1, 1}) + " to " + T(big));
      std::string prod = p.op("tg.mul " + win + ", " + tap + " : " + T(big));
      acc = acc.empty() ? prod : p.op("tg.add " + acc + ", " + prod + " : " + T(big));
    }
  std::string sum = p.op("tg.reduce add " + acc + " [2] : " + T(big) + " -> " + T({1, O, 1, H, W}));
  std::string out = p.op("tg.reshape " + sum + " : " + T({1, O, 1, H, W}) + " to " + T({1, O, H, W}));
  p.result(out, T({1, O, H, W}), "conv2d");
  std::string zero = p.op("tg.const 0 : " + T({1, O, H, W}));
  p.result(p.op("tg.max " + out + ", " + zero + " : " + T({1, O, H, W})), T({1, O, H, W}), "relu(conv2d)");
  check(p, inputs);
}

TEST(MultiKernel, Conv2dF32) { conv2d(DType::F32); }
TEST(MultiKernel, Conv2dI32) { conv2d(DType::I32); }

/// conv2d as tinygrad's Tensor.conv2d writes it: pad, then _pool's windows
/// from movement ops alone (rows repeated e times, flattened, shrunk to
/// k(n+1), reshaped to [k, n+1] so [ky, y] is row y + ky, shrunk to [k, n]),
/// the windows times the weights, summed over channels and the window. Its
/// kernel is a padded copy and a windowed sum of products: the one the
/// optimizer tiles, vectorizes and splits. With `biasAndRelu`, a ReLU of
/// the padded input (the previous layer's activation) and a bias after the
/// sum: a prologue and an epilogue in the same kernel.
void poolConv2d(DType t, int64_t n, int64_t c, int64_t hw, int64_t o, bool biasAndRelu = false) {
  const int64_t k = 3, hp = hw + 2, ho = hw, e = (k * (hp + 1) + hp - 1) / hp;
  Gen gen(seedOf("poolconv" + std::to_string(n * 1000 + c * 100 + hw) + name(t)));
  auto T = [&](const Shape &s) { return typeText(t, s); };
  auto list = [](const Shape &s) {
    std::string text;
    for (int64_t v : s)
      text += (text.empty() ? "" : ", ") + std::to_string(v);
    return "[" + text + "]";
  };
  Program p;
  std::string x = p.arg(T({n, c, hw, hw})), w = p.arg(T({o, c, k, k}));
  std::vector<Tensor> inputs = {smallValues(gen, t, {n, c, hw, hw}, -5, 5),
                                smallValues(gen, t, {o, c, k, k}, -3, 3)};
  std::string bias;
  if (biasAndRelu) {
    bias = p.arg(T({o}));
    inputs.push_back(smallValues(gen, t, {o}, -3, 3));
  }
  std::string v = p.op("tg.pad " + x + " low [0, 0, 1, 1] high [0, 0, 1, 1] : " +
                       T({n, c, hw, hw}) + " -> " + T({n, c, hp, hp}));
  if (biasAndRelu)
    v = p.op("tg.max " + v + ", " + p.op("tg.const 0 : " + T({n, c, hp, hp})) + " : " + T({n, c, hp, hp}));
  v = p.op("tg.reshape " + v + " : " + T({n, c, hp, hp}) + " to " + T({n, c, 1, hp, 1, hp}));
  v = p.op("tg.expand " + v + " : " + T({n, c, 1, hp, 1, hp}) + " to " + T({n, c, e, hp, e, hp}));
  v = p.op("tg.reshape " + v + " : " + T({n, c, e, hp, e, hp}) + " to " + T({n, c, e * hp, e * hp}));
  const int64_t span = k * (hp + 1);
  v = p.op("tg.shrink " + v + " begin [0, 0, 0, 0] end " + list({n, c, span, span}) + " : " +
           T({n, c, e * hp, e * hp}) + " -> " + T({n, c, span, span}));
  v = p.op("tg.reshape " + v + " : " + T({n, c, span, span}) + " to " + T({n, c, k, hp + 1, k, hp + 1}));
  v = p.op("tg.shrink " + v + " begin [0, 0, 0, 0, 0, 0] end " + list({n, c, k, ho, k, ho}) + " : " +
           T({n, c, k, hp + 1, k, hp + 1}) + " -> " + T({n, c, k, ho, k, ho}));
  v = p.op("tg.permute " + v + " [0, 3, 5, 1, 2, 4] : " + T({n, c, k, ho, k, ho}) + " -> " +
           T({n, ho, ho, c, k, k}));
  v = p.op("tg.reshape " + v + " : " + T({n, ho, ho, c, k, k}) + " to " + T({n, 1, ho, ho, c, k, k}));
  const Shape big = {n, o, ho, ho, c, k, k};
  v = p.op("tg.expand " + v + " : " + T({n, 1, ho, ho, c, k, k}) + " to " + T(big));
  std::string wv = p.op("tg.reshape " + w + " : " + T({o, c, k, k}) + " to " + T({1, o, 1, 1, c, k, k}));
  wv = p.op("tg.expand " + wv + " : " + T({1, o, 1, 1, c, k, k}) + " to " + T(big));
  std::string prod = p.op("tg.mul " + v + ", " + wv + " : " + T(big));
  std::string sum = p.op("tg.reduce add " + prod + " [4, 5, 6] : " + T(big) + " -> " +
                         T({n, o, ho, ho, 1, 1, 1}));
  std::string out = p.op("tg.reshape " + sum + " : " + T({n, o, ho, ho, 1, 1, 1}) + " to " + T({n, o, ho, ho}));
  if (biasAndRelu) {
    std::string b = p.op("tg.reshape " + bias + " : " + T({o}) + " to " + T({1, o, 1, 1}));
    b = p.op("tg.expand " + b + " : " + T({1, o, 1, 1}) + " to " + T({n, o, ho, ho}));
    out = p.op("tg.add " + out + ", " + b + " : " + T({n, o, ho, ho}));
  }
  p.result(out, T({n, o, ho, ho}), biasAndRelu ? "conv2d(relu(x)) + bias" : "conv2d");
  check(p, inputs);
}

TEST(MultiKernel, PoolConv2dF32) { poolConv2d(DType::F32, 2, 8, 12, 16); }
TEST(MultiKernel, PoolConv2dOddF32) { poolConv2d(DType::F32, 1, 3, 9, 5); }
TEST(MultiKernel, PoolConv2dI32) { poolConv2d(DType::I32, 2, 4, 8, 8); }
TEST(MultiKernel, PoolConv2dBiasReluF32) { poolConv2d(DType::F32, 2, 8, 12, 16, true); }
TEST(MultiKernel, PoolConv2dBiasReluI32) { poolConv2d(DType::I32, 1, 3, 9, 5, true); }

/// Reductions feeding reductions and several results from one input.
TEST(MultiKernel, SharedIntermediates) {
  Gen gen(seedOf("shared"));
  DType t = DType::F32;
  auto T = [&](const Shape &s) { return typeText(t, s); };
  Program p;
  std::string x = p.arg(T({8, 16}));
  std::vector<Tensor> inputs = {smallValues(gen, t, {8, 16}, -16, 16, 4)};
  std::string sum = p.op("tg.reduce add " + x + " [1] : " + T({8, 16}) + " -> " + T({8, 1}));
  std::string mx = p.op("tg.reduce max " + x + " [1] : " + T({8, 16}) + " -> " + T({8, 1}));
  std::string both = p.op("tg.add " + sum + ", " + mx + " : " + T({8, 1}));
  std::string total = p.op("tg.reduce add " + both + " [0] : " + T({8, 1}) + " -> " + T({1, 1}));
  std::string expanded = p.op("tg.expand " + total + " : " + T({1, 1}) + " to " + T({8, 16}));
  std::string scaled = p.op("tg.sub " + x + ", " + expanded + " : " + T({8, 16}));
  std::string t2 = p.op("tg.permute " + scaled + " [1, 0] : " + T({8, 16}) + " -> " + T({16, 8}));
  std::string colmax = p.op("tg.reduce max " + t2 + " [1] : " + T({16, 8}) + " -> " + T({16, 1}));
  p.result(sum, T({8, 1}), "sum");
  p.result(mx, T({8, 1}), "max");
  p.result(total, T({1, 1}), "total");
  p.result(scaled, T({8, 16}), "x - total");
  p.result(colmax, T({16, 1}), "max over rows of the transpose");
  check(p, inputs);
}

//===----------------------------------------------------------------------===//
// Assign, scheduling ops, and results that are arguments or constants
//===----------------------------------------------------------------------===//

TEST(Assign, AddInPlace) {
  Gen gen(seedOf("assign1"));
  Program p;
  std::string w = p.arg("tensor<4x8xf32>"), g = p.arg("tensor<4x8xf32>");
  std::vector<Tensor> inputs = {smallValues(gen, DType::F32, {4, 8}, -9, 9),
                                smallValues(gen, DType::F32, {4, 8}, -9, 9)};
  std::string v = p.op("tg.sub " + w + ", " + g + " : tensor<4x8xf32>");
  std::string n = p.op("tg.assign " + w + ", " + v + " : tensor<4x8xf32>");
  p.result(n, "tensor<4x8xf32>", "w - g");
  check(p, inputs);
}

TEST(Assign, UseAfterAssign) {
  Gen gen(seedOf("assign2"));
  Program p;
  std::string w = p.arg("tensor<16xi32>"), g = p.arg("tensor<16xi32>");
  std::vector<Tensor> inputs = {gen.any(DType::I32, {16}), gen.any(DType::I32, {16})};
  std::string n = p.op("tg.assign " + w + ", " + g + " : tensor<16xi32>");
  std::string r = p.op("tg.add " + n + ", " + n + " : tensor<16xi32>");
  p.result(r, "tensor<16xi32>", "2 * new w");
  check(p, inputs);
}

TEST(Assign, NotReturned) {
  // The update happens even when the function does not return it.
  Gen gen(seedOf("assign3"));
  Program p;
  std::string w = p.arg("tensor<5xf64>"), g = p.arg("tensor<5xf64>");
  std::vector<Tensor> inputs = {gen.any(DType::F64, {5}), gen.any(DType::F64, {5})};
  std::string v = p.op("tg.mul " + g + ", " + g + " : tensor<5xf64>");
  p.op("tg.assign " + w + ", " + v + " : tensor<5xf64>");
  p.result(p.op("tg.neg " + g + " : tensor<5xf64>"), "tensor<5xf64>", "-g");
  check(p, inputs);
}

TEST(Assign, TransposeInPlace) {
  // The value reads the buffer it overwrites, at other positions.
  Program p;
  std::string w = p.arg("tensor<5x5xi16>");
  std::string v = p.op("tg.permute " + w + " [1, 0] : tensor<5x5xi16> -> tensor<5x5xi16>");
  p.result(p.op("tg.assign " + w + ", " + v + " : tensor<5x5xi16>"), "tensor<5x5xi16>", "w^T");
  check(p, {iota(DType::I16, {5, 5})});
}

TEST(Assign, FlipInPlace) {
  Program p;
  std::string w = p.arg("tensor<1023xf32>");
  std::string v = p.op("tg.flip " + w + " [0] : tensor<1023xf32>");
  p.result(p.op("tg.assign " + w + ", " + v + " : tensor<1023xf32>"), "tensor<1023xf32>", "flip(w)");
  check(p, {iota(DType::F32, {1023})});
}

TEST(Assign, TwiceAndTwoTargets) {
  Gen gen(seedOf("assign5"));
  Program p;
  std::string a = p.arg("tensor<3x4xui8>"), b = p.arg("tensor<3x4xui8>");
  std::vector<Tensor> inputs = {gen.any(DType::UI8, {3, 4}), gen.any(DType::UI8, {3, 4})};
  std::string sum = p.op("tg.add " + a + ", " + b + " : tensor<3x4xui8>");
  std::string a1 = p.op("tg.assign " + a + ", " + sum + " : tensor<3x4xui8>");
  std::string twice = p.op("tg.mul " + a1 + ", " + a1 + " : tensor<3x4xui8>");
  std::string a2 = p.op("tg.assign " + a1 + ", " + twice + " : tensor<3x4xui8>");
  std::string b1 = p.op("tg.assign " + b + ", " + p.op("tg.xor " + a2 + ", " + b + " : tensor<3x4xui8>") + " : tensor<3x4xui8>");
  p.result(a2, "tensor<3x4xui8>", "a after two assigns");
  p.result(b1, "tensor<3x4xui8>", "b");
  check(p, inputs);
}

TEST(Assign, ReduceIntoArgument) {
  // An accumulator updated with a reduction of another argument.
  Gen gen(seedOf("assign6"));
  Program p;
  std::string acc = p.arg("tensor<4x1xi64>"), x = p.arg("tensor<4x9xi64>");
  std::vector<Tensor> inputs = {gen.any(DType::I64, {4, 1}), gen.any(DType::I64, {4, 9})};
  std::string s = p.op("tg.reduce add " + x + " [1] : tensor<4x9xi64> -> tensor<4x1xi64>");
  std::string v = p.op("tg.add " + acc + ", " + s + " : tensor<4x1xi64>");
  p.result(p.op("tg.assign " + acc + ", " + v + " : tensor<4x1xi64>"), "tensor<4x1xi64>", "acc + sum");
  check(p, inputs);
}

TEST(Results, ArgumentsAndConstants) {
  Gen gen(seedOf("results"));
  Program p;
  std::string a = p.arg("tensor<2x3xf32>"), b = p.arg("tensor<4xi1>");
  std::vector<Tensor> inputs = {gen.any(DType::F32, {2, 3}), gen.any(DType::Bool, {4})};
  p.result(a, "tensor<2x3xf32>", "argument", Tol::bits());
  p.result(a, "tensor<2x3xf32>", "the same argument again", Tol::bits());
  p.result(b, "tensor<4xi1>", "bool argument");
  p.result(p.op("tg.reshape " + a + " : tensor<2x3xf32> to tensor<6xf32>"), "tensor<6xf32>",
           "reshaped argument", Tol::bits());
  p.result(p.op("tg.const 1.5 : tensor<2x3xf32>"), "tensor<2x3xf32>", "const 1.5");
  p.result(p.op("tg.const 0x7FC00000 : tensor<3xf32>"), "tensor<3xf32>", "const NaN");
  p.result(p.op("tg.const 0xFC00 : tensor<2xf16>"), "tensor<2xf16>", "const -inf f16");
  p.result(p.op("tg.const -0.0 : tensor<2xbf16>"), "tensor<2xbf16>", "const -0 bf16");
  p.result(p.op("tg.const true : tensor<5xi1>"), "tensor<5xi1>", "const true");
  p.result(p.op("tg.const 18446744073709551615 : tensor<2xui64>"), "tensor<2xui64>", "const UINT64_MAX");
  p.result(p.op("tg.const -128 : tensor<3x1xi8>"), "tensor<3x1xi8>", "const -128 i8");
  p.result(p.op("tg.const 2.5 : tensor<0xf64>"), "tensor<0xf64>", "const empty");
  p.result(p.op("tg.const 7 : tensor<1023xui16>"), "tensor<1023xui16>", "const 1023 x 7");
  check(p, inputs);
}

TEST(Results, ConstantsOnly) {
  Program p;
  p.result(p.op("tg.const 3 : tensor<2x2xi32>"), "tensor<2x2xi32>", "const");
  p.result(p.op("tg.const 0.1 : tensor<3xf64>"), "tensor<3xf64>", "const f64");
  check(p, {});
}

TEST(Scheduling, Identities) {
  Gen gen(seedOf("scheduling"));
  Program p;
  std::string a = p.arg("tensor<3x7xf32>"), b = p.arg("tensor<3x7xf32>");
  std::vector<Tensor> inputs = {gen.any(DType::F32, {3, 7}), gen.any(DType::F32, {3, 7})};
  std::string s = p.op("tg.add " + a + ", " + b + " : tensor<3x7xf32>");
  std::string c = p.op("tg.contiguous " + s + " : tensor<3x7xf32>");
  std::string d = p.op("tg.detach " + c + " : tensor<3x7xf32>");
  std::string cb = p.op("tg.contiguous_backward " + d + " : tensor<3x7xf32>");
  // A copy within the device under test (a program runs on one device;
  // test/e2e/errors.mlir checks that a copy to another is refused).
  std::string cp = p.op("tg.copy " + cb + " to \"" + env().deviceName + "\" : tensor<3x7xf32>");
  p.result(p.op("tg.mul " + cp + ", " + c + " : tensor<3x7xf32>"), "tensor<3x7xf32>", "(a+b)^2 through identities", Tol::ulp(2));
  p.result(c, "tensor<3x7xf32>", "contiguous", Tol::ulp(2));
  std::string pc = p.op("tg.contiguous " + p.op("tg.permute " + a + " [1, 0] : tensor<3x7xf32> -> tensor<7x3xf32>") + " : tensor<7x3xf32>");
  p.result(pc, "tensor<7x3xf32>", "contiguous of permute", Tol::bits());
  p.result(p.op("tg.detach " + a + " : tensor<3x7xf32>"), "tensor<3x7xf32>", "detached argument", Tol::bits());
  check(p, inputs);
}

} // namespace
