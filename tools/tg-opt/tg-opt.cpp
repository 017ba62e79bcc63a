//===- tg-opt.cpp - run tg and upstream passes on .mlir files -------------===//
//
// mlir-opt with the tg dialect and passes: any stage of the pipeline can be
// printed, tested with FileCheck and reproduced from the command line. The
// targets' pipelines come from the target registry; `--load-target=PATH`
// loads a target plug-in, as TG_TARGET_PATH does; `--print-targets` prints
// the registered targets as the Markdown table docs/architecture.md shows.
// Its input's bracket nesting is checked before MLIR's parser reads it, as
// every tool's is (checkIRNesting).
//
//===----------------------------------------------------------------------===//

#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "tg/Compiler/Compiler.h"
#include "tg/Support/Version.h"
#include "tg/Target/TargetBackend.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

#include <cstring>
#include <vector>

namespace mlir::tg::test {
void registerTestMatchExpectedPass();
void registerTestSearchOptsPass();
} // namespace mlir::tg::test

/// The registered targets as a Markdown table: what each compiles for, its
/// binary, its options and its two pipelines.
static void printTargets(llvm::raw_ostream &os) {
  os << "| target | devices | binary kind | options | kernel pipeline | pipeline |\n"
     << "| --- | --- | --- | --- | --- | --- |\n";
  for (const mlir::tg::TargetBackend *target : mlir::tg::targetBackends()) {
    std::string options;
    for (const mlir::tg::TargetOptionInfo &option : target->options())
      options += (options.empty() ? "" : "; ") + ("`" + option.name + "`: " + option.meaning);
    os << "| " << target->name() << " | " << llvm::join(target->devices(), ", ") << " | `"
       << target->binaryKind() << "` | " << (options.empty() ? "none" : options) << " | `"
       << target->kernelPipelineName() << "` | `" << target->pipelineName() << "` |\n";
  }
}

int main(int argc, char **argv) {
  llvm::InitLLVM crashReports(argc, argv);
  ::tg::setVersionPrinter();
  // Target plug-ins register pipelines, so they load before options parse.
  std::vector<char *> args;
  for (int i = 0; i < argc; ++i) {
    constexpr const char *kLoad = "--load-target=";
    if (std::strncmp(argv[i], kLoad, std::strlen(kLoad)) != 0) {
      args.push_back(argv[i]);
      continue;
    }
    mlir::tg::registerTargetBackends(llvm::errs());
    if (mlir::failed(mlir::tg::loadTargetPlugin(argv[i] + std::strlen(kLoad), llvm::errs())))
      return 1;
  }
  mlir::tg::registerTGPipelines();
  mlir::tg::test::registerTestMatchExpectedPass();
  mlir::tg::test::registerTestSearchOptsPass();
  if (std::find_if(args.begin(), args.end(), [](const char *arg) {
        return std::strcmp(arg, "--print-targets") == 0;
      }) != args.end()) {
    printTargets(llvm::outs());
    return 0;
  }

  mlir::DialectRegistry registry;
  mlir::tg::registerCompilerDialects(registry);
  // gpu-module-to-binary translates kernels to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);

  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      int(args.size()), args.data(), "tinygrad-mlir optimizer driver\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses()) // they read no input
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(int(args.size()), args.data(), inputFile, outputFile, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = mlir::openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // The check reads the buffer through a source manager of its own, which
  // must not own it: MlirOptMain does.
  llvm::SourceMgr nesting;
  nesting.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef()),
                             llvm::SMLoc());
  if (mlir::failed(mlir::tg::checkIRNesting(nesting, llvm::errs())))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
