//===- env.h - reading tinygrad's knobs from the environment --------------===//
#ifndef TGRT_ENV_H
#define TGRT_ENV_H

#include <cstdint>

namespace tgrt {

// The value of environment variable `name`; nullptr when unset or empty, as
// tinygrad treats an empty knob as unset.
const char *envValue(const char *name);

// Plain decimal digits, at most `max`.
bool parseCount(const char *text, uint64_t max, uint64_t *count);

// Bytes, optionally with a K, M or G suffix (powers of 1024): "65536", "64M".
bool parseByteSize(const char *text, uint64_t *bytes);

} // namespace tgrt

#endif // TGRT_ENV_H
