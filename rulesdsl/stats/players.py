"""Two simple players for ``rulesdsl analyse``: random play and greedy play (foundation first).

Their wins bracket the solver's from below: a game that random play wins as often as the
solver offers no decisions, and the gap from greedy to the solver is what thinking ahead
is worth. The random player's positions are also the sample for the branching and forced-move
figures (every position where a move is to be chosen, as a player meets them).

Both are seeded (``random.Random`` with an integer seed, the same sequence on every Python
3), so the same deal and seed give the same game. A playout stops when the game is won, when
no move is legal, or after ``max_moves`` moves (``capped``): random play can go round a stock
for ever. Greedy play never enters a position it has met before in the same game (it takes
its next choice instead), and stops when every move would (``stuck``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..play.game import Game

MAX_MOVES = 1_000  # moves per playout, by default


@dataclass
class Playout:
    """One game by one player: how it ended and the legal moves met at each move number."""

    won: bool
    moves: int  # moves played
    capped: bool  # stopped by max_moves, neither won nor out of moves
    counts: list = field(default_factory=list)  # legal moves in each position where one was chosen
    only_actions: int = 0  # positions whose legal moves were all actions (draws, redeals)
    stuck: bool = False  # greedy play: every legal move led back to a position met before


def position_key(state) -> tuple:
    """What the greedy player remembers of a position: the cards of every pile and how many
    lie face down (not the action counters: coming back to the same cards is a loop)."""
    return (tuple(map(tuple, state.piles)), tuple(state.down))


def greedy_order(game: Game, moves: list, rng: random.Random) -> list:
    """The greedy player's preference: by the hint's order (onto a foundation or a removal
    first, then turning a card, emptying a pile, building, a cell, an action), ties in a
    random order."""
    keyed = [(game.hint_rank(m), rng.random(), i) for i, m in enumerate(moves)]
    return [moves[i] for _, _, i in sorted(keyed)]


def greedy_step(game: Game, moves: list, rng: random.Random, seen: set):
    """Play the greedy player's first choice that leads to a position not met before in
    this game (so it never goes round in a loop); return it, or None when every move leads
    back (the game is stuck) and nothing is played."""
    for m in greedy_order(game, moves, rng):
        game.apply_unchecked(m)
        key = position_key(game.state)
        if key not in seen:
            seen.add(key)
            return m
        game.undo()
    game.future.clear()
    return None


def play_out(variant, state, *, seed: int, greedy: bool, max_moves: int = MAX_MOVES) -> Playout:
    """One playout from ``state`` (a fresh deal; it is played on, not copied)."""
    rng = random.Random(seed)
    g = Game(variant, state)
    out = Playout(won=False, moves=0, capped=False)
    seen = {position_key(state)}
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
            if greedy_step(g, moves, rng, seen) is None:
                out.stuck = True
                break
        else:
            g.apply_unchecked(moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0])
    out.moves = g.ply
    return out
