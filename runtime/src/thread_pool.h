//===- thread_pool.h - the CPU backend's persistent workers ---------------===//
#ifndef TGRT_THREAD_POOL_H
#define TGRT_THREAD_POOL_H

#include "tg_executable.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <pthread.h>
#include <string>
#include <vector>

namespace tgrt {

// `size` threads counting the caller: worker 0 of a launch runs on the
// calling thread and worker w > 0 on helper thread w, so the workers of one
// launch always run on distinct threads. Between launches the helpers, and
// the caller waiting for them, poll for a while before they sleep when the
// cores are theirs (recheckPolling): a training step launches kernels back
// to back, and waking a sleeping thread costs more than a small kernel's
// share (a 256x256 add: 37 us a launch split over two sleeping threads,
// 6 us on one, 7.5-9 us split over two polling).
class ThreadPool {
public:
  ThreadPool() = default;
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;
  ~ThreadPool();

  // Starts the helpers; on failure says why in `error`.
  bool start(unsigned size, std::string *error);
  unsigned size() const { return static_cast<unsigned>(helpers_.size()) + 1; }

  // When each worker of a launch started and ended (CLOCK_MONOTONIC ns).
  struct Span {
    uint64_t start, end;
  };

  // Calls fn(buffers, w, workers) for every w in [0, workers) and returns
  // when all are done; workers <= size(). One launch runs at a time. With
  // `spans` (workers entries), each worker's times go in its entry.
  void run(tg_cpu_kernel_fn fn, void *const *buffers, unsigned workers,
           Span *spans = nullptr);

private:
  struct Helper {
    ThreadPool *pool;
    unsigned worker;
    pthread_t thread;
  };
  static void *helperMain(void *helper);
  void serve(unsigned worker);
  void stop();

  // Whether `ready` held within kPollNanoseconds of polling.
  template <typename Ready> static bool pollUntil(Ready ready);
  // Polling pays while the pool's threads have cores to themselves: no more
  // of them than the process may use, and no other thread ready to run
  // (two test processes side by side, each polling, ran a small kernel 4-8x
  // slower than sleeping). Asked of /proc/loadavg every 10 ms by the
  // launching thread.
  void recheckPolling();

  std::mutex launchMutex_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  // The current launch, published under mutex_ with a new generation. The
  // generation, the helpers still working and stopping_ are also polled
  // without the mutex while spinning.
  tg_cpu_kernel_fn fn_ = nullptr;
  void *const *buffers_ = nullptr;
  unsigned workers_ = 0;
  Span *spans_ = nullptr;
  std::atomic<unsigned long long> generation_{0};
  std::atomic<unsigned> pending_{0};
  std::atomic<bool> stopping_{false};
  std::vector<Helper> helpers_;
  unsigned cores_ = 1;
  // Set by the launching thread (recheckPolling, under launchMutex_).
  std::atomic<bool> polling_{false};
  uint64_t checkedAt_ = 0;
  // The helpers not asleep in wake_ (they start awake).
  std::atomic<unsigned> awakeHelpers_{0};
};

} // namespace tgrt

#endif // TGRT_THREAD_POOL_H
