// tg-decompose: composite ops into the ops a target supports.
// RUN: tg-opt %s --tg-decompose --split-input-file | FileCheck %s
// RUN: tg-opt %s --tg-decompose="native-ops=add,mul,cdiv,cmod,cmplt,cmpne,where,and,reciprocal,exp2,log2,trunc,floordiv,floormod" --split-input-file | FileCheck %s --check-prefix=NATIVE
// RUN: not tg-opt %s --tg-decompose="native-ops=frobnicate" 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// UNKNOWN: 'frobnicate' in native-ops is not a tg ALU op

// Floor division is C division with a sign fix; no fix is needed when the
// ranges show both operands non-negative; a power of two is a shift.
// CHECK-LABEL: func @floordiv
// CHECK-SAME: (%[[A:[^:]*]]: index, %[[B:[^:]*]]: index {{.*}}, %[[P:[^:]*]]: index
// CHECK-DAG: %[[Z:.*]] = tg.const 0 : index
// CHECK-DAG: %[[C3:.*]] = tg.const 3 : index
// CHECK: %[[Q:.*]] = tg.cdiv %[[A]], %[[B]] : index
// CHECK: %[[R:.*]] = tg.cmod %[[A]], %[[B]] : index
// CHECK: %[[RNZ:.*]] = tg.cmpne %[[R]], %[[Z]] : index
// CHECK: %[[AN:.*]] = tg.cmplt %[[A]], %[[Z]] : index
// (b < 0 is known false from b's range)
// CHECK: %[[SIGNS:.*]] = tg.cmpne %[[AN]], %{{.*}} : i1
// CHECK: %[[FIX:.*]] = tg.and %[[RNZ]], %[[SIGNS]] : i1
// CHECK: %[[FIXI:.*]] = tg.cast %[[FIX]] : i1 to index
// CHECK: %[[NEG:.*]] = tg.mul %[[FIXI]], %{{.*}} : index
// CHECK: %[[D:.*]] = tg.add %[[Q]], %[[NEG]] : index
// CHECK: %[[POS:.*]] = tg.cdiv %[[P]], %[[B]] : index
// CHECK: %[[SH:.*]] = tg.shr %[[A]], %[[C3]] : index
// CHECK: return %[[D]], %[[POS]], %[[SH]]
// NATIVE-LABEL: func @floordiv
// NATIVE-COUNT-3: tg.floordiv
func.func @floordiv(%a: index, %b: index {tg.range = array<i64: 1, 9>}, %p: index {tg.range = array<i64: 0, 100>}) -> (index, index, index) {
  %c8 = tg.const 8 : index
  %0 = tg.floordiv %a, %b : index
  %1 = tg.floordiv %p, %b : index
  %2 = tg.floordiv %a, %c8 : index
  return %0, %1, %2 : index, index, index
}

// -----

// CHECK-LABEL: func @floormod
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-DAG: %[[Z:.*]] = tg.const 0 : i32
// CHECK-DAG: %[[C7:.*]] = tg.const 7 : i32
// CHECK: %[[R:.*]] = tg.cmod %[[A]], %[[B]] : i32
// CHECK: %[[FIX:.*]] = tg.and
// CHECK: %[[ADJ:.*]] = tg.where %[[FIX]], %[[B]], %[[Z]] : i32
// CHECK: %[[M:.*]] = tg.add %[[R]], %[[ADJ]] : i32
// CHECK: %[[MASK:.*]] = tg.and %[[A]], %[[C7]] : i32
// CHECK: return %[[M]], %[[MASK]]
func.func @floormod(%a: i32, %b: i32) -> (i32, i32) {
  %c8 = tg.const 8 : i32
  %0 = tg.floormod %a, %b : i32
  %1 = tg.floormod %a, %c8 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func @arithmetic
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[I:.*]]: i32)
// CHECK-DAG: %[[M1:.*]] = tg.const -1.000000e+00 : f32
// CHECK: %[[NY:.*]] = tg.mul %[[Y]], %[[M1]] : f32
// CHECK: %[[SUB:.*]] = tg.add %[[X]], %[[NY]] : f32
// CHECK: %[[NEG:.*]] = tg.mul %[[X]], %[[M1]] : f32
// CHECK: %[[RCP:.*]] = tg.reciprocal %[[Y]] : f32
// CHECK: %[[DIV:.*]] = tg.mul %[[X]], %[[RCP]] : f32
// CHECK: %[[PROD:.*]] = tg.mul %[[X]], %[[Y]] : f32
// CHECK: %[[FMA:.*]] = tg.add %[[PROD]], %[[X]] : f32
// CHECK: %[[MAX:.*]] = tg.max %[[I]], %{{.*}} : i32
// CHECK: return %[[SUB]], %[[NEG]], %[[DIV]], %[[FMA]], %[[MAX]]
// A target without max gets a comparison and a select.
// NATIVE-LABEL: func @arithmetic
// NATIVE: %[[LT:.*]] = tg.cmplt %[[I:.*]], %[[C5:.*]] : i32
// NATIVE: tg.where %[[LT]], %[[C5]], %[[I]] : i32
func.func @arithmetic(%x: f32, %y: f32, %i: i32) -> (f32, f32, f32, f32, i32) {
  %c5 = tg.const 5 : i32
  %0 = tg.sub %x, %y : f32
  %1 = tg.neg %x : f32
  %2 = tg.fdiv %x, %y : f32
  %3 = tg.mulacc %x, %y, %x : f32
  %4 = tg.max %i, %c5 : i32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, i32
}

// -----

// Equality is a negated not-equal; not-equal of integers is two comparisons.
// CHECK-LABEL: func @comparisons
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[NE:.*]] = tg.cmpne %[[A]], %[[B]] : i32
// CHECK: %[[EQ:.*]] = tg.cmpne %[[NE]], %{{.*}} : i1
// CHECK: return %[[EQ]]
// NATIVE-LABEL: func @comparisons
// NATIVE: %[[NE:.*]] = tg.cmpne
// NATIVE: tg.cmpne %[[NE]]
func.func @comparisons(%a: i32, %b: i32) -> i1 {
  %0 = tg.cmpeq %a, %b : i32
  return %0 : i1
}

// -----

// pow: repeated squaring for a small integral exponent, else exp2/log2 with
// tinygrad's fixes for negative bases and a zero exponent.
// CHECK-LABEL: func @pow
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[I:.*]]: i32)
// CHECK-DAG: %[[ONE:.*]] = tg.const 1.000000e+00 : f32
// CHECK-DAG: %[[ZF:.*]] = tg.const 0.000000e+00 : f32
// CHECK: %[[X2:.*]] = tg.mul %[[X]], %[[X]] : f32
// CHECK: %[[X3:.*]] = tg.mul %[[X]], %[[X2]] : f32
// CHECK: tg.log2
// CHECK: tg.exp2
// CHECK: tg.trunc
// CHECK: %[[EXPZ:.*]] = tg.cmpne %[[Y]], %[[ZF]] : f32
// CHECK: %[[P:.*]] = tg.where %[[EXPZ]], %{{.*}}, %[[ONE]] : f32
// CHECK: %[[I2:.*]] = tg.mul %[[I]], %[[I]] : i32
// CHECK: %[[I4:.*]] = tg.mul %[[I2]], %[[I2]] : i32
// CHECK: return %[[X3]], %[[P]], %[[I4]]
func.func @pow(%x: f32, %y: f32, %i: i32) -> (f32, f32, i32) {
  %c3 = tg.const 3.0 : f32
  %c4 = tg.const 4 : i32
  %0 = tg.pow %x, %c3 : f32
  %1 = tg.pow %x, %y : f32
  %2 = tg.pow %i, %c4 : i32
  return %0, %1, %2 : f32, f32, i32
}

// -----

// An integer power with a variable exponent has no decomposition: it stays.
// CHECK-LABEL: func @pow_variable_int
// CHECK: tg.pow
func.func @pow_variable_int(%i: i32, %j: i32) -> i32 {
  %0 = tg.pow %i, %j : i32
  return %0 : i32
}

// -----

// Threefry becomes 20 rounds on 32-bit words.
// CHECK-LABEL: func @threefry
// CHECK-NOT: tg.threefry
// CHECK-COUNT-20: tg.xor %{{.*}} : tensor<4xui32>
// CHECK-NOT: tg.threefry
func.func @threefry(%x: tensor<4xui64>, %k: tensor<4xui64>) -> tensor<4xui64> {
  %0 = tg.threefry %x, %k : tensor<4xui64>
  return %0 : tensor<4xui64>
}
