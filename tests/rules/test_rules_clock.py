"""Clock (PySolFC's "Clock", also Travellers or Sundial), each rule from a hand-made position.

hour[0]..hour[11] are the piles of the hours ace..queen, hour[12] the kings' pile in the
middle; clock[i] takes the cards of rank i + 1 as they are turned up. The card to move is the
one turned up on the pile of the hour where the last card went (the kings' pile at the start).
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError, Outcome
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/clock.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("clock").new_game(1)
    for i in range(13):
        cards = pile(g, f"hour[{i}]")
        assert len(cards) == 4
        face_up = [c for c in cards if not c.startswith("#")]
        assert face_up == ([cards[-1]] if i == 12 else [])  # only the kings' pile shows its top card
        assert pile(g, f"clock[{i}]") == []
    assert len(g.legal_moves()) == 1 and g.score == 0


def test_the_card_goes_to_its_hour_and_that_pile_turns_up_its_top():
    g = game("clock", "hour[12]: #2C #3C #4C 5H; hour[4]: #KS #6D #7D #8D; hour[0]: #9S #TS")
    assert notations(g) == {"5H@hour[12]>clock[4]"}
    with pytest.raises(MoveError):
        g.play("5H@hour[12]>clock[3]")  # not its hour
    g.play("5H@hour[12]>clock[4]")
    assert pile(g, "clock[4]") == ["5H"]
    assert pile(g, "hour[4]") == ["#KS", "#6D", "#7D", "8D"]  # the five's pile turns up its top card
    assert pile(g, "hour[0]") == ["#9S", "#TS"]  # no other pile turns up anything
    assert pile(g, "hour[12]") == ["#2C", "#3C", "#4C"]
    assert notations(g) == {"8D@hour[4]>clock[7]"}
    assert g.score == 1


def test_the_card_to_move_comes_from_the_pile_of_the_last_hour():
    # two face-up cards (only a hand-made position has that): the history says which may move
    text = "hour[12]: #2C 5H; hour[6]: #3D 9S; clock[6]: 7C"
    assert notations(game("clock", text)) == {"5H@hour[12]>clock[4]"}  # no move yet: the kings' pile
    assert notations(game("clock", text + "; last: move hour[2] clock[6]")) == {"9S@hour[6]>clock[8]"}
    assert notations(game("clock", text + "; last: move hour[6] clock[3]")) == set()


def test_a_card_of_a_pile_own_hour_and_the_next_card_of_the_same_pile():
    g = game("clock", "hour[12]: #2C #QD KH; clock[12]: KS")
    g.play("KH@hour[12]>clock[12]")  # a king under the kings' pile
    assert pile(g, "hour[12]") == ["#2C", "QD"] and notations(g) == {"QD@hour[12]>clock[11]"}
    g.undo()
    assert pile(g, "hour[12]") == ["#2C", "#QD", "KH"] and g.state.last == 0


def test_the_fourth_king_turning_up_early_loses():
    g = game("clock", "hour[12]: 6C; hour[5]: #7S #KC; hour[1]: #2S; clock[12]: KS KH KD")
    g.play("6C@hour[12]>clock[5]")
    assert pile(g, "hour[5]") == ["#7S", "KC"]  # the fourth king, with 7S and 2S still down
    assert g.legal_moves() == [] and g.outcome is Outcome.LOST and g.over
    with pytest.raises(MoveError):
        g.play("KC@hour[5]>clock[12]")


def test_a_third_king_still_has_its_place():
    g = game("clock", "hour[12]: 6C; hour[5]: #7S #KC; clock[12]: KS KH")
    g.play("6C@hour[12]>clock[5]")
    assert notations(g) == {"KC@hour[5]>clock[12]"}


def test_the_win_when_every_card_is_turned_up():
    g = game("clock", "hour[12]: 6C; hour[5]: #KC; clock[12]: KS KH KD")
    assert not g.won
    g.play("6C@hour[12]>clock[5]")
    assert pile(g, "hour[5]") == ["KC"]  # the last card turned up is the fourth king
    assert g.won and g.outcome is Outcome.WON


def test_whole_games_play_themselves_out():
    v = rulesdsl.load("clock")
    seen = {}
    for seed in range(1, 6):
        g = v.new_game(seed)
        start = g.state.copy()
        while not g.over:
            (move,) = g.legal_moves()  # never a choice
            g.play(move)
        seen[seed] = (g.outcome, g.ply)
        assert g.score == g.ply  # every move sends one card to its hour
        while g.undo():
            pass
        assert g.state == start
    assert seen == {
        1: (Outcome.LOST, 47),
        2: (Outcome.WON, 51),
        3: (Outcome.LOST, 37),
        4: (Outcome.LOST, 28),
        5: (Outcome.LOST, 47),
    }


def test_a_saved_game_reloads_with_its_history():
    v = rulesdsl.load("clock")
    g = v.new_game(2)
    for _ in range(10):
        g.play(g.legal_moves()[0])
    again = rulesdsl.Game.load_save(v, g.save())
    assert again.state == g.state and again.position() == g.position()
    assert notations(again) == notations(g)
    moved = rulesdsl.Game.from_position(v, g.position())
    assert notations(moved) == notations(g)
    moved.play(moved.legal_moves()[0])
    g.play(g.legal_moves()[0])
    assert moved.state.piles == g.state.piles


def test_the_solver_reads_the_history_as_part_of_the_position():
    from rulesdsl.solve.analysis import analyse
    from rulesdsl.solve.solver import solve_game

    v = rulesdsl.load("clock")
    assert v.history_in_play == {"last"}  # the move rule reads it: part of the search's key
    assert analyse(v).interchangeable == ()  # the last move names its piles: no symmetry
    assert solve_game(v.new_game(2)).verdict == "won"
    assert solve_game(v.new_game(1)).verdict == "unwinnable"
