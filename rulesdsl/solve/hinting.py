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
* **The searches' proofs are kept** (``HintTable``, capped): the table of a search that
  proved its start unwinnable holds only positions reachable from it, so all of them are
  lost, and a later search of the game skips them (or answers at once from one); where no
  line comes back to a position (the dead-end classes), a search cut by its limit still
  leaves those whose whole subtree it searched (``Search.dfs``); every
  position a winning line passes through is won, and a later search that meets one (a
  move off the line and back, a transposition) takes the rest of that line, once it has
  replayed it from there. Keys of two searches are compared only when they are formed the
  same way (``Search.key_format``); nothing is believed that the rules did not prove.
"""

from __future__ import annotations

import copy
import time

from ..play.game import Game
from .keys import Keyer
from .search import UNKNOWN, UNWINNABLE, WON, Result
from .solver import solve

FIRST_SECONDS = 0.3  # the first, small search of a hint
MAX_LOST = 64  # positions proved lost kept per game
MAX_KEPT_KEYS = 300_000  # positions a game's HintTable keeps (lost, or on a winning line)


def staged_solve(
    variant, state, seconds: float, *, max_states: int | None = None, first: float = FIRST_SECONDS, memory=None
):
    """solve() from ``state`` for at most ``seconds``: a search of ``first`` seconds, then,
    when it found no win and did not finish, one with the time left. The Result's seconds
    and states count both. ``memory``: a HintTable both searches read and add to."""
    started = time.monotonic()
    if seconds <= first:
        return solve(variant, state, time_limit=seconds, max_states=max_states, memory=memory)
    r = solve(variant, state, time_limit=first, max_states=max_states, memory=memory)
    left = seconds - (time.monotonic() - started)
    if r.verdict != UNKNOWN or left <= 0:
        return r
    again = solve(variant, state, time_limit=left, max_states=max_states, memory=memory)
    return Result(again.verdict, again.moves, r.states + again.states, time.monotonic() - started, again.limit)


class HintTable:
    """What the searches of one game proved, kept across its hints (see the module's
    docstring): per key format, a table of positions proved lost and a map from the key of
    each position a winning line passes through to (the line, the move it is at). At most
    ``cap`` positions in all: past it, what was kept is forgotten and the newest proof kept."""

    def __init__(self, cap: int = MAX_KEPT_KEYS):
        self.cap = cap
        self.lost: dict = {}  # key format -> Table of positions proved lost
        self.won: dict = {}  # key format -> {key: (line, index of the move there)}
        self.size = 0

    def known(self, search) -> tuple:
        """(the lost positions' Table or None, the won positions' map or None) for keys formed
        as ``search`` forms them (key_format)."""
        fmt = key_format(search)
        return self.lost.get(fmt), self.won.get(fmt)

    def learn(self, search, result, proof: bool = True) -> None:
        """Keep what a finished search proved: its table when it proved its start unwinnable
        (``proof``: it was a full search, not the streamliner's), the positions of its winning
        line when it won."""
        fmt = key_format(search)
        if result.verdict == UNWINNABLE and proof:
            self._keep_lost(fmt, search.table)  # the search is over: its table is ours now
        elif search.proved:  # the positions its depth-first search proved lost (Search.dfs)
            table = copy.copy(search.table)
            table.seen, table.size = search.proved, len(search.proved)
            self._keep_lost(fmt, table)
        if result.verdict == WON and search.path:
            keys = line_keys(search, search.path)
            if not self._room(len(keys)):
                return
            line = tuple(result.moves)
            won = self.won.setdefault(fmt, {})
            for i in range(len(keys) - 1, -1, -1):  # a key the line meets twice: its first time
                if keys[i] not in won:
                    self.size += 1
                won[keys[i]] = (line, i)

    def _keep_lost(self, fmt, table) -> None:
        if not self._room(table.size):
            return
        into = self.lost.get(fmt)
        if into is None:
            self.lost[fmt] = table
            self.size += table.size
        else:
            before = into.size
            into.absorb(table)
            self.size += into.size - before

    def _room(self, n: int) -> bool:
        """Make room for n more positions (forgetting everything when they do not fit);
        False when n alone is over the cap."""
        if n > self.cap:
            return False
        if self.size + n > self.cap:
            self.lost, self.won, self.size = {}, {}, 0
        return True


class HintMemo:
    """What the hints of one game learnt: the last winning line (the position keys it passes
    through), the positions proved lost (ply, key), and the searches' proofs (``table``)."""

    def __init__(self, cap: int = MAX_KEPT_KEYS):
        self.keys: list = []  # the key of each position the line passes through, its end excluded
        self.line: list = []
        self.lost: list = []
        self.table = HintTable(cap)
        self.result: Result | None = None  # the last answer's search (None: kept, no search)

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
        self.result = None
        rest = self.follow(game)
        if rest is not None:
            return WON, rest, "kept"
        if self.is_lost(game):
            return UNWINNABLE, [], "kept"
        r = self.result = staged_solve(game.variant, game.state, seconds, memory=self.table, **kw)
        self.remember(game, r.verdict, r.moves)
        return r.verdict, r.moves, "searched"


def key_format(search) -> tuple:
    """What decides how a search forms its keys beyond the variant: two searches of one game
    whose formats are equal give one position one key (their keys can be compared)."""
    k, t = search.keyer, search.table
    tops = tuple((p, bytes(c)) for p, c in sorted(k.top_class.items()))
    groups = tuple(tuple(g) for g in k.groups)
    return (
        search.cycle is not None,
        tuple(k.renames),
        k.history,
        tops,
        groups,
        tuple(sorted(k.sealed)),
        tuple(sorted(k.shrinking)),
        t.exact,
        tuple(t.limited),
    )


def line_keys(search, moves) -> list:
    """The key of each position the line ``moves`` (Move objects, from the search's start)
    passes through, its end excluded: the line replayed on a copy of the start, keyed as the
    search keys."""
    g = Game(search.variant, search.root.copy())
    analysis, top_class, symmetry, hook = search.key_args
    keyer = Keyer(search.variant, g.state, analysis, top_class, symmetry=symmetry, pile_key=hook)
    out = []
    for m in moves:
        out.append(keyer.key())
        g.apply_unchecked(m)
        keyer.update(None)
    return out
