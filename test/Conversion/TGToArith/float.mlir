// RUN: tg-opt %s --convert-tg-to-arith | FileCheck %s

// Float ALU ops become arith / math ops of the same float type.

// CHECK-LABEL: func.func @arith_f32(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32) -> (f32, f32, f32, f32, f32)
// CHECK-NEXT:    %[[ADD:.+]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[SUB:.+]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[MUL:.+]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[DIV:.+]] = arith.divf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[NEG:.+]] = arith.negf %[[A]] : f32
// CHECK-NEXT:    return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[NEG]]
func.func @arith_f32(%a: f32, %b: f32) -> (f32, f32, f32, f32, f32) {
  %0 = tg.add %a, %b : f32
  %1 = tg.sub %a, %b : f32
  %2 = tg.mul %a, %b : f32
  %3 = tg.fdiv %a, %b : f32
  %4 = tg.neg %a : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// mulacc is two roundings, (a * b) + c, not a fused multiply-add.
// CHECK-LABEL: func.func @mulacc_f64(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: f64, %[[B:[a-z0-9]+]]: f64, %[[C:[a-z0-9]+]]: f64) -> f64
// CHECK-NEXT:    %[[P:.+]] = arith.mulf %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[S:.+]] = arith.addf %[[P]], %[[C]] : f64
// CHECK-NEXT:    return %[[S]] : f64
// CHECK-NOT:     math.fma
func.func @mulacc_f64(%a: f64, %b: f64, %c: f64) -> f64 {
  %0 = tg.mulacc %a, %b, %c : f64
  return %0 : f64
}

// The unary transcendentals and roundings map to math; reciprocal is 1 / x.
// CHECK-LABEL: func.func @unary_f32(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: f32) -> (f32, f32, f32, f32, f32, f32)
// CHECK-DAG:     %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[EXP2:.+]] = math.exp2 %[[A]] : f32
// CHECK-DAG:     %[[LOG2:.+]] = math.log2 %[[A]] : f32
// CHECK-DAG:     %[[SIN:.+]] = math.sin %[[A]] : f32
// CHECK-DAG:     %[[SQRT:.+]] = math.sqrt %[[A]] : f32
// CHECK-DAG:     %[[RECIP:.+]] = arith.divf %[[ONE]], %[[A]] : f32
// CHECK-DAG:     %[[TRUNC:.+]] = math.trunc %[[A]] : f32
// CHECK:         return %[[EXP2]], %[[LOG2]], %[[SIN]], %[[SQRT]], %[[RECIP]], %[[TRUNC]]
func.func @unary_f32(%a: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = tg.exp2 %a : f32
  %1 = tg.log2 %a : f32
  %2 = tg.sin %a : f32
  %3 = tg.sqrt %a : f32
  %4 = tg.reciprocal %a : f32
  %5 = tg.trunc %a : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// The same ops on the other float types keep their type.
// CHECK-LABEL: func.func @other_widths(
// CHECK-SAME:      %[[H:[a-z0-9]+]]: f16, %[[BF:[a-z0-9]+]]: bf16, %[[D:[a-z0-9]+]]: f64) -> (f16, bf16, f64, f16)
// CHECK-DAG:     %[[ONE:.+]] = arith.constant 1.000000e+00 : f16
// CHECK-DAG:     %[[E:.+]] = math.exp2 %[[H]] : f16
// CHECK-DAG:     %[[S:.+]] = arith.addf %[[BF]], %[[BF]] : bf16
// CHECK-DAG:     %[[Q:.+]] = math.sqrt %[[D]] : f64
// CHECK-DAG:     %[[R:.+]] = arith.divf %[[ONE]], %[[H]] : f16
// CHECK:         return %[[E]], %[[S]], %[[Q]], %[[R]]
func.func @other_widths(%h: f16, %bf: bf16, %d: f64) -> (f16, bf16, f64, f16) {
  %0 = tg.exp2 %h : f16
  %1 = tg.add %bf, %bf : bf16
  %2 = tg.sqrt %d : f64
  %3 = tg.reciprocal %h : f16
  return %0, %1, %2, %3 : f16, bf16, f64, f16
}

// max propagates NaN and orders -0 < +0 (IEEE 754-2019 maximum): maximumf,
// not maxnumf.
// CHECK-LABEL: func.func @max_nan(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32) -> f32
// CHECK-NEXT:    %[[M:.+]] = arith.maximumf %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[M]] : f32
// CHECK-NOT:     arith.maxnumf
func.func @max_nan(%a: f32, %b: f32) -> f32 {
  %0 = tg.max %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @max_bf16(
// CHECK:         arith.maximumf %{{.+}}, %{{.+}} : bf16
func.func @max_bf16(%a: bf16, %b: bf16) -> bf16 {
  %0 = tg.max %a, %b : bf16
  return %0 : bf16
}

// C pow.
// CHECK-LABEL: func.func @pow_f32(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32) -> f32
// CHECK-NEXT:    %[[P:.+]] = math.powf %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[P]] : f32
func.func @pow_f32(%a: f32, %b: f32) -> f32 {
  %0 = tg.pow %a, %b : f32
  return %0 : f32
}

// Comparisons with NaN: less-than and equal are false (ordered), not-equal
// is true (unordered).
// CHECK-LABEL: func.func @compare_f32(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32) -> (i1, i1, i1)
// CHECK-NEXT:    %[[LT:.+]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[NE:.+]] = arith.cmpf une, %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[EQ:.+]] = arith.cmpf oeq, %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[LT]], %[[NE]], %[[EQ]]
func.func @compare_f32(%a: f32, %b: f32) -> (i1, i1, i1) {
  %0 = tg.cmplt %a, %b : f32
  %1 = tg.cmpne %a, %b : f32
  %2 = tg.cmpeq %a, %b : f32
  return %0, %1, %2 : i1, i1, i1
}

// CHECK-LABEL: func.func @compare_f16(
// CHECK:         arith.cmpf olt, %{{.+}}, %{{.+}} : f16
func.func @compare_f16(%a: f16, %b: f16) -> i1 {
  %0 = tg.cmplt %a, %b : f16
  return %0 : i1
}

// CHECK-LABEL: func.func @where_f32(
// CHECK-SAME:      %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32) -> f32
// CHECK-NEXT:    %[[S:.+]] = arith.select %[[C]], %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[S]] : f32
func.func @where_f32(%c: i1, %a: f32, %b: f32) -> f32 {
  %0 = tg.where %c, %a, %b : f32
  return %0 : f32
}

// Float constants keep their bits (NaN and -inf written as hex).
// CHECK-LABEL: func.func @float_consts(
// CHECK-DAG:     %[[A:.+]] = arith.constant 1.500000e+00 : f32
// CHECK-DAG:     %[[NAN:.+]] = arith.constant 0x7E00 : f16
// CHECK-DAG:     %[[NEGINF:.+]] = arith.constant 0xFF80 : bf16
// CHECK-DAG:     %[[NEGZERO:.+]] = arith.constant -0.000000e+00 : f64
// CHECK:         return %[[A]], %[[NAN]], %[[NEGINF]], %[[NEGZERO]]
func.func @float_consts() -> (f32, f16, bf16, f64) {
  %0 = tg.const 1.5 : f32
  %1 = tg.const 0x7E00 : f16
  %2 = tg.const 0xFF80 : bf16
  %3 = tg.const -0.0 : f64
  return %0, %1, %2, %3 : f32, f16, bf16, f64
}
