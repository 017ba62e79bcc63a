// RUN: tg-opt %s --pass-pipeline='builtin.module(gpu.module(tg-spirv-prepare-kernels))' --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: gpu.func @k
//  CHECK-SAME:   (%[[A:.*]]: memref<4xi16>, %[[B:.*]]: memref<4xf32>, %[[H:.*]]: memref<4xi16>)
//   CHECK-NOT:   workgroup(
//  CHECK-SAME:   spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>
//       CHECK:   %[[W:.*]] = memref.alloc() : memref<4xf32, 3>
//       CHECK:   %[[X:.*]] = memref.load %[[B]][%{{.*}}] : memref<4xf32>
//       CHECK:   memref.store %[[X]], %[[W]]
//       CHECK:   %[[RAW:.*]] = memref.load %[[H]][%{{.*}}] : memref<4xi16>
//       CHECK:   %[[HALF:.*]] = arith.bitcast %[[RAW]] : i16 to f16
//       CHECK:   %[[BITS:.*]] = arith.bitcast %[[HALF]] : f16 to i16
//       CHECK:   memref.store %[[BITS]], %[[H]]
gpu.module @tg_kernels {
  gpu.func @k(%a: memref<4xbf16>, %b: memref<4xf32>, %h: memref<4xf16>) workgroup(%w : memref<4xf32, 3>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %t = gpu.thread_id x
    %x = memref.load %b[%t] : memref<4xf32>
    memref.store %x, %w[%t] : memref<4xf32, 3>
    %y = memref.load %h[%t] : memref<4xf16>
    memref.store %y, %h[%t] : memref<4xf16>
    gpu.return
  }
}

// -----

// Every bf16 value becomes i16: loads, constants, selects, loop-carried
// values, scratch buffers; the emulation's bitcasts between i16 and bf16
// disappear.
// CHECK-LABEL: gpu.func @bf16_values
//  CHECK-SAME:   (%[[A:.*]]: memref<4xi16>, %[[P:.*]]: i1)
//   CHECK-NOT:   bf16
//       CHECK:   %[[ONE:.*]] = arith.constant 16256 : i16
//       CHECK:   %[[S:.*]] = memref.alloc() : memref<4xi16>
//       CHECK:   %[[X:.*]] = memref.load %[[A]][%{{.*}}] : memref<4xi16>
//       CHECK:   %[[PICK:.*]] = arith.select %[[P]], %[[X]], %[[ONE]] : i16
//       CHECK:   %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[PICK]]) -> (i16)
//       CHECK:     %[[WIDE:.*]] = arith.extui %[[ACC]] : i16 to i32
//       CHECK:     %[[NARROW:.*]] = arith.trunci %[[WIDE]] : i32 to i16
//       CHECK:     scf.yield %[[NARROW]] : i16
//       CHECK:   memref.store %[[SUM]], %[[S]]
gpu.module @tg_kernels {
  gpu.func @bf16_values(%a: memref<4xbf16>, %p: i1) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : bf16
    %s = memref.alloc() : memref<4xbf16>
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<4xbf16>
    %pick = arith.select %p, %x, %one : bf16
    %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %pick) -> (bf16) {
      %bits = arith.bitcast %acc : bf16 to i16
      %wide = arith.extui %bits : i16 to i32
      %narrow = arith.trunci %wide : i32 to i16
      %back = arith.bitcast %narrow : i16 to bf16
      scf.yield %back : bf16
    }
    memref.store %sum, %s[%t] : memref<4xbf16>
    gpu.return
  }
}

// -----

// bf16 arithmetic the emulation missed is not silently computed on bits.
gpu.module @tg_kernels {
  gpu.func @bf16_arithmetic(%a: memref<4xbf16>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<4xbf16>
    // expected-error @below {{must be floating-point-like}}
    %y = arith.addf %x, %x : bf16
    memref.store %y, %a[%t] : memref<4xbf16>
    gpu.return
  }
}

// -----

// An entry point ABI given before is kept; functions that are not kernels
// are left alone.
// CHECK-LABEL: gpu.func @given
//  CHECK-SAME:   workgroup_size = [8, 1, 1]
// CHECK-LABEL: gpu.func @helper
//   CHECK-NOT:   spirv.entry_point_abi
gpu.module @tg_kernels {
  gpu.func @given(%a: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    gpu.return
  }
  gpu.func @helper(%a: memref<4xf32>) {
    gpu.return
  }
}

// -----

gpu.module @tg_kernels {
  // expected-error @below {{a kernel without known_block_size has no SPIR-V workgroup size}}
  gpu.func @unknown(%a: memref<4xf32>) kernel {
    gpu.return
  }
}
