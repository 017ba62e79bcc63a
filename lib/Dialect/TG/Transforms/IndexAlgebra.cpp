//===- IndexAlgebra.cpp - index arithmetic, simplified by the rules ------===//

#include "tg/Dialect/TG/Transforms/IndexAlgebra.h"

#include "tg/Dialect/TG/Rules/Rules.h"
#include "tg/Dialect/TG/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::tg;

IndexRules::IndexRules(MLIRContext *context) {
  RewritePatternSet set(context);
  sym::RuleOptions options{&ranges, /*reassociateFloats=*/false};
  populateCanonicalizationRules(set, options);
  populateSymbolicPatterns(set, options);
  populateDivModPatterns(set, ranges);
  patterns = std::move(set);
}

bool Index::operator==(const Index &other) const { return sym::isSameValue(value, other.value); }

bool Index::hasRange() const { return !sym::getConstInt(value); }

IndexAlgebra::IndexAlgebra(MLIRContext *context, IndexRules &rules)
    : rules(rules), builder(context), loc(UnknownLoc::get(context)),
      scratch(ModuleOp::create(loc)) {
  context->getOrLoadDialect<TGDialect>();
  context->getOrLoadDialect<func::FuncDialect>();
  builder.setInsertionPointToEnd(scratch->getBody());
  scratchFunction = func::FuncOp::create(builder, loc, "indices", builder.getFunctionType({}, {}));
  builder.setInsertionPointToEnd(scratchFunction.addEntryBlock());
}

Index IndexAlgebra::range(int64_t size) {
  if (size <= 1)
    return constant(0);
  unsigned position = scratchFunction.getNumArguments();
  DictionaryAttr bounds = builder.getDictionaryAttr(
      builder.getNamedAttr(kRangeAttrName, builder.getDenseI64ArrayAttr({0, size - 1})));
  if (failed(scratchFunction.insertArgument(position, builder.getIndexType(), bounds, loc)))
    llvm_unreachable("a function without a body constraint takes any argument");
  return {scratchFunction.getArgument(position)};
}

Indices IndexAlgebra::ranges(ArrayRef<int64_t> shape) {
  Indices indices;
  for (int64_t size : shape)
    indices.push_back(range(size));
  return indices;
}

Index IndexAlgebra::constant(int64_t c) {
  return {ConstOp::create(builder, loc, builder.getIndexType(), builder.getIndexAttr(c))};
}

Index IndexAlgebra::add(const Index &a, const Index &b, int64_t scale) {
  return simplified([&]() -> Value {
    Value scaled = scale == 1 ? b.value : MulOp::create(builder, loc, b.value, constant(scale).value);
    return AddOp::create(builder, loc, a.value, scaled);
  });
}

Index IndexAlgebra::divide(const Index &x, int64_t d) {
  return simplified(
      [&]() -> Value { return FloorDivOp::create(builder, loc, x.value, constant(d).value); });
}

Index IndexAlgebra::modulo(const Index &x, int64_t d) {
  return simplified(
      [&]() -> Value { return FloorModOp::create(builder, loc, x.value, constant(d).value); });
}

bool IndexAlgebra::dependsOn(const Index &x, const Indices &loops) const {
  return llvm::any_of(loops, [&](const Index &loop) {
    return isa<BlockArgument>(loop.value) && sym::occursIn(loop.value, x.value);
  });
}

Index IndexAlgebra::simplified(function_ref<Value()> build) {
  struct Collector : OpBuilder::Listener {
    void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
      created.push_back(op);
    }
    SmallVector<Operation *> created;
  } collector;
  builder.setListener(&collector);
  Value root = build();
  // Holds the result while the rules replace the op that computes it.
  auto holder = UnrealizedConversionCastOp::create(builder, loc, root.getType(), root);
  builder.setListener(nullptr);
  collector.created.pop_back();
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  config.setUseTopDownTraversal(true);
  (void)applyOpPatternsGreedily(collector.created, rules.patterns, config);
  Value result = holder.getOperand(0);
  holder.erase();
  return {result};
}
