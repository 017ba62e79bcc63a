//===- InputText.h - tg-run's --input values as text ------------*- C++ -*-===//
//
// How tg-run reads the values of an --input list or @file: split into
// elements (TextSource, ElementLexer), each parsed exactly for its dtype
// (parseElement). Apart from tg-run so that a fuzz harness
// (test/fuzz/fuzz_run_input.cpp) drives the same code.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TOOLS_TG_RUN_INPUTTEXT_H
#define TG_TOOLS_TG_RUN_INPUTTEXT_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tgrun {

/// The longest text of one element an --input list or @file may hold, and
/// the bytes per element an @file may have (with its whitespace), so that
/// reading one (/dev/zero, a FIFO) ends.
constexpr size_t kMaxElementText = 256;

/// The MLIR name of a tg_dtype ("f32", "ui8"; "?" for none).
const char *dtypeName(uint32_t dtype);

bool isFloatType(uint32_t dtype);

bool isUnsignedType(uint32_t dtype);

/// Writes one element of a float type, given as a double, at `out`.
void storeFloat(uint32_t dtype, double v, char *out);

/// Parses one element of `dtype` into `out`: integers exactly and within the
/// type's range, i1 as 0, 1, true or false, floats (inf and nan too) to the
/// nearest value of the type, if not beyond its largest. The whole text must
/// be the value. On failure, what is wrong with it (it "is not a value of
/// this type" or "is out of range for i8").
std::string parseElement(uint32_t dtype, llvm::StringRef text, char *out);

/// Text to quote in a message: printable, and not too long.
std::string quoted(llvm::StringRef text);

/// The text of an --input list or @file, a byte at a time. A file is read
/// in chunks, and no more than `limit` bytes of it: a FIFO or /dev/zero
/// ends too.
class TextSource {
public:
  explicit TextSource(llvm::StringRef text) : text(text) {}
  TextSource(const TextSource &) = delete;
  ~TextSource() {
    if (file)
      llvm::sys::fs::closeFile(*file);
  }
  /// Reads `path` instead; a sentence on failure.
  std::string open(const std::string &path, uint64_t maxBytes, uint64_t elements) {
    llvm::Expected<llvm::sys::fs::file_t> opened = llvm::sys::fs::openNativeFileForRead(path);
    if (!opened)
      return "cannot read " + path + ": " + llvm::toString(opened.takeError());
    file = *opened;
    text = {};
    name = path;
    limit = maxBytes;
    tooLong = path + " is longer than " + std::to_string(limit) + " bytes, more than " +
              std::to_string(elements) + " elements take";
    chunk.resize(64 * 1024);
    return "";
  }
  /// The next byte, or -1 at the end or on a failure (then `problem` says
  /// which).
  int get() {
    if (pos == text.size() && (!file || !refill()))
      return -1;
    unsigned char c = text[pos++];
    if (!llvm::isPrint(c) && !llvm::isSpace(c)) {
      problem = (file ? name + " is not text: byte " : "byte ") +
                std::to_string(consumed + pos - 1) + " is " +
                llvm::formatv("{0:x2}", unsigned(c)).str();
      return -1;
    }
    return c;
  }
  std::string problem;

private:
  bool refill() {
    consumed += text.size();
    text = {};
    pos = 0;
    if (consumed > limit) {
      problem = tooLong;
      return false;
    }
    // At most one byte beyond the limit: enough to tell that there is more.
    uint64_t want = std::min<uint64_t>(chunk.size(), limit - consumed + 1);
    llvm::Expected<size_t> got =
        llvm::sys::fs::readNativeFile(*file, llvm::MutableArrayRef<char>(chunk.data(), want));
    if (!got) {
      problem = "cannot read " + name + ": " + llvm::toString(got.takeError());
      return false;
    }
    text = llvm::StringRef(chunk.data(), *got);
    return !text.empty();
  }

  llvm::StringRef text;
  size_t pos = 0;
  std::optional<llvm::sys::fs::file_t> file;
  std::string name, tooLong;
  std::vector<char> chunk;
  uint64_t consumed = 0, limit = 0;
};

/// Splits a list into its elements: separated by a comma, by whitespace or
/// by both (one comma at most between two elements; none before the first
/// or after the last).
class ElementLexer {
public:
  explicit ElementLexer(TextSource &source) : source(source) {}
  /// The next element into `element`; false at the end or on a problem
  /// (then `problem` says which). `index` counts the elements read.
  bool next(std::string &element) {
    element.clear();
    int c = source.get();
    while (true) {
      while (c != -1 && llvm::isSpace(c))
        c = source.get();
      if (c != ',')
        break;
      if (afterComma || index == 0)
        return empty();
      afterComma = true;
      c = source.get();
    }
    if (c == -1) {
      problem = source.problem;
      return afterComma && problem.empty() ? empty() : false;
    }
    for (; c != -1 && c != ',' && !llvm::isSpace(c); c = source.get()) {
      if (element.size() == kMaxElementText) {
        problem = "element " + std::to_string(index) + " is longer than " +
                  std::to_string(kMaxElementText) + " characters";
        return false;
      }
      element += char(c);
    }
    if (c == -1 && !source.problem.empty()) {
      problem = source.problem;
      return false;
    }
    afterComma = c == ',';
    ++index;
    return true;
  }
  uint64_t index = 0;
  std::string problem;

private:
  bool empty() {
    problem = "element " + std::to_string(index) + " is empty";
    return false;
  }
  TextSource &source;
  bool afterComma = false;
};

} // namespace tgrun

#endif // TG_TOOLS_TG_RUN_INPUTTEXT_H
