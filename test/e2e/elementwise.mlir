// Elementwise ops through the whole CPU pipeline, one function per theme,
// with the expected values worked out by hand from the op descriptions.
// NaN is matched as {{-?nan}}: its sign bit is whatever the CPU produces.

// RUN: tg-run %s --function=float_arith --input=1.5,-2,0,nan --input=0.25,3,-0,1 | FileCheck %s --check-prefix=FARITH
// FARITH: result #0: tensor<4xf32> = [1.75, 1, 0, {{-?nan}}]
// FARITH: result #1: tensor<4xf32> = [1.25, -5, 0, {{-?nan}}]
// FARITH: result #2: tensor<4xf32> = [0.375, -6, -0, {{-?nan}}]
// FARITH: result #3: tensor<4xf32> = [6, -0.6666667, {{-?nan}}, {{-?nan}}]
// FARITH: result #4: tensor<4xf32> = [1.5, 3, 0, {{-?nan}}]
func.func @float_arith(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.add %a, %b : tensor<4xf32>
  %1 = tg.sub %a, %b : tensor<4xf32>
  %2 = tg.mul %a, %b : tensor<4xf32>
  %3 = tg.fdiv %a, %b : tensor<4xf32>
  // max(0, -0) is +0; NaN propagates.
  %4 = tg.max %a, %b : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// RUN: tg-run %s --function=unary --input=0,-1,4,0.5,-inf | FileCheck %s --check-prefix=UNARY
// UNARY: result #0: tensor<5xf32> = [1, 0.5, 16, 1.414214, 0]
// UNARY: result #1: tensor<5xf32> = [-inf, {{-?nan}}, 2, -1, {{-?nan}}]
// UNARY: result #2: tensor<5xf32> = [0, {{-?nan}}, 2, 0.7071068, {{-?nan}}]
// UNARY: result #3: tensor<5xf32> = [inf, -1, 0.25, 2, -0]
// UNARY: result #4: tensor<5xf32> = [-0, 1, -4, -0.5, inf]
// UNARY: result #5: tensor<5xf32> = [0, -1, 4, 0, -inf]
// UNARY: result #6: tensor<5xf32> = [0, -0.841471, -0.7568025, 0.4794255, {{-?nan}}]
func.func @unary(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %0 = tg.exp2 %x : tensor<5xf32>
  %1 = tg.log2 %x : tensor<5xf32>
  %2 = tg.sqrt %x : tensor<5xf32>
  %3 = tg.reciprocal %x : tensor<5xf32>
  %4 = tg.neg %x : tensor<5xf32>
  %5 = tg.trunc %x : tensor<5xf32>
  %6 = tg.sin %x : tensor<5xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}

// Signed integers wrap around; cdiv/cmod truncate like C, floordiv/floormod
// round like Python.
// RUN: tg-run %s --function=integer --input=127,-128,-7,7,-7,100 --input=1,-2,2,-2,-2,3 | FileCheck %s --check-prefix=INT
// INT: result #0: tensor<6xi8> = [-128, 126, -5, 5, -9, 103]
// INT: result #1: tensor<6xi8> = [127, 0, -14, -14, 14, 44]
// INT: result #2: tensor<6xi8> = [127, 64, -3, -3, 3, 33]
// INT: result #3: tensor<6xi8> = [0, 0, -1, 1, -1, 1]
// INT: result #4: tensor<6xi8> = [127, 64, -4, -4, 3, 33]
// INT: result #5: tensor<6xi8> = [0, 0, 1, -1, -1, 1]
// INT: result #6: tensor<6xi8> = [-127, -128, 7, -7, 7, -100]
func.func @integer(%a: tensor<6xi8>, %b: tensor<6xi8>) -> (tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
  %0 = tg.add %a, %b : tensor<6xi8>
  %1 = tg.mul %a, %b : tensor<6xi8>
  %2 = tg.cdiv %a, %b : tensor<6xi8>
  %3 = tg.cmod %a, %b : tensor<6xi8>
  %4 = tg.floordiv %a, %b : tensor<6xi8>
  %5 = tg.floormod %a, %b : tensor<6xi8>
  %6 = tg.neg %a : tensor<6xi8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
}

// The same bits, signed and unsigned: shr is arithmetic for i8 and logical
// for ui8, cmplt compares by the element type, sub wraps modulo 2^8.
// RUN: tg-run %s --function=signedness --input=-128,64,-1,3 --input=1,1,7,6 --input=128,64,255,3 --input=1,1,7,6 | FileCheck %s --check-prefix=SIGN
// SIGN: result #0: tensor<4xi8> = [0, -128, -128, -64]
// SIGN: result #1: tensor<4xi8> = [-64, 32, -1, 0]
// SIGN: result #2: tensor<4xui8> = [0, 128, 128, 192]
// SIGN: result #3: tensor<4xui8> = [64, 32, 1, 0]
// SIGN: result #4: tensor<4xi1> = [true, false, true, true]
// SIGN: result #5: tensor<4xi1> = [false, false, false, true]
// SIGN: result #6: tensor<4xui8> = [127, 63, 248, 253]
// SIGN: result #7: tensor<4xui8> = [128, 64, 255, 6]
func.func @signedness(%a: tensor<4xi8>, %s: tensor<4xi8>, %u: tensor<4xui8>, %t: tensor<4xui8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<4xui8>) {
  %0 = tg.shl %a, %s : tensor<4xi8>
  %1 = tg.shr %a, %s : tensor<4xi8>
  %2 = tg.shl %u, %t : tensor<4xui8>
  %3 = tg.shr %u, %t : tensor<4xui8>
  %4 = tg.cmplt %a, %s : tensor<4xi8>
  %5 = tg.cmplt %u, %t : tensor<4xui8>
  %6 = tg.sub %u, %t : tensor<4xui8>
  %7 = tg.max %u, %t : tensor<4xui8>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<4xui8>
}

// Any comparison with NaN is false, and cmpne true; -0 == +0.
// RUN: tg-run %s --function=compare --input=nan,1,-0,2 --input=nan,2,0,1 | FileCheck %s --check-prefix=CMP
// CMP: result #0: tensor<4xi1> = [false, true, false, false]
// CMP: result #1: tensor<4xi1> = [true, true, false, true]
// CMP: result #2: tensor<4xi1> = [false, false, true, false]
func.func @compare(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.cmplt %a, %b : tensor<4xf64>
  %1 = tg.cmpne %a, %b : tensor<4xf64>
  %2 = tg.cmpeq %a, %b : tensor<4xf64>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// RUN: tg-run %s --function=ternary --input=true,false,true --input=1,2,3 --input=-1,-2,-3 --input=2,0.5,-4 | FileCheck %s --check-prefix=TERN
// TERN: result #0: tensor<3xi32> = [1, -2, 3]
// TERN: result #1: tensor<3xf16> = [5, 1.25, 17]
func.func @ternary(%c: tensor<3xi1>, %a: tensor<3xi32>, %b: tensor<3xi32>, %x: tensor<3xf16>) -> (tensor<3xi32>, tensor<3xf16>) {
  %0 = tg.where %c, %a, %b : tensor<3xi32>
  // x * x + 1
  %one = tg.const 1.0 : tensor<3xf16>
  %1 = tg.mulacc %x, %x, %one : tensor<3xf16>
  return %0, %1 : tensor<3xi32>, tensor<3xf16>
}

// Bools: and, or, xor, and max as logical or.
// RUN: tg-run %s --function=logic --input=false,false,true,true --input=false,true,false,true | FileCheck %s --check-prefix=BOOL
// BOOL: result #0: tensor<4xi1> = [false, false, false, true]
// BOOL: result #1: tensor<4xi1> = [false, true, true, true]
// BOOL: result #2: tensor<4xi1> = [false, true, true, false]
// BOOL: result #3: tensor<4xi1> = [false, true, true, true]
func.func @logic(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.and %a, %b : tensor<4xi1>
  %1 = tg.or %a, %b : tensor<4xi1>
  %2 = tg.xor %a, %b : tensor<4xi1>
  %3 = tg.max %a, %b : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// Float pow follows C pow; integer pow wraps, and a negative exponent gives
// 1 / x^|y| truncated toward zero.
// RUN: tg-run %s --function=power --input=-8,0,2,-2,-0 --input=0.3333333,-1,10,3,-1 --input=3,2,-1,5,-3 --input=4,31,-3,-1,0 | FileCheck %s --check-prefix=POW
// POW: result #0: tensor<5xf32> = [{{-?nan}}, inf, 1024, -8, -inf]
// POW: result #1: tensor<5xi32> = [81, -2147483648, -1, 0, 1]
func.func @power(%x: tensor<5xf32>, %y: tensor<5xf32>, %i: tensor<5xi32>, %j: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0 = tg.pow %x, %y : tensor<5xf32>
  %1 = tg.pow %i, %j : tensor<5xi32>
  return %0, %1 : tensor<5xf32>, tensor<5xi32>
}

// Threefry-2x32-20 against the known-answer tests of Random123
// (kat_vectors: threefry2x32_20): counter {0, 0} key {0, 0} gives
// {0x6b200159, 0x99ba4efe}; counter and key all ones give {0x1cb996fc,
// 0xbb002be7}; counter {0x243f6a88, 0x85a308d3} key {0x13198a2e,
// 0x03707344} gives {0xc4923a9c, 0x483df7a0}. Low word first, so
// x = hi << 32 | lo.
// RUN: tg-run %s --function=threefry --input=0,18446744073709551615,9629550131187509896 --input=0,18446744073709551615,247824715720788526 | FileCheck %s --check-prefix=THREEFRY
// THREEFRY: result #0: tensor<3xui64> = [11077253088097075545, 13474818356711888636, 5205589014174907036]
func.func @threefry(%x: tensor<3xui64>, %k: tensor<3xui64>) -> tensor<3xui64> {
  %0 = tg.threefry %x, %k : tensor<3xui64>
  return %0 : tensor<3xui64>
}

// DEBUG=1 prints the schedule and timing summary; DEBUG=2 one line per
// launched kernel (tinygrad's names: E_ for elementwise, the shape after),
// and the process's totals as its last line.
// RUN: env DEBUG=1 tg-run %s --function=one_kernel --input=1,2,3,4 2>&1 >/dev/null | FileCheck %s --check-prefix=DEBUG1
// RUN: env DEBUG=2 tg-run %s --function=one_kernel --input=1,2,3,4 2>&1 >/dev/null | FileCheck %s --check-prefix=DEBUG2
// RUN: env DEBUG=1 tg-run %s --function=one_kernel --input=1,2,3,4 2>/dev/null | FileCheck %s --check-prefix=RESULT
// DEBUG1-NOT: {{^}}  E_4
// DEBUG1: {{^}}scheduled 1 kernels, compiled in {{[0-9.]+}} s; 1 launches took {{[0-9.]+}} ms
// DEBUG2: {{^}}  E_4 {{ *[0-9.]+}} us {{ *[0-9.]+}} GFLOPS {{ *[0-9.]+}} GB/s
// DEBUG2-NEXT: {{^}}scheduled 1 kernels, compiled in {{[0-9.]+}} s; 1 launches took {{[0-9.]+}} ms
// DEBUG2-NEXT: {{^}}*** total {{ *}}1 launches of 1 kernels {{ *[0-9.]+}} ms {{ *[0-9.]+}} GFLOP ({{[0-9.]+}} GFLOPS) {{ *[0-9.]+}} GB ({{[0-9.]+}} GB/s)
// DEBUG2-EMPTY:
// RUN: env DEBUG=2 tg-run %s --function=one_kernel --input=1,2,3,4 --repeat=3 2>&1 >/dev/null | FileCheck %s --check-prefix=TOTALS
// TOTALS-COUNT-3: {{^}}  E_4
// TOTALS: {{^}}*** total {{ *}}3 launches of 1 kernels
// RESULT: result #0: tensor<4xf32> = [3, 5, 7, 9]
func.func @one_kernel(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = tg.const 2.0 : tensor<4xf32>
  %one = tg.const 1.0 : tensor<4xf32>
  %0 = tg.mulacc %x, %two, %one : tensor<4xf32>
  return %0 : tensor<4xf32>
}
