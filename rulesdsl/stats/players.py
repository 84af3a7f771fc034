"""Two simple players for ``rulesdsl analyse``: random play and greedy play (foundation first).

Their wins bracket the solver's from below: a game that random play wins as often as the
solver offers no decisions, and the gap from greedy to the solver is what thinking ahead
is worth. The random player's positions are also the sample for the branching and forced-move
figures (every position where a move is to be chosen, as a player meets them).

Both are seeded (``random.Random`` with an integer seed, the same sequence on every Python
3), so the same deal and seed give the same game. A playout stops when the game is won, when
no move is legal, or after ``max_moves`` moves (``capped``): random play can go round a stock
for ever.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..play.game import Game

MAX_MOVES = 300  # moves per playout, by default
MAX_MOVES_CAP = 5_000  # the most a caller may ask for


@dataclass
class Playout:
    """One game by one player: how it ended and the legal moves met at each move number."""

    won: bool
    moves: int  # moves played
    capped: bool  # stopped by max_moves, neither won nor out of moves
    counts: list = field(default_factory=list)  # legal moves in each position where one was chosen
    only_actions: int = 0  # positions whose legal moves were all actions (draws, redeals)


def _reverses(m, prev) -> bool:
    """Does card move ``m`` put back exactly what ``prev`` moved (a shuttle)?"""
    return (
        prev is not None
        and m.kind == "move"
        and prev.kind == "move"
        and m.sources == (prev.dest,)
        and prev.sources == (m.dest,)
        and m.cards == prev.cards
    )


def greedy_choice(game: Game, moves: list, rng: random.Random, prev):
    """The greedy player's move: the best by the hint's order (onto a foundation or a
    removal first, then turning a card, emptying a pile, building, a cell, an action), a
    move that undoes the one before only when nothing else is left, ties drawn at random."""
    fresh = [m for m in moves if not _reverses(m, prev)] or moves
    ranks = [game.hint_rank(m) for m in fresh]
    best = min(ranks)
    tied = [m for m, r in zip(fresh, ranks) if r == best]
    return tied[rng.randrange(len(tied))] if len(tied) > 1 else tied[0]


def play_out(variant, state, *, seed: int, greedy: bool, max_moves: int = MAX_MOVES) -> Playout:
    """One playout from ``state`` (a fresh deal; it is played on, not copied)."""
    rng = random.Random(seed)
    g = Game(variant, state)
    out = Playout(won=False, moves=0, capped=False)
    prev = None
    while True:
        if g.won:
            out.won = True
            break
        moves = g.legal_moves()
        if not moves:
            break
        if g.ply >= max_moves:
            out.capped = True
            break
        out.counts.append(len(moves))
        if all(m.kind == "action" for m in moves):
            out.only_actions += 1
        if greedy:
            m = greedy_choice(g, moves, rng, prev)
        else:
            m = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        g.apply_unchecked(m)
        prev = m
    out.moves = g.ply
    return out
