//===- CTarget.cpp - a compiler target that renders kernels as C ----------===//
//
// tinygrad's CLANG device as a tinygrad-mlir target plug-in, built outside
// the project against its installed TargetBackend.h and MLIR's headers:
// the kernels are bufferized and lowered to loops by the project's passes
// (found by name in MLIR's pass registry), their control flow to branches,
// and every function is then printed as portable C99. The binary is that C
// source; the runtime plug-in beside this file (c_backend.cpp) compiles it
// with the system's cc when an executable loads.
//
// Each kernel `K` becomes `void K(void **buffers)`, its buffers in the
// launch plan's order. Integers are held as unsigned C integers (wrapping
// arithmetic without undefined behaviour), signed where an op says so;
// floats round after every op (the runtime compiles with
// -ffp-contract=off), as the CPU target's code does.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/TargetBackend.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;
using namespace mlir::tg;

namespace {

/// What the rendered code includes, and the helpers it calls: a bit cast
/// between types of one size; max and min that propagate NaN and order -0
/// below +0 (arith.maximumf and minimumf, LLVM's maximum and minimum).
constexpr const char *kPrelude = R"(#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#define TG_BITCAST(to, from, x) (__extension__({ from tg_in = (x); to tg_out; memcpy(&tg_out, &tg_in, sizeof tg_out); tg_out; }))
#define TG_MAXIMUM(a, b) ((a) != (a) ? (a) : (b) != (b) ? (b) : (a) == (b) ? (signbit(a) ? (b) : (a)) : (a) > (b) ? (a) : (b))
#define TG_MINIMUM(a, b) ((a) != (a) ? (a) : (b) != (b) ? (b) : (a) == (b) ? (signbit(a) ? (a) : (b)) : (a) < (b) ? (a) : (b))
)";

class CRenderer {
public:
  explicit CRenderer(llvm::raw_ostream &os) : os(os) {}

  LogicalResult render(ModuleOp module) {
    os << kPrelude;
    for (auto global : module.getOps<memref::GlobalOp>())
      if (failed(renderGlobal(global)))
        return failure();
    // Prototypes first: helpers may be defined after their callers.
    for (auto function : module.getOps<func::FuncOp>())
      if (!function.isExternal() && failed(renderSignature(function, /*prototype=*/true)))
        return failure();
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      if (failed(renderFunction(function)))
        return failure();
      if (function->hasAttr("tg.kernel"))
        renderEntry(function);
    }
    return success();
  }

private:
  llvm::raw_ostream &os;
  llvm::DenseMap<Value, std::string> names;
  llvm::DenseMap<Block *, unsigned> blockIds;
  unsigned nextName = 0;

  //===--------------------------------------------------------------------===//
  // Types and names
  //===--------------------------------------------------------------------===//

  /// A function's C name: prefixed, so a kernel's own name is left for its
  /// entry point.
  static std::string identifier(StringRef name) {
    std::string id = "tg_";
    for (char c : name)
      id += llvm::isAlnum(c) || c == '_' ? c : '_';
    return id;
  }

  /// The C type a value of `type` is held in.
  FailureOr<std::string> cType(Type type, Location loc) {
    if (type.isIndex())
      return std::string("uint64_t");
    if (auto integer = dyn_cast<IntegerType>(type)) {
      unsigned w = integer.getWidth();
      if (w == 1 || w == 8)
        return std::string("uint8_t");
      if (w == 16 || w == 32 || w == 64)
        return "uint" + std::to_string(w) + "_t";
      if (w == 128) // GCC's and clang's
        return std::string("unsigned __int128");
    }
    if (type.isF16())
      return std::string("_Float16");
    if (type.isBF16())
      return std::string("uint16_t"); // only loaded, stored and bitcast
    if (type.isF32())
      return std::string("float");
    if (type.isF64())
      return std::string("double");
    if (auto memref = dyn_cast<MemRefType>(type)) {
      FailureOr<std::string> element = cType(memref.getElementType(), loc);
      if (failed(element))
        return failure();
      return *element + " *";
    }
    return emitError(loc) << "the C target has no C type for " << type;
  }

  static unsigned widthOf(Type type) {
    if (type.isIndex())
      return 64;
    return type.getIntOrFloatBitWidth();
  }

  /// The signed and the (at least int-wide) unsigned C types of an integer.
  static std::string signedType(Type type) {
    unsigned w = std::max(8u, widthOf(type));
    return w == 128 ? "__int128" : "int" + std::to_string(w) + "_t";
  }
  static std::string wideUnsigned(Type type) {
    unsigned w = widthOf(type);
    return w <= 32 ? "uint32_t" : w <= 64 ? "uint64_t" : "unsigned __int128";
  }

  std::string nameOf(Value v) {
    auto [it, inserted] = names.try_emplace(v, "");
    if (inserted)
      it->second = "v" + std::to_string(nextName++);
    return it->second;
  }

  //===--------------------------------------------------------------------===//
  // Functions
  //===--------------------------------------------------------------------===//

  LogicalResult renderSignature(func::FuncOp function, bool prototype) {
    auto type = function.getFunctionType();
    if (type.getNumResults() > 1)
      return function.emitError("the C target renders functions of at most one result");
    std::string result = "void";
    if (type.getNumResults() == 1) {
      FailureOr<std::string> t = cType(type.getResult(0), function.getLoc());
      if (failed(t))
        return failure();
      result = *t;
    }
    os << "static " << result << " " << identifier(function.getName()) << "(";
    for (auto [i, arg] : llvm::enumerate(function.getArguments())) {
      FailureOr<std::string> t = cType(arg.getType(), function.getLoc());
      if (failed(t))
        return failure();
      os << (i ? ", " : "") << *t << " " << (prototype ? "" : nameOf(arg));
    }
    if (function.getNumArguments() == 0)
      os << "void";
    os << (prototype ? ");\n" : ")");
    return success();
  }

  /// The runtime's entry point, named as the kernel: the buffers in
  /// argument order.
  void renderEntry(func::FuncOp kernel) {
    os << "void " << kernel.getName() << "(void **buffers) { " << identifier(kernel.getName())
       << "(";
    for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
      os << (i ? ", " : "") << "buffers[" << i << "]";
    os << "); }\n";
  }

  LogicalResult renderFunction(func::FuncOp function) {
    names.clear();
    blockIds.clear();
    nextName = 0;
    if (failed(renderSignature(function, /*prototype=*/false)))
      return failure();
    os << " {\n";
    // Every value is declared first, so a goto never jumps past one.
    for (Block &block : function.getBody()) {
      blockIds[&block] = blockIds.size();
      bool entry = block.isEntryBlock();
      SmallVector<Value> declared;
      if (!entry)
        llvm::append_range(declared, block.getArguments());
      for (Operation &op : block)
        llvm::append_range(declared, op.getResults());
      for (Value v : declared) {
        FailureOr<std::string> t = cType(v.getType(), v.getLoc());
        if (failed(t))
          return failure();
        os << "  " << *t << " " << nameOf(v) << ";\n";
      }
    }
    for (Block &block : function.getBody()) {
      os << "bb" << blockIds[&block] << ":;\n";
      for (Operation &op : block)
        if (failed(renderOp(op)))
          return failure();
    }
    os << "}\n";
    return success();
  }

  /// Assigns a block's arguments through temporaries (they may read each
  /// other) and jumps to it.
  void renderBranch(Block *target, ValueRange operands) {
    os << "{ ";
    for (auto [i, operand] : llvm::enumerate(operands))
      os << "__typeof__(" << nameOf(operand) << ") t" << i << " = " << nameOf(operand) << "; ";
    for (auto [i, arg] : llvm::enumerate(target->getArguments()))
      os << nameOf(arg) << " = t" << i << "; ";
    os << "goto bb" << blockIds[target] << "; }";
  }

  //===--------------------------------------------------------------------===//
  // Memory
  //===--------------------------------------------------------------------===//

  /// `memref[indices]` through the memref type's strides and offset (views
  /// share their source's pointer; their types carry where they start).
  FailureOr<std::string> element(Value memref, ValueRange indices, Location loc) {
    auto type = cast<MemRefType>(memref.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        ShapedType::isDynamic(offset) || llvm::any_of(strides, ShapedType::isDynamic))
      return emitError(loc) << "the C target needs static strides and offsets, not " << type;
    std::string index = std::to_string(offset);
    for (auto [i, idx] : llvm::enumerate(indices))
      index += " + (int64_t)" + nameOf(idx) + " * " + std::to_string(strides[i]);
    return nameOf(memref) + "[" + index + "]";
  }

  LogicalResult renderCopy(memref::CopyOp copy) {
    auto type = cast<MemRefType>(copy.getSource().getType());
    if (!type.hasStaticShape())
      return copy.emitError("the C target copies statically shaped buffers only");
    os << "  {";
    SmallVector<std::string> ivs;
    for (auto [axis, size] : llvm::enumerate(type.getShape())) {
      std::string iv = "i" + std::to_string(axis);
      os << " for (int64_t " << iv << " = 0; " << iv << " < " << size << "; ++" << iv << ")";
      ivs.push_back(iv);
    }
    auto access = [&](Value memref) -> FailureOr<std::string> {
      auto t = cast<MemRefType>(memref.getType());
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(t.getStridesAndOffset(strides, offset)) || ShapedType::isDynamic(offset) ||
          llvm::any_of(strides, ShapedType::isDynamic))
        return copy.emitError("the C target needs static strides and offsets, not ") << t;
      std::string index = std::to_string(offset);
      for (auto [i, iv] : llvm::enumerate(ivs))
        index += " + " + iv + " * " + std::to_string(strides[i]);
      return nameOf(memref) + "[" + index + "]";
    };
    FailureOr<std::string> to = access(copy.getTarget()), from = access(copy.getSource());
    if (failed(to) || failed(from))
      return failure();
    os << " " << *to << " = " << *from << "; }\n";
    return success();
  }

  LogicalResult renderGlobal(memref::GlobalOp global) {
    auto type = global.getType();
    auto init = dyn_cast_or_null<DenseElementsAttr>(global.getInitialValueAttr());
    FailureOr<std::string> element = cType(type.getElementType(), global.getLoc());
    if (failed(element))
      return failure();
    if (!init)
      return global.emitError("the C target needs a global's elements");
    os << "static " << (global.getConstant() ? "const " : "") << *element << " "
       << identifier(global.getSymName()) << "[" << std::max<int64_t>(1, type.getNumElements())
       << "] = {";
    int64_t n = type.getNumElements();
    for (int64_t i = 0; i < n; ++i) {
      Attribute value = init.isSplat() ? init.getSplatValue<Attribute>()
                                       : init.getValues<Attribute>()[i];
      FailureOr<std::string> literal = constant(value, global.getLoc());
      if (failed(literal))
        return failure();
      os << (i ? ", " : "") << *literal;
    }
    os << "};\n";
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//

  /// A C expression of the constant, exact: floats by their bits.
  FailureOr<std::string> constant(Attribute value, Location loc) {
    if (auto integer = dyn_cast<IntegerAttr>(value)) {
      Type type = integer.getType();
      FailureOr<std::string> t = cType(type, loc);
      if (failed(t))
        return failure();
      if (type.isIndex())
        return "(" + *t + ")" + std::to_string(uint64_t(integer.getInt())) + "ull";
      // 64 bits at a time, the most significant first.
      const llvm::APInt &bits = integer.getValue();
      std::string literal;
      for (int word = int(bits.getNumWords()) - 1; word >= 0; --word) {
        std::string part = "(" + *t + ")" + std::to_string(bits.getRawData()[word]) + "ull";
        literal = literal.empty() ? part : "(" + literal + " << 64 | " + part + ")";
      }
      return literal;
    }
    if (auto real = dyn_cast<FloatAttr>(value)) {
      uint64_t bits = real.getValue().bitcastToAPInt().getZExtValue();
      Type type = real.getType();
      if (type.isF32())
        return "TG_BITCAST(float, uint32_t, " + std::to_string(bits) + "u)";
      if (type.isF64())
        return "TG_BITCAST(double, uint64_t, " + std::to_string(bits) + "ull)";
      if (type.isF16())
        return "TG_BITCAST(_Float16, uint16_t, " + std::to_string(bits) + ")";
      if (type.isBF16())
        return "(uint16_t)" + std::to_string(bits);
    }
    return emitError(loc) << "the C target cannot write the constant " << value;
  }

  /// Integer predicates as C comparisons of signed or unsigned operands.
  std::string compare(arith::CmpIPredicate p, Value a, Value b) {
    using P = arith::CmpIPredicate;
    bool isSigned = p == P::slt || p == P::sle || p == P::sgt || p == P::sge;
    std::string x = nameOf(a), y = nameOf(b);
    if (isSigned) {
      x = "(" + signedType(a.getType()) + ")" + x;
      y = "(" + signedType(b.getType()) + ")" + y;
    }
    const char *op = "==";
    switch (p) {
    case P::eq: op = "=="; break;
    case P::ne: op = "!="; break;
    case P::slt: case P::ult: op = "<"; break;
    case P::sle: case P::ule: op = "<="; break;
    case P::sgt: case P::ugt: op = ">"; break;
    case P::sge: case P::uge: op = ">="; break;
    }
    return x + " " + op + " " + y;
  }

  /// Float predicates: ordered ones are false with a NaN, unordered true.
  std::string compare(arith::CmpFPredicate p, Value a, Value b) {
    using P = arith::CmpFPredicate;
    std::string x = nameOf(a), y = nameOf(b);
    std::string unordered = "(" + x + " != " + x + " || " + y + " != " + y + ")";
    auto ordered = [&](const char *op) { return x + " " + op + " " + y; };
    auto orUnordered = [&](const char *op) { return unordered + " || " + x + " " + op + " " + y; };
    switch (p) {
    case P::AlwaysFalse: return "0";
    case P::OEQ: return ordered("==");
    case P::OGT: return ordered(">");
    case P::OGE: return ordered(">=");
    case P::OLT: return ordered("<");
    case P::OLE: return ordered("<=");
    case P::ONE: return "!" + unordered + " && " + x + " != " + y;
    case P::ORD: return "!" + unordered;
    case P::UEQ: return orUnordered("==");
    case P::UGT: return orUnordered(">");
    case P::UGE: return orUnordered(">=");
    case P::ULT: return orUnordered("<");
    case P::ULE: return orUnordered("<=");
    case P::UNE: return x + " != " + y;
    case P::UNO: return unordered;
    case P::AlwaysTrue: return "1";
    }
    return "0";
  }

  /// `f` (float) or `f` without the suffix (double) of a libm function.
  static std::string libm(StringRef name, Type type) {
    return type.isF32() ? (name + "f").str() : name.str();
  }

  /// The expression computing `op`'s one result, or failure.
  FailureOr<std::string> expression(Operation &op) {
    Location loc = op.getLoc();
    Type resultType = op.getNumResults() ? op.getResult(0).getType() : Type();
    auto x = [&](unsigned i) { return nameOf(op.getOperand(i)); };
    FailureOr<std::string> rt = resultType ? cType(resultType, loc) : FailureOr<std::string>(std::string());
    if (failed(rt))
      return failure();
    std::string t = *rt;
    // Integer arithmetic that wraps: in an unsigned type at least int wide.
    auto wrapping = [&](const char *c) {
      std::string u = wideUnsigned(resultType);
      return "(" + t + ")((" + u + ")" + x(0) + " " + c + " (" + u + ")" + x(1) + ")";
    };
    auto signedOp = [&](const char *c) {
      std::string s = signedType(resultType);
      return "(" + t + ")((" + s + ")" + x(0) + " " + c + " (" + s + ")" + x(1) + ")";
    };
    auto binary = [&](const char *c) { return "(" + t + ")(" + x(0) + " " + c + " " + x(1) + ")"; };
    unsigned width = resultType && (resultType.isIntOrIndex()) ? widthOf(resultType) : 0;

    return llvm::TypeSwitch<Operation *, FailureOr<std::string>>(&op)
        .Case([&](arith::ConstantOp c) { return constant(c.getValue(), loc); })
        .Case([&](ub::PoisonOp) { return "(" + t + ")0"; })
        .Case([&](arith::AddIOp) { return wrapping("+"); })
        .Case([&](arith::SubIOp) { return wrapping("-"); })
        .Case([&](arith::MulIOp) { return wrapping("*"); })
        .Case([&](arith::DivSIOp) { return signedOp("/"); })
        .Case([&](arith::RemSIOp) { return signedOp("%"); })
        .Case([&](arith::DivUIOp) { return binary("/"); })
        // The quotient rounded down (up), from C's toward zero: one less
        // (more) when there is a remainder and the signs differ (agree).
        .Case([&](arith::FloorDivSIOp) {
          std::string s = signedType(resultType), a = "(" + s + ")" + x(0), b = "(" + s + ")" + x(1);
          return "(" + t + ")(" + a + " / " + b + " - (" + a + " % " + b + " != 0 && (" + a +
                 " < 0) != (" + b + " < 0)))";
        })
        .Case([&](arith::CeilDivSIOp) {
          std::string s = signedType(resultType), a = "(" + s + ")" + x(0), b = "(" + s + ")" + x(1);
          return "(" + t + ")(" + a + " / " + b + " + (" + a + " % " + b + " != 0 && (" + a +
                 " < 0) == (" + b + " < 0)))";
        })
        .Case([&](arith::CeilDivUIOp) {
          return "(" + t + ")(" + x(0) + " / " + x(1) + " + (" + x(0) + " % " + x(1) + " != 0))";
        })
        .Case([&](arith::RemUIOp) { return binary("%"); })
        .Case([&](arith::AndIOp) { return binary("&"); })
        .Case([&](arith::OrIOp) { return binary("|"); })
        .Case([&](arith::XOrIOp) { return binary("^"); })
        .Case([&](arith::ShLIOp) {
          return "(" + x(1) + " >= " + std::to_string(width) + " ? (" + t + ")0 : (" + t + ")((" +
                 wideUnsigned(resultType) + ")" + x(0) + " << " + x(1) + "))";
        })
        .Case([&](arith::ShRUIOp) {
          return "(" + x(1) + " >= " + std::to_string(width) + " ? (" + t + ")0 : (" + t + ")(" +
                 x(0) + " >> " + x(1) + "))";
        })
        .Case([&](arith::ShRSIOp) {
          std::string s = signedType(resultType);
          return "(" + t + ")((" + s + ")" + x(0) + " >> (" + x(1) + " >= " +
                 std::to_string(width) + " ? " + std::to_string(width - 1) + " : " + x(1) + "))";
        })
        .Case([&](arith::MaxSIOp) {
          std::string s = signedType(resultType);
          return "((" + s + ")" + x(0) + " > (" + s + ")" + x(1) + " ? " + x(0) + " : " + x(1) + ")";
        })
        .Case([&](arith::MinSIOp) {
          std::string s = signedType(resultType);
          return "((" + s + ")" + x(0) + " < (" + s + ")" + x(1) + " ? " + x(0) + " : " + x(1) + ")";
        })
        .Case([&](arith::MaxUIOp) { return "(" + x(0) + " > " + x(1) + " ? " + x(0) + " : " + x(1) + ")"; })
        .Case([&](arith::MinUIOp) { return "(" + x(0) + " < " + x(1) + " ? " + x(0) + " : " + x(1) + ")"; })
        .Case([&](arith::CmpIOp cmp) {
          return "(uint8_t)(" + compare(cmp.getPredicate(), cmp.getLhs(), cmp.getRhs()) + ")";
        })
        .Case([&](arith::CmpFOp cmp) {
          return "(uint8_t)(" + compare(cmp.getPredicate(), cmp.getLhs(), cmp.getRhs()) + ")";
        })
        .Case([&](arith::SelectOp) { return "(" + x(0) + " ? " + x(1) + " : " + x(2) + ")"; })
        .Case([&](arith::ExtSIOp e) -> std::string {
          if (widthOf(e.getIn().getType()) == 1)
            return "(" + t + ")(" + x(0) + " ? -1 : 0)";
          return "(" + t + ")(" + signedType(resultType) + ")(" + signedType(e.getIn().getType()) +
                 ")" + x(0);
        })
        .Case([&](arith::ExtUIOp) { return "(" + t + ")" + x(0); })
        .Case([&](arith::TruncIOp) -> std::string {
          return width == 1 ? "(uint8_t)(" + x(0) + " & 1)" : "(" + t + ")" + x(0);
        })
        .Case([&](arith::IndexCastOp c) -> std::string {
          Type in = c.getIn().getType();
          if (resultType.isIndex() && widthOf(in) == 1)
            return "(" + t + ")(" + x(0) + " ? -1 : 0)";
          if (resultType.isIndex())
            return "(" + t + ")(int64_t)(" + signedType(in) + ")" + x(0);
          return "(" + t + ")" + x(0);
        })
        .Case([&](arith::IndexCastUIOp) { return "(" + t + ")" + x(0); })
        .Case([&](arith::SIToFPOp s) -> std::string {
          Type in = s.getIn().getType();
          if (widthOf(in) == 1)
            return "(" + t + ")(" + x(0) + " ? -1 : 0)";
          return "(" + t + ")(" + signedType(in) + ")" + x(0);
        })
        .Case([&](arith::UIToFPOp) { return "(" + t + ")" + x(0); })
        .Case([&](arith::FPToSIOp) -> std::string {
          if (width == 1)
            return "(uint8_t)((int64_t)" + x(0) + " & 1)";
          return "(" + t + ")(" + signedType(resultType) + ")" + x(0);
        })
        .Case([&](arith::FPToUIOp) -> std::string {
          if (width == 1)
            return "(uint8_t)((uint64_t)" + x(0) + " & 1)";
          return "(" + t + ")" + x(0);
        })
        .Case([&](arith::ExtFOp) { return "(" + t + ")" + x(0); })
        .Case([&](arith::TruncFOp) { return "(" + t + ")" + x(0); })
        .Case([&](arith::BitcastOp b) -> FailureOr<std::string> {
          FailureOr<std::string> from = cType(b.getIn().getType(), loc);
          if (failed(from))
            return failure();
          return "TG_BITCAST(" + t + ", " + *from + ", " + x(0) + ")";
        })
        .Case([&](arith::AddFOp) { return binary("+"); })
        .Case([&](arith::SubFOp) { return binary("-"); })
        .Case([&](arith::MulFOp) { return binary("*"); })
        .Case([&](arith::DivFOp) { return binary("/"); })
        .Case([&](arith::RemFOp) { return libm("fmod", resultType) + "(" + x(0) + ", " + x(1) + ")"; })
        .Case([&](arith::NegFOp) { return "(" + t + ")(-" + x(0) + ")"; })
        .Case([&](arith::MaximumFOp) { return "TG_MAXIMUM(" + x(0) + ", " + x(1) + ")"; })
        .Case([&](arith::MinimumFOp) { return "TG_MINIMUM(" + x(0) + ", " + x(1) + ")"; })
        .Case([&](arith::MaxNumFOp) { return libm("fmax", resultType) + "(" + x(0) + ", " + x(1) + ")"; })
        .Case([&](arith::MinNumFOp) { return libm("fmin", resultType) + "(" + x(0) + ", " + x(1) + ")"; })
        .Case([&](math::FmaOp) {
          return libm("fma", resultType) + "(" + x(0) + ", " + x(1) + ", " + x(2) + ")";
        })
        .Case([&](math::PowFOp) { return libm("pow", resultType) + "(" + x(0) + ", " + x(1) + ")"; })
        .Case([&](math::CopySignOp) {
          return libm("copysign", resultType) + "(" + x(0) + ", " + x(1) + ")";
        })
        .Case([&](math::RoundEvenOp) { return libm("rint", resultType) + "(" + x(0) + ")"; })
        .Case<math::Exp2Op, math::Log2Op, math::ExpOp, math::LogOp, math::SinOp, math::CosOp,
              math::SqrtOp, math::AbsFOp, math::FloorOp, math::CeilOp, math::TruncOp,
              math::RoundOp, math::TanhOp, math::ErfOp>([&](Operation *m) {
          StringRef name = m->getName().stripDialect();
          std::string function = name == "absf" ? "fabs" : name.str();
          return libm(function, resultType) + "(" + x(0) + ")";
        })
        .Case([&](func::CallOp call) -> std::string {
          std::string args;
          for (Value v : call.getOperands())
            args += (args.empty() ? "" : ", ") + nameOf(v);
          return identifier(call.getCallee()) + "(" + args + ")";
        })
        .Case([&](memref::LoadOp load) {
          return element(load.getMemRef(), load.getIndices(), loc);
        })
        .Case([&](memref::AllocOp alloc) -> FailureOr<std::string> {
          auto type = alloc.getType();
          if (!type.hasStaticShape())
            return alloc.emitError("the C target allocates statically shaped buffers only");
          return "(" + t + ")malloc(" +
                 std::to_string(std::max<int64_t>(1, type.getNumElements()) *
                                std::max<int64_t>(1, widthOf(type.getElementType()) / 8)) +
                 ")";
        })
        .Case([&](memref::AllocaOp alloca) -> FailureOr<std::string> {
          auto type = alloca.getType();
          if (!type.hasStaticShape())
            return alloca.emitError("the C target allocates statically shaped buffers only");
          return "(" + t + ")__builtin_alloca(" +
                 std::to_string(std::max<int64_t>(1, type.getNumElements()) *
                                std::max<int64_t>(1, widthOf(type.getElementType()) / 8)) +
                 ")";
        })
        .Case([&](memref::GetGlobalOp get) {
          return "(" + t + ")" + identifier(get.getName());
        })
        // Views share their source's pointer.
        .Case<memref::CollapseShapeOp, memref::ExpandShapeOp, memref::SubViewOp, memref::CastOp,
              memref::ReinterpretCastOp>([&](Operation *view) -> FailureOr<std::string> {
          auto type = cast<MemRefType>(view->getResult(0).getType());
          SmallVector<int64_t> strides;
          int64_t offset;
          if (failed(type.getStridesAndOffset(strides, offset)) ||
              ShapedType::isDynamic(offset) || llvm::any_of(strides, ShapedType::isDynamic))
            return view->emitError("the C target needs static strides and offsets, not ")
                   << type;
          return "(" + t + ")" + x(0);
        })
        .Default([&](Operation *other) -> FailureOr<std::string> {
          return other->emitError("the C target does not render ") << other->getName();
        });
  }

  LogicalResult renderOp(Operation &op) {
    return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
        .Case([&](func::ReturnOp ret) {
          os << "  return" << (ret.getNumOperands() ? " " + nameOf(ret.getOperand(0)) : "")
             << ";\n";
          return success();
        })
        .Case([&](cf::BranchOp br) {
          os << "  ";
          renderBranch(br.getDest(), br.getDestOperands());
          os << "\n";
          return success();
        })
        .Case([&](cf::CondBranchOp br) {
          os << "  if (" << nameOf(br.getCondition()) << ") ";
          renderBranch(br.getTrueDest(), br.getTrueDestOperands());
          os << " else ";
          renderBranch(br.getFalseDest(), br.getFalseDestOperands());
          os << "\n";
          return success();
        })
        .Case([&](memref::StoreOp store) -> LogicalResult {
          FailureOr<std::string> to = element(store.getMemRef(), store.getIndices(), op.getLoc());
          if (failed(to))
            return failure();
          os << "  " << *to << " = " << nameOf(store.getValueToStore()) << ";\n";
          return success();
        })
        .Case([&](memref::DeallocOp dealloc) {
          os << "  free(" << nameOf(dealloc.getMemref()) << ");\n";
          return success();
        })
        .Case([&](memref::CopyOp copy) { return renderCopy(copy); })
        .Case([&](func::CallOp call) -> LogicalResult {
          FailureOr<std::string> e = expression(op);
          if (failed(e))
            return failure();
          os << "  " << (call.getNumResults() ? nameOf(call.getResult(0)) + " = " : "") << *e
             << ";\n";
          return success();
        })
        .Default([&](Operation *other) -> LogicalResult {
          if (other->getNumResults() != 1)
            return other->emitError("the C target does not render ") << other->getName();
          FailureOr<std::string> e = expression(op);
          if (failed(e))
            return failure();
          os << "  " << nameOf(other->getResult(0)) << " = " << *e << ";\n";
          return success();
        });
  }
};

class CTarget final : public TargetBackend {
public:
  std::string name() const override { return "c"; }
  std::vector<std::string> devices() const override { return {"C"}; }
  std::string binaryKind() const override { return "c-source"; }
  std::vector<TargetOptionInfo> options() const override { return {}; }
  std::string kernelPipelineName() const override { return "tg-c-kernels"; }
  std::string pipelineName() const override { return "tg-c-to-loops"; }

  /// Stage 4 as the CPU target runs it, without its kernel optimizer:
  /// kernels bufferized, the host function calling them.
  LogicalResult buildKernelPipeline(OpPassManager &pm, const TargetOptions &,
                                    llvm::raw_ostream &errors) const override {
    return parsePassPipeline(
        "convert-tg-to-arith,math-extend-to-supported-types{target-type=f32},"
        "tg-emulate-narrow-floats,canonicalize,tg-cpu-drop-unit-dims,canonicalize,"
        "tg-materialize-kernel-results,"
        "one-shot-bufferize{bufferize-function-boundaries "
        "function-boundary-type-conversion=identity-layout-map},"
        "canonicalize,cse,canonicalize,drop-equivalent-buffer-results,canonicalize,"
        "tg-cpu-free-scratch",
        pm, errors);
  }

  /// Loops, then branches; exp2 and log2 as the CPU computes them, integer
  /// powers as helper functions.
  LogicalResult buildPipeline(OpPassManager &pm, const TargetOptions &,
                              llvm::raw_ostream &errors) const override {
    return parsePassPipeline("convert-linalg-to-loops,lower-affine,tg-approximate-math,"
                             "convert-math-to-funcs,convert-scf-to-cf,canonicalize,cse",
                             pm, errors);
  }

  FailureOr<TargetBinary> serialize(ModuleOp module, const TargetOptions &,
                                    llvm::raw_ostream *log) const override {
    TargetBinary binary;
    llvm::raw_string_ostream os(binary.bytes);
    CRenderer renderer(os);
    if (failed(renderer.render(module)))
      return failure();
    if (log)
      *log << binary.bytes;
    return binary;
  }

  std::string describe(const TargetOptions &) const override {
    return "C99, compiled by the runtime plug-in with the system's cc";
  }
};

} // namespace

extern "C" __attribute__((visibility("default"))) TargetBackend *
tgCreateTargetBackend(unsigned version) {
  return version == TG_TARGET_BACKEND_VERSION ? new CTarget() : nullptr;
}
