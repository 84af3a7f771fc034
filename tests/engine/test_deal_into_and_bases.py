"""Deal steps of issue 22 (features 4 and 8): take ... into a pile worked out from each card
(per_pile), base_rank read from a group, and a base rank fixed by play (base_rank played:
true), read live in both engines, kept by positions and saves; with the loader's checks.
"""

from __future__ import annotations

import random

import pytest

import rulesdsl
from rulesdsl.engine import codegen, moves
from rulesdsl.formats.describe import rules_text
from rulesdsl.formats.position import from_text, to_text
from rulesdsl.lang.runtime import Env
from rulesdsl.variant.loader import load_path
from tests.helpers import notations, pile

BASE = """\
name: Into test
deck: {{wrap: true}}
piles:
  stock: {{role: stock}}
  foundation:
    count: 4
    role: foundation
    accept_empty: "{empty}"
    accept: "card.suit == dest.top.suit and card.rank == succ(dest.top.rank)"
  reserve: {{count: 13, role: reserve, lift: top}}
  tableau: {{count: 4, role: tableau, lift: top, accept: "card.rank == pred(dest.top.rank)", accept_empty: "true"}}
deal:
{deal}
win: "all(f in foundation: f.size == 13)"
"""


def write(tmp_path, deal, empty="card.rank == A", name="into"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(BASE.format(empty=empty, deal=deal), encoding="utf-8")
    return path


def errors(path):
    return [(d.code, d.line, d.column) for d in rulesdsl.check(path) if d.severity == "error"]


SORT = """\
  - shuffle
  - {take: "card.rank != K", into: "reserve[card.rank - 1]", count: 48}
  - {rest: "stock[0]"}
"""


def test_into_deals_each_card_to_the_pile_of_its_rank(tmp_path):
    v = load_path(write(tmp_path, SORT))
    for seed in (1, 2, 3):
        st = v.new_game(seed).state
        for i in range(12):
            cards = st.piles[v.pile_index(f"reserve[{i}]")]
            assert len(cards) == 4 and {v.deck.rank_of[c] for c in cards} == {i + 1}
        assert len(st.piles[v.pile_index("reserve[12]")]) == 0  # kings stay in the deck
        assert {v.deck.rank_of[c] for c in st.piles[v.pile_index("stock[0]")]} == {13}


def test_into_none_or_full_or_per_pile_leaves_the_card_in_the_deck(tmp_path):
    deal = """\
  - shuffle
  - {take: "card.rank <= 4", into: "tableau[card.rank - 1]", per_pile: 1, count: 4}
  - {take: "true", into: "reserve[card.rank + 20]"}
  - {rest: "stock[0]"}
"""
    v = load_path(write(tmp_path, deal))
    g = v.new_game(5)
    assert [pile(g, f"tableau[{i}]")[0][0] for i in range(4)] == ["A", "2", "3", "4"]
    assert all(len(pile(g, f"tableau[{i}]")) == 1 for i in range(4))
    assert all(not pile(g, f"reserve[{i}]") for i in range(13))  # past the group's end: none
    assert len(pile(g, "stock[0]")) == 48
    text = rules_text(v)
    assert "goes face up, in deck order, to" in text and "from this step yet" in text


def test_into_checks(tmp_path):
    both = SORT.replace('into: "reserve', 'onto: tableau, into: "reserve')
    assert errors(write(tmp_path, both, name="both")) == [("D533", 14, 45)]
    neither = SORT.replace(', into: "reserve[card.rank - 1]"', "")
    assert errors(write(tmp_path, neither, name="neither")) == [("D532", 14, 5)]
    not_pile = SORT.replace('"reserve[card.rank - 1]"', '"card.rank"')
    assert [c for c, *_ in errors(write(tmp_path, not_pile, name="notpile"))] == ["E208"]
    stray = SORT.replace("count: 48", "count: 48, per_pile: 2").replace(
        ', into: "reserve[card.rank - 1]"', ", onto: reserve"
    )
    assert [c for c, *_ in errors(write(tmp_path, stray, name="stray"))] == ["D521"]


OWN_SUIT = """\
  - shuffle
  - {to: tableau, count: 1}
  - {take: "true", into: "foundation[card.suit_index]", count: 1}
  - {base_rank: foundation}
  - {rest: "stock[0]"}
"""


def test_a_base_card_to_its_own_suits_foundation_and_base_rank_of_the_group(tmp_path):
    v = load_path(write(tmp_path, OWN_SUIT, empty="card.rank == base_rank and card.suit_index == dest.index"))
    for seed in range(1, 9):
        g = v.new_game(seed)
        held = [i for i in range(4) if pile(g, f"foundation[{i}]")]
        card = g.state.piles[v.pile_index(f"foundation[{held[0]}]")][0]
        assert len(held) == 1 and v.deck.suit_of[card] == held[0]
        assert g.state.base_rank == v.deck.rank_of[card]
        # a position without base_rank takes it from the first foundation that holds a card
        st = from_text(v, to_text(v, g.state).replace(f"base_rank: {g.state.base_rank}", ""))
        assert st.base_rank == g.state.base_rank
    assert "the first of the four foundation piles that holds a card" in rules_text(v)


PLAYED = """\
  - shuffle
  - {to: tableau, count: 5}
  - {base_rank: foundation, played: true}
  - {rest: "stock[0]"}
"""
PLAYED_EMPTY = "base_rank == none or card.rank == base_rank"


def test_a_played_base_rank_is_read_live(tmp_path):
    v = load_path(write(tmp_path, PLAYED, empty=PLAYED_EMPTY))
    g = rulesdsl.Game.from_position(v, "tableau[0]: 9C; tableau[1]: 4H; tableau[2]: 4S; tableau[3]: KD")
    assert {"9C@tableau[0]>foundation[0]", "4H@tableau[1]>foundation[0]"} <= notations(g)
    g.play("4H@tableau[1]>foundation[0]")
    got = notations(g)
    assert "4S@tableau[2]>foundation[1]" in got and "9C@tableau[0]>foundation[1]" not in got
    saved = g.save()
    again = rulesdsl.Game.load_save(v, saved)
    assert notations(again) == got
    text = to_text(v, g.state)
    assert "base_rank" not in text  # nothing to keep: the piles say it
    assert notations(rulesdsl.Game.from_position(v, text)) == got
    g.undo()
    assert "9C@tableau[0]>foundation[0]" in notations(g)


@pytest.mark.parametrize("loop", [False, True], ids=["unrolled", "loop"])
def test_a_played_base_rank_in_both_generators(tmp_path, monkeypatch, loop):
    if loop:
        monkeypatch.setattr(codegen, "MAX_GENERATED_PAIRS", -1)
    v = load_path(write(tmp_path, PLAYED, empty=PLAYED_EMPTY, name=f"played_{loop}"))
    assert "st.base_rank" not in codegen.source(v)
    gen = codegen.generated(v)
    rng = random.Random(7)
    listed = 0
    for seed in range(1, 6):
        g = v.new_game(seed)
        for _ in range(40):
            st = g.state
            ref = moves.generate(v, st, Env(st))
            assert gen(st, Env(st)) == ref
            listed += len(ref)
            if not ref:
                break
            g.apply_unchecked(rng.choice(ref))
    assert listed > 50


def test_a_played_base_rank_checks(tmp_path):
    twice = PLAYED + "  - {base_rank: foundation, played: true}\n"
    assert [c for c, *_ in errors(write(tmp_path, twice, empty=PLAYED_EMPTY, name="twice"))] == ["D531"]
    lifting = PLAYED.replace("foundation, played", "tableau, played")
    assert errors(write(tmp_path, lifting, empty=PLAYED_EMPTY, name="lifting")) == [("D534", 15, 17)]
    stray = PLAYED.replace("{to: tableau, count: 5}", "{to: tableau, count: 5, played: true}")
    assert [c for c, *_ in errors(write(tmp_path, stray, empty=PLAYED_EMPTY, name="stray"))] == ["D521"]


def test_face_down_cards_dealt_onto_a_pile_play_may_have_filled_lie_on_them(tmp_path):
    # a play step's piles may hold face-up cards afterwards: face-down cards dealt onto them
    # later lie on them, which stay face up beneath (State.shown), as after a 'to' step
    deal = """\
  - shuffle
  - {to: tableau, count: 4, play: foundation}
  - {to: foundation, count: 1, down: 1}
  - {rest: "stock[0]"}
"""
    path = write(tmp_path, deal, name="playdown")
    assert errors(path) == []
    v = load_path(path)
    founds = [v.layout.pile(f"foundation[{i}]") for i in range(4)]
    under = 0
    for seed in range(1, 40):
        st = v.new_game(seed).state
        for p in founds:
            assert st.facing(p) == [False] * (len(st.piles[p]) - 1) + [True]
            under += len(st.piles[p]) - 1
    assert under


def test_a_position_gives_no_base_rank_for_a_played_one(tmp_path):
    v = load_path(write(tmp_path, PLAYED, empty=PLAYED_EMPTY, name="played_pos"))
    with pytest.raises(rulesdsl.PositionError, match="fixed by play"):
        rulesdsl.Game.from_position(v, "foundation[0]: 4H; tableau[0]: 9C; base_rank: 4")
