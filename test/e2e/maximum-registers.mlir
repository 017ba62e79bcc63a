// IEEE maximum on whole 16-lane registers, which tg-cpu-range-maximum
// computes with vrangeps on CPUs with AVX-512DQ: NaN in either operand
// gives NaN, +0 is larger than -0, subnormals compare as numbers. Expected
// values by hand; NaN is matched as {{-?nan}}.

// Lane by lane, two registers: (nan, 1) (1, nan) (-0, 0) (0, -0) (-inf, -1)
// (inf, nan) (nan, nan) (3, -3) (-2, -2.5) (1e-40, -1e-40) (-1e-40, 1e-40)
// (-0, -0) (5, inf) (nan, -inf) (-1, -inf) (0, -0), then numbers, and NaN
// in the last lane of the second register.
// RUN: tg-run %s --function=lanes --input=nan,1,-0,0,-inf,inf,nan,3,-2,1e-40,-1e-40,-0,5,nan,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,nan --input=1,nan,0,-0,-1,nan,nan,-3,-2.5,-1e-40,1e-40,-0,inf,-inf,-inf,-0,0,-2,-3,-4,5,6,7,8,9,10,11,12,13,14,15,-1 | FileCheck %s --check-prefix=LANES
// LANES: result #0: tensor<32xf32> = [{{-?nan}}, {{-?nan}}, 0, 0, -1, {{-?nan}}, {{-?nan}}, 3, -2, 9.999946e-41, 9.999946e-41, -0, inf, {{-?nan}}, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, {{-?nan}}]
func.func @lanes(%a: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<32xf32> {
  %0 = tg.max %a, %b : tensor<32xf32>
  return %0 : tensor<32xf32>
}

// Rows of 64 reduced: -0 with one +0 (+0); all -0 (-0); 0, -1, ..., -63
// with a NaN at 50 (NaN); numbers from -100 to -94 with -1e-40 last.
// RUN: tg-run %s --function=rows --input=-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,0,-1,-2,-3,-4,-5,-6,-7,-8,-9,-10,-11,-12,-13,-14,-15,-16,-17,-18,-19,-20,-21,-22,-23,-24,-25,-26,-27,-28,-29,-30,-31,-32,-33,-34,-35,-36,-37,-38,-39,-40,-41,-42,-43,-44,-45,-46,-47,-48,-49,nan,-51,-52,-53,-54,-55,-56,-57,-58,-59,-60,-61,-62,-63,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-100,-99,-98,-97,-96,-95,-94,-1e-40 | FileCheck %s --check-prefix=ROWS
// ROWS: result #0: tensor<4x1xf32> = {{\[\[}}0], [-0], [{{-?nan}}], [-9.999946e-41]]
func.func @rows(%x: tensor<4x64xf32>) -> tensor<4x1xf32> {
  %0 = tg.reduce max %x [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
