//===- TGOps.cpp - tg ops: verifiers, type inference, syntax --------------===//

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace mlir::tg;

#include "tg/Dialect/TG/IR/TGEnums.cpp.inc"

Type mlir::tg::getBoolLike(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(i1);
  return i1;
}

/// `check(type, "operand" or "result", index)` for every operand and result
/// type of `op`, in order, until one fails.
static LogicalResult
checkEveryType(Operation *op,
               llvm::function_ref<LogicalResult(Type, StringRef, unsigned)> check) {
  for (auto [i, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(check(type, "operand", i)))
      return failure();
  for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(check(type, "result", i)))
      return failure();
  return success();
}

LogicalResult mlir::tg::verifySizesFitInt64(Operation *op) {
  auto check = [&](Type type, StringRef what, unsigned index) -> LogicalResult {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasStaticShape())
      return success();
    int64_t bytes = std::max<int64_t>(1, llvm::divideCeil(
                                             shaped.getElementTypeBitWidth(), 8));
    for (int64_t d : shaped.getShape())
      if (llvm::MulOverflow(bytes, d, bytes))
        return op->emitOpError()
               << what << " #" << index << " of type " << type
               << " is too large: its byte size does not fit in int64";
    return success();
  };
  return checkEveryType(op, check);
}

LogicalResult mlir::tg::verifyNoImplicitBroadcast(Operation *op) {
  std::optional<Type> first;
  auto check = [&](Type type, StringRef what, unsigned index) -> LogicalResult {
    if (!first) {
      first = type;
      return success();
    }
    auto a = dyn_cast<ShapedType>(*first), b = dyn_cast<ShapedType>(type);
    if (!a && !b)
      return success();
    if (a && b && a.hasRank() && b.hasRank() && a.getShape() == b.getShape())
      return success();
    return op->emitOpError() << "has " << what << " #" << index << " of type "
                             << type << " but operand #0 of type " << *first
                             << ": shapes must match exactly (tg never "
                                "broadcasts implicitly; use tg.expand)";
  };
  return checkEveryType(op, check);
}

//===----------------------------------------------------------------------===//
// Shared checks for axis lists
//===----------------------------------------------------------------------===//

namespace {
/// Emits errors for an op known only by name (type inference runs before the
/// op exists, and must report with the op's location).
struct OpDiagnostics {
  std::optional<Location> loc;
  StringRef opName;

  template <typename... Args>
  LogicalResult fail(Args &&...args) const {
    return emitOptionalError(loc, "'", opName, "' op ",
                             std::forward<Args>(args)...);
  }
};
} // namespace

static FailureOr<RankedTensorType> getRankedInput(const OpDiagnostics &diag,
                                                  Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return diag.fail("expects a statically shaped tensor, got ", type);
  return tensor;
}

/// Axes must be in [0, rank) and unique.
static LogicalResult verifyAxes(const OpDiagnostics &diag,
                                ArrayRef<int64_t> axes, int64_t rank) {
  llvm::SmallBitVector seen(rank);
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= rank)
      return diag.fail("axis ", axis, " is out of range for rank ", rank);
    if (seen.test(axis))
      return diag.fail("axis ", axis, " is listed twice");
    seen.set(axis);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ConstOp
//===----------------------------------------------------------------------===//

bool ConstOp::isBuildableWith(Attribute value, Type type) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || !isa<IntegerAttr, FloatAttr>(value))
    return false;
  return typed.getType() == getElementTypeOrSelf(type);
}

void ConstOp::build(OpBuilder &builder, OperationState &state, Type type,
                    double value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr attr;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    attr = builder.getFloatAttr(floatType, value);
  } else if (element.isInteger(1)) {
    attr = builder.getIntegerAttr(element, value != 0.0);
  } else {
    unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
    APInt bits = element.isUnsignedInteger()
                     ? APInt(width, static_cast<uint64_t>(value), false, true)
                     : APInt(width, static_cast<int64_t>(value), true, true);
    attr = builder.getIntegerAttr(element, bits);
  }
  build(builder, state, type, attr);
}

LogicalResult ConstOp::verify() {
  Type element = getElementTypeOrSelf(getType());
  if (!isa<IntegerAttr, FloatAttr>(getValue()))
    return emitOpError() << "value must be an integer or float attribute, got "
                         << getValue();
  if (getValue().getType() != element)
    return emitOpError() << "value of type " << getValue().getType()
                         << " does not match the element type " << element;
  return success();
}

OpFoldResult ConstOp::fold(FoldAdaptor) {
  if (auto shaped = dyn_cast<ShapedType>(getType()))
    return SplatElementsAttr::get(shaped, getValue());
  return getValue();
}

void ConstOp::print(OpAsmPrinter &p) {
  p << ' ';
  if (auto intAttr = dyn_cast<IntegerAttr>(getValue())) {
    const APInt &v = intAttr.getValue();
    Type type = intAttr.getType();
    if (type.isInteger(1))
      p << (v.isOne() ? "true" : "false");
    else
      p << llvm::toString(v, 10, /*Signed=*/!type.isUnsignedInteger());
  } else {
    p.printAttributeWithoutType(getValue());
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  p << " : " << getType();
}

/// Parses `literal : type`, where the literal is read for the element type:
/// `true`/`false`, an integer, a float, or a hexadecimal float bit pattern.
ParseResult ConstOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc literalLoc = parser.getCurrentLocation();
  bool negative = succeeded(parser.parseOptionalMinus());
  SMLoc digitsLoc = parser.getCurrentLocation();
  bool isHex = false;

  std::optional<bool> boolLiteral;
  std::optional<APInt> intLiteral;
  double floatLiteral = 0.0;
  if (!negative && succeeded(parser.parseOptionalKeyword("true"))) {
    boolLiteral = true;
  } else if (!negative && succeeded(parser.parseOptionalKeyword("false"))) {
    boolLiteral = false;
  } else {
    APInt parsed;
    OptionalParseResult maybeInt = parser.parseOptionalInteger(parsed);
    if (maybeInt.has_value()) {
      if (failed(*maybeInt))
        return failure();
      intLiteral = parsed;
      // The literal's own text (never past it: the buffer need not end in
      // a NUL) says whether it was written in hexadecimal.
      const char *end = parser.getCurrentLocation().getPointer();
      isHex = StringRef(digitsLoc.getPointer(), end - digitsLoc.getPointer()).starts_with("0x");
    } else if (parser.parseFloat(floatLiteral)) {
      return failure();
    }
  }

  Type type;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  result.addTypes(type);
  Type element = getElementTypeOrSelf(type);
  auto fail = [&](const Twine &message) {
    return parser.emitError(literalLoc, message);
  };

  TypedAttr value;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    APFloat f(semantics);
    if (boolLiteral)
      return fail("a bool literal cannot be a float constant");
    if (intLiteral && isHex) {
      unsigned width = floatType.getWidth();
      if (negative || intLiteral->getActiveBits() > width)
        return fail("hexadecimal bit pattern does not fit " +
                    Twine(width) + " bits");
      f = APFloat(semantics, intLiteral->zextOrTrunc(width));
    } else if (intLiteral) {
      APInt v = intLiteral->zext(intLiteral->getBitWidth() + 1);
      f.convertFromAPInt(negative ? -v : v, /*isSigned=*/true,
                         APFloat::rmNearestTiesToEven);
    } else {
      bool losesInfo;
      f = APFloat(negative ? -floatLiteral : floatLiteral);
      f.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
    }
    value = FloatAttr::get(floatType, f);
  } else if (element.isInteger(1)) {
    bool bit;
    if (boolLiteral)
      bit = *boolLiteral;
    else if (intLiteral && !negative && intLiteral->ule(1))
      bit = intLiteral->isOne();
    else
      return fail("an i1 constant is true, false, 0 or 1");
    value = IntegerAttr::get(element, APInt(1, bit));
  } else if (isa<IntegerType, IndexType>(element)) {
    if (!intLiteral)
      return fail("expected an integer literal for " +
                  llvm::Twine(llvm::isa<IndexType>(element) ? "index"
                                                             : "an integer type"));
    unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
    bool isUnsigned = element.isUnsignedInteger();
    // Widen by one bit so the sign of the literal is explicit.
    APInt v = intLiteral->zext(std::max(intLiteral->getBitWidth(), width) + 1);
    if (negative)
      v = -v;
    bool fits = isUnsigned ? (!negative && v.getActiveBits() <= width)
                           : v.getSignificantBits() <= width;
    if (!fits)
      return fail("integer literal does not fit " + Twine(width) + "-bit " +
                  (isUnsigned ? "unsigned" : "signed") + " type");
    value = IntegerAttr::get(element, v.trunc(width));
  } else {
    return parser.emitError(parser.getNameLoc(),
                            "constant of unsupported type ")
           << type;
  }
  result.addAttribute("value", value);
  return success();
}

//===----------------------------------------------------------------------===//
// BitcastOp
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type from = getElementTypeOrSelf(getX().getType());
  Type to = getElementTypeOrSelf(getType());
  if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return emitOpError() << "cannot reinterpret " << from << " as " << to
                         << ": bit widths differ ("
                         << from.getIntOrFloatBitWidth() << " vs "
                         << to.getIntOrFloatBitWidth() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Movement ops
//===----------------------------------------------------------------------===//

/// Movement ops move elements; they never convert them.
static LogicalResult verifySameElementType(Operation *op, ShapedType in,
                                           ShapedType out) {
  if (in.getElementType() == out.getElementType())
    return success();
  return op->emitOpError() << "changes the element type from "
                           << in.getElementType() << " to "
                           << out.getElementType();
}

LogicalResult ReshapeOp::verify() {
  auto in = getX().getType(), out = getType();
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  if (in.getNumElements() != out.getNumElements())
    return emitOpError() << "cannot reshape " << in.getNumElements()
                         << " elements into " << out.getNumElements() << " ("
                         << in << " to " << out << ")";
  return success();
}

LogicalResult ExpandOp::verify() {
  auto in = getX().getType(), out = getType();
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  if (in.getRank() != out.getRank())
    return emitOpError() << "cannot change the rank (" << in.getRank()
                         << " to " << out.getRank()
                         << "); reshape to add size-1 axes first";
  for (auto [axis, sizes] :
       llvm::enumerate(llvm::zip(in.getShape(), out.getShape()))) {
    auto [from, to] = sizes;
    if (from != to && from != 1)
      return emitOpError() << "axis " << axis << " of size " << from
                           << " cannot expand to " << to
                           << "; only size-1 axes expand";
  }
  return success();
}

LogicalResult PermuteOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  OpDiagnostics diag{loc, getOperationName()};
  auto in = getRankedInput(diag, adaptor.getX().getType());
  if (failed(in))
    return failure();
  ArrayRef<int64_t> order = adaptor.getOrder();
  if (static_cast<int64_t>(order.size()) != in->getRank())
    return diag.fail("order has ", order.size(), " entries for rank ",
                     in->getRank());
  if (failed(verifyAxes(diag, order, in->getRank())))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t axis : order)
    shape.push_back(in->getDimSize(axis));
  types.push_back(in->clone(shape));
  return success();
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  OpDiagnostics diag{loc, getOperationName()};
  auto in = getRankedInput(diag, adaptor.getX().getType());
  if (failed(in))
    return failure();
  ArrayRef<int64_t> low = adaptor.getLow(), high = adaptor.getHigh();
  int64_t rank = in->getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank)
    return diag.fail("needs one low and one high amount per axis (rank ",
                     rank, "), got ", low.size(), " and ", high.size());
  SmallVector<int64_t> shape;
  for (int64_t axis = 0; axis < rank; ++axis) {
    if (low[axis] < 0 || high[axis] < 0)
      return diag.fail("pads axis ", axis, " by a negative amount (", low[axis],
                       ", ", high[axis], "); use tg.shrink to cut");
    shape.push_back(in->getDimSize(axis) + low[axis] + high[axis]);
  }
  types.push_back(in->clone(shape));
  return success();
}

LogicalResult ShrinkOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  OpDiagnostics diag{loc, getOperationName()};
  auto in = getRankedInput(diag, adaptor.getX().getType());
  if (failed(in))
    return failure();
  ArrayRef<int64_t> begin = adaptor.getBegin(), end = adaptor.getEnd();
  int64_t rank = in->getRank();
  if (static_cast<int64_t>(begin.size()) != rank ||
      static_cast<int64_t>(end.size()) != rank)
    return diag.fail("needs one begin and one end per axis (rank ", rank,
                     "), got ", begin.size(), " and ", end.size());
  SmallVector<int64_t> shape;
  for (int64_t axis = 0; axis < rank; ++axis) {
    int64_t size = in->getDimSize(axis);
    if (begin[axis] < 0 || begin[axis] > end[axis] || end[axis] > size)
      return diag.fail("bounds [", begin[axis], ", ", end[axis], ") of axis ",
                       axis, " are not within [0, ", size, "]");
    shape.push_back(end[axis] - begin[axis]);
  }
  types.push_back(in->clone(shape));
  return success();
}

LogicalResult FlipOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  OpDiagnostics diag{loc, getOperationName()};
  auto in = getRankedInput(diag, adaptor.getX().getType());
  if (failed(in) || failed(verifyAxes(diag, adaptor.getAxes(), in->getRank())))
    return failure();
  types.push_back(*in);
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  OpDiagnostics diag{loc, getOperationName()};
  auto in = getRankedInput(diag, adaptor.getX().getType());
  if (failed(in) || failed(verifyAxes(diag, adaptor.getAxes(), in->getRank())))
    return failure();
  SmallVector<int64_t> shape(in->getShape());
  for (int64_t axis : adaptor.getAxes())
    shape[axis] = 1;
  types.push_back(in->clone(shape));
  return success();
}

LogicalResult ReduceOp::verify() {
  Type element = getX().getType().getElementType();
  if (element.isInteger(1) && getKind() != ReduceKind::max)
    return emitOpError() << "cannot " << stringifyReduceKind(getKind())
                         << "-reduce bool values; cast them first (only max, "
                            "tinygrad's any, reduces bool)";
  return success();
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  // Which devices exist is the runtime's to say (a plug-in adds one): a
  // name is a device kind, optionally with :N.
  static const llvm::Regex deviceName("^[A-Z][A-Z0-9_]*(:[0-9]+)?$");
  if (!deviceName.match(getDevice()))
    return emitOpError() << "\"" << getDevice()
                         << "\" is not a device name: a kind in capitals "
                            "(CPU, VULKAN), optionally with :N";
  return success();
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

void KernelOp::build(OpBuilder &builder, OperationState &state,
                     TypeRange resultTypes, ValueRange inputs) {
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  OpBuilder::InsertionGuard guard(builder);
  Block *block = builder.createBlock(body);
  for (Value input : inputs)
    block->addArgument(input.getType(), input.getLoc());
}

static bool isSchedulingOp(Operation *op) {
  return isa<ContiguousOp, ContiguousBackwardOp, DetachOp, CopyOp, AssignOp,
             KernelOp>(op);
}

LogicalResult KernelOp::verifyRegions() {
  Block &block = getBody().front();
  if (block.getNumArguments() != getInputs().size())
    return emitOpError() << "has " << getInputs().size() << " inputs but "
                         << block.getNumArguments() << " block arguments";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getInputs(), block.getArguments()))) {
    auto [input, arg] = pair;
    if (input.getType() != arg.getType())
      return emitOpError() << "block argument #" << i << " has type "
                           << arg.getType() << " but input #" << i
                           << " has type " << input.getType();
  }
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return emitOpError() << "body must end with tg.yield";
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError() << "yields " << yield.getValues().size()
                         << " values of types " << yield.getValues().getTypes()
                         << " but the kernel returns " << getResultTypes();
  for (Operation &op : block.without_terminator()) {
    if (!isa<TGDialect>(op.getDialect()))
      return op.emitOpError()
             << "cannot appear in a tg.kernel: kernel bodies hold tg compute "
                "ops only";
    if (isSchedulingOp(&op))
      return op.emitOpError() << "is a scheduling op and cannot appear inside "
                                 "a tg.kernel (tg-kernelize resolves it)";
  }
  if (std::optional<ArrayRef<int64_t>> inplace = getInplace()) {
    if (inplace->size() != getNumResults())
      return emitOpError() << "inplace names " << inplace->size()
                           << " operands for " << getNumResults() << " results";
    for (auto [result, operand] : llvm::enumerate(*inplace)) {
      if (operand == -1)
        continue;
      if (operand < 0 || operand >= static_cast<int64_t>(getInputs().size()))
        return emitOpError() << "result #" << result
                             << " overwrites input #" << operand
                             << ", which does not exist";
      if (getInputs()[operand].getType() != getResult(result).getType())
        return emitOpError() << "result #" << result << " of type "
                             << getResult(result).getType()
                             << " cannot overwrite input #" << operand
                             << " of type "
                             << getInputs()[operand].getType();
    }
  }
  return success();
}

#define GET_OP_CLASSES
#include "tg/Dialect/TG/IR/TGOps.cpp.inc"
