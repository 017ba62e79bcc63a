//===- thread_pool.cpp - the CPU backend's persistent workers -------------===//

#include "thread_pool.h"

#include "error.h"

#include <chrono>
#include <cstring>

namespace tgrt {

static uint64_t monotonicNanoseconds() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

// Runs worker `worker` of a launch, timed into spans[worker] when asked.
static void runWorker(tg_cpu_kernel_fn fn, void *const *buffers,
                      unsigned worker, unsigned workers,
                      ThreadPool::Span *spans) {
  if (!spans) {
    fn(buffers, worker, workers);
    return;
  }
  spans[worker].start = monotonicNanoseconds();
  fn(buffers, worker, workers);
  spans[worker].end = monotonicNanoseconds();
}

ThreadPool::~ThreadPool() { stop(); }

bool ThreadPool::start(unsigned size, std::string *error) {
  // Helpers keep a pointer to their slot, so the vector must never move.
  helpers_.reserve(size - 1);
  for (unsigned worker = 1; worker < size; ++worker) {
    helpers_.push_back(Helper{this, worker, pthread_t()});
    // pthread_create rather than std::thread: a failure to start is reported,
    // not thrown.
    int code = pthread_create(&helpers_.back().thread, nullptr, helperMain,
                              &helpers_.back());
    if (code != 0) {
      helpers_.pop_back();
      *error = format("could not start CPU worker thread %u of %u: %s", worker,
                      size, std::strerror(code));
      stop();
      return false;
    }
  }
  return true;
}

void ThreadPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (Helper &helper : helpers_)
    pthread_join(helper.thread, nullptr);
  helpers_.clear();
}

void *ThreadPool::helperMain(void *helper) {
  Helper *self = static_cast<Helper *>(helper);
  self->pool->serve(self->worker);
  return nullptr;
}

void ThreadPool::serve(unsigned worker) {
  unsigned long long seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
    if (stopping_)
      return;
    seen = generation_;
    if (worker >= workers_)
      continue;
    tg_cpu_kernel_fn fn = fn_;
    void *const *buffers = buffers_;
    unsigned workers = workers_;
    Span *spans = spans_;
    lock.unlock();
    runWorker(fn, buffers, worker, workers, spans);
    lock.lock();
    if (--pending_ == 0)
      done_.notify_one();
  }
}

void ThreadPool::run(tg_cpu_kernel_fn fn, void *const *buffers,
                     unsigned workers, Span *spans) {
  std::lock_guard<std::mutex> launch(launchMutex_);
  if (workers > 1) {
    std::lock_guard<std::mutex> lock(mutex_);
    fn_ = fn;
    buffers_ = buffers;
    workers_ = workers;
    spans_ = spans;
    pending_ = workers - 1;
    ++generation_;
    wake_.notify_all();
  }
  runWorker(fn, buffers, 0, workers, spans);
  if (workers > 1) {
    // The helpers read this launch's arguments until they report done.
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return pending_ == 0; });
  }
}

} // namespace tgrt
