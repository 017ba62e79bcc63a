// RUN: tg-opt %s --tg-gpu-split-stages --split-input-file | FileCheck %s

// A kernel of two stages (a scratch buffer, then a flip of it) becomes two
// kernels; the host allocates the scratch and launches them in order.
// CHECK-LABEL: func.func @host
//  CHECK-SAME: (%[[A:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>)
//       CHECK:   %[[S:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   call @ks0(%[[A]], %[[OUT]], %[[S]])
//       CHECK:   call @ks1(%[[A]], %[[OUT]], %[[S]])
//   CHECK-NOT:   call @k(
// CHECK-LABEL: func.func private @ks0
//  CHECK-SAME:     attributes {tg.kernel}
//       CHECK:   arith.addf
//   CHECK-NOT:   linalg.generic
// CHECK-LABEL: func.func private @ks1
//   CHECK-NOT:   arith.addf
//       CHECK:   linalg.generic
//   CHECK-NOT:   func.func private @k(
#id = affine_map<(d0) -> (d0)>
#flip = affine_map<(d0) -> (3 - d0)>
func.func @host(%a: memref<4xf32>, %out: memref<4xf32>) {
  call @k(%a, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
func.func private @k(%a: memref<4xf32>, %out: memref<4xf32>) attributes {tg.kernel} {
  %s = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  }
  linalg.generic {indexing_maps = [#flip, #id], iterator_types = ["parallel"]}
      ins(%s : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A reduction and the fill of its initial value are one stage: unchanged.
// CHECK-LABEL: func.func @host
//       CHECK:   call @r(
// CHECK-LABEL: func.func private @r
//       CHECK:   linalg.fill
//       CHECK:   linalg.generic
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @host(%a: memref<2x4xf32>, %out: memref<2xf32>) {
  call @r(%a, %out) : (memref<2x4xf32>, memref<2xf32>) -> ()
  return
}
func.func private @r(%a: memref<2x4xf32>, %out: memref<2xf32>) attributes {tg.kernel} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<2xf32>)
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<2x4xf32>) outs(%out : memref<2xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %o, %x : f32
    linalg.yield %y : f32
  }
  return
}

// -----

// A memref.copy stage becomes a linalg.copy.
// CHECK-LABEL: func.func private @c
//       CHECK:   linalg.copy ins(%{{.*}} : memref<4xf32>) outs(%{{.*}} : memref<4xf32>)
//   CHECK-NOT:   memref.copy
func.func @host(%a: memref<4xf32>, %out: memref<4xf32>) {
  call @c(%a, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
func.func private @c(%a: memref<4xf32>, %out: memref<4xf32>) attributes {tg.kernel} {
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  return
}
