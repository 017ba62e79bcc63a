//===- CAPI.cpp - tg.h: handles, errors, data in and out ------------------===//

#include "CAPISupport.h"

#include "tg/Support/HandleTable.h"

#include <cstring>
#include <vector>

namespace tg::capi {
namespace {

thread_local std::string lastError;

HandleTable<Kind> &handles() {
  static auto *table = new HandleTable<Kind>(); // outlives static destructors
  return *table;
}

const char *kindName(Kind kind) {
  switch (kind) {
  case Kind::Tensor: return "a tensor";
  case Kind::Module: return "a module";
  case Kind::StateDict: return "a state dict";
  case Kind::Optimizer: return "an optimizer";
  case Kind::Trace: return "a trace";
  }
  return "another kind of";
}

/// The object a lookup found, or InvalidArgument saying why there is none.
void *objectOf(const HandleTable<Kind>::Found &found, const char *what) {
  switch (found.state) {
  case HandleState::Live: return found.object;
  case HandleState::Null: throw InvalidArgument(std::string(what) + " is NULL");
  case HandleState::Unknown: throw InvalidArgument(std::string(what) + " is not one");
  case HandleState::Released: throw InvalidArgument(std::string(what) + " was released");
  case HandleState::OtherKind:
    throw InvalidArgument(std::string(what) + " is not one: it is " + kindName(found.kind) +
                          " handle");
  }
  throw InvalidArgument(std::string(what) + " is not one");
}

} // namespace

void setLastError(const std::string &message) { lastError = message; }

void *registerHandle(void *object, Kind kind) { return handles().add(object, kind); }

void *lookupHandle(const void *token, Kind kind, const char *what) {
  return objectOf(handles().find(token, kind), what);
}

void *unregisterHandle(const void *token, Kind kind, const char *what) {
  // A tg.h token holds one reference, so its release is always the last.
  return objectOf(handles().release(token, kind), what);
}

tg_status releaseStatus(const std::function<void()> &release) {
  return guard([&] {
    release();
    return TG_OK;
  });
}

Tensor &tensor(tg_tensor handle) { return live(handle).value; }

Tensor tensorOrNone(tg_tensor handle) { return handle ? tensor(handle) : Tensor(); }

std::vector<Tensor> tensors(const tg_tensor *handles, size_t count) {
  if (!handles && count)
    throw InvalidArgument("a list of tensors is NULL");
  std::vector<Tensor> values;
  for (size_t i = 0; i < count; ++i)
    values.push_back(tensor(handles[i]));
  return values;
}

DType dtypeOf(const tg_dtype *dtype) {
  int value = enumValue(dtype);
  if (value < TG_DTYPE_BOOL || value > TG_DTYPE_FLOAT64)
    throw InvalidArgument("unknown dtype " + std::to_string(value));
  return static_cast<DType>(value);
}

Rounding roundingOf(const tg_rounding *rounding) {
  int value = enumValue(rounding);
  if (value != TG_ROUND_TRUNC && value != TG_ROUND_FLOOR)
    throw InvalidArgument("unknown rounding " + std::to_string(value));
  return value == TG_ROUND_TRUNC ? Rounding::Trunc : Rounding::Floor;
}

std::vector<int64_t> ints(const int64_t *values, size_t count) {
  if (!values && count)
    throw InvalidArgument("a list of integers is NULL");
  return std::vector<int64_t>(values, values + count);
}

Axes axes(const int64_t *values, size_t count) {
  return values ? Axes(ints(values, count)) : Axes();
}

std::vector<std::pair<int64_t, int64_t>> pairs(const int64_t *values, size_t count) {
  if (count % 2)
    throw InvalidArgument("a list of pairs has an odd length");
  std::vector<int64_t> flat = ints(values, count);
  std::vector<std::pair<int64_t, int64_t>> result;
  for (size_t i = 0; i < count; i += 2)
    result.push_back({flat[i], flat[i + 1]});
  return result;
}

std::optional<std::vector<int64_t>> optionalInts(const int64_t *values, size_t count) {
  return values ? std::optional<std::vector<int64_t>>(ints(values, count)) : std::nullopt;
}

std::optional<DType> optionalDType(const tg_dtype *dtype) {
  return dtype ? std::optional<DType>(dtypeOf(dtype)) : std::nullopt;
}

std::string text(const char *value) {
  if (!value)
    throw InvalidArgument("a string is NULL");
  return value;
}

tg_status storeTensor(const Tensor &value, tg_tensor *out) {
  if (!out)
    throw InvalidArgument("the out-pointer is NULL");
  *out = newHandle<tg_tensor_s>(value);
  return TG_OK;
}

tg_status storeText(const std::string &value, char *buffer, size_t capacity, const char *what) {
  if (!buffer)
    throw InvalidArgument(std::string(what) + "'s buffer is NULL");
  if (capacity < value.size() + 1) {
    setLastError(std::string(what) + " has " + std::to_string(value.size()) +
                 " characters, room for " + std::to_string(capacity) + " with its zero");
    return TG_BUFFER_TOO_SMALL;
  }
  std::memcpy(buffer, value.c_str(), value.size() + 1);
  return TG_OK;
}

tg_status storeTensors(const std::vector<Tensor> &values, tg_tensor *out, size_t capacity,
                       size_t *count) {
  if (!out || !count)
    throw InvalidArgument("an out-pointer is NULL");
  *count = values.size();
  if (values.size() > capacity) {
    setLastError("the result has " + std::to_string(values.size()) + " tensors, room for " +
                 std::to_string(capacity));
    return TG_BUFFER_TOO_SMALL;
  }
  for (size_t i = 0; i < values.size(); ++i)
    out[i] = newHandle<tg_tensor_s>(values[i]);
  return TG_OK;
}

} // namespace tg::capi

using namespace tg::capi;

extern "C" {

const char *tg_last_error(void) { return lastError.c_str(); }

tg_status tg_tensor_release(tg_tensor handle) { return releaseHandle(handle); }

tg_status tg_tensor_from_data(const void *data, size_t size, tg_dtype dtype, const int64_t *shape,
                              size_t rank, tg_tensor *out) {
  return guard([&]() -> tg_status {
    if (!data && size)
      throw InvalidArgument("the data is NULL");
    tg::Shape dims = ints(shape, rank);
    for (int64_t d : dims)
      if (d < 0)
        throw InvalidArgument("a negative dimension");
    return storeTensor(tg::Tensor::from_bytes(data, size, dtypeOf(&dtype), dims), out);
  });
}

tg_status tg_tensor_read(tg_tensor handle, void *data, size_t size) {
  return guard([&]() -> tg_status {
    const tg::Tensor &t = tensor(handle);
    if (!data && size)
      throw InvalidArgument("the data is NULL");
    if (size < t.nbytes()) {
      setLastError("the tensor has " + std::to_string(t.nbytes()) + " bytes, the buffer " +
                   std::to_string(size));
      return TG_BUFFER_TOO_SMALL;
    }
    std::string bytes = t.to_bytes();
    std::memcpy(data, bytes.data(), bytes.size());
    return TG_OK;
  });
}

tg_status tg_tensor_rank(tg_tensor handle, size_t *rank) {
  return guard([&] { return storeValue(tensor(handle).ndim(), rank); });
}

tg_status tg_tensor_get_shape(tg_tensor handle, int64_t *shape, size_t capacity) {
  return guard([&]() -> tg_status {
    const tg::Shape &dims = tensor(handle).shape();
    if (!shape && !dims.empty())
      throw InvalidArgument("the shape buffer is NULL");
    if (capacity < dims.size()) {
      setLastError("the tensor has rank " + std::to_string(dims.size()) + ", room for " +
                   std::to_string(capacity));
      return TG_BUFFER_TOO_SMALL;
    }
    std::copy(dims.begin(), dims.end(), shape);
    return TG_OK;
  });
}

tg_status tg_tensor_get_dtype(tg_tensor handle, tg_dtype *dtype) {
  return guard([&] { return storeValue(static_cast<int>(tensor(handle).dtype()), dtype); });
}

tg_status tg_tensor_get_device(tg_tensor handle, char *name, size_t capacity) {
  return guard([&] { return storeText(tensor(handle).device(), name, capacity, "the device name"); });
}

void tg_set_training(bool training) { tg::Tensor::training = training; }
bool tg_get_training(void) { return tg::Tensor::training; }

void tg_set_no_grad(bool no_grad) {
  static std::optional<tg::NoGrad> scope;
  if (no_grad && !scope)
    scope.emplace();
  else if (!no_grad)
    scope.reset();
}
bool tg_get_no_grad(void) { return tg::NoGrad::active(); }

tg_status tg_get_cache_stats(tg_cache_stats *stats) {
  return guard([&] {
    if (!stats)
      throw InvalidArgument("the out-pointer is NULL");
    const tg::Stats &counts = tg::stats();
    *stats = {counts.compiles, counts.memory_hits, counts.disk_hits, counts.runs};
    return TG_OK;
  });
}

tg_status tg_cache_clear(bool disk) {
  return guard([&] {
    tg::clear_cache(disk);
    return TG_OK;
  });
}

} // extern "C"
