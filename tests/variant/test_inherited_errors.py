"""An error in a key a child inherits (extends) names the parent's FILE:LINE:COL and the child
that inherited it (issue 10, item 12)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import rulesdsl

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _family(tmp_path):
    text = (VARIANTS / "golf.yaml").read_text(encoding="utf-8")
    assert "\nwin: " in text
    bad = text.replace("\nwin: ", '\nwin: "nosuch_name > 0"\nold_win: ', 1)
    parent = tmp_path / "parent.yaml"
    parent.write_text(bad, encoding="utf-8")
    line = bad.split("\nwin: ")[0].count("\n") + 2
    kids = []
    for k in ("kid_a", "kid_b"):
        p = tmp_path / f"{k}.yaml"
        p.write_text(f"extends: parent.yaml\nname: {k}\n", encoding="utf-8")
        kids.append(p)
    return parent, kids, line


def test_check_names_parent_and_child(tmp_path):
    parent, (kid_a, _), line = _family(tmp_path)
    own = [d for d in rulesdsl.check(parent) if d.code == "E201"]
    assert own and "inherited" not in own[0].message
    diags = [d for d in rulesdsl.check(kid_a) if d.code == "E201"]
    assert diags, rulesdsl.check(kid_a)
    d = diags[0]
    assert (d.file, d.line, d.column) == (str(parent), line, 7)
    assert f"inherited by {kid_a}" in d.message


def test_cli_check_of_a_family_says_which_child(tmp_path):
    parent, kids, line = _family(tmp_path)
    r = subprocess.run(
        [sys.executable, "-m", "rulesdsl", "check", "--play", "0", str(parent), *map(str, kids)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = r.stdout + r.stderr
    assert r.returncode != 0
    hits = [ln for ln in out.splitlines() if ln.startswith(f"{parent}:{line}:7: E201")]
    assert len(hits) == 3, out
    assert sum("inherited by" in h for h in hits) == 2
    for kid in kids:
        assert any(f"inherited by {kid}" in h for h in hits), out
