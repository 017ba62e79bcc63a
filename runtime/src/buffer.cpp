//===- buffer.cpp - device memory behind a reference count ----------------===//

#include "buffer.h"

#include "device.h"

#include <new>

using namespace tgrt;

tgrt_status tgrt::allocateBuffer(Device *device, uint64_t size, Buffer **buffer) {
  void *memory = nullptr;
  BackendError error;
  if (size > 0 && !device->cache.allocate(size, &memory, error))
    return fail(TGRT_OUT_OF_MEMORY, "%s could not allocate %llu bytes: %s",
                device->name.c_str(), static_cast<unsigned long long>(size),
                error.reason());
  *buffer = new (std::nothrow) Buffer{{1}, device, size, memory};
  if (!*buffer) {
    if (memory)
      device->cache.release(size, memory);
    return fail(TGRT_OUT_OF_MEMORY, "out of host memory for a buffer handle");
  }
  retainDevice(device);
  return TGRT_OK;
}

void tgrt::releaseBuffer(Buffer *buffer) {
  if (buffer->refs.fetch_sub(1) != 1)
    return;
  if (buffer->memory)
    buffer->device->cache.release(buffer->size, buffer->memory);
  releaseDevice(buffer->device);
  delete buffer;
}

extern "C" tgrt_status tgrt_buffer_alloc(tgrt_device deviceToken,
                                         uint64_t size_bytes,
                                         tgrt_buffer *token) {
  if (!token)
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_buffer_alloc: `buffer` is NULL");
  *token = nullptr;
  Device *device = lookup<Device>(deviceToken, "tgrt_buffer_alloc", "device");
  if (!device)
    return TGRT_INVALID_ARGUMENT;
  Buffer *buffer;
  if (tgrt_status status = allocateBuffer(device, size_bytes, &buffer))
    return status;
  *token = tokenFor(buffer);
  return succeed();
}

extern "C" tgrt_status tgrt_buffer_retain(tgrt_buffer token) {
  HandleTable::Found found = handles().retain(token, HandleKind::Buffer);
  if (found.state != tg::HandleState::Live)
    return refuse(found, HandleKind::Buffer, "tgrt_buffer_retain", "buffer");
  return succeed();
}

extern "C" tgrt_status tgrt_buffer_release(tgrt_buffer token) {
  return releaseToken<Buffer>(token, "tgrt_buffer_release", "buffer", releaseBuffer);
}

extern "C" uint64_t tgrt_buffer_size(tgrt_buffer token) {
  Buffer *buffer = lookup<Buffer>(token, "tgrt_buffer_size", "buffer");
  if (!buffer)
    return 0;
  succeed();
  return buffer->size;
}

// Checks the arguments of a read or write of `size` bytes at `offset`.
static tgrt_status checkTransfer(const char *call, Buffer *buffer,
                                 uint64_t offset, const void *data,
                                 uint64_t size) {
  if (!buffer)
    return TGRT_INVALID_ARGUMENT; // lookup() said why
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

extern "C" tgrt_status tgrt_buffer_write(tgrt_buffer token, uint64_t offset,
                                         const void *data,
                                         uint64_t size_bytes) {
  Buffer *buffer = lookup<Buffer>(token, "tgrt_buffer_write", "buffer");
  if (tgrt_status status =
          checkTransfer("tgrt_buffer_write", buffer, offset, data, size_bytes))
    return status;
  Device *device = buffer->device;
  BackendError error;
  if (size_bytes > 0 &&
      device->backend->write(device->handle, buffer->memory, offset, data,
                             size_bytes, error.text) != 0)
    return fail(TGRT_BACKEND_ERROR, "writing %llu bytes to %s failed: %s",
                static_cast<unsigned long long>(size_bytes),
                device->name.c_str(), error.reason());
  return succeed();
}

extern "C" tgrt_status tgrt_buffer_read(tgrt_buffer token, uint64_t offset,
                                        void *data, uint64_t size_bytes) {
  Buffer *buffer = lookup<Buffer>(token, "tgrt_buffer_read", "buffer");
  if (tgrt_status status =
          checkTransfer("tgrt_buffer_read", buffer, offset, data, size_bytes))
    return status;
  Device *device = buffer->device;
  BackendError error;
  if (size_bytes > 0 &&
      device->backend->read(device->handle, buffer->memory, offset, data,
                            size_bytes, error.text) != 0)
    return fail(TGRT_BACKEND_ERROR, "reading %llu bytes from %s failed: %s",
                static_cast<unsigned long long>(size_bytes),
                device->name.c_str(), error.reason());
  return succeed();
}
