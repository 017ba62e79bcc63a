//===- State.cpp - state dicts and safetensors files ----------------------===//
//
// tinygrad's nn/state.py: a model's tensors by dotted name, loading them
// back, and the safetensors format. Reading checks what the reference
// implementation (huggingface/safetensors) checks, so a file it rejects is
// rejected here too, with the reason.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include "tg/Tensor/nn.h"

#include "tg/Support/JSONDepth.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <fstream>
#include <iterator>
#include <tuple>

namespace tg::nn::state {

//===----------------------------------------------------------------------===//
// State dicts
//===----------------------------------------------------------------------===//

StateDict get_state_dict(Module &model) {
  StateDict dict;
  Visitor visitor([&](const std::string &path, Tensor &tensor) {
    if (!dict.emplace(path, tensor).second)
      throw Error("tg::nn::get_state_dict: two tensors are named \"" + path + "\"");
  });
  model.visit(visitor);
  return dict;
}

std::vector<Tensor> get_parameters(Module &model) {
  std::vector<Tensor> tensors;
  Visitor visitor([&](const std::string &, Tensor &tensor) { tensors.push_back(tensor); });
  model.visit(visitor);
  return tensors;
}

namespace {

std::string joined(const std::vector<std::string> &names) {
  std::string text;
  for (const std::string &name : names)
    text += (text.empty() ? "" : ", ") + name;
  return text;
}

/// With `strict`, every name in both, listed in one error when not.
void checkNames(const StateDict &model, const StateDict &loaded, bool strict) {
  std::vector<std::string> missing, unexpected;
  for (const auto &entry : model)
    if (!loaded.count(entry.first))
      missing.push_back(entry.first);
  for (const auto &entry : loaded)
    if (!model.count(entry.first))
      unexpected.push_back(entry.first);
  if (!strict || (missing.empty() && unexpected.empty()))
    return;
  std::string message = "tg::nn::load_state_dict:";
  if (!missing.empty())
    message += " missing from the state dict: " + joined(missing) + ".";
  if (!unexpected.empty())
    message += " not in the model: " + joined(unexpected) + ".";
  throw Error(message + " (strict=false loads the names both have)");
}

/// `value` as the model's tensor `name` takes it: the same dtype, the same
/// shape ([] and [1] pass for each other, as in tinygrad).
Tensor fitted(const std::string &name, const Tensor &target, const Tensor &value) {
  if (value.dtype() != target.dtype())
    throw Error("tg::nn::load_state_dict: \"" + name + "\" is " + tg::name(target.dtype()) +
                " in the model but " + tg::name(value.dtype()) +
                " in the state dict (cast it first)");
  if (value.shape() == target.shape())
    return value;
  if (value.numel() == 1 && target.numel() == 1 && value.ndim() <= 1 && target.ndim() <= 1)
    return value.reshape(target.shape());
  throw Error("tg::nn::load_state_dict: \"" + name + "\" has shape " + shapeText(target.shape()) +
              " in the model but " + shapeText(value.shape()) + " in the state dict");
}

} // namespace

std::vector<Tensor> load_state_dict(Module &model, const StateDict &state_dict, bool strict) {
  StateDict own = get_state_dict(model);
  checkNames(own, state_dict, strict);
  // Everything is checked before anything is replaced.
  std::vector<std::pair<Tensor, Tensor>> updates;
  for (auto &[name, target] : own)
    if (auto it = state_dict.find(name); it != state_dict.end())
      updates.emplace_back(target, fitted(name, target, it->second).to(target.device()));
  // A copy, not the loaded tensor itself: training the model must not
  // write into the tensors of the state dict (another model's, maybe).
  // Replacing the node, where assign would write into a buffer, skips
  // computing the value being replaced (a random initialization).
  std::vector<Tensor> loaded;
  for (auto &[target, value] : updates) {
    target.impl()->node = nodeOf(value.clone());
    loaded.push_back(target);
  }
  Tensor::realize(loaded);
  return loaded;
}

//===----------------------------------------------------------------------===//
// safetensors
//===----------------------------------------------------------------------===//

namespace {

/// The reference implementation's limit, against a length that would make
/// a reader allocate without bound.
constexpr uint64_t kMaxHeaderBytes = 100'000'000;

struct SafeDType {
  const char *code;
  DType dtype;
};
constexpr SafeDType kSafeDTypes[] = {
    {"BOOL", DType::Bool},   {"I8", DType::Int8},       {"U8", DType::UInt8},
    {"I16", DType::Int16},   {"U16", DType::UInt16},    {"I32", DType::Int32},
    {"U32", DType::UInt32},  {"I64", DType::Int64},     {"U64", DType::UInt64},
    {"F16", DType::Float16}, {"BF16", DType::BFloat16}, {"F32", DType::Float32},
    {"F64", DType::Float64},
};

const char *safeCode(DType dtype) {
  for (const SafeDType &d : kSafeDTypes)
    if (d.dtype == dtype)
      return d.code;
  throw Error(std::string("tg::nn::safe_save: no safetensors dtype for ") + name(dtype));
}

struct Entry {
  std::string name;
  DType dtype;
  Shape shape;
  uint64_t begin, end;
};

struct Header {
  std::vector<Entry> tensors;
  std::map<std::string, std::string> metadata;
  uint64_t dataStart; // the file offset of data_offsets' 0
};

/// Throws the reader's errors, prefixed with the file they are about.
class Reader {
public:
  explicit Reader(std::string path) : path_(std::move(path)) {}
  [[noreturn]] void fail(const std::string &why) const {
    throw Error("tg::nn::safe_load: " + path_ + ": " + why);
  }

  std::string readFile() const {
    std::ifstream in(path_, std::ios::binary);
    if (!in)
      fail("cannot open the file");
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad())
      fail("reading the file failed");
    return bytes;
  }

  Header parseHeader(const std::string &file) const {
    if (file.size() < 8)
      fail("the file is " + std::to_string(file.size()) +
           " bytes, too short for the 8-byte header length");
    uint64_t length = littleEndian64(file.data());
    if (length > kMaxHeaderBytes)
      fail("the header length " + std::to_string(length) + " is over the limit of " +
           std::to_string(kMaxHeaderBytes) + " bytes");
    if (length > file.size() - 8)
      fail("the header length " + std::to_string(length) + " runs past the end of the file (" +
           std::to_string(file.size()) + " bytes)");
    if (!jsonNestsWithin(file.data() + 8, length, kMaxJSONDepth))
      fail("the header nests deeper than " + std::to_string(kMaxJSONDepth) + " levels");
    llvm::Expected<llvm::json::Value> json =
        llvm::json::parse(llvm::StringRef(file.data() + 8, length));
    if (!json)
      fail("the header is not valid JSON: " + llvm::toString(json.takeError()));
    const llvm::json::Object *object = json->getAsObject();
    if (!object)
      fail("the header is not a JSON object");
    Header header{{}, {}, 8 + length};
    for (const auto &[key, value] : *object) {
      if (key == "__metadata__")
        header.metadata = parseMetadata(value);
      else
        header.tensors.push_back(parseEntry(key.str(), value));
    }
    checkLayout(header.tensors, file.size() - header.dataStart);
    return header;
  }

private:
  static uint64_t littleEndian64(const char *bytes) {
    uint64_t value = 0;
    for (int i = 7; i >= 0; --i)
      value = value << 8 | uint8_t(bytes[i]);
    return value;
  }

  std::map<std::string, std::string> parseMetadata(const llvm::json::Value &value) const {
    const llvm::json::Object *object = value.getAsObject();
    if (!object)
      fail("__metadata__ is not a JSON object");
    std::map<std::string, std::string> metadata;
    for (const auto &[key, item] : *object) {
      std::optional<llvm::StringRef> text = item.getAsString();
      if (!text)
        fail("__metadata__ \"" + key.str() + "\" is not a string");
      metadata[key.str()] = text->str();
    }
    return metadata;
  }

  /// A non-negative integer of the header.
  uint64_t count(const llvm::json::Value &value, const std::string &what) const {
    std::optional<int64_t> n = value.getAsInteger();
    if (!n || *n < 0)
      fail(what + " is not a non-negative integer");
    return uint64_t(*n);
  }

  Entry parseEntry(const std::string &name, const llvm::json::Value &value) const {
    std::string what = "tensor \"" + name + "\"";
    const llvm::json::Object *info = value.getAsObject();
    if (!info)
      fail(what + " is not a JSON object of dtype, shape and data_offsets");
    Entry entry{name, DType::Bool, {}, 0, 0};

    std::optional<llvm::StringRef> code = info->getString("dtype");
    if (!code)
      fail(what + " has no dtype string");
    auto known = std::find_if(std::begin(kSafeDTypes), std::end(kSafeDTypes),
                              [&](const SafeDType &d) { return *code == d.code; });
    if (known == std::end(kSafeDTypes))
      fail(what + " has dtype \"" + code->str() + "\", which tg does not support");
    entry.dtype = known->dtype;

    const llvm::json::Array *shape = info->getArray("shape");
    if (!shape)
      fail(what + " has no shape array");
    uint64_t bytes = itemsize(entry.dtype);
    for (const llvm::json::Value &size : *shape) {
      uint64_t n = count(size, what + "'s shape entry");
      if (__builtin_mul_overflow(bytes, n, &bytes))
        fail(what + "'s shape " + shapeText(entry.shape) + "... is too large");
      entry.shape.push_back(int64_t(n));
    }

    const llvm::json::Array *offsets = info->getArray("data_offsets");
    if (!offsets || offsets->size() != 2)
      fail(what + " has no data_offsets pair [begin, end]");
    entry.begin = count((*offsets)[0], what + "'s data_offsets begin");
    entry.end = count((*offsets)[1], what + "'s data_offsets end");
    if (entry.end < entry.begin || entry.end - entry.begin != bytes)
      fail(what + " has data_offsets [" + std::to_string(entry.begin) + ", " +
           std::to_string(entry.end) + "), but its " + describe(entry) + " takes " +
           std::to_string(bytes) + " bytes");
    return entry;
  }

  static std::string describe(const Entry &entry) {
    return shapeText(entry.shape) + " " + tg::name(entry.dtype);
  }

  /// The tensors' data inside the data section, each byte in exactly one
  /// tensor, as the reference implementation requires.
  void checkLayout(std::vector<Entry> tensors, uint64_t dataBytes) const {
    std::sort(tensors.begin(), tensors.end(), [](const Entry &a, const Entry &b) {
      return std::tie(a.begin, a.end) < std::tie(b.begin, b.end);
    });
    uint64_t covered = 0;
    const Entry *previous = nullptr;
    for (const Entry &entry : tensors) {
      if (entry.end > dataBytes)
        fail("tensor \"" + entry.name + "\"'s data [" + std::to_string(entry.begin) + ", " +
             std::to_string(entry.end) + ") runs past the end of the data (" +
             std::to_string(dataBytes) + " bytes)");
      if (entry.begin < covered)
        fail("the data of tensors \"" + previous->name + "\" and \"" + entry.name + "\" overlap");
      if (entry.begin > covered)
        fail("bytes [" + std::to_string(covered) + ", " + std::to_string(entry.begin) +
             ") of the data belong to no tensor");
      covered = entry.end;
      previous = &entry;
    }
    if (covered != dataBytes)
      fail("the data is " + std::to_string(dataBytes) + " bytes but the tensors cover " +
           std::to_string(covered));
  }

  std::string path_;
};

void putLittleEndian64(std::string &out, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out.push_back(char(value >> (8 * i) & 0xFF));
}

/// The tensors in the order their data is written: the widest elements
/// first (then by name), as the reference writer does, so that every
/// tensor's data is aligned to its element size.
std::vector<std::pair<std::string, Tensor>> dataOrder(const StateDict &tensors) {
  std::vector<std::pair<std::string, Tensor>> order;
  for (const auto &[key, tensor] : tensors) {
    if (!tensor.defined())
      throw Error("tg::nn::safe_save: \"" + key + "\" is an undefined tensor");
    if (key == "__metadata__")
      throw Error("tg::nn::safe_save: a tensor cannot be named __metadata__");
    order.emplace_back(key, tensor);
  }
  std::sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
    size_t sizeA = a.second.element_size(), sizeB = b.second.element_size();
    return sizeA != sizeB ? sizeA > sizeB : a.first < b.first;
  });
  return order;
}

llvm::json::Object tensorInfo(const Tensor &tensor, uint64_t begin) {
  llvm::json::Array shape;
  for (int64_t size : tensor.shape())
    shape.push_back(size);
  return llvm::json::Object{
      {"dtype", safeCode(tensor.dtype())},
      {"shape", std::move(shape)},
      {"data_offsets", llvm::json::Array{begin, begin + uint64_t(tensor.nbytes())}}};
}

} // namespace

/// Writes `bytes` to `path` so that a crash at any moment leaves either the
/// old file or the new one: into a temporary file beside it, synced, then
/// renamed over it, and the directory synced.
static void writeAtomically(const std::string &path, const std::string &bytes) {
  auto fail = [&](const std::string &what) {
    throw Error("tg::nn::safe_save: " + what + " " + path + ": " + std::strerror(errno));
  };
  std::string temporary = path + ".tmp." + std::to_string(::getpid());
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    fail("cannot create a temporary file for");
  for (size_t done = 0; done < bytes.size();) {
    ssize_t written = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0) {
      int error = errno;
      ::close(fd);
      ::unlink(temporary.c_str());
      errno = error;
      fail("writing");
    }
    done += size_t(written);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    int error = errno;
    ::unlink(temporary.c_str());
    errno = error;
    fail("syncing");
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    int error = errno;
    ::unlink(temporary.c_str());
    errno = error;
    fail("renaming the temporary file to");
  }
  std::string directory = llvm::sys::path::parent_path(path).str();
  int dir = ::open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

void safe_save(const StateDict &tensors, const std::string &path,
               const std::map<std::string, std::string> &metadata) {
  std::vector<std::pair<std::string, Tensor>> order = dataOrder(tensors);
  std::vector<Tensor> contiguous;
  for (const auto &entry : order)
    contiguous.push_back(entry.second.contiguous());
  Tensor::realize(contiguous); // one program for all of them

  llvm::json::Object header;
  if (!metadata.empty()) {
    llvm::json::Object meta;
    for (const auto &[key, value] : metadata)
      meta[key] = value;
    header["__metadata__"] = std::move(meta);
  }
  std::string data;
  for (size_t i = 0; i < order.size(); ++i) {
    header[order[i].first] = tensorInfo(order[i].second, data.size());
    data += readBytes(contiguous[i]);
  }
  std::string json;
  llvm::raw_string_ostream(json) << llvm::json::Value(std::move(header));
  // Padded with spaces so the data starts 8-byte aligned, as other writers do.
  json.append((8 - json.size() % 8) % 8, ' ');

  std::string file;
  putLittleEndian64(file, json.size());
  file += json;
  file += data;
  writeAtomically(path, file);
}

StateDict safe_load(const std::string &path) {
  Reader reader(path);
  std::string file = reader.readFile();
  Header header = reader.parseHeader(file);
  StateDict tensors;
  for (const Entry &entry : header.tensors)
    tensors[entry.name] = fromBytes(file.data() + header.dataStart + entry.begin,
                                    entry.end - entry.begin, entry.dtype, entry.shape);
  return tensors;
}

std::map<std::string, std::string> safe_load_metadata(const std::string &path) {
  Reader reader(path);
  return reader.parseHeader(reader.readFile()).metadata;
}

} // namespace tg::nn::state
