// The index arithmetic of reading a 6x8 buffer through a view that was
// reshaped to 3x2x8 and permuted: for output position (i, j, k) tinygrad's
// rangeify composes the movement ops into one flat offset, then simplifies it.
//   tg-opt examples/index_math.mlir --tg-symbolic
func.func @flat_offset(%i: index {tg.range = array<i64: 0, 2>},
                       %j: index {tg.range = array<i64: 0, 1>},
                       %k: index {tg.range = array<i64: 0, 7>}) -> (index, index) {
  %c2 = tg.const 2 : index
  %c8 = tg.const 8 : index
  %c16 = tg.const 16 : index
  // linear index of (i, j, k) in the 3x2x8 view
  %i16 = tg.mul %i, %c16 : index
  %j8 = tg.mul %j, %c8 : index
  %ij = tg.add %i16, %j8 : index
  %lin = tg.add %ij, %k : index
  // back to (row, col) of the 6x8 buffer ...
  %row = tg.floordiv %lin, %c8 : index
  %col = tg.floormod %lin, %c8 : index
  // ... and the flat offset row*8 + col
  %row8 = tg.mul %row, %c8 : index
  %offset = tg.add %row8, %col : index
  // the buffer's row again, as a check
  %row2 = tg.floordiv %offset, %c8 : index
  return %offset, %row2 : index, index
}
