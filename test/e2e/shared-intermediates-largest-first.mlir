// The memory planner places the largest intermediates first (greedy by
// size), so a small intermediate does not take a large buffer that a large
// one needs later. Five matmuls in a chain: a (1024 bytes, steps 0-1), b
// (128 bytes, steps 1-3), c (128 bytes, steps 2-3), d (1024 bytes, steps
// 3-4). d shares a's buffer; b and c, which are both live at step 3, have
// one each: 1280 bytes. Placed in order of first step, c took a's freed
// buffer and d needed a second of 1024 bytes: 2176 bytes. The results are
// exact: v and vt pad x to 32 columns and cut back, m keeps the first 4, s
// rotates those by one, p pads them to 32 columns.
//
// RUN: tg-compile %s --emit=exe -o %t.tgx
// RUN: %python %S/Inputs/executable_plan.py %t.tgx | FileCheck %s
// RUN: %python -c "print(' '.join(str(16 * i + k) for i in range(8) for k in range(16)))" > %t.x
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(16) for j in range(32)))" > %t.v
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(32) for j in range(4)))" > %t.m
// RUN: %python -c "print(' '.join('1' if j == (k + 1) % 4 else '0' for k in range(4) for j in range(4)))" > %t.s
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(4) for j in range(32)))" > %t.p
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(32) for j in range(16)))" > %t.vt
// RUN: %python -c "print(' '.join(str(32 * i + j + (j - 1) % 4) if j < 4 else '0' for i in range(8) for j in range(16)))" > %t.expected
// RUN: tg-run --executable=%t.tgx --input=@%t.x --input=@%t.v --input=@%t.m --input=@%t.s --input=@%t.p --input=@%t.vt --output=%t.y
// RUN: diff %t.expected %t.y
//
// CHECK-DAG: buffer [[AD:[0-9]+]]: intermediate, 1024 bytes
// CHECK-DAG: buffer [[B:[0-9]+]]: intermediate, 128 bytes
// CHECK-DAG: buffer [[C:[0-9]+]]: intermediate, 128 bytes
// CHECK-NOT: intermediate
// CHECK: 3 intermediates
// CHECK: step 0: launch 0 buffers [0, 1, [[AD]]]
// CHECK: step 1: launch 1 buffers [2, [[AD]], [[B]]]
// CHECK: step 2: launch 2 buffers [3, [[B]], [[C]]]
// CHECK: step 3: launch 3 buffers [4, [[B]], [[C]], [[AD]]]
// CHECK: step 4: launch 4 buffers [5, [[AD]], {{[0-9]+}}]

func.func @chain(%x: tensor<8x16xf32>, %v: tensor<16x32xf32>, %m: tensor<32x4xf32>, %s: tensor<4x4xf32>, %p: tensor<4x32xf32>, %vt: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %aa = tg.reshape %x : tensor<8x16xf32> to tensor<8x16x1xf32>
  %aae = tg.expand %aa : tensor<8x16x1xf32> to tensor<8x16x32xf32>
  %ab = tg.reshape %v : tensor<16x32xf32> to tensor<1x16x32xf32>
  %abe = tg.expand %ab : tensor<1x16x32xf32> to tensor<8x16x32xf32>
  %ap = tg.mul %aae, %abe : tensor<8x16x32xf32>
  %as = tg.reduce add %ap [1] : tensor<8x16x32xf32> -> tensor<8x1x32xf32>
  %a = tg.reshape %as : tensor<8x1x32xf32> to tensor<8x32xf32>
  %ba = tg.reshape %a : tensor<8x32xf32> to tensor<8x32x1xf32>
  %bae = tg.expand %ba : tensor<8x32x1xf32> to tensor<8x32x4xf32>
  %bb = tg.reshape %m : tensor<32x4xf32> to tensor<1x32x4xf32>
  %bbe = tg.expand %bb : tensor<1x32x4xf32> to tensor<8x32x4xf32>
  %bp = tg.mul %bae, %bbe : tensor<8x32x4xf32>
  %bs = tg.reduce add %bp [1] : tensor<8x32x4xf32> -> tensor<8x1x4xf32>
  %b = tg.reshape %bs : tensor<8x1x4xf32> to tensor<8x4xf32>
  %ca = tg.reshape %b : tensor<8x4xf32> to tensor<8x4x1xf32>
  %cae = tg.expand %ca : tensor<8x4x1xf32> to tensor<8x4x4xf32>
  %cb = tg.reshape %s : tensor<4x4xf32> to tensor<1x4x4xf32>
  %cbe = tg.expand %cb : tensor<1x4x4xf32> to tensor<8x4x4xf32>
  %cp = tg.mul %cae, %cbe : tensor<8x4x4xf32>
  %cs = tg.reduce add %cp [1] : tensor<8x4x4xf32> -> tensor<8x1x4xf32>
  %c = tg.reshape %cs : tensor<8x1x4xf32> to tensor<8x4xf32>
  %bc = tg.add %b, %c : tensor<8x4xf32>
  %da = tg.reshape %bc : tensor<8x4xf32> to tensor<8x4x1xf32>
  %dae = tg.expand %da : tensor<8x4x1xf32> to tensor<8x4x32xf32>
  %db = tg.reshape %p : tensor<4x32xf32> to tensor<1x4x32xf32>
  %dbe = tg.expand %db : tensor<1x4x32xf32> to tensor<8x4x32xf32>
  %dp = tg.mul %dae, %dbe : tensor<8x4x32xf32>
  %ds = tg.reduce add %dp [1] : tensor<8x4x32xf32> -> tensor<8x1x32xf32>
  %d = tg.reshape %ds : tensor<8x1x32xf32> to tensor<8x32xf32>
  %ea = tg.reshape %d : tensor<8x32xf32> to tensor<8x32x1xf32>
  %eae = tg.expand %ea : tensor<8x32x1xf32> to tensor<8x32x16xf32>
  %eb = tg.reshape %vt : tensor<32x16xf32> to tensor<1x32x16xf32>
  %ebe = tg.expand %eb : tensor<1x32x16xf32> to tensor<8x32x16xf32>
  %ep = tg.mul %eae, %ebe : tensor<8x32x16xf32>
  %es = tg.reduce add %ep [1] : tensor<8x32x16xf32> -> tensor<8x1x16xf32>
  %y = tg.reshape %es : tensor<8x1x16xf32> to tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
