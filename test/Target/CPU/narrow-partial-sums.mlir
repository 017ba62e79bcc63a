// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-narrow-partial-sums{vector-bytes=32}))' | FileCheck %s
// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-narrow-partial-sums))' | FileCheck %s --check-prefix=AVX512

// Softmax's sum of exp2 over a row, 64 partial sums written into scratch
// and read back whole for the merge (as tg-cpu-apply-opts leaves it): the
// loop carries two AVX2 registers (16 lanes), each step adding its four
// pairs of registers into them first; the merge reduces the 16, and the
// scratch is dead.
// CHECK-LABEL: func.func private @sum_of_exp2
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<64xf32>
// CHECK: %[[I0:.*]] = vector.extract_strided_slice %[[ZERO]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: %[[INIT:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<16xf32>)
// CHECK:   %[[E:.*]] = math.exp2 %{{.*}} : vector<64xf32>
// CHECK:   %[[E0:.*]] = vector.extract_strided_slice %[[E]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK:   %[[E1:.*]] = vector.extract_strided_slice %[[E]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK:   %[[E2:.*]] = vector.extract_strided_slice %[[E]] {offsets = [32], sizes = [16], strides = [1]}
// CHECK:   %[[E3:.*]] = vector.extract_strided_slice %[[E]] {offsets = [48], sizes = [16], strides = [1]}
// CHECK:   %[[S01:.*]] = arith.addf %[[E0]], %[[E1]] : vector<16xf32>
// CHECK:   %[[S23:.*]] = arith.addf %[[E2]], %[[E3]] : vector<16xf32>
// CHECK:   %[[S:.*]] = arith.addf %[[S01]], %[[S23]] : vector<16xf32>
// CHECK:   %[[NEXT:.*]] = arith.addf %[[ACC]], %[[S]] : vector<16xf32>
// CHECK:   scf.yield %[[NEXT]]
// The scratch the 64 lanes went through, and its fill, are gone.
// CHECK-NOT: tensor.empty
// CHECK-NOT: vector.transfer_write
// CHECK: %[[LANES:.*]] = vector.shape_cast %[[SUM]] : vector<16xf32> to vector<1x16xf32>
// CHECK: %[[MERGED:.*]] = vector.multi_reduction <add>, %[[LANES]], %{{.*}} [1] : vector<1x16xf32> to vector<1xf32>
// CHECK-NOT: tensor.insert_slice
// CHECK: return %[[MERGED]]
// AVX-512's registers hold 16 lanes: the loop carries 32.
// AVX512-LABEL: func.func private @sum_of_exp2
// AVX512: scf.for {{.*}} -> (vector<32xf32>)
// AVX512: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x32xf32> to vector<1xf32>

func.func private @sum_of_exp2(%x: tensor<4096xf32>, %m: vector<64xf32>) -> vector<1xf32> attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %zero2 = arith.constant dense<0.0> : vector<1x64xf32>
  %merge_init = arith.constant dense<0.0> : vector<1xf32>
  %sum = scf.for %i = %c0 to %c4096 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf32>, vector<64xf32>
    %d = arith.subf %v, %m : vector<64xf32>
    %e = math.exp2 %d : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %empty = tensor.empty() : tensor<1x64xf32>
  %filled = vector.transfer_write %zero2, %empty[%c0, %c0] {in_bounds = [true, true]} : vector<1x64xf32>, tensor<1x64xf32>
  %row = tensor.extract_slice %filled[0, 0] [1, 64] [1, 1] : tensor<1x64xf32> to tensor<64xf32>
  %written = vector.transfer_write %sum, %row[%c0] {in_bounds = [true]} : vector<64xf32>, tensor<64xf32>
  %inserted = tensor.insert_slice %written into %filled[0, 0] [1, 64] [1, 1] : tensor<64xf32> into tensor<1x64xf32>
  %lanes = vector.transfer_read %inserted[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<1x64xf32>, vector<1x64xf32>
  %merged = vector.multi_reduction <add>, %lanes, %merge_init [1] : vector<1x64xf32> to vector<1xf32>
  return %merged : vector<1xf32>
}

// -----

// A max of the reads is cheap beside its partial results: left alone; so
// is a max merged from partial sums.
// CHECK-LABEL: func.func private @cheap_or_other_kind
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
// CHECK: vector.multi_reduction <maximumf>, %{{.*}} : vector<64xf32> to f32
// CHECK: vector.multi_reduction <maximumf>, %{{.*}} : vector<64xf32> to f32

func.func private @cheap_or_other_kind(%x: tensor<4096xf32>) -> (f32, f32) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = ub.poison : f32
  %low = arith.constant dense<0xFF800000> : vector<64xf32>
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %init = arith.constant 0xFF800000 : f32
  %max = scf.for %i = %c0 to %c4096 step %c64 iter_args(%acc = %low) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf32>, vector<64xf32>
    %next = arith.maximumf %acc, %v : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %sum = scf.for %i = %c0 to %c4096 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf32>, vector<64xf32>
    %e = math.exp2 %v : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %m = vector.multi_reduction <maximumf>, %max, %init [0] : vector<64xf32> to f32
  %s = vector.multi_reduction <maximumf>, %sum, %init [0] : vector<64xf32> to f32
  return %m, %s : f32, f32
}

// -----

// Lanes that leave the loop otherwise too (returned), lanes merged into
// two results (a 2x32 tile of two rows), and a loop already two registers
// wide are left alone.
// CHECK-LABEL: func.func private @left_alone
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
// CHECK: scf.for {{.*}} -> (vector<2x32xf32>)
// CHECK: scf.for {{.*}} -> (vector<16xf32>)
// CHECK-NOT: vector.extract_strided_slice
// CHECK: return

func.func private @left_alone(%x: tensor<4096xf32>, %y: tensor<2x4096xf32>) -> (f32, vector<64xf32>, vector<2xf32>, f32) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %zero2 = arith.constant dense<0.0> : vector<2x32xf32>
  %zero16 = arith.constant dense<0.0> : vector<16xf32>
  %init = arith.constant 0.0 : f32
  %init2 = arith.constant dense<0.0> : vector<2xf32>
  %sum = scf.for %i = %c0 to %c4096 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf32>, vector<64xf32>
    %e = math.exp2 %v : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %s = vector.multi_reduction <add>, %sum, %init [0] : vector<64xf32> to f32
  %rows = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %zero2) -> (vector<2x32xf32>) {
    %v = vector.transfer_read %y[%c0, %i], %pad {in_bounds = [true, true]} : tensor<2x4096xf32>, vector<2x32xf32>
    %e = math.exp2 %v : vector<2x32xf32>
    %next = arith.addf %acc, %e : vector<2x32xf32>
    scf.yield %next : vector<2x32xf32>
  }
  %r = vector.multi_reduction <add>, %rows, %init2 [1] : vector<2x32xf32> to vector<2xf32>
  %narrow = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %zero16) -> (vector<16xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf32>, vector<16xf32>
    %e = math.exp2 %v : vector<16xf32>
    %next = arith.addf %acc, %e : vector<16xf32>
    scf.yield %next : vector<16xf32>
  }
  %n = vector.multi_reduction <add>, %narrow, %init [0] : vector<16xf32> to f32
  return %s, %sum, %r, %n : f32, vector<64xf32>, vector<2xf32>, f32
}
