//===- IndexAlgebra.h - index arithmetic, simplified by the rules -*- C++ -*-===//
//
// tg-kernelize's ranges and the indices views read at: `index` expressions
// of tg ops over bounded ranges, built as tinygrad builds its index UOps and
// simplified as they are built by tg-symbolic's own rules. There is one
// index algebra: the one every tg expression is simplified with.
//
//===----------------------------------------------------------------------===//
#ifndef TG_DIALECT_TG_TRANSFORMS_INDEXALGEBRA_H
#define TG_DIALECT_TG_TRANSFORMS_INDEXALGEBRA_H

#include "tg/Dialect/TG/Analysis/IntRanges.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace mlir::tg {

/// tg-symbolic's rules, set up once (building them is not free) and shared
/// by the IndexAlgebras of one thread.
struct IndexRules {
  explicit IndexRules(MLIRContext *context);
  IntRanges ranges;
  FrozenRewritePatternSet patterns;
};

/// An index: its simplified expression. Indices that simplify to the same
/// expression compare equal, as tinygrad's hash-consed UOps do.
struct Index {
  Value value;
  bool operator==(const Index &other) const;
  bool operator!=(const Index &other) const { return !(*this == other); }
  /// Whether it depends on a range at all (tinygrad's `.ranges` is nonempty).
  bool hasRange() const;
};
using Indices = SmallVector<Index, 4>;

/// Ranges and the arithmetic on them. The ranges are the arguments of a
/// scratch function, each bounded by its `tg.range`; every expression lives
/// in that function and is simplified when it is made.
class IndexAlgebra {
public:
  IndexAlgebra(MLIRContext *context, IndexRules &rules);

  /// A fresh range over `size` elements; a range of one element is 0.
  Index range(int64_t size);
  Indices ranges(ArrayRef<int64_t> shape);
  Index constant(int64_t c);
  /// a + scale·b.
  Index add(const Index &a, const Index &b, int64_t scale = 1);
  /// floor(x / d) and x mod d, for d > 0.
  Index divide(const Index &x, int64_t d);
  Index modulo(const Index &x, int64_t d);
  /// Whether `x` varies with one of the ranges `loops`.
  bool dependsOn(const Index &x, const Indices &loops) const;

  /// The function holding the ranges (its arguments) and the expressions,
  /// in an order where every value comes before its uses.
  func::FuncOp function() { return scratchFunction; }

private:
  /// The index `build` makes, simplified: the rules run on the ops it
  /// created (operands first, as tg-symbolic does), not on older ones.
  Index simplified(function_ref<Value()> build);

  IndexRules &rules;
  OpBuilder builder;
  Location loc;
  OwningOpRef<ModuleOp> scratch;
  func::FuncOp scratchFunction;
};

} // namespace mlir::tg

#endif // TG_DIALECT_TG_TRANSFORMS_INDEXALGEBRA_H
