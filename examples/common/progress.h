//===- progress.h - the examples' progress bars -----------------*- C++ -*-===//
#ifndef TG_EXAMPLES_COMMON_PROGRESS_H
#define TG_EXAMPLES_COMMON_PROGRESS_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace examples {

/// A bar of `width` characters, `done` of `total` filled.
inline std::string bar(int64_t done, int64_t total, int width = 30) {
  std::string text(size_t(width * done / std::max<int64_t>(total, 1)), '#');
  text.resize(size_t(width), '.');
  return text;
}

/// "1:05": seconds as minutes and seconds.
inline std::string clock(double seconds) {
  long whole = std::lround(std::max(seconds, 0.0));
  char text[32];
  std::snprintf(text, sizeof text, "%ld:%02ld", whole / 60, whole % 60);
  return text;
}

/// The time left at `stepsPerSecond` ("?" before there is a rate).
inline std::string eta(int64_t left, double stepsPerSecond) {
  return stepsPerSecond > 0 ? clock(double(left) / stepsPerSecond) : "?";
}

} // namespace examples

#endif // TG_EXAMPLES_COMMON_PROGRESS_H
