//===- IntRanges.h - tinygrad's vmin/vmax over MLIR values ------*- C++ -*-===//
//
// The value range of an integer, index or bool value, computed on demand from
// InferIntRangeInterface (tg ops, arith, gpu ids, ...), the bounds of loop
// induction variables (scf.for, scf.parallel, linalg.index) and the
// `tg.range` bounds of function arguments. Like tinygrad's vmin/vmax it is
// always computed from the IR as it is now, so rewrites never see stale
// ranges; a fact assumed in a context (`x < 8` inside a guard) refines it.
//
//===----------------------------------------------------------------------===//
#ifndef TG_DIALECT_TG_ANALYSIS_INTRANGES_H
#define TG_DIALECT_TG_ANALYSIS_INTRANGES_H

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir::tg {

/// The name of the function-argument attribute that bounds an integer or
/// index argument, `{tg.range = array<i64: lo, hi>}` (both inclusive):
/// tinygrad's `Variable(name, lo, hi)`.
inline constexpr llvm::StringLiteral kRangeAttrName = "tg.range";

/// Signed bounds as int64_t, the form tinygrad's rules reason with.
struct Bounds {
  int64_t min, max;
  bool isConstant() const { return min == max; }
};

class IntRanges {
public:
  /// Ranges already computed, which stay true only while the ops they were
  /// computed from are neither changed nor erased.
  using Memo = llvm::DenseMap<Value, ConstantIntRanges>;

  /// The range of `v`, or the full range of its type; null for non-integers.
  std::optional<ConstantIntRanges> get(Value v);
  /// The same, reusing and adding to `memo`: one rewrite that only adds ops
  /// queries each value once, not once per op built on it.
  std::optional<ConstantIntRanges> get(Value v, Memo &memo);

  /// Signed bounds of an index or signless integer value (unsigned and bool
  /// values use their unsigned view); nullopt for floats and for unsigned
  /// values that do not fit int64_t.
  std::optional<Bounds> bounds(Value v);

  /// Within the current rewrite, `v` is known to lie in `range`.
  void assume(Value v, const ConstantIntRanges &range);
  void clearAssumptions() { assumptions.clear(); }

private:
  ConstantIntRanges compute(Value v, Memo &memo, unsigned depth);
  Memo assumptions;
};

/// Whether `type` (or its element type) has an integer range: integers,
/// index and bool.
bool hasIntRange(Type type);

} // namespace mlir::tg

#endif // TG_DIALECT_TG_ANALYSIS_INTRANGES_H
