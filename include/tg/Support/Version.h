//===- Version.h - the project's version for --version ----------*- C++ -*-===//
#ifndef TG_SUPPORT_VERSION_H
#define TG_SUPPORT_VERSION_H

namespace tg {

/// "tinygrad-mlir 0.1.0 (git 1a2b3c4d5e6f)": the project's version and the
/// revision it was built from ("-modified" when the tree had changes).
const char *versionText();

/// Makes llvm::cl's --version print versionText() and the LLVM it was built
/// with, instead of LLVM's own version. Call before parsing the command line.
void setVersionPrinter();

} // namespace tg

#endif // TG_SUPPORT_VERSION_H
