"""The class of derived safe moves (safe_moves.py) widened for the Yukon family: flips as
follow-ups. Verdicts agree with a naive search and with the search that does without them,
on hand-made and random small games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.safe_moves import derive_safe
from rulesdsl.solve.solver import solve_game
from tests.helpers import game

from .test_solver import naive, replays_to_win

RANKS = "A23456789TJQK"

# -- safe moves where the follow-ups are flips (Yukon) --------------------------------------


@pytest.mark.parametrize("name", ["yukon", "russian_solitaire", "alaska"])
def test_yukon_family_has_safe_moves(name):
    assert derive_safe(rulesdsl.load(name)) is not None


def test_a_flip_with_a_condition_is_outside_the_class(tmp_path):
    body = (Path(__file__).parents[2] / "variants" / "yukon.yaml").read_text()
    assert "  - flip: tableau\n" in body
    p = tmp_path / "yukon_when.yaml"
    p.write_text(body.replace("  - flip: tableau\n", '  - {flip: tableau, when: "pile.size > 1"}\n'))
    assert derive_safe(rulesdsl.load(str(p))) is None


def test_a_card_goes_up_when_nothing_could_be_built_on_it():
    up = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AC"
    g = game("yukon", f"{up}; tableau[0]: #KD 2H; tableau[1]: 2S")
    rule = derive_safe(g.variant)
    m = rule.pick(g.state, g.legal_moves())
    assert m is not None and g.move_text(m).startswith("2H")  # both black aces are up
    g = game("yukon", "foundation[0]: AS; foundation[1]: AH; tableau[0]: #KD 2H; tableau[1]: AC")
    m = rule.pick(g.state, g.legal_moves())
    assert m is None or not g.move_text(m).startswith("2H")  # AC could still want 2H


def yukon_position(rnd: random.Random, loose: int, columns: int = 3) -> str:
    """Foundations built up by suit, at most ``loose`` cards in columns, some face down."""
    heights = [13] * 4
    while sum(13 - h for h in heights) < loose:
        heights[rnd.randrange(4)] -= 1
    heights = [max(h, 1) for h in heights]
    lines, rest = [], []
    for i, (s, h) in enumerate(zip("SHDC", heights)):
        lines.append(f"foundation[{i}]: " + " ".join(r + s for r in RANKS[:h]))
        rest += [r + s for r in RANKS[h:]]
    rnd.shuffle(rest)
    cols: list = [[] for _ in range(columns)]
    for c in rest:
        cols[rnd.randrange(columns)].append(c)
    for i, col in enumerate(cols):
        if col:
            down = rnd.randrange(len(col))
            lines.append(f"tableau[{i}]: " + " ".join(("#" if j < down else "") + c for j, c in enumerate(col)))
    return "; ".join(lines)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(4, 9))
def test_yukon_verdicts_agree_with_a_naive_search(rnd: random.Random, loose):
    g = game("yukon", yukon_position(rnd, loose))
    on = solve_game(g, max_states=100_000)
    off = solve_game(g, max_states=100_000, safe=False, declared_safe=False)
    assert on.verdict == off.verdict == ("won" if naive(g) else "unwinnable")
    if on.verdict == "won":
        assert replays_to_win(g.variant, g.state, on.moves)
