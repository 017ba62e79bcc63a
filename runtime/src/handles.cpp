//===- handles.cpp - tgrt.h's handles as checked tokens -------------------===//

#include "handles.h"

using namespace tgrt;

HandleTable &tgrt::handles() {
  // Never destroyed: releases may come from other static destructors.
  static auto *table = new HandleTable();
  return *table;
}

static const char *kindName(HandleKind kind) {
  switch (kind) {
  case HandleKind::Device: return "a device";
  case HandleKind::Buffer: return "a buffer";
  case HandleKind::Executable: return "an executable";
  }
  return "another kind of";
}

tgrt_status tgrt::refuse(const HandleTable::Found &found, HandleKind expected,
                         const char *call, const char *what) {
  switch (found.state) {
  case tg::HandleState::Null:
    return fail(TGRT_INVALID_ARGUMENT, "%s: `%s` is NULL", call, what);
  case tg::HandleState::Released:
    return fail(TGRT_INVALID_ARGUMENT, "%s: `%s` was released", call, what);
  case tg::HandleState::OtherKind:
    return fail(TGRT_INVALID_ARGUMENT, "%s: `%s` is %s handle, not %s handle",
                call, what, kindName(found.kind), kindName(expected));
  case tg::HandleState::Unknown:
  case tg::HandleState::Live:
    break;
  }
  return fail(TGRT_INVALID_ARGUMENT, "%s: `%s` is not a handle tgrt gave out",
              call, what);
}
