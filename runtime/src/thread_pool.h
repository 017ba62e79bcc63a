//===- thread_pool.h - the CPU backend's persistent workers ---------------===//
#ifndef TGRT_THREAD_POOL_H
#define TGRT_THREAD_POOL_H

#include "tg_executable.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <pthread.h>
#include <string>
#include <vector>

namespace tgrt {

// `size` threads counting the caller: worker 0 of a launch runs on the
// calling thread and worker w > 0 on helper thread w, so the workers of one
// launch always run on distinct threads.
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

  std::mutex launchMutex_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  // The current launch, published under mutex_ with a new generation.
  tg_cpu_kernel_fn fn_ = nullptr;
  void *const *buffers_ = nullptr;
  unsigned workers_ = 0;
  Span *spans_ = nullptr;
  unsigned long long generation_ = 0;
  unsigned pending_ = 0;
  bool stopping_ = false;
  std::vector<Helper> helpers_;
};

} // namespace tgrt

#endif // TGRT_THREAD_POOL_H
