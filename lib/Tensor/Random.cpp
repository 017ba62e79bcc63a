//===- Random.cpp - tinygrad's threefry random numbers --------------------===//
//
// Random bits are Threefry-2x32 of a counter under a key, as tinygrad's:
// the key holds the seed and each draw starts where the last one ended.
// A random tensor is one value: its graph reads its draw's key (from the
// seed and where the draw starts) from a buffer that nothing changes later,
// so it has the same numbers in every program that reads it, in whatever
// order programs run. With the same seed, the numbers are tinygrad's.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include "tg/Support/Threefry.h"

#include <cmath>
#include <ctime>

namespace tg {

namespace {

/// The key's first word for the first device that draws random numbers:
/// tinygrad's sha256(device index 0 as 4 big-endian bytes), low 32 bits.
/// Random tensors are made on the default device only, so it is the one.
constexpr uint32_t kFirstDeviceKey = 0x14b81119;

/// The seed and how many words were drawn since. The count lives on the
/// host: each draw is handed its own key as a buffer of its own, so its
/// numbers depend on nothing a later draw or program changes.
struct RngState {
  uint32_t seed = uint32_t(std::time(nullptr));
  uint64_t drawn = 0;
};

RngState &rng() {
  static RngState state;
  return state;
}

/// The key of a draw of `num` words: the counter of its first word
/// encrypted under the seed's key, as tinygrad's random_bits makes it. It is
/// one number, computed here rather than by every element of the draw's
/// kernel; a buffer, not a constant, so a training step that draws the same
/// shapes builds the same graph every step and its program is reused.
Tensor nextDrawKey(uint64_t num) {
  RngState &state = rng();
  uint64_t start = state.drawn;
  state.drawn += num;
  uint64_t seedKey = uint64_t(state.seed) << 32 | kFirstDeviceKey;
  return Tensor::from_vector<uint64_t>({mlir::tg::threefry2x32(start, seedKey)}, {1});
}

/// tinygrad's random_bits: `num` uint32 words, word i for each i in
/// `index` (of any shape). With half = ceil(num / 2), the counts (i, i +
/// half) for i < half, as one 64-bit word, are encrypted under the draw's
/// key; word i is the low half of pair i, word half + i its high half. Each
/// word encrypts its pair from its own index: as tinygrad's cat of the low
/// and the high halves, both halves are pads, and a kernel computes every
/// pair twice per word and reads its counts through computed indices, so it
/// does not vectorize.
Tensor randomBits(const Tensor &drawKey, const Tensor &index, int64_t num) {
  if (num >= int64_t(0xffffffff))
    throw Error("tg::Tensor::rand: more than 2^32 - 2 random words at once");
  int64_t half = (num + 1) / 2;
  Tensor high = index.ge(double(half));
  Tensor counts0 = index.sub(high.cast(DType::UInt32).mul(double(half)));
  Tensor counts = counts0.add(double(half))
                      .cast(DType::UInt64)
                      .lshift(32)
                      .bitwise_or(counts0.cast(DType::UInt64));
  Tensor pair = binaryOp(Op::Threefry, counts, drawKey.reshape(Shape(index.ndim(), 1)));
  // Shifted by 0 or 32, not picked by a where: the compiler's rules would
  // give each of its branches a Threefry of its own, of the counts as that
  // branch's condition makes them.
  return binaryOp(Op::Shr, pair, high.cast(DType::UInt64).mul(32)).cast(DType::UInt32);
}

/// The row-major index of every element of `shape`, as uint32: rows plus
/// columns, each a range along the axes before or after a split of the
/// shape, whichever split makes the two shortest. A range as long as the
/// tensor is made on the host and copied in (16M words: 50 of the 67 ms of
/// a 4096x4096 rand); a range per axis keeps the kernel's loops apart (a
/// 10-wide innermost axis, rather than 3200 columns, did not vectorize).
Tensor flatIndex(const Shape &shape) {
  int64_t n = tg::numel(shape), rows = 1, bestRows = 1;
  for (int64_t size : shape) {
    rows *= size;
    if (rows + n / rows < bestRows + n / bestRows)
      bestRows = rows;
  }
  int64_t columns = n / bestRows;
  Tensor starts = Tensor::arange(0, double(n), double(columns), DType::UInt32);
  Tensor offsets = Tensor::arange(0, double(columns), 1, DType::UInt32);
  return starts.reshape({bestRows, 1}).add(offsets.reshape({1, columns})).reshape(shape);
}

/// The uint32 words as the unsigned type of `itemsize` bytes would read
/// them from memory (little-endian), as tinygrad's bitcast does.
Tensor wordsAs(const Tensor &words, size_t itemsize) {
  if (itemsize == 4)
    return words;
  if (itemsize == 2) {
    Tensor low = words.bitwise_and(constLike(words, 0xffff)).cast(DType::UInt16);
    return Tensor::stack({low, words.rshift(16).cast(DType::UInt16)}, -1).flatten();
  }
  Tensor pairs = words.reshape({-1, 2}).cast(DType::UInt64);
  return pairs.slice({Slice{}, Slice{1, 2, 1}})
      .lshift(32)
      .bitwise_or(pairs.slice({Slice{}, Slice{0, 1, 1}}))
      .flatten();
}

struct FloatBits {
  DType uint;
  int mantissa;
  double oneBits; // the bits of 1.0
};

FloatBits floatBits(DType dtype) {
  switch (dtype) {
  case DType::Float16: return {DType::UInt16, 10, 0x3C00};
  case DType::BFloat16: return {DType::UInt16, 7, 0x3F80};
  case DType::Float32: return {DType::UInt32, 23, 0x3F800000};
  default: return {DType::UInt64, 52, double(0x3FF0000000000000ull)};
  }
}

/// tinygrad's _bits_to_rand: the top mantissa bits under the exponent of
/// 1.0 give a float in [1, 2); minus 1, in [0, 1). `bits` are the float's
/// own width.
Tensor bitsToRand(const Tensor &bits, DType dtype) {
  FloatBits f = floatBits(dtype);
  return bits.rshift(int64_t(itemsize(dtype)) * 8 - f.mantissa)
      .bitwise_or(constLike(bits, f.oneBits))
      .bitcast(dtype)
      .sub(1);
}

void requireShape(const char *op, const Shape &shape) {
  for (int64_t s : shape)
    if (s < 0)
      throw Error(std::string("tg::Tensor::") + op + ": negative size in " + shapeText(shape));
}

/// The product of all sizes but the first (the fan-in of a weight).
double fanIn(const Shape &shape) {
  return shape.empty() ? 1 : double(tg::numel(Shape(shape.begin() + 1, shape.end())));
}

/// tinygrad's rand(contiguous=False): the numbers as a graph, which a
/// consumer may fuse (dropout realizes only its mask).
Tensor uniformBits(const Shape &shape, DType dtype) {
  requireShape("rand", shape);
  if (!isFloat(dtype))
    throw Error(std::string("tg::Tensor::rand: needs a float dtype, not ") + name(dtype));
  int64_t n = tg::numel(shape);
  if (n == 0)
    return Tensor::full(shape, 0, dtype);
  size_t size = itemsize(dtype);
  int64_t words = (n * int64_t(size) + 3) / 4;
  Tensor key = nextDrawKey(uint64_t(words));
  // A word per float32, drawn in the tensor's shape; the others' words
  // are drawn flat and split or joined.
  if (size == 4)
    return bitsToRand(randomBits(key, flatIndex(shape), words), dtype);
  Tensor index = Tensor::arange(0, double(words), 1, DType::UInt32);
  Tensor floats = bitsToRand(wordsAs(randomBits(key, index, words), size), dtype);
  return floats.slice({Slice{0, n, 1}}).reshape(shape);
}

} // namespace

void Tensor::manual_seed(uint64_t seed) {
  // tinygrad keeps the seed as a uint32 word of the key.
  rng() = RngState{uint32_t(seed), 0};
}

Tensor Tensor::rand(Shape shape, DType dtype) { return uniformBits(shape, dtype).contiguous(); }

Tensor Tensor::randn(Shape shape, DType dtype) {
  // Box-Muller on two uniform draws, in float32.
  Shape pair = shape;
  pair.insert(pair.begin(), 2);
  Tensor u = rand(pair, DType::Float32);
  Tensor radius = (1 - u[1]).log().mul(-2).sqrt();
  return u[0].mul(2 * std::acos(-1.0)).cos().mul(radius).cast(dtype);
}

Tensor Tensor::uniform(Shape shape, double low, double high, DType dtype) {
  if (!(low < high))
    throw Error("tg::Tensor::uniform: needs low < high, got " + std::to_string(low) + " and " +
                std::to_string(high));
  return ((high - low) * rand(std::move(shape))).cast(dtype).add(low);
}

Tensor Tensor::randint(Shape shape, int64_t low, int64_t high, DType dtype) {
  if (!isInt(dtype))
    throw Error(std::string("tg::Tensor::randint: needs an integer dtype, not ") + name(dtype));
  if (low >= high)
    throw Error("tg::Tensor::randint: needs low < high, got " + std::to_string(low) + " and " +
                std::to_string(high));
  return uniform(std::move(shape), double(low), double(high), dtype);
}

Tensor Tensor::normal(Shape shape, double mean, double std, DType dtype) {
  if (std < 0)
    throw Error("tg::Tensor::normal: needs std >= 0, got " + std::to_string(std));
  return (std * randn(std::move(shape), dtype)).add(mean);
}

Tensor Tensor::scaled_uniform(Shape shape, DType dtype) {
  double scale = std::pow(double(tg::numel(shape)), -0.5);
  return uniform(std::move(shape), -1, 1, dtype).mul(scale);
}

Tensor Tensor::glorot_uniform(Shape shape, DType dtype) {
  if (shape.empty())
    throw Error("tg::Tensor::glorot_uniform: needs at least one dim");
  double bound = std::sqrt(6 / (double(shape[0]) + fanIn(shape)));
  return uniform(std::move(shape), -bound, bound, dtype);
}

Tensor Tensor::kaiming_uniform(Shape shape, double a, DType dtype) {
  double bound = std::sqrt(6 / (1 + a * a) / fanIn(shape));
  return uniform(std::move(shape), -bound, bound, dtype);
}

Tensor Tensor::kaiming_normal(Shape shape, double a, DType dtype) {
  double std = std::sqrt(2 / (1 + a * a) / fanIn(shape));
  return normal(std::move(shape), 0, std, dtype);
}

Tensor Tensor::rand_like() const {
  requireDefined("rand_like");
  return rand(shape(), dtype());
}

Tensor Tensor::randn_like() const {
  requireDefined("randn_like");
  return randn(shape(), dtype());
}

Tensor Tensor::dropout(double p) const {
  requireDefined("dropout");
  if (!(p >= 0 && p <= 1))
    throw Error("tg::Tensor::dropout: p = " + std::to_string(p) + " is outside [0, 1]");
  if (!training || p == 0)
    return *this;
  if (p == 1)
    return zeros_like();
  // The kept mask is realized as bools, not the floats it came from.
  Tensor keep = uniformBits(shape(), kDefaultFloat).ge(p).contiguous();
  return keep.where(*this, scalarLike(*this, 0)).div(1 - p);
}

} // namespace tg
