//===- executable_format.h - a validated executable -----------------------===//
#ifndef TGRT_EXECUTABLE_FORMAT_H
#define TGRT_EXECUTABLE_FORMAT_H

#include "tg_executable.h"
#include "tgrt.h"

#include <cstring>
#include <memory>
#include <vector>

namespace tgrt {

const char *dtypeName(uint32_t dtype);

// A copy of an executable blob whose every offset, size, count and index has
// been checked, so the accessors below need no further checks. The tables of
// fixed-size records are unpacked; variable-length arrays and strings are
// read from the copy where they are, so a blob whose arrays overlap costs no
// more memory than its size.
class ExecutableImage {
public:
  // Copies and validates `size` bytes; fails with TGRT_INVALID_EXECUTABLE
  // (or TGRT_OUT_OF_MEMORY) and a sentence naming the bad field.
  tgrt_status load(const uint8_t *data, uint64_t size);

  const tg_executable_header &header() const { return header_; }
  const std::vector<tg_buffer_desc> &buffers() const { return buffers_; }
  const std::vector<tg_kernel_desc> &kernels() const { return kernels_; }
  const std::vector<tg_step> &steps() const { return steps_; }

  uint32_t input(uint32_t i) const { return id(header_.inputs_offset, i); }
  uint32_t output(uint32_t i) const { return id(header_.outputs_offset, i); }
  uint32_t stepBuffer(const tg_step &step, uint32_t i) const {
    return id(step.buffers_offset, i);
  }
  int64_t dim(const tg_buffer_desc &buffer, uint32_t axis) const {
    return read<int64_t>(buffer.shape_offset + 8ull * axis);
  }
  const char *string(uint64_t offset) const {
    return reinterpret_cast<const char *>(bytes_.get() + offset);
  }
  const char *binaryKind() const { return string(header_.binary_kind_offset); }
  const char *name() const {
    return header_.name_offset ? string(header_.name_offset) : "";
  }
  const char *kernelName(uint32_t kernel) const {
    return string(kernels_[kernel].symbol_offset);
  }
  const uint8_t *binary() const { return bytes_.get() + header_.binary_offset; }

private:
  template <class T> T read(uint64_t offset) const {
    T value;
    std::memcpy(&value, bytes_.get() + offset, sizeof(T));
    return value;
  }
  uint32_t id(uint64_t arrayOffset, uint32_t i) const {
    return read<uint32_t>(arrayOffset + 4ull * i);
  }
  template <class T>
  tgrt_status unpack(const char *what, uint64_t offset, uint32_t count,
                     std::vector<T> *table);
  tgrt_status checkArray(const char *what, uint64_t offset, uint64_t count,
                         uint64_t itemSize) const;
  tgrt_status checkString(const char *what, uint64_t offset) const;
  tgrt_status checkIds(const char *what, uint64_t offset, uint32_t count) const;
  tgrt_status checkBuffers() const;
  tgrt_status checkSteps() const;
  tgrt_status checkSignature() const;

  std::unique_ptr<uint8_t[]> bytes_;
  uint64_t size_ = 0;
  tg_executable_header header_;
  std::vector<tg_buffer_desc> buffers_;
  std::vector<tg_kernel_desc> kernels_;
  std::vector<tg_step> steps_;
};

} // namespace tgrt

#endif // TGRT_EXECUTABLE_FORMAT_H
