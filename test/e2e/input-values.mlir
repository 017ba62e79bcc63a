// --input values must be values of the argument's type, whole: an integer
// within the type's range, 0/1/true/false for i1, a decimal float (inf and
// nan too) not beyond the type's largest. Anything else is an error naming
// the --input and the element, never a value wrapped, clamped or cut short.
// Elements are separated by a comma, whitespace or both; an empty one is an
// error.

// Integers: out of range, signed and unsigned, at every width.
// RUN: not tg-run %s --function=i8 --input=1,2,3,300 2>&1 | FileCheck %s --check-prefix=I8HIGH
// I8HIGH: tg-run: --input #0 (tensor<4xi8>) '300' is out of range for i8 (element 3)
// RUN: not tg-run %s --function=i8 --input=-129,2,3,4 2>&1 | FileCheck %s --check-prefix=I8LOW
// I8LOW: tg-run: --input #0 (tensor<4xi8>) '-129' is out of range for i8 (element 0)
// RUN: not tg-run %s --function=ints --input=256 --random 2>&1 | FileCheck %s --check-prefix=UI8
// UI8: tg-run: --input #0 (tensor<1xui8>) '256' is out of range for ui8 (element 0)
// RUN: not tg-run %s --function=ints --input=-1 --random 2>&1 | FileCheck %s --check-prefix=UNEG
// UNEG: tg-run: --input #0 (tensor<1xui8>) '-1' is out of range for ui8 (element 0)
// RUN: not tg-run %s --function=ints --input=1 --input=32768 --random 2>&1 | FileCheck %s --check-prefix=I16
// I16: tg-run: --input #1 (tensor<1xi16>) '32768' is out of range for i16 (element 0)
// RUN: not tg-run %s --function=ints --input=1 --input=1 --input=65536 --random 2>&1 | FileCheck %s --check-prefix=UI16
// UI16: tg-run: --input #2 (tensor<1xui16>) '65536' is out of range for ui16 (element 0)
// RUN: not tg-run %s --function=ints --input=1 --input=1 --input=1 --input=-2147483649 --random 2>&1 | FileCheck %s --check-prefix=I32
// I32: tg-run: --input #3 (tensor<1xi32>) '-2147483649' is out of range for i32 (element 0)
// RUN: not tg-run %s --function=ints --input=1 --input=1 --input=1 --input=1 --input=4294967296 --random 2>&1 | FileCheck %s --check-prefix=UI32
// UI32: tg-run: --input #4 (tensor<1xui32>) '4294967296' is out of range for ui32 (element 0)
// RUN: not tg-run %s --function=ints --input=1 --input=1 --input=1 --input=1 --input=1 --input=9223372036854775808 --random 2>&1 | FileCheck %s --check-prefix=I64
// I64: tg-run: --input #5 (tensor<1xi64>) '9223372036854775808' is out of range for i64 (element 0)
// RUN: not tg-run %s --function=ints --input=1 --input=1 --input=1 --input=1 --input=1 --input=1 --input=18446744073709551616 2>&1 | FileCheck %s --check-prefix=UI64
// UI64: tg-run: --input #6 (tensor<1xui64>) '18446744073709551616' is out of range for ui64 (element 0)
// The extremes of every type are values.
// RUN: tg-run %s --function=ints --input=255 --input=-32768 --input=65535 --input=-2147483648 --input=4294967295 --input=-9223372036854775808 --input=18446744073709551615 | FileCheck %s --check-prefix=MAX
// MAX: result #0: tensor<1xui8> = [255]
// MAX: result #1: tensor<1xi16> = [-32768]
// MAX: result #2: tensor<1xui16> = [65535]
// MAX: result #3: tensor<1xi32> = [-2147483648]
// MAX: result #4: tensor<1xui32> = [4294967295]
// MAX: result #5: tensor<1xi64> = [-9223372036854775808]
// MAX: result #6: tensor<1xui64> = [18446744073709551615]
// Not integers.
// RUN: not tg-run %s --function=i8 --input=1,2.5,3,4 2>&1 | FileCheck %s --check-prefix=FRACTION
// FRACTION: tg-run: --input #0 (tensor<4xi8>) '2.5' is not a value of this type (element 1)
// RUN: not tg-run %s --function=i8 --input=1,2,1e2,4 2>&1 | FileCheck %s --check-prefix=EXPONENT
// EXPONENT: tg-run: --input #0 (tensor<4xi8>) '1e2' is not a value of this type (element 2)
// RUN: not tg-run %s --function=i8 --input=1,2,3,true 2>&1 | FileCheck %s --check-prefix=INTBOOL
// INTBOOL: tg-run: --input #0 (tensor<4xi8>) 'true' is not a value of this type (element 3)
// RUN: not tg-run %s --function=i8 --input=1,--2,3,4 2>&1 | FileCheck %s --check-prefix=SIGNS
// SIGNS: tg-run: --input #0 (tensor<4xi8>) '--2' is not a value of this type (element 1)

// i1: 0, 1, true and false only.
// RUN: tg-run %s --function=i1 --input=0,1,true,false | FileCheck %s --check-prefix=BOOLS
// BOOLS: result #0: tensor<4xi1> = [false, true, true, false]
// RUN: not tg-run %s --function=i1 --input=0,2,1,1 2>&1 | FileCheck %s --check-prefix=BOOL2
// BOOL2: tg-run: --input #0 (tensor<4xi1>) '2' is not a value of this type (element 1)
// RUN: not tg-run %s --function=i1 --input=0,1,-1,1 2>&1 | FileCheck %s --check-prefix=BOOLNEG
// BOOLNEG: tg-run: --input #0 (tensor<4xi1>) '-1' is not a value of this type (element 2)
// RUN: not tg-run %s --function=i1 --input=1.5,1,1,1 2>&1 | FileCheck %s --check-prefix=BOOLFRACTION
// BOOLFRACTION: tg-run: --input #0 (tensor<4xi1>) '1.5' is not a value of this type (element 0)
// RUN: not tg-run %s --function=i1 --input=1,1,1,nan 2>&1 | FileCheck %s --check-prefix=BOOLNAN
// BOOLNAN: tg-run: --input #0 (tensor<4xi1>) 'nan' is not a value of this type (element 3)

// Floats: whole decimal numbers, inf and nan; not i1's names.
// RUN: tg-run %s --function=f32 --input=-inf,nan,+.5 | FileCheck %s --check-prefix=SPECIAL
// SPECIAL: result #0: tensor<3xf32> = [-inf, nan, 0.5]
// RUN: not tg-run %s --function=f32 --input=true,1,2 2>&1 | FileCheck %s --check-prefix=FTRUE
// FTRUE: tg-run: --input #0 (tensor<3xf32>) 'true' is not a value of this type (element 0)
// RUN: not tg-run %s --function=f32 --input=1,1e,2 2>&1 | FileCheck %s --check-prefix=FEXP
// FEXP: tg-run: --input #0 (tensor<3xf32>) '1e' is not a value of this type (element 1)
// RUN: not tg-run %s --function=f32 --input=1,2,0x10 2>&1 | FileCheck %s --check-prefix=FHEX
// FHEX: tg-run: --input #0 (tensor<3xf32>) '0x10' is not a value of this type (element 2)
// Beyond the largest value of the type (f32: 3.4028235e38; f16: 65504,
// which 65519 rounds to and 65520 does not); too small ones round.
// RUN: not tg-run %s --function=f32 --input=1,2,3.5e38 2>&1 | FileCheck %s --check-prefix=F32BIG
// F32BIG: tg-run: --input #0 (tensor<3xf32>) '3.5e38' is out of range for f32 (element 2)
// RUN: not tg-run %s --function=f32 --input=1e400,2,3 2>&1 | FileCheck %s --check-prefix=F64BIG
// F64BIG: tg-run: --input #0 (tensor<3xf32>) '1e400' is out of range for f32 (element 0)
// RUN: not tg-run %s --function=f16 --input=65519,65520 2>&1 | FileCheck %s --check-prefix=F16BIG
// F16BIG: tg-run: --input #0 (tensor<2xf16>) '65520' is out of range for f16 (element 1)
// RUN: tg-run %s --function=f16 --input=65519,1e-400 | FileCheck %s --check-prefix=F16
// F16: result #0: tensor<2xf16> = [65504, 0]

// Empty elements, and a splat that is not a value.
// RUN: not tg-run %s --function=f32 --input=1,,2 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: tg-run: --input #0 (tensor<3xf32>) element 1 is empty
// RUN: not tg-run %s --function=f32 --input=,1,2,3 2>&1 | FileCheck %s --check-prefix=EMPTYFIRST
// EMPTYFIRST: tg-run: --input #0 (tensor<3xf32>) element 0 is empty
// RUN: not tg-run %s --function=f32 --input=1,2,3, 2>&1 | FileCheck %s --check-prefix=EMPTYLAST
// EMPTYLAST: tg-run: --input #0 (tensor<3xf32>) element 3 is empty
// RUN: tg-run %s --function=f32 --input='1 2 , 3' | FileCheck %s --check-prefix=SPACES
// SPACES: result #0: tensor<3xf32> = [1, 2, 3]
// RUN: not tg-run %s --function=i8 --input=splat:300 2>&1 | FileCheck %s --check-prefix=SPLAT
// SPLAT: tg-run: --input #0 (tensor<4xi8>) '300' is out of range for i8
// RUN: not tg-run %s --function=f32 --input=splat: 2>&1 | FileCheck %s --check-prefix=SPLATEMPTY
// SPLATEMPTY: tg-run: --input #0 (tensor<3xf32>) '' is not a value of this type

// A value read from a file is checked the same way.
// RUN: printf '1 2\n3 300\n' > %t.i8
// RUN: not tg-run %s --function=i8 --input=@%t.i8 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: tg-run: --input #0 (tensor<4xi8>) '300' is out of range for i8 (element 3)

func.func @i8(%x: tensor<4xi8>) -> tensor<4xi8> {
  return %x : tensor<4xi8>
}

func.func @i1(%x: tensor<4xi1>) -> tensor<4xi1> {
  return %x : tensor<4xi1>
}

func.func @f32(%x: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}

func.func @f16(%x: tensor<2xf16>) -> tensor<2xf16> {
  return %x : tensor<2xf16>
}

func.func @ints(%a: tensor<1xui8>, %b: tensor<1xi16>, %c: tensor<1xui16>, %d: tensor<1xi32>, %e: tensor<1xui32>, %f: tensor<1xi64>, %g: tensor<1xui64>) -> (tensor<1xui8>, tensor<1xi16>, tensor<1xui16>, tensor<1xi32>, tensor<1xui32>, tensor<1xi64>, tensor<1xui64>) {
  return %a, %b, %c, %d, %e, %f, %g : tensor<1xui8>, tensor<1xi16>, tensor<1xui16>, tensor<1xi32>, tensor<1xui32>, tensor<1xi64>, tensor<1xui64>
}
