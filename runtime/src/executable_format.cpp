//===- executable_format.cpp - validating an executable blob --------------===//
//
// Nothing in a blob is trusted: every table, array and string must lie inside
// it and every index must name an existing entry before anything reads it.
//
//===----------------------------------------------------------------------===//

#include "executable_format.h"

#include "error.h"

#include <new>

namespace tgrt {

const char *dtypeName(uint32_t dtype) {
  switch (dtype) {
  case TG_DTYPE_BOOL: return "bool";
  case TG_DTYPE_INT8: return "int8";
  case TG_DTYPE_UINT8: return "uint8";
  case TG_DTYPE_INT16: return "int16";
  case TG_DTYPE_UINT16: return "uint16";
  case TG_DTYPE_INT32: return "int32";
  case TG_DTYPE_UINT32: return "uint32";
  case TG_DTYPE_INT64: return "int64";
  case TG_DTYPE_UINT64: return "uint64";
  case TG_DTYPE_FLOAT16: return "float16";
  case TG_DTYPE_BFLOAT16: return "bfloat16";
  case TG_DTYPE_FLOAT32: return "float32";
  case TG_DTYPE_FLOAT64: return "float64";
  default: return "unknown";
  }
}

static const char *roleName(uint32_t role) {
  switch (role) {
  case TG_BUFFER_INPUT: return "input";
  case TG_BUFFER_OUTPUT: return "output";
  default: return "intermediate";
  }
}

__attribute__((format(printf, 1, 2))) static tgrt_status
invalid(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string why = vformat(fmt, args);
  va_end(args);
  return fail(TGRT_INVALID_EXECUTABLE, "invalid executable: %s", why.c_str());
}

using ull = unsigned long long;

tgrt_status ExecutableImage::checkArray(const char *what, uint64_t offset,
                                        uint64_t count,
                                        uint64_t itemSize) const {
  if (offset <= size_ && count <= (size_ - offset) / itemSize)
    return TGRT_OK;
  std::string extent =
      itemSize == 1 ? format("%llu bytes", ull(count))
                    : format("%llu entries of %llu bytes", ull(count),
                             ull(itemSize));
  return invalid("%s (%s at offset %llu) runs past the end of the %llu-byte "
                 "executable", what, extent.c_str(), ull(offset), ull(size_));
}

tgrt_status ExecutableImage::checkString(const char *what,
                                         uint64_t offset) const {
  if (offset >= size_)
    return invalid("%s (at offset %llu) is outside the %llu-byte executable",
                   what, ull(offset), ull(size_));
  if (!std::memchr(bytes_.get() + offset, '\0', size_ - offset))
    return invalid("%s (at offset %llu) has no terminating NUL before the end "
                   "of the executable", what, ull(offset));
  return TGRT_OK;
}

tgrt_status ExecutableImage::checkIds(const char *what, uint64_t offset,
                                      uint32_t count) const {
  if (tgrt_status status = checkArray(what, offset, count, 4))
    return status;
  for (uint32_t i = 0; i < count; ++i)
    if (id(offset, i) >= buffers_.size())
      return invalid("%s: entry %u is buffer %u, but there are %zu buffers",
                     what, i, id(offset, i), buffers_.size());
  return TGRT_OK;
}

template <class T>
tgrt_status ExecutableImage::unpack(const char *what, uint64_t offset,
                                    uint32_t count, std::vector<T> *table) {
  if (tgrt_status status = checkArray(what, offset, count, sizeof(T)))
    return status;
  table->resize(count);
  if (count)
    std::memcpy(table->data(), bytes_.get() + offset, count * sizeof(T));
  return TGRT_OK;
}

tgrt_status ExecutableImage::checkBuffers() const {
  for (uint32_t b = 0; b < buffers_.size(); ++b) {
    const tg_buffer_desc &buffer = buffers_[b];
    uint64_t bytes = tg_dtype_size(buffer.dtype);
    if (bytes == 0)
      return invalid("buffer %u has unknown dtype %u", b, buffer.dtype);
    if (buffer.role < TG_BUFFER_INPUT || buffer.role > TG_BUFFER_INTERMEDIATE)
      return invalid("buffer %u has unknown role %u (1 input, 2 output, 3 "
                     "intermediate)", b, buffer.role);
    if (tgrt_status status =
            checkArray(format("the shape of buffer %u", b).c_str(),
                       buffer.shape_offset, buffer.rank, 8))
      return status;
    std::string shape;
    bool overflow = false;
    for (uint32_t axis = 0; axis < buffer.rank; ++axis) {
      int64_t extent = dim(buffer, axis);
      if (extent < 0)
        return invalid("dimension %u of buffer %u is negative (%lld)", axis, b,
                       static_cast<long long>(extent));
      overflow |= __builtin_mul_overflow(bytes, uint64_t(extent), &bytes);
      shape += format("%s%lld", axis ? "x" : "", static_cast<long long>(extent));
    }
    if (overflow)
      return invalid("the shape %s of buffer %u has more than 2^64 bytes",
                     shape.c_str(), b);
    if (bytes != buffer.size_bytes)
      return invalid("buffer %u is %llu bytes, but %s[%s] is %llu bytes", b,
                     ull(buffer.size_bytes), dtypeName(buffer.dtype),
                     shape.c_str(), ull(bytes));
    if (buffer.name_offset)
      if (tgrt_status status = checkString(
              format("the name of buffer %u", b).c_str(), buffer.name_offset))
        return status;
  }
  return TGRT_OK;
}

tgrt_status ExecutableImage::checkSteps() const {
  for (uint32_t s = 0; s < steps_.size(); ++s) {
    const tg_step &step = steps_[s];
    if (step.kind == TG_STEP_LAUNCH) {
      if (step.kernel >= kernels_.size())
        return invalid("step %u launches kernel %u, but there are %zu kernels",
                       s, step.kernel, kernels_.size());
      if (step.num_buffers != kernels_[step.kernel].num_buffers)
        return invalid("step %u passes %u buffers to kernel %u (%s), which "
                       "takes %u", s, step.num_buffers, step.kernel,
                       kernelName(step.kernel),
                       kernels_[step.kernel].num_buffers);
    } else if (step.kind == TG_STEP_COPY) {
      if (step.num_buffers != 2)
        return invalid("copy step %u has %u buffers, not 2 (destination, "
                       "source)", s, step.num_buffers);
    } else {
      return invalid("step %u has unknown kind %u (1 launch, 2 copy)", s,
                     step.kind);
    }
    if (tgrt_status status =
            checkIds(format("the buffer list of step %u", s).c_str(),
                     step.buffers_offset, step.num_buffers))
      return status;
    if (step.kind == TG_STEP_LAUNCH) {
      const tg_kernel_desc &kernel = kernels_[step.kernel];
      for (uint32_t i = 0; i < step.num_buffers; ++i) {
        uint32_t b = stepBuffer(step, i);
        uint64_t accessed = read<uint64_t>(kernel.arg_bytes_offset + 8ull * i);
        // An intermediate may be a buffer shared with a larger one.
        bool fits = buffers_[b].role == TG_BUFFER_INTERMEDIATE
                        ? buffers_[b].size_bytes >= accessed
                        : buffers_[b].size_bytes == accessed;
        if (!fits)
          return invalid("step %u passes buffer %u (%llu bytes) as argument %u "
                         "of kernel %u (%s), which accesses %llu bytes",
                         s, b, ull(buffers_[b].size_bytes), i, step.kernel,
                         kernelName(step.kernel), ull(accessed));
      }
    }
    if (step.kind == TG_STEP_COPY) {
      uint32_t dst = stepBuffer(step, 0), src = stepBuffer(step, 1);
      if (dst == src)
        return invalid("copy step %u copies buffer %u onto itself", s, dst);
      if (buffers_[dst].size_bytes != buffers_[src].size_bytes)
        return invalid("copy step %u copies buffer %u (%llu bytes) into "
                       "buffer %u (%llu bytes); the sizes must match", s, src,
                       ull(buffers_[src].size_bytes), dst,
                       ull(buffers_[dst].size_bytes));
    }
  }
  return TGRT_OK;
}

// Every input buffer is exactly one argument; every output buffer is a
// result; a result may also be an argument (an in-place update).
tgrt_status ExecutableImage::checkSignature() const {
  if (tgrt_status status = checkIds("the input list", header_.inputs_offset,
                                    header_.num_inputs))
    return status;
  if (tgrt_status status = checkIds("the output list", header_.outputs_offset,
                                    header_.num_outputs))
    return status;
  std::vector<bool> isArgument(buffers_.size()), isResult(buffers_.size());
  for (uint32_t i = 0; i < header_.num_inputs; ++i) {
    uint32_t b = input(i);
    if (buffers_[b].role != TG_BUFFER_INPUT)
      return invalid("input %u is buffer %u, whose role is %s, not input", i,
                     b, roleName(buffers_[b].role));
    if (isArgument[b])
      return invalid("buffer %u is listed twice in the input list", b);
    isArgument[b] = true;
  }
  for (uint32_t i = 0; i < header_.num_outputs; ++i) {
    uint32_t b = output(i);
    if (buffers_[b].role == TG_BUFFER_INTERMEDIATE)
      return invalid("output %u is buffer %u, an intermediate", i, b);
    isResult[b] = true;
  }
  for (uint32_t b = 0; b < buffers_.size(); ++b) {
    if (buffers_[b].role == TG_BUFFER_INPUT && !isArgument[b])
      return invalid("buffer %u is an input but not in the input list", b);
    if (buffers_[b].role == TG_BUFFER_OUTPUT && !isResult[b])
      return invalid("buffer %u is an output but not in the output list", b);
  }
  return TGRT_OK;
}

tgrt_status ExecutableImage::load(const uint8_t *data, uint64_t size) {
  if (size < sizeof(header_))
    return invalid("it is %llu bytes, shorter than the %zu-byte header",
                   ull(size), sizeof(header_));
  std::memcpy(&header_, data, sizeof(header_));
  if (std::memcmp(header_.magic, TG_EXECUTABLE_MAGIC,
                  TG_EXECUTABLE_MAGIC_SIZE) != 0)
    return invalid("it does not start with the magic \"TGEXEC\\0\\0\"");
  if (header_.version != TG_EXECUTABLE_VERSION)
    return invalid("it has format version %u; this runtime reads version %u",
                   header_.version, TG_EXECUTABLE_VERSION);
  if (header_.header_size != sizeof(header_))
    return invalid("header_size is %u, but a version %u header is %zu bytes",
                   header_.header_size, TG_EXECUTABLE_VERSION, sizeof(header_));
  if (header_.total_size != size)
    return invalid("%sits header says it is %llu bytes, but %llu were given",
                   header_.total_size > size ? "truncated: " : "",
                   ull(header_.total_size), ull(size));

  bytes_.reset(new (std::nothrow) uint8_t[size]);
  if (!bytes_)
    return fail(TGRT_OUT_OF_MEMORY,
                "out of host memory copying a %llu-byte executable", ull(size));
  std::memcpy(bytes_.get(), data, size);
  size_ = size;

  if (tgrt_status status = unpack("the buffer table", header_.buffers_offset,
                                  header_.num_buffers, &buffers_))
    return status;
  if (tgrt_status status = unpack("the kernel table", header_.kernels_offset,
                                  header_.num_kernels, &kernels_))
    return status;
  if (tgrt_status status = unpack("the step table", header_.steps_offset,
                                  header_.num_steps, &steps_))
    return status;
  if (tgrt_status status = checkString("the binary kind", header_.binary_kind_offset))
    return status;
  if (strnlen(binaryKind(), TG_BINARY_KIND_MAX) == TG_BINARY_KIND_MAX)
    return invalid("the binary kind is longer than %d characters", TG_BINARY_KIND_MAX - 1);
  if (header_.name_offset)
    if (tgrt_status status =
            checkString("the function name", header_.name_offset))
      return status;
  if (tgrt_status status = checkArray("the binary", header_.binary_offset,
                                      header_.binary_size, 1))
    return status;
  if (!kernels_.empty() && header_.binary_size == 0)
    return invalid("it has %zu kernels but an empty binary", kernels_.size());
  for (uint32_t k = 0; k < kernels_.size(); ++k) {
    if (kernels_[k].symbol_offset == 0)
      return invalid("kernel %u has no entry point name", k);
    if (tgrt_status status = checkString(
            format("the entry point name of kernel %u", k).c_str(),
            kernels_[k].symbol_offset))
      return status;
    if (!*kernelName(k))
      return invalid("kernel %u has an empty entry point name", k);
    if (tgrt_status status = checkArray(
            format("the argument sizes of kernel %u", k).c_str(),
            kernels_[k].arg_bytes_offset, kernels_[k].num_buffers, 8))
      return status;
  }
  if (tgrt_status status = checkBuffers())
    return status;
  if (tgrt_status status = checkSteps())
    return status;
  return checkSignature();
}

} // namespace tgrt
