//===- FuzzSupport.h - what the fuzz harnesses share ------------*- C++ -*-===//
#ifndef TG_TEST_FUZZ_FUZZSUPPORT_H
#define TG_TEST_FUZZ_FUZZSUPPORT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace tg::fuzz {

/// The input as a file (an anonymous memory file, /proc/self/fd/N), for the
/// readers that take a path; closed when this goes.
class MemoryFile {
public:
  MemoryFile(const uint8_t *data, size_t size) : fd_(memfd_create("tg-fuzz", MFD_CLOEXEC)) {
    for (size_t done = 0; fd_ >= 0 && done < size;) {
      ssize_t written = ::write(fd_, data + done, size - done);
      if (written <= 0)
        break;
      done += size_t(written);
    }
  }
  ~MemoryFile() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  MemoryFile(const MemoryFile &) = delete;
  MemoryFile &operator=(const MemoryFile &) = delete;
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

private:
  int fd_;
};

} // namespace tg::fuzz

#endif // TG_TEST_FUZZ_FUZZSUPPORT_H
