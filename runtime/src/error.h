//===- error.h - the calling thread's last error --------------------------===//
//
// Every tgrt_* entry point ends in succeed() or fail(), so tgrt_last_error()
// always describes the latest call on this thread.
//
//===----------------------------------------------------------------------===//
#ifndef TGRT_ERROR_H
#define TGRT_ERROR_H

#include "tg_backend.h"
#include "tgrt.h"

#include <cstdarg>
#include <string>

namespace tgrt {

// printf into a std::string.
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
std::string vformat(const char *fmt, va_list args);

tgrt_status succeed();
tgrt_status fail(tgrt_status status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// What a backend call writes its reason into; starts empty so a backend that
// fails without writing one still yields a sentence.
struct BackendError {
  char text[TG_BACKEND_ERROR_SIZE] = "";
  const char *reason() {
    text[TG_BACKEND_ERROR_SIZE - 1] = '\0';
    return text[0] ? text : "the backend gave no reason";
  }
};

} // namespace tgrt

#endif // TGRT_ERROR_H
