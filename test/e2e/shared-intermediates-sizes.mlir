// The memory planner shares buffers between intermediates of different
// sizes, the largest placed first. Six matmuls in a chain make y1 to y5
// (512, 512, 1024, 512 and 128 bytes): y3 comes first, in a buffer of 1024
// bytes; y1 shares it (its steps end before y3's begin), y2 (y3's input)
// takes one of 512 bytes, y4 shares y2's, and y5 (128 bytes) y1 and y3's:
// two buffers, where sharing only equal sizes kept four (y1, y2 and y4, y3,
// y5). Each kernel reads only its own part of a larger buffer, and the
// results are exact: w shifts the columns by one, v and vt pad to 32
// columns and cut back, u and ut keep the first 4 columns and pad back
// with zeros.
//
// RUN: tg-compile %s --emit=exe -o %t.tgx
// RUN: %python %S/Inputs/executable_plan.py %t.tgx | FileCheck %s
// RUN: %python -c "print(' '.join(str(16 * i + k) for i in range(8) for k in range(16)))" > %t.x
// RUN: %python -c "print(' '.join('1' if j == (k + 1) % 16 else '0' for k in range(16) for j in range(16)))" > %t.w
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(16) for j in range(32)))" > %t.v
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(32) for j in range(16)))" > %t.vt
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(16) for j in range(4)))" > %t.u
// RUN: %python -c "print(' '.join('1' if j == k else '0' for k in range(4) for j in range(16)))" > %t.ut
// RUN: %python -c "print(' '.join(str(16 * i + (j - 2) % 16 if j < 4 else 0) for i in range(8) for j in range(16)))" > %t.expected
// RUN: tg-run --executable=%t.tgx --input=@%t.x --input=@%t.w --input=@%t.v --input=@%t.vt --input=@%t.u --input=@%t.ut --output=%t.y6
// RUN: diff %t.expected %t.y6
// RUN: env DEBUG=2 tg-run %s --input=@%t.x --input=@%t.w --input=@%t.v --input=@%t.vt --input=@%t.u --input=@%t.ut 2>&1 | FileCheck %s --check-prefix=DEBUG
//
// DEBUG: tg: memory planned: {{[0-9]+}} intermediates of 0.00 MB in 2 buffers of 0.00 MB
// CHECK-DAG: buffer [[Y13:[0-9]+]]: intermediate, 1024 bytes
// CHECK-DAG: buffer [[Y24:[0-9]+]]: intermediate, 512 bytes
// CHECK-NOT: intermediate
// CHECK: 2 intermediates
// CHECK: step 0: launch 0 buffers [0, 1, [[Y13]]]
// CHECK: step 1: launch 1 buffers [1, [[Y13]], [[Y24]]]
// CHECK: step 2: launch 2 buffers [2, [[Y24]], [[Y13]]]
// CHECK: step 3: launch 3 buffers [3, [[Y13]], [[Y24]]]
// CHECK: step 4: launch 4 buffers [4, [[Y24]], [[Y13]]]
// CHECK: step 5: launch 5 buffers [5, [[Y13]], {{[0-9]+}}]

func.func @chain(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %v: tensor<16x32xf32>, %vt: tensor<32x16xf32>, %u: tensor<16x4xf32>, %ut: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %aa = tg.reshape %x : tensor<8x16xf32> to tensor<8x16x1xf32>
  %aae = tg.expand %aa : tensor<8x16x1xf32> to tensor<8x16x16xf32>
  %ab = tg.reshape %w : tensor<16x16xf32> to tensor<1x16x16xf32>
  %abe = tg.expand %ab : tensor<1x16x16xf32> to tensor<8x16x16xf32>
  %ap = tg.mul %aae, %abe : tensor<8x16x16xf32>
  %as = tg.reduce add %ap [1] : tensor<8x16x16xf32> -> tensor<8x1x16xf32>
  %y1 = tg.reshape %as : tensor<8x1x16xf32> to tensor<8x16xf32>
  %ba = tg.reshape %y1 : tensor<8x16xf32> to tensor<8x16x1xf32>
  %bae = tg.expand %ba : tensor<8x16x1xf32> to tensor<8x16x16xf32>
  %bb = tg.reshape %w : tensor<16x16xf32> to tensor<1x16x16xf32>
  %bbe = tg.expand %bb : tensor<1x16x16xf32> to tensor<8x16x16xf32>
  %bp = tg.mul %bae, %bbe : tensor<8x16x16xf32>
  %bs = tg.reduce add %bp [1] : tensor<8x16x16xf32> -> tensor<8x1x16xf32>
  %y2 = tg.reshape %bs : tensor<8x1x16xf32> to tensor<8x16xf32>
  %ca = tg.reshape %y2 : tensor<8x16xf32> to tensor<8x16x1xf32>
  %cae = tg.expand %ca : tensor<8x16x1xf32> to tensor<8x16x32xf32>
  %cb = tg.reshape %v : tensor<16x32xf32> to tensor<1x16x32xf32>
  %cbe = tg.expand %cb : tensor<1x16x32xf32> to tensor<8x16x32xf32>
  %cp = tg.mul %cae, %cbe : tensor<8x16x32xf32>
  %cs = tg.reduce add %cp [1] : tensor<8x16x32xf32> -> tensor<8x1x32xf32>
  %y3 = tg.reshape %cs : tensor<8x1x32xf32> to tensor<8x32xf32>
  %da = tg.reshape %y3 : tensor<8x32xf32> to tensor<8x32x1xf32>
  %dae = tg.expand %da : tensor<8x32x1xf32> to tensor<8x32x16xf32>
  %db = tg.reshape %vt : tensor<32x16xf32> to tensor<1x32x16xf32>
  %dbe = tg.expand %db : tensor<1x32x16xf32> to tensor<8x32x16xf32>
  %dp = tg.mul %dae, %dbe : tensor<8x32x16xf32>
  %ds = tg.reduce add %dp [1] : tensor<8x32x16xf32> -> tensor<8x1x16xf32>
  %y4 = tg.reshape %ds : tensor<8x1x16xf32> to tensor<8x16xf32>
  %ea = tg.reshape %y4 : tensor<8x16xf32> to tensor<8x16x1xf32>
  %eae = tg.expand %ea : tensor<8x16x1xf32> to tensor<8x16x4xf32>
  %eb = tg.reshape %u : tensor<16x4xf32> to tensor<1x16x4xf32>
  %ebe = tg.expand %eb : tensor<1x16x4xf32> to tensor<8x16x4xf32>
  %ep = tg.mul %eae, %ebe : tensor<8x16x4xf32>
  %es = tg.reduce add %ep [1] : tensor<8x16x4xf32> -> tensor<8x1x4xf32>
  %y5 = tg.reshape %es : tensor<8x1x4xf32> to tensor<8x4xf32>
  %fa = tg.reshape %y5 : tensor<8x4xf32> to tensor<8x4x1xf32>
  %fae = tg.expand %fa : tensor<8x4x1xf32> to tensor<8x4x16xf32>
  %fb = tg.reshape %ut : tensor<4x16xf32> to tensor<1x4x16xf32>
  %fbe = tg.expand %fb : tensor<1x4x16xf32> to tensor<8x4x16xf32>
  %fp = tg.mul %fae, %fbe : tensor<8x4x16xf32>
  %fs = tg.reduce add %fp [1] : tensor<8x4x16xf32> -> tensor<8x1x16xf32>
  %y6 = tg.reshape %fs : tensor<8x1x16xf32> to tensor<8x16xf32>
  return %y6 : tensor<8x16xf32>
}
