"""Alpha Star (variants/alpha_star.yaml), after Solvitaire's alpha-star.json: each rule from a
hand-made position.

Rules: the four aces start on the foundations; 48 cards face up in twelve columns of four;
columns build down in suit; a top card or any run in suit on top of a column moves at once; an
empty column takes any card or run; foundations up by suit, one card at a time; nothing leaves
a foundation."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

COLS = [f"tableau[{i}]" for i in range(12)]
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"
# cards that take nothing and go nowhere in the positions below
FILLERS = ["KH", "KD", "KC", "5D", "5C", "JD", "JC", "TH", "9C", "7D", "9D"]


def position(*columns, found=ACES):
    """Columns 0.. as given (None leaves one empty), the rest filled with inert cards."""
    cols = list(columns) + FILLERS[: 12 - len(columns)]
    return "; ".join([found] + [f"tableau[{i}]: {c}" for i, c in enumerate(cols) if c is not None])


def test_variant_file_is_clean():
    assert check_file("variants/alpha_star.yaml", play=2) == []


@pytest.mark.parametrize("seed", range(1, 6))
def test_aces_start_on_the_foundations_and_twelve_columns_of_four_face_up(seed):
    g = rulesdsl.load("alpha_star").new_game(seed)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    dealt = [c for name in COLS for c in pile(g, name)]
    assert all(len(pile(g, name)) == 4 for name in COLS)
    assert not any(c.startswith("#") for c in dealt)
    assert len(set(dealt)) == 48 and not any(c[0] == "A" for c in dealt)
    assert g.score == 4 and not g.won


def test_columns_build_down_in_suit():
    g = game("alpha_star", position("9S", "8H", "8S", "7S"))
    # 8H is one rank below 9S but of another suit; 7S is not one rank below 9S
    assert notations(g) == {"8S@tableau[2]>tableau[0]", "7S@tableau[3]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("8H@tableau[1]>tableau[0]")


def test_a_run_in_suit_moves_at_once_and_a_mixed_run_does_not():
    g = game("alpha_star", position("4D 9S 8S 7S", "TS", "8H", "6S 5H"))
    # the whole run 9S 8S 7S onto TS; 6S 5H is not a run in suit, so 6S cannot go onto 7S;
    # 4D under the run is not part of it
    assert notations(g) == {"9S@tableau[0]>tableau[1]"}
    with pytest.raises(MoveError):
        g.play("6S@tableau[3]>tableau[0]")
    g.play("9S@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["TS", "9S", "8S", "7S"]
    assert pile(g, "tableau[0]") == ["4D"]


def test_a_run_of_any_length_moves():
    # no cells, no limit: a run of eight cards moves in one move
    run = "QS JS TS 9S 8S 7S 6S 5S"
    g = game("alpha_star", position("4D " + run, "KS"))
    assert notations(g) == {"QS@tableau[0]>tableau[1]"}
    g.play("QS@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["KS"] + run.split()


def test_an_empty_column_takes_any_card_or_any_part_of_a_run():
    g = game("alpha_star", position("4D 9S 8S 7S", None))
    fillers = {f"{card}@tableau[{i}]>tableau[1]" for i, card in enumerate(FILLERS[:10], start=2)}
    assert (
        notations(g) == {"7S@tableau[0]>tableau[1]", "8S@tableau[0]>tableau[1]", "9S@tableau[0]>tableau[1]"} | fillers
    )
    g.play("8S@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["8S", "7S"] and pile(g, "tableau[0]") == ["4D", "9S"]


def test_foundations_build_up_in_suit_one_top_card_at_a_time():
    g = game("alpha_star", position("2H", "3S 2S", "2D", "3C"))
    assert notations(g) == {"2H@tableau[0]>foundation[1]", "2S@tableau[1]>foundation[0]", "2D@tableau[2]>foundation[2]"}
    with pytest.raises(MoveError):
        g.play("2H@tableau[0]>foundation[0]")  # another suit's foundation
    with pytest.raises(MoveError):
        g.play("3C@tableau[3]>foundation[3]")  # not one rank above the ace
    g.play("2S@tableau[1]>foundation[0]")
    assert "3S@tableau[1]>foundation[0]" in notations(g)
    g.play("3S@tableau[1]>foundation[0]")
    assert pile(g, "foundation[0]") == ["AS", "2S", "3S"] and g.score == 6


def test_nothing_leaves_a_foundation():
    g = game(
        "alpha_star",
        position(None, found="foundation[0]: AS 2S 3S; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"),
    )
    assert not any(n.split("@")[1].startswith("foundation") for n in notations(g))
    with pytest.raises(MoveError):
        g.play("3S@foundation[0]>tableau[0]")


def test_nothing_is_played_automatically():
    g = game("alpha_star", position("9S", "2S"))
    g.play("2S@tableau[1]>foundation[0]")
    assert pile(g, "foundation[0]") == ["AS", "2S"] and pile(g, "tableau[1]") == []


def test_win_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game("alpha_star", full)
    assert g.won and g.score == 52
    almost = full.replace(" KC", "") + "; tableau[0]: KC"
    g = game("alpha_star", almost)
    assert not g.won and g.score == 51
    g.play("KC@tableau[0]>foundation[3]")
    assert g.won and g.score == 52


def test_seed_1_and_2_by_hand():
    # seed 1 tops: 3S 5H 9D 2S KS JH 4C 7D TH QH 2C 7H: the two deuces up, 2S onto 3S, and the
    # hearts JH onto QH and TH onto JH (the perft fixture's 5)
    g = rulesdsl.load("alpha_star").new_game(1)
    assert [pile(g, c)[-1] for c in COLS] == "3S 5H 9D 2S KS JH 4C 7D TH QH 2C 7H".split()
    assert notations(g) == {
        "2S@tableau[3]>foundation[0]",
        "2C@tableau[10]>foundation[3]",
        "2S@tableau[3]>tableau[0]",
        "JH@tableau[5]>tableau[9]",
        "TH@tableau[8]>tableau[5]",
    }
    # seed 2: 9S onto TS frees 3H, which goes onto 4H; then nothing moves (perft 1, 1, 0)
    g = rulesdsl.load("alpha_star").new_game(2)
    assert notations(g) == {"9S@tableau[9]>tableau[4]"}
    g.play("9S@tableau[9]>tableau[4]")
    assert notations(g) == {"3H@tableau[9]>tableau[6]"}
    g.play("3H@tableau[9]>tableau[6]")
    assert notations(g) == set() and not g.won
