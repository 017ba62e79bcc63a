//===- TargetRegistry.cpp - the compiler's targets, built in and loaded ---===//

#include "tg/Target/TargetBackend.h"

#include "tg/Target/CPU/CPUTarget.h"
#include "tg/Target/NVVM/NVVMTarget.h"
#include "tg/Target/ROCDL/ROCDLTarget.h"
#include "tg/Target/SPIRV/SPIRVTarget.h"
#include "tg/Support/Knobs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace mlir;
using namespace mlir::tg;

namespace {

std::recursive_mutex registryMutex;

std::vector<std::unique_ptr<TargetBackend>> &registry() {
  // Never destroyed: a plug-in's target must outlive every user, and its
  // library is never unloaded.
  static auto *targets = new std::vector<std::unique_ptr<TargetBackend>>;
  return *targets;
}

using CreateFn = TargetBackend *(*)(unsigned);
constexpr const char *kCreateSymbol = "tgCreateTargetBackend";

} // namespace

LogicalResult mlir::tg::registerTargetBackend(std::unique_ptr<TargetBackend> target,
                                              llvm::raw_ostream &errors) {
  std::lock_guard<std::recursive_mutex> lock(registryMutex);
  if (target->devices().empty()) {
    errors << "the target " << target->name() << " serves no device\n";
    return failure();
  }
  for (const std::string &device : target->devices())
    if (const TargetBackend *other = findTargetBackend(device)) {
      errors << "the target " << target->name() << " serves " << device
             << ", which the target " << other->name() << " already serves\n";
      return failure();
    }
  registry().push_back(std::move(target));
  return success();
}

LogicalResult mlir::tg::loadTargetPlugin(StringRef path, llvm::raw_ostream &errors) {
  // RTLD_NODELETE: the target's code stays for as long as the process does.
  void *library = dlopen(path.str().c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!library) {
    errors << "the target plug-in " << path << " does not load: " << dlerror() << "\n";
    return failure();
  }
  auto create = reinterpret_cast<CreateFn>(dlsym(library, kCreateSymbol));
  if (!create) {
    errors << "the target plug-in " << path << " exports no " << kCreateSymbol << "\n";
    return failure();
  }
  std::unique_ptr<TargetBackend> target(create(TG_TARGET_BACKEND_VERSION));
  if (!target) {
    errors << "the target plug-in " << path << " does not speak target interface version "
           << TG_TARGET_BACKEND_VERSION << "\n";
    return failure();
  }
  if (failed(registerTargetBackend(std::move(target), errors))) {
    errors << "(loading the target plug-in " << path << ")\n";
    return failure();
  }
  return success();
}

void mlir::tg::registerTargetBackends(llvm::raw_ostream &errors) {
  static std::once_flag once;
  std::call_once(once, [&] {
    for (auto create : {createCPUTargetBackend, createSPIRVTargetBackend,
                        createNVVMTargetBackend, createROCDLTargetBackend})
      (void)registerTargetBackend(create(), errors);
    const char *paths = ::tg::knobs::value("TG_TARGET_PATH");
    SmallVector<StringRef> entries;
    StringRef(paths ? paths : "").split(entries, ':', -1, /*KeepEmpty=*/false);
    for (StringRef path : entries)
      (void)loadTargetPlugin(path, errors);
  });
}

const TargetBackend *mlir::tg::findTargetBackend(StringRef device) {
  std::lock_guard<std::recursive_mutex> lock(registryMutex);
  StringRef kind = device.split(':').first;
  for (const std::unique_ptr<TargetBackend> &target : registry())
    for (const std::string &served : target->devices())
      if (kind.equals_insensitive(served))
        return target.get();
  return nullptr;
}

std::vector<const TargetBackend *> mlir::tg::targetBackends() {
  std::lock_guard<std::recursive_mutex> lock(registryMutex);
  std::vector<const TargetBackend *> targets;
  for (const std::unique_ptr<TargetBackend> &target : registry())
    targets.push_back(target.get());
  return targets;
}
