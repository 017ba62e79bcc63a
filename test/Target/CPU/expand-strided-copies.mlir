// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-expand-strided-copies))' | FileCheck %s

// One tap of a 3x3 window, copied channels-last: the source is strided, and
// LLVM would copy it through the runtime's memrefCopy, which kernels do not
// link; it becomes a linalg.copy, which runs as loops.
// CHECK-LABEL: func.func private @E_16_8
// CHECK: %[[TAP:.*]] = memref.subview %arg0[0, 0, 1, 1] [16, 8, 1, 1] [1, 1, 1, 1]
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%[[TAP]] : memref<16x8xf32, strided<[72, 9], offset: 4>>) outs(%arg1 : memref<16x8xf32>)
func.func private @E_16_8(%w: memref<16x8x3x3xf32>, %out: memref<16x8xf32>) attributes {tg.kernel} {
  %tap = memref.subview %w[0, 0, 1, 1] [16, 8, 1, 1] [1, 1, 1, 1] : memref<16x8x3x3xf32> to memref<16x8xf32, strided<[72, 9], offset: 4>>
  memref.copy %tap, %out : memref<16x8xf32, strided<[72, 9], offset: 4>> to memref<16x8xf32>
  return
}

// -----

// A strided target is no memcpy either.
// CHECK-LABEL: func.func private @E_4_8
// CHECK-NOT: memref.copy
// CHECK: linalg.copy
func.func private @E_4_8(%x: memref<4x8xf32>, %out: memref<4x16xf32>) attributes {tg.kernel} {
  %half = memref.subview %out[0, 0] [4, 8] [1, 1] : memref<4x16xf32> to memref<4x8xf32, strided<[16, 1]>>
  memref.copy %x, %half : memref<4x8xf32> to memref<4x8xf32, strided<[16, 1]>>
  return
}

// -----

// What stays: a copy between contiguous buffers (memcpy), including a
// contiguous view (whole rows); copies outside kernels.
// CHECK-LABEL: func.func private @E_2_8
// CHECK: memref.copy %arg0, %arg1
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<2x8xf32, strided<[8, 1], offset: 8>> to memref<2x8xf32>
// CHECK-NOT: linalg.copy
func.func private @E_2_8(%x: memref<2x8xf32>, %out: memref<2x8xf32>, %rows: memref<4x8xf32>) attributes {tg.kernel} {
  memref.copy %x, %out : memref<2x8xf32> to memref<2x8xf32>
  %middle = memref.subview %rows[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  memref.copy %middle, %out : memref<2x8xf32, strided<[8, 1], offset: 8>> to memref<2x8xf32>
  return
}

// -----

// CHECK-LABEL: func.func @host
// CHECK: memref.copy
// CHECK-NOT: linalg.copy
func.func @host(%w: memref<16x8x3x3xf32>, %out: memref<16x8xf32>) {
  %tap = memref.subview %w[0, 0, 1, 1] [16, 8, 1, 1] [1, 1, 1, 1] : memref<16x8x3x3xf32> to memref<16x8xf32, strided<[72, 9], offset: 4>>
  memref.copy %tap, %out : memref<16x8xf32, strided<[72, 9], offset: 4>> to memref<16x8xf32>
  return
}
