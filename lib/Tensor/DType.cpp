//===- DType.cpp - tinygrad's dtypes and their promotion lattice ----------===//

#include "tg/Tensor/DType.h"

#include <algorithm>
#include <vector>

namespace tg {

size_t itemsize(DType dtype) {
  switch (dtype) {
  case DType::Bool: case DType::Int8: case DType::UInt8: return 1;
  case DType::Int16: case DType::UInt16: case DType::Float16: case DType::BFloat16: return 2;
  case DType::Int32: case DType::UInt32: case DType::Float32: return 4;
  case DType::Int64: case DType::UInt64: case DType::Float64: return 8;
  }
  return 0;
}

const char *name(DType dtype) {
  switch (dtype) {
  case DType::Bool: return "bool";
  case DType::Int8: return "int8";
  case DType::UInt8: return "uint8";
  case DType::Int16: return "int16";
  case DType::UInt16: return "uint16";
  case DType::Int32: return "int32";
  case DType::UInt32: return "uint32";
  case DType::Int64: return "int64";
  case DType::UInt64: return "uint64";
  case DType::Float16: return "float16";
  case DType::BFloat16: return "bfloat16";
  case DType::Float32: return "float32";
  case DType::Float64: return "float64";
  }
  return "?";
}

bool isFloat(DType dtype) { return dtype >= DType::Float16; }
bool isInt(DType dtype) { return dtype >= DType::Int8 && dtype <= DType::UInt64; }
bool isUnsigned(DType dtype) {
  return dtype == DType::UInt8 || dtype == DType::UInt16 || dtype == DType::UInt32 ||
         dtype == DType::UInt64;
}

namespace {

/// tinygrad's promo_lattice: the types each one promotes to directly.
std::vector<DType> parents(DType dtype) {
  switch (dtype) {
  case DType::Bool: return {DType::Int8, DType::UInt8};
  case DType::Int8: return {DType::Int16};
  case DType::Int16: return {DType::Int32};
  case DType::Int32: return {DType::Int64};
  case DType::Int64: return {DType::Float16, DType::BFloat16};
  case DType::UInt8: return {DType::Int16, DType::UInt16};
  case DType::UInt16: return {DType::Int32, DType::UInt32};
  case DType::UInt32: return {DType::Int64, DType::UInt64};
  case DType::UInt64: return {DType::Float16, DType::BFloat16};
  case DType::Float16: case DType::BFloat16: return {DType::Float32};
  case DType::Float32: return {DType::Float64};
  case DType::Float64: return {};
  }
  return {};
}

/// The type and every type above it.
std::vector<DType> upperSet(DType dtype) {
  std::vector<DType> set = {dtype};
  for (size_t i = 0; i < set.size(); ++i)
    for (DType parent : parents(set[i]))
      if (std::find(set.begin(), set.end(), parent) == set.end())
        set.push_back(parent);
  return set;
}

/// tinygrad's DType.priority.
int priority(DType dtype) {
  switch (dtype) {
  case DType::Bool: return 0;
  case DType::Int8: return 1;
  case DType::UInt8: return 2;
  case DType::Int16: return 3;
  case DType::UInt16: return 4;
  case DType::Int32: return 5;
  case DType::UInt32: return 6;
  case DType::Int64: return 7;
  case DType::UInt64: return 8;
  case DType::Float16: return 9;
  case DType::BFloat16: return 10;
  case DType::Float32: return 11;
  case DType::Float64: return 12;
  }
  return 0;
}

} // namespace

DType leastUpperDType(DType a, DType b) {
  if (a == b)
    return a;
  std::vector<DType> above = upperSet(a), common;
  for (DType d : upperSet(b))
    if (std::find(above.begin(), above.end(), d) != above.end())
      common.push_back(d);
  return *std::min_element(common.begin(), common.end(),
                           [](DType x, DType y) { return priority(x) < priority(y); });
}

} // namespace tg
