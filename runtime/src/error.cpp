//===- error.cpp - last error and status strings --------------------------===//

#include "error.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace tgrt {

static thread_local std::string lastError;

std::string vformat(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int length = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (length <= 0)
    return std::string();
  std::string text(static_cast<size_t>(length) + 1, '\0');
  std::vsnprintf(&text[0], text.size(), fmt, args);
  text.pop_back();
  return text;
}

std::string format(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string text = vformat(fmt, args);
  va_end(args);
  return text;
}

tgrt_status succeed() {
  lastError.clear();
  return TGRT_OK;
}

tgrt_status fail(tgrt_status status, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  lastError = vformat(fmt, args);
  va_end(args);
  return status;
}

} // namespace tgrt

extern "C" const char *tgrt_last_error(void) { return tgrt::lastError.c_str(); }

extern "C" const char *tgrt_status_string(tgrt_status status) {
  // A C caller may pass any int: read it as one (an enum outside its values
  // is undefined behaviour in C++).
  int code;
  std::memcpy(&code, &status, sizeof code);
  switch (code) {
  case TGRT_OK: return "ok";
  case TGRT_INVALID_ARGUMENT: return "invalid argument";
  case TGRT_NOT_FOUND: return "not found";
  case TGRT_UNAVAILABLE: return "unavailable";
  case TGRT_OUT_OF_MEMORY: return "out of memory";
  case TGRT_INVALID_EXECUTABLE: return "invalid executable";
  case TGRT_BACKEND_ERROR: return "backend error";
  }
  return "unknown status";
}
