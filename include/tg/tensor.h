//===- tensor.h - the tinygrad-mlir C++ tensor library ----------*- C++ -*-===//
//
// #include "tg/tensor.h": tg::Tensor (lazy tensors, autograd), tg::nn layers,
// tg::optim optimizers, safetensors state.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TENSOR_H
#define TG_TENSOR_H

#include "tg/Tensor/DType.h"
#include "tg/Tensor/Tensor.h"
#include "tg/Tensor/nn.h"
#include "tg/Tensor/optim.h"
#include "tg/Tensor/state.h"

#endif // TG_TENSOR_H
