//===- TorchLoad.cpp - PyTorch checkpoints, tar and zip archives -----------===//
//
// tinygrad's nn/state.py readers of other programs' files: zip and tar
// archives, and the checkpoints torch.save writes (a zip of a pickle and
// raw storages since PyTorch 1.6, one stream of pickles and storages
// before, a tar of them in PyTorch 0.3). The files are untrusted: every offset, length and count is
// checked against the bytes there are, and whatever does not add up is a
// tg::Error naming the file, never a crash.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include "tg/Tensor/state.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <zlib.h>

namespace tg::nn::state {
namespace {

//===----------------------------------------------------------------------===//
// Inputs and errors
//===----------------------------------------------------------------------===//

/// What is being read, for errors: "tg::nn::torch_load: model.pt: why".
class Source {
public:
  Source(const char *op, std::string name) : op_(op), name_(std::move(name)) {}
  [[noreturn]] void fail(const std::string &why) const {
    throw Error(std::string("tg::nn::") + op_ + ": " + name_ + ": " + why);
  }

private:
  const char *op_;
  std::string name_;
};

/// The bytes of a file (mapped, not copied, when it is large) or of a
/// uint8 tensor.
class Input {
public:
  Input(const char *op, const std::string &path) : source(op, path) {
    auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (!file)
      source.fail("cannot read the file: " + file.getError().message());
    mapped_ = std::move(*file);
    bytes = std::string_view(mapped_->getBufferStart(), mapped_->getBufferSize());
  }
  Input(const char *op, const Tensor &t)
      : source(op, "a tensor of " + std::to_string(t.defined() ? t.numel() : 0) + " bytes") {
    if (!t.defined() || t.dtype() != DType::UInt8 || t.ndim() != 1)
      source.fail("the archive must be a 1-D uint8 tensor of its bytes");
    copied_ = readBytes(t);
    bytes = copied_;
  }

  Source source;
  std::string_view bytes;

private:
  std::unique_ptr<llvm::MemoryBuffer> mapped_;
  std::string copied_;
};

/// Little-endian integers of `bytes`, read only where they are.
uint64_t littleEndian(std::string_view bytes, size_t at, size_t width, const Source &source,
                      const std::string &what) {
  if (at > bytes.size() || width > bytes.size() - at)
    source.fail(what + " at byte " + std::to_string(at) + " runs past the end (" +
                std::to_string(bytes.size()) + " bytes)");
  uint64_t value = 0;
  for (size_t i = width; i-- > 0;)
    value = value << 8 | uint8_t(bytes[at + i]);
  return value;
}

/// bytes[at, at + size), when it is inside bytes.
std::string_view slice(std::string_view bytes, uint64_t at, uint64_t size, const Source &source,
                       const std::string &what) {
  if (at > bytes.size() || size > bytes.size() - at)
    source.fail(what + " [" + std::to_string(at) + ", +" + std::to_string(size) +
                ") runs past the end (" + std::to_string(bytes.size()) + " bytes)");
  return bytes.substr(at, size);
}

/// An archive member: a view of the archive's bytes, or its own inflated
/// bytes.
struct Member {
  std::string_view bytes;
  std::shared_ptr<const std::string> inflated;
};
using Members = std::map<std::string, Member>;

StateDict asTensors(const Members &members) {
  StateDict tensors;
  for (const auto &[name, member] : members)
    tensors[name] = fromBytes(member.bytes.data(), member.bytes.size(), DType::UInt8,
                              {int64_t(member.bytes.size())});
  return tensors;
}

//===----------------------------------------------------------------------===//
// zip
//===----------------------------------------------------------------------===//

constexpr uint32_t kLocalHeader = 0x04034b50, kCentralHeader = 0x02014b50,
                   kEnd64Locator = 0x07064b50, kEnd64Record = 0x06064b50;
constexpr size_t kEndRecordSize = 22, kEnd64LocatorSize = 20;

struct Directory {
  uint64_t count, size, offset;
};

struct ZipEntry {
  std::string name;
  uint16_t flags, method;
  uint32_t crc;
  uint64_t compressedSize, size, headerOffset;
};

class ZipReader {
public:
  ZipReader(std::string_view bytes, const Source &source) : bytes_(bytes), source_(source) {}

  Members members() const {
    Directory directory = findDirectory();
    Members members;
    uint64_t at = directory.offset;
    for (uint64_t i = 0; i < directory.count; ++i) {
      ZipEntry entry = centralEntry(at);
      members[entry.name] = extract(entry);
    }
    if (at != directory.offset + directory.size)
      source_.fail("the central directory is " + std::to_string(directory.size) +
                   " bytes, but its entries are " + std::to_string(at - directory.offset));
    return members;
  }

private:
  uint64_t field(size_t at, size_t width, const char *what) const {
    return littleEndian(bytes_, at, width, source_, what);
  }

  /// The end of central directory record, found from the end of the file
  /// (it is followed only by a comment of up to 65535 bytes), and the
  /// ZIP64 record it may point to.
  Directory findDirectory() const {
    if (bytes_.size() < kEndRecordSize)
      source_.fail("too short for a zip archive (" + std::to_string(bytes_.size()) + " bytes)");
    size_t lowest = bytes_.size() - std::min(bytes_.size(), kEndRecordSize + 0xFFFF);
    for (size_t at = bytes_.size() - kEndRecordSize + 1; at-- > lowest;)
      if (bytes_.substr(at, 4) == "PK\x05\x06" &&
          at + kEndRecordSize + field(at + 20, 2, "the comment length") <= bytes_.size())
        return directoryAt(at);
    source_.fail("not a zip archive: no end of central directory record");
  }

  Directory directoryAt(size_t end) const {
    if (field(end + 4, 2, "the disk number") != 0 || field(end + 6, 2, "the disk number") != 0)
      source_.fail("archives split over several disks are not supported");
    if (end >= kEnd64LocatorSize &&
        field(end - kEnd64LocatorSize, 4, "a signature") == kEnd64Locator)
      return directory64(field(end - kEnd64LocatorSize + 8, 8, "the ZIP64 record offset"));
    return {field(end + 10, 2, "the entry count"), field(end + 12, 4, "the directory size"),
            field(end + 16, 4, "the directory offset")};
  }

  Directory directory64(uint64_t at) const {
    if (at > bytes_.size() || field(at, 4, "the ZIP64 end record") != kEnd64Record)
      source_.fail("the ZIP64 end of central directory record is missing");
    return {field(at + 32, 8, "the ZIP64 entry count"),
            field(at + 40, 8, "the ZIP64 directory size"),
            field(at + 48, 8, "the ZIP64 directory offset")};
  }

  /// The entry at `at`, which moves past it.
  ZipEntry centralEntry(uint64_t &at) const {
    if (field(at, 4, "a central directory entry") != kCentralHeader)
      source_.fail("no central directory entry at byte " + std::to_string(at));
    uint64_t nameLength = field(at + 28, 2, "a name length"),
             extraLength = field(at + 30, 2, "an extra length"),
             commentLength = field(at + 32, 2, "a comment length");
    ZipEntry entry{std::string(slice(bytes_, at + 46, nameLength, source_, "a member name")),
                   uint16_t(field(at + 8, 2, "the flags")),
                   uint16_t(field(at + 10, 2, "the compression method")),
                   uint32_t(field(at + 16, 4, "the CRC-32")),
                   field(at + 20, 4, "the compressed size"),
                   field(at + 24, 4, "the size"),
                   field(at + 42, 4, "the local header offset")};
    readZip64Extra(slice(bytes_, at + 46 + nameLength, extraLength, source_, "an extra field"),
                   entry);
    at += 46 + nameLength + extraLength + commentLength;
    return entry;
  }

  /// ZIP64 stores the sizes and the offset that do not fit 32 bits in an
  /// extra field, in this order, only those that are 0xFFFFFFFF.
  void readZip64Extra(std::string_view extra, ZipEntry &entry) const {
    for (size_t at = 0; at + 4 <= extra.size();) {
      uint64_t id = littleEndian(extra, at, 2, source_, "an extra field id"),
               length = littleEndian(extra, at + 2, 2, source_, "an extra field length");
      std::string_view data = slice(extra, at + 4, length, source_, "an extra field");
      if (id == 1) {
        size_t next = 0;
        for (uint64_t *value : {&entry.size, &entry.compressedSize, &entry.headerOffset})
          if (*value == 0xFFFFFFFF) {
            *value = littleEndian(data, next, 8, source_, "\"" + entry.name + "\"'s ZIP64 field");
            next += 8;
          }
      }
      at += 4 + length;
    }
  }

  Member extract(const ZipEntry &entry) const {
    std::string what = "member \"" + entry.name + "\"";
    if (entry.flags & 1)
      source_.fail(what + " is encrypted");
    uint64_t at = entry.headerOffset;
    if (at > bytes_.size() || field(at, 4, "a local header") != kLocalHeader)
      source_.fail(what + " has no local header at byte " + std::to_string(at));
    uint64_t dataStart =
        at + 30 + field(at + 26, 2, "a name length") + field(at + 28, 2, "an extra length");
    std::string_view data =
        slice(bytes_, dataStart, entry.compressedSize, source_, what + "'s data");
    Member member{data, nullptr};
    if (entry.method == 8) {
      member.inflated = std::make_shared<const std::string>(inflate(data, entry.size, what));
      member.bytes = *member.inflated;
    } else if (entry.method != 0) {
      source_.fail(what + " uses compression method " + std::to_string(entry.method) +
                   "; only stored (0) and deflate (8) are supported");
    } else if (entry.size != entry.compressedSize) {
      source_.fail(what + " is stored, but its sizes differ");
    }
    if (crc32_z(0, reinterpret_cast<const Bytef *>(member.bytes.data()), member.bytes.size()) !=
        entry.crc)
      source_.fail(what + " is corrupted (its CRC-32 does not match)");
    return member;
  }

  /// Raw deflate data to exactly `size` bytes.
  std::string inflate(std::string_view data, uint64_t size, const std::string &what) const {
    // Deflate expands at most about 1032:1, so a larger claim is a
    // corrupted header, not a reason to allocate.
    if (size / 1032 > data.size() + 1)
      source_.fail(what + " claims " + std::to_string(size) + " bytes from " +
                   std::to_string(data.size()) + " compressed ones");
    std::string out(size, '\0');
    z_stream stream{};
    if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
      source_.fail("zlib cannot start inflating");
    size_t readBytes = 0, written = 0;
    int status = Z_OK;
    while (status == Z_OK) {
      stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data() + readBytes));
      stream.avail_in = uInt(std::min<size_t>(data.size() - readBytes, UINT_MAX));
      stream.next_out = reinterpret_cast<Bytef *>(out.data() + written);
      stream.avail_out = uInt(std::min<size_t>(out.size() - written, UINT_MAX));
      uInt inBefore = stream.avail_in, outBefore = stream.avail_out;
      status = ::inflate(&stream, Z_NO_FLUSH);
      readBytes += inBefore - stream.avail_in;
      written += outBefore - stream.avail_out;
      if (status == Z_OK && inBefore == stream.avail_in && outBefore == stream.avail_out)
        status = Z_BUF_ERROR; // no progress: the input or the room ran out
    }
    std::string reason = stream.msg ? std::string(" (") + stream.msg + ")" : "";
    inflateEnd(&stream);
    if (status != Z_STREAM_END || written != size)
      source_.fail(what + " does not inflate to its " + std::to_string(size) + " bytes" + reason);
    return out;
  }

  std::string_view bytes_;
  const Source &source_;
};

//===----------------------------------------------------------------------===//
// tar
//===----------------------------------------------------------------------===//

constexpr size_t kBlock = 512;

/// A NUL-terminated header field.
std::string_view text(std::string_view block, size_t at, size_t width) {
  std::string_view field = block.substr(at, width);
  return field.substr(0, std::min(field.find('\0'), field.size()));
}

bool allZero(std::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == 0; });
}

/// Whether the header's checksum is the sum of its bytes with the checksum
/// field as spaces (some writers summed signed chars).
bool checksumMatches(std::string_view block) {
  std::string_view field = text(block, 148, 8);
  uint64_t stored = 0;
  size_t digits = 0;
  for (char c : field) {
    if (c >= '0' && c <= '7')
      stored = stored * 8 + uint64_t(c - '0'), ++digits;
    else if (c != ' ')
      return false;
  }
  int64_t unsignedSum = 0, signedSum = 0;
  for (size_t i = 0; i < kBlock; ++i) {
    char c = i >= 148 && i < 156 ? ' ' : block[i];
    unsignedSum += uint8_t(c);
    signedSum += int8_t(c);
  }
  return digits > 0 && (int64_t(stored) == unsignedSum || int64_t(stored) == signedSum);
}

/// The size field: octal, or base-256 (big-endian, the first byte's top
/// bit set) for sizes of 8 GiB and more.
uint64_t tarSize(std::string_view block, const Source &source, size_t at) {
  std::string_view field = block.substr(124, 12);
  uint64_t size = 0;
  if (uint8_t(field[0]) & 0x80) {
    for (size_t i = 1; i < field.size(); ++i) {
      if (size >> 56)
        source.fail("the size of the member at byte " + std::to_string(at) + " is too large");
      size = size << 8 | uint8_t(field[i]);
    }
    return size;
  }
  for (char c : text(field, 0, field.size())) {
    if (c == ' ')
      continue;
    if (c < '0' || c > '7' || size >> 60)
      source.fail("the member at byte " + std::to_string(at) + " has a malformed size");
    size = size * 8 + uint64_t(c - '0');
  }
  return size;
}

/// The "path" and "size" of a PAX extended header's "LENGTH key=value\n"
/// records.
void readPax(std::string_view records, std::optional<std::string> &path,
             std::optional<uint64_t> &size, const Source &source) {
  while (!records.empty()) {
    size_t space = records.find(' ');
    uint64_t length = 0;
    for (char c : records.substr(0, space)) {
      if (c < '0' || c > '9' || length > records.size())
        source.fail("a malformed PAX record");
      length = length * 10 + uint64_t(c - '0');
    }
    if (space == std::string_view::npos || length <= space + 1 || length > records.size() ||
        records[length - 1] != '\n')
      source.fail("a malformed PAX record");
    std::string_view record = records.substr(space + 1, length - space - 2);
    size_t equals = record.find('=');
    std::string_view key = record.substr(0, equals), value = record.substr(equals + 1);
    if (equals != std::string_view::npos && key == "path")
      path = std::string(value);
    if (equals != std::string_view::npos && key == "size") {
      uint64_t n = 0;
      for (char c : value) {
        if (c < '0' || c > '9' || n >> 59)
          source.fail("a malformed PAX size");
        n = n * 10 + uint64_t(c - '0');
      }
      size = n;
    }
    records.remove_prefix(length);
  }
}

Members tarMembers(std::string_view bytes, const Source &source) {
  std::string_view first = bytes.substr(0, kBlock);
  if (first.size() < kBlock || (!allZero(first) && !checksumMatches(first)))
    source.fail("not a tar archive (no header with a valid checksum at byte 0)");
  Members members;
  std::optional<std::string> longName;  // from a GNU 'L' or PAX header
  std::optional<uint64_t> extendedSize; // from a PAX header
  size_t at = 0;
  while (at < bytes.size()) {
    std::string_view block = slice(bytes, at, kBlock, source, "a tar header");
    if (allZero(block))
      break; // the end-of-archive blocks
    if (!checksumMatches(block))
      source.fail("the tar header at byte " + std::to_string(at) + " has a bad checksum");
    uint64_t size = extendedSize.value_or(tarSize(block, source, at));
    std::string_view data = slice(bytes, at + kBlock, size, source, "a tar member's data");
    char type = block[156];
    if (type == 'L') {
      longName = std::string(text(data, 0, data.size()));
    } else if (type == 'x') {
      readPax(data, longName, extendedSize, source);
    } else if (type != 'K' && type != 'g') { // long link names, global PAX headers
      std::string name(text(block, 0, 100));
      std::string_view prefix = text(block, 345, 155);
      if (block.substr(257, 6) == std::string_view("ustar\0", 6) && !prefix.empty())
        name = std::string(prefix) + "/" + name;
      name = longName.value_or(name);
      if ((type == '0' || type == '\0') && (name.empty() || name.back() != '/'))
        members[name] = {data, nullptr};
      longName.reset();
      extendedSize.reset();
    }
    at += kBlock + (size + kBlock - 1) / kBlock * kBlock;
  }
  return members;
}

//===----------------------------------------------------------------------===//
// Pickles
//===----------------------------------------------------------------------===//

/// A storage of a checkpoint: its data is found by its key.
struct StorageRef {
  std::string key;
  DType dtype;
  uint64_t numel;
};

/// torch._utils._rebuild_tensor_v2's arguments: a strided view of a
/// storage.
struct TensorSpec {
  const StorageRef *storage;
  uint64_t offset;
  Shape size;
  std::vector<int64_t> stride;
};

/// The globals a checkpoint of tensors needs; the unpickler refuses others.
enum class Callable {
  OrderedDict,
  RebuildTensor,
  RebuildParameter,
  Encode,
  StorageType,
  TensorType
};
struct Global {
  const char *name;
  Callable callable;
  DType dtype; // of a storage type
};
constexpr Global kGlobals[] = {
    {"collections.OrderedDict", Callable::OrderedDict, DType::UInt8},
    {"torch._utils._rebuild_tensor", Callable::RebuildTensor, DType::UInt8},
    {"torch._utils._rebuild_tensor_v2", Callable::RebuildTensor, DType::UInt8},
    {"torch._utils._rebuild_parameter", Callable::RebuildParameter, DType::UInt8},
    {"torch._utils._rebuild_parameter_with_state", Callable::RebuildParameter, DType::UInt8},
    {"_codecs.encode", Callable::Encode, DType::UInt8}, // bytes, in protocol 2
    {"torch.FloatStorage", Callable::StorageType, DType::Float32},
    {"torch.HalfStorage", Callable::StorageType, DType::Float16},
    {"torch.BFloat16Storage", Callable::StorageType, DType::BFloat16},
    {"torch.DoubleStorage", Callable::StorageType, DType::Float64},
    {"torch.LongStorage", Callable::StorageType, DType::Int64},
    {"torch.IntStorage", Callable::StorageType, DType::Int32},
    {"torch.ShortStorage", Callable::StorageType, DType::Int16},
    {"torch.CharStorage", Callable::StorageType, DType::Int8},
    {"torch.ByteStorage", Callable::StorageType, DType::UInt8},
    {"torch.BoolStorage", Callable::StorageType, DType::Bool},
};
/// torch.FloatTensor and the others of PyTorch 0.3's tar format, named
/// there only beside their storage's type.
constexpr Global kTensorType = {"torch.<type>Tensor", Callable::TensorType, DType::UInt8};

enum class Kind {
  None,
  Bool,
  Int,
  BigInt,
  Float,
  String,
  Bytes,
  Tuple,
  List,
  Dict,
  Global,
  Storage,
  Tensor
};

const char *kindName(Kind kind) {
  static const char *const names[] = {"None",   "bool",    "int",   "int",  "float",
                                      "str",    "bytes",   "tuple", "list", "dict",
                                      "global", "storage", "tensor"};
  return names[int(kind)];
}

/// The pickle opcodes the unpickler runs, as Python's pickletools names
/// them.
namespace opcode {
constexpr char PROTO = '\x80', FRAME = '\x95', STOP = '.', MARK = '(', POP = '0', POP_MARK = '1',
               DUP = '2', NONE = 'N', NEWTRUE = '\x88', NEWFALSE = '\x89', BININT = 'J',
               BININT1 = 'K', BININT2 = 'M', LONG1 = '\x8a', LONG4 = '\x8b', BINFLOAT = 'G',
               SHORT_BINUNICODE = '\x8c', BINUNICODE = 'X', BINUNICODE8 = '\x8d',
               SHORT_BINSTRING = 'U', BINSTRING = 'T', SHORT_BINBYTES = 'C', BINBYTES = 'B',
               BINBYTES8 = '\x8e', EMPTY_TUPLE = ')', EMPTY_LIST = ']', EMPTY_DICT = '}',
               TUPLE = 't', TUPLE1 = '\x85', TUPLE2 = '\x86', TUPLE3 = '\x87', LIST = 'l',
               DICT = 'd', APPEND = 'a', APPENDS = 'e', SETITEM = 's', SETITEMS = 'u', BINPUT = 'q',
               LONG_BINPUT = 'r', MEMOIZE = '\x94', BINGET = 'h', LONG_BINGET = 'j', GLOBAL = 'c',
               STACK_GLOBAL = '\x93', REDUCE = 'R', BUILD = 'b', BINPERSID = 'Q';
} // namespace opcode

/// A Python object of the pickle. (Small: a pickle can make one with each
/// byte.)
struct Value {
  Kind kind = Kind::None;
  int64_t integer = 0;        // Bool, Int
  double number = 0;          // Float
  std::string text;           // String, Bytes; BigInt: little-endian two's complement
  std::vector<Value *> items; // Tuple, List; Dict: keys and values, alternating
  const Global *global = nullptr;
  const StorageRef *storage = nullptr;
  std::unique_ptr<TensorSpec> tensor;
};

/// The key as Python compares it (True == 1), for str, int and bool keys.
std::optional<std::string> keyOf(const Value &key) {
  if (key.kind == Kind::String)
    return "s" + key.text;
  if (key.kind == Kind::Int || key.kind == Kind::Bool)
    return "i" + std::to_string(key.integer);
  return std::nullopt;
}

/// The pickle machine of Python's pickle module (protocols 2 to 5, the
/// opcodes containers of numbers, strings and tensors use), with
/// torch.load's persistent storages. Values live as long as the unpickler
/// (a pickle can make cycles, so they are not reference counted).
class Unpickler {
public:
  Unpickler(std::string_view bytes, const Source &source, std::string what)
      : bytes_(bytes), source_(source), what_(std::move(what)) {}

  /// Pickles from other bytes next (the values made so far stay).
  void setInput(std::string_view bytes, std::string what) {
    bytes_ = bytes;
    what_ = std::move(what);
  }

  /// Runs the pickle at `pos` to its STOP and leaves `pos` after it.
  Value *load(size_t &pos) {
    pos_ = pos;
    stack_.clear();
    metastack_.clear();
    memo_.clear();
    for (;;) {
      opcodeAt_ = pos_;
      char op = char(take(1)[0]);
      if (op == opcode::STOP) {
        Value *result = pop();
        pos = pos_;
        return result;
      }
      step(op);
    }
  }

  size_t valueCount() const { return arena_.size(); }
  /// Every storage the pickles named, by key.
  const std::map<std::string, StorageRef> &storages() const { return storages_; }
  /// The storage `key` (every reference to it must agree on its dtype and
  /// size).
  const StorageRef *addStorage(const std::string &key, DType dtype, uint64_t numel);
  /// A strided view of `storage`, checked to be inside it. A size, stride
  /// or offset over INT64_MAX is an error (a negative one, cast).
  Value *makeTensor(const StorageRef *storage, uint64_t offset, const std::vector<uint64_t> &size,
                    const std::vector<uint64_t> &stride);
  /// The tensor that persistent id `key` (PyTorch 0.3's) names.
  void addTensor(const std::string &key, Value *tensor) { tensors_[key] = tensor; }

  [[noreturn]] void fail(const std::string &why) const {
    source_.fail(why + " (at byte " + std::to_string(opcodeAt_) + " of " + what_ + ")");
  }

private:
  std::string_view take(uint64_t n) {
    if (n > bytes_.size() - pos_)
      fail("the pickle ends early");
    std::string_view out = bytes_.substr(pos_, n);
    pos_ += n;
    return out;
  }
  uint64_t unsignedLE(size_t width) { return littleEndian(take(width), 0, width, source_, what_); }
  /// A length field: a count of bytes that must follow.
  uint64_t length(size_t width) { return unsignedLE(width); }
  /// A 4-byte length that Python reads as signed.
  uint64_t signedLength() {
    uint64_t n = length(4);
    if (n >> 31)
      fail("a negative length");
    return n;
  }

  Value *make(Kind kind) {
    arena_.emplace_back();
    arena_.back().kind = kind;
    return &arena_.back();
  }
  Value *makeInt(int64_t n, Kind kind = Kind::Int) {
    Value *v = make(kind);
    v->integer = n;
    return v;
  }
  Value *makeText(Kind kind, std::string_view text) {
    Value *v = make(kind);
    v->text = std::string(text);
    return v;
  }
  Value *makeSequence(Kind kind, std::vector<Value *> items) {
    Value *v = make(kind);
    v->items = std::move(items);
    return v;
  }

  void push(Value *v) { stack_.push_back(v); }
  Value *pop() {
    if (stack_.empty())
      fail("the pickle's stack is empty");
    Value *v = stack_.back();
    stack_.pop_back();
    return v;
  }
  Value *top(Kind kind, const char *op) {
    if (stack_.empty() || stack_.back()->kind != kind)
      fail(std::string(op) + " needs a " + kindName(kind) + " on the stack");
    return stack_.back();
  }
  /// The objects pushed since the last MARK, which is removed.
  std::vector<Value *> popMark() {
    if (metastack_.empty())
      fail("no MARK to pop to");
    std::vector<Value *> items = std::move(stack_);
    stack_ = std::move(metastack_.back());
    metastack_.pop_back();
    return items;
  }
  Value *memoGet(uint64_t index) {
    auto it = memo_.find(index);
    if (it == memo_.end())
      fail("the memo has no entry " + std::to_string(index));
    return it->second;
  }
  void memoPut(uint64_t index) {
    if (stack_.empty())
      fail("nothing on the stack to memoize");
    memo_[index] = stack_.back();
  }

  /// Python's d[key] = value: a key it has keeps its place.
  void setItem(Value *dict, Value *key, Value *value) {
    std::optional<std::string> id = keyOf(*key);
    if (id) {
      auto [it, added] = dictKeys_[dict].emplace(*id, dict->items.size());
      if (!added) {
        dict->items[it->second + 1] = value;
        return;
      }
    }
    dict->items.push_back(key);
    dict->items.push_back(value);
  }
  void setItems(Value *dict, const std::vector<Value *> &items) {
    if (items.size() % 2)
      fail("an odd number of keys and values for a dict");
    for (size_t i = 0; i < items.size(); i += 2)
      setItem(dict, items[i], items[i + 1]);
  }

  /// n bytes of two's complement, little-endian: an int when it fits 64
  /// bits (legacy checkpoints' magic number does not).
  Value *makeLong(std::string_view bytes) {
    if (bytes.size() > 8)
      return makeText(Kind::BigInt, bytes);
    uint64_t n = bytes.empty() ? 0 : littleEndian(bytes, 0, bytes.size(), source_, what_);
    if (!bytes.empty() && bytes.size() < 8 && (uint8_t(bytes.back()) & 0x80))
      n |= ~uint64_t(0) << (8 * bytes.size()); // sign extension
    return makeInt(int64_t(n));
  }

  Value *findGlobal(std::string_view module, std::string_view name) {
    std::string full = std::string(module) + "." + std::string(name);
    std::string asStorage = full.size() > 6 && full.compare(full.size() - 6, 6, "Tensor") == 0
                                ? full.substr(0, full.size() - 6) + "Storage"
                                : "";
    for (const Global &g : kGlobals)
      if (full == g.name || asStorage == g.name) {
        Value *v = make(Kind::Global);
        v->global = full == g.name ? &g : &kTensorType;
        return v;
      }
    fail("unsupported global " + full +
         " (torch_load reads tensors and dicts, lists, tuples, numbers and strings of them)");
  }
  std::string_view line() {
    size_t end = bytes_.find('\n', pos_);
    if (end == std::string_view::npos)
      fail("the pickle ends early");
    size_t length = end - pos_;
    return take(length + 1).substr(0, length);
  }

  void step(char op);
  Value *reduce(Value *callable, Value *args);
  Value *rebuildTensor(const std::vector<Value *> &args);
  Value *persistentLoad(Value *pid);
  Value *latin1(Value *args);

  std::string_view bytes_;
  const Source &source_;
  std::string what_;
  size_t pos_ = 0, opcodeAt_ = 0;
  std::deque<Value> arena_;
  std::vector<Value *> stack_;
  std::vector<std::vector<Value *>> metastack_;
  std::unordered_map<uint64_t, Value *> memo_;
  /// Where each str or int key of a dict is in its items.
  std::unordered_map<const Value *, std::unordered_map<std::string, size_t>> dictKeys_;
  std::map<std::string, StorageRef> storages_;
  std::map<std::string, Value *> tensors_;
};

void Unpickler::step(char op) {
  using namespace opcode;
  switch (op) {
  case PROTO:
    if (uint8_t(take(1)[0]) > 5)
      fail("pickle protocol " + std::to_string(uint8_t(bytes_[pos_ - 1])) + " is not supported");
    return;
  case FRAME: // only a hint for buffering
    take(8);
    return;
  case MARK:
    metastack_.push_back(std::move(stack_));
    stack_.clear();
    return;
  case POP:
    return stack_.empty() ? void(popMark()) : void(pop());
  case POP_MARK:
    popMark();
    return;
  case DUP: {
    Value *v = pop();
    push(v);
    return push(v);
  }
  case NONE:
    return push(make(Kind::None));
  case NEWTRUE:
    return push(makeInt(1, Kind::Bool));
  case NEWFALSE:
    return push(makeInt(0, Kind::Bool));
  case BININT:
    return push(makeInt(int32_t(uint32_t(unsignedLE(4)))));
  case BININT1:
    return push(makeInt(int64_t(unsignedLE(1))));
  case BININT2:
    return push(makeInt(int64_t(unsignedLE(2))));
  case LONG1:
    return push(makeLong(take(length(1))));
  case LONG4:
    return push(makeLong(take(signedLength())));
  case BINFLOAT: { // big-endian
    uint64_t bits = 0;
    for (char c : take(8))
      bits = bits << 8 | uint8_t(c);
    Value *v = make(Kind::Float);
    std::memcpy(&v->number, &bits, 8);
    return push(v);
  }
  case SHORT_BINUNICODE:
  case SHORT_BINSTRING: // Python 2's str
    return push(makeText(Kind::String, take(length(1))));
  case BINUNICODE:
    return push(makeText(Kind::String, take(length(4))));
  case BINUNICODE8:
    return push(makeText(Kind::String, take(length(8))));
  case BINSTRING:
    return push(makeText(Kind::String, take(signedLength())));
  case SHORT_BINBYTES:
    return push(makeText(Kind::Bytes, take(length(1))));
  case BINBYTES:
    return push(makeText(Kind::Bytes, take(length(4))));
  case BINBYTES8:
    return push(makeText(Kind::Bytes, take(length(8))));
  case EMPTY_TUPLE:
    return push(make(Kind::Tuple));
  case EMPTY_LIST:
    return push(make(Kind::List));
  case EMPTY_DICT:
    return push(make(Kind::Dict));
  case TUPLE:
    return push(makeSequence(Kind::Tuple, popMark()));
  case LIST:
    return push(makeSequence(Kind::List, popMark()));
  case TUPLE1:
  case TUPLE2:
  case TUPLE3: {
    std::vector<Value *> items(size_t(op - TUPLE1) + 1);
    for (size_t i = items.size(); i-- > 0;)
      items[i] = pop();
    return push(makeSequence(Kind::Tuple, std::move(items)));
  }
  case DICT: {
    std::vector<Value *> items = popMark();
    Value *dict = make(Kind::Dict);
    setItems(dict, items);
    return push(dict);
  }
  case APPEND: {
    Value *v = pop();
    top(Kind::List, "APPEND")->items.push_back(v);
    return;
  }
  case APPENDS: {
    std::vector<Value *> items = popMark();
    std::vector<Value *> &list = top(Kind::List, "APPENDS")->items;
    list.insert(list.end(), items.begin(), items.end());
    return;
  }
  case SETITEM: {
    Value *value = pop(), *key = pop();
    return setItem(top(Kind::Dict, "SETITEM"), key, value);
  }
  case SETITEMS: {
    std::vector<Value *> items = popMark();
    return setItems(top(Kind::Dict, "SETITEMS"), items);
  }
  case BINPUT:
    return memoPut(unsignedLE(1));
  case LONG_BINPUT:
    return memoPut(unsignedLE(4));
  case MEMOIZE:
    return memoPut(memo_.size());
  case BINGET:
    return push(memoGet(unsignedLE(1)));
  case LONG_BINGET:
    return push(memoGet(unsignedLE(4)));
  case GLOBAL: {
    std::string_view module = line();
    return push(findGlobal(module, line()));
  }
  case STACK_GLOBAL: {
    Value *name = pop(), *module = pop();
    if (name->kind != Kind::String || module->kind != Kind::String)
      fail("STACK_GLOBAL needs two strings");
    return push(findGlobal(module->text, name->text));
  }
  case REDUCE: {
    Value *args = pop();
    return push(reduce(pop(), args));
  }
  case BUILD: // only an OrderedDict's attributes (a state dict's _metadata)
    pop();
    top(Kind::Dict, "BUILD");
    return;
  case BINPERSID:
    return push(persistentLoad(pop()));
  default: {
    char code[8];
    std::snprintf(code, sizeof code, "0x%02x", unsigned(uint8_t(op)));
    fail(std::string("unsupported pickle opcode ") + code +
         (op >= ' ' && op <= '~' ? std::string(" '") + op + "'" : std::string()));
  }
  }
}

Value *Unpickler::reduce(Value *callable, Value *args) {
  if (callable->kind != Kind::Global)
    fail(std::string("REDUCE calls a ") + kindName(callable->kind));
  if (args->kind != Kind::Tuple)
    fail(std::string("REDUCE of ") + callable->global->name + " has no argument tuple");
  const std::vector<Value *> &items = args->items;
  switch (callable->global->callable) {
  case Callable::OrderedDict:
    if (!items.empty())
      fail("collections.OrderedDict with arguments");
    return make(Kind::Dict);
  case Callable::RebuildTensor:
    return rebuildTensor(items);
  case Callable::RebuildParameter: // the parameter's data, without requires_grad
    if (items.empty() || items[0]->kind != Kind::Tensor)
      fail(std::string(callable->global->name) + " without a tensor");
    return items[0];
  case Callable::Encode:
    return latin1(args);
  case Callable::StorageType:
  case Callable::TensorType:
    break;
  }
  fail(std::string("calling ") + callable->global->name);
}

/// Python 3's bytes in protocol 2: _codecs.encode(text, "latin1").
Value *Unpickler::latin1(Value *args) {
  const std::vector<Value *> &items = args->items;
  if (items.size() != 2 || items[0]->kind != Kind::String || items[1]->kind != Kind::String ||
      (items[1]->text != "latin1" && items[1]->text != "latin-1"))
    fail("_codecs.encode other than of a string to latin1");
  Value *v = make(Kind::Bytes);
  const std::string &utf8 = items[0]->text;
  for (size_t i = 0; i < utf8.size(); ++i) {
    uint8_t c = uint8_t(utf8[i]);
    if (c < 0x80)
      v->text.push_back(char(c));
    else if ((c == 0xC2 || c == 0xC3) && i + 1 < utf8.size())
      v->text.push_back(char((c & 0x03) << 6 | (uint8_t(utf8[++i]) & 0x3F)));
    else
      fail("_codecs.encode of a character beyond latin1");
  }
  return v;
}

/// A non-negative int, or UINT64_MAX.
uint64_t countOf(const Value *v) {
  return v->kind == Kind::Int && v->integer >= 0 ? uint64_t(v->integer) : UINT64_MAX;
}

Value *Unpickler::rebuildTensor(const std::vector<Value *> &args) {
  if (args.size() < 4 || args[0]->kind != Kind::Storage || args[2]->kind != Kind::Tuple ||
      args[3]->kind != Kind::Tuple || args[2]->items.size() != args[3]->items.size())
    fail("_rebuild_tensor without (storage, offset, size, stride)");
  std::vector<uint64_t> size, stride;
  for (size_t d = 0; d < args[2]->items.size(); ++d) {
    size.push_back(countOf(args[2]->items[d]));
    stride.push_back(countOf(args[3]->items[d]));
  }
  return makeTensor(args[0]->storage, countOf(args[1]), size, stride);
}

Value *Unpickler::makeTensor(const StorageRef *storage, uint64_t offset,
                             const std::vector<uint64_t> &sizes,
                             const std::vector<uint64_t> &strides) {
  if (offset > uint64_t(INT64_MAX))
    fail("a tensor's storage offset is not a non-negative int");
  Value *v = make(Kind::Tensor);
  v->tensor = std::make_unique<TensorSpec>();
  TensorSpec &t = *v->tensor;
  t.storage = storage;
  t.offset = offset;
  // The elements the axes of stride 0 repeat are read once (materialize
  // expands them).
  uint64_t elements = 1, read = 1, last = t.offset; // last: the highest element it reads
  for (size_t d = 0; d < sizes.size(); ++d) {
    uint64_t size = sizes[d], stride = strides[d], reach;
    if (size > uint64_t(INT64_MAX) || stride > uint64_t(INT64_MAX))
      fail("a tensor's size or stride is not a non-negative int");
    if (__builtin_mul_overflow(elements, size, &elements) ||
        __builtin_mul_overflow(read, stride ? size : std::min<uint64_t>(size, 1), &read) ||
        __builtin_mul_overflow(size ? size - 1 : 0, stride, &reach) ||
        __builtin_add_overflow(last, reach, &last) || elements > uint64_t(INT64_MAX))
      fail("a tensor is too large");
    t.size.push_back(int64_t(size));
    t.stride.push_back(int64_t(stride));
  }
  if (elements > 0 && last >= t.storage->numel)
    fail("a tensor of shape " + shapeText(t.size) + " at offset " + std::to_string(t.offset) +
         " reads past its storage of " + std::to_string(t.storage->numel) + " elements");
  // Only views that overlap themselves read more: refused, rather than
  // copied out to any size a file claims.
  if (read > t.storage->numel)
    fail("a tensor of shape " + shapeText(t.size) +
         " reads elements of its storage more than once (other than by expanding)");
  return v;
}

/// torch.save's reference to a storage: ("storage", storage type, key,
/// location, numel), and in the legacy format a view of it or None; in
/// PyTorch 0.3's, the key of a tensor.
Value *Unpickler::persistentLoad(Value *pid) {
  if (pid->kind == Kind::String) {
    auto tensor = tensors_.find(pid->text);
    if (tensor == tensors_.end())
      fail("the persistent id \"" + pid->text + "\" names no tensor");
    return tensor->second;
  }
  const std::vector<Value *> &items = pid->items;
  if (pid->kind != Kind::Tuple || items.size() < 5 || items[0]->kind != Kind::String ||
      items[0]->text != "storage" || items[1]->kind != Kind::Global ||
      items[1]->global->callable != Callable::StorageType || items[2]->kind != Kind::String ||
      countOf(items[4]) == UINT64_MAX)
    fail("a persistent id that is not (\"storage\", type, key, location, numel)");
  if (items.size() > 5 && items[5]->kind != Kind::None)
    fail("storage views (files of PyTorch 0.3 and before) are not supported");
  Value *v = make(Kind::Storage);
  v->storage = addStorage(items[2]->text, items[1]->global->dtype, countOf(items[4]));
  return v;
}

const StorageRef *Unpickler::addStorage(const std::string &key, DType dtype, uint64_t numel) {
  uint64_t bytes;
  if (numel > uint64_t(INT64_MAX) || __builtin_mul_overflow(numel, itemsize(dtype), &bytes))
    fail("a storage is too large");
  auto [it, added] = storages_.emplace(key, StorageRef{key, dtype, numel});
  if (!added && (it->second.dtype != dtype || it->second.numel != numel))
    fail("storage " + key + " is named with two types or sizes");
  return &it->second;
}

//===----------------------------------------------------------------------===//
// Checkpoints
//===----------------------------------------------------------------------===//

/// How deeply containers may nest (a pickle can even make a list that
/// contains itself).
constexpr int kMaxNesting = 64;

/// The tensors of nested dicts, lists and tuples, named by their dotted
/// path ("model.layers.0.weight"); other values are left out.
class Flattener {
public:
  /// `values`: how many the pickle made. A container the memo shares can
  /// be reached by exponentially many paths; a budget of visits in
  /// proportion stops such a file early.
  Flattener(const Source &source, size_t values) : source_(source), budget_(8 * values + 64) {}

  void operator()(const Value &v, const std::string &name, int depth) {
    if (depth > kMaxNesting)
      source_.fail("containers nest deeper than " + std::to_string(kMaxNesting) + " levels");
    if (budget_-- == 0)
      source_.fail("the pickle's containers share each other too often");
    std::string prefix = name.empty() ? "" : name + ".";
    if (v.kind == Kind::Tensor) {
      if (!tensors.emplace(name, v.tensor.get()).second)
        source_.fail("two tensors are named \"" + name + "\"");
    } else if (v.kind == Kind::List || v.kind == Kind::Tuple) {
      for (size_t i = 0; i < v.items.size(); ++i)
        (*this)(*v.items[i], prefix + std::to_string(i), depth + 1);
    } else if (v.kind == Kind::Dict) {
      for (size_t i = 0; i < v.items.size(); i += 2) {
        const Value &key = *v.items[i];
        if (key.kind != Kind::String && key.kind != Kind::Int)
          source_.fail("a dict key at \"" + name + "\" is a " + kindName(key.kind) +
                       ", not a string or an int");
        std::string part = key.kind == Kind::String ? key.text : std::to_string(key.integer);
        (*this)(*v.items[i + 1], prefix + part, depth + 1);
      }
    }
  }

  std::map<std::string, const TensorSpec *> tensors;

private:
  const Source &source_;
  size_t budget_;
};

/// Whether a strided view reads its elements in order, one after another.
bool isContiguous(const TensorSpec &t) {
  int64_t expected = 1;
  for (size_t d = t.size.size(); d-- > 0;) {
    if (t.size[d] != 1 && t.stride[d] != expected)
      return false;
    expected *= t.size[d];
  }
  return true;
}

/// The view's elements, row-major, in this machine's (little-endian) byte
/// order; the axes of stride 0 are copied once and expanded (lazily).
/// rebuildTensor checked that the elements are inside the storage.
Tensor materialize(const TensorSpec &view, std::string_view storage, bool bigEndian) {
  TensorSpec t = view;
  for (size_t d = 0; d < t.size.size(); ++d)
    if (t.stride[d] == 0)
      t.size[d] = std::min<int64_t>(t.size[d], 1);
  size_t item = itemsize(t.storage->dtype);
  int64_t n = numel(t.size);
  std::string out(size_t(n) * item, '\0');
  if (isContiguous(t)) {
    if (n > 0)
      std::memcpy(out.data(), storage.data() + t.offset * item, out.size());
  } else {
    std::vector<int64_t> index(t.size.size(), 0);
    uint64_t at = t.offset;
    for (int64_t i = 0; i < n; ++i) {
      std::memcpy(&out[size_t(i) * item], storage.data() + at * item, item);
      for (size_t d = index.size(); d-- > 0;) { // the next index, as an odometer turns
        at += uint64_t(t.stride[d]);
        if (++index[d] < t.size[d])
          break;
        at -= uint64_t(t.stride[d]) * uint64_t(t.size[d]);
        index[d] = 0;
      }
    }
  }
  if (bigEndian)
    for (size_t i = 0; i < out.size(); i += item)
      std::reverse(out.begin() + i, out.begin() + i + item);
  Tensor copied = fromBytes(out.data(), out.size(), t.storage->dtype, t.size);
  return t.size == view.size ? copied : copied.expand(view.size);
}

/// The flattened tensors of `root`, their storages' bytes found by key.
template <typename FindStorage>
StateDict tensorsOf(const Value &root, const Unpickler &unpickler, const Source &source,
                    bool bigEndian, FindStorage findStorage) {
  Flattener flatten(source, unpickler.valueCount());
  flatten(root, "", 0);
  StateDict tensors;
  for (const auto &[name, spec] : flatten.tensors)
    tensors[name] = materialize(*spec, findStorage(*spec->storage), bigEndian);
  return tensors;
}

/// torch.save's zip: <prefix>/data.pkl, <prefix>/data/<storage key>, and
/// since PyTorch 2.1 <prefix>/byteorder.
StateDict zipCheckpoint(const Input &input) {
  const Source &source = input.source;
  Members members = ZipReader(input.bytes, source).members();
  auto pickle = std::find_if(members.begin(), members.end(), [](const auto &m) {
    const std::string &name = m.first;
    return name.size() >= 9 && name.compare(name.size() - 9, 9, "/data.pkl") == 0 &&
           name.find('/') == name.size() - 9;
  });
  if (pickle == members.end())
    source.fail("the archive has no <name>/data.pkl: not a torch.save checkpoint");
  std::string prefix = pickle->first.substr(0, pickle->first.size() - 8);
  bool bigEndian = false;
  if (auto order = members.find(prefix + "byteorder"); order != members.end()) {
    if (order->second.bytes != "little" && order->second.bytes != "big")
      source.fail("the byteorder record is neither \"little\" nor \"big\"");
    bigEndian = order->second.bytes == "big";
  }
  Unpickler unpickler(pickle->second.bytes, source, pickle->first);
  size_t pos = 0;
  const Value *root = unpickler.load(pos);
  return tensorsOf(*root, unpickler, source, bigEndian, [&](const StorageRef &storage) {
    auto data = members.find(prefix + "data/" + storage.key);
    if (data == members.end())
      source.fail("the archive has no data for storage " + storage.key);
    if (data->second.bytes.size() != storage.numel * itemsize(storage.dtype))
      source.fail("storage " + storage.key + " is " + std::to_string(data->second.bytes.size()) +
                  " bytes, not " + std::to_string(storage.numel) + " " + name(storage.dtype) +
                  " elements");
    return data->second.bytes;
  });
}

/// The magic number that starts PyTorch's legacy format, two's complement
/// little-endian, as LONG1 pickles it.
constexpr std::string_view kLegacyMagic("\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 10);
constexpr int64_t kLegacyProtocol = 1001;

/// Whether the legacy formats' sys_info dict says the writer was
/// big-endian.
bool bigEndianOf(const Value &sysInfo) {
  for (size_t i = 0; sysInfo.kind == Kind::Dict && i < sysInfo.items.size(); i += 2)
    if (sysInfo.items[i]->kind == Kind::String && sysInfo.items[i]->text == "little_endian")
      return sysInfo.items[i + 1]->kind == Kind::Bool && !sysInfo.items[i + 1]->integer;
  return false;
}

/// A storage's element count in the legacy formats: 8 bytes, in the
/// writer's byte order.
uint64_t storedCount(std::string_view bytes, size_t at, bool bigEndian, const Source &source) {
  std::string_view count = slice(bytes, at, 8, source, "a storage's element count");
  uint64_t numel = 0;
  for (size_t i = 0; i < 8; ++i)
    numel = numel << 8 | uint8_t(count[bigEndian ? i : 7 - i]);
  return numel;
}

/// The legacy formats' storages: data by key, after its element count.
using StorageData = std::map<std::string, std::string_view>;

StateDict listedTensors(const Value &root, const Unpickler &unpickler, const Source &source,
                        bool bigEndian, const StorageData &data) {
  return tensorsOf(root, unpickler, source, bigEndian, [&](const StorageRef &storage) {
    auto it = data.find(storage.key);
    if (it == data.end())
      source.fail("the file has no data for storage " + storage.key);
    return it->second;
  });
}

/// PyTorch 1.5's format and before (the "legacy" one): pickles of the magic number, the
/// protocol version, sys_info, the object, and the list of storage keys;
/// then each storage: its element count and data.
StateDict legacyCheckpoint(const Input &input) {
  const Source &source = input.source;
  Unpickler unpickler(input.bytes, source, "the pickle stream");
  size_t pos = 0;
  const Value *magic = unpickler.load(pos);
  if (magic->kind != Kind::BigInt || magic->text != kLegacyMagic)
    source.fail("not a PyTorch checkpoint: no legacy magic number");
  const Value *protocol = unpickler.load(pos);
  if (protocol->kind != Kind::Int || protocol->integer != kLegacyProtocol)
    source.fail("unsupported legacy protocol version (not 1001)");
  bool bigEndian = bigEndianOf(*unpickler.load(pos));
  const Value *root = unpickler.load(pos);
  const Value *keys = unpickler.load(pos);
  if (keys->kind != Kind::List)
    source.fail("no list of storage keys after the pickled object");

  StorageData data;
  for (const Value *key : keys->items) {
    if (key->kind != Kind::String)
      source.fail("the storage list holds a " + std::string(kindName(key->kind)));
    auto storage = unpickler.storages().find(key->text);
    if (storage == unpickler.storages().end())
      source.fail("the storage list names a storage the object does not use");
    uint64_t numel = storedCount(input.bytes, pos, bigEndian, source);
    if (numel != storage->second.numel)
      source.fail("storage " + key->text + " has " + std::to_string(numel) + " elements, not " +
                  std::to_string(storage->second.numel));
    uint64_t bytes = numel * itemsize(storage->second.dtype); // addStorage checked it fits
    data[key->text] = slice(input.bytes, pos + 8, bytes, source, "storage " + key->text);
    pos += 8 + bytes;
  }
  return listedTensors(*root, unpickler, source, bigEndian, data);
}

/// The count a part of the tar format starts with.
uint64_t countAtStart(Unpickler &unpickler, size_t &pos, const Source &source) {
  uint64_t count = countOf(unpickler.load(pos));
  if (count == UINT64_MAX)
    source.fail("a part of the tar checkpoint does not start with a count");
  return count;
}

/// The tar format's "storages": their count; each one's (key, location,
/// type) pickle, element count and data; then a list of storage views.
StorageData tarStorages(Unpickler &unpickler, std::string_view bytes, bool bigEndian,
                        const Source &source) {
  unpickler.setInput(bytes, "storages");
  size_t pos = 0;
  StorageData data;
  for (uint64_t i = 0, count = countAtStart(unpickler, pos, source); i < count; ++i) {
    const Value *info = unpickler.load(pos);
    const std::vector<Value *> &items = info->items;
    if (info->kind != Kind::Tuple || items.size() != 3 || items[0]->kind != Kind::Int ||
        items[2]->kind != Kind::Global || items[2]->global->callable != Callable::StorageType)
      source.fail("a storage that is not described by (key, location, type)");
    std::string key = std::to_string(items[0]->integer);
    const StorageRef *storage = unpickler.addStorage(key, items[2]->global->dtype,
                                                     storedCount(bytes, pos, bigEndian, source));
    uint64_t size = storage->numel * itemsize(storage->dtype);
    data[key] = slice(bytes, pos + 8, size, source, "storage " + key);
    pos += 8 + size;
  }
  const Value *views = unpickler.load(pos);
  if (views->kind != Kind::List || !views->items.empty())
    source.fail("storage views (a storage inside another) are not supported");
  return data;
}

/// The tar format's "tensors": their count; each one's (key, storage key,
/// type) pickle, then its ndim (8 bytes, the first 4 used) and int64 sizes,
/// strides and offset. The object's persistent ids are these keys.
void tarTensors(Unpickler &unpickler, std::string_view bytes, const Source &source) {
  unpickler.setInput(bytes, "tensors");
  size_t pos = 0;
  for (uint64_t i = 0, count = countAtStart(unpickler, pos, source); i < count; ++i) {
    const Value *info = unpickler.load(pos);
    const std::vector<Value *> &items = info->items;
    if (info->kind != Kind::Tuple || items.size() != 3 || items[0]->kind != Kind::Int ||
        items[1]->kind != Kind::Int)
      source.fail("a tensor that is not described by (key, storage key, type)");
    auto storage = unpickler.storages().find(std::to_string(items[1]->integer));
    if (storage == unpickler.storages().end())
      source.fail("a tensor of a storage that \"storages\" does not have");
    uint64_t ndim = littleEndian(bytes, pos, 4, source, "a tensor's ndim");
    std::string_view fields = slice(bytes, pos + 8, 16 * ndim + 8, source, "a tensor's shape");
    std::vector<uint64_t> size(ndim), stride(ndim);
    for (size_t d = 0; d < ndim; ++d) {
      size[d] = littleEndian(fields, 8 * d, 8, source, "a size");
      stride[d] = littleEndian(fields, 8 * (ndim + d), 8, source, "a stride");
    }
    uint64_t offset = littleEndian(fields, 16 * ndim, 8, source, "a storage offset");
    unpickler.addTensor(std::to_string(items[0]->integer),
                        unpickler.makeTensor(&storage->second, offset, size, stride));
    pos += 8 + fields.size();
  }
}

/// PyTorch 0.3's format and before: a tar of "sys_info" (as the legacy
/// format's), "storages", "tensors" and "pickle", the object.
StateDict tarCheckpoint(const Input &input) {
  const Source &source = input.source;
  Members members = tarMembers(input.bytes, source);
  auto file = [&](const char *name) {
    auto it = members.find(name);
    if (it == members.end())
      source.fail(std::string("the tar has no \"") + name + "\": not a PyTorch checkpoint");
    return it->second.bytes;
  };
  Unpickler unpickler(file("sys_info"), source, "sys_info");
  size_t pos = 0;
  bool bigEndian = bigEndianOf(*unpickler.load(pos));
  StorageData data = tarStorages(unpickler, file("storages"), bigEndian, source);
  tarTensors(unpickler, file("tensors"), source);
  unpickler.setInput(file("pickle"), "pickle");
  pos = 0;
  const Value *root = unpickler.load(pos);
  return listedTensors(*root, unpickler, source, bigEndian, data);
}

StateDict loadCheckpoint(const Input &input) {
  std::string_view bytes = input.bytes;
  if (bytes.substr(0, 4) == "PK\x03\x04" || bytes.substr(0, 4) == "PK\x05\x06")
    return zipCheckpoint(input);
  if (bytes.size() >= kBlock && checksumMatches(bytes.substr(0, kBlock)))
    return tarCheckpoint(input);
  if (bytes.substr(0, 1) != "\x80")
    input.source.fail("not a PyTorch checkpoint: neither a zip archive, nor a tar, nor a pickle");
  return legacyCheckpoint(input);
}

} // namespace

StateDict zip_extract(const std::string &path) {
  Input input("zip_extract", path);
  return asTensors(ZipReader(input.bytes, input.source).members());
}

StateDict zip_extract(const Tensor &archive) {
  Input input("zip_extract", archive);
  return asTensors(ZipReader(input.bytes, input.source).members());
}

StateDict tar_extract(const std::string &path) {
  Input input("tar_extract", path);
  return asTensors(tarMembers(input.bytes, input.source));
}

StateDict tar_extract(const Tensor &archive) {
  Input input("tar_extract", archive);
  return asTensors(tarMembers(input.bytes, input.source));
}

StateDict torch_load(const std::string &path) { return loadCheckpoint(Input("torch_load", path)); }

StateDict torch_load(const Tensor &checkpoint) {
  return loadCheckpoint(Input("torch_load", checkpoint));
}

} // namespace tg::nn::state
