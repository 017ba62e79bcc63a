// RUN: tg-opt %s --convert-tg-to-arith | FileCheck %s

// Bool (i1) compares and extends unsigned: false < true, max is or.

// CHECK-LABEL: func.func @logic(
// CHECK-SAME:      %[[P:[a-z0-9]+]]: i1, %[[Q:[a-z0-9]+]]: i1) -> (i1, i1, i1, i1)
// CHECK-NEXT:    %[[AND:.+]] = arith.andi %[[P]], %[[Q]] : i1
// CHECK-NEXT:    %[[OR:.+]] = arith.ori %[[P]], %[[Q]] : i1
// CHECK-NEXT:    %[[XOR:.+]] = arith.xori %[[P]], %[[Q]] : i1
// CHECK-NEXT:    %[[MAX:.+]] = arith.maxui %[[P]], %[[Q]] : i1
// CHECK-NEXT:    return %[[AND]], %[[OR]], %[[XOR]], %[[MAX]]
func.func @logic(%p: i1, %q: i1) -> (i1, i1, i1, i1) {
  %0 = tg.and %p, %q : i1
  %1 = tg.or %p, %q : i1
  %2 = tg.xor %p, %q : i1
  %3 = tg.max %p, %q : i1
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// false < true: an unsigned compare (a signed one would read true as -1).
// CHECK-LABEL: func.func @compare(
// CHECK-SAME:      %[[P:[a-z0-9]+]]: i1, %[[Q:[a-z0-9]+]]: i1) -> (i1, i1, i1)
// CHECK-NEXT:    %[[LT:.+]] = arith.cmpi ult, %[[P]], %[[Q]] : i1
// CHECK-NEXT:    %[[NE:.+]] = arith.cmpi ne, %[[P]], %[[Q]] : i1
// CHECK-NEXT:    %[[EQ:.+]] = arith.cmpi eq, %[[P]], %[[Q]] : i1
// CHECK-NEXT:    return %[[LT]], %[[NE]], %[[EQ]]
func.func @compare(%p: i1, %q: i1) -> (i1, i1, i1) {
  %0 = tg.cmplt %p, %q : i1
  %1 = tg.cmpne %p, %q : i1
  %2 = tg.cmpeq %p, %q : i1
  return %0, %1, %2 : i1, i1, i1
}

// CHECK-LABEL: func.func @where_bool(
// CHECK-SAME:      %[[C:[a-z0-9]+]]: i1, %[[P:[a-z0-9]+]]: i1, %[[Q:[a-z0-9]+]]: i1) -> i1
// CHECK-NEXT:    %[[S:.+]] = arith.select %[[C]], %[[P]], %[[Q]] : i1
// CHECK-NEXT:    return %[[S]] : i1
func.func @where_bool(%c: i1, %p: i1, %q: i1) -> i1 {
  %0 = tg.where %c, %p, %q : i1
  return %0 : i1
}

// CHECK-LABEL: func.func @bool_consts(
// CHECK-DAG:     %[[T:.+]] = arith.constant true
// CHECK-DAG:     %[[F:.+]] = arith.constant false
// CHECK:         return %[[T]], %[[F]] : i1, i1
func.func @bool_consts() -> (i1, i1) {
  %0 = tg.const true : i1
  %1 = tg.const false : i1
  return %0, %1 : i1, i1
}
