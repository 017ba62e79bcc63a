// RUN: tg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tg-cpu-share-row-values))' | FileCheck %s

// The sum's loop keeps each exp2 in a row of scratch, carried by the loop;
// the output loop reads it instead of computing it again.
// CHECK-LABEL: func.func private @softmax_rows
// CHECK: %[[ROW:.*]] = tensor.empty() : tensor<256xf32>
// CHECK: %[[SUM:.*]]:2 = scf.for %[[I:[a-z0-9_]+]] = {{.*}} iter_args(%[[ACC:.*]] = {{.*}}, %[[KEPT:.*]] = %[[ROW]]) -> (vector<64xf32>, tensor<256xf32>)
// CHECK:   %[[E:.*]] = math.exp2
// CHECK:   %[[NEXT:.*]] = arith.addf %[[ACC]], %[[E]]
// CHECK:   %[[WRITE:.*]] = vector.transfer_write %[[E]], %[[KEPT]][%[[I]]] {in_bounds = [true]}
// CHECK:   scf.yield %[[NEXT]], %[[WRITE]]
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK-NOT: math.exp2
// CHECK:   %[[READ:.*]] = vector.transfer_read %[[SUM]]#1[%[[J]]], {{.*}} {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
// CHECK-NOT: math.exp2
// CHECK:   arith.mulf %[[READ]],
// CHECK: return %[[SUM]]#0,

func.func private @softmax_rows(%x: tensor<256xf32>, %m: f32, %r: f32, %out: tensor<256xf32>) -> (vector<64xf32>, tensor<256xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %end = arith.constant 256 : index
  %step = arith.constant 64 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %max = vector.broadcast %m : f32 to vector<64xf32>
  %scale = vector.broadcast %r : f32 to vector<64xf32>
  %sum = scf.for %i = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %d = arith.subf %v, %max : vector<64xf32>
    %e = math.exp2 %d : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %y = scf.for %j = %c0 to %end step %step iter_args(%o = %out) -> (tensor<256xf32>) {
    %w = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %dd = arith.subf %w, %max : vector<64xf32>
    %f = math.exp2 %dd : vector<64xf32>
    %p = arith.mulf %f, %scale : vector<64xf32>
    %written = vector.transfer_write %p, %o[%j] {in_bounds = [true]} : vector<64xf32>, tensor<256xf32>
    scf.yield %written : tensor<256xf32>
  }
  return %sum, %y : vector<64xf32>, tensor<256xf32>
}

// -----

// A subtraction is cheaper than the scratch's store and load: left alone.
// CHECK-LABEL: func.func private @cheap
// CHECK-NOT: tensor.empty
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
// CHECK: arith.subf
// CHECK: arith.subf

func.func private @cheap(%x: tensor<256xf32>, %m: f32, %r: f32, %out: tensor<256xf32>) -> (vector<64xf32>, tensor<256xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %end = arith.constant 256 : index
  %step = arith.constant 64 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %max = vector.broadcast %m : f32 to vector<64xf32>
  %scale = vector.broadcast %r : f32 to vector<64xf32>
  %sum = scf.for %i = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %e = arith.subf %v, %max : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %y = scf.for %j = %c0 to %end step %step iter_args(%o = %out) -> (tensor<256xf32>) {
    %w = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %f = arith.subf %w, %max : vector<64xf32>
    %p = arith.mulf %f, %scale : vector<64xf32>
    %written = vector.transfer_write %p, %o[%j] {in_bounds = [true]} : vector<64xf32>, tensor<256xf32>
    scf.yield %written : tensor<256xf32>
  }
  return %sum, %y : vector<64xf32>, tensor<256xf32>
}

// -----

// The later loop computes something else (exp2 of x - r, not of x - max).
// CHECK-LABEL: func.func private @different
// CHECK-NOT: tensor.empty
// CHECK-COUNT-2: math.exp2

func.func private @different(%x: tensor<256xf32>, %m: f32, %r: f32, %out: tensor<256xf32>) -> (vector<64xf32>, tensor<256xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %end = arith.constant 256 : index
  %step = arith.constant 64 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %max = vector.broadcast %m : f32 to vector<64xf32>
  %scale = vector.broadcast %r : f32 to vector<64xf32>
  %sum = scf.for %i = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %d = arith.subf %v, %max : vector<64xf32>
    %e = math.exp2 %d : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %y = scf.for %j = %c0 to %end step %step iter_args(%o = %out) -> (tensor<256xf32>) {
    %w = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %dd = arith.subf %w, %scale : vector<64xf32>
    %f = math.exp2 %dd : vector<64xf32>
    %p = arith.mulf %f, %scale : vector<64xf32>
    %written = vector.transfer_write %p, %o[%j] {in_bounds = [true]} : vector<64xf32>, tensor<256xf32>
    scf.yield %written : tensor<256xf32>
  }
  return %sum, %y : vector<64xf32>, tensor<256xf32>
}

// -----

// Other steps or bounds: the iterations do not line up.
// CHECK-LABEL: func.func private @other_bounds
// CHECK-NOT: tensor.empty
// CHECK-COUNT-2: math.exp2

func.func private @other_bounds(%x: tensor<256xf32>, %m: f32, %r: f32, %out: tensor<256xf32>) -> (vector<64xf32>, tensor<256xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %end = arith.constant 128 : index
  %step = arith.constant 64 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %max = vector.broadcast %m : f32 to vector<64xf32>
  %scale = vector.broadcast %r : f32 to vector<64xf32>
  %sum = scf.for %i = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %d = arith.subf %v, %max : vector<64xf32>
    %e = math.exp2 %d : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %y = scf.for %j = %c0 to %end step %step iter_args(%o = %out) -> (tensor<256xf32>) {
    %w = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %dd = arith.subf %w, %max : vector<64xf32>
    %f = math.exp2 %dd : vector<64xf32>
    %p = arith.mulf %f, %scale : vector<64xf32>
    %written = vector.transfer_write %p, %o[%j] {in_bounds = [true]} : vector<64xf32>, tensor<256xf32>
    scf.yield %written : tensor<256xf32>
  }
  return %sum, %y : vector<64xf32>, tensor<256xf32>
}

// -----

// A value that depends on what the loop carries is not the later loop's.
// CHECK-LABEL: func.func private @carried
// CHECK-NOT: tensor.empty
// CHECK-COUNT-2: math.exp2

func.func private @carried(%x: tensor<256xf32>, %m: f32, %r: f32, %out: tensor<256xf32>) -> (vector<64xf32>, tensor<256xf32>) attributes {tg.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %end = arith.constant 256 : index
  %step = arith.constant 64 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %max = vector.broadcast %m : f32 to vector<64xf32>
  %scale = vector.broadcast %r : f32 to vector<64xf32>
  %sum = scf.for %i = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %d = arith.subf %v, %acc : vector<64xf32>
    %e = math.exp2 %d : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %y = scf.for %j = %c0 to %end step %step iter_args(%o = %out) -> (tensor<256xf32>) {
    %w = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %dd = arith.subf %w, %zero : vector<64xf32>
    %f = math.exp2 %dd : vector<64xf32>
    %p = arith.mulf %f, %scale : vector<64xf32>
    %written = vector.transfer_write %p, %o[%j] {in_bounds = [true]} : vector<64xf32>, tensor<256xf32>
    scf.yield %written : tensor<256xf32>
  }
  return %sum, %y : vector<64xf32>, tensor<256xf32>
}

// -----

// Only kernels.
// CHECK-LABEL: func.func private @not_a_kernel
// CHECK-NOT: tensor.empty
// CHECK-COUNT-2: math.exp2

func.func private @not_a_kernel(%x: tensor<256xf32>, %m: f32, %r: f32, %out: tensor<256xf32>) -> (vector<64xf32>, tensor<256xf32>)  {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %end = arith.constant 256 : index
  %step = arith.constant 64 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %max = vector.broadcast %m : f32 to vector<64xf32>
  %scale = vector.broadcast %r : f32 to vector<64xf32>
  %sum = scf.for %i = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %d = arith.subf %v, %max : vector<64xf32>
    %e = math.exp2 %d : vector<64xf32>
    %next = arith.addf %acc, %e : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  %y = scf.for %j = %c0 to %end step %step iter_args(%o = %out) -> (tensor<256xf32>) {
    %w = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : tensor<256xf32>, vector<64xf32>
    %dd = arith.subf %w, %max : vector<64xf32>
    %f = math.exp2 %dd : vector<64xf32>
    %p = arith.mulf %f, %scale : vector<64xf32>
    %written = vector.transfer_write %p, %o[%j] {in_bounds = [true]} : vector<64xf32>, tensor<256xf32>
    scf.yield %written : tensor<256xf32>
  }
  return %sum, %y : vector<64xf32>, tensor<256xf32>
}
