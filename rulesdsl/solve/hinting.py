"""Hints that reuse the work of the hints before them in one game: the text runner's and
the browser player's.

A hint needs a winning line from the present position, not a proof. So:

* **A small budget first.** The search runs for ``FIRST_SECONDS`` (most deals are won
  within it); only when that finds nothing does it run again for the rest of the hint's
  time (``staged_solve``).
* **The last winning line is kept** while the player follows it: a hint from a position the
  line passes through is the line's next move, with no search (``HintMemo.follow``). A move
  off the line makes the next hint search again.
* **A position proved lost stays lost.** Every position reached from an unwinnable one is
  unwinnable too, so while the game's history passes through a position proved unwinnable,
  a hint says so at once (``HintMemo.lost``) instead of searching again.
"""

from __future__ import annotations

import time

from .search import UNKNOWN, UNWINNABLE, WON, Result
from .solver import solve

FIRST_SECONDS = 0.3  # the first, small search of a hint
MAX_LOST = 64  # positions proved lost kept per game


def staged_solve(variant, state, seconds: float, *, max_states: int | None = None, first: float = FIRST_SECONDS):
    """solve() from ``state`` for at most ``seconds``: a search of ``first`` seconds, then,
    when it found no win and did not finish, one with the time left. The Result's seconds
    and states count both."""
    started = time.monotonic()
    if seconds <= first:
        return solve(variant, state, time_limit=seconds, max_states=max_states)
    r = solve(variant, state, time_limit=first, max_states=max_states)
    left = seconds - (time.monotonic() - started)
    if r.verdict != UNKNOWN or left <= 0:
        return r
    again = solve(variant, state, time_limit=left, max_states=max_states)
    return Result(again.verdict, again.moves, r.states + again.states, time.monotonic() - started, again.limit)


class HintMemo:
    """What the hints of one game learnt: the last winning line (the position keys it passes
    through) and the positions proved lost (ply, key)."""

    def __init__(self):
        self.keys: list = []  # the key of each position the line passes through, its end excluded
        self.line: list = []
        self.lost: list = []

    def remember(self, game, verdict: str, line) -> None:
        """Keep a search's answer from the game's present position."""
        if verdict == WON:
            c = game.clone()
            keys = []
            for text in line:
                keys.append(c.state.key())
                c.play(text)
            self.keys, self.line = keys, list(line)
        elif verdict == UNWINNABLE:
            self.lost.append((game.ply, game.state.key()))
            del self.lost[:-MAX_LOST]

    def follow(self, game):
        """The rest of the kept line when the game's position is one it passes through, else
        None."""
        here = game.state.key()
        try:
            i = self.keys.index(here)
        except ValueError:
            return None
        return self.line[i:]

    def is_lost(self, game) -> bool:
        """Does the game's history pass through a position proved unwinnable?"""
        if not self.lost:
            return False
        ply = game.ply
        past = None
        for p, key in sorted(self.lost, key=lambda e: e[0], reverse=True):
            if p > ply:
                continue
            if past is None:
                past = game.clone()
            while past.ply > p:
                past.undo()
            if past.state.key() == key:
                return True
        return False

    def answer(self, game, seconds: float, **kw):
        """(verdict, line, source) from the game's position: ``kept`` (the line followed, or a
        position below one proved lost) or ``searched`` (staged_solve, remembered)."""
        rest = self.follow(game)
        if rest is not None:
            return WON, rest, "kept"
        if self.is_lost(game):
            return UNWINNABLE, [], "kept"
        r = staged_solve(game.variant, game.state, seconds, **kw)
        self.remember(game, r.verdict, r.moves)
        return r.verdict, r.moves, "searched"
