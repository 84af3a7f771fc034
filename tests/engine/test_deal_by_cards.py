"""Deal steps that act on what the deal turned up (docs/variant-format.md, deal): to_bottom,
play (cards to other piles while dealing) and new_pile (a new pile at each matching card)."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import rulesdsl
from tests.helpers import pile

BASE = """
name: Deal test
deck: {{ranks: [A, 2, 3, 4, 5, 6]}}
piles:
  foundation: {{count: 4, role: foundation, accept_empty: "card.rank == A",
               accept: "card.suit == dest.top.suit and card.rank == dest.top.rank + 1"}}
  tableau: {{count: 6, role: tableau, lift: top, accept: "card.rank == dest.top.rank - 1"}}
deal:
{deal}
win: "all(f in foundation: f.size == 6)"
"""


def variant(tmp_path, deal: str):
    path = tmp_path / "dealtest.yaml"
    path.write_text(BASE.format(deal=textwrap.indent(textwrap.dedent(deal), "  ")))
    return path


def codes(path):
    return [d.code for d in rulesdsl.check(path) if d.severity == "error"]


def faces(g, p):
    return [c.split(".")[0] for c in pile(g, p)]


def test_to_bottom_swaps_each_king_with_the_lowest_other_card_below_it(tmp_path):
    # no shuffle: the deck in id order (S A..6, H A..6, ...), dealt by pile, four to a pile
    path = variant(
        tmp_path,
        """\
        - {to: tableau, count: 4, by: pile}
        - {to_bottom: "card.rank == 3 or card.rank == 6", in: tableau}
    """,
    )
    g = rulesdsl.load_path(path).new_game(1)
    assert faces(g, "tableau[0]") == ["3S", "2S", "AS", "4S"]  # 3S swaps with AS
    assert faces(g, "tableau[1]") == ["6S", "5S", "AH", "2H"]  # 6S swaps with 5S
    assert faces(g, "tableau[2]") == ["3H", "6H", "5H", "4H"]  # 3H stays; 6H swaps with 4H
    g_all = [faces(g, f"tableau[{i}]") for i in range(6)]
    assert sorted(sum(g_all, [])) == sorted(c + s for s in "SHDC" for c in "A23456")


def test_to_bottom_with_two_matching_cards_in_a_pile(tmp_path):
    path = variant(
        tmp_path,
        """\
        - {to: "tableau[0]", count: 4}
        - {to_bottom: "card.rank == 2 or card.rank == 4", in: tableau}
        - {to: tableau, count: [0, 4, 4, 4, 4, 4]}
    """,
    )
    g = rulesdsl.load_path(path).new_game(1)
    # AS 2S 3S 4S: 2S swaps with AS (2S AS 3S 4S), then 4S with AS (2S 4S 3S AS)
    assert faces(g, "tableau[0]") == ["2S", "4S", "3S", "AS"]


def test_play_sends_cards_to_the_foundations_while_dealing(tmp_path):
    path = variant(
        tmp_path,
        """\
        - {to: tableau, count: 4, play: foundation}
    """,
    )
    g = rulesdsl.load_path(path).new_game(1)
    # in id order every spade goes up on a foundation, then every heart, ...: nothing is left
    assert [faces(g, f"foundation[{i}]") for i in range(4)] == [[r + s for r in "A23456"] for s in "SHDC"]
    assert all(not pile(g, f"tableau[{i}]") for i in range(6))
    assert g.won


def test_play_uses_up_the_cards_place(tmp_path):
    path = variant(
        tmp_path,
        """\
        - place: {"foundation[0]": AS}
        - {to: tableau, count: 1, play: "foundation[0]"}
        - {to: tableau, count: [3, 3, 3, 3, 3, 2], by: pile}
    """,
    )
    g = rulesdsl.load_path(path).new_game(1)
    # 2S..6S go to the foundation; AH takes the last place of the first round
    assert faces(g, "foundation[0]") == ["AS", "2S", "3S", "4S", "5S", "6S"]
    assert faces(g, "tableau[5]")[0] == "AH" and all(len(pile(g, f"tableau[{i}]")) == 3 for i in range(5))


def test_new_pile_starts_a_pile_at_each_matching_card(tmp_path):
    path = variant(
        tmp_path,
        """\
        - {to: tableau, new_pile: "card.rank == A"}
    """,
    )
    g = rulesdsl.load_path(path).new_game(1)
    # AS is first (the pile is empty: no move on); then AH, AD, AC each start a pile
    assert [len(pile(g, f"tableau[{i}]")) for i in range(6)] == [6, 6, 6, 6, 0, 0]
    assert faces(g, "tableau[1]")[0] == "AH"


def test_new_pile_stays_on_the_last_pile(tmp_path):
    path = variant(
        tmp_path,
        """\
        - {to: ["tableau[0]", "tableau[1]"], new_pile: "card.rank == A"}
    """,
    )
    g = rulesdsl.load_path(path).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(2)] == [6, 18]


@settings(max_examples=20, deadline=None)
@given(seed=hs.integers(0, 2**64 - 1))
def test_every_card_is_dealt_once_with_a_shuffle(tmp_path_factory, seed):
    path = variant(
        tmp_path_factory.mktemp("d"),
        """\
        - shuffle
        - {to: tableau, count: 2, play: foundation}
        - {to_bottom: "card.rank == 6", in: tableau}
        - {to: tableau, new_pile: "card.rank == 6"}
    """,
    )
    g = rulesdsl.load_path(path).new_game(seed)
    assert sorted(c for p in g.state.piles for c in p) == list(range(24))
    assert not any(g.state.down)


@pytest.mark.parametrize(
    "deal,code",
    [
        ('- shuffle\n- {to: tableau, count: 4}\n- {to_bottom: "card.rank == 6"}\n', "D520"),
        ('- shuffle\n- {to: tableau, count: 4}\n- {remove: "card.rank == 6", play: foundation}\n', "D521"),
        ("- shuffle\n- {to: tableau, count: 4, in: tableau}\n", "D521"),
        ('- shuffle\n- {to: tableau, count: 4, new_pile: "card.rank == 6"}\n', "D522"),
        ('- shuffle\n- {to: tableau, new_pile: "dest.empty"}\n', "E201"),
        ("- shuffle\n- {to: tableau, count: 4, play: nowhere}\n", "P305"),
    ],
)
def test_misuse_is_reported(tmp_path, deal, code):
    assert code in codes(variant(tmp_path, deal))
