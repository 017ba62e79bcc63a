//===- buffer.h - device memory behind a reference count ------------------===//
#ifndef TGRT_BUFFER_H
#define TGRT_BUFFER_H

#include "handles.h"

#include <atomic>

namespace tgrt {

// A zero-size buffer is valid and has no memory (nullptr): nothing is
// allocated for it and kernels receive a null pointer.
struct Buffer {
  std::atomic<uint32_t> refs{1};
  Device *device;
  uint64_t size;
  void *memory;
};

// A new buffer with one reference, or a failure that fail() explains.
tgrt_status allocateBuffer(Device *device, uint64_t size, Buffer **buffer);
// Drops a reference; the memory returns to the device's cache with the last.
void releaseBuffer(Buffer *buffer);

} // namespace tgrt

#endif // TGRT_BUFFER_H
