//===- VectorRegisters.h - x86 intrinsics over whole vector registers -*- C++ -*-===//
//
// An x86 intrinsic takes one register. A kernel's tile is a vector of any
// shape: it is flattened, cut into registers, each gets the intrinsic, and
// the results go back into the tile's shape.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TRANSFORMS_VECTORREGISTERS_H
#define TG_TRANSFORMS_VECTORREGISTERS_H

#include "mlir/IR/Builders.h"

namespace mlir::tg {

/// f32 lanes in an AVX-512 register.
inline constexpr int64_t kZmmLanes = 16;

/// Whether `type` is an f32 vector that splits into whole AVX-512 registers.
bool fillsZmmRegisters(Type type);

/// `apply` on each AVX-512 register of `lhs` and `rhs` (f32 vectors of one
/// type that fills whole registers), its results in their shape.
Value mapZmmRegisters(OpBuilder &b, Location loc, Value lhs, Value rhs,
                      function_ref<Value(Value, Value)> apply);

} // namespace mlir::tg

#endif // TG_TRANSFORMS_VECTORREGISTERS_H
