#!/usr/bin/python3
"""Checks the data of a VIZ=1 page (the JSON in its tg-viz-data script):
every program's graph is a dataflow graph (and the expected ops are in
one of them), its kernels
are named, each pass of each stage has a time, its pattern and changed-line
counts, and a snapshot whose texts exist; a kernel appears in the snapshots
once tg-kernelize made it, and the steps that changed it say so.

    check_viz_data.py PAGE [--programs N] [--op NAME]... [--pass NAME]...
--pass: every program has a step of that pass.
Prints one line per program: its name, nodes, kernels, stages and passes.
"""
import argparse
import json
import re
import sys


def fail(message):
    print(f"check_viz_data: {message}", file=sys.stderr)
    sys.exit(1)


def load(path):
    with open(path) as f:
        html = f.read()
    match = re.search(r'<script id="tg-viz-data" type="application/json">(.*?)</script>', html, re.S)
    if not match:
        fail("no tg-viz-data script in the page")
    if "@TG_VIZ_DATA@" in match.group(1):
        fail("the placeholder was not filled")
    return json.loads(match.group(1).replace("<\\/", "</"))


def check_program(program, texts, passes):
    nodes = program["graph"]["nodes"]
    for index, node in enumerate(nodes):
        if node["id"] != index:
            fail(f"{program['name']}: node {index} has id {node['id']}")
        for source in node["inputs"]:
            if not 0 <= source < index:
                fail(f"{program['name']}: node {index} ({node['op']}) reads node {source}, "
                     "which is not before it")
    if nodes[-1]["op"] != "return" or not nodes[-1]["inputs"]:
        fail(f"{program['name']}: the graph does not end in a return of something")
    kernels = [kernel["name"] for kernel in program["kernels"]]
    steps = [step for stage in program["stages"] for step in stage["passes"]]
    names = [step["name"] for step in steps]
    for name in passes:
        if name not in names:
            fail(f"{program['name']}: no step of pass {name} (has {names})")
    for step in steps:
        if step["ms"] < 0 or step["patterns"] < 0 or step["changed"] < 0:
            fail(f"{program['name']}: {step['name']} has a negative count")
        for symbol, text in step["ir"]:
            if not 0 <= text < len(texts):
                fail(f"{program['name']}: {step['name']} refers to text {text} of {len(texts)}")
    # A kernel is first in the snapshot of the pass that made it, which
    # changed lines to do so.
    for kernel in kernels:
        made = next((step for step in steps
                     if any(symbol.startswith("@" + kernel) for symbol, _ in step["ir"])), None)
        if made is None:
            fail(f"{program['name']}: kernel {kernel} is in no snapshot")
        if made["changed"] == 0:
            fail(f"{program['name']}: {made['name']} made {kernel} but changed no line")
        text = texts[dict(made["ir"])["@" + kernel]] if "@" + kernel in dict(made["ir"]) else ""
        if text and f"@{kernel}" not in text:
            fail(f"{program['name']}: the text of @{kernel} does not define it")
    if not any(step["patterns"] > 0 for step in steps):
        fail(f"{program['name']}: no pass tried a pattern")
    print(f"{program['name']}: {len(nodes)} nodes, {len(kernels)} kernels, "
          f"{len(program['stages'])} stages, {len(steps)} passes")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--programs", type=int)
    parser.add_argument("--op", action="append", default=[])
    parser.add_argument("--pass", dest="passes", action="append", default=[])
    args = parser.parse_args()
    data = load(args.page)
    if not data["version"].startswith("tinygrad-mlir "):
        fail(f"version is {data['version']!r}")
    if args.programs is not None and len(data["programs"]) != args.programs:
        fail(f"{len(data['programs'])} programs, expected {args.programs}")
    print(f"viz: {data['tool']}, {len(data['programs'])} programs, {len(data['texts'])} texts")
    for program in data["programs"]:
        check_program(program, data["texts"], args.passes)
    drawn = {node["op"] for program in data["programs"] for node in program["graph"]["nodes"]}
    missing = set(args.op) - drawn
    if missing:
        fail(f"no {sorted(missing)} in any program's graph")


if __name__ == "__main__":
    main()
