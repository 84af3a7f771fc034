"""Sarlacc Solitaire: every numbered position of shared/rules/sarlacc.md, and a hand check of its perft fixture (tests/engine/test_perft.py).

Places are written (row, column) from 1 as in the rules file; ``t(r, c)`` gives the pile
name. Rows hold 10, 11, 10, 11, 10 places, so row r starts at tableau[0, 10, 21, 31, 42].
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

ROWS = (10, 11, 10, 11, 10)
START = (0, 10, 21, 31, 42)
SUITS = "SHDC"
RANKS = "A23456789TJQK"


def t(r: int, c: int) -> str:
    return f"tableau[{START[r - 1] + c - 1}]"


def places():
    return [(r, c) for r, n in enumerate(ROWS, 1) for c in range(1, n + 1)]


def position(tab: dict, cells=(), foundations=(), empty=()) -> str:
    """Compact text: the given places, cells and foundations. Every other place not in
    ``empty`` gets one filler card, front row first and high ranks first (kings and
    queens in front, which build on little); when the fillers run out, the last places
    of the back rows stay empty, and those are covered and harmless."""
    named = [c for cards in list(tab.values()) + list(cells) + list(foundations) for c in cards.split()]
    filler = [r + s for r in reversed(RANKS) for s in SUITS if r + s not in named]
    lines = []
    for rc in sorted(places(), key=lambda rc: (-rc[0], rc[1])):
        if rc in tab:
            lines.append(f"{t(*rc)}: {tab[rc]}")
        elif rc not in empty and filler:
            lines.append(f"{t(*rc)}: {filler.pop(0)}")
        else:
            assert rc in empty or rc[0] == 1, "too few cards for the rows 2-5"
    lines += [f"cell[{i}]: {c}" for i, c in enumerate(cells) if c]
    lines += [f"foundation[{i}]: {c}" for i, c in enumerate(foundations) if c]
    return "; ".join(lines)


def source_of(move: str) -> str:
    return move.split("@")[1].split(">")[0]


def is_free(g, name: str) -> bool:
    v = g.variant
    return v.layout.free(g.state.piles, v.pile_index(name))


def moves_from(g, card: str, name: str) -> set:
    return {m for m in notations(g) if m.startswith(f"{card}@{name}>")}


CELLS = {f"cell[{i}]" for i in range(6)}


# -- geometry -------------------------------------------------------------------


def expected_covers(r: int, c: int) -> set:
    """The cover relation exactly as shared/rules/sarlacc.md states it."""
    if r == 5:
        return set()
    if ROWS[r - 1] == 10:
        return {(r + 1, c), (r + 1, c + 1)}
    return {(r + 1, k) for k in (c - 1, c) if 1 <= k <= ROWS[r]}


def test_cover_relation_is_the_rules_files():
    lay = rulesdsl.load("sarlacc").layout
    rc_of = {t(*rc): rc for rc in places()}
    for rc in places():
        got = {rc_of[lay.pile_names[q]] for q in lay.covers[lay.pile(t(*rc))]}
        assert got == expected_covers(*rc), rc


@pytest.mark.parametrize(
    "rc,covering",
    [
        ((1, 1), {(2, 1), (2, 2)}),
        ((1, 10), {(2, 10), (2, 11)}),
        ((2, 1), {(3, 1)}),
        ((2, 2), {(3, 1), (3, 2)}),
        ((2, 11), {(3, 10)}),
        ((3, 5), {(4, 5), (4, 6)}),
        ((4, 1), {(5, 1)}),
        ((4, 6), {(5, 5), (5, 6)}),
        ((4, 11), {(5, 10)}),
        ((5, 1), set()),
        ((5, 10), set()),
    ],
)
def test_covering_piles_of_some_places(rc, covering):
    lay = rulesdsl.load("sarlacc").layout
    got = {lay.pile_names[q] for q in lay.covers[lay.pile(t(*rc))]}
    assert got == {t(*x) for x in covering}


def test_variant_file_is_clean():
    assert [d for d in rulesdsl.check("variants/sarlacc.yaml") if d.severity == "error"] == []


# -- 1. start ----------------------------------------------------------------------


def test_1_start():
    g = rulesdsl.load("sarlacc").new_game(2)
    row5 = {t(5, c) for c in range(1, 11)}
    assert all(len(pile(g, t(*rc))) == 1 for rc in places())
    assert {t(*rc) for rc in places() if is_free(g, t(*rc))} == row5
    assert not any(is_free(g, t(4, c)) for c in range(1, 12))
    assert all(pile(g, f"cell[{i}]") == [] for i in range(6))
    assert all(pile(g, f"foundation[{i}]") == [] for i in range(4))
    sources = {source_of(m) for m in notations(g)}
    assert sources == row5  # every free card can at least go to a cell
    assert not g.won and not g.over


# -- 2. building down in alternating colours -----------------------------------------------


def test_2_seven_of_clubs_only_onto_a_free_red_eight():
    row5 = ["8S", "KH", "7C", "KC", "KS", "2D", "8H", "4C", "9H", "3S"]
    tab = {(5, c): card for c, card in enumerate(row5, 1)}
    tab[(4, 5)] = "8D"  # covered by (5,4) and (5,5)
    g = game("sarlacc", position(tab))
    # the cells are interchangeable: one move to "a cell", listed to the first empty one
    assert moves_from(g, "7C", t(5, 3)) == {f"7C@{t(5, 3)}>{t(5, 7)}", f"7C@{t(5, 3)}>cell[0]"}
    for dest in (t(5, 1), t(5, 9), t(4, 5)):
        with pytest.raises(MoveError):
            g.play(f"7C@{t(5, 3)}>{dest}")
    g.play(f"7C@{t(5, 3)}>{t(5, 7)}")
    assert pile(g, t(5, 7)) == ["8H", "7C"] and pile(g, t(5, 3)) == []


def test_2_runs_must_alternate_in_colour():
    g = game("sarlacc", position({(5, 1): "9S 8C 7H", (5, 2): "9D", (5, 3): "TH"}))
    assert f"8C@{t(5, 1)}>{t(5, 2)}" in notations(g)  # 8C 7H is a run
    assert not any(m.startswith(f"9S@{t(5, 1)}>") for m in notations(g))  # 9S 8C is not
    with pytest.raises(MoveError):
        g.play(f"9S@{t(5, 1)}>{t(5, 3)}")
    g.play(f"8C@{t(5, 1)}>{t(5, 2)}")
    assert pile(g, t(5, 2)) == ["9D", "8C", "7H"] and pile(g, t(5, 1)) == ["9S"]


# -- 3. emptying a front place frees what only it covered ---------------------------------------


def test_3_moving_the_first_front_card_frees_only_4_1():
    g = game("sarlacc", position({(5, 1): "QD", (4, 1): "9C", (4, 2): "9S"}))
    assert not is_free(g, t(4, 1))
    g.play(f"QD@{t(5, 1)}>cell[0]")
    assert pile(g, "cell[0]") == ["QD"] and pile(g, t(5, 1)) == []
    assert is_free(g, t(4, 1)) and not is_free(g, t(4, 2))
    assert f"9C@{t(4, 1)}>cell[1]" in notations(g)
    assert moves_from(g, "9S", t(4, 2)) == set()


# -- 4. the drop-down move ---------------------------------------------------------------------


def test_4_drop_down_onto_the_pile_it_covered():
    g = game("sarlacc", position({(5, 2): "6D", (4, 2): "7S"}, empty={(5, 1)}))
    assert not is_free(g, t(4, 2))
    g.play(f"6D@{t(5, 2)}>{t(4, 2)}")
    assert pile(g, t(4, 2)) == ["7S", "6D"] and pile(g, t(5, 2)) == []
    assert is_free(g, t(4, 2))
    assert f"6D@{t(4, 2)}>cell[0]" in notations(g)


def test_4_no_drop_down_while_another_pile_covers():
    g = game("sarlacc", position({(5, 1): "KC", (5, 2): "6D", (4, 2): "7S"}))
    with pytest.raises(MoveError):
        g.play(f"6D@{t(5, 2)}>{t(4, 2)}")
    assert f"6D@{t(5, 2)}>{t(4, 2)}" not in notations(g)


# -- 5. a run drops down; part of it cannot ------------------------------------------------------

FULL_CELLS = ("KS", "KH", "KD", "KC", "QS", "QH")


def test_5_two_card_run_drops_down():
    g = game("sarlacc", position({(5, 2): "9S 8H", (4, 2): "TD"}, cells=FULL_CELLS, empty={(5, 1)}))
    # no empty cell, one empty free place (5,1): (0 + 1) * 2 ** 1 = 2 cards may move
    assert f"9S@{t(5, 2)}>{t(4, 2)}" in notations(g)
    g.play(f"9S@{t(5, 2)}>{t(4, 2)}")
    assert pile(g, t(4, 2)) == ["TD", "9S", "8H"] and pile(g, t(5, 2)) == []
    assert is_free(g, t(4, 2))


def test_5_top_card_alone_cannot_drop_onto_a_pile_still_covered():
    g = game("sarlacc", position({(5, 2): "9S 8H", (4, 2): "9C"}, empty={(5, 1)}))
    with pytest.raises(MoveError):
        g.play(f"8H@{t(5, 2)}>{t(4, 2)}")
    assert f"8H@{t(5, 2)}>{t(5, 1)}" in notations(g)  # it may go to the empty place instead


# -- 6. how many cards may move at once ------------------------------------------------------------


def test_6_two_empty_cells_no_empty_place():
    tab = {(5, 1): "8S 7H 6C 5H", (5, 5): "9D", (5, 6): "8C"}
    g = game("sarlacc", position(tab, cells=("KS", "KH", "KD", "KC")))
    assert f"7H@{t(5, 1)}>{t(5, 6)}" in notations(g)  # three cards: (2 + 1) * 2 ** 0
    with pytest.raises(MoveError):
        g.play(f"8S@{t(5, 1)}>{t(5, 5)}")  # four: too many
    g.play(f"7H@{t(5, 1)}>{t(5, 6)}")
    assert pile(g, t(5, 6)) == ["8C", "7H", "6C", "5H"] and pile(g, t(5, 1)) == ["8S"]


def test_6_two_empty_cells_one_empty_place():
    tab = {(5, 1): "TD 9S 8H 7C 6D 5S 4H", (5, 5): "TH", (5, 6): "JC"}
    text = position(tab, cells=("KS", "KH", "KD", "KC"), empty={(5, 10)})
    g = game("sarlacc", text)
    # to a non-empty pile: (2 + 1) * 2 ** 1 = 6 cards; into the empty place: (2 + 1) * 2 ** 0 = 3
    assert f"9S@{t(5, 1)}>{t(5, 5)}" in notations(g)
    assert f"TD@{t(5, 1)}>{t(5, 6)}" not in notations(g)
    assert f"6D@{t(5, 1)}>{t(5, 10)}" in notations(g)
    assert f"7C@{t(5, 1)}>{t(5, 10)}" not in notations(g)
    into_gap = {m for m in notations(g) if source_of(m) == t(5, 1) and m.endswith(f">{t(5, 10)}")}
    assert into_gap == {f"{c}@{t(5, 1)}>{t(5, 10)}" for c in ("4H", "5S", "6D")}
    g.play(f"9S@{t(5, 1)}>{t(5, 5)}")
    assert pile(g, t(5, 5)) == ["TH", "9S", "8H", "7C", "6D", "5S", "4H"] and pile(g, t(5, 1)) == ["TD"]
    g.undo()
    g.play(f"6D@{t(5, 1)}>{t(5, 10)}")
    assert pile(g, t(5, 10)) == ["6D", "5S", "4H"]


# -- 7. empty places ---------------------------------------------------------------------------------


def test_7_empty_free_place_takes_anything_covered_one_nothing():
    g = game("sarlacc", position({}, cells=("3D",), empty={(5, 4), (4, 3)}))
    assert is_free(g, t(5, 4)) and not is_free(g, t(4, 3))
    assert moves_from(g, "3D", "cell[0]") == {f"3D@cell[0]>{t(5, 4)}"}
    with pytest.raises(MoveError):
        g.play(f"3D@cell[0]>{t(4, 3)}")
    g.play(f"3D@cell[0]>{t(5, 4)}")
    assert pile(g, t(5, 4)) == ["3D"] and pile(g, "cell[0]") == []


# -- 8. cells -----------------------------------------------------------------------------------------


def test_8_full_cells_take_nothing_and_cell_card_builds():
    g = game("sarlacc", position({(5, 3): "8H"}, cells=("7C", "KS", "KH", "KD", "KC", "QS")))
    assert not any(">cell[" in m for m in notations(g))
    with pytest.raises(MoveError):
        g.play(f"8H@{t(5, 3)}>cell[0]")
    assert moves_from(g, "7C", "cell[0]") == {f"7C@cell[0]>{t(5, 3)}"}
    g.play(f"7C@cell[0]>{t(5, 3)}")
    assert pile(g, t(5, 3)) == ["8H", "7C"] and pile(g, "cell[0]") == []


def test_8_covered_card_to_a_cell_is_illegal():
    g = game("sarlacc", position({(4, 5): "QD", (5, 1): "9C"}, cells=("KS", "KH", "KD", "KC", "QS")))
    with pytest.raises(MoveError):
        g.play(f"QD@{t(4, 5)}>cell[5]")
    assert f"9C@{t(5, 1)}>cell[5]" in notations(g)
    assert not any(
        source_of(m).startswith("cell") and ">cell[" in m for m in notations(g)
    )  # a cell card never goes to another cell


# -- 9. foundations ----------------------------------------------------------------------------------


def test_9_foundations_by_suit_from_the_ace():
    g = game("sarlacc", position({(5, 1): "AD", (5, 2): "2H", (5, 3): "2S"}, foundations=("AS",)))
    fmoves = {m for m in notations(g) if ">foundation[" in m}
    # the foundations are interchangeable: the ace has one move, to the first empty one
    assert fmoves == {f"AD@{t(5, 1)}>foundation[1]", f"2S@{t(5, 3)}>foundation[0]"}
    for bad in (
        f"2H@{t(5, 2)}>foundation[0]",
        f"2H@{t(5, 2)}>foundation[1]",
        "AS@foundation[0]>cell[0]",
        f"AS@foundation[0]>{t(5, 2)}",
    ):
        with pytest.raises(MoveError):
            g.play(bad)
    assert not any(source_of(m).startswith("foundation") for m in notations(g))
    g.play(f"2S@{t(5, 3)}>foundation[0]")
    assert pile(g, "foundation[0]") == ["AS", "2S"]


def test_9_empty_foundation_refuses_a_two():
    g = game("sarlacc", position({(5, 1): "2S"}))
    assert not any(m.startswith("2S@") and ">foundation[" in m for m in notations(g))


# -- 10. the last card wins ------------------------------------------------------------------------


def test_10_last_king_wins():
    full = [" ".join(r + s for r in RANKS) for s in "SHD"]
    g = game(
        "sarlacc",
        "; ".join(
            [f"foundation[{i}]: {f}" for i, f in enumerate(full)]
            + ["foundation[3]: " + " ".join(r + "C" for r in RANKS[:-1]), "cell[0]: KC"]
        ),
    )
    assert not g.won
    assert "KC@cell[0]>foundation[3]" in notations(g)
    g.play("KC@cell[0]>foundation[3]")
    assert g.won and g.over
    assert pile(g, "foundation[3]")[-1] == "KC"


# -- perft ---------------------------------------------------------------------------------------


def test_perft_seed_1_depth_1_checked_by_hand():
    # row 5 of seed 1: 3C AS 4S 2D 8S TS 3D 2C 9D 7C
    g = rulesdsl.load("sarlacc").new_game(1)
    assert [pile(g, t(5, c))[0] for c in range(1, 11)] == "3C AS 4S 2D 8S TS 3D 2C 9D 7C".split()
    builds = {("AS", 2, 4), ("2D", 4, 1), ("3D", 7, 3), ("2C", 8, 7), ("8S", 5, 9), ("9D", 9, 6)}
    expected = {f"{card}@{t(5, a)}>{t(5, b)}" for card, a, b in builds}
    # cells and foundations are interchangeable: each card once to "a cell", the ace once
    # to "the foundations" (6 + 10 + 1 = 17; before the declaration 6 + 60 + 4 = 70)
    expected |= {f"{pile(g, t(5, c))[0]}@{t(5, c)}>cell[0]" for c in range(1, 11)}
    expected |= {f"AS@{t(5, 2)}>foundation[0]"}
    assert notations(g) == expected and len(expected) == 17


def test_place_covered_only_by_the_source_does_not_count_for_the_run_length():
    """(4,1) is empty but covered by the source pile (5,1) until the run's last card leaves,
    so it cannot hold a card while the run moves one card at a time. Rows 2-5 are full
    otherwise (row 1 is empty but covered), so no other empty place is free."""
    special = {"9S", "8H", "TD"}
    others = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in special]
    places = [p for p in range(10, 52) if p not in (31, 42, 46)]  # rows 2-5 less (4,1)
    fill = dict(zip(places, others))
    cells = others[len(places) : len(places) + 6]
    lines = [f"tableau[{p}]: {c}" for p, c in fill.items()]
    lines += ["tableau[42]: 9S 8H", "tableau[46]: TD"]
    g = game("sarlacc", "; ".join(lines + [f"cell[{i}]: {c}" for i, c in enumerate(cells)]))
    assert "9S@tableau[42]>tableau[46]" not in notations(g)  # 1 card may move, not 2
    assert "8H@tableau[42]>cell[0]" not in notations(g)  # (the cells are full)
    g = game("sarlacc", "; ".join(lines + [f"cell[{i}]: {c}" for i, c in enumerate(cells[:5])]))
    assert "9S@tableau[42]>tableau[46]" in notations(g)  # (1 + 1) * 2**0 = 2
    g.play("9S@tableau[42]>tableau[46]")
    assert pile(g, "tableau[46]") == ["TD", "9S", "8H"] and pile(g, "tableau[42]") == []


# -- added by mutation testing of variants/sarlacc.yaml -------------------------------------------


def test_runs_must_also_go_down_by_one():
    g = game("sarlacc", position({(5, 1): "9S 5H", (5, 2): "TD"}))
    assert not any(m.startswith(f"9S@{t(5, 1)}>") for m in notations(g))  # 9S 5H is no run
    with pytest.raises(MoveError):
        g.play(f"9S@{t(5, 1)}>{t(5, 2)}")
    assert f"5H@{t(5, 1)}>cell[0]" in notations(g)


def test_foundation_takes_one_card_at_a_time():
    g = game("sarlacc", position({(5, 1): "2H AS"}, foundations=("AH",)))
    assert not any(m.startswith(f"2H@{t(5, 1)}>") for m in notations(g))  # the run 2H AS stays
    with pytest.raises(MoveError):
        g.play(f"2H@{t(5, 1)}>foundation[0]")
    g.play(f"AS@{t(5, 1)}>foundation[1]")
    assert notations(g) >= {f"2H@{t(5, 1)}>foundation[0]"}


# -- a sparse late game: max_run saturates (issue 19) ------------------------------------------

# One cell empty, 45 of the 52 places empty; the run TD 9C lies on (1,1) = tableau[0]. The
# other 13 cards off the foundations: JS (5,1), KH (5,5), JC (4,6), KD (2,5), QS (3,8),
# KS (1,10), and JD QD TC QC KC in cells 0-4.
SPARSE_TABLEAU = {(1, 1): "TD 9C", (5, 1): "JS", (5, 5): "KH", (4, 6): "JC", (2, 5): "KD", (3, 8): "QS", (1, 10): "KS"}
SPARSE_CELLS = ("JD", "QD", "TC", "QC", "KC")
SPARSE_FOUNDATIONS = (
    "AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "AD 2D 3D 4D 5D 6D 7D 8D 9D",
    "AC 2C 3C 4C 5C 6C 7C 8C",
)
# the empty places covered by a card, from the cover relation of shared/rules/sarlacc.md:
# (5,1) covers (4,1) and (4,2); (5,5) covers (4,5); (4,6) covers (3,5) and (3,6); (2,5) covers
# (1,4) and (1,5); (3,8) covers (2,8) and (2,9)
SPARSE_COVERED = {(4, 1), (4, 2), (4, 5), (3, 5), (3, 6), (1, 4), (1, 5), (2, 8), (2, 9)}


def sparse_text() -> str:
    lines = [f"{t(*rc)}: {cards}" for rc, cards in SPARSE_TABLEAU.items()]
    lines += [f"cell[{i}]: {c}" for i, c in enumerate(SPARSE_CELLS)]
    lines += [f"foundation[{i}]: {c}" for i, c in enumerate(SPARSE_FOUNDATIONS)]
    return "\n".join(lines) + "\n"


def sparse_run_moves() -> set:
    """TD 9C may go to every empty free place, and onto the free black jack JS at (5,1);
    not onto JC at (4,6), which KH at (5,5) covers. By hand: 45 empty places, 9 covered."""
    empty_free = set(places()) - set(SPARSE_TABLEAU) - SPARSE_COVERED
    assert len(empty_free) == 36
    return {f"TD@{t(1, 1)}>{t(*rc)}" for rc in empty_free | {(5, 1)}}


def test_sparse_position_holds_the_whole_deck():
    cards = " ".join([*SPARSE_TABLEAU.values(), *SPARSE_CELLS, *SPARSE_FOUNDATIONS]).split()
    assert len(cards) == len(set(cards)) == 52
    assert len(places()) - len(SPARSE_TABLEAU) == 45


def test_sparse_late_game_lists_every_run_move():
    """max_run is (1 + 1) * 2 ** 35 here: past the integer range, it saturates at 2,147,483,647
    (it used to be none, and no run could move)."""
    g = game("sarlacc", sparse_text())
    listed = notations(g)
    assert {m for m in listed if m.startswith("TD@")} == sparse_run_moves()
    # the top card alone: the same places, the empty cell, the clubs foundation (8C)
    nine = {m for m in listed if m.startswith("9C@")}
    assert f"9C@{t(1, 1)}>cell[5]" in nine and f"9C@{t(1, 1)}>foundation[3]" in nine
    assert f"9C@{t(1, 1)}>{t(5, 1)}" not in nine  # a black nine on a black jack
    g.play(f"TD@{t(1, 1)}>{t(5, 1)}")
    assert pile(g, t(5, 1)) == ["JS", "TD", "9C"] and pile(g, t(1, 1)) == []


def test_sparse_late_game_both_engines_and_the_command_line(tmp_path):
    from rulesdsl.engine import codegen, moves
    from rulesdsl.lang.runtime import Env
    from tests.test_cli import run

    g = game("sarlacc", sparse_text())
    st, v = g.state, g.variant
    assert codegen.generated(v)(st, Env(st)) == moves.generate(v, st, Env(st))
    path = tmp_path / "sparse.txt"
    path.write_text(sparse_text(), encoding="utf-8")
    code, out, err = run("moves", "sarlacc", "--position", str(path))
    assert code == 0, err
    listed = {line.split(". ", 1)[1].strip() for line in out.splitlines() if ". " in line}
    assert {m for m in listed if m.startswith("TD@")} == sparse_run_moves()
