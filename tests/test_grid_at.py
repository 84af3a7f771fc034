"""Grid neighbours (issue 10, item 8): ``pile.at(drow, dcol)`` is the place drow rows down and
dcol card widths right in the pile's own group (docs/expressions.md), none where no place lies
exactly there; a group with ``wrap: true`` counts round."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
from rulesdsl.core.errors import RulesError
from rulesdsl.core.state import State
from rulesdsl.lang.checker import CompileError, World
from rulesdsl.lang.compiler import compile_expression
from rulesdsl.lang.parser import parse
from rulesdsl.lang.runtime import Env
from rulesdsl.variant.layout import Group, Layout
from tests.helpers import game, notations

DECK = Deck([Suit(*s) for s in STANDARD_SUITS])
# grid: 4 rows of 5 (global 0..19); torus: 3 rows of 4, wrapping (20..31); line: a count of 6
# (32..37); steps: rows [2, 4] with offsets [2, 0] (38..43)
LAYOUT = Layout(
    [
        Group("grid", 0, 20, rows=(5, 5, 5, 5)),
        Group("torus", 0, 12, rows=(4, 4, 4), wrap=True),
        Group("line", 0, 6),
        Group("steps", 0, 6, rows=(2, 4), offsets=(2, 0)),
    ]
)
WORLD = World(DECK, LAYOUT, {}, [])


def compiled(text, role="move"):
    return compile_expression(WORLD, parse(text), role, None)


def run(text, source, **slots):
    env = Env(State([[] for _ in range(LAYOUT.size)], [0] * LAYOUT.size, []))
    env.source = source
    for k, v in slots.items():
        setattr(env, k, v)
    return compiled(text).fn(env)


@given(st.integers(0, 19), st.integers(-6, 6), st.integers(-7, 7))
def test_a_rectangular_grid(p, dr, dc):
    r, c = divmod(p, 5)
    want = (r + dr) * 5 + c + dc if 0 <= r + dr < 4 and 0 <= c + dc < 5 else None
    assert LAYOUT.at(p, dr, dc) == want
    assert run(f"source.at({dr}, {dc})", p) == want  # constant offsets: a table
    assert run(f"source.at(len(run) + ({dr}), len(run) + ({dc}))", p, run=()) == want  # at play time


@given(st.integers(20, 31), st.integers(-9, 9), st.integers(-9, 9))
def test_a_wrapping_grid_counts_round(p, dr, dc):
    r, c = divmod(p - 20, 4)
    assert run(f"source.at({dr}, {dc})", p) == 20 + ((r + dr) % 3) * 4 + (c + dc) % 4


def test_a_group_given_by_count_is_one_row():
    assert [LAYOUT.at(32, 0, d) for d in (-1, 0, 1, 5, 6)] == [None, 32, 33, 37, None]
    assert LAYOUT.at(33, 1, 0) is None and LAYOUT.at(33, -1, 0) is None


def test_offsets_match_left_edges():
    # steps row 0 starts one card in: its places sit over row 1's places 1 and 2
    assert LAYOUT.at(38, 1, 0) == 41 and LAYOUT.at(39, 1, 0) == 42
    assert LAYOUT.at(38, 1, -1) == 40 and LAYOUT.at(41, -1, 0) == 38
    assert LAYOUT.at(40, -1, 0) is None and LAYOUT.at(43, -1, 0) is None


def test_half_card_offsets_give_none():
    pyramid = Layout([Group("pyramid", 0, 6, rows=(1, 2, 3), offsets=(2, 1, 0), overlap=True)])
    assert pyramid.at(0, 1, 0) is None and pyramid.at(1, 0, 1) == 2 and pyramid.at(0, 2, 0) == 4


def test_never_another_group():
    assert LAYOUT.at(19, 0, 1) is None and LAYOUT.at(19, 1, 0) is None  # not torus[0]


def test_none_and_constants():
    assert compiled("none.at(0, 1)").const is None
    assert compiled("grid[7].at(-1, 1)", "state").const == 3  # folded at load
    assert compiled("grid[0].at(-1, 0)", "state").const is None
    assert run("source.at(none, 1)", 0) is None
    assert run("source.at(1, 0).at(1, 0)", 2) == 12


@pytest.mark.parametrize(
    "text,code,col",
    [
        ("card.at(0, 1) == dest", "E235", 6),
        ("dest.near(0, 1) == dest", "E235", 6),
        ("dest.at(0) == dest", "E204", 6),
        ("dest.at(0, 1, 2) == dest", "E204", 6),
        ("dest.at(hearts, 1) == dest", "E203", 9),
        ("dest.at(0, 'x') == dest", "E203", 12),
        ("dest.at(0, 1) == 3", "E203", 18),
    ],
)
def test_errors_name_the_column(text, code, col):
    with pytest.raises(CompileError) as info:
        compiled(text)
    assert (info.value.code, info.value.col) == (code, col)


MONTE = textwrap.dedent("""\
    name: Grid
    extends: monte_carlo
    removals:
      pair:
        when: "{when}"
""")


def test_monte_carlo_removal_states_touching_with_at():
    # the shipped file: 7S at 6 touches 7H at 0 and 7C at 12 diagonally; 7D at 8 only 7C
    g = game("monte_carlo", "tableau[0]: 7H; tableau[6]: 7S; tableau[8]: 7D; tableau[12]: 7C")
    assert notations(g) == {
        "remove 7H@tableau[0] 7S@tableau[6]",
        "remove 7S@tableau[6] 7C@tableau[12]",
        "remove 7D@tableau[8] 7C@tableau[12]",
        "compact",
    }


def test_only_side_by_side(tmp_path):
    f = tmp_path / "side.yaml"
    f.write_text(
        MONTE.format(when="cards[0].rank == cards[1].rank and piles[1] in [piles[0].at(0, 1), piles[0].at(0, -1)]"),
        encoding="utf-8",
    )
    v = rulesdsl.load_path(f)
    g = rulesdsl.Game.from_position(v, "tableau[0]: 7H; tableau[1]: 7S; tableau[5]: 7D; tableau[4]: 9S; tableau[9]: 9H")
    assert {n for n in notations(g) if n.startswith("remove")} == {"remove 7H@tableau[0] 7S@tableau[1]"}


def test_an_error_in_a_file_is_located(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(MONTE.format(when="piles[0].at(1) == piles[1]"), encoding="utf-8")
    with pytest.raises(RulesError) as info:
        rulesdsl.load_path(f)
    d = info.value.diagnostics[0]
    assert (d.code, d.line, d.column) == ("E204", 5, 21)
