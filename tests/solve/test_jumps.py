"""The flat jump (jumps.py): the board brought to a waiting position by its snapshot gives the
same board, key, score, op log and line as undoing and replaying, so the search with it is
the same search as without it (flat=False): same verdicts, positions and lines, on random
small games and on hand-made positions searched to the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
import rulesdsl.solve.search as search_module
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.guidance import Scorer
from rulesdsl.solve.jumps import transfer_op
from rulesdsl.solve.solver import solve, solve_game
from tests.helpers import game
from tests.solve.test_prunings import small_deal

FLAT = ["freecell", "beleaguered_castle", "alpha_star", "bakers_game", "seahaven_towers", "king_albert"]

# small FreeCell-like deals (seed, game, loose cards, columns) for the same-search checks
SMALL_GAMES = (
    st.integers(0, 10_000),
    st.sampled_from(["freecell", "bakers_game", "seahaven_towers"]),
    st.integers(8, 26),
    st.integers(3, 6),
)


@pytest.mark.parametrize("name", FLAT)
def test_the_op_kept_on_a_node_is_the_one_the_game_logs(name):
    v = rulesdsl.load(name)
    g = rulesdsl.Game(v, deal_state(v, 3))
    rng = random.Random(name)
    for _ in range(60):
        moves = [m for m in g.legal_moves() if m.kind == "move"]
        if not moves:
            break
        for m in moves:
            s, d = m.sources[0], m.dest
            before = len(g._ops)
            down_s, down_d = g.state.down[s], g.state.down[d]
            g.apply_unchecked(m)
            assert list(g._ops[before:]) == [transfer_op(s, d, len(m.cards), down_s, down_d)]
            g.undo()
        g.apply_unchecked(rng.choice(moves))


def _checked_jumps(monkeypatch, seen):
    """Every flat jump followed by a check of the board against the line replayed from the
    start: the piles, face-down counts, op log length, key pieces and score."""
    jump = search_module.flat_jump

    def checked(search, node):
        done = jump(search, node)
        if done:
            seen.append(1)
            g = rulesdsl.Game(search.variant, search.root.copy())
            for m in search.path:
                g.apply_unchecked(m)
            st = search.st
            assert st.piles == g.state.piles and st.down == g.state.down
            assert len(search.ops) == len(search.path) == len(search.marks)
            assert search.keyer.key() == search.keyer.full_key()
            assert search.scorer.total == Scorer(search.variant, st).total
            assert list(search.board_raw) == [bytes((len(p), st.down[i])) + bytes(p) for i, p in enumerate(st.piles)]
        return done

    monkeypatch.setattr(search_module, "flat_jump", checked)


@pytest.mark.parametrize(
    "name,deal,jumps", [("freecell", 617, 100), ("beleaguered_castle", 7, 100), ("bakers_game", 1, 50)]
)
def test_after_every_flat_jump_the_board_is_the_line_replayed(monkeypatch, name, deal, jumps):
    v, an = compiled_variant(name, {})
    seen: list = []
    _checked_jumps(monkeypatch, seen)
    r = solve(v, deal_state(v, deal), max_states=1500, analysis=an)
    assert len(seen) > jumps  # the flat jump was taken (the test can fail)
    assert r.verdict in ("won", "unknown", "unwinnable")


def _same(a, b):
    assert (a.verdict, a.states, a.moves) == (b.verdict, b.states, b.moves)


@pytest.mark.parametrize(
    "name,deals", [("freecell", (1, 617, 11982)), ("beleaguered_castle", (7, 8)), ("alpha_star", (1, 2, 3))]
)
def test_the_flat_jump_searches_the_same_positions(name, deals):
    v, an = compiled_variant(name, {})
    for d in deals:
        on = solve(v, deal_state(v, d), max_states=4000, analysis=an)
        off = solve(v, deal_state(v, d), max_states=4000, analysis=an, flat=False)
        _same(on, off)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(*SMALL_GAMES)
def test_random_small_games_give_the_same_search_with_and_without_the_flat_jump(seed, name, loose, columns):
    text = small_deal(random.Random(seed), "SHDC", loose, columns)
    on = solve_game(game(name, text), max_states=3000)
    off = solve_game(game(name, text), max_states=3000, flat=False)
    _same(on, off)


# Hand-made positions searched to the end (every reachable position entered: their cards
# are not the whole deck, so no line wins): the verdict and the count of positions with the
# flat jump are those without it.
ENDS = [
    ("freecell", "cell[0]: 9S; tableau[0]: AS KH QS; tableau[1]: AH KS 5D"),
    ("bakers_game", "cell[0]: 9S; cell[1]: 3D; tableau[0]: AS KH QS 2C; tableau[1]: AH KS"),
    ("beleaguered_castle", "tableau[0]: AS 3S 5S; tableau[1]: 2S 4S; tableau[2]: 6S"),
]


@pytest.mark.parametrize("name,text", ENDS)
def test_hand_made_positions_searched_to_the_end_agree(monkeypatch, name, text):
    off = solve_game(game(name, text), max_states=200_000, flat=False)
    seen: list = []
    _checked_jumps(monkeypatch, seen)
    on = solve_game(game(name, text), max_states=200_000)
    assert on.verdict == "unwinnable" and on.states > 20  # searched to the end, not stopped
    assert seen  # by flat jumps
    _same(on, off)
