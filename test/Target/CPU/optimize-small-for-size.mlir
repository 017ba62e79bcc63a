// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-optimize-small-for-size{max-iterations=4096}))' | FileCheck %s
// RUN: tg-opt %s --split-input-file --tg-cpu-to-llvm | FileCheck %s --check-prefix=LLVM

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>

// A kernel that is one linalg op of 64x64 = 4096 iterations: optsize.
// CHECK-LABEL: func.func private @E_64_64
// CHECK-SAME: passthrough = ["optsize"]
// tg-cpu-to-llvm runs the pass, and the attribute reaches the LLVM function
// the kernel's body becomes.
// LLVM-LABEL: llvm.func internal @E_64_64.body
// LLVM-SAME: passthrough = ["optsize"]
func.func private @E_64_64(%x: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tg.kernel} {
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Two ops whose iterations add up past max-iterations (a copy of 4096
// elements and a fill of 16): left alone.
// CHECK-LABEL: func.func private @E_64_64_twice
// CHECK-NOT: passthrough
// CHECK: memref.copy
func.func private @E_64_64_twice(%x: memref<64x64xf32>, %out: memref<64x64xf32>, %small: memref<16xf32>) attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  memref.copy %x, %out : memref<64x64xf32> to memref<64x64xf32>
  linalg.fill ins(%zero : f32) outs(%small : memref<16xf32>)
  return
}

// -----

// A kernel with loops of its own (tiled and vectorized by the kernel
// optimizer) is left alone, however few its iterations: LLVM's unrolling
// of such loops pays.
// CHECK-LABEL: func.func private @E_16
// CHECK-NOT: passthrough
// CHECK: scf.for
// LLVM-LABEL: llvm.func internal @E_16.body
// LLVM-NOT: passthrough
// LLVM: llvm.return
func.func private @E_16(%x: memref<16xf32>, %out: memref<16xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %out[%i] : memref<16xf32>
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

// Loops of unknown length: left alone.
// CHECK-LABEL: func.func private @E_n
// CHECK-NOT: passthrough
// CHECK: linalg.generic
func.func private @E_n(%x: memref<?xf32>, %out: memref<?xf32>) attributes {tg.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// A function that is not a kernel (the host's) is left alone.
// CHECK-LABEL: func.func @host
// CHECK-NOT: passthrough
func.func @host(%x: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %x, %out : memref<16xf32> to memref<16xf32>
  return
}
