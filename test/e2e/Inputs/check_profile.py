#!/usr/bin/python3
"""Checks a PROFILE=1 trace (the Chrome trace format): it is JSON, its tracks
are named, each compile holds its stages and each stage its passes, launches
are on their device's track with their flops and bytes, each worker's part
of a launch is on its worker's track within that launch, and the copies and
program cache events expected are there.

    check_profile.py TRACE [--compiles N] [--launches N] [--device NAME]
                           [--cache EVENT]... [--no-copies] [--workers N]
"""
import argparse
import collections
import json
import sys

EPSILON = 1e-3  # microseconds
# A launch's event is placed when its observer is called, after the launch;
# its workers' were clocked during it: they may start this much earlier.
WORKER_SLACK = 200  # microseconds


def within(inner, outer):
    return (outer["ts"] - EPSILON <= inner["ts"] and
            inner["ts"] + inner["dur"] <= outer["ts"] + outer["dur"] + EPSILON)


def check(path, compiles=None, launches=None, device="CPU:0", cache=(), copies=True,
          workers=None):
    with open(path) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"}
    tracks = collections.defaultdict(list)
    for e in events:
        if e["ph"] in "Xi":
            assert e["tid"] in names, f"an event on an unnamed track: {e}"
            assert isinstance(e["ts"], (int, float)) and e["ts"] >= 0, e
            if e["ph"] == "X":
                assert e["dur"] >= 0, e
            tracks[names[e["tid"]]].append(e)

    compiling = tracks["compile"]
    whole = [e for e in compiling if e["cat"] == "compile"]
    stages = [e for e in compiling if e["cat"] == "stage"]
    passes = [e for e in compiling if e["cat"].startswith("pass")]
    if compiles is not None:
        assert len(whole) == compiles, f"{len(whole)} compiles, expected {compiles}"
    if whole:
        assert stages and passes, "a compile without stages or passes"
    for stage in stages:
        assert any(within(stage, c) for c in whole), f"a stage outside any compile: {stage}"
    for p in passes:
        assert any(within(p, s) for s in stages), f"a pass outside any stage: {p}"

    ran = [e for e in tracks[device] if e["cat"] == "launch"]
    if launches is not None:
        assert len(ran) == launches, f"{len(ran)} launches on {device}, expected {launches}"
    for e in ran:
        assert int(e["args"]["flops"]) >= 0 and int(e["args"]["bytes"]) > 0, e

    # Each worker's part of a launch is on the device's track for that
    # worker, inside a launch of the same kernel.
    worker_tracks = sorted(name for name in tracks if name.startswith(device + " worker "))
    if workers is not None:
        assert len(worker_tracks) == workers, f"worker tracks {worker_tracks}, expected {workers}"
    for name in worker_tracks:
        for part in tracks[name]:
            assert part["cat"] == "worker" and part["ph"] == "X", part
            assert any(e["name"] == part["name"] and
                       e["ts"] - WORKER_SLACK <= part["ts"] and
                       part["ts"] + part["dur"] <= e["ts"] + e["dur"] + EPSILON for e in ran), \
                f"a worker's part outside any launch of {part['name']}: {part}"

    if copies:
        moved = tracks["copies"]
        assert moved and all(e["cat"] == "copy" and e["ph"] == "X" for e in moved), moved
    seen = [e["name"] for e in tracks["program cache"]]
    for event in cache:
        assert event in seen, f"no '{event}' on the program cache track: {seen}"
    return tracks


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trace")
    parser.add_argument("--compiles", type=int)
    parser.add_argument("--launches", type=int)
    parser.add_argument("--device", default="CPU:0")
    parser.add_argument("--cache", action="append", default=[])
    parser.add_argument("--no-copies", action="store_true")
    parser.add_argument("--workers", type=int)
    args = parser.parse_args()
    tracks = check(args.trace, args.compiles, args.launches, args.device, args.cache,
                   not args.no_copies, args.workers)
    print("profile: " + ", ".join(f"{name} {len(events)}" for name, events in sorted(tracks.items())
                                  if events))


if __name__ == "__main__":
    sys.exit(main())
