//===- TestMatchExpected.cpp - results equal tinygrad's expected form -----===//
//
// `-test-tg-match-expected`: for every top-level function @f that has a
// namesake in the nested `module @expected`, the values @f returns must be
// the same expressions as the ones @expected::@f returns, up to the operand
// order of commutative ops. This is how tinygrad's symbolic tests compare a
// simplified expression with the expected string (check_uop_against_string:
// eval the string, canonicalize commutative operand order, assert identity).
// Arguments correspond by position. A mismatch is an error showing both.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

bool sameExpression(Value a, Value b) {
  if (a.getType() != b.getType())
    return false;
  auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
  if (argA || argB)
    return argA && argB && argA.getArgNumber() == argB.getArgNumber();
  Attribute constA, constB;
  if (matchPattern(a, m_Constant(&constA)) || matchPattern(b, m_Constant(&constB)))
    return matchPattern(a, m_Constant(&constA)) &&
           matchPattern(b, m_Constant(&constB)) && constA == constB;
  Operation *opA = a.getDefiningOp(), *opB = b.getDefiningOp();
  if (opA->getName() != opB->getName() ||
      opA->getNumOperands() != opB->getNumOperands() ||
      opA->getAttrDictionary() != opB->getAttrDictionary() ||
      opA->getPropertiesAsAttribute() != opB->getPropertiesAsAttribute())
    return false;
  auto operandsMatch = [&](bool swapped) {
    for (unsigned i = 0, e = opA->getNumOperands(); i < e; ++i) {
      unsigned j = swapped ? e - 1 - i : i;
      if (!sameExpression(opA->getOperand(i), opB->getOperand(j)))
        return false;
    }
    return true;
  };
  if (operandsMatch(false))
    return true;
  return opA->hasTrait<OpTrait::IsCommutative>() && opA->getNumOperands() == 2 &&
         operandsMatch(true);
}

/// The ops computing `v`, printed one per line, for the error message.
void printExpression(Value v, llvm::raw_ostream &os, llvm::SmallPtrSetImpl<Operation *> &seen) {
  Operation *op = v.getDefiningOp();
  if (!op || !seen.insert(op).second)
    return;
  for (Value operand : op->getOperands())
    printExpression(operand, os, seen);
  os << "\n    " << *op;
}

struct TestMatchExpectedPass
    : PassWrapper<TestMatchExpectedPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMatchExpectedPass)
  StringRef getArgument() const final { return "test-tg-match-expected"; }
  StringRef getDescription() const final {
    return "Check functions against @expected::<name> up to commutative "
           "operand order";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto expected = module.lookupSymbol<ModuleOp>("expected");
    if (!expected) {
      module.emitError() << "no `module @expected` to compare with";
      return signalPassFailure();
    }
    unsigned compared = 0;
    for (auto fn : module.getOps<func::FuncOp>()) {
      auto want = expected.lookupSymbol<func::FuncOp>(fn.getName());
      if (!want)
        continue;
      ++compared;
      auto got = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
      auto ref = cast<func::ReturnOp>(want.getBody().front().getTerminator());
      for (auto [i, pair] : llvm::enumerate(llvm::zip(got.getOperands(), ref.getOperands()))) {
        auto [g, r] = pair;
        if (sameExpression(g, r))
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        llvm::SmallPtrSet<Operation *, 16> seen;
        os << "result #" << i << " differs from the expected form\n  got:";
        printExpression(g, os, seen);
        os << "\n    returns " << g << "\n  expected:";
        seen.clear();
        printExpression(r, os, seen);
        os << "\n    returns " << r;
        fn.emitError() << text;
      }
    }
    if (compared == 0)
      module.emitError() << "no function has a namesake in @expected";
  }
};

} // namespace

namespace mlir::tg::test {
void registerTestMatchExpectedPass() { PassRegistration<TestMatchExpectedPass>(); }
} // namespace mlir::tg::test
