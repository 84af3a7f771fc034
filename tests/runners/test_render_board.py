"""The text board shows every face-up card a player may see, in every shipped variant, and fits
the width it is given: a walk over a few seeds and random moves of each variant."""

import random
import re
from collections import Counter

import pytest
from rulesdsl.runners.render import board, mode, render

import rulesdsl
from rulesdsl.formats import svg
from rulesdsl.variant import registry


def visible(g) -> Counter:
    """The face-up cards the SVG picture lets a player see: every card of a fan or row, the top
    of a stack (svg.py's modes)."""
    v, st = g.variant, g.state
    out: Counter = Counter()
    for p, pile in enumerate(st.piles):
        shown = range(len(pile)) if mode(v, p) != "stack" else range(len(pile) - 1, len(pile))
        out.update(v.deck.text(pile[i]) for i in shown if not st.is_down(p, i))
    return out


def named(g, lines) -> Counter:
    """The card names the board's lines hold."""
    v = g.variant
    faces = {v.deck.text(c) for pile in g.state.piles for c in pile}
    return Counter(t for line in lines for t in re.split(r"[\s():+]+", line) if t in faces)


def walk(name, seed, steps):
    g = rulesdsl.load(name).new_game(seed)
    rng = random.Random(seed)
    yield g
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves:
            return
        g.play(rng.choice(moves))
        yield g


@pytest.mark.parametrize("name", registry.names())
def test_every_visible_card_is_on_the_board_and_no_hidden_one(name):
    for seed in (1, 2, 3):
        for g in walk(name, seed, 12):
            for width in (200, 80, 44):
                lines = board(g, width=width)
                assert named(g, lines) == visible(g), (name, seed, g.ply, width, "\n".join(lines))
                assert all(len(line) <= width for line in render(g, width=width).splitlines()), (name, width)


def test_the_modes_are_the_pictures():
    for name in registry.names():
        g = rulesdsl.load(name).new_game(1)
        pic = svg._Picture(g)
        assert [mode(g.variant, p) for p in range(g.variant.layout.size)] == pic.mode, name


def test_open_columns_beside_reserves_show_every_card():
    g = rulesdsl.load("agnes_bernauer").new_game(2)
    text = render(g, width=80)
    assert "t4:2C(5)" not in text
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("t0"))
    at = lines[head].index("t4")
    column = [line[at : at + 2] for line in lines[head : head + 6]]  # t4's column, top down
    assert column == ["t4", *(g.variant.deck.text(c) for c in g.state.piles[g.variant.pile_index("tableau[4]")])]
    assert "r0" in lines[head]  # the reserves beside the columns, as the layout says


def test_a_deep_fan_is_drawn_a_pile_per_line_and_wraps():
    g = rulesdsl.load("der_katz").new_game(2)
    lines = render(g, width=60).splitlines()
    t5 = g.variant.pile_index("tableau[5]")
    assert len(g.state.piles[t5]) == 65 and max(map(len, lines)) <= 60
    start = next(i for i, line in enumerate(lines) if line.startswith("t5:"))
    cards = " ".join(lines[start : start + 5])[3:].split()
    assert cards[:65] == [g.variant.deck.text(c) for c in g.state.piles[t5]]


def test_wide_rows_wrap_with_their_labels():
    g = rulesdsl.load("spider").new_game(2)
    wide = board(g, width=200)
    narrow = render(g, width=30).splitlines()
    assert max(map(len, wide)) < 60  # no more 104-column rows
    assert max(map(len, narrow)) <= 30
    heads = [w for line in narrow for w in line.split() if re.fullmatch(r"t\d", w)]
    assert heads == [f"t{i}" for i in range(10)]  # every column still named, once


def test_pyramid_names_every_place():
    g = rulesdsl.load("pyramid").new_game(2)
    text = render(g, width=80)
    assert ".." not in text
    names = [w for line in text.splitlines() for w in line.split() if re.fullmatch(r"p\d+", w)]
    assert names == [f"p{i}" for i in range(28)]
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.split()[:1] == ["p21"])
    assert lines[row + 1].split()[0] == g.variant.deck.text(g.state.piles[g.variant.pile_index("pyramid[21]")][-1])
    # too narrow for the offsets: each row wraps, every place still named once
    narrow = render(g, width=24)
    assert sorted(w for line in narrow.splitlines() for w in line.split() if re.fullmatch(r"p\d+", w)) == sorted(
        f"p{i}" for i in range(28)
    )
