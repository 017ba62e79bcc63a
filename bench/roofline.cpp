//===- roofline.cpp - what this machine allows: peak FLOPS, memory bandwidth ===//
//
// Prints one JSON line, bench/WORKLOADS.md's roofline:
//   {"workload": "roofline", "peak_gflops": ..., "mem_gbps": ..., "read_gbps": ...}
// Peak: every core runs independent chains of fused multiply-adds on the
// widest vectors this CPU has (-march=native, and 512-bit vectors preferred
// where it has them), enough chains to cover the FMA latency on every FMA
// unit; the best of five runs, as for bandwidth. Bandwidth: a streaming copy
// between two buffers far larger than the caches, read + written bytes;
// and a read stream alone, a sum over such a buffer (what a reduction like
// sum_rows can reach).
//
//===----------------------------------------------------------------------===//

#include "tg/Support/Version.h"

#include "JSONNumber.h"

#include "llvm/Support/CommandLine.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <numeric>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// As many chains as the vector registers hold besides a and b: 16 vectors
// of 16 lanes in AVX-512's 32 registers; in AVX2's 16, 16 chains of 8 lanes
// spilled (Zen 2: 115 GFLOPS, where a matmul's kernel ran at 138).
#if defined(__AVX512F__)
constexpr int kLanes = 16, kChains = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8, kChains = 12;
#elif defined(__aarch64__)
constexpr int kLanes = 4, kChains = 16;
#else
constexpr int kLanes = 4, kChains = 12;
#endif
typedef float Vector __attribute__((vector_size(kLanes * sizeof(float))));
constexpr long kSteps = 50'000'000;

/// kChains independent FMA chains of kSteps steps; returns a sum so the work
/// is not optimized away.
float fmaChains(float seed) {
  Vector acc[kChains], a, b;
  for (int l = 0; l < kLanes; ++l) {
    a[l] = 1.0f + seed * 1e-7f;
    b[l] = 1e-7f;
  }
  for (int c = 0; c < kChains; ++c)
    for (int l = 0; l < kLanes; ++l)
      acc[c][l] = float(c);
  for (long step = 0; step < kSteps; ++step)
    for (int c = 0; c < kChains; ++c)
      acc[c] = acc[c] * a + b;
  float sum = 0;
  for (int c = 0; c < kChains; ++c)
    for (int l = 0; l < kLanes; ++l)
      sum += acc[c][l];
  return sum;
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

/// The best of five runs of `work`(t, begin, end) on every thread t over
/// its share [begin, end) of `count` items, as G`unitsPerItem` a second.
double bestRate(unsigned threads, size_t count, double unitsPerItem,
                const std::function<void(unsigned, size_t, size_t)> &work) {
  double best = 0;
  for (int repeat = 0; repeat < 5; ++repeat) {
    std::vector<std::thread> workers;
    auto start = Clock::now();
    for (unsigned t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        work(t, count / threads * t, t + 1 == threads ? count : count / threads * (t + 1));
      });
    for (std::thread &w : workers)
      w.join();
    best = std::max(best, count * unitsPerItem / seconds(Clock::now() - start) * 1e-9);
  }
  return best;
}

/// The FMA chains on every thread, as FLOPS: one item per thread.
double peakGflops(unsigned threads) {
  std::vector<float> sums(threads);
  double gflops = bestRate(threads, threads, 2.0 * kLanes * kChains * kSteps,
                           [&](unsigned t, size_t, size_t) { sums[t] = fmaChains(float(t)); });
  std::fprintf(stderr, "roofline: FMA checksum %g\n", double(sums[0]));
  return gflops;
}

/// A copy of 256 MiB: read and written bytes.
double memoryGbps(unsigned threads) {
  const size_t bytes = size_t(256) << 20;
  std::vector<char> from(bytes, 1), to(bytes, 0);
  return bestRate(threads, bytes, 2, [&](unsigned, size_t begin, size_t end) {
    std::memcpy(to.data() + begin, from.data() + begin, end - begin);
  });
}

/// A sum of 256 MiB: integers, whose adds reassociate, so the loop
/// vectorizes and only reading limits it.
double readGbps(unsigned threads) {
  const size_t words = (size_t(256) << 20) / sizeof(uint64_t);
  std::vector<uint64_t> data(words, 1);
  std::vector<uint64_t> sums(threads);
  double gbps = bestRate(threads, words, sizeof(uint64_t), [&](unsigned t, size_t begin, size_t end) {
    uint64_t sum = 0;
    for (size_t i = begin; i < end; ++i)
      sum += data[i];
    sums[t] = sum;
  });
  if (std::accumulate(sums.begin(), sums.end(), uint64_t(0)) != words)
    std::fprintf(stderr, "roofline: the read stream summed wrong\n");
  return gbps;
}

} // namespace

int main(int argc, char **argv) {
  tg::setVersionPrinter();
  // No options of its own: those LLVM's libraries register stay hidden.
  static llvm::cl::OptionCategory none("tg-roofline");
  llvm::cl::HideUnrelatedOptions(none);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "tinygrad-mlir: this machine's peak FLOPS and memory bandwidth, one JSON line\n\n"
      "  Takes a few seconds on every core; tg-bench prints the same line last.\n");
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  double gflops = peakGflops(threads), gbps = memoryGbps(threads), read = readGbps(threads);
  {
    llvm::json::OStream json(llvm::outs());
    json.object([&] {
      json.attribute("workload", "roofline");
      json.attribute("threads", threads);
      tg::bench::attribute(json, "peak_gflops", gflops, 1);
      tg::bench::attribute(json, "mem_gbps", gbps, 1);
      tg::bench::attribute(json, "read_gbps", read, 1);
    });
  }
  llvm::outs() << "\n";
  return 0;
}
