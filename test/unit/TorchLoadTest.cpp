//===- TorchLoadTest.cpp - PyTorch checkpoints, zip and tar archives -------===//
//
// data/*.pt, archive*.zip and archive_*.tar come from
// data/make_torch_fixtures.py (torch.save, Python's zipfile and tarfile);
// data/torch_expected.safetensors holds the tensors each checkpoint must
// give, contiguous.
//
//===----------------------------------------------------------------------===//

#include "NNTestUtil.h"

#include <fstream>
#include <iterator>

using namespace tg;
using namespace std::string_literals; // "..."s keeps the NULs of pickles
using nntest::TorchNet;
namespace state = tg::nn::state;

namespace {

std::string dataFile(const std::string &name) { return std::string(TG_TEST_DATA_DIR) + "/" + name; }

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// A 1-D uint8 tensor of `bytes`, as the in-memory overloads take.
Tensor bytesTensor(const std::string &bytes) {
  return Tensor::from_bytes(bytes.data(), bytes.size(), DType::UInt8, {int64_t(bytes.size())});
}

/// The tensors of torch_expected.safetensors named "<prefix>.<name>", by
/// <name>.
nn::StateDict expected(const std::string &prefix) {
  nn::StateDict all = state::safe_load(dataFile("torch_expected.safetensors"));
  nn::StateDict tensors;
  for (const auto &[name, t] : all)
    if (name.compare(0, prefix.size() + 1, prefix + ".") == 0)
      tensors[name.substr(prefix.size() + 1)] = t;
  return tensors;
}

/// The same names, dtypes, shapes and bytes (NaN payloads included).
void expectSame(const nn::StateDict &loaded, const nn::StateDict &wanted) {
  ASSERT_FALSE(wanted.empty());
  std::vector<std::string> names, wantedNames;
  for (const auto &entry : loaded)
    names.push_back(entry.first);
  for (const auto &entry : wanted)
    wantedNames.push_back(entry.first);
  ASSERT_EQ(names, wantedNames);
  for (const auto &[name, t] : wanted) {
    const Tensor &got = loaded.at(name);
    EXPECT_EQ(got.dtype(), t.dtype()) << name;
    EXPECT_EQ(got.shape(), t.shape()) << name;
    EXPECT_EQ(got.to_bytes(), t.to_bytes()) << name;
  }
}

/// The error a call gives, or "(no error)".
template <typename F> std::string errorOf(F &&load) {
  try {
    load();
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

std::string loadError(const std::string &bytes) {
  return errorOf([&] { state::torch_load(bytesTensor(bytes)); });
}

//===----------------------------------------------------------------------===//
// Checkpoints
//===----------------------------------------------------------------------===//

TEST(TorchLoad, EveryDType) {
  nn::StateDict loaded = state::torch_load(dataFile("torch_dtypes.pt"));
  expectSame(loaded, expected("dtypes"));
  EXPECT_EQ(loaded.at("scalar").shape(), Shape{});
  EXPECT_EQ(loaded.at("scalar").item<float>(), 7.25f);
  EXPECT_EQ(loaded.at("empty").shape(), (Shape{0, 3}));
  EXPECT_EQ(loaded.at("int64").to_vector<int64_t>(),
            (std::vector<int64_t>{INT64_MIN, -1, 0, 1, INT64_MAX, (int64_t(1) << 53) + 1}));
}

TEST(TorchLoad, ViewsHonourStridesAndOffsets) {
  nn::StateDict loaded = state::torch_load(dataFile("torch_views.pt"));
  expectSame(loaded, expected("views"));
  // base = arange(24).reshape(4, 6); shared = arange(10)
  EXPECT_EQ(loaded.at("column").to_vector<float>(), (std::vector<float>{2, 8, 14, 20}));
  EXPECT_EQ(loaded.at("block").to_vector<float>(), (std::vector<float>{8, 9, 10, 14, 15, 16}));
  EXPECT_EQ(loaded.at("transposed").shape(), (Shape{6, 4}));
  EXPECT_EQ(loaded.at("transposed").to_vector<float>()[1], 6.f);
  EXPECT_EQ(loaded.at("shared_middle").to_vector<int32_t>(), (std::vector<int32_t>{3, 4, 5, 6}));
  EXPECT_EQ(loaded.at("expanded").to_vector<float>(),
            (std::vector<float>{1.5, -2, 3.25, 1.5, -2, 3.25, 1.5, -2, 3.25, 1.5, -2, 3.25}));
}

TEST(TorchLoad, NestedCheckpointsFlattenToDottedNames) {
  // Numbers, strings, bytes and None are left out; int keys become names.
  expectSame(state::torch_load(dataFile("torch_nested.pt")), expected("nested"));
}

TEST(TorchLoad, PickleProtocol4) {
  expectSame(state::torch_load(dataFile("torch_proto4.pt")), expected("proto4"));
}

TEST(TorchLoad, LegacyFormat) {
  expectSame(state::torch_load(dataFile("torch_legacy.pt")), expected("legacy"));
}

TEST(TorchLoad, TarFormatOfPyTorch03) {
  expectSame(state::torch_load(dataFile("torch_tar.pt")), expected("tar"));
}

TEST(TorchLoad, BigEndianCheckpoint) {
  expectSame(state::torch_load(dataFile("torch_bigendian.pt")), expected("dtypes"));
}

TEST(TorchLoad, FromATensorOfTheFile) {
  expectSame(state::torch_load(bytesTensor(readFile(dataFile("torch_views.pt")))),
             expected("views"));
  EXPECT_NE(errorOf([] { state::torch_load(Tensor::zeros({4})); }).find("1-D uint8 tensor"),
            std::string::npos);
}

TEST(TorchLoad, IntoAModel) {
  nn::StateDict loaded = state::torch_load(dataFile("torch_net.pt"));
  nn::StateDict values = expected("net");
  Tensor in = values.at("in"), out = values.at("out");
  values.erase("in");
  values.erase("out");
  expectSame(loaded, values);

  TorchNet net;
  state::load_state_dict(net, loaded);
  EXPECT_EQ(net.bn.num_batches_tracked.dtype(), DType::Int64);
  EXPECT_EQ(net.bn.num_batches_tracked.item<int64_t>(), 2);
  nntest::expectNear(net(in).to_vector<float>(), out.to_vector<float>(), 1e-5);
}

//===----------------------------------------------------------------------===//
// Damaged and unsupported checkpoints
//===----------------------------------------------------------------------===//

TEST(TorchLoad, EveryTruncationIsAnError) {
  for (const char *name : {"torch_dtypes.pt", "torch_legacy.pt", "torch_tar.pt"}) {
    std::string file = readFile(dataFile(name));
    // A tar's zero padding and end blocks may go (as for Python's tarfile).
    size_t end =
        name == std::string("torch_tar.pt") ? file.find_last_not_of('\0') + 1 : file.size();
    for (size_t n = 0; n < end; ++n)
      ASSERT_NE(loadError(file.substr(0, n)), "(no error)") << name << " cut to " << n << " bytes";
  }
}

TEST(TorchLoad, CorruptedBytesLoadOrThrow) {
  // The legacy format has no checksums, so damage reaches the pickle
  // machine: each damaged file loads or gives a tg::Error, never crashes.
  std::string file = readFile(dataFile("torch_legacy.pt"));
  size_t errors = 0;
  for (size_t i = 0; i < file.size(); ++i)
    for (uint8_t flip : {0x01, 0x80, 0xFF}) {
      std::string damaged = file;
      damaged[i] = char(uint8_t(damaged[i]) ^ flip);
      errors += loadError(damaged) != "(no error)";
    }
  EXPECT_GT(errors, file.size()); // most damage is noticed

  // In a zip, the CRC-32 of each member catches it.
  std::string zip = readFile(dataFile("torch_dtypes.pt"));
  size_t global = zip.find("_rebuild_tensor_v2"); // in data.pkl
  ASSERT_NE(global, std::string::npos);
  zip[global] ^= 1;
  EXPECT_NE(loadError(zip).find("data.pkl\" is corrupted (its CRC-32 does not match)"),
            std::string::npos)
      << loadError(zip);
}

/// A file of the legacy format whose object is `pickle` (protocol 2, after
/// the PROTO opcode). With `withData`, it has storage "0": floats 1, 2, 3, 4.
std::string legacyFile(const std::string &pickle, bool withData = false) {
  std::string file = "\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19."s +
                     "\x80\x02M\xe9\x03." + "\x80\x02}." + "\x80\x02" + pickle;
  if (!withData)
    return file + "\x80\x02].";
  std::vector<float> data = {1, 2, 3, 4};
  return file +
         "\x80\x02]X\x01\x00\x00\x00"
         "0a.\x04\x00\x00\x00\x00\x00\x00\x00"s +
         std::string(reinterpret_cast<const char *>(data.data()), 16);
}

TEST(TorchLoad, HandWrittenPickles) {
  ASSERT_EQ(loadError(legacyFile("}.")), "(no error)");
  EXPECT_TRUE(state::torch_load(bytesTensor(legacyFile("}."))).empty());
  // {'a': 1, 'b': [None, True, 'x']}: nothing that is a tensor
  EXPECT_TRUE(state::torch_load(bytesTensor(legacyFile("}(X\x01\x00\x00\x00"
                                                       "aK\x01X\x01\x00\x00\x00"
                                                       "b](N\x88X\x01\x00\x00\x00xeu."s)))
                  .empty());

  std::string storage = "(X\x07\x00\x00\x00storagectorch\nFloatStorage\nX\x01\x00\x00\x00"
                        "0X\x03\x00\x00\x00"
                        "cpuK\x04Ntq\x00Q"s;
  std::string rebuild = "ctorch._utils\n_rebuild_tensor_v2\n(";
  // {'w': a tensor of a storage of 4 floats; its offset, size and stride}
  auto tensorOf = [&](const std::string &view) {
    return legacyFile("}X\x01\x00\x00\x00w"s + rebuild + storage + view + "tRs.");
  };
  // {'d': [a view of floats 2, 3], 'e': b'z', 'f': 5}, built with the
  // opcodes the fixtures do not use.
  std::string opcodes = "("; // MARK
  opcodes += "\x8d\x01\x00\x00\x00\x00\x00\x00\x00"
             "d"s;                                                   // BINUNICODE8
  opcodes += "(" + rebuild + storage + "K\x01K\x02\x85K\x01\x85tR"s; // MARK, the view
  opcodes += "20l";                                                  // DUP, POP, LIST
  opcodes += "T\x01\x00\x00\x00"
             "eC\x01z"s; // BINSTRING, SHORT_BINBYTES
  opcodes += "T\x01\x00\x00\x00"
             "f\x8b\x01\x00\x00\x00\x05"s; // LONG4
  opcodes += "(K\x01K\x02"
             "1"s; // MARK, POP_MARK
  opcodes += "d."; // DICT
  nn::StateDict loaded = state::torch_load(bytesTensor(legacyFile(opcodes, true)));
  ASSERT_EQ(loaded.size(), 1u);
  EXPECT_EQ(loaded.at("d.0").to_vector<float>(), (std::vector<float>{2, 3}));

  // [], which then contains itself
  std::string cycle = "]q\x00h\x00"
                      "a."s;
  // l0 = [], l(i+1) = [li, li]: 2^40 paths to l0
  std::string shared = "]";
  for (int i = 0; i < 40; ++i)
    shared += "q\x00h\x00h\x00\x86"s;
  shared += ".";
  std::vector<std::pair<std::string, std::string>> cases = {
      {legacyFile("cos\nsystem\n."), "unsupported global os.system"},
      {legacyFile("cnumpy.core.multiarray\nscalar\n."), "unsupported global numpy.core"},
      {legacyFile("I1\n."), "unsupported pickle opcode 0x49 'I'"},
      {legacyFile("."), "stack is empty"},
      {legacyFile("h\x05."), "the memo has no entry 5"},
      {legacyFile("K\x01u."), "no MARK"},
      {legacyFile("K\x01K\x02s."), "SETITEM needs a dict"},
      {legacyFile("}(K\x01u."), "an odd number"},
      {legacyFile("X\xff\xff\xff\x00."s), "the pickle ends early"},
      {tensorOf("K\x00K\x02K\x03\x86K\x03K\x01\x86"s), "reads past its storage of 4 elements"},
      {tensorOf("K\x00K\x03K\x02\x86K\x01K\x01\x86"s), "more than once"},
      {tensorOf("K\x00K\x02\x85K\x01\x85"s), "no data for storage 0"},
      {legacyFile("}X\x01\x00\x00\x00w"s + rebuild + "K\x00K\x00)\x85tRs."s),
       "_rebuild_tensor without (storage, offset, size, stride)"},
      {legacyFile("(X\x05\x00\x00\x00otherK\x00tQ."s), "a persistent id that is not"},
      {legacyFile(cycle), "nest deeper than 64 levels"},
      {legacyFile(shared), "share each other too often"},
      {legacyFile("}K\x01K\x02\x86K\x00s."s), "is a tuple, not a string or an int"},
      {legacyFile("\x80\x06}."), "pickle protocol 6 is not supported"},
      {std::string("\x80\x02K\x01.", 5), "no legacy magic number"},
      {"not a checkpoint", "neither a zip archive, nor a tar, nor a pickle"},
      {readFile(dataFile("archive_gnu.tar")), "the tar has no \"sys_info\""},
      {readFile(dataFile("archive.zip")), "no <name>/data.pkl"},
  };
  for (const auto &[bytes, message] : cases)
    EXPECT_NE(loadError(bytes).find(message), std::string::npos)
        << "expected \"" << message << "\", got: " << loadError(bytes);
  // Errors name the file.
  std::string missing = dataFile("no-such-file.pt");
  EXPECT_NE(errorOf([&] { state::torch_load(missing); }).find("tg::nn::torch_load: " + missing),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Archives
//===----------------------------------------------------------------------===//

std::string asText(const Tensor &t) {
  EXPECT_EQ(t.dtype(), DType::UInt8);
  EXPECT_EQ(t.ndim(), 1);
  return t.to_bytes();
}

std::map<std::string, std::string> contents(const nn::StateDict &members) {
  std::map<std::string, std::string> texts;
  for (const auto &[name, t] : members)
    texts[name] = asText(t);
  return texts;
}

std::string repeated(const std::string &text, int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += text;
  return out;
}

TEST(ZipExtract, StoredDeflatedAndZip64) {
  std::string deflated;
  for (int i = 0; i < 256; ++i)
    deflated.push_back(char(i));
  deflated += repeated("tinygrad ", 300);
  std::map<std::string, std::string> want = {{"stored.txt", "Hello, World!"},
                                             {"dir/", ""},
                                             {"dir/deflated.bin", deflated},
                                             {"empty", ""},
                                             {"empty_deflated", ""}};
  for (const char *name : {"archive.zip", "archive64.zip"}) {
    EXPECT_EQ(contents(state::zip_extract(dataFile(name))), want) << name;
    EXPECT_EQ(contents(state::zip_extract(bytesTensor(readFile(dataFile(name))))), want) << name;
  }
}

TEST(ZipExtract, DamagedArchives) {
  std::string zip = readFile(dataFile("archive.zip"));
  auto error = [](const std::string &bytes) {
    return errorOf([&] { state::zip_extract(bytesTensor(bytes)); });
  };
  for (size_t n = 0; n < zip.size(); ++n)
    ASSERT_NE(error(zip.substr(0, n)), "(no error)") << "cut to " << n << " bytes";
  std::string deflated = zip;
  size_t data = deflated.find("dir/deflated.bin") + 16; // the local header's name, then the data
  deflated[data + 40] ^= 0x55;
  EXPECT_NE(error(deflated), "(no error)");
  EXPECT_NE(error("This is not a valid zip file").find("no end of central directory record"),
            std::string::npos);
  std::string missing = dataFile("no-such-file.zip");
  EXPECT_NE(errorOf([&] {
              state::zip_extract(missing);
            }).find("tg::nn::zip_extract: " + missing + ": cannot read the file"),
            std::string::npos);
}

/// make_torch_fixtures.py's TAR_FILES.
std::map<std::string, std::string> tarFiles(bool ustar) {
  std::map<std::string, std::string> files = {
      {"a/file1.txt", "Hello, World!"},
      {"a/b/file2.bin", std::string("\x00\x01\x02\x03\x04", 5)},
      {"empty_file.txt", ""},
      {"512file", std::string(512, 'a')},
      {"long_file", repeated("some data", 60)},
      {repeated("very", 15) + "/" + repeated("very", 15) + "_long_filename.txt", "Hello, World!!"},
  };
  if (!ustar) // too long for ustar
    files[repeated("very", 50) + "_long_filename.txt"] = "Hello, World!!!";
  return files;
}

TEST(TarExtract, UstarGnuAndPax) {
  for (const char *format : {"ustar", "gnu", "pax"}) {
    std::string path = dataFile(std::string("archive_") + format + ".tar");
    bool ustar = std::string(format) == "ustar";
    EXPECT_EQ(contents(state::tar_extract(path)), tarFiles(ustar)) << format;
    EXPECT_EQ(contents(state::tar_extract(bytesTensor(readFile(path)))), tarFiles(ustar)) << format;
  }
}

TEST(TarExtract, DamagedArchives) {
  auto error = [](const std::string &bytes) {
    return errorOf([&] { state::tar_extract(bytesTensor(bytes)); });
  };
  EXPECT_NE(error("This is not a valid tar file").find("not a tar archive"), std::string::npos);
  EXPECT_NE(error(repeated("This is not a valid tar file", 100)).find("not a tar archive"),
            std::string::npos);
  std::string tar = readFile(dataFile("archive_pax.tar"));
  // Cut inside each header or inside a member's data. (Cut where a member
  // and its padding end, the archive just has fewer members, as Python's
  // tarfile reads it.)
  std::vector<size_t> cuts = {tar.find("some data") + 100};
  for (size_t at = 0; at < tar.size(); at += 512)
    if (tar.compare(at + 257, 5, "ustar") == 0)
      cuts.push_back(at + 300);
  EXPECT_GT(cuts.size(), 10u);
  for (size_t n : cuts)
    EXPECT_NE(error(tar.substr(0, n)), "(no error)") << "cut to " << n << " bytes";
  std::string badChecksum = tar;
  badChecksum[512 * 3 + 10] ^= 1;
  EXPECT_NE(error(badChecksum).find("bad checksum"), std::string::npos) << error(badChecksum);
  EXPECT_TRUE(state::tar_extract(bytesTensor(std::string(1024, '\0'))).empty());
}

} // namespace
