#!/usr/bin/python3
"""Checks that two results of tg-run --output agree element by element
within a relative and an absolute tolerance (sums of products computed in
another order round differently), and that they have as many elements.

    check_close.py EXPECTED ACTUAL [--rtol R] [--atol A]
"""
import argparse
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("expected")
    parser.add_argument("actual")
    parser.add_argument("--rtol", type=float, default=1e-5)
    parser.add_argument("--atol", type=float, default=1e-5)
    args = parser.parse_args()
    with open(args.expected) as f:
        expected = f.read().split()
    with open(args.actual) as f:
        actual = f.read().split()
    if len(expected) != len(actual):
        print(f"{len(actual)} elements, expected {len(expected)}")
        return 1
    for i, (e, a) in enumerate(zip(expected, actual)):
        if abs(float(a) - float(e)) > args.atol + args.rtol * abs(float(e)):
            print(f"element {i}: {a}, expected {e}")
            return 1
    print(f"{len(actual)} elements close")
    return 0


if __name__ == "__main__":
    sys.exit(main())
