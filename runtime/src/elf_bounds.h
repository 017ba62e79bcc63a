//===- elf_bounds.h - an ELF image's headers fit its bytes ------*- C++ -*-===//
//
// Internal to libtgrt and the in-tree plug-ins (not installed): the CPU
// backend and the CUDA/HIP plug-ins both hand ELF images to a loader that
// trusts their headers.
//
//===----------------------------------------------------------------------===//
#ifndef TGRT_ELF_BOUNDS_H
#define TGRT_ELF_BOUNDS_H

#include "tg_backend.h"

#include <algorithm>
#include <cstring>
#include <elf.h>

namespace tgrt {

/// Whether everything the ELF headers of `binary` describe (program and
/// section header tables, segments, sections with contents) lies within its
/// `size` bytes. glibc's loader and GPU drivers read an image by its own
/// headers, not knowing its size: a truncated or corrupt image would have
/// them read past its end. On failure writes why into `error`, naming the
/// image `what` ("the CPU binary").
inline bool elfFitsInSize(const void *binary, uint64_t size, const char *what, char *error) {
  const char *bytes = static_cast<const char *>(binary);
  Elf64_Ehdr header;
  if (size < sizeof header) {
    tg_backend_error(error, "%s is %llu bytes, too small for an ELF header", what,
                     static_cast<unsigned long long>(size));
    return false;
  }
  std::memcpy(&header, bytes, sizeof header);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64 ||
      (header.e_phnum && header.e_phentsize != sizeof(Elf64_Phdr)) ||
      (header.e_shnum && header.e_shentsize != sizeof(Elf64_Shdr))) {
    tg_backend_error(error, "%s is not a 64-bit ELF file", what);
    return false;
  }
  uint64_t end = 0;
  bool overflow = false;
  auto covers = [&](uint64_t offset, uint64_t length) {
    uint64_t last;
    overflow |= __builtin_add_overflow(offset, length, &last);
    end = std::max(end, last);
  };
  covers(header.e_phoff, uint64_t(header.e_phnum) * sizeof(Elf64_Phdr));
  covers(header.e_shoff, uint64_t(header.e_shnum) * sizeof(Elf64_Shdr));
  // The entries are read only once their tables are known to fit.
  for (unsigned i = 0; i < header.e_phnum && !overflow && end <= size; ++i) {
    Elf64_Phdr segment;
    std::memcpy(&segment, bytes + header.e_phoff + i * sizeof segment, sizeof segment);
    covers(segment.p_offset, segment.p_filesz);
  }
  for (unsigned i = 0; i < header.e_shnum && !overflow && end <= size; ++i) {
    Elf64_Shdr section;
    std::memcpy(&section, bytes + header.e_shoff + i * sizeof section, sizeof section);
    if (section.sh_type != SHT_NOBITS)
      covers(section.sh_offset, section.sh_size);
  }
  if (overflow || end > size) {
    tg_backend_error(error, "%s is truncated: its ELF headers describe more than its %llu bytes",
                     what, static_cast<unsigned long long>(size));
    return false;
  }
  return true;
}

} // namespace tgrt

#endif // TGRT_ELF_BOUNDS_H
