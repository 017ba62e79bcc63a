//===- SymbolicFuzzTest.cpp - tg-symbolic never changes a value -----------===//
//
// tinygrad's fuzz_symbolic.py, without z3: random integer expressions over
// bounded variables are built as tg IR, simplified by tg-symbolic, and
// evaluated before (on the expression tree, by plain C++ arithmetic) and
// after (by interpreting the simplified IR) on many assignments of the
// variables. Any difference fails and prints the expression. Most
// expressions are index arithmetic (tinygrad's weakint); a share are i32,
// i16 and i8, whose sums and products wrap around, so a rule that assumes
// unbounded integers where values can wrap fails here too.
//
// TG_FUZZ_COUNT (default 100000) expressions, TG_FUZZ_SEED (default 1).
//
//===----------------------------------------------------------------------===//

#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Dialect/TG/Transforms/IndexAlgebra.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <sstream>

using namespace mlir;
using namespace mlir::tg;

namespace {

constexpr int kVariables = 3;

/// An expression tree with Python integer semantics (the reference).
struct Node {
  enum Kind { Var, Const, Add, Mul, FloorDiv, FloorMod, Max, Xor, Lt, Ne, Where } kind;
  int64_t value = 0; // variable index or constant
  std::shared_ptr<Node> a, b, c;
};
using Expr = std::shared_ptr<Node>;

Expr make(Node::Kind kind, Expr a = nullptr, Expr b = nullptr, Expr c = nullptr,
          int64_t value = 0) {
  return std::make_shared<Node>(Node{kind, value, std::move(a), std::move(b), std::move(c)});
}
Expr constant(int64_t v) { return make(Node::Const, nullptr, nullptr, nullptr, v); }

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// `v` wrapped to a signed `width`-bit integer.
int64_t wrap(int64_t v, unsigned width) {
  if (width >= 64)
    return v;
  uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t bits = uint64_t(v) & mask;
  return (bits >> (width - 1)) ? int64_t(bits | ~mask) : int64_t(bits);
}

/// Evaluates the tree with the IR's semantics: `width`-bit integers that wrap
/// around. For 64-bit index values an overflow of int64_t, and anywhere a
/// zero divisor or the INT_MIN / -1 overflow, makes the sample unusable
/// (false).
bool evaluate(const Expr &e, const int64_t *vars, unsigned width, int64_t &out) {
  int64_t x = 0, y = 0, z = 0;
  if (e->a && !evaluate(e->a, vars, width, x))
    return false;
  if (e->b && !evaluate(e->b, vars, width, y))
    return false;
  if (e->c && !evaluate(e->c, vars, width, z))
    return false;
  int64_t minimum = width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
  switch (e->kind) {
  case Node::Var: out = vars[e->value]; return true;
  case Node::Const: out = wrap(e->value, width); return true;
  case Node::Add:
    if (__builtin_add_overflow(x, y, &out))
      return false;
    out = wrap(out, width);
    return true;
  case Node::Mul:
    if (__builtin_mul_overflow(x, y, &out))
      return false;
    out = wrap(out, width);
    return true;
  case Node::FloorDiv:
    if (y == 0 || (x == minimum && y == -1))
      return false;
    out = floorDiv(x, y);
    return true;
  case Node::FloorMod:
    if (y == 0 || (x == minimum && y == -1))
      return false;
    out = x - floorDiv(x, y) * y;
    return true;
  case Node::Max: out = std::max(x, y); return true;
  case Node::Xor: out = x ^ y; return true;
  case Node::Lt: out = x < y; return true;
  case Node::Ne: out = x != y; return true;
  case Node::Where: out = x ? y : z; return true;
  }
  return false;
}

std::string render(const Expr &e) {
  std::ostringstream os;
  auto bin = [&](const char *op) {
    os << "(" << render(e->a) << op << render(e->b) << ")";
  };
  switch (e->kind) {
  case Node::Var: os << "v" << e->value + 1; break;
  case Node::Const: os << e->value; break;
  case Node::Add: bin("+"); break;
  case Node::Mul: bin("*"); break;
  case Node::FloorDiv: bin("//"); break;
  case Node::FloorMod: bin("%"); break;
  case Node::Xor: bin("^"); break;
  case Node::Lt: bin("<"); break;
  case Node::Ne: bin("!="); break;
  case Node::Max:
    os << "max(" << render(e->a) << ", " << render(e->b) << ")";
    break;
  case Node::Where:
    os << "where(" << render(e->a) << ", " << render(e->b) << ", " << render(e->c) << ")";
    break;
  }
  return os.str();
}

/// tinygrad's fuzz_symbolic.py generator.
class Generator {
public:
  explicit Generator(uint64_t seed) : rng(seed) {}

  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }
  size_t weighted(std::initializer_list<double> weights) {
    std::discrete_distribution<size_t> d(weights);
    return d(rng);
  }

  Expr variable() { return make(Node::Var, nullptr, nullptr, nullptr, uniform(0, kVariables - 1)); }

  static Expr logicalNot(Expr b) { return make(Node::Ne, b, constant(1)); }
  static Expr minimum(Expr a, Expr b) {
    // tinygrad: ~max(~a, ~b)
    auto invert = [](Expr x) { return make(Node::Xor, x, constant(-1)); };
    return invert(make(Node::Max, invert(a), invert(b)));
  }

  Expr subexpression(const Expr &e) {
    std::vector<Expr> ints;
    collectInts(e, ints);
    return ints[uniform(0, ints.size() - 1)];
  }
  static void collectInts(const Expr &e, std::vector<Expr> &out) {
    if (e->kind != Node::Lt && e->kind != Node::Ne)
      out.push_back(e);
    for (const Expr &child : {e->a, e->b, e->c})
      if (child && child->kind != Node::Lt && child->kind != Node::Ne &&
          e->kind != Node::Where)
        collectInts(child, out);
  }
  Expr randomOrSub(int depth, const Expr &e) {
    return uniform(0, 1) ? intExpr(depth - 1) : subexpression(e);
  }

  Expr intExpr(int depth) {
    if (depth <= 0)
      return variable();
    Expr e = intExpr(depth - 1);
    switch (weighted({6, 4, 1})) {
    case 0: {
      switch (weighted({4, 4, 4, 4, 1, 1})) {
      case 0: return make(Node::Add, e, constant(uniform(-4, 4)));
      case 1: return make(Node::Mul, e, constant(uniform(-4, 4)));
      case 2: {
        int64_t d = uniform(1, 9) * (uniform(0, 1) ? 1 : -1);
        return make(Node::FloorDiv, e, constant(d));
      }
      case 3: return make(Node::FloorMod, e, constant(uniform(1, 9)));
      case 4: return make(Node::Max, e, constant(uniform(-10, 10)));
      default: return minimum(e, constant(uniform(-10, 10)));
      }
    }
    case 1: {
      Expr other = randomOrSub(depth - 1, e);
      switch (weighted({8, 1, 1, 1})) {
      case 0: return make(Node::Add, e, other);
      case 1: return make(Node::Mul, e, other);
      case 2: return make(Node::Max, e, other);
      default: return minimum(e, other);
      }
    }
    default:
      return make(Node::Where, boolExpr(3, randomOrSub(depth - 1, e)), e,
                  randomOrSub(depth - 1, e));
    }
  }

  Expr boolExpr(int depth, Expr lhs) {
    Expr rhs = uniform(0, 1) ? randomOrSub(depth - 1, lhs) : constant(uniform(-10, 10));
    switch (uniform(0, 3)) {
    case 0: return make(Node::Lt, lhs, rhs);                   // a < b
    case 1: return logicalNot(make(Node::Lt, rhs, lhs));       // a <= b
    case 2: return make(Node::Lt, rhs, lhs);                   // a > b
    default: return logicalNot(make(Node::Lt, lhs, rhs));      // a >= b
    }
  }

  std::mt19937_64 rng;
};

/// Emits the tree as tg ops on index values.
Value emit(OpBuilder &b, Location loc, const Expr &e, ValueRange vars, Type index,
           std::map<Node *, Value> &memo) {
  if (auto it = memo.find(e.get()); it != memo.end())
    return it->second;
  auto c = [&](int64_t v, Type type) -> Value {
    return ConstOp::create(b, loc, type, b.getIntegerAttr(type, v));
  };
  Value x = e->a ? emit(b, loc, e->a, vars, index, memo) : Value();
  Value y = e->b ? emit(b, loc, e->b, vars, index, memo) : Value();
  Value z = e->c ? emit(b, loc, e->c, vars, index, memo) : Value();
  Value result;
  switch (e->kind) {
  case Node::Var: result = vars[e->value]; break;
  case Node::Const:
    result = c(wrap(e->value, index.isIndex() ? 64 : index.getIntOrFloatBitWidth()), index);
    break;
  case Node::Add: result = AddOp::create(b, loc, x, y); break;
  case Node::Mul: result = MulOp::create(b, loc, x, y); break;
  case Node::FloorDiv: result = FloorDivOp::create(b, loc, x, y); break;
  case Node::FloorMod: result = FloorModOp::create(b, loc, x, y); break;
  case Node::Max: result = MaxOp::create(b, loc, x, y); break;
  case Node::Xor: result = XorOp::create(b, loc, x, y); break;
  case Node::Lt: result = CmpLtOp::create(b, loc, x, y); break;
  case Node::Ne:
    // Only `bool != True` (logical not) is generated.
    result = CmpNeOp::create(b, loc, x, c(1, b.getI1Type()));
    break;
  case Node::Where: result = WhereOp::create(b, loc, x, y, z); break;
  }
  memo[e.get()] = result;
  return result;
}

/// Interprets a simplified function on integer, index and bool scalars, with
/// wrap-around arithmetic at each result's width; fails on an op it does not
/// know.
/// Evaluates the ops of `fn`'s body with its arguments at `vars`, into
/// `values`; stops at a return, whose operand it gives.
FailureOr<int64_t> interpret(func::FuncOp fn, ArrayRef<int64_t> vars, std::string &error,
                             llvm::DenseMap<Value, int64_t> &values) {
  for (auto [arg, v] : llvm::zip(fn.getArguments(), vars))
    values[arg] = v;
  auto u = [](int64_t v) { return static_cast<uint64_t>(v); };
  for (Operation &op : fn.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op))
      return values.lookup(ret.getOperand(0));
    auto get = [&](unsigned i) { return values.lookup(op.getOperand(i)); };
    std::optional<int64_t> r;
    llvm::TypeSwitch<Operation *>(&op)
        .Case([&](ConstOp c) {
          auto attr = cast<IntegerAttr>(c.getValue());
          r = c.getType().isInteger(1) ? int64_t(attr.getValue().getZExtValue())
                                       : attr.getValue().getSExtValue();
        })
        .Case([&](AddOp) { r = int64_t(u(get(0)) + u(get(1))); })
        .Case([&](SubOp) { r = int64_t(u(get(0)) - u(get(1))); })
        .Case([&](MulOp) { r = int64_t(u(get(0)) * u(get(1))); })
        .Case([&](NegOp) { r = int64_t(0 - u(get(0))); })
        .Case([&](FloorDivOp) {
          if (get(1) != 0)
            r = floorDiv(get(0), get(1));
        })
        .Case([&](FloorModOp) {
          if (get(1) != 0)
            r = get(0) - floorDiv(get(0), get(1)) * get(1);
        })
        .Case([&](CDivOp) {
          if (get(1) != 0)
            r = get(0) / get(1);
        })
        .Case([&](CModOp) {
          if (get(1) != 0)
            r = get(0) % get(1);
        })
        .Case([&](MaxOp m) {
          r = m.getType().isInteger(1) ? (get(0) | get(1)) : std::max(get(0), get(1));
        })
        .Case([&](AndOp) { r = get(0) & get(1); })
        .Case([&](OrOp) { r = get(0) | get(1); })
        .Case([&](XorOp x) {
          r = get(0) ^ get(1);
          if (x.getType().isInteger(1))
            *r &= 1;
        })
        .Case([&](CmpLtOp) { r = get(0) < get(1); })
        .Case([&](CmpNeOp) { r = get(0) != get(1); })
        .Case([&](CmpEqOp) { r = get(0) == get(1); })
        .Case([&](WhereOp) { r = get(0) ? get(1) : get(2); })
        .Case([&](CastOp c) { r = get(0); })
        .Case([&](ShlOp) { r = int64_t(u(get(0)) << get(1)); })
        .Case([&](ShrOp) { r = get(0) >> get(1); });
    if (!r) {
      llvm::raw_string_ostream os(error);
      os << "cannot interpret " << op;
      return failure();
    }
    Type type = op.getResult(0).getType();
    values[op.getResult(0)] = type.isInteger(1) ? (*r & 1)
                              : wrap(*r, type.isIndex() ? 64 : type.getIntOrFloatBitWidth());
  }
  error = "no return";
  return failure();
}

FailureOr<int64_t> interpret(func::FuncOp fn, ArrayRef<int64_t> vars, std::string &error) {
  llvm::DenseMap<Value, int64_t> values;
  return interpret(fn, vars, error, values);
}

int64_t envOr(const char *name, int64_t fallback) {
  const char *v = std::getenv(name);
  return v ? std::strtoll(v, nullptr, 10) : fallback;
}

/// Builds `count` random expressions, runs `addPasses` on them and checks
/// every result against the expression tree.
void fuzz(int64_t count, function_ref<void(PassManager &)> addPasses, const char *what) {
  const uint64_t seed = envOr("TG_FUZZ_SEED", 1);
  constexpr int kBatch = 500, kSamples = 12;
  static const int64_t upperBounds[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 32, 64, 128, 256};

  MLIRContext context;
  context.loadDialect<TGDialect, func::FuncDialect>();
  Generator gen(seed);
  int64_t checked = 0, skipped = 0, failures = 0, opsBefore = 0, opsAfter = 0;

  for (int64_t start = 0; start < count; start += kBatch) {
    OpBuilder b(&context);
    Location loc = b.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    struct Case {
      Expr expr;
      int64_t bounds[kVariables];
      std::string name;
      unsigned width;
    };
    std::vector<Case> cases;
    for (int64_t i = start; i < std::min(count, start + kBatch); ++i) {
      Case cs;
      // Mostly index (tinygrad's weakint), and signed integers that wrap.
      static const unsigned widths[] = {64, 64, 64, 64, 64, 64, 32, 16, 8, 8};
      cs.width = widths[gen.uniform(0, std::size(widths) - 1)];
      Type type = cs.width == 64 ? Type(b.getIndexType()) : Type(b.getIntegerType(cs.width));
      for (int64_t &bound : cs.bounds)
        bound = std::min<int64_t>(upperBounds[gen.uniform(0, std::size(upperBounds) - 1)],
                                  cs.width == 8 ? 127 : INT64_MAX);
      cs.expr = gen.intExpr(6);
      cs.name = "e" + std::to_string(i);
      b.setInsertionPointToEnd(module->getBody());
      SmallVector<Type> args(kVariables, type);
      auto fn = func::FuncOp::create(b, loc, cs.name, b.getFunctionType(args, {type}));
      for (int v = 0; v < kVariables; ++v)
        fn.setArgAttr(v, kRangeAttrName, b.getDenseI64ArrayAttr({0, cs.bounds[v]}));
      b.setInsertionPointToStart(fn.addEntryBlock());
      std::map<Node *, Value> memo;
      Value result = emit(b, loc, cs.expr, fn.getArguments(), type, memo);
      func::ReturnOp::create(b, loc, result);
      cases.push_back(std::move(cs));
    }

    auto countOps = [&] {
      int64_t n = 0;
      module->walk([&](Operation *op) { n += isa<TGDialect>(op->getDialect()); });
      return n;
    };
    opsBefore += countOps();
    PassManager pm(&context);
    addPasses(pm);
    ASSERT_TRUE(succeeded(pm.run(*module)));
    opsAfter += countOps();

    for (const Case &cs : cases) {
      auto fn = module->lookupSymbol<func::FuncOp>(cs.name);
      std::mt19937_64 sampler(std::hash<std::string>()(cs.name) ^ seed);
      bool any = false;
      for (int s = 0; s < kSamples; ++s) {
        int64_t vars[kVariables];
        for (int v = 0; v < kVariables; ++v) {
          int64_t hi = cs.bounds[v];
          vars[v] = s == 0 ? 0 : s == 1 ? hi
                                        : std::uniform_int_distribution<int64_t>(0, hi)(sampler);
        }
        int64_t expected;
        if (!evaluate(cs.expr, vars, cs.width, expected))
          continue;
        any = true;
        std::string error;
        FailureOr<int64_t> actual = interpret(fn, vars, error);
        if (failed(actual) || *actual != expected) {
          if (++failures <= 10) {
            std::string ir;
            llvm::raw_string_ostream os(ir);
            fn.print(os);
            ADD_FAILURE() << render(cs.expr) << "\n  at v1=" << vars[0]
                          << " v2=" << vars[1] << " v3=" << vars[2]
                          << " (bounds " << cs.bounds[0] << ", " << cs.bounds[1]
                          << ", " << cs.bounds[2] << "; " << cs.width
                          << "-bit)\n  expected " << expected
                          << ", simplified gives "
                          << (failed(actual) ? error : std::to_string(*actual))
                          << "\n" << ir;
          }
          break;
        }
      }
      any ? ++checked : ++skipped;
    }
  }
  std::printf("%s: %lld expressions checked, %lld skipped (overflow "
              "in every sample), %lld failed, seed %llu; tg ops %lld -> %lld\n",
              what, static_cast<long long>(checked), static_cast<long long>(skipped),
              static_cast<long long>(failures), static_cast<unsigned long long>(seed),
              static_cast<long long>(opsBefore), static_cast<long long>(opsAfter));
  EXPECT_EQ(failures, 0);
  EXPECT_GE(checked + skipped, count);
}

TEST(SymbolicFuzz, SimplifiedExpressionsKeepTheirValues) {
  fuzz(envOr("TG_FUZZ_COUNT", 100000),
       [](PassManager &pm) { pm.addPass(createTGSymbolic()); }, "tg-symbolic");
}

/// floordiv and floormod decomposed into C division with sign fixes, both
/// on the raw expressions and after simplification.
TEST(SymbolicFuzz, DecomposedExpressionsKeepTheirValues) {
  int64_t count = envOr("TG_FUZZ_COUNT", 100000) / 5;
  fuzz(count, [](PassManager &pm) { pm.addPass(createTGDecompose()); },
       "tg-decompose");
  fuzz(count,
       [](PassManager &pm) {
         pm.addPass(createTGSymbolic());
         pm.addPass(createTGDecompose());
       },
       "tg-symbolic + tg-decompose");
}

/// tg-kernelize's indices (IndexAlgebra): sums of ranges times constants
/// and the floor divisions and remainders by positive constants that views
/// make of them (a reshape's linearization split into new axes, nested),
/// each simplified by the rules as it is made, keep their values.
TEST(SymbolicFuzz, KernelizeIndicesKeepTheirValues) {
  const int64_t count = envOr("TG_FUZZ_COUNT", 100000) / 5;
  const uint64_t seed = envOr("TG_FUZZ_SEED", 1);
  static const int64_t sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 32, 64};
  MLIRContext context;
  context.loadDialect<TGDialect, func::FuncDialect>();
  IndexRules rules(&context);
  std::mt19937_64 rng(seed);
  auto uniform = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  int64_t checked = 0, failures = 0, expressions = 0;
  constexpr int kPerAlgebra = 100, kSamples = 12;
  while (expressions < count) {
    IndexAlgebra algebra(&context, rules);
    struct Range {
      Index index;
      int64_t size;
    };
    std::vector<Range> ranges;
    for (int i = 0, n = int(uniform(1, 4)); i < n; ++i) {
      int64_t size = sizes[uniform(0, std::size(sizes) - 1)];
      ranges.push_back({algebra.range(size), size});
    }
    // Each index with its reference: the expression as a function of the
    // ranges' values, in Python's integer arithmetic.
    struct Case {
      Index index;
      std::function<int64_t(const std::vector<int64_t> &)> eval;
      std::string text;
    };
    std::function<Case(int)> make = [&](int depth) -> Case {
      int64_t kind = depth == 0 ? uniform(0, 1) : uniform(0, 5);
      if (kind == 0) {
        size_t r = uniform(0, ranges.size() - 1);
        return {ranges[r].index, [r](const std::vector<int64_t> &v) { return v[r]; },
                "r" + std::to_string(r)};
      }
      if (kind == 1) {
        int64_t c = uniform(-20, 20);
        return {algebra.constant(c), [c](const std::vector<int64_t> &) { return c; },
                std::to_string(c)};
      }
      if (kind == 2 || kind == 3) {
        Case a = make(depth - 1), b = make(depth - 1);
        int64_t scale = uniform(-4, 4);
        return {algebra.add(a.index, b.index, scale),
                [a, b, scale](const std::vector<int64_t> &v) { return a.eval(v) + scale * b.eval(v); },
                "(" + a.text + " + " + std::to_string(scale) + "*" + b.text + ")"};
      }
      Case x = make(depth - 1);
      int64_t d = uniform(1, 16);
      if (kind == 4)
        return {algebra.divide(x.index, d),
                [x, d](const std::vector<int64_t> &v) { return floorDiv(x.eval(v), d); },
                "(" + x.text + " // " + std::to_string(d) + ")"};
      return {algebra.modulo(x.index, d),
              [x, d](const std::vector<int64_t> &v) { return x.eval(v) - floorDiv(x.eval(v), d) * d; },
              "(" + x.text + " % " + std::to_string(d) + ")"};
    };
    /// A reshape of the ranges' axes into axes of other sizes, as
    /// reshapeIndices builds it: flatten row-major, then split.
    auto reshape = [&]() -> std::vector<Case> {
      Case flat{algebra.constant(0), [](const std::vector<int64_t> &) { return int64_t(0); }, "0"};
      int64_t stride = 1, total = 1;
      for (int64_t i = int64_t(ranges.size()) - 1; i >= 0; --i) {
        Case prev = flat;
        int64_t s = stride;
        flat = {algebra.add(prev.index, ranges[i].index, s),
                [prev, i, s](const std::vector<int64_t> &v) { return prev.eval(v) + s * v[i]; },
                prev.text + " + " + std::to_string(s) + "*r" + std::to_string(i)};
        stride *= ranges[i].size;
        total *= ranges[i].size;
      }
      std::vector<Case> axes;
      int64_t inner = 1;
      while (inner < total) {
        int64_t size = std::min<int64_t>(total / inner, sizes[uniform(1, std::size(sizes) - 1)]);
        if (total % (inner * size) != 0)
          size = total / inner;
        Case q{algebra.divide(flat.index, inner),
               [flat, inner](const std::vector<int64_t> &v) { return floorDiv(flat.eval(v), inner); },
               "(" + flat.text + ") // " + std::to_string(inner)};
        axes.push_back({algebra.modulo(q.index, size),
                        [q, size](const std::vector<int64_t> &v) {
                          return q.eval(v) - floorDiv(q.eval(v), size) * size;
                        },
                        q.text + " % " + std::to_string(size)});
        inner *= size;
      }
      return axes;
    };
    std::vector<Case> cases;
    while (int(cases.size()) < kPerAlgebra && expressions + int64_t(cases.size()) < count) {
      if (uniform(0, 3) == 0) {
        for (Case &axis : reshape())
          cases.push_back(std::move(axis));
      } else {
        cases.push_back(make(int(uniform(1, 4))));
      }
    }
    expressions += cases.size();
    for (int sample = 0; sample < kSamples; ++sample) {
      std::vector<int64_t> vars;
      for (const Range &range : ranges)
        vars.push_back(sample == 0 ? 0 : sample == 1 ? range.size - 1
                                                     : uniform(0, range.size - 1));
      std::vector<int64_t> args;
      for (BlockArgument arg : algebra.function().getArguments()) {
        auto it = llvm::find_if(ranges, [&](const Range &r) { return r.index.value == arg; });
        args.push_back(vars[it - ranges.begin()]);
      }
      llvm::DenseMap<Value, int64_t> values;
      std::string error;
      (void)interpret(algebra.function(), args, error, values);
      for (const Case &cs : cases) {
        int64_t expected = cs.eval(vars);
        auto actual = values.find(cs.index.value);
        ++checked;
        if ((actual == values.end() || actual->second != expected) && ++failures <= 10) {
          std::string ir;
          llvm::raw_string_ostream os(ir);
          algebra.function().print(os);
          ADD_FAILURE() << cs.text << " at " << llvm::join(llvm::map_range(vars, [](int64_t v) {
                             return std::to_string(v);
                           }), ", ")
                        << ": expected " << expected << ", simplified gives "
                        << (actual == values.end() ? "nothing (" + error + ")"
                                                   : std::to_string(actual->second))
                        << "\n" << ir;
        }
      }
    }
  }
  std::printf("index algebra: %lld expressions, %lld evaluations, %lld failed, seed %llu\n",
              static_cast<long long>(expressions), static_cast<long long>(checked),
              static_cast<long long>(failures), static_cast<unsigned long long>(seed));
  EXPECT_EQ(failures, 0);
}

} // namespace
