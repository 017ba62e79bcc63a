//===- Threefry.h - Threefry-2x32, as tinygrad's THREEFRY -------*- C++ -*-===//
//
// Dependency-free so the compiler's folder, the reference evaluator of the
// tests and the runtime can share one definition of the bits.
//
//===----------------------------------------------------------------------===//
#ifndef TG_SUPPORT_THREEFRY_H
#define TG_SUPPORT_THREEFRY_H

#include <cstdint>

namespace mlir::tg {

/// Threefry-2x32 with 20 rounds on the counter `x` (two 32-bit words, low
/// first) under `key`; returns the two output words as `hi << 32 | lo`.
inline uint64_t threefry2x32(uint64_t x, uint64_t key) {
  const uint32_t key0 = static_cast<uint32_t>(key);
  const uint32_t key1 = static_cast<uint32_t>(key >> 32);
  const uint32_t schedule[3] = {key1, key0 ^ key1 ^ 0x1BD11BDAu, key0};
  static constexpr int rotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  uint32_t x0 = static_cast<uint32_t>(x) + schedule[2];
  uint32_t x1 = static_cast<uint32_t>(x >> 32) + schedule[0];
  for (uint32_t i = 0; i < 5; ++i) {
    for (int r : rotations[i % 2]) {
      x0 += x1;
      x1 = x0 ^ ((x1 << r) | (x1 >> (32 - r)));
    }
    x0 += schedule[i % 3];
    x1 += schedule[(i + 1) % 3] + i + 1;
  }
  return (static_cast<uint64_t>(x1) << 32) | x0;
}

} // namespace mlir::tg

#endif // TG_SUPPORT_THREEFRY_H
