#!/usr/bin/python3
"""Inputs and expected result of offset-reads.mlir: g (2x16x10x34) and x
(2x16x8x32) of distinct values, and per channel c the sum over n, y, x of
g[n, c, y + 1, x + 1] * x[n, c, y, x], computed here in double precision.

    offset_read_sums.py G_FILE X_FILE EXPECTED_FILE
"""
import sys


def value(i: int, scale: float) -> float:
    # Small, varied, exactly representable in f32 (multiples of 1/64).
    return ((i * 37) % 97 - 48) / 64 * scale


def main() -> int:
    g_path, x_path, expected_path = sys.argv[1:4]
    N, C, H, W = 2, 16, 8, 32
    g = [value(i, 1.0) for i in range(N * C * (H + 2) * (W + 2))]
    x = [value(i, 0.5) for i in range(N * C * H * W)]
    sums = [0.0] * C
    for n in range(N):
        for c in range(C):
            for y in range(H):
                for w in range(W):
                    gi = ((n * C + c) * (H + 2) + y + 1) * (W + 2) + w + 1
                    xi = ((n * C + c) * H + y) * W + w
                    sums[c] += g[gi] * x[xi]
    for path, values in ((g_path, g), (x_path, x), (expected_path, sums)):
        with open(path, "w") as f:
            f.write(" ".join(repr(v) for v in values) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
