//===- Random.cpp - tinygrad's threefry random numbers --------------------===//
//
// Random bits are Threefry-2x32 of a counter under a key, as tinygrad's:
// the key holds the seed and each draw starts where the last one ended.
// A random tensor is one value: its graph reads the key and its own start
// from buffers that nothing changes later, so it has the same numbers in
// every program that reads it, in whatever order programs run. With the
// same seed, the numbers are tinygrad's.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <cmath>
#include <ctime>

namespace tg {

namespace {

/// The key's first word for the first device that draws random numbers:
/// tinygrad's sha256(device index 0 as 4 big-endian bytes), low 32 bits.
/// Random tensors are made on the default device only, so it is the one.
constexpr uint32_t kFirstDeviceKey = 0x14b81119;

/// The seed's key as a buffer, made at the first draw after a seed, and how
/// many words were drawn since. The count lives on the host: each draw is
/// handed its own start as a buffer of its own, so its numbers depend on
/// nothing a later draw or program changes.
struct RngState {
  uint32_t seed = uint32_t(std::time(nullptr));
  uint64_t drawn = 0;
  Tensor key; // uint32 [2]; undefined until the first draw
};

RngState &rng() {
  static RngState state;
  return state;
}

Tensor sliceOf(const Tensor &x, int64_t begin, int64_t end) {
  return x.slice({Slice{begin, end, 1}});
}

/// The key and the counter (low, high words) to draw `num` 32-bit words
/// from; the next draw starts `num` words later. The counter is a buffer,
/// not a constant, so a training step that draws the same shapes builds
/// the same graph every step and its program is reused.
std::pair<Tensor, Tensor> nextCounter(uint64_t num) {
  RngState &state = rng();
  if (!state.key.defined())
    state.key = Tensor::from_vector<uint32_t>({kFirstDeviceKey, state.seed}, {2});
  uint64_t start = state.drawn;
  state.drawn += num;
  Tensor counter =
      Tensor::from_vector<uint32_t>({uint32_t(start), uint32_t(start >> 32)}, {2});
  return {state.key, counter};
}

/// tinygrad's _threefry_random_bits: the words (counts1 << 32 | counts0)
/// encrypted under the key, low words then high words.
Tensor threefryBits(const Tensor &key, const Tensor &counts0, const Tensor &counts1) {
  auto pack = [](const Tensor &low, const Tensor &high) {
    return high.cast(DType::UInt64).lshift(32).bitwise_or(low.cast(DType::UInt64));
  };
  Tensor x = binaryOp(Op::Threefry, pack(counts0, counts1), pack(key[0], key[1]));
  return Tensor::cat({x.cast(DType::UInt32), x.rshift(32).cast(DType::UInt32)});
}

/// tinygrad's random_bits: `num` uint32 words. A key for this draw is the
/// counter encrypted under the seed's key; the words are the pairs of
/// counts (i, i + half) for i < half = ceil(num / 2) encrypted under it.
Tensor randomBits(const Tensor &key, const Tensor &counter, int64_t num) {
  if (num >= int64_t(0xffffffff))
    throw Error("tg::Tensor::rand: more than 2^32 - 2 random words at once");
  Tensor drawKey = threefryBits(key, sliceOf(counter, 0, 1), sliceOf(counter, 1, 2));
  int64_t half = (num + 1) / 2;
  Tensor counts0 = Tensor::arange(0, double(half), 1, DType::UInt32);
  return sliceOf(threefryBits(drawKey, counts0, counts0.add(double(half))), 0, num);
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
/// 1.0 give a float in [1, 2); minus 1, in [0, 1).
Tensor bitsToRand(const Tensor &words, const Shape &shape, DType dtype) {
  FloatBits f = floatBits(dtype);
  Tensor bits = wordsAs(words, itemsize(dtype));
  Tensor floats = bits.rshift(int64_t(itemsize(dtype)) * 8 - f.mantissa)
                      .bitwise_or(constLike(bits, f.oneBits))
                      .bitcast(dtype);
  return sliceOf(floats, 0, tg::numel(shape)).sub(1).reshape(shape);
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
  int64_t words = (n * int64_t(itemsize(dtype)) + 3) / 4;
  auto [key, counter] = nextCounter(uint64_t(words));
  return bitsToRand(randomBits(key, counter, words), shape, dtype);
}

} // namespace

void Tensor::manual_seed(uint64_t seed) {
  // tinygrad keeps the seed as a uint32 word of the key.
  rng() = RngState{uint32_t(seed), 0, Tensor()};
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
