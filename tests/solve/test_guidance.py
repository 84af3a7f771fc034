"""The search's guidance: how deep the cards the foundations take next lie (NextCards, read
from the sinks' tables) and the best-first search over the table, which falls back to
depth-first search past MAX_OPEN waiting positions. Guidance orders the search only: the
verdicts agree with a naive search's either way."""

from __future__ import annotations

import pytest

import rulesdsl
import rulesdsl.solve.search as search
from rulesdsl.solve.guidance import W_BURIED, RunRoom, Scorer, derive_next
from rulesdsl.solve.solver import solve_game
from tests.helpers import game

from .test_solver import naive, replays_to_win


@pytest.mark.parametrize(
    "name,derived",
    [("freecell", True), ("bakers_game", True), ("klondike", True), ("forty_thieves", True), ("spider", False)],
)
def test_next_cards_are_read_from_the_sinks_rules(name, derived):
    # Spider's foundations take whole suits by a removal: no card goes up alone
    assert (derive_next(rulesdsl.load(name)) is not None) is derived


def test_depth_counts_the_cards_above_the_cards_the_foundations_take_next():
    # the spades foundation waits for 2S (two cards above it), the hearts one for AH (one
    # above); the ace of diamonds and of clubs are not in play; 5C is wanted by nothing
    g = game("freecell", "foundation[0]: AS; tableau[0]: 2S 5D 9C; tableau[1]: AH KC; tableau[2]: 5C")
    assert derive_next(g.variant).start(g.state).depth() == 3


def values(g):
    """Per legal move: the Scorer's total after it, and the depth of the next cards after it."""
    rule = derive_next(g.variant)
    out = {}
    for m in list(g.legal_moves()):
        g.apply_unchecked(m)
        out[g.move_text(g.history[-1])] = (Scorer(g.variant, g.state).total, rule.start(g.state).depth())
        g.undo()
    return out


def test_the_child_that_uncovers_the_next_foundation_card_ranks_first():
    # 7H lies on 2S, which the spades foundation takes next; 9C lies on 3D, which nothing
    # wants yet. To the Scorer alone, 7H and 9C to a cell look alike; the new term tells them
    # apart, and the best child is one that moves the 7H off the 2S.
    g = game("freecell", "foundation[0]: AS; tableau[0]: 2S 7H; tableau[1]: 3D 9C")
    got = values(g)
    assert got["7H@tableau[0]>cell[0]"][0] == got["9C@tableau[1]>cell[0]"][0]
    best = max(got, key=lambda t: got[t][0] - W_BURIED * got[t][1])
    assert best.startswith("7H@tableau[0]>")
    assert got[best][1] == 0 and got["9C@tableau[1]>cell[0]"][1] == 1


MINI = """name: Mini Cell
description: Eight cards, one cell, three columns building down in alternating colours.
deck: {ranks: [A, 2, 3, 4], suits: [{name: spades, letter: S, color: black}, {name: hearts, letter: H, color: red}]}
piles:
  cell:
    count: 1
    role: cell
    lift: top
    capacity: 1
    accept_empty: "run.size == 1 and source.group == 'tableau'"
  foundation:
    count: 2
    role: foundation
    accept_empty: "run.size == 1 and card.rank == A and card.suit == [spades, hearts][dest.index]"
    accept: "run.size == 1 and card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
  tableau:
    count: 3
    role: tableau
    lift: run
    sequence: "b.rank == a.rank - 1 and b.color != a.color"
    max_run: "(count(c in cell: c.empty) + 1) * 2 ** count(p in tableau: p.empty and p != dest and p != source)"
    accept: "card.rank == dest.top.rank - 1 and card.color != dest.top.color"
deal:
  - shuffle
  - {to: tableau, count: [3, 3, 2]}
win: "all(f in foundation: f.size == 4)"
"""


@pytest.mark.parametrize("max_open", [200_000, 3, 0])
def test_best_first_and_its_fallback_agree_with_a_naive_search(tmp_path, monkeypatch, max_open):
    # max_open 3 and 0: the best-first search hands over to depth-first search early, or at once
    monkeypatch.setattr(search, "MAX_OPEN", max_open)
    p = tmp_path / "mini.yaml"
    p.write_text(MINI)
    v = rulesdsl.load(str(p))
    assert derive_next(v) is not None
    seen = set()
    for seed in range(1, 60):
        g = v.new_game(seed)
        r = solve_game(g)
        truth = naive(g.clone())
        seen.add(truth)
        assert r.verdict == ("won" if truth else "unwinnable"), seed
        if truth:
            assert replays_to_win(v, g.state, r.moves)
    assert seen == {True, False}


def test_a_hard_deal_is_won_within_few_positions():
    # Microsoft FreeCell 617 took over 100,000 positions depth-first before this guidance
    v = rulesdsl.load("freecell")
    g = v.numbered_game(617)
    r = solve_game(g, max_states=20_000)
    assert r.verdict == "won"
    assert replays_to_win(v, g.state, r.moves)


def test_the_run_room_is_the_variants_max_run_with_no_pile_left_out():
    # FreeCell: (1 + empty cells) * 2 ** empty columns; two cells and seven columns are taken
    cols = "; ".join(f"tableau[{i}]: {c}" for i, c in enumerate(["KS", "KH", "KD", "KC", "QS", "QH", "QD"]))
    g = game("freecell", f"cell[0]: 2S; cell[1]: 3S; {cols}")
    assert RunRoom(g.variant, g.state).value() == 3 * 2
    # Klondike moves any run: no max_run, no term
    assert RunRoom(rulesdsl.load("klondike"), rulesdsl.load("klondike").new_game(1).state).fn is None
