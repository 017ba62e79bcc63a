// Parses a tg function, compiles it for the CPU with the installed
// compiler (mlir::tg::compileFunction) and runs it with the runtime on
// x = 1..n, y = 10*x: for axpy.mlir each element must be 2*x + y.
#include "tg/Compiler/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <tgrt/tgrt.h>

#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: compile-and-run axpy.mlir\n");
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::tg::registerCompilerDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mlir::FailureOr<mlir::tg::Executable> executable =
      mlir::tg::compileFunction(*module, "axpy", mlir::tg::CompileOptions());
  if (mlir::failed(executable))
    return 1;

  tgrt_device device;
  tgrt_executable loaded;
  if (tgrt_device_open("CPU", &device) != TGRT_OK ||
      tgrt_executable_load(device, executable->blob.data(), executable->blob.size(), &loaded) !=
          TGRT_OK) {
    std::fprintf(stderr, "runtime: %s\n", tgrt_last_error());
    return 1;
  }
  const size_t n = 4;
  std::vector<float> x(n), y(n), result(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i + 1);
    y[i] = 10 * x[i];
  }
  tgrt_buffer inputs[2], output;
  tgrt_buffer_alloc(device, n * sizeof(float), &inputs[0]);
  tgrt_buffer_alloc(device, n * sizeof(float), &inputs[1]);
  tgrt_buffer_write(inputs[0], 0, x.data(), n * sizeof(float));
  tgrt_buffer_write(inputs[1], 0, y.data(), n * sizeof(float));
  if (tgrt_executable_run(loaded, inputs, 2, &output, 1) != TGRT_OK ||
      tgrt_buffer_read(output, 0, result.data(), n * sizeof(float)) != TGRT_OK) {
    std::fprintf(stderr, "runtime: %s\n", tgrt_last_error());
    return 1;
  }
  for (size_t i = 0; i < n; ++i)
    if (result[i] != 2 * x[i] + y[i]) {
      std::fprintf(stderr, "element %zu is %g, not %g\n", i, result[i], 2 * x[i] + y[i]);
      return 1;
    }
  std::printf("compiled %zu kernel(s); axpy = %g %g %g %g\n", executable->kernels.size(),
              result[0], result[1], result[2], result[3]);
  tgrt_buffer_release(output);
  tgrt_buffer_release(inputs[0]);
  tgrt_buffer_release(inputs[1]);
  tgrt_executable_release(loaded);
  tgrt_device_release(device);
  return 0;
}
