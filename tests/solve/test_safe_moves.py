"""Derived safe moves (sound: the same verdicts as without them), the runner's hint and solve
commands, and the solver-backed check (V901, V902)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rulesdsl.runners.text import run

import rulesdsl
from rulesdsl.solve.safe_moves import derive_safe
from rulesdsl.solve.solver import solve, solve_game
from rulesdsl.validation.validate import check_file
from tests.helpers import game

from .test_solver import FREECELL_3, naive, replays_to_win

STUCK = """name: Stuck
description: Two piles; cards go up on one foundation from an ace, by rank only.
deck: {}
piles:
  foundation:
    count: 1
    role: foundation
    accept_empty: "card.rank == A"
    accept: "card.rank == dest.top.rank + 1"
  tableau:
    count: 2
    role: tableau
    lift: top
deal:
  - shuffle
  - {to: tableau, count: [26, 26]}
win: "foundation[0].size == 52 and tableau[0].size == 1"
"""


@pytest.mark.parametrize(
    "name,derived",
    [
        ("freecell", True),
        ("bakers_game", True),
        ("eight_off", True),
        ("golf", False),
        ("klondike", False),
        ("black_hole", False),
        ("fan", False),
    ],
)
def test_safe_moves_are_derived_only_for_the_class_the_proof_covers(name, derived):
    assert (derive_safe(rulesdsl.load(name)) is not None) is derived


def test_a_safe_move_needs_both_lower_cards_of_the_other_colour_up():
    # 2H may go up only when the black aces are up (else a black ace could want it as a base)
    v = rulesdsl.load("freecell")
    rule = derive_safe(v)
    g = game("freecell", "foundation[1]: AH; tableau[0]: AS 2H")
    assert (
        rule.pick(g.state, g.legal_moves()) is None
        or g.move_text(rule.pick(g.state, g.legal_moves())) != "2H@tableau[0]>foundation[1]"
    )
    g = game("freecell", "foundation[0]: AS; foundation[1]: AH; foundation[3]: AC; tableau[0]: 2H")
    m = rule.pick(g.state, g.legal_moves())
    assert m is not None and g.move_text(m) == "2H@tableau[0]>foundation[1]"


ENDINGS = [
    FREECELL_3,
    "foundation[0]: AS 2S 3S 4S 5S 6S 7S 8S 9S TS; foundation[1]: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH; "
    "foundation[2]: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD; foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C TC; "
    "tableau[0]: KS QH JS; tableau[1]: KH QS JC; tableau[2]: KC QC; cell[0]: KD",
    "foundation[0]: AS 2S 3S 4S 5S 6S 7S 8S; foundation[1]: AH 2H 3H 4H 5H 6H 7H 8H 9H; "
    "foundation[2]: AD 2D 3D 4D 5D 6D 7D 8D 9D TD; foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C; "
    "tableau[0]: KS QH JS TH 9S; tableau[1]: KH QS JD TC; tableau[2]: KC QD JC; tableau[3]: KD QC TS JH",
]


@pytest.mark.parametrize("text", ENDINGS)
def test_verdicts_with_and_without_safe_moves_agree_with_a_naive_search(text):
    g = game("freecell", text)
    with_safe = solve_game(g)
    without = solve(g.variant, g.state, safe=False)
    assert with_safe.verdict == without.verdict == ("won" if naive(g) else "unwinnable")
    if with_safe.verdict == "won":
        assert replays_to_win(g.variant, g.state, with_safe.moves)


def session(commands, variant="freecell", deal=1, **kw):
    v = rulesdsl.load(variant)
    g = v.numbered_game(deal) if v.numbering else v.new_game(deal)
    out = io.StringIO()
    run(g, io.StringIO("\n".join(commands) + "\n"), out, **kw)
    return g, out.getvalue()


def test_hint_follows_the_solver_and_solve_lists_the_line():
    g, text = session(["hint", "solve 20", "play-out all", "q"], hint_seconds=20)
    hint = next(l for l in text.splitlines() if l.startswith("hint: "))
    assert "the solver wins from here" in hint
    head, listed = text.split("solve: won in", 1)[1].splitlines()[:2]
    first = listed.split(") ", 1)[1].split()[0]  # solve shows the line's first moves (issue 19)
    assert hint.split()[1] == first
    played = [l.split(": ", 1)[1] for l in text.splitlines() if l.startswith("play-out ") and "/" in l.split()[1]]
    assert played[0] == first and len(played) == int(head.split()[0])
    assert replays_to_win(g.variant, g.start, played)
    assert "You won!" in text


def test_hint_says_when_it_falls_back_to_the_heuristic():
    _, text = session(["hint", "q"], hint_seconds=0.001)
    assert "(heuristic: the solver found no win within" in text or "the solver wins" in text
    g = game("golf", "foundation[0]: 5H; tableau[0]: KC 7D 6S; tableau[1]: 4C 8H; stock[0]: 2D 9S")
    out = io.StringIO()
    run(g, io.StringIO("hint\nsolve\nsolve abc\nq\n"), out)
    text = out.getvalue()
    assert "heuristic: the solver proved that this position cannot be won" in text
    assert "solve: this position cannot be won" in text
    assert "solve: the seconds are a number above 0" in text


def test_check_errs_only_when_every_deal_is_proved_unwinnable(tmp_path):
    p = tmp_path / "stuck.yaml"
    p.write_text(STUCK)
    notes = []
    codes = [d.code for d in check_file(p, play=1, solve=2, solve_seconds=30, notes=notes)]
    assert codes == ["V901"]
    assert "the solver won 0 of 2 deal(s)" in notes[0]
    notes = []
    root = Path(__file__).resolve().parents[2]
    assert [
        d
        for d in check_file(root / "variants/freecell.yaml", play=1, solve=1, solve_seconds=30, notes=notes)
        if d.severity == "error"
    ] == []
    assert "the solver won 1 of 1 deal(s)" in notes[0]
    # deal 1 needs well over 256 states; the clock is read every 256, long after 1 ms
    codes = [d.code for d in check_file(root / "variants/freecell.yaml", play=1, solve=1, solve_seconds=0.001)]
    assert codes == ["V902"]
