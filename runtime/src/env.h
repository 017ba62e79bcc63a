//===- env.h - parsing the numbers knobs hold ------------------------------===//
#ifndef TGRT_ENV_H
#define TGRT_ENV_H

#include <cstdint>

namespace tgrt {

// Plain decimal digits, at most `max`.
bool parseCount(const char *text, uint64_t max, uint64_t *count);

// Bytes, optionally with a K, M or G suffix (powers of 1024): "65536", "64M".
bool parseByteSize(const char *text, uint64_t *bytes);

} // namespace tgrt

#endif // TGRT_ENV_H
