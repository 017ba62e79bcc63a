//===- DialectTest.cpp - the tg dialect through its C++ API ---------------===//

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tg;

namespace {

class DialectTest : public ::testing::Test {
protected:
  DialectTest() : builder(&context) {
    context.loadDialect<TGDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }

  /// A function with arguments of `types` to build ops in.
  func::FuncOp makeFunction(TypeRange types) {
    auto fn = func::FuncOp::create(builder, builder.getUnknownLoc(), "f",
                                   builder.getFunctionType(types, {}));
    builder.setInsertionPointToStart(fn.addEntryBlock());
    return fn;
  }

  Value constant(Type type, double value) {
    return ConstOp::create(builder, builder.getUnknownLoc(), type, value);
  }

  /// The scalar a folded value holds, as a double.
  static double scalarValue(OpFoldResult folded) {
    auto attr = dyn_cast<Attribute>(folded);
    if (auto splat = dyn_cast_or_null<SplatElementsAttr>(attr))
      attr = splat.getSplatValue<Attribute>();
    if (auto f = dyn_cast_or_null<FloatAttr>(attr))
      return f.getValueAsDouble();
    if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
      return i.getType().isUnsignedInteger() || i.getType().isInteger(1)
                 ? static_cast<double>(i.getValue().getZExtValue())
                 : static_cast<double>(i.getValue().getSExtValue());
    ADD_FAILURE() << "not a constant";
    return 0;
  }

  /// Builds `OpTy(constants...)` and folds it.
  template <typename OpTy>
  OpFoldResult foldOf(Type type, ArrayRef<double> values) {
    SmallVector<Value> operands;
    SmallVector<Attribute> attrs;
    for (double v : values) {
      Value c = constant(type, v);
      operands.push_back(c);
      Attribute attr;
      EXPECT_TRUE(matchPattern(c, m_Constant(&attr)));
      attrs.push_back(attr);
    }
    auto op = OpTy::create(builder, builder.getUnknownLoc(), operands);
    SmallVector<OpFoldResult> results;
    if (failed(op->fold(attrs, results)) || results.empty())
      return {};
    return results.front();
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(DialectTest, BinaryOpsInferTheirResultType) {
  auto t = tensor({2, 3}, builder.getF32Type());
  makeFunction({t, t});
  auto fn = cast<func::FuncOp>(module->getBody()->front());
  Value a = fn.getArgument(0), b = fn.getArgument(1);
  auto add = AddOp::create(builder, builder.getUnknownLoc(), a, b);
  EXPECT_EQ(add.getType(), t);
  auto lt = CmpLtOp::create(builder, builder.getUnknownLoc(), a, b);
  EXPECT_EQ(lt.getType(), tensor({2, 3}, builder.getI1Type()));
  auto sel = WhereOp::create(builder, builder.getUnknownLoc(), lt, a, b);
  EXPECT_EQ(sel.getType(), t);
}

TEST_F(DialectTest, MovementOpsInferShapes) {
  auto t = tensor({2, 3, 4}, builder.getI32Type());
  makeFunction({t});
  auto fn = cast<func::FuncOp>(module->getBody()->front());
  Value x = fn.getArgument(0);
  Location loc = builder.getUnknownLoc();
  auto permuted = PermuteOp::create(builder, loc, x, ArrayRef<int64_t>{2, 0, 1});
  EXPECT_EQ(permuted.getType(), tensor({4, 2, 3}, builder.getI32Type()));
  auto padded = PadOp::create(builder, loc, x, ArrayRef<int64_t>{1, 0, 2},
                              ArrayRef<int64_t>{0, 3, 2});
  EXPECT_EQ(padded.getType(), tensor({3, 6, 8}, builder.getI32Type()));
  auto shrunk = ShrinkOp::create(builder, loc, x, ArrayRef<int64_t>{0, 1, 1},
                                 ArrayRef<int64_t>{1, 3, 4});
  EXPECT_EQ(shrunk.getType(), tensor({1, 2, 3}, builder.getI32Type()));
  auto reduced = ReduceOp::create(builder, loc, ReduceKind::add, x,
                                  ArrayRef<int64_t>{0, 2});
  EXPECT_EQ(reduced.getType(), tensor({1, 3, 1}, builder.getI32Type()));
}

TEST_F(DialectTest, VerifierRejectsBadPermutation) {
  auto t = tensor({2, 3}, builder.getF32Type());
  makeFunction({t});
  auto fn = cast<func::FuncOp>(module->getBody()->front());
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages.push_back(diag.str());
    return success();
  });
  // Built generically: the typed builder would refuse to infer a type.
  OperationState state(builder.getUnknownLoc(), PermuteOp::getOperationName());
  state.addOperands(fn.getArgument(0));
  state.addAttribute("order", builder.getDenseI64ArrayAttr({0, 0}));
  state.addTypes(t);
  Operation *op = builder.create(state);
  EXPECT_TRUE(failed(verify(op)));
  // One located error naming the problem, not a generic inference failure.
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find("axis 0 is listed twice"), std::string::npos)
      << messages[0];
}

TEST_F(DialectTest, FoldsWithTinygradSemantics) {
  makeFunction({});
  Type i32 = builder.getI32Type(), f32 = builder.getF32Type();
  Type ui8 = builder.getIntegerType(8, /*isSigned=*/false);
  EXPECT_EQ(scalarValue(foldOf<CDivOp>(i32, {-7, 2})), -3);
  EXPECT_EQ(scalarValue(foldOf<CModOp>(i32, {-7, 2})), -1);
  EXPECT_EQ(scalarValue(foldOf<FloorDivOp>(i32, {-7, 2})), -4);
  EXPECT_EQ(scalarValue(foldOf<FloorModOp>(i32, {-7, 2})), 1);
  EXPECT_EQ(scalarValue(foldOf<AddOp>(ui8, {250, 10})), 4);
  EXPECT_EQ(scalarValue(foldOf<CmpLtOp>(ui8, {250, 10})), 0);
  EXPECT_EQ(scalarValue(foldOf<MulOp>(f32, {1.5, -2})), -3.0);
  // Division by zero is left for run time.
  EXPECT_FALSE(foldOf<CDivOp>(i32, {1, 0}));
  EXPECT_FALSE(foldOf<FloorModOp>(i32, {1, 0}));
}

TEST_F(DialectTest, NaNComparesFalseAndPropagatesThroughMax) {
  makeFunction({});
  Type f32 = builder.getF32Type();
  double nan = std::nan("");
  EXPECT_TRUE(std::isnan(scalarValue(foldOf<MaxOp>(f32, {nan, 1.0}))));
  EXPECT_TRUE(std::isnan(scalarValue(foldOf<MaxOp>(f32, {1.0, nan}))));
  EXPECT_EQ(scalarValue(foldOf<CmpLtOp>(f32, {nan, 1.0})), 0);
  EXPECT_EQ(scalarValue(foldOf<CmpEqOp>(f32, {nan, nan})), 0);
  EXPECT_EQ(scalarValue(foldOf<CmpNeOp>(f32, {nan, nan})), 1);
}

TEST_F(DialectTest, ConstantRangesDecideComparisons) {
  makeFunction({});
  Type index = builder.getIndexType();
  Value a = constant(index, 3), b = constant(index, 5);
  auto lt = CmpLtOp::create(builder, builder.getUnknownLoc(), a, b);
  std::optional<ConstantIntRanges> range;
  cast<InferIntRangeInterface>(lt.getOperation())
      .inferResultRanges(
          {ConstantIntRanges::constant(APInt(64, 3)),
           ConstantIntRanges::constant(APInt(64, 5))},
          [&](Value, const ConstantIntRanges &r) { range = r; });
  ASSERT_TRUE(range.has_value());
  ASSERT_TRUE(range->getConstantValue().has_value());
  EXPECT_TRUE(range->getConstantValue()->isOne());
}

TEST_F(DialectTest, KernelBuilderMakesAVerifiableRegion) {
  auto t = tensor({4}, builder.getF32Type());
  makeFunction({t, t});
  auto fn = cast<func::FuncOp>(module->getBody()->front());
  Location loc = builder.getUnknownLoc();
  auto kernel = KernelOp::create(builder, loc, TypeRange{t},
                                 ValueRange{fn.getArgument(0), fn.getArgument(1)});
  {
    OpBuilder::InsertionGuard guard(builder);
    Block &body = kernel.getBody().front();
    builder.setInsertionPointToEnd(&body);
    Value sum = AddOp::create(builder, loc, body.getArgument(0),
                              body.getArgument(1));
    YieldOp::create(builder, loc, ValueRange{sum});
  }
  func::ReturnOp::create(builder, loc);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
