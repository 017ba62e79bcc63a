#!/usr/bin/env python3
"""check_parity.py on small tables: what it must reject and what it counts."""
import pathlib
import subprocess
import sys
import tempfile
import unittest

CHECKER = pathlib.Path(__file__).with_name("check_parity.py")
HEADER = "struct Tensor { Tensor relu() const; static Tensor cat(int); };\nnamespace nn { class Linear {}; }\n"


def run(rows, names=("relu", "cat", "nn.Linear", "qr"), min_percent=0):
  with tempfile.TemporaryDirectory() as tmp:
    root = pathlib.Path(tmp)
    (root / "include").mkdir()
    (root / "include" / "api.h").write_text(HEADER)
    doc = root / "doc.md"
    doc.write_text("## Parity with tinygrad\n\n| tinygrad | tg | notes |\n|---|---|---|\n" + "\n".join(rows) +
                   "\n\n## Elsewhere\n\n| tinygrad | tg | notes |\n|---|---|---|\n| `ignored` | `nothing` | |\n")
    (root / "names.txt").write_text("# header\n" + "\n".join(names) + "\n")
    result = subprocess.run([sys.executable, str(CHECKER), str(doc), str(root / "names.txt"), str(root / "include"),
                             "--min-percent", str(min_percent)], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


GOOD = ["| `relu` | same name | |", "| `cat` | `Tensor::cat(tensors, axis)` | |", "| `nn.Linear` | `nn::Linear` | |",
        "| `qr` | not yet | |"]


class CheckParity(unittest.TestCase):

  def test_counts_present_over_applicable(self):
    code, out = run(GOOD)
    self.assertEqual(code, 0, out)
    self.assertIn("3 of the 4 tinygrad names that apply are present (75.0%)", out)
    self.assertIn("not yet: qr", out)

  def test_not_applicable_leaves_the_share(self):
    code, out = run(GOOD[:3] + ["| `qr` | not planned | no LAPACK here |"])
    self.assertEqual(code, 0, out)
    self.assertIn("(100.0%); 1 not applicable", out)

  def test_present_name_without_declaration(self):
    code, out = run(["| `relu` | `relux` | |"] + GOOD[1:])
    self.assertEqual(code, 1)
    self.assertIn("`relu`: nothing in", out)

  def test_same_name_without_declaration(self):
    code, out = run(GOOD + ["| `sort` | same name | |"], names=("relu", "cat", "nn.Linear", "qr", "sort"))
    self.assertEqual(code, 1)
    self.assertIn("`sort`: nothing in", out)

  def test_missing_duplicate_and_unknown_names(self):
    code, out = run(GOOD[1:] + ["| `cat` | `cat` | |", "| `kitten` | not yet | |"])
    self.assertEqual(code, 1)
    self.assertIn("tinygrad's `relu` is not in the parity table", out)
    self.assertIn("`cat` is listed again", out)
    self.assertIn("`kitten` is not one of tinygrad's names", out)

  def test_not_applicable_needs_a_reason(self):
    code, out = run(GOOD[:3] + ["| `qr` | not planned | |"])
    self.assertEqual(code, 1)
    self.assertIn("`qr` is not applicable without a reason", out)

  def test_below_the_required_share(self):
    code, out = run(GOOD, min_percent=95)
    self.assertEqual(code, 1)
    self.assertIn("parity 75.0% is below the required 95.0%", out)


if __name__ == "__main__":
  unittest.main()
