//===- HashTest.cpp - keccak and the tree hash against hashlib -------------===//
//
// Digests from Python's hashlib (data/make_math_reference.py): SHA-3 and
// SHAKE, and tinygrad's tree hash written with them.
//
//===----------------------------------------------------------------------===//

#include "TensorTestUtil.h"
#include "data/math_reference.h"

#include <gtest/gtest.h>

#include <string>

using namespace tg;
using namespace tensortest;
using namespace mathref;

namespace {

Tensor bytes(const std::string &text) {
  return Tensor::from_vector(std::vector<uint8_t>(text.begin(), text.end()), {int64_t(text.size())});
}

/// make_math_reference.py's MESSAGES: three rows of 200 bytes.
std::vector<uint8_t> messages() {
  std::vector<uint8_t> rows;
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 200; ++i)
      rows.push_back(uint8_t((i * 31 + k) % 256));
  return rows;
}

std::vector<int32_t> digestOf(const Tensor &t) {
  EXPECT_EQ(t.dtype(), DType::UInt8);
  return t.cast(DType::Int32).to_vector<int32_t>();
}

TEST(Hash, Sha3) {
  EXPECT_EQ(digestOf(bytes("Hello World!").keccak()), kSha3HelloWorld);
  // A batch: one digest per row, two blocks each (200 > 136 bytes).
  Tensor rows = Tensor::from_vector(messages(), {3, 200});
  Tensor digests = rows.keccak("sha3_256");
  EXPECT_EQ(digests.shape(), (Shape{3, 32}));
  EXPECT_EQ(digestOf(digests), kSha3Rows);
  // The padding's two bits in one byte (rate - 1 bytes), and a whole block
  // of padding (rate bytes).
  EXPECT_EQ(digestOf(rows[0].shrink({{0, 135}}).keccak()), kSha3Length135);
  EXPECT_EQ(digestOf(rows[0].shrink({{0, 136}}).keccak()), kSha3Length136);
  EXPECT_EQ(digestOf(Tensor::empty({0}, DType::UInt8).keccak()), kSha3Empty);
}

TEST(Hash, OtherSpongesAndTypes) {
  Tensor rows = Tensor::from_vector(messages(), {3, 200});
  EXPECT_EQ(digestOf(rows[1].keccak("sha3_224")), kSha3_224);
  EXPECT_EQ(digestOf(rows[2].keccak("shake_128")), kShake128);
  // Wider elements hash their little-endian bytes.
  std::vector<int32_t> values;
  for (int r = 0; r < 2; ++r)
    for (int repeat = 0; repeat < 50; ++repeat)
      for (int i = 0; i < 3; ++i)
        values.push_back(3 * r + i);
  EXPECT_EQ(digestOf(Tensor::from_vector(values, {2, 150}).keccak()), kSha3Int32Rows);
  // Keccak-256 as Ethereum uses it: domain byte 1.
  EXPECT_EQ(digestOf(bytes("").keccak(136, 1)).front(), 0xc5);
  EXPECT_THROW(bytes("a").keccak("md5"), Error);
  EXPECT_THROW(bytes("a").keccak(130, 6), Error);
  EXPECT_THROW(Tensor::scalar(1).keccak(), Error);
}

TEST(Hash, TreeHash) {
  std::vector<float> small(1000);
  for (size_t i = 0; i < small.size(); ++i)
    small[i] = float(i) * 0.5f - 7;
  Tensor h = Tensor::from_vector(small, {1000}).hash();
  EXPECT_EQ(h.shape(), Shape{16});
  EXPECT_EQ(digestOf(h), kTreeHashSmall);
  // More than 1 MiB: a level of chunk digests, hashed again.
  std::vector<int32_t> large(300000);
  for (size_t i = 0; i < large.size(); ++i)
    large[i] = int32_t(i);
  EXPECT_EQ(digestOf(Tensor::from_vector(large, {300000}).hash()), kTreeHashTwoChunks);
}

} // namespace
