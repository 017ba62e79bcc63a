// RUN: tg-opt %s -split-input-file --tg-to-linalg --mlir-print-local-scope | FileCheck %s

// A pad that a reduction reads becomes a stage of its own: a padded copy
// inside the kernel (tensor.empty + a generic with the masked read), which
// the reduction then reads at affine indices. A pad only read elementwise
// stays a masked read (tensor.extract + tg.where) in the stage that uses it.

// exp2 of a padded vector, summed: the pad is a stage; the reduction reads
// the stage at the identity and applies exp2 itself.
// CHECK-LABEL: func.func private @k_sum_padded(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<6xf32>, %[[OUT:[a-z0-9]+]]: tensor<1xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0.000000e+00 : f32
// CHECK-DAG:     %[[C0:.+]] = tg.const 0 : index
// CHECK-DAG:     %[[C7:.+]] = tg.const 7 : index
// CHECK-DAG:     %[[C1:.+]] = tg.const 1 : index
// CHECK:         %[[PEMPTY:.+]] = tensor.empty() : tensor<8xf32>
// CHECK:         %[[PADDED:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>]
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      outs(%[[PEMPTY]] : tensor<8xf32>)
// CHECK:           %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG:       tg.cmplt %[[I]], %[[C1]] : index
// CHECK-DAG:       %[[HIGH:.+]] = tg.cmplt %[[I]], %[[C7]] : index
// CHECK:           %[[VALID:.+]] = tg.and %{{.+}}, %[[HIGH]] : i1
// CHECK:           %[[IDX:.+]] = tg.where %[[VALID]], %{{.+}}, %[[C0]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[IDX]]] : tensor<6xf32>
// CHECK:           %[[M:.+]] = tg.where %[[VALID]], %[[V]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[OUT]] : tensor<1xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>]
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[PADDED]] : tensor<8xf32>) outs(%[[INIT]] : tensor<1xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[E:.+]] = tg.exp2 %[[IN]] : f32
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[ACC]], %[[E]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[R]] : tensor<1xf32>
func.func @sum_padded(%x: tensor<6xf32>) -> tensor<1xf32> {
  %0 = tg.kernel(%x) {name = "k_sum_padded"} : (tensor<6xf32>) -> tensor<1xf32> {
  ^bb0(%a: tensor<6xf32>):
    %p = tg.pad %a low [1] high [1] : tensor<6xf32> -> tensor<8xf32>
    %q = tg.exp2 %p : tensor<8xf32>
    %r = tg.reduce add %q [0] : tensor<8xf32> -> tensor<1xf32>
    tg.yield %r : tensor<1xf32>
  }
  return %0 : tensor<1xf32>
}

// -----

// A 1-D convolution the way tinygrad builds its windows: pad x by 1, repeat
// it 3 times, pad the flat repetition to 3 * 9 and view it as [3, 9], keep
// [3, 6] and transpose: window[y, k] = xp[y + k]. Both pads are read by the
// reduction, so both are stages. The reduction then reads the second stage
// at the affine index 9k + y and w at k: a contraction over k, with both
// loops bounded by its operands (no domain input).
// CHECK-LABEL: func.func private @k_conv1d(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<6xf32>, %[[W:[a-z0-9]+]]: tensor<3xf32>, %[[OUT:[a-z0-9]+]]: tensor<6xf32>)
// CHECK-DAG:     %[[C8:.+]] = tg.const 8 : index
// CHECK-DAG:     %[[C24:.+]] = tg.const 24 : index
// CHECK-DAG:     %[[ZERO:.+]] = tg.const 0.000000e+00 : f32
// CHECK:         %[[E8:.+]] = tensor.empty() : tensor<8xf32>
// CHECK:         %[[XP:.+]] = linalg.generic
// CHECK-SAME:      outs(%[[E8]] : tensor<8xf32>)
// CHECK:           tensor.extract %[[X]][%{{.+}}] : tensor<6xf32>
// CHECK:         %[[E27:.+]] = tensor.empty() : tensor<27xf32>
// CHECK:         %[[WINDOWS:.+]] = linalg.generic
// CHECK-SAME:      outs(%[[E27]] : tensor<27xf32>)
// CHECK:           %[[I:.+]] = linalg.index 0 : index
// CHECK:           %[[VALID:.+]] = tg.cmplt %[[I]], %[[C24]] : index
// CHECK:           %[[CLAMPED:.+]] = tg.where %[[VALID]], %[[I]], %{{.+}} : index
// CHECK:           %[[MOD:.+]] = tg.floormod %[[CLAMPED]], %[[C8]] : index
// CHECK:           %[[V:.+]] = tensor.extract %[[XP]][%[[MOD]]] : tensor<8xf32>
// CHECK:           tg.where %[[VALID]], %[[V]], %[[ZERO]] : f32
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[OUT]] : tensor<6xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0, d1) -> (d1 * 9 + d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[WINDOWS]], %[[W]] : tensor<27xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<6xf32>)
// CHECK-NEXT:    ^bb0(%[[A:[a-z0-9_]+]]: f32, %[[B:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = tg.mul %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[S:.+]] = tg.add %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK-NOT:     tensor.extract
// CHECK:         return %[[R]] : tensor<6xf32>
func.func @conv1d(%x: tensor<6xf32>, %w: tensor<3xf32>) -> tensor<6xf32> {
  %0 = tg.kernel(%x, %w) {name = "k_conv1d"} : (tensor<6xf32>, tensor<3xf32>) -> tensor<6xf32> {
  ^bb0(%a: tensor<6xf32>, %b: tensor<3xf32>):
    %p = tg.pad %a low [1] high [1] : tensor<6xf32> -> tensor<8xf32>
    %r = tg.reshape %p : tensor<8xf32> to tensor<1x8xf32>
    %e = tg.expand %r : tensor<1x8xf32> to tensor<3x8xf32>
    %f = tg.reshape %e : tensor<3x8xf32> to tensor<24xf32>
    %g = tg.pad %f low [0] high [3] : tensor<24xf32> -> tensor<27xf32>
    %h = tg.reshape %g : tensor<27xf32> to tensor<3x9xf32>
    %s = tg.shrink %h begin [0, 0] end [3, 6] : tensor<3x9xf32> -> tensor<3x6xf32>
    %t = tg.permute %s [1, 0] : tensor<3x6xf32> -> tensor<6x3xf32>
    %wr = tg.reshape %b : tensor<3xf32> to tensor<1x3xf32>
    %we = tg.expand %wr : tensor<1x3xf32> to tensor<6x3xf32>
    %m = tg.mul %t, %we : tensor<6x3xf32>
    %red = tg.reduce add %m [1] : tensor<6x3xf32> -> tensor<6x1xf32>
    %o = tg.reshape %red : tensor<6x1xf32> to tensor<6xf32>
    tg.yield %o : tensor<6xf32>
  }
  return %0 : tensor<6xf32>
}

// -----

// A pad read by two reductions is one stage, read by both.
// CHECK-LABEL: func.func private @k_sum_and_max_padded(
// CHECK:         %[[PEMPTY:.+]] = tensor.empty() : tensor<5xf32>
// CHECK:         %[[PADDED:.+]] = linalg.generic
// CHECK-SAME:      outs(%[[PEMPTY]] : tensor<5xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[PADDED]] : tensor<5xf32>)
// CHECK:           tg.add
// CHECK:         %[[MAX:.+]] = linalg.generic
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[PADDED]] : tensor<5xf32>)
// CHECK:           tg.max
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      ins(%[[SUM]], %[[MAX]] : tensor<1xf32>, tensor<1xf32>)
// CHECK-NOT:     tensor.empty() : tensor<5xf32>
func.func @sum_and_max_padded(%x: tensor<3xf32>) -> tensor<1xf32> {
  %0 = tg.kernel(%x) {name = "k_sum_and_max_padded"} : (tensor<3xf32>) -> tensor<1xf32> {
  ^bb0(%a: tensor<3xf32>):
    %p = tg.pad %a low [1] high [1] : tensor<3xf32> -> tensor<5xf32>
    %s = tg.reduce add %p [0] : tensor<5xf32> -> tensor<1xf32>
    %m = tg.reduce max %p [0] : tensor<5xf32> -> tensor<1xf32>
    %r = tg.add %s, %m : tensor<1xf32>
    tg.yield %r : tensor<1xf32>
  }
  return %0 : tensor<1xf32>
}

// -----

// A pad only read elementwise is no stage: it stays a masked read.
// CHECK-LABEL: func.func private @k_exp_padded(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<6xf32>, %[[OUT:[a-z0-9]+]]: tensor<8xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (d0)>]
// CHECK-SAME:      outs(%[[OUT]] : tensor<8xf32>)
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%{{.+}}] : tensor<6xf32>
// CHECK:           %[[M:.+]] = tg.where %{{.+}}, %[[V]], %{{.+}} : f32
// CHECK:           %[[E:.+]] = tg.exp2 %[[M]] : f32
// CHECK:           linalg.yield %[[E]] : f32
// CHECK-NOT:     linalg.generic
func.func @exp_padded(%x: tensor<6xf32>) -> tensor<8xf32> {
  %0 = tg.kernel(%x) {name = "k_exp_padded"} : (tensor<6xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<6xf32>):
    %p = tg.pad %a low [1] high [1] : tensor<6xf32> -> tensor<8xf32>
    %q = tg.exp2 %p : tensor<8xf32>
    tg.yield %q : tensor<8xf32>
  }
  return %0 : tensor<8xf32>
}

// -----

// In a kernel with a reduction, a pad that only the output stage reads (not
// the reduction) is still a masked read, not a stage.
// CHECK-LABEL: func.func private @k_padded_plus_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<3xf32>, %[[Y:[a-z0-9]+]]: tensor<4xf32>, %[[OUT:[a-z0-9]+]]: tensor<5xf32>)
// CHECK-NOT:     tensor.empty() : tensor<5xf32>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK-SAME:      ins(%[[Y]] : tensor<4xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (d0)>]
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      ins(%[[SUM]] : tensor<1xf32>) outs(%[[OUT]] : tensor<5xf32>)
// CHECK-NEXT:    ^bb0(%[[S:[a-z0-9_]+]]: f32, %{{[a-z0-9_]+}}: f32):
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%{{.+}}] : tensor<3xf32>
// CHECK:           %[[M:.+]] = tg.where %{{.+}}, %[[V]], %{{.+}} : f32
// CHECK:           %[[R:.+]] = tg.add %[[M]], %[[S]] : f32
// CHECK:           linalg.yield %[[R]] : f32
func.func @padded_plus_sum(%x: tensor<3xf32>, %y: tensor<4xf32>) -> tensor<5xf32> {
  %0 = tg.kernel(%x, %y) {name = "k_padded_plus_sum"} : (tensor<3xf32>, tensor<4xf32>) -> tensor<5xf32> {
  ^bb0(%a: tensor<3xf32>, %b: tensor<4xf32>):
    %p = tg.pad %a low [1] high [1] : tensor<3xf32> -> tensor<5xf32>
    %s = tg.reduce add %b [0] : tensor<4xf32> -> tensor<1xf32>
    %e = tg.expand %s : tensor<1xf32> to tensor<5xf32>
    %r = tg.add %p, %e : tensor<5xf32>
    tg.yield %r : tensor<5xf32>
  }
  return %0 : tensor<5xf32>
}

// -----

// A pad of more than 64K elements read once per element by the reduction
// (a pool's gradient sums windows of a padded tensor) is no stage: a copy
// would only add its size in memory traffic. Neither is the pad beneath
// it, read through it: both stay masked reads in the reduction.
// CHECK-LABEL: func.func private @k_sum_pairs_padded(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<298x298xf32>, %[[OUT:[a-z0-9]+]]: tensor<151x1x151x1xf32>)
// CHECK-NOT:     tensor<302x302xf32>
// CHECK-NOT:     tensor<300x300xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "reduction", "parallel", "reduction"]
// CHECK:           tensor.extract %[[X]]
// CHECK:           tg.exp2
// CHECK:           linalg.yield
// CHECK-NOT:     linalg.generic
func.func @sum_pairs_padded(%x: tensor<298x298xf32>) -> tensor<151x1x151x1xf32> {
  %0 = tg.kernel(%x) {name = "k_sum_pairs_padded"} : (tensor<298x298xf32>) -> tensor<151x1x151x1xf32> {
  ^bb0(%a: tensor<298x298xf32>):
    %p = tg.pad %a low [1, 1] high [1, 1] : tensor<298x298xf32> -> tensor<300x300xf32>
    %e = tg.exp2 %p : tensor<300x300xf32>
    %q = tg.pad %e low [1, 1] high [1, 1] : tensor<300x300xf32> -> tensor<302x302xf32>
    %r = tg.reshape %q : tensor<302x302xf32> to tensor<151x2x151x2xf32>
    %s = tg.reduce add %r [1, 3] : tensor<151x2x151x2xf32> -> tensor<151x1x151x1xf32>
    tg.yield %s : tensor<151x1x151x1xf32>
  }
  return %0 : tensor<151x1x151x1xf32>
}
