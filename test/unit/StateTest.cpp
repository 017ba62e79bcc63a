//===- StateTest.cpp - safetensors: round trips, other writers, bad files -===//
//
// data/fixture_*.safetensors come from data/make_safetensors_fixtures.py,
// writers independent of tg's; the values below are the ones it lists.
//
//===----------------------------------------------------------------------===//

#include "NNTestUtil.h"

#include <cmath>
#include <cstring>
#include <fstream>

using namespace tg;
namespace state = tg::nn::state;

namespace {

template <typename T> std::string bytesOf(const std::vector<T> &values) {
  return std::string(reinterpret_cast<const char *>(values.data()), values.size() * sizeof(T));
}

template <typename U> std::vector<U> wordsOf(const std::string &bytes) {
  std::vector<U> words(bytes.size() / sizeof(U));
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

/// A tensor holding exactly `bytes`.
Tensor fromRaw(const std::string &bytes, DType dtype, Shape shape) {
  switch (itemsize(dtype)) {
  case 1:
    if (dtype == DType::Bool)
      return Tensor::from_vector(wordsOf<uint8_t>(bytes), shape, DType::Bool);
    return Tensor::from_vector(wordsOf<uint8_t>(bytes), shape).bitcast(dtype);
  case 2:
    return Tensor::from_vector(wordsOf<uint16_t>(bytes), shape).bitcast(dtype);
  case 4:
    return Tensor::from_vector(wordsOf<uint32_t>(bytes), shape).bitcast(dtype);
  default:
    return Tensor::from_vector(wordsOf<uint64_t>(bytes), shape).bitcast(dtype);
  }
}

/// The bytes a tensor holds.
std::string rawOf(const Tensor &t) {
  switch (t.element_size()) {
  case 1:
    if (t.dtype() == DType::Bool)
      return bytesOf(t.cast(DType::UInt8).to_vector<uint8_t>());
    return bytesOf(t.bitcast(DType::UInt8).to_vector<uint8_t>());
  case 2:
    return bytesOf(t.bitcast(DType::UInt16).to_vector<uint16_t>());
  case 4:
    return bytesOf(t.bitcast(DType::UInt32).to_vector<uint32_t>());
  default:
    return bytesOf(t.bitcast(DType::UInt64).to_vector<uint64_t>());
  }
}

struct Sample {
  const char *code; // the safetensors dtype
  DType dtype;
  std::string bytes; // six elements, edge values
};

/// make_safetensors_fixtures.py's VALUES.
std::vector<Sample> samples() {
  return {
      {"BOOL", DType::Bool, bytesOf(std::vector<uint8_t>{1, 0, 1, 1, 0, 0})},
      {"I8", DType::Int8, bytesOf(std::vector<int8_t>{-128, -1, 0, 1, 127, 42})},
      {"U8", DType::UInt8, bytesOf(std::vector<uint8_t>{0, 1, 127, 128, 255, 42})},
      {"I16", DType::Int16, bytesOf(std::vector<int16_t>{-32768, -1, 0, 1, 32767, 1234})},
      {"U16", DType::UInt16, bytesOf(std::vector<uint16_t>{0, 1, 32768, 65535, 1234, 42})},
      {"I32", DType::Int32, bytesOf(std::vector<int32_t>{INT32_MIN, -1, 0, 1, INT32_MAX, 123456})},
      {"U32", DType::UInt32,
       bytesOf(std::vector<uint32_t>{0, 1, 1u << 31, UINT32_MAX, 123456, 42})},
      {"I64", DType::Int64,
       bytesOf(std::vector<int64_t>{INT64_MIN, -1, 0, 1, INT64_MAX, (int64_t(1) << 53) + 1})},
      {"U64", DType::UInt64,
       bytesOf(std::vector<uint64_t>{0, 1, uint64_t(1) << 63, UINT64_MAX, (uint64_t(1) << 53) + 1,
                                     42})},
      {"F16", DType::Float16,
       bytesOf(std::vector<uint16_t>{0x3800, 0xC000, 0x7BFF, 0x0001, 0x7C00, 0x8000})},
      {"BF16", DType::BFloat16,
       bytesOf(std::vector<uint16_t>{0x3F80, 0xC000, 0x7F80, 0x0001, 0x7FC1, 0x8000})},
      {"F32", DType::Float32,
       bytesOf(std::vector<uint32_t>{0x3FC00000, 0x80000000, 0x7F800000, 0x7FC00001, 0x00000001,
                                     0x7F7FC99E})},
      {"F64", DType::Float64,
       bytesOf(std::vector<double>{1.0 / 3, -0.0, 1e-310, INFINITY, 1e300, -2.5})},
  };
}

std::string dataFile(const char *name) { return std::string(TG_TEST_DATA_DIR) + "/" + name; }
std::string tempFile(const char *name) { return ::testing::TempDir() + name; }

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

//===----------------------------------------------------------------------===//
// Round trips and the format written
//===----------------------------------------------------------------------===//

TEST(StateSafetensors, RoundTripIsBitExactForEveryDType) {
  nn::StateDict saved;
  for (const Sample &s : samples())
    saved[std::string("x.") + s.code] = fromRaw(s.bytes, s.dtype, {2, 3});
  saved["scalar"] = Tensor::scalar(2.5);
  saved["empty"] = Tensor::zeros({0, 4}, DType::Int16);
  saved["view"] = Tensor::arange(6).reshape({2, 3}).permute({1, 0}); // written contiguous
  std::string path = tempFile("roundtrip.safetensors");
  state::safe_save(saved, path);

  nn::StateDict loaded = state::safe_load(path);
  ASSERT_EQ(loaded.size(), saved.size());
  for (const Sample &s : samples()) {
    const Tensor &t = loaded.at(std::string("x.") + s.code);
    EXPECT_EQ(t.dtype(), s.dtype) << s.code;
    EXPECT_EQ(t.shape(), (Shape{2, 3})) << s.code;
    EXPECT_TRUE(t.is_realized()) << s.code;
    EXPECT_EQ(rawOf(t), s.bytes) << s.code;
  }
  EXPECT_EQ(loaded["scalar"].shape(), Shape{});
  EXPECT_EQ(loaded["scalar"].item<float>(), 2.5);
  EXPECT_EQ(loaded["empty"].shape(), (Shape{0, 4}));
  EXPECT_EQ(loaded["view"].to_vector<int>(), (std::vector<int>{0, 3, 1, 4, 2, 5}));
  EXPECT_TRUE(state::safe_load_metadata(path).empty());
}

TEST(StateSafetensors, WritesTheFormat) {
  std::string path = tempFile("format.safetensors");
  state::safe_save({{"a", Tensor::from_vector<uint8_t>({1, 2, 3}, {3})},
                    {"b", Tensor::from_vector<int16_t>({-2}, {1, 1})}},
                   path, {{"format", "pt"}});
  // Keys sorted; the data of the widest elements first, so each is aligned.
  std::string header = R"({"__metadata__":{"format":"pt"},)"
                       R"("a":{"data_offsets":[2,5],"dtype":"U8","shape":[3]},)"
                       R"("b":{"data_offsets":[0,2],"dtype":"I16","shape":[1,1]}})";
  header.append((8 - header.size() % 8) % 8, ' '); // the data starts 8-byte aligned
  std::string expected(8, '\0');
  expected[0] = char(header.size());
  expected += header + std::string("\xFE\xFF\x01\x02\x03", 5);
  EXPECT_EQ(readFile(path), expected);
  EXPECT_EQ(state::safe_load_metadata(path),
            (std::map<std::string, std::string>{{"format", "pt"}}));
}

TEST(StateSafetensors, SaveErrors) {
  EXPECT_THROW(state::safe_save({{"x", Tensor()}}, tempFile("undefined.safetensors")), Error);
  EXPECT_THROW(
      state::safe_save({{"__metadata__", Tensor::ones({1})}}, tempFile("meta.safetensors")), Error);
  EXPECT_THROW(state::safe_save({{"x", Tensor::ones({1})}}, "/nonexistent-dir/x.safetensors"),
               Error);
}

//===----------------------------------------------------------------------===//
// Files from other writers
//===----------------------------------------------------------------------===//

TEST(StateSafetensors, LoadsAStructWrittenFile) {
  std::string path = dataFile("fixture_struct.safetensors");
  nn::StateDict loaded = state::safe_load(path);
  EXPECT_EQ(loaded.size(), samples().size() + 2);
  for (const Sample &s : samples()) {
    const Tensor &t = loaded.at(std::string("t.") + s.code);
    EXPECT_EQ(t.dtype(), s.dtype) << s.code;
    EXPECT_EQ(t.shape(), (Shape{2, 3})) << s.code;
    EXPECT_EQ(rawOf(t), s.bytes) << s.code;
  }
  EXPECT_EQ(loaded.at("scalar").shape(), Shape{});
  EXPECT_EQ(loaded.at("scalar").item<float>(), 7.25);
  EXPECT_EQ(loaded.at("empty").shape(), (Shape{0, 3}));
  EXPECT_EQ(state::safe_load_metadata(path),
            (std::map<std::string, std::string>{{"format", "pt"}, {"writer", "struct"}}));
}

TEST(StateSafetensors, LoadsAFileOfTorchTensors) {
  std::map<std::string, std::string> torchNames = {
      {"BOOL", "bool"},   {"U8", "uint8"},   {"I8", "int8"},     {"I16", "int16"},
      {"I32", "int32"},   {"I64", "int64"},  {"F16", "float16"}, {"BF16", "bfloat16"},
      {"F32", "float32"}, {"F64", "float64"}};
  nn::StateDict loaded = state::safe_load(dataFile("fixture_torch.safetensors"));
  EXPECT_EQ(loaded.size(), torchNames.size());
  for (const Sample &s : samples()) {
    auto name = torchNames.find(s.code);
    if (name == torchNames.end())
      continue; // PyTorch has no such dtype
    const Tensor &t = loaded.at("torch." + name->second);
    EXPECT_EQ(t.dtype(), s.dtype) << s.code;
    EXPECT_EQ(rawOf(t), s.bytes) << s.code;
  }
}

//===----------------------------------------------------------------------===//
// Malformed files
//===----------------------------------------------------------------------===//

/// A file of `header` (its length first) and `data`.
std::string fileOf(const std::string &header, const std::string &data = "") {
  std::string file(8, '\0');
  uint64_t length = header.size();
  std::memcpy(file.data(), &length, 8);
  return file + header + data;
}

/// The error safe_load gives for a file of `bytes`.
std::string loadError(const std::string &bytes) {
  std::string path = tempFile("malformed.safetensors");
  writeFile(path, bytes);
  try {
    state::safe_load(path);
  } catch (const Error &e) {
    return e.what();
  }
  return "(loaded)";
}

std::string entry(const std::string &name, const std::string &dtype, const std::string &shape,
                  const std::string &offsets) {
  return "\"" + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape +
         ",\"data_offsets\":" + offsets + "}";
}

TEST(StateSafetensors, RejectsMalformedFiles) {
  std::string six(24, '\0');
  std::string f32 = "{" + entry("x", "F32", "[2,3]", "[0,24]") + "}";
  ASSERT_EQ(loadError(fileOf(f32, six)), "(loaded)");

  std::string huge(8, '\0');
  huge[4] = 1; // 2^32
  std::string pastEnd = fileOf(f32, six);
  pastEnd[0] = char(200);
  std::vector<std::pair<std::string, std::string>> cases = {
      {"abc", "too short"},
      {huge + "{}", "over the limit"},
      {pastEnd, "runs past the end of the file"},
      {fileOf("{\"x\":", six), "not valid JSON"},
      // 50,000 nested arrays: refused before a recursive parser overflows
      // the stack.
      {fileOf("{\"x\":" + std::string(50000, '[') + std::string(50000, ']') + "}"),
       "nests deeper than 64 levels"},
      // Brackets inside strings are not nesting.
      {fileOf("{\"__metadata__\":{\"n\":\"" + std::string(100, '[') + "\\\"\"}}"), "(loaded)"},
      {fileOf("[1,2]"), "not a JSON object"},
      {fileOf("{\"x\":3}"), "is not a JSON object"},
      {fileOf("{" + entry("x", "F8_E4M3", "[2,3]", "[0,6]") + "}", six.substr(0, 6)),
       "\"F8_E4M3\", which tg does not support"},
      {fileOf(R"({"x":{"shape":[2,3],"data_offsets":[0,24]}})", six), "no dtype"},
      {fileOf("{" + entry("x", "F32", "[2,-3]", "[0,24]") + "}", six), "non-negative integer"},
      {fileOf("{" + entry("x", "F32", "[2,3.5]", "[0,24]") + "}", six), "non-negative integer"},
      {fileOf("{" + entry("x", "F32", "[4611686018427387904,4]", "[0,24]") + "}", six),
       "too large"},
      {fileOf("{" + entry("x", "F32", "[2,3]", "[0]") + "}", six), "no data_offsets pair"},
      {fileOf("{" + entry("x", "F32", "[2,3]", "[0,20]") + "}", six), "takes 24 bytes"},
      {fileOf("{" + entry("x", "F32", "[2,3]", "[24,0]") + "}", six), "takes 24 bytes"},
      {fileOf("{" + entry("x", "F32", "[2,3]", "[8,32]") + "}", six),
       "runs past the end of the data"},
      {fileOf("{" + entry("x", "F32", "[2,3]", "[0,24]") + "," +
                  entry("y", "F32", "[2]", "[16,24]") + "}",
              six),
       "overlap"},
      {fileOf("{" + entry("x", "F32", "[2]", "[0,8]") + "," + entry("y", "F32", "[2]", "[16,24]") +
                  "}",
              six),
       "bytes [8, 16) of the data belong to no tensor"},
      {fileOf(f32, six + "extra"), "the tensors cover 24"},
      {fileOf(R"({"__metadata__":{"n":1}})"), "__metadata__ \"n\" is not a string"},
      {fileOf(R"({"__metadata__":[]})"), "__metadata__ is not a JSON object"},
  };
  for (const auto &[bytes, message] : cases)
    EXPECT_NE(loadError(bytes).find(message), std::string::npos)
        << "expected \"" << message << "\", got: " << loadError(bytes);
  EXPECT_NE(loadError("").find("too short"), std::string::npos);
  EXPECT_THROW(state::safe_load(tempFile("does-not-exist.safetensors")), Error);
}

TEST(StateSafetensors, EmptyFileOfNoTensors) {
  std::string path = tempFile("none.safetensors");
  writeFile(path, fileOf("{}"));
  EXPECT_TRUE(state::safe_load(path).empty());
}

} // namespace
