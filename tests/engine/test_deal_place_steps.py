"""`deal: - place:` keys are pile references: group[i], or a group of exactly one pile."""

from __future__ import annotations

import textwrap

import rulesdsl

BASE = """
name: Place test
deck: {{decks: 2}}
piles:
  base: {{count: 3, role: foundation}}
  single: {{count: 1, role: other}}
  stock: {{count: 1, role: stock}}
deal:
  - place:
{place}
  - shuffle
  - {{rest: "stock[0]"}}
win: "false"
"""


def write(tmp_path, place: str):
    path = tmp_path / "placetest.yaml"
    path.write_text(BASE.format(place=textwrap.indent(textwrap.dedent(place), " " * 6)))
    return path


def codes(path):
    return [(d.code, d.severity) for d in rulesdsl.check(path) if d.severity == "error"]


def test_place_on_indexed_piles_and_single_pile_group(tmp_path):
    path = write(
        tmp_path,
        """\
        "base[0]": KH
        "base[2]": [KS, AS]
        single: KH
    """,
    )
    assert codes(path) == []
    g = rulesdsl.load_path(path).new_game(5)
    pos = g.position()["piles"]
    assert pos["base[0]"] == ["KH"] and pos["base[2]"] == ["KS", "AS"] and pos["single[0]"] == ["KH.1"]
    assert "base[1]" not in pos
    assert g.state.card_count() == 104


def test_place_key_that_is_not_a_pile_reference(tmp_path):
    path = write(
        tmp_path,
        """\
        "base[x]": KH
    """,
    )
    assert ("S106", "error") in codes(path)


def test_place_on_a_group_of_several_piles_is_an_error(tmp_path):
    path = write(
        tmp_path,
        """\
        base: KH
    """,
    )
    assert ("P306", "error") in codes(path)


def test_place_on_a_pile_past_the_group(tmp_path):
    path = write(
        tmp_path,
        """\
        "base[3]": KH
    """,
    )
    assert ("P305", "error") in codes(path)
