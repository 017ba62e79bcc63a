// RUN: tg-opt %s --tg-gpu-choose-launch | FileCheck %s

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>

// A long reduction into few outputs: a workgroup of 128 threads per output.
// CHECK-LABEL: func.func private @long_rows
//  CHECK-SAME:   tg.launch = #tg.launch<threads = 128, group_reduce = true>
func.func private @long_rows(%a: memref<4x4096xf32>, %out: memref<4xf32>) attributes {tg.kernel} {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x4096xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %o, %x : f32
    linalg.yield %y : f32
  }
  return
}

// A short reduction: one thread per output, as many threads as outputs.
// CHECK-LABEL: func.func private @short_rows
//  CHECK-SAME:   tg.launch = #tg.launch<threads = 2, group_reduce = false>
func.func private @short_rows(%a: memref<2x4xi32>, %out: memref<2xi32>) attributes {tg.kernel} {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<2x4xi32>) outs(%out : memref<2xi32>) {
  ^bb0(%x: i32, %o: i32):
    %y = arith.maxsi %o, %x : i32
    linalg.yield %y : i32
  }
  return
}

// Narrow elements are not shared by a workgroup.
// CHECK-LABEL: func.func private @narrow
//  CHECK-SAME:   tg.launch = #tg.launch<threads = 4, group_reduce = false>
func.func private @narrow(%a: memref<4x4096xi8>, %out: memref<4xi8>) attributes {tg.kernel} {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x4096xi8>) outs(%out : memref<4xi8>) {
  ^bb0(%x: i8, %o: i8):
    %y = arith.addi %o, %x : i8
    linalg.yield %y : i8
  }
  return
}

// Elementwise: 256 threads per workgroup.
// CHECK-LABEL: func.func private @elementwise
//  CHECK-SAME:   tg.launch = #tg.launch<threads = 256, group_reduce = false>
func.func private @elementwise(%a: memref<4x4096xf32>, %out: memref<4x4096xf32>) attributes {tg.kernel} {
  linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x4096xf32>) outs(%out : memref<4x4096xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  }
  return
}

// A choice made before (a search, a test) is kept.
// CHECK-LABEL: func.func private @chosen
//  CHECK-SAME:   tg.launch = #tg.launch<threads = 64, group_reduce = false>
func.func private @chosen(%a: memref<4x4096xf32>, %out: memref<4x4096xf32>) attributes {tg.kernel, tg.launch = #tg.launch<threads = 64, group_reduce = false>} {
  linalg.copy ins(%a : memref<4x4096xf32>) outs(%out : memref<4x4096xf32>)
  return
}

// Functions that are not kernels get nothing.
// CHECK-LABEL: func.func @host
//   CHECK-NOT:   tg.launch
func.func @host() {
  return
}
