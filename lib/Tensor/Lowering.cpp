//===- Lowering.cpp - a pending graph as one function of tg ops -----------===//

#include "Schedule.h"

#include "tg/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <cstring>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace tg {

Schedule scheduleOf(const std::vector<NodeRef> &targets) {
  Schedule schedule;
  std::unordered_set<Node *> visited;
  // Sources before users, iteratively: a training step's graph is deep.
  std::vector<std::pair<Node *, size_t>> stack;
  auto visit = [&](const NodeRef &root) {
    if (!visited.insert(root.get()).second)
      return;
    stack.push_back({root.get(), 0});
    std::unordered_map<Node *, NodeRef> owners{{root.get(), root}};
    while (!stack.empty()) {
      auto &[node, next] = stack.back();
      if (next < node->src.size()) {
        const NodeRef &src = node->src[next++];
        if (visited.insert(src.get()).second) {
          owners[src.get()] = src;
          stack.push_back({src.get(), 0});
        }
        continue;
      }
      NodeRef owned = owners[node];
      stack.pop_back();
      if (owned->op == Op::Buffer)
        schedule.inputs.push_back(owned);
      else
        schedule.nodes.push_back(owned);
    }
  };
  for (const NodeRef &target : targets) {
    visit(target);
    (target->op == Op::Assign ? schedule.assigns : schedule.outputs).push_back(target);
  }
  return schedule;
}

std::string Schedule::key() const {
  std::unordered_map<const Node *, size_t> id;
  std::ostringstream os;
  for (const NodeRef &input : inputs) {
    id[input.get()] = id.size();
    os << "in " << int(input->dtype) << " " << input->device;
    for (int64_t s : input->shape)
      os << " " << s;
    os << ";";
  }
  for (const NodeRef &node : nodes) {
    id[node.get()] = id.size();
    os << int(node->op) << " " << int(node->dtype) << " [";
    for (int64_t s : node->shape)
      os << s << " ";
    os << "] (";
    for (const NodeRef &src : node->src)
      os << id.at(src.get()) << " ";
    os << ")";
    for (int64_t a : node->arg)
      os << " " << a;
    if (node->op == Op::Reduce)
      os << " r" << int(node->reduce);
    if (node->op == Op::Const) {
      uint64_t raw;
      std::memcpy(&raw, &node->value, sizeof raw);
      os << " c" << raw << "/" << node->bits;
    }
    os << ";";
  }
  os << "out";
  for (const NodeRef &output : outputs)
    os << " " << id.at(output.get());
  os << " assign";
  for (const NodeRef &assign : assigns)
    os << " " << id.at(assign.get());
  return os.str();
}

namespace {

mlir::Type elementType(mlir::Builder &b, DType dtype) {
  switch (dtype) {
  case DType::Bool: return b.getI1Type();
  case DType::Int8: return b.getIntegerType(8);
  case DType::UInt8: return b.getIntegerType(8, /*isSigned=*/false);
  case DType::Int16: return b.getIntegerType(16);
  case DType::UInt16: return b.getIntegerType(16, false);
  case DType::Int32: return b.getIntegerType(32);
  case DType::UInt32: return b.getIntegerType(32, false);
  case DType::Int64: return b.getIntegerType(64);
  case DType::UInt64: return b.getIntegerType(64, false);
  case DType::Float16: return b.getF16Type();
  case DType::BFloat16: return b.getBF16Type();
  case DType::Float32: return b.getF32Type();
  case DType::Float64: return b.getF64Type();
  }
  return {};
}

mlir::RankedTensorType tensorType(mlir::Builder &b, const Node &node) {
  return mlir::RankedTensorType::get(node.shape, elementType(b, node.dtype));
}

mlir::TypedAttr constAttr(mlir::Builder &b, const Node &node) {
  mlir::Type element = elementType(b, node.dtype);
  if (auto floatType = mlir::dyn_cast<mlir::FloatType>(element))
    return b.getFloatAttr(floatType, node.value);
  unsigned width = element.getIntOrFloatBitWidth();
  return b.getIntegerAttr(element, llvm::APInt(width, uint64_t(node.bits), /*isSigned=*/true,
                                               /*implicitTrunc=*/true));
}

mlir::tg::ReduceKind reduceKind(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Add: return mlir::tg::ReduceKind::add;
  case ReduceKind::Mul: return mlir::tg::ReduceKind::mul;
  case ReduceKind::Max: return mlir::tg::ReduceKind::max;
  }
  return mlir::tg::ReduceKind::add;
}

} // namespace

mlir::OwningOpRef<mlir::ModuleOp> lowerToTG(const Schedule &schedule, mlir::MLIRContext &context) {
  using namespace mlir;
  OpBuilder b(&context);
  Location loc = UnknownLoc::get(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());

  SmallVector<Type> inputTypes, outputTypes;
  for (const NodeRef &input : schedule.inputs)
    inputTypes.push_back(tensorType(b, *input));
  for (const NodeRef &output : schedule.outputs)
    outputTypes.push_back(tensorType(b, *output));
  auto function = func::FuncOp::create(b, loc, "graph", b.getFunctionType(inputTypes, outputTypes));
  Block *body = function.addEntryBlock();
  b.setInsertionPointToStart(body);

  std::unordered_map<const Node *, Value> values;
  for (auto [i, input] : llvm::enumerate(schedule.inputs))
    values[input.get()] = body->getArgument(i);
  auto operand = [&](const Node &node, size_t i) { return values.at(node.src[i].get()); };
  auto half = [](const std::vector<int64_t> &arg, bool second) {
    size_t n = arg.size() / 2;
    return std::vector<int64_t>(arg.begin() + (second ? n : 0), arg.begin() + (second ? 2 * n : n));
  };

  for (const NodeRef &ref : schedule.nodes) {
    const Node &node = *ref;
    RankedTensorType type = tensorType(b, node);
    Value result;
    switch (node.op) {
    case Op::Buffer:
      break;
    case Op::Const:
      result = mlir::tg::ConstOp::create(b, loc, type, constAttr(b, node));
      break;
    case Op::Cast:
      result = mlir::tg::CastOp::create(b, loc, type, operand(node, 0));
      break;
    case Op::Bitcast:
      result = mlir::tg::BitcastOp::create(b, loc, type, operand(node, 0));
      break;
    case Op::Reshape:
      result = mlir::tg::ReshapeOp::create(b, loc, type, operand(node, 0));
      break;
    case Op::Expand:
      result = mlir::tg::ExpandOp::create(b, loc, type, operand(node, 0));
      break;
    case Op::Permute:
      result = mlir::tg::PermuteOp::create(b, loc, type, operand(node, 0), b.getDenseI64ArrayAttr(node.arg));
      break;
    case Op::Pad:
      result = mlir::tg::PadOp::create(b, loc, type, operand(node, 0),
                                 b.getDenseI64ArrayAttr(half(node.arg, false)),
                                 b.getDenseI64ArrayAttr(half(node.arg, true)));
      break;
    case Op::Shrink:
      result = mlir::tg::ShrinkOp::create(b, loc, type, operand(node, 0),
                                    b.getDenseI64ArrayAttr(half(node.arg, false)),
                                    b.getDenseI64ArrayAttr(half(node.arg, true)));
      break;
    case Op::Flip:
      result = mlir::tg::FlipOp::create(b, loc, type, operand(node, 0), b.getDenseI64ArrayAttr(node.arg));
      break;
    case Op::Reduce:
      result = mlir::tg::ReduceOp::create(b, loc, type,
                                    mlir::tg::ReduceKindAttr::get(&context, reduceKind(node.reduce)),
                                    operand(node, 0), b.getDenseI64ArrayAttr(node.arg));
      break;
    case Op::Assign:
      result = mlir::tg::AssignOp::create(b, loc, type, operand(node, 0), operand(node, 1));
      break;
    case Op::Copy:
      result = mlir::tg::CopyOp::create(b, loc, type, operand(node, 0), b.getStringAttr(node.device));
      break;
    default: {
      // ALU and scheduling ops: operands and a result type, no attributes.
      OperationState state(loc, std::string("tg.") + opName(node.op));
      for (size_t i = 0; i < node.src.size(); ++i)
        state.addOperands(operand(node, i));
      state.addTypes(type);
      result = b.create(state)->getResult(0);
    }
    }
    values[ref.get()] = result;
  }
  SmallVector<Value> results;
  for (const NodeRef &output : schedule.outputs)
    results.push_back(values.at(output.get()));
  func::ReturnOp::create(b, loc, results);
  return module;
}

} // namespace tg
