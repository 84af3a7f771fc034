"""Fan (variants/fan.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: one deck face up in seventeen fans of three and one of one; only top cards move; fans build
down by suit; an empty fan takes only a king; foundations up by suit from the ace, whose top card
may come back to a fan; won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "fan"


def test_variant_file_is_clean():
    assert check_file("variants/fan.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52
    sizes = [len(pile(g, f"tableau[{i}]")) for i in range(18)]
    assert sizes == [3] * 17 + [1]
    assert not any(c.startswith("#") for i in range(18) for c in pile(g, f"tableau[{i}]"))
    assert g.score == 0 and not g.won


def test_fans_build_down_by_suit_one_card_at_a_time():
    g = game(V, "tableau[0]: 9H 8S 7S; tableau[1]: 8H; tableau[2]: 8C; tableau[3]: 9S")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("8S@tableau[0]>tableau[3]")  # two cards: only the top card moves


def test_a_card_goes_on_the_same_suit_one_higher():
    g = game(V, "tableau[0]: 9H 7S; tableau[1]: 8D; tableau[2]: 9C 8S; tableau[3]: 8C")
    assert notations(g) == {"7S@tableau[0]>tableau[2]"}
    g.play("7S@tableau[0]>tableau[2]")
    assert pile(g, "tableau[2]") == ["9C", "8S", "7S"] and pile(g, "tableau[0]") == ["9H"]


def test_an_empty_fan_takes_only_a_king():
    g = game(V, "tableau[0]: 4S KD; tableau[1]: QH; tableau[2]: 2C 3D")
    assert notations(g) == {f"KD@tableau[0]>tableau[{i}]" for i in range(3, 18)}
    with pytest.raises(MoveError):
        g.play("QH@tableau[1]>tableau[3]")


def test_foundations_and_cards_coming_back():
    g = game(V, "foundation[0]: AH 2H 3H; tableau[0]: 5C 4H; tableau[1]: 4S; tableau[2]: AS")
    assert notations(g) == {"4H@tableau[0]>foundation[0]", "3H@foundation[0]>tableau[0]"} | {
        f"AS@tableau[2]>foundation[{i}]" for i in (1, 2, 3)
    }
    with pytest.raises(MoveError):
        g.play("3H@foundation[0]>tableau[1]")  # 3H on 4S: the suit differs
    g.play("3H@foundation[0]>tableau[0]")
    assert pile(g, "tableau[0]") == ["5C", "4H", "3H"] and pile(g, "foundation[0]") == ["AH", "2H"]
    # an ace never moves to another foundation; a king from a foundation may fill an empty fan
    g = game(V, "foundation[0]: AD; tableau[0]: 5C")
    assert not any(">foundation" in m for m in notations(g))
    g = game(
        V,
        "foundation[0]: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD; "
        + "; ".join(
            f"tableau[{i}]: {c}" for i, c in enumerate("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H 3H 4H 5H 6H".split())
        ),
    )
    assert {m for m in notations(g) if m.startswith("KD@")} == {"KD@foundation[0]>tableau[17]"}


def test_win_and_score():
    founds = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in "A23456789TJQK"[: 13 if s != "C" else 12])
        for i, s in enumerate("SHDC")
    )
    g = game(V, founds + "; tableau[5]: KC")
    assert not g.won and g.score == 51
    g.play("KC@tableau[5]>foundation[3]")
    assert g.won and g.score == 52
