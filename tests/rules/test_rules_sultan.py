"""Rules tests for variants/sultan.yaml, one per numbered position of shared/rules/sultan.md,
plus the two-deck duplicate property, the start position and a perft regression fixture."""

from __future__ import annotations

from collections import Counter

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, perft, pile

V = "sultan"

# Reserve cards that can never go up in the positions below (no foundation of theirs).
BLOCKERS = ["9D", "9C", "8D", "8C", "TD", "TC", "JD"]


def cells(first: str, others=BLOCKERS) -> str:
    """reserve[0] holds `first` (or is empty when None), reserve[1..7] hold blockers."""
    lines = [f"reserve[0]: {first}"] if first else []
    lines += [f"reserve[{i + 1}]: {c}" for i, c in enumerate(others)]
    return "; ".join(lines)


def piles(g) -> dict:
    """Pile contents as card faces (which of the two decks a card comes from is left out)."""
    return {name: [c.split(".")[0] for c in cards] for name, cards in g.position()["piles"].items()}


# 1 -------------------------------------------------------------------------------
def test_1_king_foundation_takes_ace_then_builds_in_suit():
    g = game(V, "kings[0]: KC; kings[1]: KC AC 2C 3C 4C; reserve[0]: AC; reserve[1]: 5C")
    assert notations(g) == {"AC@reserve[0]>kings[0]", "5C@reserve[1]>kings[1]"}
    with pytest.raises(MoveError):
        g.play("AC@reserve[0]>kings[1]")
    with pytest.raises(MoveError):
        g.play("5C@reserve[1]>kings[0]")
    g.play("AC@reserve[0]>kings[0]")
    assert piles(g) == {"kings[0]": ["KC", "AC"], "kings[1]": ["KC", "AC", "2C", "3C", "4C"], "reserve[1]": ["5C"]}
    g.play("5C@reserve[1]>kings[1]")
    assert pile(g, "kings[1]") == ["KC", "AC", "2C", "3C", "4C", "5C"]
    assert pile(g, "reserve[1]") == []


# 2 -------------------------------------------------------------------------------
def test_2_two_foundations_can_take_the_card_player_chooses():
    g = game(V, "kings[0]: KS AS; kings[3]: KS AS; reserve[0]: 2S")
    moves = g.legal_moves()
    assert notations(g) == {"2S@reserve[0]>kings[0]", "2S@reserve[0]>kings[3]"}
    assert len(moves) == 2 and moves[0] != moves[1]
    g.play("2S@reserve[0]>kings[3]")
    assert piles(g) == {"kings[0]": ["KS", "AS"], "kings[3]": ["KS", "AS", "2S"]}


def test_two_deck_duplicates_are_distinct_moves():
    g = game(V, "kings[1]: KD AD 2D 3D 4D 5D 6D; reserve[2]: 7D; reserve[5]: 7D")
    moves = g.legal_moves()
    assert notations(g) == {"7D@reserve[2]>kings[1]", "7D@reserve[5]>kings[1]"}
    assert len(moves) == 2 and moves[0] != moves[1]
    assert moves[0].cards != moves[1].cards  # two physical cards, two ids
    g.play("7D@reserve[5]>kings[1]")
    # the other 7D stays in its cell and cannot follow the first one
    assert piles(g) == {"kings[1]": ["KD", "AD", "2D", "3D", "4D", "5D", "6D", "7D"], "reserve[2]": ["7D"]}
    assert notations(g) == set()
    # the same with the waste: the waste's 7D and a cell's 7D are two moves
    g = game(V, "kings[1]: KD AD 2D 3D 4D 5D 6D; reserve[2]: 7D; waste[0]: 7D")
    assert notations(g) == {"7D@reserve[2]>kings[1]", "7D@waste[0]>kings[1]", "redeal"}
    g.play("7D@waste[0]>kings[1]")
    assert piles(g) == {"kings[1]": ["KD", "AD", "2D", "3D", "4D", "5D", "6D", "7D"], "reserve[2]": ["7D"]}


# 3 -------------------------------------------------------------------------------
def test_3_sultan_takes_nothing_ace_foundation_takes_two_of_hearts():
    g = game(V, "sultan[0]: KH; aces[0]: AH; kings[6]: KH; reserve[0]: AH; reserve[1]: 2H")
    assert notations(g) == {"AH@reserve[0]>kings[6]", "2H@reserve[1]>aces[0]"}
    for illegal in ("AH@reserve[0]>sultan[0]", "2H@reserve[1]>kings[6]", "AH@reserve[0]>aces[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("AH@reserve[0]>kings[6]")
    assert piles(g) == {"sultan[0]": ["KH"], "aces[0]": ["AH"], "kings[6]": ["KH", "AH"], "reserve[1]": ["2H"]}
    # now both hearts foundations can take the 2H
    assert notations(g) == {"2H@reserve[1]>aces[0]", "2H@reserve[1]>kings[6]"}
    g.play("2H@reserve[1]>aces[0]")
    assert pile(g, "aces[0]") == ["AH", "2H"]
    assert pile(g, "sultan[0]") == ["KH"]


# 4 -------------------------------------------------------------------------------
def test_4_a_full_foundation_takes_nothing():
    clubs = "KC AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    # the wrapping order would put a king on a queen: the capacity forbids it
    g = game(V, f"aces[0]: {hearts}; kings[0]: {clubs}; reserve[0]: KC; reserve[1]: KH")
    assert pile(g, "kings[0]")[-1] == "QC" and len(pile(g, "kings[0]")) == 13
    assert len(pile(g, "aces[0]")) == 12
    assert notations(g) == set()
    assert g.over and not g.won
    # one card short of full: the queen still goes up
    g = game(V, f"aces[0]: {hearts[:-3]}; kings[0]: {clubs[:-3]}; reserve[0]: QC; reserve[1]: QH")
    assert notations(g) == {"QC@reserve[0]>kings[0]", "QH@reserve[1]>aces[0]"}


# 5 -------------------------------------------------------------------------------
def test_5_nothing_leaves_a_foundation_and_nothing_enters_a_cell():
    g = game(V, "sultan[0]: KH; aces[0]: AH 2H; kings[0]: KS AS 2S; kings[3]: KS AS; kings[6]: KH AH; waste[0]: 9D")
    # 2S could build on kings[3], 2H on kings[6], 9D into the empty cells: none may
    assert notations(g) == {"redeal"}
    for illegal in ("2S@kings[0]>kings[3]", "2H@aces[0]>kings[6]", "KH@sultan[0]>reserve[0]", "9D@waste[0]>reserve[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    v = g.variant
    foundation_piles = {v.pile_index(n) for n in ("sultan[0]", "aces[0]")} | {
        v.pile_index(f"kings[{i}]") for i in range(7)
    }
    assert not foundation_piles & set(v.sources)
    assert not any(v.rules[v.pile_index(f"reserve[{i}]")].takes for i in range(8))


# 6 -------------------------------------------------------------------------------
def test_6_emptied_cell_refilled_from_waste_top_and_undo_restores_three_piles():
    g = game(V, f"kings[0]: KS AS; {cells('2S')}; waste[0]: 9S 7D 3S; stock[0]: #5H #6H")
    before = g.position()
    assert notations(g) == {"2S@reserve[0]>kings[0]", "draw"}
    g.play("2S@reserve[0]>kings[0]")
    assert pile(g, "kings[0]") == ["KS", "AS", "2S"]
    assert pile(g, "reserve[0]") == ["3S"]
    assert pile(g, "waste[0]") == ["9S", "7D"]
    assert pile(g, "stock[0]") == ["#5H", "#6H"]
    assert notations(g) == {"3S@reserve[0]>kings[0]", "draw"}
    g.undo()
    assert pile(g, "kings[0]") == ["KS", "AS"]
    assert pile(g, "reserve[0]") == ["2S"]
    assert pile(g, "waste[0]") == ["9S", "7D", "3S"]
    assert g.position() == before
    g.redo()
    assert pile(g, "reserve[0]") == ["3S"] and pile(g, "waste[0]") == ["9S", "7D"]


# 7 -------------------------------------------------------------------------------
def test_7_waste_empty_cell_refilled_from_stock_top_face_up():
    g = game(V, f"kings[0]: KS AS; {cells('2S')}; stock[0]: #5H #6H")
    g.play("2S@reserve[0]>kings[0]")
    assert pile(g, "reserve[0]") == ["6H"]
    assert pile(g, "stock[0]") == ["#5H"]
    assert pile(g, "waste[0]") == []
    g.undo()
    assert pile(g, "reserve[0]") == ["2S"] and pile(g, "stock[0]") == ["#5H", "#6H"]


# 8 -------------------------------------------------------------------------------
def test_8_waste_and_stock_empty_cell_stays_empty():
    g = game(V, f"kings[0]: KS AS; {cells('2S', ['3S'] + BLOCKERS[:6])}")
    g.play("2S@reserve[0]>kings[0]")
    assert pile(g, "reserve[0]") == []
    # the only move left is the 3S going up; nothing may enter the empty cell
    assert notations(g) == {"3S@reserve[1]>kings[0]"}
    g.play("3S@reserve[1]>kings[0]")
    assert pile(g, "reserve[0]") == [] and pile(g, "reserve[1]") == []
    assert notations(g) == set() and g.over


# 9 -------------------------------------------------------------------------------
def test_9_waste_top_going_up_triggers_no_refill():
    g = game(V, f"kings[0]: KS AS; {cells('9H')}; waste[0]: 7D 2S; stock[0]: #5H #6H")
    cells_before = [pile(g, f"reserve[{i}]") for i in range(8)]
    assert notations(g) == {"2S@waste[0]>kings[0]", "draw"}
    g.play("2S@waste[0]>kings[0]")
    assert pile(g, "kings[0]") == ["KS", "AS", "2S"]
    assert pile(g, "waste[0]") == ["7D"]
    assert pile(g, "stock[0]") == ["#5H", "#6H"]
    assert [pile(g, f"reserve[{i}]") for i in range(8)] == cells_before


# 10 ------------------------------------------------------------------------------
def test_10_redeal_keeps_order_and_is_limited_to_two():
    g = game(V, f"{cells('9H')}; waste[0]: 4C 9S JS")
    assert notations(g) == {"redeal"}
    g.play("redeal")
    assert pile(g, "waste[0]") == []
    assert pile(g, "stock[0]") == ["#JS", "#9S", "#4C"]
    assert notations(g) == {"draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["4C"]  # the earliest card of the last pass
    g.play("draw")
    g.play("draw")
    assert pile(g, "waste[0]") == ["4C", "9S", "JS"] and pile(g, "stock[0]") == []
    assert notations(g) == {"redeal"}  # second redeal
    g.play("redeal")
    for _ in range(3):
        g.play("draw")
    assert notations(g) == set()  # no third redeal
    with pytest.raises(MoveError):
        g.play("redeal")
    with pytest.raises(MoveError):
        g.play("draw")
    assert g.over

    g = game(V, f"{cells('9H')}; waste[0]: 4C 9S JS; used: redeal=1")
    assert notations(g) == {"redeal"}
    g = game(V, f"{cells('9H')}; waste[0]: 4C 9S JS; used: redeal=2")
    assert notations(g) == set()
    # no redeal while the stock still has cards
    g = game(V, f"{cells('9H')}; waste[0]: 4C; stock[0]: #9S")
    assert notations(g) == {"draw"}


# 11 ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_11_start_position(seed):
    v = rulesdsl.load(V)
    g = v.new_game(seed)
    st = g.state
    assert st.card_count() == 104
    counts = Counter(v.deck.text(c) for p in st.piles for c in p)
    assert set(counts.values()) == {2} and len(counts) == 52
    assert len(set(c for p in st.piles for c in p)) == 104
    assert pile(g, "sultan[0]") == ["KH"]
    assert pile(g, "aces[0]") == ["AH"]
    kings = [pile(g, f"kings[{i}]") for i in range(7)]
    assert sorted(k[0] for k in kings) == ["KC", "KC", "KD", "KD", "KH", "KS", "KS"]
    assert all(len(k) == 1 for k in kings)
    assert sum(len(pile(g, n)) for n in ["sultan[0]", "aces[0]"] + [f"kings[{i}]" for i in range(7)]) == 9
    for i in range(8):
        cell = pile(g, f"reserve[{i}]")
        assert len(cell) == 1 and not cell[0].startswith("#") and cell[0][0] != "K"
    stock = pile(g, "stock[0]")
    assert len(stock) == 87 and all(c.startswith("#") for c in stock)
    assert pile(g, "waste[0]") == []
    assert g.score == 9 and not g.won
    # the same seed gives the same deal
    assert v.new_game(seed).position() == g.position()


# win and score --------------------------------------------------------------------
FULL = {
    "sultan[0]": "KH",
    "aces[0]": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "kings[0]": "KS AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
    "kings[1]": "KD AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "kings[2]": "KC AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
    "kings[3]": "KS AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
    "kings[4]": "KC AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
    "kings[5]": "KD AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "kings[6]": "KH AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
}


def test_won_when_every_foundation_but_the_sultan_ends_with_a_queen():
    g = game(V, "; ".join(f"{k}: {v}" for k, v in FULL.items()))
    assert g.state.card_count() == 104
    assert g.won and g.over and g.score == 104
    short = dict(FULL, **{"kings[4]": FULL["kings[4]"][:-3]})
    g = game(V, "; ".join(f"{k}: {v}" for k, v in short.items()) + "; reserve[5]: QC")
    assert not g.won and g.score == 103
    assert notations(g) == {"QC@reserve[5]>kings[4]"}  # kings[2] is full already
    g.play("QC@reserve[5]>kings[4]")
    assert g.won and g.score == 104
    g.undo()
    assert not g.won and pile(g, "reserve[5]") == ["QC"]


# perft regression -----------------------------------------------------------------
def test_seed_1_depth_1_checked_by_hand():
    # seed 1 deals 4S 6C 2S JS 2D 8D 6C 7C to the cells: no ace, no 2H, waste empty
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"reserve[{i}]")[0] for i in range(8)] == ["4S", "6C", "2S", "JS", "2D", "8D", "6C", "7C"]
    assert notations(g) == {"draw"}


def test_seed_3_depth_1_two_aces_of_spades_two_king_foundations():
    g = rulesdsl.load(V).new_game(3)
    assert notations(g) == {
        "AS@reserve[1]>kings[0]",
        "AS@reserve[1]>kings[3]",
        "AS@reserve[6]>kings[0]",
        "AS@reserve[6]>kings[3]",
        "draw",
    }


# move sequences of exactly 3 (and, since early Sultan play is mostly drawing, 8) moves
PERFT = {1: (1, 8), 2: (1, 1), 3: (43, 803), 4: (7, 17), 5: (1, 1)}


@pytest.mark.parametrize("seed", sorted(PERFT))
def test_perft(seed):
    g = rulesdsl.load(V).new_game(seed)
    start = g.position()
    assert (perft(g, 3), perft(g, 8)) == PERFT[seed]
    assert g.position() == start


# -- added by mutation testing of variants/sultan.yaml --------------------------------------------


def test_piles():
    assert rulesdsl.load(V).layout.pile_names == (
        ["sultan[0]", "aces[0]"]
        + [f"kings[{i}]" for i in range(7)]
        + [f"reserve[{i}]" for i in range(8)]
        + ["stock[0]", "waste[0]"]
    )
