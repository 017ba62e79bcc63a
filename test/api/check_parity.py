#!/usr/bin/env python3
"""The parity table of docs/tensor-api.md against tinygrad's API and our
headers.

  check_parity.py DOC NAMES INCLUDE_DIR [--min-percent P]

NAMES (tinygrad-names.txt) lists tinygrad's public names. The section
"## Parity with tinygrad" of DOC has one table row per name: the name in
the first cell, and in the second either what tg has (code spans naming
declarations: `abs`, `Tensor::cat(...)`, `nn::Linear`, or "same name"),
or "not yet", or
"not planned" / "internal" with the reason in the notes. The check fails
when a name is missing from the table or listed twice, when the table names
something tinygrad does not have, when a name marked present names nothing
declared in the public headers under INCLUDE_DIR, when a name marked not
applicable gives no reason, or when the present names are fewer than P% of
those that apply.
"""
import argparse
import pathlib
import re
import sys

SECTION = "## Parity with tinygrad"
NOT_YET = "not yet"
NOT_APPLICABLE = ("not planned", "internal")
CODE_SPAN = re.compile(r"`([^`]+)`")
OPERATOR = re.compile(r"^operator\s*(\S+)$")
IDENTIFIER = re.compile(r"^(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)")


def table_rows(doc):
  """(line number, cells) of the table rows of the parity section."""
  inside = False
  for number, line in enumerate(doc.splitlines(), 1):
    if line.startswith("## "):
      inside = line.startswith(SECTION)
      continue
    if not inside or not line.startswith("|") or re.match(r"^\|[-| ]+\|$", line):
      continue
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if cells[0] == "tinygrad":  # a header row
      continue
    yield number, cells


def declaration_pattern(span):
  """A regex that finds a declaration of what a code span names, or None
  for spans that name no declaration (an expression such as `x.T`)."""
  operator = OPERATOR.match(span)
  if operator:
    return re.compile(r"\boperator\s*" + re.escape(operator.group(1)) + r"\s*\(")
  name = IDENTIFIER.match(span)
  if not name:
    return None
  ident = re.escape(name.group(1))
  return re.compile(rf"\b{ident}\s*\(|\b(?:class|struct)\s+{ident}\b|\busing\s+{ident}\s*=|\b{ident}\s*(?:;|=)")


def main():
  parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("doc", type=pathlib.Path)
  parser.add_argument("names", type=pathlib.Path)
  parser.add_argument("include", type=pathlib.Path)
  parser.add_argument("--min-percent", type=float, default=0)
  args = parser.parse_args()

  names = [line.strip() for line in args.names.read_text().splitlines()
           if line.strip() and not line.startswith("#")]
  headers = "\n".join(p.read_text() for p in sorted(args.include.rglob("*.h")))
  errors, status, where = [], {}, {}
  for number, cells in table_rows(args.doc.read_text()):
    place = f"{args.doc}:{number}"
    spans = CODE_SPAN.findall(cells[0])
    if len(cells) < 3 or len(spans) != 1:
      errors.append(f"{place}: a row names one tinygrad name in its first cell and has three cells")
      continue
    name, ours, notes = spans[0], cells[1], cells[2]
    if name in where:
      errors.append(f"{place}: `{name}` is listed again (first at line {where[name]})")
      continue
    where[name] = number
    lowered = ours.lower()
    if lowered.startswith(NOT_YET):
      status[name] = "missing"
    elif lowered.startswith(NOT_APPLICABLE):
      status[name] = "not applicable"
      if not notes and ":" not in ours:
        errors.append(f"{place}: `{name}` is not applicable without a reason")
    else:
      status[name] = "present"
      spans = [name] if lowered.startswith("same name") else CODE_SPAN.findall(ours)
      patterns = [p for p in map(declaration_pattern, spans) if p]
      if not patterns:
        errors.append(f"{place}: `{name}` is marked present but names no declaration")
      for pattern in patterns:
        if not pattern.search(headers):
          errors.append(f"{place}: `{name}`: nothing in {args.include} declares what "
                        f"`{pattern.pattern}` looks for")
  for name in names:
    if name not in status:
      errors.append(f"{args.doc}: tinygrad's `{name}` is not in the parity table")
  for name in status:
    if name not in names:
      errors.append(f"{args.doc}:{where[name]}: `{name}` is not one of tinygrad's names ({args.names})")

  present = sorted(n for n, s in status.items() if s == "present")
  missing = sorted(n for n, s in status.items() if s == "missing")
  applicable = len(present) + len(missing)
  percent = 100.0 * len(present) / applicable if applicable else 0.0
  print(f"parity: {len(present)} of the {applicable} tinygrad names that apply are present "
        f"({percent:.1f}%); {len(status) - applicable} not applicable; {len(names)} in all")
  if missing:
    print("not yet: " + " ".join(missing))
  if percent < args.min_percent:
    errors.append(f"parity {percent:.1f}% is below the required {args.min_percent}%")
  for error in errors:
    print("error: " + error, file=sys.stderr)
  return 1 if errors else 0


if __name__ == "__main__":
  sys.exit(main())
