// RUN: tg-opt %s --split-input-file --tg-cpu-entry-points --verify-diagnostics | FileCheck %s

// The kernel becomes internal `E_4.body`; the exported `E_4` loads each
// buffer pointer from the table and passes the worker split through.
// CHECK-LABEL: llvm.func internal @E_4.body(
// The entry point is what the runtime launches: it carries how many
// workers the kernel can be split over.
// CHECK-LABEL: llvm.func @E_4(
// CHECK-SAME: %[[TABLE:.*]]: !llvm.ptr, %[[W:.*]]: i64, %[[NW:.*]]: i64)
// CHECK-SAME: attributes {tg.parallel_size = 4 : i64}
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[TABLE]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[B0:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[TABLE]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[B1:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @E_4.body(%[[B0]], %[[B1]], %[[W]], %[[NW]])
// CHECK: llvm.return
// Functions that are not kernels get no entry point.
// CHECK-LABEL: llvm.func @helper(
// CHECK-NOT: @helper.body
llvm.func @E_4(%x: !llvm.ptr, %out: !llvm.ptr, %w: i64, %nw: i64) attributes {tg.kernel, tg.parallel_size = 4 : i64} {
  llvm.return
}
llvm.func @helper(%x: !llvm.ptr, %w: i64, %nw: i64) {
  llvm.return
}

// -----

// expected-error @+1 {{tg-cpu-entry-points: kernel argument #0 is not a pointer (lower with the bare-pointer memref convention)}}
llvm.func @struct_arg(%x: !llvm.struct<(ptr, ptr, i64)>, %w: i64, %nw: i64) attributes {tg.kernel} {
  llvm.return
}

// -----

// expected-error @+1 {{tg-cpu-entry-points: a kernel's last arguments must be the i64 worker and num_workers of tg-cpu-kernel-abi}}
llvm.func @no_worker_args(%x: !llvm.ptr) attributes {tg.kernel} {
  llvm.return
}
