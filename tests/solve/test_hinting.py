"""Hints that reuse earlier work (solve/hinting.py): the kept line is followed move by move,
a move off it searches again, a position below a lost one is lost at once, and a hint is
always a legal move."""

from __future__ import annotations

import random

import rulesdsl
from rulesdsl.solve.hinting import HintMemo, staged_solve
from rulesdsl.solve.solver import solve
from runners.text import Runner
from tests.helpers import game

GOLF_WON = "foundation[0]: 5H; tableau[0]: 7D 6S; tableau[1]: 3C 4C; stock[0]: 8H 5S"
GOLF_LOST = "foundation[0]: 5H; tableau[0]: KC 7D 6S; tableau[1]: 4C 8H; stock[0]: 2D 9S"


def test_following_the_line_gives_its_next_move_without_a_search():
    g = rulesdsl.load("freecell").numbered_game(1)
    memo = HintMemo()
    verdict, line, source = memo.answer(g, 10)
    assert (verdict, source) == ("won", "searched")
    for i in range(5):
        verdict, rest, source = memo.answer(g, 10)
        assert (verdict, source) == ("won", "kept")
        assert rest == line[i:]
        g.play(rest[0])


def test_a_move_off_the_line_searches_again():
    g = rulesdsl.load("freecell").numbered_game(1)
    memo = HintMemo()
    _, line, _ = memo.answer(g, 10)
    other = next(m for m in g.legal_moves() if g.move_text(m) != line[0])
    g.play(other)
    verdict, rest, source = memo.answer(g, 10)
    assert source == "searched"
    assert verdict != "won" or rest and g.parse_move(rest[0]) in g.legal_moves()


def test_a_position_below_a_lost_one_is_lost_at_once():
    g = game("golf", GOLF_LOST)
    memo = HintMemo()
    assert memo.answer(g, 5)[::2] == ("unwinnable", "searched")
    g.play(g.legal_moves()[0])
    assert memo.answer(g, 5)[::2] == ("unwinnable", "kept")
    g.undo()
    assert memo.answer(g, 5)[::2] == ("unwinnable", "kept")  # the lost position itself
    h = game("golf", GOLF_WON)
    assert HintMemo().answer(h, 5)[0] == "won"


def test_staged_solve_agrees_with_solve():
    for text in (GOLF_WON, GOLF_LOST):
        g = game("golf", text)
        assert staged_solve(g.variant, g.state, 5).verdict == solve(g.variant, g.state).verdict


class _Out:
    def write(self, text):
        return len(text)

    def flush(self):
        pass


def test_a_hint_is_always_a_legal_move():
    rng = random.Random(3)
    for seed in (1, 2):
        g = rulesdsl.load("golf").new_game(seed)
        r = Runner(g, _Out(), hint_seconds=0.3)
        for _ in range(12):
            moves = g.legal_moves()
            if not moves:
                break
            m, _why = r.solver_hint()
            assert m in moves
            g.play(m if rng.random() < 0.7 else rng.choice(moves))
