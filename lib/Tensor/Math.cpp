//===- Math.cpp - elementwise math built from the primitives --------------===//
//
// tinygrad's elementwise mixin: each function from exp2, log2, sin, sqrt,
// reciprocal, trunc and the arithmetic ops, as tinygrad writes it.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

namespace tg {

Tensor Tensor::floor() const {
  if (!isFloat(dtype()))
    return *this;
  Tensor t = trunc();
  return t.sub(t.gt(*this).where(constLike(t, 1), constLike(t, 0)));
}

Tensor Tensor::ceil() const {
  if (!isFloat(dtype()))
    return *this;
  Tensor t = trunc();
  return t.add(t.lt(*this).where(constLike(t, 1), constLike(t, 0)));
}

} // namespace tg
