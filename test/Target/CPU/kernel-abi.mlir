// RUN: tg-opt %s --split-input-file --tg-cpu-kernel-abi --verify-diagnostics | FileCheck %s

// The split loop runs the worker's share [w·n/W, (w+1)·n/W) of its n = 16
// iterations (of step 4); the host call runs the whole kernel as worker 0
// of 1.
// CHECK-LABEL: func.func private @E_64
// CHECK-SAME: (%[[X:.*]]: memref<64xf32>, %[[OUT:.*]]: memref<64xf32>, %[[W:.*]]: index, %[[NW:.*]]: index)
// CHECK-SAME: tg.parallel_size = 16 : i64
// CHECK: %[[FIRST:.*]] = arith.muli %[[W]], %c16
// CHECK: %[[FIRSTQ:.*]] = arith.divui %[[FIRST]], %[[NW]]
// CHECK: %[[LB:.*]] = arith.muli %[[FIRSTQ]], %c4
// CHECK: %[[NEXT:.*]] = arith.addi %[[W]], %c1
// CHECK: %[[LAST:.*]] = arith.muli %[[NEXT]], %c16
// CHECK: %[[LASTQ:.*]] = arith.divui %[[LAST]], %[[NW]]
// CHECK: %[[UBS:.*]] = arith.muli %[[LASTQ]], %c4
// CHECK: %[[UB:.*]] = arith.minsi %[[UBS]], %c64
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %c4
// CHECK: } {tg.split}
// CHECK-LABEL: func.func @host
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: call @E_64(%{{.*}}, %{{.*}}, %[[ZERO]], %[[ONE]])
func.func private @E_64(%x: memref<64xf32>, %out: memref<64xf32>) attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = false, tile = [4]>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c4 {
    %v = memref.load %x[%i] : memref<64xf32>
    memref.store %v, %out[%i] : memref<64xf32>
  } {tg.split}
  return
}
func.func @host(%x: memref<64xf32>, %out: memref<64xf32>) {
  call @E_64(%x, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  return
}

// -----

// Without a split, every worker would run the whole kernel: it has one,
// and its loops are untouched.
// CHECK-LABEL: func.func private @E_8
// CHECK-SAME: %{{.*}}: index, %{{.*}}: index)
// CHECK-SAME: tg.parallel_size = 1 : i64
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1
func.func private @E_8(%out: memref<8xf32>) attributes {tg.kernel, tg.opts = #tg.opts<split = -1, vectorize = false>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %zero, %out[%i] : memref<8xf32>
  }
  return
}

// -----

// A function that is not a kernel keeps its signature.
// CHECK-LABEL: func.func private @helper(%{{.*}}: memref<8xf32>)
// CHECK-NOT: tg.parallel_size
func.func private @helper(%out: memref<8xf32>) {
  return
}

// -----

// expected-error @+1 {{tg-cpu-kernel-abi: the kernel splits, but has no top-level loop marked tg.split}}
func.func private @unmarked(%out: memref<8xf32>) attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = false>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %zero, %out[%i] : memref<8xf32>
  }
  return
}

// -----

// expected-error @+1 {{tg-cpu-kernel-abi: the split loop must have constant bounds}}
func.func private @dynamic(%out: memref<?xf32>, %n: index) attributes {tg.kernel, tg.opts = #tg.opts<split = 0, vectorize = false>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %zero, %out[%i] : memref<?xf32>
  } {tg.split}
  return
}
