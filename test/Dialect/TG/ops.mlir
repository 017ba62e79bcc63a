// Every tg op parses, prints and parses again, in the custom and the generic
// form, and the two prints agree.
// RUN: tg-opt %s | tg-opt | FileCheck %s
// RUN: tg-opt %s --mlir-print-op-generic | tg-opt | FileCheck %s

// CHECK-LABEL: func @unary
func.func @unary(%x: tensor<4xf32>, %h: f16, %i: i32, %n: index) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, f16, i32, index, tensor<4xf32>) {
  // CHECK: tg.exp2 %{{.*}} : tensor<4xf32>
  %0 = tg.exp2 %x : tensor<4xf32>
  // CHECK: tg.log2 %{{.*}} : tensor<4xf32>
  %1 = tg.log2 %x : tensor<4xf32>
  // CHECK: tg.sin %{{.*}} : tensor<4xf32>
  %2 = tg.sin %x : tensor<4xf32>
  // CHECK: tg.sqrt %{{.*}} : tensor<4xf32>
  %3 = tg.sqrt %x : tensor<4xf32>
  // CHECK: tg.reciprocal %{{.*}} : tensor<4xf32>
  %4 = tg.reciprocal %x : tensor<4xf32>
  // CHECK: tg.neg %{{.*}} : f16
  %5 = tg.neg %h : f16
  // CHECK: tg.neg %{{.*}} : i32
  %6 = tg.neg %i : i32
  // CHECK: tg.neg %{{.*}} : index
  %7 = tg.neg %n : index
  // CHECK: tg.trunc %{{.*}} : tensor<4xf32>
  %8 = tg.trunc %x : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, f16, i32, index, tensor<4xf32>
}

// CHECK-LABEL: func @binary_arith
func.func @binary_arith(%a: tensor<2x3xbf16>, %b: tensor<2x3xbf16>, %i: i64, %j: i64, %u: tensor<3xui16>, %v: tensor<3xui16>) {
  // CHECK: tg.add %{{.*}}, %{{.*}} : tensor<2x3xbf16>
  %0 = tg.add %a, %b : tensor<2x3xbf16>
  // CHECK: tg.sub %{{.*}}, %{{.*}} : tensor<2x3xbf16>
  %1 = tg.sub %a, %b : tensor<2x3xbf16>
  // CHECK: tg.mul %{{.*}}, %{{.*}} : i64
  %2 = tg.mul %i, %j : i64
  // CHECK: tg.fdiv %{{.*}}, %{{.*}} : tensor<2x3xbf16>
  %3 = tg.fdiv %a, %b : tensor<2x3xbf16>
  // CHECK: tg.cdiv %{{.*}}, %{{.*}} : i64
  %4 = tg.cdiv %i, %j : i64
  // CHECK: tg.cmod %{{.*}}, %{{.*}} : tensor<3xui16>
  %5 = tg.cmod %u, %v : tensor<3xui16>
  // CHECK: tg.floordiv %{{.*}}, %{{.*}} : i64
  %6 = tg.floordiv %i, %j : i64
  // CHECK: tg.floormod %{{.*}}, %{{.*}} : i64
  %7 = tg.floormod %i, %j : i64
  // CHECK: tg.max %{{.*}}, %{{.*}} : tensor<2x3xbf16>
  %8 = tg.max %a, %b : tensor<2x3xbf16>
  // CHECK: tg.pow %{{.*}}, %{{.*}} : tensor<2x3xbf16>
  %9 = tg.pow %a, %b : tensor<2x3xbf16>
  return
}

// CHECK-LABEL: func @binary_bits
func.func @binary_bits(%i: tensor<8xi8>, %j: tensor<8xi8>, %p: i1, %q: i1, %x: ui64, %k: ui64) {
  // CHECK: tg.shl %{{.*}}, %{{.*}} : tensor<8xi8>
  %0 = tg.shl %i, %j : tensor<8xi8>
  // CHECK: tg.shr %{{.*}}, %{{.*}} : tensor<8xi8>
  %1 = tg.shr %i, %j : tensor<8xi8>
  // CHECK: tg.and %{{.*}}, %{{.*}} : tensor<8xi8>
  %2 = tg.and %i, %j : tensor<8xi8>
  // CHECK: tg.or %{{.*}}, %{{.*}} : i1
  %3 = tg.or %p, %q : i1
  // CHECK: tg.xor %{{.*}}, %{{.*}} : i1
  %4 = tg.xor %p, %q : i1
  // CHECK: tg.threefry %{{.*}}, %{{.*}} : ui64
  %5 = tg.threefry %x, %k : ui64
  // CHECK: tg.max %{{.*}}, %{{.*}} : i1
  %6 = tg.max %p, %q : i1
  return
}

// CHECK-LABEL: func @compare
func.func @compare(%a: tensor<5xf64>, %b: tensor<5xf64>, %n: index, %m: index) -> (tensor<5xi1>, i1, tensor<5xi1>) {
  // CHECK: tg.cmplt %{{.*}}, %{{.*}} : tensor<5xf64>
  %0 = tg.cmplt %a, %b : tensor<5xf64>
  // CHECK: tg.cmpne %{{.*}}, %{{.*}} : index
  %1 = tg.cmpne %n, %m : index
  // CHECK: tg.cmpeq %{{.*}}, %{{.*}} : tensor<5xf64>
  %2 = tg.cmpeq %a, %b : tensor<5xf64>
  return %0, %1, %2 : tensor<5xi1>, i1, tensor<5xi1>
}

// CHECK-LABEL: func @ternary
func.func @ternary(%c: tensor<2xi1>, %a: tensor<2xi32>, %b: tensor<2xi32>, %s: i1, %x: f32) -> (tensor<2xi32>, f32, tensor<2xi32>) {
  // CHECK: tg.where %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xi32>
  %0 = tg.where %c, %a, %b : tensor<2xi32>
  // CHECK: tg.where %{{.*}}, %{{.*}}, %{{.*}} : f32
  %1 = tg.where %s, %x, %x : f32
  // CHECK: tg.mulacc %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xi32>
  %2 = tg.mulacc %a, %b, %a : tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, f32, tensor<2xi32>
}

// CHECK-LABEL: func @casts
func.func @casts(%x: tensor<4xf32>, %n: index, %b: tensor<4xi1>) -> (tensor<4xi32>, i32, tensor<4xui32>, tensor<4xf16>) {
  // CHECK: tg.cast %{{.*}} : tensor<4xf32> to tensor<4xi32>
  %0 = tg.cast %x : tensor<4xf32> to tensor<4xi32>
  // CHECK: tg.cast %{{.*}} : index to i32
  %1 = tg.cast %n : index to i32
  // CHECK: tg.bitcast %{{.*}} : tensor<4xf32> to tensor<4xui32>
  %2 = tg.bitcast %x : tensor<4xf32> to tensor<4xui32>
  // CHECK: tg.cast %{{.*}} : tensor<4xi1> to tensor<4xf16>
  %3 = tg.cast %b : tensor<4xi1> to tensor<4xf16>
  return %0, %1, %2, %3 : tensor<4xi32>, i32, tensor<4xui32>, tensor<4xf16>
}

// CHECK-LABEL: func @constants
func.func @constants() {
  // CHECK: tg.const 1.500000e+00 : tensor<2x3xf32>
  %0 = tg.const 1.5 : tensor<2x3xf32>
  // CHECK: tg.const 0x7FC00000 : f32
  %1 = tg.const 0x7FC00000 : f32
  // CHECK: tg.const 0xFF800000 : f32
  %2 = tg.const 0xFF800000 : f32
  // CHECK: tg.const -0.000000e+00 : f32
  %3 = tg.const -0.0 : f32
  // CHECK: tg.const 9.994500e-04 : bf16
  %4 = tg.const 1.0e-3 : bf16
  // CHECK: tg.const 3.000000e+00 : f16
  %5 = tg.const 3 : f16
  // CHECK: tg.const -128 : tensor<7xi8>
  %6 = tg.const -128 : tensor<7xi8>
  // CHECK: tg.const 255 : ui8
  %7 = tg.const 255 : ui8
  // CHECK: tg.const 18446744073709551615 : ui64
  %8 = tg.const 18446744073709551615 : ui64
  // CHECK: tg.const -9223372036854775808 : index
  %9 = tg.const -9223372036854775808 : index
  // CHECK: tg.const true : tensor<1xi1>
  %10 = tg.const true : tensor<1xi1>
  // CHECK: tg.const false : i1
  %11 = tg.const 0 : i1
  // CHECK: tg.const 0.000000e+00 : tensor<0xf32>
  %12 = tg.const 0.0 : tensor<0xf32>
  return
}

// CHECK-LABEL: func @movement
func.func @movement(%x: tensor<2x3x4xf32>, %y: tensor<1x3xi32>, %e: tensor<0x5xf16>) {
  // CHECK: tg.reshape %{{.*}} : tensor<2x3x4xf32> to tensor<6x4xf32>
  %0 = tg.reshape %x : tensor<2x3x4xf32> to tensor<6x4xf32>
  // CHECK: tg.permute %{{.*}} [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %1 = tg.permute %x [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  // CHECK: tg.expand %{{.*}} : tensor<1x3xi32> to tensor<5x3xi32>
  %2 = tg.expand %y : tensor<1x3xi32> to tensor<5x3xi32>
  // CHECK: tg.pad %{{.*}} low [1, 0, 2] high [0, 0, 1] : tensor<2x3x4xf32> -> tensor<3x3x7xf32>
  %3 = tg.pad %x low [1, 0, 2] high [0, 0, 1] : tensor<2x3x4xf32> -> tensor<3x3x7xf32>
  // CHECK: tg.shrink %{{.*}} begin [0, 1, 1] end [2, 3, 3] : tensor<2x3x4xf32> -> tensor<2x2x2xf32>
  %4 = tg.shrink %x begin [0, 1, 1] end [2, 3, 3] : tensor<2x3x4xf32> -> tensor<2x2x2xf32>
  // CHECK: tg.flip %{{.*}} [0, 2] : tensor<2x3x4xf32>
  %5 = tg.flip %x [0, 2] : tensor<2x3x4xf32>
  // CHECK: tg.reshape %{{.*}} : tensor<0x5xf16> to tensor<5x0xf16>
  %6 = tg.reshape %e : tensor<0x5xf16> to tensor<5x0xf16>
  return
}

// CHECK-LABEL: func @reduce
func.func @reduce(%x: tensor<2x3x4xf32>, %b: tensor<8xi1>, %i: tensor<4xui8>) {
  // CHECK: tg.reduce add %{{.*}} [1] : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %0 = tg.reduce add %x [1] : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  // CHECK: tg.reduce mul %{{.*}} [0, 2] : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
  %1 = tg.reduce mul %x [0, 2] : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
  // CHECK: tg.reduce max %{{.*}} [0] : tensor<8xi1> -> tensor<1xi1>
  %2 = tg.reduce max %b [0] : tensor<8xi1> -> tensor<1xi1>
  // CHECK: tg.reduce max %{{.*}} [0] : tensor<4xui8> -> tensor<1xui8>
  %3 = tg.reduce max %i [0] : tensor<4xui8> -> tensor<1xui8>
  return
}

// CHECK-LABEL: func @scheduling
func.func @scheduling(%x: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: tg.contiguous %{{.*}} : tensor<4xf32>
  %0 = tg.contiguous %x : tensor<4xf32>
  // CHECK: tg.contiguous_backward %{{.*}} : tensor<4xf32>
  %1 = tg.contiguous_backward %0 : tensor<4xf32>
  // CHECK: tg.detach %{{.*}} : tensor<4xf32>
  %2 = tg.detach %1 : tensor<4xf32>
  // CHECK: tg.copy %{{.*}} to "VULKAN:1" : tensor<4xf32>
  %3 = tg.copy %2 to "VULKAN:1" : tensor<4xf32>
  // CHECK: tg.assign %{{.*}}, %{{.*}} : tensor<4xf32>
  %4 = tg.assign %w, %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}

// CHECK-LABEL: func @kernel
func.func @kernel(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<1xf32>) {
  // CHECK: tg.kernel(%{{.*}}, %{{.*}}) {inplace = array<i64: 0, -1>, name = "E_4"} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<1xf32>) {
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<4xf32>, %{{.*}}: tensor<4xf32>):
  // CHECK: tg.yield %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<1xf32>
  %0:2 = tg.kernel(%a, %b) {name = "E_4", inplace = array<i64: 0, -1>} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<1xf32>) {
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %s = tg.add %x, %y : tensor<4xf32>
    %r = tg.reduce add %s [0] : tensor<4xf32> -> tensor<1xf32>
    tg.yield %s, %r : tensor<4xf32>, tensor<1xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<1xf32>
}

// CHECK-LABEL: func @kernel_without_inputs
func.func @kernel_without_inputs() -> tensor<3xi32> {
  // CHECK: tg.kernel : () -> tensor<3xi32> {
  %0 = tg.kernel : () -> tensor<3xi32> {
    %c = tg.const 7 : tensor<3xi32>
    tg.yield %c : tensor<3xi32>
  }
  return %0 : tensor<3xi32>
}

// CHECK-LABEL: func @variable
// CHECK-SAME: index {tg.range = array<i64: 3, 8>}
func.func @variable(%a: index {tg.range = array<i64: 3, 8>}) -> index {
  return %a : index
}

// Arguments and results may be named for tg-compile's header.
// CHECK-LABEL: func @named
// CHECK-SAME: (%{{.*}}: tensor<2xf32> {tg.name = "image"}) -> (tensor<2xf32> {tg.name = "logits"})
func.func @named(%x: tensor<2xf32> {tg.name = "image"}) -> (tensor<2xf32> {tg.name = "logits"}) {
  return %x : tensor<2xf32>
}

// A kernel argument whose border holds zeros (a padded gradient).
// CHECK-LABEL: func @bordered
// CHECK-SAME: (%{{.*}}: memref<2x8x8xf32> {tg.zero_border = #tg.zero_border<low = [0, 2, 2], high = [0, 2, 2]>})
func.func @bordered(%x: memref<2x8x8xf32> {tg.zero_border = #tg.zero_border<low = [0, 2, 2], high = [0, 2, 2]>}) {
  return
}

// The largest sizes the verifier accepts: 2^61 - 1 float32 elements, whose
// byte size is just below 2^63.
// CHECK-LABEL: func @largest
func.func @largest(%x: tensor<2305843009213693951xf32>) -> tensor<2305843009213693951xf32> {
  // CHECK: tg.neg %{{.*}} : tensor<2305843009213693951xf32>
  %0 = tg.neg %x : tensor<2305843009213693951xf32>
  return %0 : tensor<2305843009213693951xf32>
}
