// MLIR's parser recurses once per nested bracket, so a few thousand of them
// overflowed the stack (what fuzz_ir found: an attribute of 8,263 '[').
// Every tool that reads IR text checks the nesting first and points at the
// first bracket deeper than 256; `not` fails on a crash as on success.

// RUN: %python -c "print('#k=' + '[' * 8263, end='')" > %t.deep.mlir
// RUN: not tg-opt %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not tg-opt < %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not tg-run %t.deep.mlir 2>&1 | FileCheck %s --check-prefixes=DEEP,EXEC
// RUN: rm -f %t.o
// RUN: not tg-compile %t.deep.mlir -o %t.o 2>&1 | FileCheck %s --check-prefixes=DEEP,COMPILE
// RUN: not test -e %t.o
// DEEP: deep.mlir:1:260: error: brackets nest deeper than 256 levels, more than tg reads
// STDIN: <stdin>:1:260: error: brackets nest deeper than 256 levels, more than tg reads
// EXEC: tg-run: the input is not valid IR (see the errors above)
// COMPILE: tg-compile: the input is not valid IR (see the errors above)

// 256 levels are read: MLIR's own error follows, at the end of the text.
// RUN: %python -c "print('#k=' + '[' * 256, end='')" | not tg-opt 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: <stdin>:1:259: error: expected attribute value

// All four brackets count, and closed ones do not.
// RUN: %python -c "print('#k=' + '[()]' * 300 + '[{<(' * 64 + '(', end='')" | not tg-opt 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: <stdin>:1:1460: error: brackets nest deeper than 256 levels

// The '>' of an arrow closes no '<': each tuple here nests one deeper.
// RUN: %python -c "print('func.func private @h(' + 'tuple<(i32) -> i32, ' * 300)" | not tg-opt 2>&1 | FileCheck %s --check-prefix=ARROW
// ARROW: <stdin>:1:5108: error: brackets nest deeper than 256 levels

// Brackets in comments and strings (with an escaped quote) do not count:
// this file is read, and it has 300 of each below.
// RUN: tg-opt %s | FileCheck %s --check-prefix=READ
// READ: func.func @f() attributes {tg.note = "\22{{[{]+}}"}

// [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[
func.func @f() attributes {tg.note = "\"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{"} {
  return
}
