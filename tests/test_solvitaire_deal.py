"""bench/solvitaire_side.py writes our deal as Solvitaire's deal file: the same cards in the
same places, faces marked, its stock dealt from the end. No binary is needed here."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from rulesdsl.solve.deals import compiled_variant, deal_state

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import solvitaire_side as side  # noqa: E402


def _all_cards(f: dict) -> list:
    cards = [c for p in f["tableau piles"] for c in p]
    for key in ("stock", "reserve", "foundations"):
        cards += f.get(key, [])
    cards += [c for c in f.get("cells", []) if c]
    if "hole" in f:
        cards.append(f["hole"])
    return cards


def _name(v, c) -> str:
    return side._card(v.deck, c, False)


@pytest.mark.parametrize(
    "name, opts",
    [
        ("klondike", {"draw": 3}),
        ("canfield", {"tableau_moves": "whole", "corner": "base"}),
        ("golf", {"kings": "open"}),
        ("freecell", {}),
        ("black_hole", {}),
        ("beleaguered_castle", {}),
    ],
)
def test_every_card_once_in_its_place(name, opts):
    v, _ = compiled_variant(name, opts)
    assert side.game_for(name, v) is not None
    for deal in (1, 2, 3):
        st = deal_state(v, deal)
        f = side.deal_file(v, st)
        got = Counter(c.upper() for c in _all_cards(f))
        assert sum(got.values()) == 52 and len(got) == 52
        tab = v.layout.groups["tableau"].piles
        for p, pile in zip(tab, f["tableau piles"]):
            assert [c.upper() for c in pile] == [_name(v, c) for c in st.piles[p]]
            downs = [i for i, c in enumerate(pile) if c[-1].islower()]
            assert downs == list(range(st.down[p]))


def test_stock_is_dealt_from_the_end_and_our_waste_goes_back():
    v, _ = compiled_variant("canfield", {"tableau_moves": "whole", "corner": "base"})
    st = deal_state(v, 1)
    f = side.deal_file(v, st)
    g = v.layout.groups
    waste = [_name(v, c) for c in st.piles[g["waste"].piles[0]]]
    stock = [_name(v, c) for c in st.piles[g["stock"].piles[0]]]
    assert len(waste) == 3 and len(f["stock"]) == 34
    drawn = [f["stock"][-1], f["stock"][-2], f["stock"][-3]]  # its first turn of three
    assert drawn == waste and f["stock"][:31] == stock
    assert f["reserve"] == [_name(v, c) for c in st.piles[g["reserve"].piles[0]]]
    assert f["foundations"] == [_name(v, c) for p in g["foundation"].piles for c in st.piles[p]]


def test_only_equal_rules_are_compared():
    for name, opts in [("golf", {}), ("canfield", {}), ("canfield", {"tableau_moves": "whole"}), ("yukon", {})]:
        v, _ = compiled_variant(name, opts)
        assert side.game_for(name, v) is None, (name, opts)
    v, _ = compiled_variant("golf", {"kings": "open"})
    assert side.deal_file(v, deal_state(v, 1))["hole"] == _name(
        v, deal_state(v, 1).piles[v.layout.groups["foundation"].piles[0]][-1]
    )


@pytest.mark.parametrize("name, columns", [("forty_thieves", 10), ("limited", 12), ("maria", 9)])
def test_the_thieves_two_decks_every_card_twice(name, columns):
    # its rules as ours: the columns, a stock of the rest (our waste's card back on it, next
    # to turn), and foundation cards that may come back down (its default forbids that)
    v, _ = compiled_variant(name, {})
    game = side.game_for(name, v)
    assert isinstance(game, dict) and game["foundations"]["removable"] is True
    assert game["tableau piles"]["count"] == columns == len(v.layout.groups["tableau"].piles)
    st = deal_state(v, 1)
    f = side.deal_file(v, st)
    got = Counter(_all_cards(f))
    assert sum(got.values()) == 104 and set(got.values()) == {2}
    assert len(f["stock"]) == game["stock"]["size"] == 104 - sum(len(p) for p in f["tableau piles"])
    waste = v.layout.groups["waste"].piles[0]
    assert f["stock"][-1] == _name(v, st.piles[waste][-1])
