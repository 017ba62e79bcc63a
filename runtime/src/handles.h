//===- handles.h - tgrt.h's handles as checked tokens ---------------------===//
//
// A tgrt_device, tgrt_buffer or tgrt_executable is a token of one table
// (tg/Support/HandleTable.h), not a pointer: a released, foreign or
// mistyped handle is an error the call reports, not undefined behaviour.
// A token's references (from open, alloc, retain and run's results)
// together keep one reference to its object; the runtime's own references
// (a buffer's to its device, run's to its scratch buffers) are the objects'.
//
//===----------------------------------------------------------------------===//
#ifndef TGRT_HANDLES_H
#define TGRT_HANDLES_H

#include "error.h"
#include "tg/Support/HandleTable.h"

namespace tgrt {

struct Device;
struct Buffer;
struct Executable;

enum class HandleKind { Device, Buffer, Executable };
using HandleTable = tg::HandleTable<HandleKind>;

HandleTable &handles();

// What each object's token is.
template <typename Object> struct HandleOf;
template <> struct HandleOf<Device> {
  using Token = tgrt_device;
  static constexpr HandleKind kind = HandleKind::Device;
};
template <> struct HandleOf<Buffer> {
  using Token = tgrt_buffer;
  static constexpr HandleKind kind = HandleKind::Buffer;
};
template <> struct HandleOf<Executable> {
  using Token = tgrt_executable;
  static constexpr HandleKind kind = HandleKind::Executable;
};

// TGRT_INVALID_ARGUMENT, saying why the argument `what` of `call` is not a
// live handle of the `expected` kind.
tgrt_status refuse(const HandleTable::Found &found, HandleKind expected,
                   const char *call, const char *what);

// The object behind a live token, or null once fail() has said why.
template <typename Object>
Object *lookup(typename HandleOf<Object>::Token token, const char *call, const char *what) {
  HandleTable::Found found = handles().find(token, HandleOf<Object>::kind);
  if (found.state != tg::HandleState::Live) {
    refuse(found, HandleOf<Object>::kind, call, what);
    return nullptr;
  }
  return static_cast<Object *>(found.object);
}

// True once exit() has run the handler registered after a backend's first
// device opened (device.cpp). From then on releases do not call backends:
// the driver's own static objects (the Vulkan validation layer's, for one)
// may already be destroyed, and the process's memory goes back to the
// system anyway.
bool processIsExiting();

// A release function of tgrt.h: nothing for NULL or once the process is
// exiting; `destroy` drops the object's reference with the token's last.
template <typename Object, typename Destroy>
tgrt_status releaseToken(typename HandleOf<Object>::Token token, const char *call,
                         const char *what, Destroy destroy) {
  if (processIsExiting())
    return TGRT_OK;
  if (!token)
    return succeed();
  HandleTable::Found found = handles().release(token, HandleOf<Object>::kind);
  if (found.state != tg::HandleState::Live)
    return refuse(found, HandleOf<Object>::kind, call, what);
  if (found.lastReference)
    destroy(static_cast<Object *>(found.object));
  return succeed();
}

// A new token for `object`, which takes over one of its references.
template <typename Object> typename HandleOf<Object>::Token tokenFor(Object *object) {
  return static_cast<typename HandleOf<Object>::Token>(
      handles().add(object, HandleOf<Object>::kind));
}

} // namespace tgrt

#endif // TGRT_HANDLES_H
