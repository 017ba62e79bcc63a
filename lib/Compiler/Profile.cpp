//===- Profile.cpp - PROFILE=1: a Chrome trace of the process -------------===//

#include "tg/Compiler/Profile.h"

#include "tg/Support/Knobs.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unistd.h>
#include <vector>

using namespace mlir::tg;

namespace {

struct Event {
  char phase; // 'X' complete, 'i' instant
  unsigned track;
  std::string name, category;
  uint64_t start, duration;
  std::vector<std::pair<std::string, std::string>> args;
};

/// The events so far and the tracks they are on, written at exit.
struct Trace {
  std::mutex mutex;
  std::vector<Event> events;
  llvm::StringMap<unsigned> tracks;
  std::vector<std::string> trackNames;
  std::chrono::steady_clock::time_point origin = std::chrono::steady_clock::now();
};

Trace &trace() {
  static auto *all = new Trace(); // read by the atexit handler
  return *all;
}

void writeTrace() {
  Trace &all = trace();
  std::lock_guard<std::mutex> lock(all.mutex);
  std::string path = profile::outputPath();
  std::error_code error;
  llvm::raw_fd_ostream out(path, error, llvm::sys::fs::OF_Text);
  if (error) {
    std::fprintf(stderr, "tinygrad-mlir: PROFILE: cannot write %s: %s\n", path.c_str(),
                 error.message().c_str());
    return;
  }
  int pid = int(getpid());
  {
    llvm::json::OStream json(out);
    json.object([&] {
      json.attribute("displayTimeUnit", "ms");
      json.attributeArray("traceEvents", [&] {
        json.object([&] {
          json.attribute("name", "process_name");
          json.attribute("ph", "M");
          json.attribute("pid", pid);
          json.attributeObject("args", [&] { json.attribute("name", "tinygrad-mlir"); });
        });
        for (unsigned track = 0; track < all.trackNames.size(); ++track)
          json.object([&] {
            json.attribute("name", "thread_name");
            json.attribute("ph", "M");
            json.attribute("pid", pid);
            json.attribute("tid", track + 1);
            json.attributeObject("args",
                                 [&] { json.attribute("name", all.trackNames[track]); });
          });
        for (const Event &event : all.events)
          json.object([&] {
            json.attribute("name", event.name);
            json.attribute("cat", event.category);
            json.attribute("ph", std::string(1, event.phase));
            json.attribute("pid", pid);
            json.attribute("tid", event.track + 1);
            json.attribute("ts", double(event.start) * 1e-3); // microseconds
            if (event.phase == 'X')
              json.attribute("dur", double(event.duration) * 1e-3);
            else
              json.attribute("s", "t");
            if (!event.args.empty())
              json.attributeObject("args", [&] {
                for (const auto &[key, value] : event.args)
                  json.attribute(key, value);
              });
          });
      });
    });
  }
  out << "\n";
  out.close();
  std::fprintf(stderr,
               "tinygrad-mlir: PROFILE: %zu events written to %s (open it in "
               "https://ui.perfetto.dev)\n",
               all.events.size(), path.c_str());
}

void record(char phase, llvm::StringRef track, llvm::StringRef name, llvm::StringRef category,
            uint64_t start, uint64_t duration, profile::Args args) {
  Trace &all = trace();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (all.events.empty() && all.trackNames.empty())
    std::atexit(writeTrace);
  auto [entry, added] = all.tracks.try_emplace(track, unsigned(all.trackNames.size()));
  if (added)
    all.trackNames.push_back(track.str());
  Event event{phase, entry->second, name.str(), category.str(), start, duration, {}};
  for (const auto &[key, value] : args)
    event.args.emplace_back(key.str(), value);
  all.events.push_back(std::move(event));
}

/// Each pass as an event on "compile", timed from before to after it ran.
class PassSpans : public mlir::PassInstrumentation {
public:
  void runBeforePass(mlir::Pass *, mlir::Operation *) override { starts().push_back(profile::now()); }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override { finish(pass, op, "pass"); }
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) override {
    finish(pass, op, "pass (failed)");
  }

private:
  void finish(mlir::Pass *pass, mlir::Operation *op, llvm::StringRef category) {
    uint64_t start = starts().back();
    starts().pop_back();
    // A pass without an argument is an adaptor running a nested pipeline.
    llvm::StringRef name = pass->getArgument().empty() ? "nested pipeline" : pass->getArgument();
    profile::complete("compile", name, category, start, profile::now() - start,
                      {{"on", op->getName().getStringRef().str()}});
  }
  // Passes nest (an adaptor runs a nested pipeline), and nested pipelines
  // may run on the context's threads: a stack per thread.
  static std::vector<uint64_t> &starts() {
    static thread_local std::vector<uint64_t> stack;
    return stack;
  }
};

} // namespace

bool profile::enabled() {
  static const bool on = ::tg::knobs::on("PROFILE");
  return on;
}

uint64_t profile::now() {
  // The trace (and its origin) first, so that the first event is not
  // before the origin.
  auto origin = trace().origin;
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now() - origin)
                      .count());
}

uint64_t profile::fromMonotonic(uint64_t nanoseconds) {
  auto origin = uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                             trace().origin.time_since_epoch())
                             .count());
  return nanoseconds > origin ? nanoseconds - origin : 0;
}

void profile::complete(llvm::StringRef track, llvm::StringRef name, llvm::StringRef category,
                       uint64_t start, uint64_t duration, Args args) {
  if (enabled())
    record('X', track, name, category, start, duration, args);
}

void profile::instant(llvm::StringRef track, llvm::StringRef name, llvm::StringRef category,
                      Args args) {
  if (enabled())
    record('i', track, name, category, now(), 0, args);
}

profile::Span::Span(llvm::StringRef track, const llvm::Twine &name, llvm::StringRef category)
    : active_(enabled()) {
  if (!active_)
    return;
  track_ = track.str();
  name_ = name.str();
  category_ = category.str();
  start_ = now();
}

profile::Span::~Span() {
  if (active_)
    complete(track_, name_, category_, start_, now() - start_);
}

void profile::instrument(PassManager &pm) {
  if (enabled())
    pm.addInstrumentation(std::make_unique<PassSpans>());
}

std::string profile::outputPath() {
  const char *path = ::tg::knobs::value("PROFILE_OUT");
  return path ? path : "profile.json";
}
