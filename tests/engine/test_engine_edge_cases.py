"""Engine edge cases: each test pins one general behaviour (copies, huge numbers, limits, stalls)."""

from __future__ import annotations

import json

import pytest

import rulesdsl
from rulesdsl import Game
from tests.helpers import notations, pile

TWO_DECKS = "\n".join(
    [
        "name: Two decks",
        "deck: {decks: 2}",
        "piles:",
        "  stock: {count: 1, role: stock}",
        "  tableau: {count: 3, lift: run, accept: 'true', accept_empty: 'true'}",
        "deal:",
        "  - shuffle",
        "  - {to: tableau, count: 1}",
        "  - {rest: 'stock[0]'}",
        "win: 'false'",
        "",
    ]
)


def two_decks(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text(TWO_DECKS)
    return rulesdsl.load_path(path)


def test_two_copies_in_one_pile_have_different_move_texts(tmp_path):
    v = two_decks(tmp_path)
    g = Game.from_position(v, "tableau[0]: 7D 5S 7D.1 3H; tableau[1]: 2C")
    texts = [g.move_text(m) for m in g.legal_moves()]
    assert len(texts) == len(set(texts))
    assert "7D.1@tableau[0]>tableau[2]" in texts and "7D@tableau[0]>tableau[2]" in texts
    for m in g.legal_moves():
        assert g.parse_move(g.move_text(m)) == m
    g.play("7D@tableau[0]>tableau[2]")  # the first deck's 7D: all four cards
    assert pile(g, "tableau[2]") == ["7D", "5S", "7D", "3H"]
    h = Game.load_save(v, json.loads(json.dumps(g.save())))
    assert h.state == g.state


def test_a_copy_may_be_typed_without_its_number_when_that_is_unambiguous(tmp_path):
    v = two_decks(tmp_path)
    g = Game.from_position(v, "tableau[0]: 7D.1 3H; tableau[1]: 2C")
    assert "7D.1@tableau[0]>tableau[1]" in notations(g)
    m = g.parse_move("7D@tableau[0]>tableau[1]")
    assert g.move_text(m) == "7D.1@tableau[0]>tableau[1]"


def test_power_of_a_huge_number_saturates_without_a_hang():
    from tests.lang.test_expressions import ev

    assert ev("(2 ** 15) ** 2") == 2**30
    assert ev("(tableau[0].size + 65533) ** 2") == 2**31 - 1  # 2 ** 32: saturated
    assert ev("((tableau[0].size + 2) ** 64) ** 64") == 2**31 - 1
    assert ev("(tableau[0].size + 999997) ** (tableau[0].size * 1000000 * 1000)") == 2**31 - 1
    assert ev("1 ** 64") == 1 and ev("(0 - 1) ** 63") == -1 and ev("0 ** 64") == 0


def test_huge_event_points_play_and_undo(tmp_path):
    path = tmp_path / "points.yaml"
    path.write_text(
        "\n".join(
            [
                "name: Points",
                "piles:",
                "  stock: {count: 1, role: stock}",
                "  tableau: {count: 2, lift: top, accept_empty: 'true', points: '2 ** 30 + (2 ** 30 - 1)'}",
                "deal:",
                "  - shuffle",
                "  - {to: tableau, count: 1}",
                "  - {rest: 'stock[0]'}",
                "win: 'false'",
                "",
            ]
        )
    )
    g = Game.from_position(rulesdsl.load_path(path), "tableau[0]: 5H")
    before = g.state.copy()
    g.play("5H@tableau[0]>tableau[1]")
    assert g.score == 2**31 - 1  # the largest number an expression gives
    g.undo()
    assert g.state == before


def _diag_codes(tmp_path, text):
    path = tmp_path / "v.yaml"
    path.write_text(text)
    return [(d.code, d.message) for d in rulesdsl.check(path)]


def test_more_piles_than_a_move_record_holds_is_a_load_error(tmp_path):
    rows = ", ".join(["50"] * 30)  # 1,500 places: pile numbers are packed in 10 bits
    codes = _diag_codes(
        tmp_path,
        "\n".join(
            [
                "name: Big",
                "piles:",
                "  stock: {count: 1, role: stock}",
                f"  place: {{rows: [{rows}], lift: top, accept_empty: 'true'}}",
                "deal:",
                "  - shuffle",
                "  - {rest: 'stock[0]'}",
                "win: 'false'",
                "",
            ]
        ),
    )
    assert any(c == "S104" and "1501 piles" in m for c, m in codes), codes


def test_more_removal_rules_than_a_move_record_holds_is_a_load_error(tmp_path):
    rules = [f"  r{i}: {{from: [tableau], to: 'stock[0]', cards: 1, when: 'true'}}" for i in range(65)]
    codes = _diag_codes(
        tmp_path,
        "\n".join(
            [
                "name: Many",
                "piles:",
                "  stock: {count: 1, role: stock}",
                "  tableau: {count: 2}",
                "deal:",
                "  - shuffle",
                "  - {rest: 'stock[0]'}",
                "win: 'false'",
                "removals:",
            ]
            + rules
            + [""]
        ),
    )
    assert any(c == "S104" and "65 removal rules" in m for c, m in codes), codes


def test_asking_whether_a_game_is_stalled_keeps_the_redo_list():
    from tests.helpers import game

    g = game("klondike", "tableau[0]: KS; tableau[1]: 5H")
    g.play("KS@tableau[0]>tableau[2]")
    g.undo()
    assert g.stalled()  # a king shuttled between empty columns
    assert g.move_text(g.redo()) == "KS@tableau[0]>tableau[2]"


def test_a_pile_group_whose_name_starts_with_variant_is_read(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(
        "\n".join(
            [
                "name: G",
                "piles:",
                "  variants: {count: 2, lift: top}",
                "deal:",
                "  - shuffle",
                "  - {rest: 'variants[0]'}",
                "win: 'false'",
                "",
            ]
        )
    )
    v = rulesdsl.load_path(path)
    g = Game.from_position(v, "variant: g\nvariants[1]: 5H")
    assert pile(g, "variants[1]") == ["5H"]


def test_the_run_compares_equal_to_a_list_of_the_same_cards(tmp_path):
    path = tmp_path / "eq.yaml"
    path.write_text(TWO_DECKS.replace("accept_empty: 'true'", "accept_empty: 'run == [card]'"))
    g = Game.from_position(rulesdsl.load_path(path), "tableau[0]: 5H 4S; tableau[1]: 2C")
    assert notations(g) == {
        "4S@tableau[0]>tableau[2]",
        "2C@tableau[1]>tableau[2]",
        "4S@tableau[0]>tableau[1]",
        "5H@tableau[0]>tableau[1]",
        "2C@tableau[1]>tableau[0]",
    }  # the two-card run takes no empty pile


def test_logic_gives_true_or_false_even_with_none():
    from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
    from rulesdsl.core.state import State
    from rulesdsl.lang.checker import World
    from rulesdsl.lang.compiler import compile_expression
    from rulesdsl.lang.parser import parse
    from rulesdsl.lang.runtime import Env
    from rulesdsl.variant.layout import Group, Layout

    deck = Deck([Suit(*s) for s in STANDARD_SUITS])
    layout = Layout([Group("tableau", 0, 2)])
    w = World(deck, layout, {}, [])
    env = Env(State([[], []], [0, 0], []))
    for text, want in [
        ("(tableau[0].top.rank == 1 and true) == false", True),
        ("(none and true) == false", True),
        ("(none or false) == false", True),
        ("(tableau[0].empty or false) == true", True),
    ]:
        assert compile_expression(w, parse(text), "state").fn(env) is want, text


def test_play_refuses_what_is_not_a_move():
    import rulesdsl

    g = rulesdsl.load("klondike").new_game(1)
    with pytest.raises(rulesdsl.MoveError):
        g.play(3)
