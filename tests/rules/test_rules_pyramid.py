"""Pyramid: every numbered position of shared/rules/pyramid.md, and a hand check of its perft fixture (tests/engine/test_perft.py).

Places: (row, column) from 1, row 1 the apex; pyramid[i] with i = r * (r - 1) / 2 + c - 1,
so row 6 is pyramid[15..20] and row 7 pyramid[21..27].
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.engine import moves as engine
from tests.helpers import game, notations, pile

ROW7 = [f"pyramid[{i}]" for i in range(21, 28)]


def at(r: int, c: int) -> str:
    return f"pyramid[{r * (r - 1) // 2 + c - 1}]"


def exposed_names(g) -> set:
    v = g.variant
    piles = [p for p in range(v.layout.size) if v.layout.group_of[p] in ("pyramid", "waste")]
    return {v.pile_name(p) for p, _ in engine.exposed(v, g.state, piles)}


def total_cards(g) -> int:
    return g.state.card_count()


# -- geometry -------------------------------------------------------------------


def test_cover_relation():
    v = rulesdsl.load("pyramid")
    lay = v.layout
    for r in range(1, 7):
        for c in range(1, r + 1):
            covering = {lay.pile_names[q] for q in lay.covers[lay.pile(at(r, c))]}
            assert covering == {at(r + 1, c), at(r + 1, c + 1)}, (r, c)
    assert all(not lay.covers[lay.pile(n)] for n in ROW7)


def test_waste_count_follows_the_option():
    assert [n for n in rulesdsl.load("pyramid").layout.pile_names if n.startswith("waste")] == ["waste[0]"]
    three = rulesdsl.load("pyramid", {"wastes": 3}).layout.pile_names
    assert [n for n in three if n.startswith("waste")] == ["waste[0]", "waste[1]", "waste[2]"]
    with pytest.raises(rulesdsl.RulesError, match="O402"):
        rulesdsl.load("pyramid", {"wastes": 2})


def test_variant_file_is_clean():
    assert [d for d in rulesdsl.check("variants/pyramid.yaml") if d.severity == "error"] == []


# -- 1. start ----------------------------------------------------------------------


@pytest.mark.parametrize("wastes", [1, 3])
def test_1_start(wastes):
    g = rulesdsl.load("pyramid", {"wastes": wastes}).new_game(4)
    assert exposed_names(g) == set(ROW7)
    assert len(pile(g, "stock[0]")) == 24 and all(c.startswith("#") for c in pile(g, "stock[0]"))
    assert all(pile(g, f"waste[{i}]") == [] for i in range(wastes))
    assert sum(len(pile(g, at(r, c))) for r in range(1, 8) for c in range(1, r + 1)) == 28
    assert g.score == 0 and not g.won


def test_1_only_row_seven_plays_from_a_full_pyramid():
    # rows 1-6 are full of kings and pairs, none of them exposed
    rows = ["KS", "QS AS", "JS 2S KH", "TS 3S QH AH", "9S 4S JH 2H KD", "8S 5S TH 3H QD AD"]
    text = [f"{at(r, c)}: {card}" for r, row in enumerate(rows, 1) for c, card in enumerate(row.split(), 1)]
    row7 = "7S 6S 2C 2D 3C 9H 4H".split()  # pairs: 7S+6S, 9H+4H
    text += [f"{at(7, c)}: {card}" for c, card in enumerate(row7, 1)]
    g = game("pyramid", "; ".join(text))
    assert notations(g) == {f"remove 7S@{at(7, 1)} 6S@{at(7, 2)}", f"remove 9H@{at(7, 6)} 4H@{at(7, 7)}"}


# -- 2. a pair uncovers (6,1) but not (6,2) ----------------------------------------------


def test_2_pair_exposes_only_the_fully_uncovered_card():
    g = game(
        "pyramid",
        f"{at(6, 1)}: KH; {at(6, 2)}: KS; {at(7, 1)}: 9C; {at(7, 2)}: 4D; "
        f"{at(7, 3)}: 2C; {at(7, 4)}: 2D; stock[0]: #5S",
    )
    assert notations(g) == {f"remove 9C@{at(7, 1)} 4D@{at(7, 2)}", "draw"}
    g.play(f"remove 4D@{at(7, 2)} 9C@{at(7, 1)}")  # order of the cards does not matter
    assert pile(g, "discard[0]") == ["9C", "4D"]
    assert pile(g, at(7, 1)) == [] and pile(g, at(7, 2)) == []
    assert notations(g) == {f"remove KH@{at(6, 1)}", "draw"}  # KS still under 2C
    assert g.score == 2


# -- 3. a card and its only coverer never pair ------------------------------------------


def test_3_card_cannot_pair_with_the_card_covering_it():
    g = game("pyramid", f"{at(6, 2)}: TD; {at(7, 3)}: 3C; {at(7, 5)}: 8H")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play(f"remove TD@{at(6, 2)} 3C@{at(7, 3)}")
    assert g.over and not g.won


# -- 4. kings --------------------------------------------------------------------------


def test_4_exposed_king_goes_alone_covered_king_cannot():
    g = game("pyramid", f"{at(6, 1)}: KS; {at(7, 1)}: KH; {at(7, 2)}: 5D")
    assert notations(g) == {f"remove KH@{at(7, 1)}"}
    with pytest.raises(MoveError):
        g.play(f"remove KS@{at(6, 1)}")
    g.play(f"remove KH@{at(7, 1)}")
    assert pile(g, "discard[0]") == ["KH"]
    assert notations(g) == set()  # KS still under 5D at (7,2)
    assert g.score == 1


# -- 5. which pairs total 13 --------------------------------------------------------------


@pytest.mark.parametrize("a,b", [("QH", "AS"), ("JC", "2D"), ("TS", "3H"), ("8D", "5C"), ("9S", "4C"), ("7H", "6C")])
def test_5_pairs_totalling_13(a, b):
    g = game("pyramid", f"{at(7, 1)}: {a}; {at(7, 2)}: {b}")
    move = f"remove {a}@{at(7, 1)} {b}@{at(7, 2)}"
    assert notations(g) == {move}
    g.play(move)
    assert pile(g, "discard[0]") == [a, b]
    assert g.won and g.score == 2


@pytest.mark.parametrize("a,b", [("7H", "7S"), ("QH", "KS"), ("6D", "6C"), ("KD", "AS")])
def test_5_pairs_not_totalling_13(a, b):
    g = game("pyramid", f"{at(7, 1)}: {a}; {at(7, 2)}: {b}")
    expected = {f"remove {x}@{at(7, i)}" for i, x in ((1, a), (2, b)) if x[0] == "K"}  # a lone king
    assert notations(g) == expected
    with pytest.raises(MoveError):
        g.play(f"remove {a}@{at(7, 1)} {b}@{at(7, 2)}")


# -- 6. a drawn card pairs; the card under it is exposed again ------------------------------


def test_6_draw_then_pair_with_the_waste_top():
    g = game("pyramid", f"{at(7, 1)}: 5C; {at(7, 2)}: 9S; waste[0]: 4D; stock[0]: #8H")
    assert notations(g) == {f"remove 9S@{at(7, 2)} 4D@waste[0]", "draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["4D", "8H"] and pile(g, "stock[0]") == []
    assert notations(g) == {f"remove 5C@{at(7, 1)} 8H@waste[0]"}  # 4D is under 8H now
    g.play(f"remove 5C@{at(7, 1)} 8H@waste[0]")
    assert pile(g, "waste[0]") == ["4D"] and pile(g, "discard[0]") == ["5C", "8H"]
    assert notations(g) == {f"remove 9S@{at(7, 2)} 4D@waste[0]"}
    g.undo()
    g.undo()
    assert pile(g, "stock[0]") == ["#8H"] and pile(g, "waste[0]") == ["4D"]


# -- 7. two cards of one waste pile never pair ------------------------------------------------


def test_7_cards_in_the_same_waste_do_not_pair():
    g = game("pyramid", f"{at(7, 1)}: 6H; waste[0]: 2C 6S 7D")
    assert notations(g) == {f"remove 6H@{at(7, 1)} 7D@waste[0]"}
    with pytest.raises(MoveError):
        g.play("remove 6S@waste[0] 7D@waste[0]")


# -- 8. drawing is always allowed while cards remain; no redeal ---------------------------------


def test_8_draw_while_a_pair_is_available():
    g = game("pyramid", f"{at(7, 1)}: 6H; {at(7, 2)}: 7H; stock[0]: #2S #3S")
    assert notations(g) == {f"remove 6H@{at(7, 1)} 7H@{at(7, 2)}", "draw"}
    g.play("draw")
    g.play("draw")
    assert pile(g, "waste[0]") == ["3S", "2S"] and pile(g, "stock[0]") == []
    assert notations(g) == {f"remove 6H@{at(7, 1)} 7H@{at(7, 2)}"}  # no draw, no redeal
    with pytest.raises(MoveError):
        g.play("draw")


# -- 9. three waste piles ---------------------------------------------------------------------


def test_9_three_wastes():
    # stock bottom first: 18 unnamed cards, then c6 .. c1 (c1 on top)
    c = {1: "AS", 2: "9D", 3: "QC", 4: "6D", 5: "2H", 6: "7C"}
    stock = " ".join(["##"] * 18 + [f"#{c[i]}" for i in range(6, 0, -1)])
    g = game("pyramid", f"{at(7, 1)}: 5C; stock[0]: {stock}", wastes=3)
    g.play("draw")
    assert [pile(g, f"waste[{i}]") for i in range(3)] == [[c[1]], [c[2]], [c[3]]]
    assert notations(g) == {"remove AS@waste[0] QC@waste[2]", "draw"}
    g.play("draw")
    assert [pile(g, f"waste[{i}]") for i in range(3)] == [[c[1], c[4]], [c[2], c[5]], [c[3], c[6]]]
    assert notations(g) == {"remove 6D@waste[0] 7C@waste[2]", "draw"}
    g.play("remove 6D@waste[0] 7C@waste[2]")
    assert [pile(g, f"waste[{i}]") for i in range(3)] == [[c[1]], [c[2], c[5]], [c[3]]]
    assert notations(g) == {"remove AS@waste[0] QC@waste[2]", "draw"}  # c1 and c3 exposed
    for _ in range(6):
        g.play("draw")
    assert "draw" not in notations(g)
    assert len(pile(g, "stock[0]")) == 0
    assert [len(pile(g, f"waste[{i}]")) for i in range(3)] == [7, 8, 7]
    assert total_cards(g) == 25


def test_9_three_wastes_deal_fewer_when_fewer_remain():
    g = game("pyramid", f"{at(7, 1)}: 5C; stock[0]: #9D #2H #3H #4H #6H", wastes=3)
    g.play("draw")
    g.play("draw")
    assert [pile(g, f"waste[{i}]") for i in range(3)] == [["6H", "2H"], ["4H", "9D"], ["3H"]]
    assert "draw" not in notations(g)
    g.undo()
    assert pile(g, "stock[0]") == ["#9D", "#2H"]


# -- 10, 11. end of the game ----------------------------------------------------------------------


def test_10_empty_pyramid_is_won_with_cards_left():
    g = game("pyramid", "stock[0]: #5S #6S; waste[0]: 3D; discard[0]: KH")
    assert g.won and g.over
    assert notations(g) == {"draw"}
    assert not game("pyramid", f"{at(1, 1)}: 2C; stock[0]: #5S #6S").won


def test_11_no_move_left_is_over_not_won():
    g = game("pyramid", f"{at(6, 1)}: 8D; {at(7, 1)}: 5C; {at(7, 2)}: 4C; waste[0]: 2C")
    assert notations(g) == set()
    assert g.over and not g.won


def test_score_counts_removed_cards_and_cards_are_conserved():
    g = rulesdsl.load("pyramid").new_game(1)
    assert notations(g) == {"remove KS@pyramid[21]", "remove KD@pyramid[22]", "draw"}
    g.play("remove KS@pyramid[21]")
    g.play("remove KD@pyramid[22]")
    assert g.score == 2 and total_cards(g) == 52
    g.undo()
    assert g.score == 1 and pile(g, "discard[0]") == ["KS"]


# -- perft -------------------------------------------------------------------------------------


def test_perft_seed_1_depth_1_checked_by_hand():
    # row 7 of seed 1: KS KD TD TC JC TH 8C; no pair totals 13, two lone kings
    g = rulesdsl.load("pyramid").new_game(1)
    assert [pile(g, n)[0] for n in ROW7] == ["KS", "KD", "TD", "TC", "JC", "TH", "8C"]
    assert notations(g) == {"remove KS@pyramid[21]", "remove KD@pyramid[22]", "draw"}


# -- added by mutation testing of variants/pyramid.yaml -------------------------------------------


def test_piles():
    assert rulesdsl.load("pyramid").layout.pile_names == (
        ["stock[0]", "waste[0]", "discard[0]"] + [f"pyramid[{i}]" for i in range(28)]
    )


def test_a_king_on_top_of_the_waste_goes_alone():
    g = game("pyramid", f"{at(7, 1)}: 5D; waste[0]: 3C KS; stock[0]: #4H")
    assert notations(g) == {"remove KS@waste[0]", "draw"}
    g.play("remove KS@waste[0]")
    assert pile(g, "waste[0]") == ["3C"] and pile(g, "discard[0]") == ["KS"]
