// Opts given on the command line (what a BEAM search will vary) that cannot
// be carried out fall back instead of failing the compile; DEBUG=2 says so,
// and the results are the unoptimized kernel's, bit for bit.
//
// RUN: env NOOPT=1 tg-run %s --random --output=%t.noopt
// RUN: env DEBUG=2 tg-run %s --random --output=%t.forced \
// RUN:   --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = true, tile = [4, 1, 4, 1, 1, 3]>' \
// RUN:   2>&1 | FileCheck %s --check-prefix=FALLBACK
// RUN: cmp %t.noopt %t.forced
// The optimizer's own choice compiles, with the same results.
// RUN: env DEBUG=2 tg-run %s --random --output=%t.chosen 2>&1 | FileCheck %s --check-prefix=CHOSEN
// RUN: cmp %t.noopt %t.chosen
// A reduction loop outside the tiles of a kernel with an epilogue (the bias
// and the ReLU): the epilogue runs once, after the loop.
// RUN: env DEBUG=2 tg-run %s --random --output=%t.outer \
// RUN:   --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = true, tile = [4, 1, 4, 1, 1, 1], outer = 3>' \
// RUN:   2>&1 | FileCheck %s --check-prefix=OUTER-EPILOGUE
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.outer | FileCheck %s --check-prefix=CLOSE
// OUTER-EPILOGUE-NOT: applied
// OUTER-EPILOGUE: r_4_4_4_3_3_3
// CLOSE: 64 elements close
//
// FALLBACK: tg: r_4_4_4_3_3_3: tg.opts: could not vectorize this tile with #tg.opts<split = -1, vectorize = true, tile = [4, 1, 4, 1, 1, 3]>; applied #tg.opts<split = -1, vectorize = true, tile = [1, 1, 1, 1, 1, 3]> instead
// FALLBACK: r_4_4_4_3_3_3
// CHOSEN-NOT: applied
// CHOSEN: r_4_4_4_3_3_3
//
// Opts for a kernel that is not there, opts that are not #tg.opts, opts
// that do not fit the kernel, and opts for a GPU are errors.
// RUN: not tg-run %s --random --kernel-opts='r_9=#tg.opts<split = -1, vectorize = true>' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: tg: no kernel @r_9 to give opts to; the kernels are @r_4_4_4_3_3_3
// RUN: not tg-run %s --random --kernel-opts='r_4_4_4_3_3_3=#tg.launch<threads = 1>' 2>&1 | FileCheck %s --check-prefix=NOTOPTS
// NOTOPTS: error: tg: the opts for @r_4_4_4_3_3_3 are not a #tg.opts<...>
// Opts nested too deep for MLIR's parser (deep-nesting.mlir) are refused first.
// RUN: not tg-run %s --random --kernel-opts="r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = true, tile = $(%python -c "print('[' * 9000)")" 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: error: tg: the opts for @r_4_4_4_3_3_3 at character 302: brackets nest deeper than 256 levels, more than tg reads
// RUN: not tg-run %s --random --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = 5, vectorize = false>' 2>&1 | FileCheck %s --check-prefix=MISFIT
// MISFIT: error: tg.opts splits loop 5, which is not a parallel loop of the kernel's last stage
// RUN: not tg-run %s --random --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = true, tile = [4, 1, 4, 1, 1, 1], outer = 0>' 2>&1 | FileCheck %s --check-prefix=OUTER
// OUTER: error: tg.opts runs loop 0 outside the tiles, which is not a reduction loop of the kernel's main op
// RUN: not tg-run %s --random --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = false, outer = 3>' 2>&1 | FileCheck %s --check-prefix=UNTILED
// UNTILED: error: tg.opts runs a reduction loop outside the tiles of a kernel without tiles
// RUN: not tg-run %s --random --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = true, outer = 3, outer = 4>' 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: 'outer' is given twice
// RUN: not tg-run %s --random --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = true, inner = 3>' 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: expected tile, vector or outer
// RUN: not tg-run %s --random --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = maybe>' 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: expected true or false
// RUN: not tg-run %s --random --kernel-opts=r_4_4_4_3_3_3 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: --kernel-opts=r_4_4_4_3_3_3: expected kernel=#tg.opts<...>
// RUN: not tg-run %s --device=VULKAN --random --kernel-opts='r_4_4_4_3_3_3=#tg.opts<split = -1, vectorize = false>' 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: error: tg: kernel opts are CPU opts; the spirv target for VULKAN chooses its own

// A 3x3 convolution with stride 2, a bias and a ReLU, as the tensor library
// writes it (conv2d(w, b, stride=2).relu()).
func.func @conv(%arg0: tensor<1x3x9x9xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = tg.const 0.000000e+00 : tensor<1x4x4x4xf32>
  %1 = tg.reshape %arg0 : tensor<1x3x9x9xf32> to tensor<1x3x1x9x1x9xf32>
  %2 = tg.expand %1 : tensor<1x3x1x9x1x9xf32> to tensor<1x3x4x9x4x9xf32>
  %3 = tg.reshape %2 : tensor<1x3x4x9x4x9xf32> to tensor<1x3x36x36xf32>
  %4 = tg.shrink %3 begin [0, 0, 0, 0] end [1, 3, 30, 30] : tensor<1x3x36x36xf32> -> tensor<1x3x30x30xf32>
  %5 = tg.reshape %4 : tensor<1x3x30x30xf32> to tensor<1x3x3x10x3x10xf32>
  %6 = tg.shrink %5 begin [0, 0, 0, 0, 0, 0] end [1, 3, 3, 8, 3, 8] : tensor<1x3x3x10x3x10xf32> -> tensor<1x3x3x8x3x8xf32>
  %7 = tg.reshape %6 : tensor<1x3x3x8x3x8xf32> to tensor<1x3x3x4x2x3x4x2xf32>
  %8 = tg.shrink %7 begin [0, 0, 0, 0, 0, 0, 0, 0] end [1, 3, 3, 4, 1, 3, 4, 1] : tensor<1x3x3x4x2x3x4x2xf32> -> tensor<1x3x3x4x1x3x4x1xf32>
  %9 = tg.reshape %8 : tensor<1x3x3x4x1x3x4x1xf32> to tensor<1x3x3x4x3x4xf32>
  %10 = tg.permute %9 [0, 1, 3, 5, 2, 4] : tensor<1x3x3x4x3x4xf32> -> tensor<1x3x4x4x3x3xf32>
  %11 = tg.reshape %10 : tensor<1x3x4x4x3x3xf32> to tensor<1x1x3x1x4x4x3x3xf32>
  %12 = tg.expand %11 : tensor<1x1x3x1x4x4x3x3xf32> to tensor<1x1x3x4x4x4x3x3xf32>
  %13 = tg.permute %12 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x3x4x4x4x3x3xf32> -> tensor<1x1x4x4x4x3x3x3xf32>
  %14 = tg.reshape %arg1 : tensor<4x3x3x3xf32> to tensor<1x1x4x1x1x3x3x3xf32>
  %15 = tg.expand %14 : tensor<1x1x4x1x1x3x3x3xf32> to tensor<1x1x4x4x4x3x3x3xf32>
  %16 = tg.mul %13, %15 : tensor<1x1x4x4x4x3x3x3xf32>
  %17 = tg.reduce add %16 [5, 6, 7] : tensor<1x1x4x4x4x3x3x3xf32> -> tensor<1x1x4x4x4x1x1x1xf32>
  %18 = tg.reshape %17 : tensor<1x1x4x4x4x1x1x1xf32> to tensor<1x4x4x4xf32>
  %19 = tg.reshape %arg2 : tensor<4xf32> to tensor<1x4x1x1xf32>
  %20 = tg.expand %19 : tensor<1x4x1x1xf32> to tensor<1x4x4x4xf32>
  %21 = tg.add %18, %20 : tensor<1x4x4x4xf32>
  %22 = tg.cmplt %0, %21 : tensor<1x4x4x4xf32>
  %23 = tg.where %22, %21, %0 : tensor<1x4x4x4xf32>
  return %23 : tensor<1x4x4x4xf32>
}
