//===- InputText.cpp - tg-run's --input values as text --------------------===//

#include "InputText.h"

#include "tg/Support/NarrowFloats.h"
#include "tg_executable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace tgrun {

const char *dtypeName(uint32_t dtype) {
  static const char *names[] = {"?", "i1", "i8", "ui8", "i16", "ui16", "i32", "ui32",
                                "i64", "ui64", "f16", "bf16", "f32", "f64"};
  return dtype < 14 ? names[dtype] : "?";
}

bool isFloatType(uint32_t dtype) {
  return dtype == TG_DTYPE_FLOAT16 || dtype == TG_DTYPE_BFLOAT16 ||
         dtype == TG_DTYPE_FLOAT32 || dtype == TG_DTYPE_FLOAT64;
}

bool isUnsignedType(uint32_t dtype) {
  return dtype == TG_DTYPE_UINT8 || dtype == TG_DTYPE_UINT16 || dtype == TG_DTYPE_UINT32 ||
         dtype == TG_DTYPE_UINT64;
}

/// Writes one element of a float type, given as a double, at `out`.
void storeFloat(uint32_t dtype, double v, char *out) {
  switch (dtype) {
  case TG_DTYPE_FLOAT16: *reinterpret_cast<uint16_t *>(out) = mlir::tg::narrowFloatBits(v, false); break;
  case TG_DTYPE_BFLOAT16: *reinterpret_cast<uint16_t *>(out) = mlir::tg::narrowFloatBits(v, true); break;
  case TG_DTYPE_FLOAT32: *reinterpret_cast<float *>(out) = static_cast<float>(v); break;
  case TG_DTYPE_FLOAT64: *reinterpret_cast<double *>(out) = v; break;
  }
}

/// Parses one element of `dtype` into `out`: integers exactly and within the
/// type's range, i1 as 0, 1, true or false, floats (inf and nan too) to the
/// nearest value of the type, if not beyond its largest. The whole text must
/// be the value. On failure, what is wrong with it (it "is not a value of
/// this type" or "is out of range for i8").
std::string parseElement(uint32_t dtype, llvm::StringRef text, char *out) {
  std::string outOfRange = std::string("is out of range for ") + dtypeName(dtype);
  const std::string notAValue = "is not a value of this type";
  // A leading '+' is allowed before a digit or a '.'; from_chars takes none.
  llvm::StringRef body = text;
  if (body.size() > 1 && body[0] == '+' && (llvm::isDigit(body[1]) || body[1] == '.'))
    body = body.drop_front();
  if (body.empty())
    return notAValue;
  const char *first = body.data(), *last = body.data() + body.size();
  if (dtype == TG_DTYPE_BOOL) {
    if (text != "0" && text != "1" && text != "true" && text != "false")
      return notAValue;
    *reinterpret_cast<uint8_t *>(out) = text == "1" || text == "true";
    return "";
  }
  if (isFloatType(dtype)) {
    double v;
    auto [end, error] = std::from_chars(first, last, v);
    if (end != last || (error != std::errc() && error != std::errc::result_out_of_range))
      return notAValue;
    // from_chars gives no value out of range: strtod rounds too small ones
    // (to 0 or a subnormal) and makes too large ones inf.
    std::string copy = body.str();
    v = std::strtod(copy.c_str(), nullptr);
    bool overflows = error == std::errc::result_out_of_range && std::isinf(v);
    if (!overflows && std::isfinite(v)) {
      if (dtype == TG_DTYPE_FLOAT32)
        // The halfway point between FLT_MAX and 2^128 and beyond round to inf.
        overflows = std::fabs(v) >= 0x1.ffffffp127;
      else if (dtype == TG_DTYPE_FLOAT16 || dtype == TG_DTYPE_BFLOAT16)
        overflows = (mlir::tg::narrowFloatBits(v, dtype == TG_DTYPE_BFLOAT16) & 0x7fff) ==
                    (dtype == TG_DTYPE_BFLOAT16 ? 0x7f80 : 0x7c00);
    }
    if (overflows)
      return outOfRange;
    storeFloat(dtype, v, out);
    return "";
  }
  // Integers: decimal digits with a sign, within the type's range.
  uint32_t size = tg_dtype_size(dtype);
  unsigned bits = 8 * size;
  if (body[0] == '-') {
    int64_t v;
    auto [end, error] = std::from_chars(first, last, v);
    if (end != last || (error != std::errc() && error != std::errc::result_out_of_range))
      return notAValue;
    if (error == std::errc::result_out_of_range || (isUnsignedType(dtype) && v != 0) ||
        (bits < 64 && v < -(int64_t(1) << (bits - 1))))
      return outOfRange;
    std::memcpy(out, &v, size); // the low bytes (little-endian)
    return "";
  }
  if (!llvm::isDigit(body[0]))
    return notAValue;
  uint64_t v;
  auto [end, error] = std::from_chars(first, last, v);
  if (end != last || (error != std::errc() && error != std::errc::result_out_of_range))
    return notAValue;
  uint64_t max = isUnsignedType(dtype) ? (bits == 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1)
                                       : (uint64_t(1) << (bits - 1)) - 1;
  if (error == std::errc::result_out_of_range || v > max)
    return outOfRange;
  std::memcpy(out, &v, size);
  return "";
}

/// Text to quote in a message: printable, and not too long.
std::string quoted(llvm::StringRef text) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "'";
  llvm::printEscapedString(text.take_front(40), os);
  os << (text.size() > 40 ? "...'" : "'");
  return s;
}

} // namespace tgrun
