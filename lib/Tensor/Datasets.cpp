//===- Datasets.cpp - MNIST-format idx files ------------------------------===//

#include "tg/Tensor/datasets.h"

#include <zlib.h>

#include <fstream>

namespace tg::datasets {

namespace {

/// The whole file, decompressed when it is gzip (gzread passes other
/// files through unchanged).
std::string readFile(const std::string &path) {
  if (!std::ifstream(path).good())
    throw Error("tg::datasets: " + path + " does not exist or cannot be read");
  gzFile file = gzopen(path.c_str(), "rb");
  if (!file)
    throw Error("tg::datasets: cannot open " + path);
  std::string data;
  char chunk[1 << 16];
  int n;
  while ((n = gzread(file, chunk, sizeof chunk)) > 0)
    data.append(chunk, n);
  int error = 0;
  std::string message = n < 0 ? gzerror(file, &error) : "";
  gzclose(file);
  if (n < 0)
    throw Error("tg::datasets: " + path + " is corrupt: " + message);
  return data;
}

uint32_t bigEndian(const std::string &data, size_t offset) {
  auto byte = [&](size_t i) { return uint32_t(uint8_t(data[offset + i])); };
  return byte(0) << 24 | byte(1) << 16 | byte(2) << 8 | byte(3);
}

/// An idx file of uint8 values with `rank` dimensions: its header checked;
/// its sizes and values.
std::pair<Shape, std::vector<uint8_t>> readIdx(const std::string &path, uint32_t rank) {
  std::string data = readFile(path);
  size_t header = 4 + 4 * rank;
  if (data.size() < header || bigEndian(data, 0) != (0x0800u | rank))
    throw Error("tg::datasets: " + path + " is not an idx file of " + std::to_string(rank) +
                "-d uint8 data (wrong magic number)");
  Shape shape;
  int64_t count = 1;
  for (uint32_t i = 0; i < rank; ++i) {
    shape.push_back(bigEndian(data, 4 + 4 * i));
    count *= shape.back();
  }
  if (data.size() != header + size_t(count))
    throw Error("tg::datasets: " + path + " holds " + std::to_string(data.size() - header) +
                " values where its header promises " + std::to_string(count));
  return {shape, std::vector<uint8_t>(data.begin() + header, data.end())};
}

/// Images as [N, 1, 28, 28] and their labels [N], checked to pair up.
std::pair<Tensor, Tensor> readSplit(const std::string &directory, const std::string &prefix) {
  std::string base = directory + "/" + prefix;
  auto find = [&](const std::string &name) {
    std::string gz = base + name + ".gz";
    return std::ifstream(gz).good() ? gz : base + name;
  };
  auto [imageShape, images] = readIdx(find("-images-idx3-ubyte"), 3);
  auto [labelShape, labels] = readIdx(find("-labels-idx1-ubyte"), 1);
  if (imageShape[1] != 28 || imageShape[2] != 28)
    throw Error("tg::datasets: " + prefix + " images are " + std::to_string(imageShape[1]) + "x" +
                std::to_string(imageShape[2]) + ", not 28x28");
  if (imageShape[0] != labelShape[0])
    throw Error("tg::datasets: " + std::to_string(imageShape[0]) + " " + prefix +
                " images but " + std::to_string(labelShape[0]) + " labels");
  return {Tensor::from_vector(images, {imageShape[0], 1, 28, 28}),
          Tensor::from_vector(labels, labelShape)};
}

} // namespace

MNIST load_mnist(const std::string &directory) {
  auto [trainImages, trainLabels] = readSplit(directory, "train");
  auto [testImages, testLabels] = readSplit(directory, "t10k");
  return {trainImages, trainLabels, testImages, testLabels};
}

} // namespace tg::datasets
