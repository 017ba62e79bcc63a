// --input=@file reads no more than the argument's elements can take (256
// bytes of text each, with their whitespace, and 16 to spare) and one byte
// to tell there is more, so that a FIFO or /dev/zero ends; then it says what
// is wrong. Writing --output, the printed results or --emit-binary to a full
// device is an error, not LLVM's fatal one.

// RUN: not timeout 20 tg-run %s --input=@/dev/zero 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: tg-run: --input #0 (tensor<4xf32>) /dev/zero is not text: byte 0 is 0x00
// RUN: printf '1 2 3' > %t.short
// RUN: not tg-run %s --input=@%t.short 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: tg-run: --input #0 (tensor<4xf32>) has 3 values but the argument has 4 elements
// RUN: printf '1 2\n3 4\n5\n' > %t.long
// RUN: not tg-run %s --input=@%t.long 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: tg-run: --input #0 (tensor<4xf32>) has more than 4 values but the argument has 4 elements
// RUN: printf '1 2\n\n3\t4 \n\n' > %t.ok
// RUN: tg-run %s --input=@%t.ok | FileCheck %s --check-prefix=OK
// OK: result #0: tensor<4xf32> = [2, 4, 6, 8]
// RUN: not tg-run %s --input=@%t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tg-run: --input #0 (tensor<4xf32>) cannot read {{.*}}.missing: No such file or directory

// FIFOs: one that ends, one with endless values, one with endless
// whitespace (each writer gives up after 10 seconds if tg-run never opens
// its end).
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: sh -c 'timeout 10 sh -c "printf \"1 2 3 4\" > %t.fifo" > /dev/null 2>&1 &'
// RUN: timeout 20 tg-run %s --input=@%t.fifo | FileCheck %s --check-prefix=OK
// RUN: sh -c 'timeout 10 sh -c "yes 1 > %t.fifo" > /dev/null 2>&1 &'
// RUN: not timeout 20 tg-run %s --input=@%t.fifo 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: sh -c 'timeout 10 sh -c "yes \" \" > %t.fifo" > /dev/null 2>&1 &'
// RUN: not timeout 20 tg-run %s --input=@%t.fifo 2>&1 | FileCheck %s --check-prefix=SPACES
// SPACES: tg-run: --input #0 (tensor<4xf32>) {{.*}}.fifo is longer than 5120 bytes, more than 4 elements take

// An executable file is read no further than its header's size says.
// RUN: not timeout 20 tg-run --executable=/dev/zero --input=1,2,3,4 2>&1 | FileCheck %s --check-prefix=EXE
// EXE: tg-run: invalid executable: it does not start with the magic

// A full device.
// RUN: not tg-run %s --input=1,2,3,4 --output=/dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: tg-run: cannot write /dev/full: No space left on device
// RUN: not tg-run %s --input=1,2,3,4 > /dev/full 2> %t.stderr
// RUN: FileCheck %s --check-prefix=STDOUT < %t.stderr
// STDOUT: tg-run: cannot write the results: No space left on device
// RUN: not tg-run %s --emit-binary=/dev/full 2>&1 | FileCheck %s --check-prefix=BINARY
// BINARY: tg-run: cannot write /dev/full: No space left on device

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
