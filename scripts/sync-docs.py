#!/usr/bin/env python3
"""Keeps docs/ true to the code.

1. The generated parts of docs/ equal what mlir-tblgen produces from ODS.
2. Every rewrite rule named in lib/ (its `before → after` text) appears in
   docs/rewrites.md.

Each docs/*.md file may hold blocks
    <!-- BEGIN GENERATED FROM build/<path> -->
    ...
    <!-- END GENERATED -->
whose body must equal the named file of the build tree.
  sync-docs.py BUILD_DIR          check; exit 1 and show what differs
  sync-docs.py BUILD_DIR --update rewrite the blocks
"""
import difflib
import pathlib
import re
import sys

BLOCK = re.compile(r"(<!-- BEGIN GENERATED FROM build/(?P<path>\S+) -->\n)(?P<body>.*?)(<!-- END GENERATED -->)", re.S)


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    build = pathlib.Path(sys.argv[1])
    update = "--update" in sys.argv[2:]
    docs = pathlib.Path(__file__).resolve().parent.parent / "docs"
    stale = []
    for doc in sorted(docs.glob("*.md")):
        text = doc.read_text()

        def replace(match: re.Match) -> str:
            generated = (build / match["path"]).read_text()
            if generated != match["body"]:
                stale.append((doc, match["path"], match["body"], generated))
            return match[1] + generated + match[4]

        new_text = BLOCK.sub(replace, text)
        if update and new_text != text:
            doc.write_text(new_text)
    root = docs.parent
    rules = []
    for source in sorted((root / "lib").rglob("*.cpp")):
        text = source.read_text()
        rules += re.findall(r'add<\w+>\(\s*"([^"]+)"', text)
        rules += re.findall(r'addAssociativeConstants<\w+>\(rules,\s*"([^"]+)"', text)
        rules += re.findall(r'setDebugName\("([^"]+)"\)', text)
    rewrites = (docs / "rewrites.md").read_text()
    undocumented = [rule for rule in rules if rule not in rewrites]
    for rule in undocumented:
        print(f"rewrites.md does not list the rule `{rule}`")
    if (stale and not update) or undocumented:
        for doc, path, old, new in stale:
            print(f"{doc.name}: the block generated from build/{path} is out of date")
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "docs", "ODS", n=1))
        if stale:
            print("run: scripts/sync-docs.py build --update")
        return 1
    print(f"docs: {len(rules)} rules documented; " +
          ("generated blocks are current" if not update else f"updated {len(stale)} block(s)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
