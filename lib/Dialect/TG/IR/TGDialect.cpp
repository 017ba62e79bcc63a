//===- TGDialect.cpp - the tg dialect -------------------------------------===//

#include "tg/Dialect/TG/IR/TGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "tg/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace mlir::tg;

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "tg/Dialect/TG/IR/TGDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tg/Dialect/TG/IR/TGAttrs.cpp.inc"

void TGDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tg/Dialect/TG/IR/TGAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tg/Dialect/TG/IR/TGOps.cpp.inc"
      >();
}

Operation *TGDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  Attribute scalar = value;
  if (auto splat = dyn_cast<SplatElementsAttr>(value))
    scalar = splat.getSplatValue<Attribute>();
  auto typed = dyn_cast<TypedAttr>(scalar);
  if (!typed || !ConstOp::isBuildableWith(typed, type))
    return nullptr;
  return ConstOp::create(builder, loc, type, typed);
}

void TGDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  if (canonicalizationPatterns)
    canonicalizationPatterns(results);
}

/// `tg.name = "weight"` on an argument or result: what tg-compile's header
/// and tg-run call it. Any text but none (ONNX names tensors `input.1`).
static LogicalResult verifyName(Operation *op, StringRef what, unsigned index,
                                NamedAttribute attr) {
  auto name = dyn_cast<StringAttr>(attr.getValue());
  if (!name || name.getValue().empty())
    return op->emitError() << "'" << kNameAttrName << "' of " << what << " #" << index
                           << " must be a non-empty string, got " << attr.getValue();
  return success();
}

/// `tg.zero_border` borders a shaped argument of as many axes, each border
/// within its axis (an argument lowered to a pointer is not checked).
static LogicalResult verifyZeroBorder(Operation *op, unsigned regionIndex, unsigned argIndex,
                                      NamedAttribute attr) {
  auto border = dyn_cast<ZeroBorderAttr>(attr.getValue());
  if (!border)
    return op->emitError() << "'" << kZeroBorderAttrName << "' of argument #" << argIndex
                           << " must be a #tg.zero_border, got " << attr.getValue();
  Region &region = op->getRegion(regionIndex);
  if (region.empty())
    return success();
  auto type = dyn_cast<ShapedType>(region.getArgument(argIndex).getType());
  if (!type)
    return success();
  if (!type.hasStaticShape() || type.getRank() != int64_t(border.getLow().size()))
    return op->emitError() << "'" << kZeroBorderAttrName << "' of argument #" << argIndex << " has "
                           << border.getLow().size() << " axes, which its type does not: "
                           << region.getArgument(argIndex).getType();
  for (auto [axis, size] : llvm::enumerate(type.getShape()))
    if (border.getLow()[axis] + border.getHigh()[axis] > size)
      return op->emitError() << "'" << kZeroBorderAttrName << "' of argument #" << argIndex
                             << " is wider than axis " << axis << " (" << size << " elements)";
  return success();
}

LogicalResult TGDialect::verifyRegionResultAttribute(Operation *op, unsigned, unsigned resultIndex,
                                                     NamedAttribute attr) {
  if (attr.getName() != kNameAttrName)
    return op->emitError() << "unknown tg result attribute '" << attr.getName().getValue()
                           << "'";
  return verifyName(op, "result", resultIndex, attr);
}

LogicalResult TGDialect::verifyRegionArgAttribute(Operation *op,
                                                  unsigned regionIndex,
                                                  unsigned argIndex,
                                                  NamedAttribute attr) {
  if (attr.getName() == kNameAttrName)
    return verifyName(op, "argument", argIndex, attr);
  if (attr.getName() == kZeroBorderAttrName)
    return verifyZeroBorder(op, regionIndex, argIndex, attr);
  if (attr.getName() != kRangeAttrName)
    return op->emitError() << "unknown tg argument attribute '"
                           << attr.getName().getValue() << "'";
  auto bounds = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!bounds || bounds.size() != 2)
    return op->emitError() << "'" << kRangeAttrName << "' of argument #"
                           << argIndex
                           << " must be array<i64: lo, hi>, got "
                           << attr.getValue();
  if (bounds[0] > bounds[1])
    return op->emitError() << "'" << kRangeAttrName << "' of argument #"
                           << argIndex << " is empty: " << bounds[0] << " > "
                           << bounds[1];
  Region &region = op->getRegion(regionIndex);
  if (region.empty())
    return success();
  Type argType = region.getArgument(argIndex).getType();
  if (!isa<IndexType, IntegerType>(argType))
    return op->emitError() << "'" << kRangeAttrName << "' bounds argument #"
                           << argIndex << " of type " << argType
                           << ", which is not an integer or index";
  return success();
}

LogicalResult ZeroBorderAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                     ArrayRef<int64_t> low, ArrayRef<int64_t> high) {
  if (low.size() != high.size())
    return emitError() << "#tg.zero_border has " << low.size() << " low and " << high.size()
                       << " high amounts; it needs one of each per axis";
  if (llvm::any_of(low, [](int64_t n) { return n < 0; }) ||
      llvm::any_of(high, [](int64_t n) { return n < 0; }))
    return emitError() << "#tg.zero_border amounts must be non-negative";
  return success();
}

LogicalResult GPULaunchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    int64_t threads, bool groupReduce) {
  // 1024 threads per workgroup is what every GPU API guarantees at most.
  if (threads < 1 || threads > 1024)
    return emitError() << "#tg.launch threads must be in [1, 1024], got " << threads;
  // The workgroup's partial results are combined by halving.
  if (groupReduce && !llvm::isPowerOf2_64(threads))
    return emitError() << "#tg.launch with group_reduce needs a power-of-two thread count, got "
                       << threads;
  return success();
}

//===----------------------------------------------------------------------===//
// #tg.opts
//===----------------------------------------------------------------------===//

Attribute KernelOptsAttr::parse(AsmParser &parser, Type) {
  int64_t split = -1, vector = -1, outer = -1;
  bool vectorize = false;
  SmallVector<int64_t> tile;
  StringRef flag;
  SMLoc flagLoc;
  if (parser.parseLess() || parser.parseKeyword("split") || parser.parseEqual() ||
      parser.parseInteger(split) || parser.parseComma() || parser.parseKeyword("vectorize") ||
      parser.parseEqual() || (flagLoc = parser.getCurrentLocation(), parser.parseKeyword(&flag)))
    return {};
  if (flag != "true" && flag != "false") {
    parser.emitError(flagLoc, "expected true or false");
    return {};
  }
  vectorize = flag == "true";
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (!seen.insert(key).second) {
      parser.emitError(keyLoc, "'") << key << "' is given twice";
      return {};
    }
    ParseResult parsed = failure();
    if (key == "tile")
      parsed = parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(tile.emplace_back());
      });
    else if (key == "vector")
      parsed = parser.parseInteger(vector);
    else if (key == "outer")
      parsed = parser.parseInteger(outer);
    else
      parser.emitError(keyLoc, "expected tile, vector or outer");
    if (failed(parsed))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return KernelOptsAttr::get(parser.getContext(), split, vectorize, tile, vector, outer);
}

void KernelOptsAttr::print(AsmPrinter &printer) const {
  printer << "<split = " << getSplit() << ", vectorize = " << (getVectorize() ? "true" : "false");
  if (!getTile().empty()) {
    printer << ", tile = [";
    llvm::interleaveComma(getTile(), printer);
    printer << "]";
  }
  if (getVector() != -1)
    printer << ", vector = " << getVector();
  if (getOuter() != -1)
    printer << ", outer = " << getOuter();
  printer << ">";
}
