//===- buffer.cpp - device memory behind a reference count ----------------===//

#include "buffer.h"

#include "device.h"

#include <new>

using namespace tgrt;

extern "C" tgrt_status tgrt_buffer_alloc(tgrt_device device,
                                         uint64_t size_bytes,
                                         tgrt_buffer *buffer) {
  if (!buffer)
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_buffer_alloc: `buffer` is NULL");
  *buffer = nullptr;
  if (!device)
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_buffer_alloc: `device` is NULL");
  void *memory = nullptr;
  BackendError error;
  if (size_bytes > 0 && !device->cache.allocate(size_bytes, &memory, error))
    return fail(TGRT_OUT_OF_MEMORY, "%s could not allocate %llu bytes: %s",
                device->name.c_str(),
                static_cast<unsigned long long>(size_bytes), error.reason());
  tgrt_buffer created =
      new (std::nothrow) tgrt_buffer_t{{1}, device, size_bytes, memory};
  if (!created) {
    if (memory)
      device->cache.release(size_bytes, memory);
    return fail(TGRT_OUT_OF_MEMORY, "out of host memory for a buffer handle");
  }
  retainDevice(device);
  *buffer = created;
  return succeed();
}

extern "C" void tgrt_buffer_retain(tgrt_buffer buffer) {
  if (buffer)
    buffer->refs.fetch_add(1);
}

extern "C" void tgrt_buffer_release(tgrt_buffer buffer) {
  if (!buffer || processIsExiting() || buffer->refs.fetch_sub(1) != 1)
    return;
  if (buffer->memory)
    buffer->device->cache.release(buffer->size, buffer->memory);
  tgrt_device_release(buffer->device);
  delete buffer;
}

extern "C" uint64_t tgrt_buffer_size(tgrt_buffer buffer) {
  if (!buffer) {
    fail(TGRT_INVALID_ARGUMENT, "tgrt_buffer_size: `buffer` is NULL");
    return 0;
  }
  succeed();
  return buffer->size;
}

// Checks the arguments of a read or write of `size` bytes at `offset`.
static tgrt_status checkTransfer(const char *call, tgrt_buffer buffer,
                                 uint64_t offset, const void *data,
                                 uint64_t size) {
  if (!buffer)
    return fail(TGRT_INVALID_ARGUMENT, "%s: `buffer` is NULL", call);
  if (!data && size > 0)
    return fail(TGRT_INVALID_ARGUMENT, "%s: `data` is NULL", call);
  if (offset > buffer->size || size > buffer->size - offset)
    return fail(TGRT_INVALID_ARGUMENT,
                "%s: %llu bytes at offset %llu run past the end of a %llu-byte "
                "buffer", call, static_cast<unsigned long long>(size),
                static_cast<unsigned long long>(offset),
                static_cast<unsigned long long>(buffer->size));
  return TGRT_OK;
}

extern "C" tgrt_status tgrt_buffer_write(tgrt_buffer buffer, uint64_t offset,
                                         const void *data,
                                         uint64_t size_bytes) {
  if (tgrt_status status =
          checkTransfer("tgrt_buffer_write", buffer, offset, data, size_bytes))
    return status;
  tgrt_device device = buffer->device;
  BackendError error;
  if (size_bytes > 0 &&
      device->backend->write(device->handle, buffer->memory, offset, data,
                             size_bytes, error.text) != 0)
    return fail(TGRT_BACKEND_ERROR, "writing %llu bytes to %s failed: %s",
                static_cast<unsigned long long>(size_bytes),
                device->name.c_str(), error.reason());
  return succeed();
}

extern "C" tgrt_status tgrt_buffer_read(tgrt_buffer buffer, uint64_t offset,
                                        void *data, uint64_t size_bytes) {
  if (tgrt_status status =
          checkTransfer("tgrt_buffer_read", buffer, offset, data, size_bytes))
    return status;
  tgrt_device device = buffer->device;
  BackendError error;
  if (size_bytes > 0 &&
      device->backend->read(device->handle, buffer->memory, offset, data,
                            size_bytes, error.text) != 0)
    return fail(TGRT_BACKEND_ERROR, "reading %llu bytes from %s failed: %s",
                static_cast<unsigned long long>(size_bytes),
                device->name.c_str(), error.reason());
  return succeed();
}
