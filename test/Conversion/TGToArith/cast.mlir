// RUN: tg-opt %s --convert-tg-to-arith | FileCheck %s

// tinygrad's CAST between element kinds: integers extend by the source's
// signedness and truncate by wrapping; float -> int truncates toward zero
// (signed or unsigned by the target); int -> float by the source's
// signedness; anything -> bool is x != 0 (NaN is true); bool -> number is
// 0 or 1; index behaves as a signed 64-bit integer.

//===----------------------------------------------------------------------===//
// Integer <-> integer
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @signed_widen(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: i8) -> (i32, i64)
// CHECK-NEXT:    %[[A:.+]] = arith.extsi %[[X]] : i8 to i32
// CHECK-NEXT:    %[[B:.+]] = arith.extsi %[[X]] : i8 to i64
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @signed_widen(%x: i8) -> (i32, i64) {
  %0 = tg.cast %x : i8 to i32
  %1 = tg.cast %x : i8 to i64
  return %0, %1 : i32, i64
}

// The source's signedness decides: (uint32)(int8)-1 is 0xFFFFFFFF.
// CHECK-LABEL: func.func @signed_to_wider_unsigned(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: i8) -> i32
// CHECK-NEXT:    %[[A:.+]] = arith.extsi %[[X]] : i8 to i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @signed_to_wider_unsigned(%x: i8) -> ui32 {
  %0 = tg.cast %x : i8 to ui32
  return %0 : ui32
}

// CHECK-LABEL: func.func @unsigned_widen(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: i8) -> (i32, i64)
// CHECK-NEXT:    %[[A:.+]] = arith.extui %[[X]] : i8 to i32
// CHECK-NEXT:    %[[B:.+]] = arith.extui %[[X]] : i8 to i64
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @unsigned_widen(%x: ui8) -> (i32, ui64) {
  %0 = tg.cast %x : ui8 to i32
  %1 = tg.cast %x : ui8 to ui64
  return %0, %1 : i32, ui64
}

// Narrowing wraps, whatever the signs.
// CHECK-LABEL: func.func @narrow(
// CHECK-SAME:      %[[S:[a-z0-9]+]]: i64, %[[U:[a-z0-9]+]]: i32) -> (i8, i8, i16, i16)
// CHECK-NEXT:    %[[A:.+]] = arith.trunci %[[S]] : i64 to i8
// CHECK-NEXT:    %[[B:.+]] = arith.trunci %[[S]] : i64 to i8
// CHECK-NEXT:    %[[C:.+]] = arith.trunci %[[U]] : i32 to i16
// CHECK-NEXT:    %[[D:.+]] = arith.trunci %[[U]] : i32 to i16
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @narrow(%s: i64, %u: ui32) -> (i8, ui8, i16, ui16) {
  %0 = tg.cast %s : i64 to i8
  %1 = tg.cast %s : i64 to ui8
  %2 = tg.cast %u : ui32 to i16
  %3 = tg.cast %u : ui32 to ui16
  return %0, %1, %2, %3 : i8, ui8, i16, ui16
}

// Same width, other signedness: the bits are unchanged, no op.
// CHECK-LABEL: func.func @same_width(
// CHECK-SAME:      %[[S:[a-z0-9]+]]: i32, %[[U:[a-z0-9]+]]: i32) -> (i32, i32)
// CHECK-NEXT:    return %[[S]], %[[U]] : i32, i32
func.func @same_width(%s: i32, %u: ui32) -> (ui32, i32) {
  %0 = tg.cast %s : i32 to ui32
  %1 = tg.cast %u : ui32 to i32
  return %0, %1 : ui32, i32
}

//===----------------------------------------------------------------------===//
// index
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @to_index(
// CHECK-SAME:      %[[S:[a-z0-9]+]]: i32, %[[U:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i1) -> (index, index, index)
// CHECK-NEXT:    %[[A:.+]] = arith.index_cast %[[S]] : i32 to index
// CHECK-NEXT:    %[[C:.+]] = arith.index_castui %[[U]] : i64 to index
// CHECK-NEXT:    %[[D:.+]] = arith.index_castui %[[B]] : i1 to index
// CHECK-NEXT:    return %[[A]], %[[C]], %[[D]]
func.func @to_index(%s: i32, %u: ui64, %b: i1) -> (index, index, index) {
  %0 = tg.cast %s : i32 to index
  %1 = tg.cast %u : ui64 to index
  %2 = tg.cast %b : i1 to index
  return %0, %1, %2 : index, index, index
}

// CHECK-LABEL: func.func @from_index(
// CHECK-SAME:      %[[I:[a-z0-9]+]]: index) -> (i8, i64, i32)
// CHECK-NEXT:    %[[A:.+]] = arith.index_cast %[[I]] : index to i8
// CHECK-NEXT:    %[[B:.+]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:    %[[C:.+]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
func.func @from_index(%i: index) -> (i8, i64, ui32) {
  %0 = tg.cast %i : index to i8
  %1 = tg.cast %i : index to i64
  %2 = tg.cast %i : index to ui32
  return %0, %1, %2 : i8, i64, ui32
}

// index <-> float goes through i64, signed.
// CHECK-LABEL: func.func @index_float(
// CHECK-SAME:      %[[I:[a-z0-9]+]]: index, %[[F:[a-z0-9]+]]: f32) -> (f32, index)
// CHECK-NEXT:    %[[I64:.+]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:    %[[A:.+]] = arith.sitofp %[[I64]] : i64 to f32
// CHECK-NEXT:    %[[F64:.+]] = arith.fptosi %[[F]] : f32 to i64
// CHECK-NEXT:    %[[B:.+]] = arith.index_cast %[[F64]] : i64 to index
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @index_float(%i: index, %f: f32) -> (f32, index) {
  %0 = tg.cast %i : index to f32
  %1 = tg.cast %f : f32 to index
  return %0, %1 : f32, index
}

//===----------------------------------------------------------------------===//
// Integer <-> float
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @int_to_float(
// CHECK-SAME:      %[[S:[a-z0-9]+]]: i32, %[[U:[a-z0-9]+]]: i32, %[[U64:[a-z0-9]+]]: i64) -> (f32, f32, f16, bf16)
// CHECK-NEXT:    %[[A:.+]] = arith.sitofp %[[S]] : i32 to f32
// CHECK-NEXT:    %[[B:.+]] = arith.uitofp %[[U]] : i32 to f32
// CHECK-NEXT:    %[[C:.+]] = arith.uitofp %[[U64]] : i64 to f16
// CHECK-NEXT:    %[[D:.+]] = arith.sitofp %[[S]] : i32 to bf16
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @int_to_float(%s: i32, %u: ui32, %u64: ui64) -> (f32, f32, f16, bf16) {
  %0 = tg.cast %s : i32 to f32
  %1 = tg.cast %u : ui32 to f32
  %2 = tg.cast %u64 : ui64 to f16
  %3 = tg.cast %s : i32 to bf16
  return %0, %1, %2, %3 : f32, f32, f16, bf16
}

// The target's signedness picks fptosi or fptoui.
// CHECK-LABEL: func.func @float_to_int(
// CHECK-SAME:      %[[F:[a-z0-9]+]]: f32, %[[H:[a-z0-9]+]]: f16, %[[D:[a-z0-9]+]]: f64) -> (i32, i8, i64, i16)
// CHECK-NEXT:    %[[A:.+]] = arith.fptosi %[[F]] : f32 to i32
// CHECK-NEXT:    %[[B:.+]] = arith.fptoui %[[H]] : f16 to i8
// CHECK-NEXT:    %[[C:.+]] = arith.fptoui %[[D]] : f64 to i64
// CHECK-NEXT:    %[[E:.+]] = arith.fptosi %[[D]] : f64 to i16
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[E]]
func.func @float_to_int(%f: f32, %h: f16, %d: f64) -> (i32, ui8, ui64, i16) {
  %0 = tg.cast %f : f32 to i32
  %1 = tg.cast %h : f16 to ui8
  %2 = tg.cast %d : f64 to ui64
  %3 = tg.cast %d : f64 to i16
  return %0, %1, %2, %3 : i32, ui8, ui64, i16
}

//===----------------------------------------------------------------------===//
// Float <-> float
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @float_to_float(
// CHECK-SAME:      %[[H:[a-z0-9]+]]: f16, %[[F:[a-z0-9]+]]: f32, %[[D:[a-z0-9]+]]: f64) -> (f32, f64, f16, bf16, bf16)
// CHECK-NEXT:    %[[A:.+]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT:    %[[B:.+]] = arith.extf %[[F]] : f32 to f64
// CHECK-NEXT:    %[[C:.+]] = arith.truncf %[[F]] : f32 to f16
// CHECK-NEXT:    %[[E:.+]] = arith.truncf %[[F]] : f32 to bf16
// f64 → bf16 rounds to odd in f32 first (truncated toward zero, last bit
// set when inexact), so the two roundings round like one.
// CHECK-NEXT:    %[[NEAR:.+]] = arith.truncf %[[D]] : f64 to f32
// CHECK-NEXT:    %[[BACK:.+]] = arith.extf %[[NEAR]] : f32 to f64
// CHECK-NEXT:    %[[BITS:.+]] = arith.bitcast %[[NEAR]] : f32 to i32
// CHECK-NEXT:    %[[ABSBACK:.+]] = math.absf %[[BACK]] : f64
// CHECK-NEXT:    %[[ABSD:.+]] = math.absf %[[D]] : f64
// CHECK-NEXT:    %[[AWAY:.+]] = arith.cmpf ogt, %[[ABSBACK]], %[[ABSD]] : f64
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[DOWN:.+]] = arith.subi %[[BITS]], %[[ONE]] : i32
// CHECK-NEXT:    %[[TRUNC:.+]] = arith.select %[[AWAY]], %[[DOWN]], %[[BITS]] : i32
// CHECK-NEXT:    %[[INEXACT:.+]] = arith.cmpf une, %[[BACK]], %[[D]] : f64
// CHECK-NEXT:    %[[SET:.+]] = arith.ori %[[TRUNC]], %[[ONE]] : i32
// CHECK-NEXT:    %[[ODD:.+]] = arith.select %[[INEXACT]], %[[SET]], %[[TRUNC]] : i32
// CHECK-NEXT:    %[[ODDF:.+]] = arith.bitcast %[[ODD]] : i32 to f32
// CHECK-NEXT:    %[[G:.+]] = arith.truncf %[[ODDF]] : f32 to bf16
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[E]], %[[G]]
func.func @float_to_float(%h: f16, %f: f32, %d: f64) -> (f32, f64, f16, bf16, bf16) {
  %0 = tg.cast %h : f16 to f32
  %1 = tg.cast %f : f32 to f64
  %2 = tg.cast %f : f32 to f16
  %3 = tg.cast %f : f32 to bf16
  %4 = tg.cast %d : f64 to bf16
  return %0, %1, %2, %3, %4 : f32, f64, f16, bf16, bf16
}

// f16 <-> bf16 have the same width but different formats: through f32 (exact
// on the way up, one rounding on the way down).
// CHECK-LABEL: func.func @half_formats(
// CHECK-SAME:      %[[H:[a-z0-9]+]]: f16, %[[B:[a-z0-9]+]]: bf16) -> (bf16, f16)
// CHECK-NEXT:    %[[H32:.+]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT:    %[[HB:.+]] = arith.truncf %[[H32]] : f32 to bf16
// CHECK-NEXT:    %[[B32:.+]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT:    %[[BH:.+]] = arith.truncf %[[B32]] : f32 to f16
// CHECK-NEXT:    return %[[HB]], %[[BH]]
func.func @half_formats(%h: f16, %b: bf16) -> (bf16, f16) {
  %0 = tg.cast %h : f16 to bf16
  %1 = tg.cast %b : bf16 to f16
  return %0, %1 : bf16, f16
}

//===----------------------------------------------------------------------===//
// Bool
//===----------------------------------------------------------------------===//

// bool -> number is 0 or 1: zero extension and unsigned conversion (true
// must not become -1).
// CHECK-LABEL: func.func @from_bool(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: i1) -> (i32, i8, f32, bf16)
// CHECK-NEXT:    %[[A:.+]] = arith.extui %[[B]] : i1 to i32
// CHECK-NEXT:    %[[C:.+]] = arith.extui %[[B]] : i1 to i8
// CHECK-NEXT:    %[[D:.+]] = arith.uitofp %[[B]] : i1 to f32
// CHECK-NEXT:    %[[E:.+]] = arith.uitofp %[[B]] : i1 to bf16
// CHECK-NEXT:    return %[[A]], %[[C]], %[[D]], %[[E]]
func.func @from_bool(%b: i1) -> (i32, ui8, f32, bf16) {
  %0 = tg.cast %b : i1 to i32
  %1 = tg.cast %b : i1 to ui8
  %2 = tg.cast %b : i1 to f32
  %3 = tg.cast %b : i1 to bf16
  return %0, %1, %2, %3 : i32, ui8, f32, bf16
}

// number -> bool is x != 0; for floats unordered, so NaN is true (and -0 is
// false).
// CHECK-LABEL: func.func @to_bool(
// CHECK-SAME:      %[[S:[a-z0-9]+]]: i32, %[[F:[a-z0-9]+]]: f32, %[[H:[a-z0-9]+]]: f16, %[[I:[a-z0-9]+]]: index) -> (i1, i1, i1, i1)
// CHECK-DAG:     %[[Z32:.+]] = arith.constant 0 : i32
// CHECK-DAG:     %[[ZF:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[ZH:.+]] = arith.constant 0.000000e+00 : f16
// CHECK-DAG:     %[[ZI:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[A:.+]] = arith.cmpi ne, %[[S]], %[[Z32]] : i32
// CHECK-DAG:     %[[B:.+]] = arith.cmpf une, %[[F]], %[[ZF]] : f32
// CHECK-DAG:     %[[C:.+]] = arith.cmpf une, %[[H]], %[[ZH]] : f16
// CHECK-DAG:     %[[D:.+]] = arith.cmpi ne, %[[I]], %[[ZI]] : index
// CHECK:         return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @to_bool(%s: i32, %f: f32, %h: f16, %i: index) -> (i1, i1, i1, i1) {
  %0 = tg.cast %s : i32 to i1
  %1 = tg.cast %f : f32 to i1
  %2 = tg.cast %h : f16 to i1
  %3 = tg.cast %i : index to i1
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

//===----------------------------------------------------------------------===//
// Bitcast: the same bits, with the signless type; between integers of the
// same width it is no op at all.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @bitcast(
// CHECK-SAME:      %[[F:[a-z0-9]+]]: f32, %[[U:[a-z0-9]+]]: i32, %[[H:[a-z0-9]+]]: f16, %[[S:[a-z0-9]+]]: i64) -> (i32, i32, f32, bf16, i16, i32, f64)
// CHECK-NEXT:    %[[A:.+]] = arith.bitcast %[[F]] : f32 to i32
// CHECK-NEXT:    %[[B:.+]] = arith.bitcast %[[F]] : f32 to i32
// CHECK-NEXT:    %[[C:.+]] = arith.bitcast %[[U]] : i32 to f32
// CHECK-NEXT:    %[[D:.+]] = arith.bitcast %[[H]] : f16 to bf16
// CHECK-NEXT:    %[[E:.+]] = arith.bitcast %[[H]] : f16 to i16
// CHECK-NEXT:    %[[G:.+]] = arith.bitcast %[[S]] : i64 to f64
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[U]], %[[G]]
func.func @bitcast(%f: f32, %u: ui32, %h: f16, %s: i64) -> (i32, ui32, f32, bf16, i16, i32, f64) {
  %0 = tg.bitcast %f : f32 to i32
  %1 = tg.bitcast %f : f32 to ui32
  %2 = tg.bitcast %u : ui32 to f32
  %3 = tg.bitcast %h : f16 to bf16
  %4 = tg.bitcast %h : f16 to i16
  %5 = tg.bitcast %u : ui32 to i32
  %6 = tg.bitcast %s : i64 to f64
  return %0, %1, %2, %3, %4, %5, %6 : i32, ui32, f32, bf16, i16, i32, f64
}

// Unsigned to bool compares with a signless zero.
// CHECK-LABEL: func.func @unsigned_to_bool(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i16) -> i1
// CHECK-NEXT:    %[[ZERO:.+]] = arith.constant 0 : i16
// CHECK-NEXT:    %[[B:.+]] = arith.cmpi ne, %[[A]], %[[ZERO]] : i16
func.func @unsigned_to_bool(%a: ui16) -> i1 {
  %0 = tg.cast %a : ui16 to i1
  return %0 : i1
}
