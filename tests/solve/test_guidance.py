"""The search's guidance: how deep the cards the foundations take next lie (NextCards, read
from the sinks' tables) and the best-first search over the table, which falls back to
depth-first search past MAX_OPEN waiting positions. Guidance orders the search only: the
verdicts agree with a naive search's either way."""

from __future__ import annotations

import pytest

import rulesdsl
import rulesdsl.solve.guidance as guidance
import rulesdsl.solve.search as search
import rulesdsl.solve.solver as solver
from rulesdsl.solve.guidance import W_BURIED, W_BURIED_OPEN, RunRoom, Scorer, buried_weight, derive_next
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


@pytest.mark.parametrize(
    ("deal", "positions"),
    [(617, 40_000), (94, 5_000)],
    ids=["a hard deal within few positions", "the open weight wins a deal the first one leaves long unwon"],
)
def test_a_freecell_deal_is_won_within_few_positions(deal, positions):
    # MS 617 took over 100,000 positions depth-first before this guidance (15,151 with the
    # buried cards' weight 3, 30,965 with the open weight 8); MS 94 55,334 with the weight 3
    # everywhere, about 1,400 with the open weight
    v = rulesdsl.load("freecell")
    g = v.numbered_game(deal)
    r = solve_game(g, max_states=positions)
    assert r.verdict == "won"
    assert replays_to_win(v, g.state, r.moves)


def test_the_run_room_is_the_variants_max_run_with_no_pile_left_out():
    # FreeCell: (1 + empty cells) * 2 ** empty columns; two cells and seven columns are taken
    cols = "; ".join(f"tableau[{i}]: {c}" for i, c in enumerate(["KS", "KH", "KD", "KC", "QS", "QH", "QD"]))
    g = game("freecell", f"cell[0]: 2S; cell[1]: 3S; {cols}")
    assert RunRoom(g.variant, g.state).value() == 3 * 2
    # Klondike moves any run: no max_run, no term
    assert RunRoom(rulesdsl.load("klondike"), rulesdsl.load("klondike").new_game(1).state).fn is None


def test_the_buried_cards_weigh_more_where_every_card_is_in_sight():
    # no card face down and no stock: the open weight; Klondike (a stock, cards face down)
    # keeps the first one
    free, klondike = rulesdsl.load("freecell"), rulesdsl.load("klondike")
    assert W_BURIED_OPEN > W_BURIED
    assert buried_weight(free, free.new_game(1).state) == W_BURIED_OPEN
    assert buried_weight(klondike, klondike.new_game(1).state) == W_BURIED


@pytest.mark.parametrize("weight", [W_BURIED, W_BURIED_OPEN, 20])
def test_the_buried_weight_orders_only(tmp_path, monkeypatch, weight):
    # the mini game is open (no stock, all face up): whatever its weight, the exhaustive
    # search says what a naive one says
    monkeypatch.setattr(guidance, "W_BURIED_OPEN", weight)
    p = tmp_path / "mini.yaml"
    p.write_text(MINI)
    v = rulesdsl.load(str(p))
    assert buried_weight(v, v.new_game(1).state) == weight
    for seed in range(1, 40):
        g = v.new_game(seed)
        r = solve_game(g)
        truth = naive(g.clone())
        assert r.verdict == ("won" if truth else "unwinnable"), seed
        if truth:
            assert replays_to_win(v, g.state, r.moves)


@pytest.mark.slow
def test_the_first_order_wins_what_the_open_order_leaves_long_unwon():
    # MS 617: 30,965 positions in the open order alone, 15,151 in the first order; with both,
    # 5,000 in the open order and then the first order's search
    v = rulesdsl.load("freecell")
    g = v.numbered_game(617)
    assert solve_game(g, max_states=25_000, orders=False).verdict == "unknown"
    r = solve_game(g, max_states=25_000, interleave=False)
    assert r.verdict == "won"
    assert r.states == solver.FIRST_ORDER_STATES + 15_151
    assert replays_to_win(v, g.state, r.moves)


@pytest.mark.parametrize("first", [1, 5])
def test_two_orders_give_the_naive_verdicts(tmp_path, monkeypatch, first):
    # the open order stopped after a few positions: the first order's search decides, and an
    # unwinnable from either is a proof (the restart; interleave.py's turns: test_interleave.py)
    monkeypatch.setattr(solver, "FIRST_ORDER_STATES", first)
    monkeypatch.setattr(solver, "interleaved", None)  # (never called: interleave=False)
    p = tmp_path / "mini.yaml"
    p.write_text(MINI)
    v = rulesdsl.load(str(p))
    seen = set()
    for seed in range(1, 40):
        g = v.new_game(seed)
        r = solve_game(g, interleave=False)
        truth = naive(g.clone())
        seen.add((truth, r.states > first))
        assert r.verdict == ("won" if truth else "unwinnable"), seed
        if truth:
            assert replays_to_win(v, g.state, r.moves)
    assert (False, True) in seen and (True, True) in seen  # the second search ran both ways
