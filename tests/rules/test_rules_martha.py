"""Martha (variants/martha.yaml), after PySolFC's game: each rule from a hand-made position, in
both engines (the generated one and the closures).

Rules: the aces start on the foundations; twelve columns of four dealt down, up, down, up (a
face-up card under a face-down one); runs down in alternating colours move whole; an empty
column takes one card; a face-down top card turns up by itself and the face-up cards under it
join its run; foundations by suit (S H D C); won with 52 cards on them.
"""

from __future__ import annotations

import pytest
from rulesdsl.runners.render import Painter

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.formats import position, svg
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "martha"
FILL = "KH KD QH QD JH 3D 5H 5D 4H 4D 2H".split()  # all red: none builds on another
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


@pytest.fixture(params=["generated", "closures"])
def engine(request, monkeypatch):
    monkeypatch.setenv("RULESDSL_ENGINE", request.param)
    return request.param


def pos(text: str, free=()) -> str:
    return ACES + "; " + filled(text, "tableau", 12, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/martha.yaml", play=1) == []


def test_start_position_down_up_down_up_with_the_aces_out(engine):
    g = rulesdsl.load(V).new_game(1)
    for i in range(12):
        assert [c.startswith("#") for c in pile(g, f"tableau[{i}]")] == [True, False, True, False]
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert g.state.down == [0] * 4 + [3] * 12 and g.state.down_count(4) == 2


def test_the_face_up_card_under_a_face_down_one_never_moves(engine):
    g = game(V, pos("tableau[0]: #3S 9C #KS 8D; tableau[1]: TD; tableau[2]: 9S"))
    assert "8D@tableau[0]>tableau[2]" in notations(g)
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[1]")  # face up, but under the face-down KS


def test_a_flip_joins_the_face_up_card_below_to_the_run(engine):
    g = game(V, pos("tableau[0]: #3S TC #9H 8D; tableau[1]: 9S; tableau[2]: JD"))
    g.play("8D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#3S", "TC", "9H"]  # the 9H turned up, the TC is in its run
    assert g.state.down[4] == 1 and g.state.shown == {}
    assert "TC@tableau[0]>tableau[2]" in notations(g)  # TC 9H moves as one run onto the JD
    g.play("TC@tableau[0]>tableau[2]")
    assert pile(g, "tableau[2]") == ["JD", "TC", "9H"] and pile(g, "tableau[0]") == ["3S"]
    g.undo()
    g.undo()
    assert pile(g, "tableau[0]") == ["#3S", "TC", "#9H", "8D"]
    assert g.state.down[4] == 3 and g.state.shown == {4: 0b10}


def test_a_flip_onto_a_face_down_card_joins_nothing(engine):
    g = game(V, pos("tableau[0]: #3S #TC #9H 8D; tableau[1]: 9S"))
    g.play("8D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#3S", "#TC", "9H"] and g.state.down[4] == 2
    g.undo()
    assert pile(g, "tableau[0]") == ["#3S", "#TC", "#9H", "8D"]


def test_runs_move_whole_and_an_empty_column_takes_one_card(engine):
    g = game(V, pos("tableau[0]: 9C 8D 7S; tableau[1]: TH", free=[11]))
    moves = notations(g)
    assert {"9C@tableau[0]>tableau[1]", "7S@tableau[0]>tableau[11]"} <= moves
    assert moves_to(moves, "tableau[11]") >= {"7S@tableau[0]>tableau[11]"}
    assert "8D@tableau[0]>tableau[11]" not in moves  # two cards: a gap takes one only
    with pytest.raises(MoveError):
        g.play("8D@tableau[0]>tableau[1]")  # 8D on TH: not one rank lower


def test_win_and_score(engine):
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52


def test_a_save_keeps_the_facing_and_the_key_tells_it_apart():
    v = rulesdsl.load(V)
    g = v.new_game(3)
    st = position.from_dict(v, position.to_dict(v, g.state))
    assert st == g.state and st.shown == g.state.shown != {}
    other = st.copy()
    other.shown.pop(4)  # the same cards, the face-up card under the face-down one now face down
    assert other != st and other.key() != st.key()


def test_a_variant_without_such_a_deal_refuses_the_position():
    with pytest.raises(rulesdsl.PositionError, match="never lays face-down cards on face-up ones"):
        game("castles_in_spain", "tableau[0]: #3S 9C #8D 7H")


def test_the_pictures_show_the_face_up_card_between_the_backs():
    g = rulesdsl.load(V).new_game(1)
    assert svg.position(g).count('aria-label="face-down card') == 24  # two of each column's four
    col = [Painter(g).card(4, i) for i in range(4)]
    assert col[0] == col[2] == "##" and "#" not in col[1] + col[3]


def test_a_saved_game_replays_its_flips(engine):
    g = game(V, pos("tableau[0]: #3S TC #9H 8D; tableau[1]: 9S; tableau[2]: JD"))
    g.play("8D@tableau[0]>tableau[1]")
    g.play("TC@tableau[0]>tableau[2]")
    back = rulesdsl.Game.load_save(g.variant, g.save())
    assert back.state == g.state and pile(back, "tableau[0]") == ["3S"]
    back.undo()
    assert pile(back, "tableau[0]") == ["#3S", "TC", "9H"]
