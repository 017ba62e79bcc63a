#!/usr/bin/python3
"""What the main job shows and leaves behind: a progress bar with an ETA, a
progress bar while it evaluates, a CSV log of every step next to the model,
and a self-contained SVG chart of the curves there; a resumed run continues
the log without repeating the epoch that was cut short.

    outputs_test.py FASHION_MNIST
"""
import csv
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

STEPS, BATCH = 4, 32


def run(binary, args):
    result = subprocess.run([binary, "--steps", str(STEPS), "--batch-size", str(BATCH)] + args,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def check_log(path, epochs):
    log = rows(path)
    steps = [r for r in log if r["test_accuracy"] == ""]
    ends = [r for r in log if r["test_accuracy"] != ""]
    assert [int(r["step"]) for r in steps] == list(range(1, epochs * STEPS + 1)), log
    assert [int(r["epoch"]) for r in ends] == list(range(1, epochs + 1)), ends
    assert [int(r["step"]) for r in ends] == [e * STEPS for e in range(1, epochs + 1)], ends
    for r in steps:
        assert math.isfinite(float(r["loss"])) and float(r["loss"]) > 0, r
        assert 0 <= float(r["train_accuracy"]) <= 1 and float(r["lr"]) >= 0, r
    assert abs(float(steps[0]["lr"]) - 1e-3) < 1e-9, steps[0]  # the step's own, before the schedule moves
    for r in ends:
        assert 0 <= float(r["test_accuracy"]) <= 1, r
    return log


def check_chart(path, epochs):
    with open(path) as f:
        text = f.read()
    svg = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.tag == ns + "svg", svg.tag
    # Self-contained: no link, script or reference to anything outside.
    for attribute in ("href", "src", "url(", "<script", "@import"):
        assert attribute not in text, attribute
    assert text.count("http") == 1, "only the SVG namespace may name a URL"
    lines = svg.findall(ns + "polyline")
    assert len(lines) == 5, len(lines)  # loss raw and trend, accuracy raw and trend, test
    assert len(svg.findall(ns + "circle")) == epochs  # one test accuracy per epoch
    for line in lines:
        for point in line.get("points").split():
            x, y = map(float, point.split(","))
            assert 0 <= x <= 900 and 0 <= y <= 600, point


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        model = os.path.join(d, "model.safetensors")
        checkpoint = os.path.join(d, "checkpoint.safetensors")
        first = run(binary, ["--epochs", "2", "--save", model, "--checkpoint", checkpoint])
        assert "ETA " in first.stderr, first.stderr[-500:]
        assert "evaluating [" in first.stderr, first.stderr[-500:]
        assert os.path.join(d, "model.csv") in first.stdout, first.stdout
        check_log(os.path.join(d, "model.csv"), 2)
        check_chart(os.path.join(d, "model.svg"), 2)

        # A run cut short in epoch 3 leaves that epoch's steps in the log; the
        # resumed run drops them and writes epoch 3 again, once.
        with open(os.path.join(d, "model.csv"), "a") as f:
            f.write("3,9,9.9,0.1,0.001,,1.0\n")
        run(binary, ["--epochs", "3", "--save", model, "--resume", checkpoint])
        check_log(os.path.join(d, "model.csv"), 3)
        check_chart(os.path.join(d, "model.svg"), 3)
    print("outputs: progress with ETA and evaluation, CSV log and SVG chart as expected")


if __name__ == "__main__":
    main()
