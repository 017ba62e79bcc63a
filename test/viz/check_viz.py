#!/usr/bin/env python3
"""Checks a VIZ=1 page (lib/Compiler/viz.html filled with data) in headless Chromium.

  check_viz.py PAGE.html --screenshot OUT.png [--expect-op tg.add ...]
               [--min-programs N] [--min-passes N] [--min-kernels N] [--min-nodes N]
  check_viz.py DATA.json --fill lib/Compiler/viz.html --screenshot OUT.png ...

Loads the page twice, once dumping the DOM after its scripts ran and once taking
a screenshot, and fails (exit 1) unless:
  * Chromium logged no console message and no uncaught exception (see below),
  * <body> has data-viz-ready="1" and no data-viz-error,
  * #viz-summary ("programs=N kernels=K passes=P nodes=G") meets the minimums,
  * every --expect-op is the data-op of some .viz-node,
  * the screenshot is a non-blank PNG of the window size.

Chromium (--enable-logging=stderr) logs every console message of a web page at
INFO, whatever its level, as
  [pid:tid:MMDD/HHMMSS.micros:INFO:CONSOLE:LINE] "message", source: URL (LINE)
(older versions: "INFO:CONSOLE(LINE)]"); an uncaught exception is the message
"Uncaught Error: ...". Since console.error cannot be told from console.log, any
console message fails the check: the page logs nothing unless something broke.
"""

import argparse
import html.parser
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
# The main job's page is 90 MB: headless Chromium 156 takes 95 s of wall
# time (21 s of CPU) to dump its DOM on a 2-core machine.
TIMEOUT_S = 240
WINDOW = (1600, 1000)

# ":CONSOLE:12]" (Chromium >= ~120) and ":CONSOLE(12)]" (older).
CONSOLE_RE = re.compile(r":CONSOLE(?::\d+|\(\d+\))\]|CONSOLE\(")
# The start of any Chromium log line: "[pid:tid:date:LEVEL:file...]".
LOG_LINE_RE = re.compile(r"^\[\d+:\d+:\d{4}/\d{6}\.\d+:[A-Z]+:")
SUMMARY_RE = re.compile(r"programs=(\d+) kernels=(\d+) passes=(\d+) nodes=(\d+)")


class Failure(Exception):
    pass


def run_chromium(chromium, page_url, extra_args, what):
    """Runs Chromium once; returns (stdout, stderr). Raises Failure on timeout or error exit."""
    profile = tempfile.mkdtemp(prefix="check_viz-profile-")
    args = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", f"--user-data-dir={profile}", "--enable-logging=stderr",
            "--v=0", "--virtual-time-budget=10000", *extra_args, page_url]
    # Its own process group, so that on a timeout its renderer/GPU/zygote children go too.
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise Failure(f"chromium ({what}) did not finish within {TIMEOUT_S} s")
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # stragglers of this run only
        except ProcessLookupError:
            pass
        shutil.rmtree(profile, ignore_errors=True)
    out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    if proc.returncode != 0:
        raise Failure(f"chromium ({what}) exited with {proc.returncode}; stderr tail:\n"
                      + "\n".join(err.splitlines()[-20:]))
    return out, err


def console_messages(stderr):
    """The console messages in a Chromium log, each with its continuation lines
    (a message containing newlines, e.g. a stack, spans several lines)."""
    messages, current = [], None
    for line in stderr.splitlines():
        if CONSOLE_RE.search(line):
            current = [line]
            messages.append(current)
        elif current is not None and not LOG_LINE_RE.match(line):
            current.append(line)
        else:
            current = None
    return ["\n".join(m) for m in messages]


def check_console(stderr, what):
    messages = console_messages(stderr)
    if messages:
        kinds = ["uncaught exception" if "Uncaught" in m else "console message" for m in messages]
        raise Failure(f"the page logged {len(messages)} message(s) in chromium ({what}):\n"
                      + "\n".join(f"  [{k}] {m}" for k, m in zip(kinds, messages)))
    print(f"ok: no console messages or uncaught exceptions ({what})")


class DomScan(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.body_attrs = None
        self.ops = set()
        self.node_count = 0
        self.summary = None
        self._summary_depth = 0  # >0 while inside #viz-summary
        self._summary_text = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body" and self.body_attrs is None:
            self.body_attrs = a
        if "viz-node" in (a.get("class") or "").split() and "data-op" in a:
            self.ops.add(a["data-op"])
            self.node_count += 1
        if self._summary_depth:
            self._summary_depth += 1
        elif a.get("id") == "viz-summary":
            self._summary_depth = 1

    def handle_endtag(self, tag):
        if self._summary_depth:
            self._summary_depth -= 1
            if not self._summary_depth:
                self.summary = "".join(self._summary_text).strip()

    def handle_data(self, data):
        if self._summary_depth:
            self._summary_text.append(data)


def check_dom(dom, args):
    scan = DomScan()
    scan.feed(dom)
    scan.close()
    if scan.body_attrs is None:
        raise Failure("the dumped DOM has no <body> (did the page load?)")
    if scan.body_attrs.get("data-viz-error"):
        raise Failure(f"the page recorded an error: data-viz-error={scan.body_attrs['data-viz-error']!r}")
    if scan.body_attrs.get("data-viz-ready") != "1":
        raise Failure('<body> lacks data-viz-ready="1": the page did not finish rendering')
    print('ok: body has data-viz-ready="1"')

    if scan.summary is None:
        raise Failure("the dumped DOM has no #viz-summary element")
    m = SUMMARY_RE.search(scan.summary)
    if not m:
        raise Failure(f"#viz-summary is {scan.summary!r}, not 'programs=N kernels=K passes=P nodes=G'")
    got = dict(zip(("programs", "kernels", "passes", "nodes"), map(int, m.groups())))
    for key in got:
        want = getattr(args, f"min_{key}")
        if got[key] < want:
            raise Failure(f"#viz-summary has {key}={got[key]}, expected at least {want} ({scan.summary!r})")
    print(f"ok: #viz-summary '{m.group(0)}' meets the minimums "
          + " ".join(f"{k}>={getattr(args, 'min_' + k)}" for k in got), flush=True)

    missing = [op for op in args.expect_op if op not in scan.ops]
    if missing:
        raise Failure(f"no .viz-node with data-op {missing} among the {scan.node_count} nodes "
                      f"drawn (ops: {sorted(scan.ops)})")
    if args.expect_op:
        print(f"ok: graph nodes with data-op {args.expect_op} present ({scan.node_count} nodes drawn)")


def check_png(path):
    """The screenshot exists, is a PNG of the window size, and is not one flat colour."""
    p = Path(path)
    if not p.is_file() or p.stat().st_size == 0:
        raise Failure(f"chromium wrote no screenshot at {path}")
    raw = p.read_bytes()
    if raw[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure(f"{path} is not a PNG")
    width, height = struct.unpack(">II", raw[16:24])
    if (width, height) != WINDOW:
        raise Failure(f"{path} is {width}x{height}, expected {WINDOW[0]}x{WINDOW[1]}")
    idat, pos = bytearray(), 8
    while pos + 8 <= len(raw):
        length, kind = struct.unpack(">I4s", raw[pos:pos + 8])
        if kind == b"IDAT":
            idat += raw[pos + 8:pos + 8 + length]
        pos += 12 + length
    pixels = zlib.decompress(bytes(idat))
    # Filter bytes aside, a blank page decompresses to a handful of distinct byte values.
    if len(set(pixels[: 4 * 1024 * 1024])) < 16:
        raise Failure(f"{path} looks blank (almost no distinct pixel values)")
    print(f"ok: screenshot {path} ({width}x{height}, {p.stat().st_size} bytes, not blank)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("page", help="the filled VIZ page (.html)")
    ap.add_argument("--screenshot", required=True, metavar="OUT.png")
    ap.add_argument("--expect-op", action="append", default=[], metavar="OP",
                    help="an op that must be drawn as a graph node (repeatable), e.g. tg.add")
    ap.add_argument("--min-programs", type=int, default=0)
    ap.add_argument("--min-passes", type=int, default=0)
    ap.add_argument("--min-kernels", type=int, default=0)
    ap.add_argument("--min-nodes", type=int, default=0)
    ap.add_argument("--fill", metavar="TEMPLATE.html",
                    help="PAGE is JSON data: check TEMPLATE (lib/Compiler/viz.html) filled with "
                         "it, as the compiler fills it")
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", CHROMIUM),
                    help=f"the browser (default: $CHROMIUM or {CHROMIUM})")
    args = ap.parse_args()

    try:
        chromium = shutil.which(args.chromium)
        if not chromium:
            raise Failure(f"chromium not found at {args.chromium}: install it (apt-get install chromium) "
                          "or pass --chromium; this check does not skip")
        page = Path(args.page).resolve()
        if not page.is_file():
            raise Failure(f"no page at {args.page}")
        if args.fill:
            data = page.read_text(encoding="utf-8").replace("</", "<\\/")
            filled = Path(args.screenshot).resolve().with_suffix(".html")
            filled.parent.mkdir(parents=True, exist_ok=True)
            template = Path(args.fill).read_text(encoding="utf-8")
            filled.write_text(template.replace("@TG_VIZ_DATA@", data), encoding="utf-8")
            page = filled
        text = page.read_text(encoding="utf-8", errors="replace")
        if "@TG_VIZ_DATA@" in text:
            raise Failure(f"{args.page} still holds the @TG_VIZ_DATA@ placeholder: no data was filled in")
        url = page.as_uri()
        print(f"checking {page} with {chromium}")

        dom, err = run_chromium(chromium, url, ["--dump-dom"], "dump-dom")
        check_console(err, "dump-dom")
        check_dom(dom, args)

        shot = Path(args.screenshot).resolve()
        shot.parent.mkdir(parents=True, exist_ok=True)
        if shot.exists():
            shot.unlink()
        _, err = run_chromium(chromium, url, [f"--screenshot={shot}",
                                              f"--window-size={WINDOW[0]},{WINDOW[1]}"], "screenshot")
        check_console(err, "screenshot")
        check_png(shot)
    except Failure as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
