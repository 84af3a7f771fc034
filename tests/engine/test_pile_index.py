"""Pile indexes (issue 10, item 11): piles are numbered from 0, a negative index never counts
from the end of a group; a group that declares ``wrap: true`` counts round instead."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
from rulesdsl.core.state import State
from rulesdsl.lang.checker import CompileError, World
from rulesdsl.lang.compiler import compile_expression
from rulesdsl.lang.parser import parse
from rulesdsl.lang.runtime import Env
from rulesdsl.validation.validate import check_file
from rulesdsl.variant.layout import Group, Layout

DECK = Deck([Suit(*s) for s in STANDARD_SUITS])
# tableau[0..4] (global 0..4) does not wrap; place[0..5] (global 5..10) wraps
LAYOUT = Layout([Group("tableau", 0, 5), Group("place", 0, 6, wrap=True)])


def compiled(text, role="move"):
    return compile_expression(World(DECK, LAYOUT, {}, []), parse(text), role, None)


def run(text, source):
    env = Env(State([[] for _ in range(11)], [0] * 11, []))
    env.source = source
    return compiled(text).fn(env)


@given(st.integers(0, 4), st.integers(-12, 12))
def test_computed_index_without_wrap_is_none_when_negative(src, k):
    got = run(f"tableau[source.index + ({k})]", src)
    i = src + k
    assert got == (i if 0 <= i < 5 else None)


@given(st.integers(5, 10), st.integers(-20, 20))
def test_computed_index_with_wrap_counts_round(src, k):
    got = run(f"place[source.index + ({k})]", src)
    assert got == 5 + (src - 5 + k) % 6


def test_the_issue_example():
    assert run("tableau[source.index - 4]", 1) is None  # never tableau[2] (from the end)
    assert run("place[source.index - 4]", 6) == 8  # place[1 - 4] is place[3]


@pytest.mark.parametrize(
    "text,col", [("tableau[-1]", 9), ("tableau[0 - 2].size", 9), ("[tableau[0], tableau[1]][-1]", 26)]
)
def test_constant_negative_index_is_an_error(text, col):
    with pytest.raises(CompileError) as info:
        compiled(text, "state")
    assert (info.value.code, info.value.col) == ("E220", col)
    assert "wrap" in info.value.hint


def test_constant_index_into_a_wrapping_group():
    assert compiled("place[-1]", "state").fn(None) == 10
    assert compiled("place[7]", "state").fn(None) == 6
    assert compiled("place[-13].index", "state").fn(None) == 5


def test_cards_still_count_from_the_end():
    env = Env(State([[c] for c in DECK.copies(1, 1)] + [[] for _ in range(10)], [0] * 11, []))
    assert compiled("tableau[0].cards[-1].rank", "state").fn(env) == 1


VARIANT = """\
    name: Ring
    description: a test
    deck: {{}}
    piles:
      stock: {{role: stock}}
      place:
        count: 4{wrap}
        role: tableau
        lift: top
        accept: "dest.empty"
        accept_empty: "place[dest.index - 1].empty"
    deal:
      - shuffle
      - {{to: place, count: 1}}
      - {{to: stock, count: 48}}
    win: "{win}"
"""


def test_group_wrap_key_loads(tmp_path):
    p = tmp_path / "ring.yaml"
    p.write_text(textwrap.dedent(VARIANT.format(wrap="\n        wrap: true", win="place[-1].size == 52")))
    v = rulesdsl.load(p)
    assert v.layout.groups["place"].wrap is True
    assert not [d for d in check_file(p, play=0) if d.severity == "error"]


def test_group_without_wrap_reports_e220_located(tmp_path):
    p = tmp_path / "ring.yaml"
    p.write_text(textwrap.dedent(VARIANT.format(wrap="", win="place[-1].size == 52")))
    diags = check_file(p, play=0)
    e220 = [d for d in diags if d.code == "E220"]
    assert e220, diags
    assert (e220[0].line, e220[0].column) == (16, 13)
