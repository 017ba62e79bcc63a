//===- Creation.cpp - tensors made from nothing: constants, ranges --------===//

#include "TensorOps.h"

#include <algorithm>

#include "tgrt.h"

namespace tg {

Tensor Tensor::scalar(double value, DType dtype) {
  return wrap(graph::constant(value, dtype, {}, defaultDevice()));
}

Tensor Tensor::empty(Shape shape, DType dtype) {
  if (std::any_of(shape.begin(), shape.end(), [](int64_t s) { return s < 0; }))
    throw Error("tg::Tensor::empty: negative size in " + shapeText(shape));
  const std::string &device = defaultDevice();
  tgrt_buffer handle;
  if (tgrt_buffer_alloc(openDevice(device), numelOf(shape) * itemsize(dtype), &handle) != TGRT_OK)
    throw Error(std::string("tg::Tensor::empty: allocating memory failed: ") + tgrt_last_error());
  return wrap(graph::buffer(std::make_shared<DeviceBuffer>(handle, device), dtype, std::move(shape)));
}

Tensor Tensor::full(Shape shape, double value, DType dtype) {
  if (std::any_of(shape.begin(), shape.end(), [](int64_t s) { return s < 0; }))
    throw Error("tg::Tensor::full: negative size in " + shapeText(shape));
  return wrap(graph::constant(value, dtype, std::move(shape), defaultDevice()));
}

Tensor Tensor::zeros(Shape shape, DType dtype) { return full(std::move(shape), 0, dtype); }
Tensor Tensor::ones(Shape shape, DType dtype) { return full(std::move(shape), 1, dtype); }
Tensor Tensor::full_like(double value) const { return constLike(*this, value); }
Tensor Tensor::zeros_like() const { return constLike(*this, 0); }
Tensor Tensor::ones_like() const { return constLike(*this, 1); }

} // namespace tg
