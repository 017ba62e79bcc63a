//===- Program.h - compiled programs loaded on a device ---------*- C++ -*-===//
#ifndef TG_LIB_TENSOR_PROGRAM_H
#define TG_LIB_TENSOR_PROGRAM_H

#include "Graph.h"

#include <string>

struct tgrt_executable_t;

namespace tg {

/// A compiled program loaded on a device.
struct Program {
  Program(tgrt_device_t *device, const std::string &blob);
  ~Program();
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;
  tgrt_device_t *device;
  tgrt_executable_t *executable = nullptr;
};

/// Realizes pending nodes (Realize.cpp).
void realizeNodes(const std::vector<NodeRef> &targets);

} // namespace tg

#endif // TG_LIB_TENSOR_PROGRAM_H
