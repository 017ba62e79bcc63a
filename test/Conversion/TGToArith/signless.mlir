// RUN: tg-opt %s --convert-tg-to-arith | FileCheck %s

// After choosing the ops, every uiN in the module becomes signless iN:
// function signatures, tensors and memrefs, block arguments of linalg
// bodies, other ops' results. Signless and float types, arith ops and ops
// of other dialects are left as they are.

// CHECK-LABEL: func.func @signature(
// CHECK-SAME:      %{{[a-z0-9]+}}: i8, %{{[a-z0-9]+}}: tensor<4xi16>, %{{[a-z0-9]+}}: memref<2x3xi32>) -> (i64, tensor<4xi16>)
// CHECK-NOT:     ui
func.func @signature(%a: ui8, %t: tensor<4xui16>, %m: memref<2x3xui32>) -> (ui64, tensor<4xui16>) {
  %0 = tg.const 7 : ui64
  return %0, %t : ui64, tensor<4xui16>
}

// Unsigned constants keep their bits: 255 : ui8 is -1 : i8.
// CHECK-LABEL: func.func @unsigned_consts(
// CHECK-DAG:     %[[A:.+]] = arith.constant -1 : i8
// CHECK-DAG:     %[[B:.+]] = arith.constant -1 : i64
// CHECK-DAG:     %[[C:.+]] = arith.constant 40000 : i32
// CHECK-DAG:     %[[D:.+]] = arith.constant -5 : i64
// CHECK:         return %[[A]], %[[B]], %[[C]], %[[D]] : i8, i64, i32, i64
func.func @unsigned_consts() -> (ui8, ui64, ui32, i64) {
  %0 = tg.const 255 : ui8
  %1 = tg.const 18446744073709551615 : ui64
  %2 = tg.const 40000 : ui32
  %3 = tg.const -5 : i64
  return %0, %1, %2, %3 : ui8, ui64, ui32, i64
}

// A kernel body as tg-to-linalg leaves it: the tg ops inside the generic
// are lowered, and the generic, its block arguments, the fill and the
// kernel function's signature become signless. Attributes are kept.
// CHECK-LABEL: func.func private @kernel_body(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x5xi8>, %[[OUT:[a-z0-9]+]]: tensor<4x1xi8>) -> tensor<4x1xi8> attributes {tg.kernel}
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : i8
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : i8) outs(%[[OUT]] : tensor<4x1xi8>) -> tensor<4x1xi8>
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<4x5xi8>) outs(%[[INIT]] : tensor<4x1xi8>)
// CHECK-NEXT:    ^bb0(%[[IN:[a-z0-9_]+]]: i8, %[[ACC:[a-z0-9_]+]]: i8):
// CHECK-NEXT:      %[[M:.+]] = arith.maxui %[[ACC]], %[[IN]] : i8
// CHECK-NEXT:      linalg.yield %[[M]] : i8
// CHECK-NEXT:    } -> tensor<4x1xi8>
// CHECK:         return %[[R]] : tensor<4x1xi8>
func.func private @kernel_body(%x: tensor<4x5xui8>, %out: tensor<4x1xui8>) -> tensor<4x1xui8> attributes {tg.kernel} {
  %0 = tg.const 0 : ui8
  %1 = linalg.fill ins(%0 : ui8) outs(%out : tensor<4x1xui8>) -> tensor<4x1xui8>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x5xui8>) outs(%1 : tensor<4x1xui8>) {
  ^bb0(%in: ui8, %acc: ui8):
    %3 = tg.max %acc, %in : ui8
    linalg.yield %3 : ui8
  } -> tensor<4x1xui8>
  return %2 : tensor<4x1xui8>
}

// Index arithmetic and a masked read inside a body (a pad), with unsigned
// data: index ops become signed index arith, the read is unchanged but for
// its type.
// CHECK-LABEL: func.func private @masked_read(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<3xi16>, %[[OUT:[a-z0-9]+]]: tensor<5xi16>) -> tensor<5xi16>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0 : i16
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%[[OUT]] : tensor<5xi16>)
// CHECK-NEXT:    ^bb0(%{{[a-z0-9_]+}}: i16):
// CHECK-NEXT:      %[[I:.+]] = linalg.index 0 : index
// CHECK-NEXT:      %[[VALID:.+]] = arith.cmpi slt, %[[I]], %[[C3]] : index
// CHECK-NEXT:      %[[IDX:.+]] = arith.select %[[VALID]], %[[I]], %[[C0]] : index
// CHECK-NEXT:      %[[V:.+]] = tensor.extract %[[X]][%[[IDX]]] : tensor<3xi16>
// CHECK-NEXT:      %[[M:.+]] = arith.select %[[VALID]], %[[V]], %[[ZERO]] : i16
// CHECK-NEXT:      linalg.yield %[[M]] : i16
func.func private @masked_read(%x: tensor<3xui16>, %out: tensor<5xui16>) -> tensor<5xui16> attributes {tg.kernel} {
  %zero = tg.const 0 : ui16
  %c0 = tg.const 0 : index
  %c3 = tg.const 3 : index
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%out : tensor<5xui16>) {
  ^bb0(%o: ui16):
    %i = linalg.index 0 : index
    %valid = tg.cmplt %i, %c3 : index
    %idx = tg.where %valid, %i, %c0 : index
    %v = tensor.extract %x[%idx] : tensor<3xui16>
    %m = tg.where %valid, %v, %zero : ui16
    linalg.yield %m : ui16
  } -> tensor<5xui16>
  return %0 : tensor<5xui16>
}

// Loads from unsigned memrefs, calls and declarations.
// CHECK-LABEL: func.func private @decl(i32) -> i32
// CHECK-LABEL: func.func @memref_and_call(
// CHECK-SAME:      %[[M:[a-z0-9]+]]: memref<4xi32>, %[[I:[a-z0-9]+]]: index) -> i32
// CHECK-NEXT:    %[[V:.+]] = memref.load %[[M]][%[[I]]] : memref<4xi32>
// CHECK-NEXT:    %[[Q:.+]] = arith.divui %[[V]], %[[V]] : i32
// CHECK-NEXT:    %[[R:.+]] = call @decl(%[[Q]]) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func private @decl(ui32) -> ui32
func.func @memref_and_call(%m: memref<4xui32>, %i: index) -> ui32 {
  %0 = memref.load %m[%i] : memref<4xui32>
  %1 = tg.cdiv %0, %0 : ui32
  %2 = func.call @decl(%1) : (ui32) -> ui32
  return %2 : ui32
}

// Nothing to do: arith, math and float/signless types stay exactly as they
// are.
// CHECK-LABEL: func.func @untouched(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: i32, %[[F:[a-z0-9]+]]: f32, %[[M:[a-z0-9]+]]: memref<4xf32>) -> (i32, f32)
// CHECK-NEXT:    %[[C:.+]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[S:.+]] = arith.addi %[[A]], %[[C]] : i32
// CHECK-NEXT:    %[[E:.+]] = math.exp %[[F]] : f32
// CHECK-NEXT:    return %[[S]], %[[E]] : i32, f32
func.func @untouched(%a: i32, %f: f32, %m: memref<4xf32>) -> (i32, f32) {
  %c = arith.constant 3 : i32
  %0 = arith.addi %a, %c : i32
  %1 = math.exp %f : f32
  return %0, %1 : i32, f32
}

// tg.threefry has no arith counterpart: it is decomposed into tinygrad's
// Threefry-2x32 (20 rounds) on the two 32-bit halves of the counter and the
// key, then lowered like any other tg op.
// CHECK-LABEL: func.func @threefry(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: i64, %[[K:[a-z0-9]+]]: i64) -> i64
// CHECK-NOT:     tg.threefry
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : i64
// CHECK-DAG:     %[[PARITY:.+]] = arith.constant 466688986 : i32
// CHECK-DAG:     %[[R13:.+]] = arith.constant 13 : i32
// CHECK-DAG:     %[[R15:.+]] = arith.constant 15 : i32
// CHECK-DAG:     %[[R26:.+]] = arith.constant 26 : i32
// CHECK-DAG:     %[[R6:.+]] = arith.constant 6 : i32
// CHECK-DAG:     %[[R17:.+]] = arith.constant 17 : i32
// CHECK-DAG:     %[[R29:.+]] = arith.constant 29 : i32
// CHECK-DAG:     %[[R16:.+]] = arith.constant 16 : i32
// CHECK-DAG:     %[[R24:.+]] = arith.constant 24 : i32
// CHECK-DAG:     %[[R19:.+]] = arith.constant 19 : i32
// CHECK-DAG:     %[[FIVE:.+]] = arith.constant 5 : i32
// CHECK:         %[[X0:.+]] = arith.trunci %[[X]] : i64 to i32
// CHECK:         %[[XHI:.+]] = arith.shrui %[[X]], %[[C32]] : i64
// CHECK:         %[[X1:.+]] = arith.trunci %[[XHI]] : i64 to i32
// CHECK:         %[[K0:.+]] = arith.trunci %[[K]] : i64 to i32
// CHECK:         %[[KHI:.+]] = arith.shrui %[[K]], %[[C32]] : i64
// CHECK:         %[[K1:.+]] = arith.trunci %[[KHI]] : i64 to i32
// CHECK:         %[[K01:.+]] = arith.xori %[[K0]], %[[K1]] : i32
// CHECK:         %[[K2:.+]] = arith.xori %[[K01]], %[[PARITY]] : i32
// CHECK:         %[[A0:.+]] = arith.addi %[[X0]], %[[K0]] : i32
// CHECK:         %[[A1:.+]] = arith.addi %[[X1]], %[[K1]] : i32
// The first round: x0 += x1; x1 = rotl(x1, 13) ^ x0.
// CHECK:         %[[S0:.+]] = arith.addi %[[A0]], %[[A1]] : i32
// CHECK:         %[[L:.+]] = arith.shli %[[A1]], %[[R13]] : i32
// CHECK:         %[[R:.+]] = arith.shrui %[[A1]], %[[R19]] : i32
// CHECK:         %[[ROT:.+]] = arith.ori %[[L]], %[[R]] : i32
// CHECK:         arith.xori %[[S0]], %[[ROT]] : i32
// The rotation schedule, five times four rounds.
// CHECK:         arith.shli %{{.+}}, %[[R15]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R26]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R6]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R17]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R29]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R16]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R24]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R13]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R15]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R26]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R6]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R17]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R29]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R16]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R24]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R13]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R15]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R26]] : i32
// CHECK:         arith.shli %{{.+}}, %[[R6]] : i32
// CHECK-NOT:     arith.shli %{{.+}} : i32
// The last key injection, then hi << 32 | lo.
// CHECK:         %[[LO:.+]] = arith.addi %{{.+}}, %[[K2]] : i32
// CHECK:         %[[HI0:.+]] = arith.addi %{{.+}}, %[[K0]] : i32
// CHECK:         %[[HI:.+]] = arith.addi %[[HI0]], %[[FIVE]] : i32
// CHECK:         %[[HI64:.+]] = arith.extui %[[HI]] : i32 to i64
// CHECK:         %[[SHIFTED:.+]] = arith.shli %[[HI64]], %[[C32]] : i64
// CHECK:         %[[LO64:.+]] = arith.extui %[[LO]] : i32 to i64
// CHECK:         %[[OUT:.+]] = arith.ori %[[SHIFTED]], %[[LO64]] : i64
// CHECK:         return %[[OUT]] : i64
func.func @threefry(%x: ui64, %k: ui64) -> ui64 {
  %0 = tg.threefry %x, %k : ui64
  return %0 : ui64
}
