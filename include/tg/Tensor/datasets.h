//===- datasets.h - the datasets tinygrad's examples train on ---*- C++ -*-===//
#ifndef TG_TENSOR_DATASETS_H
#define TG_TENSOR_DATASETS_H

#include "tg/Tensor/Tensor.h"

#include <string>

namespace tg::datasets {

/// MNIST-format data (tinygrad's nn.datasets.mnist): images [N, 1, 28, 28]
/// and labels [N], both uint8.
struct MNIST {
  Tensor train_images, train_labels, test_images, test_labels;
};

/// The four idx files (train-images-idx3-ubyte.gz, train-labels-idx1-ubyte.gz,
/// t10k-...) of `directory`, gzipped or not. Throws tg::Error naming the file
/// and what is wrong: missing, not gzip, a wrong magic number or size, images
/// and labels that do not pair up.
MNIST load_mnist(const std::string &directory);

/// Fashion-MNIST from the Debian package dataset-fashion-mnist.
constexpr const char *kFashionMNISTDirectory = "/usr/share/datasets/fashion-mnist";

} // namespace tg::datasets

#endif // TG_TENSOR_DATASETS_H
