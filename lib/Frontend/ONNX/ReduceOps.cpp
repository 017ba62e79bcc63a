//===- ReduceOps.cpp - ONNX's reductions ----------------------------------===//

#include "Node.h"

#include <numeric>

namespace tg::onnx {
namespace {

using Outputs = std::vector<Tensor>;
using Reduction = Tensor (*)(const Tensor &x, const Axes &axes, bool keepdims);

/// A Reduce* op: axes from the attribute, or from input 1 (ReduceSum since
/// opset 13); none reduces everything unless noop_with_empty_axes.
void reduction(OpTable &table, const char *op, Reduction fn) {
  table[op] = [fn, op = std::string(op)](const Node &node) {
    Tensor x = node.input(0);
    bool axesInput = op == "ReduceSum" && node.opset() >= 13;
    std::vector<int64_t> axes = axesInput ? (node.has(1) ? node.ints(1) : std::vector<int64_t>{})
                                          : node.attribute("axes", std::vector<int64_t>{});
    bool keepdims = node.attribute("keepdims", int64_t(1)) != 0;
    if (axes.empty()) {
      if (node.attribute("noop_with_empty_axes", int64_t(0)))
        return Outputs{x};
      axes.resize(size_t(x.ndim()));
      std::iota(axes.begin(), axes.end(), 0);
    }
    for (int64_t &axis : axes)
      axis = normalizeAxis(axis, x.ndim(), node);
    Tensor result = fn(x, Axes(axes), keepdims);
    // ONNX keeps the input's element type (an integer sum stays int32).
    return Outputs{result.cast(x.dtype())};
  };
}

/// ArgMax and ArgMin: int64 positions, the first or (select_last_index)
/// the last extreme.
void argExtreme(OpTable &table, const char *op, bool max) {
  table[op] = [max](const Node &node) {
    Tensor x = node.input(0);
    int64_t axis = normalizeAxis(node.attribute("axis", int64_t(0)), x.ndim(), node);
    bool keepdims = node.attribute("keepdims", int64_t(1)) != 0;
    bool last = node.attribute("select_last_index", int64_t(0)) != 0;
    Tensor t = last ? x.flip(axis) : x;
    Tensor index = max ? t.argmax(axis, keepdims) : t.argmin(axis, keepdims);
    index = index.cast(DType::Int64);
    if (last)
      index = (x.shape(axis) - 1) - index;
    return Outputs{index};
  };
}

} // namespace

void populateReduceOps(OpTable &table) {
  reduction(table, "ReduceSum", [](const Tensor &x, const Axes &a, bool k) { return x.sum(a, k); });
  reduction(table, "ReduceMean",
            [](const Tensor &x, const Axes &a, bool k) { return x.mean(a, k); });
  reduction(table, "ReduceMax", [](const Tensor &x, const Axes &a, bool k) { return x.max(a, k); });
  reduction(table, "ReduceMin", [](const Tensor &x, const Axes &a, bool k) { return x.min(a, k); });
  reduction(table, "ReduceProd",
            [](const Tensor &x, const Axes &a, bool k) { return x.prod(a, k); });
  reduction(table, "ReduceL1",
            [](const Tensor &x, const Axes &a, bool k) { return x.abs().sum(a, k); });
  reduction(table, "ReduceL2", [](const Tensor &x, const Axes &a, bool k) {
    return x.cast(DType::Float32).square().sum(a, k).sqrt();
  });
  reduction(table, "ReduceSumSquare",
            [](const Tensor &x, const Axes &a, bool k) { return x.square().sum(a, k); });
  reduction(table, "ReduceLogSum",
            [](const Tensor &x, const Axes &a, bool k) { return x.sum(a, k).log(); });
  reduction(table, "ReduceLogSumExp",
            [](const Tensor &x, const Axes &a, bool k) { return x.logsumexp(a, k); });
  argExtreme(table, "ArgMax", true);
  argExtreme(table, "ArgMin", false);
}

} // namespace tg::onnx
