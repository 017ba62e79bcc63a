//===- TGDialect.h - the tg dialect -----------------------------*- C++ -*-===//
#ifndef TG_DIALECT_TG_IR_TGDIALECT_H
#define TG_DIALECT_TG_IR_TGDIALECT_H

#include "mlir/IR/Dialect.h"

#include <functional>

#include "tg/Dialect/TG/IR/TGDialect.h.inc"

#endif // TG_DIALECT_TG_IR_TGDIALECT_H
