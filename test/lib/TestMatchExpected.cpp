//===- TestMatchExpected.cpp - results equal tinygrad's expected form -----===//
//
// `-test-tg-match-expected`: for every top-level function @f that has a
// namesake in the nested `module @expected`, the values @f returns must be
// the same expressions as the ones @expected::@f returns, up to the order of
// the operands of commutative ops and the grouping of chains of one
// associative op (a+b+c in any order and nesting). tinygrad's symbolic tests
// compare up to commutative order (check_uop_against_string); its grouping of
// sums follows its own canonical operand order (tuplize), which ours does not
// share, so the grouping is left free too. Arguments correspond by position.
// A mismatch is an error showing both expressions.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

bool sameExpression(Value a, Value b);

/// Ops whose chains may be regrouped and reordered: associative and
/// commutative.
bool isAssociative(Operation *op) {
  static const llvm::StringSet<> names = {"tg.add", "tg.mul", "tg.and", "tg.or",
                                          "tg.xor", "tg.max"};
  return names.contains(op->getName().getStringRef());
}

/// The operands of a chain of `name` ops rooted at `v`.
void flattenChain(Value v, OperationName name, SmallVectorImpl<Value> &out) {
  Operation *op = v.getDefiningOp();
  if (op && op->getName() == name && op->getResult(0).getType() == v.getType()) {
    for (Value operand : op->getOperands())
      flattenChain(operand, name, out);
    return;
  }
  out.push_back(v);
}

bool sameChain(Operation *opA, Operation *opB) {
  SmallVector<Value> chainA, chainB;
  flattenChain(opA->getResult(0), opA->getName(), chainA);
  flattenChain(opB->getResult(0), opB->getName(), chainB);
  if (chainA.size() != chainB.size())
    return false;
  SmallVector<bool> used(chainB.size(), false);
  for (Value x : chainA) {
    bool found = false;
    for (auto [i, y] : llvm::enumerate(chainB)) {
      if (!used[i] && sameExpression(x, y)) {
        used[i] = found = true;
        break;
      }
    }
    if (!found)
      return false;
  }
  return true;
}

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
  if (isAssociative(opA))
    return sameChain(opA, opB);
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
