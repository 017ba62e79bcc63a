//===- TensorOps.h - building blocks of the Tensor methods ------*- C++ -*-===//
//
// What the files of lib/Tensor share: tinygrad's broadcasting and dtype
// promotion, constants shaped like a tensor, element conversion, and the
// autograd registry.
//
//===----------------------------------------------------------------------===//
#ifndef TG_LIB_TENSOR_TENSOROPS_H
#define TG_LIB_TENSOR_TENSOROPS_H

#include "Graph.h"

#include <functional>
#include <string>
#include <utility>

namespace tg {

/// `axis` counted from the end when negative, checked against `rank`.
int64_t normalizeAxis(int64_t axis, int64_t rank, const char *what);

void storeElement(DType dtype, double value, char *out);
double loadElement(DType dtype, const char *in);
/// A realized tensor holding a copy of `bytes`.
Tensor fromBytes(const void *data, size_t bytes, DType dtype, Shape shape);
/// The realized bytes of a tensor, row-major.
std::string readBytes(const Tensor &t);
/// A new buffer on `device` holding a copy of `bytes` host bytes.
std::shared_ptr<DeviceBuffer> upload(const void *data, size_t bytes, const std::string &device);

/// A tensor of `value` shaped and placed like `like` (dtype `dtype`, else
/// like's).
Tensor constLike(const Tensor &like, double value, std::optional<DType> dtype = std::nullopt);
/// A Python number next to `x`, as tinygrad types it: x's dtype, except a
/// fractional value next to integers (or a number next to bool) takes the
/// default float (int).
Tensor scalarLike(const Tensor &x, double value);
/// Both to one dtype (tinygrad's least_upper_dtype) and one shape
/// (numpy broadcasting: ranks aligned on the right, size-1 axes expanded).
std::pair<Tensor, Tensor> broadcasted(const Tensor &x, const Tensor &y);
/// Shapes only.
std::pair<Tensor, Tensor> broadcastShapes(const Tensor &x, const Tensor &y);
/// The shape two shapes broadcast to (throws when they do not).
Shape broadcastShape(const Shape &a, const Shape &b);
Tensor broadcastTo(const Tensor &x, const Shape &shape);

Tensor unaryOp(Op op, const Tensor &x);
/// A binary primitive after broadcasting and promotion.
Tensor binaryOp(Op op, const Tensor &x, const Tensor &y);
/// A reduction over `axes` (without keepdim, the axes are removed).
Tensor reduceOp(ReduceKind kind, const Tensor &x, const Axes &axes, bool keepdim);

/// tinygrad's sum_acc_dtype: small integers and bool sum in 32 bits,
/// halves in float32.
DType accumulationDType(DType dtype);
/// An order-reversing map (tinygrad's _inverse): -x for floats, ~x for
/// integers and bool; min is inverse(max(inverse(x))).
Tensor inverse(const Tensor &x);

/// tinygrad's dtype.min and dtype.max (infinities for floats).
std::pair<double, double> dtypeLimits(DType dtype);

/// tinygrad's sum(dtype=): the sum accumulated and returned in `dtype`
/// (for bool, where a sum is an or, the maximum).
Tensor sumIn(const Tensor &x, const Axes &axes, bool keepdim, DType dtype);
/// tinygrad's _resolve_dim: `dim` counted from the end when negative; a
/// 0-d tensor has one axis to name, and `extra` allows one past the last
/// (where unsqueeze and stack insert). `op` names the caller in errors.
int64_t resolveDim(const Tensor &x, int64_t dim, const char *op, bool extra = false);
/// Python's ceil division, also for a negative numerator.
inline int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -(-a / b); }
/// Whether pool's windows do not overlap (k <= s, undilated on every axis):
/// then reshapes cut them, else the repeat trick makes them.
bool windowsApart(const Shape &kernel, const std::vector<int64_t> &stride,
                  const std::vector<int64_t> &dilation);
/// tinygrad's _pool: the sliding windows of the last kernel.size() axes,
/// as movement ops only: [..., o0, o1, ..., k0, k1, ...] with o the number
/// of windows and k the kernel sizes (stride and dilation per axis).
Tensor pool(const Tensor &x, const Shape &kernel, const std::vector<int64_t> &stride,
            const std::vector<int64_t> &dilation);
/// tinygrad's _one_hot_along_dim: x (integers) == arange(numClasses), the
/// classes along `dim` (x has size 1 there).
Tensor oneHotAlongDim(const Tensor &x, int64_t numClasses, int64_t dim = -1);
/// tinygrad's _split_cumalu: the running sum, product or maximum along
/// `axis`, each element `op` over a window of the padded axis (long axes
/// in blocks of 256, then across the blocks).
Tensor cumalu(const Tensor &x, int64_t axis, ReduceKind op);

/// `layout` of `weights`, realized once and kept with their buffer for
/// inference (under NoGrad, realized weights): made again only after an
/// assign wrote them. Lazy otherwise, where a gradient may be taken through
/// it (Tensor::gradient needs no requires_grad), and while a function is
/// traced for export, whose program must read the weights it is given.
Tensor keptWithWeights(const Tensor &weights, const std::string &what,
                       const std::function<Tensor()> &layout);

/// Whether WINO=1 computes this convolution (input padded by `pads`) by
/// Winograd's F(4, r) (Winograd.cpp).
bool winogradApplies(const Tensor &input, const Tensor &weight, const std::vector<int64_t> &stride,
                     const std::vector<int64_t> &dilation,
                     const std::vector<std::pair<int64_t, int64_t>> &pads, int64_t groups);
/// An ungrouped stride-1 convolution of `input` padded by `pads` and
/// `weight`, with the transformed input tiles it multiplied, which its
/// weight gradient reads again.
struct WinogradConvolution {
  Tensor out, tiles;
};
WinogradConvolution winogradConvolution(const Tensor &input, const Tensor &weight,
                                        const std::vector<std::pair<int64_t, int64_t>> &pads);
/// dw of that convolution from its tiles and its result's gradient `g`.
Tensor winogradWeightGradient(const Tensor &tiles, const Tensor &g, const Shape &kernel);

/// Tensors that asked for gradients, which backward() looks for.
void registerGradTarget(const Tensor &t);

} // namespace tg

#endif // TG_LIB_TENSOR_TENSOROPS_H
