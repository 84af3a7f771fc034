"""Unused returns (unused_returns.py; solve(..., unused_returns=True); off by default): a card
comes down from a foundation only where something can use it at once. Hand-made Klondike
positions where the rule drops a return and where it must keep one (a card onto it at once,
one the stock holds, one under another foundation's top, the next card of its foundation
moving on, a run lifted with it), the partial-run rule's extra clause, and verdicts on small
random Klondikes (16 cards with a stock, 24 with none) with it on, off and in the plain search."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve_game
from rulesdsl.solve.unused_returns import derive_unused

from ..helpers import text_loader
from .test_safe_foundations import MINI_KLONDIKE, mini_klondike

SUITS = "SHDC"
ALL = [r + s for s in SUITS for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")]


def _position(piles: dict, stock=()) -> str:
    """A Klondike position: ``piles`` as given (face up), the cards named in ``stock`` in the
    stock face down, every other card face down in tableau[6] under the king of diamonds."""
    named = {c for cards in piles.values() for c in cards} | set(stock) | {"KD"}
    rest = [c for c in ALL if c not in named]
    parts = [f"{name}: {' '.join(cards)}" for name, cards in piles.items()]
    parts.append("tableau[6]: " + " ".join("#" + c for c in rest) + " KD")
    if stock:
        parts.append("stock[0]: " + " ".join("#" + c for c in stock))
    return "; ".join(parts)


def _foundations(tops: dict) -> dict:
    """foundation[i]: the suit's ace up to its top (``tops``: suit letter -> top rank)."""
    out = {}
    for i, s in enumerate(SUITS):
        n = tops.get(s, 0)
        if n:
            out[f"foundation[{i}]"] = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q")[:n]]
    return out


def _search(text, draw=3, **kw):
    v = rulesdsl.load("klondike", {"draw": draw})
    g = rulesdsl.Game.from_position(v, text)
    search = Search(
        v, g.state, max_states=1000, started=time.monotonic(), time_limit=None, analysis=None,
        safe=True, dead=True, declared_safe=True, stock=True, greedy=False, **kw,
    )  # fmt: skip
    return search, g


def _move(g, text):
    ms = [m for m in g.legal_moves() if g.move_text(m) == text]
    assert len(ms) == 1
    return ms[0]


def _unused(text, move="5H@foundation[1]>tableau[0]") -> bool:
    search, g = _search(text)
    return derive_unused(search.variant).start(search)(_move(g, move))


# the five of hearts up (its four under it), both black fours buried, the six of spades alone
BASE = {**_foundations({"S": 3, "H": 5, "D": 3, "C": 3}), "tableau[0]": ["6S"]}


def test_the_rule_is_derived_for_klondike_not_where_its_classes_fail():
    assert derive_unused(rulesdsl.load("klondike")) is not None
    assert derive_unused(rulesdsl.load("klondike", {"draw": 1})) is not None
    for name in ("freecell", "spider", "golf"):
        assert derive_unused(rulesdsl.load(name)) is None


def test_a_return_nothing_can_use_is_dropped():
    assert _unused(_position(BASE))


@pytest.mark.parametrize(
    "why, piles, stock",
    [
        ("a black four onto it at once (U1)", {**BASE, "tableau[1]": ["4C"]}, ()),
        ("a black four in the stock (U4)", BASE, ("4C",)),
        ("the four of hearts onto a black five (U2)", {**BASE, "tableau[1]": ["5C"]}, ()),
        ("the six and five onto a red seven (U1, a run)", {**BASE, "tableau[1]": ["7D"]}, ()),
        (
            "the four of clubs under the five of clubs on its foundation (U3)",
            {**BASE, **_foundations({"S": 3, "H": 5, "D": 3, "C": 5})},
            (),
        ),
    ],
)
def test_a_return_that_can_be_used_is_kept(why, piles, stock):
    assert not _unused(_position(piles, stock)), why


def test_switched_off_no_return_is_dropped():
    search, g = _search(_position(BASE), unused_returns=False)
    assert search.unused_sinks == ()
    assert not search.dominated(_move(g, "5H@foundation[1]>tableau[0]"))
    search, g = _search(_position(BASE))  # (the default: off)
    assert not search.dominated(_move(g, "5H@foundation[1]>tableau[0]"))
    search, g = _search(_position(BASE), unused_returns=True)
    assert search.dominated(_move(g, "5H@foundation[1]>tableau[0]"))


def test_a_partial_move_is_kept_for_a_card_under_a_foundations_top():
    # 7S 6H off the eight of hearts onto the eight of diamonds: the eight of hearts wants a
    # black seven, and the seven of clubs lies under the eight of clubs on its foundation
    piles = {
        **_foundations({"S": 2, "H": 2, "D": 2, "C": 8}),
        "tableau[0]": ["8H", "7S", "6H"],
        "tableau[1]": ["8D"],
    }
    move = "7S@tableau[0]>tableau[1]"
    search, g = _search(_position(piles), unused_returns=True)
    assert not search.dominated(_move(g, move))  # (P5)
    search, g = _search(_position(piles), unused_returns=False)
    assert search.dominated(_move(g, move))  # partial_runs.py alone drops it


def _no_stock(text: str) -> str:
    """The mini Klondike with no stock: 24 cards, all dealt to five columns, two up each."""
    i, j = text.index("actions:"), text.index("auto:")
    text = (text[:i] + text[j:]).replace("  stock:\n    role: stock\n  waste:\n    role: waste\n    lift: top\n", "")
    return (
        text.replace('  - {rest: "stock[0]"}\n', "")
        .replace("ranks: [A, 2, 3, 4]", "ranks: [A, 2, 3, 4, 5, 6]")
        .replace('accept_empty: "card.rank == 4"', 'accept_empty: "card.rank == 6"')
        .replace("count: [2, 3, 4], up: 1", "count: [4, 5, 5, 5, 5], up: 2")
        .replace("count: 3\n    role: tableau", "count: 5\n    role: tableau")
        .replace("f.size == 4", "f.size == 6")
    )


MINI_24 = _no_stock(MINI_KLONDIKE)


def _verdicts(g):
    on = solve_game(g, unused_returns=True, max_states=200_000)
    off = solve_game(g, unused_returns=False, max_states=200_000)
    plain = solve_game(
        g, unused_returns=False, returns=False, safe=False, declared_safe=False, stock=False, partial=False,
        max_states=200_000,
    )  # fmt: skip
    return on, off, plain


def test_it_fires_on_a_small_game_with_no_stock(tmp_path):
    # (with a stock the small games keep every return: the stock holds a card each could take)
    p = tmp_path / "mini_24.yaml"
    p.write_text(MINI_24)
    v = rulesdsl.load(str(p))
    on, off, plain = _verdicts(v.new_game(7))
    assert on.verdict == off.verdict == plain.verdict == "won"
    assert on.states < off.states


@pytest.mark.parametrize("seed", range(1, 41))
def test_small_klondikes_with_no_stock_agree_with_it_without_it_and_the_plain_search(tmp_path_factory, seed):
    # seeded (1-40): with every return dropped (no use asked), seeds 7 and 9 are lost
    p = tmp_path_factory.mktemp("m24") / "mini_24.yaml"
    p.write_text(MINI_24)
    v = rulesdsl.load(str(p))
    assert derive_unused(v) is not None
    on, off, plain = _verdicts(v.new_game(seed))
    assert on.verdict == off.verdict == plain.verdict != "unknown"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]))
def test_small_klondikes_agree_with_it_without_it_and_the_plain_search(tmp_path_factory, seed, draw):
    v = text_loader(tmp_path_factory, "mk")(mini_klondike(draw))
    assert derive_unused(v) is not None
    on, off, plain = _verdicts(v.new_game(seed))
    assert on.verdict == off.verdict == plain.verdict != "unknown"
