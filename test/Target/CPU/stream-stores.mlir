// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-stream-stores{min-bytes=4096}))' | FileCheck %s

// An output the kernel only writes, of min-bytes or more: each vector of 16
// floats (a cache line) is stored non-temporally when its address is aligned
// to 64 bytes, written as before when not.
// CHECK-LABEL: func.func private @E_64_64
// CHECK: scf.for
// CHECK:   %[[V:.*]] = vector.transfer_read
// CHECK:   memref.extract_strided_metadata
// CHECK:   memref.extract_aligned_pointer_as_index
// CHECK:   %[[MIS:.*]] = arith.remui %{{.*}}, %c64
// CHECK:   %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]], %c0
// CHECK:   scf.if %[[ALIGNED]] {
// CHECK:     vector.store %[[V]], %{{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:   } else {
// CHECK:     vector.transfer_write %[[V]]
// CHECK:   }
func.func private @E_64_64(%x: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c64 step %c16 {
      %row = memref.subview %out[%i, %j] [1, 16] [1, 1] : memref<64x64xf32> to memref<16xf32, strided<[1], offset: ?>>
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<64x64xf32>, vector<16xf32>
      vector.transfer_write %v, %row[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// Left alone: a kernel that reads its output (partial sums added to it),
// an output under min-bytes, vectors shorter than a cache line, and the
// host function.
// CHECK-LABEL: func.func private @r_64_64
// CHECK-NOT: nontemporal
// CHECK-LABEL: func.func private @E_8_8
// CHECK-NOT: nontemporal
// CHECK-LABEL: func.func private @E_64_64_narrow
// CHECK-NOT: nontemporal
// CHECK-LABEL: func.func @host
// CHECK-NOT: nontemporal
func.func private @r_64_64(%x: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c64 step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<64x64xf32>, vector<16xf32>
      %acc = vector.transfer_read %out[%i, %j], %pad {in_bounds = [true]} : memref<64x64xf32>, vector<16xf32>
      %s = arith.addf %v, %acc : vector<16xf32>
      vector.transfer_write %s, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x64xf32>
    }
  }
  return
}
func.func private @E_8_8(%x: memref<8x8xf32>, %out: memref<8x8xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<8x8xf32>
  vector.transfer_write %v, %out[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xf32>, memref<8x8xf32>
  return
}
func.func private @E_64_64_narrow(%x: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c64 step %c8 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<64x64xf32>, vector<8xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<64x64xf32>
    }
  }
  return
}
func.func @host(%x: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true]} : memref<64x64xf32>, vector<16xf32>
  vector.transfer_write %v, %out[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<64x64xf32>
  return
}
