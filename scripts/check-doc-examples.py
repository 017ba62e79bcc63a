#!/usr/bin/env python3
"""Runs the examples in docs/*.md and checks they print what the page shows.

Two kinds of example:
- a fenced ```mlir block whose first line is `// $ tg-opt <flags>`, followed
  by a ```mlir block whose first line is `// result`: the second is what
  tg-opt prints for the first (module wrapper and indentation aside);
- a ```mlir block whose first line is `// $ tg-run <flags>`, followed by a
  ```text block: what tg-run prints for the first, saved to a file.
  check-doc-examples.py BUILD_DIR
"""
import pathlib
import re
import subprocess
import sys
import tempfile

BLOCK = re.compile(r"^```([^\n]*)\n(.*?)^```", re.S | re.M)


def normalize(text: str) -> list[str]:
    lines = [l.strip() for l in text.strip().splitlines()]
    if "module {" in lines and lines[-1] == "}":
        lines.remove("module {")
        lines = lines[:-1]
    return [l for l in lines if l and not l.startswith("// result")]


def run_tg_opt(build: pathlib.Path, flags: list[str], source: str, expected: str):
    run = subprocess.run([str(build / "bin" / "tg-opt"), *flags], input=source,
                         capture_output=True, text=True)
    got = normalize(run.stdout) or run.stderr.splitlines()
    return run.returncode == 0 and got == normalize(expected), normalize(expected), got


def run_tg_run(build: pathlib.Path, flags: list[str], source: str, expected: str):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as program:
        program.write(source)
        program.flush()
        run = subprocess.run([str(build / "bin" / "tg-run"), program.name, *flags],
                             capture_output=True, text=True)
    want = [l.strip() for l in expected.strip().splitlines()]
    got = [l.strip() for l in run.stdout.strip().splitlines()] or run.stderr.splitlines()
    return run.returncode == 0 and got == want, want, got


def main() -> int:
    build = pathlib.Path(sys.argv[1])
    docs = pathlib.Path(__file__).resolve().parent.parent / "docs"
    tools = {"tg-opt": ("mlir", run_tg_opt), "tg-run": ("text", run_tg_run)}
    checked, failed = 0, 0
    for doc in sorted(docs.glob("*.md")):
        blocks = BLOCK.findall(doc.read_text())
        for (language, first), (next_language, second) in zip(blocks, blocks[1:]):
            command = first.splitlines()[0] if first else ""
            tool = command.removeprefix("// $ ").split(" ")[0]
            if language != "mlir" or not command.startswith("// $ ") or tool not in tools:
                continue
            expected_language, run = tools[tool]
            if next_language != expected_language or (
                    tool == "tg-opt" and not second.startswith("// result")):
                continue
            flags = command.removeprefix("// $ " + tool).split()
            ok, want, got = run(build, flags, first, second)
            checked += 1
            if not ok:
                failed += 1
                print(f"{doc.name}: example `{command[5:]}` does not print what the page shows")
                print("  page:\n    " + "\n    ".join(want))
                print(f"  {tool}:\n    " + "\n    ".join(got))
    print(f"doc examples: {checked} checked, {failed} failed")
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
