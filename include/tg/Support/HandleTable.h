//===- HandleTable.h - handles of a C ABI as checked tokens -----*- C++ -*-===//
//
// A C ABI that hands out raw pointers cannot tell a released handle from a
// live one: releasing twice or using a handle after its release is undefined
// behaviour. Here a handle is a token instead: a slot of the table (low 32
// bits, plus one so a token is never NULL) and that slot's generation (high
// 32 bits), which advances when the slot's last reference goes. A stale, a
// foreign or a mistyped token is then found out and reported by the caller.
// Header-only and free of MLIR: both tg.h (lib/CAPI) and the runtime's
// tgrt.h use it.
//
//===----------------------------------------------------------------------===//
#ifndef TG_SUPPORT_HANDLETABLE_H
#define TG_SUPPORT_HANDLETABLE_H

#include <cstdint>
#include <mutex>
#include <vector>

namespace tg {

/// What looking a token up found.
enum class HandleState {
  Live,
  Null,     // the token is NULL
  Unknown,  // no slot of this table: not a handle at all
  Released, // the slot's generation moved on: released already
  OtherKind // live, but a handle of another kind
};

/// The handles of one C ABI; `Kind` tells the kinds of object apart.
template <typename Kind> class HandleTable {
public:
  struct Found {
    HandleState state;
    void *object; // the object when Live, else null
    Kind kind;    // the slot's kind when Live or OtherKind
    bool lastReference = false; // release(): the token is dead now
  };

  /// A new token for `object`, holding one reference.
  void *add(void *object, Kind kind) {
    std::lock_guard<std::mutex> lock(mutex_);
    uint32_t index;
    if (!free_.empty()) {
      index = free_.back();
      free_.pop_back();
    } else {
      index = uint32_t(slots_.size());
      slots_.emplace_back();
    }
    Slot &slot = slots_[index];
    slot.object = object;
    slot.kind = kind;
    slot.references = 1;
    return tokenOf(index, slot.generation);
  }

  Found find(const void *token, Kind kind) {
    std::lock_guard<std::mutex> lock(mutex_);
    Slot *slot;
    return lookup(token, kind, slot);
  }

  /// One more reference to a live token.
  Found retain(const void *token, Kind kind) {
    std::lock_guard<std::mutex> lock(mutex_);
    Slot *slot;
    Found found = lookup(token, kind, slot);
    if (found.state == HandleState::Live)
      ++slot->references;
    return found;
  }

  /// One reference fewer; with the last one the token dies (its slot's
  /// generation advances) and `lastReference` is set.
  Found release(const void *token, Kind kind) {
    std::lock_guard<std::mutex> lock(mutex_);
    Slot *slot;
    Found found = lookup(token, kind, slot);
    if (found.state != HandleState::Live || --slot->references > 0)
      return found;
    found.lastReference = true;
    slot->object = nullptr;
    ++slot->generation;
    free_.push_back(uint32_t(slot - slots_.data()));
    return found;
  }

private:
  struct Slot {
    void *object = nullptr; // null while free
    Kind kind{};
    uint32_t generation = 0;
    uint32_t references = 0;
  };

  static void *tokenOf(uint32_t index, uint32_t generation) {
    return reinterpret_cast<void *>(uintptr_t(uint64_t(generation) << 32 | (uint64_t(index) + 1)));
  }

  Found lookup(const void *token, Kind kind, Slot *&slot) {
    slot = nullptr;
    if (!token)
      return {HandleState::Null, nullptr, kind};
    uint64_t bits = reinterpret_cast<uintptr_t>(token);
    uint64_t index = (bits & 0xffffffffu) - 1;
    if (index >= slots_.size())
      return {HandleState::Unknown, nullptr, kind};
    slot = &slots_[index];
    if (slot->generation != uint32_t(bits >> 32) || !slot->object)
      return {HandleState::Released, nullptr, kind};
    if (slot->kind != kind)
      return {HandleState::OtherKind, nullptr, slot->kind};
    return {HandleState::Live, slot->object, kind};
  }

  std::mutex mutex_;
  std::vector<Slot> slots_;
  std::vector<uint32_t> free_;
};

} // namespace tg

#endif // TG_SUPPORT_HANDLETABLE_H
