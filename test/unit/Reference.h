//===- Reference.h - a naive evaluator of tg tensor IR, for tests --------===//
//
// Interprets a func.func of tg ops over host buffers, one op at a time, from
// the op descriptions in TGOps.td (never through the compiler's folders), so
// the end-to-end tests can check what the compiler produces against it.
//
// Every element is kept as its raw bits (the low bits of a uint64_t: i1 is 0
// or 1, integers are their two's complement bits of the type's width, floats
// their IEEE bit pattern). Float arithmetic is done in double and rounded once
// to the element type: for + - * / and sqrt that is the correctly rounded
// result for f16, bf16 and f32 (double has more than 2p+2 bits for each), and
// f64 is computed natively. Transcendentals come from the host libm in double.
//
// What the op descriptions call undefined (division by zero, INT_MIN / -1,
// shifts by the width or more, float→int casts of NaN, infinities or values
// out of range, integer 0 ^ negative) is reported as an error, so a test
// that generated such an input fails loudly instead of comparing noise.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TEST_UNIT_REFERENCE_H
#define TG_TEST_UNIT_REFERENCE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Types.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tgtest {

/// Element types, numbered as tg_dtype of the runtime (tg_executable.h).
enum class DType : uint32_t {
  Bool = 1,
  I8,
  UI8,
  I16,
  UI16,
  I32,
  UI32,
  I64,
  UI64,
  F16,
  BF16,
  F32,
  F64,
};

/// All element types, bool first.
const std::vector<DType> &allDTypes();
bool isFloat(DType t);
bool isBool(DType t);
/// i8..i64 and ui8..ui64 (not bool).
bool isInt(DType t);
bool isSignedInt(DType t);
bool isUnsignedInt(DType t);
/// Bits of the value: 1 for bool.
unsigned bitWidth(DType t);
/// Bytes of one element in a buffer: 1 for bool.
unsigned byteSize(DType t);
/// The MLIR spelling: "f32", "ui8", "i1".
const char *name(DType t);
std::optional<DType> dtypeOf(mlir::Type elementType);
mlir::Type mlirType(mlir::MLIRContext *context, DType t);

/// Masks `bits` to the width of `t`.
uint64_t truncBits(DType t, uint64_t bits);
/// Integers and bool: the value, sign-extended for signed types.
int64_t asSigned(DType t, uint64_t bits);
/// The value as a double (exact for floats; integers may round).
double toDouble(DType t, uint64_t bits);
/// A float type's bits for `v`, rounded to nearest even.
uint64_t fromDouble(DType t, double v);
/// The value as text: a float with its bit pattern, an integer, true/false.
std::string formatElement(DType t, uint64_t bits);

struct Tensor {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  std::vector<uint64_t> bits; // row-major, one entry per element

  Tensor() = default;
  Tensor(DType dtype, std::vector<int64_t> shape);
  int64_t numElements() const;
  /// The bytes of a runtime buffer holding this tensor (little-endian).
  std::vector<uint8_t> toBytes() const;
  static Tensor fromBytes(DType dtype, std::vector<int64_t> shape,
                          const uint8_t *data);
  /// "tensor<2x3xf32>".
  std::string typeText() const;
};

struct Evaluation {
  std::vector<Tensor> results;
  /// Arguments written by tg.assign: their contents after the function.
  std::map<unsigned, Tensor> updatedArguments;
};

/// Evaluates `function` on `arguments`. Returns std::nullopt and sets
/// `error` for an op it does not know or an undefined case.
std::optional<Evaluation> evaluate(mlir::func::FuncOp function,
                                   const std::vector<Tensor> &arguments,
                                   std::string &error);

} // namespace tgtest

#endif // TG_TEST_UNIT_REFERENCE_H
