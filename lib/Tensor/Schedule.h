//===- Schedule.h - what one realize() compiles and runs --------*- C++ -*-===//
#ifndef TG_LIB_TENSOR_SCHEDULE_H
#define TG_LIB_TENSOR_SCHEDULE_H

#include "Graph.h"

#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace mlir {
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace tg {

/// The pending graph behind some tensors, as one function: realized
/// buffers are its arguments, the requested values its results, and
/// assignments happen as side effects on their argument targets.
struct Schedule {
  std::vector<NodeRef> inputs;  // Buffer nodes, in argument order
  std::vector<NodeRef> nodes;   // every pending node, sources first
  std::vector<NodeRef> outputs; // the function's results
  std::vector<NodeRef> assigns; // Assign nodes (not results)

  /// The graph's structure, which is what a compiled program depends on:
  /// ops, attributes, types and how they connect, not which buffers.
  std::string key() const;
};

/// The schedule that realizes `targets` (pending nodes).
Schedule scheduleOf(const std::vector<NodeRef> &targets);

/// The context every graph is lowered and compiled in (the tg dialect and
/// what it lowers to loaded).
mlir::MLIRContext &compilerContext();

/// The schedule as a module with one function, @graph, of tg ops.
mlir::OwningOpRef<mlir::ModuleOp> lowerToTG(const Schedule &schedule, mlir::MLIRContext &context);

} // namespace tg

#endif // TG_LIB_TENSOR_SCHEDULE_H
