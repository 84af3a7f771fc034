"""A card move's child key computed before the move is played (keys.Keyer.moved_key, where
the follow-ups are flips alone or a pile_key keys the stock): the key and pieces the game's
apply gives, on random positions of several stock games, and a search with it is the search
without it (Search.PEEK; Search.PIECES, its pieces handed to play()), position for position."""

from __future__ import annotations

import random
import time

import pytest

import rulesdsl
from rulesdsl.solve import search as search_mod
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.search import Search

from ..helpers import search_records

# flips and the stock's key (Klondike draw 1 and 3, Klondike by Threes, Trigon), the stock's
# key with no flip (Saratoga, Superior Canfield), flips and no stock (Yukon, Castles in
# Spain), flips and a stock dealt to the tableau (Gypsy, Scorpion), flips on four piles and
# the stock three a deal (Osmosis)
VARIANTS = [
    ("klondike", {}),
    ("klondike", {"draw": 3}),
    ("yukon", {}),
    ("saratoga", {}),
    ("osmosis", {}),
    ("klondike_by_threes", {}),
    ("trigon", {}),
    ("superior_canfield", {}),
    ("castles_in_spain", {}),
    ("gypsy", {}),
    ("scorpion", {}),
]


def _search(v, st, an=None):
    return Search(
        v, st, max_states=10**6, started=time.monotonic(), time_limit=None, analysis=an,
        safe=True, dead=True, declared_safe=True, stock=True, greedy=False,
    )  # fmt: skip


@pytest.mark.parametrize("name,options", VARIANTS)
def test_the_moved_key_is_the_played_one(name, options):
    v, an = compiled_variant(name, options)
    checked = flipped = hooked = 0
    for seed in range(3):
        rng = random.Random(seed)
        g = v.new_game(seed=seed)
        for _ in range(60):
            moves = g.generate()
            if not moves:
                break
            s = _search(v, g.state.copy(), an)
            if s.flips is None:
                pytest.fail(f"{name}: no moved_key")
            st, keyer = s.st, s.keyer
            for m in s.generate():
                if m.kind != "move":
                    continue
                want = keyer.moved_key(m.sources[0], m.dest, len(m.cards), s.flips)
                before = ([list(p) for p in st.piles], list(st.down), list(keyer.piece))
                assert before[2] == [keyer._piece(p) for p in range(len(st.piles))]
                moved = keyer.moved  # the child's pieces, handed to play() (Search.PIECES)
                assert moved[:3] == (m.sources[0], m.dest, len(m.cards))
                undo, _ = s.play(m, dict(zip(moved[3], moved[4])))
                flipped += st.down[m.sources[0]] < before[1][m.sources[0]]
                hooked += bool(keyer.hooked & {m.sources[0], m.dest})
                assert keyer.key() == want == keyer.full_key(), (name, g.move_text(m))
                assert keyer.piece == [keyer._piece(p) for p in range(len(st.piles))]
                s.back(undo)
                assert ([list(p) for p in st.piles], list(st.down), list(keyer.piece)) == before
                checked += 1
            g.play(rng.choice(moves))
    assert checked > 50
    assert flipped or not s.flips
    assert hooked or not keyer.hooked


def test_not_where_a_follow_up_is_more_than_a_flip():
    v = rulesdsl.load("freecell")  # virtual already: child_key
    assert _search(v, deal_state(v, 1)).flips is None
    v = rulesdsl.load("spider", {"suits": 1})  # a run of thirteen goes up by itself
    assert _search(v, deal_state(v, 1)).flips is None
    v = rulesdsl.load("canfield")  # the reserve refills the tableau
    assert _search(v, deal_state(v, 1)).flips is None
    v = rulesdsl.load("captive_queens")  # no follow-up, no stock key: child_key
    assert _search(v, deal_state(v, 1)).flips is None


@pytest.mark.parametrize("name,options", VARIANTS[:5])
def test_the_same_search_without_it(name, options, monkeypatch):
    deals, budget = (1, 2), 1500
    fast = search_records(name, options, deals, budget)
    monkeypatch.setattr(search_mod.Search, "PIECES", False)
    assert search_records(name, options, deals, budget) == fast
    monkeypatch.setattr(search_mod.Search, "PEEK", False)
    assert search_records(name, options, deals, budget) == fast
