"""Rules tests for variants/simple_simon.yaml (PySolFC's "Simple Simon", runs moved only in suit)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

ROOT = Path(__file__).resolve().parents[2]
V = "simple_simon"
SPADES = " ".join(r + "S" for r in "KQJT98765432A")


def test_variant_file_is_clean_although_random_play_never_clears_a_suit():
    # random playouts never gather a whole K-A suit; the validator then builds a position
    # with a K-A suit run on a column and sees that the foundation takes it: no V806
    assert check_file("variants/simple_simon.yaml", play=2) == []


def test_a_foundation_that_can_never_take_a_card_is_still_reported(tmp_path):
    text = (ROOT / "variants" / "simple_simon.yaml").read_text(encoding="utf-8")
    path = tmp_path / "simple_simon.yaml"
    path.write_text(text.replace("run.size == 13", "run.size == 14"), encoding="utf-8")
    assert [d.code for d in check_file(path, play=2)] == ["V806"]


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert g.state.card_count() == 52 and g.score == 0


def test_deal_order_as_pysolfc_rows_of_9_8_7_6_5_4_3_then_10(tmp_path):
    text = open("variants/simple_simon.yaml", encoding="utf-8").read().replace("  - shuffle\n", "")
    (tmp_path / "unshuffled.yaml").write_text(text, encoding="utf-8")
    g = rulesdsl.load(str(tmp_path / "unshuffled.yaml")).new_game(1)
    deck = iter(r + s for s in "SHDC" for r in "A23456789TJQK")
    cols = [[] for _ in range(10)]
    for width in (9, 8, 7, 6, 5, 4, 3, 10):
        for i in range(width):
            cols[i].append(next(deck))
    assert [pile(g, f"tableau[{i}]") for i in range(10)] == cols


def test_build_down_regardless_of_suit_runs_of_one_suit_move():
    g = game(
        V,
        "tableau[0]: 9C 8C 7H; tableau[1]: 9D; tableau[2]: 8S; tableau[3]: TH 9H 8H; "
        "tableau[4]: JS; tableau[5]: 2D; tableau[6]: 2C; tableau[7]: 4D; tableau[8]: 4C; tableau[9]: 5H",
    )
    assert notations(g) == {
        "7H@tableau[0]>tableau[2]",  # 7H on 8S: any suit
        "7H@tableau[0]>tableau[3]",
        "8S@tableau[2]>tableau[1]",
        "TH@tableau[3]>tableau[4]",  # the hearts run TH 9H 8H on JS
        "8H@tableau[3]>tableau[1]",  # 8H on 9D
        "4D@tableau[7]>tableau[9]",
        "4C@tableau[8]>tableau[9]",
    }
    for illegal in (
        "8C@tableau[0]>tableau[1]",  # 8C 7H is not one suit
        "9C@tableau[0]>tableau[3]",
        "2D@tableau[5]>tableau[6]",
    ):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_an_empty_column_takes_any_card_or_run_of_one_suit():
    g = game(V, "tableau[0]: 9C 8C 7H; tableau[1]: TH 9H; tableau[2]: 2S")
    to_empty = {m for m in notations(g) if m.endswith(">tableau[3]")}
    assert to_empty == {
        "7H@tableau[0]>tableau[3]",
        "TH@tableau[1]>tableau[3]",
        "9H@tableau[1]>tableau[3]",
        "2S@tableau[2]>tableau[3]",
    }


def test_a_whole_suit_king_to_ace_goes_to_the_first_empty_foundation():
    g = game(V, f"foundation[0]: {' '.join(r + 'H' for r in 'KQJT98765432A')}; tableau[0]: 5D {SPADES}; tableau[1]: 2C")
    to_f = {m for m in notations(g) if ">foundation" in m}
    assert to_f == {"KS@tableau[0]>foundation[1]"}
    for illegal in ("KS@tableau[0]>foundation[2]", "QS@tableau[0]>foundation[1]", "AS@tableau[0]>foundation[1]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("KS@tableau[0]>foundation[1]")
    assert pile(g, "tableau[0]") == ["5D"] and len(pile(g, "foundation[1]")) == 13
    assert g.score == 26


def test_no_foundation_move_for_an_incomplete_or_mixed_suit():
    mixed = SPADES.replace("7S", "7C")
    g = game(V, f"tableau[0]: {mixed}; tableau[1]: {' '.join(r + 'H' for r in 'KQJT9876543')}")
    assert not any(">foundation" in m for m in notations(g))


def test_nothing_leaves_a_foundation():
    g = game(V, f"foundation[0]: {SPADES}; tableau[0]: 2H")
    assert not any("@foundation" in m for m in notations(g))
    with pytest.raises(MoveError):
        g.play("AS@foundation[0]>tableau[1]")


def test_won_with_the_four_suits_on_the_foundations():
    suits = {s: " ".join(r + s for r in "KQJT98765432A") for s in "SHDC"}
    g = game(
        V,
        f"foundation[0]: {suits['S']}; foundation[1]: {suits['H']}; foundation[2]: {suits['D']}; "
        f"tableau[4]: {suits['C']}",
    )
    assert not g.won and g.score == 39
    g.play("KC@tableau[4]>foundation[3]")
    assert g.won and g.over and g.score == 52
