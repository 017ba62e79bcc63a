//===- blob_builder.h - writing executables by hand for the tests ---------===//
//
// Lays out a tg_executable.h blob from a plain description, exactly as given:
// it checks nothing, so a test can write any defect it wants to see rejected.
//
//===----------------------------------------------------------------------===//
#ifndef TGRT_TEST_BLOB_BUILDER_H
#define TGRT_TEST_BLOB_BUILDER_H

#include "tg_executable.h"

#include <cstring>
#include <string>
#include <vector>

struct BlobBuffer {
  uint64_t size_bytes;
  uint32_t dtype;
  uint32_t role;
  std::vector<int64_t> shape;
  std::string name;
};

struct BlobKernel {
  std::string symbol;
  uint32_t num_buffers;
  uint64_t parallel_size = 1;
  uint64_t flops = 0;
  uint64_t bytes = 0;
  // The bytes it accesses through each argument; empty: the sizes of the
  // buffers the first step that launches it passes, as the compiler writes.
  std::vector<uint64_t> arg_bytes;
};

struct BlobStep {
  uint32_t kind;
  uint32_t kernel;
  std::vector<uint32_t> buffers;
};

struct BlobSpec {
  std::string name = "main";
  std::string binary_kind = "cpu-elf";
  std::vector<BlobBuffer> buffers;
  std::vector<BlobKernel> kernels;
  std::vector<BlobStep> steps;
  std::vector<uint32_t> inputs;
  std::vector<uint32_t> outputs;
  std::vector<uint8_t> binary;
};

// A float32 buffer of `shape` whose size agrees with it.
BlobBuffer float32Buffer(uint32_t role, std::vector<int64_t> shape,
                         std::string name = "");

std::vector<uint8_t> buildBlob(const BlobSpec &spec);

// Reads or overwrites a field of a built blob, at a byte offset.
template <class T> T peek(const std::vector<uint8_t> &blob, uint64_t offset) {
  T value;
  std::memcpy(&value, blob.data() + offset, sizeof(T));
  return value;
}
template <class T>
void poke(std::vector<uint8_t> &blob, uint64_t offset, T value) {
  std::memcpy(blob.data() + offset, &value, sizeof(T));
}
inline tg_executable_header headerOf(const std::vector<uint8_t> &blob) {
  return peek<tg_executable_header>(blob, 0);
}

#endif // TGRT_TEST_BLOB_BUILDER_H
