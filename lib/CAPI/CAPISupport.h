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
#include "tg/Tensor/state.h"
#include "tg/tg.h"

#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace tg::capi {

/// Thrown for a bad argument: TG_INVALID_ARGUMENT.
struct InvalidArgument : Error {
  using Error::Error;
};

/// What a handle is a handle to: a pointer of one kind passed as another
/// is refused like a released one.
enum class Kind { Tensor, Module, StateDict, Optimizer, Trace };

/// Registers a new handle / forgets one (false when it was not live).
void registerHandle(const void *handle, Kind kind);
bool unregisterHandle(const void *handle, Kind kind);
/// Throws InvalidArgument for NULL, or for a handle not live as `kind`.
void checkHandle(const void *handle, Kind kind, const char *what);

/// A new registered handle of type S (a tg_*_s holding `args`).
template <typename S, typename... Args> S *newHandle(Args &&...args) {
  auto *handle = new S{std::forward<Args>(args)...};
  registerHandle(handle, S::kind);
  return handle;
}
/// Releases a live handle; NULL, and one released already, are ignored.
template <typename S> void releaseHandle(S *handle) {
  if (handle && unregisterHandle(handle, S::kind))
    delete handle;
}
/// The object of a live handle.
template <typename S> S &live(S *handle) {
  checkHandle(handle, S::kind, S::what);
  return *handle;
}

} // namespace tg::capi

struct tg_tensor_s {
  static constexpr tg::capi::Kind kind = tg::capi::Kind::Tensor;
  static constexpr const char *what = "a tensor handle";
  tg::Tensor value;
};

namespace tg::capi {


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
/// `value` with its terminating zero into `buffer` of `capacity` bytes
/// (TG_BUFFER_TOO_SMALL when it does not fit).
tg_status storeText(const std::string &value, char *buffer, size_t capacity, const char *what);
/// The tensors of a live state dict handle (Model.cpp).
nn::StateDict &stateDict(tg_state_dict handle);
template <typename T, typename U> tg_status storeValue(const T &value, U *out) {
  if (!out)
    throw InvalidArgument("the out-pointer is NULL");
  *out = static_cast<U>(value);
  return TG_OK;
}

} // namespace tg::capi

#endif // TG_LIB_CAPI_CAPISUPPORT_H
