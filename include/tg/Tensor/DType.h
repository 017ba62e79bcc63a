//===- DType.h - element types of tg::Tensor --------------------*- C++ -*-===//
//
// tinygrad's dtypes. The values are tg_executable.h's tg_dtype codes, so a
// dtype crosses into the runtime unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TENSOR_DTYPE_H
#define TG_TENSOR_DTYPE_H

#include <cstddef>
#include <cstdint>

namespace tg {

enum class DType : uint8_t {
  Bool = 1,
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
  Float16,
  BFloat16,
  Float32,
  Float64,
};

/// tinygrad's dtypes.default_float and dtypes.default_int.
constexpr DType kDefaultFloat = DType::Float32;
constexpr DType kDefaultInt = DType::Int32;

size_t itemsize(DType dtype);
/// "float32", "int8", "bool", ... as tinygrad spells them.
const char *name(DType dtype);
bool isFloat(DType dtype);
/// An integer type other than bool.
bool isInt(DType dtype);
bool isUnsigned(DType dtype);

/// tinygrad's least_upper_dtype: the lowest-priority type both promote to
/// in its lattice (bool → int8/uint8 → ... → float16/bfloat16 → float32 →
/// float64).
DType leastUpperDType(DType a, DType b);

} // namespace tg

#endif // TG_TENSOR_DTYPE_H
