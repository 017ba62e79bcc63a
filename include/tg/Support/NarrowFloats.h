//===- NarrowFloats.h - half and bfloat16 bits from and to doubles -*- C++ -*-===//
//
// What the tensor library and tg-run read and write as f16 and bf16
// elements: IEEE binary16 and bfloat16 bit patterns, rounded to nearest even
// once from the double given.
//
//===----------------------------------------------------------------------===//
#ifndef TG_SUPPORT_NARROWFLOATS_H
#define TG_SUPPORT_NARROWFLOATS_H

#include "llvm/ADT/APFloat.h"

#include <cstdint>

namespace mlir::tg {

/// The f16 (or, with `bfloat`, bf16) bits nearest `value`.
inline uint16_t narrowFloatBits(double value, bool bfloat) {
  llvm::APFloat a(value);
  bool losesInfo;
  a.convert(bfloat ? llvm::APFloat::BFloat() : llvm::APFloat::IEEEhalf(),
            llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return uint16_t(a.bitcastToAPInt().getZExtValue());
}

/// The value of f16 (or bf16) bits.
inline double narrowFloatValue(uint16_t bits, bool bfloat) {
  llvm::APFloat a(bfloat ? llvm::APFloat::BFloat() : llvm::APFloat::IEEEhalf(),
                  llvm::APInt(16, bits));
  return a.convertToDouble();
}

} // namespace mlir::tg

#endif // TG_SUPPORT_NARROWFLOATS_H
