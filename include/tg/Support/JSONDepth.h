//===- JSONDepth.h - how deeply a JSON text nests, before parsing -*- C++ -*-===//
//
// llvm::json::parse recurses once per nested array or object, so a hostile
// header of 50,000 '[' overflows the stack. Readers of untrusted JSON (the
// safetensors headers) check the nesting first. Header-only and dependency
// free.
//
//===----------------------------------------------------------------------===//
#ifndef TG_SUPPORT_JSONDEPTH_H
#define TG_SUPPORT_JSONDEPTH_H

#include <cstddef>

namespace tg {

/// The deepest a safetensors header may nest: it needs 3 (the object, a
/// tensor's entry, its shape).
constexpr unsigned kMaxJSONDepth = 64;

/// Whether no array or object in `text` (of `size` bytes) nests deeper than
/// `limit`; brackets inside strings do not count.
inline bool jsonNestsWithin(const char *text, size_t size, unsigned limit) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < size; ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i; // the escaped character cannot end the string
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit)
        return false;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return true;
}

} // namespace tg

#endif // TG_SUPPORT_JSONDEPTH_H
