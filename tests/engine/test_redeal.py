"""Redeal actions (docs/variant-format.md, "Redeals"): cards gathered from piles and dealt again.

Hand-made positions on a small variant: what is gathered (keep), in which order, where it goes
(count, skip, going round again), the seeded shuffle, limits, and undo restoring every pile.
"""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import rulesdsl
from rulesdsl.engine.moves import redeal_seed
from tests.helpers import notations, pile

BASE = """
name: Redeal test
deck: {{ranks: [A, 2, 3, 4, 5, 6]}}
piles:
  foundation: {{count: 4, role: foundation, lift: top, accept_empty: "card.rank == A",
               accept: "card.suit == dest.top.suit and card.rank == dest.top.rank + 1"}}
  tableau: {{count: 4, role: tableau, lift: top,
            accept: "card.suit == dest.top.suit and card.rank == dest.top.rank - 1"}}
  other: {{count: 1, role: reserve, lift: top}}
deal:
  - shuffle
  - {{to: tableau, count: 6}}
actions:
{actions}
win: "all(f in foundation: f.size == 6)"
"""


def variant(tmp_path, actions: str, name="redealtest"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(BASE.format(actions=textwrap.indent(textwrap.dedent(actions), "  ")))
    return path


def errors(path):
    return [d.code for d in rulesdsl.check(path) if d.severity == "error"]


def at(path, text, seed=None):
    v = rulesdsl.load_path(path)
    if seed is None:
        return rulesdsl.Game.from_position(v, text)
    g = rulesdsl.Game.from_position(v, text)
    return rulesdsl.Game(v, g.state, seed)


FIXED = """\
    pickup: {kind: redeal, from: tableau, count: 2, order: fixed}
"""


def test_fixed_order_gathers_pile_by_pile_bottom_first_and_deals_count_per_pile(tmp_path):
    g = at(variant(tmp_path, FIXED), "tableau[0]: 6S 5S 4S; tableau[1]: 3H; tableau[3]: 2D 6D")
    assert "pickup" in notations(g)
    g.play("pickup")
    assert [pile(g, f"tableau[{i}]") for i in range(4)] == [["6S", "5S"], ["4S", "3H"], ["2D", "6D"], []]
    assert g.state.used == [1]


def test_cards_left_after_the_last_pile_go_round_again(tmp_path):
    path = variant(
        tmp_path, "pickup: {kind: redeal, from: tableau, to: ['tableau[0]', 'tableau[1]'], count: 1, order: fixed}\n"
    )
    g = at(path, "tableau[0]: 6S 5S; tableau[2]: 4S 3S 2S")
    g.play("pickup")
    assert pile(g, "tableau[0]") == ["6S", "4S", "2S"] and pile(g, "tableau[1]") == ["5S", "3S"]
    assert pile(g, "tableau[2]") == []


def test_keep_leaves_piles_alone_and_skip_leaves_targets_empty(tmp_path):
    path = variant(
        tmp_path,
        """\
        pickup: {kind: redeal, from: tableau, count: 2, order: fixed,
                 keep: "pile.top.rank == 6", skip: "pile.index == 1 or not pile.empty"}
    """,
    )
    g = at(path, "tableau[0]: 5S 6H; tableau[1]: 2S 3S; tableau[2]: 4D; tableau[3]: AC 2C")
    g.play("pickup")
    # tableau[0] is kept; the others are gathered (2S 3S 4D AC 2C); tableau[1] is skipped,
    # tableau[0] too (not empty): 2 cards to tableau[2], 2 to tableau[3], then round again.
    assert pile(g, "tableau[0]") == ["5S", "6H"] and pile(g, "tableau[1]") == []
    assert pile(g, "tableau[2]") == ["2S", "3S", "2C"] and pile(g, "tableau[3]") == ["4D", "AC"]


def test_a_redeal_that_would_gather_nothing_is_not_offered(tmp_path):
    path = variant(
        tmp_path,
        """\
        pickup: {kind: redeal, from: tableau, order: fixed, keep: "pile.top.rank == 6"}
    """,
    )
    assert "pickup" not in notations(at(path, "tableau[0]: 5S 6H; tableau[2]: 6D; other[0]: 3C"))
    assert "pickup" in notations(at(path, "tableau[0]: 5S 6H; tableau[2]: 5D; other[0]: 3C"))
    assert "pickup" not in notations(at(path, "other[0]: 3C"))


def test_limit_counts_uses(tmp_path):
    path = variant(tmp_path, "pickup: {kind: redeal, from: tableau, order: fixed, limit: 1}\n")
    g = at(path, "tableau[0]: 5S 6H")
    g.play("pickup")
    assert "pickup" not in notations(g)
    g.undo()
    assert "pickup" in notations(g)


def test_face_down_cards_come_back_face_up(tmp_path):
    g = at(variant(tmp_path, FIXED), "tableau[0]: #6S #5S 4S; tableau[1]: 3H")
    g.play("pickup")
    assert pile(g, "tableau[0]") == ["6S", "5S"] and pile(g, "tableau[1]") == ["4S", "3H"]


SHUFFLED = """\
    redeal: {kind: redeal, from: tableau, count: 3, limit: 5}
"""
POSITION = "tableau[0]: 6S 5S 4S 3S; tableau[1]: 3H 2H AH; tableau[2]: 6D 5D; tableau[3]: 4C 3C 2C AC"


def cards_after(path, seed, redeals=1):
    g = at(path, POSITION, seed)
    for _ in range(redeals):
        g.play("redeal")
    return [pile(g, f"tableau[{i}]") for i in range(4)]


def test_shuffled_redeal_is_fixed_by_the_seed_and_the_redeal_number(tmp_path):
    path = variant(tmp_path, SHUFFLED)
    first = cards_after(path, 7)
    assert first == cards_after(path, 7)  # same seed, same cards
    assert [len(p) for p in first] == [4, 3, 3, 3]  # 13 cards: 3 each, then round again
    assert sorted(sum(first, [])) == sorted(c for part in POSITION.split(";") for c in part.split()[1:])
    others = {tuple(map(tuple, cards_after(path, s))) for s in range(1, 9)}
    assert len(others) > 1  # the seed matters
    second = cards_after(path, 7, 2)
    assert second != first


def test_redeal_seed_formula():
    assert redeal_seed(0, 0, 0) == 0x9E3779B97F4A7C15
    assert redeal_seed(5, 1, 1) == (5 + 2 * 0x9E3779B97F4A7C15 + 0xD1B54A32D192ED03) % (1 << 64)
    assert 0 <= redeal_seed((1 << 64) - 1, 3, 1000) < 1 << 64


def test_a_saved_position_keeps_its_seed(tmp_path):
    path = variant(tmp_path, SHUFFLED)
    v = rulesdsl.load_path(path)
    g = v.new_game(11)
    data = g.position()
    assert data["seed"] == 11
    again = rulesdsl.Game.from_position(v, data)
    g.play("redeal")
    again.play("redeal")
    assert again.state.piles == g.state.piles


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 2**64 - 1), plies=hs.lists(hs.integers(0, 1000), max_size=12))
def test_undo_restores_every_pile_exactly(tmp_path_factory, seed, plies):
    path = variant(
        tmp_path_factory.mktemp("r"),
        """\
        redeal: {kind: redeal, from: tableau, count: 3, limit: 3}
        pickup: {kind: redeal, from: [tableau, other], to: tableau, count: 5, order: fixed,
                 keep: "pile.size == 1"}
    """,
    )
    g = rulesdsl.load_path(path).new_game(seed)
    for k in plies:
        moves = g.legal_moves()
        if not moves:
            break
        before = (g.state.key(), g.state.seed)
        m = moves[k % len(moves)]
        g.play(m)
        assert g.state.card_count() == 24
        g.undo()
        assert (g.state.key(), g.state.seed) == before
        g.redo()


@pytest.mark.parametrize(
    "actions,code",
    [
        ("draw: {kind: deal, from: 'tableau[0]'}\n", "A630"),
        ("draw: {kind: deal, from: 'tableau[0]', to: 'other[0]', order: fixed}\n", "A631"),
        ("draw: {kind: recycle, from: 'tableau[0]', to: 'other[0]', keep: 'pile.empty'}\n", "A631"),
        ("r: {kind: redeal, from: [tableau, 'tableau[0]']}\n", "A632"),
        ("r: {kind: redeal, from: tableau, to: [other, other]}\n", "A632"),
        ("r: {kind: redeal, from: tableau, keep: 'card.rank == 6'}\n", "E201"),
        ("r: {kind: redeal, from: tableau, skip: 'pile.size'}\n", "E208"),
        ("r: {kind: redeal, from: tableau, order: sorted}\n", "S105"),
        ("draw: {kind: deal, from: tableau, to: 'other[0]'}\n", "P306"),
        ("draw: {kind: deal, from: ['tableau[0]', 'tableau[1]'], to: 'other[0]'}\n", "S103"),
    ],
)
def test_misuse_is_reported(tmp_path, actions, code):
    assert code in errors(variant(tmp_path, actions))


def test_clean_redeal_variant(tmp_path):
    assert errors(variant(tmp_path, SHUFFLED)) == []
