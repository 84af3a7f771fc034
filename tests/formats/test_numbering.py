"""Numbered deals (--deal N) and fc-solve's formats, without fc-solve itself.

The Microsoft generator is pinned with known boards and checked against pysol-cards over its
whole range; every shipped variant with a numbering deals pysol-cards' board card for card;
fc-solve boards and moves are read and written both ways.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.errors import MoveError, PositionError
from rulesdsl.core.limits import MAX_MS_DEAL, MAX_PYSOL_DEAL
from rulesdsl.formats import fcs, numbering
from rulesdsl.play.game import Game
from rulesdsl.variant.registry import names
from tests.test_cli import run

NUMBERED = [n for n in names() if rulesdsl.load(n).numbering is not None]


def _pysol(game, n, ms=False):
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game as PGame
    from pysol_cards.random_base import RandomBase

    which = RandomBase.DEALS_MS if ms else RandomBase.DEALS_PYSOLFC
    return PGame(game, n, which).calc_layout_string(CardRenderer(True))


# -- the Microsoft generator ---------------------------------------------------------


def test_ms_deal_1_pinned():
    cols = numbering.ms_columns(1)
    # the first eight cards dealt, one to each column (Microsoft's top row)
    assert [c[0] for c in cols] == "JD 2D 9H JC 5D 7H 7C 5H".split()
    # fc-solve's first line: the first column, bottom card first
    assert cols[0] == "JD KD 2S 4C 3S 6D 6S".split()
    assert cols[7] == "5H 3H 3C 7S 7D TC".split()
    assert [len(c) for c in cols] == [7, 7, 7, 7, 6, 6, 6, 6]


@pytest.mark.parametrize(
    "n, first, last",
    [
        (617, "7D TD TH KD 4C 4S JD", "AH KH TC JS 2S QH"),
        (11982, "AH 3D KD JC 6C JD KC", "JS KS 3C 7C 7S 5H"),
        (21283, "KS QC 4C AS 4S 7D KH", "6H 3C 2H 9H 6S 8H"),
    ],
)  # as fc-solve's make-microsoft-freecell-board prints them
def test_ms_boards_pinned(n, first, last):
    cols = numbering.ms_columns(n)
    assert cols[0] == first.split() and cols[7] == last.split()


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(1, 32000), st.integers(1, MAX_MS_DEAL)))
def test_ms_generator_agrees_with_pysol_cards(n):
    assert numbering.ms_board_text(n) == _pysol("freecell", n, ms=True)


@pytest.mark.parametrize("n", [2**31 - 1, 2**31, 2**32 - 1, 2**32, MAX_MS_DEAL])
def test_ms_generator_range_edges(n):
    assert numbering.ms_board_text(n) == _pysol("freecell", n, ms=True)


def test_deal_numbers_are_checked():
    assert numbering.parse_deal("617", "ms") == (617, False)
    assert numbering.parse_deal(" ms617 ", "pysol") == (617, True)
    for bad, scheme in (
        ("0", "ms"),
        (str(MAX_MS_DEAL + 1), "ms"),
        (str(MAX_PYSOL_DEAL + 1), "pysol"),
        ("-3", "ms"),
        ("12a", "pysol"),
        ("", "ms"),
        ("9" * 30, "pysol"),
    ):
        with pytest.raises(numbering.DealError):
            numbering.parse_deal(bad, scheme)


# -- every numbered variant deals pysol-cards' board ------------------------------------


def _parts(text, face_up=False):
    b = fcs.parse_board(text)
    cols = [[(c, d and not face_up) for c, d, _ in col] for col in b.columns]
    while cols and not cols[-1]:  # an empty last column is no column (Der Katz: 8 kings, 9 columns)
        cols.pop()
    cells = [c for c, _ in b.cells or []]
    while cells and cells[-1] is None:
        cells.pop()
    found = sorted((f[1], f[2]) for f in b.foundations or [] if f[0] == "card" or f[2])
    return cols, cells, found, [c for c, _ in b.talon or []]


def test_the_numbered_variants():
    assert {"freecell", "golf", "klondike", "whitehead", "yukon", "russian_solitaire", "fan"} <= set(NUMBERED)
    # every shipped variant whose game pysol-cards deals has a numbering
    known = set(numbering.pysol_games())
    for name in names():
        if name in known:
            assert name in NUMBERED, name


@pytest.mark.parametrize("name", NUMBERED)
@pytest.mark.parametrize("n", [1, 2, 617, 11982, 32000, 32001, 123456789, MAX_PYSOL_DEAL])
def test_numbered_boards_equal_pysol_cards(name, n):
    v = rulesdsl.load(name)
    num = v.numbering
    if num.scheme == "ms" and n > MAX_MS_DEAL:
        return
    g = v.numbered_game(n)
    ours = _parts(fcs.to_text(v, g.state))
    theirs = _parts(_pysol(num.game, n, ms=num.scheme == "ms"), face_up=num.face_up)
    assert ours == theirs
    # every card is dealt, and the shape is the variant's own deal's
    assert g.state.card_count() == v.deck.size
    own = v.new_game(1).state
    if v.deal_by_cards:  # the deal looks at the cards (Citadel, Der Katz): sizes vary by deal
        assert own.down == g.state.down
        return
    assert [(len(p), d) for p, d in zip(own.piles, own.down)] == [
        (len(p), d) for p, d in zip(g.state.piles, g.state.down)
    ]


@pytest.mark.parametrize(
    "name, first, last",
    [
        ("fan", "JD KS 4S", "6H"),
        ("yukon", "3D", "<7H> <9S> <KH> <KS> <QD> <JS> TS 3S JH 6C 6H"),
        ("russian_solitaire", "3D", "<7H> <9S> <KH> <KS> <QD> <JS> TS 3S JH 6C 6H"),
        ("whitehead", "QH", "JD 7C 5S 3H 9D JS AS"),
    ],
)  # PySol deal 1 as pysol-cards prints it (Whitehead face up, as PySol deals it)
def test_pysol_deal_1_pinned(name, first, last):
    v = rulesdsl.load(name)
    cols = [
        line
        for line in fcs.to_text(v, v.numbered_game(1).state).splitlines()
        if not line.startswith(("Talon", "Foundations", "Freecells"))
    ]
    assert cols[0] == first and cols[-1] == last


@pytest.mark.parametrize("name", NUMBERED)
def test_ms_prefix_forces_the_microsoft_generator(name):
    v = rulesdsl.load(name)
    g = v.numbered_game("ms40000")
    assert _parts(fcs.to_text(v, g.state)) == _parts(
        _pysol(v.numbering.game, 40000, ms=True), face_up=v.numbering.face_up
    )


# -- the command line ------------------------------------------------------------------


def test_show_deal_as_fcs():
    code, out, err = run("show", "freecell", "--deal", "1", "--format", "fcs")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0"
    assert lines[1] == "Freecells: - - - -"
    assert lines[2:] == numbering.ms_board_text(1).splitlines()


def test_deal_on_every_command(tmp_path):
    code, out, _ = run("show", "freecell", "--deal", "617", "--json")
    assert code == 0 and '"deal": 617' in out and '"tableau[0]": [\n      "7D"' in out
    code, out, _ = run("moves", "freecell", "--deal", "617", "--notation", "fcs")
    assert code == 0 and "  1. 1a" in out and "8h" not in out
    moves = tmp_path / "m.txt"
    moves.write_text("1a 1b\n")
    code, out, _ = run("replay", "freecell", "--deal", "617", "--moves", str(moves))
    assert code == 0 and "played 2 move(s)" in out
    code, out, _ = run("play", "freecell", "--deal", "617", stdin="quit\n")
    assert code == 0 and "7D" in out


def test_deal_refusals():
    code, _, err = run("show", "pyramid", "--deal", "5")
    assert code == 2 and "pyramid declares no numbering" in err and "--seed" in err
    code, _, err = run("show", "freecell", "--deal", "0")
    assert code == 2 and "from 1 to 8589934591" in err
    code, _, err = run("show", "freecell", "--deal", "twelve")
    assert code == 2 and "whole number" in err
    code, _, err = run("show", "freecell", "--deal", "5", "--seed", "7")
    assert code == 2 and "not both" in err
    code, _, err = run("moves", "pyramid", "--notation", "fcs")
    assert code == 2 and "no fc-solve notation" in err


def test_position_file_in_fcs_format(tmp_path):
    _, board, _ = run("show", "freecell", "--deal", "11982", "--format", "fcs")
    f = tmp_path / "b.txt"
    f.write_text(board)
    code, out, err = run("show", "freecell", "--position", str(f), "--format", "fcs")
    assert code == 0, err
    assert out == board
    # fc-solve's own -p layout: ': ' before each column, no Foundations or Freecells line
    f.write_text("".join(": " + line + "\n" for line in numbering.ms_board_text(11982).splitlines()))
    code, out, err = run("show", "freecell", "--position", str(f), "--format", "fcs")
    assert code == 0 and out == board, err


# -- boards both ways ----------------------------------------------------------------


def _playout(g, moves, rnd):
    for _ in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(rnd.choice(legal))


@pytest.mark.parametrize("name", NUMBERED)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10**6), plies=st.integers(0, 60))
def test_board_text_round_trips(name, seed, plies):
    v = rulesdsl.load(name)
    g = v.numbered_game(seed)
    _playout(g, plies, random.Random(seed))
    mapped = set(v.numbering.columns) | set(v.numbering.cells) | set(v.numbering.foundations) | set(v.numbering.talon)
    if any(pile and p not in mapped for p, pile in enumerate(g.state.piles)):
        with pytest.raises(PositionError, match="no place"):
            fcs.to_text(v, g.state)
        return
    text = fcs.to_text(v, g.state)
    back = Game.from_position(v, text)
    assert fcs.to_text(v, back.state) == text
    # the format says which suit, not which foundation pile: compare those as a set
    found = set(v.numbering.foundations)
    if len(found) > 1 or not g.state.piles[v.numbering.foundations[0]]:
        # nor which copy of a card, with two decks: compare faces
        def faces(st, p):
            return [(v.deck.rank_of[c], v.deck.suit_of[c]) for c in st.piles[p]]

        assert sorted(faces(back.state, p) for p in found) == sorted(faces(g.state, p) for p in found)
        rest = [p for p in range(v.layout.size) if p not in found]
        assert [faces(back.state, p) for p in rest] == [faces(g.state, p) for p in rest]
        assert back.state.down == g.state.down


def test_foundations_go_to_their_suits_home():
    v = rulesdsl.load("freecell")
    text = "Foundations: H-2 C-0 D-A S-3\nFreecells: - - - -\n" + numbering.ms_board_text(1).replace("AH", "").replace(
        "2H", ""
    ).replace("AD", "").replace("AS", "").replace("2S", "").replace("3S", "")
    g = Game.from_position(v, text)
    found = [[v.deck.text(c) for c in g.state.piles[p]] for p in v.numbering.foundations]
    assert found == [["AS", "2S", "3S"], ["AH", "2H"], ["AD"], []]
    assert fcs.to_text(v, g.state).splitlines()[0] == "Foundations: H-2 C-0 D-A S-3"


@pytest.mark.parametrize(
    "text, match",
    [
        ("JD KD XX\n", r"line 1, column 7: 'XX' is not a card"),
        ("Foundations: H-Z\n", r"line 1, column 14: 'H-Z' is not a foundation"),
        ("Freecells: - - - - -\nJD\n", "5 free cells given; freecell has 4"),
        ("Talon: JD\n", "freecell has no pile for the Talon line"),
        ("JD\n" * 9, "the board has 9 columns; freecell has 8"),
        ("JD KD\nJD\n", "JD is placed twice|appears more often"),
        ("Freecells: -\nFreecells: -\n", "line 2: a second Freecells line"),
    ],
)
def test_bad_boards_are_refused_clearly(text, match):
    v = rulesdsl.load("freecell")
    with pytest.raises(PositionError, match=match):
        Game.from_position(v, text)


def test_bad_board_file_on_the_command_line(tmp_path):
    from tests.hostile import assert_refused, probe

    f = tmp_path / "b.txt"
    f.write_text("Foundations: H-0\nJD KD 2Q\n")
    r = probe("show", "freecell", "--position", f)
    assert_refused(r, located=False, codes=(2,))
    assert "line 2, column 7: '2Q': 'Q' is not a suit letter" in r.err


# -- moves both ways -----------------------------------------------------------------

SOLUTION_VERBOSE = """\
-=-=-=-=-=-=-=-=-=-=-=-

Move a card from stack 0 to freecell 0

====================

Move a card from stack 0 to freecell 1

====================

This game is solveable.
Total number of states checked is 5.
This scan generated 6 states.
"""


def test_solution_readers():
    got = fcs.read_solution(SOLUTION_VERBOSE)
    assert [m.readings for m in got] == [((("col", 0), ("cell", 0), 1),), ((("col", 0), ("cell", 1), 1),)]
    got = fcs.read_solution("-=-=-=-=-=-=-=-=-=-=-=-\n\n5a 5b 81v3 ah k2 ba 110 \n\nThis game is solveable.\n")
    assert [m.text for m in got] == ["5a", "5b", "81v3", "ah", "k2", "ba", "110"]
    assert got[2].readings == ((("col", 7), ("col", 0), 3),)
    assert got[4].readings == ((("cell", 7), ("col", 1), 1),)
    assert got[6].readings == ((("col", 0), ("col", 9), None),)
    assert fcs.read_solution("111")[0].readings == ((("col", 0), ("col", 10), None), (("col", 10), ("col", 0), None))
    assert fcs.read_solution("Move 3 cards from stack 1 to stack 2\n")[0].readings == ((("col", 1), ("col", 2), 3),)
    assert fcs.read_solution("Move the sequence on top of Stack 3 to the foundations")[0].readings == (
        (("col", 3), ("found", 0), "seq"),
    )
    assert fcs.read_solution("I could not solve this game.\nTotal number of states checked is 9.\n") == []


@pytest.mark.parametrize(
    "text, match",
    [
        ("5a 5i\n", r"line 1: '5i' is not a move"),
        ("\n\nMove a card from the moon\n", r"line 3: cannot read fc-solve move"),
    ],
)
def test_bad_solutions_are_refused(text, match):
    with pytest.raises(MoveError, match=match):
        fcs.read_solution(text)


def test_looks_like_solution():
    assert fcs.looks_like_solution("5a 5b\n")
    assert fcs.looks_like_solution("-=-=-=-=-=-=-=-=-=-=-=-\n")
    assert fcs.looks_like_solution("Move a card from stack 4 to freecell 0\n")
    assert not fcs.looks_like_solution("JD@tableau[0]>cell[0]\n")
    assert not fcs.looks_like_solution("turn\n")


@pytest.mark.parametrize("name", NUMBERED)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(1, 32000), plies=st.integers(0, 80))
def test_every_move_round_trips_through_standard_notation(name, seed, plies):
    v = rulesdsl.load(name)
    g = v.numbered_game(seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        legal = g.legal_moves()
        if not legal:
            break
        for m in legal:
            text = fcs.move_text(v, g.state, m, legal)
            if text is None:
                continue
            (fm,) = fcs.read_solution(text)
            back = fcs.resolve(g, fm)
            assert (
                (back.sources, back.dest, len(back.cards)) == (m.sources, m.dest, len(m.cards))
                or back.dest in v.numbering.foundations
                and m.dest in v.numbering.foundations
            ), text
        g.play(rnd.choice(legal))


def test_cell_letters_skip_h_i_j():
    assert [fcs._cell_char(i) for i in range(9)] == list("abcdefgkl")
    assert [fcs._cell_index(c) for c in "abcdefgkl"] == list(range(9))


def test_foundation_moves_name_no_pile():
    v = rulesdsl.load("freecell")
    g = v.numbered_game(1)
    # deal 1: column 5 ends AD? play the fc-solve opening 5a 5b 5c 5d 5h
    for t in "5a 5b 5c 5d 5h".split():
        (fm,) = fcs.read_solution(t)
        g.play(fcs.resolve(g, fm))
    home = [p for p in v.numbering.foundations if g.state.piles[p]]
    assert [v.deck.text(g.state.piles[p][-1]) for p in home] == ["AD"]


def test_illegal_fcs_move_is_explained(tmp_path):
    f = tmp_path / "s.txt"
    f.write_text("5a 5a\n")
    code, out, _ = run("replay", "freecell", "--deal", "1", "--moves", str(f))
    assert code == 1 and "move 2 (5a (line 1)) is illegal" in out
    f.write_text("9a\n")
    code, out, _ = run("replay", "freecell", "--deal", "1", "--moves", str(f), "--notation", "fcs")
    assert code == 1 and "no column 9 (freecell has 8)" in out


@pytest.mark.parametrize(
    "args",
    [
        ("show", "freecell", "--deal", "9" * 30),
        ("show", "freecell", "--deal", "9" * 200),
        ("show", "freecell", "--deal", "ms-1"),
        ("replay", "scorpion", "--deal", "3", "--moves", "/dev/null"),
    ],
)
def test_hostile_deal_numbers_are_refused_cleanly(args):
    from tests.hostile import assert_refused, probe

    r = probe(*args)
    assert_refused(r, located=False, codes=(2,))
    assert max(len(line) for line in r.err.splitlines()) < 400  # the echo is cut (the usage grows with options)
