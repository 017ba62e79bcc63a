// Casts and bitcasts through the whole CPU pipeline, expected values by hand
// from the rules of tg.cast: float -> int truncates toward zero, int -> int
// extends by the source's signedness or wraps, -> float rounds to nearest
// even, -> bool is x != 0 (NaN is true); tg.bitcast keeps the bits.

// RUN: tg-run %s --function=float_to_int --input=-2.7,2.7,-0.5,1e9 --input=255.9,0.5,128,0 | FileCheck %s --check-prefix=F2I
// F2I: result #0: tensor<4xi32> = [-2, 2, 0, 1000000000]
// F2I: result #1: tensor<4xui8> = [255, 0, 128, 0]
func.func @float_to_int(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xui8>) {
  %0 = tg.cast %x : tensor<4xf32> to tensor<4xi32>
  %1 = tg.cast %y : tensor<4xf32> to tensor<4xui8>
  return %0, %1 : tensor<4xi32>, tensor<4xui8>
}

// RUN: tg-run %s --function=int_to_int --input=300,-129,127,-1 --input=-1,-128,5 --input=255,0 | FileCheck %s --check-prefix=I2I
// I2I: result #0: tensor<4xi8> = [44, 127, 127, -1]
// I2I: result #1: tensor<3xi32> = [-1, -128, 5]
// I2I: result #2: tensor<3xui32> = [4294967295, 4294967168, 5]
// I2I: result #3: tensor<2xi64> = [255, 0]
func.func @int_to_int(%a: tensor<4xi32>, %b: tensor<3xi8>, %c: tensor<2xui8>) -> (tensor<4xi8>, tensor<3xi32>, tensor<3xui32>, tensor<2xi64>) {
  %0 = tg.cast %a : tensor<4xi32> to tensor<4xi8>
  %1 = tg.cast %b : tensor<3xi8> to tensor<3xi32>
  %2 = tg.cast %b : tensor<3xi8> to tensor<3xui32>
  %3 = tg.cast %c : tensor<2xui8> to tensor<2xi64>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<3xi32>, tensor<3xui32>, tensor<2xi64>
}

// 2^24 + 1 and 2^24 + 3 are ties in f32 (to the even neighbour), 2^31 - 1
// rounds up to 2^31; back to i64 to see every digit. UINT64_MAX is 2^64 as
// a float.
// RUN: tg-run %s --function=int_to_float --input=16777217,16777219,2147483647 --input=18446744073709551615 | FileCheck %s --check-prefix=I2F
// I2F: result #0: tensor<3xi64> = [16777216, 16777220, 2147483648]
// I2F: result #1: tensor<1xf32> = [1.844674e+19]
// I2F: result #2: tensor<1xf64> = [1.844674407370955e+19]
func.func @int_to_float(%a: tensor<3xi32>, %u: tensor<1xui64>) -> (tensor<3xi64>, tensor<1xf32>, tensor<1xf64>) {
  %f = tg.cast %a : tensor<3xi32> to tensor<3xf32>
  %0 = tg.cast %f : tensor<3xf32> to tensor<3xi64>
  %1 = tg.cast %u : tensor<1xui64> to tensor<1xf32>
  %2 = tg.cast %u : tensor<1xui64> to tensor<1xf64>
  return %0, %1, %2 : tensor<3xi64>, tensor<1xf32>, tensor<1xf64>
}

// f16: 65520 is the tie between 65504 and 2^16 and rounds to even, which
// overflows to inf; 1e-8 is below half the smallest subnormal (2^-24), 6e-8
// rounds to it. bf16: 1 + 2^-8 and 1 + 3 * 2^-8 are ties.
// RUN: tg-run %s --function=float_to_float --input=65520,65519,0.3333333,1e-8,6e-8 --input=1.00390625,1.01171875,-2.5 --input=0.1,1e300,-1e-50 | FileCheck %s --check-prefix=F2F
// F2F: result #0: tensor<5xf16> = [inf, 65504, 0.33325, 0, 5.9605e-08]
// F2F: result #1: tensor<3xbf16> = [1, 1.0156, -2.5]
// F2F: result #2: tensor<3xf32> = [0.1, inf, -0]
func.func @float_to_float(%h: tensor<5xf32>, %b: tensor<3xf32>, %d: tensor<3xf64>) -> (tensor<5xf16>, tensor<3xbf16>, tensor<3xf32>) {
  %0 = tg.cast %h : tensor<5xf32> to tensor<5xf16>
  %1 = tg.cast %b : tensor<3xf32> to tensor<3xbf16>
  %2 = tg.cast %d : tensor<3xf64> to tensor<3xf32>
  return %0, %1, %2 : tensor<5xf16>, tensor<3xbf16>, tensor<3xf32>
}

// RUN: tg-run %s --function=bools --input=0,-0,nan,0.1 --input=true,false | FileCheck %s --check-prefix=BOOL
// BOOL: result #0: tensor<4xi1> = [false, false, true, true]
// BOOL: result #1: tensor<2xf32> = [1, 0]
// BOOL: result #2: tensor<2xi8> = [1, 0]
func.func @bools(%x: tensor<4xf32>, %b: tensor<2xi1>) -> (tensor<4xi1>, tensor<2xf32>, tensor<2xi8>) {
  %0 = tg.cast %x : tensor<4xf32> to tensor<4xi1>
  %1 = tg.cast %b : tensor<2xi1> to tensor<2xf32>
  %2 = tg.cast %b : tensor<2xi1> to tensor<2xi8>
  return %0, %1, %2 : tensor<4xi1>, tensor<2xf32>, tensor<2xi8>
}

// 1.0f is 0x3F800000, -0.0f 0x80000000, 0x7F800000 is +inf; f16 1.0 is
// 0x3C00 and -2.0 0xC000; bf16 1.0 is 0x3F80.
// RUN: tg-run %s --function=bitcasts --input=1,-0 --input=2139095040 --input=1,-2 --input=16256 | FileCheck %s --check-prefix=BITCAST
// BITCAST: result #0: tensor<2xi32> = [1065353216, -2147483648]
// BITCAST: result #1: tensor<1xf32> = [inf]
// BITCAST: result #2: tensor<2xi16> = [15360, -16384]
// BITCAST: result #3: tensor<1xbf16> = [1]
func.func @bitcasts(%f: tensor<2xf32>, %i: tensor<1xi32>, %h: tensor<2xf16>, %u: tensor<1xui16>) -> (tensor<2xi32>, tensor<1xf32>, tensor<2xi16>, tensor<1xbf16>) {
  %0 = tg.bitcast %f : tensor<2xf32> to tensor<2xi32>
  %1 = tg.bitcast %i : tensor<1xi32> to tensor<1xf32>
  %2 = tg.bitcast %h : tensor<2xf16> to tensor<2xi16>
  %3 = tg.bitcast %u : tensor<1xui16> to tensor<1xbf16>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<1xf32>, tensor<2xi16>, tensor<1xbf16>
}

// i8 -> ui8 keeps the bits and changes how they read.
// RUN: tg-run %s --function=same_width --input=-1,5,-128 | FileCheck %s --check-prefix=SAME
// SAME: result #0: tensor<3xui8> = [255, 5, 128]
func.func @same_width(%x: tensor<3xi8>) -> tensor<3xui8> {
  %0 = tg.cast %x : tensor<3xi8> to tensor<3xui8>
  return %0 : tensor<3xui8>
}

// Subnormal results: 2^-133 is the smallest bf16 subnormal, 1e-39 rounds
// to 11 of them; f64 -> bf16 gives the same.
// RUN: tg-run %s --function=subnormals --input=1e-39,9.1835496e-41 --input=1e-39 | FileCheck %s --check-prefix=SUBNORMAL
// SUBNORMAL: result #0: tensor<2xbf16> = [1.0102e-39, 9.1835e-41]
// SUBNORMAL: result #1: tensor<1xbf16> = [1.0102e-39]
func.func @subnormals(%x: tensor<2xf32>, %d: tensor<1xf64>) -> (tensor<2xbf16>, tensor<1xbf16>) {
  %0 = tg.cast %x : tensor<2xf32> to tensor<2xbf16>
  %1 = tg.cast %d : tensor<1xf64> to tensor<1xbf16>
  return %0, %1 : tensor<2xbf16>, tensor<1xbf16>
}

// bf16 copied through vector registers on a machine without AVX512-BF16
// (x86-64-v3): LLVM converts it with compiler-rt's __truncsfbf2, which the
// kernels are linked with; without it the kernel library does not load.
// RUN: tg-run %s --function=broadcast_bf16 --chip=x86-64-v3 --input=1.5,-0.25,3 | FileCheck %s --check-prefix=BF16
// BF16: result #0: tensor<2x3x4xbf16> = {{\[\[\[}}1.5, 1.5, 1.5, 1.5], [-0.25, -0.25, -0.25, -0.25], [3, 3, 3, 3]], {{\[\[}}1.5, 1.5, 1.5, 1.5], [-0.25, -0.25, -0.25, -0.25], [3, 3, 3, 3]]]
func.func @broadcast_bf16(%x: tensor<1x3x1xbf16>) -> tensor<2x3x4xbf16> {
  %0 = tg.expand %x : tensor<1x3x1xbf16> to tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}
