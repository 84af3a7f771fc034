"""Monte Carlo (variants/monte_carlo.yaml), after PySolFC's game, and the compact action and
removal rules' `piles` (docs/variant-format.md): each rule from a hand-made position.

Rules: 25 cards face up in a 5 x 5 grid, the rest in the stock; remove two neighbouring cards
(side, above, diagonal) of the same rank; close the gaps: cards slide to the first places in
order and the end is refilled from the stock."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "monte_carlo"


def g_at(cards: dict, stock=""):
    text = "; ".join(f"tableau[{i}]: {c}" for i, c in cards.items())
    return game(V, text + (f"; stock[0]: {stock}" if stock else ""))


def test_variant_file_is_clean():
    assert check_file("variants/monte_carlo.yaml", play=2) == []


def test_pairs_must_touch_including_diagonally():
    # 7S at 6 (row 1, col 1): 7H at 0 (diagonal), 7D at 8 (two columns away), 7C at 12 (diagonal)
    g = g_at({0: "7H", 6: "7S", 8: "7D", 12: "7C", 4: "9S", 5: "9H"})
    assert notations(g) == {
        "remove 7H@tableau[0] 7S@tableau[6]",
        "remove 7S@tableau[6] 7C@tableau[12]",
        "remove 7D@tableau[8] 7C@tableau[12]",
        "compact",
    }


def test_rows_do_not_wrap_around():
    g = g_at({4: "9S", 5: "9H"})  # end of row 0, start of row 1: not neighbours
    assert not any(m.startswith("remove") for m in notations(g))


def test_compact_slides_cards_up_in_order_and_refills_the_end():
    g = g_at({0: "2S", 2: "3S", 3: "4S", 24: "5S"}, stock="#8C #9C")
    assert "compact" in notations(g)
    g.play("compact")
    assert [pile(g, f"tableau[{i}]") for i in range(6)] == [["2S"], ["3S"], ["4S"], ["5S"], ["9C"], ["8C"]]
    assert pile(g, "stock[0]") == [] and all(not pile(g, f"tableau[{i}]") for i in range(6, 25))
    g.undo()
    assert pile(g, "tableau[2]") == ["3S"] and pile(g, "tableau[24]") == ["5S"]
    assert pile(g, "stock[0]") == ["#8C", "#9C"]


def test_compact_only_when_it_changes_something():
    full = {i: f"{'A23456789TJQK'[i % 13]}{'SH'[i // 13]}" for i in range(25)}
    assert "compact" not in notations(g_at(full, stock="#KD"))
    del full[24]
    assert "compact" in notations(g_at(full, stock="#KD"))
    assert "compact" not in notations(g_at(full))  # a gap at the end and no stock


@settings(max_examples=15, deadline=None)
@given(seed=hs.integers(0, 2**64 - 1), picks=hs.lists(hs.integers(0, 99), max_size=20))
def test_play_and_undo_restore_the_position(seed, picks):
    g = rulesdsl.load(V).new_game(seed)
    for k in picks:
        moves = g.legal_moves()
        if not moves:
            break
        before = g.state.key()
        g.play(moves[k % len(moves)])
        assert g.state.card_count() == 52
        g.undo()
        assert g.state.key() == before
        g.redo()


@pytest.mark.parametrize("to,code", [('[tableau, "stock[0]"]', "A633"), ('[tableau, "tableau[0]"]', "A633")])
def test_compact_misuse(tmp_path, to, code):
    text = open("variants/monte_carlo.yaml").read().replace("    to: tableau\n", f"    to: {to}\n")
    path = tmp_path / "mc.yaml"
    path.write_text(text)
    assert code in [d.code for d in rulesdsl.check(path)]


def test_win_and_score():
    g = game(V, "discard[0]: " + " ".join(r + s for s in "SHDC" for r in "A23456789TJQK"))
    assert g.won and g.score == 52
