"""SafeRule.pick takes the moves of one card onto a sink first and gathers the cards on the
sinks only where there is one (safe_moves.py): the same move as the plain walk over every
move it replaces, on positions reached by seeded random play in several open games."""

from __future__ import annotations

import random

import pytest

from rulesdsl.play.game import Game
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.derivations import safe_rule
from tests.helpers import game


def _walked(rule, st, moves):
    """The first safe move, every move walked in turn with the cards on the sinks gathered
    first (the body before the candidates), for comparison."""
    piles = st.piles
    on_sink: set = set()
    for g in rule.sinks:
        on_sink.update(piles[g])
    for m in moves:
        if m.kind != "move" or m.dest not in rule.takes_on or len(m.cards) != 1:
            continue
        c, f = m.cards[0], m.dest
        if not rule.want[c] <= on_sink:
            continue
        top = piles[f][-1] if piles[f] else None
        waits = rule.takes_empty[f] if top is None else rule.takes_on[f].get(top, frozenset())
        if waits - on_sink != {c}:
            continue
        if all(_other_sink_cannot_take(rule, piles, on_sink, g, c) for g in rule.sinks if g != f):
            return m
    return None


def _other_sink_cannot_take(rule, piles, on_sink, g, c) -> bool:
    if not piles[g] and c in rule.takes_empty[g]:
        return False
    gtop = piles[g][-1] if piles[g] else None
    return all(t in on_sink and t != gtop for t in rule.bases[g].get(c, ()))


def _compare_along(g, rule, rng, steps) -> int:
    """Random play from g's position, the two picks compared at each; the safe moves found."""
    found = 0
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves:
            break
        got = rule.pick(g.state, moves)
        assert got is _walked(rule, g.state, moves)
        found += got is not None
        # a safe move now and then, so the sinks fill and later cards become safe
        g.apply_unchecked(got if got is not None and rng.random() < 0.7 else rng.choice(moves))
    return found


@pytest.mark.parametrize("name", ["freecell", "bakers_game", "beleaguered_castle", "alpha_star", "eight_off"])
def test_pick_is_the_walk_over_every_move(name):
    v, _ = compiled_variant(name, {})
    rule = safe_rule(v)
    assert rule is not None
    rng = random.Random(25)
    found = sum(_compare_along(Game(v, deal_state(v, d)), rule, rng, 150) for d in range(1, 9))
    assert found > 10  # not vacuous: safe moves were picked along the way


def test_pick_on_hand_made_positions():
    # the ace of spades is safe; then the two of spades from its cell (both red aces up),
    # never the two of hearts (the ace of clubs is down: it could want the two as a base)
    g = game("freecell", "foundation[1]: AH; foundation[2]: AD; cell[0]: 2S; tableau[0]: 2H AS; tableau[1]: KD")
    rule = safe_rule(g.variant)
    picked = []
    for _ in range(3):
        moves = g.legal_moves()
        got = rule.pick(g.state, moves)
        assert got is _walked(rule, g.state, moves)
        if got is None:
            break
        picked.append(g.move_text(got))
        g.apply_unchecked(got)
    assert picked == ["AS@tableau[0]>foundation[0]", "2S@cell[0]>foundation[0]"]
    # no move onto a sink: None, and the walk agrees
    g = game("freecell", "tableau[0]: 9S; tableau[1]: 5D")
    assert rule.pick(g.state, g.legal_moves()) is None is _walked(rule, g.state, g.legal_moves())
