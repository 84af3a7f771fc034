"""A broken copy of every shipped variant is rejected with the file, line and column.

Each copy carries one defect written into the real file's text: a pile that does not exist,
a bad expression, and a deal that does not use the deck exactly.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulesdsl

VARIANTS = Path(__file__).resolve().parents[2] / "variants"
NAMES = sorted(p.stem for p in VARIANTS.glob("*.yaml"))


def broken_copy(tmp_path, name, find, replace):
    """The variant's text with the first match of `find` replaced; (path, line, column of it)."""
    text = (VARIANTS / f"{name}.yaml").read_text(encoding="utf-8")
    m = re.search(find, text, re.M)
    if m is None:
        return None
    new = text[: m.start()] + m.expand(replace) + text[m.end() :]
    path = tmp_path / f"{name}.yaml"
    path.write_text(new, encoding="utf-8")  # `extends: NAME` still finds the shipped parent
    line = text.count("\n", 0, m.start()) + 1
    col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
    return path, line, col


def errors(path):
    return [(d.code, d.line, d.column) for d in rulesdsl.check(path) if d.severity == "error"]


@pytest.mark.parametrize("name", NAMES)
def test_unknown_pile(tmp_path, name):
    got = broken_copy(tmp_path, name, r'"(\w+)\[0\]"(?=[},\]\s]|$)', r'"nosuch\1[0]"')
    if got is None:
        pytest.skip("no quoted pile reference to break")
    path, line, col = got
    assert errors(path) == [("P305", line, col)]


@pytest.mark.parametrize("name", NAMES)
def test_bad_expression(tmp_path, name):
    got = broken_copy(tmp_path, name, r'^(\s+accept(?:_empty)?: ")card\.', r"\1card.rnk + card.")
    if got is None:
        pytest.skip("no single-line accept starting with card.")
    path, line, col = got
    prefix = re.match(r"\s+accept(?:_empty)?: \"", (path.read_text().splitlines()[line - 1])).group(0)
    found = errors(path)
    assert found == [("E202", line, len(prefix) + len("card.") + 1)], found


@pytest.mark.parametrize("name", NAMES)
def test_deal_that_does_not_use_the_deck(tmp_path, name):
    got = broken_copy(tmp_path, name, r'^  - \{rest: "?\w+(?:\[0\])?"?\}\n', "")
    if got is not None:
        path, line, col = got
        found = errors(path)
        deal_line = path.read_text().splitlines().index("deal:") + 1
        assert [c for c, *_ in found] == ["D501"] and found[0][1] == deal_line, found
        return
    got = broken_copy(tmp_path, name, r"(\{to: \w+, count: )1", r"\g<1>2")
    if got is None:
        pytest.skip("no deal step to break")
    path, line, col = got
    found = errors(path)
    # D502 stands at the step that passes the deck's end: this one, or a counted step after it
    assert [c for c, *_ in found] == ["D502"] and found[0][1] >= line, found


def test_the_seed_games_are_covered(tmp_path):
    """Sultan and Scorpion meet every kind of defect above (none of their cases is skipped)."""
    for name in ("sultan", "scorpion"):
        assert broken_copy(tmp_path, name, r'"(\w+)\[0\]"(?=[},\]\s]|$)', r'"x\1[0]"') is not None
        assert broken_copy(tmp_path, name, r'^(\s+accept(?:_empty)?: ")card\.', r"\1card.") is not None
        assert broken_copy(tmp_path, name, r'^  - \{rest: "?\w+(?:\[0\])?"?\}\n', "") is not None
