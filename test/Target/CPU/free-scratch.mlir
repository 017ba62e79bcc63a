// RUN: tg-opt %s --split-input-file --tg-cpu-free-scratch | FileCheck %s

// A stage computed whole inside a kernel: its buffer is freed at the end.
// CHECK-LABEL: func.func private @padded_stage(
// CHECK:         %[[SCRATCH:.*]] = memref.alloc() : memref<6xf32>
// CHECK:         linalg.copy
// CHECK-NEXT:    memref.dealloc %[[SCRATCH]] : memref<6xf32>
// CHECK-NEXT:    return
func.func private @padded_stage(%x: memref<4xf32>, %out: memref<4xf32>) attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  %scratch = memref.alloc() : memref<6xf32>
  linalg.fill ins(%zero : f32) outs(%scratch : memref<6xf32>)
  %inner = memref.subview %scratch[1] [4] [1] : memref<6xf32> to memref<4xf32, strided<[1], offset: 1>>
  memref.copy %x, %inner : memref<4xf32> to memref<4xf32, strided<[1], offset: 1>>
  %window = memref.subview %scratch[0] [4] [1] : memref<6xf32> to memref<4xf32, strided<[1]>>
  linalg.copy ins(%window : memref<4xf32, strided<[1]>>) outs(%out : memref<4xf32>)
  return
}

// -----

// Scratch allocated in a loop (each worker's share of a split) is freed
// in the loop's body, once per iteration.
// CHECK-LABEL: func.func private @in_a_loop(
// CHECK:         scf.for
// CHECK:           %[[TILE:.*]] = memref.alloc() : memref<8xf32>
// CHECK:           memref.dealloc %[[TILE]] : memref<8xf32>
// CHECK-NEXT:    } {tg.split}
func.func private @in_a_loop(%out: memref<4x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %tile = memref.alloc() : memref<8xf32>
    linalg.fill ins(%one : f32) outs(%tile : memref<8xf32>)
    %row = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %tile, %row : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  } {tg.split}
  return
}

// -----

// What must not change: a buffer returned (also through a view), one freed
// already, and the host function's buffers, which the launch plan owns.
// CHECK-LABEL: func.func private @returned(
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func private @returned() -> memref<2x2xf32> attributes {tg.kernel} {
  %b = memref.alloc() : memref<4xf32>
  %v = memref.expand_shape %b [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  return %v : memref<2x2xf32>
}

// CHECK-LABEL: func.func private @freed(
// CHECK:         memref.dealloc
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func private @freed(%out: memref<4xf32>) attributes {tg.kernel} {
  %b = memref.alloc() : memref<4xf32>
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @host(
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @host(%x: memref<4xf32>) {
  %b = memref.alloc() : memref<4xf32>
  memref.copy %x, %b : memref<4xf32> to memref<4xf32>
  return
}
