// tg-kernelize: one case per realize rule, with what the rule must leave
// alone next to it. tinygrad's own cases are the kernelize-tinygrad-*.mlir
// files (KERNELIZE-PORT.md).
// RUN: tg-opt %s --split-input-file --tg-kernelize | FileCheck %s

// An elementwise chain is one kernel.
// CHECK-LABEL: func @elementwise_chain
// CHECK: tg.kernel(%arg0, %arg1) {name = "E_4"}
// CHECK: tg.add
// CHECK: tg.exp2
// CHECK-NOT: tg.kernel
func.func @elementwise_chain(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.add %x, %y : tensor<4xf32>
  %1 = tg.exp2 %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Ended ranges: a reduction that a broadcast reads is realized (softmax: the
// max and the sum, then the output).
// CHECK-LABEL: func @softmax
// CHECK: %[[MAX:.*]] = tg.kernel(%arg0) {name = "r_2_4"}
// CHECK: %[[SUM:.*]] = tg.kernel(%arg0, %[[MAX]]) {name = "r_2_4n1"}
// CHECK: tg.kernel(%arg0, %[[MAX]], %[[SUM]]) {name = "E_2_4"}
// CHECK-NOT: tg.kernel
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %m = tg.reduce max %x [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %me = tg.expand %m : tensor<2x1xf32> to tensor<2x4xf32>
  %d = tg.sub %x, %me : tensor<2x4xf32>
  %e = tg.exp2 %d : tensor<2x4xf32>
  %s = tg.reduce add %e [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %se = tg.expand %s : tensor<2x1xf32> to tensor<2x4xf32>
  %r = tg.fdiv %e, %se : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// A reduction to 0-d (it reduces every axis it has) fuses into the kernel
// that broadcasts it.
// CHECK-LABEL: func @scalar_sum_fuses
// CHECK: tg.kernel(%arg0) {name = "r_4_4"}
// CHECK-NOT: tg.kernel
func.func @scalar_sum_fuses(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = tg.reduce add %x [0] : tensor<4xf32> -> tensor<1xf32>
  %e = tg.expand %s : tensor<1xf32> to tensor<4xf32>
  %y = tg.sub %x, %e : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// ...but an elementwise op behind the broadcast keeps an axis, even of size
// 1 (`x - x.mean(keepdim=True)`, the subtraction a multiply by -1): the mean
// is realized.
// CHECK-LABEL: func @keepdim_realized
// CHECK: %[[MEAN:.*]] = tg.kernel(%arg0) {name = "r_4"} : (tensor<4xf32>) -> tensor<1xf32>
// CHECK: tg.reduce
// CHECK: tg.mul
// CHECK: tg.yield
// CHECK: tg.kernel(%arg0, %[[MEAN]]) {name = "E_4"}
// CHECK-NOT: tg.kernel
func.func @keepdim_realized(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = tg.reduce add %x [0] : tensor<4xf32> -> tensor<1xf32>
  %c = tg.const 0.25 : tensor<1xf32>
  %mean = tg.mul %s, %c : tensor<1xf32>
  %m1 = tg.const -1.0 : tensor<1xf32>
  %n = tg.mul %mean, %m1 : tensor<1xf32>
  %e = tg.expand %n : tensor<1xf32> to tensor<4xf32>
  %y = tg.add %x, %e : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A broadcast reduction that reads no buffer (an arange, a mask) is
// recomputed in its consumer.
// CHECK-LABEL: func @constant_reduction_recomputed
// CHECK: tg.kernel(%arg0) {name = "r_4_8_8"}
// CHECK: tg.reduce
// CHECK-NOT: tg.kernel
func.func @constant_reduction_recomputed(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %one = tg.const 1.0 : tensor<4x4xf32>
  %p = tg.pad %one low [0, 0] high [0, 4] : tensor<4x4xf32> -> tensor<4x8xf32>
  %a = tg.reduce add %p [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %b = tg.expand %a : tensor<4x1xf32> to tensor<4x8xf32>
  %y = tg.mul %x, %b : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// The same reduction of a buffer is realized.
// CHECK-LABEL: func @buffer_reduction_realized
// CHECK: %[[R:.*]] = tg.kernel(%arg1) {name = "r_4_8"}
// CHECK: tg.kernel(%arg0, %[[R]]) {name = "E_4_8"}
// CHECK-NOT: tg.kernel
func.func @buffer_reduction_realized(%x: tensor<4x8xf32>, %w: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = tg.reduce add %w [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %b = tg.expand %a : tensor<4x1xf32> to tensor<4x8xf32>
  %y = tg.mul %x, %b : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Consumers that read a value at different indices: a reduction of a buffer
// read by two kernels is computed once.
// CHECK-LABEL: func @shared_reduction
// CHECK: %[[S:.*]] = tg.kernel(%arg0) {name = "r_4_8"}
// CHECK: tg.kernel(%[[S]]) {name = "E_4"}
// CHECK: tg.kernel(%[[S]]) {name = "E_4n1"}
// CHECK-NOT: tg.kernel
func.func @shared_reduction(%x: tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  %s = tg.reduce add %x [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %c = tg.const 2.0 : tensor<4x1xf32>
  %a = tg.mul %s, %c : tensor<4x1xf32>
  %b = tg.add %s, %c : tensor<4x1xf32>
  return %a, %b : tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

// Cheap elementwise work read by two kernels is computed in both.
// CHECK-LABEL: func @shared_elementwise
// CHECK: tg.kernel(%arg0, %arg1) {name = "E_4"}
// CHECK: tg.kernel(%arg0, %arg1) {name = "E_4n1"}
// CHECK-NOT: tg.kernel
func.func @shared_elementwise(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = tg.add %x, %y : tensor<4xf32>
  %a = tg.exp2 %s : tensor<4xf32>
  %b = tg.log2 %s : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----

// A reduction of a buffer read as r and r.T in one kernel is realized.
// CHECK-LABEL: func @transposed_reread
// CHECK: %[[R:.*]] = tg.kernel(%arg0) {name = "r_4_4_8"}
// CHECK: tg.kernel(%[[R]]) {name = "E_4_4"}
// CHECK-NOT: tg.kernel
func.func @transposed_reread(%x: tensor<4x4x8xf32>) -> tensor<4x4xf32> {
  %s = tg.reduce add %x [2] : tensor<4x4x8xf32> -> tensor<4x4x1xf32>
  %r = tg.reshape %s : tensor<4x4x1xf32> to tensor<4x4xf32>
  %t = tg.permute %r [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %y = tg.add %r, %t : tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----

// Read twice at the same index, it fuses.
// CHECK-LABEL: func @same_index_reread
// CHECK: tg.kernel(%arg0) {name = "r_4_4_8"}
// CHECK-NOT: tg.kernel
func.func @same_index_reread(%x: tensor<4x4x8xf32>) -> tensor<4x4xf32> {
  %s = tg.reduce add %x [2] : tensor<4x4x8xf32> -> tensor<4x4x1xf32>
  %r = tg.reshape %s : tensor<4x4x1xf32> to tensor<4x4xf32>
  %y = tg.mul %r, %r : tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----

// A reduction over broadcast axes only is `x * 8`, no real reduction: read
// by two kernels, it is recomputed in both.
// CHECK-LABEL: func @broadcast_reduction_recomputed
// CHECK: tg.kernel(%arg0) {name = "r_4_8"}
// CHECK: tg.kernel(%arg0) {name = "r_4_8n1"}
// CHECK-NOT: tg.kernel
func.func @broadcast_reduction_recomputed(%x: tensor<4x1xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  %e = tg.expand %x : tensor<4x1xf32> to tensor<4x8xf32>
  %s = tg.reduce add %e [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %c = tg.const 2.0 : tensor<4x1xf32>
  %a = tg.mul %s, %c : tensor<4x1xf32>
  %b = tg.add %s, %c : tensor<4x1xf32>
  return %a, %b : tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

// Elementwise work read by two kernels stays a buffer when it reads more than
// 3 buffers...
// CHECK-LABEL: func @shared_four_buffers
// CHECK: %[[S:.*]] = tg.kernel(%arg0, %arg1, %arg2, %arg3) {name = "E_4"}
// CHECK: tg.kernel(%[[S]]) {name = "E_4n1"}
// CHECK: tg.kernel(%[[S]]) {name = "E_4n2"}
// CHECK-NOT: tg.kernel
func.func @shared_four_buffers(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.add %a, %b : tensor<4xf32>
  %1 = tg.add %0, %c : tensor<4xf32>
  %2 = tg.add %1, %d : tensor<4xf32>
  %x = tg.exp2 %2 : tensor<4xf32>
  %y = tg.log2 %2 : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

// -----

// ...and is recomputed when it reads 3.
// CHECK-LABEL: func @shared_three_buffers
// CHECK: tg.kernel(%arg0, %arg1, %arg2) {name = "E_4"}
// CHECK: tg.kernel(%arg0, %arg1, %arg2) {name = "E_4n1"}
// CHECK-NOT: tg.kernel
func.func @shared_three_buffers(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.add %a, %b : tensor<4xf32>
  %1 = tg.add %0, %c : tensor<4xf32>
  %x = tg.exp2 %1 : tensor<4xf32>
  %y = tg.log2 %1 : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

// -----

// Ours: more than 3 buffers, but broadcast into a result larger than all of
// them (128 bytes from 80): storing it would move more memory than reading
// them again in each kernel (max pooling's gradient spread over its
// windows), so it is recomputed.
// CHECK-LABEL: func @shared_four_buffers_broadcast
// CHECK: tg.kernel(%arg0, %arg1, %arg2, %arg3) {name = "E_4_8"}
// CHECK: tg.kernel(%arg0, %arg1, %arg2, %arg3) {name = "E_4_8n1"}
// CHECK-NOT: tg.kernel
func.func @shared_four_buffers_broadcast(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tg.add %a, %b : tensor<4xf32>
  %1 = tg.add %0, %c : tensor<4xf32>
  %r = tg.reshape %1 : tensor<4xf32> to tensor<4x1xf32>
  %rows = tg.expand %r : tensor<4x1xf32> to tensor<4x8xf32>
  %dr = tg.reshape %d : tensor<8xf32> to tensor<1x8xf32>
  %cols = tg.expand %dr : tensor<1x8xf32> to tensor<4x8xf32>
  %2 = tg.mul %rows, %cols : tensor<4x8xf32>
  %x = tg.exp2 %2 : tensor<4x8xf32>
  %y = tg.log2 %2 : tensor<4x8xf32>
  return %x, %y : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Nested reductions before a broadcast: the one the broadcast reads is
// realized, the inner one fuses into it (a conv's backward pass: one kernel).
// CHECK-LABEL: func @nested_reductions
// CHECK: %[[R:.*]] = tg.kernel(%arg0, %arg1) {name = "r_4_8_8"} : ({{.*}}) -> tensor<4x1xf32>
// CHECK-COUNT-2: tg.reduce
// CHECK: tg.kernel(%arg1, %[[R]]) {name = "E_4_8"}
// CHECK-NOT: tg.kernel
func.func @nested_reductions(%x: tensor<4x8x8xf32>, %w: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = tg.reduce add %x [2] : tensor<4x8x8xf32> -> tensor<4x8x1xf32>
  %ar = tg.reshape %a : tensor<4x8x1xf32> to tensor<4x8xf32>
  %m = tg.mul %ar, %w : tensor<4x8xf32>
  %b = tg.reduce add %m [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %be = tg.expand %b : tensor<4x1xf32> to tensor<4x8xf32>
  %y = tg.add %w, %be : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// An inner reduction that a broadcast reads itself is still realized.
// CHECK-LABEL: func @inner_reduction_broadcast
// CHECK: %[[R:.*]] = tg.kernel(%arg0) {name = "r_4_8_8"}
// CHECK: tg.kernel(%arg0, %arg1, %[[R]]) {name = "r_4_8_8n1"}
// CHECK-NOT: tg.kernel
func.func @inner_reduction_broadcast(%x: tensor<4x8x8xf32>, %w: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = tg.reduce add %x [2] : tensor<4x8x8xf32> -> tensor<4x8x1xf32>
  %ae = tg.expand %a : tensor<4x8x1xf32> to tensor<4x8x8xf32>
  %d = tg.sub %x, %ae : tensor<4x8x8xf32>
  %b = tg.reduce add %d [2] : tensor<4x8x8xf32> -> tensor<4x8x1xf32>
  %br = tg.reshape %b : tensor<4x8x1xf32> to tensor<4x8xf32>
  %y = tg.add %w, %br : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Parallel reductions combined behind a broadcast (`x - (sum(x) + sum(y))`)
// are realized together, in one kernel.
// CHECK-LABEL: func @parallel_reductions
// CHECK: %[[MU:.*]] = tg.kernel(%arg0, %arg1) {name = "r_4_8_8"}
// CHECK: tg.kernel(%arg0, %[[MU]]) {name = "r_4_8"}
// CHECK-NOT: tg.kernel
func.func @parallel_reductions(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %a = tg.reduce add %x [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %b = tg.reduce add %y [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  %mu = tg.add %a, %b : tensor<4x1xf32>
  %m1 = tg.const -1.0 : tensor<4x1xf32>
  %n = tg.mul %mu, %m1 : tensor<4x1xf32>
  %e = tg.expand %n : tensor<4x1xf32> to tensor<4x8xf32>
  %d = tg.add %x, %e : tensor<4x8xf32>
  %s = tg.reduce add %d [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  return %s : tensor<4x1xf32>
}

// -----

// An assignment whose kernel reads the target only where it writes it is
// computed in place.
// CHECK-LABEL: func @assign_in_place
// CHECK: %[[K:.*]] = tg.kernel(%arg0, %arg1) {inplace = array<i64: 0>, name = "E_4_4"}
// CHECK: tg.sub
// CHECK-NOT: tg.kernel
// CHECK: return %[[K]]
func.func @assign_in_place(%w: tensor<4x4xf32>, %g: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = tg.const 0.1 : tensor<4x4xf32>
  %s = tg.mul %g, %c : tensor<4x4xf32>
  %v = tg.sub %w, %s : tensor<4x4xf32>
  %n = tg.assign %w, %v : tensor<4x4xf32>
  return %n : tensor<4x4xf32>
}

// -----

// An in-place kernel runs where its assignment was: after the kernels that
// read the old target.
// CHECK-LABEL: func @assign_after_readers
// CHECK: %[[R:.*]] = tg.kernel(%arg0) {name = "E_4n1"}
// CHECK: %[[A:.*]] = tg.kernel(%arg0, %arg1) {inplace = array<i64: 0>, name = "E_4"}
// CHECK-NOT: tg.kernel
// CHECK: return %[[A]], %[[R]]
func.func @assign_after_readers(%w: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %v = tg.sub %w, %g : tensor<4xf32>
  %r = tg.add %w, %w : tensor<4xf32>
  %a = tg.assign %w, %v : tensor<4xf32>
  return %a, %r : tensor<4xf32>, tensor<4xf32>
}

// -----

// One that reads the target elsewhere (w + w.T) computes the value into a
// buffer of its own, then copies it.
// CHECK-LABEL: func @assign_transposed
// CHECK: %[[V:.*]] = tg.kernel(%arg0) {name = "E_4_4"}
// CHECK: tg.permute
// CHECK: %[[K:.*]] = tg.kernel(%arg0, %[[V]]) {inplace = array<i64: 0>, name = "E_4_4n1"}
// CHECK-NEXT: ^bb0(%[[T:.*]]: tensor<4x4xf32>, %[[SRC:.*]]: tensor<4x4xf32>):
// CHECK-NEXT: tg.yield %[[SRC]]
// CHECK-NOT: tg.kernel
// CHECK: return %[[K]]
func.func @assign_transposed(%w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %t = tg.permute %w [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %v = tg.add %w, %t : tensor<4x4xf32>
  %n = tg.assign %w, %v : tensor<4x4xf32>
  return %n : tensor<4x4xf32>
}

// -----

// So does one whose kernel reduces the target (w - sum(w)).
// CHECK-LABEL: func @assign_reads_sum
// CHECK: %[[V:.*]] = tg.kernel(%arg0) {name = "r_4_4"}
// CHECK: tg.kernel(%arg0, %[[V]]) {inplace = array<i64: 0>, name = "E_4"}
// CHECK-NOT: tg.kernel
func.func @assign_reads_sum(%w: tensor<4xf32>) -> tensor<4xf32> {
  %s = tg.reduce add %w [0] : tensor<4xf32> -> tensor<1xf32>
  %e = tg.expand %s : tensor<1xf32> to tensor<4xf32>
  %v = tg.sub %w, %e : tensor<4xf32>
  %n = tg.assign %w, %v : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// And one whose value is used elsewhere too.
// CHECK-LABEL: func @assign_value_also_returned
// CHECK: %[[V:.*]] = tg.kernel(%arg0, %arg1) {name = "E_4"}
// CHECK: %[[K:.*]] = tg.kernel(%arg0, %[[V]]) {inplace = array<i64: 0>, name = "E_4n1"}
// CHECK-NOT: tg.kernel
// CHECK: return %[[K]], %[[V]]
func.func @assign_value_also_returned(%w: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %v = tg.add %w, %g : tensor<4xf32>
  %n = tg.assign %w, %v : tensor<4xf32>
  return %n, %v : tensor<4xf32>, tensor<4xf32>
}

// -----

// Assigning a buffer (tinygrad's clone) is a copy kernel.
// CHECK-LABEL: func @assign_buffer
// CHECK: %[[K:.*]] = tg.kernel(%arg0, %arg1) {inplace = array<i64: 0>, name = "E_4"}
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<4xf32>, %[[SRC:.*]]: tensor<4xf32>):
// CHECK-NEXT: tg.yield %[[SRC]]
// CHECK-NOT: tg.kernel
// CHECK: return %[[K]]
func.func @assign_buffer(%dst: tensor<4xf32>, %src: tensor<4xf32>) -> tensor<4xf32> {
  %n = tg.assign %dst, %src : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// Assignments that write nothing need no kernel: the value the previous
// assignment wrote, a buffer into itself, an empty tensor.
// CHECK-LABEL: func @assign_twice
// CHECK-COUNT-1: tg.kernel
// CHECK-NOT: tg.kernel
// CHECK-NOT: tg.assign
func.func @assign_twice(%dst: tensor<4xf32>, %src: tensor<4xf32>) -> tensor<4xf32> {
  %a = tg.assign %dst, %src : tensor<4xf32>
  %b = tg.assign %a, %src : tensor<4xf32>
  return %b : tensor<4xf32>
}

// CHECK-LABEL: func @assign_self
// CHECK-NEXT: return %arg0
func.func @assign_self(%dst: tensor<4xf32>) -> tensor<4xf32> {
  %a = tg.assign %dst, %dst : tensor<4xf32>
  return %a : tensor<4xf32>
}

// CHECK-LABEL: func @assign_empty
// CHECK-NEXT: return %arg0
func.func @assign_empty(%x: tensor<0xf32>, %y: tensor<0xf32>) -> tensor<0xf32> {
  %c = tg.const 1.0 : tensor<0xf32>
  %v = tg.add %y, %c : tensor<0xf32>
  %a = tg.assign %x, %v : tensor<0xf32>
  return %a : tensor<0xf32>
}

// -----

// tg.contiguous of a buffer is that buffer.
// CHECK-LABEL: func @contiguous_of_buffer
// CHECK-NEXT: return %arg0
func.func @contiguous_of_buffer(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = tg.contiguous %x : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// A result with no elements needs no kernel; an empty view inside a kernel
// stays where it is.
// CHECK-LABEL: func @zero_size
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<2x0xf32>
// CHECK-NEXT: %[[K:.*]] = tg.kernel(%arg1) {name = "E_3"}
// CHECK: tg.shrink
// CHECK: tg.pad
// CHECK-NOT: tg.kernel
// CHECK: return %[[E]], %[[K]]
func.func @zero_size(%x: tensor<2x0xf32>, %z: tensor<3xf32>) -> (tensor<2x0xf32>, tensor<3xf32>) {
  %c = tg.const 1.0 : tensor<2x0xf32>
  %y = tg.add %x, %c : tensor<2x0xf32>
  %s = tg.shrink %z begin [0] end [0] : tensor<3xf32> -> tensor<0xf32>
  %p = tg.pad %s low [1] high [2] : tensor<0xf32> -> tensor<3xf32>
  %w = tg.add %z, %p : tensor<3xf32>
  return %y, %w : tensor<2x0xf32>, tensor<3xf32>
}
