#!/usr/bin/env python3
"""Fails when tg_manifest.json and the headers or libraries disagree.

    check-manifest.py BUILD_DIR

Independently of the generator: a C file made from the manifest takes the
address of every function with the manifest's signature and asserts every
enum value, and clang compiles it against the headers with those mismatches
as errors; and the functions libtg.so and libtgrt.so export are exactly the
manifest's.
"""
import json
import os
import subprocess
import sys
import tempfile


def exported(library):
    out = subprocess.run(["nm", "-D", "--defined-only", library], check=True,
                         capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.split()[1:2] == ["T"]}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = sys.argv[1]
    source = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    manifest = json.load(open(os.path.join(build, "tg_manifest.json")))
    lines = ['#include "tg/tg.h"', '#include "tgrt.h"', ""]
    for i, f in enumerate(manifest["functions"]):
        params = ", ".join(p["type"] for p in f["params"]) or "void"
        lines.append(f"{f['returns']} (*const check_{i})({params}) = {f['name']};")
    for e in manifest["enums"]:
        for v in e["values"]:
            lines.append(f"_Static_assert({v['name']} == {v['value']}, \"{v['name']}\");")
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as c:
        c.write("\n".join(lines) + "\n")
    problems = []
    compiled = subprocess.run(
        ["clang-22", "-x", "c", "-std=c11", "-fsyntax-only",
         "-Werror=incompatible-function-pointer-types", "-Werror=incompatible-pointer-types",
         "-I", os.path.join(source, "include"), "-I", os.path.join(build, "include"),
         "-I", os.path.join(source, "runtime", "include"), c.name],
        capture_output=True, text=True)
    os.unlink(c.name)
    if compiled.returncode:
        problems.append("the headers do not match the manifest:\n" + compiled.stderr[:4000])
    libraries = manifest["libraries"]
    for library in sorted(set(libraries.values())):
        have = exported(os.path.join(build, "lib", library))
        want = {f["name"] for f in manifest["functions"]
                if libraries[f["header"]] == library and not f.get("inline")}
        if want - have:
            problems.append(f"{library} does not export {sorted(want - have)}")
        if have - want:
            problems.append(f"{library} exports what the manifest lacks: {sorted(have - want)}")
    if problems:
        sys.exit("check-manifest: " + "\n".join(problems))
    counts = manifest["counts"]
    print(f"check-manifest: {counts['functions']} functions, {counts['types']} types and "
          f"{counts['enums']} enums match the headers and libraries")


if __name__ == "__main__":
    main()
