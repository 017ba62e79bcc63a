//===- tg-import-onnx.cpp - an ONNX model as a tg function ----------------===//
//
// tg-import-onnx model.onnx -o model.mlir [--dim=batch=16 ...]
//
// Writes the model as a tg function (model.mlir) whose arguments are the
// model's inputs, then its initializers named after them (tg.name), with
// the initializers' values in model.safetensors next to it: what
// `tg-compile model.mlir --parameters=model.safetensors` reads. Open
// dimensions take their value from --dim by name, else 1.
//
//===----------------------------------------------------------------------===//

#include "tg/Support/Version.h"
#include "tg/Frontend/ONNX/ONNX.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

static cl::OptionCategory importCategory("tg-import-onnx options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.onnx>"), cl::Required,
                                      cl::cat(importCategory));
static cl::opt<std::string> outputFile("o", cl::desc("The .mlir file to write (default: the "
                                                     "model's name with .mlir)"),
                                       cl::value_desc("file"), cl::cat(importCategory));
static cl::list<std::string> dims("dim",
                                  cl::desc("NAME=SIZE: the size of the open dimension NAME "
                                           "(default 1)"),
                                  cl::cat(importCategory));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ::tg::setVersionPrinter();
  cl::HideUnrelatedOptions(importCategory);
  cl::ParseCommandLineOptions(argc, argv, "tinygrad-mlir: an ONNX model as a tg function\n");
  const std::string input = inputFile;
  std::string output = outputFile;
  if (output.empty()) {
    llvm::SmallString<128> path(input);
    llvm::sys::path::replace_extension(path, ".mlir");
    output = std::string(path);
  }
  std::map<std::string, int64_t> sizes;
  for (const std::string &dim : dims) {
    auto [dimName, value] = llvm::StringRef(dim).split('=');
    int64_t size;
    if (dimName.empty() || value.getAsInteger(10, size) || size < 0) {
      llvm::errs() << "tg-import-onnx: --dim=" << dim << " is not NAME=SIZE\n";
      return 1;
    }
    sizes[dimName.str()] = size;
  }
  try {
    // Traced under a C identifier, then copied to the names asked for.
    tg::onnx::ScratchImport imported(input, "model", sizes);
    llvm::SmallString<128> weights(output);
    llvm::sys::path::replace_extension(weights, ".safetensors");
    for (auto [from, to] : {std::pair<std::string, std::string>{imported.files().object, output},
                            {imported.files().weights, std::string(weights)}}) {
      if (from.empty())
        continue;
      if (std::error_code e = llvm::sys::fs::copy_file(from, to)) {
        llvm::errs() << "tg-import-onnx: cannot write " << to << ": " << e.message() << "\n";
        return 1;
      }
    }
    llvm::errs() << "tg-import-onnx: wrote " << output
                 << (imported.files().weights.empty() ? "" : " and " + std::string(weights))
                 << "\n";
  } catch (const tg::Error &e) {
    llvm::errs() << "tg-import-onnx: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
