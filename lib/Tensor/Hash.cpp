//===- Hash.cpp - Keccak (SHA-3) and tinygrad's tree hash ------------------===//
//
// tinygrad's keccak: the sponge over the last axis, its permutation
// Keccak-f[1600] built from uint64 tensor ops on a [batch, 25] state (lane
// x + 5y at index x + 5y), so a batch of messages hashes at once on the
// device. Byte order is little-endian, as the lanes' definition requires;
// and hash, tinygrad's tree of shake_128 digests over 1 MiB chunks.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <array>

namespace tg {

namespace {

constexpr int64_t kStateBytes = 200, kLanes = 25;

// The rotation of lane x + 5y (ρ) and the lane it moves to (π:
// (x, y) → (y, 2x + 3y)), from the Keccak reference.
constexpr std::array<int, kLanes> kRotation = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                               25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};
constexpr std::array<uint64_t, 24> kRoundConstants = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};

Tensor lanes(const std::vector<uint64_t> &values) {
  return Tensor::from_vector(values, {int64_t(values.size())});
}

/// The constants of one permutation, made once per keccak call.
struct Permutation {
  Tensor rotateUp, rotateDown; // x·2^r and x / 2^(64-r): a rotation by r
  Tensor source;               // the lane each lane comes from after π
  std::vector<Tensor> round;   // ι's constant on lane 0
};

Permutation permutation(int64_t batch) {
  std::vector<uint64_t> up(kLanes), down(kLanes);
  std::vector<int32_t> source(kLanes);
  for (int64_t lane = 0; lane < kLanes; ++lane) {
    int r = kRotation[lane];
    // Lane 0 does not rotate: 0·x | x / 1.
    up[lane] = r ? uint64_t(1) << r : 0;
    down[lane] = r ? uint64_t(1) << (64 - r) : 1;
    int64_t x = lane % 5, y = lane / 5;
    source[y + 5 * ((2 * x + 3 * y) % 5)] = int32_t(lane);
  }
  Permutation p{lanes(up), lanes(down),
                Tensor::from_vector(source, {1, kLanes}).expand({batch, kLanes}), {}};
  for (uint64_t constant : kRoundConstants) {
    std::vector<uint64_t> round(kLanes, 0);
    round[0] = constant;
    p.round.push_back(lanes(round));
  }
  return p;
}

/// XOR of the five rows of [batch, 5 (y), 5 (x)]: the column parities.
Tensor columnParity(const Tensor &a) {
  std::vector<Tensor> rows = a.split(1, 1);
  Tensor parity = rows[0];
  for (size_t y = 1; y < rows.size(); ++y)
    parity = parity.bitwise_xor(rows[y]);
  return parity;
}

/// Keccak-f[1600] on a [batch, 25] uint64 state.
Tensor keccakF(Tensor state, const Permutation &p) {
  int64_t batch = state.shape(0);
  for (const Tensor &roundConstant : p.round) {
    // θ: each lane takes the parities of the columns beside it.
    Tensor a = state.reshape({batch, 5, 5});
    Tensor c = columnParity(a);
    Tensor right = c.roll(-1, 2);
    Tensor d = c.roll(1, 2).bitwise_xor(right.lshift(1).bitwise_xor(right.rshift(63)));
    state = a.bitwise_xor(d).reshape({batch, kLanes});
    // ρ then π.
    state = state.mul(p.rotateUp).bitwise_or(state.floordiv(p.rotateDown)).gather(1, p.source);
    // χ along each row, then ι.
    a = state.reshape({batch, 5, 5});
    a = a.bitwise_xor(a.roll(-1, 2).bitwise_not().bitwise_and(a.roll(-2, 2)));
    state = a.reshape({batch, kLanes}).bitwise_xor(roundConstant);
  }
  return state;
}

/// The bytes of each element, little-endian, as a new last axis of uint8.
Tensor bytesOf(const Tensor &x) {
  size_t size = itemsize(x.dtype());
  if (size == 1)
    return x.bitcast(DType::UInt8).unsqueeze(-1);
  static const DType unsignedOfSize[] = {DType::UInt8, DType::UInt16, DType::UInt16, DType::UInt32,
                                         DType::UInt32, DType::UInt64, DType::UInt64, DType::UInt64};
  Tensor bits = x.bitcast(unsignedOfSize[size - 1]);
  std::vector<Tensor> bytes;
  for (size_t k = 0; k < size; ++k)
    bytes.push_back(bits.rshift(int64_t(8 * k)).bitwise_and(constLike(bits, 255)).cast(DType::UInt8));
  return Tensor::stack(bytes, -1);
}

/// Little-endian uint64 lanes of [..., 8k] uint8.
Tensor lanesOf(const Tensor &bytes) {
  Shape shape = bytes.shape();
  shape.back() /= 8;
  shape.push_back(8);
  std::vector<uint64_t> weights(8);
  for (int k = 0; k < 8; ++k)
    weights[k] = uint64_t(1) << (8 * k);
  // Disjoint bits: the sum is the OR.
  return bytes.reshape(shape).cast(DType::UInt64).mul(lanes(weights)).sum(-1);
}

} // namespace

Tensor Tensor::keccak(const std::string &cfg) const {
  if (cfg == "sha3_224")
    return keccak(144, 6);
  if (cfg == "sha3_256")
    return keccak(136, 6);
  if (cfg == "shake_128")
    return keccak(168, 31);
  throw Error("tg::Tensor::keccak: \"" + cfg + "\" is not sha3_224, sha3_256 or shake_128");
}

Tensor Tensor::keccak(int64_t rate, int64_t dsbyte) const {
  requireDefined("keccak");
  if (ndim() < 1)
    throw Error("tg::Tensor::keccak: hashes the last axis; a 0-d tensor has none");
  if (rate <= 0 || rate >= kStateBytes || rate % 8 != 0 || dsbyte < 1 || dsbyte > 127)
    throw Error("tg::Tensor::keccak: a rate of " + std::to_string(rate) +
                " bytes (a multiple of 8 below 200) and a domain byte of " +
                std::to_string(dsbyte) + " (1 to 127) do not make a sponge");
  Shape outer(shape().begin(), shape().end() - 1);
  int64_t batch = tg::numel(outer);
  Tensor data = bytesOf(*this).reshape({batch, -1});
  int64_t length = data.shape(1), padded = (length / rate + 1) * rate, blocks = padded / rate;
  // pad10*1 with the domain bits: dsbyte after the message, 0x80 on the
  // rate's last byte (the same byte when one is left).
  std::vector<uint8_t> padding(blocks * kStateBytes, 0);
  int64_t last = (blocks - 1) * kStateBytes;
  padding[last + length % rate] ^= uint8_t(dsbyte);
  padding[last + rate - 1] ^= 0x80;
  data = data.pad({{0, 0}, {0, padded - length}})
             .reshape({batch, blocks, rate})
             .pad({{0, 0}, {0, 0}, {0, kStateBytes - rate}})
             .reshape({batch, blocks * kStateBytes})
             .bitwise_xor(Tensor::from_vector(padding, {blocks * kStateBytes}));
  // Each block's permutation is a program of its own, the same for every
  // block (the block a buffer of its own, the state realized), so a long
  // message compiles one program and runs it once per block instead of
  // unrolling all of them into one.
  std::string blockBytes = lanesOf(data).reshape({batch, blocks, kLanes}).permute({1, 0, 2}).to_bytes();
  size_t stride = size_t(batch * kLanes) * sizeof(uint64_t);
  Permutation p = permutation(batch);
  Tensor state = Tensor::from_vector(std::vector<uint64_t>(batch * kLanes, 0), {batch, kLanes});
  for (int64_t k = 0; k < blocks; ++k) {
    Tensor block = from_bytes(blockBytes.data() + k * stride, stride, DType::UInt64, {batch, kLanes});
    state = keccakF(state.bitwise_xor(block), p).realize();
  }
  int64_t digest = (kStateBytes - rate) / 2;
  Shape out = outer;
  out.push_back(digest);
  return bytesOf(state).reshape({batch, kStateBytes}).shrink({{0, batch}, {0, digest}}).reshape(out);
}

namespace {

constexpr int64_t kHashChunk = int64_t(1) << 20, kHashPiece = 4096;

/// tinygrad's _hash_1mb: [rows, 1 MiB] uint8 → [rows, 16], the shake_128 of
/// the shake_128 digests of each 4 KiB piece.
Tensor hashChunks(const Tensor &chunks) {
  int64_t rows = chunks.shape(0);
  return chunks.reshape({-1, kHashPiece}).keccak("shake_128").reshape({rows, -1}).keccak("shake_128");
}

Tensor padTo(const Tensor &bytes, int64_t length) {
  return bytes.pad({{0, length - bytes.shape(0)}});
}

} // namespace

Tensor Tensor::hash() const {
  requireDefined("hash");
  Tensor data = bytesOf(*this).flatten();
  // A tree: 1 MiB chunks hash to 16 bytes each until one chunk is left.
  for (int64_t chunks = (data.shape(0) + kHashChunk - 1) / kHashChunk; chunks > 1;
       chunks = (chunks + 65535) / 65536)
    data = hashChunks(padTo(data, chunks * kHashChunk).reshape({chunks, kHashChunk})).flatten();
  return hashChunks(padTo(data, kHashChunk).unsqueeze(0)).flatten().shrink({{0, 16}});
}

} // namespace tg
