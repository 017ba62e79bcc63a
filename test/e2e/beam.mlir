// BEAM=n (tinygrad's beam search): each CPU kernel's opts are searched for by
// timing candidates on the device, and the search says what it found. The
// results are those of the optimizer's own opts (an integer matmul: exact
// whatever the order of its sums). Another program with the same kernel
// finds the choice in the disk cache and applies it without searching;
// BEAM=1 is a search of its own. A winner other than the optimizer's opts
// is timed against them again, in turn, and the line says which it keeps.
//
// RUN: rm -f %t.db
// RUN: env CACHELEVEL=0 tg-run %s --function=matmul --random --output=%t.plain
// RUN: env BEAM=2 CACHELEVEL=1 CACHEDB=%t.db tg-run %s --function=matmul --random --output=%t.beam \
// RUN:   2> %t.search.log
// RUN: FileCheck %s --check-prefix=SEARCH < %t.search.log
// RUN: env BEAM=2 CACHELEVEL=1 CACHEDB=%t.db DEBUG=4 tg-run %s --function=matmul_again --random \
// RUN:   --output=%t.again > %t.again.log 2>&1
// RUN: cat %t.search.log %t.again.log | FileCheck %s --check-prefix=CACHED
// RUN: cmp %t.plain %t.beam
// RUN: cmp %t.plain %t.again
// RUN: env BEAM=1 CACHELEVEL=1 CACHEDB=%t.db tg-run %s --function=matmul --random --output=%t.beam1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OTHER
// RUN: cmp %t.plain %t.beam1
//
// The search sees a kernel as the optimizer does, after
// tg-cpu-collapse-loops: the optimizer's choice for a BatchNorm's
// sums (h and w merged) is a candidate that compiles and is timed, not
// "inf ms" (the search once tiled the kernel's loops before merging them).
// RUN: env BEAM=1 CACHELEVEL=0 tg-run %s --function=channel_sums --random 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MERGED
//
// SEARCH: tg: BEAM=2 [1/1] r_64_48_32: {{[0-9]+}} candidates, {{[0-9.]+ [mu]s}} as the optimizer chose, {{[0-9.]+ [mu]s}} with #tg.opts<{{[^>]*}}>{{(; in alternating runs [0-9.]+ [mu]s against the optimizer.s [0-9.]+ [mu]s: it keeps #tg.opts<[^>]*>)?$}}
// CACHED: {{(with|keeps)}} [[OPTS:#tg.opts<[^>]*>]]{{$}}
// CACHED-NOT: candidates
// CACHED: IR Dump After ConvertTGToArith
// CACHED: func.func private @r_64_48_32({{.*}}tg.opts = [[OPTS]]}
// OTHER: tg: BEAM=1 [1/1] r_64_48_32: {{[0-9]+}} candidates
// MERGED: tg: BEAM=1 [1/1] r_8_4_24_24: {{[0-9]+}} candidates, {{[0-9.]+ [mu]s}} as the optimizer chose
func.func @matmul(%a: tensor<64x32xi32>, %b: tensor<32x48xi32>) -> tensor<64x48xi32> {
  %ar = tg.reshape %a : tensor<64x32xi32> to tensor<64x1x32xi32>
  %ae = tg.expand %ar : tensor<64x1x32xi32> to tensor<64x48x32xi32>
  %bt = tg.permute %b [1, 0] : tensor<32x48xi32> -> tensor<48x32xi32>
  %br = tg.reshape %bt : tensor<48x32xi32> to tensor<1x48x32xi32>
  %be = tg.expand %br : tensor<1x48x32xi32> to tensor<64x48x32xi32>
  %m = tg.mul %ae, %be : tensor<64x48x32xi32>
  %s = tg.reduce add %m [2] : tensor<64x48x32xi32> -> tensor<64x48x1xi32>
  %r = tg.reshape %s : tensor<64x48x1xi32> to tensor<64x48xi32>
  return %r : tensor<64x48xi32>
}

// The same program under another name: the same kernel.
func.func @matmul_again(%a: tensor<64x32xi32>, %b: tensor<32x48xi32>) -> tensor<64x48xi32> {
  %ar = tg.reshape %a : tensor<64x32xi32> to tensor<64x1x32xi32>
  %ae = tg.expand %ar : tensor<64x1x32xi32> to tensor<64x48x32xi32>
  %bt = tg.permute %b [1, 0] : tensor<32x48xi32> -> tensor<48x32xi32>
  %br = tg.reshape %bt : tensor<48x32xi32> to tensor<1x48x32xi32>
  %be = tg.expand %br : tensor<1x48x32xi32> to tensor<64x48x32xi32>
  %m = tg.mul %ae, %be : tensor<64x48x32xi32>
  %s = tg.reduce add %m [2] : tensor<64x48x32xi32> -> tensor<64x48x1xi32>
  %r = tg.reshape %s : tensor<64x48x1xi32> to tensor<64x48xi32>
  return %r : tensor<64x48xi32>
}

// A BatchNorm's sums over batch, height and width of each channel.
func.func @channel_sums(%x: tensor<4x8x24x24xf32>) -> tensor<1x8x1x1xf32> {
  %s = tg.reduce add %x [0, 2, 3] : tensor<4x8x24x24xf32> -> tensor<1x8x1x1xf32>
  return %s : tensor<1x8x1x1xf32>
}
