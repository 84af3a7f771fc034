"""The search-wide prunings: suit symmetry (analysis.suit_symmetry, the key's renamings) and
reversal pruning. Each is proved where it applies, and an exhaustive search on small
hand-made games gives the same verdict with it and without it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.keys import Keyer
from rulesdsl.solve.solver import solve_game
from tests.helpers import game

RANKS = "A23456789TJQK"


def small_deal(rnd: random.Random, suits: str, loose: int, columns: int) -> str:
    """Foundations built up by suit, the other cards (at most ``loose``) face up in columns."""
    heights = [13] * len(suits)
    while sum(13 - h for h in heights) < loose:
        heights[rnd.randrange(len(suits))] -= 1
    heights = [max(h, 1) for h in heights]
    lines = []
    rest = []
    for i, (s, h) in enumerate(zip(suits, heights)):
        lines.append(f"foundation[{i}]: " + " ".join(r + s for r in RANKS[:h]))
        rest += [r + s for r in RANKS[h:]]
    rnd.shuffle(rest)
    cols: list = [[] for _ in range(columns)]
    for c in rest:
        cols[rnd.randrange(columns)].append(c)
    lines += [f"tableau[{i}]: {' '.join(col)}" for i, col in enumerate(cols) if col]
    return "; ".join(lines)


# -- suit symmetry -------------------------------------------------------------------------


def test_suit_symmetry_is_proved_only_where_no_rule_names_a_suit():
    def perms(name):
        return analyse(rulesdsl.load(name)).suit_perms

    assert perms("freecell") == ()  # each foundation takes one suit, named by dest.index
    assert len(perms("alpha_star")) == 23  # suits only compared: every renaming
    klondike = perms("klondike")  # colours compared: within a colour, or the colours swapped
    assert len(klondike) == 7
    deck = rulesdsl.load("klondike").deck
    colour = [s.color for s in deck.suits]
    for p in klondike:
        same = [colour[i] == colour[j] for i in range(4) for j in range(4)]
        assert same == [colour[p[i]] == colour[p[j]] for i in range(4) for j in range(4)]


def _key(name, text, symmetry):
    g = game(name, text)
    return Keyer(g.variant, g.state, analyse(g.variant), symmetry=symmetry).key()


def test_positions_equal_up_to_renaming_suits_share_a_key():
    a = "foundation[0]: AS 2S; foundation[1]: AH; tableau[0]: 5S 4S; tableau[1]: 9H"
    b = "foundation[0]: AS; foundation[1]: AH 2H; tableau[0]: 5H 4H; tableau[1]: 9S"
    assert _key("alpha_star", a, True) == _key("alpha_star", b, True)
    assert _key("alpha_star", a, False) != _key("alpha_star", b, False)
    c = "foundation[0]: AS; foundation[1]: AH 2H; tableau[0]: 5H 4H; tableau[1]: 9D"
    assert _key("alpha_star", a, True) != _key("alpha_star", c, True)  # not a renaming


def test_colours_keep_their_pairs_under_the_renamings():
    # spades and clubs are both black: exchanging them is a symmetry of Klondike's rules;
    # spades and hearts are not (alternate colours would no longer alternate)
    a = "foundation[0]: AS; tableau[0]: KH QS; tableau[1]: 5C"
    b = "foundation[0]: AC; tableau[0]: KH QC; tableau[1]: 5S"
    c = "foundation[0]: AH; tableau[0]: KS QH; tableau[1]: 5C"
    assert _key("klondike", a, True) == _key("klondike", b, True)
    assert _key("klondike", a, True) != _key("klondike", c, True)


# small games of a few columns, where some are lost: (columns, fewest and most loose cards)
SHAPES = {"fan": (3, 6, 9), "klondike": (2, 6, 11), "yukon": (2, 6, 11), "freecell": (3, 8, 13)}


def shaped(rnd: random.Random, name: str) -> str:
    columns, lo, hi = SHAPES[name]
    return small_deal(rnd, "SHDC", rnd.randint(lo, hi), columns)


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["fan", "klondike", "yukon"]))
def test_symmetry_keeps_every_verdict(rnd: random.Random, name):
    g = game(name, shaped(rnd, name))
    on = solve_game(g, max_states=200_000, symmetry=True)
    off = solve_game(g, max_states=200_000, symmetry=False)
    assert on.verdict in ("won", "unwinnable")
    assert on.verdict == off.verdict
    if on.verdict == "unwinnable":  # both exhaustive: merging can only shrink the space
        assert on.states <= off.states


# -- reversal pruning -------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["freecell", "klondike", "fan"]))
def test_reversal_pruning_keeps_every_verdict_and_every_count(rnd: random.Random, name):
    """A move that puts back what the last one did leads to the parent, always in the table:
    leaving it out changes nothing but the time (the same positions, the same line)."""
    g = game(name, shaped(rnd, name))
    on = solve_game(g, max_states=200_000, reversible=True)
    off = solve_game(g, max_states=200_000, reversible=False)
    assert on.verdict in ("won", "unwinnable")
    assert (on.verdict, on.states, on.moves) == (off.verdict, off.states, off.moves)


def test_a_move_that_undoes_the_last_is_not_searched():
    g = game("freecell", "foundation[0]: AS; tableau[0]: 9H; tableau[1]: 5C; tableau[2]: KD")
    from rulesdsl.solve.search import Search

    s = Search(
        g.variant,
        g.state,
        max_states=1000,
        started=0.0,
        time_limit=None,
        analysis=analyse(g.variant),
        safe=False,
        dead=False,
        declared_safe=False,
        stock=False,
        greedy=False,
    )
    move = next(
        m for m in s.generate() if g.move_text(m).startswith("5C") and m.dest in g.variant.layout.groups["cell"].piles
    )
    s.play(move)
    assert s.reversal() == (move.dest, move.sources[0], move.cards)
    s.table.add(s.keyer.key(), s.st.used)
    kids = s.children()
    assert all(not (m.sources[0] == move.dest and m.dest == move.sources[0]) for m in kids)


# -- children looked up before they are played ------------------------------------------------


@pytest.mark.parametrize("name", ["freecell", "alpha_star", "beleaguered_castle", "golf", "black_hole", "bakers_dozen"])
def test_a_childs_key_computed_unplayed_is_the_key_after_the_move(name):
    from rulesdsl.solve.dead_ends import derive_dead
    from rulesdsl.solve.keys import touched_piles

    v = rulesdsl.load(name)
    assert not v.autos  # where the search uses child_key
    rule = derive_dead(v)
    for seed in (1, 2):
        g = v.new_game(seed)
        keyer = Keyer(v, g.state, analyse(v), rule.top_class if rule is not None else None)
        rnd = random.Random(seed)
        for _ in range(40):
            moves = [m for m in g.legal_moves() if m.kind == "move"]
            if not moves:
                break
            for m in moves:
                unplayed = keyer.child_key(m.sources[0], m.dest, len(m.cards))
                mark = len(g._ops)
                g.apply_unchecked(m)
                touched = touched_piles(g, mark)
                saved = keyer.update(touched)
                assert keyer.key() == unplayed
                g.undo()
                keyer.restore(touched, saved)
                assert keyer.key() == keyer.full_key()
            mark = len(g._ops)
            g.apply_unchecked(rnd.choice(moves))
            keyer.touch(touched_piles(g, mark))
            assert keyer.key() == keyer.full_key()
