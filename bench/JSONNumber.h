//===- JSONNumber.h - a figure in a bench line, with fixed decimals -------===//
#ifndef TG_BENCH_JSONNUMBER_H
#define TG_BENCH_JSONNUMBER_H

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace tg::bench {

/// `key`: `value` with `decimals` places; llvm::json would print 17 digits.
inline void attribute(llvm::json::OStream &json, llvm::StringRef key, double value,
                      int decimals) {
  json.attributeBegin(key);
  json.rawValue([&](llvm::raw_ostream &os) { os << llvm::format("%.*f", decimals, value); });
  json.attributeEnd();
}

} // namespace tg::bench

#endif // TG_BENCH_JSONNUMBER_H
