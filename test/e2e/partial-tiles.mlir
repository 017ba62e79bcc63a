// Tiles that do not divide their loops (6 rows of 20, 2 batches of 5, as
// tg-cpu-choose-opts gives a matmul 6 rows): tg-cpu-apply-opts peels the
// last, partial tile of each loop, so the whole tiles, the partial ones and
// the partial tiles of both loops each vectorize with static shapes, the
// bias added to each; the results agree with the unoptimized kernel's.
//
// RUN: env NOOPT=1 tg-run %s --random --output=%t.noopt
// RUN: env DEBUG=4 tg-run %s --random --output=%t.peeled \
// RUN:   --kernel-opts='r_5_20_64_32=#tg.opts<split = -1, vectorize = true, tile = [2, 6, 64, 1]>' \
// RUN:   2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_close.py %t.noopt %t.peeled | FileCheck %s --check-prefix=CLOSE
//
// CHECK-NOT: applied #tg.opts
// CHECK: IR Dump After TGCPUApplyOpts
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c2
// CHECK:   scf.for %{{.*}} = %c0 to %c18 step %c6
// CHECK:     vector.contract {{.*}} into vector<2x6x64xf32>
// CHECK:     arith.addf {{.*}} : vector<2x6x64xf32>
// CHECK:   vector.contract {{.*}} into vector<2x2x64xf32>
// CHECK:   arith.addf {{.*}} : vector<2x2x64xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c18 step %c6
// CHECK:   vector.contract {{.*}} into vector<6x64xf32>
// CHECK:   arith.addf {{.*}} : vector<6x64xf32>
// CHECK: vector.contract {{.*}} into vector<2x64xf32>
// CHECK: arith.addf {{.*}} : vector<2x64xf32>
// CHECK-NOT: linalg.generic
// CHECK: IR Dump After
// CLOSE: 6400 elements close

// x·w + b over a batch of 5 matrices of 20 rows.
func.func @main(%x: tensor<5x20x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<5x20x64xf32> {
  %0 = tg.reshape %x : tensor<5x20x32xf32> to tensor<5x20x1x32xf32>
  %1 = tg.expand %0 : tensor<5x20x1x32xf32> to tensor<5x20x64x32xf32>
  %2 = tg.permute %w [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  %3 = tg.reshape %2 : tensor<64x32xf32> to tensor<1x1x64x32xf32>
  %4 = tg.expand %3 : tensor<1x1x64x32xf32> to tensor<5x20x64x32xf32>
  %5 = tg.mul %1, %4 : tensor<5x20x64x32xf32>
  %6 = tg.reduce add %5 [3] : tensor<5x20x64x32xf32> -> tensor<5x20x64x1xf32>
  %7 = tg.reshape %6 : tensor<5x20x64x1xf32> to tensor<5x20x64xf32>
  %8 = tg.reshape %b : tensor<64xf32> to tensor<1x1x64xf32>
  %9 = tg.expand %8 : tensor<1x1x64xf32> to tensor<5x20x64xf32>
  %10 = tg.add %7, %9 : tensor<5x20x64xf32>
  return %10 : tensor<5x20x64xf32>
}
