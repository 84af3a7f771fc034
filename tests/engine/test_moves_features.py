"""Interchangeable piles and automatic moves, on small hand-written variants and the shipped
FreeCell: what the generator lists, what is played, and that undo restores the exact state."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl import Game
from tests.helpers import notations, pile

ROOT = Path(__file__).resolve().parents[2]

AUTO = """
name: Auto
deck: {ranks: [A, 2, 3, 4]}
piles:
  stock: {role: stock}
  foundation:
    count: 4
    role: foundation
    interchangeable: true
    accept_empty: "run.size == 1 and card.rank == A"
    accept: "run.size == 1 and card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
    points: "10"
  tableau:
    count: 4
    role: tableau
    lift: top
    accept: "card.rank == dest.top.rank - 1"
    accept_empty: "true"
deal:
  - shuffle
  - {to: tableau, count: 4}
auto:
  - {move: tableau, to: foundation, when: "card.rank <= 2"}
  - flip: tableau
win: "all(f in foundation: f.size == 4)"
"""

PINGPONG = """
name: Ping pong
deck: {ranks: [A, 2]}
piles:
  left: {count: 1, role: tableau, lift: top, accept: "true", accept_empty: "true"}
  right: {count: 1, role: tableau, lift: top, accept: "true", accept_empty: "true"}
  spare: {count: 1, role: tableau, lift: top, accept: "true", accept_empty: "true"}
deal:
  - shuffle
  - {to: spare, count: 8}
auto:
  - {move: left, to: right}
  - {move: right, to: left}
win: "false"
"""


def variant(tmp_path, text, name="v"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return rulesdsl.load(str(path))


def test_an_automatic_move_with_a_condition_plays_scores_and_undoes(tmp_path):
    v = variant(tmp_path, AUTO)
    g = Game.from_position(v, "tableau[0]: #3S 2H AH; tableau[1]: 4C 3C; tableau[2]: 4H; tableau[3]: 4S")
    before = g.state.copy()
    g.play("3C@tableau[1]>tableau[2]")
    # after any move the automatic moves run: AH, then 2H, go up (rank <= 2); 3S turns up
    assert pile(g, "foundation[0]") == ["AH", "2H"] and pile(g, "tableau[0]") == ["3S"]
    assert g.score == 20
    g.undo()
    assert g.state == before and g.score == 0


def test_the_condition_holds_back_what_it_does_not_allow(tmp_path):
    v = variant(tmp_path, AUTO)
    g = Game.from_position(v, "foundation[0]: AH 2H; tableau[0]: 4S 3H; tableau[1]: 4C; tableau[2]: 4D")
    g.play("3H@tableau[0]>tableau[2]")  # 3H is above the condition's 2: it stays
    assert pile(g, "tableau[2]") == ["4D", "3H"] and pile(g, "foundation[0]") == ["AH", "2H"]
    assert "3H@tableau[2]>foundation[0]" in notations(g)  # still a legal move for the player


def test_automatic_moves_that_would_never_stop_are_cut_off(tmp_path):
    v = variant(tmp_path, PINGPONG)
    g = v.new_game(1)
    before = g.state.copy()
    g.play(next(m for m in g.legal_moves() if v.pile_name(m.dest) == "left[0]"))
    assert len(pile(g, "spare[0]")) == 7 and len(pile(g, "left[0]")) + len(pile(g, "right[0]")) == 1
    g.undo()
    assert g.state == before


def test_interchangeable_empty_piles_give_one_move_to_the_first(tmp_path):
    v = variant(tmp_path, AUTO)
    g = Game.from_position(v, "foundation[1]: AD; tableau[0]: 4S 3H; tableau[1]: 4C")
    to_f = sorted(m for m in notations(g) if ">foundation" in m)
    assert to_f == []  # 3H fits no foundation
    g = Game.from_position(v, "foundation[1]: AD 2D; tableau[0]: 4S 3D; tableau[1]: 4C")
    assert "3D@tableau[0]>foundation[1]" in notations(g)  # a non-empty pile is its own move


def _without_flag(tmp_path):
    text = (ROOT / "variants" / "freecell.yaml").read_text(encoding="utf-8")
    text = text.replace("interchangeable: true", "interchangeable: false")
    return variant(tmp_path, text, "freecell_plain")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(1, 10**6), steps=st.integers(0, 40))
def test_freecell_lists_exactly_one_move_per_group_of_alike_cells(tmp_path_factory, seed, steps):
    plain_v = _without_flag(tmp_path_factory.mktemp("plain"))
    v = rulesdsl.load("freecell")
    g = v.new_game(seed % 1000 + 1)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    plain = Game(plain_v, g.state.copy())
    cells = set(v.layout.groups["cell"].piles)
    first_empty = next((c for c in sorted(cells) if not g.state.piles[c]), None)
    # the plain listing, with moves to other empty cells than the first dropped, in the same order
    expected = [m for m in plain.legal_moves() if m.dest not in cells or m.dest == first_empty]
    assert g.legal_moves() == expected
    # and each dropped move is still accepted, played where it says
    for m in plain.legal_moves():
        if m.dest in cells and m.dest != first_empty:
            assert g.is_legal(m)
