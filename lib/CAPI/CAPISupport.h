//===- CAPISupport.h - handles, errors and conversions for tg.h -*- C++ -*-===//
//
// What the generated op wrappers (tg_ops.cpp) and the hand-written part of
// the C ABI (CAPI.cpp) share: a handle is valid while it is registered, so a
// released or foreign one is an error rather than undefined behaviour; every
// call runs inside guard(), which turns exceptions into a status and the
// thread's last error.
//
//===----------------------------------------------------------------------===//
#ifndef TG_LIB_CAPI_CAPISUPPORT_H
#define TG_LIB_CAPI_CAPISUPPORT_H

#include "tg/Tensor/Tensor.h"
#include "tg/tg.h"

#include <optional>
#include <string>
#include <vector>

struct tg_tensor_s {
  tg::Tensor value;
};

namespace tg::capi {

/// Thrown for a bad argument: TG_INVALID_ARGUMENT.
struct InvalidArgument : Error {
  using Error::Error;
};

void setLastError(const std::string &message);

/// Runs `body`, mapping what it throws to a status and the last error.
template <typename Body> tg_status guard(Body &&body) {
  try {
    return body();
  } catch (const InvalidArgument &e) {
    setLastError(e.what());
    return TG_INVALID_ARGUMENT;
  } catch (const std::bad_alloc &) {
    setLastError("out of memory");
    return TG_OUT_OF_MEMORY;
  } catch (const std::exception &e) {
    setLastError(e.what());
    return TG_ERROR;
  }
}

/// The tensor of a live handle; throws InvalidArgument for NULL or a
/// released one.
Tensor &tensor(tg_tensor handle);
/// The same, or an undefined Tensor for NULL (an optional argument).
Tensor tensorOrNone(tg_tensor handle);
std::vector<Tensor> tensors(const tg_tensor *handles, size_t count);

DType dtypeOf(tg_dtype dtype);
Rounding roundingOf(tg_rounding rounding);
std::vector<int64_t> ints(const int64_t *values, size_t count);
Axes axes(const int64_t *values, size_t count);
std::vector<std::pair<int64_t, int64_t>> pairs(const int64_t *values, size_t count);
std::optional<std::vector<int64_t>> optionalInts(const int64_t *values, size_t count);
std::optional<DType> optionalDType(const tg_dtype *dtype);
std::string text(const char *value);
template <typename T> std::optional<T> optional(const T *value) {
  return value ? std::optional<T>(*value) : std::nullopt;
}

/// A new handle for `value` in *out.
tg_status storeTensor(const Tensor &value, tg_tensor *out);
tg_status storeTensors(const std::vector<Tensor> &values, tg_tensor *out, size_t capacity,
                       size_t *count);
template <typename T, typename U> tg_status storeValue(const T &value, U *out) {
  if (!out)
    throw InvalidArgument("the out-pointer is NULL");
  *out = static_cast<U>(value);
  return TG_OK;
}

} // namespace tg::capi

#endif // TG_LIB_CAPI_CAPISUPPORT_H
