//===- buffer.h - device memory behind a reference count ------------------===//
#ifndef TGRT_BUFFER_H
#define TGRT_BUFFER_H

#include "tgrt.h"

#include <atomic>

// A zero-size buffer is valid and has no memory (nullptr): nothing is
// allocated for it and kernels receive a null pointer.
struct tgrt_buffer_t {
  std::atomic<uint32_t> refs{1};
  tgrt_device device;
  uint64_t size;
  void *memory;
};

#endif // TGRT_BUFFER_H
