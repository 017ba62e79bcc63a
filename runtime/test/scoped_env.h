//===- scoped_env.h - an environment variable for a scope -----------------===//
#ifndef TGRT_TEST_SCOPED_ENV_H
#define TGRT_TEST_SCOPED_ENV_H

#include <cstdlib>
#include <string>

// Sets an environment variable (unsets it for nullptr) until the end of the
// scope. Header-only: the tensor library's tests use it too.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name_(name) {
    const char *old = std::getenv(name);
    hadValue_ = old != nullptr;
    if (old)
      oldValue_ = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (hadValue_)
      setenv(name_.c_str(), oldValue_.c_str(), 1);
    else
      unsetenv(name_.c_str());
  }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  std::string name_;
  bool hadValue_;
  std::string oldValue_;
};

#endif // TGRT_TEST_SCOPED_ENV_H
