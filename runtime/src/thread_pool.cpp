//===- thread_pool.cpp - the CPU backend's persistent workers -------------===//

#include "thread_pool.h"

#include "error.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sched.h>
#include <unistd.h>

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

// Long enough to span the host's work between two launches of a step, short
// enough that an idle process gives its cores back at once.
constexpr uint64_t kPollNanoseconds = 100000;
// How often the launching thread asks whether polling still pays.
constexpr uint64_t kRecheckNanoseconds = 10000000;

template <typename Ready> bool ThreadPool::pollUntil(Ready ready) {
  uint64_t deadline = 0;
  for (unsigned polls = 0;; ++polls) {
    if (ready())
      return true;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
    // The clock costs tens of nanoseconds: read it every 16 polls.
    if (polls % 16 == 0) {
      uint64_t now = monotonicNanoseconds();
      if (deadline == 0)
        deadline = now + kPollNanoseconds;
      else if (now > deadline)
        return false;
    }
  }
}

// The threads ready to run on the machine now (the fourth field of
// /proc/loadavg, "running/total"), or nullopt where it cannot be read.
static std::optional<unsigned> runnableThreads() {
  int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::nullopt;
  char text[128];
  ssize_t size = read(fd, text, sizeof(text) - 1);
  close(fd);
  unsigned runnable;
  if (size <= 0)
    return std::nullopt;
  text[size] = 0;
  if (std::sscanf(text, "%*s %*s %*s %u/", &runnable) != 1)
    return std::nullopt;
  return runnable;
}

void ThreadPool::recheckPolling() {
  uint64_t now = monotonicNanoseconds();
  if (now - checkedAt_ < kRecheckNanoseconds)
    return;
  checkedAt_ = now;
  // Ours among the runnable: the caller, and the helpers not asleep.
  unsigned ours = 1 + awakeHelpers_.load(std::memory_order_relaxed);
  std::optional<unsigned> runnable = runnableThreads();
  bool pays = runnable && size() + (*runnable > ours ? *runnable - ours : 0) <= cores_;
  polling_.store(pays, std::memory_order_relaxed);
}

ThreadPool::~ThreadPool() { stop(); }

bool ThreadPool::start(unsigned size, std::string *error) {
  cpu_set_t cpus;
  cores_ = sched_getaffinity(0, sizeof(cpus), &cpus) == 0 ? unsigned(CPU_COUNT(&cpus)) : 1;
  // Helpers keep a pointer to their slot, so the vector must never move.
  helpers_.reserve(size - 1);
  for (unsigned worker = 1; worker < size; ++worker) {
    helpers_.push_back(Helper{this, worker, pthread_t()});
    awakeHelpers_.fetch_add(1, std::memory_order_relaxed);
    // pthread_create rather than std::thread: a failure to start is reported,
    // not thrown.
    int code = pthread_create(&helpers_.back().thread, nullptr, helperMain,
                              &helpers_.back());
    if (code != 0) {
      helpers_.pop_back();
      awakeHelpers_.fetch_sub(1, std::memory_order_relaxed);
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
    stopping_.store(true, std::memory_order_release);
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
  auto called = [&] {
    return stopping_.load(std::memory_order_acquire) ||
           generation_.load(std::memory_order_acquire) != seen;
  };
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
    if (!polling_.load(std::memory_order_relaxed) || !pollUntil(called)) {
      awakeHelpers_.fetch_sub(1, std::memory_order_relaxed);
      lock.lock();
      wake_.wait(lock, called);
      awakeHelpers_.fetch_add(1, std::memory_order_relaxed);
    } else {
      lock.lock();
    }
    if (stopping_.load(std::memory_order_relaxed))
      return;
    seen = generation_.load(std::memory_order_relaxed);
    if (worker >= workers_)
      continue;
    tg_cpu_kernel_fn fn = fn_;
    void *const *buffers = buffers_;
    unsigned workers = workers_;
    Span *spans = spans_;
    lock.unlock();
    runWorker(fn, buffers, worker, workers, spans);
    // The caller checks pending_ under the mutex before it sleeps, so the
    // notification cannot fall between its check and its wait.
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      lock.lock();
      done_.notify_one();
    }
  }
}

void ThreadPool::run(tg_cpu_kernel_fn fn, void *const *buffers,
                     unsigned workers, Span *spans) {
  std::lock_guard<std::mutex> launch(launchMutex_);
  if (workers > 1) {
    recheckPolling();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      fn_ = fn;
      buffers_ = buffers;
      workers_ = workers;
      spans_ = spans;
      pending_.store(workers - 1, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
  }
  runWorker(fn, buffers, 0, workers, spans);
  if (workers > 1) {
    // The helpers read this launch's arguments until they report done.
    auto done = [&] { return pending_.load(std::memory_order_acquire) == 0; };
    if (!polling_.load(std::memory_order_relaxed) || !pollUntil(done)) {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, done);
    }
  }
}

} // namespace tgrt
