#!/usr/bin/env python3
"""Runs the examples in docs/*.md and checks they print what the page shows.

Two kinds of example:
- a fenced ```mlir block whose first line is `// $ tg-opt <flags>`, followed
  by a ```mlir block whose first line is `// result`: the second is what
  tg-opt prints for the first (module wrapper and indentation aside);
- a ```mlir block whose first line is `// $ tg-run <flags>`, followed by a
  ```text block: what tg-run prints for the first, saved to a file;
- a ```mlir block whose first line is `// $ tg-compile <flags>`, followed by
  a ```c block and a ```text block: the first compiled by tg-compile in a
  scratch directory, the C program built with cc against its object and
  header, and what the program prints.
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


def run_tg_compile(build: pathlib.Path, flags: list[str], source: str, program: str,
                   expected: str):
    with tempfile.TemporaryDirectory() as scratch:
        directory = pathlib.Path(scratch)
        (directory / "model.mlir").write_text(source)
        (directory / "main.c").write_text(program)

        def step(command: list[str]):
            run = subprocess.run(command, cwd=directory, capture_output=True, text=True)
            failure = [] if run.returncode == 0 else [command[0] + " failed:", *run.stderr.splitlines()]
            return run.stdout, failure

        _, failure = step([str(build / "bin" / "tg-compile"), "model.mlir", *flags])
        if not failure:
            objects = [o.name for o in sorted(directory.glob("*.o"))]
            _, failure = step(["cc", "-std=c99", "-Wall", "-Werror", "-I.", "main.c", *objects,
                               "-lpthread", "-lm", "-o", "main"])
        if not failure:
            output, failure = step(["./main"])
    if failure:
        return False, [], failure
    want = [l.strip() for l in expected.strip().splitlines()]
    got = [l.strip() for l in output.strip().splitlines()]
    return got == want, want, got


def main() -> int:
    build = pathlib.Path(sys.argv[1]).resolve()
    docs = pathlib.Path(__file__).resolve().parent.parent / "docs"
    tools = {"tg-opt": ("mlir", run_tg_opt), "tg-run": ("text", run_tg_run)}
    checked, failed = 0, 0
    for doc in sorted(docs.glob("*.md")):
        blocks = BLOCK.findall(doc.read_text())
        for i, ((language, first), (next_language, second)) in enumerate(zip(blocks, blocks[1:])):
            command = first.splitlines()[0] if first else ""
            tool = command.removeprefix("// $ ").split(" ")[0]
            if language == "mlir" and tool == "tg-compile":
                third_language, third = blocks[i + 2] if i + 2 < len(blocks) else ("", "")
                if next_language != "c" or third_language != "text":
                    continue
                flags = command.removeprefix("// $ tg-compile").split()
                ok, want, got = run_tg_compile(build, flags, first, second, third)
                checked += 1
                if not ok:
                    failed += 1
                    print(f"{doc.name}: example `{command[5:]}` does not print what the page shows")
                    print("  page:\n    " + "\n    ".join(want))
                    print("  program:\n    " + "\n    ".join(got))
                continue
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
