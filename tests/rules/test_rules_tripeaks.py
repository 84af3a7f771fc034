"""TriPeaks (PySolFC's "Three Peaks", also Tri Peaks), each rule from a hand-made position; and
the flip rule it needs: a face-down card turns up when it becomes free, and not before.

Places (tableau[i], reading order; the places between the peaks stay empty): row 0 holds the
peaks 0, 3, 6; row 1 holds 7, 8, 10, 11, 13, 14; row 2 is 15..23; the bottom row 24..33.
Place 0 is covered by 7 and 8; 7 by 15 and 16; 8 by 16 and 17; 16 by 25 and 26.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

PEAKS = (0, 3, 6, 7, 8, 10, 11, 13, 14) + tuple(range(15, 34))


def test_variant_file_is_clean():
    assert check_file("variants/tripeaks.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("tripeaks").new_game(1)
    dealt = [i for i in range(34) if pile(g, f"tableau[{i}]")]
    assert tuple(dealt) == PEAKS and len(dealt) == 28
    for i in dealt:
        (card,) = pile(g, f"tableau[{i}]")
        assert card.startswith("#") == (i < 24)  # the back rows face down, the bottom row up
    assert len(pile(g, "waste[0]")) == 1 and not pile(g, "waste[0]")[0].startswith("#")
    assert len(pile(g, "stock[0]")) == 23


def test_a_card_turns_up_when_it_becomes_free_not_when_a_move_is_made():
    g = game(
        "tripeaks", "tableau[0]: #KC; tableau[7]: #6C; tableau[8]: #4D; tableau[16]: 5H; waste[0]: 4S; stock[0]: #2C"
    )
    before = g.state.copy()
    assert notations(g) == {"5H@tableau[16]>waste[0]", "turn"}  # covered cards are not free
    g.play("turn")  # a move that frees nothing turns up nothing
    assert pile(g, "tableau[7]") == ["#6C"] and pile(g, "tableau[0]") == ["#KC"]
    g.undo()
    g.play("5H@tableau[16]>waste[0]")
    # 6C and 4D are free now and turn up; KC is still covered by them and stays face down
    assert pile(g, "tableau[7]") == ["6C"] and pile(g, "tableau[8]") == ["4D"]
    assert pile(g, "tableau[0]") == ["#KC"]
    g.play("6C@tableau[7]>waste[0]")
    assert pile(g, "tableau[0]") == ["#KC"]  # 4D still covers it
    with pytest.raises(MoveError):
        g.play("KC@tableau[0]>waste[0]")
    g.undo()
    g.undo()
    assert g.state == before


def test_one_rank_up_or_down_whatever_the_suit_and_round_the_corner():
    g = game(
        "tripeaks", "tableau[24]: KD; tableau[25]: 2C; tableau[26]: QS; tableau[27]: 3H; tableau[28]: AH; waste[0]: AS"
    )
    assert notations(g) == {"KD@tableau[24]>waste[0]", "2C@tableau[25]>waste[0]"}
    g.play("KD@tableau[24]>waste[0]")
    assert notations(g) == {"QS@tableau[26]>waste[0]", "AH@tableau[28]>waste[0]"}


def test_the_stock_turns_onto_the_waste_once_through():
    g = game("tripeaks", "tableau[24]: 9D; waste[0]: 2S; stock[0]: #5C #7H")
    g.play("turn")
    assert pile(g, "waste[0]") == ["2S", "7H"] and pile(g, "stock[0]") == ["#5C"]
    g.play("turn")
    assert notations(g) == set()  # no redeal: the game is lost
    assert g.over and not g.won


def test_won_when_the_peaks_are_cleared_and_the_score_counts_them():
    g = game("tripeaks", "tableau[24]: 9D; waste[0]: TS; stock[0]: #5C")
    assert g.score == 27 and not g.won
    g.play("9D@tableau[24]>waste[0]")
    assert g.won and g.score == 28
    g.undo()
    assert not g.won and g.score == 27


def test_flip_in_columns_still_turns_up_the_new_top_card():
    # the same rule in Klondike's columns: no cover there, so the new top card turns up at once
    g = game("klondike", "tableau[0]: #5C #2H AS; tableau[1]: 9D")
    g.play("AS@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["#5C", "2H"]


# -- scoring=streaks: PySolFC's "Three Peaks (Scored)" -----------------------------------------


def streaks(text):
    return game("tripeaks", text, scoring="streaks")


def test_the_default_score_is_the_cards_cleared():
    g = game("tripeaks", "tableau[0]: #KS; tableau[24]: 5H; tableau[25]: 6C; waste[0]: 4S; stock[0]: #2C")
    g.play("5H@tableau[24]>waste[0]")
    assert g.state.points == 0 and g.score == 28 - 2
    assert not g.variant.records_history  # the default score reads no history


def test_streaks_a_run_of_cards_doubles_every_four():
    g = streaks(
        "tableau[0]: #KS; tableau[3]: #KD; tableau[6]: #KH; tableau[24]: 5H; tableau[25]: 6C; "
        "tableau[26]: 7D; tableau[27]: 8S; tableau[28]: 9H; tableau[29]: TC; tableau[30]: 4D; "
        "waste[0]: 4S; stock[0]: #2C #3C"
    )
    assert g.score == -52  # a hand starts at -52
    gained = []
    for card, place in (("5H", 24), ("6C", 25), ("7D", 26), ("8S", 27), ("9H", 28), ("TC", 29)):
        before = g.score
        g.play(f"{card}@tableau[{place}]>waste[0]")
        gained.append(g.score - before)
    assert gained == [1, 1, 1, 1, 2, 2]  # 2 ** ((n - 1) / 4) for n = 1..6, no peak gone
    assert g.state.streak == 6
    g.play("turn")  # turning the stock scores nothing ...
    assert g.score == -52 + 8
    g.play("4D@tableau[30]>waste[0]")  # ... and the run starts again
    assert g.score == -52 + 9
    g.undo()
    g.undo()
    assert g.state.streak == 6 and g.score == -52 + 8


def test_streaks_peak_cards_and_the_multiplier():
    g = streaks("tableau[0]: KC; tableau[3]: QD; tableau[6]: #5S; tableau[24]: 9H; waste[0]: KS; stock[0]: #2C")
    g.play("QD@tableau[3]>waste[0]")  # a peak gone: m = 2; 2 * (1 + 5)
    assert g.score == -52 + 12
    g.play("KC@tableau[0]>waste[0]")  # two peaks gone: m = 4; n = 2: 4 * (1 + 5)
    assert g.score == -52 + 12 + 24
    assert pile(g, "tableau[6]") == ["5S"]  # the third peak card is free and turned up


@pytest.mark.parametrize(
    ("history", "gained"),
    [
        ("", 40),  # the first card since the deal: the peak alone
        ("; last: action turn; streak: 1", 40),  # the first card since a turn, likewise
        ("; last: move tableau[24] waste[0]; streak: 5", 40 + 10 * 3 + 8 * 2),  # n = 6: 8 * 2 ** (4 / 4)
        ("; last: move tableau[24] waste[0]; streak: 1", 40 + 10 * 3 + 8),
    ],
)
def test_streaks_the_card_that_clears_the_last_peak(history, gained):
    g = streaks("tableau[6]: 5S; waste[0]: 4D; stock[0]: #2C #3C #7H" + history)
    g.play("5S@tableau[6]>waste[0]")
    assert g.won and g.score == -52 + gained


def pysol_hand_score(v, moves_and_states):
    """PySolFC's Three Peaks (Scored) bookkeeping, step by step (its computeHandScore and
    isGameWon, for cards played by clicking): the score after each move."""
    score, sequence, credited = -52, 0, set()
    peaks = [v.pile_index(f"tableau[{i}]") for i in (0, 3, 6)]
    out = []
    for move, st in moves_and_states:
        if move.kind == "action":
            sequence = 0
        else:
            won = not any(st.piles[p] for p in range(len(st.piles)) if v.layout.group_of[p] == "tableau")
            if won:
                if sequence:
                    score += len(st.piles[v.pile_index("stock[0]")]) * 10
            else:
                sequence += 1
            m = 1
            for p in peaks:
                if not st.piles[p]:
                    m *= 2
            for p in peaks:
                if not st.piles[p] and p not in credited:
                    credited.add(p)
                    score += 5 * m
            if sequence:
                score += m * 2 ** ((sequence - 1) // 4)
            if won:
                sequence = 0
        out.append(score)
    return out


def test_streaks_are_recorded_for_the_score_alone():
    v = rulesdsl.load("tripeaks", {"scoring": "streaks"})
    assert v.records_history and v.history == {"last", "streak"}
    assert v.history_in_play == frozenset()  # no rule of play reads them: searches ignore them


def test_streaks_agree_with_pysol_bookkeeping_over_random_games():
    import random

    v = rulesdsl.load("tripeaks", {"scoring": "streaks"})
    for seed in range(1, 31):
        rng = random.Random(seed)
        g = v.new_game(seed)
        played, scores = [], []
        while not g.over and len(played) < 60:
            move = rng.choice(g.legal_moves())
            g.play(move)
            played.append((move, g.state.copy()))
            scores.append(g.score)
        assert scores == pysol_hand_score(v, played), seed
