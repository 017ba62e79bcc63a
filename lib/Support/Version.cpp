//===- Version.cpp - the project's version for --version ------------------===//

#include "tg/Support/Version.h"

#include "tg/Support/Revision.inc"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

const char *tg::versionText() {
  return "tinygrad-mlir " TG_VERSION " (git " TG_GIT_REVISION ")";
}

void tg::setVersionPrinter() {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << versionText() << "\n  built with LLVM " LLVM_VERSION_STRING "\n";
  });
}
