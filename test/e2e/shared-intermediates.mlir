// tinygrad's memory planner: an intermediate whose first step comes after
// another's last takes over that one's buffer (here of the same size;
// shared-intermediates-sizes.mlir has others). Four
// matmuls in a chain have three intermediates, y1 to y3; y3 is written
// after y1 was last read (by the matmul that makes y2), so it takes y1's
// buffer and the executable has two. The middle two matmuls (y1 to y2, y2
// to y3) are the same kernel, compiled once and launched twice
// (tg-merge-identical-kernels). The results are exact: with w the cyclic
// shift of the columns, y4 is x with its columns shifted by 4.
//
// RUN: tg-compile %s --emit=exe -o %t.tgx
// RUN: %python %S/Inputs/executable_plan.py %t.tgx | FileCheck %s
// RUN: %python -c "print(' '.join(str(16 * i + k) for i in range(16) for k in range(16)))" > %t.x
// RUN: %python -c "print(' '.join('1' if j == (k + 1) % 16 else '0' for k in range(16) for j in range(16)))" > %t.w
// RUN: %python -c "print(' '.join(str(16 * i + (j - 4) % 16) for i in range(16) for j in range(16)))" > %t.expected
// RUN: tg-run --executable=%t.tgx --input=@%t.x --input=@%t.w --output=%t.y4
// RUN: diff %t.expected %t.y4
// RUN: env DEBUG=2 tg-run %s --input=@%t.x --input=@%t.w 2>&1 | FileCheck %s --check-prefix=DEBUG
//
// DEBUG: tg: memory planned: 3 intermediates of 0.00 MB in 2 buffers of 0.00 MB
// CHECK: buffer [[Y1:[0-9]+]]: intermediate, 1024 bytes
// CHECK: buffer [[Y2:[0-9]+]]: intermediate, 1024 bytes
// CHECK-NOT: intermediate
// CHECK: 2 intermediates
// CHECK: step 0: launch 0 buffers [0, 1, [[Y1]]]
// CHECK: step 1: launch 1 buffers [1, [[Y1]], [[Y2]]]
// CHECK: step 2: launch 1 buffers [1, [[Y2]], [[Y1]]]
// CHECK: step 3: launch 2 buffers [1, [[Y1]], {{[0-9]+}}]

func.func @chain(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %w3 = tg.reshape %w : tensor<16x16xf32> to tensor<1x16x16xf32>
  %we = tg.expand %w3 : tensor<1x16x16xf32> to tensor<16x16x16xf32>
  %x1 = tg.reshape %x : tensor<16x16xf32> to tensor<16x16x1xf32>
  %xe = tg.expand %x1 : tensor<16x16x1xf32> to tensor<16x16x16xf32>
  %p1 = tg.mul %xe, %we : tensor<16x16x16xf32>
  %y1 = tg.reduce add %p1 [1] : tensor<16x16x16xf32> -> tensor<16x1x16xf32>
  %y1r = tg.reshape %y1 : tensor<16x1x16xf32> to tensor<16x16x1xf32>
  %y1e = tg.expand %y1r : tensor<16x16x1xf32> to tensor<16x16x16xf32>
  %p2 = tg.mul %y1e, %we : tensor<16x16x16xf32>
  %y2 = tg.reduce add %p2 [1] : tensor<16x16x16xf32> -> tensor<16x1x16xf32>
  %y2r = tg.reshape %y2 : tensor<16x1x16xf32> to tensor<16x16x1xf32>
  %y2e = tg.expand %y2r : tensor<16x16x1xf32> to tensor<16x16x16xf32>
  %p3 = tg.mul %y2e, %we : tensor<16x16x16xf32>
  %y3 = tg.reduce add %p3 [1] : tensor<16x16x16xf32> -> tensor<16x1x16xf32>
  %y3r = tg.reshape %y3 : tensor<16x1x16xf32> to tensor<16x16x1xf32>
  %y3e = tg.expand %y3r : tensor<16x16x1xf32> to tensor<16x16x16xf32>
  %p4 = tg.mul %y3e, %we : tensor<16x16x16xf32>
  %y4 = tg.reduce add %p4 [1] : tensor<16x16x16xf32> -> tensor<16x1x16xf32>
  %r = tg.reshape %y4 : tensor<16x1x16xf32> to tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
