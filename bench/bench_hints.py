"""Hint times as a player sees them (solve/hinting.py, the text runner's and the browser
player's hints): per deal, a player asks for a hint, plays it, and asks again, for HINTS
hints; every fifth move it plays another legal move instead (off the line: the next hint
searches again). Prints figures, asserts nothing.

    python bench/bench_hints.py [A B [HINTS [SECS [GAME|WAY ...]]]]    # default: deals 1-50, 20 hints, 2 s

For FreeCell (Microsoft deals), Klondike draw 1 and Golf (PySol deals): the median, 90th
percentile and largest hint time, and how many hints were answered from the kept line (or a
position below one proved lost) with no search. Times are CPU seconds of this process, and
the hint's budget is CPU seconds too (on a shared machine the load does not count).
*Before* is the hint as it was: one search with the whole budget, the line kept while it is
followed (the runner had that), no small search first and nothing kept of a lost position.
*Staged* adds the small search first and the positions proved lost along the game's history,
but keeps no table; *after* is hinting.HintMemo as it is, with the searches' proofs kept
across the hints (HintTable).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from rulesdsl.play.game import Game
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.hinting import HintMemo, staged_solve
from rulesdsl.solve.solver import solve

GAMES = (("freecell", {}), ("klondike", {"draw": 1}), ("golf", {}))


class _Before(HintMemo):
    """The hint before hinting.py: the kept line, but one search with the whole budget and
    no memory of lost positions."""

    def is_lost(self, game) -> bool:
        return False

    def answer(self, game, seconds: float, **kw):
        rest = self.follow(game)
        if rest is not None:
            return "won", rest, "kept"
        r = solve(game.variant, game.state, time_limit=seconds)
        self.remember(game, r.verdict, r.moves)
        return r.verdict, r.moves, "searched"


class _Staged(HintMemo):
    """The hint with the small search first and the lost positions of the history, but no
    HintTable: each search starts from nothing."""

    def answer(self, game, seconds: float, **kw):
        rest = self.follow(game)
        if rest is not None:
            return "won", rest, "kept"
        if self.is_lost(game):
            return "unwinnable", [], "kept"
        r = staged_solve(game.variant, game.state, seconds)
        self.remember(game, r.verdict, r.moves)
        return r.verdict, r.moves, "searched"


WAYS = (("before", _Before), ("staged", _Staged), ("after", HintMemo))


def play(v, deal, hints, secs, memo):
    """One player's game: the CPU time of each hint, and how many were kept answers."""
    g = Game(v, deal_state(v, deal))
    rng = random.Random(deal)
    times, kept, searched = [], 0, []
    for i in range(hints):
        moves = g.legal_moves()
        if not moves or g.won:
            break
        t = time.process_time()
        verdict, line, source = memo.answer(g, secs)
        times.append(time.process_time() - t)
        kept += source == "kept"
        if source != "kept":
            searched.append(times[-1])
        move = g.parse_move(line[0]) if verdict == "won" and line else g.by_hint(moves)[0]
        if i % 5 == 4 and len(moves) > 1:  # off the line
            move = rng.choice([m for m in moves if m != move])
        g.play(move)
    return times, kept, searched


def main(argv):
    time.monotonic = time.process_time  # the solver's deadline reads this clock
    a, b = (int(argv[0]), int(argv[1])) if len(argv) > 1 else (1, 50)
    hints = int(argv[2]) if len(argv) > 2 else 20
    secs = float(argv[3]) if len(argv) > 3 else 2.0
    names = [x for x in argv[4:] if x in dict(GAMES)]
    ways = [w for w in WAYS if w[0] in argv[4:]] or WAYS  # (a way's name among the arguments: only those)
    for name, options in GAMES:
        if names and name not in names:
            continue
        v, _ = compiled_variant(name, options)
        for way, make in ways:
            times: list = []
            searched: list = []
            kept = 0
            for deal in range(a, b + 1):
                t, k, s = play(v, deal, hints, secs, make())
                times += t
                kept += k
                searched += s
            times.sort()
            cold = f"{statistics.median(searched):.3f} s" if searched else "-"
            print(
                f"{name:8} {options} deals {a}-{b}, {way:6}: {len(times)} hints, median {statistics.median(times):.3f} s, "
                f"90% {times[int(len(times) * 0.9)]:.3f} s, max {times[-1]:.3f} s; {kept} answered at once; a search's median {cold}",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
