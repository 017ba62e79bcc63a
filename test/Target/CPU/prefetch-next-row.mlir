// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-prefetch-next-row))' | FileCheck %s
// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-prefetch-next-row{min-row-bytes=1024}))' | FileCheck %s --check-prefix=SMALL

// Softmax's rows of 1024 floats (4 KB): the max reads the row from memory,
// the exp2 loop reads it again. That second loop prefetches the same four
// cache lines of its 64 floats from the next row (the last row's own at the
// end); the first loop and the loop that only writes stay as they were.
// CHECK-LABEL: func.func private @r_64_1024
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %[[C64]] step %[[C1]]
// CHECK:   %[[VIEW:.*]] = memref.subview %arg0[%[[ROW]], 0] [1, 1024] [1, 1]
// CHECK:   scf.for
// CHECK-NOT: memref.prefetch
// CHECK:     arith.maximumf
// CHECK:   %[[LAST:.*]] = arith.subi %[[C64]], %[[C1]]
// CHECK:   %[[FOLLOWING:.*]] = arith.addi %[[ROW]], %[[C1]]
// CHECK:   %[[NEXTROW:.*]] = arith.minsi %[[FOLLOWING]], %[[LAST]]
// CHECK:   %[[NEXT:.*]] = memref.subview %arg0[%[[NEXTROW]], 0] [1, 1024] [1, 1]
// CHECK:   scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[C64]]
// CHECK:     memref.prefetch %[[NEXT]][%{{.*}}, %[[COL]]], read, locality<3>, data
// CHECK:     %[[COL16:.*]] = arith.addi %[[COL]], %c16
// CHECK:     memref.prefetch %[[NEXT]][%{{.*}}, %[[COL16]]], read, locality<3>, data
// CHECK:     %[[COL32:.*]] = arith.addi %[[COL]], %c32
// CHECK:     memref.prefetch %[[NEXT]][%{{.*}}, %[[COL32]]], read, locality<3>, data
// CHECK:     %[[COL48:.*]] = arith.addi %[[COL]], %c48
// CHECK:     memref.prefetch %[[NEXT]][%{{.*}}, %[[COL48]]], read, locality<3>, data
// CHECK-NOT: memref.prefetch
// CHECK:     math.exp2
// CHECK:   scf.for
// CHECK-NOT: memref.prefetch
// CHECK:     arith.divf
func.func private @r_64_1024(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<64xf32>
  %zeros = arith.constant dense<0.0> : vector<64xf32>
  %scratch = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %max = scf.for %j = %c0 to %c1024 step %c64 iter_args(%m = %ninf) -> (vector<64xf32>) {
      %part = memref.subview %row[0, %j] [1, 64] [1, 1] : memref<1x1024xf32, strided<[1024, 1], offset: ?>> to memref<64xf32, strided<[1], offset: ?>>
      %v = vector.transfer_read %part[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>>, vector<64xf32>
      %n = arith.maximumf %m, %v : vector<64xf32>
      scf.yield %n : vector<64xf32>
    }
    %sum = scf.for %j = %c0 to %c1024 step %c64 iter_args(%s = %zeros) -> (vector<64xf32>) {
      %part = memref.subview %row[0, %j] [1, 64] [1, 1] : memref<1x1024xf32, strided<[1024, 1], offset: ?>> to memref<64xf32, strided<[1], offset: ?>>
      %v = vector.transfer_read %part[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>>, vector<64xf32>
      %d = arith.subf %v, %max : vector<64xf32>
      %e = math.exp2 %d : vector<64xf32>
      vector.transfer_write %e, %scratch[%j] {in_bounds = [true]} : vector<64xf32>, memref<1024xf32>
      %t = arith.addf %s, %e : vector<64xf32>
      scf.yield %t : vector<64xf32>
    }
    %outRow = memref.subview %out[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    scf.for %j = %c0 to %c1024 step %c64 {
      %e = vector.transfer_read %scratch[%j], %pad {in_bounds = [true]} : memref<1024xf32>, vector<64xf32>
      %r = arith.divf %e, %sum : vector<64xf32>
      vector.transfer_write %r, %outRow[%c0, %j] {in_bounds = [true]} : vector<64xf32>, memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    }
  }
  memref.dealloc %scratch : memref<1024xf32>
  return
}

// -----

// Left alone: a row read once (a sum streams, as the hardware prefetches);
// rows of 256 floats (1 KB, under min-row-bytes); a second loop that steps
// by 8 floats, less than a cache line; a row loop of step 2; a window that
// slides along a row by the loop's index (no row of its own); and a
// function that is no kernel.
// CHECK-LABEL: func.func private @r_64_1024_once
// CHECK-NOT: memref.prefetch
// CHECK-LABEL: func.func private @r_64_256
// CHECK-NOT: memref.prefetch
// CHECK-LABEL: func.func private @r_64_1024_narrow
// CHECK-NOT: memref.prefetch
// CHECK-LABEL: func.func private @r_64_1024_step2
// CHECK-NOT: memref.prefetch
// CHECK-LABEL: func.func private @r_1024_window
// CHECK-NOT: memref.prefetch
// CHECK-LABEL: func.func @host
// CHECK-NOT: memref.prefetch

// With min-row-bytes=1024, the rows of 256 floats are prefetched; the rest
// stay left alone.
// SMALL-LABEL: func.func private @r_64_1024_once
// SMALL-NOT: memref.prefetch
// SMALL-LABEL: func.func private @r_64_256
// SMALL-COUNT-4: memref.prefetch
// SMALL-LABEL: func.func private @r_64_1024_narrow
// SMALL-NOT: memref.prefetch
// SMALL-LABEL: func.func private @r_64_1024_step2
// SMALL-NOT: memref.prefetch
// SMALL-LABEL: func.func private @r_1024_window
// SMALL-NOT: memref.prefetch
func.func private @r_64_1024_once(%x: memref<64x1024xf32>, %out: memref<64xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : vector<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c1024 step %c64 iter_args(%s = %zeros) -> (vector<64xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<64xf32>
      %t = arith.addf %s, %v : vector<64xf32>
      scf.yield %t : vector<64xf32>
    }
    %r = vector.reduction <add>, %sum : vector<64xf32> into f32
    memref.store %r, %out[%i] : memref<64xf32>
  }
  return
}

func.func private @r_64_256(%x: memref<64x256xf32>, %out: memref<64x256xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %x[%i, 0] [1, 256] [1, 1] : memref<64x256xf32> to memref<1x256xf32, strided<[256, 1], offset: ?>>
    %max = scf.for %j = %c0 to %c256 step %c64 iter_args(%m = %ninf) -> (vector<64xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x256xf32, strided<[256, 1], offset: ?>>, vector<64xf32>
      %n = arith.maximumf %m, %v : vector<64xf32>
      scf.yield %n : vector<64xf32>
    }
    scf.for %j = %c0 to %c256 step %c64 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x256xf32, strided<[256, 1], offset: ?>>, vector<64xf32>
      %d = arith.subf %v, %max : vector<64xf32>
      vector.transfer_write %d, %out[%i, %j] {in_bounds = [true]} : vector<64xf32>, memref<64x256xf32>
    }
  }
  return
}

func.func private @r_64_1024_narrow(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<8xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %max = scf.for %j = %c0 to %c1024 step %c8 iter_args(%m = %ninf) -> (vector<8xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<8xf32>
      %n = arith.maximumf %m, %v : vector<8xf32>
      scf.yield %n : vector<8xf32>
    }
    scf.for %j = %c0 to %c1024 step %c8 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<8xf32>
      %d = arith.subf %v, %max : vector<8xf32>
      vector.transfer_write %d, %out[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<64x1024xf32>
    }
  }
  return
}

func.func private @r_64_1024_step2(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<64xf32>
  scf.for %i = %c0 to %c64 step %c2 {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %max = scf.for %j = %c0 to %c1024 step %c64 iter_args(%m = %ninf) -> (vector<64xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<64xf32>
      %n = arith.maximumf %m, %v : vector<64xf32>
      scf.yield %n : vector<64xf32>
    }
    scf.for %j = %c0 to %c1024 step %c64 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<64xf32>
      %d = arith.subf %v, %max : vector<64xf32>
      vector.transfer_write %d, %out[%i, %j] {in_bounds = [true]} : vector<64xf32>, memref<64x1024xf32>
    }
  }
  return
}

func.func private @r_1024_window(%x: memref<2048xf32>, %out: memref<1024x1024xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<64xf32>
  scf.for %i = %c0 to %c1024 step %c1 {
    %window = memref.subview %x[%i] [1024] [1] : memref<2048xf32> to memref<1024xf32, strided<[1], offset: ?>>
    %max = scf.for %j = %c0 to %c1024 step %c64 iter_args(%m = %ninf) -> (vector<64xf32>) {
      %v = vector.transfer_read %window[%j], %pad {in_bounds = [true]} : memref<1024xf32, strided<[1], offset: ?>>, vector<64xf32>
      %n = arith.maximumf %m, %v : vector<64xf32>
      scf.yield %n : vector<64xf32>
    }
    scf.for %j = %c0 to %c1024 step %c64 {
      %v = vector.transfer_read %window[%j], %pad {in_bounds = [true]} : memref<1024xf32, strided<[1], offset: ?>>, vector<64xf32>
      %d = arith.subf %v, %max : vector<64xf32>
      vector.transfer_write %d, %out[%i, %j] {in_bounds = [true]} : vector<64xf32>, memref<1024x1024xf32>
    }
  }
  return
}

func.func @host(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %max = scf.for %j = %c0 to %c1024 step %c64 iter_args(%m = %ninf) -> (vector<64xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<64xf32>
      %n = arith.maximumf %m, %v : vector<64xf32>
      scf.yield %n : vector<64xf32>
    }
    scf.for %j = %c0 to %c1024 step %c64 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<64xf32>
      %d = arith.subf %v, %max : vector<64xf32>
      vector.transfer_write %d, %out[%i, %j] {in_bounds = [true]} : vector<64xf32>, memref<64x1024xf32>
    }
  }
  return
}
