// RUN: tg-opt %s --convert-tg-to-arith | FileCheck %s

// Integer ALU ops: the element type chooses the op. Signless iN is signed,
// uiN unsigned (and becomes signless iN), index is a signed 64-bit integer.

//===----------------------------------------------------------------------===//
// Signed
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @signed_wrapping(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> (i32, i32, i32, i32)
// CHECK-NEXT:    %[[ADD:.+]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[SUB:.+]] = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[MUL:.+]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[AB:.+]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[MAC:.+]] = arith.addi %[[AB]], %[[A]] : i32
// CHECK-NEXT:    return %[[ADD]], %[[SUB]], %[[MUL]], %[[MAC]]
func.func @signed_wrapping(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = tg.add %a, %b : i32
  %1 = tg.sub %a, %b : i32
  %2 = tg.mul %a, %b : i32
  %3 = tg.mulacc %a, %b, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// Negation is 0 - x (wrapping: -INT_MIN = INT_MIN).
// CHECK-LABEL: func.func @signed_neg(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i8) -> i8
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : i8
// CHECK-NEXT:    %[[N:.+]] = arith.subi %[[ZERO]], %[[A]] : i8
// CHECK-NEXT:    return %[[N]] : i8
func.func @signed_neg(%a: i8) -> i8 {
  %0 = tg.neg %a : i8
  return %0 : i8
}

// C-style division and remainder round toward zero: -7 cdiv 2 = -3,
// -7 cmod 2 = -1. A divisor of -1 is replaced by 1 and the quotient negated,
// so INT_MIN / -1 wraps (and its remainder is 0) instead of trapping.
// CHECK-LABEL: func.func @signed_cdiv_cmod(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> (i32, i32)
// CHECK-NEXT:    %[[M1:.+]] = arith.constant -1 : i32
// CHECK-NEXT:    %[[BYM1:.+]] = arith.cmpi eq, %[[B]], %[[M1]] : i32
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[SAFE:.+]] = arith.select %[[BYM1]], %[[ONE]], %[[B]] : i32
// CHECK-NEXT:    %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[NEG:.+]] = arith.subi %[[ZERO]], %[[A]] : i32
// CHECK-NEXT:    %[[DIV:.+]] = arith.divsi %[[A]], %[[SAFE]] : i32
// CHECK-NEXT:    %[[Q:.+]] = arith.select %[[BYM1]], %[[NEG]], %[[DIV]] : i32
// CHECK:         %[[BYM1R:.+]] = arith.cmpi eq, %[[B]], %{{.+}} : i32
// CHECK:         %[[SAFER:.+]] = arith.select %[[BYM1R]], %{{.+}}, %[[B]] : i32
// CHECK-NEXT:    %[[R:.+]] = arith.remsi %[[A]], %[[SAFER]] : i32
// CHECK-NEXT:    return %[[Q]], %[[R]]
func.func @signed_cdiv_cmod(%a: i32, %b: i32) -> (i32, i32) {
  %0 = tg.cdiv %a, %b : i32
  %1 = tg.cmod %a, %b : i32
  return %0, %1 : i32, i32
}

// Python-style floor division: -7 floordiv 2 = -4.
// CHECK-LABEL: func.func @signed_floordiv(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64) -> i64
// CHECK:         %[[BYM1:.+]] = arith.cmpi eq, %[[B]], %{{.+}} : i64
// CHECK:         %[[SAFE:.+]] = arith.select %[[BYM1]], %{{.+}}, %[[B]] : i64
// CHECK:         %[[NEG:.+]] = arith.subi %{{.+}}, %[[A]] : i64
// CHECK-NEXT:    %[[DIV:.+]] = arith.floordivsi %[[A]], %[[SAFE]] : i64
// CHECK-NEXT:    %[[Q:.+]] = arith.select %[[BYM1]], %[[NEG]], %[[DIV]] : i64
// CHECK-NEXT:    return %[[Q]] : i64
func.func @signed_floordiv(%a: i64, %b: i64) -> i64 {
  %0 = tg.floordiv %a, %b : i64
  return %0 : i64
}

// Python-style floor remainder, with the sign of the divisor
// (-7 floormod 2 = 1): the C remainder, plus the divisor when the remainder
// is non-zero and its sign differs from the divisor's.
// CHECK-LABEL: func.func @signed_floormod(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> i32
// CHECK:         %[[SAFE:.+]] = arith.select %{{.+}}, %{{.+}}, %[[B]] : i32
// CHECK-NEXT:    %[[REM:.+]] = arith.remsi %[[A]], %[[SAFE]] : i32
// CHECK-NEXT:    %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[NZ:.+]] = arith.cmpi ne, %[[REM]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[RNEG:.+]] = arith.cmpi slt, %[[REM]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[BNEG:.+]] = arith.cmpi slt, %[[B]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[DIFF:.+]] = arith.xori %[[RNEG]], %[[BNEG]] : i1
// CHECK-NEXT:    %[[FIX:.+]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK-NEXT:    %[[ADJ:.+]] = arith.select %[[FIX]], %[[B]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[M:.+]] = arith.addi %[[REM]], %[[ADJ]] : i32
// CHECK-NEXT:    return %[[M]] : i32
func.func @signed_floormod(%a: i32, %b: i32) -> i32 {
  %0 = tg.floormod %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @signed_max_pow(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i16, %[[B:[a-z0-9]+]]: i16) -> (i16, i16)
// CHECK-NEXT:    %[[M:.+]] = arith.maxsi %[[A]], %[[B]] : i16
// CHECK-NEXT:    %[[P:.+]] = math.ipowi %[[A]], %[[B]] : i16
// CHECK-NEXT:    return %[[M]], %[[P]]
func.func @signed_max_pow(%a: i16, %b: i16) -> (i16, i16) {
  %0 = tg.max %a, %b : i16
  %1 = tg.pow %a, %b : i16
  return %0, %1 : i16, i16
}

// Right shifts are arithmetic for signed types.
// CHECK-LABEL: func.func @signed_bits(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> (i32, i32, i32, i32, i32)
// CHECK-NEXT:    %[[SHL:.+]] = arith.shli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[SHR:.+]] = arith.shrsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[AND:.+]] = arith.andi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[OR:.+]] = arith.ori %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[XOR:.+]] = arith.xori %[[A]], %[[B]] : i32
// CHECK-NEXT:    return %[[SHL]], %[[SHR]], %[[AND]], %[[OR]], %[[XOR]]
func.func @signed_bits(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %0 = tg.shl %a, %b : i32
  %1 = tg.shr %a, %b : i32
  %2 = tg.and %a, %b : i32
  %3 = tg.or %a, %b : i32
  %4 = tg.xor %a, %b : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

// Comparisons are signed.
// CHECK-LABEL: func.func @signed_compare(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i8, %[[B:[a-z0-9]+]]: i8) -> (i1, i1, i1)
// CHECK-NEXT:    %[[LT:.+]] = arith.cmpi slt, %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[NE:.+]] = arith.cmpi ne, %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[EQ:.+]] = arith.cmpi eq, %[[A]], %[[B]] : i8
// CHECK-NEXT:    return %[[LT]], %[[NE]], %[[EQ]]
func.func @signed_compare(%a: i8, %b: i8) -> (i1, i1, i1) {
  %0 = tg.cmplt %a, %b : i8
  %1 = tg.cmpne %a, %b : i8
  %2 = tg.cmpeq %a, %b : i8
  return %0, %1, %2 : i1, i1, i1
}

//===----------------------------------------------------------------------===//
// Unsigned: the ops that care about the sign are unsigned, the type becomes
// signless.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unsigned_wrapping(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> (i32, i32, i32, i32)
// CHECK-NEXT:    %[[ADD:.+]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[SUB:.+]] = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[MUL:.+]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[AB:.+]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[MAC:.+]] = arith.addi %[[AB]], %[[A]] : i32
// CHECK-NEXT:    return %[[ADD]], %[[SUB]], %[[MUL]], %[[MAC]] : i32, i32, i32, i32
func.func @unsigned_wrapping(%a: ui32, %b: ui32) -> (ui32, ui32, ui32, ui32) {
  %0 = tg.add %a, %b : ui32
  %1 = tg.sub %a, %b : ui32
  %2 = tg.mul %a, %b : ui32
  %3 = tg.mulacc %a, %b, %a : ui32
  return %0, %1, %2, %3 : ui32, ui32, ui32, ui32
}

// Unsigned division rounds down either way: cdiv and floordiv are both
// divui, cmod and floormod both remui (no sign fix).
// CHECK-LABEL: func.func @unsigned_division(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> (i32, i32, i32, i32)
// CHECK-NEXT:    %[[CDIV:.+]] = arith.divui %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[CMOD:.+]] = arith.remui %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[FDIV:.+]] = arith.divui %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[FMOD:.+]] = arith.remui %[[A]], %[[B]] : i32
// CHECK-NEXT:    return %[[CDIV]], %[[CMOD]], %[[FDIV]], %[[FMOD]]
func.func @unsigned_division(%a: ui32, %b: ui32) -> (ui32, ui32, ui32, ui32) {
  %0 = tg.cdiv %a, %b : ui32
  %1 = tg.cmod %a, %b : ui32
  %2 = tg.floordiv %a, %b : ui32
  %3 = tg.floormod %a, %b : ui32
  return %0, %1, %2, %3 : ui32, ui32, ui32, ui32
}

// Right shifts are logical for unsigned types; max is unsigned.
// CHECK-LABEL: func.func @unsigned_bits(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i8, %[[B:[a-z0-9]+]]: i8) -> (i8, i8, i8, i8, i8, i8)
// CHECK-NEXT:    %[[SHL:.+]] = arith.shli %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[SHR:.+]] = arith.shrui %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[AND:.+]] = arith.andi %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[OR:.+]] = arith.ori %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[XOR:.+]] = arith.xori %[[A]], %[[B]] : i8
// CHECK-NEXT:    %[[MAX:.+]] = arith.maxui %[[A]], %[[B]] : i8
// CHECK-NEXT:    return %[[SHL]], %[[SHR]], %[[AND]], %[[OR]], %[[XOR]], %[[MAX]]
func.func @unsigned_bits(%a: ui8, %b: ui8) -> (ui8, ui8, ui8, ui8, ui8, ui8) {
  %0 = tg.shl %a, %b : ui8
  %1 = tg.shr %a, %b : ui8
  %2 = tg.and %a, %b : ui8
  %3 = tg.or %a, %b : ui8
  %4 = tg.xor %a, %b : ui8
  %5 = tg.max %a, %b : ui8
  return %0, %1, %2, %3, %4, %5 : ui8, ui8, ui8, ui8, ui8, ui8
}

// Less-than is unsigned; equality does not care.
// CHECK-LABEL: func.func @unsigned_compare(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64) -> (i1, i1, i1)
// CHECK-NEXT:    %[[LT:.+]] = arith.cmpi ult, %[[A]], %[[B]] : i64
// CHECK-NEXT:    %[[NE:.+]] = arith.cmpi ne, %[[A]], %[[B]] : i64
// CHECK-NEXT:    %[[EQ:.+]] = arith.cmpi eq, %[[A]], %[[B]] : i64
// CHECK-NEXT:    return %[[LT]], %[[NE]], %[[EQ]]
func.func @unsigned_compare(%a: ui64, %b: ui64) -> (i1, i1, i1) {
  %0 = tg.cmplt %a, %b : ui64
  %1 = tg.cmpne %a, %b : ui64
  %2 = tg.cmpeq %a, %b : ui64
  return %0, %1, %2 : i1, i1, i1
}

// CHECK-LABEL: func.func @unsigned_where(
// CHECK-SAME:      %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: i16, %[[B:[a-z0-9]+]]: i16) -> i16
// CHECK-NEXT:    %[[S:.+]] = arith.select %[[C]], %[[A]], %[[B]] : i16
// CHECK-NEXT:    return %[[S]] : i16
func.func @unsigned_where(%c: i1, %a: ui16, %b: ui16) -> ui16 {
  %0 = tg.where %c, %a, %b : ui16
  return %0 : ui16
}

//===----------------------------------------------------------------------===//
// index: tinygrad's index arithmetic, signed.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @index_arith(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: index, %[[B:[a-z0-9]+]]: index) -> (index, index, index, index, index, index, index)
// CHECK-NEXT:    %[[ADD:.+]] = arith.addi %[[A]], %[[B]] : index
// CHECK-NEXT:    %[[SUB:.+]] = arith.subi %[[A]], %[[B]] : index
// CHECK-NEXT:    %[[MUL:.+]] = arith.muli %[[A]], %[[B]] : index
// CHECK:         arith.divsi %[[A]], %{{.+}} : index
// CHECK:         %[[CDIV:.+]] = arith.select
// CHECK:         %[[CMOD:.+]] = arith.remsi %[[A]], %{{.+}} : index
// CHECK:         arith.floordivsi %[[A]], %{{.+}} : index
// CHECK-NEXT:    %[[FDIV:.+]] = arith.select
// CHECK-NEXT:    %[[MAX:.+]] = arith.maxsi %[[A]], %[[B]] : index
// CHECK-NEXT:    return %[[ADD]], %[[SUB]], %[[MUL]], %[[CDIV]], %[[CMOD]], %[[FDIV]], %[[MAX]]
func.func @index_arith(%a: index, %b: index) -> (index, index, index, index, index, index, index) {
  %0 = tg.add %a, %b : index
  %1 = tg.sub %a, %b : index
  %2 = tg.mul %a, %b : index
  %3 = tg.cdiv %a, %b : index
  %4 = tg.cmod %a, %b : index
  %5 = tg.floordiv %a, %b : index
  %6 = tg.max %a, %b : index
  return %0, %1, %2, %3, %4, %5, %6 : index, index, index, index, index, index, index
}

// CHECK-LABEL: func.func @index_floormod(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: index, %[[B:[a-z0-9]+]]: index) -> index
// CHECK:         %[[SAFE:.+]] = arith.select %{{.+}}, %{{.+}}, %[[B]] : index
// CHECK-NEXT:    %[[REM:.+]] = arith.remsi %[[A]], %[[SAFE]] : index
// CHECK-NEXT:    %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[NZ:.+]] = arith.cmpi ne, %[[REM]], %[[ZERO]] : index
// CHECK-NEXT:    %[[RNEG:.+]] = arith.cmpi slt, %[[REM]], %[[ZERO]] : index
// CHECK-NEXT:    %[[BNEG:.+]] = arith.cmpi slt, %[[B]], %[[ZERO]] : index
// CHECK-NEXT:    %[[DIFF:.+]] = arith.xori %[[RNEG]], %[[BNEG]] : i1
// CHECK-NEXT:    %[[FIX:.+]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK-NEXT:    %[[ADJ:.+]] = arith.select %[[FIX]], %[[B]], %[[ZERO]] : index
// CHECK-NEXT:    %[[M:.+]] = arith.addi %[[REM]], %[[ADJ]] : index
// CHECK-NEXT:    return %[[M]] : index
func.func @index_floormod(%a: index, %b: index) -> index {
  %0 = tg.floormod %a, %b : index
  return %0 : index
}

// CHECK-LABEL: func.func @index_neg_shift_compare(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: index, %[[B:[a-z0-9]+]]: index) -> (index, index, i1)
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[NEG:.+]] = arith.subi %[[ZERO]], %[[A]] : index
// CHECK-NEXT:    %[[SHR:.+]] = arith.shrsi %[[A]], %[[B]] : index
// CHECK-NEXT:    %[[LT:.+]] = arith.cmpi slt, %[[A]], %[[B]] : index
// CHECK-NEXT:    return %[[NEG]], %[[SHR]], %[[LT]]
func.func @index_neg_shift_compare(%a: index, %b: index) -> (index, index, i1) {
  %0 = tg.neg %a : index
  %1 = tg.shr %a, %b : index
  %2 = tg.cmplt %a, %b : index
  return %0, %1, %2 : index, index, i1
}

//===----------------------------------------------------------------------===//
// Unsigned constants are signless
//===----------------------------------------------------------------------===//

// Unsigned negation is 2^n - x: 0 - x on the signless type.
// CHECK-LABEL: func.func @unsigned_neg(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32) -> i32
// CHECK-NEXT:    %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[N:.+]] = arith.subi %[[ZERO]], %[[A]] : i32
func.func @unsigned_neg(%a: ui32) -> ui32 {
  %0 = tg.neg %a : ui32
  return %0 : ui32
}

// An unsigned power: math.ipowi reads its exponent as signed, so base and
// exponent are extended to twice the width first (200 : ui8 stays 200).
// CHECK-LABEL: func.func @unsigned_pow(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i8, %[[B:[a-z0-9]+]]: i8) -> i8
// CHECK-NEXT:    %[[WA:.+]] = arith.extui %[[A]] : i8 to i16
// CHECK-NEXT:    %[[WB:.+]] = arith.extui %[[B]] : i8 to i16
// CHECK-NEXT:    %[[P:.+]] = math.ipowi %[[WA]], %[[WB]] : i16
// CHECK-NEXT:    %[[R:.+]] = arith.trunci %[[P]] : i16 to i8
// CHECK-NEXT:    return %[[R]] : i8
func.func @unsigned_pow(%a: ui8, %b: ui8) -> ui8 {
  %0 = tg.pow %a, %b : ui8
  return %0 : ui8
}
