// RUN: tg-opt %s --tg-gpu-map-kernels --canonicalize --split-input-file --verify-diagnostics | FileCheck %s

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>

// One workgroup per output: strided partial sums, halving in workgroup
// memory with barriers (64 → 32 → ... → 1: six steps), thread 0 writes.
// CHECK-LABEL: func.func @host
//       CHECK:   gpu.launch_func @tg_kernels::@rows blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(
// CHECK-LABEL: gpu.func @rows
//  CHECK-SAME:     workgroup(%[[W:.*]] : memref<64xf32, 3>) kernel
//  CHECK-SAME:     known_block_size = array<i32: 64, 1, 1>
//       CHECK:   %[[T:.*]] = gpu.thread_id x
//       CHECK:   scf.for %{{.*}} = %[[T]] to %c4096 step %c64 iter_args(%{{.*}} = %cst{{.*}}) -> (f32)
//       CHECK:   memref.store %{{.*}}, %[[W]][%[[T]]]
// CHECK-COUNT-7:   gpu.barrier
//       CHECK:   scf.if
//       CHECK:     memref.load %[[W]][%c0]
//       CHECK:     memref.store
module {
  func.func @host(%a: memref<4x4096xf32>, %out: memref<4xf32>) {
    call @rows(%a, %out) : (memref<4x4096xf32>, memref<4xf32>) -> ()
    return
  }
  func.func private @rows(%a: memref<4x4096xf32>, %out: memref<4xf32>) attributes {tg.kernel, tg.launch = #tg.launch<threads = 64, group_reduce = true>} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%out : memref<4xf32>)
    linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
        ins(%a : memref<4x4096xf32>) outs(%out : memref<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.addf %o, %x : f32
      linalg.yield %y : f32
    }
    return
  }
}

// -----

// One thread per output; the reduction loop carries the accumulator, which
// starts at the fill's value; the output is stored once, after the loop.
// CHECK-LABEL: gpu.func @short
//       CHECK:   scf.if
//       CHECK:     %[[SUM:.*]] = scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(%{{.*}} = %cst) -> (f32)
//       CHECK:     memref.store %[[SUM]]
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
module {
  func.func @host(%a: memref<2x4xf32>, %out: memref<2xf32>) {
    call @short(%a, %out) : (memref<2x4xf32>, memref<2xf32>) -> ()
    return
  }
  func.func private @short(%a: memref<2x4xf32>, %out: memref<2xf32>) attributes {tg.kernel, tg.launch = #tg.launch<threads = 2, group_reduce = false>} {
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
}

// -----

// More than 65535 workgroups: a second grid row (65537 = 65535 + 2).
// CHECK-LABEL: func.func @host
//       CHECK:   gpu.launch_func @tg_kernels::@big blocks in (%c65535, %c2, %c1) threads in (%c256, %c1, %c1)
// CHECK-LABEL: gpu.func @big
//       CHECK:   %[[Y:.*]] = gpu.block_id y
//       CHECK:   arith.muli %[[Y]], %c65535
#id = affine_map<(d0) -> (d0)>
module {
  func.func @host(%a: memref<16777472xf32>, %out: memref<16777472xf32>) {
    call @big(%a, %out) : (memref<16777472xf32>, memref<16777472xf32>) -> ()
    return
  }
  func.func private @big(%a: memref<16777472xf32>, %out: memref<16777472xf32>) attributes {tg.kernel, tg.launch = #tg.launch<threads = 256, group_reduce = false>} {
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<16777472xf32>) outs(%out : memref<16777472xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.negf %x : f32
      linalg.yield %y : f32
    }
    return
  }
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
module {
  func.func @host(%a: memref<2x4xf32>, %out: memref<2xf32>) {
    call @notcombined(%a, %out) : (memref<2x4xf32>, memref<2xf32>) -> ()
    return
  }
  // expected-error @below {{group_reduce needs a reduction that combines its one output with one value}}
  func.func private @notcombined(%a: memref<2x4xf32>, %out: memref<2xf32>) attributes {tg.kernel, tg.launch = #tg.launch<threads = 2, group_reduce = true>} {
    linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
        ins(%a : memref<2x4xf32>) outs(%out : memref<2xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %o, %o : f32
      %z = arith.addf %y, %x : f32
      linalg.yield %z : f32
    }
    return
  }
}

// -----

module {
  // expected-error @below {{kernel without #tg.launch; run tg-gpu-choose-launch first}}
  func.func private @unchosen(%a: memref<2xf32>, %out: memref<2xf32>) attributes {tg.kernel} {
    linalg.copy ins(%a : memref<2xf32>) outs(%out : memref<2xf32>)
    return
  }
}
