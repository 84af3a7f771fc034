"""Property tests over every shipped variant and every combination of its listed option values.

Random seeds and random playouts (up to PLAYOUT moves) check the engine's invariants:
cards are never created or lost, every listed move is accepted and undoes exactly,
redo replays, positions round-trip through JSON, move notation round-trips, saves
reload identically, deals are reproducible, and move order is deterministic.

The variants are found with rulesdsl.variant_names(), so a new file in variants/ is
covered without touching this test. The example budget is shared between all
configurations so that the file stays fast as the catalogue grows.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl import Game

PLAYOUT = 60
TOTAL_EXAMPLES = 160  # shared by all configurations
SPREAD = 4  # moves played and undone per position, besides the one kept


def _configs():
    out = []
    for name in rulesdsl.variant_names():
        try:
            decls = rulesdsl.load(name).option_decls
        except rulesdsl.RulesError:
            out.append(pytest.param(name, (), id=name))  # the test reports the load error
            continue
        choices = [[(o.name, value) for value in o.values] for o in decls if o.values is not None]
        for combo in itertools.product(*choices):
            label = ",".join(f"{k}={v}" for k, v in combo)
            out.append(pytest.param(name, combo, id=f"{name}[{label}]" if label else name))
    return out


CONFIGS = _configs()
EXAMPLES = max(3, TOTAL_EXAMPLES // max(len(CONFIGS), 1))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


@functools.lru_cache(maxsize=None)
def variant(name, combo):
    return rulesdsl.load(name, dict(combo))


def cards_of(state) -> Counter:
    return Counter(c for p in state.piles for c in p)


def check_state(v, state, dealt: Counter):
    assert cards_of(state) == dealt, "cards were created or lost"
    for p, pile in enumerate(state.piles):
        assert 0 <= state.down[p] <= len(pile), f"bad face-down count on {v.pile_name(p)}"
    assert all(u >= 0 for u in state.used)


def same_position(v, a, b) -> bool:
    """The very same card ids everywhere (with several decks, JSON and text name the copy)."""
    return a == b


def test_every_variant_is_covered():
    assert {"klondike", "sakhmet"} <= set(rulesdsl.variant_names())
    names = {p.values[0] for p in CONFIGS}
    assert names == set(rulesdsl.variant_names())
    # klondike: draw x passes x thoughtful x scoring
    assert sum(1 for p in CONFIGS if p.values[0] == "klondike") == 2 * 4 * 2 * 2


@pytest.mark.parametrize("name,combo", CONFIGS)
@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_random_playout(name, combo, seed, data):
    v = variant(name, combo)
    g = v.new_game(seed)
    dealt = cards_of(g.state)
    if not g.state.removed:
        assert sum(dealt.values()) == v.deck.size
    else:
        assert sum(dealt.values()) <= v.deck.size
    assert all(n == 1 for n in dealt.values())  # each physical card once
    check_state(v, g.state, dealt)

    for _ in range(PLAYOUT):
        legal = g.legal_moves()
        # the order of legal moves is a function of the position alone
        assert Game(v, g.state.copy()).legal_moves() == legal
        assert len(set(legal)) == len(legal), "a move is listed twice"
        # JSON position round trip
        data_json = json.loads(json.dumps(g.position()))
        assert same_position(v, Game.from_position(v, data_json).state, g.state)
        if not legal:
            assert g.over
            break
        before = g.state.copy()
        for m in legal:
            # notation round trip
            text = g.move_text(m)
            assert g.parse_move(text) == m, f"{text} reads back as another move"
        # every listed move is accepted and undoes exactly: a spread of at most SPREAD moves per
        # position from a random offset, which over a playout reaches every kind of move
        step = -(-len(legal) // SPREAD)
        offset = data.draw(st.integers(0, step - 1), label="spread") if step > 1 else 0
        for m in legal[offset::step]:
            text = g.move_text(m)
            g.play(m)
            check_state(v, g.state, dealt)
            assert g.undo() == m
            assert g.state == before, f"undo of {text} does not restore the position"
        m = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        g.play(m)
        after = g.state.copy()
        g.undo()
        assert g.state == before
        assert g.redo() == m
        assert g.state == after, "redo does not replay the move identically"

    # undo part of the game, then save and reload with the redo list
    back = data.draw(st.integers(0, len(g.history)), label="undo")
    played = g.history
    for _ in range(back):
        g.undo()
    saved = json.loads(json.dumps(g.save()))
    h = Game.load_save(v, saved)
    assert same_position(v, h.state, g.state)
    assert g.history == played[: len(played) - back]
    assert [h.move_text(m) for m in h.history] == [g.move_text(m) for m in g.history]
    assert [h.move_text(m) for m in h.future] == [g.move_text(m) for m in g.future]
    while g.redo() is not None:
        assert h.redo() is not None
        assert same_position(v, h.state, g.state)
    assert h.redo() is None
    # undo everything: the dealt position again
    while g.undo() is not None:
        pass
    assert g.state == v.new_game(seed).state


@pytest.mark.parametrize("name,combo", CONFIGS)
@settings(max_examples=max(2, EXAMPLES // 2), deadline=None, database=None)
@given(seed=SEEDS)
def test_deal_reproducible(name, combo, seed):
    v = variant(name, combo)
    a = v.new_game(seed)
    b = rulesdsl.load(name, dict(combo)).new_game(seed)  # a fresh load too
    assert a.state == b.state
    assert a.position() == b.position()
    assert a.legal_moves() == b.legal_moves()
    other = v.new_game(seed ^ 1)
    assert other.state != a.state, "two seeds gave the same deal"
