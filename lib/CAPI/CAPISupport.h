//===- CAPISupport.h - handles, errors and conversions for tg.h -*- C++ -*-===//
//
// What the generated op wrappers (tg_ops.cpp) and the hand-written part of
// the C ABI (CAPI.cpp) share. A handle is not a pointer to its object but a
// token: a slot of the registry and that slot's generation, which a release
// advances. So a released handle stays invalid even when its memory or slot
// is reused, releasing it twice is reported, and a foreign or mistyped one
// is an error rather than undefined behaviour. Every call runs inside
// guard(), which turns exceptions into a status and the thread's last error.
//
//===----------------------------------------------------------------------===//
#ifndef TG_LIB_CAPI_CAPISUPPORT_H
#define TG_LIB_CAPI_CAPISUPPORT_H

#include "tg/Tensor/Tensor.h"
#include "tg/Tensor/state.h"
#include "tg/tg.h"

#include <cstring>
#include <functional>
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

/// The token of a newly registered object.
void *registerHandle(void *object, Kind kind);
/// The object of a live token; throws InvalidArgument for NULL, or for a
/// token that is not live as `kind`.
void *lookupHandle(const void *token, Kind kind, const char *what);
/// Forgets a live token and gives its object; throws like lookupHandle
/// (a token released already says so).
void *unregisterHandle(const void *token, Kind kind, const char *what);

/// A new handle of type S (a tg_*_s holding `args`).
template <typename S, typename... Args> S *newHandle(Args &&...args) {
  return static_cast<S *>(registerHandle(new S{std::forward<Args>(args)...}, S::kind));
}
/// The object of a live handle.
template <typename S> S &live(S *token) {
  return *static_cast<S *>(lookupHandle(token, S::kind, S::what));
}
/// Releases a handle: TG_OK, also for NULL; TG_INVALID_ARGUMENT for one
/// released already or not a handle of this kind.
tg_status releaseStatus(const std::function<void()> &release);
template <typename S> tg_status releaseHandle(S *token) {
  if (!token)
    return TG_OK;
  return releaseStatus([&] { delete static_cast<S *>(unregisterHandle(token, S::kind, S::what)); });
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

/// The value of a C enum argument, which a C caller may give any int:
/// read as an int, since an enum outside its values is undefined in C++
/// (hence the pointers).
template <typename Enum> int enumValue(const Enum *value) {
  int raw;
  static_assert(sizeof(Enum) == sizeof(int), "a C enum is an int");
  std::memcpy(&raw, value, sizeof raw);
  return raw;
}
DType dtypeOf(const tg_dtype *dtype);
Rounding roundingOf(const tg_rounding *rounding);
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
