#!/usr/bin/env python3
"""Runs the examples in docs/*.md and checks they print what the page shows.

An example is a fenced ```mlir block whose first line is `// $ tg-opt <flags>`,
followed by a ```mlir block whose first line is `// result`: the second is
what tg-opt prints for the first (module wrapper and indentation aside).
  check-doc-examples.py BUILD_DIR
"""
import pathlib
import re
import subprocess
import sys

BLOCK = re.compile(r"```mlir\n(.*?)```", re.S)


def normalize(text: str) -> list[str]:
    lines = [l.strip() for l in text.strip().splitlines()]
    if lines and lines[0] == "module {":
        lines = lines[1:-1]
    return [l for l in lines if l and not l.startswith("// result")]


def main() -> int:
    build = pathlib.Path(sys.argv[1])
    docs = pathlib.Path(__file__).resolve().parent.parent / "docs"
    checked, failed = 0, 0
    for doc in sorted(docs.glob("*.md")):
        blocks = BLOCK.findall(doc.read_text())
        for first, second in zip(blocks, blocks[1:]):
            command = first.splitlines()[0]
            if not command.startswith("// $ tg-opt") or not second.startswith("// result"):
                continue
            flags = command.removeprefix("// $ tg-opt").split()
            run = subprocess.run([str(build / "bin" / "tg-opt"), *flags], input=first,
                                 capture_output=True, text=True)
            checked += 1
            if run.returncode != 0 or normalize(run.stdout) != normalize(second):
                failed += 1
                print(f"{doc.name}: example `{command[5:]}` does not print what the page shows")
                print("  page:\n    " + "\n    ".join(normalize(second)))
                print("  tg-opt:\n    " + "\n    ".join(normalize(run.stdout) or run.stderr.splitlines()))
    print(f"doc examples: {checked} checked, {failed} failed")
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
