// RUN: tg-opt %s --split-input-file --tg-cpu-cached-scratch | FileCheck %s

// A kernel's scratch goes through the runtime's functions; a host function
// (an AOT program's plan) keeps libc's. The module defines both functions,
// weak, over malloc and free, the allocation's result noalias as malloc's.
// CHECK-LABEL: llvm.func @kernel(
// CHECK:         %[[BLOCK:.*]] = llvm.call @tgrt_scratch_alloc(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK:         llvm.call @tgrt_scratch_free(%[[BLOCK]]) : (!llvm.ptr) -> ()
// CHECK-LABEL: llvm.func @plan(
// CHECK:         %[[BUFFER:.*]] = llvm.call @malloc(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK:         llvm.call @free(%[[BUFFER]]) : (!llvm.ptr) -> ()
// CHECK-LABEL: llvm.func weak @tgrt_scratch_alloc(
// CHECK-SAME:      %[[SIZE:.*]]: i64) -> (!llvm.ptr {llvm.noalias})
// CHECK-NEXT:    %[[MEMORY:.*]] = llvm.call @malloc(%[[SIZE]]) : (i64) -> !llvm.ptr
// CHECK-NEXT:    llvm.return %[[MEMORY]] : !llvm.ptr
// CHECK-LABEL: llvm.func weak @tgrt_scratch_free(
// CHECK-SAME:      %[[FREED:.*]]: !llvm.ptr)
// CHECK-NEXT:    llvm.call @free(%[[FREED]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @kernel(%size: i64) attributes {tg.kernel} {
    %block = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    llvm.call @free(%block) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @plan(%size: i64) {
    %buffer = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    llvm.call @free(%buffer) : (!llvm.ptr) -> ()
    llvm.return
  }
}

// -----

// No kernel allocates (only the plan does): nothing changes, and nothing is
// defined.
// CHECK-LABEL: llvm.func @plan_only(
// CHECK:         llvm.call @malloc
// CHECK-NOT:     tgrt_scratch
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @elementwise(%x: !llvm.ptr) attributes {tg.kernel} {
    llvm.return
  }
  llvm.func @plan_only(%size: i64) -> !llvm.ptr {
    %buffer = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    llvm.return %buffer : !llvm.ptr
  }
}
