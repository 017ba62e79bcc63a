//===- TGFoldUtils.h - scalar semantics shared by the folders ---*- C++ -*-===//
#ifndef TG_LIB_DIALECT_TG_IR_TGFOLDUTILS_H
#define TG_LIB_DIALECT_TG_IR_TGFOLDUTILS_H

#include "llvm/ADT/APInt.h"

#include <optional>

namespace mlir::tg::detail {

/// `base ^ exponent` wrapping around; a negative (signed) exponent gives
/// 1/base^|exponent| truncated toward zero; `0 ^ negative` has no value.
std::optional<llvm::APInt> integerPower(const llvm::APInt &base,
                                        const llvm::APInt &exponent,
                                        bool isUnsigned);

} // namespace mlir::tg::detail

#endif // TG_LIB_DIALECT_TG_IR_TGFOLDUTILS_H
