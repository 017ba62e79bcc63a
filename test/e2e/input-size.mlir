// An argument too large for the device is refused with its size, whatever
// fills it, before tg-run reads or makes a single element (arguments go to
// the device a chunk at a time; no copy of one is made on the host). 4e15
// bytes are more than any machine's address space.

// RUN: not tg-run %s --function=huge --input=splat:1 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tg-run %s --function=huge --random 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tg-run %s --function=huge --input=@/dev/zero 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tg-run %s --function=huge --input=1,2,3 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: tg-run: argument #0 (tensor<1000000000000000xf32>) needs 4000000000000000 bytes: CPU:0 could not allocate 4000000000000000 bytes

// A result too large: the runtime refuses it when it runs.
// RUN: not tg-run %s --function=huge_result --input=1 2>&1 | FileCheck %s --check-prefix=RESULT
// RESULT: tg-run: CPU:0 could not allocate 4000000000000000 bytes

// Large arguments and results that fit pass through in several chunks
// (2^20 bytes each): 3 * 2^18 + 5 f32 elements.
// RUN: tg-run %s --function=chunks --input=splat:1.5 --output=%t.out
// RUN: tg-run %s --function=chunks --input=@%t.out --output=%t.out2
// RUN: %python -c "import sys; a = open(sys.argv[1]).read().split(); b = open(sys.argv[2]).read().split(); assert len(a) == len(b) == 786437, len(a); assert set(a) == {'3'} and set(b) == {'6'}, (set(a), set(b)); print('ok')" %t.out %t.out2 | FileCheck %s --check-prefix=CHUNKS
// CHUNKS: ok

func.func @huge(%x: tensor<1000000000000000xf32>) -> tensor<1000000000000000xf32> {
  %0 = tg.add %x, %x : tensor<1000000000000000xf32>
  return %0 : tensor<1000000000000000xf32>
}

func.func @huge_result(%x: tensor<1xf32>) -> tensor<1000000000000000xf32> {
  %0 = tg.expand %x : tensor<1xf32> to tensor<1000000000000000xf32>
  %1 = tg.add %0, %0 : tensor<1000000000000000xf32>
  return %1 : tensor<1000000000000000xf32>
}

func.func @chunks(%x: tensor<786437xf32>) -> tensor<786437xf32> {
  %0 = tg.add %x, %x : tensor<786437xf32>
  return %0 : tensor<786437xf32>
}
