"""Sakhmet Solitaire: every numbered position of shared/rules/sakhmet.md, from hand-made positions.

Each test asserts the exact set of legal moves (or the legality of a named move) and the
position after the move: piles (face-down cards shown with '#'), face-down counts, score.
Columns 1..7 of the rules are tableau[0]..tableau[6]; the Draw Pile is stock[0], the Stack
Pile waste[0], the Ace Piles foundation[0..3].
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError, PositionError
from tests.helpers import game, notations, pile

# Red cards of rank 3..5 never move anywhere among themselves (same colour, no aces):
# they keep columns tableau[1..5] busy so that tableau[6] is the only empty column.
INERT = "tableau[1]: 5N; tableau[2]: 5D; tableau[3]: 4N; tableau[4]: 4D; tableau[5]: 3N"

SUITS = "NDSC"
RANKS = "A23456789TJQK"


def run_of(suit, upto=13):
    return " ".join(r + suit for r in RANKS[:upto])


def down_count(g, name):
    return g.state.down[g.variant.pile_index(name)]


def moves_to(g, dest):
    return {t for t in notations(g) if t.endswith(">" + dest)}


LEVELS = pytest.mark.parametrize("level", ["draw1", "draw3"])


# -- 1. building down in alternating colours; Neggs are red -----------------------


@LEVELS
def test_1_column_top_8s_takes_red_sevens_only(level):
    g = game(
        "sakhmet",
        "tableau[0]: 8S; tableau[1]: 7D; tableau[2]: 7N; tableau[3]: 7C; tableau[4]: 6D; tableau[5]: 9D",
        level=level,
    )
    assert notations(g) == {
        "7D@tableau[1]>tableau[0]",  # red 7 on black 8
        "7N@tableau[2]>tableau[0]",  # Neggs are red
        "8S@tableau[0]>tableau[5]",  # black 8 on red 9
        "6D@tableau[4]>tableau[3]",  # red 6 on black 7
    }
    # 7C (same colour), 6D (two lower), 9D (higher) never onto 8S
    assert moves_to(g, "tableau[0]") == {"7D@tableau[1]>tableau[0]", "7N@tableau[2]>tableau[0]"}
    for bad in ("7C@tableau[3]>tableau[0]", "6D@tableau[4]>tableau[0]", "9D@tableau[5]>tableau[0]"):
        with pytest.raises(MoveError):
            g.play(bad)
    g.play("7N@tableau[2]>tableau[0]")
    assert pile(g, "tableau[0]") == ["8S", "7N"]
    assert pile(g, "tableau[2]") == []
    assert g.score == 0


def test_1_column_top_8n_takes_black_sevens():
    g = game("sakhmet", "tableau[0]: 8N; tableau[1]: 7S; tableau[2]: 7C; tableau[3]: 7D")
    assert notations(g) == {"7S@tableau[1]>tableau[0]", "7C@tableau[2]>tableau[0]"}
    g.play("7C@tableau[2]>tableau[0]")
    assert pile(g, "tableau[0]") == ["8N", "7C"]
    assert [pile(g, f"tableau[{i}]") for i in (1, 2, 3)] == [["7S"], [], ["7D"]]


def test_1_neggs_on_diamond_is_same_colour():
    g = game("sakhmet", "tableau[0]: 8D; tableau[1]: 7N; tableau[2]: 7S; tableau[3]: 7C")
    assert notations(g) == {"7S@tableau[2]>tableau[0]", "7C@tableau[3]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("7N@tableau[1]>tableau[0]")
    # and the other way round
    g = game("sakhmet", "tableau[0]: 8N; tableau[1]: 7D; tableau[2]: 7N")
    assert notations(g) == set()
    assert g.over and not g.won


def test_1_waste_top_to_column():
    g = game("sakhmet", "tableau[0]: 8S; tableau[1]: 8D; waste[0]: 7C 7D")
    assert notations(g) == {"7D@waste[0]>tableau[0]"}
    g.play("7D@waste[0]>tableau[0]")
    assert pile(g, "waste[0]") == ["7C"]
    assert notations(g) == {"7C@waste[0]>tableau[1]"}


def test_1_there_are_no_hearts_in_sakhmet():
    with pytest.raises(PositionError, match="suit letter"):
        game("sakhmet", "tableau[0]: 8S; tableau[1]: 7H")


# -- 2. only a king (or a king-headed run) fills an empty column --------------------


@LEVELS
def test_2_king_from_waste_to_empty_column(level):
    g = game("sakhmet", f"{INERT}; tableau[0]: 9N; waste[0]: KD", level=level)
    # with an empty stock, draw 3 may turn the waste over (draw 1 never may)
    recycle = {"recycle"} if level == "draw3" else set()
    assert notations(g) == {"KD@waste[0]>tableau[6]"} | recycle
    g.play("KD@waste[0]>tableau[6]")
    assert pile(g, "tableau[6]") == ["KD"]
    assert pile(g, "waste[0]") == []
    assert down_count(g, "tableau[6]") == 0


def test_2_queen_from_waste_to_empty_column_illegal():
    g = game("sakhmet", f"{INERT}; tableau[0]: 9N; waste[0]: QS")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("QS@waste[0]>tableau[6]")
    assert pile(g, "waste[0]") == ["QS"]


def test_2_king_headed_run_to_empty_column():
    g = game("sakhmet", f"{INERT}; tableau[0]: #2S KC QD JS")
    # the whole run [KC, QD, JS] may go; [QD, JS] and [JS] may not
    assert notations(g) == {"KC@tableau[0]>tableau[6]"}
    for bad in ("QD@tableau[0]>tableau[6]", "JS@tableau[0]>tableau[6]"):
        with pytest.raises(MoveError):
            g.play(bad)
    g.play("KC@tableau[0]>tableau[6]")
    assert pile(g, "tableau[6]") == ["KC", "QD", "JS"]
    assert pile(g, "tableau[0]") == ["2S"]  # turned up by the move
    assert down_count(g, "tableau[0]") == 0
    g.undo()
    assert pile(g, "tableau[0]") == ["#2S", "KC", "QD", "JS"]
    assert pile(g, "tableau[6]") == []


# -- 3. column to column: any face-up card with the cards on it -----------------------


@LEVELS
def test_3_run_moves_and_flip(level):
    g = game("sakhmet", "tableau[0]: #2N 9C 8D 7S; tableau[1]: 9S; tableau[2]: 9N; tableau[3]: TD", level=level)
    assert notations(g) == {
        "8D@tableau[0]>tableau[1]",  # [8D, 7S] onto 9S
        "9C@tableau[0]>tableau[3]",  # [9C, 8D, 7S] onto TD
        "9S@tableau[1]>tableau[3]",
    }
    with pytest.raises(MoveError):  # the same run onto a red nine
        g.play("8D@tableau[0]>tableau[2]")
    g.play("8D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#2N", "9C"]
    assert pile(g, "tableau[1]") == ["9S", "8D", "7S"]
    assert down_count(g, "tableau[0]") == 1
    g.undo()
    g.play("9C@tableau[0]>tableau[3]")
    assert pile(g, "tableau[0]") == ["2N"]  # the face-down card turned up
    assert down_count(g, "tableau[0]") == 0
    assert pile(g, "tableau[3]") == ["TD", "9C", "8D", "7S"]
    assert g.score == 0


def test_3_placeholder_face_down_card_turns_up():
    # '##' is the lowest unused card face down: here AN, which can then go up
    g = game("sakhmet", "tableau[0]: ## 9C 8D 7S; tableau[3]: TD")
    assert pile(g, "tableau[0]") == ["#AN", "9C", "8D", "7S"]
    g.play("9C@tableau[0]>tableau[3]")
    assert pile(g, "tableau[0]") == ["AN"]
    assert {m for m in notations(g) if m.startswith("AN")} == {"AN@tableau[0]>foundation[0]"}


def test_3_long_run_has_no_length_limit():
    g = game("sakhmet", "tableau[0]: QD JS TD 9S 8D 7S 6D 5S 4D 3S 2D; tableau[1]: KC")
    assert "QD@tableau[0]>tableau[1]" in notations(g)
    g.play("QD@tableau[0]>tableau[1]")
    assert len(pile(g, "tableau[1]")) == 12
    assert pile(g, "tableau[0]") == []


# -- 4. face-down cards are never picked ---------------------------------------------


def test_4_face_down_card_never_moves():
    g = game("sakhmet", "tableau[0]: #9C 4N; tableau[1]: TD; tableau[2]: #AS 5N")
    assert notations(g) == set()
    with pytest.raises(MoveError, match="not face up"):
        g.play("9C@tableau[0]>tableau[1]")
    with pytest.raises(MoveError, match="not face up"):
        g.play("AS@tableau[2]>foundation[0]")
    assert pile(g, "tableau[0]") == ["#9C", "4N"]


def test_4_stock_cards_never_move():
    g = game("sakhmet", "stock[0]: #KS; tableau[0]: 5N")
    assert notations(g) == {"draw"}
    with pytest.raises(MoveError):
        g.play("KS@stock[0]>tableau[1]")


# -- 5. draw 3: the last card moved is on top ----------------------------------------


def test_5_draw3_order_x_y_z():
    # stock top X = AN, then Y = AD, then Z = AS
    g = game("sakhmet", "stock[0]: #2C #AS #AD #AN", level="draw3")
    assert notations(g) == {"draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["AN", "AD", "AS"]
    assert pile(g, "stock[0]") == ["#2C"]
    # the foundations are interchangeable: an ace has one move, to the first empty one
    assert notations(g) == {"AS@waste[0]>foundation[0]", "draw"}
    g.play("AS@waste[0]>foundation[0]")
    assert notations(g) == {"AD@waste[0]>foundation[1]", "draw"}
    g.play("AD@waste[0]>foundation[1]")
    assert notations(g) == {"AN@waste[0]>foundation[2]", "draw"}
    g.play("AN@waste[0]>foundation[2]")
    assert pile(g, "waste[0]") == []
    assert g.score == 30


def test_5_draw1_draws_one():
    g = game("sakhmet", "stock[0]: #2C #AS #AD #AN", level="draw1")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AN"]
    assert pile(g, "stock[0]") == ["#2C", "#AS", "#AD"]
    assert down_count(g, "stock[0]") == 3 and down_count(g, "waste[0]") == 0


# -- 6. Ace Piles ---------------------------------------------------------------------


@LEVELS
def test_6_ace_to_empty_ace_pile(level):
    g = game("sakhmet", "waste[0]: AS", level=level)
    recycle = {"recycle"} if level == "draw3" else set()
    assert notations(g) == {"AS@waste[0]>foundation[0]"} | recycle
    g.play("AS@waste[0]>foundation[2]")  # another empty foundation, named: it goes there
    assert pile(g, "foundation[2]") == ["AS"]
    assert g.score == 10


def test_6_two_to_empty_ace_pile_illegal():
    g = game("sakhmet", "waste[0]: 2S")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("2S@waste[0]>foundation[0]")


def test_6_on_ace_same_suit_next_rank_only():
    g = game("sakhmet", "foundation[0]: AS; tableau[0]: 2S; tableau[1]: 2C; tableau[2]: 3S")
    assert notations(g) == {"2S@tableau[0]>foundation[0]"}
    for bad in ("2C@tableau[1]>foundation[0]", "3S@tableau[2]>foundation[0]"):
        with pytest.raises(MoveError):
            g.play(bad)
    g.play("2S@tableau[0]>foundation[0]")
    assert pile(g, "foundation[0]") == ["AS", "2S"]
    # now 3S fits
    assert notations(g) == {"3S@tableau[2]>foundation[0]"}


def test_6_non_top_card_cannot_go_up():
    g = game("sakhmet", "foundation[0]: AS 2S; foundation[1]: AD; tableau[0]: 3S 2D")
    assert notations(g) == {"2D@tableau[0]>foundation[1]"}
    with pytest.raises(MoveError):
        g.play("3S@tableau[0]>foundation[0]")
    g.play("2D@tableau[0]>foundation[1]")
    assert notations(g) == {"3S@tableau[0]>foundation[0]"}


# -- 7. nothing leaves an Ace Pile ------------------------------------------------------


def test_7_ace_pile_top_never_moves():
    g = game("sakhmet", "foundation[0]: " + run_of("D", 7) + "; tableau[0]: 8S; foundation[1]: AS")
    assert notations(g) == set()
    with pytest.raises(MoveError, match="never leave"):
        g.play("7D@foundation[0]>tableau[0]")
    with pytest.raises(MoveError):
        g.play("AS@foundation[1]>foundation[2]")
    assert pile(g, "foundation[0]") == run_of("D", 7).split()


# -- 8. draws and recycles ---------------------------------------------------------------


def test_8_draw1_24_draws_then_nothing():
    g = rulesdsl.load("sakhmet", {"level": "draw1"}).new_game(3)
    assert len(pile(g, "stock[0]")) == 24
    for i in range(24):
        assert "draw" in notations(g)
        assert "recycle" not in notations(g)
        g.play("draw")
        assert len(pile(g, "waste[0]")) == i + 1
    assert pile(g, "stock[0]") == []
    assert "draw" not in notations(g)
    assert "recycle" not in notations(g)


def test_8_draw1_never_recycles():
    g = game("sakhmet", "waste[0]: 5N 5D", level="draw1")
    assert notations(g) == set()
    assert g.over
    with pytest.raises(MoveError, match="not allowed"):
        g.play("recycle")


def test_8_draw3_two_card_stock_in_one_draw():
    g = game("sakhmet", "stock[0]: #5N #5D", level="draw3")
    assert notations(g) == {"draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["5D", "5N"]
    assert pile(g, "stock[0]") == []
    assert notations(g) == {"recycle"}


def test_8_draw3_no_recycle_while_stock_has_cards():
    g = game("sakhmet", "stock[0]: #5N; waste[0]: 5D", level="draw3")
    assert notations(g) == {"draw"}
    with pytest.raises(MoveError):
        g.play("recycle")


def test_8_draw3_three_passes():
    g = rulesdsl.load("sakhmet", {"level": "draw3"}).new_game(3)
    recycle = g.variant.action_index["recycle"]
    for n_pass in range(3):
        order = list(pile(g, "stock[0]"))[::-1]  # the drawing order of this pass
        for i in range(8):
            assert "draw" in notations(g) and "recycle" not in notations(g)
            g.play("draw")
            assert len(pile(g, "stock[0]")) == 24 - 3 * (i + 1)
        assert [c.lstrip("#") for c in order] == pile(g, "waste[0]")
        assert "draw" not in notations(g)
        if n_pass < 2:
            assert "recycle" in notations(g)
            g.play("recycle")
            assert g.state.used[recycle] == n_pass + 1
            assert pile(g, "waste[0]") == []
            assert len(pile(g, "stock[0]")) == 24 and down_count(g, "stock[0]") == 24
    assert "recycle" not in notations(g)
    assert g.state.used[recycle] == 2


def test_8_draw3_recycle_limit_from_used_counter():
    g = game("sakhmet", "waste[0]: 5N 5D; used: recycle=1", level="draw3")
    assert notations(g) == {"recycle"}
    g = game("sakhmet", "waste[0]: 5N 5D; used: recycle=2", level="draw3")
    assert notations(g) == set()


def test_8_recycle_keeps_order_less_played_cards():
    # stock top first: AN 5N 6N | 7N 8N 9N | AS ; 6N is played onto 7C, AS goes up
    g = game("sakhmet", "tableau[0]: 7C; stock[0]: #AS #9N #8N #7N #6N #5N #AN", level="draw3")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AN", "5N", "6N"]
    g.play("6N@waste[0]>tableau[0]")
    g.play("draw")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AN", "5N", "7N", "8N", "9N", "AS"]
    g.play("AS@waste[0]>foundation[0]")
    g.play("recycle")
    assert pile(g, "stock[0]") == ["#9N", "#8N", "#7N", "#5N", "#AN"]  # AN on top again
    assert pile(g, "waste[0]") == []
    g.play("draw")
    assert pile(g, "waste[0]") == ["AN", "5N", "7N"]
    g.play("draw")
    assert pile(g, "waste[0]") == ["AN", "5N", "7N", "8N", "9N"]
    g.undo()
    g.undo()
    g.undo()  # the recycle
    assert pile(g, "waste[0]") == ["AN", "5N", "7N", "8N", "9N"]
    assert pile(g, "stock[0]") == []
    assert g.state.used[g.variant.action_index["recycle"]] == 0


# -- 9. the win ------------------------------------------------------------------------------


@LEVELS
def test_9_last_king_wins(level):
    text = "; ".join(f"foundation[{i}]: {run_of(s)}" for i, s in enumerate("NDS"))
    text += f"; foundation[3]: {run_of('C', 12)}; tableau[0]: KC; points: 660"
    g = game("sakhmet", text, level=level)
    assert not g.won and not g.over
    assert g.score == 660
    assert notations(g) == {"KC@tableau[0]>foundation[3]"} | {
        f"KC@tableau[0]>tableau[{i}]" for i in range(1, 7)
    }  # a king may change column
    g.play("KC@tableau[0]>foundation[3]")
    assert g.won and g.over
    assert g.score == 660 + 10 + 50
    assert notations(g) == set()
    g.undo()
    assert not g.won and g.score == 660


def test_9_not_won_with_a_card_elsewhere():
    text = "; ".join(f"foundation[{i}]: {run_of(s)}" for i, s in enumerate("NDS"))
    text += f"; foundation[3]: {run_of('C', 12)}; waste[0]: KC"
    g = game("sakhmet", text)
    assert not g.won
    g.play("KC@waste[0]>foundation[3]")
    assert g.won


# -- 10. scoring -----------------------------------------------------------------------------


@LEVELS
def test_10_points_and_bonus_and_undo(level):
    g = game(
        "sakhmet",
        f"foundation[0]: {run_of('N', 11)}; tableau[0]: QN; tableau[1]: KN; "
        "waste[0]: AS; tableau[2]: 9C; tableau[3]: 8D",
        level=level,
    )
    assert g.score == 0
    g.play("8D@tableau[3]>tableau[2]")  # a column move scores nothing
    assert g.score == 0
    g.play("AS@waste[0]>foundation[1]")
    assert g.score == 10 and g.state.points == 10
    g.play("QN@tableau[0]>foundation[0]")
    assert g.score == 20
    g.play("KN@tableau[1]>foundation[0]")  # the 13th neggs: card points and the bonus
    assert g.score == 80
    assert pile(g, "foundation[0]") == run_of("N").split()
    g.undo()
    assert g.score == 20
    assert pile(g, "tableau[1]") == ["KN"]
    g.undo()
    assert g.score == 10
    g.undo()
    assert g.score == 0
    g.redo()
    g.redo()
    g.redo()
    assert g.score == 80


def test_10_options_change_points():
    g = game(
        "sakhmet",
        f"foundation[0]: {run_of('N', 11)}; tableau[0]: QN; tableau[1]: KN; waste[0]: AS",
        card_points=5,
        suit_bonus=100,
    )
    g.play("AS@waste[0]>foundation[1]")
    assert g.score == 5
    g.play("QN@tableau[0]>foundation[0]")
    assert g.score == 10
    g.play("KN@tableau[1]>foundation[0]")
    assert g.score == 115
    g.undo()
    assert g.score == 10


def test_10_zero_points():
    g = game("sakhmet", "waste[0]: AS", card_points=0, suit_bonus=0)
    g.play("AS@waste[0]>foundation[0]")
    assert g.score == 0
    assert g.position()["points"] == 0


def test_10_draws_and_recycles_score_nothing():
    g = game("sakhmet", "stock[0]: #5N #5D; points: 40", level="draw3")
    g.play("draw")
    g.play("recycle")
    assert g.score == 40


def test_points_option_bounds():
    with pytest.raises(rulesdsl.RulesError, match="O402"):
        rulesdsl.load("sakhmet", {"card_points": -1})
    with pytest.raises(rulesdsl.RulesError, match="O402"):
        rulesdsl.load("sakhmet", {"level": "draw2"})
    v = rulesdsl.load("sakhmet", {"card_points": "7"})  # text from a command line
    assert v.options["card_points"] == 7


# -- the deal ------------------------------------------------------------------------------------


@LEVELS
def test_deal_shape(level):
    g = rulesdsl.load("sakhmet", {"level": level}).new_game(11)
    for i in range(7):
        assert len(pile(g, f"tableau[{i}]")) == i + 1
        assert down_count(g, f"tableau[{i}]") == i
    assert len(pile(g, "stock[0]")) == 24 and down_count(g, "stock[0]") == 24
    assert pile(g, "waste[0]") == []
    assert all(pile(g, f"foundation[{i}]") == [] for i in range(4))
    faces = sorted(c.lstrip("#") for p in g.position()["piles"].values() for c in p)
    assert faces == sorted(r + s for r in RANKS for s in SUITS)


def test_klondike_draw_and_passes_options_are_gone():
    for opt in ({"passes": 1}, {"draw": 3}):
        with pytest.raises(rulesdsl.RulesError, match="O401"):
            rulesdsl.load("sakhmet", opt)


def test_points_option_upper_bounds():
    v = rulesdsl.load("sakhmet", {"card_points": 1000, "suit_bonus": 10000})
    assert v.options["card_points"] == 1000 and v.options["suit_bonus"] == 10000
    for opt in ({"card_points": 1001}, {"suit_bonus": 10001}):
        with pytest.raises(rulesdsl.RulesError, match="O402"):
            rulesdsl.load("sakhmet", opt)
