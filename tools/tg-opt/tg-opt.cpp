//===- tg-opt.cpp - run tg and upstream passes on .mlir files -------------===//
//
// mlir-opt with the tg dialect and passes: any stage of the pipeline can be
// printed, tested with FileCheck and reproduced from the command line.
//
//===----------------------------------------------------------------------===//

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "tg/Compiler/Compiler.h"
#include "tg/Conversion/Passes.h"
#include "tg/Dialect/TG/IR/TGDialect.h"
#include "tg/Target/CPU/Passes.h"
#include "tg/Dialect/TG/Transforms/Passes.h"
#include "tg/Target/GPU/Passes.h"

namespace mlir::tg::test {
void registerTestMatchExpectedPass();
} // namespace mlir::tg::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tg::registerTGPasses();
  mlir::tg::registerTGConversionPasses();
  mlir::tg::registerTGCPUPasses();
  mlir::tg::registerTGGPUPasses();
  mlir::tg::registerTGPipelines();
  mlir::tg::test::registerTestMatchExpectedPass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::tg::TGDialect>();

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tinygrad-mlir optimizer driver\n", registry));
}
