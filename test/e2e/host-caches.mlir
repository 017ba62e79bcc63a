// The CPU target reads the host's first-level and second-level data caches
// from Linux (sysfs), as host_caches.py reads them, and names them on its
// DEBUG line (tg-cpu-choose-opts takes them); for a named CPU (--chip) it
// knows no sizes and names none.
// RUN: %python %S/Inputs/host_caches.py > %t.expected
// RUN: env DEBUG=2 tg-run %s --input=1,2 2>&1 | grep "cpu target" | sed "s/^tg: compiling.*cpu target: [^,]*, /HOST: /; s/ per core.*/ per core/" > %t.line
// RUN: grep -q "HOST: none" %t.expected || diff %t.expected %t.line
// RUN: env DEBUG=2 tg-run %s --input=1,2 --chip=znver4 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: cpu target: x86_64-pc-linux-gnu znver4, 32 64-byte vector registers
// REQUIRES: x86_64
func.func @add_one(%x: tensor<2xf32>) -> tensor<2xf32> {
  %one = tg.const 1.0 : tensor<2xf32>
  %r = tg.add %x, %one : tensor<2xf32>
  return %r : tensor<2xf32>
}
