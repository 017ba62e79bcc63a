// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-range-maximum))' | FileCheck %s
// tg-cpu-to-llvm runs the pass for a CPU with AVX-512DQ, and not for one without.
// RUN: tg-opt %s --split-input-file --tg-cpu-to-llvm=chip=znver4 | FileCheck %s --check-prefix=DQ
// RUN: tg-opt %s --split-input-file --tg-cpu-to-llvm=chip=x86-64-v3 | FileCheck %s --check-prefix=AVX2

// One register: vrangeps (immediate 5, all lanes, the current rounding),
// and a + b where either operand is a NaN.
// CHECK-LABEL: func.func private @E_16
// CHECK-DAG: %[[IMM:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[ALL:.*]] = arith.constant -1 : i16
// CHECK-DAG: %[[ROUND:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-DAG: %[[A:.*]] = vector.transfer_read %arg0
// CHECK-DAG: %[[B:.*]] = vector.transfer_read %arg1
// CHECK: %[[RANGE:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[A]], %[[B]], %[[IMM]], %[[ZERO]], %[[ALL]], %[[ROUND]])
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[A]], %[[B]] : vector<16xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : vector<16xf32>
// CHECK: %[[MAX:.*]] = arith.select %[[NAN]], %[[SUM]], %[[RANGE]]
// CHECK-NOT: arith.maximumf
// CHECK: vector.transfer_write %[[MAX]]
// DQ-LABEL: llvm.func internal @E_16.body
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"
// DQ-NOT: llvm.intr.maximum
// DQ: llvm.return
// AVX2-LABEL: llvm.func internal @E_16.body
// AVX2-NOT: llvm.x86.avx512.mask.range.ps.512
// AVX2: llvm.intr.maximum
func.func private @E_16(%x: memref<16xf32>, %y: memref<16xf32>, %out: memref<16xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  %b = vector.transfer_read %y[%c0], %pad {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  %m = arith.maximumf %a, %b : vector<16xf32>
  vector.transfer_write %m, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}

// -----

// A 2-d tile of two registers: flattened, each register's maximum, put back
// in its shape.
// CHECK-LABEL: func.func private @E_2_16
// CHECK: vector.shape_cast %{{.*}} : vector<2x16xf32> to vector<32xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [16], strides = [1]}
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"
// CHECK: vector.insert_strided_slice %{{.*}} {offsets = [0], strides = [1]}
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [16], sizes = [16], strides = [1]}
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"
// CHECK: vector.insert_strided_slice %{{.*}} {offsets = [16], strides = [1]}
// CHECK: vector.shape_cast %{{.*}} : vector<32xf32> to vector<2x16xf32>
// CHECK-NOT: arith.maximumf
// DQ-LABEL: llvm.func internal @E_2_16.body
// DQ-COUNT-2: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"
// DQ-NOT: llvm.intr.maximum
// DQ: llvm.return
func.func private @E_2_16(%x: memref<2x16xf32>, %out: memref<2x16xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<2x16xf32>
  %a = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x16xf32>, vector<2x16xf32>
  %m = arith.maximumf %a, %zero : vector<2x16xf32>
  vector.transfer_write %m, %out[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<2x16xf32>
  return
}

// -----

// Left alone: vectors that do not fill whole registers, f64, scalars, and
// functions that are not kernels.
// CHECK-LABEL: func.func private @E_13
// CHECK-NOT: llvm.call_intrinsic
// CHECK: arith.maximumf %{{.*}} : vector<13xf32>
// CHECK: arith.maximumf %{{.*}} : vector<16xf64>
// CHECK: arith.maximumf %{{.*}} : f32
// CHECK-LABEL: func.func @host
// CHECK-NOT: llvm.call_intrinsic
// CHECK: arith.maximumf %{{.*}} : vector<16xf32>
func.func private @E_13(%x: memref<13xf32>, %y: memref<16xf64>, %z: memref<f32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %pad64 = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f32
  %a = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<13xf32>, vector<13xf32>
  %b = vector.transfer_read %y[%c0], %pad64 {in_bounds = [true]} : memref<16xf64>, vector<16xf64>
  %c = memref.load %z[] : memref<f32>
  %a2 = arith.constant dense<1.0> : vector<13xf32>
  %b2 = arith.constant dense<1.0> : vector<16xf64>
  %m1 = arith.maximumf %a, %a2 : vector<13xf32>
  %m2 = arith.maximumf %b, %b2 : vector<16xf64>
  %m3 = arith.maximumf %c, %one : f32
  vector.transfer_write %m1, %x[%c0] {in_bounds = [true]} : vector<13xf32>, memref<13xf32>
  vector.transfer_write %m2, %y[%c0] {in_bounds = [true]} : vector<16xf64>, memref<16xf64>
  memref.store %m3, %z[] : memref<f32>
  return
}
func.func @host(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %m = arith.maximumf %a, %zero : vector<16xf32>
  vector.transfer_write %m, %x[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}
