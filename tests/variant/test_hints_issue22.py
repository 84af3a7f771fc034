"""Hints found by issue 22's author: I906 on a variant that deals PySolFC's first waste card
explains the pysol-cards convention; an inherited E201 after a child's 'params: null' names
the fix in the child file."""

from __future__ import annotations

import shutil
from pathlib import Path

import rulesdsl

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def test_i906_on_a_dealt_waste_card_explains_the_convention(tmp_path):
    text = (VARIANTS / "klondike.yaml").read_text(encoding="utf-8")
    old = '  - {rest: "stock[0]", when: "not open"}'
    assert old in text
    path = tmp_path / "klondike_waste.yaml"
    path.write_text(text.replace(old, "  - {to: waste, count: 1}\n" + old), encoding="utf-8")
    found = [d for d in rulesdsl.check(path) if d.code == "I906"]
    assert found
    hint = found[0].hint
    assert "pysol-cards" in hint and "first draw turns it" in hint and "deal nothing to waste[0]" in hint
    assert "deal as PySol does" not in hint


def test_i906_elsewhere_says_what_the_numbered_board_is(tmp_path):
    text = (VARIANTS / "freecell.yaml").read_text(encoding="utf-8")
    old = "count: [7, 7, 7, 7, 6, 6, 6, 6]"
    assert old in text
    path = tmp_path / "freecell_shape.yaml"
    path.write_text(text.replace(old, "count: [6, 6, 6, 6, 7, 7, 7, 7]"), encoding="utf-8")
    found = [d for d in rulesdsl.check(path) if d.code == "I906"]
    assert found and "the board pysol-cards prints" in found[0].hint


def test_inherited_e201_after_params_null_hints_at_the_child(tmp_path):
    shutil.copy(VARIANTS / "calculation.yaml", tmp_path / "parent.yaml")
    kid = tmp_path / "kid.yaml"
    kid.write_text("extends: parent.yaml\nname: Kid\nparams: null\n", encoding="utf-8")
    found = [d for d in rulesdsl.check(kid) if d.code == "E201"]
    assert found
    d = found[0]
    assert d.file == str(tmp_path / "parent.yaml") and "inherited by" in d.message
    assert d.hint.startswith(f"{kid}:3:1: 'params: null' removed the parent's params")
    assert "give 'open_foundations' again under params" in d.hint
    # the parent alone is clean, and a child that keeps the params is too
    kid.write_text("extends: parent.yaml\nname: Kid\n", encoding="utf-8")
    assert [x for x in rulesdsl.check(kid) if x.severity == "error"] == []
