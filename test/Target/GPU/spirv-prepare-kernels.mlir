// RUN: tg-opt %s --pass-pipeline='builtin.module(gpu.module(tg-spirv-prepare-kernels))' --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: gpu.func @k
//  CHECK-SAME:   (%[[A:.*]]: memref<4xi16>, %[[B:.*]]: memref<4xf32>)
//   CHECK-NOT:   workgroup(
//  CHECK-SAME:   spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>
//       CHECK:   %[[W:.*]] = memref.alloc() : memref<4xf32, 3>
//       CHECK:   %[[RAW:.*]] = memref.load %[[A]][%{{.*}}] : memref<4xi16>
//       CHECK:   %[[H:.*]] = arith.bitcast %[[RAW]] : i16 to bf16
//       CHECK:   %[[X:.*]] = arith.extf %[[H]]
//       CHECK:   %[[NEG:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
//       CHECK:   %[[C:.*]] = math.ceil %[[X]]
//       CHECK:   %[[F:.*]] = math.floor %[[X]]
//       CHECK:   %[[T:.*]] = arith.select %[[NEG]], %[[C]], %[[F]]
//       CHECK:   memref.store %[[T]], %[[W]]
//       CHECK:   %[[N:.*]] = arith.truncf %[[T]] : f32 to bf16
//       CHECK:   %[[BITS:.*]] = arith.bitcast %[[N]] : bf16 to i16
//       CHECK:   memref.store %[[BITS]], %[[A]]
gpu.module @tg_kernels {
  gpu.func @k(%a: memref<4xbf16>, %b: memref<4xf32>) workgroup(%w : memref<4xf32, 3>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %t = gpu.thread_id x
    %h = memref.load %a[%t] : memref<4xbf16>
    %x = arith.extf %h : bf16 to f32
    %r = math.trunc %x : f32
    memref.store %r, %w[%t] : memref<4xf32, 3>
    %n = arith.truncf %r : f32 to bf16
    memref.store %n, %a[%t] : memref<4xbf16>
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
